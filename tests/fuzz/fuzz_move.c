/* libFuzzer harness: move-text parser. The first byte picks a position, the rest is move text.
 * Invariants: an accepted move is one of the legal moves and prints back to text that parses
 * to the same move; a rejected one leaves a non-empty message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/notation.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

static const char *const POSITIONS[] = {
    "start",
    "W:W10,K16:B14,K21,29,K31,34,37,K46,K47",
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
    "W:WK48:B7,8,31,34,K42,44",
    "W:W28:B12,13,22,23",
    "W:W15:B8,19,20",
    "W:WK47:B9,12,33",
    "W:W46:B37,41",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[512], err[1024];
    if (size < 1 || size >= sizeof text)
        return 0;
    rules_init();
    Position pos;
    CHECK(notation_parse_position(POSITIONS[data[0] % (sizeof POSITIONS / sizeof POSITIONS[0])], &pos) == NULL);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    Move m = MOVE_NONE;
    err[0] = '\0';
    MoveParseStatus st = notation_parse_move(&pos, text, &m, err, sizeof err);
    if (st != PARSE_OK) {
        CHECK(err[0] != '\0');
        return 0;
    }
    CHECK(movegen_is_legal(&pos, m));
    char mt[MOVE_TEXT_MAX];
    Move again;
    notation_format_move(&pos, m, mt);
    CHECK(notation_parse_move(&pos, mt, &again, err, sizeof err) == PARSE_OK && again == m);
    return 0;
}
