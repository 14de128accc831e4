#pragma once
/* `engine openings`: fresh match openings a few plies deeper than the ballots. */

/* Runs the subcommand on the whole command line (argv[1] is "openings"); returns the exit code. */
int openings_cli_main(int argc, char **argv);
