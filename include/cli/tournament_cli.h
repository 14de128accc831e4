#pragma once
/* The command-line front of the tournament runner (match/tournament.h). */

/* `engine tournament --engine NAME=CMD ... [options]`: argv[1] is "tournament"; plays it, prints
 * progress and standings to stdout and returns the exit code (2 for bad arguments). */
int tournament_cli_main(int argc, char **argv);
