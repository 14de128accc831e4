#pragma once
/* Writing PDN: a game record as PDN that pdn_read reads back to the same tags, moves, comments,
 * NAGs, glyphs, variations and result; and the match runner's record of a played game. */
#include <stdio.h>
#include "pdn/pdn_game.h"
#include "rules/game.h"

#define PDN_LINE_WIDTH 79   /* movetext lines stay within 80 columns, the line end included */

/* The tags of a played game (NULL texts are written "?"; a NULL termination is left out). */
typedef struct {
    const char *event, *site, *date, *white, *black, *termination;
    int round;
} PdnHeader;

/* Writes g: its tags in order ('"' and '\' escaped), a blank line, the movetext and a blank line.
 * The movetext holds the comments and variations before the first move, then each move with its
 * number (before every White move, and "N..." before a Black move that opens the game or has
 * comments before it; not after a comment or a variation, which pydraughts' reader cannot take),
 * the comments before it, the move ("32-28", "28x19", the path when
 * needed: pdn_move_format), its glyph glued on, its NAGs, the comments and variations after it;
 * then the result as it was read (else from g->result; "*" when none). Lines are wrapped at
 * PDN_LINE_WIDTH between tokens and, in a longer comment or variation, between its words; a tag,
 * a single word longer than that, and a comment holding '}' (written as a ';' comment, to the end
 * of its line) stay whole. False when the stream reports an error. */
bool pdn_write(FILE *out, const PdnGame *g);

/* Fills the empty record rec from a played game: the tags Event, Site, Date, Round, White, Black,
 * Result, GameType, Variant (not for international rules), FEN (unless the game starts from the
 * initial position) and Termination, the moves, the comment (braces and line ends made spaces)
 * after the last move, and the result from White's half points (2, 1, 0; else "*"). False when out
 * of memory. */
bool pdn_write_record(PdnGame *rec, const PdnHeader *h, const Game *game, int white_points, const char *comment);

/* Writes a played game as pdn_write_record records it (the match runner's PDN output). */
void pdn_write_game(FILE *out, const PdnHeader *h, const Game *game, int white_points, const char *comment);
