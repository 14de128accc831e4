/* The network's vector loop (see net_simd.h). */
#include "eval/net_simd.h"

#include <stddef.h>

#if defined(__AVX512VNNI__) && defined(__AVX512BW__)
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

int32_t net_simd_dot_plain(const uint8_t *x, const int8_t *w, int n)
{
    int32_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += (int32_t)x[i] * w[i];
    return sum;
}

const char *net_simd_path(void) { return PATH; }

#if defined(__AVX512VNNI__) && defined(__AVX512BW__)
/* One instruction multiplies, pairs and adds 64 bytes into 16 sums, without saturating. */
int32_t net_simd_dot(const uint8_t *x, const int8_t *w, int n)
{
    __m512i acc = _mm512_setzero_si512();
    for (int i = 0; i < n; i += NET_SIMD_BLOCK)
        acc = _mm512_dpbusd_epi32(acc, _mm512_loadu_si512((const void *)(x + i)), _mm512_loadu_si512((const void *)(w + i)));
    return _mm512_reduce_add_epi32(acc);
}
#elif defined(__AVX2__)
/* The 16-bit pair sums of 64 bytes of x and of w, added: within int16 by the weights' bound. */
static inline __m256i pairs64(const uint8_t *x, const int8_t *w)
{
    __m256i a0 = _mm256_loadu_si256((const __m256i *)(const void *)x);
    __m256i a1 = _mm256_loadu_si256((const __m256i *)(const void *)(x + 32));
    __m256i b0 = _mm256_loadu_si256((const __m256i *)(const void *)w);
    __m256i b1 = _mm256_loadu_si256((const __m256i *)(const void *)(w + 32));
    return _mm256_add_epi16(_mm256_maddubs_epi16(a0, b0), _mm256_maddubs_epi16(a1, b1));
}

int32_t net_simd_dot(const uint8_t *x, const int8_t *w, int n)
{
    __m256i acc = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi16(1);
    for (int i = 0; i < n; i += 64)
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(pairs64(x + i, w + i), ones));
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}
#elif defined(__SSSE3__)
/* The 16-bit pair sums of 32 bytes of x and of w, added: within int16 by the weights' bound. */
static inline __m128i pairs32(const uint8_t *x, const int8_t *w)
{
    __m128i a0 = _mm_loadu_si128((const __m128i *)(const void *)x);
    __m128i a1 = _mm_loadu_si128((const __m128i *)(const void *)(x + 16));
    __m128i b0 = _mm_loadu_si128((const __m128i *)(const void *)w);
    __m128i b1 = _mm_loadu_si128((const __m128i *)(const void *)(w + 16));
    return _mm_add_epi16(_mm_maddubs_epi16(a0, b0), _mm_maddubs_epi16(a1, b1));
}

int32_t net_simd_dot(const uint8_t *x, const int8_t *w, int n)
{
    __m128i acc = _mm_setzero_si128();
    const __m128i ones = _mm_set1_epi16(1);
    for (int i = 0; i < n; i += 32)
        acc = _mm_add_epi32(acc, _mm_madd_epi16(pairs32(x + i, w + i), ones));
    acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0x4E));
    acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0xB1));
    return _mm_cvtsi128_si32(acc);
}
#elif defined(__wasm_simd128__)
int32_t net_simd_dot(const uint8_t *x, const int8_t *w, int n)
{
    v128_t acc = wasm_i32x4_splat(0);
    for (int i = 0; i < n; i += 16) {
        v128_t a = wasm_v128_load(x + i), b = wasm_v128_load(w + i);
        acc = wasm_i32x4_add(acc, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_low_u8x16(a), wasm_i16x8_extend_low_i8x16(b)));
        acc = wasm_i32x4_add(acc, wasm_i32x4_dot_i16x8(wasm_u16x8_extend_high_u8x16(a), wasm_i16x8_extend_high_i8x16(b)));
    }
    return wasm_i32x4_extract_lane(acc, 0) + wasm_i32x4_extract_lane(acc, 1) + wasm_i32x4_extract_lane(acc, 2) +
           wasm_i32x4_extract_lane(acc, 3);
}
#else
int32_t net_simd_dot(const uint8_t *x, const int8_t *w, int n) { return net_simd_dot_plain(x, w, n); }
#endif

#if defined(__AVX512VNNI__) && defined(__AVX512BW__)
void net_simd_dot4(const uint8_t *x, const int8_t *w, int n, int32_t out[4])
{
    __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                      _mm512_setzero_si512()};
    for (int i = 0; i < n; i += NET_SIMD_BLOCK) {
        __m512i a = _mm512_loadu_si512((const void *)(x + i));
        for (int r = 0; r < 4; r++)
            acc[r] = _mm512_dpbusd_epi32(acc[r], a, _mm512_loadu_si512((const void *)(w + (size_t)r * (size_t)n + i)));
    }
    for (int r = 0; r < 4; r++)
        out[r] = _mm512_reduce_add_epi32(acc[r]);
}
#elif defined(__AVX2__)
void net_simd_dot4(const uint8_t *x, const int8_t *w, int n, int32_t out[4])
{
    __m256i acc[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                      _mm256_setzero_si256()};
    const __m256i ones = _mm256_set1_epi16(1);
    for (int i = 0; i < n; i += 64)
        for (int r = 0; r < 4; r++)
            acc[r] = _mm256_add_epi32(acc[r], _mm256_madd_epi16(pairs64(x + i, w + (size_t)r * (size_t)n + i), ones));
    __m256i s = _mm256_hadd_epi32(_mm256_hadd_epi32(acc[0], acc[1]), _mm256_hadd_epi32(acc[2], acc[3]));
    __m128i t = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    _mm_storeu_si128((__m128i *)(void *)out, t);
}
#elif defined(__SSSE3__)
void net_simd_dot4(const uint8_t *x, const int8_t *w, int n, int32_t out[4])
{
    __m128i acc[4] = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    const __m128i ones = _mm_set1_epi16(1);
    for (int i = 0; i < n; i += 32)
        for (int r = 0; r < 4; r++)
            acc[r] = _mm_add_epi32(acc[r], _mm_madd_epi16(pairs32(x + i, w + (size_t)r * (size_t)n + i), ones));
    __m128i s = _mm_hadd_epi32(_mm_hadd_epi32(acc[0], acc[1]), _mm_hadd_epi32(acc[2], acc[3]));
    _mm_storeu_si128((__m128i *)(void *)out, s);
}
#else
void net_simd_dot4(const uint8_t *x, const int8_t *w, int n, int32_t out[4])
{
    for (int r = 0; r < 4; r++)
        out[r] = net_simd_dot(x, w + (size_t)r * (size_t)n, n);
}
#endif
