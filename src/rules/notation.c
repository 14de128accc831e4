#include "rules/notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *notation_parse_hub(const char *text, Position *pos)
{
    Bitboard set[4] = {0, 0, 0, 0};   /* white men, black men, white kings, black kings */
    size_t len = strlen(text);
    if (len != HUB_POS_LEN)
        return "a Hub position has 51 characters: W or B, then one of w b W B e per square";
    if (text[0] != 'W' && text[0] != 'B')
        return "the first character of a Hub position must be W or B (side to move)";
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        switch (text[s]) {
        case 'w': set[0] |= bb_square(s); break;
        case 'b': set[1] |= bb_square(s); break;
        case 'W': set[2] |= bb_square(s); break;
        case 'B': set[3] |= bb_square(s); break;
        case 'e': case '.': break;
        default: return "a Hub position square must be one of w b W B e";
        }
    }
    position_set(pos, set[0], set[1], set[2], set[3], text[0] == 'W' ? WHITE : BLACK);
    return NULL;
}

void notation_format_hub(const Position *pos, char *buf)
{
    buf[0] = pos->turn == WHITE ? 'W' : 'B';
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        Bitboard b = bb_square(s);
        char c = 'e';
        if (pos->pieces[WHITE] & b)
            c = (pos->kings & b) ? 'W' : 'w';
        else if (pos->pieces[BLACK] & b)
            c = (pos->kings & b) ? 'B' : 'b';
        buf[s] = c;
    }
    buf[HUB_POS_LEN] = '\0';
}

static const char *skip_spaces(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Reads the number at *p (digits, leading zeros allowed), held at the first value over 50 so that
 * no run of digits overflows; -1 when no digit is there. */
static int read_number(const char **p)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    int v = 0;
    for (; isdigit((unsigned char)**p); (*p)++)
        v = v > SQUARE_COUNT ? v : v * 10 + (**p - '0');
    return v;
}

/* Reads a square number 1..50 at *p; returns 0 when there is none. */
static int read_square(const char **p)
{
    int v = read_number(p);
    return v >= 1 && v <= SQUARE_COUNT ? v : 0;
}


/* Parses one colour's piece list "K31,32-35" (up to ':' or the end) into men and kings. */
static const char *parse_fen_pieces(const char **pp, Bitboard *men, Bitboard *kings)
{
    const char *p = skip_spaces(*pp);
    while (*p && *p != ':' && *p != '.') {
        bool king = false;
        if (*p == 'K' || *p == 'k') {
            king = true;
            p++;
        }
        int a = read_square(&p), b = a;
        if (!a)
            return "FEN squares must be numbers 1-50";
        if (*p == '-') {
            p++;
            b = read_square(&p);
            if (!b || b < a)
                return "bad FEN square range";
        }
        for (int s = a; s <= b; s++) {
            if ((*men | *kings) & bb_square(s))
                return "a FEN square is listed twice";
            *(king ? kings : men) |= bb_square(s);
        }
        p = skip_spaces(p);
        if (*p == ',')
            p = skip_spaces(p + 1);
        else if (*p && *p != ':' && *p != '.')
            return "unexpected character in FEN piece list";
    }
    *pp = p;
    return NULL;
}

const char *notation_parse_fen(const char *text, Position *pos)
{
    Bitboard men[2] = {0, 0}, kings[2] = {0, 0};
    bool seen[2] = {false, false};
    const char *p = skip_spaces(text);
    if (*p == '"')
        p++;
    if (*p != 'W' && *p != 'B')
        return "a FEN starts with W or B (side to move)";
    Color turn = *p == 'W' ? WHITE : BLACK;
    p = skip_spaces(p + 1);
    while (*p == ':') {
        p = skip_spaces(p + 1);
        if (*p != 'W' && *p != 'B')
            return "each FEN piece list starts with W or B";
        Color c = *p == 'W' ? WHITE : BLACK;
        if (seen[c])
            return "a FEN colour is listed twice";
        seen[c] = true;
        p++;
        const char *err = parse_fen_pieces(&p, &men[c], &kings[c]);
        if (err)
            return err;
    }
    if (*p == '.')
        p++;
    if (*p == '"')
        p++;
    p = skip_spaces(p);
    if (*p && *p != '\r' && *p != '\n')
        return "unexpected text after the FEN";
    if ((men[0] | kings[0]) & (men[1] | kings[1]))
        return "a FEN square holds a white and a black piece";
    position_set(pos, men[WHITE], men[BLACK], kings[WHITE], kings[BLACK], turn);
    return NULL;
}

static size_t format_fen_side(const Position *pos, Color c, char *buf)
{
    size_t n = 0;
    buf[n++] = ':';
    buf[n++] = c == WHITE ? 'W' : 'B';
    bool first = true;
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        Bitboard b = bb_square(s);
        if (!(pos->pieces[c] & b))
            continue;
        n += (size_t)sprintf(buf + n, "%s%s%d", first ? "" : ",", (pos->kings & b) ? "K" : "", s);
        first = false;
    }
    return n;
}

void notation_format_fen(const Position *pos, char *buf)
{
    size_t n = 0;
    buf[n++] = pos->turn == WHITE ? 'W' : 'B';
    n += format_fen_side(pos, WHITE, buf + n);
    n += format_fen_side(pos, BLACK, buf + n);
    buf[n] = '\0';
}

const char *notation_parse_position(const char *text, Position *pos)
{
    const char *err;
    Position tmp;
    if (strcmp(text, "start") == 0) {
        position_start(pos);
        return NULL;
    }
    if (strchr(text, ':'))
        err = notation_parse_fen(text, &tmp);
    else
        err = notation_parse_hub(text, &tmp);
    if (err)
        return err;
    err = position_invalid_reason(&tmp);
    if (err)
        return err;
    *pos = tmp;
    return NULL;
}

/* Square numbers of a set, ascending; returns how many. */
static int squares_of(Bitboard b, int *out)
{
    int n = 0;
    for (int s = 1; s <= SQUARE_COUNT; s++)
        if (b & bb_square(s))
            out[n++] = s;
    return n;
}

void notation_format_move(const Position *pos, Move m, char *buf)
{
    int from = bb_square_of_bit[bb_lsb(move_from(pos, m))];
    int to = bb_square_of_bit[bb_lsb(move_to(pos, m))];
    Bitboard captured = move_captured(pos, m);
    if (!captured) {
        sprintf(buf, "%d-%d", from, to);
        return;
    }
    int caps[SQUARE_COUNT];
    int n = squares_of(captured, caps);
    size_t len = (size_t)sprintf(buf, "%dx%d", from, to);
    for (int i = 0; i < n; i++)
        len += (size_t)sprintf(buf + len, "x%d", caps[i]);
}

SquaresStatus notation_read_squares(const char *text, bool spaced_joins, int *squares, int max, int *count)
{
    const char *p = skip_spaces(text);
    int n = 0;
    for (;;) {
        int v = read_number(&p);
        if (v < 0)
            return SQUARES_SYNTAX;
        if (v < 1 || v > SQUARE_COUNT)
            return v ? SQUARES_OVER : SQUARES_ZERO;
        if (n == max)
            return SQUARES_TOO_MANY;
        squares[n++] = v;
        if (*p != '-' && *p != 'x' && *p != 'X' && *p != ':')
            break;
        p++;
        if (spaced_joins)
            p = skip_spaces(p);
    }
    if (*skip_spaces(p) || n < 2)
        return SQUARES_SYNTAX;
    *count = n;
    return SQUARES_OK;
}

MoveParseStatus notation_parse_move(const Position *pos, const char *text, Move *out, char *err,
                                    size_t errsize)
{
    int squares[SQUARE_COUNT + 2];
    int n = 0;
    if (notation_read_squares(text, false, squares, SQUARE_COUNT + 2, &n) != SQUARES_OK) {
        snprintf(err, errsize, "cannot read move \"%.40s\": expected squares 1-50 joined by - or x", text);
        return PARSE_SYNTAX;
    }
    Bitboard want_captured = 0;
    for (int i = 2; i < n; i++)
        want_captured |= bb_square(squares[i]);

    MoveList list;
    movegen_generate(pos, &list);
    Move matches[MAX_MOVES];
    int count = 0;
    Bitboard from = bb_square(squares[0]), to = bb_square(squares[1]);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_from(pos, m) != from || move_to(pos, m) != to)
            continue;
        if (n > 2 && move_captured(pos, m) != want_captured)
            continue;
        matches[count++] = m;
    }
    if (count == 1) {
        *out = matches[0];
        return PARSE_OK;
    }
    if (count == 0) {
        snprintf(err, errsize, "illegal move \"%.80s\"", text);
        return PARSE_ILLEGAL;
    }
    size_t len = (size_t)snprintf(err, errsize, "ambiguous move \"%.40s\": candidates", text);
    for (int i = 0; i < count && len + MOVE_TEXT_MAX + 2 < errsize; i++) {
        char mt[MOVE_TEXT_MAX];
        notation_format_move(pos, matches[i], mt);
        len += (size_t)snprintf(err + len, errsize - len, " %s", mt);
    }
    return PARSE_AMBIGUOUS;
}

/* Sort key material: from, to and the captured squares in ascending order. */
typedef struct {
    Move move;
    int key[SQUARE_COUNT + 2];
    int len;
} SortItem;

static int compare_items(const void *a, const void *b)
{
    const SortItem *x = a, *y = b;
    for (int i = 0; i < x->len && i < y->len; i++)
        if (x->key[i] != y->key[i])
            return x->key[i] < y->key[i] ? -1 : 1;
    return (x->len > y->len) - (x->len < y->len);
}

void notation_sort_moves(const Position *pos, MoveList *list)
{
    SortItem items[MAX_MOVES];
    for (int i = 0; i < list->count; i++) {
        SortItem *it = &items[i];
        it->move = list->moves[i];
        it->key[0] = bb_square_of_bit[bb_lsb(move_from(pos, it->move))];
        it->key[1] = bb_square_of_bit[bb_lsb(move_to(pos, it->move))];
        it->len = 2 + squares_of(move_captured(pos, it->move), it->key + 2);
    }
    qsort(items, (size_t)list->count, sizeof items[0], compare_items);
    for (int i = 0; i < list->count; i++)
        list->moves[i] = items[i].move;
}
