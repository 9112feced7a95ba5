#ifndef C_RUNTIME_REFERENCE_COUNT_H
#define C_RUNTIME_REFERENCE_COUNT_H

/// Retains a Swift object through the runtime's `swift_retain`, out of the optimiser's sight: the
/// hand-written equivalent of a function handing its caller a +1 reference.
void *bench_runtime_retain(void *object);

/// Releases a Swift object through the runtime's `swift_release`.
void bench_runtime_release(void *object);

/// Does nothing, out of the optimiser's sight: a value whose address is passed here must really exist, so
/// the work that produced it (an allocation, say) cannot be deleted.
void bench_consume(const void *value);

#endif
