#pragma once
/* The command-line front of rescoring (learn/rescore.h). */

/* `engine rescore --out FILE [options] DATA...`: argv[1] is "rescore"; searches the data again,
 * writes it with the new scores and returns the exit code (2 for bad arguments). */
int rescore_cli_main(int argc, char **argv);
