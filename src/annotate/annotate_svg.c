/* The score chart of a game (see annotate_svg.h). */
#include "annotate/annotate_svg.h"

#include <string.h>
#include "pdn/pdn_move.h"

#define WIDTH 800
#define HEIGHT 380
#define LEFT 56      /* the plot's edges */
#define RIGHT 780
#define TOP 64
#define BOTTOM 320

/* The length of the UTF-8 sequence at p (1-4), or 0 when p holds none. */
static int utf8_length(const unsigned char *p)
{
    int n = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3 : (p[0] & 0xF8) == 0xF0 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* Writes text with XML's special characters escaped. PDN files come in UTF-8 or Latin-1 and the
 * reader keeps their bytes: a byte that starts no UTF-8 sequence is read as Latin-1 and written as
 * a character reference, so that the chart stays well-formed UTF-8. */
static void put_escaped(FILE *out, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        int n = utf8_length(p);
        if (*p == '<')
            fputs("&lt;", out);
        else if (*p == '>')
            fputs("&gt;", out);
        else if (*p == '&')
            fputs("&amp;", out);
        else if (*p == '"')
            fputs("&quot;", out);
        else if (n == 0)
            fprintf(out, "&#%d;", *p);
        else if (*p >= 0x20)
            fwrite(p, 1, (size_t)n, out);
        p += n ? n : 1;
    }
}

static const char *tag_or_unknown(const PdnGame *g, const char *name)
{
    const char *v = pdn_game_tag(g, name);
    return v && *v ? v : "?";
}

/* The plot's x of the position after ply plies of a game of n. */
static double x_of(int ply, int n) { return LEFT + (double)(RIGHT - LEFT) * ply / (n > 0 ? n : 1); }

/* The plot's y of score (White's view), cut at the chart's range. */
static double y_of(Score score)
{
    double men = score / 100.0;
    men = men > ANNOTATE_SVG_RANGE ? ANNOTATE_SVG_RANGE : men < -ANNOTATE_SVG_RANGE ? -ANNOTATE_SVG_RANGE : men;
    return TOP + (BOTTOM - TOP) * (ANNOTATE_SVG_RANGE - men) / (2.0 * ANNOTATE_SVG_RANGE);
}

/* The marker colour of a class, or of "!" (cls ANNOTATE_GOOD). */
static const char *colour(AnnotateClass cls)
{
    static const char *const COLOURS[ANNOTATE_CLASSES] = {"#2ca02c", "#d4a800", "#e67e00", "#d62728"};
    return COLOURS[cls];
}

/* The frame: title, grid with the men on the left, the move numbers below, the legend. */
static void put_frame(FILE *out, const PdnGame *g, int n)
{
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"sans-serif\" font-size=\"12\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT);
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", WIDTH, HEIGHT);
    fputs("<text x=\"400\" y=\"24\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">", out);
    put_escaped(out, tag_or_unknown(g, "White"));
    fputs(" - ", out);
    put_escaped(out, tag_or_unknown(g, "Black"));
    fputs("  ", out);
    put_escaped(out, g->result_text[0] ? g->result_text : "*");
    fputs("</text>\n<text x=\"400\" y=\"44\" text-anchor=\"middle\" fill=\"#555\">", out);
    put_escaped(out, tag_or_unknown(g, "Event"));
    fputs(", ", out);
    put_escaped(out, tag_or_unknown(g, "Date"));
    fputs(". Score after each move, men, White's view</text>\n", out);
    for (int men = -ANNOTATE_SVG_RANGE; men <= ANNOTATE_SVG_RANGE; men++) {
        double y = y_of(men * 100);
        fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", LEFT, y, RIGHT, y,
                men == 0 ? "#888" : "#e4e4e4");
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%+d</text>\n", LEFT - 6, y + 4, men);
    }
    int first = g->first_number, black_first = g->start.turn == BLACK;
    for (int ply = 0; ply <= n; ply++) {
        int number = first + (ply + black_first) / 2;
        if ((ply + black_first) % 2 == 0 && number % 10 == 0) {
            double x = x_of(ply, n);
            fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e4e4e4\"/>\n", x, TOP, x, BOTTOM);
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x, BOTTOM + 16, number);
        }
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">move</text>\n", (LEFT + RIGHT) / 2, BOTTOM + 32);
    static const char *const LEGEND[ANNOTATE_CLASSES] = {"! only move", "?! inaccuracy", "? mistake", "?? blunder"};
    for (int c = 0; c < ANNOTATE_CLASSES; c++) {
        int x = LEFT + 140 * c;
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\"/>", x + 6, HEIGHT - 14, colour((AnnotateClass)c));
        fprintf(out, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 16, HEIGHT - 10, LEGEND[c]);
    }
}

bool annotate_svg_write(FILE *out, const PdnGame *g, const AnnotateAnalysis *a)
{
    int n = a->count;
    put_frame(out, g, n);
    fprintf(out, "<polyline fill=\"none\" stroke=\"#1f4e9c\" stroke-width=\"2\" points=\"%.1f,%.1f", x_of(0, n),
            y_of(a->start));
    for (int i = 0; i < n; i++)
        fprintf(out, " %.1f,%.1f", x_of(i + 1, n), y_of(a->moves[i].after));
    fputs("\"/>\n", out);
    int number = g->first_number;
    for (int i = 0; i < n; i++) {
        const AnnotateMove *m = &a->moves[i];
        const PdnMove *pm = &g->moves[i];
        if (m->judged && (m->cls != ANNOTATE_GOOD || m->only)) {
            char move[PDN_MOVE_TEXT_MAX], before[16], after[16];
            pdn_move_format(&pm->before, pm->move, move);
            score_format(m->best, before, sizeof before);
            score_format(m->after, after, sizeof after);
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\"><title>%d%s %s%s %s -&gt; %s</title></circle>\n",
                    x_of(i + 1, n), y_of(m->after), colour(m->cls), number, pm->before.turn == WHITE ? "." : "...",
                    move, m->only ? "!" : annotate_glyph(m->cls), before, after);
        }
        number += pm->before.turn == BLACK;
    }
    fputs("</svg>\n", out);
    return !ferror(out);
}
