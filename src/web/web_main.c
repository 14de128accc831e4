/* The browser build's engine (make wasm): the Hub loop of `engine hub` on the lines the page posts
 * to the engine's web worker, one line a message, every output line posted back (src/web/worker.js).
 * The same module run by node with the argument `bench` runs the bench (make wasm-bench). */
#include <stdio.h>
#include <string.h>
#include "cli/bench_cli.h"
#include "endgame/bitbase.h"
#include "eval/eval.h"
#include "hub/hub_loop.h"
#include "rules/rules.h"

/* The default transposition table: with the weights (30 MB), the embedded data and the stacks it
 * keeps the whole engine within the 128 MiB of linear memory it is linked with. */
#define WEB_TT_MIB 32

int main(int argc, char **argv)
{
    rules_init();
    eval_init();
    bitbase_init();
    if (argc >= 2 && strcmp(argv[1], "bench") == 0)
        return bench_cli_main(argc, argv);
    Hub *h = hub_new();
    if (!h) {
        fputs("error message=\"not enough memory\"\n", stdout);
        return 1;
    }
    h->tt_mib = WEB_TT_MIB;
    h->one_weight_set = true;
    int rc = hub_loop_run(h, stdin, stdout);
    hub_free(h);
    return rc;
}
