#pragma once
/* Data embedded in the binary: a byte blob written as C source that make compiles in. */
#include <stdbool.h>
#include <stddef.h>

/* Writes C source defining `const unsigned char NAME[]` and `const size_t NAME_size` holding the
 * len bytes, headed by the comment note; false after printing why to stderr. */
bool embed_write_c(const char *path, const char *name, const unsigned char *bytes, size_t len, const char *note);

/* The whole content of the file at path (malloc'ed, *len bytes); NULL after printing why. */
unsigned char *embed_read_file(const char *path, size_t *len);

/* `embed IN OUT NAME` (the bootstrap tool gen/embed): IN's bytes as C source in OUT. */
int embed_main(int argc, char **argv);
