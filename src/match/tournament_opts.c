/* The options of `engine tournament` (see tournament.h): one table, read by util/opts. Options
 * about one engine (--dir, --param, --tc-of, --anchor) name it and may come before its --engine,
 * so they are kept as given and resolved once every engine is known. */
#include "match/tournament.h"

#include <stdlib.h>
#include <string.h>

#include "match/match.h"
#include "util/opts.h"

#define DEFAULT_MAX_PLIES 400
#define DEFAULT_MARGIN 0.5
#define DEFAULT_TIMEOUT 30.0
#define DEFAULT_TC "move-time=0.1"
#define PENDING_MAX (TOURNAMENT_MAX_ENGINES * (ENGINE_MAX_PARAMS + 2))

/* An option that names an engine: NAME and what it says of it. */
typedef struct {
    char name[ENGINE_NAME_MAX];
    const char *value;            /* --dir, --param: points into argv */
    TimeControl tc;               /* --tc-of */
} Pending;

typedef struct {
    TournamentOptions *o;
    Pending dir[PENDING_MAX], param[PENDING_MAX], tc[PENDING_MAX];
    int dirs, params, tcs;
    const char *anchor;           /* --anchor NAME[=ELO], as given */
} ParseState;

/* Splits "NAME=REST" into name (NUL-terminated) and a pointer to REST; NULL when malformed. */
static const char *split_name(const char *text, char name[ENGINE_NAME_MAX])
{
    const char *eq = strchr(text, '=');
    if (!eq || eq == text || (size_t)(eq - text) >= ENGINE_NAME_MAX || !eq[1])
        return NULL;
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    return eq + 1;
}

/* The index of the engine called name, or -1. */
static int engine_index(const ParseState *st, const char *name)
{
    for (int e = 0; e < st->o->engine_count; e++)
        if (strcmp(st->o->names[e], name) == 0)
            return e;
    return -1;
}

/* OPT_CALL reader of --engine NAME=CMD. */
static const char *add_engine(void *state, const char *text)
{
    ParseState *st = state;
    TournamentOptions *o = st->o;
    if (o->engine_count == TOURNAMENT_MAX_ENGINES)
        return "too many engines (at most 32)";
    char name[ENGINE_NAME_MAX];
    const char *cmd = split_name(text, name);
    if (!cmd)
        return "expected NAME=COMMAND, a name of at most 63 characters";
    if (engine_index(st, name) >= 0)
        return "two engines of one name";
    int e = o->engine_count++;
    snprintf(o->names[e], ENGINE_NAME_MAX, "%s", name);
    o->engine[e] = (EngineConfig){.cmd = cmd, .name = o->names[e]};
    return NULL;
}

/* Files one NAME=... option into list (count entries so far). */
static const char *add_pending(Pending *list, int *count, const char *text, const char *why)
{
    if (*count == PENDING_MAX)
        return "too many of them";
    Pending *p = &list[*count];
    p->value = split_name(text, p->name);
    if (!p->value)
        return why;
    (*count)++;
    return NULL;
}

static const char *add_dir(void *state, const char *text)
{
    ParseState *st = state;
    return add_pending(st->dir, &st->dirs, text, "expected NAME=DIR");
}

static const char *add_param(void *state, const char *text)
{
    ParseState *st = state;
    const char *why = add_pending(st->param, &st->params, text, "expected NAME=name=value words");
    if (!why && (!strchr(st->param[st->params - 1].value, '=') || st->param[st->params - 1].value[0] == '='))
        why = "expected NAME=name=value words";
    return why;
}

static const char *add_tc(void *state, const char *text)
{
    ParseState *st = state;
    const char *why = add_pending(st->tc, &st->tcs, text, "expected NAME=TC");
    if (!why)
        why = time_control_parse(st->tc[st->tcs - 1].value, &st->tc[st->tcs - 1].tc);
    st->tc[st->tcs - 1].value = NULL;   /* the joined words do not outlive this call */
    return why;
}

static const char *read_tc(void *tc, const char *text) { return time_control_parse(text, tc); }

static const char *read_format(void *format, const char *text)
{
    TournamentFormat *f = format;
    if (strcmp(text, "round-robin") == 0)
        *f = TOURNAMENT_ROUND_ROBIN;
    else if (strcmp(text, "gauntlet") == 0)
        *f = TOURNAMENT_GAUNTLET;
    else
        return "expected round-robin or gauntlet";
    return NULL;
}

/* Applies the NAME=... options to their engines; false after saying which name is unknown. */
static bool resolve(ParseState *st)
{
    TournamentOptions *o = st->o;
    const struct {
        const char *option;
        Pending *list;
        int count;
    } LISTS[] = {{"--dir", st->dir, st->dirs}, {"--param", st->param, st->params}, {"--tc-of", st->tc, st->tcs}};
    for (size_t l = 0; l < sizeof LISTS / sizeof LISTS[0]; l++)
        for (int i = 0; i < LISTS[l].count; i++) {
            const Pending *p = &LISTS[l].list[i];
            int e = engine_index(st, p->name);
            if (e < 0) {
                opts_refuse("tournament", "%s %s=...: no --engine %s=...", LISTS[l].option, p->name, p->name);
                return false;
            }
            EngineConfig *cfg = &o->engine[e];
            if (LISTS[l].list == st->dir)
                cfg->dir = p->value;
            else if (LISTS[l].list == st->tc)
                o->tc[e] = p->tc;
            else if (cfg->param_count == ENGINE_MAX_PARAMS) {
                opts_refuse("tournament", "too many parameters for %s", p->name);
                return false;
            } else
                cfg->params[cfg->param_count++] = p->value;
        }
    if (st->anchor) {
        char name[ENGINE_NAME_MAX];
        const char *elo = strchr(st->anchor, '=') ? split_name(st->anchor, name) : NULL;
        if (!elo)
            snprintf(name, sizeof name, "%.*s", ENGINE_NAME_MAX - 1, st->anchor);
        o->anchor = engine_index(st, name);
        if (o->anchor < 0 || (elo && !opts_read_real(elo, -100000, 100000, &o->anchor_elo))) {
            opts_refuse("tournament", "bad --anchor \"%s\": expected NAME or NAME=ELO of an --engine", st->anchor);
            return false;
        }
    }
    return true;
}

/* tournament_opts_parse with st for the options that name engines. */
static bool parse(int argc, char **argv, TournamentOptions *o, ParseState *st)
{
    o->event = "engine tournament";
    o->referee.margin = DEFAULT_MARGIN;
    o->referee.timeout = DEFAULT_TIMEOUT;
    long rounds = 1, concurrency = 1, max_plies = DEFAULT_MAX_PLIES, seed = 0;
    TimeControl tc;
    time_control_parse(DEFAULT_TC, &tc);
    const OptSpec specs[] = {
        OPTS_CALL("--engine", st, add_engine),
        OPTS_CALL("--dir", st, add_dir),
        OPTS_EACH("--param", st, add_param),
        OPTS_WORDS("--tc", &tc, read_tc),
        OPTS_WORDS("--tc-of", st, add_tc),
        OPTS_TEXT("--anchor", &st->anchor),
        OPTS_CALL("--format", &o->format, read_format),
        OPTS_INT("--rounds", &rounds, 1, 100000),
        OPTS_INT("--concurrency", &concurrency, 1, 64),
        OPTS_INT("--max-plies", &max_plies, 1, GAME_MAX_PLIES - 1),
        {.name = "--seed", .kind = OPT_INT, .out = &seed, .lo = 0, .hi = 2147483647, .given = &o->shuffle},
        OPTS_REAL("--margin", &o->referee.margin, 0, 3600),
        OPTS_REAL("--timeout", &o->referee.timeout, 0.01, 86400),
        OPTS_CALL("--variant", &o->variant, variant_opt_read),
        OPTS_TEXT("--openings", &o->openings_path),
        OPTS_TEXT("--pdn", &o->pdn_path),
        OPTS_TEXT("--resume", &o->resume_path),
        OPTS_TEXT("--event", &o->event),
        OPTS_WORDS("--draw", &o->referee.adjudication, match_opts_read_draw),
        OPTS_WORDS("--resign", &o->referee.adjudication, match_opts_read_resign),
        OPTS_FLAG("--bitbases", &o->referee.adjudication.bitbases),
        OPTS_END,
    };
    if (!opts_parse("tournament", specs, argc, argv, 2, NULL, 0, 0))
        return false;
    if (o->engine_count < 2) {
        opts_refuse("tournament", "give at least two --engine NAME=COMMAND");
        return false;
    }
    if (o->resume_path && o->pdn_path && strcmp(o->resume_path, o->pdn_path) != 0) {
        opts_refuse("tournament", "--resume FILE writes its games to FILE: give no other --pdn");
        return false;
    }
    if (o->resume_path)
        o->pdn_path = o->resume_path;
    o->rounds = (int)rounds, o->concurrency = (int)concurrency, o->referee.max_plies = (int)max_plies;
    o->seed = (uint64_t)seed;
    for (int e = 0; e < o->engine_count; e++)
        o->tc[e] = tc;
    if (!resolve(st))
        return false;
    TournamentPairings p;
    tournament_pairings(o->format, o->engine_count, &p);
    if ((long)o->rounds * 2 * p.count > 10000000L) {
        opts_refuse("tournament", "more than 10,000,000 games: give fewer --rounds");
        return false;
    }
    for (int e = 0; e < o->engine_count; e++) {
        char label[ENGINE_NAME_MAX + 8];
        snprintf(label, sizeof label, "engine %s", o->engine[e].name);
        if (!match_opts_protocol(&o->engine[e], o->tc[e].kind, o->variant, "tournament", label) ||
            !match_opts_variant_param(&o->engine[e], o->variant, "tournament"))
            return false;
    }
    return true;
}

bool tournament_opts_parse(int argc, char **argv, TournamentOptions *o)
{
    memset(o, 0, sizeof *o);
    ParseState *st = calloc(1, sizeof *st);   /* too large for a small stack */
    if (!st) {
        opts_refuse("tournament", "out of memory");
        return false;
    }
    st->o = o;
    bool ok = parse(argc, argv, o, st);
    free(st);
    return ok;
}
