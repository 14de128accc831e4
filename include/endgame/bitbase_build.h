#pragma once
/* The bitbase generator: retrograde analysis of every material signature up to N pieces, solved
 * in dependency order (fewer pieces first, then fewer men: captures and promotions only lead to
 * solved tables), several signatures at once on several threads. */
#include <stdbool.h>
#include <stdio.h>

/* Builds the tables of every material up to pieces (2-5) on threads threads and writes them to
 * out_path as C source defining bitbase_blob[] and bitbase_blob_size. Progress goes to stderr.
 * False when memory is short or the file cannot be written. */
bool bitbase_build_run(int pieces, int threads, const char *out_path);
