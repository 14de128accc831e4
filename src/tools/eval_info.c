/* `engine eval info` (see eval_info.h). */
#include "tools/eval_info.h"

#include <stdlib.h>
#include "util/opts.h"

/* The squares of table t's block holding digit d (1 own man, 2 opponent man) in index, as
 * "31,36", or "-" when none. */
static void squares_with(int t, int index, int d, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < EVAL_PATTERN_SQUARES; i++, index /= 3)
        if (index % 3 == d && used < size)
            used += (size_t)snprintf(buf + used, size - used, "%s%d", used ? "," : "", eval_pattern_block[t][i]);
    if (!used)
        snprintf(buf, size, "-");
}

/* The king table: a summary line, then its non-zero squares (own view), one per line. */
static void print_kings(const EvalWeight *weights, FILE *out)
{
    const EvalWeight *k = &weights[EVAL_KING_BASE];
    int n = 0;
    for (int s = 0; s < SQUARE_COUNT; s++)
        n += k[s].mg != 0 || k[s].eg != 0;
    fprintf(out, "table %s nonzero=%d\n", eval_table_name(EVAL_KING_TABLE), n);
    for (int s = 0; s < SQUARE_COUNT; s++)
        if (k[s].mg != 0 || k[s].eg != 0)
            fprintf(out, "king square=%d mg=%d eg=%d\n", s + 1, k[s].mg, k[s].eg);
}

void eval_info_print(const EvalWeight *weights, const EvalFileHeader *head, FILE *out)
{
    int nonzero = 0;
    for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
        nonzero += weights[i].mg != 0 || weights[i].eg != 0;
    fprintf(out, "eval-file version=%d variant=%s bytes=%zu crc=%08lx\n", head->version, variant_name(head->variant),
            head->bytes, (unsigned long)head->crc);
    fprintf(out, "note %s\n", head->note);
    fprintf(out, "layout terms=%d tables=%d table-size=%d king-squares=%d weights=%d nonzero=%d\n", EVAL_TERM_COUNT,
            EVAL_PATTERN_TABLES, EVAL_PATTERN_SIZE, SQUARE_COUNT, EVAL_FEATURE_COUNT, nonzero);
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        fprintf(out, "term %s mg=%d eg=%d\n", eval_term_name((EvalTerm)i), weights[i].mg, weights[i].eg);
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++) {
        const EvalWeight *w = &weights[EVAL_PATTERN_BASE + t * EVAL_PATTERN_SIZE];
        int n = 0;
        for (int i = 0; i < EVAL_PATTERN_SIZE; i++)
            n += w[i].mg != 0 || w[i].eg != 0;
        fprintf(out, "table %s squares=", eval_pattern_name(t));
        for (int i = 0; i < EVAL_PATTERN_SQUARES; i++)
            fprintf(out, "%s%d", i ? "," : "", eval_pattern_block[t][i]);
        fprintf(out, " nonzero=%d\n", n);
        for (int i = 0; i < EVAL_PATTERN_SIZE; i++) {
            if (w[i].mg == 0 && w[i].eg == 0)
                continue;
            char own[40], opp[40];
            squares_with(t, i, 1, own, sizeof own);
            squares_with(t, i, 2, opp, sizeof opp);
            fprintf(out, "pattern %s index=%d own=%s opp=%s mg=%d eg=%d\n", eval_pattern_name(t), i, own, opp,
                    w[i].mg, w[i].eg);
        }
    }
    print_kings(weights, out);
}

#define EVAL_INFO_USAGE                                                                                              \
    "usage: engine eval info FILE\n"                                                                                 \
    "  prints a weight file (book/eval/V.bin, or one `engine tune` wrote) as text: its header and note, every\n"    \
    "  term's mg/eg weights, then each pattern table's non-zero entries and the king table's non-zero\n"             \
    "  squares\n"

int eval_info_main(int argc, char **argv)
{
    const OptSpec specs[] = {OPTS_END};
    const char *path[1] = {NULL};
    if (opts_help(argc, argv, 3, EVAL_INFO_USAGE))
        return 0;
    if (!opts_parse("eval info", specs, argc, argv, 3, path, 1, 1))
        return OPTS_REFUSED;
    EvalWeight *weights = malloc(EVAL_FEATURE_COUNT * sizeof *weights);
    if (!weights) {
        fprintf(stderr, "engine eval info: out of memory\n");
        return 1;
    }
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX];
    bool ok = eval_file_read(path[0], VARIANT_COUNT, weights, &head, why, sizeof why);
    if (ok)
        eval_info_print(weights, &head, stdout);
    else
        fprintf(stderr, "engine eval info: %s: %s\n", path[0], why);
    free(weights);
    return ok ? 0 : 2;
}
