/* The playing levels (see skill.h): their table and the choice among the scored root moves. */
#include "search/skill.h"

#include <math.h>
#include "rules/hash.h"

/* Calibrated by self-play matches of adjacent levels (README, Playing levels): the depth cap rises
 * by a third to half a ply a level at the bottom, by 0.7-1 ply above; the positional share, the
 * candidates, the temperature and the margin shrink together as the level rises. */
static const SkillLevel LEVELS[SKILL_MAX] = {
    /* depth10 nodes positional lines temperature margin book_ply */
    {10, 0, 0, 10, 100, 60, 0},
    {14, 0, 10, 10, 85, 60, 0},
    {17, 0, 20, 10, 70, 55, 0},
    {20, 0, 30, 10, 60, 55, 0},
    {25, 0, 40, 8, 55, 50, 0},
    {30, 0, 50, 6, 45, 45, 0},
    {35, 0, 60, 5, 40, 40, 0},
    {40, 0, 65, 5, 35, 35, 0},
    {45, 0, 70, 4, 30, 30, 0},
    {50, 0, 75, 4, 25, 30, 0},
    {57, 0, 80, 3, 20, 25, 0},
    {65, 0, 85, 3, 16, 20, 4},
    {73, 0, 90, 3, 12, 16, 8},
    {80, 0, 95, 3, 10, 12, 12},
    {88, 0, 100, 3, 8, 10, 16},
    {95, 0, 100, 2, 6, 8, 20},
    {103, 0, 100, 2, 4, 6, 24},
    {110, 0, 100, 2, 2, 3, 30},
    {120, 0, 100, 2, 1, 2, 36},
    {0, 0, 100, 1, 0, 0, SKILL_BOOK_ALL},
};

const SkillLevel *skill_level(int level)
{
    level = level < SKILL_MIN ? SKILL_MIN : level > SKILL_MAX ? SKILL_MAX : level;
    return &LEVELS[level - SKILL_MIN];
}

SearchLimits skill_limits(const SkillLevel *sk, const SearchLimits *limits, uint64_t *rng)
{
    SearchLimits l = *limits;
    int depth = sk->depth10 / 10;
    if (sk->depth10 % 10 && (int)(hash_splitmix(rng) % 10) < sk->depth10 % 10)
        depth++;
    if (depth && (l.depth == 0 || l.depth > depth))
        l.depth = depth;
    if (sk->nodes && (l.nodes == 0 || l.nodes > sk->nodes))
        l.nodes = sk->nodes;
    return l;
}

int skill_choose(const SkillLevel *sk, const SearchResult *r, uint64_t *rng)
{
    if (sk->temperature <= 0 || r->line_count <= 1)
        return 0;
    double weight[SEARCH_MAX_LINES], total = 0;
    int n = 0;
    /* lines are best first, so the candidates are a prefix */
    while (n < r->line_count && r->line_score[0] - r->line_score[n] <= sk->margin) {
        weight[n] = exp(-(double)(r->line_score[0] - r->line_score[n]) / sk->temperature);
        total += weight[n++];
    }
    double x = (double)(hash_splitmix(rng) >> 11) * 0x1p-53 * total;
    for (int i = 0; i < n; i++) {
        x -= weight[i];
        if (x < 0)
            return i;
    }
    return n - 1;
}

uint64_t skill_seed_state(uint64_t seed)
{
    uint64_t state = seed ^ 0x5deece66dULL;
    hash_splitmix(&state);
    return state;
}
