/* `engine eval info` (see eval_cli.h). */
#include "cli/eval_cli.h"

#include <stdlib.h>
#include "cli/net_cli.h"
#include "eval/net_file.h"
#include "util/opts.h"

/* The squares of a block of n squares holding digit d (1 own man, 2 opponent man) in index, as
 * "31,36", or "-" when none. */
static void squares_with(const int *block, int n, uint32_t index, uint32_t d, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++, index /= 3)
        if (index % 3 == d && used < size)
            used += (size_t)snprintf(buf + used, size - used, "%s%d", used ? "," : "", block[i]);
    if (!used)
        snprintf(buf, size, "-");
}

static inline bool is_zero(EvalWeight w) { return w.mg == 0 && w.eg == 0; }

/* How many of the n weights from w are not (0, 0). */
static uint32_t count_nonzero(const EvalWeight *w, uint32_t n)
{
    uint32_t count = 0;
    for (uint32_t i = 0; i < n; i++)
        count += !is_zero(w[i]);
    return count;
}

/* A table of learned block entries: a summary line (its squares, its non-zero count), then each
 * non-zero entry with the squares of its own and opponent men. kind names the entries. */
static void print_blocks(const char *kind, const char *name, const int *block, int n, const EvalWeight *w,
                         uint32_t size, FILE *out)
{
    fprintf(out, "table %s squares=", name);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%d", i ? "," : "", block[i]);
    fprintf(out, " nonzero=%u\n", count_nonzero(w, size));
    for (uint32_t i = 0; i < size; i++) {
        if (is_zero(w[i]))
            continue;
        char own[60], opp[60];
        squares_with(block, n, i, 1, own, sizeof own);
        squares_with(block, n, i, 2, opp, sizeof opp);
        fprintf(out, "%s %s index=%u own=%s opp=%s mg=%d eg=%d\n", kind, name, i, own, opp, w[i].mg, w[i].eg);
    }
}

/* The summary line of table t: its name and non-zero entry count. */
static void print_table_head(const EvalWeight *weights, int t, FILE *out)
{
    fprintf(out, "table %s nonzero=%u\n", eval_table_name(t),
            count_nonzero(&weights[eval_table_base(t)], eval_table_size(t)));
}

/* The king table: a summary line, then its non-zero squares (own view), one per line. */
static void print_kings(const EvalWeight *weights, FILE *out)
{
    const EvalWeight *k = &weights[EVAL_KING_BASE];
    print_table_head(weights, EVAL_KING_TABLE, out);
    for (int s = 0; s < SQUARE_COUNT; s++)
        if (!is_zero(k[s]))
            fprintf(out, "king square=%d mg=%d eg=%d\n", s + 1, k[s].mg, k[s].eg);
}

/* The material table: a summary line, then its non-zero entries, one per line with their counts. */
static void print_material(const EvalWeight *weights, FILE *out)
{
    const EvalWeight *m = &weights[EVAL_MATERIAL_BASE];
    print_table_head(weights, EVAL_MATERIAL_TABLE, out);
    for (int kings = 0; kings < EVAL_MATERIAL_KINGS; kings++)
        for (int opp_kings = 0; opp_kings < EVAL_MATERIAL_KINGS; opp_kings++)
            for (int men = 0; men < EVAL_MATERIAL_MEN; men++)
                for (int opp_men = 0; opp_men < EVAL_MATERIAL_MEN; opp_men++) {
                    const EvalWeight *w = &m[eval_material_index(men, kings, opp_men, opp_kings)];
                    if (!is_zero(*w))
                        fprintf(out, "material men=%d kings=%d opp-men=%d opp-kings=%d mg=%d eg=%d\n", men, kings,
                                opp_men, opp_kings, w->mg, w->eg);
                }
}

/* The tempo, moves and wings tables: a summary line each, then their non-zero entries with their
 * counts. */
static void print_tempo_moves_wings(const EvalWeight *weights, FILE *out)
{
    const EvalWeight *t = &weights[EVAL_TEMPO_BASE], *m = &weights[EVAL_MOVES_BASE], *g = &weights[EVAL_WINGS_BASE];
    print_table_head(weights, EVAL_SIDE_TABLE + EVAL_SIDE_TEMPO, out);
    for (int men = 0; men < 2 * EVAL_TEMPO_BUCKETS; men += 2)
        for (int lead = -EVAL_TEMPO_SPAN; lead <= EVAL_TEMPO_SPAN; lead++) {
            const EvalWeight *w = &t[eval_tempo_index(men, lead)];
            if (!is_zero(*w))
                fprintf(out, "tempo men=%d-%d lead=%d mg=%d eg=%d\n", men, men + 1, lead, w->mg, w->eg);
        }
    print_table_head(weights, EVAL_SIDE_TABLE + EVAL_SIDE_MOVES, out);
    for (int steps = 0; steps < EVAL_MOVES_CAP; steps++)
        for (int opp = 0; opp < EVAL_MOVES_CAP; opp++) {
            const EvalWeight *w = &m[eval_moves_index(steps, opp)];
            if (!is_zero(*w))
                fprintf(out, "moves steps=%d opp-steps=%d mg=%d eg=%d\n", steps, opp, w->mg, w->eg);
        }
    print_table_head(weights, EVAL_SIDE_TABLE + EVAL_SIDE_WINGS, out);
    for (int i = 0; i < EVAL_WINGS_SIZE; i++)
        if (!is_zero(g[i]))
            fprintf(out, "wings left=%d opp-left=%d right=%d opp-right=%d mg=%d eg=%d\n",
                    i / (EVAL_WINGS_CAP * EVAL_WINGS_CAP * EVAL_WINGS_CAP), i / (EVAL_WINGS_CAP * EVAL_WINGS_CAP) %
                    EVAL_WINGS_CAP, i / EVAL_WINGS_CAP % EVAL_WINGS_CAP, i % EVAL_WINGS_CAP, g[i].mg, g[i].eg);
}

void eval_cli_print(const EvalWeight *weights, const EvalFileHeader *head, FILE *out)
{
    fprintf(out, "eval-file version=%d variant=%s bytes=%zu crc=%08lx\n", head->version, variant_name(head->variant),
            head->bytes, (unsigned long)head->crc);
    fprintf(out, "note %s\n", head->note);
    fprintf(out, "layout terms=%d tables=%d table-size=%d king-squares=%d regions=%d region-size=%d material-size=%d "
            "tempo-size=%d moves-size=%d wings-size=%d weights=%d nonzero=%u\n", EVAL_TERM_COUNT,
            EVAL_PATTERN_TABLES, EVAL_PATTERN_SIZE, SQUARE_COUNT, EVAL_REGION_TABLES, EVAL_REGION_SIZE,
            EVAL_MATERIAL_SIZE, EVAL_TEMPO_SIZE, EVAL_MOVES_SIZE, EVAL_WINGS_SIZE, EVAL_FEATURE_COUNT,
            count_nonzero(weights, EVAL_FEATURE_COUNT));
    for (int i = 0; i < EVAL_TERM_COUNT; i++)
        fprintf(out, "term %s mg=%d eg=%d\n", eval_term_name((EvalTerm)i), weights[i].mg, weights[i].eg);
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++)
        print_blocks("pattern", eval_pattern_name(t), eval_pattern_block[t], EVAL_PATTERN_SQUARES,
                     &weights[EVAL_PATTERN_BASE + t * EVAL_PATTERN_SIZE], EVAL_PATTERN_SIZE, out);
    print_kings(weights, out);
    for (int t = 0; t < EVAL_REGION_TABLES; t++)
        print_blocks("region", eval_region_name(t), eval_region_block[t], EVAL_REGION_SQUARES,
                     &weights[EVAL_REGION_BASE + t * EVAL_REGION_SIZE], EVAL_REGION_SIZE, out);
    print_material(weights, out);
    print_tempo_moves_wings(weights, out);
}

#define EVAL_INFO_USAGE                                                                                              \
    "usage: engine eval info FILE\n"                                                                                 \
    "  a network file (engine tune --net): its sizes and note, each layer's weight range, its start score;\n"      \
    "  prints a weight file (book/eval/V.bin, or one `engine tune` wrote) as text: its header and note, every\n"    \
    "  term's mg/eg weights, then each pattern table's non-zero entries, the king table's non-zero\n"               \
    "  squares, each region table's non-zero entries, the material table's (men and kings of the side,\n"      \
    "  then of its opponent; men counted up to 15, kings up to 3), the tempo table's (men on the board, the\n"   \
    "  side's tempo lead), the moves table's (free forward steps of the side's men, then the opponent's)\n"      \
    "  and the wings table's (the side's and the opponent's men on its left half, then on its right half)\n"

int eval_cli_info_main(int argc, char **argv)
{
    const OptSpec specs[] = {OPTS_END};
    const char *path[1] = {NULL};
    if (opts_help(argc, argv, 3, EVAL_INFO_USAGE))
        return 0;
    if (!opts_parse("eval info", specs, argc, argv, 3, path, 1, 1))
        return OPTS_REFUSED;
    NetModel net;
    char net_why[512];
    FILE *probe = fopen(path[0], "rb");
    uint8_t magic[4] = {0};
    bool is_net = probe && fread(magic, 1, 4, probe) == 4 && net_file_is_net(magic, 4);
    if (probe)
        fclose(probe);
    if (is_net) {
        if (!net_file_load(path[0], &net, net_why, sizeof net_why)) {
            fprintf(stderr, "engine eval info: %s\n", net_why);
            return 2;
        }
        net_cli_print(&net, stdout);
        net_free(&net);
        return 0;
    }
    EvalWeight *weights = malloc(EVAL_FEATURE_COUNT * sizeof *weights);
    if (!weights) {
        fprintf(stderr, "engine eval info: out of memory\n");
        return 1;
    }
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX];
    bool ok = eval_file_read(path[0], VARIANT_COUNT, weights, &head, why, sizeof why);
    if (ok)
        eval_cli_print(weights, &head, stdout);
    else
        fprintf(stderr, "engine eval info: %s: %s\n", path[0], why);
    free(weights);
    return ok ? 0 : 2;
}
