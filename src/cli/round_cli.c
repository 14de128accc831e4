/* `engine round` (see round_cli.h): runs, records, checks and joins the shards of a data round. */
#include "cli/round_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/rescore_cli.h"
#include "cli/selfplay_cli.h"
#include "learn/round.h"
#include "util/opts.h"
#include "util/sys.h"

#define ROUND_USAGE                                                                                                  \
    "usage: engine round run MANIFEST (--shard I | --missing) [--dir DIR] [--threads N]\n"                          \
    "       engine round record MANIFEST [--dir DIR]\n"                                                              \
    "       engine round check MANIFEST [--dir DIR]\n"                                                               \
    "       engine round cat MANIFEST --out FILE [--dir DIR]\n"                                                      \
    "  a manifest (see README, \"Data rounds\") names a selfplay or rescore job, its shards and their files\n"       \
    "  run      makes shard I's file (the job's --shard I/N), or every shard whose file is missing or differs\n"      \
    "           from its recorded checksum (--missing)\n"                                                            \
    "  record   measures every shard's file present (records, bytes, SHA-256) into the manifest\n"                 \
    "  check    checks every recorded shard's file; exit code 1 unless all shards are recorded and match\n"        \
    "  cat      joins the shards' files in order into FILE, the file of one unsharded run\n"                       \
    "  --dir DIR     the data folder the files are under (default: the current folder)\n"                         \
    "  --threads N   passed to the job (its output does not depend on it)\n"

#define ARGS_MAX 4096

typedef struct {
    const char *manifest, *dir, *out;
    long shard, threads;
    bool missing;
    Round round;
} RoundJob;

/* The folder part of path ("." for none), for the input manifests named relative to it. */
static void folder_of(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, size, ".");
    else
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

/* Makes the folders of path that do not exist yet; false when one cannot be made. */
static bool make_parents(const char *path)
{
    char copy[ROUND_TEXT_MAX + 64];
    snprintf(copy, sizeof copy, "%s", path);
    bool ok = true;
    for (char *slash = strchr(copy + 1, '/'); ok && slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        ok = sys_make_dir(copy);
        *slash = '/';
    }
    return ok;
}

/* The words of one shard's command line, and the room they point into. */
typedef struct {
    char words[ROUND_TEXT_MAX], shard[32], threads[24], out[ROUND_TEXT_MAX], part[ROUND_TEXT_MAX + 8];
    char folder[ROUND_TEXT_MAX];
    char inputs[ARGS_MAX][ROUND_TEXT_MAX / 4];
    char *argv[ARGS_MAX + 1];
} ShardArgs;

/* Builds shard i's command line in a and runs it; false after saying why. */
static bool build_and_run(RoundJob *j, long i, ShardArgs *a)
{
    int argc = 0, inputs_used = 0;
    a->argv[argc++] = "engine";
    snprintf(a->words, sizeof a->words, "%s", j->round.command);
    for (char *save = NULL, *w = strtok_r(a->words, " ", &save); w && argc < ARGS_MAX - 8; w = strtok_r(NULL, " ", &save))
        a->argv[argc++] = w;
    a->argv[argc] = NULL;
    bool selfplay = argc > 1 && strcmp(a->argv[1], "selfplay") == 0;
    bool rescore = argc > 1 && strcmp(a->argv[1], "rescore") == 0;
    if (!selfplay && !rescore) {
        fprintf(stderr, "engine round: %s: the command is \"%s\": a round runs selfplay or rescore\n", j->manifest,
                j->round.command);
        return false;
    }
    snprintf(a->shard, sizeof a->shard, "%ld/%ld", i, j->round.shards);
    round_shard_path(&j->round, j->dir, i, a->out, sizeof a->out);
    if (!make_parents(a->out)) {
        fprintf(stderr, "engine round: cannot make the folder of %s\n", a->out);
        return false;
    }
    /* the file is made as NAME.part.EXT and renamed once whole, so that `round record` or `check`
     * run meanwhile never takes a shard still being written for a finished one (the extension
     * stays last: it chooses selfplay's format) */
    const char *dot = strrchr(a->out, '.'), *slash = strrchr(a->out, '/');
    int stem = dot && (!slash || dot > slash) ? (int)(dot - a->out) : (int)strlen(a->out);
    snprintf(a->part, sizeof a->part, "%.*s.part%s", stem, a->out, a->out + stem);
    a->argv[argc++] = "--shard", a->argv[argc++] = a->shard, a->argv[argc++] = "--out", a->argv[argc++] = a->part;
    if (j->threads) {
        snprintf(a->threads, sizeof a->threads, "%ld", j->threads);
        a->argv[argc++] = "--threads", a->argv[argc++] = a->threads;
    }
    folder_of(j->manifest, a->folder, sizeof a->folder);
    for (int k = 0; k < j->round.input_count; k++) {
        char path[2 * ROUND_TEXT_MAX], why[1024];
        snprintf(path, sizeof path, "%s/%s", a->folder, j->round.input[k]);
        Round in;
        if (!round_read(path, &in, why, sizeof why)) {
            fprintf(stderr, "engine round: input of %s: %s\n", j->manifest, why);
            return false;
        }
        for (long s = 0; s < in.shards && argc < ARGS_MAX - 1 && inputs_used < ARGS_MAX; s++) {
            round_shard_path(&in, j->dir, s, a->inputs[inputs_used], sizeof a->inputs[0]);
            a->argv[argc++] = a->inputs[inputs_used++];
        }
        round_free(&in);
    }
    a->argv[argc] = NULL;
    fprintf(stderr, "engine round: %s shard %ld/%ld -> %s\n", j->round.name, i, j->round.shards, a->out);
    int rc = selfplay ? selfplay_cli_main(argc, a->argv) : rescore_cli_main(argc, a->argv);
    if (rc == 0 && rename(a->part, a->out) != 0) {
        fprintf(stderr, "engine round: cannot rename %s to %s\n", a->part, a->out);
        rc = 1;
    }
    if (rc != 0)
        fprintf(stderr, "engine round: shard %ld of %s failed (exit code %d)\n", i, j->manifest, rc);
    return rc == 0;
}


/* Runs shard i of the job by the subcommand its command names; false after saying why. */
static bool run_shard(RoundJob *j, long i)
{
    ShardArgs *a = malloc(sizeof *a);
    if (!a) {
        fprintf(stderr, "engine round: out of memory\n");
        return false;
    }
    bool ok = build_and_run(j, i, a);
    free(a);
    return ok;
}
/* Whether shard i's file is there and matches its recorded checksum (quietly). */
static bool shard_matches(const RoundJob *j, long i)
{
    char path[ROUND_TEXT_MAX + 64], why[512];
    RoundShard m;
    round_shard_path(&j->round, j->dir, i, path, sizeof path);
    const RoundShard *want = &j->round.shard[i];
    return want->done && round_measure(path, i, &m, why, sizeof why) && m.bytes == want->bytes &&
           strcmp(m.sha256, want->sha256) == 0;
}

static int cmd_run(RoundJob *j)
{
    if ((j->shard < 0) == !j->missing)
        return opts_refuse("round", "run takes --shard I or --missing");
    if (j->shard >= j->round.shards)
        return opts_refuse("round", "--shard %ld: %s has shards 0 to %ld", j->shard, j->manifest, j->round.shards - 1);
    bool ok = true;
    for (long i = j->missing ? 0 : j->shard; ok && i < (j->missing ? j->round.shards : j->shard + 1); i++)
        if (!j->missing || !shard_matches(j, i))
            ok = run_shard(j, i);
    return ok ? 0 : 1;
}

static int cmd_record(RoundJob *j)
{
    long recorded = 0;
    for (long i = 0; i < j->round.shards; i++) {
        char path[ROUND_TEXT_MAX + 64], why[512];
        RoundShard m;
        round_shard_path(&j->round, j->dir, i, path, sizeof path);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        fclose(f);
        if (!round_measure(path, i, &m, why, sizeof why)) {
            fprintf(stderr, "engine round: %s\n", why);
            return 1;
        }
        j->round.shard[i] = m;
        recorded++;
    }
    char why[1024];
    if (!round_write(j->manifest, &j->round, why, sizeof why)) {
        fprintf(stderr, "engine round: %s\n", why);
        return 1;
    }
    printf("round %s: recorded %ld of %ld shards' files\n", j->round.name, recorded, j->round.shards);
    return 0;
}

static int cmd_check(RoundJob *j)
{
    long recorded = 0, good = 0;
    uint64_t records = 0, bytes = 0;
    for (long i = 0; i < j->round.shards; i++) {
        const RoundShard *want = &j->round.shard[i];
        if (!want->done) {
            printf("shard %ld: not recorded\n", i);
            continue;
        }
        recorded++;
        records += want->records, bytes += want->bytes;
        char path[ROUND_TEXT_MAX + 64], why[512];
        RoundShard m;
        round_shard_path(&j->round, j->dir, i, path, sizeof path);
        if (!round_measure(path, i, &m, why, sizeof why))
            printf("shard %ld: %s\n", i, why);
        else if (m.bytes != want->bytes || strcmp(m.sha256, want->sha256) != 0)
            printf("shard %ld: %s differs from the record (%llu bytes, sha256 %s)\n", i, path,
                   (unsigned long long)m.bytes, m.sha256);
        else
            good++;
    }
    printf("round %s: %ld of %ld shards recorded, %llu records, %llu bytes; %ld files match\n", j->round.name, recorded,
           j->round.shards, (unsigned long long)records, (unsigned long long)bytes, good);
    return good == j->round.shards ? 0 : 1;
}

static int cmd_cat(RoundJob *j)
{
    if (!j->out)
        return opts_refuse("round", "cat needs --out FILE");
    FILE *out = fopen(j->out, "wb");
    bool ok = out != NULL;
    char buf[1 << 14];
    for (long i = 0; ok && i < j->round.shards; i++) {
        char path[ROUND_TEXT_MAX + 64];
        round_shard_path(&j->round, j->dir, i, path, sizeof path);
        FILE *in = fopen(path, "rb");
        if (!in) {
            fprintf(stderr, "engine round: cannot read %s (shard %ld)\n", path, i);
            ok = false;
            break;
        }
        for (size_t n; ok && (n = fread(buf, 1, sizeof buf, in)) > 0;)
            ok = fwrite(buf, 1, n, out) == n;
        ok = ok && !ferror(in);
        fclose(in);
    }
    if (out && fclose(out) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "engine round: cannot write %s\n", j->out);
        remove(j->out);
    }
    return ok ? 0 : 1;
}

int round_cli_main(int argc, char **argv)
{
    if (opts_help(argc, argv, 2, ROUND_USAGE))
        return 0;
    static const char *const ACTIONS[] = {"run", "record", "check", "cat"};
    int action = -1;
    for (int a = 0; argc > 2 && a < 4; a++)
        if (strcmp(argv[2], ACTIONS[a]) == 0)
            action = a;
    if (action < 0)
        return opts_refuse("round", "expected run, record, check or cat (engine round --help)");
    RoundJob j = {.dir = ".", .shard = -1};
    const char *manifest[1] = {NULL};
    const OptSpec specs[] = {
        OPTS_INT("--shard", &j.shard, 0, ROUND_SHARDS_MAX - 1),
        OPTS_FLAG("--missing", &j.missing),
        OPTS_TEXT("--dir", &j.dir),
        OPTS_TEXT("--out", &j.out),
        OPTS_INT("--threads", &j.threads, 1, 256),
        OPTS_END,
    };
    if (!opts_parse("round", specs, argc, argv, 3, manifest, 1, 1))
        return OPTS_REFUSED;
    j.manifest = manifest[0];
    char why[1024];
    if (!round_read(j.manifest, &j.round, why, sizeof why)) {
        fprintf(stderr, "engine round: %s\n", why);
        return 1;
    }
    int rc = action == 0 ? cmd_run(&j) : action == 1 ? cmd_record(&j) : action == 2 ? cmd_check(&j) : cmd_cat(&j);
    round_free(&j.round);
    return rc;
}
