/* libFuzzer harness: position parsers (Hub string and FEN).
 * Invariants: a parsed position is valid, prints back (Hub and FEN) to an equal position, and
 * every generated move prints and parses back to itself. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

static bool equal(const Position *a, const Position *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] && a->kings == b->kings &&
           a->turn == b->turn && a->key == b->key;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[512];
    if (size >= sizeof text)
        return 0;
    board_init();
    memcpy(text, data, size);
    text[size] = '\0';
    Position pos, back;
    if (notation_parse_position(text, &pos))
        return 0;
    CHECK(position_invalid_reason(&pos) == NULL);
    CHECK(pos.key == position_compute_key(&pos));
    char hub[HUB_POS_LEN + 1], fen[FEN_TEXT_MAX];
    notation_format_hub(&pos, hub);
    CHECK(notation_parse_position(hub, &back) == NULL && equal(&pos, &back));
    notation_format_fen(&pos, fen);
    CHECK(notation_parse_position(fen, &back) == NULL && equal(&pos, &back));
    MoveList list;
    movegen_generate(&pos, &list);
    CHECK(movegen_count(&pos) == list.count);
    for (int i = 0; i < list.count; i++) {
        char mt[MOVE_TEXT_MAX], err[512];
        Move m;
        notation_format_move(&pos, list.moves[i], mt);
        CHECK(notation_parse_move(&pos, mt, &m, err, sizeof err) == PARSE_OK && m == list.moves[i]);
        Position child;
        position_make(&pos, list.moves[i], &child);
        CHECK(child.key == position_compute_key(&child));
    }
    return 0;
}
