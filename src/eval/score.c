/* Scores as people read them (see score.h). */
#include "eval/score.h"

#include <stdio.h>
#include <stdlib.h>

void score_format(Score score, char *buf, size_t size)
{
    snprintf(buf, size, "%s%d.%02d", score < 0 ? "-" : "", abs(score) / 100, abs(score) % 100);
}
