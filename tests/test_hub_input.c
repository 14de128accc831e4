/* The Hub loop's input and output at the byte level: blank and unknown lines, the syntax of
 * blanks and quotes, over-long lines, binary bytes, a last line without a newline, and the
 * quoting of output values. Every bad line gets one error and the loop goes on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "support/hub_test_util.h"

static void test_empty_and_unknown(void **state)
{
    char *out = run(*state, "\n   \t \nfoo\nfoo bar=1\n=5\nping\n");
    assert_int_equal(count_lines(out, "error message="), 5);
    assert_int_equal(line_index(out, "pong", 0), 5);
    assert_non_null(strstr(out, "unknown command 'foo'"));
    free(out);
}

static void test_syntax(void **state)
{
    Hub *h = *state;
    char *out = run(h, "\t pos \t fen=\"W:W31, 32:B1,2\"   moves=\"31-27\"\t\r\nping\r\n");
    assert_string_equal(out, "pong\n");
    assert_int_equal(h->game.ply, 1);
    free(out);
    out = run(h, "pos pos=\"" START_HUB "\nping\nlevel depth=\"5\"x\npos start junk=\"a=b c\" moves=32-28\n");
    assert_int_equal(line_index(out, "error message=", 0), 0);
    assert_non_null(strstr(out, "unterminated quote"));
    assert_int_equal(line_index(out, "pong", 0), 1);
    assert_int_equal(line_index(out, "error message=", 1), 2);
    assert_int_equal(total_lines(out), 3);
    assert_int_equal(h->game.ply, 1);
    free(out);
}

static void test_long_line(void **state)
{
    size_t n = 1 << 20;
    char *input = malloc(n + 64);
    memset(input, 'a', n);
    strcpy(input + n, "\nping\n");
    char *out = run(*state, input);
    assert_int_equal(count_lines(out, "error message="), 1);
    assert_non_null(strstr(out, "longer than"));
    assert_int_equal(line_index(out, "pong", 0), 1);
    free(out);
    memcpy(input, "pos moves=\"", 11);
    strcpy(input + n, "\"\nping\n");
    out = run(*state, input);
    assert_int_equal(total_lines(out), 2);
    assert_int_equal(line_index(out, "pong", 0), 1);
    free(out);
    free(input);
}

static void test_binary_bytes(void **state)
{
    const char input[] = "pi\0ng\nhub\x01\nping\xff\n\x80\x81\nping\n\0\n";
    char *out = run_bytes(*state, input, sizeof input - 1);
    assert_int_equal(count_lines(out, "error message="), 5);
    assert_int_equal(line_index(out, "pong", 0), 4);
    assert_int_equal(total_lines(out), 6);
    assert_non_null(strstr(out, "NUL"));
    assert_non_null(strstr(out, "0xFF"));
    assert_all_lines_parse(out);
    free(out);
}

/* A last line without a newline still counts; an unterminated line at EOF is answered once. */
static void test_unterminated_last_line(void **state)
{
    char *out = run(*state, "ping\nping");
    assert_string_equal(out, "pong\npong\n");
    free(out);
    out = run(*state, "");   /* end of input at once: the loop just returns */
    assert_string_equal(out, "");
    free(out);
}

/* Output values are quoted when empty or holding blanks, and never carry a raw quote. */
static void test_output_quoting(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    hub_write_value(out, "plain");
    fputc('|', out);
    hub_write_value(out, "");
    fputc('|', out);
    hub_write_value(out, "two words");
    fputc('|', out);
    hub_write_value(out, "a=b");
    fputc('|', out);
    hub_write_value(out, "say \"hi\"\x01");
    fclose(out);
    assert_string_equal(buf, "plain|\"\"|\"two words\"|\"a=b\"|\"say 'hi'?\"");
    free(buf);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_empty_and_unknown, setup, teardown),
        cmocka_unit_test_setup_teardown(test_syntax, setup, teardown),
        cmocka_unit_test_setup_teardown(test_long_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_binary_bytes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unterminated_last_line, setup, teardown),
        cmocka_unit_test(test_output_quoting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
