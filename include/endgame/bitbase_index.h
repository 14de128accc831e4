#pragma once
/* Indexing of endgame positions for the bitbases. A table holds every position of one material
 * signature with White to move (Black-to-move positions are looked up through the mirrored
 * position). Its index nests four colex combination ranks, outermost first:
 *   white men on squares 6-50, black men on 1-45, white kings on 1-50, black kings on 1-50.
 * Squares may collide in an index; such indexes are not positions (bitbase_index_position says so). */
#include <stdbool.h>
#include <stdint.h>
#include "endgame/material.h"

#define BB_MAX_PIECES 6            /* the index scheme's limit (the tables built go up to 5) */
#define BB_MEN_SQUARES 45

/* Fills the binomial table; idempotent. */
void bitbase_index_init(void);

/* Number of indexes of the table for m. */
uint64_t bitbase_index_size(Material m);

/* The index of pos (White to move, material m = material_of(pos)). */
uint64_t bitbase_index_of(const Position *pos, Material m);

/* The position (White to move, no key) at idx of table m; false when pieces collide there. */
bool bitbase_index_position(Material m, uint64_t idx, Position *out);

/* Square s <-> 51 - s, colours swapped, other side to move; no key (for the bitbase code,
 * which never hashes). */
void bitbase_index_mirror(const Position *pos, Position *out);

