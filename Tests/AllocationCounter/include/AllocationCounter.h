#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, aligned) made by the calling thread since it
/// started. Complexity tests read it before and after a pass: a count per sample that grows
/// with the trace's length shows hidden copying without timing anything.
uint64_t allocation_counter_thread_allocations(void);

/// Bytes requested by those allocations.
uint64_t allocation_counter_thread_bytes(void);

/// Allocations of 64 KiB and more (an array doubling, a copy of a large buffer), and the
/// bytes of the smaller ones: a growing buffer's doublings land inside or outside a counted
/// window depending on its length alone, which swings the bytes by megabytes; counted apart,
/// the small allocations' bytes and the number of large ones are steady.
uint64_t allocation_counter_thread_large_allocations(void);
uint64_t allocation_counter_thread_small_bytes(void);

/// Whether the counting allocator is the one in use (it is not under sanitizers that bring
/// their own): tests that rely on the counts check it first.
int allocation_counter_is_active(void);

#endif
