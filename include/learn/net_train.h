#pragma once
/* Fitting the network (learn/net_grad.h) to self-play data, on the CPU: the data streamed from
 * disk as tune streams it (tune_data.h: files in a seeded order each epoch, chunks shuffled,
 * a held-out part never trained on), mini-batch Adam, the gradient of a batch split over threads
 * and summed in a fixed order, so the same data, seed and thread count give the same network, with
 * or without a restart from a checkpoint. The target is the game result's share lambda of the
 * side to move's result plus the rest of sigmoid(k * the data's search score). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "eval/net.h"
#include "learn/tune_data.h"

#define NET_TRAIN_MAX_THREADS 64

typedef struct {
    int hidden, l2, buckets;   /* the layer sizes (net.h) */
    bool pairwise;             /* layer 2 takes products of unit pairs (net.h) */
    bool residual;             /* the network corrects the patterns: the score fitted is the patterns'
                                  (eval_position, the current weights) plus the network's (net.h) */
    int epochs, batch, threads;
    double rate;               /* Adam's step */
    double decay;              /* the step is multiplied by this after every epoch */
    double lambda, k;          /* target blend (see above); k: the scale of sigmoid(k * centi-men) */
    int tactical_gap;          /* centi-men: skip a training position whose search score gives the
                                  side behind in material more than this beyond its deficit (0: none) */
    int validation_every;      /* every n-th block of 64 records is held out (0 = none) */
    uint64_t seed, max_positions;
    int report_every;          /* a progress line every n batches (0 = none) */
    const char *checkpoint;    /* state written here (NULL: none) at every epoch end and ... */
    double checkpoint_seconds; /* ... after a chunk once this long has passed */
    const char *resume;        /* continue from this checkpoint */
    const NetModel *from;      /* start from this network (its sizes) instead of random weights; with
                                  epochs 0 the fit only measures its held-out loss */
    int chunk_limit;           /* stop, checkpointed, after this many chunks (tests: a kill) */
} NetTrainConfig;

typedef struct {
    double valid_before, valid_after, train_loss;   /* held-out losses, the last epoch's training loss */
    uint64_t train_count, valid_count, bad_records;
    uint64_t tactical_skipped;   /* training positions the last epoch skipped (tactical_gap) */
    int epochs;
    double seconds;
} NetTrainReport;

void net_train_default(NetTrainConfig *cfg);

/* Fits a network to the files and rounds it into out (allocated here; net_free it). False with why
 * when a file or checkpoint cannot be read or written, a checkpoint is of another run, or memory
 * is short. Progress lines go to log (may be NULL). */
bool net_train_run(const char *const *files, int file_count, const NetTrainConfig *cfg, NetModel *out,
                   NetTrainReport *report, FILE *log, char *why, size_t why_size);

/* The note the trained network's file carries: the settings, the data and the losses. */
void net_train_note(char *buf, size_t size, const NetTrainConfig *cfg, const NetTrainReport *report);
