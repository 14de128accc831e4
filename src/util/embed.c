/* Embedding data files in the binary (see embed.h). */
#include "util/embed.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool embed_write_c(const char *path, const char *name, const unsigned char *bytes, size_t len, const char *note)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "engine: cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    /* string literals of octal escapes compile much faster than a list of integers */
    fprintf(f, "/* %s, %zu bytes; generated, do not edit. */\n#include <stddef.h>\n"
               "const size_t %s_size = %zu;\nconst unsigned char %s[%zu] =\n",
            note, len, name, len, name, len ? len : 1);
    for (size_t i = 0; i < len; i += 64) {
        fputc('"', f);
        for (size_t j = i; j < len && j < i + 64; j++)
            fprintf(f, "\\%03o", bytes[j]);
        fputs("\"\n", f);
    }
    fputs(len ? ";\n" : "\"\";\n", f);
    bool ok = !ferror(f);
    ok &= fclose(f) == 0;
    if (!ok)
        fprintf(stderr, "engine: cannot write %s\n", path);
    return ok;
}

unsigned char *embed_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "engine: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16;
    unsigned char *buf = malloc(cap);
    *len = 0;
    while (buf) {
        *len += fread(buf + *len, 1, cap - *len, f);
        if (*len < cap)
            break;
        unsigned char *bigger = realloc(buf, cap *= 2);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf)
        fprintf(stderr, "engine: cannot read %s\n", path);
    return buf;
}

int embed_main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: embed IN OUT NAME\n");
        return 2;
    }
    size_t len;
    unsigned char *buf = embed_read_file(argv[1], &len);
    char note[512];
    snprintf(note, sizeof note, "%s, embedded by `embed %s %s %s`", argv[1], argv[1], argv[2], argv[3]);
    bool ok = buf && embed_write_c(argv[2], argv[3], buf, len, note);
    free(buf);
    return ok ? 0 : 1;
}
