#pragma once
/* The command-line front of `engine annotate` (annotate/annotate.h). */

/* `engine annotate GAMES.pdn [options]`: argv[1] is "annotate"; annotates the games, writes them
 * as PDN and prints the table of games; returns the exit code (0, 1 when the run failed, 2 when
 * the arguments are refused). */
int annotate_cli_main(int argc, char **argv);
