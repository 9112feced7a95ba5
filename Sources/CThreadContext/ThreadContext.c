#include "CThreadContext.h"

static __thread void *di_thread_context = 0;

void *di_thread_context_get(void) { return di_thread_context; }

void di_thread_context_set(void *context) { di_thread_context = context; }
