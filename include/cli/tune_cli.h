#pragma once
/* `engine tune`: the command line of the Texel tuner (tune.h). */

/* `engine tune [options] DATA...` (argv[1] == "tune"): fits from the variant's current weights,
 * writes book/eval/<variant>.bin (or --out FILE); returns the exit code (2 for refused arguments,
 * 1 when the data or a checkpoint cannot be read or the output cannot be written). */
int tune_cli_main(int argc, char **argv);
