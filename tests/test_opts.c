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
} Options;

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
        OPTS_INT("--nodes", &o->nodes, 1, 1000),
        OPTS_REAL("--rate", &o->rate, 0, 10),
        OPTS_TEXT("--out", &o->out),
        OPTS_WORDS("--tc", o, take_tc),
        OPTS_CALL("--param", o, count_param),
        OPTS_END,
    };
    fflush(stderr);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(2);
    dup2(fileno(tmp), 2);
    bool ok = opts_parse("test", specs, argc, argv, 1, pos, 1, 2);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t n = fread(err, 1, size - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
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
    assert_string_equal(err, "engine test: unknown option \"--fly\" (options: --divide --nodes --rate --out --tc "
                             "--param)\n");
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
