/* libFuzzer harness: position parsers (Hub string and FEN), and the move generator of every variant.
 * Invariants: a parsed position is valid, prints back (Hub and FEN) to an equal position; in every
 * variant that admits it, the counting and listing paths agree, the list holds no duplicate, every
 * move prints and parses back to itself and the incremental key of every child is exact. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/notation.h"
#include "rules/make.h"

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
    rules_init();
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
    for (int v = 0; v < VARIANT_COUNT; v++) {
        Position vp = pos;
        if (position_set_variant(&vp, (Variant)v))
            continue;
        MoveList list;
        movegen_generate(&vp, &list);
        CHECK(movegen_count(&vp) == list.count);
        CHECK(movegen_has_capture(&vp) == (list.capture_len > 0));
        for (int i = 0; i < list.count; i++) {
            char mt[MOVE_TEXT_MAX], err[512];
            Move m;
            for (int j = i + 1; j < list.count; j++)
                CHECK(list.moves[i] != list.moves[j]);
            CHECK(bb_popcount(move_captured(&vp, list.moves[i])) == list.capture_len);
            notation_format_move(&vp, list.moves[i], mt);
            CHECK(notation_parse_move(&vp, mt, &m, err, sizeof err) == PARSE_OK && m == list.moves[i]);
            Position child;
            make_move(&vp, list.moves[i], &child, true);
            CHECK(child.key == position_compute_key(&child));
        }
    }
    return 0;
}
