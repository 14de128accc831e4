#include "rules/perft.h"

#include "util/clock.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/make.h"

/* perft(pos, 2) of a position with international moves: quiet men moves are made straight from
 * the destination sets, skipping the move list, since the frontier is where nearly all the time
 * goes. Its children have international moves too, except a breakthrough child with a king: the
 * crowning ended the game (no king stands in a breakthrough game before that). */
static inline __attribute__((always_inline)) uint64_t frontier(const Position *pos, bool bt)
{
    Color us = pos->turn;
    Bitboard men = pos->pieces[us] & ~pos->kings;
    ManJumps mj;
    uint64_t total = 0;
    if ((pos->pieces[us] & pos->kings) ||
        movegen_man_jumps(men, pos->pieces[!us], position_empty(pos), &mj)) {
        MoveList list;
        movegen_generate(pos, &list);
        for (int i = 0; i < list.count; i++) {
            Position child;
            make_move(pos, list.moves[i], &child, false);
            total += bt && child.kings ? 0 : (uint64_t)movegen_count_international(&child);
        }
        return total;
    }
    Position child = *pos;
    child.turn = (Color)!us;
    int d0 = us == WHITE ? DIR_UL : DIR_DL;
    for (int d = d0; d < d0 + 2; d++)
        for (Bitboard to = bb_shift(men, d) & position_empty(pos); to; to &= to - 1) {
            Bitboard t = to & -to;
            child.pieces[us] = pos->pieces[us] ^ t ^ bb_shift(t, bb_opposite(d));
            child.kings = pos->kings | (t & position_promotion_row(us));
            total += bt && child.kings ? 0 : (uint64_t)movegen_count_international(&child);
        }
    return total;
}

/* One copy of the frontier per rule set, so that international positions pay no test per leaf. */
static uint64_t perft_frontier(const Position *pos)
{
    return pos->variant == VARIANT_BT ? frontier(pos, true) : frontier(pos, false);
}

uint64_t perft(const Position *pos, int depth)
{
    if (depth == 2 && movegen_international(pos))
        return perft_frontier(pos);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)movegen_count(pos) : 1;
    MoveList list;
    movegen_generate(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        Position child;
        make_move(pos, list.moves[i], &child, false);
        total += perft(&child, depth - 1);
    }
    return total;
}

uint64_t perft_report(const Position *pos, int depth, bool divide, FILE *out)
{
    double start = clock_now();
    uint64_t total = 0;
    if (divide && depth >= 1) {
        MoveList list;
        movegen_generate(pos, &list);
        notation_sort_moves(pos, &list);
        for (int i = 0; i < list.count; i++) {
            Position child;
            char text[MOVE_TEXT_MAX];
            make_move(pos, list.moves[i], &child, true);
            uint64_t n = perft(&child, depth - 1);
            notation_format_move(pos, list.moves[i], text);
            fprintf(out, "%s %llu\n", text, (unsigned long long)n);
            total += n;
        }
    } else {
        total = perft(pos, depth);
    }
    double elapsed = clock_now() - start;
    double nps = elapsed > 0 ? (double)total / elapsed / 1e6 : 0.0;
    fprintf(out, "perft depth=%d nodes=%llu time=%.3f nps=%.1f\n", depth, (unsigned long long)total, elapsed,
            nps);
    fflush(out);
    return total;
}
