#pragma once
/* The Hub protocol v2 loop (`./engine hub`, and `./engine` for people): reads commands and
 * answers them on a session (hub.h); lines it does not know go to the terminal's (hub_term.h). */
#include <stdio.h>
#include "hub/hub.h"

/* Runs the loop on in/out until quit or end of input; returns 0, or 1 when memory is short.
 * in is read through its descriptor when it has one (poll() keeps the search responsive),
 * otherwise as a memory stream; nothing may have been read from it through stdio before. */
int hub_loop_run(Hub *h, FILE *in, FILE *out);

/* The same loop on any byte source (tests use scripted ones). */
int hub_loop_run_source(Hub *h, IoSource *src, FILE *out);

