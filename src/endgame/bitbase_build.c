/* Bitbase generation by retrograde analysis (see bitbase_build.h).
 * A signature and its colour-swapped partner are solved together: a quiet move that neither
 * captures nor crowns leads from one to the other. Every position first counts those moves and
 * looks up the solved values of its captures and crowning moves; then wins and losses spread
 * backwards through un-moves, one ply per pass, and what stays unknown is a draw. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "rules/rules.h"
#include "endgame/bitbase_build.h"
#include "endgame/bitbase_store.h"
#include "util/clock.h"
#include "util/embed.h"
#include "util/thread.h"
#include "util/jobs.h"
#include "rules/movegen.h"
#include "rules/make.h"


/* Working values beside BB_VALUE_LOSS/DRAW/WIN. NEW_* were resolved in the previous pass and
 * spread in this one; NEXT_* are resolved in this pass. */
enum {
    V_INVALID = 4,
    V_UNKNOWN,
    V_UNKNOWN_DRAWISH,   /* a capture or crowning move reaches a draw: never a loss */
    V_NEW_WIN,
    V_NEW_LOSS,
    V_NEXT_WIN,
    V_NEXT_LOSS,
};

typedef struct {
    Material m;
    uint64_t size;
    uint8_t *val;
} RawTable;

typedef struct {
    RawTable *table[MATERIAL_IDS];
    Material pairs[MATERIAL_IDS];   /* the pairs of the level being solved (first of each) */
    Material list[MATERIAL_IDS];    /* every signature, in solving order */
    BbBuffer *out;                       /* the compressed tables, one buffer per signature */
    ThreadMutex lock;
    double start;
    int threads;
} Builder;

/* The solved value for the side to move of pos (White to move, not in the pair being solved). */
static int lookup(const Builder *b, const Position *pos)
{
    Material m = material_of(pos);
    if (m.wm + m.wk == 0)
        return BB_VALUE_LOSS;
    const RawTable *t = b->table[material_id(m)];
    return t->val[bitbase_index_of(pos, m)];
}

/* First look at index idx of t: invalid, a loss (no move), a win (a capture or crowning reaches a
 * loss), or unknown with the number of moves into the partner table in cnt. */
static void init_position(const Builder *b, RawTable *t, uint64_t idx, uint8_t *cnt)
{
    Position pos;
    if (!bitbase_index_position(t->m, idx, &pos)) {
        t->val[idx] = V_INVALID;
        return;
    }
    MoveList list;
    movegen_generate(&pos, &list);
    int inside = 0;
    bool drawish = false;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!list.capture_len && !move_crowns(&pos, m)) {
            inside++;
            continue;
        }
        Position child, flipped;
        make_move(&pos, m, &child, false);
        bitbase_index_mirror(&child, &flipped);
        int v = lookup(b, &flipped);
        if (v == BB_VALUE_LOSS) {
            t->val[idx] = V_NEW_WIN;
            return;
        }
        drawish |= v == BB_VALUE_DRAW;
    }
    cnt[idx] = (uint8_t)inside;
    t->val[idx] = inside ? (drawish ? V_UNKNOWN_DRAWISH : V_UNKNOWN)
                         : (drawish ? BB_VALUE_DRAW : V_NEW_LOSS);
}

/* The predecessor pred (Black to move, the un-move just made) learns that its move leads to a
 * position whose side to move wins (child_wins) or loses. */
static void update_predecessor(RawTable *partner, uint8_t *cnt, const Position *pred, bool child_wins)
{
    if (movegen_has_capture(pred))
        return;   /* the quiet move was not legal there */
    Position flipped;
    bitbase_index_mirror(pred, &flipped);
    uint64_t idx = bitbase_index_of(&flipped, partner->m);
    uint8_t v = partner->val[idx];
    if (v != V_UNKNOWN && v != V_UNKNOWN_DRAWISH)
        return;
    if (!child_wins) {
        partner->val[idx] = V_NEXT_WIN;
    } else if (--cnt[idx] == 0) {
        partner->val[idx] = v == V_UNKNOWN_DRAWISH ? BB_VALUE_DRAW : V_NEXT_LOSS;
    }
}

/* Spreads the resolved position at idx of t to every position of the partner table that reaches
 * it by a quiet move of Black (the side not to move in t): king slides and man steps taken back. */
static void propagate(RawTable *t, uint64_t idx, RawTable *partner, uint8_t *partner_cnt)
{
    Position pos;
    bitbase_index_position(t->m, idx, &pos);
    bool wins = t->val[idx] == V_NEW_WIN;
    Bitboard occ = position_occupied(&pos);
    Position pred = pos;
    pred.turn = BLACK;
    for (Bitboard kings = position_kings(&pos, BLACK); kings; kings &= kings - 1) {
        int s = bb_lsb(kings);
        for (int d = 0; d < DIR_COUNT; d++)
            for (Bitboard to = bb_ray_attack(s, d, occ) & ~occ; to; to &= to - 1) {
                Bitboard change = bb_of(s) | (to & -to);
                pred.pieces[BLACK] = pos.pieces[BLACK] ^ change;
                pred.kings = pos.kings ^ change;
                update_predecessor(partner, partner_cnt, &pred, wins);
            }
    }
    pred.kings = pos.kings;
    for (Bitboard men = position_men(&pos, BLACK); men; men &= men - 1) {
        Bitboard man = men & -men;
        Bitboard from = ((man >> 6) | (man >> 7)) & BB_ALL & ~occ;   /* Black men step down the board */
        for (; from; from &= from - 1) {
            pred.pieces[BLACK] = pos.pieces[BLACK] ^ man ^ (from & -from);
            update_predecessor(partner, partner_cnt, &pred, wins);
        }
    }
}

static RawTable *new_table(Material m)
{
    RawTable *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->m = m;
    t->size = bitbase_index_size(m);
    t->val = malloc(t->size ? t->size : 1);
    if (!t->val) {
        free(t);
        return NULL;
    }
    return t;
}

/* The progress line of a solved pair: positions, the share of each result, passes, time. */
static void report_pair(Builder *b, Material m, const uint64_t *count, int passes, double seconds)
{
    uint64_t valid = count[BB_VALUE_LOSS] + count[BB_VALUE_DRAW] + count[BB_VALUE_WIN];
    double pct = 100.0 / (double)(valid ? valid : 1);
    Material pm = material_flip(m);
    char name[2][32], pair[72];
    material_name(m, name[0], sizeof name[0]);
    material_name(pm, name[1], sizeof name[1]);
    snprintf(pair, sizeof pair, material_equal(m, pm) ? "%s" : "%s + %s", name[0], name[1]);
    thread_mutex_lock(&b->lock);
    fprintf(stderr, "bitbase: %-19s %11llu positions  win %5.1f%%  draw %5.1f%%  loss %5.1f%%  %3d passes"
                    "  %6.1f s  (%.0f s)\n",
            pair, (unsigned long long)valid, pct * (double)count[BB_VALUE_WIN], pct * (double)count[BB_VALUE_DRAW],
            pct * (double)count[BB_VALUE_LOSS], passes, seconds, clock_now() - b->start);
    thread_mutex_unlock(&b->lock);
}

/* Solves the signature m and its partner (already allocated); false when memory is short. */
static bool solve_pair(Builder *b, Material m)
{
    Material pm = material_flip(m);
    bool single = material_equal(m, pm);
    RawTable *t[2] = {b->table[material_id(m)], b->table[material_id(pm)]};
    int nt = single ? 1 : 2;
    uint8_t *cnt[2] = {malloc(t[0]->size), single ? NULL : malloc(t[1]->size)};
    if (!cnt[0] || (!single && !cnt[1])) {
        free(cnt[0]);
        free(cnt[1]);
        return false;
    }
    if (single)
        cnt[1] = cnt[0];
    double start = clock_now();
    for (int i = 0; i < nt; i++)
        for (uint64_t idx = 0; idx < t[i]->size; idx++)
            init_position(b, t[i], idx, cnt[i]);
    int passes = 0;
    for (bool again = true; again; passes++) {
        again = false;
        for (int i = 0; i < nt; i++)
            for (uint64_t idx = 0; idx < t[i]->size; idx++) {
                uint8_t v = t[i]->val[idx];
                if (v == V_NEW_WIN || v == V_NEW_LOSS) {
                    again = true;
                    propagate(t[i], idx, t[1 - i], cnt[1 - i]);   /* t[1] == t[0] when single */
                }
            }
        for (int i = 0; i < nt; i++)
            for (uint64_t idx = 0; idx < t[i]->size; idx++) {
                uint8_t *v = &t[i]->val[idx];
                *v = *v == V_NEW_WIN ? BB_VALUE_WIN : *v == V_NEW_LOSS ? BB_VALUE_LOSS
                   : *v == V_NEXT_WIN ? V_NEW_WIN : *v == V_NEXT_LOSS ? V_NEW_LOSS : *v;
            }
    }
    uint64_t count[V_INVALID + 1] = {0};
    for (int i = 0; i < nt; i++)
        for (uint64_t idx = 0; idx < t[i]->size; idx++) {
            uint8_t *v = &t[i]->val[idx];
            if (*v == V_UNKNOWN || *v == V_UNKNOWN_DRAWISH)
                *v = BB_VALUE_DRAW;
            count[*v]++;
        }
    free(cnt[0]);
    if (!single)
        free(cnt[1]);
    report_pair(b, m, count, passes, clock_now() - start);
    return true;
}

static bool solve_job(void *ctx, int worker, int i)
{
    (void)worker;
    Builder *b = ctx;
    return solve_pair(b, b->pairs[i]);
}

/* Every signature with 2..pieces pieces and at least one piece a side, in solving order: fewer
 * pieces first, then fewer men. Returns the count. */
static int list_materials(int pieces, Material *out)
{
    int n = 0;
    for (int total = 2; total <= pieces; total++)
        for (int men = 0; men <= total; men++)
            for (int wm = 0; wm <= men; wm++)
                for (int wk = 0; wk <= total - men; wk++) {
                    Material m = {wm, wk, men - wm, total - men - wk};
                    if (m.wm + m.wk > 0 && m.bm + m.bk > 0)
                        out[n++] = m;
                }
    return n;
}

/* Compresses the i-th signature's table into b->out[i] (values of capture positions and invalid
 * indexes do not matter: a probe resolves captures by search). */
static bool compress_job(void *ctx, int worker, int i)
{
    (void)worker;
    Builder *b = ctx;
    RawTable *t = b->table[material_id(b->list[i])];
    for (uint64_t idx = 0; idx < t->size; idx++) {
        Position pos;
        if (t->val[idx] == V_INVALID || (bitbase_index_position(t->m, idx, &pos) && movegen_has_capture(&pos)))
            t->val[idx] = BB_VALUE_ANY;
    }
    return bitbase_store_append(&b->out[i], t->m, t->val, t->size);
}

/* Solves the signatures of b->list level by level (same pieces and men: independent of each other,
 * so solved in parallel); false when memory is short. */
static bool solve_levels(Builder *b, int count)
{
    for (int i = 0; i < count;) {
        int j = i, pairs = 0;
        for (; j < count && material_pieces(b->list[j]) == material_pieces(b->list[i]) &&
               b->list[j].wm + b->list[j].bm == b->list[i].wm + b->list[i].bm; j++)
            if (material_id(b->list[j]) <= material_id(material_flip(b->list[j])))
                b->pairs[pairs++] = b->list[j];
        if (!jobs_run(b->threads, pairs, solve_job, b))
            return false;
        i = j;
    }
    return true;
}

/* Compresses every table into one blob (in b->list order, whatever the threads); false when
 * memory is short. */
static bool compress_all(Builder *b, int count, BbBuffer *blob)
{
    b->out = calloc((size_t)count, sizeof(BbBuffer));
    bool ok = b->out && bitbase_store_begin(blob) && jobs_run(b->threads, count, compress_job, b);
    for (int i = 0; ok && i < count; i++)
        ok = bitbase_store_concat(blob, &b->out[i]);
    if (ok)
        bitbase_store_finish(blob, (uint32_t)count);
    for (int i = 0; b->out && i < count; i++)
        free(b->out[i].bytes);
    free(b->out);
    b->out = NULL;
    return ok;
}

/* Solves every level, then compresses and writes the tables; false on failure (reported). */
static bool build(Builder *b, int pieces, const char *out_path)
{
    int count = list_materials(pieces, b->list);
    size_t bytes = 0;
    for (int i = 0; i < count; i++) {
        if (!(b->table[material_id(b->list[i])] = new_table(b->list[i]))) {
            fprintf(stderr, "engine: not enough memory for the bitbases\n");
            return false;
        }
        bytes += b->table[material_id(b->list[i])]->size;
    }
    fprintf(stderr, "bitbase: %d signatures up to %d pieces, %zu indexes, %d threads\n", count, pieces, bytes,
            b->threads);
    BbBuffer blob = {0};
    bool ok = solve_levels(b, count);
    double solved = clock_now();
    ok = ok && compress_all(b, count, &blob);
    if (!ok) {
        fprintf(stderr, "engine: not enough memory for the bitbases\n");
    } else {
        fprintf(stderr, "bitbase: solved in %.1f s, compressed to %zu bytes in %.1f s\n", solved - b->start, blob.len,
                clock_now() - solved);
        char note[128];
        snprintf(note, sizeof note, "Endgame bitbases up to %d pieces, built by `engine bitbase build --pieces %d`",
                 pieces, pieces);
        ok = embed_write_c(out_path, "bitbase_blob", blob.bytes, blob.len, note);
    }
    free(blob.bytes);
    return ok;
}

bool bitbase_build_run(int pieces, int threads, const char *out_path)
{
    rules_init();
    bitbase_index_init();
    Builder *b = calloc(1, sizeof *b);
    if (!b || !thread_mutex_init(&b->lock)) {
        fprintf(stderr, "engine: not enough memory\n");
        free(b);
        return false;
    }
    b->threads = threads;
    b->start = clock_now();
    bool ok = build(b, pieces, out_path);
    for (int i = 0; i < MATERIAL_IDS; i++)
        if (b->table[i]) {
            free(b->table[i]->val);
            free(b->table[i]);
        }
    thread_mutex_destroy(&b->lock);
    free(b);
    return ok;
}
