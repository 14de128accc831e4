#include "perft.h"

#include <time.h>
#include "movegen.h"
#include "notation.h"

uint64_t perft(const Position *pos, int depth)
{
    if (depth <= 1)
        return depth == 1 ? (uint64_t)movegen_count(pos) : 1;
    MoveList list;
    movegen_generate(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        Position child;
        position_make_impl(pos, list.moves[i], &child, false);
        total += perft(&child, depth - 1);
    }
    return total;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t perft_report(const Position *pos, int depth, bool divide, FILE *out)
{
    double start = now_seconds();
    uint64_t total = 0;
    if (divide && depth >= 1) {
        MoveList list;
        movegen_generate(pos, &list);
        notation_sort_moves(pos, &list);
        for (int i = 0; i < list.count; i++) {
            Position child;
            char text[MOVE_TEXT_MAX];
            position_make(pos, list.moves[i], &child);
            uint64_t n = perft(&child, depth - 1);
            notation_format_move(pos, list.moves[i], text);
            fprintf(out, "%s %llu\n", text, (unsigned long long)n);
            total += n;
        }
    } else {
        total = perft(pos, depth);
    }
    double elapsed = now_seconds() - start;
    double nps = elapsed > 0 ? (double)total / elapsed / 1e6 : 0.0;
    fprintf(out, "perft depth=%d nodes=%llu time=%.3f nps=%.1f\n", depth, (unsigned long long)total, elapsed,
            nps);
    fflush(out);
    return total;
}
