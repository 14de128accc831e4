#pragma once
/* Material signatures of endgame positions: how many men and kings each side has. The bitbases
 * keep one table per signature. */
#include <stdbool.h>
#include "rules/position.h"

#define MATERIAL_IDS 2401       /* 7^4: every (wm, wk, bm, bk) with counts up to 6 */

/* Pieces of the side to move (w) and of the other side (b). */
typedef struct {
    int wm, wk, bm, bk;
} Material;

/* A dense id of a material signature (0..MATERIAL_IDS-1). */
static inline int material_id(Material m) { return m.wm + 7 * (m.wk + 7 * (m.bm + 7 * m.bk)); }
static inline int material_pieces(Material m) { return m.wm + m.wk + m.bm + m.bk; }
/* The signature seen from the other side (the colours swapped). */
static inline Material material_flip(Material m) { return (Material){m.bm, m.bk, m.wm, m.wk}; }
static inline bool material_equal(Material a, Material b)
{
    return a.wm == b.wm && a.wk == b.wk && a.bm == b.bm && a.bk == b.bk;
}

/* The signature of pos as seen by White (pos need not have White to move). */
Material material_of(const Position *pos);

/* Writes a signature such as "2K1M-1K" (White's pieces first) into buf. */
void material_name(Material m, char *buf, int size);
