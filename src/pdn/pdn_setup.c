#include "pdn/pdn_setup.h"

#include <stdio.h>
#include <string.h>

#include "rules/notation.h"

#define FEN_MAX 1024

const char *pdn_setup_fen(const char *fen, Color side_if_unknown, Position *pos, bool *side_known)
{
    /* Rewrites the FEN into the strict form notation_parse_fen reads: "W:W...:B..." */
    char text[FEN_MAX + 4];
    size_t n = 0;
    const char *p = fen;
    while (*p == ' ' || *p == '"')
        p++;
    char side = (char)(*p & ~0x20);   /* upper case */
    bool has_side = (side == 'W' || side == 'B') && (p[1] == ':' || p[1] == ' ' || p[1] == '\0');
    *side_known = has_side;
    if (!has_side)
        side = side_if_unknown == WHITE ? 'W' : 'B';
    if (has_side || *p == '?')
        p++;
    text[n++] = side;
    while (*p == ' ')
        p++;
    if (*p && *p != ':')
        text[n++] = ':';   /* "W31,32:B1": the side was left out, the lists begin at once */
    for (; *p && n < FEN_MAX; p++) {
        if (*p == ':' && (p[1] == 'H' || p[1] == 'F') && p[2] >= '0' && p[2] <= '9') {
            for (p += 2; p[1] >= '0' && p[1] <= '9'; p++)   /* lidraughts' ":H0:F1" counters */
                ;
            continue;
        }
        char c = *p;
        if (n > 0 && text[n - 1] == ':' && (c == 'w' || c == 'b'))
            c = (char)(c & ~0x20);
        text[n++] = c;
    }
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '"'))
        n--;
    text[n] = '\0';
    if (*p)
        return "the FEN is too long";
    Position tmp;
    const char *why = notation_parse_fen(text, &tmp);
    if (!why)
        why = position_invalid_reason(&tmp);
    if (!why)
        *pos = tmp;
    return why;
}

const char *pdn_setup_start(const char *fen, const char *variant, const char *game_type, Color side_if_unknown,
                            Position *pos, bool *side_known, char *why_buf, size_t whysize)
{
    Variant v;
    if (!variant_from_pdn(variant, game_type, &v)) {
        if (variant)
            snprintf(why_buf, whysize, "Variant \"%.40s\": rules this engine does not play", variant);
        else
            snprintf(why_buf, whysize, "GameType \"%.40s\": rules this engine does not play", game_type);
        return why_buf;
    }
    *side_known = true;
    const char *why = NULL;
    if (fen)
        why = pdn_setup_fen(fen, side_if_unknown, pos, side_known);
    else
        position_start(pos);
    if (!why)
        why = position_set_variant(pos, v);
    if (why) {
        snprintf(why_buf, whysize, "%s%.60s%s%s", fen ? "FEN \"" : "", fen ? fen : "", fen ? "\": " : "", why);
        return why_buf;
    }
    return NULL;
}
