/* DXP message texts: every type read and written back, the framing of a byte stream, and the
 * bad inputs the parser must refuse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "dxp/dxp_msg.h"
#include "rules/notation.h"
#include "rules/rules.h"

/* Parses text, which must be valid, and checks it formats back to the same text. */
static DxpMsg round_trip(const char *text)
{
    DxpMsg m;
    const char *why = dxp_msg_parse(text, strlen(text), &m);
    if (why)
        fail_msg("%s: %s", text, why);
    char out[DXP_MSG_MAX + 1];
    assert_int_equal(dxp_msg_format(&m, out, sizeof out), strlen(text));
    assert_string_equal(out, text);
    return m;
}

static const char *bad(const char *text)
{
    DxpMsg m;
    const char *why = dxp_msg_parse(text, strlen(text), &m);
    if (!why)
        fail_msg("accepted: %s", text);
    return why;
}

static void test_chat(void **state)
{
    (void)state;
    DxpMsg m = round_trip("Chello there, 1-2-3");
    assert_int_equal(m.type, DXP_CHAT);
    assert_string_equal(m.chat, "hello there, 1-2-3");
    round_trip("C");
    bad("Cbell\a");
}

static void test_request(void **state)
{
    (void)state;
    DxpMsg m = round_trip("R01Moby Dam                        Z005075A");
    assert_int_equal(m.type, DXP_REQUEST);
    assert_int_equal(m.request.version, 1);
    assert_string_equal(m.request.name, "Moby Dam");
    assert_int_equal(m.request.follower, BLACK);
    assert_int_equal(m.request.centiminutes, 500);
    assert_int_equal(m.request.moves, 75);
    assert_false(m.request.setup);
    Position pos, start;
    assert_null(dxp_msg_request_position(&m.request, &pos));
    position_start(&start);
    assert_true(pos.pieces[WHITE] == start.pieces[WHITE] && pos.pieces[BLACK] == start.pieces[BLACK]);

    /* a setup: black to move, white man on 33, white king on 1, black men on 18 and 19 */
    char text[DXP_MSG_MAX + 1], sq[51];
    memset(sq, 'e', 50);
    sq[50] = '\0';
    sq[32] = 'w';
    sq[0] = 'W';
    sq[17] = 'z';
    sq[18] = 'z';
    snprintf(text, sizeof text, "R01%-32sW010050BZ%s", "Zwaluw", sq);
    assert_int_equal(strlen(text), DXP_REQUEST_SETUP_LEN);
    m = round_trip(text);
    assert_true(m.request.setup);
    assert_int_equal(m.request.to_move, BLACK);
    assert_int_equal(m.request.follower, WHITE);
    assert_null(dxp_msg_request_position(&m.request, &pos));
    char fen[128];
    notation_format_fen(&pos, fen);
    assert_string_equal(fen, "B:WK1,33:B18,19");

    /* set_position writes the same squares back */
    DxpRequest r;
    dxp_msg_set_position(&r, &pos);
    assert_true(r.setup);
    assert_memory_equal(r.squares + 1, sq, 50);
    dxp_msg_set_position(&r, &start);
    assert_false(r.setup);

    /* bad ones */
    bad("R01Moby Dam                        Z005075");     /* short */
    bad("R01Moby Dam                        Z005075AA");   /* long */
    bad("R0xMoby Dam                        Z005075A");    /* non-digit */
    bad("R01Moby Dam                        Z00507xA");
    bad("R01Moby Dam                        X005075A");    /* colour */
    bad("R01Moby Dam                        Z005075C");    /* start position kind */
    bad("R01Moby Dam                        Z005075B");    /* B without the position */
    text[43] = 'X';
    bad(text);                                              /* side to move */
    text[43] = 'Z';
    text[44 + 10] = 'q';
    bad(text);                                              /* square letter */
    text[44 + 10] = 'e';
    text[44 + 2] = 'w';                                     /* white man on 3: its promotion row */
    bad(text);
    memset(text + 44, 'e', 50);                             /* no pieces at all */
    bad(text);
}

/* The request "R01Peer...Z<time><moves>A" with the 3-character fields given. */
static const char *request_with(const char *time, const char *moves)
{
    static char text[DXP_MSG_MAX + 1];
    snprintf(text, sizeof text, "R01%-32sZ%s%sA", "Peer", time, moves);
    return text;
}

static void test_request_clock(void **state)
{
    (void)state;
    /* our own forms read and write back: whole minutes, tenths, hundredths; 000 moves: no limit */
    static const struct {
        const char *field;
        int centiminutes;
    } OURS[] = {{"001", 100}, {"999", 99900}, {"0.5", 50}, {"1.5", 150}, {"9.9", 990}, {"0.1", 10},
                {".25", 25}, {".05", 5}, {".01", 1}, {".99", 99}, {"000", 0}};
    for (size_t i = 0; i < sizeof OURS / sizeof OURS[0]; i++) {
        DxpMsg m = round_trip(request_with(OURS[i].field, "000"));
        assert_int_equal(m.request.centiminutes, OURS[i].centiminutes);
        assert_int_equal(m.request.moves, 0);
    }
    /* other spellings of a number are read as such and written in our form */
    static const struct {
        const char *field, *ours;
        int centiminutes;
    } OTHERS[] = {{".50", "0.5", 50}, {"5.0", "005", 500}, {"12.", "012", 1200}, {"0.0", "000", 0},
                  {"00.", "000", 0},  {".10", "0.1", 10},  {"1.0", "001", 100}};
    for (size_t i = 0; i < sizeof OTHERS / sizeof OTHERS[0]; i++) {
        DxpMsg m;
        assert_null(dxp_msg_parse(request_with(OTHERS[i].field, "075"), DXP_REQUEST_LEN, &m));
        assert_int_equal(m.request.centiminutes, OTHERS[i].centiminutes);
        char out[DXP_MSG_MAX + 1];
        assert_int_equal(dxp_msg_format(&m, out, sizeof out), DXP_REQUEST_LEN);
        assert_string_equal(out, request_with(OTHERS[i].ours, "075"));
    }
    /* a field that is not a number */
    static const char *const NOT_NUMBERS[] = {"abc", "..5", "1..", " .5", ".5 ", "-.5", "+05", "1e1", "..."};
    for (size_t i = 0; i < sizeof NOT_NUMBERS / sizeof NOT_NUMBERS[0]; i++)
        assert_string_equal(bad(request_with(NOT_NUMBERS[i], "075")),
                            "the thinking time of the game request (R) is not a number of minutes");
    bad(request_with("0.5", "0.5"));   /* the moves are a whole number */
    /* times three characters cannot spell are not written */
    DxpMsg m = {.type = DXP_REQUEST, .request = {.version = 1, .follower = WHITE, .moves = 0}};
    char out[DXP_MSG_MAX + 1];
    static const int UNSPELLABLE[] = {125, 1050, 99901, -1, 101};
    for (size_t i = 0; i < sizeof UNSPELLABLE / sizeof UNSPELLABLE[0]; i++) {
        m.request.centiminutes = UNSPELLABLE[i];
        assert_int_equal(dxp_msg_format(&m, out, sizeof out), 0);
    }
}

static void test_time_values(void **state)
{
    (void)state;
    /* --time: any decimal spelling of a time the field can write, above 0 */
    static const struct {
        const char *text;
        int centiminutes;
    } GOOD[] = {{"0.5", 50}, {".25", 25}, {"1.5", 150}, {"5", 500}, {"120", 12000}, {"0.1", 10},
                {"1.50", 150}, {"999", 99900}, {"010.", 1000}, {".05", 5}};
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++) {
        int c = -1;
        assert_null(dxp_msg_read_time(GOOD[i].text, &c));
        assert_int_equal(c, GOOD[i].centiminutes);
    }
    static const char *const BAD[] = {"0", "0.0", ".00", "1.25", "10.5", "1000", "abc", "", ".", "-1", "0.001",
                                      "1e2", " 5", "5 "};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        int c;
        assert_non_null(dxp_msg_read_time(BAD[i], &c));
    }
    /* the shortest writable clock not under a number of seconds */
    assert_int_equal(dxp_msg_time_at_least(10.05), 17);    /* .17 = 10.2 s */
    assert_int_equal(dxp_msg_time_at_least(6.0), 10);      /* 0.1 */
    assert_int_equal(dxp_msg_time_at_least(30.0), 50);     /* 0.5 */
    assert_int_equal(dxp_msg_time_at_least(59.9), 100);    /* 001 */
    assert_int_equal(dxp_msg_time_at_least(60.1), 110);    /* 1.1: tenths from 1 minute */
    assert_int_equal(dxp_msg_time_at_least(600.0), 1000);  /* 010 */
    assert_int_equal(dxp_msg_time_at_least(601.0), 1100);  /* 011: whole minutes from 10 */
    assert_int_equal(dxp_msg_time_at_least(0.0), 1);
    assert_int_equal(dxp_msg_time_at_least(1e9), DXP_TIME_MAX);
    for (double s = 0.05; s < 70000; s *= 1.07) {
        int c = dxp_msg_time_at_least(s);
        assert_true(dxp_msg_time_seconds(c) >= s - 1e-9 || c == DXP_TIME_MAX);
        DxpMsg m = {.type = DXP_REQUEST, .request = {.version = 1, .follower = WHITE, .centiminutes = c}};
        char out[DXP_MSG_MAX + 1];
        assert_int_equal(dxp_msg_format(&m, out, sizeof out), DXP_REQUEST_LEN);
    }
    assert_true(dxp_msg_time_seconds(10) == 6.0);
    assert_true(dxp_msg_time_seconds(17) == 10.2);
    assert_true(dxp_msg_time_seconds(50) == 30.0);
}

static void test_accept(void **state)
{
    (void)state;
    DxpMsg m = round_trip("AScan 3.1                        0");
    assert_int_equal(m.type, DXP_ACCEPT);
    assert_string_equal(m.name, "Scan 3.1");
    assert_int_equal(m.code, 0);
    assert_int_equal(round_trip("AX                               2").code, 2);
    bad("AScan 3.1                       0");
    bad("AScan 3.1                        x");
    /* a name longer than the field is cut to 32 characters */
    DxpMsg long_name = {.type = DXP_ACCEPT, .code = 0};
    memset(long_name.name, 'n', DXP_NAME_WIDTH);
    char out[DXP_MSG_MAX + 1];
    assert_int_equal(dxp_msg_format(&long_name, out, sizeof out), DXP_ACCEPT_LEN);
}

static void test_move(void **state)
{
    (void)state;
    DxpMsg m = round_trip("M0012322800");
    assert_int_equal(m.type, DXP_MOVE);
    assert_int_equal(m.seconds, 12);
    assert_int_equal(m.from, 32);
    assert_int_equal(m.to, 28);
    assert_int_equal(m.captured_count, 0);
    m = round_trip("M00002819022314");
    assert_int_equal(m.captured_count, 2);
    assert_int_equal(m.captured[0], 23);
    assert_int_equal(m.captured[1], 14);
    bad("M001232280");            /* short */
    bad("M00123228011");          /* says none captured, names one */
    bad("M0012322801");           /* says one, names none */
    bad("M0012a22800");           /* non-digit */
    bad("M0012512800");           /* square 51 */
    bad("M0012320000");           /* square 0 */
    bad("M001232280155");         /* captured square 55 */
    bad("M00123228022323");       /* the same square twice */
    bad("M0012322821");           /* 21 captures */
    /* formatting refuses fields out of range */
    DxpMsg out_of_range = {.type = DXP_MOVE, .seconds = 10000, .from = 32, .to = 28};
    char buf[DXP_MSG_MAX + 1];
    assert_int_equal(dxp_msg_format(&out_of_range, buf, sizeof buf), 0);
    out_of_range.seconds = 1;
    out_of_range.to = 51;
    assert_int_equal(dxp_msg_format(&out_of_range, buf, sizeof buf), 0);
    out_of_range.to = 28;
    assert_int_equal(dxp_msg_format(&out_of_range, buf, 5), 0);   /* no room */
}

static void test_end_back(void **state)
{
    (void)state;
    DxpMsg m = round_trip("E21");
    assert_int_equal(m.type, DXP_END);
    assert_int_equal(m.reason, 2);
    assert_int_equal(m.stop, 1);
    bad("E2");
    bad("E2x");
    m = round_trip("B012Z");
    assert_int_equal(m.type, DXP_BACK_REQ);
    assert_int_equal(m.move_number, 12);
    assert_int_equal(m.back_turn, BLACK);
    bad("B012");
    bad("B000W");
    bad("B01xW");
    bad("B012Q");
    m = round_trip("K0");
    assert_int_equal(m.type, DXP_BACK_ACC);
    assert_int_equal(m.code, 0);
    bad("K");
    bad("K00");
}

static void test_bad_general(void **state)
{
    (void)state;
    DxpMsg m;
    assert_non_null(strstr(bad("X123"), "unknown message type"));
    assert_non_null(strstr(bad("m0012322800"), "unknown message type"));
    assert_non_null(dxp_msg_parse("", 0, &m));
    assert_non_null(dxp_msg_parse("E2\0", 3, &m));   /* a NUL inside */
    char big[DXP_MSG_MAX + 2];
    memset(big, 'a', sizeof big);
    big[0] = 'C';
    assert_non_null(dxp_msg_parse(big, sizeof big, &m));
    DxpMsg unknown = {.type = (DxpType)'X'};
    char buf[DXP_MSG_MAX + 1];
    assert_int_equal(dxp_msg_format(&unknown, buf, sizeof buf), 0);
}

/* Moves to and from M: a quiet move, a capture (the legal one must match its captured set). */
static void test_moves_on_board(void **state)
{
    (void)state;
    Position pos;
    assert_null(notation_parse_fen("W:W28,33,K46:B22,23,19", &pos));   /* captures by man and king */
    MoveList list;
    movegen_generate(&pos, &list);
    assert_true(list.count >= 1);
    for (int i = 0; i < list.count; i++) {
        DxpMsg m;
        dxp_msg_from_move(&pos, list.moves[i], 3, &m);
        char text[DXP_MSG_MAX + 1];
        size_t len = dxp_msg_format(&m, text, sizeof text);
        assert_true(len > 0);
        DxpMsg back;
        assert_null(dxp_msg_parse(text, len, &back));
        assert_true(dxp_msg_to_move(&pos, &back) == list.moves[i]);
    }
    position_start(&pos);
    DxpMsg m;
    assert_null(dxp_msg_parse("M0000322800", 11, &m));
    assert_true(dxp_msg_to_move(&pos, &m) != MOVE_NONE);
    assert_null(dxp_msg_parse("M0000322600", 11, &m));      /* not a legal move */
    assert_true(dxp_msg_to_move(&pos, &m) == MOVE_NONE);
}

static void test_framing(void **state)
{
    (void)state;
    DxpFramer f;
    dxp_frame_init(&f);
    const char *msg;
    size_t len;
    /* two in one read, then one split across three reads */
    static const char part1[] = "K0\0E20\0M00";
    dxp_frame_feed(&f, part1, sizeof part1 - 1);
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 1);
    assert_string_equal(msg, "K0");
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 1);
    assert_string_equal(msg, "E20");
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 0);
    dxp_frame_feed(&f, "0032", 4);
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 0);
    static const char part3[] = "2800\0";
    dxp_frame_feed(&f, part3, sizeof part3 - 1);
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 1);
    assert_string_equal(msg, "M0000322800");
    assert_int_equal(len, 11);
    /* a message that is too long is dropped whole; the next one is read */
    char big[400];
    memset(big, 'C', sizeof big);
    dxp_frame_feed(&f, big, sizeof big);
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 0);
    static const char tail[] = "xyz\0K1\0";
    dxp_frame_feed(&f, tail, sizeof tail - 1);
    assert_int_equal(dxp_frame_next(&f, &msg, &len), -1);
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 1);
    assert_string_equal(msg, "K1");
    assert_int_equal(dxp_frame_next(&f, &msg, &len), 0);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chat),
        cmocka_unit_test(test_request),
        cmocka_unit_test(test_request_clock),
        cmocka_unit_test(test_time_values),
        cmocka_unit_test(test_accept),
        cmocka_unit_test(test_move),
        cmocka_unit_test(test_end_back),
        cmocka_unit_test(test_bad_general),
        cmocka_unit_test(test_moves_on_board),
        cmocka_unit_test(test_framing),
    };
    return cmocka_run_group_tests_name("dxp_msg", tests, NULL, NULL);
}
