#pragma once
/* PDN game records for international draughts: tags, numbered movetext and the result
 * ("2-0" White wins, "0-2" Black wins, "1-1" draw). Moves are written in the shortest form
 * our notation parser reads back unambiguously ("32-28", "28x19", or "28x19x23" when two
 * captures share from and to). */
#include <stdio.h>
#include "rules/game.h"

#define PDN_MAX_TAGS 24
#define PDN_TAG_NAME_MAX 32
#define PDN_TAG_VALUE_MAX 256

typedef struct {
    const char *event, *site, *date, *white, *black, *termination;
    int round;
} PdnHeader;

typedef struct {
    char name[PDN_TAG_NAME_MAX];
    char value[PDN_TAG_VALUE_MAX];
} PdnTag;

typedef struct {
    int tag_count;
    PdnTag tags[PDN_MAX_TAGS];
    char result[8];
    Game *game;   /* caller-owned; the moves are played into it from the FEN (or start) */
} PdnRecord;

/* "2-0", "1-1", "0-2" from White's half points (2, 1, 0); "*" otherwise. */
const char *pdn_result_text(int white_points);

/* Writes one record: Event, Site, Date, Round, White, Black, Result, GameType (and Variant
 * when not international), FEN (only when the game
 * does not start from the initial position) and Termination tags, then the moves of game,
 * an optional {comment} and the result. */
void pdn_write_game(FILE *out, const PdnHeader *h, const Game *game, int white_points, const char *comment);

/* Reads the next record and replays its moves with the rules core. Returns 1 when a record
 * was read, 0 at the end of the input, -1 on a bad record (err says why). */
int pdn_read_game(FILE *in, PdnRecord *rec, char *err, size_t errsize);

/* The value of a tag of a record read, or NULL. */
const char *pdn_tag(const PdnRecord *rec, const char *name);
