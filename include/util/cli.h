#pragma once
/* Argument checks shared by the subcommands. */
#include <stdbool.h>

/* Reads text as an integer from lo to hi into *out; otherwise prints
 * `engine: bad NAME "TEXT": expected an integer LO-HI` on stderr and returns false. */
bool cli_parse_long(const char *name, const char *text, long lo, long hi, long *out);
