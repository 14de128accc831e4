#include "cli/tune_cli.h"

#include "cli/net_cli.h"

#include <stdio.h>
#include <string.h>
#include "util/opts.h"
#include "util/sys.h"
#include "eval/eval_file.h"
#include "learn/tune.h"
#include "learn/tune_data.h"
#include "eval/eval_weights.h"

/* The command line of tune_cli_main. */
typedef struct {
    TuneConfig cfg;
    long epochs, threads, batch, report_every, validation_every, seed, max_positions, min_count;
    Variant variant;
    const char *out;
    const char *from;   /* starting weights (NULL: the embedded ones) */
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

/* --only NAME,...: fit only these tables (names as `engine eval info` prints them) and, if "terms" is
 * among them, the named terms; everything else keeps its starting weights. */
static const char *take_only(void *out, const char *value)
{
    TuneConfig *cfg = out;
    bool terms = false, table[EVAL_TABLE_COUNT] = {false};
    for (const char *p = value; *p;) {
        size_t n = strcspn(p, ",");
        int t = 0;
        while (t < EVAL_TABLE_COUNT && !(strlen(eval_table_name(t)) == n && strncmp(eval_table_name(t), p, n) == 0))
            t++;
        if (t < EVAL_TABLE_COUNT)
            table[t] = true;
        else if (n == 5 && strncmp(p, "terms", 5) == 0)
            terms = true;
        else
            return "expected table names (see engine eval info) or terms, separated by commas";
        p += n + (p[n] == ',');
    }
    for (int t = 0; t < EVAL_TABLE_COUNT; t++)
        cfg->hold_table[t] = !table[t];
    for (int i = 0; !terms && i < EVAL_TERM_COUNT; i++)
        cfg->freeze[i] = true;
    return NULL;
}

#define TUNE_USAGE                                                                                                   \
    "usage: engine tune [options] DATA...\n"                                                                         \
    "  fits the evaluation weights to self-play data (files `engine selfplay` writes, text or .bin),\n"            \
    "  streaming it from disk: memory does not grow with the data\n"                                                 \
    "  --variant V          the variant whose weights are fitted, from its current ones (default normal)\n"        \
    "  --out FILE           where the weight file goes (default book/eval/V.bin)\n"                                \
    "  --from FILE          start from this weight file (of the same variant) instead of the embedded one\n"      \
    "  --epochs N           passes over the training data, 0-100000 (default 10); 0 measures the losses\n"       \
    "                       of the starting weights and writes nothing\n"                                         \
    "  --batch N            positions per Adam step, 1-1048576 (default 16384)\n"                                  \
    "  --rate X             Adam step in centi-men, 0.001-1000 (default 0.5)\n"                                    \
    "  --decay X            the step is multiplied by X after every epoch, 0.01-1 (default 0.7)\n"                 \
    "  --l2 X               pull towards the starting weights, 0-1e9 (default 0)\n"                                \
    "  --min-count N        table entries seen in fewer training positions stay 0, 0-1e9 (default 0)\n"           \
    "  --only T1,T2,...     fit only these tables (names as `engine eval info` prints them; terms: the named\n"  \
    "                       terms); the rest keep their starting weights (default: fit everything)\n"         \
    "  --lambda X           the game result's share of the target, the rest the data's search score, 0-1\n"    \
    "                       (default 1: results only; losses measured are against the results)\n"              \
    "  --k X                the scale K of sigmoid(K * score), 0 = fit it on 1M positions (default 0)\n"          \
    "  --seed N             file order and shuffles (default 1)\n"                                                 \
    "  --threads N          gradient threads (default: the online cores)\n"                                        \
    "  --report N           a progress line every N batches, 0 none (default 100)\n"                               \
    "  --validation N       every N-th block of 64 positions is held out, 0 none (default 10)\n"                  \
    "  --max-positions N    use only the first N positions of the data (default all)\n"                           \
    "  --checkpoint FILE    save the state there every 5 minutes and after every epoch\n"                          \
    "  --resume FILE        continue from a checkpoint (same data, seed, batch and validation)\n"            \
    "  --net                fit a network evaluation instead (engine tune --net --help)\n"

/* Reads the options into args and the data file names into files; false after saying why. */
static bool parse_args(int argc, char **argv, TuneArgs *a, const char **files, int *file_count)
{
    tune_default_config(&a->cfg);
    long cores = sys_cores();
    a->threads = cores < 1 ? 1 : cores > TUNE_MAX_THREADS ? TUNE_MAX_THREADS : cores;
    a->epochs = a->cfg.epochs;
    a->batch = a->cfg.batch;
    a->report_every = a->cfg.report_every;
    a->validation_every = a->cfg.validation_every;
    a->seed = (long)a->cfg.seed;
    a->max_positions = 0;
    a->min_count = 0;
    a->variant = VARIANT_NORMAL;
    a->out = NULL;
    a->from = NULL;
    const OptSpec specs[] = {
        OPTS_CALL("--variant", &a->variant, take_variant),
        OPTS_TEXT("--out", &a->out),
        OPTS_TEXT("--from", &a->from),
        OPTS_INT("--epochs", &a->epochs, 0, 100000),
        OPTS_INT("--batch", &a->batch, 1, 1 << 20),
        OPTS_REAL("--rate", &a->cfg.learning_rate, 0.001, 1000),
        OPTS_REAL("--decay", &a->cfg.decay, 0.01, 1),
        OPTS_REAL("--l2", &a->cfg.l2, 0, 1e9),
        OPTS_INT("--min-count", &a->min_count, 0, 1000000000),
        OPTS_CALL("--only", &a->cfg, take_only),
        OPTS_REAL("--lambda", &a->cfg.lambda, 0, 1),
        OPTS_REAL("--k", &a->cfg.k, 0, 1),
        OPTS_INT("--seed", &a->seed, 0, LONG_MAX),
        OPTS_INT("--threads", &a->threads, 1, TUNE_MAX_THREADS),
        OPTS_INT("--report", &a->report_every, 0, 1000000),
        OPTS_INT("--validation", &a->validation_every, 0, 1000000),
        OPTS_INT("--max-positions", &a->max_positions, 0, LONG_MAX),
        OPTS_TEXT("--checkpoint", &a->cfg.checkpoint),
        OPTS_TEXT("--resume", &a->cfg.resume),
        OPTS_END,
    };
    if (!opts_parse("tune", specs, argc, argv, 2, files, 0, TUNE_DATA_FILES_MAX))
        return false;
    if (a->validation_every == 1) {
        fprintf(stderr, "engine tune: bad --validation \"1\": it would hold out everything (0 = none, or 2 and up)\n");
        return false;
    }
    *file_count = 0;
    while (*file_count < TUNE_DATA_FILES_MAX && files[*file_count])
        (*file_count)++;
    if (*file_count == 0) {
        fprintf(stderr, "engine tune: no data (give one or more files written by `engine selfplay`)\n");
        return false;
    }
    a->cfg.epochs = (int)a->epochs;
    a->cfg.batch = (int)a->batch;
    a->cfg.threads = (int)a->threads;
    a->cfg.report_every = (int)a->report_every;
    a->cfg.validation_every = (int)a->validation_every;
    a->cfg.seed = (uint64_t)a->seed;
    a->cfg.max_positions = (uint64_t)a->max_positions;
    a->cfg.min_count = (uint32_t)a->min_count;
    return true;
}

int tune_cli_main(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--net") == 0)
            return net_cli_tune_main(argc, argv);
    TuneArgs a;
    const char *files[TUNE_DATA_FILES_MAX + 1];
    int file_count;
    memset(files, 0, sizeof files);
    if (opts_help(argc, argv, 2, TUNE_USAGE))
        return 0;
    if (!parse_args(argc, argv, &a, files, &file_count))
        return OPTS_REFUSED;
    static EvalWeight weights[EVAL_FEATURE_COUNT], from[EVAL_FEATURE_COUNT];
    const EvalWeight *start = eval_weights_of(a.variant);
    char why_file[EVAL_FILE_WHY_MAX];
    if (a.from) {
        EvalFileHeader head;
        if (!eval_file_read(a.from, a.variant, from, &head, why_file, sizeof why_file)) {
            fprintf(stderr, "engine tune: %s\n", why_file);
            return 1;
        }
        start = from;
    }
    memcpy(weights, start, sizeof weights);
    char default_path[64];
    if (!a.out) {
        snprintf(default_path, sizeof default_path, "book/eval/%s.bin", variant_name(a.variant));
        a.out = default_path;
    }
    const TuneConfig *cfg = &a.cfg;
    printf("tune features=%d threads=%d epochs=%d batch=%d rate=%g decay=%g l2=%g min-count=%u lambda=%g seed=%llu\n",
           EVAL_FEATURE_COUNT, cfg->threads, cfg->epochs, cfg->batch, cfg->learning_rate, cfg->decay, cfg->l2,
           cfg->min_count, cfg->lambda, (unsigned long long)cfg->seed);
    fflush(stdout);
    TuneReport rep;
    char why[256];
    if (!tune_run(files, file_count, a.variant, cfg, weights, &rep, stdout, why, sizeof why)) {
        fprintf(stderr, "engine tune: %s\n", why);
        return 1;
    }
    printf("tune k=%.6f train=%llu valid=%llu skipped=%llu\n", rep.k, (unsigned long long)rep.train_count,
           (unsigned long long)rep.valid_count, (unsigned long long)rep.bad_records);
    printf("tune loss train %.6f -> %.6f valid %.6f -> %.6f\n", rep.train_before, rep.train_after, rep.valid_before,
           rep.valid_after);
    if (cfg->epochs == 0)
        return 0;   /* measured only */
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        printf("tune term=%s mg=%d->%d eg=%d->%d\n", eval_term_name((EvalTerm)i), start[i].mg, weights[i].mg,
               start[i].eg, weights[i].eg);
    char note[EVAL_FILE_NOTE_MAX + 1];
    tune_note(note, sizeof note, a.variant, cfg, &rep);
    if (!eval_file_write(a.out, a.variant, note, weights, why_file, sizeof why_file)) {
        fprintf(stderr, "engine tune: %s\n", why_file);
        return 1;
    }
    printf("tune wrote %s (make embeds it; ./engine hub --weights %s uses it without a rebuild)\n", a.out, a.out);
    return 0;
}
