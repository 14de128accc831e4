#pragma once
/* `engine hub` (for programs) and `engine` alone (for people, with a banner first): the Hub
 * protocol v2 loop on stdin/stdout. Its options are rows of one table in hub_cli.c. */

/* argv[1] is "hub", or argc is 1; returns the exit code. */
int hub_cli_main(int argc, char **argv);
