/* DXP message texts (see dxp_msg.h). */
#include "dxp/dxp_msg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "rules/move.h"
#include "rules/movegen.h"

/* Reads width digits at p into *out; false when one of them is not a digit. */
static bool read_number(const char *p, int width, int *out)
{
    int n = 0;
    for (int i = 0; i < width; i++) {
        if (p[i] < '0' || p[i] > '9')
            return false;
        n = n * 10 + (p[i] - '0');
    }
    *out = n;
    return true;
}

/* Writes n zero-padded over width characters; false when n does not fit. */
static bool write_number(char *p, int width, int n)
{
    if (n < 0)
        return false;
    for (int i = width - 1; i >= 0; i--) {
        p[i] = (char)('0' + n % 10);
        n /= 10;
    }
    return n == 0;
}

/* Reads p[0..len) as minutes in hundredths: at least one digit, at most one '.', at most two digits
 * after it, at most 999 whole minutes; false otherwise. */
static bool read_minutes(const char *p, size_t len, int *out)
{
    int whole = 0, frac = 0, frac_digits = -1, digits = 0;   /* frac_digits -1: no '.' seen */
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '.') {
            if (frac_digits >= 0)
                return false;
            frac_digits = 0;
            continue;
        }
        if (p[i] < '0' || p[i] > '9')
            return false;
        digits++;
        if (frac_digits < 0)
            whole = whole * 10 + (p[i] - '0');
        else if (++frac_digits <= 2)
            frac = frac * 10 + (p[i] - '0');
        if (whole > 999 || frac_digits > 2)
            return false;
    }
    *out = whole * 100 + (frac_digits == 1 ? frac * 10 : frac);
    return digits > 0;
}

/* Writes a thinking time of c hundredths of a minute in its one form of three characters (see
 * dxp_msg.h); false when no form spells it. */
static bool write_time(char *p, int c)
{
    if (c < 0 || c > DXP_TIME_MAX)
        return false;
    if (c % 100 == 0)
        return write_number(p, 3, c / 100);
    if (c < 1000 && c % 10 == 0) {
        p[0] = (char)('0' + c / 100);
        p[1] = '.';
        p[2] = (char)('0' + c / 10 % 10);
        return true;
    }
    p[0] = '.';
    return c < 100 && write_number(p + 1, 2, c);
}

const char *dxp_msg_read_time(const char *text, int *centiminutes)
{
    char field[3];
    if (!read_minutes(text, strlen(text), centiminutes) || *centiminutes == 0 || !write_time(field, *centiminutes))
        return "expected minutes above 0 that DXP's 3-character field spells: 1-999, tenths below 10 "
               "(1.5, 0.5), hundredths below 1 (.25)";
    return NULL;
}

int dxp_msg_time_at_least(double seconds)
{
    double h = ceil(seconds * 100.0 / 60.0 - 1e-9);
    if (!(h >= 1))
        return 1;
    if (h >= DXP_TIME_MAX)
        return DXP_TIME_MAX;
    int c = (int)h, step = c < 100 ? 1 : c < 1000 ? 10 : 100;
    return (c + step - 1) / step * step;
}

double dxp_msg_time_seconds(int centiminutes) { return centiminutes * 60 / 100.0; }

static bool read_colour(char c, Color *out)
{
    if (c != 'W' && c != 'Z')
        return false;
    *out = c == 'W' ? WHITE : BLACK;
    return true;
}

static char colour_char(Color c) { return c == WHITE ? 'W' : 'Z'; }

/* Copies a blank-padded name field of DXP_NAME_WIDTH characters without its trailing blanks;
 * false when it holds a byte that is not printable ASCII. */
static bool read_name(const char *p, char *out)
{
    size_t n = DXP_NAME_WIDTH;
    for (size_t i = 0; i < n; i++)
        if (p[i] < 0x20 || p[i] > 0x7e)
            return false;
    while (n > 0 && p[n - 1] == ' ')
        n--;
    memcpy(out, p, n);
    out[n] = '\0';
    return true;
}

static void write_name(char *p, const char *name)
{
    size_t n = strlen(name);
    if (n > DXP_NAME_WIDTH)
        n = DXP_NAME_WIDTH;
    memset(p, ' ', DXP_NAME_WIDTH);
    memcpy(p, name, n);
}

static bool valid_square(int s) { return s >= 1 && s <= SQUARE_COUNT; }

const char *dxp_msg_request_position(const DxpRequest *r, Position *pos)
{
    if (!r->setup) {
        position_start(pos);
        return NULL;
    }
    Bitboard men[2] = {0, 0}, kings[2] = {0, 0};
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        switch (r->squares[s]) {
        case 'e': break;
        case 'w': men[WHITE] |= bb_square(s); break;
        case 'z': men[BLACK] |= bb_square(s); break;
        case 'W': kings[WHITE] |= bb_square(s); break;
        case 'Z': kings[BLACK] |= bb_square(s); break;
        default: return "a square of the start position is not e, w, z, W or Z";
        }
    }
    position_set(pos, men[WHITE], men[BLACK], kings[WHITE], kings[BLACK], r->to_move);
    if (!pos->pieces[WHITE] || !pos->pieces[BLACK])
        return "the start position leaves a side without pieces";
    return position_invalid_reason(pos) ? "the start position is not legal (a man on its promotion row)" : NULL;
}

void dxp_msg_set_position(DxpRequest *r, const Position *pos)
{
    Position start;
    position_start(&start);
    r->setup = !(pos->pieces[WHITE] == start.pieces[WHITE] && pos->pieces[BLACK] == start.pieces[BLACK] &&
                 pos->kings == 0 && pos->turn == WHITE);
    r->to_move = pos->turn;
    r->squares[0] = ' ';
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        Bitboard b = bb_square(s);
        bool king = (pos->kings & b) != 0;
        r->squares[s] = (pos->pieces[WHITE] & b) ? (king ? 'W' : 'w')
                        : (pos->pieces[BLACK] & b) ? (king ? 'Z' : 'z') : 'e';
    }
    r->squares[SQUARE_COUNT + 1] = '\0';
}

static const char *parse_request(const char *buf, size_t len, DxpRequest *r)
{
    if (len != DXP_REQUEST_LEN && len != DXP_REQUEST_SETUP_LEN)
        return "a game request (R) is 43 characters long, or 94 with a start position";
    if (!read_number(buf + 1, 2, &r->version) || !read_number(buf + 39, 3, &r->moves))
        return "a number of the game request (R) holds a non-digit";
    if (!read_minutes(buf + 36, 3, &r->centiminutes))
        return "the thinking time of the game request (R) is not a number of minutes";
    if (!read_name(buf + 3, r->name))
        return "the initiator name of the game request (R) is not printable";
    if (!read_colour(buf[35], &r->follower))
        return "the follower colour of the game request (R) is not W or Z";
    if (buf[42] != 'A' && buf[42] != 'B')
        return "the start position of the game request (R) is not A or B";
    r->setup = buf[42] == 'B';
    if (r->setup != (len == DXP_REQUEST_SETUP_LEN))
        return "the game request (R) has the wrong length for its start position";
    r->to_move = WHITE;
    memset(r->squares, 0, sizeof r->squares);
    if (r->setup) {
        if (!read_colour(buf[43], &r->to_move))
            return "the side to move of the game request (R) is not W or Z";
        r->squares[0] = ' ';
        memcpy(r->squares + 1, buf + 44, SQUARE_COUNT);
        Position pos;
        return dxp_msg_request_position(r, &pos);
    }
    return NULL;
}

static const char *parse_move(const char *buf, size_t len, DxpMsg *m)
{
    if (len < DXP_MOVE_LEN(0))
        return "a move (M) is at least 11 characters long";
    if (!read_number(buf + 1, 4, &m->seconds) || !read_number(buf + 5, 2, &m->from) ||
        !read_number(buf + 7, 2, &m->to) || !read_number(buf + 9, 2, &m->captured_count))
        return "a number of the move (M) holds a non-digit";
    if (m->captured_count > DXP_CAPTURE_MAX)
        return "the move (M) captures more than 20 pieces";
    if (len != (size_t)DXP_MOVE_LEN(m->captured_count))
        return "the move (M) has the wrong length for its number of captured pieces";
    if (!valid_square(m->from) || !valid_square(m->to))
        return "the move (M) names a square outside 1-50";
    for (int i = 0; i < m->captured_count; i++) {
        if (!read_number(buf + 11 + 2 * i, 2, &m->captured[i]))
            return "a captured square of the move (M) holds a non-digit";
        if (!valid_square(m->captured[i]))
            return "the move (M) captures on a square outside 1-50";
        for (int j = 0; j < i; j++)
            if (m->captured[j] == m->captured[i])
                return "the move (M) captures the same square twice";
    }
    return NULL;
}

const char *dxp_msg_parse(const char *buf, size_t len, DxpMsg *out)
{
    memset(out, 0, sizeof *out);
    if (len == 0)
        return "an empty message";
    if (len > DXP_MSG_MAX)
        return "a message longer than 127 characters";
    if (memchr(buf, '\0', len))
        return "a NUL byte inside a message";
    out->type = (DxpType)buf[0];
    switch (buf[0]) {
    case 'C':
        for (size_t i = 1; i < len; i++)
            if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] > 0x7e)
                return "a chat message (C) holds a byte that is not printable ASCII";
        memcpy(out->chat, buf + 1, len - 1);
        out->chat[len - 1] = '\0';
        return NULL;
    case 'R':
        return parse_request(buf, len, &out->request);
    case 'A':
        if (len != DXP_ACCEPT_LEN)
            return "a game accept (A) is 34 characters long";
        if (!read_name(buf + 1, out->name))
            return "the follower name of the game accept (A) is not printable";
        return read_number(buf + 33, 1, &out->code) ? NULL : "the acceptance code of the game accept (A) is not a digit";
    case 'M':
        return parse_move(buf, len, out);
    case 'E':
        if (len != DXP_END_LEN)
            return "a game end (E) is 3 characters long";
        return read_number(buf + 1, 1, &out->reason) && read_number(buf + 2, 1, &out->stop)
                   ? NULL : "the reason or stop code of the game end (E) is not a digit";
    case 'B':
        if (len != DXP_BACK_REQ_LEN)
            return "a back request (B) is 5 characters long";
        if (!read_number(buf + 1, 3, &out->move_number))
            return "the move number of the back request (B) holds a non-digit";
        if (out->move_number < 1)
            return "the move number of the back request (B) is 0";
        return read_colour(buf[4], &out->back_turn) ? NULL : "the colour of the back request (B) is not W or Z";
    case 'K':
        if (len != DXP_BACK_ACC_LEN)
            return "a back accept (K) is 2 characters long";
        return read_number(buf + 1, 1, &out->code) ? NULL : "the acceptance code of the back accept (K) is not a digit";
    default:
        return "an unknown message type (not C, R, A, M, E, B or K)";
    }
}

/* The text of a request after its type character; false when a field is out of range. */
static bool format_request(const DxpRequest *r, char *p, size_t *len)
{
    if (!write_number(p + 1, 2, r->version) || !write_time(p + 36, r->centiminutes) ||
        !write_number(p + 39, 3, r->moves))
        return false;
    write_name(p + 3, r->name);
    p[35] = colour_char(r->follower);
    p[42] = r->setup ? 'B' : 'A';
    *len = DXP_REQUEST_LEN;
    if (r->setup) {
        p[43] = colour_char(r->to_move);
        for (int s = 1; s <= SQUARE_COUNT; s++) {
            if (!r->squares[s] || !strchr("ewzWZ", r->squares[s]))
                return false;
            p[43 + s] = r->squares[s];
        }
        *len = DXP_REQUEST_SETUP_LEN;
    }
    return true;
}

size_t dxp_msg_format(const DxpMsg *m, char *buf, size_t size)
{
    char p[DXP_MSG_MAX + 1];
    size_t len = 0;
    bool ok = true;
    p[0] = (char)m->type;
    switch (m->type) {
    case DXP_CHAT:
        len = 1 + strlen(m->chat);
        ok = len <= DXP_MSG_MAX;
        for (size_t i = 1; ok && i < len; i++)
            ok = m->chat[i - 1] >= 0x20 && m->chat[i - 1] <= 0x7e;
        if (ok)
            memcpy(p + 1, m->chat, len - 1);
        break;
    case DXP_REQUEST:
        ok = format_request(&m->request, p, &len);
        break;
    case DXP_ACCEPT:
        write_name(p + 1, m->name);
        ok = write_number(p + 33, 1, m->code);
        len = DXP_ACCEPT_LEN;
        break;
    case DXP_MOVE:
        ok = write_number(p + 1, 4, m->seconds) && valid_square(m->from) && valid_square(m->to) &&
             m->captured_count >= 0 && m->captured_count <= DXP_CAPTURE_MAX;
        if (ok) {
            write_number(p + 5, 2, m->from);
            write_number(p + 7, 2, m->to);
            write_number(p + 9, 2, m->captured_count);
        }
        for (int i = 0; ok && i < m->captured_count; i++)
            ok = valid_square(m->captured[i]) && write_number(p + 11 + 2 * i, 2, m->captured[i]);
        len = DXP_MOVE_LEN(m->captured_count > 0 ? m->captured_count : 0);
        break;
    case DXP_END:
        ok = write_number(p + 1, 1, m->reason) && write_number(p + 2, 1, m->stop);
        len = DXP_END_LEN;
        break;
    case DXP_BACK_REQ:
        ok = m->move_number >= 1 && write_number(p + 1, 3, m->move_number);
        p[4] = colour_char(m->back_turn);
        len = DXP_BACK_REQ_LEN;
        break;
    case DXP_BACK_ACC:
        ok = write_number(p + 1, 1, m->code);
        len = DXP_BACK_ACC_LEN;
        break;
    default:
        ok = false;
    }
    if (!ok || len >= size)
        return 0;
    memcpy(buf, p, len);
    buf[len] = '\0';
    return len;
}

void dxp_msg_from_move(const Position *pos, Move m, int seconds, DxpMsg *out)
{
    memset(out, 0, sizeof *out);
    out->type = DXP_MOVE;
    out->seconds = seconds < 0 ? 0 : seconds > 9999 ? 9999 : seconds;
    out->from = bb_square_of_bit[bb_lsb(move_from(pos, m))];
    out->to = bb_square_of_bit[bb_lsb(move_to(pos, m))];
    for (Bitboard c = move_captured(pos, m); c && out->captured_count < DXP_CAPTURE_MAX; c &= c - 1)
        out->captured[out->captured_count++] = bb_square_of_bit[bb_lsb(c)];
}

Move dxp_msg_to_move(const Position *pos, const DxpMsg *m)
{
    if (!valid_square(m->from) || !valid_square(m->to) || m->captured_count < 0 ||
        m->captured_count > DXP_CAPTURE_MAX)
        return MOVE_NONE;
    Bitboard captured = 0;
    for (int i = 0; i < m->captured_count; i++) {
        if (!valid_square(m->captured[i]))
            return MOVE_NONE;
        captured |= bb_square(m->captured[i]);
    }
    MoveList list;
    movegen_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Move mv = list.moves[i];
        if (move_from(pos, mv) == bb_square(m->from) && move_to(pos, mv) == bb_square(m->to) &&
            move_captured(pos, mv) == captured)
            return mv;
    }
    return MOVE_NONE;
}

void dxp_frame_init(DxpFramer *f)
{
    memset(f, 0, sizeof *f);
}

void dxp_frame_feed(DxpFramer *f, const char *data, size_t len)
{
    f->data = data;
    f->left = len;
}

int dxp_frame_next(DxpFramer *f, const char **msg, size_t *len)
{
    while (f->left > 0) {
        char c = *f->data++;
        f->left--;
        if (c == '\0') {
            bool dropped = f->overflow;
            f->buf[f->len] = '\0';
            *msg = f->buf;
            *len = f->len;
            f->len = 0;
            f->overflow = false;
            return dropped ? -1 : 1;
        }
        if (f->overflow)
            continue;
        if (f->len == DXP_MSG_MAX) {
            f->overflow = true;
            f->len = 0;
            continue;
        }
        f->buf[f->len++] = c;
    }
    return 0;
}
