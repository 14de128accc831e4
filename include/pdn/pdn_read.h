#pragma once
/* Reading the PDN that exists, game by game, each game's moves replayed by the rules core.
 *
 * A game is its tag section (any tags, or none) and its movetext up to the result token. A broken
 * game (an illegal, ambiguous or unreadable move, a broken token, an unterminated comment or
 * variation, a missing result, a FEN or GameType that cannot be played) is returned as such, with
 * everything read before the fault (tags, comments, moves; not the unterminated comment or variation
 * itself, nor comments waiting for the move at fault), and one message; the reader then skips
 * to the next game: past the broken game's result token, or to the next tag section, or to a "1."
 * that begins a line after a blank line (a game without tags), whichever comes first. After a
 * fault in the tag section (a broken tag) the rest of that section is the broken game's too.
 *
 * A FEN without a side to move ('?', or none) gets the side of the first move: Black when its
 * number is written "N..." or "N..", White when "N.", and when no number comes first, the side for
 * which the first move is legal (White first); the record's side_assumed says it was guessed. */
#include <stdio.h>
#include "pdn/pdn_game.h"

#define PDN_MESSAGE_MAX 512

typedef enum { PDN_READ_END = 0, PDN_READ_OK = 1, PDN_READ_BROKEN = -1 } PdnReadStatus;

/* Why the last game returned was broken. */
typedef struct {
    int game;                       /* its number in the file, from 1 */
    long line;                      /* the line of the fault */
    char text[64];                  /* the move or token at fault as written (cut), or "" */
    char why[256];                  /* e.g. "not legal here (White to move)" */
    char message[PDN_MESSAGE_MAX];  /* all in one line: 'games.pdn: game 3, line 41: move "27-21": ...' */
} PdnError;

typedef struct PdnReader PdnReader;

/* A reader of the stream in (kept open by the caller), called name in messages. NULL when out of
 * memory. */
PdnReader *pdn_reader_new(FILE *in, const char *name);

/* Games read from now on whose tags name no variant (neither Variant nor GameType) are played
 * under v (by default international). */
void pdn_reader_set_variant(PdnReader *r, Variant v);

/* Releases the reader (not the stream). */
void pdn_reader_free(PdnReader *r);

/* Reads the next game into g (whose old contents are released first): PDN_READ_OK, PDN_READ_BROKEN
 * (pdn_reader_error says why; g holds what was read before the fault) or PDN_READ_END. Comments
 * after the last game's result, with no game after them, are dropped. */
PdnReadStatus pdn_reader_next(PdnReader *r, PdnGame *g);

/* Why the last game returned was broken; its message is "" after a good game. */
const PdnError *pdn_reader_error(const PdnReader *r);

/* How many games were returned so far (the number of the last one). */
int pdn_reader_games(const PdnReader *r);

/* How many of the games returned so far were broken. */
int pdn_reader_broken(const PdnReader *r);
