/* The bootstrap generator: `engine bitbase build` without the tables it builds, so that make can
 * produce the tables before linking them into ./engine. */
#include "tools/bitbase_build.h"

int main(int argc, char **argv) { return bitbase_build_main(argc, argv); }
