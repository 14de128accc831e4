#include "match/think_stats.h"

#include <math.h>
#include <stdlib.h>

bool think_stats_add(ThinkStats *st, double elapsed, double budget, double clock_left, int game, int ply)
{
    if (st->count == st->capacity) {
        size_t cap = st->capacity ? st->capacity * 2 : 256;
        double *e = realloc(st->elapsed, cap * sizeof *e);
        if (!e)
            return false;
        st->elapsed = e;
        double *o = realloc(st->overshoot, cap * sizeof *o);
        if (!o)
            return false;
        st->overshoot = o;
        st->capacity = cap;
    }
    st->elapsed[st->count++] = elapsed;
    if (budget > 0) {
        double over = elapsed - budget;
        if (st->overshoot_count == 0 || over > st->worst) {
            st->worst = over;
            st->worst_game = game;
            st->worst_ply = ply;
        }
        st->overshoot[st->overshoot_count++] = over;
    }
    if (!isnan(clock_left)) {
        if (!st->has_clock || clock_left < st->min_clock)
            st->min_clock = clock_left;
        st->has_clock = true;
    }
    return true;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double think_stats_percentile(double *v, size_t n, double p)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, compare_doubles);
    size_t rank = (size_t)ceil(p / 100.0 * (double)n);
    return v[rank > 0 ? rank - 1 : 0];
}

void think_stats_print(FILE *out, const char *name, ThinkStats *st)
{
    if (st->count == 0)
        return;
    double sum = 0;
    for (size_t i = 0; i < st->count; i++)
        sum += st->elapsed[i];
    double max = think_stats_percentile(st->elapsed, st->count, 100);
    fprintf(out, "Time %s: %zu moves, think mean %.3f s max %.3f s", name, st->count, sum / (double)st->count,
            max);
    if (st->overshoot_count) {
        double p99 = think_stats_percentile(st->overshoot, st->overshoot_count, 99);
        fprintf(out, ", move-time overshoot worst %+.1f ms (game %d ply %d) p99 %+.1f ms", st->worst * 1000,
                st->worst_game, st->worst_ply, p99 * 1000);
    }
    if (st->has_clock)
        fprintf(out, ", lowest clock left %.3f s", st->min_clock);
    fputc('\n', out);
}

void think_stats_free(ThinkStats *st)
{
    free(st->elapsed);
    free(st->overshoot);
    *st = (ThinkStats){0};
}
