#include "learn/sample.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules/notation.h"

int sample_stored_score(const Position *pos, Score score)
{
    int white = pos->turn == WHITE ? score : -score;
    return white > SAMPLE_SCORE_MAX ? SAMPLE_SCORE_MAX : white < -SAMPLE_SCORE_MAX ? -SAMPLE_SCORE_MAX : white;
}

static const char *result_text(double result) { return result > 0.75 ? "2-0" : result < 0.25 ? "0-2" : "1-1"; }

void sample_format_line(const Position *pos, double result, int score, char *buf, size_t size)
{
    char fen[FEN_TEXT_MAX];
    notation_format_fen(pos, fen);
    if (score == SAMPLE_NO_SCORE)
        snprintf(buf, size, "%s %s\n", fen, result_text(result));
    else
        snprintf(buf, size, "%s %s %d\n", fen, result_text(result), score);
}

void sample_pack(const Position *pos, double result, int score, uint8_t rec[SAMPLE_RECORD_SIZE])
{
    Bitboard sets[3] = {pos->pieces[WHITE], pos->pieces[BLACK], pos->kings};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 8; i++)
            rec[8 * k + i] = (uint8_t)(sets[k] >> (8 * i));
    int r = result > 0.75 ? 2 : result < 0.25 ? 0 : 1;
    rec[24] = (uint8_t)(pos->turn | r << 1);
    sample_set_score(rec, score);
}

void sample_set_score(uint8_t rec[SAMPLE_RECORD_SIZE], int score)
{
    uint16_t word = (uint16_t)(int16_t)score;
    rec[25] = (uint8_t)word, rec[26] = (uint8_t)(word >> 8);
}

static bool score_ok(int score) { return score == SAMPLE_NO_SCORE || abs(score) <= SAMPLE_SCORE_MAX; }

bool sample_unpack(const uint8_t rec[SAMPLE_RECORD_SIZE], Position *pos, double *result, int *score)
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

bool sample_parse_line(const char *line, Position *pos, double *result, int *score)
{
    const char *field[3];
    size_t len[3];
    int n = split_fields(line, field, len, 3);
    if (n < 2 || n > 3 || len[0] >= FEN_TEXT_MAX || len[1] != 3)
        return false;
    *score = SAMPLE_NO_SCORE;
    if (n == 3) {
        char num[8], *end;
        if (len[2] >= sizeof num)
            return false;
        memcpy(num, field[2], len[2]);
        num[len[2]] = 0;
        long v = strtol(num, &end, 10);
        if (*end || labs(v) > SAMPLE_SCORE_MAX)
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
