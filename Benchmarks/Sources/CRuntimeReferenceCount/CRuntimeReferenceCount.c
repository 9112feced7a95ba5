#include "CRuntimeReferenceCount.h"

extern void *swift_retain(void *object);
extern void swift_release(void *object);

void *bench_runtime_retain(void *object) { return swift_retain(object); }

void bench_runtime_release(void *object) { swift_release(object); }

void bench_consume(const void *value) { (void)value; }
