/* libFuzzer harness: the Hub line tokenizer and number parsers on arbitrary bytes.
 * Invariants: a line that parses (with plain command and keys), written back as key=value with the quoting the engine uses
 * for its own output, parses again to the same command and arguments; accepted numbers lie in
 * their ranges. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hub/hub_parse.h"

#define CHECK(cond) ((cond) ? (void)0 : abort())

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static HubCommand cmd, again;
    if (size > 4096)
        return 0;
    char *line = malloc(size + 1);
    CHECK(line);
    memcpy(line, data, size);
    line[size] = '\0';
    long long n;
    double r;
    if (!hub_parse_int(line, -1000, 1000, &n))
        CHECK(n >= -1000 && n <= 1000);
    if (!hub_parse_real(line, 0, 1e6, &r))
        CHECK(r >= 0 && r <= 1e6);
    bool plain = hub_parse_line(line, &cmd) == NULL && hub_is_plain(cmd.command);
    for (int i = 0; plain && i < cmd.argc; i++)
        plain = hub_is_plain(cmd.args[i].key);
    if (plain) {
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        CHECK(out);
        fputs(cmd.command, out);
        bool exact = true;
        for (int i = 0; i < cmd.argc; i++) {
            fputc(' ', out);
            fputs(cmd.args[i].key, out);
            if (cmd.args[i].has_value) {
                fputc('=', out);
                hub_write_value(out, cmd.args[i].value);
            }
            /* quotes, control and non-ASCII bytes are replaced by the writer (output stays printable) */
            for (const char *v = cmd.args[i].value; *v; v++)
                exact &= *v != '"' && (unsigned char)*v >= 0x20 && (unsigned char)*v < 0x7f;
        }
        fclose(out);
        CHECK(hub_parse_line(text, &again) == NULL);
        CHECK(strcmp(cmd.command, again.command) == 0 && cmd.argc == again.argc);
        for (int i = 0; i < cmd.argc && exact; i++) {
            CHECK(strcmp(cmd.args[i].key, again.args[i].key) == 0);
            CHECK(strcmp(cmd.args[i].value, again.args[i].value) == 0);
            CHECK(cmd.args[i].has_value == again.args[i].has_value);
        }
        free(text);
    }
    free(line);
    return 0;
}
