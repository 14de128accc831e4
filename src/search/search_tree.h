#pragma once
/* The tree search below the root (fail-soft PVS and the quiescence search), for the root's
 * iterations. It counts its nodes through the limit check, the only part of the search it calls. */
#include "search_state.h"

/* Builds the late-move reduction table for the divisor params.lmr, ln(depth) * ln(i + 1) / divisor
 * rounded (no work when it is already built for it). Called before each search. */
void search_tree_prepare_reductions(Search *s);

/* Alpha-beta (fail-soft PVS) value of pos at ply > 0 for the side to move; its line in s->pv[ply].
 * Returns 0 once the search is stopped (the caller must check s->stopped). */
Score search_tree_node(Search *s, const Position *pos, const DrawState *ds, int depth, int ply, Score alpha,
                       Score beta);
