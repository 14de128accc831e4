#pragma once
/* The command-line front of the tactics suite (search/tactics.h). */

/* `engine tactics FILE [--nodes N | --move-time T | --depth D] [--set NAME=VALUE]...`: argv[1] is
 * "tactics"; searches every position, prints one line each and a summary, returns the exit code. */
int tactics_cli_main(int argc, char **argv);
