#pragma once
/* Legal move generation for international (FMJD) draughts and its variants (the position says which).
 * Captures are compulsory and the majority rule applies (most pieces, men and kings alike);
 * captured pieces stay on the board as obstacles until the move ends (Turkish strike);
 * a man promotes only when it ends on the far row. Moves with the same from, to and
 * captured set are listed once. Killer: a king whose last captured piece is a king stops right
 * behind it. Breakthrough: once the opponent owns a king the side to move has no move (it lost).
 * Losing: the moves of international draughts. Frisian: see frisian.h. */
#include "rules/move.h"

/* Every legal move of the side to move (none when it is blocked or has no pieces). */
void movegen_generate(const Position *pos, MoveList *list);

/* Only the legal captures (empty when the side to move cannot capture). */
void movegen_captures(const Position *pos, MoveList *list);

/* Only the quiet moves; legal only when movegen_has_capture() is false. */
void movegen_quiet(const Position *pos, MoveList *list);

/* True when m is one of the legal moves of pos (a move decoded elsewhere, e.g. from the TT). */
bool movegen_is_legal(const Position *pos, Move m);

/* True when the side to move has a capture (fast, no generation). */
bool movegen_has_capture(const Position *pos);

/* True when the side to move has a legal move (a capture or a quiet move), without generating them. */
bool movegen_has_move(const Position *pos);

/* True when the side NOT to move would have a capture if it were its turn. */
bool movegen_opponent_has_capture(const Position *pos);

/* Squares from which a man (or any piece stepping once) can jump in direction d:
 * the neighbour is an opponent piece and the square beyond it is empty. */
static inline Bitboard movegen_jump_origins(Bitboard them, Bitboard empty, int d)
{
    switch (d) {
    case DIR_UL: return (them << 7) & (empty << 14);
    case DIR_UR: return (them << 6) & (empty << 12);
    case DIR_DL: return (them >> 6) & (empty >> 12);
    default: return (them >> 7) & (empty >> 14);
    }
}

/* First jumps of men per direction. When no landing square allows a second jump, every man
 * capture is a single jump and the list needs no search (the common case). A second jump can
 * never use the vacated origin or the captured piece: both lie behind the man. */
typedef struct {
    Bitboard from[DIR_COUNT];
    Bitboard onward[DIR_COUNT];   /* origins whose first jump in direction d can go on */
    bool single_only;
} ManJumps;

static inline bool movegen_man_jumps(Bitboard men, Bitboard them, Bitboard empty, ManJumps *mj)
{
    Bitboard origins[DIR_COUNT], any = 0, cont = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        origins[d] = movegen_jump_origins(them, empty, d);
        mj->from[d] = men & origins[d];
        any |= mj->from[d];
    }
    if (!any)
        return false;
    for (int d = 0; d < DIR_COUNT; d++) {
        Bitboard onward = 0;
        for (int e = 0; e < DIR_COUNT; e++)
            if (e != bb_opposite(d))
                onward |= origins[e];
        Bitboard land = bb_shift(bb_shift(mj->from[d], d), d) & onward;
        mj->onward[d] = bb_shift(bb_shift(land, bb_opposite(d)), bb_opposite(d));
        cont |= land;
    }
    mj->single_only = cont == 0;
    return true;
}

/* Captures when only men capture and some jump goes on (mj from movegen_man_jumps):
 * single jumps lose to the majority rule, so only chains starting with a continuing jump are searched. */
void movegen_men_multi_jumps(const Position *pos, const ManJumps *mj, MoveList *list);

/* The number of legal captures when the side to move has one (mj from movegen_man_jumps). */
int movegen_count_captures(const Position *pos, const ManJumps *mj);

/* The number of quiet moves of the side to move's men and of its kings in the set kings, by popcounts. */
static inline int movegen_count_quiet(const Position *pos, Bitboard kings)
{
    Color us = pos->turn;
    Bitboard empty = position_empty(pos), occ = position_occupied(pos), men = pos->pieces[us] & ~pos->kings;
    int n = us == WHITE ? bb_popcount((men >> 7) & empty) + bb_popcount((men >> 6) & empty)
                        : bb_popcount((men << 6) & empty) + bb_popcount((men << 7) & empty);
    for (; kings; kings &= kings - 1) {
        int s = bb_lsb(kings);
        for (int d = 0; d < DIR_COUNT; d++)
            n += bb_popcount(bb_ray_attack(s, d, occ) & empty);
    }
    return n;
}

/* movegen_count for the positions whose rules its shortcuts do not cover (frisian, a finished
 * breakthrough game). */
int movegen_count_variant(const Position *pos);

/* True for breakthrough and frisian, whose generation leaves the international fast paths
 * (one test, since the two are numbered 2 and 3). */
static inline bool movegen_special_rules(const Position *pos)
{
    _Static_assert(VARIANT_BT == 2 && VARIANT_FRISIAN == 3, "breakthrough and frisian share a bit pattern");
    return __builtin_expect((pos->variant >> 1) == 1, 0);
}

/* Breakthrough: the opponent owning a king means it crowned one and won; nothing moves. */
static inline bool movegen_bt_over(const Position *pos)
{
    return pos->variant == VARIANT_BT && position_kings(pos, (Color)!pos->turn);
}

/* True when the moves of pos are international ones: every variant but frisian, except a
 * breakthrough game already won by the opponent's king. */
static inline bool movegen_international(const Position *pos)
{
    return !movegen_special_rules(pos) || (pos->variant == VARIANT_BT && !movegen_bt_over(pos));
}

/* The number of legal moves of a position with international moves (movegen_international), quiet
 * moves counted with popcounts. */
static inline int movegen_count_international(const Position *pos)
{
    Color us = pos->turn;
    Bitboard empty = position_empty(pos);
    Bitboard men = pos->pieces[us] & ~pos->kings, kings = pos->pieces[us] & pos->kings;
    ManJumps mj;
    bool men_capture = movegen_man_jumps(men, pos->pieces[!us], empty, &mj);
    if (men_capture && !kings && mj.single_only)
        return bb_popcount(mj.from[0]) + bb_popcount(mj.from[1]) + bb_popcount(mj.from[2]) +
               bb_popcount(mj.from[3]);
    if (men_capture || (kings && movegen_has_capture(pos)))
        return movegen_count_captures(pos, &mj);
    return movegen_count_quiet(pos, kings);
}

/* The number of legal moves (used by perft's last ply). */
static inline int movegen_count(const Position *pos)
{
    return movegen_international(pos) ? movegen_count_international(pos) : movegen_count_variant(pos);
}

/* True when the side to move has a quiet move, by shifts (no generation); those are its legal
 * moves only when movegen_has_capture() is false. Inline: the quiescence search asks at every leaf. */
static inline bool movegen_has_quiet(const Position *pos)
{
    Color us = pos->turn;
    Bitboard empty = position_empty(pos);
    Bitboard men = position_men(pos, us), kings = position_kings(pos, us);
    if (movegen_special_rules(pos)) {
        if (movegen_bt_over(pos))
            return false;
        kings &= ~position_resting_king(pos);
    }
    Bitboard fwd = us == WHITE ? (men >> 6) | (men >> 7) : (men << 6) | (men << 7);
    if (fwd & empty)
        return true;
    return ((kings >> 6) | (kings >> 7) | (kings << 6) | (kings << 7)) & empty;
}
