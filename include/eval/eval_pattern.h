#pragma once
/* Pattern features of the evaluation: blocks of 4 rows x 4 files (8 dark squares each). A block's
 * content, every square empty / own man / opponent man (kings count as empty: material and the king
 * terms see them), is a base-3 index 0..6560 into a table of learned weights.
 *
 * Each side reads 14 blocks in its own view, Black's through the half turn (square s -> 51 - s),
 * with the same 14 tables, so eval(p) == -eval(mirror(p)) holds by construction:
 *  - tables 0-7, the even grid (rows and files starting at 0, 2, 4, 6): the side's own half
 *    (own rows 6-9 and 4-7, four file offsets). The two sides' readings cover the 16 blocks of the
 *    grid once each, so every square lies in one to four of them.
 *  - tables 8-13, the odd grid (rows and files starting at 1, 3, 5): own rows 5-8 and 3-6, files
 *    1-4, 3-6, 5-8. They overlap the even grid's seams; the middle band 3-6 is read by both sides.
 * (A held-out loss of 0.07572 against 0.07605 with the even grid alone, on 1.1M self-play positions.) */
#include <stdint.h>
#include "rules/position.h"

#define EVAL_PATTERN_TABLES 14
#define EVAL_PATTERN_SIZE 6561               /* 3^8 */
#define EVAL_PATTERN_LOOKUPS (2 * EVAL_PATTERN_TABLES)
#define EVAL_PATTERN_SQUARES 8

/* The 8 squares (1..50) of table t's block in the owner's view, ascending; digit i of an index
 * (weight 3^i) is the i-th of them: 0 empty or king, 1 own man, 2 opponent man. */
extern const int eval_pattern_block[EVAL_PATTERN_TABLES][EVAL_PATTERN_SQUARES];

/* The name of table t, from its block's own rows and files ("rows6-9_files0-3"); "?" out of range.
 * The weight files (eval_file.h) carry these names to check their layout. */
const char *eval_pattern_name(int t);

/* Fills the block masks and base-3 tables; idempotent (eval_init calls it). */
void eval_pattern_init(void);

/* The table indices of pos: index[t] is White's reading of table t, index[8 + t] Black's.
 * Uses BMI2 pext when the build targets it, else the portable path (same results). */
void eval_pattern_indices(const Position *pos, uint16_t index[EVAL_PATTERN_LOOKUPS]);

/* The same indices by the portable bit-gather, whatever the build target (for tests). */
void eval_pattern_indices_portable(const Position *pos, uint16_t index[EVAL_PATTERN_LOOKUPS]);
