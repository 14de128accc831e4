#include "learn/tune_data.h"

#include <stdlib.h>
#include <string.h>
#include "rules/hash.h"
#include "util/sys.h"

#define MAGIC_LEN (sizeof SAMPLE_BIN_MAGIC - 1)
#define STREAM_BUFFER (1 << 20)

/* Fills in the kind and record count of one file; false with why when it cannot be read. */
static bool describe(TuneDataFile *df, char *why, size_t why_size)
{
    FILE *f = fopen(df->path, "rb");
    if (!f) {
        snprintf(why, why_size, "cannot read \"%s\"", df->path);
        return false;
    }
    char head[MAGIC_LEN];
    bool magic = fread(head, 1, MAGIC_LEN, f) == MAGIC_LEN;
    df->record_size = magic && memcmp(head, SAMPLE_BIN_MAGIC, MAGIC_LEN) == 0      ? SAMPLE_RECORD_SIZE
                      : magic && memcmp(head, SAMPLE_BIN_MAGIC_V1, MAGIC_LEN) == 0 ? SAMPLE_RECORD_SIZE_V1
                                                                                      : 0;
    df->header = df->record_size ? MAGIC_LEN : 0;
    size_t len = strlen(df->path);
    if (!df->record_size && len > 4 && strcmp(df->path + len - 4, ".bin") == 0)
        df->record_size = SAMPLE_RECORD_SIZE;   /* a later shard's records, which continue shard 0's */
    df->binary = df->record_size != 0;
    bool ok = true;
    if (df->binary) {
        uint64_t size = 0;
        ok = sys_file_size(f, &size);
        df->records = ok ? (size - df->header) / df->record_size : 0;
    } else {
        rewind(f);
        char line[SAMPLE_LINE_MAX];
        df->records = 0;
        while (fgets(line, sizeof line, f))
            df->records += strchr(line, '\n') != NULL || feof(f);
        ok = !ferror(f);
    }
    fclose(f);
    if (!ok)
        snprintf(why, why_size, "cannot read \"%s\"", df->path);
    return ok;
}

bool tune_data_open(TuneDataSet *set, const char *const *paths, int count, int validation_every,
                    uint64_t max_positions, char *why, size_t why_size)
{
    memset(set, 0, sizeof *set);
    if (count < 1 || count > TUNE_DATA_FILES_MAX) {
        snprintf(why, why_size, "between 1 and %d data files, not %d", TUNE_DATA_FILES_MAX, count);
        return false;
    }
    set->count = count;
    set->validation_every = validation_every;
    uint64_t left = max_positions ? max_positions : UINT64_MAX;
    for (int i = 0; i < count; i++) {
        TuneDataFile *df = &set->file[i];
        df->path = paths[i];
        if (!describe(df, why, why_size))
            return false;
        df->used = df->records < left ? df->records : left;
        df->first = set->used;
        left -= df->used;
        set->used += df->used;
    }
    for (uint64_t b = 0; b < set->used; b += TUNE_DATA_BLOCK)
        if (tune_data_held_out(set, b))
            set->held += (set->used - b < TUNE_DATA_BLOCK) ? set->used - b : TUNE_DATA_BLOCK;
    return true;
}

bool tune_data_held_out(const TuneDataSet *set, uint64_t i)
{
    return set->validation_every > 0 && (i / TUNE_DATA_BLOCK) % (uint64_t)set->validation_every == 0;
}

uint64_t tune_data_part_size(const TuneDataSet *set, TuneDataPart part)
{
    return part == TUNE_DATA_HELD ? set->held : part == TUNE_DATA_TRAIN ? set->used - set->held : set->used;
}

void tune_stream_start(TuneStream *s, const TuneDataSet *set, const uint32_t *order, TuneDataPart part,
                       TuneCursor at)
{
    memset(s, 0, sizeof *s);
    s->set = set;
    s->order = order;
    s->part = part;
    s->at = at;
    s->end = UINT64_MAX;
}

void tune_stream_close(TuneStream *s)
{
    if (s->f)
        fclose(s->f);
    free(s->buf);
    s->f = NULL;
    s->buf = NULL;
}

/* Opens the file under the cursor and moves to its record; false with why when it cannot. */
static bool open_at(TuneStream *s, char *why, size_t why_size)
{
    const TuneDataFile *df = &s->set->file[s->order[s->at.pos]];
    s->f = fopen(df->path, "rb");
    s->buf = malloc(STREAM_BUFFER);
    bool ok = s->f != NULL;
    if (ok && s->buf)
        setvbuf(s->f, s->buf, _IOFBF, STREAM_BUFFER);
    if (ok && df->binary)
        ok = fseeko(s->f, (off_t)(df->header + s->at.record * df->record_size), SEEK_SET) == 0;
    char line[SAMPLE_LINE_MAX];
    for (uint64_t i = 0; ok && !df->binary && i < s->at.record; i++)
        ok = fgets(line, sizeof line, s->f) != NULL;
    if (!ok) {
        snprintf(why, why_size, "cannot read \"%s\" any more", df->path);
        tune_stream_close(s);
    }
    return ok;
}

/* Reads the record under the cursor into rec; returns 1, 0 when it is a text line that does not
 * parse, -1 when the file ends early. */
static int read_one(TuneStream *s, const TuneDataFile *df, uint8_t *rec)
{
    if (df->binary) {
        if (fread(rec, 1, df->record_size, s->f) != df->record_size)
            return -1;
        if (df->record_size == SAMPLE_RECORD_SIZE_V1)
            sample_set_score(rec, SAMPLE_NO_SCORE);
        return 1;
    }
    char line[SAMPLE_LINE_MAX];
    if (!fgets(line, sizeof line, s->f))
        return -1;
    Position pos;
    double result;
    int score;
    if (!sample_parse_line(line, &pos, &result, &score)) {
        s->bad_lines++;
        return 0;
    }
    sample_pack(&pos, result, score, rec);
    return 1;
}

long tune_stream_read(TuneStream *s, uint8_t *rec, bool *held, size_t max, char *why, size_t why_size)
{
    size_t n = 0;
    while (n < max && s->at.pos < (uint64_t)s->set->count) {
        const TuneDataFile *df = &s->set->file[s->order[s->at.pos]];
        if (s->at.record >= df->used) {
            tune_stream_close(s);
            s->at.pos++;
            s->at.record = 0;
            continue;
        }
        uint64_t i = df->first + s->at.record;
        if (i >= s->end)
            break;
        bool h = tune_data_held_out(s->set, i);
        if ((s->part == TUNE_DATA_TRAIN && h) || (s->part == TUNE_DATA_HELD && !h)) {
            /* skip the rest of this block: a block is all held out or all not */
            uint64_t next = (i / TUNE_DATA_BLOCK + 1) * TUNE_DATA_BLOCK - df->first;
            next = next < df->used ? next : df->used;
            char line[SAMPLE_LINE_MAX];
            for (; s->f && !df->binary && s->at.record < next; s->at.record++)
                if (!fgets(line, sizeof line, s->f))
                    tune_stream_close(s);   /* reported when a record is read from it */
            s->at.record = next;
            if (s->f && df->binary &&
                fseeko(s->f, (off_t)(df->header + next * df->record_size), SEEK_SET) != 0)
                tune_stream_close(s);
            continue;
        }
        if (!s->f && !open_at(s, why, why_size))
            return -1;
        int got = read_one(s, df, rec + n * SAMPLE_RECORD_SIZE);
        if (got < 0) {
            snprintf(why, why_size, "\"%s\" ended early: was it changed while tuning?", df->path);
            return -1;
        }
        if (got > 0) {
            if (held)
                held[n] = h;
            n++;
        }
        s->at.record++;
    }
    return (long)n;
}

/* A seeded 64-bit mix: the splitmix64 output of state x. */
static uint64_t mix(uint64_t x) { return hash_splitmix(&x); }

/* A uniform draw in [0, n) from the generator state *r. */
static uint64_t draw(uint64_t *r, uint64_t n)
{
    *r = mix(*r);
    return *r % n;   /* the bias, n / 2^64, is far below anything a fit could notice */
}

void tune_data_epoch_order(uint32_t *order, int count, uint64_t seed, uint64_t epoch)
{
    uint64_t r = mix(seed ^ mix(epoch));
    for (int i = 0; i < count; i++)
        order[i] = (uint32_t)i;
    for (int i = count - 1; i > 0; i--) {
        uint32_t j = (uint32_t)draw(&r, (uint64_t)i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
}

void tune_data_shuffle(uint8_t *rec, size_t n, uint64_t seed, uint64_t epoch, uint64_t chunk)
{
    uint64_t r = mix(seed ^ mix(epoch ^ mix(chunk + 0x5151)));
    uint8_t tmp[SAMPLE_RECORD_SIZE];
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)draw(&r, i);
        uint8_t *a = rec + (i - 1) * SAMPLE_RECORD_SIZE, *b = rec + j * SAMPLE_RECORD_SIZE;
        memcpy(tmp, a, sizeof tmp);
        memcpy(a, b, sizeof tmp);
        memcpy(b, tmp, sizeof tmp);
    }
}
