#ifndef C_THREAD_CONTEXT_H
#define C_THREAD_CONTEXT_H

/// The calling thread's DependencyInjection context (its resolution stack), or NULL before first use.
/// A `__thread` variable: one TLS access, no `pthread_getspecific`, no lazy-initialisation check.
void *di_thread_context_get(void);

/// Sets the calling thread's context pointer.
void di_thread_context_set(void *context);

#endif
