/* The page's puzzle mode in headless Chromium (make check-wasm; cdp.h drives it), against the
 * answers read here from the page's first built-in set: opens the mode and finds the set's first
 * puzzle on the board with its task, themes and rating; plays a wrong legal move by clicks and sees
 * it said and taken back; asks for the hint twice (the piece to move, then its destination); plays
 * the solution by clicks, the replies coming by themselves, to "Solved!" and "solved 1 of N"; opens
 * the page again and finds the count kept and the next unsolved puzzle shown; loads a puzzle file
 * of two through the file input (a capture that shares its ends with another, then the set's first
 * puzzle, solved already); picks the other capture when the page asks which, is told it is wrong,
 * then solves the puzzle, goes to the next; filters the built-in set to wins rated 1600 and up and
 * finds just those in the menu and through Next. Saves DIR/puzzle.png; prints the
 * figures; exits 1 on a failure.
 *   puzzle_check PAGE PUZZLES DIR [CHROMIUM]   (PAGE: an absolute path, or a URL; PUZZLES: the
 *   page's first built-in set, book/puzzles/NAME.pdn; DIR: an absolute path, the file input's) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cdp.h"
#include "pdn/pdn_read.h"
#include "pdn/pdn_write.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/rules.h"
#include "util/clock.h"

/* The page's board as 50 characters, square 1 first: w, b (men), W, B (kings) or '.'. */
#define BOARD_JS "(function(){var t='';for(var s=1;s<=50;s++){" \
                 "var p=document.querySelector('#board [data-square=\"'+s+'\"] .piece');" \
                 "t+=!p?'.':p.classList.contains('white')?(p.classList.contains('king')?'W':'w'):" \
                 "(p.classList.contains('king')?'B':'b');}return t;})()"
#define IDLE_JS "zwaluwPage.state.syncing === 0 && zwaluwPage.puzzle.accepts()"
#define PLIES_JS "zwaluwPage.state.history.length"

/* A second puzzle file's first puzzle: the king's two captures from 16 to 2 take four men each,
 * 8, 19, 21 and 34 or 40; the solution's path (over 49, 35, 13) names the one taking 40, which the
 * page lists second. */
#define TWO_ROUTES "[Event \"Two routes\"]\n[FEN \"W:W14,K16:B8,12,19,21,34,40\"]\n[Themes \"endgame\"]\n" \
                   "[Rating \"1000\"]\n[Kind \"win\"]\n\n1. 16x49x35x13x2 *\n\n"

/* The games of a PDN file, kept up to max; returns how many it has. */
static int read_games(const char *path, PdnGame *games, int max)
{
    FILE *f = fopen(path, "r");
    if (!f)
        cdp_fail("cannot read %s", path);
    PdnReader *r = pdn_reader_new(f, path);
    PdnGame g;
    pdn_game_init(&g);
    int n = 0;
    for (PdnReadStatus st; (st = pdn_reader_next(r, &g)) != PDN_READ_END; n++) {
        if (st == PDN_READ_BROKEN)
            cdp_fail("%s", pdn_reader_error(r)->message);
        if (n < max) {
            games[n] = g;   /* the record's heap goes with it */
            pdn_game_init(&g);
        }
    }
    pdn_game_free(&g);
    pdn_reader_free(r);
    fclose(f);
    return n;
}

/* The squares a move goes from and to. */
static void move_ends(const Position *pos, Move m, int *from, int *to)
{
    *from = bb_square_of_bit[bb_lsb(move_from(pos, m))];
    *to = bb_square_of_bit[bb_lsb(move_to(pos, m))];
}

/* Waits until the page's board shows pos. */
static void expect_board(Cdp *c, const Position *pos, const char *what)
{
    char text[SQUARE_COUNT + 1], expr[512];
    for (int s = 1; s <= SQUARE_COUNT; s++) {
        Bitboard b = bb_square(s);
        char ch = pos->pieces[WHITE] & b ? 'w' : pos->pieces[BLACK] & b ? 'b' : '.';
        text[s - 1] = (char)(pos->kings & b ? ch - 'a' + 'A' : ch);
    }
    text[SQUARE_COUNT] = '\0';
    snprintf(expr, sizeof expr, "%s === '%s'", BOARD_JS, text);
    cdp_wait(c, expr, what);
}

/* Waits until the text of element id is text. */
static void expect_text(Cdp *c, const char *id, const char *text)
{
    char expr[512], what[256];
    snprintf(expr, sizeof expr, "document.getElementById('%s').textContent === '%s'", id, text);
    snprintf(what, sizeof what, "#%s to say \"%s\"", id, text);
    cdp_wait(c, expr, what);
}

/* The task the page sets for puzzle i (from 0) of a set of n. */
static void expect_task(Cdp *c, const PdnGame *g, int i, int n)
{
    char task[256];
    const char *kind = pdn_game_tag(g, "Kind");
    snprintf(task, sizeof task, "Puzzle %d of %d: %s to move and %s", i + 1, n, g->start.turn == WHITE ? "White" : "Black",
             kind && strcmp(kind, "save") == 0 ? "save the game" : "win");
    expect_text(c, "puzzle-task", task);
}

/* Opens the page (again) and waits for its engine: a page left marks its window. */
static void open_page(Cdp *c, const char *page)
{
    char v[16];
    cdp_eval(c, "window.puzzleCheckLeft = true", v, sizeof v);
    cdp_open(c, page);
    cdp_wait(c, "!window.puzzleCheckLeft && window.zwaluwPage !== undefined && zwaluwPage.state.ready && "
             "zwaluwPage.state.syncing === 0", "the engine's ready");
}

/* Clicks the ends of move m of pos; when the page asks which of the captures with those ends,
 * picks m's. Returns whether it asked. */
static bool click_move(Cdp *c, const Position *pos, Move m)
{
    int from, to;
    move_ends(pos, m, &from, &to);
    cdp_click_square(c, from);
    cdp_click_square(c, to);
    char asked[16], text[MOVE_TEXT_MAX], sel[MOVE_TEXT_MAX + 64];
    cdp_eval(c, "document.getElementById('choose').hidden ? 'no' : 'yes'", asked, sizeof asked);
    if (strcmp(asked, "yes") != 0)
        return false;
    notation_format_move(pos, m, text);
    snprintf(sel, sizeof sel, "#choose button[data-move=\"%s\"]", text);
    cdp_click(c, sel);
    return true;
}

/* Plays the solution of g by clicks, the solver's moves only, and waits for "Solved!". Returns
 * how many of its moves the page asked about (captures sharing their ends with another). */
static int play_solution(Cdp *c, const PdnGame *g)
{
    char expr[128];
    int asked = 0;
    for (int i = 0; i < g->move_count; i += 2) {
        snprintf(expr, sizeof expr, "%s && %s === %d", IDLE_JS, PLIES_JS, i);
        cdp_wait(c, expr, i ? "the solution's reply, played by the page" : "the puzzle's start");
        asked += click_move(c, &g->moves[i].before, g->moves[i].move);
    }
    expect_text(c, "puzzle-say", "Solved!");
    expect_board(c, &g->end, "the solution's last position");
    return asked;
}

int main(int argc, char **argv)
{
    if (argc < 4 || argv[3][0] != '/') {
        fprintf(stderr, "usage: puzzle_check /ABSOLUTE/PAGE.html|URL PUZZLES.pdn /ABSOLUTE/DIR [CHROMIUM]\n");
        return 2;
    }
    rules_init();
    PdnGame set[2];
    int n = read_games(argv[2], set, 2);
    if (n < 2)
        cdp_fail("%s holds %d puzzles, fewer than the 2 this check needs", argv[2], n);

    /* The file to load: a puzzle of its own, then the set's first. */
    char file[4096], count[64];
    snprintf(file, sizeof file, "%s/puzzle-check.pdn", argv[3]);
    FILE *f = fopen(file, "w");
    if (!f || fputs(TWO_ROUTES, f) < 0 || !pdn_write(f, &set[0]) || fclose(f) != 0)
        cdp_fail("cannot write %s", file);
    PdnGame loaded[2];
    if (read_games(file, loaded, 2) != 2)
        cdp_fail("%s does not read back as two puzzles", file);

    double start = clock_now();
    proc_signals_catch();
    Cdp c;
    cdp_start(&c, "puzzle_check", argc > 4 ? argv[4] : NULL, argv[3]);
    open_page(&c, argv[1]);
    double t = clock_now();

    /* The first puzzle, as the file has it. */
    cdp_click(&c, "#tab-puzzle");
    expect_board(&c, &set[0].start, "the first puzzle's position");
    expect_task(&c, &set[0], 0, n);
    snprintf(count, sizeof count, "solved 0 of %d", n);
    expect_text(&c, "puzzle-count", count);
    char expr[5120];   /* room for the menu of a filtered set */
    snprintf(expr, sizeof expr, "document.getElementById('puzzle-about').textContent.indexOf('%s · rating %s') === 0",
             pdn_game_tag(&set[0], "Themes"), pdn_game_tag(&set[0], "Rating"));
    cdp_wait(&c, expr, "the puzzle's themes and rating");
    printf("puzzle_check: puzzle 1 of %d shown %.0f ms after the page was ready: %s, rating %s\n", n,
           (clock_now() - t) * 1000, pdn_game_tag(&set[0], "Themes"), pdn_game_tag(&set[0], "Rating"));

    /* A wrong move: said, on the board a while, taken back. */
    int sol_from, sol_to, from = 0, to = 0;
    move_ends(&set[0].start, set[0].moves[0].move, &sol_from, &sol_to);
    MoveList list;
    movegen_generate(&set[0].start, &list);
    for (int i = 0; i < list.count && !from; i++) {
        move_ends(&set[0].start, list.moves[i], &from, &to);
        if (from == sol_from && to == sol_to)
            from = 0;
    }
    if (!from)
        cdp_fail("the first puzzle has no legal move but the solution's: no wrong one to try");
    cdp_wait(&c, IDLE_JS, "the puzzle's start");
    cdp_click_square(&c, from);
    cdp_click_square(&c, to);
    cdp_wait(&c, PLIES_JS " === 1 && document.getElementById('puzzle-say').textContent === 'Not the move — try again.'",
             "the wrong move on the board, said");
    t = clock_now();
    cdp_wait(&c, IDLE_JS " && " PLIES_JS " === 0", "the wrong move taken back");
    expect_board(&c, &set[0].start, "the first puzzle's position again");
    printf("puzzle_check: the wrong move %d-%d said and taken back after %.0f ms\n", from, to, (clock_now() - t) * 1000);

    /* The hint: the piece to move, then its destination. */
    cdp_click(&c, "#puzzle-hint");
    snprintf(expr, sizeof expr, "(document.querySelector('#board .hint-from') || {dataset: {}}).dataset.square === '%d' && "
             "!document.querySelector('#board .hint-to')", sol_from);
    cdp_wait(&c, expr, "the hint's piece to move");
    cdp_click(&c, "#puzzle-hint");
    snprintf(expr, sizeof expr, "(document.querySelector('#board .hint-to') || {dataset: {}}).dataset.square === '%d'", sol_to);
    cdp_wait(&c, expr, "the hint's destination");
    printf("puzzle_check: the hint showed %d, then %d\n", sol_from, sol_to);

    /* The solution. */
    t = clock_now();
    play_solution(&c, &set[0]);
    snprintf(count, sizeof count, "solved 1 of %d", n);
    expect_text(&c, "puzzle-count", count);
    printf("puzzle_check: solved by clicks in %.1f s (%d plies, %d of them the page's replies): \"%s\"\n",
           clock_now() - t, set[0].move_count, set[0].move_count / 2, count);
    char shot[4096];
    snprintf(shot, sizeof shot, "%s/puzzle.png", argv[3]);
    cdp_screenshot(&c, shot);

    /* The page again: the count kept, the first unsolved puzzle shown, the solved one ticked. */
    open_page(&c, argv[1]);
    cdp_click(&c, "#tab-puzzle");
    expect_text(&c, "puzzle-count", count);
    expect_board(&c, &set[1].start, "the second puzzle, the first unsolved, after a reload");
    expect_task(&c, &set[1], 1, n);
    cdp_wait(&c, "document.getElementById('puzzle-pick').options[0].textContent.indexOf('\\u2713') > 0",
             "puzzle 1 ticked in the menu");
    printf("puzzle_check: after a reload \"%s\" still, puzzle 2 shown\n", count);

    /* A file of two through the file input; the capture the path tells apart. */
    char obj[128];
    char *reply = cdp_call(&c, "Runtime.evaluate", "{\"expression\":\"document.getElementById('puzzle-file')\"}");
    if (!cdp_json_string(reply, "objectId", obj, sizeof obj))
        cdp_fail("no file input: %.200s", reply);
    free(reply);
    char params[8192];
    snprintf(params, sizeof params, "{\"files\":[\"%s\"],\"objectId\":\"%s\"}", file, obj);
    free(cdp_call(&c, "DOM.setFileInputFiles", params));
    expect_task(&c, &loaded[0], 0, 2);
    expect_board(&c, &loaded[0].start, "the loaded file's first puzzle");
    expect_text(&c, "puzzle-count", "solved 1 of 2");   /* its second is the set's first, solved */
    /* The other capture from 16 to 2 first: asked which, it is wrong. */
    MoveList routes;
    movegen_generate(&loaded[0].start, &routes);
    Move other = 0;
    for (int i = 0; i < routes.count; i++)
        if (routes.moves[i] != loaded[0].moves[0].move)
            other = routes.moves[i];
    if (routes.count != 2 || !click_move(&c, &loaded[0].start, other))
        cdp_fail("the page did not ask which of the %d captures from 16 to 2", routes.count);
    cdp_wait(&c, "document.getElementById('puzzle-say').textContent === 'Not the move — try again.'",
             "the other capture said wrong");
    cdp_wait(&c, IDLE_JS " && " PLIES_JS " === 0", "the other capture taken back");
    if (play_solution(&c, &loaded[0]) != 1)
        cdp_fail("the page did not ask which capture the solution's 16x49x35x13x2 is");
    expect_text(&c, "puzzle-count", "solved 2 of 2");
    printf("puzzle_check: a file of 2 loaded, \"solved 1 of 2\" (one solved in the built-in set); of the two "
           "captures 16x2 the page asked which: the other said wrong, 16x49x35x13x2 solved, 40 taken and 34 left\n");
    cdp_click(&c, "#puzzle-next");
    expect_task(&c, &loaded[1], 1, 2);
    expect_board(&c, &loaded[1].start, "the file's second puzzle");
    cdp_wait(&c, "document.getElementById('puzzle-about').textContent.indexOf('solved before') > 0",
             "the file's second puzzle known as solved");
    printf("puzzle_check: next puzzle: 2 of 2 shown, \"solved before\"\n");

    /* The filter: the built-in set's wins rated 1600 and up, in the menu and through Next. */
    PdnGame *all = calloc((size_t)n, sizeof *all);
    if (!all || read_games(argv[2], all, n) != n)
        cdp_fail("cannot read %s again", argv[2]);
    char want[4096] = "", sep[2] = "";
    int wins = 0, first = -1, second = -1;
    for (int i = 0; i < n; i++) {
        const char *kind = pdn_game_tag(&all[i], "Kind"), *rating = pdn_game_tag(&all[i], "Rating");
        if (kind && strcmp(kind, "win") == 0 && rating && atoi(rating) >= 1600) {
            size_t len = strlen(want);
            snprintf(want + len, sizeof want - len, "%s%d", sep, i);
            strcpy(sep, ",");
            first = wins == 0 ? i : first;
            second = wins == 1 ? i : second;
            wins++;
        }
    }
    if (wins < 2)
        cdp_fail("%s has %d wins rated 1600 and up, fewer than the 2 this check needs", argv[2], wins);
    cdp_eval(&c, "(function(){var f=function(id,v){var e=document.getElementById(id);e.value=v;e.onchange();};"
                 "f('puzzle-set','0');f('puzzle-kind','win');f('puzzle-rating','1600');return 1;})()",
             params, sizeof params);
    snprintf(expr, sizeof expr, "Array.prototype.map.call(document.getElementById('puzzle-pick').options, "
             "function(o){return o.value;}).join(',') === '%s'", want);
    cdp_wait(&c, expr, "the menu of the wins rated 1600 and up");
    expect_task(&c, &all[first], first, n);
    expect_board(&c, &all[first].start, "the first win rated 1600 and up");
    snprintf(count, sizeof count, "solved 1 of %d (%d of the kind and rating asked)", n, wins);
    expect_text(&c, "puzzle-count", count);
    cdp_click(&c, "#puzzle-next");
    expect_task(&c, &all[second], second, n);
    printf("puzzle_check: filtered to wins rated 1600 and up: %d of %d listed, puzzles %d and %d by Next\n", wins, n,
           first + 1, second + 1);
    for (int i = 0; i < n; i++)
        pdn_game_free(&all[i]);
    free(all);

    cdp_close(&c);
    for (int i = 0; i < 2; i++) {
        pdn_game_free(&set[i]);
        pdn_game_free(&loaded[i]);
    }
    printf("puzzle_check: passed in %.1f s\n", clock_now() - start);
    return 0;
}
