#pragma once
/* The command-line front of the puzzle finder (annotate/puzzle.h). */

/* `engine puzzles GAMES.pdn [options]`: argv[1] is "puzzles"; writes the puzzles found as PDN (or
 * JSON) and returns the exit code (2 for bad arguments). */
int puzzles_cli_main(int argc, char **argv);
