#pragma once
/* Texel tuning of the evaluation weights: logistic regression of game results on features.
 *     P(White wins) = sigmoid(K * score_white),  loss = mean (result - P)^2
 * K is fitted first with the starting weights, then the weights by full-batch Adam.
 * Every sample is stored as a sparse list of (feature, value) plus its phase and scale, and each
 * feature owns an (mg, eg) weight pair: the dense hand terms are features 0..EVAL_TERM_COUNT-1, the
 * 28 pattern lookups (eval_pattern.h) add their table entries with value +1 (White) or -1 (Black).
 * Everything runs in a fixed order, so the same data and thread count give the same weights. */
#include <stdint.h>
#include <stdio.h>
#include "eval/eval.h"

typedef struct {
    uint32_t feature;
    int32_t value;
} TuneEntry;

typedef struct {
    uint32_t first;   /* index of the first entry */
    uint16_t count;
    uint8_t phase, scale;
    float result;     /* White's score: 0, 0.5 or 1 */
} TuneSample;

typedef struct {
    TuneSample *samples;
    TuneEntry *entries;
    size_t sample_count, sample_cap, entry_count, entry_cap;
    Variant variant;   /* the rules of the positions tune_data_load reads (self-play files carry none) */
} TuneData;

#define TUNE_MAX_THREADS 64

typedef struct {
    int iterations;
    int threads;            /* gradient threads (1..TUNE_MAX_THREADS) */
    int report_every;       /* a progress line every n iterations (0 = none) */
    double learning_rate;   /* Adam step in centi-men */
    double l2;              /* penalty l2 * sum (w - w_start)^2 (centi-men^2) added to the loss: keeps
                             * weights of rarely seen features near their start (0 = none) */
    int validation_every;   /* every n-th block of 64 samples is held out to measure over-fitting (0 = none) */
    bool freeze[EVAL_TERM_COUNT];   /* terms kept at their starting weights (man: the unit) */
} TuneConfig;

typedef struct {
    double k;
    double train_before, train_after;
    double valid_before, valid_after;   /* 0 when nothing is held out */
    size_t train_count, valid_count;
} TuneReport;

void tune_default_config(TuneConfig *cfg);

void tune_data_init(TuneData *data);
void tune_data_free(TuneData *data);

/* Adds one position with White's score; false when memory is short. */
bool tune_data_add(TuneData *data, const Position *pos, double result);

/* Reads a self-play file, text or binary (see selfplay.h); returns the number of lines or records
 * that did not parse,
 * or -1 when the file cannot be read or memory is short. */
long tune_data_load(TuneData *data, const char *path);

/* The model's score for White of one sample under double weights (w[2f] = mg, w[2f+1] = eg,
 * 2 * EVAL_FEATURE_COUNT of them). */
double tune_sample_score(const TuneData *data, const TuneSample *s, const double *w);

/* Mean squared error of sigmoid(k * score) against the results (training or validation part). */
double tune_loss(const TuneData *data, const double *w, double k, const TuneConfig *cfg, bool validation);

/* The k that minimises the training loss for weights w. */
double tune_fit_k(const TuneData *data, const double *w, const TuneConfig *cfg);

/* Fits weights (EVAL_FEATURE_COUNT of them; in: start, out: result, rounded to integers) and
 * reports the losses; log (may be NULL) gets a progress line every cfg->report_every iterations.
 * Returns false when memory is short. */
bool tune_run(const TuneData *data, const TuneConfig *cfg, EvalWeight *weights, TuneReport *report, FILE *log);

/* The note a weight file written by tune carries (eval_file.h): the command, the data size, the
 * settings and the fit (K, losses before -> after). */
void tune_note(char *buf, size_t size, Variant v, const TuneConfig *cfg, const TuneReport *report, size_t samples);

/* `engine tune [options] DATA...` (argv[1] == "tune"): loads the self-play files, fits from the
 * variant's current weights, writes book/eval/<variant>.bin (or --out FILE); returns the exit
 * code (2 for refused arguments). */
int tune_main(int argc, char **argv);
