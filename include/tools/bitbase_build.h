#pragma once
/* The bitbase generator: retrograde analysis of every material signature up to N pieces, solved
 * in dependency order (fewer pieces first, then fewer men: captures and promotions only lead to
 * solved tables), several signatures at once on several threads. */
#include <stdbool.h>
#include <stdio.h>

/* `engine bitbase build --pieces N [--threads T] --out FILE.c`: builds the tables up to N pieces
 * and writes them as C source defining bitbase_blob[] and bitbase_blob_size. Progress goes to
 * stderr. Returns the process exit status (2 for bad arguments). */
int bitbase_build_main(int argc, char **argv);

