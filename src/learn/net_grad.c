/* The network in floating point (see net_grad.h). */
#include "learn/net_grad.h"

#include <math.h>
#include <string.h>
#include "rules/hash.h"

/* A pairwise product of two activations in [0, 1] as the integer network scales it: the product
 * of two values of NET_ONE_A shifted by NET_PAIR_SHIFT is NET_ONE_A times this much of it. */
#define PAIR_SCALE ((float)NET_ONE_A / (1 << NET_PAIR_SHIFT))

void net_grad_shape(NetShape *s, int hidden, int l2, int buckets, bool pairwise)
{
    size_t units = (size_t)buckets * (size_t)l2;
    s->hidden = hidden, s->l2 = l2, s->buckets = buckets, s->pairwise = pairwise;
    s->width = net_width_of(hidden, pairwise);
    s->w1 = 0;
    s->b1 = s->w1 + (size_t)NET_INPUTS * (size_t)hidden;
    s->w2 = s->b1 + (size_t)hidden;
    s->b2 = s->w2 + units * (size_t)s->width;
    s->w3 = s->b2 + units;
    s->b3 = s->w3 + units;
    s->count = s->b3 + (size_t)buckets;
}

/* A uniform draw in [-a, a]. */
static float uniform(uint64_t *r, float a) { return a * (float)((double)(hash_splitmix(r) >> 11) / 0x1p52 - 1.0); }

void net_grad_init(const NetShape *s, float *p, uint64_t seed)
{
    uint64_t r = seed ^ 0xBB67AE8584CAA73BULL;
    memset(p, 0, s->count * sizeof *p);
    for (size_t k = 0; k < (size_t)NET_INPUTS * (size_t)s->hidden; k++)
        p[s->w1 + k] = uniform(&r, 0.08f);   /* 40 pieces: a sum of spread about 0.3 */
    for (int i = 0; i < s->hidden; i++)
        p[s->b1 + i] = 0.5f;
    float a = 1.7f / sqrtf((float)s->width);
    size_t units = (size_t)s->buckets * (size_t)s->l2;
    for (size_t k = 0; k < units * (size_t)s->width; k++)
        p[s->w2 + k] = uniform(&r, a);
    for (size_t j = 0; j < units; j++) {
        p[s->b2 + j] = 0.5f;
        p[s->w3 + j] = uniform(&r, 0.1f);
    }
}

static float clip01(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
static bool inside01(float x) { return x > 0 && x < 1; }

/* The forward pass: fills pass and returns the output (1.0 = NET_OUT_CM centi-men). */
static float forward(const NetShape *s, const float *p, const Position *pos, NetPass *pass)
{
    int h = s->hidden, half = h / 2;
    Color persp[2] = {pos->turn, (Color)!pos->turn};
    for (int side = 0; side < 2; side++) {
        float *acc = pass->acc[side];
        memcpy(acc, p + s->b1, (size_t)h * sizeof *acc);
        pass->n[side] = net_inputs(pos, persp[side], pass->in[side]);
        for (int k = 0; k < pass->n[side]; k++) {
            const float *row = p + s->w1 + (size_t)pass->in[side][k] * (size_t)h;
            for (int i = 0; i < h; i++)
                acc[i] += row[i];
        }
        float *x = pass->x + side * (s->width / 2);
        if (s->pairwise)
            for (int i = 0; i < half; i++)
                x[i] = clip01(acc[i]) * clip01(acc[i + half]) * PAIR_SCALE;
        else
            for (int i = 0; i < h; i++)
                x[i] = clip01(acc[i]);
    }
    pass->bucket = net_bucket(pos, s->buckets);
    size_t first = (size_t)pass->bucket * (size_t)s->l2;
    float out = p[s->b3 + (size_t)pass->bucket];
    for (int j = 0; j < s->l2; j++) {
        const float *w = p + s->w2 + (first + (size_t)j) * (size_t)s->width;
        float z = p[s->b2 + first + (size_t)j];
        for (int i = 0; i < s->width; i++)
            z += pass->x[i] * w[i];
        pass->z[j] = z;
        pass->y[j] = clip01(z);
        out += pass->y[j] * p[s->w3 + first + (size_t)j];
    }
    return out;
}

double net_grad_score(const NetShape *s, const float *p, const Position *pos, NetPass *pass)
{
    return (double)forward(s, p, pos, pass) * NET_OUT_CM;
}

double net_grad_loss(const NetShape *s, const float *p, const Position *pos, double base, double target,
                     double k, NetPass *pass, float *grad, double *score_out)
{
    double score = base + (double)forward(s, p, pos, pass) * NET_OUT_CM;
    *score_out = score;
    double pred = 1.0 / (1.0 + exp(-k * score)), err = pred - target;
    if (!grad)
        return err * err;
    int h = s->hidden, half = h / 2, width = s->width;
    float d_out = (float)(2.0 * err * pred * (1.0 - pred) * k * NET_OUT_CM);
    size_t first = (size_t)pass->bucket * (size_t)s->l2;
    grad[s->b3 + (size_t)pass->bucket] += d_out;
    memset(pass->dx, 0, (size_t)width * sizeof pass->dx[0]);
    for (int j = 0; j < s->l2; j++) {
        size_t u = first + (size_t)j;
        grad[s->w3 + u] += d_out * pass->y[j];
        if (pass->z[j] <= 0 || pass->z[j] >= 1)
            continue;   /* clipped: no gradient through this unit */
        float dz = d_out * p[s->w3 + u];
        grad[s->b2 + u] += dz;
        const float *w = p + s->w2 + u * (size_t)width;
        float *gw = grad + s->w2 + u * (size_t)width;
        for (int i = 0; i < width; i++) {
            gw[i] += dz * pass->x[i];
            pass->dx[i] += dz * w[i];
        }
    }
    for (int side = 0; side < 2; side++) {
        float da[NET_HIDDEN_MAX];
        const float *dx = pass->dx + side * (width / 2), *acc = pass->acc[side];
        if (s->pairwise)
            for (int i = 0; i < half; i++) {
                da[i] = inside01(acc[i]) ? dx[i] * clip01(acc[i + half]) * PAIR_SCALE : 0;
                da[i + half] = inside01(acc[i + half]) ? dx[i] * clip01(acc[i]) * PAIR_SCALE : 0;
            }
        else
            for (int i = 0; i < h; i++)
                da[i] = inside01(acc[i]) ? dx[i] : 0;
        for (int i = 0; i < h; i++)
            grad[s->b1 + i] += da[i];
        for (int k2 = 0; k2 < pass->n[side]; k2++) {
            float *row = grad + s->w1 + (size_t)pass->in[side][k2] * (size_t)h;
            for (int i = 0; i < h; i++)
                row[i] += da[i];
        }
    }
    return err * err;
}

/* x rounded to the nearest integer, halves away from zero, within [lo, hi]. */
static long round_clamp(double x, long lo, long hi)
{
    double r = x < 0 ? -floor(-x + 0.5) : floor(x + 0.5);
    return r < (double)lo ? lo : r > (double)hi ? hi : (long)r;
}

bool net_grad_quantize(const NetShape *s, const float *p, NetModel *m)
{
    if (!net_alloc(m, s->hidden, s->l2, s->buckets, s->pairwise))
        return false;
    int h = s->hidden;
    /* The first layer in units of 1 / NET_ONE_ACC, shrunk until no 40 pieces can overflow its sums: a
     * shrink changes the activations, so the trainer's own clipping keeps it from happening. */
    for (double scale = NET_ONE_ACC;; scale *= 0.95) {
        for (size_t k = 0; k < (size_t)NET_INPUTS * (size_t)h; k++)
            m->w1[k] = (int16_t)round_clamp(p[s->w1 + k] * scale, -INT16_MAX, INT16_MAX);
        for (int i = 0; i < h; i++)
            m->b1[i] = (int16_t)round_clamp(p[s->b1 + i] * scale, -INT16_MAX, INT16_MAX);
        if (net_check_range(m))
            break;
    }
    size_t units = (size_t)s->buckets * (size_t)s->l2;
    for (int b = 0; b < s->buckets; b++)
        for (int j = 0; j < s->l2; j++)
            for (int i = 0; i < s->width; i++)
                m->w2[net_w2_at(m, b, j, i)] = (int8_t)round_clamp(
                    p[s->w2 + ((size_t)b * (size_t)s->l2 + (size_t)j) * (size_t)s->width + (size_t)i] * NET_ONE_W,
                    -NET_W2_MAX, NET_W2_MAX);
    for (size_t j = 0; j < units; j++) {
        m->b2[j] = (int32_t)round_clamp((double)p[s->b2 + j] * NET_ONE_A * NET_ONE_W, -INT32_MAX, INT32_MAX);
        m->w3[j] = (int16_t)round_clamp(p[s->w3 + j] * NET_ONE_W3, -INT16_MAX, INT16_MAX);
    }
    for (int b = 0; b < s->buckets; b++)
        m->b3[b] = (int32_t)round_clamp((double)p[s->b3 + (size_t)b] * NET_ONE_A * NET_ONE_W3, -INT32_MAX, INT32_MAX);
    return true;
}

void net_grad_from_model(const NetShape *s, const NetModel *m, float *p)
{
    int h = s->hidden;
    for (size_t k = 0; k < (size_t)NET_INPUTS * (size_t)h; k++)
        p[s->w1 + k] = (float)m->w1[k] / NET_ONE_ACC;
    for (int i = 0; i < h; i++)
        p[s->b1 + i] = (float)m->b1[i] / NET_ONE_ACC;
    size_t w2 = (size_t)s->l2 * (size_t)s->width, l2 = (size_t)s->l2;
    for (int b = 0; b < s->buckets; b++) {
        size_t from = m->buckets == 1 ? 0 : (size_t)b;   /* one bucket seeds every one of s's */
        for (int j = 0; j < s->l2; j++)
            for (int i = 0; i < s->width; i++)
                p[s->w2 + (size_t)b * w2 + (size_t)j * (size_t)s->width + (size_t)i] =
                    (float)m->w2[net_w2_at(m, (int)from, j, i)] / NET_ONE_W;
        for (size_t j = 0; j < l2; j++) {
            p[s->b2 + (size_t)b * l2 + j] = (float)((double)m->b2[from * l2 + j] / (NET_ONE_A * NET_ONE_W));
            p[s->w3 + (size_t)b * l2 + j] = (float)m->w3[from * l2 + j] / NET_ONE_W3;
        }
        p[s->b3 + (size_t)b] = (float)((double)m->b3[from] / (NET_ONE_A * NET_ONE_W3));
    }
}
