#pragma once
/* The command-line front of the match runner (match/match.h). */

/* `engine match --engine1 CMD --engine2 CMD [options]`: argv[1] is "match"; plays the match,
 * prints the results to stdout and returns the exit code (2 for bad arguments). */
int match_cli_main(int argc, char **argv);
