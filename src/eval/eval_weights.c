/* The weight sets of the evaluation (see eval_weights.h): the embedded files, their decoding on
 * first use and the folded copies the search scores with. */
#include "eval/eval_weights.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blobs.h"
#include "eval/eval_file.h"
#include "util/thread.h"

/* The variants with weights of their own, each from its embedded file book/eval/<name>.bin. */
#define WEIGHT_SETS 4
static const struct {
    Variant variant;
    const unsigned char *bytes;
    const size_t *len;
} EMBEDDED[WEIGHT_SETS] = {
    {VARIANT_NORMAL, eval_normal_blob, &eval_normal_blob_size},
    {VARIANT_BT, eval_bt_blob, &eval_bt_blob_size},
    {VARIANT_FRISIAN, eval_frisian_blob, &eval_frisian_blob_size},
    {VARIANT_LOSING, eval_losing_blob, &eval_losing_blob_size},
};
/* The set of each variant that has evaluation data of its own (variant_eval_data says which). */
static const int WEIGHT_SET_OF[VARIANT_COUNT] = {
    [VARIANT_NORMAL] = 0, [VARIANT_BT] = 1, [VARIANT_FRISIAN] = 2, [VARIANT_LOSING] = 3,
};

/* Which sets measure the phase by the men's rows to go (fitted so): the others by the piece count,
 * 40 pieces = 0, 8 or fewer = EVAL_PHASE_MAX, until they are refitted. */
static const bool PHASE_BY_PIP[WEIGHT_SETS] = {true, false, false, false};

/* Each set is allocated when first used (15 MB twice for a full set): a process pays only for the
 * variants it plays, and a small address space (the browser build's) holds one set at a time. */
static struct {
    ThreadMutex lock;                      /* serialises the decoding and release of the weight sets */
    atomic_bool ready[WEIGHT_SETS];
    EvalWeight *weights[WEIGHT_SETS];      /* EVAL_FEATURE_COUNT entries, decoded on first use */
    EvalWeight *folded[WEIGHT_SETS];       /* the same scores, the blocks folded into the regions
                                            * (fold_weights); in the same allocation as weights */
    bool is_folded[WEIGHT_SETS];           /* false: a sum did not fit, use weights */
    bool replaced[WEIGHT_SETS];            /* set by eval_weights_set: never released */
    uint32_t crc[WEIGHT_SETS];             /* the checksum of the file the set came from (0: none) */
} sets;

static int weight_set(Variant v)
{
    return WEIGHT_SET_OF[variant_eval_data(v >= 0 && v < VARIANT_COUNT ? v : VARIANT_NORMAL)];
}

static void init_lock(void)
{
    if (!thread_mutex_init(&sets.lock)) {
        fprintf(stderr, "engine: cannot create a mutex\n");
        abort();
    }
}

/* Every region's 12 squares hold two blocks (eval_region_holds), the 7 regions the 14 blocks once
 * each, for either side: adding the blocks' weights into every region entry gives the same sums
 * without a block lookup (test_eval checks the blocks and the scores). False, out unusable, when a
 * sum leaves int16_t. */
static bool fold_weights(const EvalWeight *raw, EvalWeight *out)
{
    memcpy(out, raw, EVAL_FEATURE_COUNT * sizeof *out);
    for (int t = 0; t < EVAL_REGION_TABLES; t++) {
        const EvalWeight *top = &raw[eval_pattern_feature(eval_region_holds[t][0], 0)];
        const EvalWeight *low = &raw[eval_pattern_feature(eval_region_holds[t][1], 0)];
        EvalWeight *r = &out[eval_region_feature(t, 0)];
        for (int i = 0; i < EVAL_REGION_SIZE; i++) {
            int mg = r[i].mg + top[i / 81].mg + low[i % EVAL_PATTERN_SIZE].mg;
            int eg = r[i].eg + top[i / 81].eg + low[i % EVAL_PATTERN_SIZE].eg;
            if (mg < INT16_MIN || mg > INT16_MAX || eg < INT16_MIN || eg > INT16_MAX)
                return false;
            r[i] = (EvalWeight){(int16_t)mg, (int16_t)eg};
        }
    }
    return true;
}

/* The lock of the sets, created at its first use. */
static ThreadMutex *sets_lock(void)
{
    static ThreadOnce once = THREAD_ONCE_INIT;
    thread_once(&once, init_lock);
    return &sets.lock;
}

/* Decodes weight set i from its embedded file unless done; a damaged file is a broken build (the
 * tests decode every one), never a silent zero table, and so is a set that finds no memory. */
static void load_weight_set(int i)
{
    thread_mutex_lock(sets_lock());
    if (!atomic_load_explicit(&sets.ready[i], memory_order_acquire)) {
        EvalFileHeader head;
        char why[EVAL_FILE_WHY_MAX];
        EvalWeight *both = calloc(2 * (size_t)EVAL_FEATURE_COUNT, sizeof *both);
        if (!both) {
            fprintf(stderr, "engine: no memory for the weights of %s\n", variant_name(EMBEDDED[i].variant));
            abort();
        }
        sets.weights[i] = both;
        sets.folded[i] = both + EVAL_FEATURE_COUNT;
        if (!eval_file_decode(EMBEDDED[i].bytes, *EMBEDDED[i].len, EMBEDDED[i].variant, sets.weights[i], &head, why,
                              sizeof why)) {
            fprintf(stderr, "engine: the embedded weights book/eval/%s.bin are damaged: %s\n",
                    variant_name(EMBEDDED[i].variant), why);
            abort();
        }
        sets.is_folded[i] = fold_weights(sets.weights[i], sets.folded[i]);
        sets.crc[i] = head.crc;
        atomic_store_explicit(&sets.ready[i], true, memory_order_release);
    }
    thread_mutex_unlock(sets_lock());
}

/* Weight set i, decoded if it was not yet. */
static inline int loaded_set(Variant v)
{
    int i = weight_set(v);
    if (!atomic_load_explicit(&sets.ready[i], memory_order_acquire))
        load_weight_set(i);
    return i;
}

Variant eval_weights_variant(Variant v) { return EMBEDDED[weight_set(v)].variant; }

const EvalWeight *eval_weights_of(Variant v) { return sets.weights[loaded_set(v)]; }

const EvalWeight *eval_weights_folded(Variant v)
{
    int i = loaded_set(v);
    return sets.is_folded[i] ? sets.folded[i] : NULL;
}

bool eval_weights_phase_by_pip(Variant v) { return PHASE_BY_PIP[weight_set(v)]; }

void eval_weights_embedded_file(Variant v, const unsigned char **bytes, size_t *len)
{
    *bytes = EMBEDDED[weight_set(v)].bytes;
    *len = *EMBEDDED[weight_set(v)].len;
}

uint32_t eval_weights_crc(Variant v) { return sets.crc[loaded_set(v)]; }

/* eval_weights_set, the weights named by the checksum of their file (0: none). */
static void replace_set(Variant v, const EvalWeight *weights, uint32_t crc)
{
    int i = loaded_set(v);   /* so that no later first use decodes over them */
    memcpy(sets.weights[i], weights, EVAL_FEATURE_COUNT * sizeof *weights);
    sets.is_folded[i] = fold_weights(sets.weights[i], sets.folded[i]);
    sets.replaced[i] = true;
    sets.crc[i] = crc;
}

void eval_weights_set(Variant v, const EvalWeight *weights) { replace_set(v, weights, 0); }

void eval_weights_release_others(Variant v)
{
    int keep = weight_set(v);
    thread_mutex_lock(sets_lock());
    for (int i = 0; i < WEIGHT_SETS; i++) {
        if (i == keep || sets.replaced[i] || !atomic_load_explicit(&sets.ready[i], memory_order_acquire))
            continue;
        atomic_store_explicit(&sets.ready[i], false, memory_order_release);
        free(sets.weights[i]);
        sets.weights[i] = sets.folded[i] = NULL;
    }
    thread_mutex_unlock(sets_lock());
}

bool eval_weights_use_file(const char *path, Variant *variant, char *why, size_t why_size)
{
    EvalWeight *weights = malloc(EVAL_FEATURE_COUNT * sizeof *weights);
    EvalFileHeader head;
    if (!weights) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    bool ok = eval_file_read(path, VARIANT_COUNT, weights, &head, why, why_size);
    if (ok) {
        replace_set(head.variant, weights, head.crc);
        *variant = head.variant;
    }
    free(weights);
    return ok;
}
