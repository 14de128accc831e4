/* The weight files (eval/eval_file.h): every embedded file decodes to its variant's weights; a
 * round trip keeps every pair; terms and tables are mapped by name, those a file lacks loading as 0;
 * files with an unknown, repeated or resized name, of another magic, version or variant, damaged or
 * truncated files are refused with a message saying what differs; eval_weights_use_file and
 * `engine hub --weights` replace one variant's weights. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "support/shell_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/rules.h"
#include "eval/eval.h"
#include "eval/eval_file.h"
#include "eval/eval_weights.h"

static EvalWeight decoded[EVAL_FEATURE_COUNT];

/* Pseudo-random weights with long zero runs, lone zeros and the int16 extremes. */
static void make_weights(EvalWeight *w, size_t count, unsigned seed)
{
    for (size_t i = 0; i < count; i++) {
        seed = seed * 1103515245u + 12345u;
        unsigned r = seed >> 8;
        if ((i / 500) % 3 == 1 || r % 4 == 0)
            w[i] = (EvalWeight){0, 0};
        else
            w[i] = (EvalWeight){(int16_t)((int)(r & 0xFFFF) - 32768), (int16_t)((int)(r >> 8 & 0x3F) - 32)};
    }
    w[0] = (EvalWeight){INT16_MIN, INT16_MAX};
    w[count - 1] = (EvalWeight){0, -1};
}

/* Rewrites the checksum of a file after a test changed its bytes. */
static void fix_crc(uint8_t *bytes, size_t len)
{
    uint32_t crc = eval_file_crc32(bytes, len - 4);
    for (int k = 0; k < 4; k++)
        bytes[len - 4 + k] = (uint8_t)(crc >> (8 * k));
}

/* Decodes bytes expecting a refusal whose message contains every one of the NULL-ended words. */
static void assert_refused(const uint8_t *bytes, size_t len, Variant expect, ...)
{
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX] = "";
    assert_false(eval_file_decode(bytes, len, expect, decoded, &head, why, sizeof why));
    va_list ap;
    va_start(ap, expect);
    for (const char *word = va_arg(ap, const char *); word; word = va_arg(ap, const char *)) {
        if (!strstr(why, word))
            fail_msg("refusal \"%s\" does not mention \"%s\"", why, word);
    }
    va_end(ap);
}

static void test_embedded_files_decode_to_their_variant(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        const unsigned char *bytes;
        size_t len;
        eval_weights_embedded_file((Variant)v, &bytes, &len);
        Variant own = eval_weights_variant((Variant)v);
        EvalFileHeader head;
        char why[EVAL_FILE_WHY_MAX] = "";
        bool ok = eval_file_decode(bytes, len, own, decoded, &head, why, sizeof why);
        if (!ok)
            fail_msg("embedded %s weights: %s", variant_name(own), why);
        assert_int_equal(head.variant, own);
        assert_int_equal(head.version, EVAL_FILE_VERSION);
        assert_true(strlen(head.note) > 0);
        assert_memory_equal(decoded, eval_weights_of((Variant)v), sizeof decoded);
        int nonzero = 0;
        for (int i = 0; i < EVAL_FEATURE_COUNT; i++)
            nonzero += decoded[i].mg || decoded[i].eg;
        assert_true(nonzero > 1000);   /* learnt weights, not a material-only table */
    }
    assert_int_equal(eval_weights_variant(VARIANT_KILLER), VARIANT_NORMAL);
    assert_ptr_equal(eval_weights_of(VARIANT_KILLER), eval_weights_of(VARIANT_NORMAL));
    const unsigned char *bytes;
    size_t len;
    eval_weights_embedded_file(VARIANT_FRISIAN, &bytes, &len);
    assert_refused(bytes, len, VARIANT_BT, "frisian", "not of bt", NULL);
}

static void test_round_trip(void **state)
{
    (void)state;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    make_weights(w, EVAL_FEATURE_COUNT, 5);
    EvalFileLayout layout;
    eval_file_layout(&layout);
    size_t len;
    uint8_t *bytes = eval_file_encode(&layout, "losing", "a note", w, &len);
    assert_non_null(bytes);
    assert_memory_equal(bytes, EVAL_FILE_MAGIC, 4);
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX] = "";
    assert_true(eval_file_decode(bytes, len, VARIANT_LOSING, decoded, &head, why, sizeof why));
    assert_memory_equal(decoded, w, sizeof w);
    assert_int_equal(head.variant, VARIANT_LOSING);
    assert_string_equal(head.note, "a note");
    assert_int_equal(head.bytes, len);
    free(bytes);
    /* Through a file, and any variant accepted when none is expected. */
    char path[] = "/tmp/test_eval_file_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_true(eval_file_write(path, VARIANT_BT, "", w, why, sizeof why));
    memset(decoded, 0, sizeof decoded);
    assert_true(eval_file_read(path, VARIANT_COUNT, decoded, &head, why, sizeof why));
    assert_memory_equal(decoded, w, sizeof w);
    assert_int_equal(head.variant, VARIANT_BT);
    assert_string_equal(head.note, "");
    unlink(path);
    assert_false(eval_file_read(path, VARIANT_COUNT, decoded, &head, why, sizeof why));
    assert_non_null(strstr(why, "cannot open"));
}

/* Encodes weights under a changed layout (sized to it) and expects the refusal words. */
static void check_layout_refused(const EvalFileLayout *layout, const char *word1, const char *word2)
{
    size_t total = (size_t)layout->term_count;
    for (int t = 0; t < layout->table_count; t++)
        total += layout->table_size[t];
    EvalWeight *w = calloc(total, sizeof *w);
    assert_non_null(w);
    make_weights(w, total, 9);
    size_t len;
    uint8_t *bytes = eval_file_encode(layout, "normal", NULL, w, &len);
    assert_non_null(bytes);
    assert_refused(bytes, len, VARIANT_NORMAL, "layout differs", word1, word2, NULL);
    free(bytes);
    free(w);
}

static void test_other_layouts_refused(void **state)
{
    (void)state;
    EvalFileLayout mine, l;
    eval_file_layout(&mine);
    l = mine;
    l.term_name[5] = "back_guards";   /* renamed */
    check_layout_refused(&l, "term 5 \"back_guards\"", "unknown to this engine");
    l = mine;
    l.term_name[l.term_count++] = "new_term";
    check_layout_refused(&l, "term 18 \"new_term\"", "unknown to this engine");
    l = mine;
    l.term_name[12] = mine.term_name[11];   /* given twice */
    check_layout_refused(&l, "term \"tail\"", "appears twice");
    l = mine;
    l.table_size[3] = 729;   /* resized */
    check_layout_refused(&l, "rows6-9_files6-9", "729 entries in the file, 6561");
    l = mine;
    l.table_size[EVAL_KING_TABLE] = 32;   /* a king table of another board */
    check_layout_refused(&l, "king_square", "32 entries in the file, 50");
    l = mine;
    l.table_name[13] = "rows3-6_files5-9";
    check_layout_refused(&l, "table 13 \"rows3-6_files5-9\"", "unknown to this engine");
    l = mine;
    l.table_name[EVAL_KING_TABLE] = mine.table_name[0], l.table_size[EVAL_KING_TABLE] = mine.table_size[0];
    check_layout_refused(&l, "table \"rows6-9_files0-3\"", "appears twice");
}

/* Encodes the weights w (this engine's layout) as a file of layout l, each term and table taken
 * by name, and asserts that it decodes to w with every term and table l lacks at 0. */
static void check_layout_mapped(const EvalFileLayout *l, const EvalWeight *w)
{
    size_t total = (size_t)l->term_count, at = 0;
    for (int t = 0; t < l->table_count; t++)
        total += l->table_size[t];
    EvalWeight *file = calloc(total + 1, sizeof *file), *expect = calloc(EVAL_FEATURE_COUNT, sizeof *expect);
    assert_true(file && expect);
    for (int i = 0; i < l->term_count; i++) {
        EvalTerm k = eval_term_by_name(l->term_name[i]);
        assert_true(k < EVAL_TERM_COUNT);
        file[at++] = expect[k] = w[k];
    }
    for (int t = 0; t < l->table_count; t++) {
        int e = 0;
        while (e < EVAL_TABLE_COUNT && strcmp(eval_table_name(e), l->table_name[t]) != 0)
            e++;
        assert_true(e < EVAL_TABLE_COUNT && eval_table_size(e) == l->table_size[t]);
        int base = eval_table_base(e);
        memcpy(file + at, w + base, l->table_size[t] * sizeof *w);
        memcpy(expect + base, w + base, l->table_size[t] * sizeof *w);
        at += l->table_size[t];
    }
    size_t len;
    uint8_t *bytes = eval_file_encode(l, "normal", NULL, file, &len);
    assert_non_null(bytes);
    EvalFileHeader head;
    char why[EVAL_FILE_WHY_MAX] = "";
    if (!eval_file_decode(bytes, len, VARIANT_NORMAL, decoded, &head, why, sizeof why))
        fail_msg("refused: %s", why);
    assert_memory_equal(decoded, expect, EVAL_FEATURE_COUNT * sizeof *expect);
    free(bytes);
    free(expect);
    free(file);
}

/* Terms and tables are mapped by name: any order, and those a file lacks load as 0 (files written
 * before the layout grew, like the shipped ones before the king features). */
static void test_layouts_mapped_by_name(void **state)
{
    (void)state;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    make_weights(w, EVAL_FEATURE_COUNT, 7);
    for (int s = 1; s <= SQUARE_COUNT; s++)   /* a king table without zeros */
        w[eval_king_feature(s)] = (EvalWeight){(int16_t)s, (int16_t)-s};
    w[EVAL_KING_MOBILITY_ATTACKED] = (EvalWeight){-12, -34};
    EvalFileLayout mine, l;
    eval_file_layout(&mine);
    check_layout_mapped(&mine, w);
    l = mine;
    l.term_name[11] = mine.term_name[12], l.term_name[12] = mine.term_name[11];   /* reordered */
    l.table_name[0] = mine.table_name[EVAL_KING_TABLE], l.table_size[0] = mine.table_size[EVAL_KING_TABLE];
    l.table_name[EVAL_KING_TABLE] = mine.table_name[0], l.table_size[EVAL_KING_TABLE] = mine.table_size[0];
    check_layout_mapped(&l, w);
    l = mine;
    for (int i = 6; i < EVAL_TERM_COUNT; i++)   /* a term in the middle missing */
        l.term_name[i - 1] = mine.term_name[i];
    l.term_count--;
    for (int t = 6; t < EVAL_TABLE_COUNT; t++)   /* and a table */
        l.table_name[t - 1] = mine.table_name[t], l.table_size[t - 1] = mine.table_size[t];
    l.table_count--;
    check_layout_mapped(&l, w);
    /* the layout before the tempo, moves and wings tables (round 7's weights) */
    l = mine;
    assert_string_equal(l.table_name[EVAL_TABLE_COUNT - 1], "wings");
    assert_string_equal(l.table_name[EVAL_TABLE_COUNT - 2], "moves");
    assert_string_equal(l.table_name[EVAL_TABLE_COUNT - 3], "tempo");
    assert_string_equal(l.table_name[EVAL_TABLE_COUNT - 4], "material");
    l.table_count = EVAL_MATERIAL_TABLE + 1;
    check_layout_mapped(&l, w);
    assert_true(decoded[EVAL_TEMPO_BASE].mg == 0 && decoded[EVAL_FEATURE_COUNT - 1].eg == 0);
    assert_memory_equal(decoded, w, EVAL_TEMPO_BASE * sizeof *w);
    /* the layout before the material table, the shipped weights' until it was fitted */
    assert_string_equal(l.table_name[EVAL_MATERIAL_TABLE - 1], "region_rows3-8_files5-8");
    l.table_count = EVAL_MATERIAL_TABLE;
    check_layout_mapped(&l, w);
    assert_true(decoded[EVAL_MATERIAL_BASE].mg == 0 && decoded[EVAL_FEATURE_COUNT - 1].eg == 0);
    assert_memory_equal(decoded, w, EVAL_MATERIAL_BASE * sizeof *w);
    /* the layout before the regions: no region tables */
    l.table_count = EVAL_REGION_TABLE;
    check_layout_mapped(&l, w);
    assert_true(decoded[EVAL_REGION_BASE].mg == 0 && decoded[EVAL_FEATURE_COUNT - 1].eg == 0);
    assert_memory_equal(decoded, w, EVAL_REGION_BASE * sizeof *w);
    /* the layout before the king features: no king_mobility_attacked, the 14 block tables only */
    l = mine;
    assert_string_equal(l.term_name[EVAL_TERM_COUNT - 1], "king_mobility_attacked");
    assert_string_equal(l.table_name[EVAL_KING_TABLE], "king_square");
    l.term_count = EVAL_TERM_COUNT - 1;
    l.table_count = EVAL_PATTERN_TABLES;
    check_layout_mapped(&l, w);
    assert_true(decoded[EVAL_KING_MOBILITY_ATTACKED].mg == 0 && decoded[eval_king_feature(50)].eg == 0);
    assert_memory_equal(decoded, w, EVAL_KING_MOBILITY_ATTACKED * sizeof *w);
    /* no terms nor tables at all: every weight 0 */
    l.term_count = l.table_count = 0;
    check_layout_mapped(&l, w);
}

static void test_bad_headers_refused(void **state)
{
    (void)state;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    make_weights(w, EVAL_FEATURE_COUNT, 3);
    EvalFileLayout layout;
    eval_file_layout(&layout);
    size_t len;
    uint8_t *bytes = eval_file_encode(&layout, "normal", "x", w, &len);
    assert_non_null(bytes);
    uint8_t *copy = malloc(len + 8);
    assert_non_null(copy);

    memcpy(copy, bytes, len);
    copy[0] = 'X';
    assert_refused(copy, len, VARIANT_NORMAL, "not an evaluation weights file", NULL);
    assert_refused(copy, 0, VARIANT_NORMAL, "not an evaluation weights file", NULL);
    memcpy(copy, bytes, len);
    copy[4] = 2;   /* version 2 */
    fix_crc(copy, len);
    assert_refused(copy, len, VARIANT_NORMAL, "format version 2", "reads version 1", NULL);
    /* Truncated anywhere, or one byte changed: the checksum no longer holds. */
    size_t cuts[] = {5, 6, 9, 10, 40, len / 2, len - 5, len - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++)
        assert_refused(bytes, cuts[i], VARIANT_NORMAL, "", NULL);
    assert_refused(bytes, len - 1, VARIANT_NORMAL, "truncated or damaged", NULL);
    memcpy(copy, bytes, len);
    copy[len / 2] ^= 0x10;
    assert_refused(copy, len, VARIANT_NORMAL, "checksum mismatch", NULL);
    /* A well-formed extra run after the weights, checksum fixed. */
    memcpy(copy, bytes, len - 4);
    copy[len - 4] = 0, copy[len - 3] = 1;
    fix_crc(copy, len + 2);
    assert_refused(copy, len + 2, VARIANT_NORMAL, "malformed", "2 bytes after the weights", NULL);
    free(copy);
    free(bytes);
    /* Variants: unknown, one without weights of its own, not the expected one. */
    const char *names[] = {"chess", "killer", "bt"};
    const char *words[] = {"unknown variant \"chess\"", "plays with normal's", "weights of bt, not of normal"};
    for (int i = 0; i < 3; i++) {
        bytes = eval_file_encode(&layout, names[i], NULL, w, &len);
        assert_non_null(bytes);
        assert_refused(bytes, len, VARIANT_NORMAL, words[i], NULL);
        free(bytes);
    }
}

/* Writes weights of variant v as a file at path. */
static void write_file(const char *path, const char *variant, const EvalWeight *w)
{
    EvalFileLayout layout;
    eval_file_layout(&layout);
    size_t len;
    uint8_t *bytes = eval_file_encode(&layout, variant, "test", w, &len);
    assert_non_null(bytes);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(bytes);
}

/* eval_weights_use_file replaces the weights of the file's variant only; a refused file changes nothing. */
static void test_use_replaces_one_variant(void **state)
{
    (void)state;
    static EvalWeight before[VARIANT_COUNT][EVAL_FEATURE_COUNT], w[EVAL_FEATURE_COUNT];
    for (int v = 0; v < VARIANT_COUNT; v++)
        memcpy(before[v], eval_weights_of((Variant)v), sizeof before[v]);
    memcpy(w, before[VARIANT_FRISIAN], sizeof w);
    w[EVAL_TEMPO] = (EvalWeight){77, -77};
    w[EVAL_PATTERN_BASE + 9 * EVAL_PATTERN_SIZE + 100] = (EvalWeight){5, 6};
    w[EVAL_KING_MOBILITY_ATTACKED] = (EvalWeight){-11, 12};
    w[eval_king_feature(23)] = (EvalWeight){9, -10};
    char path[] = "/tmp/test_eval_use_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, "frisian", w);
    Variant v = VARIANT_COUNT;
    char why[EVAL_FILE_WHY_MAX] = "";
    assert_true(eval_weights_use_file(path, &v, why, sizeof why));
    assert_int_equal(v, VARIANT_FRISIAN);
    for (int u = 0; u < VARIANT_COUNT; u++)
        assert_memory_equal(eval_weights_of((Variant)u), u == VARIANT_FRISIAN ? w : before[u], sizeof w);
    /* A damaged file: refused, the weights in use stay. */
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, 100, SEEK_SET), 0);
    fputc('!', f);
    fclose(f);
    assert_false(eval_weights_use_file(path, &v, why, sizeof why));
    assert_non_null(strstr(why, "checksum mismatch"));
    assert_memory_equal(eval_weights_of(VARIANT_FRISIAN), w, sizeof w);
    eval_weights_set(VARIANT_FRISIAN, before[VARIANT_FRISIAN]);
    assert_memory_equal(eval_weights_of(VARIANT_FRISIAN), before[VARIANT_FRISIAN], sizeof w);
    unlink(path);
}

/* `engine hub --weights FILE` evaluates with the file's weights; a bad file is refused with exit
 * code 2 before the loop starts (run from the repo root). */
static void test_hub_weights_option(void **state)
{
    (void)state;
    static EvalWeight w[EVAL_FEATURE_COUNT];
    memcpy(w, eval_weights_of(VARIANT_NORMAL), sizeof w);
    w[EVAL_TEMPO] = (EvalWeight){1234, -4321};
    char path[] = "/tmp/test_eval_hub_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, "normal", w);
    char cmd[256], out[8192];
    snprintf(cmd, sizeof cmd, "printf 'eval\\nquit\\n' | " ENGINE_BIN " hub --weights %s 2>&1", path);
    assert_int_equal(shell_run(cmd, out, sizeof out), 0);
    assert_non_null(strstr(out, "eval term=tempo white-black=0 mg=1234 eg=-4321 "));
    assert_int_equal(shell_run("printf 'eval\\nquit\\n' | " ENGINE_BIN " hub 2>&1", out, sizeof out), 0);
    assert_null(strstr(out, "mg=1234 eg=-4321"));
    write_file(path, "killer", w);
    snprintf(cmd, sizeof cmd, "printf 'eval\\nquit\\n' | " ENGINE_BIN " hub --weights %s 2>&1", path);
    assert_int_equal(shell_run(cmd, out, sizeof out), 2);
    assert_non_null(strstr(out, "engine hub: bad --weights"));
    assert_non_null(strstr(out, "killer has no weights of its own"));
    assert_null(strstr(out, "eval term="));
    unlink(path);
    assert_int_equal(shell_run(cmd, out, sizeof out), 2);
    assert_non_null(strstr(out, "cannot open"));
}

int main(void)
{
    rules_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_files_decode_to_their_variant),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_other_layouts_refused),
        cmocka_unit_test(test_layouts_mapped_by_name),
        cmocka_unit_test(test_bad_headers_refused),
        cmocka_unit_test(test_use_replaces_one_variant),
        cmocka_unit_test(test_hub_weights_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
