/* Finding puzzles in a game (see puzzle.h). */
#include "annotate/puzzle.h"

#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"

#define PUZZLE_ENDGAME_PIECES 10

/* A position's two best moves as the search sees them, for the side to move. */
typedef struct {
    Move best;
    Score score, second;
    bool has_second;
    int legal;
} Verdict;

static void judge(Search *s, const Game *game, const SearchLimits *limits, Verdict *v)
{
    MoveList list;
    movegen_generate(game_position(game), &list);
    v->legal = list.count;
    v->has_second = false;
    v->best = list.count ? list.moves[0] : MOVE_NONE;
    v->score = v->second = 0;
    if (list.count < 2)
        return;
    search_set_lines(s, 2);
    SearchResult r;
    search_run(s, game, limits, GO_ANALYZE, NULL, NULL, NULL, &r);
    v->best = r.best;
    v->score = r.score;
    v->has_second = r.line_count >= 2;
    v->second = v->has_second ? r.line_score[1] : -SCORE_WIN;
}

/* Whether the verdict leaves the solver exactly one good move under kind. A forced move is one. */
static bool unique(const Verdict *v, PuzzleKind kind)
{
    if (v->legal == 1)
        return true;
    if (kind == PUZZLE_WINNING)
        return v->score >= PUZZLE_WIN && v->second <= PUZZLE_HOLD;
    return v->score >= -PUZZLE_HOLD && v->second <= -PUZZLE_WIN;
}

/* The most stubborn reply: the search's best move (a forced one without a search). */
static Move reply(Search *s, const Game *game, const SearchLimits *limits)
{
    MoveList list;
    movegen_generate(game_position(game), &list);
    if (list.count < 2)
        return list.count ? list.moves[0] : MOVE_NONE;
    search_set_lines(s, 1);
    SearchResult r;
    search_run(s, game, limits, GO_ANALYZE, NULL, NULL, NULL, &r);
    return r.best;
}

/* Material from side's view: men 1, kings 3. */
static int material(const Position *p, Color side)
{
    int own = bb_popcount(p->pieces[side]) + 2 * bb_popcount(p->pieces[side] & p->kings);
    int opp = bb_popcount(p->pieces[!side]) + 2 * bb_popcount(p->pieces[!side] & p->kings);
    return own - opp;
}

/* The themes and rating guess of p (line already final), replayed on game from p's start. */
static void describe(Puzzle *p, Game *game)
{
    Color solver = p->start.turn;
    int before = material(&p->start, solver), kings = bb_popcount(p->start.pieces[solver] & p->start.kings);
    bool captured = false;
    p->themes = p->kind == PUZZLE_SAVING ? PUZZLE_THEME_DEFENCE : 0;
    for (int i = 0; i < p->plies; i++) {
        const Position *pos = game_position(game);
        bool capture = movegen_has_capture(pos);
        captured |= capture && i % 2 == 0;
        if (i == 1 && capture)
            p->themes |= PUZZLE_THEME_SACRIFICE;
        game_play(game, p->line[i]);
    }
    const Position *end = game_position(game);
    bool gains = material(end, solver) - before >= 2 || p->score >= 200;
    if (p->kind == PUZZLE_WINNING && gains && (captured || (p->themes & PUZZLE_THEME_SACRIFICE)))
        p->themes |= PUZZLE_THEME_SHOT;
    if (bb_popcount(end->pieces[solver] & end->kings) > kings)
        p->themes |= PUZZLE_THEME_BREAKTHROUGH;
    if (bb_popcount(p->start.pieces[0] | p->start.pieces[1]) <= PUZZLE_ENDGAME_PIECES)
        p->themes |= PUZZLE_THEME_ENDGAME;
    int solver_moves = (p->plies + 1) / 2;
    int rating = 1000 + 200 * (solver_moves - 1) + (p->themes & PUZZLE_THEME_SACRIFICE ? 300 : 0) +
                 (p->kind == PUZZLE_SAVING ? 200 : 0) + (movegen_has_capture(&p->start) ? 0 : 100);
    p->rating = rating > 2600 ? 2600 : rating;
}

/* Follows the solution from game's current position (the puzzle's start, its first move found)
 * while the solver's move stays unique; fills p's line. */
static void follow(Search *s, Game *game, const PuzzleConfig *cfg, const Verdict *first, Puzzle *p)
{
    p->plies = 0;
    Verdict v = *first;
    while (p->plies + 2 <= PUZZLE_LINE_MAX) {
        p->line[p->plies++] = v.best;
        if (!game_play(game, v.best) || game_status(game) != GAME_ONGOING)
            return;
        Move r = reply(s, game, &cfg->limits);
        if (!r || !game_play(game, r) || game_status(game) != GAME_ONGOING)
            return;   /* the line ends with the solver's move: the reply is dropped */
        judge(s, game, &cfg->limits, &v);
        if (!v.best || !unique(&v, p->kind) || p->plies + 2 > PUZZLE_LINE_MAX)
            return;
        p->line[p->plies++] = r;
    }
}

/* Checks each solver move of p with a search verify times larger, from game at p's start; cuts
 * the line before the first that fails. False when the first fails. Each check starts from a
 * cleared table, so that it answers alone, as a solver's engine would, and not with what the
 * finding searches left (a puzzle passed by a kept table failed by a fresh one 7 times in 189). */
static bool verify(Search *s, Game *game, const PuzzleConfig *cfg, Puzzle *p)
{
    if (cfg->verify <= 1)
        return true;
    SearchLimits deep = cfg->limits;
    deep.nodes *= (uint64_t)cfg->verify;
    deep.depth *= cfg->verify;
    deep.move_time *= cfg->verify;
    for (int i = 0; i < p->plies; i += 2) {
        Verdict v;
        search_clear(s);
        judge(s, game, &deep, &v);
        if (v.legal > 1 && (v.best != p->line[i] || !unique(&v, p->kind))) {
            p->plies = i > 0 ? i - 1 : 0;
            return i > 0;
        }
        game_play(game, p->line[i]);
        if (i + 1 < p->plies)
            game_play(game, p->line[i + 1]);
    }
    return true;
}

/* The kind of puzzle a verdict makes, or -1 for none. */
static int kind_of(const Verdict *v)
{
    if (v->legal < 2 || !v->has_second)
        return -1;
    if (unique(v, PUZZLE_WINNING))
        return PUZZLE_WINNING;
    if (unique(v, PUZZLE_SAVING))
        return PUZZLE_SAVING;
    return -1;
}

bool puzzle_find(Search *s, const PdnGame *g, int number, const PuzzleConfig *cfg, Puzzle **found, int *count,
                 PuzzleCounts *counts)
{
    Game *game = malloc(sizeof *game), *scratch = malloc(sizeof *scratch);
    bool ok = game && scratch;
    if (ok)
        game_reset(game, &g->start);
    search_clear(s);
    int skip_to = 0;   /* positions before it belong to the last puzzle's line */
    for (int ply = 0; ok && ply <= g->move_count && game_status(game) == GAME_ONGOING; ply++) {
        const Position *pos = game_position(game);
        if (ply >= skip_to && cfg->side[pos->turn]) {
            Verdict v;
            judge(s, game, &cfg->limits, &v);
            counts->positions++;
            int kind = kind_of(&v);
            if (kind >= 0) {
                counts->candidates++;
                Puzzle p = {.start = *pos, .kind = (PuzzleKind)kind, .game = number, .ply = ply, .score = v.score};
                memcpy(scratch, game, sizeof *game);
                follow(s, scratch, cfg, &v, &p);
                /* checked from the position alone, as the FEN gives it to a solver: no draw
                 * counter of the game's history may decide it */
                game_reset(scratch, pos);
                bool capture = movegen_has_capture(pos);   /* a choice of captures: trivial alone, or to save */
                bool kept = verify(s, scratch, cfg, &p) && !(capture && (p.plies == 1 || kind == PUZZLE_SAVING));
                counts->rejected += !kept;
                if (kept) {
                    memcpy(scratch, game, sizeof *game);
                    describe(&p, scratch);
                    Puzzle *grown = realloc(*found, (size_t)(*count + 1) * sizeof **found);
                    ok = grown != NULL;
                    if (ok) {
                        *found = grown;
                        (*found)[(*count)++] = p;
                        skip_to = ply + p.plies;
                    }
                }
            }
        }
        if (ply < g->move_count && !game_play(game, g->moves[ply].move))
            break;
    }
    search_set_lines(s, 1);
    free(game);
    free(scratch);
    return ok;
}
