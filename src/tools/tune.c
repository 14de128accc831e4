#include "tools/tune.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>
#include "util/clock.h"
#include "tools/selfplay.h"

#define PARAM_COUNT (2 * EVAL_FEATURE_COUNT)
#define K_MIN 1e-4
#define K_MAX 0.1
#define TUNE_BLOCK 64

void tune_default_config(TuneConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->iterations = 1500;
    cfg->learning_rate = 0.5;
    cfg->validation_every = 10;
    cfg->threads = 1;
    cfg->report_every = 50;
    cfg->freeze[EVAL_MAN] = true;
}

void tune_data_init(TuneData *data) { memset(data, 0, sizeof *data); }

void tune_data_free(TuneData *data)
{
    free(data->samples);
    free(data->entries);
    tune_data_init(data);
}

/* Grows an array to hold at least need elements; false (array unchanged) when memory is short. */
static bool grow(void **array, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    void *bigger = realloc(*array, n * elem);
    if (!bigger)
        return false;
    *array = bigger;
    *cap = n;
    return true;
}

bool tune_data_add(TuneData *data, const Position *pos, double result)
{
    EvalFeatures f;
    eval_extract(pos, &f);
    if (!grow((void **)&data->samples, &data->sample_cap, data->sample_count + 1, sizeof *data->samples) ||
        !grow((void **)&data->entries, &data->entry_cap, data->entry_count + EVAL_TERM_COUNT + EVAL_PATTERN_LOOKUPS,
              sizeof *data->entries))
        return false;
    TuneSample *s = &data->samples[data->sample_count++];
    s->first = (uint32_t)data->entry_count;
    s->count = 0;
    s->phase = (uint8_t)f.phase;
    s->scale = (uint8_t)f.scale;
    s->result = (float)result;
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        if (f.value[i]) {
            data->entries[data->entry_count++] = (TuneEntry){.feature = (uint32_t)i, .value = f.value[i]};
            s->count++;
        }
    for (int k = 0; k < EVAL_PATTERN_LOOKUPS; k++) {
        uint32_t feature = (uint32_t)eval_pattern_feature(k, f.pattern[k]);
        data->entries[data->entry_count++] = (TuneEntry){.feature = feature, .value = eval_pattern_sign(k)};
        s->count++;
    }
    return true;
}

long tune_data_load(TuneData *data, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    long bad = 0;
    char head[sizeof SELFPLAY_BIN_MAGIC];
    size_t magic_len = sizeof SELFPLAY_BIN_MAGIC - 1;
    bool binary = fread(head, 1, magic_len, f) == magic_len && memcmp(head, SELFPLAY_BIN_MAGIC, magic_len) == 0;
    if (!binary)
        rewind(f);
    uint8_t rec[SELFPLAY_RECORD_SIZE];
    char line[SELFPLAY_LINE_MAX];
    for (;;) {
        Position pos;
        double result;
        bool parsed;
        if (binary) {
            size_t n = fread(rec, 1, sizeof rec, f);
            if (n == 0)
                break;
            parsed = n == sizeof rec && selfplay_unpack_record(rec, &pos, &result);
        } else {
            if (!fgets(line, sizeof line, f))
                break;
            parsed = selfplay_parse_line(line, &pos, &result);
        }
        if (!parsed || position_set_variant(&pos, data->variant)) {
            bad++;
            continue;
        }
        if (!tune_data_add(data, &pos, result)) {
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return bad;
}

/* The share of a feature value that goes to the mg and the eg weight (phase blend and scale). */
static inline void blend(const TuneSample *s, double *mg, double *eg)
{
    double scale = (double)s->scale / EVAL_SCALE_ONE;
    *mg = scale * (EVAL_PHASE_MAX - s->phase) / EVAL_PHASE_MAX;
    *eg = scale * s->phase / EVAL_PHASE_MAX;
}

double tune_sample_score(const TuneData *data, const TuneSample *s, const double *w)
{
    double mg = 0, eg = 0, bm, be;
    const TuneEntry *e = &data->entries[s->first];
    for (int i = 0; i < s->count; i++) {
        mg += w[2 * e[i].feature] * e[i].value;
        eg += w[2 * e[i].feature + 1] * e[i].value;
    }
    blend(s, &bm, &be);
    return mg * bm + eg * be;
}

/* Validation takes whole blocks of consecutive samples (about one game each), so that positions
 * of one game do not sit on both sides of the split. */
static bool held_out(const TuneConfig *cfg, size_t i)
{
    return cfg->validation_every > 0 && (i / TUNE_BLOCK) % (size_t)cfg->validation_every == 0;
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* Mean squared error over the chosen part, from precomputed scores. */
static double loss_of_scores(const TuneData *data, const double *score, double k, const TuneConfig *cfg,
                             bool validation)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < data->sample_count; i++) {
        if (held_out(cfg, i) != validation)
            continue;
        double d = data->samples[i].result - sigmoid(k * score[i]);
        sum += d * d;
        n++;
    }
    return n ? sum / (double)n : 0.0;
}

/* The model score of every sample under w (malloc'ed; NULL when memory is short). */
static double *all_scores(const TuneData *data, const double *w)
{
    double *score = malloc((data->sample_count + 1) * sizeof *score);
    if (score)
        for (size_t i = 0; i < data->sample_count; i++)
            score[i] = tune_sample_score(data, &data->samples[i], w);
    return score;
}

double tune_loss(const TuneData *data, const double *w, double k, const TuneConfig *cfg, bool validation)
{
    double *score = all_scores(data, w);
    if (!score)
        return NAN;
    double loss = loss_of_scores(data, score, k, cfg, validation);
    free(score);
    return loss;
}

double tune_fit_k(const TuneData *data, const double *w, const TuneConfig *cfg)
{
    double *score = all_scores(data, w);
    if (!score)
        return NAN;
    /* Golden-section search on log k: the loss is unimodal in k for a fixed ranking. */
    const double phi = 0.6180339887498949;
    double a = log(K_MIN), b = log(K_MAX);
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double fc = loss_of_scores(data, score, exp(c), cfg, false), fd = loss_of_scores(data, score, exp(d), cfg, false);
    for (int i = 0; i < 80; i++) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - phi * (b - a);
            fc = loss_of_scores(data, score, exp(c), cfg, false);
        } else {
            a = c, c = d, fc = fd;
            d = a + phi * (b - a);
            fd = loss_of_scores(data, score, exp(d), cfg, false);
        }
    }
    free(score);
    return exp((a + b) / 2);
}

/* One thread's share of a full-batch gradient: samples [begin, end) of the training part. */
typedef struct {
    const TuneData *data;
    const TuneConfig *cfg;
    const double *w;
    double k;
    size_t begin, end, n;
    double *grad;
} GradientJob;

static int gradient_job(void *arg)
{
    GradientJob *job = arg;
    const TuneData *data = job->data;
    memset(job->grad, 0, PARAM_COUNT * sizeof *job->grad);
    job->n = 0;
    for (size_t i = job->begin; i < job->end; i++) {
        if (held_out(job->cfg, i))
            continue;
        const TuneSample *s = &data->samples[i];
        double p = sigmoid(job->k * tune_sample_score(data, s, job->w));
        double dscore = -2.0 * (s->result - p) * p * (1.0 - p) * job->k, bm, be;
        blend(s, &bm, &be);
        const TuneEntry *e = &data->entries[s->first];
        for (int j = 0; j < s->count; j++) {
            job->grad[2 * e[j].feature] += dscore * bm * e[j].value;
            job->grad[2 * e[j].feature + 1] += dscore * be * e[j].value;
        }
        job->n++;
    }
    return 0;
}

/* The full-batch gradient of the training loss with respect to the (mg, eg) weights, computed by
 * cfg->threads threads over fixed sample ranges and summed in thread order (deterministic for a
 * given thread count). jobs[t].grad are scratch arrays of PARAM_COUNT. */
static void gradient(const TuneData *data, const double *w, double k, const TuneConfig *cfg, GradientJob *jobs,
                     double *grad)
{
    int threads = cfg->threads;
    thrd_t tid[TUNE_MAX_THREADS];
    bool started[TUNE_MAX_THREADS] = {false};
    for (int t = 0; t < threads; t++) {
        jobs[t].data = data, jobs[t].cfg = cfg, jobs[t].w = w, jobs[t].k = k;
        jobs[t].begin = data->sample_count * (size_t)t / (size_t)threads;
        jobs[t].end = data->sample_count * (size_t)(t + 1) / (size_t)threads;
        if (t > 0)
            started[t] = thrd_create(&tid[t], gradient_job, &jobs[t]) == thrd_success;
    }
    gradient_job(&jobs[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t])
            thrd_join(tid[t], NULL);
        else
            gradient_job(&jobs[t]);   /* no thread to be had: do its share here */
    }
    size_t n = 0;
    memset(grad, 0, PARAM_COUNT * sizeof *grad);
    for (int t = 0; t < threads; t++) {
        n += jobs[t].n;
        for (size_t j = 0; j < PARAM_COUNT; j++)
            grad[j] += jobs[t].grad[j];
    }
    for (size_t j = 0; j < PARAM_COUNT && n; j++)
        grad[j] /= (double)n;
}

static int16_t round_weight(double x)
{
    double r = floor(x + 0.5);
    return (int16_t)(r > 30000 ? 30000 : r < -30000 ? -30000 : r);
}

/* The scratch arrays of one tuning run (NULL members when memory is short). */
typedef struct {
    double *w, *w0, *grad, *m, *v;
    GradientJob jobs[TUNE_MAX_THREADS];
} TuneWork;

static void work_free(TuneWork *wk)
{
    free(wk->w), free(wk->w0), free(wk->grad), free(wk->m), free(wk->v);
    for (int t = 0; t < TUNE_MAX_THREADS; t++)
        free(wk->jobs[t].grad);
}

static bool work_alloc(TuneWork *wk, int threads)
{
    memset(wk, 0, sizeof *wk);
    bool ok = (wk->w = calloc(PARAM_COUNT, sizeof(double))) && (wk->w0 = calloc(PARAM_COUNT, sizeof(double))) &&
              (wk->grad = calloc(PARAM_COUNT, sizeof(double))) && (wk->m = calloc(PARAM_COUNT, sizeof(double))) &&
              (wk->v = calloc(PARAM_COUNT, sizeof(double)));
    for (int t = 0; ok && t < threads; t++)
        ok = (wk->jobs[t].grad = calloc(PARAM_COUNT, sizeof(double))) != NULL;
    if (!ok)
        work_free(wk);
    return ok;
}

bool tune_run(const TuneData *data, const TuneConfig *cfg, EvalWeight *weights, TuneReport *report, FILE *log)
{
    TuneConfig c = *cfg;
    c.threads = c.threads < 1 ? 1 : c.threads > TUNE_MAX_THREADS ? TUNE_MAX_THREADS : c.threads;
    TuneWork wk;
    if (!work_alloc(&wk, c.threads))
        return false;
    double *w = wk.w, *w0 = wk.w0, *grad = wk.grad, *m = wk.m, *v = wk.v;
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++) {
        w[2 * i] = weights[i].mg;
        w[2 * i + 1] = weights[i].eg;
    }
    memcpy(w0, w, PARAM_COUNT * sizeof *w0);
    memset(report, 0, sizeof *report);
    for (size_t i = 0; i < data->sample_count; i++) {
        if (held_out(&c, i))
            report->valid_count++;
        else
            report->train_count++;
    }
    report->k = tune_fit_k(data, w, &c);
    report->train_before = tune_loss(data, w, report->k, &c, false);
    report->valid_before = tune_loss(data, w, report->k, &c, true);
    if (isnan(report->k) || isnan(report->train_before) || isnan(report->valid_before)) {
        work_free(&wk);
        return false;
    }
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-12;
    double start = clock_now();
    for (int it = 1; it <= c.iterations; it++) {
        gradient(data, w, report->k, &c, wk.jobs, grad);
        double c1 = 1 - pow(beta1, it), c2 = 1 - pow(beta2, it);
        for (size_t j = 0; j < PARAM_COUNT; j++) {
            if (j < 2 * EVAL_TERM_COUNT && c.freeze[j / 2])
                continue;
            grad[j] += 2 * c.l2 * (w[j] - w0[j]);
            m[j] = beta1 * m[j] + (1 - beta1) * grad[j];
            v[j] = beta2 * v[j] + (1 - beta2) * grad[j] * grad[j];
            w[j] -= c.learning_rate * (m[j] / c1) / (sqrt(v[j] / c2) + eps);
        }
        if (log && c.report_every > 0 && (it % c.report_every == 0 || it == c.iterations)) {
            fprintf(log, "tune iteration=%d/%d train-loss=%.6f valid-loss=%.6f time=%.1f\n", it, c.iterations,
                    tune_loss(data, w, report->k, &c, false), tune_loss(data, w, report->k, &c, true),
                    clock_now() - start);
            fflush(log);
        }
    }
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++) {
        weights[i].mg = round_weight(w[2 * i]);
        weights[i].eg = round_weight(w[2 * i + 1]);
        w[2 * i] = weights[i].mg;
        w[2 * i + 1] = weights[i].eg;
    }
    report->train_after = tune_loss(data, w, report->k, &c, false);
    report->valid_after = tune_loss(data, w, report->k, &c, true);
    work_free(&wk);
    return !isnan(report->train_after) && !isnan(report->valid_after);
}

/* The name of variant v's weight array, which is also its file's: eval_weights, eval_weights_frisian... */
static void weights_symbol(Variant v, char *buf, size_t size)
{
    snprintf(buf, size, v == VARIANT_NORMAL ? "eval_weights" : "eval_weights_%s", variant_name(v));
}

void tune_write_source(const EvalWeight *weights, const TuneReport *report, size_t samples, Variant v, FILE *out)
{
    char symbol[64], how[96];
    weights_symbol(v, symbol, sizeof symbol);
    if (v == VARIANT_NORMAL)
        snprintf(how, sizeof how, ", generated by `./engine tune`");
    else
        snprintf(how, sizeof how, " for %s, generated by `./engine tune --variant %s`", variant_name(v), variant_name(v));
    fprintf(out,
            "/* Evaluation weights (mg, eg) in centi-men%s: do not edit.\n"
            " * Fitted on %zu positions, K=%.6f, training loss %.6f -> %.6f, validation loss %.6f -> %.6f. */\n"
            "#include \"eval.h\"\n\n"
            "const EvalWeight %s[EVAL_FEATURE_COUNT] = {\n",
            how, samples, report->k, report->train_before, report->train_after, report->valid_before,
            report->valid_after, symbol);
    for (int i = 0; i < EVAL_TERM_COUNT; i++) {
        char name[64];
        const char *term = eval_term_name((EvalTerm)i);
        size_t j = 0;
        for (; term[j] && j + 1 < sizeof name; j++)
            name[j] = (char)toupper((unsigned char)term[j]);
        name[j] = 0;
        fprintf(out, "    [EVAL_%s] = {%d, %d},\n", name, weights[i].mg, weights[i].eg);
    }
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++) {
        int base = EVAL_PATTERN_BASE + t * EVAL_PATTERN_SIZE;
        fprintf(out, "    /* pattern table %d: squares", t);
        for (int i = 0; i < EVAL_PATTERN_SQUARES; i++)
            fprintf(out, " %d", eval_pattern_block[t][i]);
        fprintf(out, " (own view) */\n    [EVAL_PATTERN_BASE + %d * EVAL_PATTERN_SIZE] =", t);
        for (int i = 0; i < EVAL_PATTERN_SIZE; i++)
            fprintf(out, "%s{%d, %d},", i % 8 ? " " : "\n    ", weights[base + i].mg, weights[base + i].eg);
        fprintf(out, "\n");
    }
    fprintf(out, "};\n");
}

int tune_main(int argc, char **argv)
{
    TuneConfig cfg;
    tune_default_config(&cfg);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cfg.threads = cores < 1 ? 1 : cores > TUNE_MAX_THREADS ? TUNE_MAX_THREADS : (int)cores;
    const char *out_path = NULL;
    char default_path[64];
    TuneData data;
    tune_data_init(&data);
    int files = 0;
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (strcmp(opt, "--out") == 0 && val) {
            out_path = val, i++;
        } else if (strcmp(opt, "--variant") == 0 && val && !files && variant_parse(val, &data.variant)) {
            i++;
        } else if (strcmp(opt, "--iterations") == 0 && val && (cfg.iterations = (int)strtol(val, &end, 10)) > 0 &&
                   !*end && cfg.iterations <= 1000000) {
            i++;
        } else if (strcmp(opt, "--rate") == 0 && val && (cfg.learning_rate = strtod(val, &end)) > 0 && !*end &&
                   cfg.learning_rate < 1000) {
            i++;
        } else if (strcmp(opt, "--l2") == 0 && val && (cfg.l2 = strtod(val, &end)) >= 0 && !*end && end != val) {
            i++;
        } else if (strcmp(opt, "--threads") == 0 && val && (cfg.threads = (int)strtol(val, &end, 10)) > 0 && !*end &&
                   cfg.threads <= TUNE_MAX_THREADS) {
            i++;
        } else if (strcmp(opt, "--report") == 0 && val && (cfg.report_every = (int)strtol(val, &end, 10)) >= 0 &&
                   !*end && end != val) {
            i++;
        } else if (strcmp(opt, "--validation") == 0 && val && (cfg.validation_every = (int)strtol(val, &end, 10)) >= 0 &&
                   !*end && end != val && cfg.validation_every != 1) {
            i++;
        } else if (opt[0] == '-') {
            fprintf(stderr, "usage: engine tune [--variant V] [--out FILE] [--iterations N] [--rate X] [--l2 X]\n"
                            "                   [--validation N] [--threads N] [--report N] DATA...\n"
                            "       (--variant before the data: the rules of its positions and of the weights written,\n"
                            "        default normal; the fit starts from that variant's current weights)\n"
                            "       (--validation N holds out every N-th block of 64 positions, N >= 2, 0 = none;\n"
                            "        --threads 1-%d, default: the online cores; --report N: a progress line every N iterations)\n",
                    TUNE_MAX_THREADS);
            tune_data_free(&data);
            return 2;
        } else {
            long bad = tune_data_load(&data, opt);
            if (bad < 0) {
                fprintf(stderr, "engine: tune: cannot read \"%s\" (or out of memory)\n", opt);
                tune_data_free(&data);
                return 1;
            }
            printf("tune file=%s positions=%zu skipped-lines=%ld\n", opt, data.sample_count, bad);
            files++;
        }
    }
    if (files == 0 || data.sample_count < 2) {
        fprintf(stderr, "engine: tune: no data (give one or more files written by `engine selfplay`)\n");
        tune_data_free(&data);
        return files ? 1 : 2;
    }
    static EvalWeight weights[EVAL_FEATURE_COUNT];
    Variant variant = data.variant;   /* tune_data_free forgets it */
    const EvalWeight *start = eval_weights_of(variant);
    memcpy(weights, start, sizeof weights);
    if (!out_path) {
        char symbol[48];
        weights_symbol(variant, symbol, sizeof symbol);
        snprintf(default_path, sizeof default_path, "src/eval/%s.c", symbol);
        out_path = default_path;
    }
    TuneReport rep;
    printf("tune samples=%zu features=%d threads=%d iterations=%d rate=%g l2=%g\n", data.sample_count,
           EVAL_FEATURE_COUNT, cfg.threads, cfg.iterations, cfg.learning_rate, cfg.l2);
    fflush(stdout);
    bool ok = tune_run(&data, &cfg, weights, &rep, stdout);
    size_t samples = data.sample_count;
    tune_data_free(&data);
    if (!ok) {
        fprintf(stderr, "engine: tune: out of memory\n");
        return 1;
    }
    printf("tune k=%.6f train=%zu valid=%zu\n", rep.k, rep.train_count, rep.valid_count);
    printf("tune loss train %.6f -> %.6f valid %.6f -> %.6f\n", rep.train_before, rep.train_after, rep.valid_before,
           rep.valid_after);
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        printf("tune term=%s mg=%d->%d eg=%d->%d\n", eval_term_name((EvalTerm)i), start[i].mg, weights[i].mg,
               start[i].eg, weights[i].eg);
    FILE *out = fopen(out_path, "w");
    if (!out) {
        fprintf(stderr, "engine: tune: cannot write \"%s\"\n", out_path);
        return 1;
    }
    tune_write_source(weights, &rep, samples, variant, out);
    if (fclose(out) != 0) {
        fprintf(stderr, "engine: tune: write error on \"%s\"\n", out_path);
        return 1;
    }
    printf("tune wrote %s\n", out_path);
    return 0;
}
