/* `engine selfplay` (see selfplay_cli.h). */
#include "cli/selfplay_cli.h"

#include <stdlib.h>
#include <string.h>
#include "eval/net_weights.h"
#include "learn/sample.h"
#include "learn/selfplay.h"
#include "opening/openings.h"
#include "rules/game.h"
#include "rules/variant.h"
#include "util/opts.h"
#include "util/shard.h"
#include "util/sys.h"

#define SELFPLAY_USAGE                                                                                               \
    "usage: engine selfplay --out FILE [--games N] [--nodes N | --depth D] [--seed S]\n"                               \
    "       [--openings FILE] [--random-plies N] [--margin CM] [--max-plies N] [--threads N] [--variant V]\n"         \
    "       [--shard I/N] [--eval patterns|net] [--net FILE]\n"                                                  \
    "  --out FILE         the positions, as text lines, or as records when FILE ends in .bin\n"                     \
    "  --games N          games to play, 1-10000000 (default 100)\n"                                                \
    "  --nodes N          nodes a move, 1-1000000000 (default 3000); --depth D: plies a move instead, 1-60\n"       \
    "  --seed S           the games' randomness, 0-9223372036854775807 (default 1)\n"                               \
    "  --openings FILE    one position a line (default: the built-in 3-move ballots)\n"                             \
    "  --random-plies N   plies chosen at random among near-best moves, 0-100 (default 8)\n"                        \
    "  --margin CM        near-best: within CM centi-men of the best, 0-10000 (default 30)\n"                       \
    "  --max-plies N      games still running after N plies are drawn, 10-4094 (default 400)\n"                    \
    "  --threads N        games played at once, 1-64 (default: the cores)\n"                                        \
    "  --variant V        the rules: normal killer bt frisian losing (default normal)\n"                           \
    "  --shard I/N        play only shard I (0 to N-1) of the N parts of the games; the N files in order,\n"       \
    "                     concatenated, are the file of the whole run (only shard 0 of a .bin has the header)\n" \
    "  --eval E           the searches' evaluation: patterns, or net (the embedded network; international\n"   \
    "                     rules only) (default patterns)\n"                                                       \
    "  --net FILE         evaluate by this network file (`engine tune --net`) instead: --eval net\n"

/* The options of `engine selfplay` into cfg, *out_path, *openings_path, *variant, *net_path and
 * *use_net (--eval net or --net FILE); false after saying why they are refused. */
static bool parse_options(int argc, char **argv, SelfplayConfig *cfg, const char **out_path,
                          const char **openings_path, Variant *variant, const char **net_path, bool *use_net)
{
    const char *eval = "patterns";
    long cores = sys_cores();
    long games = cfg->games, nodes = 0, depth = 0, seed = (long)cfg->seed, random_plies = cfg->random_plies;
    long margin = cfg->margin, max_plies = cfg->max_plies;
    long threads = cores < 1 ? 1 : cores > SELFPLAY_MAX_THREADS ? SELFPLAY_MAX_THREADS : cores;
    int nodes_at = 0, depth_at = 0;   /* of --nodes and --depth, the later one counts */
    const OptSpec specs[] = {
        OPTS_TEXT("--out", out_path),
        OPTS_CALL("--variant", variant, variant_opt_read),
        OPTS_TEXT("--openings", openings_path),
        OPTS_INT("--games", &games, 1, 10000000),
        {.name = "--nodes", .kind = OPT_INT, .out = &nodes, .lo = 1, .hi = 1000000000, .at = &nodes_at},
        {.name = "--depth", .kind = OPT_INT, .out = &depth, .lo = 1, .hi = 60, .at = &depth_at},
        OPTS_INT("--seed", &seed, 0, OPTS_CAP(INT64_MAX)),
        OPTS_INT("--random-plies", &random_plies, 0, 100),
        OPTS_INT("--margin", &margin, 0, 10000),
        OPTS_INT("--threads", &threads, 1, SELFPLAY_MAX_THREADS),
        OPTS_INT("--max-plies", &max_plies, 10, GAME_MAX_PLIES - 2),
        OPTS_CALL("--shard", &cfg->shard, shard_opt_read),
        OPTS_TEXT("--eval", &eval),
        OPTS_TEXT("--net", net_path),
        OPTS_END,
    };
    if (!opts_parse("selfplay", specs, argc, argv, 2, NULL, 0, 0))
        return false;
    if (strcmp(eval, "patterns") != 0 && strcmp(eval, "net") != 0) {
        opts_refuse("selfplay", "bad --eval: expected patterns or net");
        return false;
    }
    *use_net = strcmp(eval, "net") == 0 || *net_path;
    if (*use_net && !net_weights_covers(*variant)) {
        opts_refuse("selfplay", "the network evaluates international rules only: no --eval net or --net with "
                                "--variant");
        return false;
    }
    if (!*out_path) {
        opts_refuse("selfplay", "--out FILE is required");
        return false;
    }
    cfg->games = (int)games, cfg->seed = (uint64_t)seed, cfg->random_plies = (int)random_plies;
    cfg->margin = (int)margin, cfg->max_plies = (int)max_plies, cfg->threads = (int)threads;
    if (nodes_at > depth_at)
        cfg->nodes = (uint64_t)nodes, cfg->depth = 0;
    else if (depth_at)
        cfg->depth = (int)depth, cfg->nodes = 0;
    return true;
}

int selfplay_cli_main(int argc, char **argv)
{
    SelfplayConfig cfg;
    selfplay_default_config(&cfg);
    const char *openings_path = NULL, *out_path = NULL, *net_path = NULL;
    bool use_net = false;
    Variant variant = VARIANT_NORMAL;
    if (opts_help(argc, argv, 2, SELFPLAY_USAGE))
        return 0;
    if (!parse_options(argc, argv, &cfg, &out_path, &openings_path, &variant, &net_path, &use_net))
        return OPTS_REFUSED;
    char why[512];
    if (net_path && !net_weights_use_file(net_path, why, sizeof why)) {
        fprintf(stderr, "engine selfplay: %s\n", why);
        return 1;
    }
    cfg.net = use_net ? net_weights() : NULL;   /* the file's network, else the embedded one */
    if (cfg.net && !net_weights_fit(cfg.net, why, sizeof why)) {
        fprintf(stderr, "engine selfplay: %s\n", why);
        return 1;
    }
    Position *openings;
    char err[256];
    int count = openings_load(openings_path, variant, &openings, err, sizeof err);
    if (count < 0) {
        fprintf(stderr, "engine selfplay: %s\n", err);
        return 1;
    }
    size_t len = strlen(out_path);
    cfg.binary = len > 4 && strcmp(out_path + len - 4, ".bin") == 0;
    FILE *out = fopen(out_path, cfg.binary ? "wb" : "w");
    if (out && cfg.binary && cfg.shard.index == 0)   /* later shards continue shard 0's records */
        fputs(SAMPLE_BIN_MAGIC, out);
    if (!out) {
        fprintf(stderr, "engine selfplay: cannot write \"%s\"\n", out_path);
        free(openings);
        return 1;
    }
    SelfplayStats stats;
    bool ok = selfplay_run(&cfg, openings, count, out, stderr, &stats);
    ok = fclose(out) == 0 && ok;
    free(openings);
    if (!ok)
        fprintf(stderr, "engine selfplay: out of memory or write error\n");
    return ok ? 0 : 1;
}
