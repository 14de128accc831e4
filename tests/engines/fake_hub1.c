/* A Hub-1 engine (the dialogue of Scan 2.0's `hub` mode) for the match tests.
 * usage: fake_hub1 [MODE [AT]]; MODE: legal | illegal | error | hang. The fault happens from the
 * AT-th search on. Every line that is not Hub-1, a position that is not Hub-1's (side to move in
 * lower case) or a `go` without a time, level or depth line since the last `pos`, is answered
 * `error ...`, which the match must take as a fault: a clean match proves the dialogue. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/notation.h"
#include "rules/rules.h"
#include "match/engine_proc.h"
#include "rules/make.h"

int main(int argc, char **argv)
{
    rules_init();
    const char *mode = argc > 1 ? argv[1] : "legal";
    long at = argc > 2 ? atol(argv[2]) : 0, searches = 0;
    Position pos;
    position_start(&pos);
    bool limited = false;
    char line[8192];
    puts("Fake Hub-1 engine");   /* a banner before anything is asked, as Scan 2.0 prints */
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (engine_proc_line_is(line, "hub")) {
            puts("name Fake One\nauthor nobody\nwait");
        } else if (engine_proc_line_is(line, "init")) {
            puts("ready");
        } else if (engine_proc_line_is(line, "pos")) {
            char hub[64];
            snprintf(hub, sizeof hub, "%.60s", line + 4);
            bool lower = hub[0] == 'w' || hub[0] == 'b';
            hub[0] = hub[0] == 'w' ? 'W' : 'B';
            if (!lower || notation_parse_position(hub, &pos))
                puts("error bad position");
            limited = false;
        } else if (engine_proc_line_is(line, "move")) {
            Move m;
            char err[256];
            Position next;
            if (notation_parse_move(&pos, line + 5, &m, err, sizeof err) != PARSE_OK) {
                puts("error illegal move");
            } else {
                make_move(&pos, m, &next, true);
                pos = next;
            }
        } else if (engine_proc_line_is(line, "time") || engine_proc_line_is(line, "level") ||
                   engine_proc_line_is(line, "depth")) {
            limited = true;
        } else if (engine_proc_line_is(line, "go")) {
            bool fault = searches++ >= at;
            MoveList list;
            movegen_generate(&pos, &list);
            if (!limited || list.count == 0 || (fault && strcmp(mode, "error") == 0)) {
                puts("error cannot search");
            } else if (fault && strcmp(mode, "illegal") == 0) {
                puts("move 1-2");
            } else if (fault && strcmp(mode, "hang") == 0) {
                fflush(stdout);
                pause();
            } else {
                notation_sort_moves(&pos, &list);
                char text[MOVE_TEXT_MAX];
                notation_format_move(&pos, list.moves[(pos.key >> 17) % (uint64_t)list.count], text);
                printf("move %s\n", text);
            }
        } else if (engine_proc_line_is(line, "quit")) {
            break;
        } else if (!engine_proc_line_is(line, "new") && !engine_proc_line_is(line, "set")) {
            puts("error unknown command");
        }
        fflush(stdout);
    }
    return 0;
}
