#pragma once
/* Texel tuning of the evaluation weights: logistic regression of game results on features.
 *     P(White wins) = sigmoid(K * score_white),  loss = mean (result - P)^2
 * K is fitted first with the starting weights on a sample of the training data (or given), then
 * the weights by mini-batch Adam, streaming the data from disk (tune_data.h): each epoch reads the
 * files in a seeded random order, a chunk of records at a time, shuffles the chunk and cuts it into
 * batches; features are extracted on the fly (eval_extract), so memory does not grow with the data.
 * Each feature owns an (mg, eg) weight pair: the dense hand terms are features 0..EVAL_TERM_COUNT-1,
 * every pattern lookup adds its table entry (eval_pattern_feature) with its sign, every king its
 * king-table entry (eval_king_feature). Adam is lazy: a batch moves only the weights its positions
 * touch. With a min-count, a first pass counts how often each table entry (king squares too)
 * occurs in the training part; the rare ones are set to 0 and never move.
 * A held-out part of the data (whole blocks of each file) is never trained on; its loss is
 * measured at the start and after every epoch.
 * The same data, seed and thread count give the same weights, with or without a restart from a
 * checkpoint. */
#include <stdint.h>
#include <stdio.h>
#include "eval/eval.h"

#define TUNE_MAX_THREADS 64
#define TUNE_K_SAMPLE (1 << 20)   /* training positions K is fitted on */

typedef struct {
    int epochs;
    int threads;               /* gradient threads (1..TUNE_MAX_THREADS) */
    int batch;                 /* positions per Adam step */
    int chunk;                 /* positions read and shuffled together (rounded up to whole batches) */
    int report_every;          /* a progress line every n batches (0 = none) */
    double learning_rate;      /* Adam step in centi-men */
    double decay;              /* the step is multiplied by this after every epoch */
    double l2;                 /* penalty l2 * sum (w - w_start)^2 (centi-men^2) added to the loss: keeps
                                * weights of rarely seen features near their start (0 = none) */
    uint32_t min_count;        /* table entries seen in fewer training positions are held at 0: with
                                * a handful of games behind it an entry is noise, which a search
                                * seeks out (0 = none) */
    double k;                  /* the scale K; 0 = fit it */
    double lambda;             /* the training target is lambda * result + (1 - lambda) * sigmoid(K * search
                                * score) where the data holds a score (1 = the result alone); the losses
                                * measured (start, epochs, end) are against the results */
    int validation_every;      /* every n-th block of 64 records of each file is held out (0 = none) */
    uint64_t seed;             /* file order and shuffles */
    uint64_t max_positions;    /* use the first n records of the data (0 = all) */
    const char *checkpoint;    /* state written here (NULL = none) ... */
    double checkpoint_seconds; /* ... at every epoch end and after chunks once this long has passed */
    const char *resume;        /* continue from this checkpoint (NULL = start afresh) */
    int chunk_limit;           /* stop (checkpointed) after this many chunks, as a kill would (0 = never) */
    bool freeze[EVAL_TERM_COUNT];   /* terms kept at their starting weights (man: the unit) */
    bool hold_table[EVAL_TABLE_COUNT];   /* tables kept at their starting weights (--only: all but some) */
} TuneConfig;

typedef struct {
    double k;
    double train_before, train_after;
    double valid_before, valid_after;   /* 0 when nothing is held out */
    uint64_t train_count, valid_count;  /* positions (records that held one) */
    uint64_t bad_records;               /* records or lines that hold no position of the variant */
    int epochs;                         /* done, counting those before a resume */
    double seconds;                     /* training time of this run */
} TuneReport;

void tune_default_config(TuneConfig *cfg);

/* The k in [1e-4, 0.1] that minimises mean (result - sigmoid(k * score))^2 over n samples. */
double tune_fit_k(const double *score, const float *result, size_t n);

/* Fits weights (EVAL_FEATURE_COUNT of them; in: start, out: result, rounded to integers) of
 * variant v to the positions in the files and reports the losses (those after, of the rounded
 * weights); log (may be NULL) gets the progress lines. False with the reason in why when a file
 * cannot be read, the checkpoint cannot be written or read or does not fit this run, or memory is
 * short. */
bool tune_run(const char *const *files, int file_count, Variant v, const TuneConfig *cfg, EvalWeight *weights,
              TuneReport *report, FILE *log, char *why, size_t why_size);

/* The note a weight file written by tune carries (eval_file.h): the command, the data size, the
 * settings and the fit (K, losses before -> after). */
void tune_note(char *buf, size_t size, Variant v, const TuneConfig *cfg, const TuneReport *report);

