#pragma once
/* The command-line front of self-play (learn/selfplay.h). */

/* `engine selfplay --out FILE [options]`: argv[1] is "selfplay"; parses the options, plays,
 * returns the exit code (2 for bad arguments). */
int selfplay_cli_main(int argc, char **argv);
