/* `engine hub` (see hub_cli.h). */
#include "cli/hub_cli.h"

#include <stdio.h>
#include "eval/eval_file.h"
#include "eval/eval_weights.h"
#include "eval/net_weights.h"
#include "hub/hub_loop.h"
#include "util/opts.h"
#include "util/sys.h"

#define HUB_USAGE                                                                                                    \
    "usage: engine [hub [--weights FILE]... [--net FILE]]\n"                                                         \
    "  the Hub protocol v2 on stdin and stdout; `engine` alone prints a banner first (type help for commands)\n"    \
    "  --weights FILE  the weights of the variant FILE declares (a file `engine tune` writes) replace the\n"         \
    "                  embedded ones for this process; may be given once per variant\n"                         \
    "  --net FILE      a network (a file `engine tune --net` writes) that set-param name=eval value=net\n"       \
    "                  evaluates with (international rules and killer)\n"

/* The reason a --weights file was refused (opts prints it after the callback returns). */
typedef struct {
    char why[EVAL_FILE_WHY_MAX];
} WeightsOption;

/* OPT_CALL reader of --weights: makes the file's weights those of the variant it declares. */
static const char *use_weights(void *ctx, const char *path)
{
    WeightsOption *o = ctx;
    Variant v;
    return eval_weights_use_file(path, &v, o->why, sizeof o->why) ? NULL : o->why;
}

/* OPT_CALL reader of --net: makes the file's network the process's. */
static const char *use_net(void *ctx, const char *path)
{
    WeightsOption *o = ctx;
    return net_weights_use_file(path, o->why, sizeof o->why) ? NULL : o->why;
}

int hub_cli_main(int argc, char **argv)
{
    WeightsOption weights, net;
    const OptSpec specs[] = {
        OPTS_CALL("--weights", &weights, use_weights),
        OPTS_CALL("--net", &net, use_net),
        OPTS_END,
    };
    if (opts_help(argc, argv, 2, HUB_USAGE))
        return 0;
    if (!opts_parse("hub", specs, argc, argv, 2, NULL, 0, 0))
        return OPTS_REFUSED;
    sys_ignore_broken_pipe();   /* a closed output shows up as a write error, which ends the loop */
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
