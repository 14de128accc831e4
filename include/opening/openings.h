#pragma once
/* Opening lists for matches, self-play and book building: one position per line ("start", a Hub
 * string or a FEN; blank lines and # comments skipped). The 3-move ballots of international
 * draughts are built into the binary, so the tools need no file to start from. */
#include <stddef.h>
#include "rules/position.h"

#define OPENINGS_BALLOTS "ballots"   /* the built-in list's name in messages */

/* Reads the positions of path (NULL: the built-in ballots) as positions of variant v. Returns
 * the count, or -1 with err saying why (unreadable file, bad line, no position, no memory).
 * *out is malloc'ed. */
int openings_load(const char *path, Variant v, Position **out, char *err, size_t errsize);
