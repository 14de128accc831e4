#include "learn/tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/clock.h"
#include "util/thread.h"
#include "learn/sample.h"
#include "learn/tune_checkpoint.h"
#include "learn/tune_data.h"

#define PARAMS (2 * (size_t)EVAL_FEATURE_COUNT)
#define K_MIN 1e-4
#define K_MAX 0.1
#define REC SAMPLE_RECORD_SIZE
#define ENTRIES_MAX (EVAL_TERM_COUNT + EVAL_PATTERN_LOOKUPS + EVAL_REGION_LOOKUPS + SQUARE_COUNT + 2 * EVAL_SIDE_TABLES)

void tune_default_config(TuneConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->epochs = 10;
    cfg->threads = 1;
    cfg->batch = 16384;
    cfg->chunk = 1 << 20;
    cfg->report_every = 100;
    cfg->learning_rate = 0.5;
    cfg->decay = 0.7;
    cfg->validation_every = 10;
    cfg->lambda = 1;
    cfg->seed = 1;
    cfg->checkpoint_seconds = 300;
    cfg->freeze[EVAL_MAN] = true;
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* Mean squared error of sigmoid(k * score) against the results. */
static double loss_at(const double *score, const float *result, size_t n, double k)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        double d = result[i] - sigmoid(k * score[i]);
        sum += d * d;
    }
    return n ? sum / (double)n : 0.0;
}

double tune_fit_k(const double *score, const float *result, size_t n)
{
    /* Golden-section search on log k: the loss is unimodal in k for a fixed ranking. */
    const double phi = 0.6180339887498949;
    double a = log(K_MIN), b = log(K_MAX);
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double fc = loss_at(score, result, n, exp(c)), fd = loss_at(score, result, n, exp(d));
    for (int i = 0; i < 80; i++) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - phi * (b - a);
            fc = loss_at(score, result, n, exp(c));
        } else {
            a = c, c = d, fc = fd;
            d = a + phi * (b - a);
            fd = loss_at(score, result, n, exp(d));
        }
    }
    return exp((a + b) / 2);
}

/* One thread's share of a batch or of a measuring pass: records [0, n) of rec. */
typedef struct {
    const uint8_t *rec;
    const bool *held;     /* which part each record is in (NULL: all training) */
    size_t n;
    Variant variant;
    const double *w;
    double k;
    double lambda;        /* the game result's share of the training target (tune.h) */
    bool gradient;        /* sum the gradient into grad, else measure only */
    double *grad;         /* the gradient sums of the touched features (the thread's own) */
    uint8_t *mark;        /* per feature: touched in this batch */
    uint32_t *touched;
    size_t touched_count;
    double *score;        /* NULL, or per record its score (NAN when it holds no position) */
    float *result;
    uint32_t *counts;     /* NULL, or a counting pass: per feature, how often the records show it */
    double loss[2];       /* squared errors of the training [0] and held-out [1] records */
    uint64_t count[2], bad;
} Job;

static void job_run(void *arg)
{
    Job *job = arg;
    const double *w = job->w;
    for (size_t i = 0; i < job->n; i++) {
        Position pos;
        double result;
        int searched;
        if (!sample_unpack(job->rec + i * REC, &pos, &result, &searched) ||
            position_set_variant(&pos, job->variant)) {
            job->bad++;
            if (job->score)
                job->score[i] = NAN;
            continue;
        }
        EvalFeatures f;
        eval_extract(&pos, &f);
        uint32_t feature[ENTRIES_MAX];
        int value[ENTRIES_MAX], count = 0;
        for (int t = 0; t < EVAL_TERM_COUNT; t++)
            if (f.value[t])
                feature[count] = (uint32_t)t, value[count++] = f.value[t];
        for (int k = 0; k < EVAL_PATTERN_LOOKUPS; k++)
            feature[count] = (uint32_t)eval_pattern_feature(k, f.pattern[k]), value[count++] = eval_pattern_sign(k);
        for (int k = 0; k < EVAL_REGION_LOOKUPS; k++)
            feature[count] = (uint32_t)eval_region_feature(k, f.region[k]), value[count++] = eval_region_sign(k);
        for (int side = 0; side < 2; side++)
            for (Bitboard b = f.king_view[side]; b; b &= b - 1)
                feature[count] = (uint32_t)eval_king_feature(bb_square_of_bit[bb_lsb(b)]),
                value[count++] = side == WHITE ? 1 : -1;
        for (int t = 0; t < EVAL_SIDE_TABLES; t++)
            if (f.side[t][WHITE] != f.side[t][BLACK])   /* equal: they cancel */
                for (int side = 0; side < 2; side++)
                    feature[count] = (uint32_t)eval_side_feature(t, f.side[t][side]),
                    value[count++] = side == WHITE ? 1 : -1;
        if (job->counts) {
            for (int j = 0; j < count; j++)
                job->counts[feature[j]]++;
            continue;
        }
        double mg = 0, eg = 0;
        for (int j = 0; j < count; j++) {
            mg += w[2 * feature[j]] * value[j];
            eg += w[2 * feature[j] + 1] * value[j];
        }
        double scale = (double)f.scale / EVAL_SCALE_ONE;
        double bm = scale * (EVAL_PHASE_MAX - f.phase) / EVAL_PHASE_MAX, be = scale * f.phase / EVAL_PHASE_MAX;
        double score = mg * bm + eg * be, p = sigmoid(job->k * score), target = result;
        if (job->gradient && job->lambda < 1 && searched != SAMPLE_NO_SCORE)
            target = job->lambda * result + (1 - job->lambda) * sigmoid(job->k * searched);
        double d = target - p;
        int part = job->held && job->held[i];
        job->loss[part] += d * d;
        job->count[part]++;
        if (job->score)
            job->score[i] = score, job->result[i] = (float)result;
        if (!job->gradient)
            continue;
        double g = -2.0 * d * p * (1.0 - p) * job->k, gm = g * bm, ge = g * be;
        for (int j = 0; j < count; j++) {
            uint32_t ft = feature[j];
            if (!job->mark[ft]) {
                job->mark[ft] = 1;
                job->touched[job->touched_count++] = ft;
            }
            job->grad[2 * ft] += gm * value[j];
            job->grad[2 * ft + 1] += ge * value[j];
        }
    }
}

/* Everything one fit holds: the state that a checkpoint saves and the scratch of the threads. */
typedef struct {
    const TuneConfig *cfg;
    Variant variant;
    int threads;
    TuneState st;
    Job job[TUNE_MAX_THREADS];
    double *grad;           /* the batch gradient, merged; zero outside a step */
    uint8_t *mark;
    uint32_t *touched;
    uint8_t *pinned;        /* per feature: kept at its start (a frozen term, an entry of a held table,
                               or one held at 0 by --min-count) */
    uint8_t *rec;           /* a chunk of records */
    bool *held;
    size_t chunk_cap;
    double *score;          /* K sample */
    float *result;
} Fit;

static void fit_free(Fit *fit)
{
    tune_state_free(&fit->st);
    for (int t = 0; t < TUNE_MAX_THREADS; t++)
        free(fit->job[t].grad), free(fit->job[t].mark), free(fit->job[t].touched);
    free(fit->grad), free(fit->mark), free(fit->touched), free(fit->rec), free(fit->held), free(fit->pinned);
    free(fit->score), free(fit->result);
}

static bool fit_alloc(Fit *fit, const TuneConfig *cfg, Variant v)
{
    memset(fit, 0, sizeof *fit);
    fit->cfg = cfg;
    fit->variant = v;
    fit->threads = cfg->threads < 1 ? 1 : cfg->threads > TUNE_MAX_THREADS ? TUNE_MAX_THREADS : cfg->threads;
    size_t batch = (size_t)cfg->batch;
    fit->chunk_cap = ((size_t)cfg->chunk + batch - 1) / batch * batch;
    bool ok = tune_state_alloc(&fit->st) && (fit->grad = calloc(PARAMS, sizeof(double))) &&
              (fit->mark = calloc(EVAL_FEATURE_COUNT, 1)) &&
              (fit->touched = malloc(EVAL_FEATURE_COUNT * sizeof(uint32_t))) &&
              (fit->rec = malloc(fit->chunk_cap * REC)) && (fit->held = malloc(fit->chunk_cap * sizeof(bool))) &&
              (fit->pinned = calloc(EVAL_FEATURE_COUNT, 1));
    for (int t = 0; ok && t < fit->threads; t++) {
        Job *j = &fit->job[t];
        ok = (j->grad = calloc(PARAMS, sizeof(double))) && (j->mark = calloc(EVAL_FEATURE_COUNT, 1)) &&
             (j->touched = malloc(EVAL_FEATURE_COUNT * sizeof(uint32_t)));
    }
    for (int i = 0; ok && i < EVAL_TERM_COUNT; i++)
        fit->pinned[i] = cfg->freeze[i];
    for (int t = 0; ok && t < EVAL_TABLE_COUNT; t++)
        memset(fit->pinned + eval_table_base(t), cfg->hold_table[t], eval_table_size(t));
    if (!ok)
        fit_free(fit);
    return ok;
}

/* Runs the jobs of records [0, n) split in fit->threads contiguous ranges and waits for them; the
 * ranges depend on n and the thread count only, so sums are deterministic. */
static void run_jobs(Fit *fit, const uint8_t *rec, const bool *held, size_t n, bool gradient, bool scores)
{
    Thread tid[TUNE_MAX_THREADS];
    bool started[TUNE_MAX_THREADS] = {false};
    int threads = fit->threads;
    for (int t = 0; t < threads; t++) {
        Job *j = &fit->job[t];
        size_t begin = n * (size_t)t / (size_t)threads, end = n * (size_t)(t + 1) / (size_t)threads;
        j->rec = rec + begin * REC, j->held = held ? held + begin : NULL, j->n = end - begin;
        j->variant = fit->variant, j->w = fit->st.w, j->k = fit->st.head.k, j->lambda = fit->cfg->lambda;
        j->gradient = gradient;
        j->touched_count = 0;
        j->score = scores ? fit->score + begin : NULL, j->result = scores ? fit->result + begin : NULL;
        memset(j->loss, 0, sizeof j->loss), memset(j->count, 0, sizeof j->count), j->bad = 0;
        if (t > 0)
            started[t] = thread_start(&tid[t], job_run, j, 0);
    }
    job_run(&fit->job[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t])
            thread_join(&tid[t]);
        else
            job_run(&fit->job[t]);   /* no thread to be had: do its share here */
    }
}

/* One Adam step on a batch: the threads' gradients merged in thread order, then the moments and
 * weights of the touched features only (lazy Adam: a batch costs what its positions touch, however
 * many weights there are). Adds the batch's squared errors and count to the epoch's. */
static void step(Fit *fit, const uint8_t *rec, size_t n)
{
    run_jobs(fit, rec, NULL, n, true, false);
    TuneCheckpointHead *h = &fit->st.head;
    size_t touched = 0;
    uint64_t count = 0;
    for (int t = 0; t < fit->threads; t++) {
        Job *j = &fit->job[t];
        count += j->count[0];
        h->epoch_loss += j->loss[0];
        for (size_t i = 0; i < j->touched_count; i++) {
            uint32_t f = j->touched[i];
            if (!fit->mark[f]) {
                fit->mark[f] = 1;
                fit->touched[touched++] = f;
            }
            fit->grad[2 * f] += j->grad[2 * f], fit->grad[2 * f + 1] += j->grad[2 * f + 1];
            j->grad[2 * f] = j->grad[2 * f + 1] = 0;
            j->mark[f] = 0;
        }
    }
    h->epoch_count += (double)count;
    const TuneConfig *cfg = fit->cfg;
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-12;
    h->step++;
    double c1 = 1 - pow(beta1, (double)h->step), c2 = 1 - pow(beta2, (double)h->step);
    double rate = cfg->learning_rate * pow(cfg->decay, (double)h->epoch);
    double *w = fit->st.w, *w0 = fit->st.w0, *m = fit->st.m, *v = fit->st.v;
    for (size_t i = 0; i < touched; i++) {
        uint32_t f = fit->touched[i];
        fit->mark[f] = 0;
        bool frozen = fit->pinned[f];
        for (size_t j = 2 * (size_t)f; j < 2 * (size_t)f + 2; j++) {
            double g = count ? fit->grad[j] / (double)count + 2 * cfg->l2 * (w[j] - w0[j]) : 0;
            fit->grad[j] = 0;
            if (frozen || !count)
                continue;
            m[j] = beta1 * m[j] + (1 - beta1) * g;
            v[j] = beta2 * v[j] + (1 - beta2) * g * g;
            w[j] -= rate * (m[j] / c1) / (sqrt(v[j] / c2) + eps);
        }
    }
}

/* The losses of the training and held-out parts under the current weights, by streaming part
 * (TUNE_DATA_ALL or TUNE_DATA_HELD) in the given order; counts positions and bad records. False
 * with why when a file cannot be read. */
static bool measure(Fit *fit, TuneDataSet *set, const uint32_t *order, TuneDataPart part, double loss[2],
                    uint64_t count[2], uint64_t *bad, char *why, size_t why_size)
{
    TuneStream s;
    tune_stream_start(&s, set, order, part, (TuneCursor){0, 0});
    double sum[2] = {0, 0};
    count[0] = count[1] = *bad = 0;
    long got;
    while ((got = tune_stream_read(&s, fit->rec, fit->held, fit->chunk_cap, why, why_size)) > 0) {
        run_jobs(fit, fit->rec, fit->held, (size_t)got, false, false);
        for (int t = 0; t < fit->threads; t++)
            for (int p = 0; p < 2; p++)
                sum[p] += fit->job[t].loss[p], count[p] += fit->job[t].count[p];
        for (int t = 0; t < fit->threads; t++)
            *bad += fit->job[t].bad;
    }
    *bad += s.bad_lines;
    tune_stream_close(&s);
    for (int p = 0; p < 2; p++)
        loss[p] = count[p] ? sum[p] / (double)count[p] : 0.0;
    return got == 0;
}

/* Counts how often each table entry occurs in the training part and marks those seen fewer than
 * cfg->min_count times as rare; their weights (start and anchor) become 0. False with why when a
 * file cannot be read or memory is short. */
static bool mark_rare(Fit *fit, TuneDataSet *set, const uint32_t *order, FILE *log, char *why, size_t why_size)
{
    uint32_t *total = calloc(EVAL_FEATURE_COUNT, sizeof *total);
    bool ok = total != NULL;
    for (int t = 0; ok && t < fit->threads; t++)
        ok = (fit->job[t].counts = calloc(EVAL_FEATURE_COUNT, sizeof(uint32_t))) != NULL;
    if (!ok)
        snprintf(why, why_size, "out of memory");
    TuneStream s;
    tune_stream_start(&s, set, order, TUNE_DATA_TRAIN, (TuneCursor){0, 0});
    long got = 0;
    while (ok && (got = tune_stream_read(&s, fit->rec, NULL, fit->chunk_cap, why, why_size)) > 0)
        run_jobs(fit, fit->rec, NULL, (size_t)got, false, false);
    tune_stream_close(&s);
    ok = ok && got == 0;
    for (int t = 0; t < fit->threads; t++) {
        for (int i = 0; ok && i < EVAL_FEATURE_COUNT; i++)   /* saturating: only "below min-count" matters */
            total[i] = total[i] > UINT32_MAX - fit->job[t].counts[i] ? UINT32_MAX : total[i] + fit->job[t].counts[i];
        free(fit->job[t].counts);
        fit->job[t].counts = NULL;
    }
    uint64_t rare = 0;
    for (int i = EVAL_TERM_COUNT; ok && i < EVAL_FEATURE_COUNT; i++)
        if (total[i] < fit->cfg->min_count) {
            fit->pinned[i] = 1;
            rare++;
            fit->st.w[2 * i] = fit->st.w[2 * i + 1] = fit->st.w0[2 * i] = fit->st.w0[2 * i + 1] = 0;
        }
    if (ok && log) {
        fprintf(log, "tune min-count=%u: %llu of %d table entries seen fewer times, held at 0\n", fit->cfg->min_count,
                (unsigned long long)rare, EVAL_FEATURE_COUNT - EVAL_TERM_COUNT);
        fflush(log);
    }
    free(total);
    return ok;
}

/* K fitted on the first TUNE_K_SAMPLE training positions (at most a chunk of them). */
static bool fit_k(Fit *fit, TuneDataSet *set, const uint32_t *order, char *why, size_t why_size)
{
    size_t cap = fit->chunk_cap < TUNE_K_SAMPLE ? fit->chunk_cap : TUNE_K_SAMPLE;
    fit->score = malloc(cap * sizeof *fit->score);
    fit->result = malloc(cap * sizeof *fit->result);
    if (!fit->score || !fit->result) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    TuneStream s;
    tune_stream_start(&s, set, order, TUNE_DATA_TRAIN, (TuneCursor){0, 0});
    long got = tune_stream_read(&s, fit->rec, NULL, cap, why, why_size);
    tune_stream_close(&s);
    if (got < 0)
        return false;
    fit->st.head.k = 1;   /* the scores do not depend on it */
    run_jobs(fit, fit->rec, NULL, (size_t)got, false, true);
    size_t n = 0;
    for (size_t i = 0; i < (size_t)got; i++)
        if (!isnan(fit->score[i]))
            fit->score[n] = fit->score[i], fit->result[n++] = fit->result[i];
    fit->st.head.k = tune_fit_k(fit->score, fit->result, n);
    free(fit->score), free(fit->result);
    fit->score = NULL, fit->result = NULL;
    return true;
}

/* Writes the checkpoint when one is asked for; false with why when it cannot. */
static bool save(Fit *fit, char *why, size_t why_size)
{
    return !fit->cfg->checkpoint || tune_checkpoint_write(fit->cfg->checkpoint, &fit->st, why, why_size);
}

/* Trains epochs from the state's cursor to cfg->epochs, each ended by the held-out loss;
 * checkpoints after a chunk once cfg->checkpoint_seconds have passed, and at every epoch end. */
static bool train(Fit *fit, TuneDataSet *set, uint32_t *order, TuneReport *rep, FILE *log, char *why,
                  size_t why_size)
{
    const TuneConfig *cfg = fit->cfg;
    TuneCheckpointHead *h = &fit->st.head;
    uint64_t train_size = tune_data_part_size(set, TUNE_DATA_TRAIN);
    double start = clock_now(), last_save = start;
    uint64_t done = 0, batches = 0, chunks_run = 0;
    double report_loss = 0, report_count = 0;
    while (h->epoch < (uint64_t)cfg->epochs) {
        tune_data_epoch_order(order, set->count, cfg->seed, h->epoch);
        TuneStream s;
        tune_stream_start(&s, set, order, TUNE_DATA_TRAIN, h->at);
        long got;
        while ((got = tune_stream_read(&s, fit->rec, NULL, fit->chunk_cap, why, why_size)) > 0) {
            tune_data_shuffle(fit->rec, (size_t)got, cfg->seed, h->epoch, h->chunk);
            for (size_t b = 0; b < (size_t)got; b += (size_t)cfg->batch) {
                size_t n = (size_t)got - b < (size_t)cfg->batch ? (size_t)got - b : (size_t)cfg->batch;
                double loss0 = h->epoch_loss, count0 = h->epoch_count;
                step(fit, fit->rec + b * REC, n);
                report_loss += h->epoch_loss - loss0, report_count += h->epoch_count - count0;
                done += n;
                if (log && cfg->report_every > 0 && ++batches % (uint64_t)cfg->report_every == 0) {
                    double now = clock_now();
                    fprintf(log, "tune epoch=%llu/%d positions=%llu/%llu speed=%.0f/s train-loss=%.6f time=%.0f\n",
                            (unsigned long long)h->epoch + 1, cfg->epochs,
                            (unsigned long long)h->epoch_count, (unsigned long long)train_size,
                            (double)done / (now - start + 1e-9), report_count ? report_loss / report_count : 0.0,
                            now - start);
                    fflush(log);
                    report_loss = report_count = 0;
                }
            }
            h->chunk++;
            h->at = s.at;
            chunks_run++;
            if (cfg->checkpoint && clock_now() - last_save >= cfg->checkpoint_seconds) {
                if (!save(fit, why, why_size)) {
                    tune_stream_close(&s);
                    return false;
                }
                last_save = clock_now();
            }
            if (cfg->chunk_limit && chunks_run >= (uint64_t)cfg->chunk_limit) {
                tune_stream_close(&s);
                rep->seconds = clock_now() - start;
                return save(fit, why, why_size);
            }
        }
        tune_stream_close(&s);
        if (got < 0)
            return false;
        double loss[2];
        uint64_t count[2], bad;
        if (set->held && !measure(fit, set, order, TUNE_DATA_HELD, loss, count, &bad, why, why_size))
            return false;
        double train_loss = h->epoch_count ? h->epoch_loss / h->epoch_count : 0;
        h->epoch++;
        h->chunk = 0;
        h->at = (TuneCursor){0, 0};
        h->epoch_loss = h->epoch_count = 0;
        if (log) {
            fprintf(log, "tune epoch=%llu/%d done: train-loss=%.6f (mean while training) valid-loss=%.6f time=%.0f\n",
                    (unsigned long long)h->epoch, cfg->epochs, train_loss, set->held ? loss[1] : 0.0,
                    clock_now() - start);
            fflush(log);
        }
        if (!save(fit, why, why_size))
            return false;
        last_save = clock_now();
    }
    rep->seconds = clock_now() - start;
    return true;
}

static int16_t round_weight(double x)
{
    double r = floor(x + 0.5);
    return (int16_t)(r > 30000 ? 30000 : r < -30000 ? -30000 : r);
}

/* The key a checkpoint of this run must carry. */
static TuneRunKey run_key(const TuneConfig *cfg, Variant v, const TuneDataSet *set)
{
    return (TuneRunKey){.layout = tune_checkpoint_layout(), .params = PARAMS, .variant = (uint64_t)v,
                        .seed = cfg->seed, .batch = (uint64_t)cfg->batch, .chunk = (uint64_t)cfg->chunk,
                        .validation_every = (uint64_t)cfg->validation_every, .data_used = set->used,
                        .file_count = (uint64_t)set->count, .min_count = cfg->min_count};
}

/* Fills the state of a fresh run: weights (the rare entries at 0), K (given or fitted), the losses
 * before; or reads it from the checkpoint to resume (marking the rare entries again). */
static bool begin(Fit *fit, TuneDataSet *set, const uint32_t *order, const EvalWeight *weights, FILE *log,
                  char *why, size_t why_size)
{
    const TuneConfig *cfg = fit->cfg;
    TuneRunKey key = run_key(cfg, fit->variant, set);
    if (cfg->resume) {
        if (!tune_checkpoint_read(cfg->resume, &key, &fit->st, why, why_size) ||
            (cfg->min_count && !mark_rare(fit, set, order, log, why, why_size)))
            return false;
        if (log)
            fprintf(log, "tune resumed from %s: epoch=%llu chunk=%llu k=%.6f\n", cfg->resume,
                    (unsigned long long)fit->st.head.epoch + 1, (unsigned long long)fit->st.head.chunk,
                    fit->st.head.k);
        return true;
    }
    TuneCheckpointHead *h = &fit->st.head;
    memset(h, 0, sizeof *h);
    h->key = key;
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
        fit->st.w[2 * i] = weights[i].mg, fit->st.w[2 * i + 1] = weights[i].eg;
    memcpy(fit->st.w0, fit->st.w, PARAMS * sizeof(double));
    if (cfg->min_count && !mark_rare(fit, set, order, log, why, why_size))
        return false;
    if (cfg->k > 0)
        h->k = cfg->k;
    else if (!fit_k(fit, set, order, why, why_size))
        return false;
    double loss[2];
    uint64_t count[2], bad;
    if (!measure(fit, set, order, TUNE_DATA_ALL, loss, count, &bad, why, why_size))
        return false;
    h->train_before = loss[0], h->valid_before = loss[1];
    if (log) {
        fprintf(log, "tune k=%.6f%s train-loss=%.6f valid-loss=%.6f (start)\n", h->k, cfg->k > 0 ? " (given)" : "",
                loss[0], loss[1]);
        fflush(log);
    }
    return save(fit, why, why_size);
}

bool tune_run(const char *const *files, int file_count, Variant v, const TuneConfig *cfg, EvalWeight *weights,
              TuneReport *report, FILE *log, char *why, size_t why_size)
{
    memset(report, 0, sizeof *report);
    TuneDataSet set;
    uint32_t order[TUNE_DATA_FILES_MAX];
    if (!tune_data_open(&set, files, file_count, cfg->validation_every, cfg->max_positions, why, why_size))
        return false;
    if (tune_data_part_size(&set, TUNE_DATA_TRAIN) == 0) {
        snprintf(why, why_size, "no training positions in the data");
        return false;
    }
    Fit fit;
    if (!fit_alloc(&fit, cfg, v)) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    for (int i = 0; i < set.count; i++)
        order[i] = (uint32_t)i;   /* K and the measuring passes read the files as given */
    if (log) {
        fprintf(log, "tune data: %d files, %llu records, %llu held out; %d features, %d threads, batch %d\n",
                set.count, (unsigned long long)set.used, (unsigned long long)set.held, EVAL_FEATURE_COUNT,
                fit.threads, cfg->batch);
        fflush(log);
    }
    bool ok = begin(&fit, &set, order, weights, log, why, why_size) && train(&fit, &set, order, report, log, why,
                                                                           why_size);
    for (int i = 0; ok && i < EVAL_FEATURE_COUNT; i++) {
        weights[i].mg = round_weight(fit.st.w[2 * i]);
        weights[i].eg = round_weight(fit.st.w[2 * i + 1]);
        fit.st.w[2 * i] = weights[i].mg;
        fit.st.w[2 * i + 1] = weights[i].eg;
    }
    for (int i = 0; i < set.count; i++)
        order[i] = (uint32_t)i;
    double loss[2];
    uint64_t count[2];
    ok = ok && measure(&fit, &set, order, TUNE_DATA_ALL, loss, count, &report->bad_records, why, why_size);
    if (ok) {
        report->k = fit.st.head.k;
        report->train_before = fit.st.head.train_before, report->valid_before = fit.st.head.valid_before;
        report->train_after = loss[0], report->valid_after = loss[1];
        report->train_count = count[0], report->valid_count = count[1];
        report->epochs = (int)fit.st.head.epoch;
    }
    fit_free(&fit);
    return ok;
}

void tune_note(char *buf, size_t size, Variant v, const TuneConfig *cfg, const TuneReport *report)
{
    char how[48];
    snprintf(how, sizeof how, v == VARIANT_NORMAL ? "engine tune" : "engine tune --variant %s", variant_name(v));
    snprintf(buf, size,
             "%s: fitted on %llu positions (%llu held out), %d epochs, batch %d, rate %g, decay %g, l2 %g, "
             "min-count %u, lambda %g, seed %llu, K=%.6f, training loss %.6f -> %.6f, validation loss %.6f -> %.6f",
             how, (unsigned long long)report->train_count, (unsigned long long)report->valid_count, report->epochs,
             cfg->batch, cfg->learning_rate, cfg->decay, cfg->l2, cfg->min_count, cfg->lambda,
             (unsigned long long)cfg->seed, report->k, report->train_before, report->train_after, report->valid_before,
             report->valid_after);
}
