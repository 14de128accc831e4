/* Fitting the network to self-play data (see net_train.h). */
#include "learn/net_train.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "eval/eval.h"
#include "eval/eval_weights.h"
#include "learn/net_grad.h"
#include "learn/sample.h"
#include "rules/bitboard.h"
#include "util/clock.h"
#include "util/thread.h"

#define REC SAMPLE_RECORD_SIZE
#define CHUNK_RECORDS (1 << 20)
#define ADAM_B1 0.9
#define ADAM_B2 0.999
#define ADAM_EPS 1e-8
#define CHECKPOINT_MAGIC "draughts-net-checkpoint-2\n"
#define RESIDUAL_START 0.1f   /* a residual network's output weights start this much smaller */

void net_train_default(NetTrainConfig *cfg)
{
    *cfg = (NetTrainConfig){.hidden = 256, .l2 = 32, .buckets = 1, .epochs = 10, .batch = 16384, .threads = 1,
                            .rate = 1e-3, .decay = 0.8, .lambda = 0.5, .k = 0.008747, .validation_every = 10, .seed = 1,
                            .report_every = 50, .checkpoint_seconds = 300};
}

/* What must match for a checkpoint to continue a run, and where the run stands. */
typedef struct {
    uint64_t hidden, l2, residual, seed, batch, validation_every, data_used, file_count, params;
    uint64_t epoch, chunk, step;   /* epochs done, chunks of this epoch done, Adam steps */
    TuneCursor at;                 /* where the next chunk starts */
    double epoch_loss, epoch_count, valid_before;
} NetTrainHead;

/* One thread's share of a batch or of a measuring pass. */
typedef struct {
    const uint8_t *rec;
    const bool *held;
    size_t n;
    const NetShape *shape;
    const float *p;
    const NetModel *quantized;   /* measure the integer model instead (no gradient) */
    double k, lambda;
    bool residual;               /* the network corrects the patterns (see NetTrainConfig) */
    int tactical_gap;            /* see NetTrainConfig */
    float *grad;                 /* NULL: measure only; else grad_buf */
    float *grad_buf;             /* the thread's gradient sums */
    NetPass pass;
    double loss[2];              /* squared errors against the results: training [0], held out [1] */
    uint64_t count[2], bad, tactical;
} NetJob;

typedef struct {
    const NetTrainConfig *cfg;
    NetShape shape;
    int threads;
    uint64_t tactical;   /* training positions skipped as tactical this epoch (not checkpointed) */
    NetTrainHead head;
    float *p, *m, *v;
    NetJob *job;
    uint8_t *rec;
    bool *held;
} NetFit;

/* What the size a log line or note prints is followed by: " pairwise" and " residual" for such
 * networks. */
static const char *kind_tag(bool pairwise, bool residual)
{
    return pairwise && residual ? " pairwise residual" : pairwise ? " pairwise" : residual ? " residual" : "";
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* Whether the search gives the side behind in material (a man 100 centi-men, a king 300) more than
 * gap centi-men beyond what it lacks: a combination under way, which no static evaluation sees.
 * Fitted on such positions, the net learned that being men down with the move costs little, and
 * the search then played sacrifices that regain nothing. */
static bool is_tactical(const Position *pos, int searched_white, int gap)
{
    Bitboard w = pos->pieces[WHITE], b = pos->pieces[BLACK];
    int material = 100 * (bb_popcount(w & ~pos->kings) - bb_popcount(b & ~pos->kings)) +
                   300 * (bb_popcount(w & pos->kings) - bb_popcount(b & pos->kings));
    if (material == 0)
        return false;
    int beyond = material > 0 ? material - searched_white : searched_white - material;
    return beyond > gap;
}

static void job_run(void *arg)
{
    NetJob *j = arg;
    for (size_t i = 0; i < j->n; i++) {
        Position pos;
        double result;
        int searched;
        if (!sample_unpack(j->rec + i * REC, &pos, &result, &searched) || position_set_variant(&pos, VARIANT_NORMAL)) {
            j->bad++;
            continue;
        }
        if (j->grad && j->tactical_gap > 0 && searched != SAMPLE_NO_SCORE &&
            is_tactical(&pos, searched, j->tactical_gap)) {
            j->tactical++;
            continue;
        }
        bool white = pos.turn == WHITE;
        double own = white ? result : 1.0 - result, target = own;
        if (j->grad && j->lambda < 1 && searched != SAMPLE_NO_SCORE)
            target = j->lambda * own + (1 - j->lambda) * sigmoid(j->k * (white ? searched : -searched));
        int part = j->held && j->held[i];
        int base = j->residual ? eval_position(&pos) : 0;
        double loss;
        if (j->quantized) {
            double d = sigmoid(j->k * (base + net_evaluate(j->quantized, &pos))) - own;
            loss = d * d;
        } else {
            double score;
            net_grad_loss(j->shape, j->p, &pos, base, target, j->k, &j->pass, j->grad, &score);
            double d = sigmoid(j->k * score) - own;   /* the loss reported is against the result */
            loss = d * d;
        }
        j->loss[part] += loss;
        j->count[part]++;
    }
}

/* Runs the threads over records [0, n) of rec, split in order; with gradient, sums their gradients
 * into job[0].grad in thread order. */
static void run_jobs(NetFit *f, const uint8_t *rec, const bool *held, size_t n, bool gradient, const NetModel *q)
{
    Thread tid[NET_TRAIN_MAX_THREADS];
    bool started[NET_TRAIN_MAX_THREADS] = {false};
    int t_count = f->threads;
    for (int t = 0; t < t_count; t++) {
        NetJob *j = &f->job[t];
        size_t a = n * (size_t)t / (size_t)t_count, b = n * (size_t)(t + 1) / (size_t)t_count;
        j->rec = rec + a * REC, j->held = held ? held + a : NULL, j->n = b - a;
        j->shape = &f->shape, j->p = f->p, j->quantized = q, j->k = f->cfg->k, j->lambda = f->cfg->lambda;
        j->residual = f->cfg->residual;
        j->tactical_gap = f->cfg->tactical_gap;
        j->loss[0] = j->loss[1] = 0, j->count[0] = j->count[1] = 0, j->bad = 0, j->tactical = 0;
        j->grad = gradient ? j->grad_buf : NULL;
        if (gradient)
            memset(j->grad, 0, f->shape.count * sizeof *j->grad);
        if (t > 0)
            started[t] = thread_start(&tid[t], job_run, j, 0);
    }
    job_run(&f->job[0]);
    for (int t = 1; t < t_count; t++) {
        if (started[t])
            thread_join(&tid[t]);
        else
            job_run(&f->job[t]);
    }
    for (int t = 1; gradient && t < t_count; t++)
        for (size_t k = 0; k < f->shape.count; k++)
            f->job[0].grad[k] += f->job[t].grad[k];
}

/* One Adam step on a batch of n records. */
static void step(NetFit *f, const uint8_t *rec, size_t n)
{
    run_jobs(f, rec, NULL, n, true, NULL);
    NetTrainHead *h = &f->head;
    for (int t = 0; t < f->threads; t++)
        h->epoch_loss += f->job[t].loss[0], h->epoch_count += (double)f->job[t].count[0],
        f->tactical += f->job[t].tactical;
    h->step++;
    double rate = f->cfg->rate * pow(f->cfg->decay, (double)h->epoch);
    double c1 = 1 - pow(ADAM_B1, (double)h->step), c2 = 1 - pow(ADAM_B2, (double)h->step);
    const float *g = f->job[0].grad;
    float inv = 1.0f / (float)n;
    for (size_t k = 0; k < f->shape.count; k++) {
        float gk = g[k] * inv;
        f->m[k] = (float)(ADAM_B1 * f->m[k] + (1 - ADAM_B1) * gk);
        f->v[k] = (float)(ADAM_B2 * f->v[k] + (1 - ADAM_B2) * gk * gk);
        f->p[k] -= (float)(rate * (f->m[k] / c1) / (sqrt(f->v[k] / c2) + ADAM_EPS));
    }
    /* layer 2 rounds into int8, the output layer into int16 */
    for (size_t k = f->shape.w2; k < f->shape.b2; k++)
        f->p[k] = f->p[k] > NET_W_MAX ? NET_W_MAX : f->p[k] < -NET_W_MAX ? -NET_W_MAX : f->p[k];
    for (size_t k = f->shape.w3; k < f->shape.b3; k++)
        f->p[k] = f->p[k] > NET_W3_MAX ? NET_W3_MAX : f->p[k] < -NET_W3_MAX ? -NET_W3_MAX : f->p[k];
}

/* The held-out loss (against the results) of the float model, or of q when not NULL. */
static bool measure(NetFit *f, TuneDataSet *set, const uint32_t *order, const NetModel *q, double *loss,
                    uint64_t *count, uint64_t *bad, char *why, size_t why_size)
{
    TuneStream s;
    tune_stream_start(&s, set, order, TUNE_DATA_HELD, (TuneCursor){0, 0});
    double sum = 0;
    *count = 0, *bad = 0;
    long got;
    while ((got = tune_stream_read(&s, f->rec, NULL, CHUNK_RECORDS, why, why_size)) > 0) {
        run_jobs(f, f->rec, NULL, (size_t)got, false, q);
        for (int t = 0; t < f->threads; t++)
            sum += f->job[t].loss[0], *count += f->job[t].count[0], *bad += f->job[t].bad;
    }
    tune_stream_close(&s);
    *loss = *count ? sum / (double)*count : 0;
    return got == 0;
}

/* FNV-1a over bytes, continuing from hash. */
static uint64_t fnv(uint64_t hash, const void *bytes, size_t len)
{
    const uint8_t *p = bytes;
    for (size_t i = 0; i < len; i++)
        hash = (hash ^ p[i]) * 0x100000001B3ULL;
    return hash;
}

/* Writes the state to the checkpoint (through a file beside it, renamed over it). */
static bool save(const NetFit *f, char *why, size_t why_size)
{
    const char *path = f->cfg->checkpoint;
    if (!path)
        return true;
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *out = fopen(tmp, "wb");
    bool ok = out != NULL;
    uint64_t hash = 0xCBF29CE484222325ULL;
    const void *part[4] = {&f->head, f->p, f->m, f->v};
    size_t len[4] = {sizeof f->head, f->shape.count * sizeof(float), f->shape.count * sizeof(float),
                     f->shape.count * sizeof(float)};
    ok = ok && fwrite(CHECKPOINT_MAGIC, 1, strlen(CHECKPOINT_MAGIC), out) == strlen(CHECKPOINT_MAGIC);
    for (int i = 0; ok && i < 4; i++) {
        ok = fwrite(part[i], 1, len[i], out) == len[i];
        hash = fnv(hash, part[i], len[i]);
    }
    ok = ok && fwrite(&hash, sizeof hash, 1, out) == 1;
    if (out && fclose(out) != 0)
        ok = false;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        snprintf(why, why_size, "cannot write the checkpoint %s: %s", path, strerror(errno));
        remove(tmp);
    }
    return ok;
}

/* Reads the checkpoint into the state; false with why when it is not one of this run. */
static bool load(NetFit *f, const NetTrainHead *want, char *why, size_t why_size)
{
    const char *path = f->cfg->resume;
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(why, why_size, "cannot read the checkpoint %s: %s", path, strerror(errno));
        return false;
    }
    char magic[sizeof CHECKPOINT_MAGIC];
    NetTrainHead h;
    size_t n = f->shape.count * sizeof(float);
    uint64_t hash = 0xCBF29CE484222325ULL, stored = 0;
    bool ok = fread(magic, 1, strlen(CHECKPOINT_MAGIC), in) == strlen(CHECKPOINT_MAGIC) &&
              memcmp(magic, CHECKPOINT_MAGIC, strlen(CHECKPOINT_MAGIC)) == 0 && fread(&h, sizeof h, 1, in) == 1;
    bool same = ok && h.hidden == want->hidden && h.l2 == want->l2 && h.residual == want->residual &&
                h.seed == want->seed && h.batch == want->batch && h.validation_every == want->validation_every &&
                h.data_used == want->data_used && h.file_count == want->file_count && h.params == want->params;
    ok = same && fread(f->p, 1, n, in) == n && fread(f->m, 1, n, in) == n && fread(f->v, 1, n, in) == n &&
         fread(&stored, sizeof stored, 1, in) == 1;
    fclose(in);
    if (ok) {
        hash = fnv(hash, &h, sizeof h);
        hash = fnv(fnv(fnv(hash, f->p, n), f->m, n), f->v, n);
        ok = hash == stored;
    }
    if (!ok)
        snprintf(why, why_size, "%s is %s", path,
                 !same ? "not a checkpoint of this run (layer sizes, residual, seed, batch, validation or data differ)"
                       : "damaged");
    else
        f->head = h;
    return ok;
}

/* Trains from the state's cursor to the last epoch (tune.c's loop, with the network's step). */
static bool train(NetFit *f, TuneDataSet *set, uint32_t *order, NetTrainReport *rep, FILE *log, char *why,
                  size_t why_size)
{
    const NetTrainConfig *cfg = f->cfg;
    NetTrainHead *h = &f->head;
    uint64_t train_size = tune_data_part_size(set, TUNE_DATA_TRAIN);
    double start = clock_now(), last_save = start;
    uint64_t done = 0, batches = 0, chunks_run = 0;
    while (h->epoch < (uint64_t)cfg->epochs) {
        tune_data_epoch_order(order, set->count, cfg->seed, h->epoch);
        TuneStream s;
        tune_stream_start(&s, set, order, TUNE_DATA_TRAIN, h->at);
        long got;
        while ((got = tune_stream_read(&s, f->rec, NULL, CHUNK_RECORDS, why, why_size)) > 0) {
            tune_data_shuffle(f->rec, (size_t)got, cfg->seed, h->epoch, h->chunk);
            for (size_t b = 0; b < (size_t)got; b += (size_t)cfg->batch) {
                size_t n = (size_t)got - b < (size_t)cfg->batch ? (size_t)got - b : (size_t)cfg->batch;
                step(f, f->rec + b * REC, n);
                done += n;
                if (log && cfg->report_every > 0 && ++batches % (uint64_t)cfg->report_every == 0) {
                    double now = clock_now();
                    fprintf(log, "net epoch=%llu/%d positions=%.0f/%llu speed=%.0f/s train-loss=%.6f time=%.0f\n",
                            (unsigned long long)h->epoch + 1, cfg->epochs, h->epoch_count,
                            (unsigned long long)train_size, (double)done / (now - start + 1e-9),
                            h->epoch_count ? h->epoch_loss / h->epoch_count : 0.0, now - start);
                    fflush(log);
                }
            }
            h->chunk++;
            h->at = s.at;
            chunks_run++;
            bool stop = cfg->chunk_limit && chunks_run >= (uint64_t)cfg->chunk_limit;
            if (stop || (cfg->checkpoint && clock_now() - last_save >= cfg->checkpoint_seconds)) {
                if (!save(f, why, why_size)) {
                    tune_stream_close(&s);
                    return false;
                }
                last_save = clock_now();
            }
            if (stop) {
                tune_stream_close(&s);
                rep->seconds = clock_now() - start;
                return true;
            }
        }
        tune_stream_close(&s);
        if (got < 0)
            return false;
        double loss = 0;
        uint64_t count, bad;
        if (set->held && !measure(f, set, order, NULL, &loss, &count, &bad, why, why_size))
            return false;
        rep->train_loss = h->epoch_count ? h->epoch_loss / h->epoch_count : 0;
        h->epoch++;
        h->chunk = 0;
        h->at = (TuneCursor){0, 0};
        h->epoch_loss = h->epoch_count = 0;
        if (log) {
            fprintf(log, "net epoch=%llu/%d done: train-loss=%.6f (mean while training) valid-loss=%.6f time=%.0f",
                    (unsigned long long)h->epoch, cfg->epochs, rep->train_loss, loss, clock_now() - start);
            if (cfg->tactical_gap > 0)
                fprintf(log, " tactical-skipped=%llu", (unsigned long long)f->tactical);
            fputc('\n', log);
            fflush(log);
        }
        rep->tactical_skipped = f->tactical;
        f->tactical = 0;
        if (!save(f, why, why_size))
            return false;
        last_save = clock_now();
    }
    rep->seconds = clock_now() - start;
    return true;
}

static void fit_free(NetFit *f)
{
    for (int t = 0; f->job && t < f->threads; t++)
        free(f->job[t].grad_buf);
    free(f->job);
    free(f->p);
    free(f->m);
    free(f->v);
    free(f->rec);
}

bool net_train_run(const char *const *files, int file_count, const NetTrainConfig *cfg, NetModel *out,
                   NetTrainReport *report, FILE *log, char *why, size_t why_size)
{
    memset(report, 0, sizeof *report);
    memset(out, 0, sizeof *out);
    static TuneDataSet set;   /* large: not on the stack */
    uint32_t order[TUNE_DATA_FILES_MAX];
    if (!tune_data_open(&set, files, file_count, cfg->validation_every, cfg->max_positions, why, why_size))
        return false;
    if (tune_data_part_size(&set, TUNE_DATA_TRAIN) == 0) {
        snprintf(why, why_size, "no training positions in the data");
        return false;
    }
    NetFit f = {.cfg = cfg};
    f.threads = cfg->threads < 1 ? 1 : cfg->threads > NET_TRAIN_MAX_THREADS ? NET_TRAIN_MAX_THREADS : cfg->threads;
    NetModel probe;
    if (cfg->from && (cfg->from->hidden != cfg->hidden || cfg->from->l2 != cfg->l2 ||
                      cfg->from->pairwise != cfg->pairwise || cfg->from->residual != cfg->residual ||
                      (cfg->from->buckets != cfg->buckets && cfg->from->buckets != 1))) {
        snprintf(why, why_size, "the starting network is %dx%dx%d%s, not %dx%dx%d%s", cfg->from->hidden,
                 cfg->from->l2, cfg->from->buckets, kind_tag(cfg->from->pairwise, cfg->from->residual), cfg->hidden,
                 cfg->l2, cfg->buckets, kind_tag(cfg->pairwise, cfg->residual));
        return false;
    }
    if (!net_alloc(&probe, cfg->hidden, cfg->l2, cfg->buckets, cfg->pairwise)) {
        snprintf(why, why_size, "layer sizes %d and %d in %d buckets: hidden a multiple of %d up to %d, l2 of %d "
                 "up to %d, buckets 1 to %d", cfg->hidden, cfg->l2, cfg->buckets,
                 net_hidden_step(cfg->pairwise), NET_HIDDEN_MAX, NET_L2_STEP, NET_L2_MAX,
                 NET_BUCKETS_MAX);
        return false;
    }
    net_free(&probe);
    net_grad_shape(&f.shape, cfg->hidden, cfg->l2, cfg->buckets, cfg->pairwise);
    size_t n = f.shape.count;
    f.p = malloc(n * sizeof *f.p), f.m = calloc(n, sizeof *f.m), f.v = calloc(n, sizeof *f.v);
    f.job = calloc((size_t)f.threads, sizeof *f.job);
    f.rec = malloc((size_t)CHUNK_RECORDS * REC);
    bool ok = f.p && f.m && f.v && f.job && f.rec;
    for (int t = 0; ok && t < f.threads; t++)
        ok = (f.job[t].grad_buf = malloc(n * sizeof(float))) != NULL;
    if (!ok) {
        snprintf(why, why_size, "out of memory");
        fit_free(&f);
        return false;
    }
    for (int i = 0; i < set.count; i++)
        order[i] = (uint32_t)i;
    NetTrainHead want = {.hidden = (uint64_t)cfg->hidden, .l2 = (uint64_t)cfg->l2, .residual = cfg->residual,
                         .seed = cfg->seed, .batch = (uint64_t)cfg->batch, .validation_every = (uint64_t)cfg->validation_every,
                         .data_used = set.used, .file_count = (uint64_t)set.count, .params = n};
    if (log) {
        fprintf(log, "net data: %d files, %llu records, %llu held out; %dx%dx%d%s network (%zu parameters), "
                "%d threads, batch %d\n", set.count, (unsigned long long)set.used, (unsigned long long)set.held,
                cfg->hidden, cfg->l2, cfg->buckets, kind_tag(cfg->pairwise, cfg->residual), n, f.threads, cfg->batch);
        fflush(log);
    }
    uint64_t count = 0, bad = 0;
    double loss = 0;
    if (cfg->resume) {
        ok = load(&f, &want, why, why_size);
    } else {
        f.head = want;
        if (cfg->from)
            net_grad_from_model(&f.shape, cfg->from, f.p);
        else
            net_grad_init(&f.shape, f.p, cfg->seed);
        if (cfg->residual && !cfg->from)   /* a correction starts near none */
            for (size_t k = f.shape.w3; k < f.shape.b3; k++)
                f.p[k] *= RESIDUAL_START;
        ok = !set.held || measure(&f, &set, order, NULL, &loss, &count, &bad, why, why_size);
        f.head.valid_before = loss;
    }
    ok = ok && train(&f, &set, order, report, log, why, why_size);
    for (int i = 0; i < set.count; i++)
        order[i] = (uint32_t)i;
    ok = ok && net_grad_quantize(&f.shape, f.p, out);
    if (ok && cfg->residual)
        out->residual = true, out->base_crc = eval_weights_crc(VARIANT_NORMAL);
    if (ok && set.held)
        ok = measure(&f, &set, order, out, &loss, &count, &bad, why, why_size);
    if (ok) {
        report->valid_before = f.head.valid_before;
        report->valid_after = loss;
        report->valid_count = count;
        report->bad_records = bad;
        report->train_count = tune_data_part_size(&set, TUNE_DATA_TRAIN);
        report->epochs = (int)f.head.epoch;
    } else if (out->w1) {
        net_free(out);
    }
    fit_free(&f);
    return ok;
}

void net_train_note(char *buf, size_t size, const NetTrainConfig *cfg, const NetTrainReport *report)
{
    snprintf(buf, size,
             "engine tune --net: %dx%dx%d%s, %d epochs, batch %d, rate %g, decay %g, lambda %g, k %g, tactical-gap %d, "
             "seed %llu; "
             "%llu training positions, %llu held out; held-out loss %.6f -> %.6f (the integer network)",
             cfg->hidden, cfg->l2, cfg->buckets, kind_tag(cfg->pairwise, cfg->residual), report->epochs, cfg->batch,
             cfg->rate, cfg->decay, cfg->lambda, cfg->k,
             cfg->tactical_gap, (unsigned long long)cfg->seed, (unsigned long long)report->train_count,
             (unsigned long long)report->valid_count, report->valid_before, report->valid_after);
}
