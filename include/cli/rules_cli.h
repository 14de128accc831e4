#pragma once
/* The command-line fronts of the rules: `engine moves` and `engine perft`. */

/* `engine moves POS [--variant V]`: the legal moves of POS, one a line, in notation order.
 * argv[1] is "moves"; returns the exit code. */
int rules_cli_moves_main(int argc, char **argv);

/* `engine perft POS DEPTH [--divide] [--variant V]`: the move-path count to DEPTH (0-30), per
 * first move with --divide. argv[1] is "perft"; returns the exit code. */
int rules_cli_perft_main(int argc, char **argv);
