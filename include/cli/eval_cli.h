#pragma once
/* `engine eval info FILE`: a weight file (eval/eval_file.h) as deterministic text, one fact a
 * line, so that git can diff the binary files through it (book/README.md, "Diffs"). */
#include <stdio.h>
#include "eval/eval_file.h"

/* Prints the header, every term's weights by name, then each pattern table's non-zero entries
 * (index, the block's own and opponent men as squares, mg, eg), one per line, the king table's
 * non-zero squares (own view), then each region table's non-zero entries as the patterns'. */
void eval_cli_print(const EvalWeight *weights, const EvalFileHeader *head, FILE *out);

/* `engine eval info FILE` (argv[1] == "eval", argv[2] == "info"): returns the exit code, 2 when
 * the arguments or the file are refused. */
int eval_cli_info_main(int argc, char **argv);
