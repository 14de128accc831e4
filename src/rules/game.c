#include "rules/game.h"

#include <string.h>
#include "rules/make.h"

/* Both rules need a lone king against at most three pieces. */
#define ENDGAME_RULE_MAX_PIECES 4

/* Frisian: kings only, two against one or one against one. */
static EndgameRule frisian_endgame_rule(const Position *pos)
{
    int n = bb_popcount(position_occupied(pos));
    if (n > 3 || (position_occupied(pos) & ~pos->kings) || !pos->pieces[WHITE] || !pos->pieces[BLACK])
        return ENDGAME_NONE;
    return n == 3 ? ENDGAME_FRISIAN_7 : ENDGAME_FRISIAN_2;
}

EndgameRule game_endgame_rule(const Position *pos)
{
    if (bb_popcount(position_occupied(pos)) > ENDGAME_RULE_MAX_PIECES)   /* the common case, decided at once */
        return ENDGAME_NONE;
    if (pos->variant == VARIANT_FRISIAN)
        return frisian_endgame_rule(pos);
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

void game_draw_root(const Position *pos, DrawState *out)
{
    out->reversible = 0;
    out->endgame_plies = 0;
    out->endgame = game_endgame_rule(pos);
    out->king_rule = variant_king_rule(position_variant(pos));
}

void game_draw_next(const Position *pos, const DrawState *prev, Move m, const Position *next, DrawState *out)
{
    bool irreversible = move_is_capture(pos, m) || move_is_man_move(pos, m);
    out->reversible = irreversible ? 0 : prev->reversible + 1;
    out->endgame = game_endgame_rule(next);
    out->endgame_plies = out->endgame == prev->endgame ? prev->endgame_plies + 1 : 0;
    out->king_rule = prev->king_rule;
}

GameStatus game_draw_status(const DrawState *st)
{
    if (st->endgame == ENDGAME_5 && st->endgame_plies >= DRAW_5_MOVES_PLIES)
        return GAME_DRAW_5_MOVES;
    if (st->endgame == ENDGAME_16 && st->endgame_plies >= DRAW_16_MOVES_PLIES)
        return GAME_DRAW_16_MOVES;
    if (st->endgame == ENDGAME_FRISIAN_7 && st->endgame_plies >= DRAW_FRISIAN_7_PLIES)
        return GAME_DRAW_FRISIAN_7;
    if (st->endgame == ENDGAME_FRISIAN_2 && st->endgame_plies >= DRAW_FRISIAN_2_PLIES)
        return GAME_DRAW_FRISIAN_2;
    if (st->king_rule && st->reversible >= DRAW_KING_MOVES_PLIES)
        return GAME_DRAW_25_MOVES;
    return GAME_ONGOING;
}

void game_reset(Game *game, const Position *pos)
{
    game->ply = 0;
    game->pos[0] = *pos;
    game_draw_root(pos, &game->draw[0]);
}

bool game_play(Game *game, Move m)
{
    if (game->ply + 1 >= GAME_MAX_PLIES)
        return false;
    const Position *cur = &game->pos[game->ply];
    make_move(cur, m, &game->pos[game->ply + 1], true);
    game_draw_next(cur, &game->draw[game->ply], m, &game->pos[game->ply + 1], &game->draw[game->ply + 1]);
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
            p->kings == cur->kings && p->wolf[WHITE] == cur->wolf[WHITE] && p->wolf[BLACK] == cur->wolf[BLACK])
            count++;
    }
    return count;
}

GameStatus game_no_move_status(const Position *pos)
{
    if (variant_no_move_outcome(position_variant(pos)) > 0)
        return GAME_WIN;
    return movegen_bt_over(pos) ? GAME_LOSS_CROWNED : GAME_LOSS;
}

GameStatus game_status(const Game *game)
{
    const Position *pos = game_position(game);
    if (!movegen_has_move(pos))
        return game_no_move_status(pos);
    if (game_repetitions(game) >= 3)
        return GAME_DRAW_REPETITION;
    return game_draw_status(&game->draw[game->ply]);
}

const char *game_status_text(GameStatus status)
{
    switch (status) {
    case GAME_LOSS: return "no legal move";
    case GAME_LOSS_CROWNED: return "the opponent crowned a king";
    case GAME_WIN: return "no legal move, which wins";
    case GAME_DRAW_REPETITION: return "threefold repetition";
    case GAME_DRAW_25_MOVES: return "25-move rule";
    case GAME_DRAW_16_MOVES: return "16-move rule";
    case GAME_DRAW_5_MOVES: return "5-move rule";
    case GAME_DRAW_FRISIAN_7: return "7-move rule (two kings against one)";
    case GAME_DRAW_FRISIAN_2: return "2-move rule (king against king)";
    default: return "ongoing";
    }
}

int game_status_outcome(GameStatus status)
{
    return status == GAME_WIN ? 1 : status == GAME_LOSS || status == GAME_LOSS_CROWNED ? -1 : 0;
}
