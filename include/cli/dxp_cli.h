#pragma once
/* `engine dxp`: the engine as a DXP player over TCP, as follower (--listen) or initiator
 * (--connect), with the Hub front's move choice (book, search, bitbases, time manager). */

/* Runs the subcommand on argv (argv[1] is "dxp"); returns the exit code (2: arguments refused,
 * 1: the connection failed or ended in the middle of a game, 0 otherwise). */
int dxp_cli_main(int argc, char **argv);
