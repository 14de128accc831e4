/* The searches over one game and the judgement of its moves (see annotate_game.h).
 *
 * Order: the positions are searched from the last to the first, as lidraughts does, the table kept
 * from one to the next, so that each search finds the refutations of the moves played after it
 * already in the table. Measured on 10 self-play games (1,402 moves) at 100,000 nodes a position
 * against a search of each position alone at 1,000,000: backward scores are 0.115 men from the
 * deeper one on average (forward 0.145), 77.5% of them within 0.10 (74.8%), and 95.3% of the
 * moves get the deeper search's class (94.9%) with fewer false glyphs (18 against 21) and fewer
 * missed ? and ?? (9 against 14); as steady (0.127 men between consecutive scores, forward 0.124)
 * and as fast (16.4 and 18.8 s against 19.3 and 16.8 s). annotate_game_analyse takes either.
 */
#include "annotate/annotate_game.h"

#include <stdlib.h>
#include <string.h>
#include "pdn/pdn_move.h"
#include "rules/make.h"
#include "rules/notation.h"

#define HUB_LINE_MAX 2048   /* a search line in Hub moves */

int annotate_game_positions(const PdnGame *g)
{
    return (g->move_count < GAME_MAX_PLIES - 1 ? g->move_count : GAME_MAX_PLIES - 1) + 1;
}

/* score, the view of pos's side to move, from White's view. */
static Score white_view(const Position *pos, Score score) { return pos->turn == WHITE ? score : -score; }

/* Appends text to out (size bytes, len used so far) when it fits; false when it does not. */
static bool append(char *out, size_t size, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > size)
        return false;
    memcpy(out + *len, text, n + 1);
    *len += n;
    return true;
}

/* The PDN movetext of hub, a line of Hub moves from pos whose move number is number: "12. 32-28
 * 19-23 13. 28x19", "12... 19-23 13. 28x19" when Black moves first; at most ANNOTATE_LINE_PLIES
 * moves, up to the first that is not legal (none should be). */
static void line_to_pdn(const Position *pos, int number, const char *hub, char *out, size_t size)
{
    char copy[HUB_LINE_MAX];
    snprintf(copy, sizeof copy, "%s", hub);
    Position p = *pos;
    size_t len = 0;
    out[0] = '\0';
    int plies = 0;
    for (char *tok = strtok(copy, " "); tok && plies < ANNOTATE_LINE_PLIES; tok = strtok(NULL, " "), plies++) {
        Move m;
        char why[256], text[PDN_MOVE_TEXT_MAX + 24];
        if (notation_parse_move(&p, tok, &m, why, sizeof why) != PARSE_OK)
            break;
        int at = 0;
        if (p.turn == WHITE)
            at = snprintf(text, sizeof text, "%s%d. ", len ? " " : "", number);
        else if (len == 0)
            at = snprintf(text, sizeof text, "%d... ", number);
        else
            at = snprintf(text, sizeof text, " ");
        pdn_move_format(&p, m, text + at);
        if (!append(out, size, &len, text))
            break;
        if (p.turn == BLACK)
            number++;
        Position next;
        make_move(&p, m, &next, true);
        p = next;
    }
}

/* Searches the current position of game (lines: 1, or 2 for the second best too) and returns its
 * score from White's view; fills m's search fields when m is not NULL. A last position where the
 * game is over scores its result. */
static Score search_position(Search *s, Game *game, bool last, const SearchLimits *limits, int lines,
                             AnnotateMove *m, int number, AnnotateAnalysis *a)
{
    const Position *pos = game_position(game);
    GameStatus status = game_status(game);
    if (last && status != GAME_ONGOING)
        return white_view(pos, (Score)(game_status_outcome(status) * SCORE_WIN));
    search_set_lines(s, lines);
    SearchResult r;
    search_run(s, game, limits, GO_ANALYZE, NULL, NULL, NULL, &r);
    a->nodes += r.nodes;
    a->time += r.time;
    if (!r.best)
        return white_view(pos, -SCORE_WIN);
    if (m) {
        MoveList list;
        movegen_generate(pos, &list);
        m->legal = list.count;
        m->capture = movegen_has_capture(pos);
        m->best_move = r.best;
        m->has_second = r.line_count >= 2;
        if (m->has_second)
            m->second = white_view(pos, r.line_score[1]);
        char hub[HUB_LINE_MAX];
        if (search_line_text(s, 0, hub, sizeof hub))
            line_to_pdn(pos, number, hub, m->line, sizeof m->line);
    }
    return white_view(pos, r.score);
}

/* Judges the move m, played from a position whose side to move is c and whose move was played. */
static void judge_move(AnnotateMove *m, Color c, Move played)
{
    Score best = c == WHITE ? m->best : -m->best, after = c == WHITE ? m->after : -m->after;
    if (played == m->best_move) {
        /* the best line itself: what the search after it says differently is the search's depth */
        m->loss = 0;
        m->loss_cm = 0;
        m->notes = annotate_notes(best, after) & ANNOTATE_NOTE_FORCED_WIN;
        m->only = m->has_second && annotate_only_move(best, c == WHITE ? m->second : -m->second, m->legal, m->capture);
    } else {
        m->loss = annotate_loss(best, after);
        m->loss_cm = annotate_loss_cm(best, after);
        m->notes = annotate_notes(best, after);
    }
    m->cls = annotate_classify(m->loss);
}

/* Takes "!" from the only moves of a that a search of depth plies, alone on one thread and a
 * cleared table (so that neither the deep searches' entries nor the helpers decide it), plays in
 * the position before them. The table is left cleared. */
static void drop_easy_finds(Search *s, const PdnGame *g, Game *game, int depth, AnnotateAnalysis *a)
{
    int threads = search_threads(s);
    search_set_threads(s, 1);
    SearchLimits shallow = {.depth = depth};
    for (int i = 0; i < a->count; i++) {
        if (!a->moves[i].only)
            continue;
        game->ply = i;
        search_clear(s);
        SearchResult r;
        search_run(s, game, &shallow, GO_ANALYZE, NULL, NULL, NULL, &r);
        a->nodes += r.nodes;
        a->time += r.time;
        if (r.best == g->moves[i].move)
            a->moves[i].only = false;
    }
    search_clear(s);
    search_set_threads(s, threads);
}

bool annotate_game_analyse(Search *s, const PdnGame *g, const AnnotateConfig *cfg, AnnotateProgress progress,
                           void *ctx, AnnotateAnalysis *a)
{
    memset(a, 0, sizeof *a);
    int n = annotate_game_positions(g) - 1;
    a->count = n;
    a->moves = calloc((size_t)n + 1, sizeof *a->moves);
    int *number = malloc(((size_t)n + 1) * sizeof *number);
    Score *score = malloc(((size_t)n + 1) * sizeof *score);
    Game *game = malloc(sizeof *game);
    if (!a->moves || !number || !score || !game) {
        free(number);
        free(score);
        free(game);
        annotate_analysis_free(a);
        return false;
    }
    game_reset(game, &g->start);
    number[0] = g->first_number;
    for (int i = 0; i < n; i++) {
        game_play(game, g->moves[i].move);
        number[i + 1] = number[i] + (g->moves[i].before.turn == BLACK);
    }
    search_clear(s);
    for (int k = 0; k <= n; k++) {
        int i = cfg->backward ? n - k : k;
        game->ply = i;
        bool judged = i < n && cfg->judge[g->moves[i].before.turn];
        score[i] = search_position(s, game, i == n, &cfg->limits, judged ? 2 : 1, i < n ? &a->moves[i] : NULL,
                                   number[i], a);
        if (progress)
            progress(ctx, k + 1);
    }
    search_set_lines(s, 1);
    for (int i = 0; i < n; i++) {
        AnnotateMove *m = &a->moves[i];
        m->best = score[i];
        m->after = score[i + 1];
        m->judged = cfg->judge[g->moves[i].before.turn];
        if (m->judged)
            judge_move(m, g->moves[i].before.turn, g->moves[i].move);
    }
    if (cfg->find_depth > 0)
        drop_easy_finds(s, g, game, cfg->find_depth, a);
    a->start = score[0];
    a->end = score[n];
    free(number);
    free(score);
    free(game);
    return true;
}

void annotate_analysis_free(AnnotateAnalysis *a)
{
    free(a->moves);
    memset(a, 0, sizeof *a);
}
