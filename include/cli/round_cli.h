#pragma once
/* The command-line front of data rounds (learn/round.h). */

/* `engine round run|record|check|cat MANIFEST [options]`: argv[1] is "round"; returns the exit
 * code (2 for bad arguments, 1 when a check fails or a shard cannot be made). */
int round_cli_main(int argc, char **argv);
