#pragma once
/* The one loop of the network that wants vector instructions: the second layer's dot products of
 * clipped activations (0..127, unsigned bytes) with int8 weights. One implementation per target,
 * chosen when the engine is compiled: AVX-512 VNNI or AVX2 (native builds on CPUs that have
 * them), SSSE3 (x86-64-v2: engine.exe), WebAssembly SIMD128 (the browser build), and plain C,
 * which every build also keeps as the reference; integer sums, so every path gives the same
 * result (tested). */
#include <stdint.h>

#define NET_SIMD_BLOCK 64   /* n is a multiple of this: the widest path's bytes a step */

/* The sum of x[i] * w[i] for i < n, with x[i] in 0..127 and w[i] in -NET_W2_MAX..NET_W2_MAX:
 * the AVX2 and SSSE3 paths add the 16-bit sums of products of two vector steps before they widen
 * them, and 4 * 127 * 64 = 32512 fits. */
int32_t net_simd_dot(const uint8_t *x, const int8_t *w, int n);

/* The same in plain C, whatever the build. */
int32_t net_simd_dot_plain(const uint8_t *x, const int8_t *w, int n);

/* net_simd_dot of x with each of four rows of n weights stored one after another from w, into
 * out[0..3]: one pass over x serves the four rows, and their sums are folded together. */
void net_simd_dot4(const uint8_t *x, const int8_t *w, int n, int32_t out[4]);

/* The path net_simd_dot takes in this build: "avx512vnni", "avx2", "ssse3", "simd128" or "plain". */
const char *net_simd_path(void);
