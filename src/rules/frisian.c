#include "rules/frisian.h"

/* Directions 0-3 are the diagonal ones of bitboard.h; 4-7 run along rows (one bit) and files
 * (13 bits: two rows down is the same column). As on the diagonals, a step off the board lands
 * on a ghost bit, which is never a piece nor empty. */
enum { FR_LEFT = 4, FR_RIGHT = 5, FR_UP = 6, FR_DOWN = 7, FR_DIRS = 8 };

#define MAN_VALUE 64
#define KING_VALUE 126

static Bitboard fr_ray[64][FR_DIRS];   /* squares strictly beyond bit s in direction d, to the edge */

static inline bool fr_is_up(int d) { return d == DIR_UL || d == DIR_UR || d == FR_LEFT || d == FR_UP; }
static inline int fr_opposite(int d) { return d < DIR_COUNT ? bb_opposite(d) : d ^ 1; }

static inline Bitboard fr_shift(Bitboard b, int d)
{
    static const int amount[FR_DIRS] = {7, 6, 6, 7, 1, 1, 13, 13};
    return fr_is_up(d) ? b >> amount[d] : b << amount[d];
}

static inline int fr_nearest(Bitboard blockers, int d) { return fr_is_up(d) ? bb_msb(blockers) : bb_lsb(blockers); }

void frisian_init(void)
{
    for (int s = 0; s < 64; s++)
        for (int d = 0; d < FR_DIRS; d++) {
            Bitboard ray = 0;
            for (Bitboard b = fr_shift(bb_of(s), d) & BB_ALL; b && (bb_of(s) & BB_ALL); b = fr_shift(b, d) & BB_ALL)
                ray |= b;
            fr_ray[s][d] = ray;
        }
}

typedef struct {
    MoveList *list;
    Bitboard origin;
    Bitboard them, kings;   /* opponent pieces; the king set before the move */
    Bitboard occ, empty;    /* obstacles (every piece but the moving one) and landing squares */
    int best;               /* value of the captures listed so far */
    int by_king;            /* 1 when a king captures: it wins ties */
} FrisianSearch;

/* Keeps the captures of greatest value; same from, to and captured set is one move. */
static void fr_record(FrisianSearch *fs, Bitboard to, Bitboard captured)
{
    MoveList *list = fs->list;
    int value = MAN_VALUE * bb_popcount(captured & ~fs->kings) + KING_VALUE * bb_popcount(captured & fs->kings) +
                fs->by_king;
    if (value < fs->best)
        return;
    Move m = fs->origin | to | captured;
    if (value > fs->best) {
        fs->best = value;
        list->count = 0;
        list->capture_len = bb_popcount(captured);
    } else {
        for (int i = 0; i < list->count; i++)
            if (list->moves[i] == m)
                return;
    }
    if (list->count < MAX_MOVES)
        list->moves[list->count++] = m;
}

static void fr_man_from(FrisianSearch *fs, Bitboard sq, Bitboard captured)
{
    Bitboard capturable = fs->them & ~captured;
    bool any = false;
    for (int d = 0; d < FR_DIRS; d++) {
        Bitboard over = fr_shift(sq, d) & capturable;
        Bitboard land = fr_shift(over, d) & fs->empty;
        if (land) {
            any = true;
            fr_man_from(fs, land, captured | over);
        }
    }
    if (!any && captured)
        fr_record(fs, sq, captured);
}

/* As the international king search: straight on only from the first landing square. */
static bool fr_king_from(FrisianSearch *fs, int s, Bitboard captured, unsigned skip)
{
    bool any = false;
    for (int d = 0; d < FR_DIRS; d++) {
        Bitboard blockers = fr_ray[s][d] & fs->occ;
        if ((skip >> d & 1) || !blockers)
            continue;
        int b = fr_nearest(blockers, d);
        Bitboard over = bb_of(b);
        if (!(over & fs->them) || (over & captured) || !(fr_shift(over, d) & fs->empty))
            continue;
        Bitboard ray = fr_ray[b][d], beyond = ray & fs->occ;
        Bitboard landings = beyond ? ray & ~fr_ray[fr_nearest(beyond, d)][d] & ~beyond : ray;
        Bitboard first = fr_shift(over, d);
        any = true;
        unsigned back = 1u << fr_opposite(d);
        for (; landings; landings &= landings - 1) {
            Bitboard l = landings & -landings;
            unsigned next_skip = back | (l == first ? 0u : 1u << d);
            if (!fr_king_from(fs, bb_lsb(l), captured | over, next_skip))
                fr_record(fs, l, captured | over);
        }
    }
    return any;
}

/* Men that can make a first jump, found for all of them at once. */
static Bitboard fr_men_jumping(Bitboard men, Bitboard them, Bitboard empty)
{
    Bitboard from = 0;
    for (int d = 0; d < FR_DIRS; d++)
        from |= fr_shift(fr_shift(empty, fr_opposite(d)) & them, fr_opposite(d));
    return men & from;
}

void frisian_captures(const Position *pos, MoveList *list)
{
    Color us = pos->turn;
    Bitboard occ_all = position_occupied(pos);
    FrisianSearch fs = {.list = list, .them = pos->pieces[!us], .kings = pos->kings};
    list->count = 0;
    list->capture_len = 0;
    Bitboard movers = position_kings(pos, us) | fr_men_jumping(position_men(pos, us), fs.them, BB_ALL & ~occ_all);
    for (Bitboard p = movers; p; p &= p - 1) {
        fs.origin = p & -p;
        fs.occ = occ_all ^ fs.origin;
        fs.empty = BB_ALL & ~fs.occ;
        fs.by_king = (fs.origin & pos->kings) != 0;
        if (fs.by_king)
            fr_king_from(&fs, bb_lsb(fs.origin), 0, 0);
        else
            fr_man_from(&fs, fs.origin, 0);
    }
}

bool frisian_side_has_capture(const Position *pos, Color c)
{
    Bitboard them = pos->pieces[!c], occ = position_occupied(pos), empty = BB_ALL & ~occ;
    if (fr_men_jumping(position_men(pos, c), them, empty))
        return true;
    for (Bitboard k = position_kings(pos, c); k; k &= k - 1) {
        int s = bb_lsb(k);
        for (int d = 0; d < FR_DIRS; d++) {
            Bitboard blockers = fr_ray[s][d] & occ;
            if (blockers) {
                Bitboard over = bb_of(fr_nearest(blockers, d));
                if ((over & them) && (fr_shift(over, d) & empty))
                    return true;
            }
        }
    }
    return false;
}
