/* The neural evaluation's inference (see net.h), in plain C that compilers vectorise. */
#include "eval/net.h"

#include <stdlib.h>
#include <string.h>
#include "eval/net_simd.h"
#include "rules/hash.h"

#define SQUARES 50
#define PIECES_MAX 40

_Static_assert(NET_L2_STEP % NET_SIMD_UNITS == 0, "the second layer is whole vector steps of units");
_Static_assert(2 * NET_HIDDEN_STEP % NET_SIMD_BLOCK == 0, "the second layer's inputs fill whole vector steps");

bool net_alloc(NetModel *m, int hidden, int l2, int buckets, bool pairwise)
{
    memset(m, 0, sizeof *m);
    int step = net_hidden_step(pairwise);
    if (hidden < step || hidden > NET_HIDDEN_MAX || hidden % step || l2 < NET_L2_STEP || l2 > NET_L2_MAX ||
        l2 % NET_L2_STEP || buckets < 1 || buckets > NET_BUCKETS_MAX)
        return false;
    m->hidden = hidden, m->l2 = l2, m->buckets = buckets, m->pairwise = pairwise;
    size_t units = (size_t)buckets * (size_t)l2;
    m->w1 = calloc((size_t)NET_INPUTS * (size_t)hidden, sizeof *m->w1);
    m->b1 = calloc((size_t)hidden, sizeof *m->b1);
    m->w2 = calloc(units * (size_t)net_width(m), sizeof *m->w2);
    m->b2 = calloc(units, sizeof *m->b2);
    m->w3 = calloc(units, sizeof *m->w3);
    m->b3 = calloc((size_t)buckets, sizeof *m->b3);
    if (m->w1 && m->b1 && m->w2 && m->b2 && m->w3 && m->b3)
        return true;
    net_free(m);
    return false;
}

void net_free(NetModel *m)
{
    free(m->w1);
    free(m->b1);
    free(m->w2);
    free(m->b2);
    free(m->w3);
    free(m->b3);
    m->w1 = m->b1 = m->w3 = NULL;
    m->w2 = NULL;
    m->b2 = m->b3 = NULL;
}

int net_input(Color p, Color c, bool king, int square)
{
    int group = (c == p ? NET_OWN_MAN : NET_OTHER_MAN) + (king ? 1 : 0);
    int view = p == WHITE ? square : SQUARES + 1 - square;
    return group * SQUARES + view - 1;
}

/* The four input sets of pos from perspective p, as bitboards of board squares: own men, own
 * kings, the other's men, the other's kings. */
static void input_sets(const Position *pos, Color p, Bitboard set[4])
{
    set[NET_OWN_MAN] = position_men(pos, p);
    set[NET_OWN_KING] = position_kings(pos, p);
    set[NET_OTHER_MAN] = position_men(pos, (Color)!p);
    set[NET_OTHER_KING] = position_kings(pos, (Color)!p);
}

/* The input of the piece on bit b of group g in perspective p. */
static int input_of(Color p, int g, int b)
{
    int square = bb_square_of_bit[b];
    return g * SQUARES + (p == WHITE ? square : SQUARES + 1 - square) - 1;
}

int net_inputs(const Position *pos, Color p, int *in)
{
    Bitboard set[4];
    input_sets(pos, p, set);
    int n = 0;
    for (int g = 0; g < 4; g++)
        for (Bitboard b = set[g]; b && n < PIECES_MAX; b &= b - 1)
            in[n++] = input_of(p, g, bb_lsb(b));
    return n;
}

/* The accumulator's vector: the target's widest register (AVX-512, AVX2, else 16 bytes: SSE,
 * WebAssembly SIMD128, or plain integers the compiler pairs up). A vector type wider than the
 * registers makes compilers spill it through the stack at every row, so the width follows the
 * target; the sums wrap the same way on every path. */
#if defined(__AVX512BW__)
#define VEC_BYTES 64
#elif defined(__AVX2__)
#define VEC_BYTES 32
#else
#define VEC_BYTES 16
#endif
typedef int16_t Vec __attribute__((vector_size(VEC_BYTES)));
typedef uint8_t VecBytes __attribute__((vector_size(VEC_BYTES / 2)));   /* a Vec's lanes narrowed */
#define VEC_UNITS (VEC_BYTES / 2)

_Static_assert(NET_HIDDEN_STEP % VEC_UNITS == 0, "the first layer, and half a pairwise one, is whole vectors");

/* to = from - the rows of sub + the rows of add (each hidden long), one vector of units at a
 * time, kept in a register while every changed row passes; to may be from. */
static void apply_rows(const int16_t *from, int16_t *to, const int16_t *const *sub, int n_sub,
                       const int16_t *const *add, int n_add, int hidden)
{
    for (int c = 0; c < hidden; c += VEC_UNITS) {
        Vec t, row;
        memcpy(&t, from + c, sizeof t);
        for (int r = 0; r < n_sub; r++) {
            memcpy(&row, sub[r] + c, sizeof row);
            t -= row;
        }
        for (int r = 0; r < n_add; r++) {
            memcpy(&row, add[r] + c, sizeof row);
            t += row;
        }
        memcpy(to + c, &t, sizeof t);
    }
}

void net_refresh(const NetModel *m, const Position *pos, NetAccumulator *acc)
{
    int in[PIECES_MAX];
    const int16_t *rows[PIECES_MAX];
    for (int p = 0; p < 2; p++) {
        int n = net_inputs(pos, (Color)p, in);
        for (int k = 0; k < n; k++)
            rows[k] = m->w1 + (size_t)in[k] * (size_t)m->hidden;
        apply_rows(m->b1, acc->v[p], NULL, 0, rows, n, m->hidden);
    }
}

void net_update(const NetModel *m, const Position *from, const NetAccumulator *acc_from, const Position *to,
                NetAccumulator *acc_to)
{
    for (int p = 0; p < 2; p++) {
        Bitboard was[4], is[4];
        input_sets(from, (Color)p, was);
        input_sets(to, (Color)p, is);
        const int16_t *sub[SQUARES], *add[SQUARES];   /* a row a piece, a piece a square */
        int n_sub = 0, n_add = 0;
        for (int g = 0; g < 4; g++) {
            for (Bitboard b = was[g] & ~is[g]; b; b &= b - 1)
                sub[n_sub++] = m->w1 + (size_t)input_of((Color)p, g, bb_lsb(b)) * (size_t)m->hidden;
            for (Bitboard b = is[g] & ~was[g]; b; b &= b - 1)
                add[n_add++] = m->w1 + (size_t)input_of((Color)p, g, bb_lsb(b)) * (size_t)m->hidden;
        }
        apply_rows(acc_from->v[p], acc_to->v[p], sub, n_sub, add, n_add, m->hidden);
    }
}

static int clamp_a(int x) { return x < 0 ? 0 : x > NET_ONE_A ? NET_ONE_A : x; }

/* The activations of a vector of first-layer sums: >> NET_ACC_SHIFT, clamped to 0..NET_ONE_A. */
static inline Vec clamp_vec(Vec v)
{
    v >>= NET_ACC_SHIFT;
    v &= ~(v < 0);
    Vec over = v > NET_ONE_A;
    return (v & ~over) | (((Vec){0} + NET_ONE_A) & over);
}

/* Layer 2's inputs from one perspective's first-layer sums a (h of them), into x: h clamped
 * activations, or h / 2 products of pairs when pairwise. In vectors of 16-bit lanes, which the
 * int arithmetic C promotes to would halve (a product of two activations fits in 15 bits). */
static void activations(const int16_t *a, int h, bool pairwise, uint8_t *x)
{
    int half = h / 2, n = pairwise ? half : h;
    for (int c = 0; c < n; c += VEC_UNITS) {
        Vec v;
        memcpy(&v, a + c, sizeof v);
        v = clamp_vec(v);
        if (pairwise) {
            Vec w;
            memcpy(&w, a + c + half, sizeof w);
            v = (v * clamp_vec(w)) >> NET_PAIR_SHIFT;
        }
        VecBytes b = __builtin_convertvector(v, VecBytes);
        memcpy(x + c, &b, sizeof b);
    }
}

int net_bucket(const Position *pos, int buckets)
{
    int n = bb_popcount(pos->pieces[WHITE] | pos->pieces[BLACK]);
    n = n < 1 ? 1 : n > PIECES_MAX ? PIECES_MAX : n;
    return (n - 1) * buckets / PIECES_MAX;
}

Score net_output(const NetModel *m, const NetAccumulator *acc, const Position *pos)
{
    uint8_t x[2 * NET_HIDDEN_MAX];
    int h = m->hidden, width = net_width(m), bucket = net_bucket(pos, m->buckets);
    activations(acc->v[pos->turn], h, m->pairwise, x);
    activations(acc->v[!pos->turn], h, m->pairwise, x + width / 2);
    size_t first = (size_t)bucket * (size_t)m->l2;   /* the bucket's first unit */
    const int32_t *b2 = m->b2 + first;
    const int16_t *w3 = m->w3 + first;
    int32_t z[NET_L2_MAX], out = m->b3[bucket];
    net_simd_layer2(x, m->w2 + net_w2_at(m, bucket, 0, 0), width, m->l2, z);
    for (int j = 0; j < m->l2; j++) {
        int32_t v = b2[j] + z[j];
        out += (v < 0 ? 0 : clamp_a(v >> NET_SHIFT)) * w3[j];
    }
    int64_t cm = (int64_t)out * NET_OUT_CM / (NET_ONE_A * NET_ONE_W3);
    return cm >= SCORE_EVAL_MAX ? SCORE_EVAL_MAX - 1 : cm <= -SCORE_EVAL_MAX ? -(SCORE_EVAL_MAX - 1) : (Score)cm;
}

Score net_evaluate(const NetModel *m, const Position *pos)
{
    NetAccumulator acc;
    net_refresh(m, pos, &acc);
    return net_output(m, &acc, pos);
}

/* The sum of the n largest values of a column of w1 (step apart), negated first when low. */
static int32_t extreme_sum(const int16_t *col, size_t step, int n, bool low)
{
    int32_t best[PIECES_MAX];
    int kept = 0;
    for (int f = 0; f < NET_INPUTS; f++) {
        int32_t v = low ? -col[(size_t)f * step] : col[(size_t)f * step];
        if (kept < n)
            best[kept++] = v;
        else {
            int least = 0;
            for (int k = 1; k < n; k++)
                least = best[k] < best[least] ? k : least;
            if (v > best[least])
                best[least] = v;
        }
    }
    int32_t sum = 0;
    for (int k = 0; k < kept; k++)
        sum += best[k] > 0 ? best[k] : 0;
    return sum;
}

bool net_check_range(const NetModel *m)
{
    for (int i = 0; i < m->hidden; i++) {
        const int16_t *col = m->w1 + i;
        if (m->b1[i] + extreme_sum(col, (size_t)m->hidden, PIECES_MAX, false) > INT16_MAX ||
            m->b1[i] - extreme_sum(col, (size_t)m->hidden, PIECES_MAX, true) < -INT16_MAX)
            return false;
    }
    size_t w2 = (size_t)m->buckets * (size_t)m->l2 * (size_t)net_width(m);
    for (size_t k = 0; k < w2; k++)
        if (m->w2[k] > NET_W2_MAX || m->w2[k] < -NET_W2_MAX)
            return false;
    return true;
}

void net_randomize(NetModel *m, uint64_t seed)
{
    uint64_t r = seed ^ 0x6A09E667F3BCC909ULL;
    int h = m->hidden;
    for (size_t k = 0; k < (size_t)NET_INPUTS * (size_t)h; k++)
        m->w1[k] = (int16_t)((int)(hash_splitmix(&r) % 481) - 240);
    for (int i = 0; i < h; i++)
        m->b1[i] = (int16_t)((int)(hash_splitmix(&r) % 1025) - 256);
    size_t units = (size_t)m->buckets * (size_t)m->l2;
    for (size_t k = 0; k < units * (size_t)net_width(m); k++)
        m->w2[k] = (int8_t)((int)(hash_splitmix(&r) % 31) - 15);
    for (size_t j = 0; j < units; j++) {
        m->b2[j] = (int32_t)(hash_splitmix(&r) % 20001) - 10000;
        m->w3[j] = (int16_t)((int)(hash_splitmix(&r) % 3841) - 1920);
    }
    for (int b = 0; b < m->buckets; b++)
        m->b3[b] = (int32_t)(hash_splitmix(&r) % 128001) - 64000;
}
