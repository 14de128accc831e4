/* `engine hub` (see hub_cli.h). */
#include "tools/hub_cli.h"

#include <signal.h>
#include <stdio.h>
#include "hub/hub_loop.h"
#include "util/opts.h"

#define HUB_USAGE                                                                                                    \
    "usage: engine [hub]\n"                                                                                          \
    "  the Hub protocol v2 on stdin and stdout; `engine` alone prints a banner first (type help for commands)\n"

int hub_cli_main(int argc, char **argv)
{
    const OptSpec specs[] = {
        OPTS_END,   /* the Hub's options: none yet */
    };
    if (opts_help(argc, argv, 2, HUB_USAGE))
        return 0;
    if (!opts_parse("hub", specs, argc, argv, 2, NULL, 0, 0))
        return OPTS_REFUSED;
    signal(SIGPIPE, SIG_IGN);   /* a closed output shows up as a write error, which ends the loop */
    Hub *h = hub_new();
    if (!h) {
        fprintf(stderr, "engine: not enough memory\n");
        return 1;
    }
    if (argc == 1) {
        printf("%s %s, international draughts engine (Hub protocol v2): type help for commands, quit to leave\n",
               ENGINE_NAME, ENGINE_VERSION);
        fflush(stdout);
    }
    int rc = hub_loop_run(h, stdin, stdout);
    hub_free(h);
    return rc;
}
