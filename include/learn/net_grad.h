#pragma once
/* The network of eval/net.h in floating point, for training: the same layers with the integer
 * scales divided out (an activation clipped to [0, 1], weights as reals, the output times
 * NET_OUT_CM centi-men), its loss and gradient on one position, and its rounding into the integer
 * model the engine plays with. All parameters live in one vector: w1, b1, w2, b2, w3, b3. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "eval/net.h"

#define NET_W_MAX ((float)NET_W2_MAX / NET_ONE_W)   /* |w2| at most this: its rounding's bound */
#define NET_W3_MAX (32767.0f / NET_ONE_W3)   /* |w3| at most this: it rounds into int16 */

typedef struct {
    int hidden, l2, buckets;
    bool pairwise;
    int width;                              /* layer 2's inputs (net_width) */
    size_t w1, b1, w2, b2, w3, b3, count;   /* offsets into a parameter vector, and its length; */
} NetShape;                                 /* w2 to b3 hold the buckets one after another */

/* The layout of a network of hidden and l2 units in buckets sets, pairwise or not (valid sizes as
 * net.h says). */
void net_grad_shape(NetShape *s, int hidden, int l2, int buckets, bool pairwise);

/* Small seeded starting weights: activations of the start position near the middle of [0, 1]. */
void net_grad_init(const NetShape *s, float *p, uint64_t seed);

/* Scratch of one forward and backward pass. */
typedef struct {
    float acc[2][NET_HIDDEN_MAX];   /* the side to move's, the other's */
    float x[2 * NET_HIDDEN_MAX], z[NET_L2_MAX], y[NET_L2_MAX], dx[2 * NET_HIDDEN_MAX];
    int in[2][40], n[2];
    int bucket;   /* the position's set of layers 2 and 3 */
} NetPass;

/* The score in centi-men of pos for its side to move under parameters p. */
double net_grad_score(const NetShape *s, const float *p, const Position *pos, NetPass *pass);

/* The squared error (sigmoid(k * score) - target)^2 of pos against target (the side to move's
 * expected result, 0..1), score being base (centi-men: a residual network's patterns score, else
 * 0) plus the network's; the score into *score; when grad is not NULL, adds its gradient to grad. */
double net_grad_loss(const NetShape *s, const float *p, const Position *pos, double base, double target,
                     double k, NetPass *pass, float *grad, double *score);

/* Rounds p into m (allocated here at the shape's sizes; net_free it), shrinking the first layer
 * when its sums could leave int16; false when memory is short. */
bool net_grad_quantize(const NetShape *s, const float *p, NetModel *m);

/* The parameters of integer model m (of the shape's sizes) as reals: where a fit that starts from a
 * network file begins, and rounding them again gives m back. A model of one bucket may seed a
 * shape of several: each starts as a copy of it, so a fit splits a trained network by phase. */
void net_grad_from_model(const NetShape *s, const NetModel *m, float *p);
