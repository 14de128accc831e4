#include "game.h"

#include <string.h>

/* Both rules need a lone king against at most three pieces. */
#define ENDGAME_RULE_MAX_PIECES 4

EndgameRule draw_endgame_rule(const Position *pos)
{
    if (bb_popcount(position_occupied(pos)) > ENDGAME_RULE_MAX_PIECES)   /* the common case, decided at once */
        return ENDGAME_NONE;
    for (int c = 0; c < 2; c++) {
        Bitboard lone = pos->pieces[!c];
        if (bb_popcount(lone) != 1 || !(lone & pos->kings))
            continue;
        int kings = bb_popcount(position_kings(pos, (Color)c));
        int men = bb_popcount(position_men(pos, (Color)c));
        if (kings == 0)
            continue;
        if (kings + men == 3)
            return ENDGAME_16;
        if (kings + men <= 2)
            return ENDGAME_5;
    }
    return ENDGAME_NONE;
}

void draw_state_root(const Position *pos, DrawState *out)
{
    out->reversible = 0;
    out->endgame_plies = 0;
    out->endgame = draw_endgame_rule(pos);
}

void draw_state_next(const Position *pos, const DrawState *prev, Move m, const Position *next, DrawState *out)
{
    bool irreversible = move_is_capture(pos, m) || move_is_man_move(pos, m);
    out->reversible = irreversible ? 0 : prev->reversible + 1;
    out->endgame = draw_endgame_rule(next);
    out->endgame_plies = out->endgame == prev->endgame ? prev->endgame_plies + 1 : 0;
}

GameStatus draw_state_status(const DrawState *st)
{
    if (st->endgame == ENDGAME_5 && st->endgame_plies >= DRAW_5_MOVES_PLIES)
        return GAME_DRAW_5_MOVES;
    if (st->endgame == ENDGAME_16 && st->endgame_plies >= DRAW_16_MOVES_PLIES)
        return GAME_DRAW_16_MOVES;
    if (st->reversible >= DRAW_KING_MOVES_PLIES)
        return GAME_DRAW_25_MOVES;
    return GAME_ONGOING;
}

void game_reset(Game *game, const Position *pos)
{
    game->ply = 0;
    game->pos[0] = *pos;
    draw_state_root(pos, &game->draw[0]);
}

bool game_play(Game *game, Move m)
{
    if (game->ply + 1 >= GAME_MAX_PLIES)
        return false;
    const Position *cur = &game->pos[game->ply];
    position_make(cur, m, &game->pos[game->ply + 1]);
    draw_state_next(cur, &game->draw[game->ply], m, &game->pos[game->ply + 1], &game->draw[game->ply + 1]);
    game->moves[game->ply] = m;
    game->ply++;
    return true;
}

int game_undo(Game *game, int n)
{
    int done = n < game->ply ? n : game->ply;
    game->ply -= done;
    return done;
}

int game_repetitions(const Game *game)
{
    const Position *cur = game_position(game);
    int count = 1;
    int limit = game->draw[game->ply].reversible;
    for (int back = 2; back <= limit && back <= game->ply; back += 2) {
        const Position *p = &game->pos[game->ply - back];
        if (p->key == cur->key && memcmp(p->pieces, cur->pieces, sizeof p->pieces) == 0 &&
            p->kings == cur->kings)
            count++;
    }
    return count;
}

GameStatus game_status(const Game *game)
{
    MoveList list;
    movegen_generate(game_position(game), &list);
    if (list.count == 0)
        return GAME_LOSS;
    if (game_repetitions(game) >= 3)
        return GAME_DRAW_REPETITION;
    return draw_state_status(&game->draw[game->ply]);
}

const char *game_status_text(GameStatus status)
{
    switch (status) {
    case GAME_LOSS: return "no legal move";
    case GAME_DRAW_REPETITION: return "threefold repetition";
    case GAME_DRAW_25_MOVES: return "25-move rule";
    case GAME_DRAW_16_MOVES: return "16-move rule";
    case GAME_DRAW_5_MOVES: return "5-move rule";
    default: return "ongoing";
    }
}
