#pragma once
/* Hub line syntax: `command key=value key="quoted value" flag ...` with spaces or tabs between
 * tokens, plus strict number parsing and key=value output with quoting where needed. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define HUB_MAX_ARGS 1024
#define HUB_MESSAGE_MAX 512

typedef struct {
    const char *key;
    const char *value;   /* "" for a flag */
    bool has_value;      /* false for a flag (no '=') */
} HubArg;

typedef struct {
    const char *command;
    int argc;
    HubArg args[HUB_MAX_ARGS];
} HubCommand;

/* Splits line in place into a command and its arguments (pointers into line).
 * Returns NULL on success, else what is wrong with the syntax (an empty line is an error). */
const char *hub_parse_line(char *line, HubCommand *cmd);

/* Copies the command word of line (the first token, at most size - 1 bytes) into buf without
 * changing line; buf is empty when the line does not start with a plain word. */
void hub_peek_command(const char *line, char *buf, size_t size);

/* The argument named key (the first one if repeated), or NULL. */
const HubArg *hub_find_arg(const HubCommand *cmd, const char *key);

/* Parses a decimal integer in [min, max]. Returns NULL on success, else why not. */
const char *hub_parse_int(const char *text, long long min, long long max, long long *out);

/* Parses a finite decimal real in [min, max] (no inf, nan or hex). Returns NULL or why not. */
const char *hub_parse_real(const char *text, double min, double max, double *out);

/* True when value can be written without quotes (non-empty, no blank, '=', '"' or control). */
bool hub_is_plain(const char *value);

/* Writes value, quoted when it is not plain. Quotes and non-printable bytes, which a quoted
 * value cannot hold, become ' and ? so the line always stays parsable. */
void hub_write_value(FILE *out, const char *value);

/* Shortens text for an error message: at most max bytes, "..." marking a cut. */
void hub_excerpt(const char *text, size_t max, char *buf, size_t size);
