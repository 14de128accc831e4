#include "search/timeman.h"

/* Fraction of the clock that one move may take at most, whatever the plan. */
#define TIMEMAN_MAX_SHARE 0.85
/* The hard limit is this many times the per-move allocation (bounded by the clock). */
#define TIMEMAN_HARD_FACTOR 3.0
/* An iteration is started only before this fraction of the target has elapsed (times the
 * stability scale, about 0.6 once the move has settled): the next one usually costs more than all
 * previous ones together. Scan 2.0 allocates 1.2 times our target and plays on until 40% to 80%
 * of it; with shares of 0.75 and 1.5 we thought less a move than it did (1.70 s against 1.83 s
 * at time=60 inc=1, 0.18 s against 0.22 s at time=10 inc=0.1), so these are 1.2 times those.
 * More of it in the ending, where fewer moves are left to save time for and the searches that
 * decide it are long. */
#define TIMEMAN_START_SHARE_OPENING 0.9
#define TIMEMAN_START_SHARE_ENDING 1.8
/* Part of the clock never planned, for the scheduler delays of a loaded machine. */
#define TIMEMAN_SAFETY_SHARE 0.1
#define TIMEMAN_SAFETY_MAX 0.05
/* With an increment, this share of it (at most TIMEMAN_INC_KEEP_MAX seconds) is never planned
 * either: the plan otherwise lets the clock sink to the latency reserve (0.2 s left after a move
 * at time=60 inc=1, where Scan 2.0 kept 0.7 s), which one stall of a loaded machine empties,
 * while keeping it costs the engine that half increment once. */
#define TIMEMAN_INC_KEEP 0.5
#define TIMEMAN_INC_KEEP_MAX 0.5
/* Moves assumed still to come when no moves= is given. */
#define TIMEMAN_SUDDEN_DEATH_MOVES 60
/* The shortest thinking time ever planned (the first iteration needs a few microseconds). */
#define TIMEMAN_MIN_TIME 0.0005

static double max_d(double a, double b) { return a > b ? a : b; }
static double min_d(double a, double b) { return a < b ? a : b; }

static int clamp_men(int men) { return men < 0 ? 0 : men > 40 ? 40 : men; }

/* Moves still to plan for in sudden death: 30 with a full board, down to 10 without men. */
static int moves_horizon(int men) { return 10 + clamp_men(men) / 2; }

/* The share of the target before which another iteration may start, from the game phase. */
static double start_share(int men)
{
    double ending = (40 - clamp_men(men)) / 40.0;
    return TIMEMAN_START_SHARE_OPENING + (TIMEMAN_START_SHARE_ENDING - TIMEMAN_START_SHARE_OPENING) * ending;
}

void timeman_plan(const SearchLimits *limits, int men, TimePlan *plan)
{
    plan->timed = plan->fixed = false;
    plan->soft = plan->hard = plan->start = 0;
    if (limits->infinite)
        return;
    if (limits->move_time > 0) {
        double t = limits->move_time;
        double hard = t > 4 * TIMEMAN_LATENCY ? t - TIMEMAN_LATENCY : t * 0.75;
        plan->timed = plan->fixed = true;
        plan->soft = plan->hard = plan->start = max_d(hard, TIMEMAN_MIN_TIME);
        return;
    }
    if (!limits->clock_set && limits->time <= 0 && limits->inc <= 0)
        return;
    double time = max_d(limits->time, 0), inc = max_d(limits->inc, 0);
    int horizon = moves_horizon(men);
    int plan_moves = limits->moves > 0 && limits->moves < horizon ? limits->moves : horizon;
    /* every move still to come in the period (or a long game's worth in sudden death) keeps
     * the latency, so even a minimal search per move fits on the clock */
    int remaining = limits->moves > 0 ? limits->moves : TIMEMAN_SUDDEN_DEATH_MOVES;
    double safety = min_d(time * TIMEMAN_SAFETY_SHARE, TIMEMAN_SAFETY_MAX) +
                    min_d(inc * TIMEMAN_INC_KEEP, TIMEMAN_INC_KEEP_MAX);
    double usable = max_d(time - TIMEMAN_LATENCY * remaining - safety, 0);
    double alloc = usable / plan_moves + inc;
    double cap = min_d((time + inc) * TIMEMAN_MAX_SHARE, usable + max_d(inc - TIMEMAN_LATENCY, 0));
    plan->timed = true;
    plan->soft = max_d(min_d(alloc, cap), TIMEMAN_MIN_TIME);
    plan->hard = max_d(min_d(alloc * TIMEMAN_HARD_FACTOR, cap), TIMEMAN_MIN_TIME);
    plan->start = plan->soft * start_share(men);
}

bool timeman_continue(const TimePlan *plan, double elapsed, double scale)
{
    if (!plan->timed)
        return true;
    if (plan->fixed)
        return elapsed < plan->hard;
    return elapsed < plan->start * scale && elapsed < plan->hard;
}

double timeman_stability(double stability, bool changed)
{
    if (!changed)
        return max_d(stability * 0.9, 0.6);
    return min_d(max_d(stability, 1) * 1.3, 2);
}

double timeman_scale(double stability, int target_percent, int drop_percent, Score prev, Score score)
{
    double scale = stability * target_percent / 100.0;
    int drop = prev - score;
    if (drop_percent > 0 && drop > 0 && score < SCORE_WIN_MIN && score > -SCORE_WIN_MIN)
        scale *= 1 + min_d(drop_percent / 100.0 * drop / 10.0, 1);
    return scale;
}
