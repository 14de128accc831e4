#include "rules/movegen.h"
#include "rules/frisian.h"

/* State shared by one piece's capture search. occ never changes during the search:
 * captured pieces stay obstacles, and the origin square counts as empty. */
typedef struct {
    MoveList *list;
    Bitboard origin;
    Bitboard them;   /* opponent pieces (capturable unless already captured) */
    Bitboard occ;    /* obstacles: every piece but the moving one */
    Bitboard empty;  /* landing squares: BB_ALL & ~occ */
    Bitboard jumpable[DIR_COUNT];   /* opponent pieces with an empty square just beyond in direction d */
    Bitboard stop_behind;   /* killer: a king capture ending on one of these stops right behind it */
} CaptureSearch;

/* Opponent pieces that a piece moving in direction d can jump: the next square beyond is empty. */
static inline void set_jumpable(Bitboard them, Bitboard empty, Bitboard *jumpable)
{
    for (int d = 0; d < DIR_COUNT; d++)
        jumpable[d] = them & bb_shift(empty, bb_opposite(d));
}

/* The directions (bit d) in which the king on bit s can jump: the nearest piece on the ray is
 * jumpable. Usually no ray holds a jumpable piece at all, which one cheap test settles; the exact
 * test is branch-free, since which rays are blocked varies unpredictably. */
static inline unsigned king_jump_dirs(int s, Bitboard occ, const Bitboard *jumpable)
{
    const Bitboard *ray = bb_ray[s];
    if (!((ray[0] & jumpable[0]) | (ray[1] & jumpable[1]) | (ray[2] & jumpable[2]) | (ray[3] & jumpable[3])))
        return 0;
    unsigned dirs = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        dirs |= (unsigned)(jumpable[d] >> bb_nearest_or_sentinel(bb_ray[s][d] & occ, d) & 1) << d;
    return dirs;
}

/* Records a finished capture, applying the majority rule and dropping duplicates
 * (same from, to and captured set reached in another order: only possible with 3+ captures). */
static void record_capture(CaptureSearch *cs, Bitboard to, Bitboard captured, int n)
{
    MoveList *list = cs->list;
    Move m = cs->origin | to | captured;
    if (n < list->capture_len)
        return;
    if (n > list->capture_len) {
        list->capture_len = n;
        list->count = 0;
    } else if (n >= 3) {
        for (int i = 0; i < list->count; i++)
            if (list->moves[i] == m)
                return;
    }
    if (list->count < MAX_MOVES)
        list->moves[list->count++] = m;
}

/* Continues a man's capture from sq; records the move when no further jump exists. The possible
 * jumps are found for all four directions at once (branch-free), then followed in direction order. */
static void man_capture_from(CaptureSearch *cs, Bitboard sq, Bitboard captured, int n)
{
    Bitboard capturable = cs->them & ~captured;
    unsigned dirs = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        dirs |= (unsigned)((bb_shift(bb_shift(sq, d) & capturable, d) & cs->empty) != 0) << d;
    if (!dirs && n > 0)
        record_capture(cs, sq, captured, n);
    for (; dirs; dirs &= dirs - 1) {
        int d = bb_lsb(dirs);
        Bitboard over = bb_shift(sq, d);
        man_capture_from(cs, bb_shift(over, d), captured | over, n + 1);
    }
}

/* Tries every capture of a king standing on bit s, skipping the directions in skip.
 * Returns false when there is none, so the caller records the move ending on s.
 * Going straight on is tried only from the first landing square: from later ones it
 * would repeat the same paths. A capture whose last piece is in stop_behind ends only on the
 * first landing square (never dropping a longest capture: that square ends one as long). */
static bool king_capture_from(CaptureSearch *cs, int s, Bitboard captured, int n, unsigned skip)
{
    bool any = false;
    for (unsigned dirs = king_jump_dirs(s, cs->occ, cs->jumpable) & ~skip; dirs; dirs &= dirs - 1) {
        int d = bb_lsb(dirs);
        int b = bb_nearest(bb_ray[s][d] & cs->occ, d);
        Bitboard over = bb_of(b);
        if (over & captured)
            continue;
        Bitboard landings = bb_ray_attack(b, d, cs->occ) & cs->empty;
        any = true;
        Bitboard now_captured = captured | over;
        int first = bb_nearest(landings, d);
        unsigned back = 1u << bb_opposite(d);
        for (; landings; landings &= landings - 1) {
            int l = bb_lsb(landings);
            unsigned next_skip = back | (l == first ? 0u : 1u << d);
            if (!king_capture_from(cs, l, now_captured, n + 1, next_skip) &&
                (l == first || !(over & cs->stop_behind)))
                record_capture(cs, bb_of(l), now_captured, n + 1);
        }
    }
    return any;
}

/* Origins of men that can jump at least once. */
static Bitboard men_with_captures(Bitboard men, Bitboard them, Bitboard empty)
{
    return men & (movegen_jump_origins(them, empty, DIR_UL) | movegen_jump_origins(them, empty, DIR_UR) |
                  movegen_jump_origins(them, empty, DIR_DL) | movegen_jump_origins(them, empty, DIR_DR));
}

static bool side_has_capture(const Position *pos, Color us)
{
    Bitboard them = pos->pieces[!us], occ = position_occupied(pos), empty = BB_ALL & ~occ;
    if (men_with_captures(pos->pieces[us] & ~pos->kings, them, empty))
        return true;
    Bitboard kings = pos->pieces[us] & pos->kings;
    if (!kings)
        return false;
    Bitboard jumpable[DIR_COUNT];
    set_jumpable(them, empty, jumpable);
    for (; kings; kings &= kings - 1)
        if (king_jump_dirs(bb_lsb(kings), occ, jumpable))
            return true;
    return false;
}

bool movegen_has_capture(const Position *pos)
{
    if (pos->variant == VARIANT_FRISIAN)
        return frisian_side_has_capture(pos, pos->turn);
    return !movegen_bt_over(pos) && side_has_capture(pos, pos->turn);
}

bool movegen_opponent_has_capture(const Position *pos)
{
    if (pos->variant == VARIANT_FRISIAN)
        return frisian_side_has_capture(pos, (Color)!pos->turn);
    return side_has_capture(pos, (Color)!pos->turn);
}

bool movegen_has_move(const Position *pos) { return movegen_has_capture(pos) || movegen_has_quiet(pos); }

static inline void push(MoveList *list, Move m)
{
    if (list->count < MAX_MOVES)
        list->moves[list->count++] = m;
}

/* Fills list with the single-jump captures of men (valid when ManJumps.single_only) in the order
 * of the general capture search: by origin, then by direction. Branch-free per direction: every
 * candidate is written and counted only when it exists (at most 4 per man, far below MAX_MOVES). */
static void single_jumps_by_origin(const ManJumps *mj, MoveList *list)
{
    list->capture_len = 1;
    for (Bitboard all = mj->from[0] | mj->from[1] | mj->from[2] | mj->from[3]; all; all &= all - 1) {
        Bitboard b = all & -all;
        for (int d = 0; d < DIR_COUNT; d++) {
            Bitboard over = bb_shift(b, d);
            list->moves[list->count] = b | over | bb_shift(over, d);
            list->count += (mj->from[d] & b) != 0;
        }
    }
}

/* The capture search below lists the moves by origin, then by direction at each step; callers
 * (the quiescence search) depend on that order being stable. */
void movegen_captures(const Position *pos, MoveList *list)
{
    Color us = pos->turn;
    Bitboard occ_all = position_occupied(pos), them = pos->pieces[!us];
    list->count = 0;
    list->capture_len = 0;
    if (!movegen_international(pos)) {   /* frisian, or a finished breakthrough game */
        if (pos->variant == VARIANT_FRISIAN)
            frisian_captures(pos, list);
        return;
    }
    Bitboard men = pos->pieces[us] & ~pos->kings;
    if (!(pos->pieces[us] & pos->kings)) {
        ManJumps mj;
        if (!movegen_man_jumps(men, them, BB_ALL & ~occ_all, &mj))
            return;
        if (mj.single_only) {
            single_jumps_by_origin(&mj, list);
            return;
        }
    }
    CaptureSearch cs = {.list = list, .them = them};
    if (pos->variant == VARIANT_KILLER)
        cs.stop_behind = them & pos->kings;
    for (Bitboard m = men_with_captures(men, them, BB_ALL & ~occ_all); m; m &= m - 1) {
        cs.origin = m & -m;
        cs.occ = occ_all ^ cs.origin;
        cs.empty = BB_ALL & ~cs.occ;
        man_capture_from(&cs, cs.origin, 0, 0);
    }
    for (Bitboard k = pos->pieces[us] & pos->kings; k; k &= k - 1) {
        cs.origin = k & -k;
        cs.occ = occ_all ^ cs.origin;
        cs.empty = BB_ALL & ~cs.occ;
        set_jumpable(cs.them, cs.empty, cs.jumpable);
        king_capture_from(&cs, bb_lsb(k), 0, 0, 0);
    }
}

void movegen_quiet(const Position *pos, MoveList *list)
{
    Color us = pos->turn;
    Bitboard empty = position_empty(pos), occ = position_occupied(pos);
    Bitboard men = pos->pieces[us] & ~pos->kings;
    int d0 = us == WHITE ? DIR_UL : DIR_DL;
    list->count = 0;
    list->capture_len = 0;
    if (movegen_bt_over(pos))
        return;
    Bitboard wolf = pos->variant == VARIANT_FRISIAN ? position_resting_king(pos) : 0;
    for (int d = d0; d < d0 + 2; d++)
        for (Bitboard to = bb_shift(men, d) & empty; to; to &= to - 1) {
            Bitboard t = to & -to;
            push(list, t | bb_shift(t, bb_opposite(d)));
        }
    for (Bitboard k = pos->pieces[us] & pos->kings & ~wolf; k; k &= k - 1) {
        int s = bb_lsb(k);
        for (int d = 0; d < DIR_COUNT; d++)
            for (Bitboard to = bb_ray_attack(s, d, occ) & empty; to; to &= to - 1)
                push(list, (to & -to) | (k & -k));
    }
}

int movegen_count_captures(const Position *pos, const ManJumps *mj)
{
    MoveList list;
    if (pos->pieces[pos->turn] & pos->kings)
        movegen_captures(pos, &list);
    else
        movegen_men_multi_jumps(pos, mj, &list);
    return list.count;
}

/* Fills list with the single-jump captures of men (valid when ManJumps.single_only). */
static void single_jump_list(const ManJumps *mj, MoveList *list)
{
    list->count = 0;
    list->capture_len = 1;
    for (int d = 0; d < DIR_COUNT; d++)
        for (Bitboard f = mj->from[d]; f; f &= f - 1) {
            Bitboard b = f & -f, over = bb_shift(b, d);
            push(list, b | over | bb_shift(over, d));
        }
}

/* Captures when only men can capture and some jump goes on: single jumps lose to the
 * majority rule, so only the chains starting with a continuing jump are searched. */
void movegen_men_multi_jumps(const Position *pos, const ManJumps *mj, MoveList *list)
{
    Bitboard occ_all = position_occupied(pos);
    CaptureSearch cs = {.list = list, .them = pos->pieces[!pos->turn]};
    list->count = 0;
    list->capture_len = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        for (Bitboard f = mj->onward[d]; f; f &= f - 1) {
            cs.origin = f & -f;
            cs.occ = occ_all ^ cs.origin;
            cs.empty = BB_ALL & ~cs.occ;
            Bitboard over = bb_shift(cs.origin, d);
            man_capture_from(&cs, bb_shift(over, d), over, 1);
        }
}

bool movegen_is_legal(const Position *pos, Move m)
{
    MoveList list;
    movegen_generate(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m)
            return true;
    return false;
}

/* Counts the moves of the positions movegen_count leaves out: a finished breakthrough game has
 * none; frisian lists its captures and counts its quiet moves. */
int movegen_count_variant(const Position *pos)
{
    if (movegen_bt_over(pos))
        return 0;
    MoveList list;
    frisian_captures(pos, &list);
    return list.count ? list.count
                      : movegen_count_quiet(pos, position_kings(pos, pos->turn) & ~position_resting_king(pos));
}

void movegen_generate(const Position *pos, MoveList *list)
{
    if (!movegen_international(pos)) {
        movegen_captures(pos, list);
        if (list->count == 0 && pos->variant == VARIANT_FRISIAN)
            movegen_quiet(pos, list);
        return;
    }
    Color us = pos->turn;
    ManJumps mj;
    Bitboard empty = position_empty(pos);
    bool men_capture = movegen_man_jumps(pos->pieces[us] & ~pos->kings, pos->pieces[!us], empty, &mj);
    if (!(pos->pieces[us] & pos->kings)) {
        if (!men_capture)
            movegen_quiet(pos, list);
        else if (mj.single_only)
            single_jump_list(&mj, list);
        else
            movegen_men_multi_jumps(pos, &mj, list);
        return;
    }
    movegen_captures(pos, list);
    if (list->count == 0)
        movegen_quiet(pos, list);
}
