#pragma once
/* Terminal commands for people (help, board, moves, play, think, auto, undo, back, perft, eval,
 * bench, book): a GUI never sends them. */
#include <stdbool.h>
#include "hub/hub.h"

/* Runs cmd when it is a terminal command; returns false when it is not one of them. */
bool hub_term_execute(Hub *h, const HubCommand *cmd);
