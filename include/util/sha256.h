#pragma once
/* SHA-256 (FIPS 180-4), for the checksums of data files: the same digest `sha256sum` prints, so a
 * file can be checked without the engine. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>

#define SHA256_HEX_LEN 64

typedef struct {
    uint32_t h[8];
    uint64_t length;        /* bytes hashed so far */
    uint8_t block[64];
    size_t used;            /* bytes waiting in block */
} Sha256;

void sha256_init(Sha256 *s);
void sha256_update(Sha256 *s, const void *data, size_t len);

/* The digest as 64 lowercase hex digits and a NUL. */
void sha256_final_hex(Sha256 *s, char hex[SHA256_HEX_LEN + 1]);

/* Hashes the rest of f and counts its bytes; false on a read error. */
bool sha256_file(FILE *f, char hex[SHA256_HEX_LEN + 1], uint64_t *bytes);
