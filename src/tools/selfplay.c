#include "tools/selfplay.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>
#include "endgame/bitbase.h"
#include "util/clock.h"
#include "rules/notation.h"
#include "opening/openings.h"
#include "search/search.h"
#include "tools/rules_cli.h"
#include "util/opts.h"

#define SELFPLAY_TT_MIB 16

void selfplay_default_config(SelfplayConfig *cfg)
{
    *cfg = (SelfplayConfig){
        .games = 100, .nodes = 3000, .depth = 0, .seed = 1, .random_plies = 8, .margin = 30, .max_plies = 400,
        .threads = 1,
    };
}

static int rng_below(uint64_t *state, int n) { return (int)(hash_splitmix(state) % (uint64_t)n); }

int selfplay_stored_score(const Position *pos, Score score)
{
    int white = pos->turn == WHITE ? score : -score;
    return white > SELFPLAY_SCORE_MAX ? SELFPLAY_SCORE_MAX : white < -SELFPLAY_SCORE_MAX ? -SELFPLAY_SCORE_MAX : white;
}

static const char *result_text(double result) { return result > 0.75 ? "2-0" : result < 0.25 ? "0-2" : "1-1"; }

void selfplay_format_line(const Position *pos, double result, int score, char *buf, size_t size)
{
    char fen[FEN_TEXT_MAX];
    notation_format_fen(pos, fen);
    if (score == SELFPLAY_NO_SCORE)
        snprintf(buf, size, "%s %s\n", fen, result_text(result));
    else
        snprintf(buf, size, "%s %s %d\n", fen, result_text(result), score);
}

void selfplay_pack_record(const Position *pos, double result, int score, uint8_t rec[SELFPLAY_RECORD_SIZE])
{
    Bitboard sets[3] = {pos->pieces[WHITE], pos->pieces[BLACK], pos->kings};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 8; i++)
            rec[8 * k + i] = (uint8_t)(sets[k] >> (8 * i));
    int r = result > 0.75 ? 2 : result < 0.25 ? 0 : 1;
    rec[24] = (uint8_t)(pos->turn | r << 1);
    selfplay_record_set_score(rec, score);
}

void selfplay_record_set_score(uint8_t rec[SELFPLAY_RECORD_SIZE], int score)
{
    uint16_t word = (uint16_t)(int16_t)score;
    rec[25] = (uint8_t)word, rec[26] = (uint8_t)(word >> 8);
}

static bool score_ok(int score) { return score == SELFPLAY_NO_SCORE || abs(score) <= SELFPLAY_SCORE_MAX; }

bool selfplay_unpack_record(const uint8_t rec[SELFPLAY_RECORD_SIZE], Position *pos, double *result, int *score)
{
    Bitboard sets[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 8; i++)
            sets[k] |= (Bitboard)rec[8 * k + i] << (8 * i);
    int r = rec[24] >> 1;
    *score = (int16_t)(uint16_t)(rec[25] | rec[26] << 8);
    if (rec[24] > 5 || !score_ok(*score) || (sets[0] & sets[1]) || ((sets[0] | sets[1] | sets[2]) & ~BB_ALL) ||
        (sets[2] & ~(sets[0] | sets[1])))
        return false;
    position_set(pos, sets[0] & ~sets[2], sets[1] & ~sets[2], sets[0] & sets[2], sets[1] & sets[2],
                 (Color)(rec[24] & 1));
    *result = r / 2.0;
    return position_invalid_reason(pos) == NULL;
}

/* Splits line into at most max blank-separated fields (start and length each); returns how many
 * there are, max + 1 when there are more. */
static int split_fields(const char *line, const char **start, size_t *len, int max)
{
    int n = 0;
    for (const char *p = line + strspn(line, " \t\r\n"); *p; p += strspn(p, " \t\r\n")) {
        if (n == max)
            return max + 1;
        start[n] = p;
        len[n] = strcspn(p, " \t\r\n");
        p += len[n++];
    }
    return n;
}

bool selfplay_parse_line(const char *line, Position *pos, double *result, int *score)
{
    const char *field[3];
    size_t len[3];
    int n = split_fields(line, field, len, 3);
    if (n < 2 || n > 3 || len[0] >= FEN_TEXT_MAX || len[1] != 3)
        return false;
    *score = SELFPLAY_NO_SCORE;
    if (n == 3) {
        char num[8], *end;
        if (len[2] >= sizeof num)
            return false;
        memcpy(num, field[2], len[2]);
        num[len[2]] = 0;
        long v = strtol(num, &end, 10);
        if (*end || labs(v) > SELFPLAY_SCORE_MAX)
            return false;
        *score = (int)v;
    }
    if (strncmp(field[1], "2-0", 3) == 0)
        *result = 1.0;
    else if (strncmp(field[1], "1-1", 3) == 0)
        *result = 0.5;
    else if (strncmp(field[1], "0-2", 3) == 0)
        *result = 0.0;
    else
        return false;
    char text[FEN_TEXT_MAX];
    memcpy(text, field[0], len[0]);
    text[len[0]] = 0;
    return notation_parse_position(text, pos) == NULL;
}

/* Per-move limits: the node budget given, or the configured depth when no budget is set. */
static void limits_of(const SelfplayConfig *cfg, uint64_t nodes, SearchLimits *limits)
{
    memset(limits, 0, sizeof *limits);
    if (cfg->nodes)
        limits->nodes = nodes;
    else
        limits->depth = cfg->depth > 0 ? cfg->depth : 1;
}

/* A random move among those whose shallow-search score is within cfg->margin of the best; *best_score
 * gets the best one (side to move's view). */
static Move random_near_best(Search *s, Game *game, const SelfplayConfig *cfg, uint64_t *rng, Score *best_score)
{
    MoveList list;
    movegen_generate(game_position(game), &list);
    Score scores[MAX_MOVES], best = -SCORE_INF;
    SearchLimits limits;
    limits_of(cfg, cfg->nodes / 4 + 1, &limits);
    if (!cfg->nodes && limits.depth > 1)
        limits.depth--;
    for (int i = 0; i < list.count; i++) {
        SearchResult res;
        game_play(game, list.moves[i]);
        int outcome = game_status_outcome(game_status(game));
        if (outcome) {
            scores[i] = -outcome * SCORE_WIN;
        } else {
            search_run(s, game, &limits, GO_ANALYZE, NULL, NULL, NULL, &res);
            scores[i] = -res.score;
        }
        game_undo(game, 1);
        if (scores[i] > best)
            best = scores[i];
    }
    int near[MAX_MOVES], n = 0;
    for (int i = 0; i < list.count; i++)
        if (scores[i] >= best - cfg->margin)
            near[n++] = i;
    *best_score = best;
    return list.moves[near[rng_below(rng, n)]];
}

static bool is_quiet(const Position *pos) { return !movegen_has_capture(pos) && !movegen_opponent_has_capture(pos); }

/* Plays one game from opening; returns White's score and collects the quiet positions with the
 * scores of the searches made there (as stored). */
static double play_game(Search *s, Game *game, const SelfplayConfig *cfg, const Position *opening, uint64_t *rng,
                        Position *quiet, int *quiet_score, int *quiet_count)
{
    SearchLimits limits;
    limits_of(cfg, cfg->nodes, &limits);
    search_clear(s);
    game_reset(game, opening);
    *quiet_count = 0;
    for (;;) {
        const Position *pos = game_position(game);
        GameStatus status = game_status(game);
        int outcome = game_status_outcome(status);
        if (outcome)
            return (pos->turn == WHITE) == (outcome > 0) ? 1.0 : 0.0;
        if (status != GAME_ONGOING || game->ply >= cfg->max_plies || game->ply + 1 >= GAME_MAX_PLIES)
            return 0.5;
        bool quiet_here = is_quiet(pos);
        if (quiet_here)
            quiet[*quiet_count] = *pos;   /* pos is the game's slot: the searches below move through it */
        Move m;
        Score score;
        if (game->ply < cfg->random_plies) {
            m = random_near_best(s, game, cfg, rng, &score);
        } else {
            SearchResult res;
            search_run(s, game, &limits, GO_THINK, NULL, NULL, NULL, &res);
            m = res.best, score = res.score;
        }
        if (quiet_here) {
            quiet_score[*quiet_count] = selfplay_stored_score(&quiet[*quiet_count], score);
            (*quiet_count)++;
        }
        game_play(game, m);
    }
}

/* One worker's share of a run: games [first, last), written to its own scratch file. */
typedef struct {
    const SelfplayConfig *cfg;
    const Position *openings;
    int opening_count, first, last;
    FILE *out, *log;
    SelfplayStats stats;
    SelfplayStats *total;   /* shared progress, under lock */
    mtx_t *lock;
    double start;
    bool ok;
} SelfplayWorker;

/* Plays the worker's games; game g's randomness comes from (seed, g) alone, so the output does not
 * depend on how the games are split between workers. */
static int selfplay_worker(void *arg)
{
    SelfplayWorker *wk = arg;
    const SelfplayConfig *cfg = wk->cfg;
    Search *s = search_new(SELFPLAY_TT_MIB);
    Game *game = malloc(sizeof *game);
    Position *quiet = malloc(GAME_MAX_PLIES * sizeof *quiet);
    int *quiet_score = malloc(GAME_MAX_PLIES * sizeof *quiet_score);
    wk->ok = s && game && quiet && quiet_score;
    for (int g = wk->first; wk->ok && g < wk->last; g++) {
        uint64_t rng = cfg->seed ^ (0xD1B54A32D192ED03ULL * (uint64_t)(g + 1));
        hash_splitmix(&rng);
        int count;
        const Position *opening = &wk->openings[rng_below(&rng, wk->opening_count)];
        double result = play_game(s, game, cfg, opening, &rng, quiet, quiet_score, &count);
        for (int i = 0; i < count; i++) {
            if (cfg->binary) {
                uint8_t rec[SELFPLAY_RECORD_SIZE];
                selfplay_pack_record(&quiet[i], result, quiet_score[i], rec);
                fwrite(rec, 1, sizeof rec, wk->out);
            } else {
                char line[SELFPLAY_LINE_MAX];
                selfplay_format_line(&quiet[i], result, quiet_score[i], line, sizeof line);
                fputs(line, wk->out);
            }
        }
        int white = result > 0.75, black = result < 0.25;
        wk->stats.games++;
        wk->stats.positions += count;
        wk->stats.white_wins += white, wk->stats.black_wins += black, wk->stats.draws += !white && !black;
        mtx_lock(wk->lock);
        SelfplayStats *t = wk->total;
        t->games++;
        t->positions += count;
        t->white_wins += white, t->black_wins += black, t->draws += !white && !black;
        if (wk->log && (t->games % 100 == 0 || t->games == cfg->games)) {
            fprintf(wk->log, "selfplay games=%d/%d white=%d draws=%d black=%d positions=%ld time=%.1f\n", t->games,
                    cfg->games, t->white_wins, t->draws, t->black_wins, t->positions, clock_now() - wk->start);
            fflush(wk->log);
        }
        mtx_unlock(wk->lock);
    }
    wk->ok = wk->ok && !ferror(wk->out);
    if (s)
        search_free(s);
    free(game);
    free(quiet);
    free(quiet_score);
    return 0;
}

/* Appends the whole of scratch file from to out; false on a read or write error. */
static bool append_file(FILE *from, FILE *out)
{
    char buf[1 << 16];
    size_t n;
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            return false;
    return !ferror(from);
}

bool selfplay_run(const SelfplayConfig *cfg, const Position *openings, int opening_count, FILE *out,
                  FILE *log, SelfplayStats *stats)
{
    memset(stats, 0, sizeof *stats);
    eval_init();   /* the tables are filled once, before the threads read them */
    bitbase_init();
    int threads = cfg->threads < 1 ? 1 : cfg->threads > SELFPLAY_MAX_THREADS ? SELFPLAY_MAX_THREADS : cfg->threads;
    SelfplayWorker wk[SELFPLAY_MAX_THREADS];
    thrd_t tid[SELFPLAY_MAX_THREADS];
    bool started[SELFPLAY_MAX_THREADS] = {false};
    mtx_t lock;
    if (mtx_init(&lock, mtx_plain) != thrd_success)
        return false;
    double start = clock_now();
    bool ok = true;
    for (int t = 0; t < threads; t++) {
        wk[t] = (SelfplayWorker){.cfg = cfg, .openings = openings, .opening_count = opening_count,
                                 .first = (int)((long long)cfg->games * t / threads),
                                 .last = (int)((long long)cfg->games * (t + 1) / threads),
                                 .out = threads == 1 ? out : tmpfile(), .log = log, .total = stats, .lock = &lock,
                                 .start = start};
        ok = ok && wk[t].out;
    }
    for (int t = 0; ok && t < threads; t++)
        started[t] = thrd_create(&tid[t], selfplay_worker, &wk[t]) == thrd_success;
    for (int t = 0; ok && t < threads; t++) {
        if (started[t])
            thrd_join(tid[t], NULL);
        else
            selfplay_worker(&wk[t]);   /* no thread to be had: play its share here */
        ok = ok && wk[t].ok;
    }
    for (int t = 0; t < threads && threads > 1; t++)
        if (wk[t].out) {
            ok = ok && append_file(wk[t].out, out);
            fclose(wk[t].out);
        }
    mtx_destroy(&lock);
    fflush(out);
    return ok && !ferror(out);
}

#define SELFPLAY_USAGE                                                                                               \
    "usage: engine selfplay --out FILE [--games N] [--nodes N | --depth D] [--seed S]\n"                               \
    "       [--openings FILE] [--random-plies N] [--margin CM] [--max-plies N] [--threads N] [--variant V]\n"         \
    "  --out FILE         the positions, as text lines, or as records when FILE ends in .bin\n"                     \
    "  --games N          games to play, 1-10000000 (default 100)\n"                                                \
    "  --nodes N          nodes a move, 1-1000000000 (default 3000); --depth D: plies a move instead, 1-60\n"       \
    "  --seed S           the games' randomness, 0-9223372036854775807 (default 1)\n"                               \
    "  --openings FILE    one position a line (default: the built-in 3-move ballots)\n"                             \
    "  --random-plies N   plies chosen at random among near-best moves, 0-100 (default 8)\n"                        \
    "  --margin CM        near-best: within CM centi-men of the best, 0-10000 (default 30)\n"                       \
    "  --max-plies N      games still running after N plies are drawn, 10-4094 (default 400)\n"                    \
    "  --threads N        games played at once, 1-64 (default: the cores)\n"                                        \
    "  --variant V        the rules: normal killer bt frisian losing (default normal)\n"

/* The options of `engine selfplay` into cfg, *out_path, *openings_path and *variant; false after
 * saying why they are refused. */
static bool parse_options(int argc, char **argv, SelfplayConfig *cfg, const char **out_path,
                          const char **openings_path, Variant *variant)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long games = cfg->games, nodes = 0, depth = 0, seed = (long)cfg->seed, random_plies = cfg->random_plies;
    long margin = cfg->margin, max_plies = cfg->max_plies;
    long threads = cores < 1 ? 1 : cores > SELFPLAY_MAX_THREADS ? SELFPLAY_MAX_THREADS : cores;
    int nodes_at = 0, depth_at = 0;   /* of --nodes and --depth, the later one counts */
    const OptSpec specs[] = {
        OPTS_TEXT("--out", out_path),
        OPTS_CALL("--variant", variant, rules_cli_variant),
        OPTS_TEXT("--openings", openings_path),
        OPTS_INT("--games", &games, 1, 10000000),
        {.name = "--nodes", .kind = OPT_INT, .out = &nodes, .lo = 1, .hi = 1000000000, .at = &nodes_at},
        {.name = "--depth", .kind = OPT_INT, .out = &depth, .lo = 1, .hi = 60, .at = &depth_at},
        OPTS_INT("--seed", &seed, 0, INT64_MAX),
        OPTS_INT("--random-plies", &random_plies, 0, 100),
        OPTS_INT("--margin", &margin, 0, 10000),
        OPTS_INT("--threads", &threads, 1, SELFPLAY_MAX_THREADS),
        OPTS_INT("--max-plies", &max_plies, 10, GAME_MAX_PLIES - 2),
        OPTS_END,
    };
    if (!opts_parse("selfplay", specs, argc, argv, 2, NULL, 0, 0))
        return false;
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

int selfplay_main(int argc, char **argv)
{
    SelfplayConfig cfg;
    selfplay_default_config(&cfg);
    const char *openings_path = NULL, *out_path = NULL;
    Variant variant = VARIANT_NORMAL;
    if (opts_help(argc, argv, 2, SELFPLAY_USAGE))
        return 0;
    if (!parse_options(argc, argv, &cfg, &out_path, &openings_path, &variant))
        return OPTS_REFUSED;
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
    if (out && cfg.binary)
        fputs(SELFPLAY_BIN_MAGIC, out);
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
