#pragma once
/* The game the search suites search from: set from a position, played on, searched. Include
 * after cmocka.h; each suite has its own game. */
#include "rules/notation.h"
#include "search/search.h"

static Game game;

/* The game reset to the position text gives (FEN or Hub). */
static inline void setup_game(const char *text)
{
    Position pos = {0};
    assert_null(notation_parse_position(text, &pos));
    game_reset(&game, &pos);
}

/* The move text names played in the game. */
static inline void play(const char *text)
{
    Move m;
    char err[256];
    assert_int_equal(notation_parse_move(game_position(&game), text, &m, err, sizeof err), PARSE_OK);
    assert_true(game_play(&game, m));
}

/* A search of the game's position within limits, its info lines to out (may be NULL). */
static inline SearchResult run(Search *s, const SearchLimits *limits, GoMode mode, FILE *out)
{
    SearchResult r;
    search_run(s, &game, limits, mode, NULL, NULL, out, &r);
    return r;
}
