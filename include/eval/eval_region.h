#pragma once
/* Region features of the evaluation: rectangles of 4 files x 6 rows (12 dark squares each), the
 * size Scan 3 learns. A region's content, every square empty / own man / opponent man (kings count
 * as empty: material, the king table and the king terms see them), is a base-3 index 0..531440
 * into a table of learned weights.
 *
 * Each side reads 4 regions in its own view, its own rows 4-9 (its half and the two rows beyond)
 * with files 0-3, 2-5, 4-7, 6-9; Black reads them through the half turn (square s -> 51 - s), with
 * the same 4 tables, so eval(p) == -eval(mirror(p)) holds by construction. The two sides' readings
 * cover every square one to four times. A region holds two blocks of the even grid (eval_pattern.h:
 * own rows 6-9 and 4-7 of the same files), so it can express everything those two blocks do and
 * every interaction of their 12 squares besides. */
#include <stdint.h>
#include "rules/position.h"

#define EVAL_REGION_TABLES 4
#define EVAL_REGION_SQUARES 12
#define EVAL_REGION_SIZE 531441               /* 3^12 */
#define EVAL_REGION_LOOKUPS (2 * EVAL_REGION_TABLES)

/* The 12 squares (1..50) of region t in the owner's view, ascending; digit i of an index (weight
 * 3^i) is the i-th of them: 0 empty or king, 1 own man, 2 opponent man. */
extern const int eval_region_block[EVAL_REGION_TABLES][EVAL_REGION_SQUARES];

/* The name of region table t ("region_rows4-9_files0-3"); "?" out of range. */
const char *eval_region_name(int t);

/* Fills the region masks and base-3 tables; idempotent (eval_init calls it). */
void eval_region_init(void);

/* The region indices of pos: index[t] is White's reading of table t, index[4 + t] Black's.
 * Uses BMI2 pext when the build targets it, else the portable path (same results). */
void eval_region_indices(const Position *pos, uint32_t index[EVAL_REGION_LOOKUPS]);

/* The same indices by the portable bit-gather, whatever the build target (for tests). */
void eval_region_indices_portable(const Position *pos, uint32_t index[EVAL_REGION_LOOKUPS]);
