#pragma once
/* The network this process evaluates with when asked to (`set-param name=eval value=net`): the
 * one embedded in the binary (book/eval/normal.net, decoded on first use), or one read from a file
 * at start-up (`engine hub --net FILE`), which takes its place. The patterns stay the default until
 * a network beats them (issue 74's rule). */
#include <stdbool.h>
#include <stddef.h>
#include "eval/net.h"

/* Whether networks evaluate variant v's positions: they are fitted on the international rules only,
 * so every other variant keeps its patterns under eval=net. */
static inline bool net_weights_covers(Variant v) { return v == VARIANT_NORMAL; }

/* Reads the network file at path and makes it the process's; false with why (the old one stays).
 * Call it before any search thread runs. */
bool net_weights_use_file(const char *path, char *why, size_t why_size);

/* Whether the search may evaluate by m with the process's patterns: any network but a residual one
 * fitted on patterns whose weight file is known and is not the one in use (eval_weights_crc),
 * whose corrections would then be of other scores; false with why. */
bool net_weights_fit(const NetModel *m, char *why, size_t why_size);

/* What m's own score of pos (net_output, net_evaluate) adds to, for the side to move: the patterns'
 * evaluation (eval_position) when m is residual, else 0. */
Score net_weights_base(const NetModel *m, const Position *pos);

/* The process's network: the file's if one was read, else the embedded one. */
const NetModel *net_weights(void);

/* The embedded network alone (decoded once, thread-safe); a damaged blob is a broken build. */
const NetModel *net_weights_embedded(void);
