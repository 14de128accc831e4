#pragma once
/* The state of a tuning run, and its checkpoint file: enough to continue as if never stopped.
 * The file is written to a temporary name and renamed over the old one, so that a kill at any
 * moment leaves the previous checkpoint or the new one, never half of one. Format (native byte
 * order: a checkpoint is for resuming on the machine that wrote it):
 *     magic "draughts-tune-checkpoint-2\n", then the TuneCheckpointHead, then the four arrays w, w0,
 *     m, v of 2 * EVAL_FEATURE_COUNT doubles each, then a u64 FNV-1a hash of all bytes before it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "learn/tune_data.h"

#define TUNE_CHECKPOINT_MAGIC "draughts-tune-checkpoint-2\n"

/* What must match for a checkpoint to continue a run: the weight layout and the data's shape. */
typedef struct {
    uint64_t layout;          /* tune_checkpoint_layout() */
    uint64_t params;          /* 2 * EVAL_FEATURE_COUNT */
    uint64_t variant;
    uint64_t seed, batch, chunk, validation_every, data_used, file_count;
    uint64_t min_count;       /* --min-count: which entries are held at 0 */
} TuneRunKey;

typedef struct {
    TuneRunKey key;
    double k;
    double train_before, valid_before;
    double epoch_loss, epoch_count;   /* running training loss of the current epoch */
    uint64_t epoch;                   /* epochs done */
    uint64_t chunk;                   /* chunks of the current epoch done */
    TuneCursor at;                    /* where the next chunk starts */
    uint64_t step;                    /* Adam steps done */
} TuneCheckpointHead;

typedef struct {
    TuneCheckpointHead head;
    double *w, *w0, *m, *v;   /* 2 * EVAL_FEATURE_COUNT each */
} TuneState;

/* A hash of this engine's weight layout (term names, table names and sizes, eval_file.h). */
uint64_t tune_checkpoint_layout(void);

/* Allocates the arrays (zeroed); false when memory is short. */
bool tune_state_alloc(TuneState *s);
void tune_state_free(TuneState *s);

/* Writes s to path atomically; false with why when it cannot. */
bool tune_checkpoint_write(const char *path, const TuneState *s, char *why, size_t why_size);

/* Reads the checkpoint at path into s (allocated); false with why when it cannot be read, is
 * damaged, or its key differs from want (naming what differs). */
bool tune_checkpoint_read(const char *path, const TuneRunKey *want, TuneState *s, char *why, size_t why_size);
