#include "hub/hub.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "endgame/bitbase.h"
#include "opening/book.h"
#include "rules/notation.h"

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
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    h->rng = (uint64_t)now.tv_sec * 1000000007ULL ^ (uint64_t)now.tv_nsec ^ (uint64_t)getpid() << 40;
    search_tuning_defaults(&h->tune);
    Position start;
    position_start(&start);
    game_reset(&h->game, &start);
    return h;
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
static Search *hub_searcher(Hub *h)
{
    if (!h->search) {
        h->search = search_new(h->tt_mib);
        if (!h->search) {
            hub_error(h, "not enough memory for a %zu MiB hash table", h->tt_mib);
            return NULL;
        }
        *search_tuning(h->search) = h->tune;
        if (search_tt_mib(h->search) * 2 <= h->tt_mib) {
            hub_error(h, "tt-size %zu MiB does not fit in this machine's memory; using %zu MiB", h->tt_mib,
                      search_tt_mib(h->search));
            h->tt_mib = search_tt_mib(h->search);
        }
    }
    return h->search;
}

/* Ends the loop when the output is gone (GUI closed its end): nobody is listening any more. */
static void hub_flush(Hub *h)
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
static PollResult hub_poll(void *ctx)
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
static int hub_bb_size(const Hub *h)
{
    return h->tune.bb_size < bitbase_pieces() ? h->tune.bb_size : bitbase_pieces();
}

/* The handshake: id, one param line per parameter with its type and current value, wait. */
static void cmd_hub(Hub *h)
{
    FILE *out = h->out;
    fputs("id name=", out);
    hub_write_value(out, ENGINE_NAME);
    fputs(" version=", out);
    hub_write_value(out, ENGINE_VERSION);
    fputs(" author=", out);
    hub_write_value(out, ENGINE_AUTHOR);
    fputs(" country=", out);
    hub_write_value(out, ENGINE_COUNTRY);
    fputc('\n', out);
    fprintf(out, "param name=tt-size value=%zu type=int min=%d max=%d\n", h->tt_mib, HUB_TT_MIN_MIB,
            HUB_TT_MAX_MIB);
    fprintf(out, "param name=ponder value=%s type=bool\n", h->ponder ? "true" : "false");
    fprintf(out, "param name=variant value=%s type=enum values=\"%s\"\n", variant_name(h->variant), variant_names());
    fprintf(out, "param name=bb-size value=%d type=int min=0 max=%d\n", hub_bb_size(h), bitbase_pieces());
    fprintf(out, "param name=book value=%s type=bool\n", h->book ? "true" : "false");
    fprintf(out, "param name=book-ply value=%d type=int min=0 max=%d\n", h->book_ply, HUB_BOOK_PLY_MAX);
    fprintf(out, "param name=book-margin value=%d type=int min=0 max=%d\n", h->book_margin, HUB_BOOK_MARGIN_MAX);
    fputs("wait\n", out);
}

/* Validates and applies one parameter; a refused value leaves the old one. */
static void cmd_set_param(Hub *h, const HubCommand *c)
{
    const HubArg *name = hub_find_arg(c, "name"), *value = hub_find_arg(c, "value");
    char ex[EXCERPT + 4];
    if (!name || !name->has_value) {
        hub_error(h, "set-param needs name=... and value=...");
        return;
    }
    if (!value || !value->has_value) {
        hub_excerpt(name->value, EXCERPT, ex, sizeof ex);
        hub_error(h, "set-param name=%s needs value=...", ex);
        return;
    }
    hub_excerpt(value->value, EXCERPT, ex, sizeof ex);
    if (strcmp(name->value, "tt-size") == 0) {
        long long mib;
        if (hub_parse_int(value->value, HUB_TT_MIN_MIB, HUB_TT_MAX_MIB, &mib)) {
            hub_error(h, "tt-size \"%s\" is not an integer from %d to %d (MiB); keeping %zu", ex,
                      HUB_TT_MIN_MIB, HUB_TT_MAX_MIB, h->tt_mib);
        } else if (!h->search || search_resize_tt(h->search, (size_t)mib)) {
            h->tt_mib = (size_t)mib;
        } else {
            hub_error(h, "cannot allocate a %lld MiB hash table (more than half of this machine's memory, "
                      "or refused); keeping %zu MiB", mib, h->tt_mib);
        }
    } else if (strcmp(name->value, "ponder") == 0 || strcmp(name->value, "book") == 0) {
        bool *flag = strcmp(name->value, "ponder") == 0 ? &h->ponder : &h->book;
        if (strcmp(value->value, "true") == 0 || strcmp(value->value, "false") == 0)
            *flag = value->value[0] == 't';
        else
            hub_error(h, "%s \"%s\" is not true or false; keeping %s", name->value, ex, *flag ? "true" : "false");
    } else if (strcmp(name->value, "book-ply") == 0 || strcmp(name->value, "book-margin") == 0) {
        bool ply = strcmp(name->value, "book-ply") == 0;
        int *field = ply ? &h->book_ply : &h->book_margin, max = ply ? HUB_BOOK_PLY_MAX : HUB_BOOK_MARGIN_MAX;
        long long v;
        if (hub_parse_int(value->value, 0, max, &v))
            hub_error(h, "%s \"%s\" is not an integer from 0 to %d (%s); keeping %d", name->value, ex, max,
                      ply ? "plies" : "centi-men", *field);
        else
            *field = (int)v;
    } else if (strcmp(name->value, "variant") == 0) {
        Variant v;
        if (!variant_parse(value->value, &v)) {
            hub_error(h, "variant \"%s\" is not one of %s; keeping %s", ex, variant_names(), variant_name(h->variant));
        } else if (v != h->variant) {   /* a new rule set starts a new game at the start position */
            Position start;
            position_start(&start);
            position_set_variant(&start, v);
            h->variant = v;
            game_reset(&h->game, &start);
        }
    } else if (strcmp(name->value, "bb-size") == 0) {
        long long pieces;
        if (hub_parse_int(value->value, 0, bitbase_pieces(), &pieces)) {
            hub_error(h, "bb-size \"%s\" is not an integer from 0 to %d (pieces); keeping %d", ex, bitbase_pieces(),
                      hub_bb_size(h));
        } else {
            h->tune.bb_size = (int)pieces;
            if (h->search)
                *search_tuning(h->search) = h->tune;
        }
    } else if (strncmp(name->value, HUB_TUNE_PREFIX, strlen(HUB_TUNE_PREFIX)) == 0) {
        const char *field = name->value + strlen(HUB_TUNE_PREFIX);
        long long v;
        if (hub_parse_int(value->value, 0, HUB_TUNE_MAX, &v) || !search_tuning_set(&h->tune, field, (int)v)) {
            hub_excerpt(name->value, EXCERPT, ex, sizeof ex);
            hub_error(h, "%s: no such search setting, or not an integer from 0 to %d", ex, HUB_TUNE_MAX);
        } else if (h->search) {
            *search_tuning(h->search) = h->tune;
        }
    } else {
        hub_excerpt(name->value, EXCERPT, ex, sizeof ex);
        hub_error(h, "unknown parameter \"%s\" (parameters: tt-size ponder variant bb-size book book-ply book-margin)", ex);
    }
}

void hub_play_moves(Hub *h, const char *list, const char *context)
{
    const char *p = list;
    for (int index = 1;; index++) {
        p += strspn(p, " \t");
        if (!*p)
            return;
        size_t len = strcspn(p, " \t");
        char text[MOVE_TEXT_MAX], err[HUB_MESSAGE_MAX / 2], ex[EXCERPT + 4];
        snprintf(text, sizeof text, "%.*s", (int)(len < sizeof text ? len : sizeof text - 1), p);
        hub_excerpt(text, EXCERPT, ex, sizeof ex);
        Move m;
        MoveParseStatus st = PARSE_SYNTAX;
        if (len >= sizeof text)
            snprintf(err, sizeof err, "cannot read move \"%s\"", ex);
        else
            st = notation_parse_move(game_position(&h->game), text, &m, err, sizeof err);
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

/* Sets the position (pos=, fen= or start) and plays the moves; a bad position changes nothing. */
static void cmd_pos(Hub *h, const HubCommand *c)
{
    const HubArg *pos = hub_find_arg(c, "pos"), *fen = hub_find_arg(c, "fen");
    const HubArg *moves = hub_find_arg(c, "moves");
    const char *text = NULL;
    if (pos && pos->has_value)
        text = pos->value;
    else if (fen && fen->has_value)
        text = fen->value;
    else if (hub_find_arg(c, "start"))
        text = "start";
    if (!text) {
        hub_error(h, "pos needs pos=<51-char Hub position>, fen=<FEN> or start");
        return;
    }
    Position p;
    const char *err = notation_parse_position(text, &p);
    if (!err)
        err = position_set_variant(&p, h->variant);
    if (err) {
        char ex[EXCERPT + 4];
        hub_excerpt(text, EXCERPT, ex, sizeof ex);
        hub_error(h, "bad position \"%s\": %s; keeping the previous position", ex, err);
        return;
    }
    game_reset(&h->game, &p);
    memset(&h->limits, 0, sizeof h->limits);
    if (moves)
        hub_play_moves(h, moves->value, "pos moves");
}

/* Reads one level field into l (unknown keys are ignored); NULL, or why the value is refused. */
static const char *level_field(const HubArg *a, SearchLimits *l)
{
    long long n;
    double t;
    const char *err = NULL;
    if (strcmp(a->key, "infinite") == 0) {
        l->infinite = true;
    } else if (strcmp(a->key, "depth") == 0) {
        if (!(err = hub_parse_int(a->value, 1, MAX_PLY - 1, &n)))
            l->depth = (int)n;
    } else if (strcmp(a->key, "nodes") == 0) {
        if (!(err = hub_parse_int(a->value, 1, HUB_LEVEL_MAX_NODES, &n)))
            l->nodes = (uint64_t)n;
    } else if (strcmp(a->key, "moves") == 0) {
        if (!(err = hub_parse_int(a->value, 0, HUB_LEVEL_MAX_MOVES, &n)))
            l->moves = (int)n;
    } else if (strcmp(a->key, "move-time") == 0) {
        if (!(err = hub_parse_real(a->value, 0, HUB_LEVEL_MAX_SECONDS, &t))) {
            if (t > 0)
                l->move_time = t;
            else
                err = "out of range";
        }
    } else if (strcmp(a->key, "time") == 0) {
        if (!(err = hub_parse_real(a->value, -HUB_LEVEL_MAX_SECONDS, HUB_LEVEL_MAX_SECONDS, &t))) {
            l->time = t > 0 ? t : 0;
            l->clock_set = true;
        }
    } else if (strcmp(a->key, "inc") == 0) {
        if (!(err = hub_parse_real(a->value, 0, HUB_LEVEL_MAX_SECONDS, &t)))
            l->inc = t;
    }
    return err;
}

/* Writes the accepted range of a level field, for error messages. */
static void level_range(const char *key, char *buf, size_t size)
{
    if (strcmp(key, "depth") == 0)
        snprintf(buf, size, "an integer from 1 to %d", MAX_PLY - 1);
    else if (strcmp(key, "nodes") == 0)
        snprintf(buf, size, "an integer from 1 to %lld", HUB_LEVEL_MAX_NODES);
    else if (strcmp(key, "moves") == 0)
        snprintf(buf, size, "an integer from 0 to %d", HUB_LEVEL_MAX_MOVES);
    else
        snprintf(buf, size, "seconds from %s to %.0f", strcmp(key, "move-time") == 0 ? "above 0" : "0",
                 HUB_LEVEL_MAX_SECONDS);
}

/* Limits add up until pos or the end of a go clears them; a refused value changes nothing. */
static void cmd_level(Hub *h, const HubCommand *c)
{
    SearchLimits l = h->limits;
    for (int i = 0; i < c->argc; i++) {
        const HubArg *a = &c->args[i];
        const char *err = level_field(a, &l);
        if (err) {
            char ex[EXCERPT + 4], range[64];
            hub_excerpt(a->value, EXCERPT, ex, sizeof ex);
            level_range(a->key, range, sizeof range);
            hub_error(h, "level %s=\"%s\": %s, expected %s; limits unchanged", a->key, ex, err, range);
            return;
        }
    }
    if (c->argc == 0) {
        hub_error(h, "level needs depth=N, nodes=N, move-time=T, [moves=N] time=T [inc=T] or infinite");
        return;
    }
    h->limits = l;
    /* Some clients send time minus inc, which can go below 0 near the end of the clock: the
     * line still counts (as an empty clock, so the move comes at once), with a warning. */
    const HubArg *time = hub_find_arg(c, "time");
    if (time && time->value[0] == '-') {
        char ex[EXCERPT + 4];
        hub_excerpt(time->value, EXCERPT, ex, sizeof ex);
        hub_error(h, "level time=\"%s\" is negative; counted as 0 (clock used up)", ex);
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
    position_make(root, best, &next);
    if (ponder != MOVE_NONE && movegen_is_legal(&next, ponder)) {
        fputc(' ', h->out);
        write_move(h->out, "ponder", &next, ponder);
    }
    fputc('\n', h->out);
}

/* Under go think, answers from the book when it has a move: `info` with the book score, then
 * `done` at once (the ponder move is the best book reply). False when the book has no move. */
static bool play_book_move(Hub *h)
{
    const Position *root = game_position(&h->game);
    BookMove pick, replies[MAX_MOVES];
    if (!h->book || !book_pick(book_embedded(), root, h->book_ply, h->book_margin, &h->rng, &pick))
        return false;
    char score[16];
    search_format_score(pick.score, score, sizeof score);
    fprintf(h->out, "info score=%s ", score);
    write_move(h->out, "pv", root, pick.move);
    fputc('\n', h->out);
    Position next;
    position_make(root, pick.move, &next);
    print_done(h, pick.move, book_moves(book_embedded(), &next, replies) ? replies[0].move : MOVE_NONE);
    return true;
}

/* Answers a go: an error when there is no legal move, under go think the only move or a book move
 * at once, else the search's move. */
static void run_go(Hub *h, GoMode mode)
{
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
        return;
    }
    if (list.count == 1 && mode == GO_THINK) {
        print_done(h, list.moves[0], MOVE_NONE);
        return;
    }
    if (mode == GO_THINK && play_book_move(h))
        return;
    Search *search = hub_searcher(h);
    if (!search)
        return;
    SearchResult res;
    search_run(search, &h->game, &h->limits, mode, hub_poll, h, h->out, &res);
    if (res.best == MOVE_NONE || !movegen_is_legal(game_position(&h->game), res.best))
        hub_error(h, "the search returned no legal move");
    else
        print_done(h, res.best, res.ponder);
}

/* go think|ponder|analyze; the limits are cleared afterwards whatever happened. */
static void cmd_go(Hub *h, const HubCommand *c)
{
    int mode = -1;
    for (int i = 0; i < c->argc && mode < 0; i++) {
        const char *k = c->args[i].key;
        mode = strcmp(k, "think") == 0 ? GO_THINK : strcmp(k, "ponder") == 0 ? GO_PONDER
               : strcmp(k, "analyze") == 0 ? GO_ANALYZE : -1;
    }
    if (mode < 0)
        hub_error(h, "go needs think, ponder or analyze");
    else
        run_go(h, (GoMode)mode);
    memset(&h->limits, 0, sizeof h->limits);
}

/* Allocates the searcher with the parameters set so far. ready follows even when memory is
 * short: the error line says so, and every go will too. */
static void cmd_init(Hub *h)
{
    hub_searcher(h);
    fputs("ready\n", h->out);
}

/* Forgets the hash and history tables (nothing to forget before the first search). */
static void cmd_new_game(Hub *h)
{
    if (h->search)
        search_clear(h->search);
}

/* Runs one parsed command; false when the command is unknown. */
static bool execute(Hub *h, const HubCommand *c)
{
    const char *name = c->command;
    if (strcmp(name, "hub") == 0)
        cmd_hub(h);
    else if (strcmp(name, "set-param") == 0)
        cmd_set_param(h, c);
    else if (strcmp(name, "init") == 0)
        cmd_init(h);
    else if (strcmp(name, "ping") == 0)
        fputs("pong\n", h->out);
    else if (strcmp(name, "pos") == 0)
        cmd_pos(h, c);
    else if (strcmp(name, "level") == 0)
        cmd_level(h, c);
    else if (strcmp(name, "go") == 0)
        cmd_go(h, c);
    else if (strcmp(name, "new-game") == 0)
        cmd_new_game(h);
    else if (strcmp(name, "quit") == 0)
        h->quit = true;
    else if (strcmp(name, "stop") != 0 && strcmp(name, "ponder-hit") != 0)
        return hub_term_execute(h, c);
    return true;
}

/* Takes the current line off the reader and answers it. stop and ponder-hit outside a search
 * are late arrivals for a search that already ended, so they are ignored. */
static void handle_line(Hub *h)
{
    IoReader *r = &h->reader;
    IoLineStatus status = r->status;
    unsigned char bad = r->bad_byte;
    memcpy(h->line, r->line, r->line_len + 1);
    io_reader_consume(r);
    if (status == IO_LINE_TOO_LONG) {
        hub_error(h, "line longer than %d bytes ignored", IO_LINE_MAX);
        return;
    }
    if (status == IO_LINE_NUL) {
        hub_error(h, "line with a NUL byte ignored");
        return;
    }
    if (status == IO_LINE_BINARY) {
        hub_error(h, "line with byte 0x%02X ignored: only printable ASCII and tabs are accepted", bad);
        return;
    }
    const char *err = hub_parse_line(h->line, &h->cmd);
    if (err) {
        hub_error(h, "%s", err);
        return;
    }
    if (!execute(h, &h->cmd)) {
        char ex[EXCERPT + 4];
        hub_excerpt(h->cmd.command, EXCERPT, ex, sizeof ex);
        hub_error(h, "unknown command \"%s\" (type help for the list)", ex);
    }
    hub_flush(h);
}

int hub_run_source(Hub *h, IoSource *src, FILE *out)
{
    h->out = out;
    h->quit = false;
    if (!io_reader_init(&h->reader, src)) {
        fputs("error message=\"out of memory\"\n", out);
        fflush(out);
        return 1;
    }
    while (!h->quit && io_reader_peek(&h->reader, -1))
        handle_line(h);
    io_reader_free(&h->reader);
    return 0;
}

int hub_run(Hub *h, FILE *in, FILE *out)
{
    IoSource src;
    int fd = fileno(in);
    if (fd >= 0)
        io_source_fd(&src, fd);
    else
        io_source_file(&src, in);
    return hub_run_source(h, &src, out);
}
