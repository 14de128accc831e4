#include "hub/hub.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "eval/score.h"
#include "opening/book.h"
#include "pdn/pdn_move.h"
#include "rules/notation.h"
#include "rules/make.h"
#include "util/sys.h"

#define EXCERPT 40

Hub *hub_new(void)
{
    Hub *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->line = malloc(IO_LINE_MAX + 2);
    if (!h->line) {
        hub_free(h);
        return NULL;
    }
    h->tt_mib = HUB_TT_DEFAULT_MIB;
    h->book = true;
    h->book_ply = HUB_BOOK_PLY_DEFAULT;
    h->book_margin = HUB_BOOK_MARGIN_DEFAULT;
    h->multipv = 1;
    h->threads = 1;
    h->skill = SKILL_MAX;
    h->search_positional = 100;
    hub_seed(h, 0);
    search_params_default(&h->params);
    Position start;
    position_start(&start);
    game_reset(&h->game, &start);
    return h;
}

void hub_seed(Hub *h, long long seed)
{
    h->seed = seed;
    if (seed) {
        h->rng = skill_seed_state((uint64_t)seed);
        return;
    }
    h->rng = sys_seed();
}

void hub_free(Hub *h)
{
    if (!h)
        return;
    if (h->search)
        search_free(h->search);
    free(h->line);
    free(h);
}

/* The searcher, created at its first use (normally `init`) with the tt-size then set, so the
 * table is allocated once, at its final size; NULL, after an error line, when memory is short. */
Search *hub_searcher(Hub *h)
{
    if (!h->search) {
        h->search = search_new(h->tt_mib);
        if (!h->search) {
            hub_error(h, "not enough memory for a %zu MiB hash table", h->tt_mib);
            return NULL;
        }
        *search_params(h->search) = h->params;
        if (!search_set_threads(h->search, h->threads)) {
            hub_error(h, "cannot start %d search threads; searching on 1", h->threads);
            h->threads = 1;
        }
        if (search_tt_mib(h->search) * 2 <= h->tt_mib) {
            hub_error(h, "tt-size %zu MiB does not fit in this machine's memory; using %zu MiB", h->tt_mib,
                      search_tt_mib(h->search));
            h->tt_mib = search_tt_mib(h->search);
        }
    }
    return h->search;
}

/* Ends the loop when the output is gone (GUI closed its end): nobody is listening any more. */
void hub_flush(Hub *h)
{
    if (fflush(h->out) != 0 || ferror(h->out))
        h->quit = true;
}

void hub_error(Hub *h, const char *fmt, ...)
{
    char msg[HUB_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("error message=", h->out);
    hub_write_value(h->out, msg);
    fputc('\n', h->out);
    hub_flush(h);
}

/* The search's poll hook: answers ping, consumes stop and ponder-hit, and stops the search,
 * leaving the line queued, on any other command. End of input or a dead output stops it and
 * ends the loop. */
PollResult hub_poll(void *ctx)
{
    Hub *h = ctx;
    IoReader *r = &h->reader;
    while (io_reader_peek(r, 0)) {
        char word[16];
        if (r->status != IO_LINE_OK)
            return POLL_STOP;
        hub_peek_command(r->line, word, sizeof word);
        if (strcmp(word, "ping") == 0) {
            io_reader_consume(r);
            fputs("pong\n", h->out);
            hub_flush(h);
            continue;
        }
        h->search_answered = true;
        if (strcmp(word, "ponder-hit") == 0) {
            io_reader_consume(r);
            return POLL_PONDER_HIT;
        }
        if (strcmp(word, "stop") == 0)
            io_reader_consume(r);
        return POLL_STOP;
    }
    if (io_reader_finished(r) || ferror(h->out))
        h->quit = true;
    return h->quit ? POLL_STOP : POLL_CONTINUE;
}

/* The bb-size in force: the one set, capped by the tables embedded. */
int hub_bb_size(const Hub *h)
{
    return h->params.bb_size < bitbase_pieces() ? h->params.bb_size : bitbase_pieces();
}

void hub_play_moves(Hub *h, const char *list, const char *context)
{
    const char *p = list;
    for (int index = 1;; index++) {
        p += strspn(p, " \t");
        if (!*p)
            return;
        size_t len = strcspn(p, " \t");
        char text[PDN_MOVE_TEXT_MAX], err[HUB_MESSAGE_MAX / 2], ex[EXCERPT + 4];
        snprintf(text, sizeof text, "%.*s", (int)(len < sizeof text ? len : sizeof text - 1), p);
        hub_excerpt(text, EXCERPT, ex, sizeof ex);
        Move m;
        MoveParseStatus st = PARSE_SYNTAX;
        if (len >= sizeof text)
            snprintf(err, sizeof err, "cannot read move \"%s\"", ex);
        else
            st = notation_parse_move(game_position(&h->game), text, &m, err, sizeof err);
        /* a capture written as its path ("16x49x35x13x2": the squares it lands on), as GUIs and
         * the page copy moves from PDN files; the Hub form's message stands when it is neither */
        char why[8];
        if ((st == PARSE_ILLEGAL || st == PARSE_AMBIGUOUS) &&
            pdn_move_parse(game_position(&h->game), text, &m, why, sizeof why) == PDN_MOVE_OK)
            st = PARSE_OK;
        if (st == PARSE_OK && !game_play(&h->game, m)) {
            snprintf(err, sizeof err, "no room for move \"%s\": the game holds at most %d plies", ex,
                     GAME_MAX_PLIES - 1);
            st = PARSE_SYNTAX;
        }
        if (st != PARSE_OK) {
            if (index == 1)
                hub_error(h, "%s: move 1: %s; no move played", context, err);
            else if (index == 2)
                hub_error(h, "%s: move 2: %s; the move before it stays played", context, err);
            else
                hub_error(h, "%s: move %d: %s; the %d moves before it stay played", context, index, err,
                          index - 1);
            return;
        }
        p += len;
    }
}


/* Writes the Hub text of move m played from pos. */
static void write_move(FILE *out, const char *key, const Position *pos, Move m)
{
    char text[MOVE_TEXT_MAX];
    notation_format_move(pos, m, text);
    fprintf(out, "%s=", key);
    hub_write_value(out, text);
}

/* Prints `done move=X [ponder=Y]`; the ponder move is shown only when it is legal after X. */
static void print_done(Hub *h, Move best, Move ponder)
{
    const Position *root = game_position(&h->game);
    fputs("done ", h->out);
    write_move(h->out, "move", root, best);
    Position next;
    make_move(root, best, &next, true);
    if (ponder != MOVE_NONE && movegen_is_legal(&next, ponder)) {
        fputc(' ', h->out);
        write_move(h->out, "ponder", &next, ponder);
    }
    fputc('\n', h->out);
}

/* The playing level of a search of mode: full strength for go analyze, else the skill parameter,
 * lowered by lidraughts' level handicap=N (HUB_HANDICAP_SKILL). */
static int playing_skill(const Hub *h, GoMode mode, const SearchLimits *limits)
{
    static const int HANDICAP_SKILL[HUB_HANDICAP_MAX + 1] = HUB_HANDICAP_SKILL;
    if (mode == GO_ANALYZE)
        return SKILL_MAX;
    int cap = HANDICAP_SKILL[limits->handicap < 0 ? 0 : limits->handicap > HUB_HANDICAP_MAX ? HUB_HANDICAP_MAX
                                                                                                 : limits->handicap];
    return h->skill < cap ? h->skill : cap;
}

/* Under go think, the book's move when it has one (the ponder move is the best book reply),
 * with an `info` line carrying the book score to info (when not NULL). False when it has none. */
static bool pick_book_move(Hub *h, int skill, FILE *info, HubPick *pick)
{
    const Position *root = game_position(&h->game);
    BookMove chosen, replies[MAX_MOVES];
    int max_ply = skill_level(skill)->book_ply < h->book_ply ? skill_level(skill)->book_ply : h->book_ply;
    if (!h->book || !book_pick(book_embedded(), root, max_ply, h->book_margin, &h->rng, &chosen))
        return false;
    if (info) {
        char score[16];
        score_format(chosen.score, score, sizeof score);
        fprintf(info, "info score=%s ", score);
        write_move(info, "pv", root, chosen.move);
        fputc('\n', info);
    }
    Position next;
    make_move(root, chosen.move, &next, true);
    pick->source = HUB_PICK_BOOK;
    pick->move = chosen.move;
    pick->ponder = book_moves(book_embedded(), &next, replies) ? replies[0].move : MOVE_NONE;
    pick->result.score = chosen.score;
    return true;
}

/* A level's caps can end a ponder search before the GUI says ponder-hit or stop; the answer waits
 * for either (answering ping meanwhile), as a pondering engine's must. */
static void wait_ponder_end(Hub *h)
{
    while (!h->search_answered && !h->quit) {
        io_reader_peek(&h->reader, -1);
        if (hub_poll(h) != POLL_CONTINUE)
            return;
    }
}

/* The info line of a level's move after its candidates' lines: depth, score and the move alone. */
static void print_played(FILE *info, const Position *root, const SearchResult *r)
{
    char score[16];
    score_format(r->score, score, sizeof score);
    fprintf(info, "info depth=%d score=%s ", r->depth, score);
    write_move(info, "pv", root, r->best);
    fputc('\n', info);
}

/* Sets the searcher's parameters to the session's with the given positional share; a change of that
 * share forgets the tables, whose scores were found under the other evaluation. */
static void prepare_searcher(Hub *h, Search *search, int positional)
{
    SearchParams *p = search_params(search);
    *p = h->params;
    p->positional = positional;
    if (positional != h->search_positional) {
        search_clear(search);
        h->search_positional = positional;
    }
}

bool hub_pick(Hub *h, GoMode mode, const SearchLimits *limits, int lines, FILE *info, HubPick *pick)
{
    memset(pick, 0, sizeof *pick);
    MoveList list;
    movegen_generate(game_position(&h->game), &list);
    if (list.count == 0) {
        static const char *const SIDE[2] = {"White", "Black"};
        Color turn = game_position(&h->game)->turn;
        GameStatus st = game_status(&h->game);
        if (st == GAME_LOSS_CROWNED)
            hub_error(h, "no legal move: the game is over, %s crowned a king", SIDE[!turn]);
        else
            hub_error(h, "no legal move: %s to move has no piece that can move, so the game is over%s", SIDE[turn],
                      st == GAME_WIN ? " (won by the side to move: losing rules)" : "");
        return false;
    }
    if (mode == GO_THINK && list.count > 1 && pick_book_move(h, playing_skill(h, (GoMode)mode, limits), info, pick))
        return true;
    Search *search = hub_searcher(h);
    if (!search)
        return false;
    if (list.count == 1 && mode == GO_THINK) {   /* the search answers at once, with an info line */
        search_run(search, &h->game, limits, mode, hub_poll, h, info, &pick->result);
        pick->source = HUB_PICK_ONLY;
        pick->move = list.moves[0];
        pick->ponder = pick->result.ponder;
        return true;
    }
    const SkillLevel *sk = skill_level(playing_skill(h, mode, limits));
    SearchLimits capped = skill_limits(sk, limits, &h->rng);
    prepare_searcher(h, search, sk->positional * h->params.positional / 100);
    search_set_lines(search, lines > sk->lines ? lines : sk->lines);
    h->search_answered = false;
    search_run(search, &h->game, &capped, mode, hub_poll, h, info, &pick->result);
    if (mode == GO_PONDER && (sk->depth10 || sk->nodes))
        wait_ponder_end(h);
    int line = skill_choose(sk, &pick->result, &h->rng);
    pick->move = line ? pick->result.line_move[line] : pick->result.best;
    if (pick->move == MOVE_NONE || !movegen_is_legal(game_position(&h->game), pick->move)) {
        hub_error(h, "the search returned no legal move");
        return false;
    }
    pick->source = HUB_PICK_SEARCH;
    pick->ponder = line ? MOVE_NONE : pick->result.ponder;
    if (line) {   /* the figures describe the move played */
        pick->result.best = pick->move;
        pick->result.score = pick->result.line_score[line];
    }
    if (sk->lines > 1 && info)   /* clients read the last info line as the move's: it is the one played */
        print_played(info, game_position(&h->game), &pick->result);
    return true;
}

void hub_go(Hub *h, GoMode mode)
{
    HubPick pick;
    if (hub_pick(h, mode, &h->limits, h->multipv, h->out, &pick))
        print_done(h, pick.move, pick.ponder);
}
