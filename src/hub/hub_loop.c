/* The Hub protocol loop: reads lines, parses them and answers the protocol's commands (see
 * hub_loop.h); the session they act on is hub.c's, the terminal's extra commands hub_term.c's. */
#include "hub/hub_loop.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "endgame/bitbase.h"
#include "eval/eval_weights.h"
#include "eval/net_weights.h"
#include "hub/hub_term.h"
#include "rules/notation.h"

#define EXCERPT 40


/* The plain integer parameters: a Hub field each, with its range. */
typedef struct {
    const char *name, *unit;
    size_t offset;
    int min, max;
} IntParam;

static const IntParam INT_PARAMS[] = {
    {"book-ply", "plies", offsetof(Hub, book_ply), 0, HUB_BOOK_PLY_MAX},
    {"book-margin", "centi-men", offsetof(Hub, book_margin), 0, HUB_BOOK_MARGIN_MAX},
    {"multipv", "lines", offsetof(Hub, multipv), 1, SEARCH_MAX_LINES},
    {"skill", "levels", offsetof(Hub, skill), SKILL_MIN, SKILL_MAX},
};

/* The integer parameter called name, or NULL. */
static const IntParam *int_param(const char *name)
{
    for (size_t i = 0; i < sizeof INT_PARAMS / sizeof INT_PARAMS[0]; i++)
        if (strcmp(name, INT_PARAMS[i].name) == 0)
            return &INT_PARAMS[i];
    return NULL;
}

/* Each writes the handshake's "value=... type=..." of the parameter called name as it is now. */
static void describe_tt_size(const Hub *h, const char *name, FILE *out)
{
    (void)name;
    fprintf(out, "value=%zu type=int min=%d max=%d", h->tt_mib, HUB_TT_MIN_MIB, HUB_TT_MAX_MIB);
}

static void describe_flag(const Hub *h, const char *name, FILE *out)
{
    bool on = strcmp(name, "ponder") == 0 ? h->ponder : h->book;
    fprintf(out, "value=%s type=bool", on ? "true" : "false");
}

static void describe_variant(const Hub *h, const char *name, FILE *out)
{
    (void)name;
    fprintf(out, "value=%s type=enum values=\"%s\"", variant_name(h->variant), variant_names());
}

static void describe_bb_size(const Hub *h, const char *name, FILE *out)
{
    (void)name;
    fprintf(out, "value=%d type=int min=0 max=%d", hub_bb_size(h), bitbase_pieces());
}

static void describe_int(const Hub *h, const char *name, FILE *out)
{
    const IntParam *ip = int_param(name);
    fprintf(out, "value=%d type=int min=%d max=%d", *(const int *)((const char *)h + ip->offset), ip->min,
            ip->max);
}

static void describe_eval(const Hub *h, const char *name, FILE *out)
{
    (void)name;
    fprintf(out, "value=%s type=enum values=\"patterns net\"", h->params.net ? "net" : "patterns");
}

static void describe_seed(const Hub *h, const char *name, FILE *out)
{
    (void)name;
    fprintf(out, "value=%lld type=int min=0 max=%lld", h->seed, HUB_SEED_MAX);
}

static void describe_threads(const Hub *h, const char *name, FILE *out)
{
    (void)name;
    fprintf(out, "value=%d type=int min=1 max=%d", h->threads, HUB_THREADS_MAX);
}

/* The parameters in the handshake's order: the one list of them, which the handshake and the
 * unknown-parameter message both read (help's prose is checked against it by the tests). */
static const struct {
    const char *name;
    void (*describe)(const Hub *h, const char *name, FILE *out);
} PARAMS[] = {
    {"tt-size", describe_tt_size},  {"ponder", describe_flag},  {"variant", describe_variant},
    {"bb-size", describe_bb_size},  {"book", describe_flag},    {"book-ply", describe_int},
    {"book-margin", describe_int},  {"multipv", describe_int},  {"skill", describe_int},
    {"seed", describe_seed},        {"threads", describe_threads}, {"eval", describe_eval},
};

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
    for (size_t i = 0; i < sizeof PARAMS / sizeof PARAMS[0]; i++) {
        fprintf(out, "param name=%s ", PARAMS[i].name);
        PARAMS[i].describe(h, PARAMS[i].name, out);
        fputc('\n', out);
    }
    fputs("wait\n", out);
}

/* The error for a parameter name no one knows, naming those the engine has. */
static void unknown_param(Hub *h, const char *name)
{
    char ex[EXCERPT + 4], names[512] = "";
    size_t len = 0;
    hub_excerpt(name, EXCERPT, ex, sizeof ex);
    for (size_t i = 0; i < sizeof PARAMS / sizeof PARAMS[0] && len < sizeof names; i++)
        len += (size_t)snprintf(names + len, sizeof names - len, "%s ", PARAMS[i].name);
    hub_error(h, "unknown parameter \"%s\" (parameters: %s%sNAME)", ex, names, HUB_SEARCH_PARAM_PREFIX);
}

/* Validates and applies one parameter; a refused value leaves the old one. */
static void cmd_set_param(Hub *h, const HubCommand *c)
{
    const IntParam *ip;
    const HubArg *name = hub_find_arg(c, "name"), *value = hub_find_arg(c, "value");
    char ex[EXCERPT + 4], why[256];
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
    } else if (strcmp(name->value, "threads") == 0) {
        long long n;
        if (hub_parse_int(value->value, 1, HUB_THREADS_MAX, &n))
            hub_error(h, "threads \"%s\" is not an integer from 1 to %d; keeping %d", ex, HUB_THREADS_MAX, h->threads);
        else if (h->search && !search_set_threads(h->search, (int)n)) {
            if (!search_set_threads(h->search, h->threads))
                h->threads = 1;   /* the old threads could not be made again either */
            hub_error(h, "cannot start %lld search threads; keeping %d", n, h->threads);
        } else {
            h->threads = (int)n;
        }
    } else if (strcmp(name->value, "ponder") == 0 || strcmp(name->value, "book") == 0) {
        bool *flag = strcmp(name->value, "ponder") == 0 ? &h->ponder : &h->book;
        if (strcmp(value->value, "true") == 0 || strcmp(value->value, "false") == 0)
            *flag = value->value[0] == 't';
        else
            hub_error(h, "%s \"%s\" is not true or false; keeping %s", name->value, ex, *flag ? "true" : "false");
    } else if ((ip = int_param(name->value))) {
        int *field = (int *)((char *)h + ip->offset);
        long long v;
        if (hub_parse_int(value->value, ip->min, ip->max, &v))
            hub_error(h, "%s \"%s\" is not an integer from %d to %d (%s); keeping %d", ip->name, ex, ip->min,
                      ip->max, ip->unit, *field);
        else
            *field = (int)v;
    } else if (strcmp(name->value, "seed") == 0) {
        long long seed;
        if (hub_parse_int(value->value, 0, HUB_SEED_MAX, &seed))
            hub_error(h, "seed \"%s\" is not an integer from 0 to %lld (0: from the clock); keeping %lld", ex,
                      HUB_SEED_MAX, h->seed);
        else
            hub_seed(h, seed);
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
            if (h->one_weight_set)
                eval_weights_release_others(v);
            if (h->search)   /* after init: decode its weights now, not in the first move's time */
                eval_weights_of(v);
        }
    } else if (strcmp(name->value, "eval") == 0) {
        if (strcmp(value->value, "patterns") == 0)
            h->params.net = NULL;
        else if (strcmp(value->value, "net") != 0)
            hub_error(h, "eval \"%s\" is not patterns or net; keeping %s", ex, h->params.net ? "net" : "patterns");
        else if (!net_weights_fit(net_weights(), why, sizeof why))
            hub_error(h, "eval net: %s; keeping %s", why, h->params.net ? "net" : "patterns");
        else
            h->params.net = net_weights();
        if (h->search)
            *search_params(h->search) = h->params;
    } else if (strcmp(name->value, "bb-size") == 0) {
        long long pieces;
        if (hub_parse_int(value->value, 0, bitbase_pieces(), &pieces)) {
            hub_error(h, "bb-size \"%s\" is not an integer from 0 to %d (pieces); keeping %d", ex, bitbase_pieces(),
                      hub_bb_size(h));
        } else {
            h->params.bb_size = (int)pieces;
            if (h->search)
                *search_params(h->search) = h->params;
        }
    } else if (strncmp(name->value, HUB_SEARCH_PARAM_PREFIX, strlen(HUB_SEARCH_PARAM_PREFIX)) == 0) {
        const char *field = name->value + strlen(HUB_SEARCH_PARAM_PREFIX);
        long long v;
        if (hub_parse_int(value->value, 0, HUB_SEARCH_PARAM_MAX, &v) || !search_params_set(&h->params, field, (int)v)) {
            hub_excerpt(name->value, EXCERPT, ex, sizeof ex);
            hub_error(h, "%s: no such search setting, or not an integer from 0 to %d", ex, HUB_SEARCH_PARAM_MAX);
        } else if (h->search) {
            *search_params(h->search) = h->params;
        }
    } else {
        unknown_param(h, name->value);
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
    } else if (strcmp(a->key, "handicap") == 0) {
        if (!(err = hub_parse_int(a->value, 0, HUB_HANDICAP_MAX, &n)))
            l->handicap = (int)n;
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
    else if (strcmp(key, "handicap") == 0)
        snprintf(buf, size, "an integer from 0 to %d", HUB_HANDICAP_MAX);
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
        hub_error(h, "level needs depth=N, nodes=N, move-time=T, [moves=N] time=T [inc=T], infinite or handicap=N");
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
        hub_go(h, (GoMode)mode);
    memset(&h->limits, 0, sizeof h->limits);
}

/* Allocates the searcher with the parameters set so far and decodes the variant's weights (about
 * 0.08 s of page faults and decoding that would otherwise come out of the first move's time).
 * ready follows even when memory is short: the error line says so, and every go will too. */
static void cmd_init(Hub *h)
{
    hub_searcher(h);
    eval_weights_of(h->variant);
    fputs("ready\n", h->out);
}

/* Forgets the hash and history tables (nothing to forget before the first search). */
static void cmd_new_game(Hub *h)
{
    if (h->search)
        search_clear(h->search);
    if (h->seed)   /* a fixed seed starts its sequence again: a game depends on it and its moves alone */
        hub_seed(h, h->seed);
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

int hub_loop_run_source(Hub *h, IoSource *src, FILE *out)
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

int hub_loop_run(Hub *h, FILE *in, FILE *out)
{
    IoSource src;
    int fd = fileno(in);
    if (fd >= 0)
        io_source_fd(&src, fd);
    else
        io_source_file(&src, in);
    return hub_loop_run_source(h, &src, out);
}
