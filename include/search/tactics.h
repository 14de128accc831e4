#pragma once
/* The tactical regression suite: positions with one winning quiet move (a shot), or with one move
 * that lets the opponent's shot in, searched from a fresh table under fixed limits. File format,
 * one position per line ('#' lines and blank lines are skipped):
 *     <FEN> <best move> <comment: where it came from>
 *     <FEN> !<move to avoid> <comment>                                                          */
#include <stdio.h>
#include "rules/notation.h"
#include "search/search.h"

#define TACTICS_TT_MIB 16
#define TACTICS_DEFAULT_NODES 200000

typedef struct {
    Position pos;
    Move best;                       /* the move to play, or with avoid the one not to */
    bool avoid;
    int line;                        /* line number in the file */
    char text[MOVE_TEXT_MAX + 1];    /* the move as written, '!' first with avoid */
} TacticsEntry;

/* Reads every position of path into a malloc'ed array at *out (caller frees) and returns how
 * many; -1 with a message on err when the file is missing or a line has a bad FEN or a move that
 * is not legal in it. */
int tactics_load(const char *path, TacticsEntry **out, FILE *err);

/* Searches e from an empty table and history under limits (GO_ANALYZE, no output); true when the
 * move chosen is e->best, or with e->avoid any other move. res gets the search result. */
bool tactics_solve(Search *s, const TacticsEntry *e, const SearchLimits *limits, SearchResult *res);
