/* Material signatures (see material.h). */
#include <stdio.h>
#include "endgame/material.h"

Material material_of(const Position *pos)
{
    return (Material){bb_popcount(position_men(pos, WHITE)), bb_popcount(position_kings(pos, WHITE)),
                        bb_popcount(position_men(pos, BLACK)), bb_popcount(position_kings(pos, BLACK))};
}

static int append_side(char *buf, int size, int kings, int men)
{
    if (!kings && !men)
        return snprintf(buf, (size_t)size, "0");
    if (!men)
        return snprintf(buf, (size_t)size, "%dK", kings);
    if (!kings)
        return snprintf(buf, (size_t)size, "%dM", men);
    return snprintf(buf, (size_t)size, "%dK%dM", kings, men);
}

void material_name(Material m, char *buf, int size)
{
    int n = append_side(buf, size, m.wk, m.wm);
    if (n < 0 || n >= size - 1)
        return;
    buf[n++] = '-';
    append_side(buf + n, size - n, m.bk, m.bm);
}
