/* `engine bitbase info` and `engine bitbase won` (see bitbase_cli.h). */
#include "cli/bitbase_cli.h"

#include <stdio.h>
#include "endgame/bitbase.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "util/clock.h"
#include "util/opts.h"
#include "rules/make.h"

#define INFO_USAGE "usage: engine bitbase info\n  the embedded tables, their sizes and the probe speed\n"
#define WON_USAGE                                                                                                    \
    "usage: engine bitbase won --pieces N --count C [--seed S]\n"                                                    \
    "  C random positions of N pieces (up to the tables embedded), as FEN, won for White to move by the\n"           \
    "  tables and not within two moves; S 0-2147483647 (default 1)\n"

/* A random position of material m (White to move, no pending capture) into pos; false after
 * too many tries. */
static bool random_position(Material m, uint64_t *seed, Position *pos)
{
    uint64_t size = bitbase_index_size(m);
    for (int tries = 0; tries < 1000; tries++) {
        *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
        if (bitbase_index_position(m, (*seed >> 11) % size, pos) && !movegen_has_capture(pos))
            return true;
    }
    return false;
}

/* The average time of a probe over random positions of every table. */
static void print_probe_speed(const BbTable *tables, int table_count, int pieces)
{
    enum { PROBES = 1000000, SAMPLES = 4096 };
    static Position sample[SAMPLES];
    uint64_t seed = 12345;
    int count = 0;
    for (int i = 0; i < table_count && count < SAMPLES; i++)
        for (int k = 0; k < SAMPLES / table_count + 1 && count < SAMPLES; k++)
            if (random_position(tables[i].material, &seed, &sample[count]))
                count++;
    if (!count)
        return;
    double start = clock_now();
    long sum = 0;
    for (int i = 0; i < PROBES; i++) {
        int v = 0;
        bitbase_probe(&sample[i % count], pieces, &v);
        sum += v;
    }
    double ns = (clock_now() - start) * 1e9 / PROBES;
    printf("probe: %.0f ns on average over %d probes of %d random positions without a capture (value sum %ld)\n", ns,
           PROBES, count, sum);
}

int bitbase_cli_info_main(int argc, char **argv)
{
    const OptSpec specs[] = {OPTS_END};
    if (opts_help(argc, argv, 3, INFO_USAGE))
        return 0;
    if (!opts_parse("bitbase info", specs, argc, argv, 3, NULL, 0, 0))
        return OPTS_REFUSED;
    int table_count, pieces = bitbase_pieces();
    const BbTable *tables = bitbase_tables(&table_count);
    printf("bitbases: %d signatures, complete up to %d pieces, %zu bytes embedded\n", table_count, pieces,
           bitbase_embedded_bytes());
    for (int n = 2; n <= pieces; n++) {
        uint64_t indexes = 0, bytes = 0;
        int sigs = 0;
        for (int i = 0; i < table_count; i++)
            if (material_pieces(tables[i].material) == n) {
                sigs++;
                indexes += tables[i].size;
                bytes += 20 + (tables[i].blocks + 1) * 4ULL + tables[i].data_bytes;
            }
        printf("  %d pieces: %2d signatures, %11llu indexes, %9llu bytes (%.3f bits an index)\n", n, sigs,
               (unsigned long long)indexes, (unsigned long long)bytes, 8.0 * (double)bytes / (double)indexes);
    }
    if (pieces)
        print_probe_speed(tables, table_count, pieces);
    return 0;
}
/* True when the side to move of pos takes the last piece within two of its moves whatever the
 * defence (such positions test nothing). */
static bool wins_at_once(const Position *pos, int plies)
{
    MoveList list;
    movegen_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Position child;
        make_move(pos, list.moves[i], &child, false);
        if (!child.pieces[child.turn])
            return true;
        if (plies <= 1)
            continue;
        MoveList replies;
        movegen_generate(&child, &replies);
        bool all = replies.count > 0;
        for (int j = 0; j < replies.count && all; j++) {
            Position next;
            make_move(&child, replies.moves[j], &next, false);
            all = wins_at_once(&next, plies - 2);
        }
        if (all)
            return true;
    }
    return false;
}

int bitbase_cli_won_main(int argc, char **argv)
{
    int most = bitbase_pieces();
    long pieces = 0, count = 0, seed = 1;
    const OptSpec specs[] = {
        OPTS_INT("--pieces", &pieces, 2, most < 2 ? 2 : most),
        OPTS_INT("--count", &count, 1, 1000000),
        OPTS_INT("--seed", &seed, 0, 2147483647),
        OPTS_END,
    };
    if (opts_help(argc, argv, 3, WON_USAGE))
        return 0;
    if (!opts_parse("bitbase won", specs, argc, argv, 3, NULL, 0, 0))
        return OPTS_REFUSED;
    if (!pieces || !count || most < pieces)
        return opts_refuse("bitbase won", "--pieces N (up to %d, the tables embedded) and --count C are required",
                           most);
    uint64_t state = (uint64_t)seed * 2654435761ULL + 1;
    int table_count, sigs = 0;
    const BbTable *tables = bitbase_tables(&table_count);
    Material list[MATERIAL_IDS];
    for (int i = 0; i < table_count; i++)
        if (material_pieces(tables[i].material) == pieces)
            list[sigs++] = tables[i].material;
    for (long made = 0; made < count;) {
        Position pos;
        int v;
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        if (!random_position(list[(state >> 33) % (uint64_t)sigs], &state, &pos))
            continue;
        pos.key = position_compute_key(&pos);
        if (!bitbase_probe(&pos, (int)pieces, &v) || v != 1 || wins_at_once(&pos, 3))
            continue;
        char fen[256];
        notation_format_fen(&pos, fen);
        printf("%s\n", fen);
        made++;
    }
    return 0;
}
