/* The subcommands' option parser (util/opts.h): every kind of option, positional words, and the
 * refusals, whose message goes to stderr (captured here through a temporary file). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/opts.h"

typedef struct {
    bool divide;
    long nodes;
    double rate;
    const char *out;
    char tc[128];
    int params;
    long depth;
    int nodes_at, depth_at;
    const char *each[4];
    int each_count;
} Options;

/* Sends stderr to a temporary file until capture_end, which copies what was written to text. */
typedef struct {
    FILE *tmp;
    int saved;
} Capture;

static Capture capture_start(void)
{
    fflush(stderr);
    Capture c = {tmpfile(), dup(2)};
    assert_non_null(c.tmp);
    dup2(fileno(c.tmp), 2);
    return c;
}

static void capture_end(Capture *c, char *text, size_t size)
{
    fflush(stderr);
    dup2(c->saved, 2);
    close(c->saved);
    rewind(c->tmp);
    size_t n = fread(text, 1, size - 1, c->tmp);
    text[n] = '\0';
    fclose(c->tmp);
}

static const char *take_tc(void *ctx, const char *value)
{
    Options *o = ctx;
    snprintf(o->tc, sizeof o->tc, "%s", value);
    return strchr(value, '=') ? NULL : "expected key=value words";
}

static const char *count_param(void *ctx, const char *value)
{
    (void)value;
    ((Options *)ctx)->params++;
    return NULL;
}

static const char *keep_word(void *ctx, const char *word)
{
    Options *o = ctx;
    if (o->each_count == 4)
        return "too many words";
    o->each[o->each_count++] = word;
    return NULL;
}

/* Parses the words of line (at most 32) with a fixed table; stderr's text goes to err. */
static bool parse(const char *line, Options *o, const char **pos, char *err, size_t size)
{
    static char copy[512];   /* the words stay valid for the caller */
    char *argv[32];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w && argc < 32; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    memset(o, 0, sizeof *o);
    const OptSpec specs[] = {
        OPTS_FLAG("--divide", &o->divide),
        {.name = "--nodes", .kind = OPT_INT, .out = &o->nodes, .lo = 1, .hi = 1000, .at = &o->nodes_at},
        {.name = "--depth", .kind = OPT_INT, .out = &o->depth, .lo = 1, .hi = 60, .at = &o->depth_at},
        OPTS_REAL("--rate", &o->rate, 0, 10),
        OPTS_TEXT("--out", &o->out),
        OPTS_WORDS("--tc", o, take_tc),
        OPTS_CALL("--param", o, count_param),
        OPTS_EACH("--each", o, keep_word),
        OPTS_END,
    };
    Capture c = capture_start();
    bool ok = opts_parse("test", specs, argc, argv, 1, pos, 1, 2);
    capture_end(&c, err, size);
    return ok;
}

static void test_every_kind(void **state)
{
    (void)state;
    Options o;
    const char *pos[2] = {0};
    char err[512];
    assert_true(parse("test start --divide --nodes 50 --rate 0.5 --out f.bin --tc move-time=0.1 inc=0 --param a=1 "
                      "--param b=2 5",
                      &o, pos, err, sizeof err));
    assert_string_equal(err, "");
    assert_true(o.divide);
    assert_int_equal(o.nodes, 50);
    assert_true(o.rate == 0.5);
    assert_string_equal(o.out, "f.bin");
    assert_string_equal(o.tc, "move-time=0.1 inc=0");
    assert_int_equal(o.params, 2);
    assert_string_equal(pos[0], "start");
    assert_string_equal(pos[1], "5");
    assert_true(parse("test --nodes 5 --nodes 7 x", &o, pos, err, sizeof err));
    assert_int_equal(o.nodes, 7);
}

/* OPT_EACH hands over every word on its own (pointing into argv); `at` tells which of two
 * options came last. */
static void test_each_and_order(void **state)
{
    (void)state;
    Options o;
    const char *pos[2] = {0};
    char err[512];
    assert_true(parse("test --each a=1 b c --nodes 9 --depth 3 x --each d", &o, pos, err, sizeof err));
    assert_int_equal(o.each_count, 4);
    assert_string_equal(o.each[1], "b");
    assert_string_equal(o.each[3], "d");
    assert_string_equal(pos[0], "x");
    assert_true(o.depth_at > o.nodes_at && o.nodes_at > 0);
    assert_true(parse("test --depth 3 --nodes 9 x", &o, pos, err, sizeof err));
    assert_true(o.nodes_at > o.depth_at && o.depth_at > 0);
    assert_false(parse("test x --each a b c d e", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: bad --each \"e\": too many words\n");
    assert_false(parse("test x --each --nodes 3", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: --each needs a value\n");
}

/* The helpers for what the table cannot say: numbers inside values, other refusals, --help. */
static void test_helpers(void **state)
{
    (void)state;
    long n = 0;
    double r = 0;
    assert_true(opts_read_long("-12", -20, 0, &n));
    assert_int_equal(n, -12);
    assert_false(opts_read_long("13", -20, 12, &n));
    assert_false(opts_read_long("1x", 0, 20, &n));
    assert_false(opts_read_long("", 0, 20, &n));
    assert_false(opts_read_long("99999999999999999999", 0, 20, &n));
    assert_true(opts_read_real("0.25", 0, 1, &r));
    assert_true(r == 0.25);
    assert_false(opts_read_real("nan", 0, 1, &r));
    assert_false(opts_read_real("1.5", 0, 1, &r));
    char err[128];
    Capture c = capture_start();
    int code = opts_refuse("test", "%s is required", "--out");
    capture_end(&c, err, sizeof err);
    assert_int_equal(code, OPTS_REFUSED);
    assert_string_equal(err, "engine test: --out is required\n");
    char *plain[] = {"engine", "test", "x", "-h"};
    char *help[] = {"engine", "test", "x", "--help"};
    char *short_help[] = {"engine", "test", "-h"};
    assert_false(opts_help(4, plain, 2, ""));
    assert_true(opts_help(4, help, 2, ""));
    assert_true(opts_help(3, short_help, 2, ""));
}

static void test_refusals(void **state)
{
    (void)state;
    Options o;
    const char *pos[2];
    char err[512];
    assert_false(parse("test x --nodes 0", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: bad --nodes \"0\": expected an integer 1-1000\n");
    assert_false(parse("test x --nodes", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: --nodes needs a value\n");
    assert_false(parse("test x --out --divide", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: --out needs a value\n");
    assert_false(parse("test x --rate 11", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: bad --rate \"11\": expected a number 0-10\n");
    assert_false(parse("test x --tc fast", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: bad --tc \"fast\": expected key=value words\n");
    assert_false(parse("test x --fly", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: unknown option \"--fly\" (options: --divide --nodes --depth --rate --out "
                             "--tc --param --each)\n");
    assert_false(parse("test", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: 1 argument expected, 0 given\n");
    assert_false(parse("test a b c", &o, pos, err, sizeof err));
    assert_string_equal(err, "engine test: unexpected argument \"c\"\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_each_and_order),
        cmocka_unit_test(test_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
