/* The DXP session without sockets: scripted peer messages in, the session's messages out, with a
 * stand-in engine that plays the first legal move. Both roles, every message type, bad moves,
 * back requests, the draw rules and several games on one connection. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dxp/dxp_session.h"
#include "rules/notation.h"
#include "rules/rules.h"

static int thinks;                /* calls of first_move */
static SearchLimits last_limits;  /* the limits of its last call */

/* The engine stand-in: the first legal move, score 0. */
static bool first_move(void *ctx, const Game *game, const SearchLimits *limits, Move *move, int *score)
{
    (void)ctx;
    assert_true(limits->clock_set);
    last_limits = *limits;
    MoveList list;
    movegen_generate(game_position(game), &list);
    thinks++;
    if (list.count == 0)
        return false;
    *move = list.moves[0];
    *score = 0;
    return true;
}

static DxpSession *new_session(DxpRole role, Color side, int games)
{
    DxpSession *s = malloc(sizeof *s);
    assert_non_null(s);
    DxpConfig cfg = {.role = role, .name = "Zwaluw 1.0", .side = side, .centiminutes = 500, .moves = 75,
                     .games = games, .think = first_move};
    position_start(&cfg.start);
    dxp_session_init(s, &cfg);
    thinks = 0;
    return s;
}

/* Feeds the message text to s (it must parse). */
static void feed(DxpSession *s, const char *text)
{
    DxpMsg m;
    const char *why = dxp_msg_parse(text, strlen(text), &m);
    if (why)
        fail_msg("%s: %s", text, why);
    dxp_session_receive(s, &m);
}

/* The texts s queued, joined by '|' ("" when none); empties the queue. */
static const char *sent(DxpSession *s)
{
    static char all[1024];
    all[0] = '\0';
    DxpMsg m;
    while (dxp_session_take(s, &m)) {
        char text[DXP_MSG_MAX + 1];
        assert_true(dxp_msg_format(&m, text, sizeof text) > 0);
        if (all[0])
            strcat(all, "|");
        strcat(all, text);
    }
    return all;
}

/* The M text of the first legal move of the session's current position (the peer's move). */
static const char *peer_move(DxpSession *s)
{
    static char text[DXP_MSG_MAX + 1];
    MoveList list;
    movegen_generate(game_position(&s->game), &list);
    assert_true(list.count > 0);
    DxpMsg m;
    dxp_msg_from_move(game_position(&s->game), list.moves[0], 1, &m);
    assert_true(dxp_msg_format(&m, text, sizeof text) > 0);
    return text;
}

#define REQ_START "R01Moby Dam                        W005075A"   /* we (the follower) play white */

static void test_follower_game(void **state)
{
    (void)state;
    DxpSession *s = new_session(DXP_FOLLOWER, WHITE, 1);
    assert_string_equal(sent(s), "");
    feed(s, "Chello");
    assert_string_equal(sent(s), "");
    feed(s, REQ_START);
    assert_string_equal(sent(s), "AZwaluw 1.0                      0");
    assert_int_equal(s->state, DXP_PLAYING);
    assert_string_equal(s->peer, "Moby Dam");
    assert_true(dxp_session_our_turn(s));
    dxp_session_play(s);
    const char *ours = sent(s);
    assert_int_equal(ours[0], 'M');
    assert_int_equal(strlen(ours), 11);
    assert_false(dxp_session_our_turn(s));
    feed(s, peer_move(s));
    assert_string_equal(sent(s), "");
    assert_true(dxp_session_our_turn(s));
    assert_int_equal(s->game.ply, 2);
    /* a second request during the game is refused; a back accept we never asked for is ignored */
    feed(s, REQ_START);
    assert_non_null(strstr(sent(s), "AZwaluw 1.0                      2"));
    feed(s, "K0");
    assert_string_equal(sent(s), "");
    /* the peer ends the game: we answer with its stop code; the follower then waits for more */
    feed(s, "E20");
    assert_string_equal(sent(s), "E00");
    assert_int_equal(s->state, DXP_IDLE);
    assert_int_equal(s->finished, 1);
    assert_int_equal(s->draws, 1);
    /* no game now: a move is not played */
    feed(s, "M0000322800");
    assert_int_equal(s->game.ply, 2);
    assert_non_null(strstr(sent(s), "no game"));
    /* a second game on the connection, ended by the peer with stop code 1: the session closes */
    feed(s, "R01Moby Dam                        Z005075A");
    assert_string_equal(sent(s), "AZwaluw 1.0                      0");
    assert_false(dxp_session_our_turn(s));
    assert_int_equal(s->game.ply, 0);
    feed(s, "E31");
    assert_string_equal(sent(s), "E01");
    assert_int_equal(s->state, DXP_CLOSED);
    assert_int_equal(s->losses, 1);
    free(s);
}

static void test_bad_moves(void **state)
{
    (void)state;
    DxpSession *s = new_session(DXP_FOLLOWER, BLACK, 1);
    feed(s, "R01Moby Dam                        Z005075A");
    sent(s);
    /* an illegal move ends the game: a chat line, a game end with reason unknown, unfinished */
    feed(s, "M0000322600");
    const char *out = sent(s);
    assert_non_null(strstr(out, "illegal move"));
    assert_non_null(strstr(out, "|E00"));
    assert_int_equal(s->state, DXP_ENDING);
    assert_int_equal(s->unfinished, 1);
    assert_int_equal(s->finished, 0);
    /* nothing is played after the end, and our turn never comes */
    feed(s, "M0000322800");
    assert_string_equal(sent(s), "");
    assert_int_equal(s->game.ply, 0);
    dxp_session_play(s);
    assert_int_equal(thinks, 0);
    assert_string_equal(sent(s), "");
    /* the peer's answer closes the game, with no answer of ours */
    feed(s, "E00");
    assert_string_equal(sent(s), "");
    assert_int_equal(s->state, DXP_IDLE);

    /* a move naming squares that do not exist (the parser refuses it) ends the game too */
    feed(s, "R01Moby Dam                        Z005075A");
    sent(s);
    DxpMsg m;
    const char *why = dxp_msg_parse("M0000519900", 11, &m);
    assert_non_null(why);
    dxp_session_bad(s, 'M', why);
    assert_non_null(strstr(sent(s), "|E00"));
    assert_int_equal(s->unfinished, 2);
    feed(s, "E00");
    sent(s);

    /* a move of the peer when it is our turn */
    feed(s, "R01Moby Dam                        W005075A");
    sent(s);
    feed(s, "M0000322800");
    assert_non_null(strstr(sent(s), "|E00"));
    assert_int_equal(s->unfinished, 3);
    feed(s, "E00");
    sent(s);

    /* bad requests: unreadable, another version, no time; a chat about an unknown type */
    dxp_session_bad(s, 'R', "a game request (R) is 43 characters long");
    assert_non_null(strstr(sent(s), "AZwaluw 1.0                      2"));
    feed(s, "R02Moby Dam                        W005075A");
    assert_string_equal(sent(s), "AZwaluw 1.0                      1");
    feed(s, "R01Moby Dam                        W000075A");
    assert_non_null(strstr(sent(s), "AZwaluw 1.0                      2"));
    dxp_session_bad(s, 'X', "an unknown message type");
    out = sent(s);
    assert_int_equal(out[0], 'C');
    assert_null(strchr(out, '|'));
    assert_int_equal(s->state, DXP_IDLE);

    /* a peer that answers our game end with a new request instead: the new game starts */
    feed(s, "R01Moby Dam                        Z005075A");
    sent(s);
    feed(s, "M0000322600");
    assert_non_null(strstr(sent(s), "|E00"));
    assert_int_equal(s->state, DXP_ENDING);
    feed(s, "R01Moby Dam                        Z005075A");
    assert_string_equal(sent(s), "AZwaluw 1.0                      0");
    assert_int_equal(s->state, DXP_PLAYING);
    assert_int_equal(s->started, 5);

    /* a peer that never answers our game end: silence closes that game, and the session goes on */
    feed(s, "M0000322600");
    sent(s);
    assert_int_equal(s->state, DXP_ENDING);
    dxp_session_silence(s);
    assert_int_equal(s->state, DXP_IDLE);
    /* a peer that goes away in the middle of a game: unfinished, closed */
    feed(s, "R01Moby Dam                        Z005075A");
    sent(s);
    int unfinished = s->unfinished;
    dxp_session_peer_gone(s, "gone");
    assert_int_equal(s->unfinished, unfinished + 1);
    assert_int_equal(s->state, DXP_CLOSED);
    assert_string_equal(sent(s), "");
    free(s);
}

/* Game requests with each form of the clock: the follower accepts every number of minutes above
 * 0 and 000 moves (no move limit: the engine plans sudden death on the whole clock, and no move
 * count ends the game); it refuses a zero or unreadable time with a chat line saying why. */
static void test_request_clock(void **state)
{
    (void)state;
    static const struct {
        const char *request;
        double seconds;
        int moves;
    } ACCEPTED[] = {
        {"R01Moby Dam                        W005000A", 300.0, 0},
        {"R01Moby Dam                        W0.5075A", 30.0, 75},
        {"R01Moby Dam                        W.25000A", 15.0, 0},
        {"R01Moby Dam                        W1.5200A", 90.0, 200},
        {"R01Moby Dam                        W.50001A", 30.0, 1},
    };
    for (size_t i = 0; i < sizeof ACCEPTED / sizeof ACCEPTED[0]; i++) {
        DxpSession *s = new_session(DXP_FOLLOWER, WHITE, 1);
        feed(s, ACCEPTED[i].request);
        assert_string_equal(sent(s), "AZwaluw 1.0                      0");
        assert_int_equal(s->moves, ACCEPTED[i].moves);
        dxp_session_play(s);
        assert_true(last_limits.time == ACCEPTED[i].seconds);
        assert_int_equal(last_limits.moves, ACCEPTED[i].moves);
        /* 30 moves a side: only moves are sent, the game goes on, sudden death once the moves
         * asked for are played (and throughout with no move limit) */
        for (int ply = 1; ply < 60; ply++) {
            if (dxp_session_our_turn(s))
                dxp_session_play(s);
            else
                feed(s, peer_move(s));
            const char *out = sent(s);
            assert_true(out[0] == '\0' || (out[0] == 'M' && !strchr(out, '|')));
        }
        assert_int_equal(s->state, DXP_PLAYING);
        assert_int_equal(s->our_moves, 30);
        assert_int_equal(last_limits.moves, ACCEPTED[i].moves > 29 ? ACCEPTED[i].moves - 29 : 0);
        free(s);
    }

    DxpSession *s = new_session(DXP_FOLLOWER, WHITE, 1);
    feed(s, "R01Moby Dam                        W000000A");
    assert_string_equal(sent(s), "Cgame request refused: a thinking time of 0 minutes|AZwaluw 1.0                      2");
    feed(s, "R01Moby Dam                        W.00075A");
    assert_string_equal(sent(s), "Cgame request refused: a thinking time of 0 minutes|AZwaluw 1.0                      2");
    static const char garbage[] = "R01Moby Dam                        Wab1075A";
    DxpMsg m;
    const char *why = dxp_msg_parse(garbage, strlen(garbage), &m);
    assert_non_null(why);
    dxp_session_bad(s, 'R', why);
    assert_string_equal(sent(s), "Cbad message: the thinking time of the game request (R) is not a number of minutes|"
                                 "AZwaluw 1.0                      2");
    assert_int_equal(s->state, DXP_IDLE);
    free(s);

    /* the initiator writes its clock the same way: a quarter of a minute, no move limit */
    s = malloc(sizeof *s);
    assert_non_null(s);
    DxpConfig cfg = {.role = DXP_INITIATOR, .name = "Zwaluw 1.0", .side = BLACK, .centiminutes = 25, .moves = 0,
                     .games = 1, .think = first_move};
    position_start(&cfg.start);
    dxp_session_init(s, &cfg);
    assert_string_equal(sent(s), "R01Zwaluw 1.0                      W.25000A");
    feed(s, "AMoby Dam                        0");
    feed(s, peer_move(s));
    dxp_session_play(s);
    assert_true(last_limits.time == 15.0);
    assert_int_equal(last_limits.moves, 0);
    free(s);
}

static void test_back_request(void **state)
{
    (void)state;
    DxpSession *s = new_session(DXP_FOLLOWER, WHITE, 1);
    feed(s, REQ_START);
    sent(s);
    feed(s, "B001W");   /* nothing played: back to the start is allowed */
    assert_string_equal(sent(s), "K0");
    dxp_session_play(s);
    sent(s);
    feed(s, peer_move(s));
    dxp_session_play(s);
    sent(s);
    assert_int_equal(s->game.ply, 3);
    assert_int_equal(s->our_moves, 2);
    feed(s, "B009W");   /* not played yet */
    assert_string_equal(sent(s), "K2");
    assert_int_equal(s->game.ply, 3);
    feed(s, "B002W");   /* white to move at move 2: ply 2 */
    assert_string_equal(sent(s), "K0");
    assert_int_equal(s->game.ply, 2);
    assert_int_equal(s->our_moves, 1);
    assert_true(dxp_session_our_turn(s));
    feed(s, "B001Z");   /* black to move at move 1: ply 1, the peer's turn */
    assert_string_equal(sent(s), "K0");
    assert_int_equal(s->game.ply, 1);
    assert_false(dxp_session_our_turn(s));
    feed(s, "E00");
    sent(s);
    feed(s, "B001W");   /* no game */
    assert_string_equal(sent(s), "K2");
    free(s);
}

static void test_initiator(void **state)
{
    (void)state;
    DxpSession *s = new_session(DXP_INITIATOR, BLACK, 2);
    assert_string_equal(sent(s), "R01Zwaluw 1.0                      W005075A");
    assert_int_equal(s->state, DXP_WAIT_ACCEPT);
    feed(s, "AScan 3.1                        0");
    assert_int_equal(s->state, DXP_PLAYING);
    assert_string_equal(s->peer, "Scan 3.1");
    assert_false(dxp_session_our_turn(s));
    feed(s, peer_move(s));
    dxp_session_play(s);
    assert_int_equal(sent(s)[0], 'M');
    /* game 1 ended by the peer: answered, and game 2 requested at once */
    feed(s, "E10");
    assert_string_equal(sent(s), "E00|R01Zwaluw 1.0                      Z005075A");   /* colours swap */
    assert_int_equal(s->wins, 1);
    feed(s, "AScan 3.1                        0");
    assert_int_equal(s->us, WHITE);
    assert_true(dxp_session_our_turn(s));
    /* game 2, the last: the end we answer carries stop code 1 and the session closes */
    feed(s, "E20");
    assert_string_equal(sent(s), "E01");
    assert_int_equal(s->state, DXP_CLOSED);
    assert_int_equal(s->started, 2);
    free(s);

    s = new_session(DXP_INITIATOR, WHITE, 1);
    sent(s);
    feed(s, "AScan 3.1                        1");
    assert_int_equal(s->state, DXP_CLOSED);
    assert_string_equal(sent(s), "");
    free(s);
}

/* Plays the first legal move for both sides from the FEN start (we are white, the follower)
 * until the session sends a game end; returns it and the ply count in *plies. */
static char end_reason(const char *fen, int *plies)
{
    DxpSession *s = new_session(DXP_FOLLOWER, WHITE, 1);
    Position pos;
    assert_null(notation_parse_fen(fen, &pos));
    DxpMsg req = {.type = DXP_REQUEST};
    req.request.version = 1;
    req.request.follower = WHITE;
    req.request.centiminutes = 100;
    req.request.moves = 50;
    dxp_msg_set_position(&req.request, &pos);
    dxp_session_receive(s, &req);
    assert_string_equal(sent(s), "AZwaluw 1.0                      0");
    char end = 0;
    for (int i = 0; i < 200 && !end; i++) {
        if (dxp_session_our_turn(s))
            dxp_session_play(s);
        else
            feed(s, peer_move(s));
        const char *out = sent(s);
        const char *e = strstr(out, "E");
        if (e) {
            end = e[1];
            assert_string_equal(e + 2, "0");
        }
    }
    assert_int_equal(s->state, DXP_ENDING);
    assert_false(dxp_session_our_turn(s));
    *plies = s->game.ply;
    GameStatus st = game_status(&s->game);
    assert_int_not_equal(st, GAME_ONGOING);
    free(s);
    return end;
}

static void test_rules_end_games(void **state)
{
    (void)state;
    int plies;
    /* white captures the last black man: we win at once */
    assert_int_equal(end_reason("W:W28:B23", &plies), '3');
    assert_int_equal(plies, 1);
    /* black's only move lets white capture everything: we win */
    assert_int_equal(end_reason("B:W33,34:B23", &plies), '3');
    /* two kings against a king far apart: the 5-move rule (or a capture) ends it within 10 plies */
    char r = end_reason("W:WK46,K50:BK5", &plies);
    assert_true(plies <= 10);
    assert_true(r == '2' || r == '3');
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_follower_game),
        cmocka_unit_test(test_bad_moves),
        cmocka_unit_test(test_request_clock),
        cmocka_unit_test(test_back_request),
        cmocka_unit_test(test_initiator),
        cmocka_unit_test(test_rules_end_games),
    };
    return cmocka_run_group_tests_name("dxp_session", tests, NULL, NULL);
}
