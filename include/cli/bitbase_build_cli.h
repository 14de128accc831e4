#pragma once
/* The front of the bitbase generator (endgame/bitbase_build.h), apart from the other bitbase
 * commands because the bootstrap generator gen/bbgen links it without the tables it builds. */

/* `engine bitbase build --pieces N [--threads T] --out FILE.c`: argv[1] is "bitbase", argv[2]
 * "build"; returns the exit code (2 for bad arguments). */
int bitbase_build_cli_main(int argc, char **argv);
