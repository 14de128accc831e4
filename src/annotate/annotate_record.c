/* The analysis of a game as PDN comments, glyphs and variations (see annotate_record.h). */
#include "annotate/annotate_record.h"

#include <stdio.h>
#include <string.h>
#include "pdn/pdn_move.h"

#define NOTE_MAX 1024

/* Adds the NUL-terminated text to t. */
static bool add_text(PdnTexts *t, const char *text) { return pdn_game_add_text(t, text, strlen(text)); }

/* Appends the formatted text to buf (size bytes), cut when it does not fit. */
static void append(char *buf, size_t size, const char *text)
{
    size_t len = strlen(buf);
    if (len + 1 < size)
        snprintf(buf + len, size - len, "%s", text);
}

/* The comment of one analysed move into buf. */
static void move_comment(const PdnMove *pm, const AnnotateMove *m, char *buf, size_t size)
{
    char before[16], after[16], text[PDN_MOVE_TEXT_MAX + 64];
    score_format(m->best, before, sizeof before);
    score_format(m->after, after, sizeof after);
    snprintf(buf, size, "%s -> %s", before, after);
    if (!m->judged)
        return;
    const char *winner = pm->before.turn == WHITE ? "Black" : "White";
    if (m->cls != ANNOTATE_GOOD || (m->notes & ANNOTATE_NOTE_MISSED_WIN)) {
        char best[PDN_MOVE_TEXT_MAX];
        pdn_move_format(&pm->before, m->best_move, best);
        if (m->cls != ANNOTATE_GOOD)
            snprintf(text, sizeof text, ", %s (%s); best %s", annotate_class_name(m->cls), annotate_glyph(m->cls), best);
        else
            snprintf(text, sizeof text, "; best %s", best);
        append(buf, size, text);
    }
    if (m->only)
        append(buf, size, ", the only move (!)");
    if (m->notes & ANNOTATE_NOTE_MISSED_WIN)
        append(buf, size, ", missed win");
    if (m->notes & ANNOTATE_NOTE_FORCED_WIN) {
        snprintf(text, sizeof text, ", now a forced win for %s", m->after > 0 ? "White" : "Black");
        append(buf, size, text);
    } else if (m->notes & ANNOTATE_NOTE_NOW_WINNING) {
        snprintf(text, sizeof text, ", now %s is winning", winner);
        append(buf, size, text);
    }
}

/* The comment before the first move: how to read the annotations, and the summary. */
static void intro_comment(const AnnotateAnalysis *a, const AnnotateSummary *s, const char *limit, char *buf,
                          size_t size)
{
    char start[16], side[160];
    score_format(a->start, start, sizeof start);
    snprintf(buf, size,
             ANNOTATE_ANNOTATOR ", %s a position. Scores in men from White's view (above 0: White is better), "
             "before -> after each move; %s %s %s: the move lost at least %.0f%%, %.0f%%, %.0f%% of the "
             "mover's winning chances. Start %s.",
             limit, annotate_glyph(ANNOTATE_INACCURACY), annotate_glyph(ANNOTATE_MISTAKE),
             annotate_glyph(ANNOTATE_BLUNDER), 100 * ANNOTATE_THRESHOLDS[0].min_loss,
             100 * ANNOTATE_THRESHOLDS[1].min_loss, 100 * ANNOTATE_THRESHOLDS[2].min_loss, start);
    for (int c = 0; c < 2; c++)
        if (s->side[c].moves) {
            char text[200];
            annotate_side_text(&s->side[c], side, sizeof side);
            snprintf(text, sizeof text, " %s: %s.", c == WHITE ? "White" : "Black", side);
            append(buf, size, text);
        }
}

bool annotate_record(PdnGame *g, const AnnotateAnalysis *a, const AnnotateSummary *s, const char *limit)
{
    char text[NOTE_MAX];
    snprintf(text, sizeof text, "%s, %s", ANNOTATE_ANNOTATOR, limit);
    bool ok = pdn_game_add_tag(g, "Annotator", text);
    intro_comment(a, s, limit, text, sizeof text);
    ok = ok && add_text(&g->intro, text);
    for (int i = 0; ok && i < a->count; i++) {
        PdnMove *pm = &g->moves[i];
        const AnnotateMove *m = &a->moves[i];
        move_comment(pm, m, text, sizeof text);
        ok = add_text(&pm->comments, text);
        if (!m->judged)
            continue;
        const char *glyph = m->only ? "!" : annotate_glyph(m->cls);
        if (!pm->glyph[0] && strlen(glyph) < sizeof pm->glyph)
            strcpy(pm->glyph, glyph);
        if ((m->cls != ANNOTATE_GOOD || (m->notes & ANNOTATE_NOTE_MISSED_WIN)) && m->line[0])
            ok = ok && add_text(&pm->variations, m->line);
    }
    return ok;
}

/* Copies text into buf (size bytes) with braces named, not written, and a parenthesis alone in
 * quotes too: in a comment a brace would end it, and a lone parenthesis opens a variation for the
 * readers that drop variations first (pydraughts). */
static void name_brackets(const char *text, char *buf, size_t size)
{
    buf[0] = '\0';
    for (const char *p = text; *p; p++) {
        bool quoted = p[0] == '\'' && p[1] && strchr("{}()", p[1]) && p[2] == '\'';
        const char *k = strchr("{}()", quoted ? p[1] : *p);
        char one[2] = {*p, '\0'};
        if (k && (quoted || *p == '{' || *p == '}')) {
            static const char *const NAMES[] = {"opening brace", "closing brace", "opening parenthesis",
                                                "closing parenthesis"};
            append(buf, size, NAMES[k - "{}()"]);
            p += quoted ? 2 : 0;
        } else {
            append(buf, size, one);
        }
    }
}

bool annotate_record_skipped(PdnGame *g, const PdnError *e)
{
    /* the text at fault goes in only when it is a word: a broken comment's text may hold anything */
    bool word = e->text[0] && strlen(e->text) < 24 && !strpbrk(e->text, " {}()[];");
    char why[NOTE_MAX / 2], text[NOTE_MAX];
    name_brackets(e->why, why, sizeof why);
    snprintf(text, sizeof text, "%s: not annotated, the game is broken: game %d, line %ld%s%s%s: %s",
             ANNOTATE_ANNOTATOR, e->game, e->line, word ? ", \"" : "", word ? e->text : "", word ? "\"" : "", why);
    return add_text(&g->intro, text);
}

/* Reads a score as score_format writes it ("-1.05") at *p, advancing it; false when there is none. */
static bool skip_score(const char **p)
{
    const char *q = *p + (**p == '-');
    if (*q < '0' || *q > '9')
        return false;
    while (*q >= '0' && *q <= '9')
        q++;
    if (q[0] != '.' || q[1] < '0' || q[1] > '9' || q[2] < '0' || q[2] > '9')
        return false;
    *p = q + 3;
    return true;
}

/* Whether text is a move comment of ours: "BEFORE -> AFTER", then nothing or ", ..." or "; ...". */
static bool our_move_comment(const char *text)
{
    const char *p = text;
    if (!skip_score(&p) || strncmp(p, " -> ", 4) != 0)
        return false;
    p += 4;
    return skip_score(&p) && (*p == '\0' || *p == ',' || *p == ';');
}

/* Removes the variations of m that our comment (which names the best move "; best M") gave it: those
 * whose first move, after its number, is M. */
static void strip_variation(PdnMove *m, const char *comment)
{
    const char *best = strstr(comment, "; best ");
    if (!best)
        return;
    best += 7;
    size_t len = strcspn(best, ",; ");
    for (int i = m->variations.count - 1; i >= 0; i--) {
        const char *v = m->variations.items[i];
        const char *move = strchr(v, ' ');
        move = move ? move + 1 : v;
        if (strncmp(move, best, len) == 0 && (move[len] == ' ' || move[len] == '\0'))
            pdn_game_remove_text(&m->variations, i);
    }
}

/* Clears m's glyph when our comment names it: "(??)" for a class, "(!)" for the only move. */
static void strip_glyph(PdnMove *m, const char *comment)
{
    char named[PDN_GLYPH_MAX + 2];
    snprintf(named, sizeof named, "(%s)", m->glyph);
    if (m->glyph[0] && strstr(comment, named))
        m->glyph[0] = '\0';
}

void annotate_record_strip(PdnGame *g)
{
    /* the summary goes ("Zwaluw annotate, nodes=..."); the note of a game once skipped as broken
     * ("Zwaluw annotate: not annotated...") stays: what was written back is only the part read */
    size_t prefix = strlen(ANNOTATE_ANNOTATOR);
    for (int i = g->intro.count - 1; i >= 0; i--)
        if (strncmp(g->intro.items[i], ANNOTATE_ANNOTATOR ", ", prefix + 2) == 0)
            pdn_game_remove_text(&g->intro, i);
    bool ours = false;   /* an Annotator tag of ours: the player may have his own beside it */
    for (int i = g->tag_count - 1; i >= 0; i--)
        if (strcmp(g->tags[i].name, "Annotator") == 0 && strncmp(g->tags[i].value, ANNOTATE_ANNOTATOR, prefix) == 0) {
            pdn_game_remove_tag(g, i);
            ours = true;
        }
    if (!ours)
        return;
    for (int k = 0; k < g->move_count; k++) {
        PdnMove *m = &g->moves[k];
        for (int i = m->comments.count - 1; i >= 0; i--)
            if (our_move_comment(m->comments.items[i])) {
                strip_variation(m, m->comments.items[i]);
                strip_glyph(m, m->comments.items[i]);
                pdn_game_remove_text(&m->comments, i);
            }
    }
}
