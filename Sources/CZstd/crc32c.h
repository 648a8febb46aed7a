#ifndef TOUCHBENCH_CZSTD_CRC32C_H
#define TOUCHBENCH_CZSTD_CRC32C_H
// Hardware CRC-32C (Castagnoli), beside the zstd shim because it is the other C the chunk
// reader needs: SSE 4.2's crc32 instruction on x86-64 (checked at run time with cpuid), the
// ARMv8 CRC extension where the compiler targets it. Elsewhere `available` is 0 and TouchTrace
// uses its table-driven CRC32C. Header-only (static inline), so no C target is built.
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>

static inline int touchbench_crc32c_available(void) {
    unsigned int a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    return (c & bit_SSE4_2) != 0;
}

/// Continues the CRC register `crc` (not inverted here) over `count` bytes. Clang's builtins,
/// not <nmmintrin.h>: Swift does not emit the header's always-inline wrappers in debug builds.
__attribute__((target("sse4.2")))
static inline uint32_t touchbench_crc32c_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    uint64_t wide = crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        wide = __builtin_ia32_crc32di(wide, word);
        p += 8;
        count -= 8;
    }
    uint32_t narrow = (uint32_t)wide;
    while (count > 0) {
        narrow = __builtin_ia32_crc32qi(narrow, *p++);
        count--;
    }
    return narrow;
}
#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>

static inline int touchbench_crc32c_available(void) { return 1; }

static inline uint32_t touchbench_crc32c_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        crc = __crc32cd(crc, word);
        p += 8;
        count -= 8;
    }
    while (count > 0) {
        crc = __crc32cb(crc, *p++);
        count--;
    }
    return crc;
}
#else
static inline int touchbench_crc32c_available(void) { return 0; }

static inline uint32_t touchbench_crc32c_update(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}
#endif

#endif
