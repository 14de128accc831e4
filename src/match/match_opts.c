/* The options of `engine match` (see match.h): one table, read by util/opts. */
#include "match/match.h"

#include <string.h>

#include "match/time_control.h"
#include "util/opts.h"
#include "util/shard.h"

#define DEFAULT_GAMES 100
#define DEFAULT_MAX_PLIES 400
#define DEFAULT_MARGIN 0.5
#define DEFAULT_TIMEOUT 30.0
#define DEFAULT_TC "move-time=0.1"

/* OPT_WORDS reader of "elo0=E elo1=E alpha=A beta=B model=logistic|normalized" (any subset,
 * defaults 0 5 0.05 0.05 logistic) into the SprtParams at sprt. */
static const char *read_sprt(void *sprt, const char *text)
{
    SprtParams *p = sprt;
    *p = (SprtParams){0, 5, 0.05, 0.05, SPRT_LOGISTIC};
    char copy[OPTS_WORDS_MAX];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(w, '=');
        double v;
        if (eq && strncmp(w, "model=", 6) == 0) {
            if (strcmp(eq + 1, "logistic") != 0 && strcmp(eq + 1, "normalized") != 0)
                return "expected model=logistic or model=normalized";
            p->model = strcmp(eq + 1, "normalized") == 0 ? SPRT_NORMALIZED : SPRT_LOGISTIC;
            continue;
        }
        if (!eq || !opts_read_real(eq + 1, -2000, 2000, &v))
            return "expected elo0=E elo1=E alpha=A beta=B model=logistic|normalized";
        *eq = '\0';
        if (strcmp(w, "elo0") == 0)
            p->elo0 = v;
        else if (strcmp(w, "elo1") == 0)
            p->elo1 = v;
        else if (strcmp(w, "alpha") == 0 && v > 0 && v < 0.5)
            p->alpha = v;
        else if (strcmp(w, "beta") == 0 && v > 0 && v < 0.5)
            p->beta = v;
        else
            return "expected elo0=E elo1=E alpha=A beta=B (0 < alpha, beta < 0.5)";
    }
    return p->elo1 > p->elo0 ? NULL : "needs elo1 > elo0";
}

/* Reads "key=N" words of text into the ints of keys (count of them, each lo..hi); NULL or why not. */
static const char *read_keys(const char *text, const char *const *keys, int *const *out, int count, long hi,
                             const char *expected)
{
    char copy[OPTS_WORDS_MAX];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(w, '=');
        long v;
        int k = 0;
        if (eq)
            *eq = '\0';
        while (k < count && (!eq || strcmp(w, keys[k]) != 0))
            k++;
        if (k == count || !opts_read_long(eq + 1, 0, hi, &v))
            return expected;
        *out[k] = (int)v;
    }
    return NULL;
}

const char *match_opts_read_draw(void *adjudication, const char *text)
{
    Adjudication *a = adjudication;
    static const char *const KEYS[] = {"move", "count", "score"};
    int *out[] = {&a->draw_move, &a->draw_count, &a->draw_score};
    a->draw_move = 0, a->draw_count = 0, a->draw_score = 0;
    const char *why = read_keys(text, KEYS, out, 3, 10000, "expected move=M count=N score=CM");
    return why ? why : a->draw_count > 0 ? NULL : "needs count=N of at least 1";
}

const char *match_opts_read_resign(void *adjudication, const char *text)
{
    Adjudication *a = adjudication;
    static const char *const KEYS[] = {"count", "score"};
    int *out[] = {&a->resign_count, &a->resign_score};
    a->resign_count = 0, a->resign_score = 0;
    const char *why = read_keys(text, KEYS, out, 2, 10000, "expected count=N score=CM");
    return why ? why : a->resign_count > 0 && a->resign_score > 0 ? NULL : "needs count=N and score=CM of at least 1";
}

/* OPT_EACH reader of a --param1/--param2 word, name=value, into the EngineConfig at engine. */
static const char *add_param(void *engine, const char *word)
{
    EngineConfig *cfg = engine;
    if (!strchr(word, '=') || word[0] == '=')
        return "expected name=value words";
    if (cfg->param_count == ENGINE_MAX_PARAMS)
        return "too many engine parameters";
    cfg->params[cfg->param_count++] = word;
    return NULL;
}

/* OPT_EACH reader of a --merge file into the MatchOptions at opts. */
static const char *add_merge(void *opts, const char *path)
{
    MatchOptions *o = opts;
    if (o->merge_count == MATCH_MERGE_FILES_MAX)
        return "too many files to merge";
    o->merge[o->merge_count++] = path;
    return NULL;
}

/* OPT_WORDS reader of a time control into the TimeControl at tc. */
static const char *read_tc(void *tc, const char *text) { return time_control_parse(text, tc); }

bool match_opts_variant_param(EngineConfig *cfg, Variant variant, const char *command)
{
    static const char *const VARIANT_PARAMS[VARIANT_COUNT] = {"variant=normal", "variant=killer", "variant=bt",
                                                              "variant=frisian", "variant=losing"};
    if (variant_is_default(variant))
        return true;
    if (cfg->param_count == ENGINE_MAX_PARAMS) {
        opts_refuse(command, "too many engine parameters");
        return false;
    }
    memmove(cfg->params + 1, cfg->params, (size_t)cfg->param_count * sizeof cfg->params[0]);
    cfg->params[0] = VARIANT_PARAMS[variant];
    cfg->param_count++;
    return true;
}

bool match_opts_protocol(EngineConfig *cfg, TcKind kind, Variant variant, const char *command, const char *label)
{
    static const struct {
        const char *prefix;
        EngineProtocol protocol;
    } PREFIX[] = {{"hub1:", ENGINE_HUB1}, {"dxp:", ENGINE_DXP}, {"dxp-listen:", ENGINE_DXP_LISTEN}};
    cfg->protocol = ENGINE_HUB;
    for (size_t i = 0; i < sizeof PREFIX / sizeof PREFIX[0]; i++)
        if (strncmp(cfg->cmd, PREFIX[i].prefix, strlen(PREFIX[i].prefix)) == 0) {
            cfg->protocol = PREFIX[i].protocol;
            cfg->cmd += strlen(PREFIX[i].prefix);
            break;
        }
    bool dxp = cfg->protocol == ENGINE_DXP || cfg->protocol == ENGINE_DXP_LISTEN;
    const char *why = NULL;
    if (cfg->protocol == ENGINE_HUB1 && kind == TC_NODES)
        why = "Hub-1 has no node limit";
    else if (dxp && kind != TC_MOVE_TIME && kind != TC_CLOCK)
        why = "DXP needs move-time=S or time=S";
    else if (dxp && !strstr(cfg->cmd, "{port}"))
        why = "a DXP command needs {port}, the port to use";
    else if (dxp && variant != VARIANT_NORMAL)
        why = "DXP plays international draughts only";
    else if (dxp && cfg->param_count)
        why = "DXP has no engine parameters";
    if (why)
        opts_refuse(command, "%s: %s", label, why);
    return !why;
}

bool match_opts_parse(int argc, char **argv, MatchOptions *o)
{
    memset(o, 0, sizeof *o);
    o->event = "engine match";
    o->referee.margin = DEFAULT_MARGIN;
    o->referee.timeout = DEFAULT_TIMEOUT;
    long games = DEFAULT_GAMES, concurrency = 1, max_plies = DEFAULT_MAX_PLIES, seed = 0;
    TimeControl tc[3];   /* --tc, then --tc1 and --tc2, which override it for one engine */
    bool tc_given[3] = {false, false, false};
    time_control_parse(DEFAULT_TC, &tc[0]);
    const OptSpec specs[] = {
        OPTS_TEXT("--engine1", &o->engine[0].cmd),
        OPTS_TEXT("--engine2", &o->engine[1].cmd),
        OPTS_TEXT("--dir1", &o->engine[0].dir),
        OPTS_TEXT("--dir2", &o->engine[1].dir),
        OPTS_TEXT("--name1", &o->engine[0].name),
        OPTS_TEXT("--name2", &o->engine[1].name),
        OPTS_EACH("--param1", &o->engine[0], add_param),
        OPTS_EACH("--param2", &o->engine[1], add_param),
        OPTS_WORDS("--tc", &tc[0], read_tc),
        {.name = "--tc1", .kind = OPT_WORDS, .out = &tc[1], .call = read_tc, .given = &tc_given[1]},
        {.name = "--tc2", .kind = OPT_WORDS, .out = &tc[2], .call = read_tc, .given = &tc_given[2]},
        {.name = "--sprt", .kind = OPT_WORDS, .out = &o->sprt, .call = read_sprt, .given = &o->sprt_enabled},
        OPTS_INT("--games", &games, 1, 1000000),
        OPTS_INT("--concurrency", &concurrency, 1, MATCH_MAX_CONCURRENCY),
        OPTS_INT("--max-plies", &max_plies, 1, GAME_MAX_PLIES - 1),
        {.name = "--seed", .kind = OPT_INT, .out = &seed, .lo = 0, .hi = 2147483647, .given = &o->shuffle},
        OPTS_REAL("--margin", &o->referee.margin, 0, 3600),
        OPTS_REAL("--timeout", &o->referee.timeout, 0.01, 86400),
        OPTS_CALL("--variant", &o->variant, variant_opt_read),
        OPTS_TEXT("--openings", &o->openings_path),
        OPTS_TEXT("--pdn", &o->pdn_path),
        OPTS_TEXT("--resume", &o->resume_path),
        OPTS_TEXT("--event", &o->event),
        OPTS_CALL("--shard", &o->shard, shard_opt_read),
        OPTS_EACH("--merge", o, add_merge),
        OPTS_CALL("--rounds", &o->rounds, game_list_opt_read),
        OPTS_WORDS("--draw", &o->referee.adjudication, match_opts_read_draw),
        OPTS_WORDS("--resign", &o->referee.adjudication, match_opts_read_resign),
        OPTS_FLAG("--bitbases", &o->referee.adjudication.bitbases),
        OPTS_END,
    };
    o->shard = SHARD_WHOLE;
    if (!opts_parse("match", specs, argc, argv, 2, NULL, 0, 0))
        return false;
    if (o->rounds.count && !o->merge_count) {
        opts_refuse("match", "--rounds chooses the games --merge reports: give --merge FILE.pdn...");
        return false;
    }
    if (o->merge_count) {
        if (o->engine[0].cmd || o->engine[1].cmd)
            opts_refuse("match", "--merge reports the games of finished parts: give no engines");
        return !o->engine[0].cmd && !o->engine[1].cmd;
    }
    if (!o->engine[0].cmd || !o->engine[1].cmd) {
        opts_refuse("match", "--engine1 and --engine2 are required");
        return false;
    }
    if (o->resume_path && o->pdn_path && strcmp(o->resume_path, o->pdn_path) != 0) {
        opts_refuse("match", "--resume FILE writes its games to FILE: give no other --pdn");
        return false;
    }
    if (o->resume_path)
        o->pdn_path = o->resume_path;
    o->games = (int)games, o->concurrency = (int)concurrency, o->referee.max_plies = (int)max_plies;
    o->seed = (uint64_t)seed;
    for (int k = 0; k < 2; k++)
        o->referee.tc[k] = tc[tc_given[k + 1] ? k + 1 : 0];
    for (int k = 0; k < 2; k++) {
        char label[32];
        snprintf(label, sizeof label, "engine%d", k + 1);
        if (!match_opts_protocol(&o->engine[k], o->referee.tc[k].kind, o->variant, "match", label))
            return false;
    }
    /* the variant first, so that --paramN settings can still change it */
    return match_opts_variant_param(&o->engine[0], o->variant, "match") &&
           match_opts_variant_param(&o->engine[1], o->variant, "match");
}
