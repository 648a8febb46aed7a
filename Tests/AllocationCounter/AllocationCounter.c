// Counts the calling thread's heap allocations by interposing malloc and its relatives in
// the test executable; every call forwards to glibc's own implementation. Thread-local
// counters keep tests that run in parallel from seeing each other's allocations.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Thread_local uint64_t allocations;
static _Thread_local uint64_t bytes;
static _Thread_local uint64_t large_allocations;
static _Thread_local uint64_t small_bytes;
static int active;

// Where "large" starts: an array's doubling is one large allocation; a per-item cost is small.
#define LARGE_ALLOCATION (64 * 1024)

static inline void count(size_t size) {
    allocations += 1;
    bytes += size;
    if (size >= LARGE_ALLOCATION) large_allocations += 1; else small_bytes += size;
    __atomic_store_n(&active, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; // ENOMEM
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int allocation_counter_is_active(void) { return __atomic_load_n(&active, __ATOMIC_RELAXED); }

#else

int allocation_counter_is_active(void) { return 0; }

#endif

uint64_t allocation_counter_thread_allocations(void) {
#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
    return allocations;
#else
    return 0;
#endif
}

uint64_t allocation_counter_thread_bytes(void) {
#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
    return bytes;
#else
    return 0;
#endif
}

uint64_t allocation_counter_thread_large_allocations(void) {
#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
    return large_allocations;
#else
    return 0;
#endif
}

uint64_t allocation_counter_thread_small_bytes(void) {
#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
    return small_bytes;
#else
    return 0;
#endif
}
