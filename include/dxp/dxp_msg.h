#pragma once
/* DXP (DamExchange Protocol) messages: one line of ASCII fields of fixed width, its first character
 * its type, sent over TCP ended by a NUL byte. This module only reads and writes message texts
 * (without the NUL) and cuts a byte stream into them; what a message means is dxp_session's.
 * Field layout (widths in characters):
 *   C  text (any length up to DXP_CHAT_MAX)
 *   R  version 2, initiator name 32, follower colour 1 (W or Z), thinking time in minutes 3 (see
 *      below), number of moves 3 (000: no limit), start position 1 (A: the initial one; B: then
 *      the side to move 1 and the 50 squares, each e, w, z, W or Z: empty, white man, black man,
 *      white king, black king)
 *   A  follower name 32, acceptance code 1
 *   M  time used in seconds 4, from 2, to 2, number captured 2, then each captured square 2
 *   E  reason 1, stop code 1
 *   B  move number 3, colour to move 1
 *   K  acceptance code 1
 * Numbers are zero-padded decimal, names blank-padded on the right. The thinking time is a number
 * of minutes for the whole game, read as a number (the sub-minute extension of the draughts
 * programmers' forum): digits with at most one '.', so `005`, `0.5`, `.25`, `1.5`, `5.0`, `12.`;
 * it is kept in hundredths of a minute (0.6 s), the finest step three characters can spell, and
 * written in one form a value: `001`-`999` for whole minutes, `d.d` for tenths below 10 minutes
 * (`0.5`, `1.5`), `.dd` for hundredths below 1 minute (`.25`, `.05`). */
#include <stdbool.h>
#include <stddef.h>
#include "rules/move.h"

#define DXP_MSG_MAX 127       /* the longest message text accepted (without its NUL) */
#define DXP_CHAT_MAX (DXP_MSG_MAX - 1)
#define DXP_NAME_WIDTH 32
#define DXP_CAPTURE_MAX 20    /* no capture takes more pieces than a side has */
#define DXP_VERSION 1
#define DXP_TIME_MAX 99900    /* 999 minutes in hundredths of a minute */

#define DXP_REQUEST_LEN 43    /* with start position A; B adds 1 + 50 */
#define DXP_REQUEST_SETUP_LEN 94
#define DXP_ACCEPT_LEN 34
#define DXP_MOVE_LEN(captured) (11 + 2 * (captured))
#define DXP_END_LEN 3
#define DXP_BACK_REQ_LEN 5
#define DXP_BACK_ACC_LEN 2

/* Acceptance codes of A (as Moby Dam uses them) and K; the reasons of E are the sender's view. */
enum { DXP_ACCEPT_OK = 0, DXP_ACCEPT_VERSION = 1, DXP_ACCEPT_REFUSED = 2 };
enum { DXP_BACK_OK = 0, DXP_BACK_UNSUPPORTED = 1, DXP_BACK_REFUSED = 2 };
enum { DXP_END_UNKNOWN = 0, DXP_END_LOSS = 1, DXP_END_DRAW = 2, DXP_END_WIN = 3 };
enum { DXP_STOP_CONTINUE = 0, DXP_STOP_QUIT = 1 };

typedef enum {
    DXP_CHAT = 'C',
    DXP_REQUEST = 'R',
    DXP_ACCEPT = 'A',
    DXP_MOVE = 'M',
    DXP_END = 'E',
    DXP_BACK_REQ = 'B',
    DXP_BACK_ACC = 'K',
} DxpType;

typedef struct {
    int version;                     /* 0-99 */
    char name[DXP_NAME_WIDTH + 1];   /* trailing blanks removed */
    Color follower;                  /* the colour the follower plays */
    int centiminutes;                /* thinking time in hundredths of a minute: 0-DXP_TIME_MAX */
    int moves;                       /* 0-999; 0: no limit on the moves of the game */
    bool setup;                      /* start position B: to_move and squares hold it */
    Color to_move;
    char squares[52];                /* squares[1..50] in e w z W Z, then a NUL */
} DxpRequest;

typedef struct {
    DxpType type;
    char chat[DXP_CHAT_MAX + 1];     /* C */
    DxpRequest request;              /* R */
    char name[DXP_NAME_WIDTH + 1];   /* A: trailing blanks removed */
    int code;                        /* A, K: acceptance code 0-9 */
    int seconds;                     /* M: 0-9999 */
    int from, to, captured_count;    /* M: squares 1-50, 0-DXP_CAPTURE_MAX */
    int captured[DXP_CAPTURE_MAX];   /* M: distinct squares 1-50 */
    int reason, stop;                /* E: 0-9 each */
    int move_number;                 /* B: 1-999 */
    Color back_turn;                 /* B: the side to move in the position asked for */
} DxpMsg;

/* Reads the message text buf[0..len) (no NUL inside; no NUL needed after it) into *out. Returns
 * NULL, or why the text is no valid message (a constant string; *out is then unspecified): an
 * unknown type, a wrong length for the type, a non-digit in a number, a square outside 1-50, a
 * colour that is not W or Z, a start position that is not A or B or names no legal position. */
const char *dxp_msg_parse(const char *buf, size_t len, DxpMsg *out);

/* Writes the text of m into buf (NUL-terminated) and returns its length, the byte count to send
 * before the NUL; 0 when size is too small or a field of m lies outside its range (a thinking time
 * three characters cannot spell, such as 1.25 minutes). A message read by dxp_msg_parse writes
 * back to the same text, but for a thinking time in another form than ours (`.50` as `0.5`). */
size_t dxp_msg_format(const DxpMsg *m, char *buf, size_t size);

/* Reads text as the thinking time of a request we send (the value of `engine dxp --time`): a
 * number of minutes (digits with at most one '.', at most two digits after it) above 0 that the
 * 3-character field can write. NULL with *centiminutes set, or why not. */
const char *dxp_msg_read_time(const char *text, int *centiminutes);

/* The shortest thinking time the field can write that is at least seconds (at least 0.01 minute,
 * at most 999 minutes): the clock to ask for when seconds must not be cut short. */
int dxp_msg_time_at_least(double seconds);

/* A thinking time in seconds (the same double wherever it is computed). */
double dxp_msg_time_seconds(int centiminutes);

/* The position a request starts from (the initial one, or its squares and side to move); NULL,
 * or why the squares name no legal position of international draughts. */
const char *dxp_msg_request_position(const DxpRequest *r, Position *pos);

/* Fills the start-position fields of r from pos (setup false for the initial position). */
void dxp_msg_set_position(DxpRequest *r, const Position *pos);

/* The message text of move m played from pos into out (type M, seconds as given). */
void dxp_msg_from_move(const Position *pos, Move m, int seconds, DxpMsg *out);

/* The legal move of pos that a received M names (same from, to and captured squares); MOVE_NONE
 * when there is none. */
Move dxp_msg_to_move(const Position *pos, const DxpMsg *m);

/* Cuts a byte stream into messages: bytes up to each NUL. A message longer than DXP_MSG_MAX is
 * dropped whole (reported once by dxp_frame_next as too long). */
typedef struct {
    char buf[DXP_MSG_MAX + 1];
    size_t len;
    bool overflow;        /* the message being received is too long: skip to its NUL */
    const char *data;     /* bytes given to dxp_frame_feed not yet cut */
    size_t left;
} DxpFramer;

void dxp_frame_init(DxpFramer *f);

/* Hands the framer data[0..len), which must stay valid until dxp_frame_next returns 0. */
void dxp_frame_feed(DxpFramer *f, const char *data, size_t len);

/* The next complete message: 1 with its text (NUL-terminated) in *msg and length in *len, -1 for
 * a message that was too long (dropped), 0 when the bytes fed so far hold no further NUL (a partial
 * message stays buffered for the next feed). */
int dxp_frame_next(DxpFramer *f, const char **msg, size_t *len);
