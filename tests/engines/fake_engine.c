/* A Hub engine for the match tests that plays legal moves or misbehaves on purpose.
 * usage: fake_engine [MODE [AT]]; MODE and AT can also be set with set-param.
 * MODE: legal | illegal | garbage | crash | exit | hang | slow. The fault happens from the
 * AT-th search (0-based, counted since the process started) on; "slow" sleeps AT ms per move.
 * Its moves come with the score of set-param name=score (centi-men, default 0).
 * Legal moves are chosen by the position key, so games are deterministic but varied. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rules/rules.h"
#include "match/engine_proc.h"
#include "rules/notation.h"
#include "rules/make.h"

typedef struct {
    char mode[64];
    long at;
    long searches;
    long score;
    Position pos;
} Fake;

/* Applies `pos pos=... moves="..."`; false when the line is unusable. */
static bool set_position(Fake *f, const char *line)
{
    char text[4096];
    if (!engine_proc_line_arg(line, "pos", text, sizeof text) || notation_parse_position(text, &f->pos))
        return false;
    if (!engine_proc_line_arg(line, "moves", text, sizeof text))
        return true;
    for (char *save = NULL, *w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        Move m;
        char err[256];
        if (notation_parse_move(&f->pos, w, &m, err, sizeof err) != PARSE_OK)
            return false;
        Position next;
        make_move(&f->pos, m, &next, true);
        f->pos = next;
    }
    return true;
}

static void think(Fake *f)
{
    bool fault = f->searches++ >= f->at;
    if (strcmp(f->mode, "slow") == 0) {
        struct timespec nap = {f->at / 1000, (f->at % 1000) * 1000000L};
        nanosleep(&nap, NULL);
    } else if (fault && strcmp(f->mode, "illegal") == 0) {
        puts("info depth=1 score=0.00");
        puts("done move=1-2");
        return;
    } else if (fault && strcmp(f->mode, "garbage") == 0) {
        puts("done move=hello");
        return;
    } else if (fault && strcmp(f->mode, "crash") == 0) {
        fflush(stdout);
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    } else if (fault && strcmp(f->mode, "exit") == 0) {
        exit(3);
    } else if (fault && strcmp(f->mode, "hang") == 0) {
        fflush(stdout);
        for (;;)
            pause();
    }
    MoveList list;
    movegen_generate(&f->pos, &list);
    if (list.count == 0) {
        puts("error message=\"no legal move\"");
        puts("done");
        return;
    }
    notation_sort_moves(&f->pos, &list);
    char text[MOVE_TEXT_MAX];
    notation_format_move(&f->pos, list.moves[(f->pos.key >> 17) % (uint64_t)list.count], text);
    printf("info depth=1 score=%.2f pv=%s\ndone move=%s\n", (double)f->score / 100.0, text, text);
}

int main(int argc, char **argv)
{
    rules_init();
    Fake f = {.mode = "legal", .at = 0, .searches = 0};
    position_start(&f.pos);
    if (argc > 1)
        snprintf(f.mode, sizeof f.mode, "%s", argv[1]);
    if (argc > 2)
        f.at = atol(argv[2]);
    char line[8192], name[64], value[64];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (engine_proc_line_is(line, "hub")) {
            puts("id name=fake version=1");
            printf("param name=mode value=%s type=enum values=\"legal illegal garbage crash exit hang slow\"\n", f.mode);
            printf("param name=at value=%ld type=int min=0 max=100000\n", f.at);
            printf("param name=score value=%ld type=int min=-100000 max=100000\n", f.score);
            puts("wait");
        } else if (engine_proc_line_is(line, "set-param") && engine_proc_line_arg(line, "name", name, sizeof name) &&
                   engine_proc_line_arg(line, "value", value, sizeof value)) {
            if (strcmp(name, "mode") == 0)
                snprintf(f.mode, sizeof f.mode, "%s", value);
            else if (strcmp(name, "at") == 0)
                f.at = atol(value);
            else if (strcmp(name, "score") == 0)
                f.score = atol(value);
        } else if (engine_proc_line_is(line, "init")) {
            puts("ready");
        } else if (engine_proc_line_is(line, "ping")) {
            puts("pong");
        } else if (engine_proc_line_is(line, "pos")) {
            if (!set_position(&f, line))
                puts("error message=\"bad position\"");
        } else if (engine_proc_line_is(line, "go")) {
            think(&f);
        } else if (engine_proc_line_is(line, "quit")) {
            break;
        }
        fflush(stdout);
    }
    return 0;
}
