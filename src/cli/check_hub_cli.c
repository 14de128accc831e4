/* `engine check-hub` (see check_hub_cli.h). */
#include "cli/check_hub_cli.h"

#include <stdio.h>
#include <string.h>
#include "match/hub_check.h"
#include "util/opts.h"
#include "util/proc.h"
#include "util/sys.h"

#define CHECK_HUB_USAGE                                                                                              \
    "usage: engine check-hub [--dir DIR] [--slow X] CMD...\n"                                                        \
    "  plays the part of a GUI against the Hub engine CMD (a shell command line, as `./engine hub`) and\n"        \
    "  prints one line a check: handshake, parameters, init, pos with moves, each level form, stop and\n"         \
    "  ping during a search, ponder-hit, a bad line, quit; exit code 0 when all pass, 1 when one fails\n"         \
    "  --dir DIR    the engine's working directory\n"                                                             \
    "  --slow X     multiply every time limit by X, 0.1-100 (default 1; more for sanitizer or debug builds)\n"

int check_hub_cli_main(int argc, char **argv)
{
    const char *dir = NULL, *words[64] = {NULL};
    double slow = 1;
    const OptSpec specs[] = {OPTS_TEXT("--dir", &dir), OPTS_REAL("--slow", &slow, 0.1, 100), OPTS_END};
    if (opts_help(argc, argv, 2, CHECK_HUB_USAGE))
        return 0;
    if (!opts_parse("check-hub", specs, argc, argv, 2, words, 1, 63))
        return OPTS_REFUSED;
    if (!proc_available())
        return opts_refuse("check-hub", "not available on this system: it starts the engine as a POSIX process");
    char cmd[4096] = "";
    for (int i = 0; words[i]; i++) {
        size_t n = strlen(cmd);
        snprintf(cmd + n, sizeof cmd - n, "%s%s", i ? " " : "", words[i]);
    }
    sys_ignore_broken_pipe();   /* an engine that dies mid-check is a failed check, not our end */
    HubCheckReport rep;
    bool started = hub_check_run(cmd, dir, slow, stdout, &rep);
    printf("check-hub: %d passed, %d failed%s\n", rep.passed, rep.failed, started ? "" : " (the engine did not start)");
    return rep.failed ? 1 : 0;
}
