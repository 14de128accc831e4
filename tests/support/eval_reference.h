#pragma once
/* The square-by-square reference of the evaluation features that test_eval.c checks eval_extract
 * against: every term, block and region index and own-view king set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"

/* A square-by-square reference evaluation on (row, column) coordinates, written independently of
 * the bitboard code: eval_extract must agree with it exactly on every position. */
typedef struct {
    int piece[10][10];   /* 0 empty, else 1 + colour + 2 * king, in the side's own view */
} RefBoard;

enum { REF_EMPTY = 0, REF_OWN_MAN, REF_OWN_KING, REF_OPP_MAN, REF_OPP_KING };

static bool ref_on_board(int r, int c) { return r >= 0 && r < 10 && c >= 0 && c < 10 && (r + c) % 2 == 1; }

/* The board seen from side us: its men move towards row 0 (Black's view is the half turn). */
static void ref_board(const Position *pos, Color us, RefBoard *b)
{
    memset(b, 0, sizeof *b);
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        Bitboard bit = bb_square(s);
        if (!(position_occupied(pos) & bit))
            continue;
        int v = us == WHITE ? s : SQUARE_COUNT + 1 - s;
        int r = (v - 1) / 5, c = 2 * ((v - 1) % 5) + (r % 2 == 0);
        bool own = (pos->pieces[us] & bit) != 0, king = (pos->kings & bit) != 0;
        b->piece[r][c] = own ? (king ? REF_OWN_KING : REF_OWN_MAN) : (king ? REF_OPP_KING : REF_OPP_MAN);
    }
}

static bool ref_is(const RefBoard *b, int r, int c, int piece) { return ref_on_board(r, c) && b->piece[r][c] == piece; }

static int ref_square(int r, int c) { return 5 * r + c / 2 + 1; }

static bool ref_square_in(int sq, const int *set, int n)
{
    for (int i = 0; i < n; i++)
        if (set[i] == sq)
            return true;
    return false;
}

/* True when an opponent piece, or a square diagonally in front of one, lies in the forward cone of
 * the man on (r, c): that piece (or the man stepping next to it) stops the runaway. */
static bool ref_stopped(const RefBoard *b, int r, int c)
{
    for (int orow = 0; orow < 10; orow++)
        for (int ocol = 0; ocol < 10; ocol++) {
            if (!ref_is(b, orow, ocol, REF_OPP_MAN) && !ref_is(b, orow, ocol, REF_OPP_KING))
                continue;
            int front[3][2] = {{orow, ocol}, {orow - 1, ocol - 1}, {orow - 1, ocol + 1}};
            for (int i = 0; i < 3; i++) {
                int dr = r - front[i][0], dc = abs(c - front[i][1]);
                if (ref_on_board(front[i][0], front[i][1]) && dr >= 1 && dc <= dr)
                    return true;
            }
        }
    return false;
}

/* True when an opponent piece next to (r, c) has the square beyond (r, c) empty: it could capture there. */
static bool ref_attacked(const RefBoard *b, int r, int c)
{
    for (int dr = -1; dr <= 1; dr += 2)
        for (int dc = -1; dc <= 1; dc += 2)
            if ((ref_is(b, r + dr, c + dc, REF_OPP_MAN) || ref_is(b, r + dr, c + dc, REF_OPP_KING)) &&
                ref_is(b, r - dr, c - dc, REF_EMPTY))
                return true;
    return false;
}

/* The features of side us in its own view, as defined in eval_layout.h. */
static void ref_side(const Position *pos, Color us, int *v)
{
    static const int guard[] = {47, 48, 49}, centre[] = {22, 23, 24, 27, 28, 29}, outpost[] = {22, 24};
    static const int diagonal[] = {5, 10, 14, 19, 23, 28, 32, 37, 41, 46};
    static const int dirs[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
    RefBoard b;
    ref_board(pos, us, &b);
    memset(v, 0, EVAL_TERM_COUNT * sizeof *v);
    bool opp_king = false;
    int left = 0, right = 0;
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++)
            opp_king |= ref_is(&b, r, c, REF_OPP_KING);
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++) {
            int sq = ref_square(r, c);
            if (ref_is(&b, r, c, REF_OWN_KING)) {
                v[EVAL_KING]++;
                v[EVAL_KING_DIAGONAL] += ref_square_in(sq, diagonal, 10);
                for (int d = 0; d < 4; d++)
                    for (int k = 1; ref_is(&b, r + k * dirs[d][0], c + k * dirs[d][1], REF_EMPTY); k++) {
                        v[EVAL_KING_MOBILITY]++;
                        v[EVAL_KING_MOBILITY_ATTACKED] += ref_attacked(&b, r + k * dirs[d][0], c + k * dirs[d][1]);
                    }
            }
            if (!ref_is(&b, r, c, REF_OWN_MAN))
                continue;
            bool back_left = ref_is(&b, r + 1, c - 1, REF_OWN_MAN), back_right = ref_is(&b, r + 1, c + 1, REF_OWN_MAN);
            v[EVAL_MAN]++;
            v[EVAL_TEMPO] += 9 - r;
            v[EVAL_BACK_RANK] += r == 9;
            v[EVAL_BACK_GUARD] += ref_square_in(sq, guard, 3);
            v[EVAL_CENTRE] += ref_square_in(sq, centre, 6);
            left += c < 5;
            right += c >= 5;
            v[EVAL_OUTPOST] += ref_square_in(sq, outpost, 2);
            v[EVAL_OUTPOST_WEAK] += ref_square_in(sq, outpost, 2) && !(back_left && back_right);
            v[EVAL_LOCKED] += !ref_is(&b, r - 1, c - 1, REF_EMPTY) && !ref_is(&b, r - 1, c + 1, REF_EMPTY);
            v[EVAL_TAIL] += back_left + back_right;
            v[EVAL_HOOK] += (c == 0 || c == 9) && r != 9 && !back_left && !back_right;
            if (!opp_king && !ref_stopped(&b, r, c)) {
                v[EVAL_RUNAWAY]++;
                v[EVAL_RUNAWAY_ROWS] += 9 - r;
            }
        }
    v[EVAL_KING_FIRST] = v[EVAL_KING] > 0;
    v[EVAL_BALANCE] = abs(left - right);
}

/* The free forward steps of side us's men: one for each man and each of its two forward squares that is
 * empty (the moves table's count). */
static int ref_steps(const Position *pos, Color us)
{
    RefBoard b;
    ref_board(pos, us, &b);
    int steps = 0;
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++)
            if (ref_is(&b, r, c, REF_OWN_MAN))
                steps += ref_is(&b, r - 1, c - 1, REF_EMPTY) + ref_is(&b, r - 1, c + 1, REF_EMPTY);
    return steps;
}

/* The men of side us on its left half (own view files a-e) [0] and right half [1], and the
 * opponent's men on those halves [2], [3] (the wings table's counts). */
static void ref_wings(const Position *pos, Color us, int *count)
{
    RefBoard b;
    ref_board(pos, us, &b);
    memset(count, 0, 4 * sizeof *count);
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++) {
            count[0 + (c >= 5)] += ref_is(&b, r, c, REF_OWN_MAN);
            count[2 + (c >= 5)] += ref_is(&b, r, c, REF_OPP_MAN);
        }
}

/* The reference pattern indices of side us: its blocks (top row, left file) in its own view, digit i (3^i) for the
 * i-th square of the block (row by row, left to right), 1 own man, 2 opponent man. */
static void ref_patterns(const Position *pos, Color us, uint16_t *index)
{
    RefBoard b;
    ref_board(pos, us, &b);
    static const int origin[EVAL_PATTERN_TABLES][2] = {{6, 0}, {6, 2}, {6, 4}, {6, 6}, {4, 0}, {4, 2}, {4, 4},
                                                       {4, 6}, {5, 1}, {5, 3}, {5, 5}, {3, 1}, {3, 3}, {3, 5}};
    for (int t = 0; t < EVAL_PATTERN_TABLES; t++) {
        int r0 = origin[t][0], c0 = origin[t][1], digit = 0, value = 0, power = 1;
        for (int r = r0; r < r0 + 4; r++)
            for (int c = c0; c < c0 + 4; c++) {
                if (!ref_on_board(r, c))
                    continue;
                assert_int_equal(ref_square(r, c), eval_pattern_block[t][digit]);
                value += power * (ref_is(&b, r, c, REF_OWN_MAN) ? 1 : ref_is(&b, r, c, REF_OPP_MAN) ? 2 : 0);
                power *= 3;
                digit++;
            }
        assert_int_equal(digit, EVAL_PATTERN_SQUARES);
        index[t] = (uint16_t)value;
    }
}

/* The region indices of side us: own rows 4-9 at files 2t..2t+3, then own rows 3-8 at files
 * 2u+1..2u+4, digits in ascending own-view squares. */
static void ref_regions(const Position *pos, Color us, uint32_t *index)
{
    RefBoard b;
    ref_board(pos, us, &b);
    static const int origin[EVAL_REGION_TABLES][2] = {{4, 0}, {4, 2}, {4, 4}, {4, 6}, {3, 1}, {3, 3}, {3, 5}};
    for (int t = 0; t < EVAL_REGION_TABLES; t++) {
        int digit = 0, r0 = origin[t][0], c0 = origin[t][1];
        uint32_t value = 0, power = 1;
        for (int r = r0; r < r0 + 6; r++)
            for (int c = c0; c < c0 + 4; c++) {
                if (!ref_on_board(r, c))
                    continue;
                assert_int_equal(ref_square(r, c), eval_region_block[t][digit]);
                value += power * (ref_is(&b, r, c, REF_OWN_MAN) ? 1 : ref_is(&b, r, c, REF_OPP_MAN) ? 2 : 0);
                power *= 3;
                digit++;
            }
        assert_int_equal(digit, EVAL_REGION_SQUARES);
        index[t] = value;
    }
}

/* The kings of side us on the squares of its own view. */
static Bitboard ref_king_view(const Position *pos, Color us)
{
    RefBoard b;
    ref_board(pos, us, &b);
    Bitboard view = 0;
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++)
            if (ref_is(&b, r, c, REF_OWN_KING))
                view |= bb_square(ref_square(r, c));
    return view;
}
