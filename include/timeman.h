#pragma once
/* Search limits from the Hub `level` command. Zero means "not set" for every field. */
#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int depth;          /* level depth=N */
    uint64_t nodes;     /* level nodes=N */
    double move_time;   /* level move-time=T (seconds) */
    double time;        /* level time=T: remaining clock (seconds) */
    double inc;         /* level inc=T: increment, added before each move */
    int moves;          /* level moves=N: moves until the next time control (0 = sudden death) */
    bool infinite;      /* level infinite: search until stop */
} SearchLimits;
