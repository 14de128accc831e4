#include "tools/match.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rules/notation.h"

#define DEFAULT_GAMES 100
#define DEFAULT_MAX_PLIES 400
#define DEFAULT_MARGIN 0.5
#define DEFAULT_TIMEOUT 30.0
#define DEFAULT_TC "move-time=0.1"

/* Parses a whole decimal integer in [lo, hi]. */
static bool parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Parses a whole real number in [lo, hi]. */
static bool parse_real(const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= lo && v <= hi))
        return false;
    *out = v;
    return true;
}

/* Joins the words that follow an option up to the next "--option" into buf (space separated);
 * returns how many words it took. */
static int take_words(int argc, char **argv, int i, char *buf, size_t size)
{
    int n = 0;
    size_t used = 0;
    buf[0] = '\0';
    while (i + 1 + n < argc && strncmp(argv[i + 1 + n], "--", 2) != 0) {
        used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s%s", n ? " " : "", argv[i + 1 + n]);
        n++;
    }
    return used < size ? n : -1;
}

/* Parses "elo0=E elo1=E alpha=A beta=B" (any subset, defaults 0 5 0.05 0.05). */
static const char *parse_sprt(const char *text, SprtParams *p)
{
    *p = (SprtParams){0, 5, 0.05, 0.05};
    char copy[256];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(w, '=');
        double v;
        if (!eq || !parse_real(eq + 1, -2000, 2000, &v))
            return "--sprt expects elo0=E elo1=E alpha=A beta=B";
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
            return "--sprt expects elo0=E elo1=E alpha=A beta=B (0 < alpha, beta < 0.5)";
    }
    return p->elo1 > p->elo0 ? NULL : "--sprt needs elo1 > elo0";
}

/* Adds the name=value words of a --paramN option to an engine configuration. */
static const char *add_params(EngineConfig *cfg, int argc, char **argv, int i, int *taken)
{
    int n = 0;
    while (i + 1 + n < argc && strncmp(argv[i + 1 + n], "--", 2) != 0) {
        const char *w = argv[i + 1 + n];
        if (!strchr(w, '=') || w[0] == '=')
            return "--param1/--param2 expect name=value words";
        if (cfg->param_count == ENGINE_MAX_PARAMS)
            return "too many engine parameters";
        cfg->params[cfg->param_count++] = w;
        n++;
    }
    *taken = n;
    return n ? NULL : "--param1/--param2 expect name=value words";
}

const char *match_parse_args(int argc, char **argv, MatchOptions *o)
{
    memset(o, 0, sizeof *o);
    o->games = DEFAULT_GAMES;
    o->concurrency = 1;
    o->event = "engine match";
    o->referee.max_plies = DEFAULT_MAX_PLIES;
    o->referee.margin = DEFAULT_MARGIN;
    o->referee.timeout = DEFAULT_TIMEOUT;
    char tc_text[3][256] = {DEFAULT_TC, "", ""};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        int taken = 1;
        const char *err = NULL;
        if (strcmp(opt, "--engine1") == 0 || strcmp(opt, "--engine2") == 0) {
            if (!val)
                return "--engine1/--engine2 need a command";
            o->engine[opt[8] - '1'].cmd = val;
        } else if (strcmp(opt, "--dir1") == 0 || strcmp(opt, "--dir2") == 0) {
            if (!val)
                return "--dir1/--dir2 need a directory";
            o->engine[opt[5] - '1'].dir = val;
        } else if (strcmp(opt, "--name1") == 0 || strcmp(opt, "--name2") == 0) {
            if (!val)
                return "--name1/--name2 need a name";
            o->engine[opt[6] - '1'].name = val;
        } else if (strcmp(opt, "--param1") == 0 || strcmp(opt, "--param2") == 0) {
            err = add_params(&o->engine[opt[7] - '1'], argc, argv, i, &taken);
        } else if (strcmp(opt, "--tc") == 0 || strcmp(opt, "--tc1") == 0 || strcmp(opt, "--tc2") == 0) {
            int which = opt[4] ? opt[4] - '0' : 0;
            taken = take_words(argc, argv, i, tc_text[which], sizeof tc_text[which]);
            if (taken <= 0)
                return "--tc expects move-time=S, time=S inc=S, depth=N or nodes=N";
        } else if (strcmp(opt, "--sprt") == 0) {
            char text[256];
            taken = take_words(argc, argv, i, text, sizeof text);
            err = taken < 0 ? "--sprt: arguments too long" : parse_sprt(text, &o->sprt);
            o->sprt_enabled = true;
        } else if (strcmp(opt, "--games") == 0) {
            if (!val || !parse_int(val, 1, 1000000, &n))
                return "--games expects a number 1-1000000";
            o->games = (int)n;
        } else if (strcmp(opt, "--concurrency") == 0) {
            if (!val || !parse_int(val, 1, MATCH_MAX_CONCURRENCY, &n))
                return "--concurrency expects a number 1-64";
            o->concurrency = (int)n;
        } else if (strcmp(opt, "--max-plies") == 0) {
            if (!val || !parse_int(val, 1, GAME_MAX_PLIES - 1, &n))
                return "--max-plies expects a number 1-4095";
            o->referee.max_plies = (int)n;
        } else if (strcmp(opt, "--seed") == 0) {
            if (!val || !parse_int(val, 0, 2147483647L, &n))
                return "--seed expects a number 0-2147483647";
            o->shuffle = true;
            o->seed = (uint64_t)n;
        } else if (strcmp(opt, "--margin") == 0) {
            if (!val || !parse_real(val, 0, 3600, &o->referee.margin))
                return "--margin expects seconds 0-3600";
        } else if (strcmp(opt, "--timeout") == 0) {
            if (!val || !parse_real(val, 0.01, 86400, &o->referee.timeout))
                return "--timeout expects seconds 0.01-86400";
        } else if (strcmp(opt, "--variant") == 0) {
            if (!val || !variant_parse(val, &o->variant))
                return "--variant expects normal, killer, bt, frisian or losing";
        } else if (strcmp(opt, "--openings") == 0 || strcmp(opt, "--pdn") == 0 || strcmp(opt, "--event") == 0) {
            if (!val)
                return "--openings/--pdn/--event need a value";
            if (opt[2] == 'o')
                o->openings_path = val;
            else if (opt[2] == 'p')
                o->pdn_path = val;
            else
                o->event = val;
        } else {
            return "unknown option (see engine match --help)";
        }
        if (err)
            return err;
        i += taken;
    }
    if (!o->engine[0].cmd || !o->engine[1].cmd)
        return "--engine1 and --engine2 are required";
    static const char *const VARIANT_PARAMS[VARIANT_COUNT] = {"variant=normal", "variant=killer", "variant=bt",
                                                              "variant=frisian", "variant=losing"};
    for (int k = 0; k < 2 && !variant_is_default(o->variant); k++) {   /* first, so --paramN settings follow it */
        EngineConfig *cfg = &o->engine[k];
        if (cfg->param_count == ENGINE_MAX_PARAMS)
            return "too many engine parameters";
        memmove(cfg->params + 1, cfg->params, (size_t)cfg->param_count * sizeof cfg->params[0]);
        cfg->params[0] = VARIANT_PARAMS[o->variant];
        cfg->param_count++;
    }
    for (int k = 0; k < 2; k++) {
        const char *text = tc_text[k + 1][0] ? tc_text[k + 1] : tc_text[0];
        const char *err = referee_parse_tc(text, &o->referee.tc[k]);
        if (err)
            return err;
    }
    return NULL;
}
