/* The root: its set-up (limits, move list with exclusions, bitbase filter, TT move first), one
 * iteration of one or several lines (multi-PV) with aspiration windows, and the `info` output. */
#include "search_root.h"

#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "eval/score.h"
#include "util/clock.h"
#include "rules/notation.h"
#include "rules/make.h"
#include "search_limit.h"
#include "search_tree.h"

#define ASPIRATION_MIN_DEPTH 4
#define ASPIRATION_FULL 500      /* a window wider than this becomes the full window */

/* Stops at an illegal move, which cannot happen unless memory is corrupt: the output must stay a
 * legal line. */
void search_root_format_pv(const Search *s, const Move *pv, int pv_len, char *buf, size_t size)
{
    Position pos = s->root_pos;
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < pv_len; i++) {
        Move m = pv[i];
        if (!movegen_is_legal(&pos, m))
            break;
        char mt[MOVE_TEXT_MAX];
        notation_format_move(&pos, m, mt);
        size_t need = strlen(mt) + 1;
        if (len + need + 1 > size)
            break;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", mt);
        Position next;
        make_move(&pos, m, &next, true);
        pos = next;
    }
}

void search_root_print_info(Search *s, int depth, int rank, Score score, const Move *pv, int pv_len)
{
    if (!s->out)
        return;
    char text[MAX_PLY * (MOVE_TEXT_MAX + 1)], sc[16];
    search_root_format_pv(s, pv, pv_len, text, sizeof text);
    score_format(score, sc, sizeof sc);
    double t = clock_now() - s->go_time;
    double mean = s->leaf_count ? (double)s->leaf_ply_sum / (double)s->leaf_count : 0.0;
    fputs("info ", s->out);
    if (rank > 0)
        fprintf(s->out, "multipv=%d ", rank);
    uint64_t nodes = search_limit_nodes(s);
    fprintf(s->out, "depth=%d mean-depth=%.1f score=%s nodes=%llu time=%.3f nps=%.1f pv=\"%s\"\n", depth, mean,
            sc, (unsigned long long)nodes, t, t > 0 ? (double)nodes / t / 1e6 : 0.0, text);
    fflush(s->out);
}

/* Moves root[i] to root[first], keeping the order of the moves between them. */
static void root_to(Search *s, int first, int i)
{
    RootMove rm = s->root[i];
    memmove(&s->root[first + 1], &s->root[first], (size_t)(i - first) * sizeof(RootMove));
    s->root[first] = rm;
}

/* Copies the root PV the search has just found, with its score, into line. */
static void keep_line(const Search *s, Score score, RootLine *line)
{
    line->score = score;
    line->pv_len = s->pv_len[0];
    memcpy(line->pv, s->pv[0], (size_t)line->pv_len * sizeof(Move));
}

/* One PVS pass over the root moves from root[first] on in the window (alpha, beta); the best of
 * them ends up at root[first], its PV in s->pv[0]. */
static Score root_search(Search *s, const DrawState *root_ds, int first, int depth, Score alpha, Score beta)
{
    const Position *pos = &s->root_pos;
    Score best = -SCORE_INF;
    s->keys[s->key_base] = pos->key;
    /* captures are compulsory: either every root move captures or none does */
    s->after_quiet[1] = !move_is_capture(pos, s->root[0].move);
    for (int i = first; i < s->root_count; i++) {
        Move m = s->root[i].move;
        Position child;
        DrawState cds;
        make_move(pos, m, &child, true);
        game_draw_next(pos, root_ds, m, &child, &cds);
        Score score;
        if (i == first) {
            score = -search_tree_node(s, &child, &cds, depth - 1, 1, -beta, -alpha);
        } else {
            score = -search_tree_node(s, &child, &cds, depth - 1, 1, -alpha - 1, -alpha);
            if (!s->stopped && score > alpha && score < beta)
                score = -search_tree_node(s, &child, &cds, depth - 1, 1, -beta, -alpha);
        }
        if (s->stopped)
            return best;
        s->root[i].score = score;
        if (score > best)
            best = score;
        if (score > alpha) {
            alpha = score;
            s->pv[0][0] = m;
            memcpy(&s->pv[0][1], s->pv[1], (size_t)s->pv_len[1] * sizeof(Move));
            s->pv_len[0] = s->pv_len[1] + 1;
            root_to(s, first, i);
            if (i > first && s->lines == 1) {   /* several lines are printed once complete */
                keep_line(s, score, &s->partial);
                if (depth > 1)
                    search_root_print_info(s, depth, 0, score, s->pv[0], s->pv_len[0]);
            }
            if (alpha >= beta)
                break;
        }
    }
    return best;
}

/* The exact score of the best root move from root[first] on at depth: an aspiration window around
 * prev (this line's score at the previous depth), widened until the score falls inside it. */
static Score root_line(Search *s, const DrawState *root_ds, int first, int depth, Score prev)
{
    int delta = s->params.aspiration;
    Score alpha = -SCORE_INF, beta = SCORE_INF;
    if (delta > 0 && depth >= ASPIRATION_MIN_DEPTH && abs(prev) < SCORE_EVAL_MAX) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        Score score = root_search(s, root_ds, first, depth, alpha, beta);
        if (s->stopped)
            return score;
        if (score <= alpha)
            alpha = score - delta < -SCORE_INF ? -SCORE_INF : score - delta;
        else if (score >= beta)
            beta = score + delta > SCORE_INF ? SCORE_INF : score + delta;
        else
            return score;
        delta *= 2;
        if (delta > ASPIRATION_FULL)
            alpha = -SCORE_INF, beta = SCORE_INF;
    }
}

/* Restores best-first order when search instability gave a later line a higher score: lines and
 * their root moves move together (insertion sort, stable). */
static void sort_lines(Search *s, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && s->next_line[j].score > s->next_line[j - 1].score; j--) {
            RootLine l = s->next_line[j];
            s->next_line[j] = s->next_line[j - 1];
            s->next_line[j - 1] = l;
            RootMove m = s->root[j];
            s->root[j] = s->root[j - 1];
            s->root[j - 1] = m;
        }
}

bool search_root_iterate(Search *s, const DrawState *root_ds, int depth)
{
    int n = s->lines < s->root_count ? s->lines : s->root_count;
    s->partial.pv_len = 0;
    for (int i = 0; i < n; i++) {
        Score score = root_line(s, root_ds, i, depth, i < s->line_count ? s->line[i].score : 0);
        if (s->stopped)
            return false;
        keep_line(s, score, &s->next_line[i]);
    }
    sort_lines(s, n);
    memcpy(s->line, s->next_line, (size_t)n * sizeof(RootLine));
    s->line_count = n;
    return true;
}

/* Whether m is one of the root moves the search was told to leave out. */
static bool is_excluded(const Search *s, Move m)
{
    for (int i = 0; i < s->excluded_count; i++)
        if (s->excluded[i] == m)
            return true;
    return false;
}

/* At a root the bitbases cover, only the moves that keep its value are searched, and the tree
 * does not probe positions with the root's material: a win then means reaching a won position
 * after a capture or a promotion, which is progress (bitbase scores carry no distance). */
static void init_bitbase_root(Search *s)
{
    const Position *root = &s->root_pos;
    int pieces = bb_popcount(position_occupied(root)), value;
    s->bb_limit = s->params.bb_size;
    s->bb_root_pieces = 0;
    if (pieces > s->bb_limit || !bitbase_probe(root, s->bb_limit, &value))
        return;
    s->bb_root_pieces = pieces;
    s->bb_root_kings = bb_popcount(root->kings);
    int kept = 0;
    for (int i = 0; i < s->root_count; i++) {
        Position child;
        int v;
        make_move(root, s->root[i].move, &child, true);
        if (bitbase_probe(&child, pieces, &v) && v == -value)
            s->root[kept++] = s->root[i];
    }
    if (kept)
        s->root_count = kept;
}

/* Sets up the root moves of root: the excluded ones left out, those that lose a bitbase value
 * dropped, the transposition table's move first. */
static void init_root_moves(Search *s, const Position *root)
{
    MoveList list;
    movegen_generate(root, &list);
    s->root_pos = *root;
    s->root_count = 0;
    s->line_count = 0;
    for (int i = 0; i < list.count; i++)
        if (!is_excluded(s, list.moves[i]))
            s->root[s->root_count++] = (RootMove){list.moves[i], -SCORE_INF};
    TTHit hit;
    if (tt_probe(s->tt, root->key, &hit))
        for (int i = 1; i < s->root_count; i++)
            if (s->root[i].move == hit.move)
                root_to(s, 0, i);
    init_bitbase_root(s);
}

/* Loads the reversible part of the game so repetitions of earlier positions are seen. */
static void init_keys(Search *s, const Game *game)
{
    int rev = game->draw[game->ply].reversible;
    if (rev > game->ply)
        rev = game->ply;
    if (rev > GAME_MAX_PLIES)
        rev = GAME_MAX_PLIES;
    for (int i = 0; i < rev; i++)
        s->keys[i] = game->pos[game->ply - rev + i].key;
    s->key_base = rev;
}

void search_root_start(Search *s, const Game *game, const SearchLimits *limits, GoMode mode, SearchPoll poll,
                       void *poll_ctx, FILE *out)
{
    const Position *root = game_position(game);
    search_limit_start(s, limits, mode, root, poll, poll_ctx);
    s->leaf_count = s->leaf_ply_sum = 0;
    s->out = out;
    s->mode = mode;
    if (!s->halt)   /* the main searcher ages the shared table, before its helpers start */
        tt_new_search(s->tt);
    search_tree_prepare_reductions(s);
    memset(s->killers, 0, sizeof s->killers);
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < 64; f++)
            for (int t = 0; t < 64; t++)
                s->history[c][f][t] /= 2;
    init_keys(s, game);
    init_root_moves(s, root);
}
