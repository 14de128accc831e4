/* Probing the embedded bitbases (see bitbase.h); the blob comes from the generated source. */
#include <stdio.h>
#include "blobs.h"
#include "endgame/bitbase.h"
#include "endgame/bitbase_store.h"
#include "rules/movegen.h"
#include "rules/make.h"

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
            make_move(pos, list.moves[i], &child, false);
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

const BbTable *bitbase_tables(int *count)
{
    bitbase_init();
    *count = table_count;
    return tables;
}

size_t bitbase_embedded_bytes(void) { return bitbase_blob_size; }
