#ifndef C_THREAD_CONTEXT_H
#define C_THREAD_CONTEXT_H

#include <stdatomic.h>

/// The calling thread's DependencyInjection context (its resolution stack), or NULL before first use.
/// A `__thread` variable: one TLS access, no `pthread_getspecific`, no lazy-initialisation check.
void *di_thread_context_get(void);

/// Sets the calling thread's context pointer.
void di_thread_context_set(void *context);

/// Nonzero on the process's main thread.
int di_is_main_thread(void);

// MARK: Snapshot readers
//
// Container slots publish immutable snapshots that readers use without a reference count. A replaced snapshot
// may be freed only once no reader can still be using it. Each thread announces its reads in a sequence
// number of its own (odd: reading); `di_readers_synchronize` waits until every read in progress when it was
// called has ended. The reader side costs two thread-local stores: on Linux the writer makes their order
// visible with `membarrier(2)` instead of a fence in every read.

/// One thread's read sequence: 0 before the thread registered, odd while it reads.
typedef struct di_reader {
    _Atomic unsigned long sequence;
} di_reader;

/// Initial-exec on ELF systems: one thread-pointer-relative access, also from other modules.
#if defined(__ELF__)
#define DI_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define DI_TLS_MODEL
#endif

/// The calling thread's reader.
extern __thread di_reader di_reader_self DI_TLS_MODEL;

/// How readers announce their reads; on a cache line of its own, since every read loads it.
typedef struct di_readers_mode_t {
    /// Nonzero when readers must fence (no `membarrier(2)`, or under the thread sanitizer).
    _Atomic int fence;
    char padding[60];
} __attribute__((aligned(64))) di_readers_mode_t;

extern di_readers_mode_t di_readers_mode;

/// Settles how readers announce their reads, once per process. On Linux this registers for membarrier(2), which
/// waits for an RCU grace period (about 10 ms): factories call it when they are declared, so that no resolution
/// pays for it.
void di_readers_prepare(void);

/// Registers the calling thread's reader (first read of a thread); unregistered again at thread exit.
void di_reader_register(void);

/// Returns once every read that was in progress when it was called has ended.
void di_readers_synchronize(void);

/// Starts a read of published snapshots on this thread. Reads do not nest.
static inline void di_read_begin(void) {
    unsigned long sequence = atomic_load_explicit(&di_reader_self.sequence, memory_order_relaxed);
    if (__builtin_expect(sequence == 0, 0)) {
        di_reader_register();
        sequence = 2;
    }
    atomic_store_explicit(&di_reader_self.sequence, sequence + 1, memory_order_relaxed);
    if (atomic_load_explicit(&di_readers_mode.fence, memory_order_relaxed)) {
        atomic_thread_fence(memory_order_seq_cst);
    } else {
        atomic_signal_fence(memory_order_seq_cst);
    }
}

/// Nonzero while the calling thread is inside a read (checked by a debug assertion: reads do not nest).
static inline int di_read_active(void) {
    return (int)(atomic_load_explicit(&di_reader_self.sequence, memory_order_relaxed) & 1);
}

/// Ends the read started by `di_read_begin`.
static inline void di_read_end(void) {
    unsigned long sequence = atomic_load_explicit(&di_reader_self.sequence, memory_order_relaxed);
    atomic_store_explicit(&di_reader_self.sequence, sequence + 1, memory_order_release);
}

#endif
