/* Probing the embedded bitbases (see bitbase.h); the blob comes from the generated source. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "endgame/bitbase.h"
#include "endgame/bitbase_store.h"
#include "util/cli.h"
#include "rules/movegen.h"
#include "rules/notation.h"

extern const unsigned char bitbase_blob[];
extern const size_t bitbase_blob_size;

static BbTable tables[MATERIAL_IDS];
static const BbTable *by_material[MATERIAL_IDS];
static int table_count, pieces_covered, loaded;

void bitbase_init(void)
{
    if (loaded)
        return;
    loaded = 1;
    bitbase_index_init();
    table_count = bitbase_blob_size ? bitbase_store_parse(bitbase_blob, bitbase_blob_size, tables, MATERIAL_IDS) : 0;
    if (table_count < 0) {
        fprintf(stderr, "engine: the embedded bitbases are damaged; playing without them\n");
        table_count = 0;
    }
    int signatures[BB_MAX_PIECES + 1] = {0};
    for (int i = 0; i < table_count; i++) {
        int id = material_id(tables[i].material);
        if (!by_material[id])
            signatures[material_pieces(tables[i].material)]++;
        by_material[id] = &tables[i];
    }
    /* n pieces split as a + b with a, b >= 1, each side's pieces men or kings: (a+1)(b+1) */
    for (int n = 2; n <= BB_MAX_PIECES; n++) {
        int expected = 0;
        for (int a = 1; a < n; a++)
            expected += (a + 1) * (n - a + 1);
        if (signatures[n] != expected)
            break;
        pieces_covered = n;
    }
}

int bitbase_pieces(void)
{
    bitbase_init();
    return pieces_covered;
}

bool bitbase_probe(const Position *pos, int max_pieces, int *value)
{
    int n = bb_popcount(position_occupied(pos));
    if (n > max_pieces || n > pieces_covered || !variant_has_bitbases(position_variant(pos)))
        return false;
    if (!pos->pieces[pos->turn] || !pos->pieces[!pos->turn]) {
        *value = pos->pieces[pos->turn] ? 1 : -1;
        return true;
    }
    if (movegen_has_capture(pos)) {
        MoveList list;
        movegen_captures(pos, &list);
        int best = -1;
        for (int i = 0; i < list.count && best < 1; i++) {
            Position child;
            int v;
            move_make_impl(pos, list.moves[i], &child, false);
            bitbase_probe(&child, max_pieces, &v);
            best = -v > best ? -v : best;
        }
        *value = best;
        return true;
    }
    Position flipped;
    if (pos->turn == BLACK) {
        bitbase_index_mirror(pos, &flipped);
        pos = &flipped;
    }
    Material m = material_of(pos);
    *value = bitbase_store_value(by_material[material_id(m)], bitbase_index_of(pos, m)) - 1;
    return true;
}

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

int bitbase_info_main(void)
{
    bitbase_init();
    printf("bitbases: %d signatures, complete up to %d pieces, %zu bytes embedded\n", table_count,
           pieces_covered, bitbase_blob_size);
    for (int n = 2; n <= pieces_covered; n++) {
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
    if (!pieces_covered)
        return 0;
    enum { PROBES = 1000000 };
    static Position sample[4096];
    uint64_t seed = 12345;
    int count = 0;
    for (int i = 0; i < table_count && count < 4096; i++)
        for (int k = 0; k < 4096 / table_count + 1 && count < 4096; k++)
            if (random_position(tables[i].material, &seed, &sample[count]))
                count++;
    if (!count)
        return 0;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long sum = 0;
    for (int i = 0; i < PROBES; i++) {
        int v = 0;
        bitbase_probe(&sample[i % count], pieces_covered, &v);
        sum += v;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ns = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / PROBES;
    printf("probe: %.0f ns on average over %d probes of %d random positions without a capture (value sum %ld)\n", ns,
           PROBES, count, sum);
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
        move_make_impl(pos, list.moves[i], &child, false);
        if (!child.pieces[child.turn])
            return true;
        if (plies <= 1)
            continue;
        MoveList replies;
        movegen_generate(&child, &replies);
        bool all = replies.count > 0;
        for (int j = 0; j < replies.count && all; j++) {
            Position next;
            move_make_impl(&child, replies.moves[j], &next, false);
            all = wins_at_once(&next, plies - 2);
        }
        if (all)
            return true;
    }
    return false;
}

int bitbase_won_main(int argc, char **argv)
{
    long pieces = 0, count = 0, seed = 1;
    for (int i = 3; i < argc; i += 2) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = v != NULL;
        if (ok && strcmp(argv[i], "--pieces") == 0)
            ok = cli_parse_long("--pieces", v, 2, bitbase_pieces() < 2 ? 2 : bitbase_pieces(), &pieces);
        else if (ok && strcmp(argv[i], "--count") == 0)
            ok = cli_parse_long("--count", v, 1, 1000000, &count);
        else if (ok && strcmp(argv[i], "--seed") == 0)
            ok = cli_parse_long("--seed", v, 0, 2147483647, &seed);
        else {
            fprintf(stderr, "usage: engine bitbase won --pieces N --count C [--seed S]\n");
            return 2;
        }
        if (!ok)
            return 2;
    }
    if (!pieces || !count || bitbase_pieces() < pieces) {
        fprintf(stderr, "engine: bitbase won needs --pieces N (up to %d, the tables embedded) and --count C\n",
                bitbase_pieces());
        return 2;
    }
    uint64_t state = (uint64_t)seed * 2654435761ULL + 1;
    int sigs = 0;
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
