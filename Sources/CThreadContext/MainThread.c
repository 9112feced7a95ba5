#include "CThreadContext.h"

#include <pthread.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

int di_is_main_thread(void) {
#if defined(__APPLE__)
    return pthread_main_np();
#elif defined(__linux__)
    // The main thread's id is the process id.
    return syscall(SYS_gettid) == getpid();
#else
    return 0;
#endif
}
