#pragma once
/* The weight sets of the evaluation: one for each variant with weights of its own (normal, bt,
 * frisian, losing; killer plays with normal's), each decoded from its embedded file
 * book/eval/<variant>.bin (eval_file.h) on first use, or replaced for the rest of the process.
 * Each set is kept twice: as decoded, and folded (the pattern blocks' weights added into the
 * regions that hold them), which scores the same without a block lookup. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "eval/eval_layout.h"
#include "rules/variant.h"

/* The variant whose weights v evaluates with: normal for killer (their play differs only in king
 * captures, which the weights do not see), v itself otherwise. */
Variant eval_weights_variant(Variant v);

/* The weights variant v evaluates with (EVAL_FEATURE_COUNT entries): those of
 * eval_weights_variant(v), decoded from the embedded file on first use (thread-safe; a damaged
 * embedded file, a broken build that the tests catch, stops the program with a message) or
 * replaced by eval_weights_set. The address stays the same until eval_weights_release_others. */
const EvalWeight *eval_weights_of(Variant v);

/* The same scores as eval_weights_of(v) with the pattern tables folded into the regions (their
 * entries no longer read), or NULL when a folded sum would not fit an int16_t. Decodes on first use. */
const EvalWeight *eval_weights_folded(Variant v);

/* True when v's weights were fitted with the phase measured by the men's rows to go, false when by
 * the piece count (see EVAL_PHASE_MAX in eval.h). */
bool eval_weights_phase_by_pip(Variant v);

/* The embedded weight file of variant v (one with weights of its own): its bytes and length. */
void eval_weights_embedded_file(Variant v, const unsigned char **bytes, size_t *len);

/* The checksum of the file variant v's weights came from (the embedded one's, or that of
 * eval_weights_use_file): what a residual network (net.h) names as the patterns it corrects. 0 for
 * weights set from memory (eval_weights_set), which no file names. */
uint32_t eval_weights_crc(Variant v);

/* Replaces the weights of variant v (one with weights of its own) for the rest of the process.
 * Call it before any evaluation with them: cached scores of the old weights are not forgotten. */
void eval_weights_set(Variant v, const EvalWeight *weights);

/* Frees the decoded weights of every variant but v's (and but those replaced by eval_weights_set),
 * for a small address space: the browser build keeps one set (30 MB) at a time. A released set is
 * decoded again at its next use. No evaluation may run meanwhile, nor hold an older address. */
void eval_weights_release_others(Variant v);

/* Reads the weight file at path and makes its weights those of the variant it declares (stored in
 * *variant) for the rest of the process (eval_weights_set). False with why, and every weight
 * unchanged, when the file is refused. */
bool eval_weights_use_file(const char *path, Variant *variant, char *why, size_t why_size);
