#include "learn/tune_checkpoint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval/eval_file.h"
#include "util/sys.h"

#define PARAMS (2 * (size_t)EVAL_FEATURE_COUNT)
#define MAGIC_LEN (sizeof TUNE_CHECKPOINT_MAGIC - 1)
#define FNV_START 0xcbf29ce484222325ull

static uint64_t fnv(uint64_t h, const void *bytes, size_t len)
{
    const uint8_t *b = bytes;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

uint64_t tune_checkpoint_layout(void)
{
    EvalFileLayout layout;
    eval_file_layout(&layout);
    uint64_t h = FNV_START;
    for (int i = 0; i < layout.term_count; i++)
        h = fnv(h, layout.term_name[i], strlen(layout.term_name[i]) + 1);
    for (int i = 0; i < layout.table_count; i++) {
        h = fnv(h, layout.table_name[i], strlen(layout.table_name[i]) + 1);
        h = fnv(h, &layout.table_size[i], sizeof layout.table_size[i]);
    }
    return h;
}

bool tune_state_alloc(TuneState *s)
{
    memset(s, 0, sizeof *s);
    s->w = calloc(PARAMS, sizeof(double));
    s->w0 = calloc(PARAMS, sizeof(double));
    s->m = calloc(PARAMS, sizeof(double));
    s->v = calloc(PARAMS, sizeof(double));
    if (s->w && s->w0 && s->m && s->v)
        return true;
    tune_state_free(s);
    return false;
}

void tune_state_free(TuneState *s)
{
    free(s->w), free(s->w0), free(s->m), free(s->v);
    s->w = s->w0 = s->m = s->v = NULL;
}

/* Writes len bytes and folds them into the hash; false when the write fails. */
static bool put(FILE *f, uint64_t *h, const void *bytes, size_t len)
{
    *h = fnv(*h, bytes, len);
    return fwrite(bytes, 1, len, f) == len;
}

bool tune_checkpoint_write(const char *path, const TuneState *s, char *why, size_t why_size)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        snprintf(why, why_size, "checkpoint path too long");
        return false;
    }
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(why, why_size, "cannot write the checkpoint \"%s\"", tmp);
        return false;
    }
    uint64_t h = FNV_START;
    bool ok = put(f, &h, TUNE_CHECKPOINT_MAGIC, MAGIC_LEN) && put(f, &h, &s->head, sizeof s->head) &&
              put(f, &h, s->w, PARAMS * sizeof(double)) && put(f, &h, s->w0, PARAMS * sizeof(double)) &&
              put(f, &h, s->m, PARAMS * sizeof(double)) && put(f, &h, s->v, PARAMS * sizeof(double));
    ok = ok && fwrite(&h, sizeof h, 1, f) == 1 && sys_file_sync(f);
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        snprintf(why, why_size, "cannot write the checkpoint \"%s\"", path);
        return false;
    }
    return true;
}

/* Reads len bytes and folds them into the hash; false when the file ends first. */
static bool get(FILE *f, uint64_t *h, void *bytes, size_t len)
{
    if (fread(bytes, 1, len, f) != len)
        return false;
    *h = fnv(*h, bytes, len);
    return true;
}

/* Names the first field in which have differs from want, or NULL when none does. */
static const char *key_difference(const TuneRunKey *have, const TuneRunKey *want)
{
    if (have->layout != want->layout || have->params != want->params)
        return "it was written for another evaluation layout";
    if (have->variant != want->variant)
        return "it is of another variant";
    if (have->seed != want->seed)
        return "its --seed differs";
    if (have->batch != want->batch || have->chunk != want->chunk)
        return "its --batch differs";
    if (have->validation_every != want->validation_every)
        return "its --validation differs";
    if (have->data_used != want->data_used || have->file_count != want->file_count)
        return "it was made on other data (files or --max-positions)";
    if (have->min_count != want->min_count)
        return "its --min-count differs";
    return NULL;
}

bool tune_checkpoint_read(const char *path, const TuneRunKey *want, TuneState *s, char *why, size_t why_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_size, "cannot read the checkpoint \"%s\"", path);
        return false;
    }
    uint64_t h = FNV_START, stored;
    char magic[MAGIC_LEN];
    bool ok = get(f, &h, magic, MAGIC_LEN) && memcmp(magic, TUNE_CHECKPOINT_MAGIC, MAGIC_LEN) == 0;
    const char *bad = ok ? NULL : "not a tune checkpoint";
    ok = ok && get(f, &h, &s->head, sizeof s->head);
    if (ok && (bad = key_difference(&s->head.key, want)) != NULL)
        ok = false;
    ok = ok && get(f, &h, s->w, PARAMS * sizeof(double)) && get(f, &h, s->w0, PARAMS * sizeof(double)) &&
         get(f, &h, s->m, PARAMS * sizeof(double)) && get(f, &h, s->v, PARAMS * sizeof(double)) &&
         fread(&stored, sizeof stored, 1, f) == 1 && fgetc(f) == EOF;
    fclose(f);
    if (ok && stored != h)
        ok = false;
    if (!ok)
        snprintf(why, why_size, "checkpoint \"%s\" refused: %s", path, bad ? bad : "truncated or damaged");
    return ok;
}
