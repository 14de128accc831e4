#pragma once
/* The command-line front of the network: `engine tune --net` (learn/net_train.h) and the text of a
 * network file for `engine eval info`. */
#include <stdio.h>
#include "eval/net.h"

/* `engine tune --net [options] DATA...` (argv[1] == "tune", --net among the words): fits a network
 * and writes its file; returns the exit code (2 for refused arguments). */
int net_cli_tune_main(int argc, char **argv);

/* A network readably: its sizes and note, then per layer the range and mean size of its weights,
 * the first-layer units that never change, and its score of the start position. */
void net_cli_print(const NetModel *m, FILE *out);
