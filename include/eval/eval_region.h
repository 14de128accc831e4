#pragma once
/* Region features of the evaluation: rectangles of 4 files x 6 rows (12 dark squares each), the
 * size Scan 3 learns. A region's content, every square empty / own man / opponent man (kings count
 * as empty: material, the king table and the king terms see them), is a base-3 index 0..531440
 * into a table of learned weights.
 *
 * Each side reads 7 regions in its own view; Black reads them through the half turn (square
 * s -> 51 - s), with the same 7 tables, so eval(p) == -eval(mirror(p)) holds by construction:
 *  - tables 0-3, the even grid: own rows 4-9 (the side's half and the two rows beyond), files 0-3,
 *    2-5, 4-7, 6-9. The two sides' readings cover every square.
 *  - tables 4-6, the odd grid: own rows 3-8, files 1-4, 3-6, 5-8, over the seams of the first.
 * Each region holds two blocks of eval_pattern.h, the one on its upper four rows (its digits 4-11)
 * and the one on its lower four (digits 0-7): it can express everything those blocks do and every
 * interaction of their 12 squares besides. The 7 regions hold the 14 blocks once each. */
#include <stdint.h>
#include "rules/position.h"

#define EVAL_REGION_TABLES 7
#define EVAL_REGION_SQUARES 12
#define EVAL_REGION_SIZE 531441               /* 3^12 */
#define EVAL_REGION_LOOKUPS (2 * EVAL_REGION_TABLES)

/* The 12 squares (1..50) of region t in the owner's view, ascending; digit i of an index (weight
 * 3^i) is the i-th of them: 0 empty or king, 1 own man, 2 opponent man. */
extern const int eval_region_block[EVAL_REGION_TABLES][EVAL_REGION_SQUARES];

/* The pattern tables region t holds: [0] on its digits 4-11 (its block index is i / 3^4 for region
 * index i), [1] on its digits 0-7 (index i mod 3^8). */
extern const int eval_region_holds[EVAL_REGION_TABLES][2];

/* The name of region table t ("region_rows4-9_files0-3"); "?" out of range. */
const char *eval_region_name(int t);

/* Fills the region masks and base-3 tables; idempotent (eval_init calls it). */
void eval_region_init(void);

/* The region indices of pos: index[t] is White's reading of table t, index[7 + t] Black's.
 * Uses BMI2 pext when the build targets it, else the portable path (same results). */
void eval_region_indices(const Position *pos, uint32_t index[EVAL_REGION_LOOKUPS]);

/* The same indices by the portable bit-gather, whatever the build target (for tests). */
void eval_region_indices_portable(const Position *pos, uint32_t index[EVAL_REGION_LOOKUPS]);
