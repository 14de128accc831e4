#include "pdn/pdn_move.h"

#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/notation.h"

/* Square numbers on the 10x10 board: row 0 at the top (squares 1-5), the dark squares of even rows
 * in odd columns. Paths are followed on rows and columns because frisian captures also run along
 * rows and files, where the bitboard shifts have no single step. */
static int square_row(int s) { return (s - 1) / 5; }
static int square_col(int s) { return 2 * ((s - 1) % 5) + (square_row(s) % 2 == 0); }

/* The square at row r, column c, or 0 off the board (or on a light square). */
static int square_at(int r, int c)
{
    if (r < 0 || r > 9 || c < 0 || c > 9 || (r + c) % 2 == 0)
        return 0;
    return r * 5 + c / 2 + 1;
}

/* Steps of the directions: the four diagonals, then (frisian) rows and files, where the next dark
 * square is two columns or two rows away. */
static const int STEP[8][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {0, -2}, {0, 2}, {-2, 0}, {2, 0}};

typedef struct {
    Bitboard occupied;   /* every piece but the moving one: captured pieces stay until the end */
    Bitboard kings;
    int to;
    bool king, killer;
    int dirs;
    const int *mids;     /* landing squares the path must pass, in order */
    int mid_count;
    int path[PDN_PATH_MAX];
    int len;
} PathSearch;

static bool empty_square(const PathSearch *ps, int s) { return !(ps->occupied & bb_square(s)); }

static bool search_from(PathSearch *ps, int cur, Bitboard left, int matched);

/* Lands on s after taking the piece on cap; goes on from there. */
static bool land(PathSearch *ps, int s, int cap, Bitboard left, int matched)
{
    if (ps->len >= PDN_PATH_MAX)
        return false;
    ps->path[ps->len++] = s;
    if (matched < ps->mid_count && ps->mids[matched] == s)
        matched++;
    if (search_from(ps, s, left & ~bb_square(cap), matched))
        return true;
    ps->len--;
    return false;
}

/* Depth-first over the captures of the pieces in left from square cur: true (the path in ps) once
 * every piece is taken, the piece stands on the destination and every required square was passed. */
static bool search_from(PathSearch *ps, int cur, Bitboard left, int matched)
{
    if (!left)
        return cur == ps->to && matched == ps->mid_count;
    for (int d = 0; d < ps->dirs; d++) {
        int dr = STEP[d][0], dc = STEP[d][1];
        int r = square_row(cur) + dr, c = square_col(cur) + dc, s = square_at(r, c);
        if (ps->king)
            while (s && empty_square(ps, s)) {
                r += dr;
                c += dc;
                s = square_at(r, c);
            }
        if (!s || !(left & bb_square(s)))
            continue;
        int cap = s;
        bool stop_behind = ps->killer && (ps->kings & bb_square(cap));   /* killer: a taken king stops it */
        for (r += dr, c += dc, s = square_at(r, c); s && empty_square(ps, s); r += dr, c += dc, s = square_at(r, c)) {
            if (land(ps, s, cap, left, matched))
                return true;
            if (!ps->king || stop_behind)
                break;
        }
    }
    return false;
}

/* Searches a path of the legal capture m of pos through mids (count of them); true with it in ps. */
static bool find_path(const Position *pos, Move m, const int *mids, int count, PathSearch *ps)
{
    Bitboard from = move_from(pos, m);
    int origin = bb_square_of_bit[bb_lsb(from)];
    *ps = (PathSearch){
        .occupied = position_occupied(pos) & ~from,
        .kings = pos->kings,
        .to = bb_square_of_bit[bb_lsb(move_to(pos, m))],
        .king = (from & pos->kings) != 0,
        .killer = position_variant(pos) == VARIANT_KILLER,
        .dirs = position_variant(pos) == VARIANT_FRISIAN ? 8 : 4,
        .mids = mids,
        .mid_count = count,
    };
    ps->path[ps->len++] = origin;
    return search_from(ps, origin, move_captured(pos, m), 0);
}

int pdn_move_path(const Position *pos, Move m, int *path)
{
    PathSearch ps;
    if (!move_is_capture(pos, m) || !find_path(pos, m, NULL, 0, &ps)) {
        path[0] = bb_square_of_bit[bb_lsb(move_from(pos, m))];
        path[1] = bb_square_of_bit[bb_lsb(move_to(pos, m))];
        return 2;
    }
    memcpy(path, ps.path, (size_t)ps.len * sizeof *path);
    return ps.len;
}

/* The legal moves of pos from square a to square b. */
static int moves_between(const Position *pos, const MoveList *list, int a, int b, Move *out)
{
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_from(pos, m) == bb_square(a) && move_to(pos, m) == bb_square(b))
            out[n++] = m;
    }
    return n;
}

/* Writes a path "a x b x c" (or "a-b" for a quiet move). */
static void format_path(const Position *pos, Move m, char *buf)
{
    int path[PDN_PATH_MAX];
    int n = pdn_move_path(pos, m, path);
    size_t len = (size_t)sprintf(buf, "%d", path[0]);
    for (int i = 1; i < n; i++)
        len += (size_t)sprintf(buf + len, "%c%d", move_is_capture(pos, m) ? 'x' : '-', path[i]);
}

void pdn_move_format(const Position *pos, Move m, char *buf)
{
    int from = bb_square_of_bit[bb_lsb(move_from(pos, m))], to = bb_square_of_bit[bb_lsb(move_to(pos, m))];
    if (!move_is_capture(pos, m)) {
        sprintf(buf, "%d-%d", from, to);
        return;
    }
    MoveList list;
    movegen_generate(pos, &list);
    Move same[MAX_MOVES];
    if (moves_between(pos, &list, from, to, same) <= 1)
        sprintf(buf, "%dx%d", from, to);
    else
        format_path(pos, m, buf);
}

/* Reads the squares of text into squares (PDN_PATH_MAX); returns how many, or 0 with why. */
static int read_squares(const char *text, int *squares, char *why, size_t whysize)
{
    int n = 0;
    switch (notation_read_squares(text, true, squares, PDN_PATH_MAX, &n)) {
    case SQUARES_OK: return n;
    case SQUARES_ZERO: snprintf(why, whysize, "no square 0: squares are 1 to 50"); break;
    case SQUARES_OVER: snprintf(why, whysize, "no square over 50: squares are 1 to 50"); break;
    case SQUARES_TOO_MANY: snprintf(why, whysize, "too many squares for a move"); break;
    case SQUARES_SYNTAX: snprintf(why, whysize, "cannot read it: expected squares 1-50 joined by - or x"); break;
    }
    return 0;
}

/* "(White to move)": every complaint about a move says whose move it was. */
static const char *side_text(const Position *pos) { return pos->turn == WHITE ? "White to move" : "Black to move"; }

PdnMoveStatus pdn_move_parse(const Position *pos, const char *text, Move *out, char *why, size_t whysize)
{
    int sq[PDN_PATH_MAX];
    int n = read_squares(text, sq, why, whysize);
    if (!n)
        return PDN_MOVE_SYNTAX;
    MoveList list;
    movegen_generate(pos, &list);
    Move cand[MAX_MOVES], match[MAX_MOVES];
    int count = moves_between(pos, &list, sq[0], sq[n - 1], cand), matches = 0;
    for (int i = 0; i < count; i++) {
        PathSearch ps;
        if (n == 2 || (move_is_capture(pos, cand[i]) && find_path(pos, cand[i], sq + 1, n - 2, &ps)))
            match[matches++] = cand[i];
    }
    if (matches == 0 && n > 2) {
        /* the Hub form of our older files: from, to, then the captured squares in any order */
        char hub_why[256];
        Move m;
        if (notation_parse_move(pos, text, &m, hub_why, sizeof hub_why) == PARSE_OK)
            match[matches++] = m;
    }
    if (matches == 1) {
        *out = match[0];
        return PDN_MOVE_OK;
    }
    if (matches == 0) {
        bool must_capture = list.count > 0 && move_is_capture(pos, list.moves[0]);
        snprintf(why, whysize, "not legal here (%s%s)", side_text(pos),
                 list.count == 0 ? ", who has no move" : must_capture ? ", who must capture" : "");
        return PDN_MOVE_ILLEGAL;
    }
    size_t len = (size_t)snprintf(why, whysize, "ambiguous here (%s): it may be", side_text(pos));
    for (int i = 0; i < matches && len < whysize; i++) {
        char path[PDN_MOVE_TEXT_MAX];
        format_path(pos, match[i], path);
        len += (size_t)snprintf(why + len, whysize - len, "%s %s", i == 0 ? "" : i == matches - 1 ? " or" : ",", path);
    }
    return PDN_MOVE_AMBIGUOUS;
}
