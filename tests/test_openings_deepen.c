/* Deepened match openings: every kept opening is reached from its start position by exactly the
 * plies asked, lines outside the band are dropped, repeats are dropped, and the file depends on the seed
 * but not on the thread count. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "opening/openings.h"
#include "opening/openings_deepen.h"
#include "rules/make.h"
#include "rules/movegen.h"
#include "rules/rules.h"

/* Two balanced ballots, then a start where White is three men up. */
#define BALLOT_A "B:W28,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,24"
#define BALLOT_B "B:W29,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,22"
#define LOPSIDED "W:W27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17"

static char *temp_path(const char *tag)
{
    static char path[8][64];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 64, "/tmp/test_openings_%s_%d.fen", tag, (int)getpid());
    return p;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

static OpeningsDeepenConfig config(const char *from, const char *out, long count, long plies)
{
    OpeningsDeepenConfig cfg;
    openings_deepen_default(&cfg);
    cfg.from = from;
    cfg.out = out;
    cfg.count = count;
    cfg.plies = plies;
    cfg.nodes = 3000;
    cfg.band_hi = 60;
    return cfg;
}

/* Whether a and b are the same position (key, men and turn). */
static bool same_position(const Position *a, const Position *b)
{
    return a->key == b->key && position_occupied(a) == position_occupied(b) && a->turn == b->turn;
}

/* Whether target is reached from pos by exactly plies legal moves. */
static bool reachable(const Position *pos, int plies, const Position *target)
{
    if (plies == 0)
        return same_position(pos, target);
    MoveList list;
    movegen_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Position next;
        make_move(pos, list.moves[i], &next, true);
        if (reachable(&next, plies - 1, target))
            return true;
    }
    return false;
}

/* Each kept opening i lies exactly `plies` legal plies beyond start i % 2, and balanced starts
 * yield most of what was asked. */
static void test_openings_are_reached_by_the_plies(void **state)
{
    (void)state;
    const char *from = temp_path("from"), *out = temp_path("out");
    write_file(from, "# two ballots\n" BALLOT_A "\n" BALLOT_B "\n");
    OpeningsDeepenConfig cfg = config(from, out, 8, 3);
    assert_true(openings_deepen_run(&cfg));
    Position *starts, *made;
    char err[256];
    assert_int_equal(openings_load(from, VARIANT_NORMAL, &starts, err, sizeof err), 2);
    int n = openings_load(out, VARIANT_NORMAL, &made, err, sizeof err);
    assert_true(n >= 4 && n <= 8);
    for (int i = 0; i < n; i++)
        assert_true(reachable(&starts[0], 3, &made[i]) || reachable(&starts[1], 3, &made[i]));
    free(starts);
    free(made);
    unlink(from);
    unlink(out);
}

/* A start three men up has no balanced line: nothing is kept, and the file says so. */
static void test_unbalanced_lines_are_dropped(void **state)
{
    (void)state;
    const char *from = temp_path("lop"), *out = temp_path("lopout");
    write_file(from, LOPSIDED "\n");
    OpeningsDeepenConfig cfg = config(from, out, 3, 2);
    assert_true(openings_deepen_run(&cfg));
    char *text = read_all(out);
    assert_non_null(strstr(text, "# engine openings: 0 of 3 openings"));
    assert_null(strchr(strchr(text, '\n') + 1, ':'));
    free(text);
    cfg.band_hi = 10000;
    assert_true(openings_deepen_run(&cfg));
    text = read_all(out);
    assert_non_null(strstr(text, "openings: "));
    assert_null(strstr(text, " 0 of 3"));
    free(text);
    unlink(from);
    unlink(out);
}

/* With margin 0 only the best move (or moves tied with it) is played, so the 4 lines asked from one
 * start repeat each other: fewer are kept, each one once, and the header counts them. */
static void test_repeats_are_dropped(void **state)
{
    (void)state;
    const char *from = temp_path("rep"), *out = temp_path("repout");
    write_file(from, BALLOT_A "\n");
    OpeningsDeepenConfig cfg = config(from, out, 4, 2);
    cfg.margin = 0;
    cfg.band_hi = 10000;
    assert_true(openings_deepen_run(&cfg));
    Position *made;
    char err[256], head[64];
    int n = openings_load(out, VARIANT_NORMAL, &made, err, sizeof err);
    assert_true(n >= 1 && n < 4);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            assert_false(same_position(&made[i], &made[j]));
    free(made);
    char *text = read_all(out);
    snprintf(head, sizeof head, "# engine openings: %d of 4 openings", n);
    assert_non_null(strstr(text, head));
    free(text);
    unlink(from);
    unlink(out);
}

/* The band keeps one side's edge, either side's: the start three men up is kept by a band far
 * from equality, the balanced ballots by none. */
static void test_band_keeps_edges_in_it(void **state)
{
    (void)state;
    const char *lop = temp_path("blop"), *bal = temp_path("bbal"), *out = temp_path("bout");
    write_file(lop, LOPSIDED "\n");
    write_file(bal, BALLOT_A "\n" BALLOT_B "\n");
    OpeningsDeepenConfig cfg = config(lop, out, 3, 2);
    cfg.band_lo = 150;
    cfg.band_hi = 10000;
    assert_true(openings_deepen_run(&cfg));
    char *text = read_all(out);
    assert_non_null(strstr(text, "leads by 150 to 10000 centi-men"));
    assert_null(strstr(text, " 0 of 3"));
    free(text);
    cfg = config(bal, out, 4, 2);
    cfg.band_lo = 1000;
    cfg.band_hi = 10000;
    assert_true(openings_deepen_run(&cfg));
    text = read_all(out);
    assert_non_null(strstr(text, "# engine openings: 0 of 4 openings"));
    free(text);
    unlink(lop);
    unlink(bal);
    unlink(out);
}

/* The same seed gives the same file on 1 and 2 threads; another seed another file. */
static void test_seed_decides_not_threads(void **state)
{
    (void)state;
    const char *a = temp_path("t1"), *b = temp_path("t2"), *c = temp_path("s2");
    OpeningsDeepenConfig cfg = config(NULL, a, 12, 2);
    assert_true(openings_deepen_run(&cfg));
    cfg.out = b;
    cfg.threads = 2;
    assert_true(openings_deepen_run(&cfg));
    cfg.out = c;
    cfg.seed = 2;
    cfg.margin = 100;
    assert_true(openings_deepen_run(&cfg));
    char *ta = read_all(a), *tb = read_all(b), *tc = read_all(c);
    assert_string_equal(ta, tb);
    assert_string_not_equal(strchr(ta, '\n'), strchr(tc, '\n'));
    free(ta);
    free(tb);
    free(tc);
    unlink(a);
    unlink(b);
    unlink(c);
}

/* An unreadable start file or an unwritable output fails with a reason. */
static void test_bad_files_fail(void **state)
{
    (void)state;
    OpeningsDeepenConfig cfg = config("/nonexistent/openings.fen", temp_path("x"), 2, 1);
    assert_false(openings_deepen_run(&cfg));
    cfg = config(NULL, "/nonexistent/dir/out.fen", 2, 1);
    assert_false(openings_deepen_run(&cfg));
}

int main(void)
{
    rules_init();
    eval_init();
    bitbase_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_openings_are_reached_by_the_plies),
        cmocka_unit_test(test_unbalanced_lines_are_dropped),
        cmocka_unit_test(test_repeats_are_dropped),
        cmocka_unit_test(test_band_keeps_edges_in_it),
        cmocka_unit_test(test_seed_decides_not_threads),
        cmocka_unit_test(test_bad_files_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
