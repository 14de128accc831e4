#include "pdn/pdn_lex.h"

#include <stdlib.h>
#include <string.h>

/* Appends c to a growing buffer; on out of memory sets lex->oom and drops it. */
static void put(PdnLex *lex, char **buf, size_t *len, size_t *cap, char c)
{
    if (*len + 2 > *cap) {
        size_t n = *cap ? 2 * *cap : 64;
        char *p = realloc(*buf, n);
        if (!p) {
            lex->oom = true;
            return;
        }
        *buf = p;
        *cap = n;
    }
    (*buf)[(*len)++] = c;
    (*buf)[*len] = '\0';
}

static void put_text(PdnLex *lex, char c) { put(lex, &lex->buf, &lex->buf_len, &lex->buf_cap, c); }

/* White space inside comments and variations is layout, not content: a run of it is one space,
 * and none leads or trails, so that a writer may wrap the text anew and it reads back the same. */
static void put_space(PdnLex *lex)
{
    if (lex->buf_len > 0 && lex->buf[lex->buf_len - 1] != ' ')
        put_text(lex, ' ');
}

static void trim_text(PdnLex *lex)
{
    while (lex->buf_len > 0 && lex->buf[lex->buf_len - 1] == ' ')
        lex->buf[--lex->buf_len] = '\0';
}

static bool is_space(char c) { return c == ' '; }   /* every control character was made a space */
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

void pdn_lex_init(PdnLex *lex, FILE *in)
{
    *lex = (PdnLex){.in = in, .first_token = true};
}

void pdn_lex_free(PdnLex *lex)
{
    free(lex->line);
    free(lex->buf);
    free(lex->val);
    *lex = (PdnLex){0};
}

/* Reads the next line (any line end; control characters as spaces). False at the end of input. */
static bool next_line(PdnLex *lex)
{
    lex->len = lex->pos = 0;
    if (lex->eof)
        return false;
    int c;
    bool any = false;
    while ((c = getc(lex->in)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (c == '\r') {
            int d = getc(lex->in);
            if (d != '\n' && d != EOF)
                ungetc(d, lex->in);
            break;
        }
        if (lex->len + 2 > lex->cap) {
            size_t n = lex->cap ? 2 * lex->cap : 256;
            char *p = realloc(lex->line, n);
            if (!p) {
                lex->oom = true;
                continue;   /* the rest of the line is lost; the token says so */
            }
            lex->line = p;
            lex->cap = n;
        }
        lex->line[lex->len++] = (c < 0x20 || c == 0x7f) ? ' ' : (char)c;
    }
    if (!any) {
        lex->eof = true;
        return false;
    }
    if (lex->line_no++ == 0 && lex->len >= 3 && memcmp(lex->line, "\xEF\xBB\xBF", 3) == 0)
        lex->pos = 3;   /* a UTF-8 byte order mark */
    return true;
}

static bool line_blank(const PdnLex *lex)
{
    for (size_t i = lex->pos; i < lex->len; i++)
        if (!is_space(lex->line[i]))
            return false;
    return true;
}

/* A line that is a tag pair, '[' in the first column: it ends an unterminated comment or
 * variation, which would otherwise swallow the games after it. */
static bool line_is_tag(const PdnLex *lex)
{
    size_t end = lex->len;
    while (end > 0 && is_space(lex->line[end - 1]))
        end--;
    return lex->len >= 2 && lex->line[0] == '[' && is_alpha(lex->line[1]) && lex->line[end - 1] == ']' &&
           memchr(lex->line, '"', lex->len) != NULL;
}

/* Starts the next line inside a comment or variation; false (the line kept for the next token)
 * at the end of input or at a tag line. */
static bool continue_line(PdnLex *lex)
{
    return next_line(lex) && !line_is_tag(lex);
}

static void set_error(PdnToken *tok, const char *why)
{
    tok->kind = PDN_TOK_ERROR;
    tok->why = why;
}

/* {...}: the text, over lines. */
static void read_brace_comment(PdnLex *lex, PdnToken *tok)
{
    lex->pos++;
    for (;;) {
        if (lex->pos >= lex->len) {
            if (!continue_line(lex)) {
                trim_text(lex);
                set_error(tok, "unterminated comment: no '}'");
                return;
            }
            put_space(lex);
            continue;
        }
        char c = lex->line[lex->pos++];
        if (c == '}')
            break;
        if (is_space(c))
            put_space(lex);
        else
            put_text(lex, c);
    }
    trim_text(lex);
    tok->kind = PDN_TOK_COMMENT;
}

/* A space inside a variation, unless it would follow an opening '{' or '(' ("; a remark" reads
 * "{a remark}"), whether it comes from the line or from a line end: the text reads the same
 * however a writer wraps it. */
static void put_variation_space(PdnLex *lex)
{
    bool opened = lex->buf_len > 0 && (lex->buf[lex->buf_len - 1] == '{' || lex->buf[lex->buf_len - 1] == '(');
    if (!opened)
        put_space(lex);
}

/* (...): the text between the outer parentheses, nested variations and comments kept as they are
 * (a ';' comment inside becomes a {} one, since the text's line ends are not kept). */
static void read_variation(PdnLex *lex, PdnToken *tok)
{
    int depth = 1;
    bool in_brace = false, in_semicolon = false;
    lex->pos++;
    for (;;) {
        if (lex->pos >= lex->len) {
            if (in_semicolon) {
                trim_text(lex);
                put_text(lex, '}');
                in_semicolon = false;
            }
            if (!continue_line(lex)) {
                trim_text(lex);
                set_error(tok, in_brace ? "unterminated comment in a variation: no '}'"
                                        : "unterminated variation: no ')'");
                return;
            }
            if (!in_brace && lex->len > 0 && lex->line[0] == '%')
                lex->pos = lex->len;
            put_variation_space(lex);
            continue;
        }
        char c = lex->line[lex->pos++];
        if (in_brace || in_semicolon) {
            if (c == '}' && in_brace)
                in_brace = false;
            if (c == '{' || c == '}')
                c = in_semicolon ? ' ' : c;
        } else if (c == '{') {
            in_brace = true;
        } else if (c == ';') {
            in_semicolon = true;
            c = '{';
        } else if (c == '(') {
            depth++;
        } else if (c == ')' && --depth == 0) {
            break;
        }
        if (!is_space(c))
            put_text(lex, c);
        else
            put_variation_space(lex);
    }
    trim_text(lex);
    tok->kind = PDN_TOK_VARIATION;
}

/* [Name "value"] on one line. A quote inside the value that is not followed by the closing ']'
 * is kept as part of it (files write [Event "the "big" game"]); an unquoted value runs to ']'. */
static void read_tag(PdnLex *lex, PdnToken *tok)
{
    const char *l = lex->line;
    size_t p = lex->pos + 1, n = lex->len;
    while (p < n && is_space(l[p]))
        p++;
    while (p < n && !is_space(l[p]) && l[p] != '"' && l[p] != ']')
        put_text(lex, l[p++]);
    while (p < n && is_space(l[p]))
        p++;
    tok->kind = PDN_TOK_TAG;
    if (lex->buf_len == 0) {
        lex->pos = n;
        set_error(tok, "a tag without a name");
        return;
    }
    bool closed = false;
    if (p < n && l[p] == '"') {
        for (p++; p < n; p++) {
            if (l[p] == '\\' && p + 1 < n && (l[p + 1] == '"' || l[p + 1] == '\\')) {
                p++;
            } else if (l[p] == '"') {
                size_t q = p + 1;
                while (q < n && is_space(l[q]))
                    q++;
                if (q >= n || l[q] == ']') {
                    closed = true;
                    p = q;
                    break;
                }
            }
            if (lex->val_len < 4 * 1024)   /* the record keeps less (PDN_TAG_VALUE_MAX) */
                put(lex, &lex->val, &lex->val_len, &lex->val_cap, l[p]);
        }
    } else {
        while (p < n && l[p] != ']')
            put(lex, &lex->val, &lex->val_len, &lex->val_cap, l[p++]);
        while (lex->val_len > 0 && is_space(lex->val[lex->val_len - 1]))
            lex->val[--lex->val_len] = '\0';
        closed = true;
    }
    if (!closed || p >= n || l[p] != ']') {
        lex->pos = n;
        set_error(tok, closed ? "a tag without its closing ']'" : "a tag value without its closing '\"'");
        return;
    }
    lex->pos = p + 1;
}

/* The digits at l[*p] as a number (capped, so that no count overflows). */
static int read_number(const char *l, size_t n, size_t *p)
{
    int v = 0;
    for (; *p < n && is_digit(l[*p]); (*p)++)
        v = v > 99999 ? v : v * 10 + (l[*p] - '0');
    return v;
}

static bool is_joiner(char c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; }

/* Whether l[p] ends a word: the end of the line, a space or a character that starts a token. */
static bool word_end(const char *l, size_t n, size_t p)
{
    return p >= n || is_space(l[p]) || strchr("{}()[];$!?*%", l[p]) != NULL;
}

/* A token starting with a digit: a move number, a result or a move. */
static void read_numeric(PdnLex *lex, PdnToken *tok)
{
    const char *l = lex->line;
    size_t n = lex->len, p = lex->pos;
    int v = read_number(l, n, &p);
    if (p < n && l[p] == '.') {
        tok->kind = PDN_TOK_NUMBER;
        tok->number = v;
        while (p < n && l[p] == '.') {
            tok->dots++;
            p++;
        }
    } else if (n - lex->pos >= 7 && memcmp(l + lex->pos, "1/2-1/2", 7) == 0 && word_end(l, n, lex->pos + 7)) {
        tok->kind = PDN_TOK_RESULT;
        p = lex->pos + 7;
    } else if (p < n && is_joiner(l[p])) {
        static const char *const RESULTS[] = {"2-0", "0-2", "1-1", "0-0", "1-0", "0-1"};
        for (size_t i = 0; i < sizeof RESULTS / sizeof RESULTS[0]; i++)
            if (n - lex->pos >= 3 && memcmp(l + lex->pos, RESULTS[i], 3) == 0 && word_end(l, n, lex->pos + 3)) {
                tok->kind = PDN_TOK_RESULT;
                p = lex->pos + 3;
            }
        while (tok->kind != PDN_TOK_RESULT && p < n && is_joiner(l[p])) {
            size_t q = p + 1;
            while (q < n && is_space(l[q]))   /* "47x 9", "1- 6": squares padded to two columns */
                q++;
            if (q >= n || !is_digit(l[q]))
                break;
            p = q;
            read_number(l, n, &p);
            tok->kind = PDN_TOK_MOVE;
        }
    }
    if (tok->kind == PDN_TOK_END || (tok->kind != PDN_TOK_NUMBER && !word_end(l, n, p))) {   /* "1.32-28" */
        while (!word_end(l, n, p))
            p++;
        set_error(tok, "cannot read it: neither a move, a move number nor a result");
    }
    while (lex->pos < p)
        put_text(lex, l[lex->pos++]);
}

/* The token at lex->pos, which is not a space. */
static void read_token(PdnLex *lex, PdnToken *tok)
{
    const char *l = lex->line;
    size_t n = lex->len;
    char c = l[lex->pos];
    if (c == '[') {
        read_tag(lex, tok);
    } else if (c == '{') {
        read_brace_comment(lex, tok);
    } else if (c == ';') {
        for (lex->pos++; lex->pos < n; lex->pos++)
            if (is_space(l[lex->pos]))
                put_space(lex);
            else
                put_text(lex, l[lex->pos]);
        trim_text(lex);
        tok->kind = PDN_TOK_COMMENT;
    } else if (c == '(') {
        read_variation(lex, tok);
    } else if (c == '$') {
        size_t p = lex->pos + 1;
        tok->number = read_number(l, n, &p);
        tok->kind = PDN_TOK_NAG;
        if (p == lex->pos + 1 || tok->number < 1 || tok->number > 255 || (p < n && is_digit(l[p])))
            set_error(tok, "a NAG is $1 to $255");
        while (lex->pos < p)
            put_text(lex, l[lex->pos++]);
    } else if (c == '!' || c == '?') {
        while (lex->pos < n && (l[lex->pos] == '!' || l[lex->pos] == '?'))
            put_text(lex, l[lex->pos++]);
        static const char *const GLYPHS[] = {"!", "?", "!!", "??", "!?", "?!"};
        tok->kind = PDN_TOK_ERROR;
        tok->why = "a move glyph is one of ! ? !! ?? !? ?!";
        for (size_t i = 0; i < sizeof GLYPHS / sizeof GLYPHS[0]; i++)
            if (strcmp(lex->buf, GLYPHS[i]) == 0) {
                tok->kind = PDN_TOK_GLYPH;
                tok->why = "";
            }
    } else if (c == '*') {
        put_text(lex, l[lex->pos++]);
        tok->kind = PDN_TOK_RESULT;
    } else if (is_digit(c)) {
        read_numeric(lex, tok);
    } else {
        put_text(lex, l[lex->pos++]);
        if (c != ')' && c != '}' && c != ']')
            while (!word_end(l, n, lex->pos))
                put_text(lex, l[lex->pos++]);
        set_error(tok, c == ')'   ? "')' without its '('"
                            : c == '}' ? "'}' without its '{'"
                            : c == ']' ? "']' without its '['"
                                       : "cannot read it: neither a move, a move number nor a result");
    }
}

void pdn_lex_next(PdnLex *lex, PdnToken *tok)
{
    if (lex->pushed_back) {
        lex->pushed_back = false;
        *tok = lex->tok;
        return;
    }
    lex->buf_len = lex->val_len = 0;
    put_text(lex, '\0');   /* allocates, so text is never NULL */
    lex->buf_len = 0;
    put(lex, &lex->val, &lex->val_len, &lex->val_cap, '\0');
    lex->val_len = 0;
    *tok = (PdnToken){.kind = PDN_TOK_END, .text = "", .value = "", .why = ""};
    for (;;) {
        while (lex->pos < lex->len && is_space(lex->line[lex->pos]))
            lex->pos++;
        if (lex->pos < lex->len)
            break;
        if (!next_line(lex)) {
            tok->line = lex->line_no;
            lex->tok = *tok;
            return;
        }
        lex->line_has_token = false;
        if (line_blank(lex))
            lex->blank_lines++;
        else if (lex->line[lex->pos] == '%')
            lex->pos = lex->len;   /* an escaped line: for other programs */
    }
    tok->line = lex->line_no;
    tok->line_start = !lex->line_has_token;
    tok->after_blank = lex->blank_lines > 0 || lex->first_token;
    lex->blank_lines = 0;
    lex->line_has_token = true;
    lex->first_token = false;
    read_token(lex, tok);
    if (lex->oom) {
        lex->oom = false;
        tok->kind = PDN_TOK_ERROR;
        tok->why = "out of memory";
    }
    tok->text = lex->buf ? lex->buf : "";
    tok->value = lex->val ? lex->val : "";
    lex->tok = *tok;
}

void pdn_lex_push_back(PdnLex *lex) { lex->pushed_back = true; }
