#pragma once
/* The network this process evaluates with when asked to (`set-param name=eval value=net`): one
 * read from a file at start-up (`engine hub --net FILE`). None is embedded until a trained network
 * beats the patterns (issue 74's rule); set once, before any search thread runs. */
#include <stdbool.h>
#include <stddef.h>
#include "eval/net.h"

/* Reads the network file at path and makes it the process's; false with why (the old one stays). */
bool net_weights_use_file(const char *path, char *why, size_t why_size);

/* The process's network, or NULL when it has none. */
const NetModel *net_weights(void);
