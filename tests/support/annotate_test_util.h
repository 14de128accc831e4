#pragma once
/* A small game and a hand-made analysis of it, for the annotate suites that need no search:
 * 1. 32-28 19-23 2. 28x19 14x23 3. 33-28?? (the blunder here is made up) 23x32 */
#include <string.h>
#include "annotate/annotate_game.h"
#include "rules/notation.h"

#define SAMPLE_MOVES 6

/* Fills g (initialised by the caller) with the sample game, White "A & B", Black "<C>", and a with
 * its analysis: White's view scores 0.05 before each move, but 33-28 (move 5): 0.05 -> -1.40, a
 * blunder; move 2 is given "!". */
static inline void sample_game(PdnGame *g, AnnotateAnalysis *a)
{
    static const char *const MOVES[SAMPLE_MOVES] = {"32-28", "19-23", "28x19", "14x23", "33-28", "23x32"};
    pdn_game_add_tag(g, "White", "A & B");
    pdn_game_add_tag(g, "Black", "<C>");
    pdn_game_add_tag(g, "Result", "*");
    memset(a, 0, sizeof *a);
    a->count = SAMPLE_MOVES;
    a->moves = calloc(SAMPLE_MOVES, sizeof *a->moves);
    for (int i = 0; i < SAMPLE_MOVES; i++) {
        Move m;
        char why[128];
        notation_parse_move(&g->end, MOVES[i], &m, why, sizeof why);
        AnnotateMove *am = &a->moves[i];
        am->best = 5;
        am->after = i >= 4 ? -140 : 5;
        am->best_move = m;
        am->judged = true;
        am->legal = 3;
        pdn_game_add_move(g, m);
    }
    char why[128];
    notation_parse_move(&g->moves[4].before, "31-27", &a->moves[4].best_move, why, sizeof why);
    a->moves[4].cls = ANNOTATE_BLUNDER;
    a->moves[4].loss = 0.3;
    a->moves[4].loss_cm = 145;
    a->moves[4].notes = ANNOTATE_NOTE_NOW_WINNING;
    strcpy(a->moves[4].line, "3. 31-27 23x32 4. 37x28");
    a->moves[1].only = true;
    a->moves[3].cls = ANNOTATE_INACCURACY;
    a->moves[3].loss_cm = 20;
    a->start = 5;
    a->end = -140;
}
