#pragma once
/* The one loop of the network that wants vector instructions: the second layer's sums of clipped
 * activations (0..127, unsigned bytes) times int8 weights. One implementation per target, chosen
 * when the engine is compiled: AVX-512 VNNI or AVX2 (native builds on CPUs that have them), SSSE3
 * (x86-64-v2: engine.exe), WebAssembly SIMD128 (the browser build), and plain C, which every
 * build also keeps as the reference; integer sums, so every path gives the same result (tested).
 * The weights come packed by input quads (NetModel's layout, net.h): a quad of inputs is broadcast
 * and meets the quads of many units in one vector, so each unit's sum builds up in its own lane
 * and no sum has to be folded across a vector. */
#include <stdint.h>

#define NET_SIMD_BLOCK 64   /* n is a multiple of this: whole steps of every path */
#define NET_SIMD_UNITS 8    /* l2 is a multiple of this */

/* z[j] = the sum over i < n of x[i] * w(j, i), for each unit j < l2, where w(j, i) is the byte at
 * w + ((i / 4) * l2 + j) * 4 + i % 4; x[i] in 0..127 and weights in -NET_W2_MAX..NET_W2_MAX: the
 * AVX2 and SSSE3 paths add the 16-bit sums of products of two quads before they widen them, and
 * 4 * 127 * 64 = 32512 fits. */
void net_simd_layer2(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z);

/* The same in plain C, whatever the build. */
void net_simd_layer2_plain(const uint8_t *x, const int8_t *w, int n, int l2, int32_t *z);

/* The path net_simd_layer2 takes in this build: "avx512vnni", "avx2", "ssse3", "simd128" or "plain". */
const char *net_simd_path(void);
