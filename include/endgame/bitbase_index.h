#pragma once
/* Indexing of endgame positions for the bitbases. A table holds every position of one material
 * signature with White to move (Black-to-move positions are looked up through the mirrored
 * position). Its index nests four colex combination ranks, outermost first:
 *   white men on squares 6-50, black men on 1-45, white kings on 1-50, black kings on 1-50.
 * Squares may collide in an index; such indexes are not positions (bb_index_position says so). */
#include <stdbool.h>
#include <stdint.h>
#include "rules/position.h"

#define BB_MAX_PIECES 6            /* the index scheme's limit (the tables built go up to 5) */
#define BB_MEN_SQUARES 45
#define BB_MATERIAL_IDS 2401       /* 7^4: every (wm, wk, bm, bk) with counts up to 6 */

/* Pieces of the side to move (w) and of the other side (b). */
typedef struct {
    int wm, wk, bm, bk;
} BbMaterial;

/* Fills the binomial table; idempotent. */
void bb_index_init(void);

/* A dense id of a material signature (0..BB_MATERIAL_IDS-1). */
static inline int bb_material_id(BbMaterial m) { return m.wm + 7 * (m.wk + 7 * (m.bm + 7 * m.bk)); }
static inline int bb_material_pieces(BbMaterial m) { return m.wm + m.wk + m.bm + m.bk; }
/* The signature seen from the other side (the colours swapped). */
static inline BbMaterial bb_material_flip(BbMaterial m) { return (BbMaterial){m.bm, m.bk, m.wm, m.wk}; }
static inline bool bb_material_equal(BbMaterial a, BbMaterial b)
{
    return a.wm == b.wm && a.wk == b.wk && a.bm == b.bm && a.bk == b.bk;
}

/* The signature of pos as seen by White (pos need not have White to move). */
BbMaterial bb_material_of(const Position *pos);

/* Number of indexes of the table for m. */
uint64_t bb_index_size(BbMaterial m);

/* The index of pos (White to move, material m = bb_material_of(pos)). */
uint64_t bb_index_of(const Position *pos, BbMaterial m);

/* The position (White to move, no key) at idx of table m; false when pieces collide there. */
bool bb_index_position(BbMaterial m, uint64_t idx, Position *out);

/* Square s <-> 51 - s, colours swapped, other side to move; no key (for the bitbase code,
 * which never hashes). */
void bb_mirror(const Position *pos, Position *out);

/* Writes a signature such as "2K1M-1K" (White's pieces first) into buf. */
void bb_material_name(BbMaterial m, char *buf, int size);
