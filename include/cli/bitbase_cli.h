#pragma once
/* The command-line front ends of the embedded bitbases (`engine bitbase build` is in
 * bitbase_build.h). argv[1] is "bitbase", argv[2] the subcommand; each returns the exit code. */

/* `engine bitbase info`: the tables, their sizes and the probe speed. */
int bitbase_cli_info_main(int argc, char **argv);

/* `engine bitbase won --pieces N --count C [--seed S]`: prints C random positions of N pieces as
 * FEN, each won for the side to move (White) by the tables and not in two moves: openings for
 * matches that measure how well the engine converts. */
int bitbase_cli_won_main(int argc, char **argv);
