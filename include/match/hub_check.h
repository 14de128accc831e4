#pragma once
/* `engine check-hub CMD`: plays the part of a GUI against any Hub (v2) engine and says, check by
 * check, what it does right and wrong: the handshake, every parameter it announces set back to its
 * own value, init, a position with moves played before it, each level form (depth, nodes,
 * move-time, a clock, moves with a clock, infinite then stop), think, ponder with ponder-hit,
 * analyze, ping and stop during a search, a bad line, and quit. Each check prints one line: ok,
 * or FAIL with what was sent and what was read. For engine authors and GUIs, not only this one. */
#include <stdbool.h>
#include <stdio.h>

typedef struct {
    int passed, failed;
} HubCheckReport;

/* Runs every check against `/bin/sh -c cmd` (in dir, NULL: here), printing a line a check to out;
 * timeouts scale with slow (1: a normal engine; more for a slow build). False when the engine
 * cannot be started at all (also a failed check). */
bool hub_check_run(const char *cmd, const char *dir, double slow, FILE *out, HubCheckReport *report);
