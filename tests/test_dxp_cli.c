/* `engine dxp` as a program (run from the repository root): as initiator with a sub-minute clock
 * and no move limit against build/tests/fake_dxp, which follows and checks every message; the
 * request must carry the clock in its 3-character form and both games must be played out. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* A port of 127.0.0.1 that was free a moment ago. */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    assert_true(fd >= 0);
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    close(fd);
    return ntohs(a.sin_port);
}

/* Runs `engine dxp --listen PORT --role initiator ARGS --log LOG` against `fake_dxp connect PORT`
 * (started once the engine listens); returns the engine's exit code, its output in out and its
 * message log in log. The fake must end cleanly (no violation). */
static int play_fake(const char *args, char *out, size_t out_size, char *log, size_t log_size)
{
    int port = free_port();
    char log_path[] = "/tmp/test_dxp_cli_XXXXXX";
    int fd = mkstemp(log_path);
    assert_true(fd >= 0);
    close(fd);
    char cmd[512];
    snprintf(cmd, sizeof cmd, ENGINE_BIN " dxp --listen %d --role initiator %s --log %s 2>&1", port, args, log_path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = 0;
    pid_t fake = 0;
    while (n + 1 < out_size && fgets(out + n, (int)(out_size - n), p)) {
        if (!fake && strstr(out + n, "dxp: listening on")) {
            char port_text[16];
            snprintf(port_text, sizeof port_text, "%d", port);
            fake = fork();
            assert_true(fake >= 0);
            if (fake == 0) {
                execl(TEST_BIN_DIR "/fake_dxp", "fake_dxp", "connect", port_text, (char *)NULL);
                _exit(127);
            }
        }
        n += strlen(out + n);
    }
    int status = pclose(p);
    assert_true(fake > 0);
    int fake_status;
    assert_int_equal(waitpid(fake, &fake_status, 0), fake);
    assert_true(WIFEXITED(fake_status) && WEXITSTATUS(fake_status) == 0);
    FILE *f = fopen(log_path, "r");
    assert_non_null(f);
    size_t k = fread(log, 1, log_size - 1, f);
    log[k] = '\0';
    fclose(f);
    unlink(log_path);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_initiator_sub_minute_clock_without_move_limit(void **state)
{
    (void)state;
    static char out[1 << 16], log[1 << 16];
    int code = play_fake("--side black --time .02 --moves 0 --games 2", out, sizeof out, log, sizeof log);
    if (code != 0)
        fail_msg("engine dxp exited %d:\n%s", code, out);
    /* a request per game, colours alternating, 0.02 minutes (1.2 s) for the whole game */
    assert_non_null(strstr(log, "snd R01Zwaluw"));
    assert_non_null(strstr(log, "W.02000A\n"));
    assert_non_null(strstr(log, "Z.02000A\n"));
    assert_non_null(strstr(out, "we play black, 0.02 min for the game (no move limit)"));
    assert_non_null(strstr(out, "we play white, 0.02 min for the game (no move limit)"));
    assert_non_null(strstr(out, "done: 2 games, 2 finished"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_initiator_sub_minute_clock_without_move_limit),
    };
    return cmocka_run_group_tests_name("dxp_cli", tests, NULL, NULL);
}
