#pragma once
/* A PDN game record: everything a file says about one game, kept so that a writer can give it back
 * and an annotator can walk it. The tags in file order (any names, duplicates kept), the start
 * position, the moves as played (each legal in the position before it), per move the comments
 * before and after it, its NAGs and glyph and the variations after it, and the result.
 *
 * Variations are kept as text, not parsed: a variation (...) after a move is an alternative to that
 * move, stored as the text between its outer parentheses (nested variations and comments inside
 * included, white space runs read as one space). Replaying them is the annotator's business; a
 * variation with a wrong move must not cost the main line.
 *
 * Everything grows on the heap as it is read: no limit on moves, comments or tags but memory. */
#include <stdbool.h>
#include <stddef.h>
#include "rules/move.h"

#define PDN_TAG_NAME_MAX 64      /* longer tag names are cut to this many bytes (NUL excluded) */
#define PDN_TAG_VALUE_MAX 1024   /* longer tag values are cut to this many bytes (NUL excluded) */

/* A growing list of texts (comments or variations), each a NUL-terminated copy. */
typedef struct {
    char **items;
    int count, cap;
} PdnTexts;

typedef struct {
    char *name, *value;
} PdnTag;

/* The result of a game in draughts' terms; the text as written is kept beside it. */
typedef enum {
    PDN_RESULT_NONE = 0,     /* no result token was read (a broken game) */
    PDN_RESULT_UNKNOWN,      /* "*": unfinished or unknown */
    PDN_RESULT_WHITE_WINS,   /* "2-0", or the chess-style "1-0" */
    PDN_RESULT_BLACK_WINS,   /* "0-2", or "0-1" */
    PDN_RESULT_DRAW,         /* "1-1", or "1/2-1/2" */
    PDN_RESULT_NO_WINNER,    /* "0-0": both sides scored nothing (double forfeit) */
} PdnResult;

#define PDN_RESULT_TEXT_MAX 8   /* the longest result text, "1/2-1/2", and its NUL */
#define PDN_GLYPH_MAX 3         /* "!?" and its NUL */

typedef struct {
    Move move;                  /* legal in before */
    Position before;            /* the position the move is played in */
    PdnTexts comments_before;   /* comments between the move's number and the move */
    PdnTexts comments;          /* comments after the move */
    PdnTexts variations;        /* alternatives to this move, as text (see above) */
    unsigned char *nags;        /* $1..$255 in file order */
    int nag_count, nag_cap;
    char glyph[PDN_GLYPH_MAX];  /* "!", "?", "!!", "??", "!?", "?!" or "" */
} PdnMove;

typedef struct {
    PdnTag *tags;
    int tag_count, tag_cap;
    Position start;            /* from the FEN and GameType/Variant tags, else the initial position */
    bool side_assumed;         /* the FEN named no side to move; the reader guessed (see pdn_read.h) */
    int first_number;          /* the number written before the first move (1 unless a set-up says) */
    PdnTexts intro;            /* comments before the first move */
    PdnTexts intro_variations; /* variations before the first move (nothing to attach them to) */
    PdnMove *moves;
    int move_count, move_cap;
    Position end;              /* the position after the last move */
    PdnResult result;
    char result_text[PDN_RESULT_TEXT_MAX];   /* as written ("1-0" stays "1-0"); "" when none */
} PdnGame;

/* Makes g an empty record: no tags, no moves, the initial position, no result. */
void pdn_game_init(PdnGame *g);

/* Releases everything g holds and leaves it as pdn_game_init does, ready for reuse. */
void pdn_game_free(PdnGame *g);

/* Appends a tag (after any of the same name: files repeat tags and the order is theirs), cutting
 * name and value to their bounds. False when out of memory. */
bool pdn_game_add_tag(PdnGame *g, const char *name, const char *value);

/* Removes tag i (0..tag_count-1) of g, the later ones moving up. */
void pdn_game_remove_tag(PdnGame *g, int i);

/* Sets the value of the first tag called name, or appends it. False when out of memory. */
bool pdn_game_set_tag(PdnGame *g, const char *name, const char *value);

/* Names the variant of g's start in its tags (GameType, and Variant) when they name none and it
 * is not international, so that a game read under a reader's variant is read back as one. False
 * when out of memory. */
bool pdn_game_name_variant(PdnGame *g);

/* The value of the first tag called name (exact case, as PDN spells them), or NULL. */
const char *pdn_game_tag(const PdnGame *g, const char *name);

/* Sets the start position of a record that has no moves yet (end follows it). */
void pdn_game_set_start(PdnGame *g, const Position *start);

/* Appends m, which must be legal in g->end, and advances g->end. Returns the new move, to which
 * comments and NAGs go, or NULL when out of memory. */
PdnMove *pdn_game_add_move(PdnGame *g, Move m);

/* Appends a copy of the len bytes of text. False when out of memory. */
bool pdn_game_add_text(PdnTexts *t, const char *text, size_t len);

/* Removes text i (0..count-1) of t, the later ones moving up. */
void pdn_game_remove_text(PdnTexts *t, int i);

/* Appends a NAG (1..255) to m. False when out of memory or out of range. */
bool pdn_game_add_nag(PdnMove *m, int nag);

/* The result token text stands for: "2-0", "0-2", "1-1", "0-0", "*" and the chess-style "1-0",
 * "0-1", "1/2-1/2". False when text is no result. */
bool pdn_result_parse(const char *text, PdnResult *out);

/* White's half points of a result: 2, 1 or 0; -1 when it gives none ("*", "0-0", none). */
int pdn_result_white_points(PdnResult r);

/* "2-0", "1-1", "0-2" from White's half points (2, 1, 0); "*" otherwise. */
const char *pdn_result_text(int white_points);
