/* The DXP front over a socket pair: the front (with a stand-in engine playing the first legal
 * move) runs in a child process; the test is a scripted peer writing raw bytes (messages split
 * across writes, several in one write, bad ones) and reading the front's answers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "dxp/dxp_net.h"
#include "rules/rules.h"

#define WAIT_MS 20000   /* a bound for a dead front, never reached when it works */

static bool first_move(void *ctx, const Game *game, const SearchLimits *limits, Move *move, int *score)
{
    (void)ctx;
    (void)limits;
    MoveList list;
    movegen_generate(game_position(game), &list);
    if (list.count == 0)
        return false;
    *move = list.moves[0];
    *score = 0;
    return true;
}

typedef struct {
    int fd;
    pid_t child;
    DxpFramer framer;
    char buf[4096];
    Game game;   /* the peer's copy of the game */
} Peer;

/* Starts the front in a child on one end of a socket pair; the peer keeps the other end. */
static void start(Peer *p, DxpRole role, Color side, int idle_seconds)
{
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    p->child = fork();
    assert_true(p->child >= 0);
    if (p->child == 0) {
        close(sv[0]);
        static DxpSession s;
        DxpConfig cfg = {.role = role, .name = "Front", .side = side, .centiminutes = 100, .moves = 40, .games = 1,
                         .think = first_move};
        position_start(&cfg.start);
        dxp_session_init(&s, &cfg);
        DxpNetOptions opt = {.idle_seconds = idle_seconds};
        _exit(dxp_net_run(&s, sv[1], &opt));
    }
    close(sv[1]);
    p->fd = sv[0];
    dxp_frame_init(&p->framer);
    Position start_pos;
    position_start(&start_pos);
    game_reset(&p->game, &start_pos);
}

/* The front's exit code once it ends. */
static int finish(Peer *p)
{
    close(p->fd);
    int status;
    assert_int_equal(waitpid(p->child, &status, 0), p->child);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

static void put(Peer *p, const char *bytes, size_t len)
{
    assert_int_equal(write(p->fd, bytes, len), (ssize_t)len);
}

/* Sends text and its NUL in one write. */
static void put_msg(Peer *p, const char *text)
{
    put(p, text, strlen(text) + 1);
}

/* The next message of the front (NULL when the connection closed). */
static const char *next(Peer *p)
{
    for (;;) {
        const char *msg;
        size_t len;
        int r = dxp_frame_next(&p->framer, &msg, &len);
        if (r > 0)
            return msg;
        assert_int_equal(r, 0);
        struct pollfd pfd = {.fd = p->fd, .events = POLLIN};
        assert_int_equal(poll(&pfd, 1, WAIT_MS), 1);
        ssize_t n = read(p->fd, p->buf, sizeof p->buf);
        if (n <= 0)
            return NULL;
        dxp_frame_feed(&p->framer, p->buf, (size_t)n);
    }
}

/* Expects the front's next message to start with prefix; returns it. */
static const char *expect(Peer *p, const char *prefix)
{
    const char *msg = next(p);
    if (!msg)
        fail_msg("connection closed, expected %s", prefix);
    if (strncmp(msg, prefix, strlen(prefix)) != 0)
        fail_msg("got \"%s\", expected \"%s...\"", msg, prefix);
    return msg;
}

/* Plays the front's move text on the peer's game. */
static void take_move(Peer *p, const char *text)
{
    DxpMsg m;
    assert_null(dxp_msg_parse(text, strlen(text), &m));
    Move mv = dxp_msg_to_move(game_position(&p->game), &m);
    assert_true(mv != MOVE_NONE);
    game_play(&p->game, mv);
}

/* The peer's own move (the first legal one) as a message text, played on its game. */
static const char *own_move(Peer *p)
{
    static char text[DXP_MSG_MAX + 1];
    MoveList list;
    movegen_generate(game_position(&p->game), &list);
    DxpMsg m;
    dxp_msg_from_move(game_position(&p->game), list.moves[0], 2, &m);
    assert_true(dxp_msg_format(&m, text, sizeof text) > 0);
    game_play(&p->game, list.moves[0]);
    return text;
}

#define REQ "R01Peer                            Z001040A"   /* the follower (the front) plays black */

static void test_follower(void **state)
{
    (void)state;
    Peer p;
    start(&p, DXP_FOLLOWER, WHITE, 30);
    /* the request split across three writes */
    static const char req[] = REQ;
    put(&p, req, 10);
    put(&p, &req[10], 20);
    put(&p, &req[30], sizeof req - 30);
    expect(&p, "AFront                           0");
    /* our move and a chat in one write: the front answers the move */
    char two[128];
    const char *mine = own_move(&p);
    size_t n = strlen(mine) + 1;
    memcpy(two, mine, n);
    memcpy(two + n, "Chi", 4);
    put(&p, two, n + 4);
    take_move(&p, expect(&p, "M"));
    /* a back request to move 1 with black to move: granted, and the front moves again */
    put_msg(&p, "B001Z");
    expect(&p, "K0");
    game_undo(&p.game, 1);
    take_move(&p, expect(&p, "M"));
    /* an unknown type and a message far too long: chat lines, the game goes on */
    put_msg(&p, "X123");
    expect(&p, "Cbad message: an unknown message type");
    char big[300];
    memset(big, 'C', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    put(&p, big, sizeof big);
    expect(&p, "Cbad message: a message longer");
    /* an illegal move ends the game unfinished */
    put_msg(&p, "M0000010600");
    expect(&p, "C");
    expect(&p, "E00");
    /* we answer, then start a second game on the connection and end it with stop code 1 */
    put_msg(&p, "E00");
    put_msg(&p, REQ);
    expect(&p, "AFront                           0");
    put_msg(&p, "E21");
    expect(&p, "E01");
    assert_null(next(&p));
    assert_int_equal(finish(&p), 0);
}

/* A game request of each form the protocol allows (000 moves: no limit) and of the sub-minute
 * extension (0.5, .25, 1.5 minutes), each game ended by the peer; then a thinking time that is no
 * number and one of zero, each refused with a chat line saying why. */
static void test_request_forms(void **state)
{
    (void)state;
    Peer p;
    start(&p, DXP_FOLLOWER, WHITE, 30);
    static const char *const CLOCKS[] = {"005000", "0.5075", ".25000", "1.5200", "0.1000"};
    for (size_t i = 0; i < sizeof CLOCKS / sizeof CLOCKS[0]; i++) {
        char req[DXP_MSG_MAX + 1];
        snprintf(req, sizeof req, "R01%-32sZ%sA", "Peer", CLOCKS[i]);   /* the front is black */
        put_msg(&p, req);
        expect(&p, "AFront                           0");
        Position start_pos;
        position_start(&start_pos);
        game_reset(&p.game, &start_pos);
        put_msg(&p, own_move(&p));
        take_move(&p, expect(&p, "M"));
        put_msg(&p, "E20");
        expect(&p, "E00");
    }
    put_msg(&p, "R01Peer                            Zab5075A");
    expect(&p, "Cbad message: the thinking time of the game request (R) is not a number of minutes");
    expect(&p, "AFront                           2");
    put_msg(&p, "R01Peer                            Z0.0000A");
    expect(&p, "Cgame request refused: a thinking time of 0 minutes");
    expect(&p, "AFront                           2");
    /* still ready for a game after the refusals: one more, ended with stop code 1 */
    put_msg(&p, "R01Peer                            Z.05000A");
    expect(&p, "AFront                           0");
    put_msg(&p, "E21");
    expect(&p, "E01");
    assert_null(next(&p));
    assert_int_equal(finish(&p), 0);
}

static void test_initiator(void **state)
{
    (void)state;
    Peer p;
    start(&p, DXP_INITIATOR, BLACK, 30);
    expect(&p, "R01Front                           W001040A");
    put_msg(&p, "APeer                            0");
    put_msg(&p, own_move(&p));
    take_move(&p, expect(&p, "M"));
    put_msg(&p, own_move(&p));
    take_move(&p, expect(&p, "M"));
    put_msg(&p, "E20");
    expect(&p, "E01");   /* the initiator's only game: stop */
    assert_null(next(&p));
    assert_int_equal(finish(&p), 0);
}

static void test_peer_gone(void **state)
{
    (void)state;
    Peer p;
    start(&p, DXP_FOLLOWER, WHITE, 30);
    put_msg(&p, "R01Peer                            W001040A");   /* the front is white: it moves */
    expect(&p, "AFront                           0");
    expect(&p, "M");
    assert_int_equal(finish(&p), 1);   /* closed in the middle of the game */

    /* a peer that says nothing: the front gives up after its idle allowance */
    start(&p, DXP_FOLLOWER, WHITE, 1);
    assert_null(next(&p));
    assert_int_equal(finish(&p), 1);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_follower),
        cmocka_unit_test(test_request_forms),
        cmocka_unit_test(test_initiator),
        cmocka_unit_test(test_peer_gone),
    };
    return cmocka_run_group_tests_name("dxp_net", tests, NULL, NULL);
}
