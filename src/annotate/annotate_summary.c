/* Counts of judged moves and the table of games (see annotate_summary.h). */
#include "annotate/annotate_summary.h"

#include <string.h>

void annotate_summary_count(const PdnGame *g, const AnnotateAnalysis *a, AnnotateSummary *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < a->count; i++) {
        const AnnotateMove *m = &a->moves[i];
        if (!m->judged)
            continue;
        AnnotateSide *side = &s->side[g->moves[i].before.turn];
        side->moves++;
        side->count[m->cls]++;
        side->only += m->only;
        side->loss_cm += m->loss_cm;
    }
}

void annotate_summary_add(AnnotateSummary *to, const AnnotateSummary *from)
{
    for (int c = 0; c < 2; c++) {
        to->side[c].moves += from->side[c].moves;
        for (int k = 0; k < ANNOTATE_CLASSES; k++)
            to->side[c].count[k] += from->side[c].count[k];
        to->side[c].only += from->side[c].only;
        to->side[c].loss_cm += from->side[c].loss_cm;
    }
}

double annotate_side_average(const AnnotateSide *s) { return s->moves ? s->loss_cm / 100.0 / s->moves : 0; }

void annotate_side_text(const AnnotateSide *s, char *buf, size_t size)
{
    int i = s->count[ANNOTATE_INACCURACY], m = s->count[ANNOTATE_MISTAKE], b = s->count[ANNOTATE_BLUNDER];
    snprintf(buf, size, "%d move%s, %d inaccurac%s, %d mistake%s, %d blunder%s, average loss %.2f men", s->moves,
             s->moves == 1 ? "" : "s", i, i == 1 ? "y" : "ies", m, m == 1 ? "" : "s", b, b == 1 ? "" : "s",
             annotate_side_average(s));
}

void annotate_table_header(FILE *out)
{
    fprintf(out, "%5s  %-18s %-18s %-7s %-5s %5s %4s %4s %4s %8s\n", "game", "white", "black", "result", "side",
            "moves", "?!", "?", "??", "avg loss");
}

/* The tag's value, or "?" when the game has none. */
static const char *tag_or_unknown(const PdnGame *g, const char *name)
{
    const char *v = g ? pdn_game_tag(g, name) : NULL;
    return v && *v ? v : "?";
}

void annotate_table_rows(FILE *out, int game, const char *label, const PdnGame *g, const AnnotateSummary *s)
{
    char number[16];
    if (label)
        snprintf(number, sizeof number, "%s", label);
    else
        snprintf(number, sizeof number, "%d", game);
    const char *result = g && g->result_text[0] ? g->result_text : g ? "*" : "";
    for (int c = 0; c < 2; c++) {
        const AnnotateSide *side = &s->side[c];
        if (!side->moves)
            continue;
        fprintf(out, "%5s  %-18.18s %-18.18s %-7s %-5s %5d %4d %4d %4d %8.2f\n", number,
                g ? tag_or_unknown(g, "White") : "", g ? tag_or_unknown(g, "Black") : "", result,
                c == WHITE ? "white" : "black", side->moves, side->count[ANNOTATE_INACCURACY],
                side->count[ANNOTATE_MISTAKE], side->count[ANNOTATE_BLUNDER], annotate_side_average(side));
    }
}
