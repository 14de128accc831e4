/* Data round manifests (see round.h). */
#include "learn/round.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "learn/sample.h"

#define LINE_MAX_LEN 4096

/* Appends a comment line to r's comments; false when memory is short. */
static bool keep_comment(Round *r, const char *line)
{
    size_t had = r->comments ? strlen(r->comments) : 0, add = strlen(line);
    char *c = realloc(r->comments, had + add + 2);
    if (!c)
        return false;
    memcpy(c + had, line, add);
    c[had + add] = '\n';
    c[had + add + 1] = '\0';
    r->comments = c;
    return true;
}

/* Copies the rest of a line into a field; false when it does not fit or is empty. */
static bool take(char *field, size_t size, const char *value)
{
    size_t n = strlen(value);
    if (n == 0 || n >= size)
        return false;
    memcpy(field, value, n + 1);
    return true;
}

/* Reads "I records=R bytes=B sha256=H" into r's shard I; false when it is not that. */
static bool read_done(Round *r, const char *text)
{
    long i;
    unsigned long long records, bytes;
    char hex[SHA256_HEX_LEN + 2];
    int end = 0;
    if (sscanf(text, "%ld records=%llu bytes=%llu sha256=%65s%n", &i, &records, &bytes, hex, &end) != 4 ||
        text[end] != '\0' || strlen(hex) != SHA256_HEX_LEN || i < 0 || i >= r->shards)
        return false;
    r->shard[i] = (RoundShard){true, records, bytes, ""};
    memcpy(r->shard[i].sha256, hex, SHA256_HEX_LEN + 1);
    return true;
}

/* Reads one line (its newline cut) into r; false with why. */
static bool read_line(Round *r, char *line, int n, char *why, size_t why_size)
{
    if (line[0] == '#' || line[0] == '\0')
        return keep_comment(r, line) || (snprintf(why, why_size, "out of memory"), false);
    char *value = strchr(line, ' ');
    if (value)
        *value++ = '\0';
    else
        value = line + strlen(line);
    bool ok;
    if (strcmp(line, "round") == 0)
        ok = take(r->name, sizeof r->name, value);
    else if (strcmp(line, "command") == 0)
        ok = take(r->command, sizeof r->command, value);
    else if (strcmp(line, "out") == 0)
        ok = take(r->out, sizeof r->out, value) && strstr(value, "{shard}");
    else if (strcmp(line, "input") == 0)
        ok = r->input_count < ROUND_INPUTS_MAX && take(r->input[r->input_count++], ROUND_TEXT_MAX, value);
    else if (strcmp(line, "shards") == 0) {
        char *end;
        long n_shards = strtol(value, &end, 10);
        ok = !r->shard && *end == '\0' && n_shards >= 1 && n_shards <= ROUND_SHARDS_MAX &&
             (r->shard = calloc((size_t)n_shards, sizeof *r->shard)) != NULL;
        r->shards = ok ? n_shards : 0;
    } else if (strcmp(line, "done") == 0)
        ok = r->shard && read_done(r, value);
    else
        ok = false;
    if (!ok)
        snprintf(why, why_size, "line %d: \"%s%s%s\" is not one of round, command, shards, out, input, done (done "
                 "after shards)", n, line, value[0] ? " " : "", value);
    return ok;
}

bool round_read(const char *path, Round *r, char *why, size_t why_size)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, why_size, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    char line[LINE_MAX_LEN];
    bool ok = true;
    for (int n = 1; ok && fgets(line, sizeof line, f); n++) {
        line[strcspn(line, "\r\n")] = '\0';
        ok = read_line(r, line, n, why, why_size);
    }
    fclose(f);
    if (ok && (!r->name[0] || !r->command[0] || !r->out[0] || !r->shards)) {
        snprintf(why, why_size, "%s: a manifest needs round, command, shards and out lines", path);
        ok = false;
    } else if (!ok) {
        char copy[512];
        snprintf(copy, sizeof copy, "%s", why);
        snprintf(why, why_size, "%s: %s", path, copy);
    }
    if (!ok)
        round_free(r);
    return ok;
}

bool round_write(const char *path, const Round *r, char *why, size_t why_size)
{
    char tmp[ROUND_TEXT_MAX + 8];
    snprintf(tmp, sizeof tmp, "%s.new", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(why, why_size, "cannot write %s: %s", tmp, strerror(errno));
        return false;
    }
    fprintf(f, "%sround %s\ncommand %s\nshards %ld\nout %s\n", r->comments ? r->comments : "", r->name, r->command,
            r->shards, r->out);
    for (int i = 0; i < r->input_count; i++)
        fprintf(f, "input %s\n", r->input[i]);
    for (long i = 0; i < r->shards; i++)
        if (r->shard[i].done)
            fprintf(f, "done %ld records=%llu bytes=%llu sha256=%s\n", i, (unsigned long long)r->shard[i].records,
                    (unsigned long long)r->shard[i].bytes, r->shard[i].sha256);
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok && rename(tmp, path) == 0;
    if (!ok) {
        snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
    }
    return ok;
}

void round_free(Round *r)
{
    free(r->shard);
    free(r->comments);
    r->shard = NULL;
    r->comments = NULL;
}

void round_shard_path(const Round *r, const char *dir, long i, char *buf, size_t size)
{
    int width = 1;
    for (long n = r->shards - 1; n >= 10; n /= 10)
        width++;
    const char *at = strstr(r->out, "{shard}");
    snprintf(buf, size, "%s/%.*s%0*ld%s", dir, (int)(at - r->out), r->out, width, i, at + strlen("{shard}"));
}

bool round_measure(const char *path, long i, RoundShard *m, char *why, size_t why_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_size, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    uint64_t bytes = 0;
    bool ok = sha256_file(f, m->sha256, &bytes);
    size_t len = strlen(path);
    if (len > 4 && strcmp(path + len - 4, ".bin") == 0) {
        uint64_t header = i == 0 ? sizeof SAMPLE_BIN_MAGIC - 1 : 0;
        m->records = bytes >= header ? (bytes - header) / SAMPLE_RECORD_SIZE : 0;
    } else {
        rewind(f);
        m->records = 0;
        for (int c; (c = fgetc(f)) != EOF;)
            m->records += c == '\n';
    }
    ok = ok && !ferror(f);
    fclose(f);
    m->bytes = bytes;
    m->done = ok;
    if (!ok)
        snprintf(why, why_size, "cannot read %s", path);
    return ok;
}
