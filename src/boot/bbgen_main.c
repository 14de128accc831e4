/* The bootstrap generator: `engine bitbase build` without the tables it builds, so that make can
 * produce the tables before linking them into ./engine. */
#include "cli/bitbase_build_cli.h"

int main(int argc, char **argv) { return bitbase_build_cli_main(argc, argv); }
