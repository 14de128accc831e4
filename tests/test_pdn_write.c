/* The PDN writer: every game of every test file written and read back is the same game (tags,
 * start, moves, comments, NAGs, glyphs, variations, result), within 80 columns; and the writer's
 * own choices (numbers after comments, escapes, wrapping). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "pdn/pdn_move.h"
#include "pdn/pdn_read.h"
#include "pdn/pdn_write.h"

static int setup(void **state)
{
    (void)state;
    rules_init();
    return 0;
}

static void assert_same_texts(const PdnTexts *a, const PdnTexts *b)
{
    assert_int_equal(a->count, b->count);
    for (int i = 0; i < a->count; i++)
        assert_string_equal(a->items[i], b->items[i]);
}

static void assert_same_record(const PdnGame *a, const PdnGame *b)
{
    assert_int_equal(a->tag_count, b->tag_count);
    for (int i = 0; i < a->tag_count; i++) {
        assert_string_equal(a->tags[i].name, b->tags[i].name);
        assert_string_equal(a->tags[i].value, b->tags[i].value);
    }
    assert_true(a->start.key == b->start.key);
    assert_int_equal(a->start.variant, b->start.variant);
    assert_int_equal(a->first_number, b->first_number);
    assert_same_texts(&a->intro, &b->intro);
    assert_same_texts(&a->intro_variations, &b->intro_variations);
    assert_int_equal(a->move_count, b->move_count);
    for (int i = 0; i < a->move_count; i++) {
        const PdnMove *x = &a->moves[i], *y = &b->moves[i];
        assert_true(x->move == y->move);
        assert_same_texts(&x->comments_before, &y->comments_before);
        assert_same_texts(&x->comments, &y->comments);
        assert_same_texts(&x->variations, &y->variations);
        assert_int_equal(x->nag_count, y->nag_count);
        assert_memory_equal(x->nags, y->nags, (size_t)x->nag_count);
        assert_string_equal(x->glyph, y->glyph);
    }
    assert_true(a->end.key == b->end.key);
    if (a->result_text[0]) {
        assert_string_equal(a->result_text, b->result_text);
        assert_int_equal(a->result, b->result);
    } else {
        assert_string_equal(b->result_text, "*");   /* a broken game without one is written unfinished */
    }
}

/* Every line of the movetext of text is within the width, unless it is one word. */
static void assert_lines_fit(const char *text)
{
    for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
        size_t len = (size_t)(strchr(line, '\n') - line);
        if (line[0] != '[' && len > PDN_LINE_WIDTH && memchr(line + 1, ' ', len - 1))
            fail_msg("a line of %zu columns: %.*s", len, (int)len, line);
    }
}

/* Writes g and reads it back into back; returns the text (caller frees). When why is not NULL,
 * the game was broken by its set-up (FEN, rules) and must be again, for the same reason. */
static char *write_and_read_broken(const PdnGame *g, PdnGame *back, const char *why)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_true(pdn_write(out, g));
    fclose(out);
    assert_true(len >= 2 && text[len - 1] == '\n' && text[len - 2] == '\n');
    FILE *in = fmemopen(text, len, "rb");
    PdnReader *r = pdn_reader_new(in, "again.pdn");
    PdnReadStatus st = pdn_reader_next(r, back);
    if (why) {
        assert_int_equal(st, PDN_READ_BROKEN);
        assert_string_equal(pdn_reader_error(r)->why, why);
    } else if (st != PDN_READ_OK) {
        fail_msg("%s\n%s", pdn_reader_error(r)->message, text);
    }
    PdnGame none;
    pdn_game_init(&none);
    assert_int_equal(pdn_reader_next(r, &none), PDN_READ_END);
    pdn_reader_free(r);
    fclose(in);
    return text;
}

static char *write_and_read(const PdnGame *g, PdnGame *back) { return write_and_read_broken(g, back, NULL); }

/* Every game of the file, broken ones included (what they kept), comes back the same. */
static int round_trip_file(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "tests/data/pdn/%s", name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    PdnReader *r = pdn_reader_new(f, name);
    PdnGame g, back;
    pdn_game_init(&g);
    pdn_game_init(&back);
    int games = 0;
    for (PdnReadStatus st; (st = pdn_reader_next(r, &g)) != PDN_READ_END; games++) {
        const char *why = pdn_reader_error(r)->why;
        if (st == PDN_READ_BROKEN && (strncmp(why, "FEN", 3) == 0 || strncmp(why, "GameType", 8) == 0)) {
            /* broken by its set-up, it is broken again for the same reason */
            pdn_game_free(&back);
            free(write_and_read_broken(&g, &back, why));
            assert_int_equal(back.tag_count, g.tag_count);
            continue;
        }
        char *text = write_and_read(&g, &back);
        assert_same_record(&g, &back);
        assert_lines_fit(text);
        /* and the writer is stable: the second writing is the first */
        PdnGame third;
        pdn_game_init(&third);
        char *again = write_and_read(&back, &third);
        assert_string_equal(text, again);
        free(again);
        free(text);
        pdn_game_free(&third);
    }
    pdn_game_free(&g);
    pdn_game_free(&back);
    pdn_reader_free(r);
    fclose(f);
    return games;
}

static void test_round_trip_files(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int games;
    } files[] = {
        {"setups.pdn", 6},        {"variants.pdn", 5},      {"notation.pdn", 7},  {"comments.pdn", 9},
        {"crlf_bom_utf8.pdn", 2}, {"cr_latin1.pdn", 2},     {"long_line.pdn", 1}, {"back_to_back.pdn", 7},
        {"broken.pdn", 14},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        assert_int_equal(round_trip_file(files[i].name), files[i].games);
}

/* Reads text's first game into g. */
static void read_text(const char *text, PdnGame *g)
{
    FILE *in = fmemopen((void *)text, strlen(text), "rb");
    PdnReader *r = pdn_reader_new(in, "text.pdn");
    assert_int_equal(pdn_reader_next(r, g), PDN_READ_OK);
    pdn_reader_free(r);
    fclose(in);
}

static void test_writer_choices(void **state)
{
    (void)state;
    PdnGame g, back;
    pdn_game_init(&g);
    pdn_game_init(&back);
    read_text("[Event \"say \\\"hi\\\" C:\\\\\"]\n23. 32-28 {c} 19-23 24. 28x19 (24. 37-32) 14x23 $7 1-0", &g);
    assert_string_equal(pdn_game_tag(&g, "Event"), "say \"hi\" C:\\");
    char *text = write_and_read(&g, &back);
    /* quotes and backslashes escaped; numbers from 23 on; no "N..." after a comment or variation */
    assert_string_equal(text, "[Event \"say \\\"hi\\\" C:\\\\\"]\n\n"
                              "23. 32-28 {c} 19-23 24. 28x19 (24. 37-32) 14x23 $7 1-0\n\n");
    free(text);
    pdn_game_free(&back);

    /* a record made in code: a comment with '}' and a line end, no tags, no result, and a long
     * comment whose words begin with '[' and '%' where a line would start */
    pdn_game_free(&g);
    Move m;
    char why[256];
    assert_int_equal(pdn_move_parse(&g.end, "32-28", &m, why, sizeof why), PDN_MOVE_OK);
    PdnMove *pm = pdn_game_add_move(&g, m);
    const char *odd = "a } b\nc";
    assert_true(pdn_game_add_text(&pm->comments, odd, strlen(odd)));
    char long_text[400] = "";
    for (int i = 0; strlen(long_text) < 300; i++)
        strcat(long_text, i % 3 == 0 ? "[Event \"x\"] " : i % 3 == 1 ? "%escape " : "word ");
    strcat(long_text, "end");
    assert_true(pdn_game_add_text(&pm->comments, long_text, strlen(long_text)));
    text = write_and_read(&g, &back);
    assert_int_equal(strncmp(text, "1. 32-28 ;a } b c\n{", 19), 0);   /* '}' cannot be braced */
    assert_lines_fit(text);
    for (const char *line = text; *line; line = strchr(line, '\n') + 1)
        assert_true(line[0] != '[' && line[0] != '%');
    assert_string_equal(back.moves[0].comments.items[0], "a } b c");
    assert_string_equal(back.moves[0].comments.items[1], long_text);
    assert_string_equal(back.result_text, "*");
    free(text);
    pdn_game_free(&back);
    pdn_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_files),
        cmocka_unit_test(test_writer_choices),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
