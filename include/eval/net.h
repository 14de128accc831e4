#pragma once
/* A neural evaluation, efficiently updatable (NNUE): 200 inputs a perspective (the side's own men
 * and kings and the other side's men and kings, 50 squares each, seen from that side: Black's
 * board half-turned), a first layer of H units kept as an accumulator per perspective, clipped
 * ReLU, a dense layer of L units, clipped ReLU, one output in centi-men for the side to move.
 * A pairwise network feeds layer 2 the products of each perspective's units i and i + H/2
 * instead (H values in all, not 2H): half the second layer's work, and the first layer's units
 * then act in pairs.
 * A residual network corrects the patterns instead: a position's score is the patterns' evaluation
 * (eval.h, the variant's current weights) plus the network's, so the network learns only what the
 * patterns miss; the search adds the two (search_tree.c) and the trainer fits the sum.
 * Layers 2 and 3 come in B sets (buckets) by the number of pieces on the board, so that the
 * opening, the middlegame and the endgame each have their own: net_bucket says which one a
 * position takes. The first layer, the costly one to keep up to date, is shared.
 *
 * Everything is integer arithmetic, so a score is the same on every build and CPU:
 *     acc[p][i]  = b1[i] + sum of w1[f][i] over p's active inputs f        (int16, 1.0 = 127 * 8)
 *     x          = clamp(acc[side to move] >> 3, 0, 127) then the same of acc[other]   (2H values)
 *                  pairwise: (c[i] * c[i + H/2]) >> 7 of each clamped c, i < H/2   (H values)
 *     y[j]       = clamp((b2[j] + sum_i x[i] w2[j][i]) >> 6, 0, 127)      (w2: -64..64, 1.0 = 64)
 *     out        = b3 + sum_j y[j] w3[j]                                   (w3: int16, 1.0 = 4096)
 *     score      = out * NET_OUT_CM / (127 * 4096), truncated toward zero, clamped below
 *                  SCORE_EVAL_MAX
 * A move changes a few inputs (a capture of n pieces n + 2): net_update adds and subtracts those
 * rows of w1 from the parent's accumulator, found by comparing the two positions' piece sets, so
 * copy-make search needs no move. The exporter (the trainer) keeps every accumulator sum within
 * int16 and every w2 within +-NET_W2_MAX; net_check_range verifies a model does both. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "eval/score.h"
#include "rules/position.h"

#define NET_INPUTS 200          /* 4 groups x 50 squares a perspective */
#define NET_HIDDEN_MAX 1024     /* H: a multiple of NET_HIDDEN_STEP up to this */
#define NET_HIDDEN_STEP 32      /* a pairwise network's H: a multiple of twice this */
#define NET_L2_MAX 64           /* L: a multiple of NET_L2_STEP up to this */
#define NET_L2_STEP 8
#define NET_ONE_A 127           /* an activation of 1.0 */
#define NET_ACC_SHIFT 3         /* the first layer is 8 times finer: its rounding costs less */
#define NET_ONE_ACC (NET_ONE_A << NET_ACC_SHIFT)   /* a first-layer sum of 1.0 */
#define NET_ONE_W 64            /* a weight of 1.0 in layers 2 and 3 */
#define NET_SHIFT 6             /* log2 NET_ONE_W */
#define NET_PAIR_SHIFT 7        /* a pairwise product of two activations, back to 0..126 */
#define NET_W2_MAX 64           /* |w2| at most 1.0: two 16-bit pair sums then add without overflow */
#define NET_ONE_W3 4096         /* a weight of 1.0 in the output layer: finer, it is small */
#define NET_OUT_CM 600          /* centi-men of an output of 1.0 */
#define NET_BUCKETS_MAX 8        /* B: 1 up to this */
#define NET_NOTE_MAX 400

enum { NET_OWN_MAN = 0, NET_OWN_KING = 1, NET_OTHER_MAN = 2, NET_OTHER_KING = 3 };

typedef struct NetModel {
    int hidden, l2, buckets;
    bool pairwise;    /* layer 2 takes products of unit pairs (see above) */
    bool residual;    /* its score is added to the patterns' (see above) ... */
    uint32_t base_crc;   /* ... of the weight file with this checksum (eval_weights_crc; 0: unknown) */
    int16_t *w1;      /* [NET_INPUTS][hidden]: an input's row, what its presence adds */
    int16_t *b1;      /* [hidden] */
    int8_t *w2;       /* [buckets] sets of l2 x net_width weights, the inputs being the side to move's units
                         then the other's, packed by input quads: see net_w2_at */
    int32_t *b2;      /* [buckets][l2], in units of NET_ONE_A * NET_ONE_W */
    int16_t *w3;      /* [buckets][l2] */
    int32_t *b3;      /* [buckets], in units of NET_ONE_A * NET_ONE_W3 */
    char note[NET_NOTE_MAX + 1];   /* how it was made */
} NetModel;

/* The first layer's sums of one position, for both perspectives (White's, Black's). */
typedef struct {
    int16_t v[2][NET_HIDDEN_MAX];
} NetAccumulator;

/* Allocates a model of hidden and l2 units in buckets sets (valid sizes: see above), pairwise or
 * not, all weights 0; false when the sizes are not valid or memory is short. */
bool net_alloc(NetModel *m, int hidden, int l2, int buckets, bool pairwise);

/* What H must be a multiple of: layer 2's inputs fill whole vector steps. */
static inline int net_hidden_step(bool pairwise) { return pairwise ? 2 * NET_HIDDEN_STEP : NET_HIDDEN_STEP; }

/* The number of layer 2's inputs of a network of hidden units: 2 hidden, or hidden when pairwise. */
static inline int net_width_of(int hidden, bool pairwise) { return pairwise ? hidden : 2 * hidden; }
static inline int net_width(const NetModel *m) { return net_width_of(m->hidden, m->pairwise); }
void net_free(NetModel *m);

/* Where layer 2's weight from input i to unit j of bucket b lies in w2: the weights of inputs
 * 4c..4c+3 of a unit are 4 adjacent bytes, and the l2 units' quads of one c follow one another
 * (w2[b][i / 4][j][i % 4]), the order the vector loop reads them in (net_simd.h). */
static inline size_t net_w2_at(const NetModel *m, int b, int j, int i)
{
    size_t quads = (size_t)net_width(m) / 4;
    return (((size_t)b * quads + (size_t)(i / 4)) * (size_t)m->l2 + (size_t)j) * 4 + (size_t)(i % 4);
}

/* The input index of a piece of colour c (a king when king) on square (1..50) in perspective p:
 * group * 50 + view square - 1, the view square being 51 - square for Black. */
int net_input(Color p, Color c, bool king, int square);

/* The active inputs of pos in perspective p, into in[] (at most 40 of them); returns the count. */
int net_inputs(const Position *pos, Color p, int *in);

/* The accumulator of pos from scratch. */
void net_refresh(const NetModel *m, const Position *pos, NetAccumulator *acc);

/* The accumulator of to from that of from (any two positions; a move's parent and child share
 * all but a few inputs). */
void net_update(const NetModel *m, const Position *from, const NetAccumulator *acc_from, const Position *to,
                NetAccumulator *acc_to);

/* The bucket (0 to buckets - 1) of pos: its pieces, 1 to 40, in buckets equal ranges, the
 * fewest pieces in bucket 0; more than 40 count as 40. */
int net_bucket(const Position *pos, int buckets);

/* The network's own score of pos for its side to move, from its accumulator acc (a residual
 * network's correction alone: the caller adds the patterns'). */
Score net_output(const NetModel *m, const NetAccumulator *acc, const Position *pos);

/* net_output of net_refresh: the evaluation of pos alone. */
Score net_evaluate(const NetModel *m, const Position *pos);

/* Whether no position can take an accumulator sum outside int16 (b1 plus the 40 largest, and
 * the 40 smallest, entries of each unit's w1 column stay within +-32767) and every w2 is within
 * +-NET_W2_MAX (the vector paths rely on it: net_simd.h). */
bool net_check_range(const NetModel *m);

/* Fills m with small pseudo-random weights from seed (tests, and a trainer's starting point). */
void net_randomize(NetModel *m, uint64_t seed);
