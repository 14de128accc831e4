/* One DXP connection's games (see dxp_session.h). */
#include "dxp/dxp_session.h"

#include <stdarg.h>
#include <string.h>
#include "rules/notation.h"
#include "util/clock.h"
#include "util/sys.h"

static const char *const COLOUR[2] = {"white", "black"};

/* A line for people on the progress stream, prefixed "dxp: ". */
static void note(DxpSession *s, const char *fmt, ...) SYS_PRINTF(2, 3);
static void note(DxpSession *s, const char *fmt, ...)
{
    if (!s->cfg.progress)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("dxp: ", s->cfg.progress);
    vfprintf(s->cfg.progress, fmt, ap);
    va_end(ap);
    fputc('\n', s->cfg.progress);
    fflush(s->cfg.progress);
}

/* Queues m; the front drains the queue after every call, which holds at most three messages. */
static void queue_msg(DxpSession *s, const DxpMsg *m)
{
    if (s->out_count < DXP_OUTBOX_MAX)
        s->outbox[s->out_count++] = *m;
}

static void send_chat(DxpSession *s, const char *text)
{
    DxpMsg m = {.type = DXP_CHAT};
    snprintf(m.chat, sizeof m.chat, "%s", text);
    queue_msg(s, &m);
}

static void send_simple(DxpSession *s, DxpType type, int code)
{
    DxpMsg m = {.type = type, .code = code};
    if (type == DXP_ACCEPT)
        snprintf(m.name, sizeof m.name, "%s", s->cfg.name);
    queue_msg(s, &m);
}

/* The colour we play in the next game as initiator: --side in odd games, the other in even ones,
 * so that each pair of games plays the start position with both colours. */
static Color next_side(const DxpSession *s)
{
    return (Color)(s->cfg.side ^ (s->started & 1));
}

static void send_request(DxpSession *s)
{
    DxpMsg m = {.type = DXP_REQUEST};
    DxpRequest *r = &m.request;
    r->version = DXP_VERSION;
    snprintf(r->name, sizeof r->name, "%s", s->cfg.name);
    r->follower = !next_side(s);
    r->centiminutes = s->cfg.centiminutes;
    r->moves = s->cfg.moves;
    dxp_msg_set_position(r, &s->cfg.start);
    queue_msg(s, &m);
    s->state = DXP_WAIT_ACCEPT;
}

/* The stop code our game end carries: 1 once the initiator has played all its games. */
static int our_stop(const DxpSession *s)
{
    return s->stop_after || (s->cfg.role == DXP_INITIATOR && s->started >= s->cfg.games);
}

static void send_end(DxpSession *s, int reason)
{
    DxpMsg m = {.type = DXP_END, .reason = reason, .stop = our_stop(s)};
    queue_msg(s, &m);
}

void dxp_session_init(DxpSession *s, const DxpConfig *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    if (s->cfg.games < 1)
        s->cfg.games = 1;
    s->state = DXP_IDLE;
    if (cfg->role == DXP_INITIATOR)
        send_request(s);
}

bool dxp_session_take(DxpSession *s, DxpMsg *out)
{
    if (s->out_count == 0)
        return false;
    *out = s->outbox[0];
    memmove(s->outbox, s->outbox + 1, (size_t)(s->out_count - 1) * sizeof *s->outbox);
    s->out_count--;
    return true;
}

static void start_game(DxpSession *s, const Position *start, Color us, int centiminutes, int moves)
{
    game_reset(&s->game, start);
    s->us = us;
    s->centiminutes = centiminutes;
    s->moves = moves;
    s->clock = dxp_msg_time_seconds(centiminutes);
    s->our_moves = 0;
    s->started++;
    s->state = DXP_PLAYING;
    char moves_text[32] = "the game (no move limit)";
    if (moves > 0)
        snprintf(moves_text, sizeof moves_text, "%d moves", moves);
    note(s, "game %d against \"%s\": we play %s, %g min for %s", s->started, s->peer, COLOUR[us],
         centiminutes / 100.0, moves_text);
}

/* A game is over (the peer's game end answered or ours answered): the next one, or the end. */
static void after_game(DxpSession *s, int peer_stop)
{
    if (peer_stop != DXP_STOP_CONTINUE)
        s->stop_after = true;
    if (s->stop_after || (s->cfg.role == DXP_INITIATOR && s->started >= s->cfg.games)) {
        s->state = DXP_CLOSED;
        note(s, "done: %d games, %d finished (+%d =%d -%d), %d unfinished", s->started, s->finished, s->wins,
             s->draws, s->losses, s->unfinished);
        return;
    }
    s->state = DXP_IDLE;
    if (s->cfg.role == DXP_INITIATOR)
        send_request(s);
}

/* Counts a finished game with outcome +1/0/-1 for us. */
static void count_result(DxpSession *s, int ours)
{
    s->finished++;
    if (ours > 0)
        s->wins++;
    else if (ours < 0)
        s->losses++;
    else
        s->draws++;
}

/* Ends the game on a protocol fault: a chat line saying why, a game end with reason unknown; the
 * game counts as unfinished. */
static void abort_game(DxpSession *s, const char *why)
{
    note(s, "game %d ends unfinished: %s", s->started, why);
    send_chat(s, why);
    s->unfinished++;
    send_end(s, DXP_END_UNKNOWN);
    s->state = DXP_ENDING;
}

/* After a move: when the rules end the game, counts it and sends our game end. */
static void check_end(DxpSession *s)
{
    GameStatus st = game_status(&s->game);
    if (st == GAME_ONGOING)
        return;
    int outcome = game_status_outcome(st);
    int ours = game_position(&s->game)->turn == s->us ? outcome : -outcome;
    count_result(s, ours);
    note(s, "game %d over: %s, we %s", s->started, game_status_text(st),
         ours > 0 ? "win" : ours < 0 ? "lose" : "draw");
    send_end(s, ours > 0 ? DXP_END_WIN : ours < 0 ? DXP_END_LOSS : DXP_END_DRAW);
    s->state = DXP_ENDING;
}

bool dxp_session_our_turn(const DxpSession *s)
{
    return s->state == DXP_PLAYING && game_position(&s->game)->turn == s->us;
}

/* Plays m (legal) on the game and reports it: ply, side, move, score (ours only), clock. */
static void play_and_note(DxpSession *s, Move m, const char *who, const char *extra)
{
    char text[MOVE_TEXT_MAX];
    notation_format_move(game_position(&s->game), m, text);
    if (!game_play(&s->game, m)) {
        abort_game(s, "the game is too long to record");
        return;
    }
    note(s, "game %d ply %d %s %s%s", s->started, s->game.ply, who, text, extra);
    check_end(s);
}

void dxp_session_play(DxpSession *s)
{
    if (!dxp_session_our_turn(s))
        return;
    SearchLimits limits = {0};
    limits.clock_set = true;
    limits.time = s->clock > 0 ? s->clock : 0;
    /* moves to go; none (sudden death) with no move limit or once the request's moves are played */
    limits.moves = s->moves - s->our_moves > 0 ? s->moves - s->our_moves : 0;
    Move m = MOVE_NONE;
    int score = 0;
    double t0 = clock_now();
    bool found = s->cfg.think(s->cfg.think_ctx, &s->game, &limits, &m, &score);
    double used = clock_now() - t0;
    s->clock -= used;
    if (!found || !movegen_is_legal(game_position(&s->game), m)) {
        abort_game(s, "the engine found no move");
        return;
    }
    DxpMsg msg;
    dxp_msg_from_move(game_position(&s->game), m, (int)(used + 0.5), &msg);
    queue_msg(s, &msg);
    s->our_moves++;
    char extra[64];
    snprintf(extra, sizeof extra, " score %.2f clock %.1f s", score / 100.0, s->clock);
    play_and_note(s, m, "us", extra);
}

static void receive_request(DxpSession *s, const DxpRequest *r)
{
    if (s->state == DXP_ENDING && s->cfg.role == DXP_FOLLOWER) {
        note(s, "a game request instead of an answer to our game end: the game is over");
        after_game(s, DXP_STOP_CONTINUE);
    }
    if (s->cfg.role == DXP_INITIATOR || s->state != DXP_IDLE) {
        note(s, "refused a game request: %s", s->state == DXP_IDLE ? "we are the initiator" : "a game is on");
        send_chat(s, s->state == DXP_IDLE ? "game request refused: I am the initiator"
                                          : "game request refused: a game is in progress");
        send_simple(s, DXP_ACCEPT, DXP_ACCEPT_REFUSED);
        return;
    }
    if (r->version != DXP_VERSION) {
        note(s, "refused a game request of protocol version %d", r->version);
        send_simple(s, DXP_ACCEPT, DXP_ACCEPT_VERSION);
        return;
    }
    Position start;
    const char *why = r->centiminutes == 0 ? "a thinking time of 0 minutes" : dxp_msg_request_position(r, &start);
    if (why) {
        char text[DXP_CHAT_MAX + 1];
        snprintf(text, sizeof text, "game request refused: %s", why);
        note(s, "refused a game request: %s", why);
        send_chat(s, text);
        send_simple(s, DXP_ACCEPT, DXP_ACCEPT_REFUSED);
        return;
    }
    snprintf(s->peer, sizeof s->peer, "%s", r->name);
    send_simple(s, DXP_ACCEPT, DXP_ACCEPT_OK);
    start_game(s, &start, r->follower, r->centiminutes, r->moves);
}

static void receive_accept(DxpSession *s, const DxpMsg *m)
{
    if (s->state != DXP_WAIT_ACCEPT) {
        note(s, "ignored a game accept: no game request is pending");
        return;
    }
    snprintf(s->peer, sizeof s->peer, "%s", m->name);
    if (m->code != DXP_ACCEPT_OK) {
        note(s, "\"%s\" refused the game request (code %d)", m->name, m->code);
        s->state = DXP_CLOSED;
        return;
    }
    start_game(s, &s->cfg.start, next_side(s), s->cfg.centiminutes, s->cfg.moves);
}

static void receive_move(DxpSession *s, const DxpMsg *m)
{
    if (s->state == DXP_ENDING) {
        note(s, "ignored a move received after the game ended");
        return;
    }
    if (s->state != DXP_PLAYING) {
        note(s, "ignored a move received with no game in progress");
        send_chat(s, "move ignored: no game in progress");
        return;
    }
    char why[DXP_CHAT_MAX + 1];
    if (dxp_session_our_turn(s)) {
        abort_game(s, "a move received when it was our turn");
        return;
    }
    Move mv = dxp_msg_to_move(game_position(&s->game), m);
    if (mv == MOVE_NONE) {
        snprintf(why, sizeof why, "illegal move received: from %d to %d capturing %d", m->from, m->to,
                 m->captured_count);
        abort_game(s, why);
        return;
    }
    char extra[32];
    snprintf(extra, sizeof extra, " (%d s)", m->seconds);
    play_and_note(s, mv, "them", extra);
}

/* Forgets the moves still queued: the game they belong to has ended before they were sent. */
static void drop_moves(DxpSession *s)
{
    int kept = 0;
    for (int i = 0; i < s->out_count; i++)
        if (s->outbox[i].type != DXP_MOVE)
            s->outbox[kept++] = s->outbox[i];
    s->out_count = kept;
}

static void receive_end(DxpSession *s, const DxpMsg *m)
{
    if (s->state == DXP_ENDING) {   /* the answer to ours */
        after_game(s, m->stop);
        return;
    }
    if (s->state != DXP_PLAYING) {
        if (m->stop != DXP_STOP_CONTINUE) {
            note(s, "the peer asks to stop");
            s->state = DXP_CLOSED;
        }
        return;
    }
    /* ended by the peer: our own verdict when the rules have one, else the peer's (its view) */
    GameStatus st = game_status(&s->game);
    int ours = 0;
    bool known = st != GAME_ONGOING || (m->reason >= DXP_END_LOSS && m->reason <= DXP_END_WIN);
    if (st != GAME_ONGOING) {
        int outcome = game_status_outcome(st);
        ours = game_position(&s->game)->turn == s->us ? outcome : -outcome;
    } else if (known) {
        ours = DXP_END_DRAW - m->reason;
    }
    if (known)
        count_result(s, ours);
    else
        s->unfinished++;
    note(s, "game %d ended by the peer (reason %d): %s", s->started, m->reason,
         !known ? "unfinished" : ours > 0 ? "we win" : ours < 0 ? "we lose" : "draw");
    if (m->stop != DXP_STOP_CONTINUE)
        s->stop_after = true;
    drop_moves(s);
    send_end(s, DXP_END_UNKNOWN);
    after_game(s, m->stop);
}

/* A back request: granted when a game is on and the position asked for was played in it. */
static void receive_back(DxpSession *s, const DxpMsg *m)
{
    if (s->state != DXP_PLAYING) {
        send_simple(s, DXP_BACK_ACC, DXP_BACK_REFUSED);
        return;
    }
    int first = s->game.pos[0].turn;
    int target = (m->move_number - 1) * 2 + (m->back_turn != WHITE) - (first != WHITE);
    if (target < 0 || target > s->game.ply) {
        note(s, "refused a back request to move %d (%s to move)", m->move_number, COLOUR[m->back_turn]);
        send_simple(s, DXP_BACK_ACC, DXP_BACK_REFUSED);
        return;
    }
    game_undo(&s->game, s->game.ply - target);
    s->our_moves = 0;
    for (int i = 0; i < target; i++)
        s->our_moves += s->game.pos[i].turn == s->us;
    note(s, "took back to move %d (%s to move), ply %d", m->move_number, COLOUR[m->back_turn], target);
    send_simple(s, DXP_BACK_ACC, DXP_BACK_OK);
}

void dxp_session_receive(DxpSession *s, const DxpMsg *m)
{
    switch (m->type) {
    case DXP_CHAT: note(s, "chat: %s", m->chat); break;
    case DXP_REQUEST: receive_request(s, &m->request); break;
    case DXP_ACCEPT: receive_accept(s, m); break;
    case DXP_MOVE: receive_move(s, m); break;
    case DXP_END: receive_end(s, m); break;
    case DXP_BACK_REQ: receive_back(s, m); break;
    case DXP_BACK_ACC: note(s, "ignored a back accept: we asked for none"); break;
    }
}

void dxp_session_bad(DxpSession *s, char type, const char *why)
{
    char text[DXP_CHAT_MAX + 1];
    snprintf(text, sizeof text, "bad message: %s", why);
    note(s, "%s", text);
    if (type == 'R' && s->state == DXP_IDLE && s->cfg.role == DXP_FOLLOWER) {
        send_chat(s, text);
        send_simple(s, DXP_ACCEPT, DXP_ACCEPT_REFUSED);
    } else if (type == 'M' && s->state == DXP_PLAYING) {
        abort_game(s, text);
    } else {
        send_chat(s, text);
    }
}

void dxp_session_silence(DxpSession *s)
{
    if (s->state == DXP_ENDING) {
        note(s, "the peer never answered our game end");
        after_game(s, DXP_STOP_CONTINUE);
        return;
    }
    dxp_session_peer_gone(s, "the peer stopped answering");
}

void dxp_session_peer_gone(DxpSession *s, const char *why)
{
    if (s->state == DXP_PLAYING) {
        s->unfinished++;
        note(s, "game %d unfinished: %s", s->started, why);
    } else {
        note(s, "%s", why);
    }
    if (s->state != DXP_CLOSED)
        note(s, "done: %d games, %d finished (+%d =%d -%d), %d unfinished", s->started, s->finished, s->wins,
             s->draws, s->losses, s->unfinished);
    s->state = DXP_CLOSED;
}
