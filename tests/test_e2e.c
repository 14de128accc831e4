/* End to end: the built ./engine driven through pipes like a GUI would. Prints the measured
 * init time, ping latency during a search and exit delay after end of input as figures; the
 * assertions are about what happens (every awaited line comes, the engine exits), each waited for
 * up to WAIT_MS, so a loaded machine or a sanitizer build is slower but never fails them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#define ENGINE_PATH ENGINE_BIN
#define WAIT_MS 60000   /* the longest wait for any line or exit: far beyond any answer's time */

typedef struct {
    pid_t pid;
    int to_engine, from_engine;
    char buf[1 << 16];
    size_t len;
} Engine;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void sleep_ms(double ms)
{
    long ns = (long)(ms * 1e6);
    struct timespec ts = {.tv_sec = ns / 1000000000L, .tv_nsec = ns % 1000000000L};
    nanosleep(&ts, NULL);
}

/* Starts ./engine with one argument (or none) behind two pipes. */
static Engine *engine_proc_start(const char *arg)
{
    int in[2], out[2];
    if (access(ENGINE_PATH, X_OK) != 0)
        fail_msg("%s is missing: run make first", ENGINE_PATH);
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    Engine *e = calloc(1, sizeof *e);
    e->pid = fork();
    assert_true(e->pid >= 0);
    if (e->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl(ENGINE_PATH, "engine", arg, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->to_engine = in[1];
    e->from_engine = out[0];
    return e;
}

static void engine_proc_send(Engine *e, const char *text)
{
    size_t len = strlen(text);
    assert_int_equal(write(e->to_engine, text, len), (ssize_t)len);
}

/* Reads the next line into line (without the newline) within timeout_ms; false on timeout or EOF. */
static bool engine_line(Engine *e, char *line, size_t size, int timeout_ms)
{
    double deadline = now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            snprintf(line, size, "%.*s", (int)(n < size ? n : size - 1), e->buf);
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return true;
        }
        int left = (int)(deadline - now_ms());
        struct pollfd p = {.fd = e->from_engine, .events = POLLIN};
        if (left <= 0 || poll(&p, 1, left) <= 0)
            return false;
        ssize_t got = read(e->from_engine, e->buf + e->len, sizeof e->buf - e->len - 1);
        if (got <= 0)
            return false;
        e->len += (size_t)got;
    }
}

/* Reads lines until one starts with prefix (kept in line); false when none comes in time. */
static bool engine_wait(Engine *e, const char *prefix, char *line, size_t size, int timeout_ms)
{
    double deadline = now_ms() + timeout_ms;
    while (engine_line(e, line, size, (int)(deadline - now_ms())))
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return true;
    return false;
}

/* The next line, into line; fails the test, naming what was awaited, when none comes. */
static void expect_line(Engine *e, const char *what, char *line, size_t size)
{
    if (!engine_line(e, line, size, WAIT_MS))
        fail_msg("waited %d ms for %s from the engine: no line came (EOF or timeout)", WAIT_MS, what);
}

/* Lines until one starts with prefix (kept in line); fails the test, naming the prefix and the
 * last line seen, when none comes. */
static void expect_wait(Engine *e, const char *prefix, char *line, size_t size)
{
    line[0] = '\0';
    if (!engine_wait(e, prefix, line, size, WAIT_MS))
        fail_msg("waited %d ms for a line starting \"%s\"; the last line read was \"%s\"", WAIT_MS, prefix, line);
}

/* Waits up to timeout_ms for the engine to exit; returns its exit status, or -1 (then kills it). */
static int engine_exit(Engine *e, int timeout_ms)
{
    double deadline = now_ms() + timeout_ms;
    int status = -1;
    while (now_ms() < deadline) {
        pid_t r = waitpid(e->pid, &status, WNOHANG);
        if (r == e->pid)
            break;
        sleep_ms(0.5);
    }
    if (now_ms() >= deadline) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, NULL, 0);
        status = -1;
    }
    close(e->from_engine);
    if (e->to_engine >= 0)
        close(e->to_engine);
    free(e);
    return status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A Hub GUI session: handshake, parameters, init, a game position with moves, a search. */
static void test_gui_session(void **state)
{
    (void)state;
    char line[4096];
    double t0 = now_ms();
    Engine *e = engine_proc_start("hub");
    engine_proc_send(e, "hub\n");
    expect_line(e, "the id line answering hub", line, sizeof line);
    assert_true(strncmp(line, "id name=", 8) == 0);
    expect_wait(e, "wait", line, sizeof line);
    double t_wait = now_ms();
    engine_proc_send(e, "set-param name=tt-size value=32\nset-param name=ponder value=true\ninit\n");
    expect_wait(e, "ready", line, sizeof line);
    double t_ready = now_ms();
    printf("e2e: start to wait %.1f ms, init (2 set-param + init) to ready %.1f ms\n", t_wait - t0,
           t_ready - t_wait);
    engine_proc_send(e, "new-game\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"\n"
                   "level depth=4\ngo think\n");
    expect_wait(e, "info ", line, sizeof line);   /* the only legal move, shown as the GUI's line */
    assert_non_null(strstr(line, " pv=\"28x19x23\""));
    expect_wait(e, "done", line, sizeof line);
    assert_string_equal(line, "done move=28x19x23");
    engine_proc_send(e, "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww\n"
                   "level move-time=0.05\ngo think\n");
    expect_wait(e, "done move=", line, sizeof line);
    char move[64], ponder[64];
    int n = sscanf(line, "done move=%63s ponder=%63s", move, ponder);
    assert_true(n >= 1);
    engine_proc_send(e, "quit\n");
    assert_int_equal(engine_exit(e, WAIT_MS), 0);
}

/* ping during a search is answered at once; stop ends the search with done. */
static void test_ping_latency(void **state)
{
    (void)state;
    char line[4096];
    Engine *e = engine_proc_start("hub");
    engine_proc_send(e, "pos start\nlevel infinite\ngo analyze\n");
    expect_wait(e, "info", line, sizeof line);
    double worst = 0, total = 0;
    const int rounds = 10;
    for (int i = 0; i < rounds; i++) {
        sleep_ms(20);
        double t = now_ms();
        engine_proc_send(e, "ping\n");
        expect_wait(e, "pong", line, sizeof line);
        double dt = now_ms() - t;
        total += dt;
        worst = dt > worst ? dt : worst;
    }
    printf("e2e: ping during search: mean %.2f ms, worst %.2f ms over %d pings\n", total / rounds, worst, rounds);
    double t = now_ms();
    engine_proc_send(e, "stop\n");
    expect_wait(e, "done move=", line, sizeof line);
    printf("e2e: stop to done %.2f ms\n", now_ms() - t);
    engine_proc_send(e, "quit\n");
    assert_int_equal(engine_exit(e, WAIT_MS), 0);
}

/* Closing the engine's input mid-search makes it exit at once. */
static void test_eof_mid_search(void **state)
{
    (void)state;
    char line[4096];
    Engine *e = engine_proc_start("hub");
    engine_proc_send(e, "level infinite\ngo analyze\n");
    expect_wait(e, "info", line, sizeof line);
    sleep_ms(50);
    double t = now_ms();
    close(e->to_engine);
    e->to_engine = -1;
    int status;
    pid_t pid = e->pid;
    bool exited = false;
    while (!(exited = waitpid(pid, &status, WNOHANG) == pid) && now_ms() - t < WAIT_MS)
        sleep_ms(0.2);
    if (!exited) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        fail_msg("the engine did not exit within %d ms of the end of its input mid-search", WAIT_MS);
    }
    printf("e2e: end of input mid-search to exit %.2f ms\n", now_ms() - t);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(e->from_engine);
    free(e);
}

/* Bad bytes and bad commands through a real pipe: one error each, the engine keeps going. */
static void test_bad_input(void **state)
{
    (void)state;
    char line[4096];
    Engine *e = engine_proc_start("hub");
    const char bad[] = "x\0y\n\xff\n\nlevel depth=abc\ngo fly\npos pos=W\r\n";
    assert_int_equal(write(e->to_engine, bad, sizeof bad - 1), (ssize_t)(sizeof bad - 1));
    for (int i = 0; i < 6; i++) {
        expect_line(e, "one error line for each of the 6 bad lines", line, sizeof line);
        assert_true(strncmp(line, "error message=", 14) == 0);
    }
    engine_proc_send(e, "ping\r\n");
    expect_line(e, "pong", line, sizeof line);
    assert_string_equal(line, "pong");
    engine_proc_send(e, "quit\n");
    assert_int_equal(engine_exit(e, WAIT_MS), 0);
}

/* ./engine without arguments: a banner line, then the same loop. */
static void test_terminal_banner(void **state)
{
    (void)state;
    char line[4096];
    Engine *e = engine_proc_start(NULL);
    expect_line(e, "the banner", line, sizeof line);
    assert_non_null(strstr(line, "help"));
    engine_proc_send(e, "ping\nmoves\n");
    expect_line(e, "pong", line, sizeof line);
    assert_string_equal(line, "pong");
    expect_line(e, "the moves line", line, sizeof line);
    assert_true(strncmp(line, "moves count=9 ", 14) == 0);
    close(e->to_engine);
    e->to_engine = -1;
    assert_int_equal(engine_exit(e, WAIT_MS), 0);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gui_session),
        cmocka_unit_test(test_ping_latency),
        cmocka_unit_test(test_eof_mid_search),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_terminal_banner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
