#pragma once
/* A match's time control for one engine: a fixed time a move, a clock with an increment, a depth
 * or a node count, as --tc gives it. */
#include <stdint.h>

typedef enum { TC_MOVE_TIME, TC_CLOCK, TC_DEPTH, TC_NODES } TcKind;

typedef struct {
    TcKind kind;
    double move_time;   /* TC_MOVE_TIME, seconds */
    double time, inc;   /* TC_CLOCK: initial clock and increment added before each move */
    int depth;          /* TC_DEPTH */
    uint64_t nodes;     /* TC_NODES */
} TimeControl;

/* Parses "move-time=S", "time=S inc=S", "depth=N" or "nodes=N". NULL on success, else why not. */
const char *time_control_parse(const char *text, TimeControl *tc);
