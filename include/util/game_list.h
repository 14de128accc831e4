#pragma once
/* Games chosen by number, as "3,7-9": single numbers from 1 and low-high ranges, comma-separated.
 * The games of a file (`annotate --games`, `puzzles --games`) or of a match (`match --merge
 * --rounds`). */
#include <stdbool.h>

#define GAME_LIST_RANGES_MAX 64

typedef struct {
    int count;   /* 0: every game */
    int lo[GAME_LIST_RANGES_MAX], hi[GAME_LIST_RANGES_MAX];
} GameList;

/* Reads text into list; returns NULL or why the text is refused. */
const char *game_list_parse(const char *text, GameList *list);

/* OPT_CALL reader of a game list into the GameList at out (see opts.h). */
const char *game_list_opt_read(void *out, const char *text);

/* Whether game (its number, from 1) is chosen: always when the list is empty. */
bool game_list_has(const GameList *list, long game);
