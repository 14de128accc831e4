/* Commands for people at the terminal. A GUI never sends them, and their output only
 * follows the command that asked for it, so they cannot disturb a GUI session. */
#include <stdlib.h>
#include <string.h>
#include "search/bench.h"
#include "opening/book.h"
#include "eval/net_weights.h"
#include "eval/score.h"
#include "hub/hub_eval.h"
#include "hub/hub_term.h"
#include "rules/notation.h"
#include "rules/perft.h"

#define PERFT_MAX_DEPTH 15
#define BENCH_MAX_DEPTH 30
#define THINK_DEFAULT_SECONDS 1.0   /* think's (and lines') time a move when no level is set */
#define TERM_LINES_DEFAULT 3

static const char *const HELP[] = {
    "Hub protocol v2 (what GUIs send; values with spaces go in double quotes):",
    "  hub                          engine id, parameters, then wait",
    "  set-param name=N value=V     parameters: tt-size (MiB), threads (search threads, 1-256), ponder (true/false),",
    "                               variant (normal killer bt frisian losing),",
    "                               bb-size (pieces), book (true/false), book-ply (plies), book-margin (centi-men),",
    "                               multipv (lines of go analyze and go think, 1-10),",
    "                               skill (level of go think and go ponder, 1-20; 20: full strength, the default),",
    "                               seed (random choices of book and levels; 0: from the clock),",
    "                               eval (patterns, or net: the embedded network, or that of hub --net FILE),",
    "                               search-NAME (experimental: a field of SearchParams, as search-lmr)",
    "  init                         answers ready",
    "  pos pos=P|fen=F|start [moves=\"M1 M2 ...\"]   set the position (P = 51-char Hub string)",
    "  level depth=N | nodes=N | move-time=T | [moves=N] time=T [inc=T] | infinite | handicap=0-3",
    "  go think|ponder|analyze      search; prints info lines, then done move=... ponder=...",
    "  stop                         during a search: end it (done follows)",
    "  ponder-hit                   during go ponder: the expected move was played, switch to normal timing",
    "  ping                         answers pong, at once, also during a search",
    "  new-game                     forget the hash and history tables",
    "  quit                         leave (end of input does too)",
    "Terminal commands:",
    "  help                         this list",
    "  board                        diagram with square numbers, side to move, FEN",
    "  moves                        legal moves of the current position",
    "  play M1 M2 ...               play moves on the current game (kept for repetitions)",
    "  think                        the engine plays a move: the book's, or a search under the level set",
    "                               (1 second without one; the level stays for the next think; a line typed",
    "                               meanwhile makes it move at once); refused when the game is over",
    "  lines [N]                    analyse: the best N moves (default 3, at most 10) with their scores and lines,",
    "                               under the level set (1 second without one); go analyze with multipv=N set",
    "                               prints them as info lines instead, at every depth",
    "  auto on|off                  on: the engine answers each play at once, as think does (default off)",
    "  undo [N]                     take back N move pairs, the reply and your move (default 1; a lone move too)",
    "  back [N]                     take back N single moves (plies, default 1)",
    "  perft depth=N [divide]       count move sequences of N plies",
    "  eval                         static evaluation term by term",
    "  book                         the opening book's moves here, best first, with their scores",
    "  bench [depth=N]              fixed-depth search of the bench positions",
};

static void cmd_help(Hub *h)
{
    for (size_t i = 0; i < sizeof HELP / sizeof HELP[0]; i++)
        fprintf(h->out, "%s\n", HELP[i]);
}

/* The piece letter on square s (. when empty). */
static char piece_char(const Position *pos, int s)
{
    Bitboard b = bb_square(s);
    if (pos->pieces[WHITE] & b)
        return (pos->kings & b) ? 'W' : 'w';
    if (pos->pieces[BLACK] & b)
        return (pos->kings & b) ? 'B' : 'b';
    return '.';
}

/* Prints one line key=value (value quoted when needed). */
static void print_pair(FILE *out, const char *key, const char *value, bool last)
{
    fprintf(out, "%s=", key);
    hub_write_value(out, value);
    fputc(last ? '\n' : ' ', out);
}

/* One line for the current position: ply, side to move, game status, FEN and, in a variant, its name. */
static void print_position_line(Hub *h, const char *tag)
{
    const Position *pos = game_position(&h->game);
    char fen[FEN_TEXT_MAX];
    notation_format_fen(pos, fen);
    fprintf(h->out, "%s ply=%d ", tag, h->game.ply);
    print_pair(h->out, "side", pos->turn == WHITE ? "white" : "black", false);
    print_pair(h->out, "status", game_status_text(game_status(&h->game)), false);
    bool named = !variant_is_default(position_variant(pos));
    print_pair(h->out, "fen", fen, !named);
    if (named)
        print_pair(h->out, "variant", variant_name(position_variant(pos)), true);
}

/* The board seen from White (square 1 top left of the top row), next to the square numbers. */
static void cmd_board(Hub *h)
{
    const Position *pos = game_position(&h->game);
    const char *border = "  +------------------------------+    +------------------------------+\n";
    fputs(border, h->out);
    for (int row = 0; row < 10; row++) {
        char pieces[31], numbers[31];
        for (int col = 0; col < 10; col++) {
            bool dark = (row + col) % 2 == 1;
            int s = row * 5 + col / 2 + 1;
            snprintf(pieces + 3 * col, 4, dark ? " %c " : "   ", piece_char(pos, s));
            if (dark)
                snprintf(numbers + 3 * col, 4, "%2d ", s);
            else
                snprintf(numbers + 3 * col, 4, "   ");
        }
        fprintf(h->out, "  |%s|    |%s|\n", pieces, numbers);
    }
    fputs(border, h->out);
    char hub[HUB_POS_LEN + 1];
    notation_format_hub(pos, hub);
    print_position_line(h, "board");
    fprintf(h->out, "board pos=%s\n", hub);
}

static void cmd_moves(Hub *h)
{
    const Position *pos = game_position(&h->game);
    MoveList list;
    movegen_generate(pos, &list);
    notation_sort_moves(pos, &list);
    const char *quote = list.count == 1 ? "" : "\"";   /* a single move needs no quotes */
    fprintf(h->out, "moves count=%d list=%s", list.count, quote);
    for (int i = 0; i < list.count; i++) {
        char text[MOVE_TEXT_MAX];
        notation_format_move(pos, list.moves[i], text);
        fprintf(h->out, "%s%s", i ? " " : "", text);
    }
    fprintf(h->out, "%s\n", quote);
}

/* `book count=N ply=P moves="M:S ..."`: the book moves of the current position with their scores
 * (count=0 when the book has none, whatever the book parameters). */
static void cmd_book(Hub *h)
{
    const Position *pos = game_position(&h->game);
    BookMove moves[MAX_MOVES];
    int n = book_moves(book_embedded(), pos, moves);
    fprintf(h->out, "book count=%d", n);
    if (n == 0) {
        fputc('\n', h->out);
        return;
    }
    fprintf(h->out, " ply=%d moves=\"", book_find(book_embedded(), pos)->ply);
    for (int i = 0; i < n; i++) {
        char text[MOVE_TEXT_MAX], score[16];
        notation_format_move(pos, moves[i].move, text);
        score_format(moves[i].score, score, sizeof score);
        fprintf(h->out, "%s%s:%s", i ? " " : "", text, score);
    }
    fputs("\"\n", h->out);
}

/* Whether level set something that ends a search (depth, nodes, a move time, a clock or infinite). */
static bool level_set(const SearchLimits *l)
{
    return l->depth || l->nodes || l->move_time > 0 || l->clock_set || l->infinite;
}

/* The outcome of a finished game for a person: "White wins", "Black wins" or "draw". */
static const char *result_text(const Game *game, GameStatus status)
{
    int outcome = game_status_outcome(status);   /* for the side to move */
    if (outcome == 0)
        return "draw";
    return (game_position(game)->turn == WHITE) == (outcome > 0) ? "White wins" : "Black wins";
}

/* `think move=M source=search|book|only [score=S depth=D nodes=N time=T]`, the board after the
 * move, and `game-over status=... result=...` when the move ended the game. */
static void print_think(Hub *h, const HubPick *pick, const char *move)
{
    static const char *const SOURCE[] = {[HUB_PICK_SEARCH] = "search", [HUB_PICK_ONLY] = "only",
                                         [HUB_PICK_BOOK] = "book"};
    fprintf(h->out, "think ");
    print_pair(h->out, "move", move, false);
    fprintf(h->out, "source=%s", SOURCE[pick->source]);
    if (pick->source != HUB_PICK_ONLY) {
        char score[16];
        score_format(pick->result.score, score, sizeof score);
        fprintf(h->out, " score=%s", score);
    }
    if (pick->source == HUB_PICK_SEARCH)
        fprintf(h->out, " depth=%d nodes=%llu time=%.2f", pick->result.depth,
                (unsigned long long)pick->result.nodes, pick->result.time);
    fputc('\n', h->out);
    cmd_board(h);
    GameStatus st = game_status(&h->game);
    if (st != GAME_ONGOING) {
        fputs("game-over ", h->out);
        print_pair(h->out, "status", game_status_text(st), false);
        print_pair(h->out, "result", result_text(&h->game, st), true);
    }
}

/* Refuses a finished game; otherwise chooses a move as go think does, under the level set (or
 * THINK_DEFAULT_SECONDS), plays it and shows it with the board. The level stays set. */
static void cmd_think(Hub *h)
{
    GameStatus st = game_status(&h->game);
    if (st != GAME_ONGOING) {
        hub_error(h, "think: the game is over (%s: %s); undo, back or pos to go on", game_status_text(st),
                  result_text(&h->game, st));
        return;
    }
    SearchLimits limits = h->limits;
    if (!level_set(&limits))
        limits.move_time = THINK_DEFAULT_SECONDS;
    HubPick pick;
    if (!hub_pick(h, GO_THINK, &limits, 1, NULL, &pick))
        return;
    char move[MOVE_TEXT_MAX];
    notation_format_move(game_position(&h->game), pick.move, move);
    if (!game_play(&h->game, pick.move)) {
        hub_error(h, "think: no room for move %s: the game holds at most %d plies", move, GAME_MAX_PLIES - 1);
        return;
    }
    print_think(h, &pick, move);
}

/* auto on|off: whether play is answered by a think at once. */
static void cmd_auto(Hub *h, const HubCommand *c)
{
    const char *word = c->argc == 1 && !c->args[0].has_value ? c->args[0].key : "";
    if (strcmp(word, "on") == 0 || strcmp(word, "off") == 0)
        h->auto_reply = word[1] == 'n';
    else
        hub_error(h, "auto needs on or off (now %s)", h->auto_reply ? "on" : "off");
}

/* play takes its moves as bare words (play 32-28 19-23) or as moves="...". */
static void cmd_play(Hub *h, const HubCommand *c)
{
    const HubArg *list = hub_find_arg(c, "moves");
    int before = h->game.ply;
    if (list) {
        hub_play_moves(h, list->value, "play");
    } else {
        size_t len = 0;
        for (int i = 0; i < c->argc; i++)
            if (!c->args[i].has_value)
                len += strlen(c->args[i].key) + 1;
        if (len == 0) {
            hub_error(h, "play needs moves, e.g. play 32-28 19-23");
            return;
        }
        char *joined = malloc(len + 1), *end = joined;
        if (!joined) {
            hub_error(h, "play: out of memory");
            return;
        }
        for (int i = 0; i < c->argc; i++)
            if (!c->args[i].has_value)
                end += sprintf(end, " %s", c->args[i].key);
        hub_play_moves(h, joined, "play");
        free(joined);
    }
    if (h->game.ply > before) {
        print_position_line(h, "position");
        if (h->auto_reply && game_status(&h->game) == GAME_ONGOING)
            cmd_think(h);
    }
}

/* A count given as key=N or as a bare number (undo 3); def when absent, or an error when
 * def < 0. Bare words that do not look like numbers are ignored. NULL on success, else why not. */
static const char *count_arg(const HubCommand *c, const char *key, long long min, long long max,
                             long long def, long long *out)
{
    const HubArg *a = hub_find_arg(c, key);
    *out = def;
    if (a)
        return hub_parse_int(a->value, min, max, out);
    for (int i = 0; i < c->argc; i++)
        if (!c->args[i].has_value && strchr("0123456789+-", c->args[i].key[0]))
            return hub_parse_int(c->args[i].key, min, max, out);
    return def < 0 ? "missing value" : NULL;
}

/* lines [N]: analyses the position under the level set (or THINK_DEFAULT_SECONDS) for the best N
 * root moves and prints the deepest complete set, best first: rank, score, line. */
static void cmd_lines(Hub *h, const HubCommand *c)
{
    long long n;
    const char *err = count_arg(c, "n", 1, SEARCH_MAX_LINES, TERM_LINES_DEFAULT, &n);
    if (err) {
        hub_error(h, "lines count: %s, expected an integer from 1 to %d", err, SEARCH_MAX_LINES);
        return;
    }
    SearchLimits limits = h->limits;
    if (!level_set(&limits))
        limits.move_time = THINK_DEFAULT_SECONDS;
    HubPick pick;
    if (!hub_pick(h, GO_ANALYZE, &limits, (int)n, NULL, &pick))
        return;
    const SearchResult *r = &pick.result;
    fprintf(h->out, "lines count=%d depth=%d nodes=%llu time=%.2f\n", r->line_count, r->depth,
            (unsigned long long)r->nodes, r->time);
    for (int i = 0; i < r->line_count; i++) {
        char score[16], pv[MAX_PLY * (MOVE_TEXT_MAX + 1)];
        score_format(r->line_score[i], score, sizeof score);
        search_line_text(h->search, i, pv, sizeof pv);
        fprintf(h->out, "%3d. %7s  %s\n", i + 1, score, pv);
    }
}

/* back [N]: takes back N plies (default 1). */
static void cmd_back(Hub *h, const HubCommand *c)
{
    long long n;
    const char *err;
    if (h->game.ply == 0)
        hub_error(h, "back: no move to take back");
    else if ((err = count_arg(c, "n", 1, h->game.ply, 1, &n)))
        hub_error(h, "back count: %s, expected an integer from 1 to %d (the moves played)", err, h->game.ply);
    else {
        game_undo(&h->game, (int)n);
        print_position_line(h, "position");
    }
}

/* undo [N]: takes back N move pairs (default 1), the engine's reply and the person's move, so
 * that after think the person is to move again; a lone first ply counts as a pair. */
static void cmd_undo(Hub *h, const HubCommand *c)
{
    long long n;
    const char *err;
    int pairs = (h->game.ply + 1) / 2;
    if (h->game.ply == 0)
        hub_error(h, "undo: nothing to undo, no move has been played");
    else if ((err = count_arg(c, "n", 1, pairs, 1, &n)))
        hub_error(h, "undo count: %s, expected an integer from 1 to %d (the move pairs played)", err, pairs);
    else {
        game_undo(&h->game, (int)n * 2);   /* game_undo stops at the start of the game */
        print_position_line(h, "position");
    }
}

static void cmd_perft(Hub *h, const HubCommand *c)
{
    long long depth;
    const char *err = count_arg(c, "depth", 0, PERFT_MAX_DEPTH, -1, &depth);
    if (err)
        hub_error(h, "perft depth: %s, expected an integer from 0 to %d", err, PERFT_MAX_DEPTH);
    else
        perft_report(game_position(&h->game), (int)depth, hub_find_arg(c, "divide") != NULL, h->out);
}

static void cmd_bench(Hub *h, const HubCommand *c)
{
    long long depth;
    const char *err = count_arg(c, "depth", 1, BENCH_MAX_DEPTH, BENCH_DEFAULT_DEPTH, &depth);
    if (err)
        hub_error(h, "bench depth: %s, expected an integer from 1 to %d", err, BENCH_MAX_DEPTH);
    else if (bench_run((int)depth, h->threads, BENCH_TT_MIB, &h->params, h->out) == 0)
        hub_error(h, "bench: not enough memory");
}

bool hub_term_execute(Hub *h, const HubCommand *c)
{
    const char *name = c->command;
    if (strcmp(name, "help") == 0)
        cmd_help(h);
    else if (strcmp(name, "board") == 0)
        cmd_board(h);
    else if (strcmp(name, "moves") == 0)
        cmd_moves(h);
    else if (strcmp(name, "play") == 0)
        cmd_play(h, c);
    else if (strcmp(name, "undo") == 0)
        cmd_undo(h, c);
    else if (strcmp(name, "back") == 0)
        cmd_back(h, c);
    else if (strcmp(name, "think") == 0 && c->argc == 0)
        cmd_think(h);
    else if (strcmp(name, "think") == 0)
        hub_error(h, "think takes no arguments (set the time with level, e.g. level move-time=5)");
    else if (strcmp(name, "auto") == 0)
        cmd_auto(h, c);
    else if (strcmp(name, "lines") == 0)
        cmd_lines(h, c);
    else if (strcmp(name, "perft") == 0)
        cmd_perft(h, c);
    else if (strcmp(name, "eval") == 0) {
        const Position *pos = game_position(&h->game);
        hub_eval_print_breakdown(pos, h->out);
        if (h->params.net && net_weights_covers(position_variant(pos)))   /* what eval=net searches with */
            hub_eval_print_net(pos, h->params.net, h->out);
    }
    else if (strcmp(name, "bench") == 0)
        cmd_bench(h, c);
    else if (strcmp(name, "book") == 0)
        cmd_book(h);
    else
        return false;
    return true;
}
