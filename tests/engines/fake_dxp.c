/* A DXP engine for the match tests, always the follower of the game requests.
 * usage: fake_dxp connect|listen PORT [MODE [AT]]: connects to 127.0.0.1:PORT, or listens there.
 * MODE: legal | chat (a chat line before every move) | illegal | garbage | disconnect | resign |
 * backreq (a take-back request instead of a move) | refuse (turns down the game requests) | hang. The fault happens from the AT-th move it makes
 * (counted since the process started) on. It checks the match in turn: a move while no game is on,
 * a move that is no legal one, an unreadable message or a second game request during a game make
 * it send the chat line "fake_dxp: VIOLATION" and quit, which the match must report as a fault;
 * so does a game request with no thinking time.
 * When the rules end the game at its turn it sends the game end itself, as Moby Dam does. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dxp/dxp_msg.h"
#include "rules/game.h"
#include "rules/rules.h"

typedef struct {
    int fd;
    const char *mode;
    long at, moves_made;
    bool playing;
    Color us;
    Game game;
} Fake;

static void send_text(Fake *f, const char *text) { send(f->fd, text, strlen(text) + 1, MSG_NOSIGNAL); }

static void send_msg(Fake *f, const DxpMsg *m)
{
    char text[DXP_MSG_MAX + 1];
    if (dxp_msg_format(m, text, sizeof text))
        send_text(f, text);
}

static void violation(Fake *f, const char *what)
{
    fprintf(stderr, "fake_dxp: %s\n", what);
    send_text(f, "Cfake_dxp: VIOLATION");
    exit(5);
}

/* Our move (or our fault), or the game end when the rules leave us no move. */
static void play(Fake *f)
{
    MoveList list;
    movegen_generate(game_position(&f->game), &list);
    if (list.count == 0 || game_status(&f->game) != GAME_ONGOING) {
        DxpMsg end = {.type = DXP_END, .reason = list.count == 0 ? DXP_END_LOSS : DXP_END_DRAW};
        send_msg(f, &end);
        f->playing = false;
        return;
    }
    bool fault = f->moves_made++ >= f->at;
    const char *mode = f->mode;
    if (strcmp(mode, "chat") == 0)
        send_text(f, "Cthinking");
    if (fault && strcmp(mode, "illegal") == 0) {
        send_text(f, "M0000010200");   /* 1-2: no move of any position */
        return;
    }
    if (fault && strcmp(mode, "backreq") == 0) {
        send_text(f, "B001W");
        return;
    }
    if (fault && strcmp(mode, "garbage") == 0) {
        send_text(f, "M12");
        return;
    }
    if (fault && strcmp(mode, "disconnect") == 0)
        exit(0);
    if (fault && strcmp(mode, "hang") == 0) {
        pause();
        exit(0);
    }
    if (fault && strcmp(mode, "resign") == 0) {
        DxpMsg end = {.type = DXP_END, .reason = DXP_END_LOSS};
        send_msg(f, &end);
        f->playing = false;
        return;
    }
    const Position *pos = game_position(&f->game);
    Move m = list.moves[(pos->key >> 17) % (uint64_t)list.count];
    DxpMsg out;
    dxp_msg_from_move(pos, m, 1, &out);
    send_msg(f, &out);
    game_play(&f->game, m);
}

static void receive(Fake *f, const char *text, size_t len)
{
    DxpMsg m;
    if (dxp_msg_parse(text, len, &m))
        violation(f, "unreadable message");
    if (m.type == DXP_REQUEST) {
        Position start;
        if (f->playing)
            violation(f, "a game request during a game");
        if (dxp_msg_request_position(&m.request, &start))
            violation(f, "a game request with no legal position");
        if (m.request.centiminutes == 0)
            violation(f, "a game request with no thinking time");
        DxpMsg acc = {.type = DXP_ACCEPT, .code = strcmp(f->mode, "refuse") == 0 ? DXP_ACCEPT_REFUSED : 0};
        snprintf(acc.name, sizeof acc.name, "Fake DXP");
        send_msg(f, &acc);
        if (acc.code)
            return;
        game_reset(&f->game, &start);
        f->us = m.request.follower;
        f->playing = true;
    } else if (m.type == DXP_MOVE) {
        Move mv = f->playing ? dxp_msg_to_move(game_position(&f->game), &m) : MOVE_NONE;
        if (!f->playing)
            violation(f, "a move while no game is on");
        if (mv == MOVE_NONE || game_position(&f->game)->turn == f->us)
            violation(f, "a move that is not legal");
        game_play(&f->game, mv);
    } else if (m.type == DXP_END) {
        if (f->playing) {
            DxpMsg end = {.type = DXP_END, .reason = DXP_END_UNKNOWN};
            send_msg(f, &end);
        }
        f->playing = false;
        if (m.stop)
            exit(0);
    } else if (m.type != DXP_CHAT) {
        violation(f, "a message the follower does not expect");
    }
    if (f->playing && game_position(&f->game)->turn == f->us)
        play(f);
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    rules_init();
    static Fake f;
    f.mode = argc > 3 ? argv[3] : "legal";
    f.at = argc > 4 ? atol(argv[4]) : 0;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[2]))};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (strcmp(argv[1], "listen") == 0) {
        int one = 1;
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 1) != 0)
            return 1;
        f.fd = accept(s, NULL, NULL);
    } else {
        f.fd = connect(s, (struct sockaddr *)&a, sizeof a) == 0 ? s : -1;
    }
    if (f.fd < 0)
        return 1;
    DxpFramer fr;
    dxp_frame_init(&fr);
    char buf[4096];
    for (ssize_t n; (n = recv(f.fd, buf, sizeof buf, 0)) > 0;) {
        dxp_frame_feed(&fr, buf, (size_t)n);
        const char *text;
        size_t len;
        for (int r; (r = dxp_frame_next(&fr, &text, &len)) != 0;) {
            if (r < 0)
                violation(&f, "a message too long");
            receive(&f, text, len);
        }
    }
    return 0;
}
