/* Game history and the FMJD article 6 draw rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "rules/game.h"
#include "rules/notation.h"

static Game game;
static int shuffle_step;

static void setup_variant_game(const char *fen, Variant v)
{
    Position pos = {0};
    assert_null(notation_parse_position(fen, &pos));
    assert_null(position_set_variant(&pos, v));
    game_reset(&game, &pos);
    shuffle_step = 0;
}

static void setup_game(const char *fen) { setup_variant_game(fen, VARIANT_NORMAL); }

static void play(const char *text)
{
    Move m;
    char err[256];
    if (notation_parse_move(game_position(&game), text, &m, err, sizeof err) != PARSE_OK)
        fail_msg("%s", err);
    assert_true(game_play(&game, m));
}

/* Plays the shuffle 3-9 50-45 9-3 45-50 (kings only, nothing capturable) n plies long. */
static void shuffle(int plies)
{
    static const char *const cycle[] = {"3-9", "50-45", "9-3", "45-50"};
    for (int i = 0; i < plies; i++)
        play(cycle[shuffle_step++ % 4]);
}

static void test_threefold_repetition(void **state)
{
    (void)state;
    setup_game("W:WK1,K2,K3,36:BK50,15");
    shuffle(4);
    assert_int_equal(game_repetitions(&game), 2);
    assert_int_equal(game_status(&game), GAME_ONGOING);
    shuffle(3);
    assert_int_equal(game_status(&game), GAME_ONGOING);
    shuffle(1);
    assert_int_equal(game_repetitions(&game), 3);
    assert_int_equal(game_status(&game), GAME_DRAW_REPETITION);
    assert_string_equal(game_status_text(GAME_DRAW_REPETITION), "threefold repetition");
    /* a man move breaks the chain: earlier positions can no longer recur */
    play("36-31");
    assert_int_equal(game_repetitions(&game), 1);
    assert_int_equal(game_undo(&game, 1), 1);
    assert_int_equal(game_status(&game), GAME_DRAW_REPETITION);
}

static void test_25_move_rule(void **state)
{
    (void)state;
    setup_game("W:WK1,K2,K3,36:BK50,15");
    shuffle(DRAW_KING_MOVES_PLIES - 1);
    assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_ONGOING);
    shuffle(1);
    assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_DRAW_25_MOVES);
    /* a man move resets the count */
    setup_game("W:WK1,K2,K3,36:BK50,15");
    shuffle(40);
    play("36-31");
    shuffle_step = 1;
    assert_int_equal(game.draw[game.ply].reversible, 0);
    play("50-45");
    play("3-9");
    assert_int_equal(game.draw[game.ply].reversible, 2);
}

static void test_16_move_rule(void **state)
{
    (void)state;
    setup_game("W:WK1,K2,K3:BK50");
    assert_int_equal(game.draw[0].endgame, ENDGAME_16);
    shuffle(DRAW_16_MOVES_PLIES - 1);
    assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_ONGOING);
    shuffle(1);
    assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_DRAW_16_MOVES);
}

static void test_5_move_rule(void **state)
{
    (void)state;
    setup_game("W:WK2,K3:BK50");
    assert_int_equal(game.draw[0].endgame, ENDGAME_5);
    shuffle(DRAW_5_MOVES_PLIES - 1);
    assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_ONGOING);
    shuffle(1);
    assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_DRAW_5_MOVES);
}

/* The counter restarts when a capture moves the game from the 16-move to the 5-move rule. */
static void test_endgame_rule_changes(void **state)
{
    (void)state;
    setup_game("W:WK1,K2,K28:BK50,K23");   /* 3 kings vs 2 kings: no rule yet */
    assert_int_equal(game.draw[0].endgame, ENDGAME_NONE);
    play("28x19x23");
    assert_int_equal(game.draw[game.ply].endgame, ENDGAME_16);
    assert_int_equal(game.draw[game.ply].endgame_plies, 0);
    assert_int_equal(game.draw[game.ply].reversible, 0);
}

static void test_endgame_classes(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        EndgameRule rule;
    } cases[] = {
        {"W:WK1,K2,K3:BK50", ENDGAME_16},  {"W:WK1,K2,40:BK50", ENDGAME_16},
        {"B:WK1,39,40:BK50", ENDGAME_16},  {"W:W38,39,40:BK50", ENDGAME_NONE},
        {"W:WK1,38,39,40:BK50", ENDGAME_NONE}, {"W:WK1,K2:BK50", ENDGAME_5},
        {"W:WK1,40:BK50", ENDGAME_5},      {"W:WK1:BK50", ENDGAME_5},
        {"W:WK1,K2:BK50,K49", ENDGAME_NONE}, {"W:WK50:BK1,K2,K3", ENDGAME_16},
        {"W:WK50:BK1,12", ENDGAME_5},      {"W:WK1,K2:B20", ENDGAME_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos = {0};
        assert_null(notation_parse_position(cases[i].fen, &pos));
        if (game_endgame_rule(&pos) != cases[i].rule)
            fail_msg("%s: expected rule %d", cases[i].fen, cases[i].rule);
    }
}

static void test_no_legal_move_loses(void **state)
{
    (void)state;
    setup_game("W:W46:B37,41");
    assert_int_equal(game_status(&game), GAME_LOSS);
    setup_game("W:W:B10");
    assert_int_equal(game_status(&game), GAME_LOSS);
    setup_game("start");
    assert_int_equal(game_status(&game), GAME_ONGOING);
}

/* The end of the game per variant: losing wins without a move, breakthrough ends at a crowning. */
static void test_variant_game_ends(void **state)
{
    (void)state;
    setup_variant_game("W:W46:B37,41", VARIANT_LOSING);
    assert_int_equal(game_status(&game), GAME_WIN);
    assert_int_equal(game_status_outcome(game_status(&game)), 1);
    setup_variant_game("W:W7,45:B30", VARIANT_BT);
    play("7-2");
    assert_int_equal(game_status(&game), GAME_LOSS_CROWNED);
    assert_int_equal(game_status_outcome(game_status(&game)), -1);
    setup_variant_game("W:W46:B37,41", VARIANT_KILLER);
    assert_int_equal(game_status(&game), GAME_LOSS);
}

/* The rules' one verdict on a side to move without a legal move, per variant: a loss everywhere
 * (by the opponent's king in breakthrough) but in losing, where it wins; game_status agrees. */
static void test_no_move_verdict(void **state)
{
    (void)state;
    static const struct {
        Variant variant;
        const char *fen;
        GameStatus want;
    } cases[] = {
        {VARIANT_NORMAL, "W:W46:B37,41", GAME_LOSS},       /* blocked */
        {VARIANT_NORMAL, "W:W:B10", GAME_LOSS},            /* no piece */
        {VARIANT_KILLER, "W:W46:B37,41", GAME_LOSS},
        {VARIANT_BT, "W:W46:B37,41", GAME_LOSS},
        {VARIANT_FRISIAN, "W:W46:B37,41", GAME_LOSS},
        {VARIANT_LOSING, "W:W46:B37,41", GAME_WIN},
        {VARIANT_LOSING, "W:W:B10", GAME_WIN},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        setup_variant_game(cases[i].fen, cases[i].variant);
        const Position *pos = game_position(&game);
        assert_false(movegen_has_move(pos));
        assert_int_equal(game_no_move_status(pos), cases[i].want);
        assert_int_equal(game_status(&game), cases[i].want);
        assert_int_equal(game_status_outcome(cases[i].want), variant_no_move_outcome(cases[i].variant));
    }
    setup_variant_game("W:W7,45:B30", VARIANT_BT);   /* crowned: Black's men could move, but the game is over */
    play("7-2");
    assert_false(movegen_has_move(game_position(&game)));
    assert_int_equal(game_no_move_status(game_position(&game)), GAME_LOSS_CROWNED);
    /* Frisian: White's king must rest after three quiet moves and its man is blocked: no move. */
    setup_variant_game("W:W6,K48:B1,K3,15", VARIANT_FRISIAN);
    static const char *const moves[] = {"48-43", "3-9", "43-48", "9-3", "48-43", "3-9"};
    for (int i = 0; i < 6; i++) {
        assert_true(movegen_has_move(game_position(&game)));
        play(moves[i]);
    }
    assert_false(movegen_has_move(game_position(&game)));
    assert_int_equal(game_status(&game), GAME_LOSS);
}

/* Frisian: two kings against one draw after 7 moves each, king against king after 2 moves each;
 * the 25-move rule does not apply. */
static void test_frisian_draw_rules(void **state)
{
    (void)state;
    setup_variant_game("W:WK1,K2:BK50", VARIANT_FRISIAN);
    assert_int_equal(game.draw[0].endgame, ENDGAME_FRISIAN_7);
    static const char *const moves[] = {"2-7", "50-45", "7-2", "45-50"};
    for (int i = 0; i < DRAW_FRISIAN_7_PLIES; i++) {
        assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_ONGOING);   /* repetitions aside */
        play(moves[i % 4]);
    }
    assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_DRAW_FRISIAN_7);
    setup_variant_game("W:WK2:BK50", VARIANT_FRISIAN);
    for (int i = 0; i < DRAW_FRISIAN_2_PLIES; i++) {
        assert_int_equal(game_draw_status(&game.draw[game.ply]), GAME_ONGOING);   /* repetitions aside */
        play(moves[i % 4]);
    }
    assert_int_equal(game_status(&game), GAME_DRAW_FRISIAN_2);
    setup_variant_game("W:WK3,K50,K48,K47:BK28,K1,K2", VARIANT_FRISIAN);   /* kings only: no 25-move rule */
    assert_false(game.draw[0].king_rule);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threefold_repetition), cmocka_unit_test(test_25_move_rule),
        cmocka_unit_test(test_16_move_rule),         cmocka_unit_test(test_5_move_rule),
        cmocka_unit_test(test_endgame_rule_changes), cmocka_unit_test(test_endgame_classes),
        cmocka_unit_test(test_no_legal_move_loses),  cmocka_unit_test(test_variant_game_ends),
        cmocka_unit_test(test_frisian_draw_rules),   cmocka_unit_test(test_no_move_verdict),
    };
    return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
