/* The tuner's data (learn/tune_data.h): the held-out part and the training part split the data in
 * whole blocks, binary and text alike; a text file's bad lines are skipped and counted, a binary
 * file's trailing partial record is not data, version-1 records (no score) still read, so do a
 * later shard's records without the magic, a cursor
 * starts a stream anywhere; the orders a fit reads them in are seeded permutations. */
#define _GNU_SOURCE   /* mkstemps */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/rules.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "learn/sample.h"
#include "learn/tune_data.h"
#include "support/tune_test_util.h"
#include "rules/make.h"

/* Writes the quiet positions after ply 4 of that many random games (up to 80 plies each) as a
 * binary self-play file under a new temporary name made from path; returns the number of records. */
static long write_game_file(char *path, int games)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    fputs(SAMPLE_BIN_MAGIC, f);
    unsigned seed = 99;
    long count = 0;
    for (int g = 0; g < games; g++) {
        Position pos;
        position_start(&pos);
        for (int ply = 0; ply < 80; ply++) {
            MoveList list;
            movegen_generate(&pos, &list);
            if (list.count == 0)
                break;
            if (list.capture_len == 0 && ply >= 4) {
                uint8_t rec[SAMPLE_RECORD_SIZE];
                sample_pack(&pos, g % 3 * 0.5, ply - 40, rec);
                assert_int_equal(fwrite(rec, 1, sizeof rec, f), sizeof rec);
                count++;
            }
            seed = seed * 1103515245u + 12345u;
            Position next;
            make_move(&pos, list.moves[(seed >> 8) % (unsigned)list.count], &next, true);
            pos = next;
        }
    }
    assert_int_equal(fclose(f), 0);
    return count;
}

/* The held-out part and the training part split the data: together they are all of it, in
 * whole blocks of 64 counted across the files, and --max-positions cuts the data short. */
static void test_held_out_is_disjoint(void **state)
{
    (void)state;
    char p1[] = "/tmp/test_tune_d1_XXXXXX", p2[] = "/tmp/test_tune_d2_XXXXXX";
    long n1 = write_game_file(p1, 20), n2 = write_game_file(p2, 30);
    const char *paths[] = {p1, p2};
    static TuneDataSet set;
    char why[256];
    assert_true(tune_data_open(&set, paths, 2, 4, 0, why, sizeof why));
    assert_int_equal(set.used, n1 + n2);
    static uint8_t all[5000 * SAMPLE_RECORD_SIZE], train[5000 * SAMPLE_RECORD_SIZE],
        held[5000 * SAMPLE_RECORD_SIZE];
    static bool is_held[5000];
    long n = read_part(&set, TUNE_DATA_ALL, all, is_held, 5000);
    long nt = read_part(&set, TUNE_DATA_TRAIN, train, NULL, 5000);
    long nh = read_part(&set, TUNE_DATA_HELD, held, NULL, 5000);
    assert_int_equal(n, n1 + n2);
    assert_int_equal(nt + nh, n);
    assert_int_equal(nh, set.held);
    assert_int_equal(nt, tune_data_part_size(&set, TUNE_DATA_TRAIN));
    long t = 0, h = 0;
    for (long i = 0; i < n; i++) {
        assert_int_equal(is_held[i], (i / 64) % 4 == 0);
        uint8_t *dst = is_held[i] ? held + h++ * SAMPLE_RECORD_SIZE : train + t++ * SAMPLE_RECORD_SIZE;
        assert_memory_equal(dst, all + i * SAMPLE_RECORD_SIZE, SAMPLE_RECORD_SIZE);
    }
    assert_true(tune_data_open(&set, paths, 2, 4, (uint64_t)n1 + 10, why, sizeof why));
    assert_int_equal(set.used, n1 + 10);
    assert_int_equal(read_part(&set, TUNE_DATA_ALL, all, NULL, 5000), n1 + 10);

    /* The same records as text lines split the same way (the text stream skips lines). */
    FILE *f = fopen(p2, "w");
    assert_non_null(f);
    for (long i = 0; i < n1 + 10; i++) {
        Position pos;
        double result;
        int score;
        char line[SAMPLE_LINE_MAX];
        assert_true(sample_unpack(all + i * SAMPLE_RECORD_SIZE, &pos, &result, &score));
        sample_format_line(&pos, result, score, line, sizeof line);
        fputs(line, f);
    }
    fclose(f);
    static uint8_t text_part[5000 * SAMPLE_RECORD_SIZE];
    const char *text_path[] = {p2};
    assert_true(tune_data_open(&set, text_path, 1, 4, 0, why, sizeof why));
    assert_int_equal(set.used, n1 + 10);
    assert_int_equal(read_part(&set, TUNE_DATA_TRAIN, text_part, NULL, 5000),
                     tune_data_part_size(&set, TUNE_DATA_TRAIN));
    for (long i = 0, t2 = 0; i < n1 + 10; i++)
        if ((i / 64) % 4 != 0)
            assert_memory_equal(text_part + t2++ * SAMPLE_RECORD_SIZE, all + i * SAMPLE_RECORD_SIZE,
                                SAMPLE_RECORD_SIZE);
    unlink(p1), unlink(p2);
}

/* A text file's bad lines are skipped and counted; they keep their index (the held-out split
 * and a cursor count lines). */
static void test_stream_counts_bad_lines(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs("W:W31,32,33:B1,2 2-0\nnot a position 1-1\nB:W40:B10 0-2 -75\nW:W31:B1 3-0\n", f);
    fclose(f);
    static TuneDataSet set;
    const char *paths[] = {path};
    char why[256];
    assert_true(tune_data_open(&set, paths, 1, 0, 0, why, sizeof why));
    assert_int_equal(set.used, 4);
    assert_false(set.file[0].binary);
    static const uint32_t order[1] = {0};
    TuneStream s;
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, (TuneCursor){0, 0});
    uint8_t rec[4 * SAMPLE_RECORD_SIZE];
    assert_int_equal(tune_stream_read(&s, rec, NULL, 4, why, sizeof why), 2);
    assert_int_equal(s.bad_lines, 2);
    tune_stream_close(&s);
    Position pos;
    double result;
    int score;
    assert_true(sample_unpack(rec, &pos, &result, &score) && result == 1.0);
    assert_int_equal(score, SAMPLE_NO_SCORE);
    assert_true(sample_unpack(rec + SAMPLE_RECORD_SIZE, &pos, &result, &score) && result == 0.0);
    assert_int_equal(score, -75);
    unlink(path);
    assert_false(tune_data_open(&set, paths, 1, 0, 0, why, sizeof why));
    assert_non_null(strstr(why, "cannot read"));
}

/* Writes texts[0..n) as a binary file with magic under a new temporary name made from path: the
 * first size bytes of each record (result i / 2, score 20 i - 5), then tail bytes of one more. */
static void write_record_file(char *path, const char *magic, const char *const *texts, int n, size_t size,
                              size_t tail)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    fputs(magic, f);
    uint8_t rec[SAMPLE_RECORD_SIZE];
    for (int i = 0; i < n; i++) {
        Position pos;
        assert_null(notation_parse_position(texts[i], &pos));
        sample_pack(&pos, i * 0.5, 20 * i - 5, rec);
        assert_int_equal(fwrite(rec, 1, size, f), size);
    }
    assert_int_equal(fwrite(rec, 1, tail, f), tail);
    assert_int_equal(fclose(f), 0);
}

/* Opens the one binary file at path as the data, nothing held out. */
static void open_binary(TuneDataSet *set, const char *path)
{
    const char *paths[] = {path};
    char why[256];
    assert_true(tune_data_open(set, paths, 1, 0, 0, why, sizeof why));
    assert_true(set->file[0].binary);
}

/* A binary file's trailing partial record is not data. */
static void test_stream_binary_records(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_bin_XXXXXX";
    const char *texts[] = {"W:W31,32,33:B1,2", "B:W40:BK10"};
    write_record_file(path, SAMPLE_BIN_MAGIC, texts, 2, SAMPLE_RECORD_SIZE, 10);   /* 10: a truncated one */
    static TuneDataSet set;
    open_binary(&set, path);
    assert_int_equal(set.used, 2);
    static const uint32_t order[1] = {0};
    TuneStream s;
    char why[256];
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, (TuneCursor){1, 0});
    uint8_t got[2 * SAMPLE_RECORD_SIZE];
    assert_int_equal(tune_stream_read(&s, got, NULL, 2, why, sizeof why), 0);   /* past the end */
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, (TuneCursor){0, 1});
    assert_int_equal(tune_stream_read(&s, got, NULL, 2, why, sizeof why), 1);   /* from the second */
    tune_stream_close(&s);
    Position pos;
    double result;
    int score;
    assert_true(sample_unpack(got, &pos, &result, &score) && result == 0.5);
    assert_int_equal(score, 15);
    unlink(path);
}

/* A later shard's .bin file, records without the magic, reads as version-2 records from byte 0;
 * a file of another name without the magic is text. */
static void test_stream_headless_shard(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_shard_XXXXXX.bin";
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    const char *texts[] = {"W:W31,32,33:B1,2", "B:W40:BK10", "W:WK46:B5"};
    uint8_t rec[SAMPLE_RECORD_SIZE];
    for (int i = 0; i < 3; i++) {
        Position pos;
        assert_null(notation_parse_position(texts[i], &pos));
        sample_pack(&pos, i * 0.5, 7 * i, rec);
        assert_int_equal(fwrite(rec, 1, sizeof rec, f), sizeof rec);
    }
    assert_int_equal(fclose(f), 0);
    static TuneDataSet set;
    open_binary(&set, path);
    assert_int_equal(set.used, 3);
    assert_int_equal(set.file[0].header, 0);
    static const uint32_t order[1] = {0};
    TuneStream s;
    char why[256];
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, (TuneCursor){0, 1});
    uint8_t got[2 * SAMPLE_RECORD_SIZE];
    assert_int_equal(tune_stream_read(&s, got, NULL, 2, why, sizeof why), 2);
    tune_stream_close(&s);
    for (int i = 0; i < 2; i++) {
        Position pos, want;
        double result;
        int score;
        assert_true(sample_unpack(got + i * SAMPLE_RECORD_SIZE, &pos, &result, &score));
        assert_null(notation_parse_position(texts[i + 1], &want));
        assert_true(pos.key == want.key && result == (i + 1) * 0.5);
        assert_int_equal(score, 7 * (i + 1));
    }
    unlink(path);
}

/* A version-1 file (25-byte records, no score) still reads: its records come as version 2 with
 * the score marked absent, and a cursor counts its records of 25 bytes. */
static void test_stream_version_1_records(void **state)
{
    (void)state;
    char path[] = "/tmp/test_tune_v1_XXXXXX";
    const char *texts[] = {"W:W31,32,33:B1,2", "B:W40:BK10", "W:WK46:B5"};
    write_record_file(path, SAMPLE_BIN_MAGIC_V1, texts, 3, SAMPLE_RECORD_SIZE_V1, 0);
    static TuneDataSet set;
    open_binary(&set, path);
    assert_int_equal(set.used, 3);
    static const uint32_t order[1] = {0};
    TuneStream s;
    char why[256];
    tune_stream_start(&s, &set, order, TUNE_DATA_ALL, (TuneCursor){0, 1});
    uint8_t got[3 * SAMPLE_RECORD_SIZE];
    assert_int_equal(tune_stream_read(&s, got, NULL, 3, why, sizeof why), 2);
    tune_stream_close(&s);
    for (int i = 0; i < 2; i++) {
        Position pos, want;
        double result;
        int score;
        assert_true(sample_unpack(got + i * SAMPLE_RECORD_SIZE, &pos, &result, &score));
        assert_null(notation_parse_position(texts[i + 1], &want));
        assert_true(pos.key == want.key && result == (i + 1) * 0.5);
        assert_int_equal(score, SAMPLE_NO_SCORE);
    }
    unlink(path);
}

/* The orders a fit reads the data in: an epoch's file order is a permutation fixed by the seed and
 * the epoch (another epoch gives another one), and a shuffle permutes whole records, the same way
 * for the same seed, epoch and chunk. */
static void test_orders_are_seeded_permutations(void **state)
{
    (void)state;
    enum { FILES = 40, RECS = 300 };
    uint32_t a[FILES], b[FILES], c[FILES];
    tune_data_epoch_order(a, FILES, 7, 3);
    tune_data_epoch_order(b, FILES, 7, 3);
    tune_data_epoch_order(c, FILES, 7, 4);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_not_equal(a, c, sizeof a);
    bool seen[FILES] = {false};
    for (int i = 0; i < FILES; i++) {
        assert_true(a[i] < FILES && !seen[a[i]]);
        seen[a[i]] = true;
    }
    static uint8_t rec[RECS * SAMPLE_RECORD_SIZE], again[RECS * SAMPLE_RECORD_SIZE];
    for (int i = 0; i < RECS; i++)   /* record i: every byte i % 251, and its index in the first two */
        for (int j = 0; j < SAMPLE_RECORD_SIZE; j++)
            rec[i * SAMPLE_RECORD_SIZE + j] = (uint8_t)(j == 0 ? i & 0xFF : j == 1 ? i >> 8 : i % 251);
    memcpy(again, rec, sizeof rec);
    tune_data_shuffle(rec, RECS, 7, 3, 5);
    tune_data_shuffle(again, RECS, 7, 3, 5);
    assert_memory_equal(rec, again, sizeof rec);
    bool found[RECS] = {false};
    int moved = 0;
    for (int i = 0; i < RECS; i++) {
        const uint8_t *r = rec + i * SAMPLE_RECORD_SIZE;
        int id = r[0] | r[1] << 8;
        assert_true(id < RECS && !found[id]);
        found[id] = true;
        moved += id != i;
        for (int j = 2; j < SAMPLE_RECORD_SIZE; j++)
            assert_int_equal(r[j], id % 251);
    }
    assert_true(moved > RECS / 2);
}

int main(void)
{
    rules_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_held_out_is_disjoint),
        cmocka_unit_test(test_stream_counts_bad_lines),
        cmocka_unit_test(test_stream_binary_records),
        cmocka_unit_test(test_stream_version_1_records),
        cmocka_unit_test(test_stream_headless_shard),
        cmocka_unit_test(test_orders_are_seeded_permutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
