#pragma once
/* The rules core's start-up: every table of bitboards, hash keys and generators filled once. */

/* Initialises every table the rules core needs (bitboards, hash keys, frisian generator tables);
 * idempotent. */
void rules_init(void);
