#pragma once
/* Running the engine binary from a test suite (run from the repository root, after `make engine`).
 * Include after cmocka.h. */
#include <stdio.h>
#include <sys/wait.h>

/* Runs a shell command; returns its exit code (-1 if it did not exit) and its stdout in out. */
static inline int shell_run(const char *cmd, char *out, size_t size)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
