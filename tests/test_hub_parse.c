/* Hub line syntax and strict number parsing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hub/hub_parse.h"

static HubCommand cmd;

/* Parses text (copied) and returns the error, or NULL. */
static const char *parse(const char *text, char *buf, size_t size)
{
    snprintf(buf, size, "%s", text);
    return hub_parse_line(buf, &cmd);
}

static void test_tokens(void **state)
{
    (void)state;
    char buf[256];
    assert_null(parse(" \tpos  pos=Wbe\t moves=\"32-28  19-23\" start x= y=\"\" ", buf, sizeof buf));
    assert_string_equal(cmd.command, "pos");
    assert_int_equal(cmd.argc, 5);
    assert_string_equal(cmd.args[0].key, "pos");
    assert_string_equal(cmd.args[0].value, "Wbe");
    assert_string_equal(cmd.args[1].value, "32-28  19-23");
    assert_string_equal(cmd.args[2].key, "start");
    assert_false(cmd.args[2].has_value);
    assert_string_equal(cmd.args[2].value, "");
    assert_true(cmd.args[3].has_value);
    assert_string_equal(cmd.args[3].value, "");
    assert_string_equal(cmd.args[4].value, "");
    assert_non_null(hub_find_arg(&cmd, "moves"));
    assert_null(hub_find_arg(&cmd, "depth"));

    assert_null(parse("go", buf, sizeof buf));
    assert_string_equal(cmd.command, "go");
    assert_int_equal(cmd.argc, 0);
    assert_null(parse("set-param name=x value=\"a b=c\"", buf, sizeof buf));
    assert_string_equal(cmd.args[1].value, "a b=c");
}

static void test_syntax_errors(void **state)
{
    (void)state;
    char buf[256];
    const char *bad[] = {"", " \t ", "=x", "\"go\"", "hub=1", "level depth=\"5", "level =5",
                         "level \"x\"", "level depth=5\"", "level depth=\"5\"x", "level a\"b"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!parse(bad[i], buf, sizeof buf))
            fail_msg("'%s' parsed", bad[i]);
    assert_string_equal(parse("pos pos=\"abc", buf, sizeof buf), "unterminated quote");
}

static void test_many_arguments(void **state)
{
    (void)state;
    size_t size = 4 * (HUB_MAX_ARGS + 2) + 16;
    char *line = malloc(size);
    strcpy(line, "play");
    for (int i = 0; i < HUB_MAX_ARGS; i++)
        strcat(line, " a");
    assert_null(hub_parse_line(line, &cmd));
    assert_int_equal(cmd.argc, HUB_MAX_ARGS);
    strcpy(line, "play");
    for (int i = 0; i <= HUB_MAX_ARGS; i++)
        strcat(line, " a");
    assert_non_null(hub_parse_line(line, &cmd));
    free(line);
}

static void test_peek_command(void **state)
{
    (void)state;
    char word[8];
    hub_peek_command("  ping extra", word, sizeof word);
    assert_string_equal(word, "ping");
    hub_peek_command("ponder-hit", word, sizeof word);
    assert_string_equal(word, "ponder-");   /* cut to the buffer: cannot match a shorter word */
    hub_peek_command("\"stop\"", word, sizeof word);
    assert_string_equal(word, "");
    hub_peek_command("stop=1", word, sizeof word);
    assert_string_equal(word, "stop");
}

static void test_numbers(void **state)
{
    (void)state;
    long long n = 0;
    double d = 0;
    assert_null(hub_parse_int("42", 1, 100, &n));
    assert_int_equal(n, 42);
    assert_null(hub_parse_int("+7", 1, 100, &n));
    assert_int_equal(n, 7);
    assert_string_equal(hub_parse_int("", 1, 100, &n), "missing value");
    assert_string_equal(hub_parse_int("abc", 1, 100, &n), "not an integer");
    assert_string_equal(hub_parse_int("4 2", 1, 100, &n), "not an integer");
    assert_string_equal(hub_parse_int("-", 1, 100, &n), "not an integer");
    assert_string_equal(hub_parse_int("101", 1, 100, &n), "out of range");
    assert_string_equal(hub_parse_int("-1", 1, 100, &n), "out of range");
    assert_string_equal(hub_parse_int("99999999999999999999999", 1, 100, &n), "out of range");
    assert_int_equal(n, 7);

    assert_null(hub_parse_real("291.587", 0, 1e6, &d));
    assert_true(d == 291.587);
    assert_null(hub_parse_real(".5", 0, 1e6, &d));
    assert_null(hub_parse_real("1e2", 0, 1e6, &d));
    assert_true(d == 100);
    const char *bad[] = {"nan", "NaN", "inf", "-inf", "infinity", "0x1p3", "1.2.3", ".", "e5", "1e", "",
                         "-0.5", "1e7", "1e400", "5s"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!hub_parse_real(bad[i], 0, 1e6, &d))
            fail_msg("'%s' accepted", bad[i]);
    assert_true(d == 100);
}

static void test_plain_and_excerpt(void **state)
{
    (void)state;
    assert_true(hub_is_plain("32-28"));
    assert_true(hub_is_plain("W:W31,32:B1"));
    assert_false(hub_is_plain(""));
    assert_false(hub_is_plain("a b"));
    assert_false(hub_is_plain("a=b"));
    assert_false(hub_is_plain("a\"b"));
    assert_false(hub_is_plain("a\tb"));
    char buf[32];
    hub_excerpt("short", 10, buf, sizeof buf);
    assert_string_equal(buf, "short");
    hub_excerpt("a much longer text", 6, buf, sizeof buf);
    assert_string_equal(buf, "a much...");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_many_arguments),
        cmocka_unit_test(test_peek_command),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_plain_and_excerpt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
