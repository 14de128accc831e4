#pragma once
/* The tokens of PDN text, read line by line from a stream: any line end (LF, CR LF, a lone CR), a
 * UTF-8 byte order mark, lines of any length, a last line without its end. Bytes are kept as they
 * are (UTF-8, Latin-1); control characters read as spaces. A '%' in the first column escapes its
 * line (skipped, outside comments). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum {
    PDN_TOK_END,         /* the end of the input */
    PDN_TOK_TAG,         /* [Name "value"]: the name in text, the value in value */
    PDN_TOK_COMMENT,     /* {...} (over lines) or ; to the end of the line: the text in text */
    PDN_TOK_VARIATION,   /* (...): the text between the outer parentheses, nested ones kept */
    PDN_TOK_NUMBER,      /* a move number "12." "12.." "12...": number and dots */
    PDN_TOK_MOVE,        /* "32-28", "47x 9", "39x28x17x6", "28:19": the text as written */
    PDN_TOK_NAG,         /* "$12": number */
    PDN_TOK_GLYPH,       /* "!", "?", "!!", "??", "!?" or "?!" in text */
    PDN_TOK_RESULT,      /* "2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2" or "*" in text */
    PDN_TOK_ERROR,       /* what could not be read in text, why in why */
} PdnTokenKind;

typedef struct {
    PdnTokenKind kind;
    const char *text;    /* NUL-terminated; valid until the next token is read */
    const char *value;   /* TAG: the value ("\"" and "\\" unescaped); else "" */
    const char *why;     /* ERROR: why it could not be read; else "" */
    long line;           /* the line the token starts on, from 1 */
    int number;          /* NUMBER: the move number; NAG: its number */
    int dots;            /* NUMBER: how many dots follow it */
    bool line_start;     /* the first token of its line */
    bool after_blank;    /* a blank line, or the start of the input, comes before its line */
} PdnToken;

/* The lexer's state; its fields are its own. */
typedef struct {
    FILE *in;
    char *line;          /* the current line, without its end */
    size_t len, cap, pos;
    long line_no;
    bool eof;
    int blank_lines;     /* blank lines since the last token */
    bool line_has_token;
    bool first_token;
    char *buf, *val;     /* the current token's text and tag value */
    size_t buf_len, buf_cap, val_len, val_cap;
    bool oom;
    PdnToken tok;        /* the last token, returned again after pdn_lex_push_back */
    bool pushed_back;
} PdnLex;

/* Starts reading in, which the caller keeps open and closes. */
void pdn_lex_init(PdnLex *lex, FILE *in);

/* Releases the lexer's buffers (not the stream). */
void pdn_lex_free(PdnLex *lex);

/* Reads the next token into tok. An unterminated comment or variation ends at the next line that
 * is a tag (so that the next game is still read) or at the end of the input, as an ERROR token
 * whose text is what was read of it. Out of memory is an ERROR token too. */
void pdn_lex_next(PdnLex *lex, PdnToken *tok);

/* Makes the next pdn_lex_next return the last token again (once). */
void pdn_lex_push_back(PdnLex *lex);
