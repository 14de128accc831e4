/* libFuzzer harness: the Hub loop on arbitrary input bytes (a memory stream).
 * Invariants: no crash or sanitizer report, the loop returns, and every line it prints outside
 * the people-only commands parses back as `command key=value ...`. Commands that only cost time
 * (go, bench, perft, a huge tt-size) are skipped so a run takes microseconds and the 10 M-run
 * campaign is practical; searches under hostile input are covered by tests/test_hub*.c and
 * the soak; help and board print
 * diagrams and prose for people, not protocol lines. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "hub/hub_loop.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

/* True when word occurs in the input. */
static bool contains(const uint8_t *data, size_t size, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp(data + i, word, n) == 0)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Hub *hub;
    static HubCommand cmd;
    static const char *const skipped[] = {"bench", "perft", "help", "board", "tt-size", "go"};
    if (size == 0 || size > 1 << 16)
        return 0;
    for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++)
        if (contains(data, size, skipped[i]))
            return 0;
    if (!hub) {
        rules_init();
        hub = hub_new();
        CHECK(hub != NULL);
        /* a 1 MiB table keeps init and new-game (which clear it) cheap, so runs stay fast */
        static char setup[] = "set-param name=tt-size value=1\ninit\n";
        FILE *in = fmemopen(setup, sizeof setup - 1, "r"), *sink = fopen("/dev/null", "w");
        CHECK(in && sink);
        hub_loop_run(hub, in, sink);
        fclose(in);
        fclose(sink);
    }
    FILE *in = fmemopen((void *)data, size, "r");
    char *out = NULL;
    size_t out_size = 0;
    FILE *os = open_memstream(&out, &out_size);
    CHECK(in && os);
    hub_loop_run(hub, in, os);
    fclose(in);
    fclose(os);
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"))
        CHECK(hub_parse_line(line, &cmd) == NULL);
    free(out);
    return 0;
}
