#pragma once
/* Endgame bitbases embedded in the binary: for every position with few pieces, whether the side
 * to move wins, draws or loses with best play (the 25-, 16- and 5-move counters aside). */
#include <stdbool.h>
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

/* `engine bitbase info`: the tables, their sizes and the probe speed. */
int bitbase_info_main(void);

/* `engine bitbase won --pieces N --count C [--seed S]`: prints C random positions of N pieces as
 * FEN, each won for the side to move (White) by the tables and not in two moves: openings for
 * matches that measure how well the engine converts. */
int bitbase_won_main(int argc, char **argv);
