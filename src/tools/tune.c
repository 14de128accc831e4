#include "tools/tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>
#include "util/clock.h"
#include "util/opts.h"
#include "eval/eval_file.h"
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

void tune_note(char *buf, size_t size, Variant v, const TuneConfig *cfg, const TuneReport *report, size_t samples)
{
    char how[48];
    snprintf(how, sizeof how, v == VARIANT_NORMAL ? "engine tune" : "engine tune --variant %s", variant_name(v));
    snprintf(buf, size,
             "%s: fitted on %zu positions, %d iterations, rate %g, l2 %g, K=%.6f, training loss %.6f -> %.6f, "
             "validation loss %.6f -> %.6f",
             how, samples, cfg->iterations, cfg->learning_rate, cfg->l2, report->k, report->train_before,
             report->train_after, report->valid_before, report->valid_after);
}

/* The command line of tune_main. */
typedef struct {
    TuneConfig cfg;
    long iterations, threads, report_every, validation_every;
    Variant variant;
    const char *out;
} TuneArgs;

static const char *take_variant(void *out, const char *value)
{
    Variant *v = out;
    if (!variant_parse(value, v))
        return "expected one of normal killer bt frisian losing";
    if (eval_weights_variant(*v) != *v)
        return "it plays with the normal weights: tune those with --variant normal";
    return NULL;
}

#define TUNE_FILES_MAX 256
#define TUNE_USAGE                                                                                                   \
    "usage: engine tune [options] DATA...\n"                                                                         \
    "  fits the evaluation weights to self-play data (files `engine selfplay` writes, text or .bin)\n"             \
    "  --variant V        the variant whose weights are fitted, from its current ones (default normal)\n"          \
    "  --out FILE         where the weight file goes (default book/eval/V.bin)\n"                                  \
    "  --iterations N     Adam iterations, 1-1000000 (default 1500)\n"                                             \
    "  --rate X           Adam step, 0.001-1000 (default 0.5)\n"                                                   \
    "  --l2 X             pull towards the starting weights, 0-1e9 (default 0)\n"                                  \
    "  --threads N        gradient threads (default: the online cores)\n"                                          \
    "  --report N         a progress line every N iterations, 0 none (default 50)\n"                               \
    "  --validation N     every N-th block of 64 positions is held out, 0 none (default 10)\n"

/* Reads the options into args and the data file names into files; false after saying why. */
static bool parse_args(int argc, char **argv, TuneArgs *a, const char **files, int *file_count)
{
    tune_default_config(&a->cfg);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    a->threads = cores < 1 ? 1 : cores > TUNE_MAX_THREADS ? TUNE_MAX_THREADS : cores;
    a->iterations = a->cfg.iterations;
    a->report_every = a->cfg.report_every;
    a->validation_every = a->cfg.validation_every;
    a->variant = VARIANT_NORMAL;
    a->out = NULL;
    const OptSpec specs[] = {
        OPTS_CALL("--variant", &a->variant, take_variant),
        OPTS_TEXT("--out", &a->out),
        OPTS_INT("--iterations", &a->iterations, 1, 1000000),
        OPTS_REAL("--rate", &a->cfg.learning_rate, 0.001, 1000),
        OPTS_REAL("--l2", &a->cfg.l2, 0, 1e9),
        OPTS_INT("--threads", &a->threads, 1, TUNE_MAX_THREADS),
        OPTS_INT("--report", &a->report_every, 0, 1000000),
        OPTS_INT("--validation", &a->validation_every, 0, 1000000),
        OPTS_END,
    };
    if (!opts_parse("tune", specs, argc, argv, 2, files, 0, TUNE_FILES_MAX))
        return false;
    if (a->validation_every == 1) {
        fprintf(stderr, "engine tune: bad --validation \"1\": it would hold out everything (0 = none, or 2 and up)\n");
        return false;
    }
    *file_count = 0;
    while (*file_count < TUNE_FILES_MAX && files[*file_count])
        (*file_count)++;
    if (*file_count == 0) {
        fprintf(stderr, "engine tune: no data (give one or more files written by `engine selfplay`)\n");
        return false;
    }
    a->cfg.iterations = (int)a->iterations;
    a->cfg.threads = (int)a->threads;
    a->cfg.report_every = (int)a->report_every;
    a->cfg.validation_every = (int)a->validation_every;
    return true;
}

int tune_main(int argc, char **argv)
{
    TuneArgs a;
    const char *files[TUNE_FILES_MAX + 1] = {NULL};
    int file_count;
    if (opts_help(argc, argv, 2, TUNE_USAGE))
        return 0;
    if (!parse_args(argc, argv, &a, files, &file_count))
        return OPTS_REFUSED;
    TuneData data;
    tune_data_init(&data);
    data.variant = a.variant;
    for (int i = 0; i < file_count; i++) {
        long bad = tune_data_load(&data, files[i]);
        if (bad < 0) {
            fprintf(stderr, "engine tune: cannot read \"%s\" (or out of memory)\n", files[i]);
            tune_data_free(&data);
            return 1;
        }
        printf("tune file=%s positions=%zu skipped-lines=%ld\n", files[i], data.sample_count, bad);
    }
    if (data.sample_count < 2) {
        fprintf(stderr, "engine tune: fewer than 2 positions in the data\n");
        tune_data_free(&data);
        return 1;
    }
    static EvalWeight weights[EVAL_FEATURE_COUNT];
    const EvalWeight *start = eval_weights_of(a.variant);
    memcpy(weights, start, sizeof weights);
    char default_path[64];
    if (!a.out) {
        snprintf(default_path, sizeof default_path, "book/eval/%s.bin", variant_name(a.variant));
        a.out = default_path;
    }
    TuneConfig *cfg = &a.cfg;
    TuneReport rep;
    printf("tune samples=%zu features=%d threads=%d iterations=%d rate=%g l2=%g\n", data.sample_count,
           EVAL_FEATURE_COUNT, cfg->threads, cfg->iterations, cfg->learning_rate, cfg->l2);
    fflush(stdout);
    bool ok = tune_run(&data, cfg, weights, &rep, stdout);
    size_t samples = data.sample_count;
    tune_data_free(&data);
    if (!ok) {
        fprintf(stderr, "engine tune: out of memory\n");
        return 1;
    }
    printf("tune k=%.6f train=%zu valid=%zu\n", rep.k, rep.train_count, rep.valid_count);
    printf("tune loss train %.6f -> %.6f valid %.6f -> %.6f\n", rep.train_before, rep.train_after, rep.valid_before,
           rep.valid_after);
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        printf("tune term=%s mg=%d->%d eg=%d->%d\n", eval_term_name((EvalTerm)i), start[i].mg, weights[i].mg,
               start[i].eg, weights[i].eg);
    char note[EVAL_FILE_NOTE_MAX + 1], why[EVAL_FILE_WHY_MAX];
    tune_note(note, sizeof note, a.variant, cfg, &rep, samples);
    if (!eval_file_write(a.out, a.variant, note, weights, why, sizeof why)) {
        fprintf(stderr, "engine tune: %s\n", why);
        return 1;
    }
    printf("tune wrote %s (make embeds it; ./engine hub --weights %s uses it without a rebuild)\n", a.out, a.out);
    return 0;
}
