#pragma once
/* Endgame bitbases embedded in the binary: for every position with few pieces, whether the side
 * to move wins, draws or loses with best play (the 25-, 16- and 5-move counters aside). */
#include <stdbool.h>
#include "endgame/bitbase_store.h"
#include "rules/position.h"

/* Loads the embedded tables (bitbase_pieces and search_new do it when needed, but threads must
 * find them loaded); idempotent. */
void bitbase_init(void);

/* The largest piece count every signature of which is embedded (0 = none). */
int bitbase_pieces(void);

/* The value of pos for the side to move: 1 win, 0 draw, -1 loss. False when pos has more than
 * max_pieces pieces or more than the tables hold (none before bitbase_init), or is not of
 * international rules (the tables hold those only). A pending capture is resolved by searching the
 * captures (their values are not stored). */
bool bitbase_probe(const Position *pos, int max_pieces, int *value);

/* The embedded tables (loaded if need be), *count of them, for the tools that list or sample them. */
const BbTable *bitbase_tables(int *count);

/* The size of the embedded blob in bytes. */
size_t bitbase_embedded_bytes(void);
