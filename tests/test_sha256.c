/* SHA-256 (util/sha256.h) against FIPS 180-4's examples and sha256sum: the empty message, "abc",
 * the two-block message, a million 'a's fed in uneven pieces, and a file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "util/sha256.h"

static void digest_of(const char *text, char hex[SHA256_HEX_LEN + 1])
{
    Sha256 s;
    sha256_init(&s);
    sha256_update(&s, text, strlen(text));
    sha256_final_hex(&s, hex);
}

static void test_known_digests(void **state)
{
    (void)state;
    char hex[SHA256_HEX_LEN + 1];
    digest_of("", hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    digest_of("abc", hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    digest_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", hex);
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void test_pieces_and_files(void **state)
{
    (void)state;
    static char a[1000000];
    memset(a, 'a', sizeof a);
    Sha256 s;
    sha256_init(&s);
    for (size_t at = 0, step = 1; at < sizeof a; at += step, step = step * 3 % 1001 + 1)
        sha256_update(&s, a + at, at + step <= sizeof a ? step : sizeof a - at);
    char hex[SHA256_HEX_LEN + 1];
    sha256_final_hex(&s, hex);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs("abc", f);
    rewind(f);
    uint64_t bytes = 0;
    assert_true(sha256_file(f, hex, &bytes));
    fclose(f);
    assert_int_equal(bytes, 3);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_digests),
        cmocka_unit_test(test_pieces_and_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
