#include "match/engine_hub.h"

#include <stdio.h>
#include "match/engine_proc.h"

void engine_hub_pos_command(const Game *game, char *buf, size_t size)
{
    int from = game->ply - game->draw[game->ply].reversible;
    while (from > 0 && (game->pos[from].wolf[WHITE] || game->pos[from].wolf[BLACK]))
        from--;   /* frisian: a Hub string carries no king-move counters, so start where both are 0 */
    char hub[HUB_POS_LEN + 1];
    notation_format_hub(&game->pos[from], hub);
    size_t n = (size_t)snprintf(buf, size, "pos pos=%s", hub);
    if (from == game->ply || n >= size)
        return;
    n += (size_t)snprintf(buf + n, size - n, " moves=\"");
    for (int i = from; i < game->ply && n < size; i++) {
        char mv[MOVE_TEXT_MAX];
        notation_format_move(&game->pos[i], game->moves[i], mv);
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i > from ? " " : "", mv);
    }
    if (n < size)
        snprintf(buf + n, size - n, "\"");
}

void engine_hub_level_command(const TimeControl *tc, double clock, char *buf, size_t size)
{
    switch (tc->kind) {
    case TC_MOVE_TIME: snprintf(buf, size, "level move-time=%.3f", tc->move_time); break;
    case TC_CLOCK:
        snprintf(buf, size, "level time=%.3f inc=%.3f", clock > 0 ? clock : 0.0, tc->inc);
        break;
    case TC_DEPTH: snprintf(buf, size, "level depth=%d", tc->depth); break;
    case TC_NODES: snprintf(buf, size, "level nodes=%llu", (unsigned long long)tc->nodes); break;
    }
}

MoveParseStatus engine_hub_read_done(const Position *pos, const char *line, Move *m, char *err, size_t size)
{
    char text[MOVE_TEXT_MAX];
    if (!engine_proc_line_arg(line, "move", text, sizeof text) || !text[0]) {
        snprintf(err, size, "no move= in the done line");
        return PARSE_SYNTAX;
    }
    return notation_parse_move(pos, text, m, err, size);
}
