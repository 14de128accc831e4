#pragma once
/* A training sample: a quiet position, the result of the game it was played in and the score of
 * the search made there (White's view, centi-men, clamped to +-SAMPLE_SCORE_MAX). Self-play writes
 * samples, rescore rewrites their scores and the tuner reads them, as text lines
 *     <FEN> <result> <score>   result = 2-0 (White won), 1-1 (draw) or 0-2 (Black won)
 * (lines without the score, older data, are read too) or as fixed-size binary records after a
 * magic line. */
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "eval/score.h"
#include "rules/position.h"

#define SAMPLE_LINE_MAX 256
#define SAMPLE_BIN_MAGIC "draughts-selfplay-2\n"
#define SAMPLE_BIN_MAGIC_V1 "draughts-selfplay-1\n"   /* older records, without a score */
#define SAMPLE_RECORD_SIZE 27
#define SAMPLE_RECORD_SIZE_V1 25
#define SAMPLE_NO_SCORE INT16_MIN   /* a position without a search score */
#define SAMPLE_SCORE_MAX 3000       /* search scores are kept within +-this (wins included) */

/* A search score (side to move's view) of pos as stored: White's view, within +-SAMPLE_SCORE_MAX. */
int sample_stored_score(const Position *pos, Score score);

/* Writes one data line (with '\n'); result is White's score 0, 0.5 or 1; score is left out when it
 * is SAMPLE_NO_SCORE. */
void sample_format_line(const Position *pos, double result, int score, char *buf, size_t size);

/* The binary record of a position: white, black and king sets as little-endian 64-bit words, one
 * byte turn | result << 1 with result 0 (Black won), 1 (draw), 2 (White won), then the score as a
 * little-endian 16-bit word (SAMPLE_NO_SCORE: none). A version-1 record is the first 25 bytes. */
void sample_pack(const Position *pos, double result, int score, uint8_t rec[SAMPLE_RECORD_SIZE]);

/* Sets the score of a record (a version-1 record read into a version-2 one gets SAMPLE_NO_SCORE). */
void sample_set_score(uint8_t rec[SAMPLE_RECORD_SIZE], int score);

/* Reads a record back; false when it does not hold a valid position, result and score. */
bool sample_unpack(const uint8_t rec[SAMPLE_RECORD_SIZE], Position *pos, double *result, int *score);

/* Parses one data line; false when it is not "<position> <2-0|1-1|0-2> [score]" (score an integer
 * within +-SAMPLE_SCORE_MAX; *score is SAMPLE_NO_SCORE without one). */
bool sample_parse_line(const char *line, Position *pos, double *result, int *score);
