/* The judgement of a move from scores (see annotate_judge.h). */
#include "annotate/annotate_judge.h"

#include <math.h>

/* The thresholds of the glyphs, in the mover's winning chances lost (README "Analysing your
 * games" shows the same table). From an equal position they are about 0.3, 0.6 and 1.1 men: a man
 * lost for nothing is a blunder. Below 0.06 lies the noise of a search of a million nodes. */
const AnnotateThreshold ANNOTATE_THRESHOLDS[ANNOTATE_CLASSES - 1] = {
    {ANNOTATE_INACCURACY, 0.06, "?!", "inaccuracy"},
    {ANNOTATE_MISTAKE, 0.12, "?", "mistake"},
    {ANNOTATE_BLUNDER, 0.22, "??", "blunder"},
};

bool annotate_proven_win(Score score) { return score > SCORE_EVAL_MAX; }

double annotate_chance(Score score)
{
    if (annotate_proven_win(score))
        return 1.0;
    if (annotate_proven_win(-score))
        return 0.0;
    return 1.0 / (1.0 + exp(-ANNOTATE_K * score));
}

double annotate_loss(Score best, Score played)
{
    double loss = annotate_chance(best) - annotate_chance(played);
    return loss > 0 ? loss : 0;
}

int annotate_loss_cm(Score best, Score played)
{
    int loss = best - played;
    return loss < 0 ? 0 : loss > ANNOTATE_LOSS_CAP ? ANNOTATE_LOSS_CAP : loss;
}

AnnotateClass annotate_classify(double loss)
{
    AnnotateClass cls = ANNOTATE_GOOD;
    for (int i = 0; i < ANNOTATE_CLASSES - 1; i++)
        if (loss >= ANNOTATE_THRESHOLDS[i].min_loss)
            cls = ANNOTATE_THRESHOLDS[i].cls;
    return cls;
}

const char *annotate_glyph(AnnotateClass cls)
{
    return cls > ANNOTATE_GOOD && cls < ANNOTATE_CLASSES ? ANNOTATE_THRESHOLDS[cls - 1].glyph : "";
}

const char *annotate_class_name(AnnotateClass cls)
{
    return cls > ANNOTATE_GOOD && cls < ANNOTATE_CLASSES ? ANNOTATE_THRESHOLDS[cls - 1].name : "";
}

bool annotate_only_move(Score best, Score second, int legal_moves, bool capture)
{
    return legal_moves > 1 && !capture && annotate_chance(best) >= ANNOTATE_HOLDS &&
           annotate_chance(best) - annotate_chance(second) >= ANNOTATE_ONLY_MARGIN;
}

/* Winning: the chances of ANNOTATE_WINNING or a proven win. */
static bool winning(Score score) { return annotate_chance(score) >= ANNOTATE_WINNING; }

unsigned annotate_notes(Score best, Score played)
{
    unsigned notes = 0;
    /* a change of side of the line is news only when the move lost enough to earn a glyph: else
     * it is the noise of two searches around the line */
    bool lost = annotate_classify(annotate_loss(best, played)) != ANNOTATE_GOOD;
    if (lost && winning(best) && !winning(played))
        notes |= ANNOTATE_NOTE_MISSED_WIN;
    if (lost && winning(-played) && !winning(-best))
        notes |= ANNOTATE_NOTE_NOW_WINNING;
    if ((annotate_proven_win(played) && !annotate_proven_win(best)) ||
        (annotate_proven_win(-played) && !annotate_proven_win(-best)))
        notes |= ANNOTATE_NOTE_FORCED_WIN;
    return notes;
}
