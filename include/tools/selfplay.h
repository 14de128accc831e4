#pragma once
/* Fast self-play games that produce training data for the tuner: every quiet position of a game
 * (no capture pending for either side) with the game's result and the score of the search made
 * there (White's view, centi-men, clamped to +-SELFPLAY_SCORE_MAX), one per line:
 *     <FEN> <result> <score>   result = 2-0 (White won), 1-1 (draw) or 0-2 (Black won)
 * Lines without the score (older data) are read too.
 * Games start from ballot openings and differ through a seeded random choice among near-best
 * moves during the first plies; given the same configuration the output is the same, whatever the
 * number of threads (game g draws its randomness from the seed and g only). */
#include <stdint.h>
#include <stdio.h>
#include "eval/score.h"
#include "rules/position.h"

#define SELFPLAY_LINE_MAX 256
#define SELFPLAY_MAX_THREADS 64
#define SELFPLAY_BIN_MAGIC "draughts-selfplay-2\n"
#define SELFPLAY_BIN_MAGIC_V1 "draughts-selfplay-1\n"   /* older records, without a score */
#define SELFPLAY_RECORD_SIZE 27
#define SELFPLAY_RECORD_SIZE_V1 25
#define SELFPLAY_NO_SCORE INT16_MIN   /* a position without a search score */
#define SELFPLAY_SCORE_MAX 3000       /* search scores are kept within +-this (wins included) */

typedef struct {
    int games;
    uint64_t nodes;      /* node budget per move (0 = use depth) */
    int depth;           /* depth per move when nodes is 0 */
    uint64_t seed;
    int random_plies;    /* plies played by random choice among near-best moves */
    int margin;          /* near-best = within this many centi-men of the best */
    int max_plies;       /* games still running after this many plies are adjudicated drawn */
    int threads;         /* games played in parallel, each thread with its own searcher */
    bool binary;         /* write records (selfplay_pack_record) instead of text lines */
} SelfplayConfig;

typedef struct {
    int games, white_wins, draws, black_wins;
    long positions;
} SelfplayStats;

/* Default configuration (a few thousand nodes per move). */
void selfplay_default_config(SelfplayConfig *cfg);

/* Plays cfg->games games from openings chosen at random on cfg->threads threads, writes their quiet
 * positions to out in game order and prints progress to log (may be NULL). Returns false when memory
 * is short or a write fails. */
bool selfplay_run(const SelfplayConfig *cfg, const Position *openings, int opening_count, FILE *out,
                  FILE *log, SelfplayStats *stats);

/* A search score (side to move's view) of pos as stored: White's view, within +-SELFPLAY_SCORE_MAX. */
int selfplay_stored_score(const Position *pos, Score score);

/* Writes one data line (with '\n'); result is White's score 0, 0.5 or 1; score is left out when it
 * is SELFPLAY_NO_SCORE. */
void selfplay_format_line(const Position *pos, double result, int score, char *buf, size_t size);

/* The binary record of a position: white, black and king sets as little-endian 64-bit words, one
 * byte turn | result << 1 with result 0 (Black won), 1 (draw), 2 (White won), then the score as a
 * little-endian 16-bit word (SELFPLAY_NO_SCORE: none). A version-1 record is the first 25 bytes. */
void selfplay_pack_record(const Position *pos, double result, int score, uint8_t rec[SELFPLAY_RECORD_SIZE]);

/* Sets the score of a record (a version-1 record read into a version-2 one gets SELFPLAY_NO_SCORE). */
void selfplay_record_set_score(uint8_t rec[SELFPLAY_RECORD_SIZE], int score);

/* Reads a record back; false when it does not hold a valid position, result and score. */
bool selfplay_unpack_record(const uint8_t rec[SELFPLAY_RECORD_SIZE], Position *pos, double *result, int *score);

/* Parses one data line; false when it is not "<position> <2-0|1-1|0-2> [score]" (score an integer
 * within +-SELFPLAY_SCORE_MAX; *score is SELFPLAY_NO_SCORE without one). */
bool selfplay_parse_line(const char *line, Position *pos, double *result, int *score);


/* `engine selfplay ...` (argv[1] == "selfplay"): parses the options, plays, returns the exit code. */
int selfplay_main(int argc, char **argv);
