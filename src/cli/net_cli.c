/* `engine tune --net` and a network's text (see net_cli.h). */
#include "cli/net_cli.h"

#include <stdlib.h>
#include <string.h>
#include "eval/net_file.h"
#include "eval/net_weights.h"
#include "learn/net_train.h"
#include "util/opts.h"
#include "util/sys.h"

#define NET_TUNE_USAGE                                                                                               \
    "usage: engine tune --net [options] DATA...\n"                                                                   \
    "  fits a network evaluation (international rules) to self-play data (`engine selfplay` files, text\n"        \
    "  or .bin), streaming it from disk, and writes its file\n"                                                      \
    "  --out FILE           the network file (default book/eval/normal.net)\n"                                 \
    "  --size HxL[xB]       first and second layer units, and B sets of the second and output layers by\n"   \
    "                       the number of pieces (default 256x32x1; H a multiple of 32 up to 1024, L of 8\n"  \
    "                       up to 64, B 1 to 8)\n"                                                                  \
    "  --pairwise           layer 2 takes the products of each perspective's units i and i + H/2 (H a\n"  \
    "                       multiple of 64): half its work\n"                                                  \
    "  --residual           the network corrects the patterns: a position's score is the patterns' (the\n"  \
    "                       embedded weights) plus the network's\n"                                            \
    "  --from FILE          start from this network (its sizes; a one-bucket network is copied into the\n"     \
    "                       buckets --size gives) instead of random weights\n"                                  \
    "  --epochs N           passes over the training data, 0-100000 (default 10); 0 with --from measures\n"     \
    "                       that network's held-out loss and writes nothing\n"                                   \
    "  --batch N            positions per Adam step, 1-1048576 (default 16384)\n"                                  \
    "  --rate X             Adam's step, 1e-6-1 (default 0.001)\n"                                                \
    "  --decay X            the step is multiplied by X after every epoch, 0.01-1 (default 0.8)\n"                 \
    "  --lambda X           the game result's share of the target, the rest the data's search score (0.5)\n"     \
    "  --k X                the scale K of sigmoid(K * centi-men) (default 0.008747, the patterns' fit)\n"       \
    "  --tactical-gap X     skip training positions whose search score gives the side behind in material\n"  \
    "                       more than X centi-men beyond its deficit: combinations under way (default 0: keep)\n" \
    "  --seed N             starting weights, file order and shuffles (default 1)\n"                               \
    "  --threads N          gradient threads (default: the online cores)\n"                                        \
    "  --report N           a progress line every N batches, 0 none (default 50)\n"                                \
    "  --validation N       every N-th block of 64 positions is held out, 0 none (default 10)\n"                  \
    "  --max-positions N    use only the first N positions of the data (default all)\n"                           \
    "  --checkpoint FILE    save the state there every 5 minutes and after every epoch\n"                          \
    "  --resume FILE        continue from a checkpoint (same data, sizes, seed, batch and validation)\n"

static const char *take_size(void *out, const char *value)
{
    NetTrainConfig *cfg = out;
    int h, l, b = 1, end = 0, more = 0;
    if (sscanf(value, "%dx%d%n", &h, &l, &end) != 2)
        return "expected HxL or HxLxB, such as 256x32 or 256x32x4";
    if (value[end] == 'x' && sscanf(value + end, "x%d%n", &b, &more) == 1)
        end += more;
    if (value[end] != '\0')
        return "expected HxL or HxLxB, such as 256x32 or 256x32x4";
    cfg->hidden = h, cfg->l2 = l, cfg->buckets = b;
    return NULL;
}

int net_cli_tune_main(int argc, char **argv)
{
    NetTrainConfig cfg;
    net_train_default(&cfg);
    long cores = sys_cores();
    long epochs = cfg.epochs, batch = cfg.batch, seed = (long)cfg.seed, report = cfg.report_every;
    long validation = cfg.validation_every, max_positions = 0, tactical_gap = 0;
    long threads = cores < 1 ? 1 : cores > NET_TRAIN_MAX_THREADS ? NET_TRAIN_MAX_THREADS : cores;
    bool net = false;
    int size_at = 0;
    const char *out = "book/eval/normal.net", *from_path = NULL, *files[TUNE_DATA_FILES_MAX + 1] = {NULL};
    const OptSpec specs[] = {
        OPTS_FLAG("--net", &net),
        OPTS_TEXT("--out", &out),
        OPTS_FLAG("--pairwise", &cfg.pairwise),
        OPTS_FLAG("--residual", &cfg.residual),
        {.name = "--size", .kind = OPT_CALL, .out = &cfg, .call = take_size, .at = &size_at},
        OPTS_TEXT("--from", &from_path),
        OPTS_INT("--epochs", &epochs, 0, 100000),
        OPTS_INT("--batch", &batch, 1, 1 << 20),
        OPTS_REAL("--rate", &cfg.rate, 1e-6, 1),
        OPTS_REAL("--decay", &cfg.decay, 0.01, 1),
        OPTS_REAL("--lambda", &cfg.lambda, 0, 1),
        OPTS_REAL("--k", &cfg.k, 1e-5, 1),
        OPTS_INT("--tactical-gap", &tactical_gap, 0, 10000),
        OPTS_INT("--seed", &seed, 0, LONG_MAX),
        OPTS_INT("--threads", &threads, 1, NET_TRAIN_MAX_THREADS),
        OPTS_INT("--report", &report, 0, 1000000),
        OPTS_INT("--validation", &validation, 0, 1000000),
        OPTS_INT("--max-positions", &max_positions, 0, LONG_MAX),
        OPTS_TEXT("--checkpoint", &cfg.checkpoint),
        OPTS_TEXT("--resume", &cfg.resume),
        OPTS_END,
    };
    if (opts_help(argc, argv, 2, NET_TUNE_USAGE))
        return 0;
    if (!opts_parse("tune", specs, argc, argv, 2, files, 1, TUNE_DATA_FILES_MAX))
        return OPTS_REFUSED;
    if (validation == 1)
        return opts_refuse("tune", "bad --validation \"1\": it would hold out everything (0 = none, or 2 and up)");
    cfg.tactical_gap = (int)tactical_gap;
    cfg.epochs = (int)epochs, cfg.batch = (int)batch, cfg.seed = (uint64_t)seed, cfg.report_every = (int)report;
    cfg.validation_every = (int)validation, cfg.max_positions = (uint64_t)max_positions, cfg.threads = (int)threads;
    int file_count = 0;
    while (file_count < TUNE_DATA_FILES_MAX && files[file_count])
        file_count++;
    NetModel m, from;
    NetTrainReport rep;
    char why[512];
    if (epochs == 0 && !from_path)
        return opts_refuse("tune", "--epochs 0 measures a network: give it with --from FILE");
    if (from_path) {
        if (!net_file_load(from_path, &from, why, sizeof why)) {
            fprintf(stderr, "engine tune: %s\n", why);
            return 1;
        }
        if (!size_at || from.buckets != 1)   /* --size HxLxB may split a one-bucket network */
            cfg.buckets = from.buckets;
        cfg.from = &from, cfg.hidden = from.hidden, cfg.l2 = from.l2, cfg.pairwise = from.pairwise;
        cfg.residual = from.residual;
    }
    bool trained = net_train_run(files, file_count, &cfg, &m, &rep, stdout, why, sizeof why);
    if (from_path)
        net_free(&from);
    if (!trained) {
        fprintf(stderr, "engine tune: %s\n", why);
        return strstr(why, "layer sizes") ? OPTS_REFUSED : 1;
    }
    if (epochs == 0) {
        printf("net loss valid %.6f (held out: %llu positions; the network of %s as it is)\n", rep.valid_after,
               (unsigned long long)rep.valid_count, from_path);
        net_free(&m);
        return 0;
    }
    printf("net loss valid %.6f -> %.6f (held out: %llu positions; training: %llu; skipped: %llu)\n",
           rep.valid_before, rep.valid_after, (unsigned long long)rep.valid_count,
           (unsigned long long)rep.train_count, (unsigned long long)rep.bad_records);
    net_train_note(m.note, sizeof m.note, &cfg, &rep);
    bool ok = net_file_save(&m, out, why, sizeof why);
    if (ok)
        printf("net wrote %s\n", out);
    else
        fprintf(stderr, "engine tune: %s\n", why);
    net_free(&m);
    return ok ? 0 : 1;
}

/* Prints the range and mean magnitude of n values read by get. */
static void print_range(FILE *out, const char *name, size_t n, long (*get)(const NetModel *, size_t), const NetModel *m)
{
    long lo = 0, hi = 0;
    double sum = 0;
    for (size_t k = 0; k < n; k++) {
        long v = get(m, k);
        lo = k == 0 || v < lo ? v : lo;
        hi = k == 0 || v > hi ? v : hi;
        sum += v < 0 ? -v : v;
    }
    fprintf(out, "layer %s count=%zu min=%ld max=%ld mean-abs=%.2f\n", name, n, lo, hi, n ? sum / (double)n : 0.0);
}

static long get_w1(const NetModel *m, size_t k) { return m->w1[k]; }
static long get_b1(const NetModel *m, size_t k) { return m->b1[k]; }
static long get_w2(const NetModel *m, size_t k) { return m->w2[k]; }
static long get_b2(const NetModel *m, size_t k) { return m->b2[k]; }
static long get_w3(const NetModel *m, size_t k) { return m->w3[k]; }

void net_cli_print(const NetModel *m, FILE *out)
{
    size_t units = (size_t)m->buckets * (size_t)m->l2;
    fprintf(out, "network inputs=%d hidden=%d l2=%d buckets=%d activation=%s base=", NET_INPUTS, m->hidden, m->l2,
            m->buckets, m->pairwise ? "pairwise" : "clipped");
    if (m->residual)
        fprintf(out, "patterns:%08lx", (unsigned long)m->base_crc);
    else
        fputs("none", out);
    fprintf(out, "\nnote %s\n", m->note);
    print_range(out, "w1", (size_t)NET_INPUTS * (size_t)m->hidden, get_w1, m);
    print_range(out, "b1", (size_t)m->hidden, get_b1, m);
    print_range(out, "w2", units * (size_t)net_width(m), get_w2, m);
    print_range(out, "b2", units, get_b2, m);
    print_range(out, "w3", units, get_w3, m);
    for (int b = 0; b < m->buckets; b++)
        fprintf(out, "layer b3 bucket=%d value=%d\n", b, m->b3[b]);
    int dead = 0;
    for (int i = 0; i < m->hidden; i++) {
        bool moves = false;
        for (int f = 0; f < NET_INPUTS && !moves; f++)
            moves = m->w1[(size_t)f * (size_t)m->hidden + (size_t)i] != 0;
        dead += !moves;
    }
    Position start;
    position_start(&start);
    Score own = net_evaluate(m, &start);
    Score patterns = net_weights_base(m, &start);
    fprintf(out, "units-without-inputs %d\nstart-position score=%d", dead, patterns + own);
    if (m->residual)
        fprintf(out, " (patterns %d + network %d)", patterns, own);
    fputc('\n', out);
}
