#pragma once
/* `engine check-hub`: the command line of the Hub protocol checker (match/hub_check.h). */

/* `engine check-hub [--dir DIR] [--slow X] CMD...` (argv[1] == "check-hub"): the words of CMD are
 * the engine's command line; returns 0 when every check passes, 1 when one fails, 2 for refused
 * arguments. */
int check_hub_cli_main(int argc, char **argv);
