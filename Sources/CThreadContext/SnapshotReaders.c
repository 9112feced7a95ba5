#include "CThreadContext.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

__thread di_reader di_reader_self DI_TLS_MODEL;
di_readers_mode_t di_readers_mode = {0};

// Every registered thread's reader, guarded by `registry_lock`.
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static di_reader **registry = NULL;
static size_t registry_count = 0;
static size_t registry_capacity = 0;
static pthread_key_t exit_key;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DI_UNDER_TSAN 1
#endif
#endif

static void unregister_reader(void *value) {
    di_reader *reader = value;
    pthread_mutex_lock(&registry_lock);
    for (size_t index = 0; index < registry_count; index++) {
        if (registry[index] == reader) {
            registry[index] = registry[--registry_count];
            break;
        }
    }
    pthread_mutex_unlock(&registry_lock);
    // A later destructor that resolves registers the thread again.
    atomic_store_explicit(&reader->sequence, 0, memory_order_relaxed);
}

// In a child process only the forking thread exists: forget the others (one caught mid-read would be waited
// for forever).
static void forget_other_readers_after_fork(void) {
    pthread_mutex_init(&registry_lock, NULL);
    registry_count = 0;
    di_reader *self = &di_reader_self;
    if (atomic_load_explicit(&self->sequence, memory_order_relaxed) != 0) registry[registry_count++] = self;
}

static void setup(void) {
    if (pthread_key_create(&exit_key, unregister_reader) != 0) abort();
    pthread_atfork(NULL, NULL, forget_other_readers_after_fork);
    int fence = 1;
#if defined(__linux__) && !defined(DI_UNDER_TSAN)
    // Registered once per process; afterwards MEMBARRIER_CMD_PRIVATE_EXPEDITED runs a full barrier on every
    // CPU running one of its threads, which is what lets readers do without a fence.
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) fence = 0;
#endif
    atomic_store_explicit(&di_readers_mode.fence, fence, memory_order_relaxed);
}

void di_readers_prepare(void) {
    pthread_once(&setup_once, setup);
}

void di_reader_register(void) {
    // Before the first read of any thread, so the fence mode is settled before anyone reads.
    pthread_once(&setup_once, setup);
    di_reader *reader = &di_reader_self;
    pthread_mutex_lock(&registry_lock);
    if (registry_count == registry_capacity) {
        size_t capacity = registry_capacity ? registry_capacity * 2 : 64;
        di_reader **grown = realloc(registry, capacity * sizeof *grown);
        if (!grown) abort();
        registry = grown;
        registry_capacity = capacity;
    }
    registry[registry_count++] = reader;
    pthread_mutex_unlock(&registry_lock);
    pthread_setspecific(exit_key, reader);
    atomic_store_explicit(&reader->sequence, 2, memory_order_relaxed);
}

void di_readers_synchronize(void) {
    pthread_once(&setup_once, setup);
#if defined(__linux__)
    if (!atomic_load_explicit(&di_readers_mode.fence, memory_order_relaxed)) {
        // Every running thread of the process executes a full barrier: a reader that loaded a snapshot the
        // caller has replaced has its odd sequence visible below, and any later reader sees the replacement.
        if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) abort();
    }
#endif
    atomic_thread_fence(memory_order_seq_cst);
    di_reader *self = &di_reader_self;
    pthread_mutex_lock(&registry_lock);
    for (size_t index = 0; index < registry_count; index++) {
        di_reader *reader = registry[index];
        if (reader == self) continue;
        unsigned long seen = atomic_load_explicit(&reader->sequence, memory_order_acquire);
        if (!(seen & 1)) continue;
        // A read is a handful of instructions: wait for it to end (yielding in case its thread is preempted).
        while (atomic_load_explicit(&reader->sequence, memory_order_acquire) == seen) sched_yield();
    }
    pthread_mutex_unlock(&registry_lock);
}
