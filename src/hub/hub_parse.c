#include "hub/hub_parse.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* A name character: anything but blanks, controls, '=' and '"'. */
static bool is_name_char(char c)
{
    unsigned char u = (unsigned char)c;
    return u > 0x20 && u != 0x7F && c != '=' && c != '"';
}

static char *skip_blanks(char *p)
{
    while (is_blank(*p))
        p++;
    return p;
}

/* Advances *pp past a name and returns the character that ended it. */
static char read_name(char **pp)
{
    char *p = *pp;
    while (is_name_char(*p))
        p++;
    char end = *p;
    *pp = p;
    return end;
}

const char *hub_parse_line(char *line, HubCommand *cmd)
{
    char *p = skip_blanks(line);
    cmd->command = NULL;
    cmd->argc = 0;
    if (*p == '\0')
        return "empty line: expected a command";
    if (!is_name_char(*p))
        return "a line must start with a command word";
    cmd->command = p;
    char end = read_name(&p);
    if (end == '=' || end == '"')
        return "a line must start with a command word, not key=value";
    if (*p)
        *p++ = '\0';
    for (;;) {
        p = skip_blanks(p);
        if (*p == '\0')
            return NULL;
        if (*p == '=')
            return "missing argument name before '='";
        if (*p == '"')
            return "a quoted value must follow name=";
        if (cmd->argc == HUB_MAX_ARGS)
            return "too many arguments";
        HubArg *arg = &cmd->args[cmd->argc++];
        arg->key = p;
        arg->value = "";
        arg->has_value = false;
        end = read_name(&p);
        if (end == '"')
            return "a quote must follow '='";
        if (end != '=') {
            if (*p)
                *p++ = '\0';
            continue;
        }
        *p++ = '\0';
        arg->has_value = true;
        if (*p == '"') {
            char *close = strchr(p + 1, '"');
            if (!close)
                return "unterminated quote";
            arg->value = p + 1;
            *close = '\0';
            p = close + 1;
        } else {
            arg->value = p;
            end = read_name(&p);
            if (end == '=' || end == '"')
                return "unexpected '=' or '\"' inside a value (quote the value)";
            if (*p)
                *p++ = '\0';
            continue;
        }
        if (*p && !is_blank(*p))
            return "a closing quote must be followed by a space";
    }
}

void hub_peek_command(const char *line, char *buf, size_t size)
{
    size_t n = 0;
    while (is_blank(*line))
        line++;
    while (is_name_char(*line) && n + 1 < size)
        buf[n++] = *line++;
    buf[n] = '\0';
}

const HubArg *hub_find_arg(const HubCommand *cmd, const char *key)
{
    for (int i = 0; i < cmd->argc; i++)
        if (strcmp(cmd->args[i].key, key) == 0)
            return &cmd->args[i];
    return NULL;
}

const char *hub_parse_int(const char *text, long long min, long long max, long long *out)
{
    const char *p = text;
    if (*p == '\0')
        return "missing value";
    if (*p == '+' || *p == '-')
        p++;
    if (*p == '\0' || strspn(p, "0123456789") != strlen(p))
        return "not an integer";
    errno = 0;
    long long v = strtoll(text, NULL, 10);
    if (errno == ERANGE || v < min || v > max)
        return "out of range";
    *out = v;
    return NULL;
}

const char *hub_parse_real(const char *text, double min, double max, double *out)
{
    if (*text == '\0')
        return "missing value";
    if (strspn(text, "0123456789.eE+-") != strlen(text) || strpbrk(text, "0123456789") == NULL)
        return "not a number";
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*end != '\0')
        return "not a number";
    if (!isfinite(v) || v < min || v > max)
        return "out of range";
    *out = v;
    return NULL;
}

bool hub_is_plain(const char *value)
{
    if (*value == '\0')
        return false;
    for (const char *p = value; *p; p++)
        if (!is_name_char(*p) || (unsigned char)*p >= 0x80)
            return false;
    return true;
}

void hub_write_value(FILE *out, const char *value)
{
    if (hub_is_plain(value)) {
        fputs(value, out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
        if (*p == '"')
            fputc('\'', out);
        else if ((*p < 0x20 && *p != '\t') || *p >= 0x7F)
            fputc('?', out);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

void hub_excerpt(const char *text, size_t max, char *buf, size_t size)
{
    size_t len = strlen(text);
    if (len <= max)
        snprintf(buf, size, "%s", text);
    else
        snprintf(buf, size, "%.*s...", (int)max, text);
}
