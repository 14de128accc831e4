/* The network's vector loop (see net_simd.h). */
#include "eval/net_simd.h"

#include <stddef.h>
#include <string.h>

#if defined(__AVX512VNNI__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#include <immintrin.h>
#define PATH "avx512vnni"
#elif defined(__AVX2__)
#include <immintrin.h>
#define PATH "avx2"
#elif defined(__SSSE3__)
#include <tmmintrin.h>
#define PATH "ssse3"
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define PATH "simd128"
#else
#define PATH "plain"
#endif

/* The byte offset of input quad c's weights for unit j in a bucket of l2 units. */
static inline size_t quad_at(int c, int j, int l2) { return ((size_t)c * (size_t)l2 + (size_t)j) * 4; }

void net_simd_layer2_plain(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z)
{
    for (int j = 0; j < l2; j++) {
        int32_t sum = 0;
        for (int i = 0; i < n; i++)
            sum += (int32_t)x[i] * w[quad_at(i / 4, j, l2) + (size_t)(i % 4)];
        z[j] = sum;
    }
}

const char *net_simd_path(void) { return PATH; }

/* Four bytes of x from input 4c on, as one 32-bit word to broadcast. */
static inline int32_t quad_of(const uint8_t *x, int c)
{
    int32_t q;
    memcpy(&q, x + 4 * c, sizeof q);
    return q;
}

#if defined(__AVX512VNNI__) && defined(__AVX512BW__) && defined(__AVX512VL__)
/* One instruction multiplies a broadcast input quad by 16 units' quads and adds each unit's four
 * products to its sum. groups (a constant where it is inlined) sets of 16 units from unit j take
 * every quad at once, in two chains of sums (even and odd quads) a set, so that the instructions'
 * latency overlaps. */
static inline __attribute__((always_inline)) void units16(const uint8_t *x, const int8_t *w, int quads, int l2,
                                                          int groups, int32_t *z)
{
    __m512i even[4], odd[4];
    for (int g = 0; g < groups; g++)
        even[g] = odd[g] = _mm512_setzero_si512();
    for (int c = 0; c < quads; c += 2) {
        __m512i q0 = _mm512_set1_epi32(quad_of(x, c)), q1 = _mm512_set1_epi32(quad_of(x, c + 1));
        for (int g = 0; g < groups; g++) {
            even[g] = _mm512_dpbusd_epi32(even[g], q0, _mm512_loadu_si512(w + quad_at(c, 16 * g, l2)));
            odd[g] = _mm512_dpbusd_epi32(odd[g], q1, _mm512_loadu_si512(w + quad_at(c + 1, 16 * g, l2)));
        }
    }
    for (int g = 0; g < groups; g++)
        _mm512_storeu_si512(z + 16 * g, _mm512_add_epi32(even[g], odd[g]));
}

/* The same for the 8 units of an l2 that is not a multiple of 16. */
static void units8(const uint8_t *x, const int8_t *w, int quads, int l2, int j, int32_t *z)
{
    __m256i a0 = _mm256_setzero_si256(), a1 = a0;
    for (int c = 0; c < quads; c += 2) {
        a0 = _mm256_dpbusd_epi32(a0, _mm256_set1_epi32(quad_of(x, c)),
                                 _mm256_loadu_si256((const __m256i *)(const void *)(w + quad_at(c, j, l2))));
        a1 = _mm256_dpbusd_epi32(a1, _mm256_set1_epi32(quad_of(x, c + 1)),
                                 _mm256_loadu_si256((const __m256i *)(const void *)(w + quad_at(c + 1, j, l2))));
    }
    _mm256_storeu_si256((__m256i *)(void *)(z + j), _mm256_add_epi32(a0, a1));
}

void net_simd_layer2(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z)
{
    switch (l2 / 16) {   /* a constant number of sets each, so that their sums stay in registers */
    case 0: break;
    case 1: units16(x, w, n / 4, l2, 1, z); break;
    case 2: units16(x, w, n / 4, l2, 2, z); break;
    case 3: units16(x, w, n / 4, l2, 3, z); break;
    default: units16(x, w, n / 4, l2, 4, z); break;
    }
    if (l2 % 16)
        units8(x, w, n / 4, l2, l2 - 8, z);
}
#elif defined(__AVX2__)
/* 8 units at a time: two input quads' 16-bit pair sums added (within int16 by the weights'
 * bound), then widened and added in pairs into each unit's 32-bit sum. */
void net_simd_layer2(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z)
{
    const __m256i ones = _mm256_set1_epi16(1);
    for (int j = 0; j < l2; j += 8) {
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        for (int c = 0; c < n / 4; c += 4) {
            __m256i p0 = _mm256_add_epi16(
                _mm256_maddubs_epi16(_mm256_set1_epi32(quad_of(x, c)),
                                     _mm256_loadu_si256((const __m256i *)(const void *)(w + quad_at(c, j, l2)))),
                _mm256_maddubs_epi16(_mm256_set1_epi32(quad_of(x, c + 1)),
                                     _mm256_loadu_si256((const __m256i *)(const void *)(w + quad_at(c + 1, j, l2)))));
            __m256i p1 = _mm256_add_epi16(
                _mm256_maddubs_epi16(_mm256_set1_epi32(quad_of(x, c + 2)),
                                     _mm256_loadu_si256((const __m256i *)(const void *)(w + quad_at(c + 2, j, l2)))),
                _mm256_maddubs_epi16(_mm256_set1_epi32(quad_of(x, c + 3)),
                                     _mm256_loadu_si256((const __m256i *)(const void *)(w + quad_at(c + 3, j, l2)))));
            a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(p0, ones));
            a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(p1, ones));
        }
        _mm256_storeu_si256((__m256i *)(void *)(z + j), _mm256_add_epi32(a0, a1));
    }
}
#elif defined(__SSSE3__)
/* 4 units at a time, as the AVX2 path does 8. */
void net_simd_layer2(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z)
{
    const __m128i ones = _mm_set1_epi16(1);
    for (int j = 0; j < l2; j += 4) {
        __m128i a0 = _mm_setzero_si128(), a1 = a0;
        for (int c = 0; c < n / 4; c += 4) {
            __m128i p0 = _mm_add_epi16(
                _mm_maddubs_epi16(_mm_set1_epi32(quad_of(x, c)),
                                  _mm_loadu_si128((const __m128i *)(const void *)(w + quad_at(c, j, l2)))),
                _mm_maddubs_epi16(_mm_set1_epi32(quad_of(x, c + 1)),
                                  _mm_loadu_si128((const __m128i *)(const void *)(w + quad_at(c + 1, j, l2)))));
            __m128i p1 = _mm_add_epi16(
                _mm_maddubs_epi16(_mm_set1_epi32(quad_of(x, c + 2)),
                                  _mm_loadu_si128((const __m128i *)(const void *)(w + quad_at(c + 2, j, l2)))),
                _mm_maddubs_epi16(_mm_set1_epi32(quad_of(x, c + 3)),
                                  _mm_loadu_si128((const __m128i *)(const void *)(w + quad_at(c + 3, j, l2)))));
            a0 = _mm_add_epi32(a0, _mm_madd_epi16(p0, ones));
            a1 = _mm_add_epi32(a1, _mm_madd_epi16(p1, ones));
        }
        _mm_storeu_si128((__m128i *)(void *)(z + j), _mm_add_epi32(a0, a1));
    }
}
#elif defined(__wasm_simd128__)
/* 4 units at a time: each half of a unit pair's 8 weights, widened to 16 bits, times the input quad
 * twice over gives the two pair sums of each unit in adjacent lanes; they are added at the end. */
void net_simd_layer2(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z)
{
    for (int j = 0; j < l2; j += 4) {
        v128_t lo = wasm_i32x4_splat(0), hi = lo;
        for (int c = 0; c < n / 4; c++) {
            v128_t q = wasm_u16x8_extend_low_u8x16(wasm_i32x4_splat(quad_of(x, c)));
            v128_t b = wasm_v128_load(w + quad_at(c, j, l2));
            lo = wasm_i32x4_add(lo, wasm_i32x4_dot_i16x8(q, wasm_i16x8_extend_low_i8x16(b)));
            hi = wasm_i32x4_add(hi, wasm_i32x4_dot_i16x8(q, wasm_i16x8_extend_high_i8x16(b)));
        }
        z[j] = wasm_i32x4_extract_lane(lo, 0) + wasm_i32x4_extract_lane(lo, 1);
        z[j + 1] = wasm_i32x4_extract_lane(lo, 2) + wasm_i32x4_extract_lane(lo, 3);
        z[j + 2] = wasm_i32x4_extract_lane(hi, 0) + wasm_i32x4_extract_lane(hi, 1);
        z[j + 3] = wasm_i32x4_extract_lane(hi, 2) + wasm_i32x4_extract_lane(hi, 3);
    }
}
#else
void net_simd_layer2(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z)
{
    net_simd_layer2_plain(x, w, n, l2, z);
}
#endif
