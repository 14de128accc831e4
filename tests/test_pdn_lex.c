/* PDN tokens: every kind, line ends, flags, and what cannot be read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pdn/pdn_lex.h"

static FILE *in;
static PdnLex lex;

/* Starts lexing the len bytes of text (NULs included). */
static void open_text(const char *text, size_t len)
{
    in = fmemopen((void *)text, len, "rb");
    assert_non_null(in);
    pdn_lex_init(&lex, in);
}

static void open_str(const char *text) { open_text(text, strlen(text)); }

static void close_text(void)
{
    pdn_lex_free(&lex);
    fclose(in);
}

/* The next token is of kind with text (NULL: any text). */
static PdnToken expect(PdnTokenKind kind, const char *text)
{
    PdnToken t;
    pdn_lex_next(&lex, &t);
    if (t.kind != kind)
        fail_msg("token \"%s\" is of kind %d, not %d (%s)", t.text, t.kind, kind, t.why);
    if (text)
        assert_string_equal(t.text, text);
    return t;
}

static void test_every_kind(void **state)
{
    (void)state;
    open_str("[Event \"a \\\"quoted\\\" b\"] {a  comment} 1. 32-28! $3 (1... 32-27 {x (y} (1... 31-26)) 12... 47x 9"
             " ?! 28:19 39x28x17x6 ; to the end\n2-0 1/2-1/2 1-0 0-1 0-0 1-1 0-2 *");
    PdnToken t = expect(PDN_TOK_TAG, "Event");
    assert_string_equal(t.value, "a \"quoted\" b");
    expect(PDN_TOK_COMMENT, "a comment");
    t = expect(PDN_TOK_NUMBER, "1.");
    assert_int_equal(t.number, 1);
    assert_int_equal(t.dots, 1);
    expect(PDN_TOK_MOVE, "32-28");
    expect(PDN_TOK_GLYPH, "!");
    t = expect(PDN_TOK_NAG, "$3");
    assert_int_equal(t.number, 3);
    expect(PDN_TOK_VARIATION, "1... 32-27 {x (y} (1... 31-26)");   /* nested, a '(' inside a comment */
    t = expect(PDN_TOK_NUMBER, "12...");
    assert_int_equal(t.number, 12);
    assert_int_equal(t.dots, 3);
    expect(PDN_TOK_MOVE, "47x 9");
    expect(PDN_TOK_GLYPH, "?!");
    expect(PDN_TOK_MOVE, "28:19");
    expect(PDN_TOK_MOVE, "39x28x17x6");
    t = expect(PDN_TOK_COMMENT, "to the end");
    assert_int_equal(t.line, 1);
    const char *results[] = {"2-0", "1/2-1/2", "1-0", "0-1", "0-0", "1-1", "0-2", "*"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
        t = expect(PDN_TOK_RESULT, results[i]);
        assert_int_equal(t.line, 2);
    }
    expect(PDN_TOK_END, "");
    expect(PDN_TOK_END, "");
    close_text();
}

/* Numbers glued to moves, zeros and spaces padding squares, glyphs glued to moves. */
static void test_glued_and_padded(void **state)
{
    (void)state;
    open_str("1.32-28 01. 06-11 12..19-23 1- 6 32-28?! 33-29$2");
    expect(PDN_TOK_NUMBER, "1.");
    expect(PDN_TOK_MOVE, "32-28");
    expect(PDN_TOK_NUMBER, "01.");
    expect(PDN_TOK_MOVE, "06-11");
    PdnToken t = expect(PDN_TOK_NUMBER, "12..");
    assert_int_equal(t.dots, 2);
    expect(PDN_TOK_MOVE, "19-23");
    expect(PDN_TOK_MOVE, "1- 6");
    expect(PDN_TOK_MOVE, "32-28");
    expect(PDN_TOK_GLYPH, "?!");
    expect(PDN_TOK_MOVE, "33-29");
    expect(PDN_TOK_NAG, "$2");
    expect(PDN_TOK_END, "");
    close_text();
}

/* LF, CR LF and a lone CR each end a line; a byte order mark is skipped; a '%' line is escaped;
 * control bytes (a NUL too) read as spaces; the last line needs no end. */
static void test_lines(void **state)
{
    (void)state;
    static const char text[] = "\xEF\xBB\xBF[Event \"x\"]\r\n% 99-98 escaped\r\n\r\n1. 32-28\r19-23\n"
                               "2.\x01"
                               "28x19\0"
                               "14x23 %";
    open_text(text, sizeof text - 1);
    PdnToken t = expect(PDN_TOK_TAG, "Event");
    assert_int_equal(t.line, 1);
    assert_true(t.line_start && t.after_blank);
    t = expect(PDN_TOK_NUMBER, "1.");
    assert_int_equal(t.line, 4);
    assert_true(t.line_start && t.after_blank);
    t = expect(PDN_TOK_MOVE, "32-28");
    assert_false(t.line_start);
    t = expect(PDN_TOK_MOVE, "19-23");
    assert_int_equal(t.line, 5);
    assert_true(t.line_start);
    assert_false(t.after_blank);
    expect(PDN_TOK_NUMBER, "2.");
    expect(PDN_TOK_MOVE, "28x19");
    t = expect(PDN_TOK_MOVE, "14x23");
    assert_int_equal(t.line, 6);
    t = expect(PDN_TOK_ERROR, "%");   /* '%' escapes only in the first column */
    expect(PDN_TOK_END, "");
    close_text();
}

/* Tags: several on a line, quotes inside, an unquoted value, values longer than any bound. */
static void test_tags(void **state)
{
    (void)state;
    open_str("[Event \"the \"big\" game\"][Site  Amsterdam ] [Round \"C:\\\\\"]\n[White \"x\n[Black]\n");
    PdnToken t = expect(PDN_TOK_TAG, "Event");
    assert_string_equal(t.value, "the \"big\" game");
    t = expect(PDN_TOK_TAG, "Site");
    assert_string_equal(t.value, "Amsterdam");
    t = expect(PDN_TOK_TAG, "Round");
    assert_string_equal(t.value, "C:\\");
    t = expect(PDN_TOK_ERROR, "White");
    assert_string_equal(t.why, "a tag value without its closing '\"'");
    expect(PDN_TOK_TAG, "Black");   /* a tag without a value has the empty one */
    expect(PDN_TOK_END, "");
    close_text();

    size_t n = 200000;
    char *big = malloc(n + 70000 + 32);
    memcpy(big, "[Annotator \"", 12);
    memset(big + 12, 'a', n);
    strcpy(big + 12 + n, "\"] {");
    memset(big + 16 + n, 'c', 70000);
    strcpy(big + 16 + n + 70000, "} 2-0");
    open_str(big);
    t = expect(PDN_TOK_TAG, "Annotator");
    assert_true(strlen(t.value) >= 1024 && strlen(t.value) < n);
    t = expect(PDN_TOK_COMMENT, NULL);
    assert_int_equal(strlen(t.text), 70000);
    expect(PDN_TOK_RESULT, "2-0");
    close_text();
    free(big);
}

/* Comments and variations over lines; unterminated ones end at the next tag line. */
static void test_comments_and_variations(void **state)
{
    (void)state;
    open_str("{one\n  two}\n(1. 32-28 ; a remark\n 19-23 {3)} ) {never closed\n\n[Event \"next\"]\n(open\n");
    PdnToken t = expect(PDN_TOK_COMMENT, "one two");
    assert_int_equal(t.line, 1);
    t = expect(PDN_TOK_VARIATION, "1. 32-28 {a remark} 19-23 {3)}");
    assert_int_equal(t.line, 3);
    t = expect(PDN_TOK_ERROR, "never closed");
    assert_string_equal(t.why, "unterminated comment: no '}'");
    t = expect(PDN_TOK_TAG, "Event");
    assert_int_equal(t.line, 6);
    t = expect(PDN_TOK_ERROR, "open");
    assert_string_equal(t.why, "unterminated variation: no ')'");
    expect(PDN_TOK_END, "");
    close_text();
}

/* A '(' or '{' at a line's end inside a variation takes no space after it, as on one line: the
 * writer may wrap the text anywhere and it reads back the same. */
static void test_variation_line_end_after_opening(void **state)
{
    (void)state;
    open_str("(1. 32-28 {a (\n remark} (\n 19-23) {\nx})\n(1. 32-28 {a ( remark} ( 19-23) { x})");
    expect(PDN_TOK_VARIATION, "1. 32-28 {a (remark} (19-23) {x}");
    expect(PDN_TOK_VARIATION, "1. 32-28 {a (remark} (19-23) {x}");
    expect(PDN_TOK_END, "");
    close_text();
}

static void test_errors_and_push_back(void **state)
{
    (void)state;
    open_str("$0 $256 $ !!! ) } ] 14x2a 32-28x abc 2.5 32-28");
    const char *bad[] = {"$0", "$256", "$", "!!!", ")", "}", "]", "14x2a", "32-28x", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        PdnToken t = expect(PDN_TOK_ERROR, bad[i]);
        assert_true(strlen(t.why) > 0);
    }
    expect(PDN_TOK_NUMBER, "2.");
    expect(PDN_TOK_ERROR, "5");
    expect(PDN_TOK_MOVE, "32-28");
    pdn_lex_push_back(&lex);
    expect(PDN_TOK_MOVE, "32-28");
    expect(PDN_TOK_END, "");
    close_text();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind),
        cmocka_unit_test(test_glued_and_padded),
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_tags),
        cmocka_unit_test(test_comments_and_variations),
        cmocka_unit_test(test_variation_line_end_after_opening),
        cmocka_unit_test(test_errors_and_push_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
