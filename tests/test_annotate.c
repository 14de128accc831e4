/* annotate_run over files: the output reads back with the same games (moves, tags, the comments,
 * glyphs, NAGs and variations they had, ours added), broken games are named on stderr, written
 * back with a note and the others annotated, --games chooses, charts are written. Small node
 * counts: what is checked here does not depend on the scores. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate/annotate.h"
#include "annotate/annotate_record.h"
#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "pdn/pdn_read.h"
#include "rules/rules.h"

#define COMMENTS_PDN "tests/data/pdn/comments.pdn"
#define BROKEN_PDN "tests/data/pdn/broken.pdn"

static int setup(void **state)
{
    (void)state;
    rules_init();
    eval_init();
    bitbase_init();
    return 0;
}

static AnnotateRunConfig config(void)
{
    AnnotateRunConfig cfg = {.game = {.limits = {.nodes = 2000}, .backward = true, .judge = {true, true}},
                             .threads = 1};
    return cfg;
}

/* Runs annotate_run on the file path; out and err are rewound scratch files the caller closes. */
static bool run(const char *path, const AnnotateRunConfig *cfg, FILE **out, FILE **err, AnnotateTotals *t)
{
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    *out = tmpfile();
    *err = tmpfile();
    FILE *table = tmpfile();
    assert_true(*out && *err && table);
    bool ok = annotate_run(in, path, cfg, *out, table, *err, t);
    fclose(in);
    fclose(table);
    rewind(*out);
    rewind(*err);
    return ok;
}

/* Reads every game of f (good or broken) into games[] (at most max); returns how many. */
static int read_all(FILE *f, const char *name, PdnGame *games, int max)
{
    PdnReader *r = pdn_reader_new(f, name);
    int n = 0;
    PdnGame g;
    pdn_game_init(&g);
    while (n < max && pdn_reader_next(r, &g) != PDN_READ_END) {
        games[n++] = g;
        pdn_game_init(&g);
    }
    pdn_game_free(&g);
    pdn_reader_free(r);
    return n;
}

/* Whether the first count texts of b are those of a (a's all, in order). */
static bool texts_kept(const PdnTexts *a, const PdnTexts *b)
{
    if (b->count < a->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->items[i], b->items[i]) != 0)
            return false;
    return true;
}

static void test_round_trip(void **state)
{
    (void)state;
    AnnotateRunConfig cfg = config();
    FILE *out, *err;
    AnnotateTotals t;
    assert_true(run(COMMENTS_PDN, &cfg, &out, &err, &t));
    assert_int_equal(t.annotated, 9);
    assert_int_equal(t.skipped, 0);
    static PdnGame before[10], after[10];
    FILE *in = fopen(COMMENTS_PDN, "rb");
    int n = read_all(in, COMMENTS_PDN, before, 10);
    fclose(in);
    assert_int_equal(n, 9);
    assert_int_equal(read_all(out, "annotated", after, 10), n);
    for (int k = 0; k < n; k++) {
        const PdnGame *a = &before[k], *b = &after[k];
        assert_int_equal(b->move_count, a->move_count);
        for (int i = 0; i < a->move_count; i++) {
            const PdnMove *ma = &a->moves[i], *mb = &b->moves[i];
            assert_true(ma->move == mb->move);
            assert_true(texts_kept(&ma->comments_before, &mb->comments_before));
            assert_true(texts_kept(&ma->comments, &mb->comments));
            assert_int_equal(mb->comments.count, ma->comments.count + 1);   /* ours: "BEFORE -> AFTER ..." */
            assert_non_null(strstr(mb->comments.items[ma->comments.count], " -> "));
            assert_true(texts_kept(&ma->variations, &mb->variations));
            if (ma->glyph[0])
                assert_string_equal(mb->glyph, ma->glyph);
            assert_int_equal(mb->nag_count, ma->nag_count);
        }
        for (int i = 0; i < a->tag_count; i++)
            assert_string_equal(pdn_game_tag(b, a->tags[i].name), pdn_game_tag(a, a->tags[i].name));
        assert_int_equal(b->tag_count, a->tag_count + 1);
        assert_true(strncmp(pdn_game_tag(b, "Annotator"), ANNOTATE_ANNOTATOR, strlen(ANNOTATE_ANNOTATOR)) == 0);
        assert_true(texts_kept(&a->intro, &b->intro));
        assert_non_null(strstr(b->intro.items[a->intro.count], "White's view"));
        assert_int_equal(b->result, a->result);
        assert_string_equal(b->result_text, a->result_text);
        pdn_game_free(&before[k]);
        pdn_game_free(&after[k]);
    }
    fclose(out);
    fclose(err);
}

/* The whole of f's text (rewound first), to be freed. */
static char *slurp(FILE *f)
{
    rewind(f);
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (size_t got; (got = fread(text + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            cap *= 2;
            text = realloc(text, cap);
            assert_non_null(text);
        }
    }
    text[n] = '\0';
    return text;
}

static void test_annotated_again(void **state)
{
    (void)state;
    /* the output annotated again is the same text: the old annotations go, the new ones come */
    AnnotateRunConfig cfg = config();
    FILE *out, *err, *out2, *err2;
    AnnotateTotals t;
    assert_true(run(COMMENTS_PDN, &cfg, &out, &err, &t));
    char path[] = "/tmp/annotate_again_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char *first = slurp(out);
    FILE *f = fopen(path, "w");
    fputs(first, f);
    fclose(f);
    assert_true(run(path, &cfg, &out2, &err2, &t));
    char *second = slurp(out2);
    assert_string_equal(second, first);
    remove(path);
    free(first);
    free(second);
    fclose(out);
    fclose(err);
    fclose(out2);
    fclose(err2);
}

static void test_broken_games(void **state)
{
    (void)state;
    AnnotateRunConfig cfg = config();
    FILE *out, *err;
    AnnotateTotals t;
    assert_true(run(BROKEN_PDN, &cfg, &out, &err, &t));
    assert_int_equal(t.games, 14);
    assert_int_equal(t.annotated, 4);
    assert_int_equal(t.skipped, 10);
    assert_int_equal(t.skipped_games[0], 2);
    /* one line each, with the file, game, line, move and why */
    char line[1024];
    assert_non_null(fgets(line, sizeof line, err));
    assert_string_equal(line, BROKEN_PDN ": game 2, line 7: move \"28-22\": not legal here (White to move, who must "
                              "capture); skipped\n");
    int lines = 1;
    while (fgets(line, sizeof line, err))
        lines++;
    assert_int_equal(lines, 10);
    /* every game comes back: the broken ones with their tags and a note, the others annotated */
    static PdnGame games[16];
    int n = read_all(out, "annotated", games, 16);
    assert_int_equal(n, 14);
    int notes = 0, annotated = 0;
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < games[k].intro.count; i++)
            notes += strstr(games[k].intro.items[i], "not annotated, the game is broken") != NULL;
        annotated += pdn_game_tag(&games[k], "Annotator") != NULL;
        pdn_game_free(&games[k]);
    }
    assert_int_equal(notes, 10);
    assert_int_equal(annotated, 4);
    fclose(out);
    fclose(err);
}

static void test_games_chosen_and_charts(void **state)
{
    (void)state;
    AnnotateRunConfig cfg = config();
    assert_null(game_list_parse("5,1-2", &cfg.games));
    char dir[] = "/tmp/annotate_svg_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char sub[64];
    snprintf(sub, sizeof sub, "%s/charts", dir);   /* made by the run */
    cfg.svg_dir = sub;
    FILE *out, *err;
    AnnotateTotals t;
    assert_true(run(BROKEN_PDN, &cfg, &out, &err, &t));
    assert_int_equal(t.annotated, 2);   /* games 1 and 5 */
    assert_int_equal(t.skipped, 1);     /* game 2 */
    static PdnGame games[4];
    int n = read_all(out, "annotated", games, 4);
    assert_int_equal(n, 3);
    assert_string_equal(pdn_game_tag(&games[2], "Event"), "good 5");
    for (int k = 0; k < n; k++)
        pdn_game_free(&games[k]);
    char path[128];
    for (int g = 1; g <= 5; g++) {
        snprintf(path, sizeof path, "%s/game-%d.svg", sub, g);
        FILE *f = fopen(path, "r");
        assert_true((f != NULL) == (g == 1 || g == 5));
        if (f) {
            char head[8] = "";
            assert_non_null(fgets(head, sizeof head, f));
            assert_string_equal(head, "<svg xm");
            fclose(f);
            remove(path);
        }
    }
    rmdir(sub);
    rmdir(dir);
    char *said = slurp(err);
    assert_null(strstr(said, "--games names"));
    free(said);
    fclose(out);
    fclose(err);
    /* a number past the file's games is said, not silently dropped */
    cfg.svg_dir = NULL;
    assert_null(game_list_parse("99", &cfg.games));
    assert_true(run(BROKEN_PDN, &cfg, &out, &err, &t));
    assert_int_equal(t.annotated, 0);
    said = slurp(err);
    char expected[80];
    snprintf(expected, sizeof expected, "--games names games up to 99; the file holds %d\n", t.games);
    assert_non_null(strstr(said, expected));
    free(said);
    fclose(out);
    fclose(err);
}

static void test_limit_text(void **state)
{
    (void)state;
    char limit[32];
    SearchLimits l = {.depth = 9};
    annotate_limit_text(&l, limit, sizeof limit);
    assert_string_equal(limit, "depth=9");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_annotated_again),
        cmocka_unit_test(test_broken_games),
        cmocka_unit_test(test_games_chosen_and_charts),
        cmocka_unit_test(test_limit_text),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
