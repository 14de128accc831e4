#include "pdn/pdn_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/make.h"

/* Grows an array of size elements to hold at least need of them (doubling, so appends are
 * amortised constant). False, the array unchanged, when out of memory. */
static bool grow(void **items, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return true;
    int n = *cap ? *cap : 4;
    while (n < need)
        n *= 2;
    void *p = realloc(*items, (size_t)n * size);
    if (!p)
        return false;
    *items = p;
    *cap = n;
    return true;
}

/* A NUL-terminated copy of at most max bytes of text (len of them given). */
static char *copy_text(const char *text, size_t len, size_t max)
{
    if (len > max)
        len = max;
    char *s = malloc(len + 1);
    if (s) {
        memcpy(s, text, len);
        s[len] = '\0';
    }
    return s;
}

bool pdn_game_add_text(PdnTexts *t, const char *text, size_t len)
{
    if (!grow((void **)&t->items, &t->cap, t->count + 1, sizeof *t->items))
        return false;
    char *s = copy_text(text, len, len);
    if (!s)
        return false;
    t->items[t->count++] = s;
    return true;
}

static void texts_free(PdnTexts *t)
{
    for (int i = 0; i < t->count; i++)
        free(t->items[i]);
    free(t->items);
    *t = (PdnTexts){0};
}

void pdn_game_init(PdnGame *g)
{
    *g = (PdnGame){0};
    position_start(&g->start);
    g->end = g->start;
    g->first_number = 1;
}

void pdn_game_free(PdnGame *g)
{
    for (int i = 0; i < g->tag_count; i++) {
        free(g->tags[i].name);
        free(g->tags[i].value);
    }
    free(g->tags);
    for (int i = 0; i < g->move_count; i++) {
        PdnMove *m = &g->moves[i];
        texts_free(&m->comments_before);
        texts_free(&m->comments);
        texts_free(&m->variations);
        free(m->nags);
    }
    free(g->moves);
    texts_free(&g->intro);
    texts_free(&g->intro_variations);
    pdn_game_init(g);
}

bool pdn_game_add_tag(PdnGame *g, const char *name, const char *value)
{
    if (!grow((void **)&g->tags, &g->tag_cap, g->tag_count + 1, sizeof *g->tags))
        return false;
    PdnTag t = {copy_text(name, strlen(name), PDN_TAG_NAME_MAX), copy_text(value, strlen(value), PDN_TAG_VALUE_MAX)};
    if (!t.name || !t.value) {
        free(t.name);
        free(t.value);
        return false;
    }
    g->tags[g->tag_count++] = t;
    return true;
}

void pdn_game_remove_tag(PdnGame *g, int i)
{
    free(g->tags[i].name);
    free(g->tags[i].value);
    memmove(g->tags + i, g->tags + i + 1, (size_t)(g->tag_count - i - 1) * sizeof *g->tags);
    g->tag_count--;
}

bool pdn_game_name_variant(PdnGame *g)
{
    Variant v = position_variant(&g->start);
    if (pdn_game_tag(g, "GameType") || pdn_game_tag(g, "Variant") || variant_is_default(v))
        return true;
    char type[16];
    snprintf(type, sizeof type, "%d", variant_pdn_game_type(v));
    return pdn_game_add_tag(g, "GameType", type) && pdn_game_add_tag(g, "Variant", variant_pdn_name(v));
}

bool pdn_game_set_tag(PdnGame *g, const char *name, const char *value)
{
    for (int i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0) {
            char *v = copy_text(value, strlen(value), PDN_TAG_VALUE_MAX);
            if (!v)
                return false;
            free(g->tags[i].value);
            g->tags[i].value = v;
            return true;
        }
    return pdn_game_add_tag(g, name, value);
}

const char *pdn_game_tag(const PdnGame *g, const char *name)
{
    for (int i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

void pdn_game_set_start(PdnGame *g, const Position *start)
{
    g->start = *start;
    g->end = *start;
}

PdnMove *pdn_game_add_move(PdnGame *g, Move m)
{
    if (!grow((void **)&g->moves, &g->move_cap, g->move_count + 1, sizeof *g->moves))
        return NULL;
    PdnMove *pm = &g->moves[g->move_count++];
    *pm = (PdnMove){.move = m, .before = g->end};
    make_move(&pm->before, m, &g->end, true);
    return pm;
}

void pdn_game_remove_text(PdnTexts *t, int i)
{
    free(t->items[i]);
    memmove(t->items + i, t->items + i + 1, (size_t)(t->count - i - 1) * sizeof *t->items);
    t->count--;
}

bool pdn_game_add_nag(PdnMove *m, int nag)
{
    if (nag < 1 || nag > 255 || !grow((void **)&m->nags, &m->nag_cap, m->nag_count + 1, 1))
        return false;
    m->nags[m->nag_count++] = (unsigned char)nag;
    return true;
}

/* Each result text and what it means; the chess-style ones are read, never written. */
static const struct {
    const char *text;
    PdnResult result;
} RESULTS[] = {
    {"2-0", PDN_RESULT_WHITE_WINS}, {"0-2", PDN_RESULT_BLACK_WINS}, {"1-1", PDN_RESULT_DRAW},
    {"0-0", PDN_RESULT_NO_WINNER},  {"*", PDN_RESULT_UNKNOWN},      {"1-0", PDN_RESULT_WHITE_WINS},
    {"0-1", PDN_RESULT_BLACK_WINS}, {"1/2-1/2", PDN_RESULT_DRAW},
};

bool pdn_result_parse(const char *text, PdnResult *out)
{
    for (size_t i = 0; i < sizeof RESULTS / sizeof RESULTS[0]; i++)
        if (strcmp(text, RESULTS[i].text) == 0) {
            *out = RESULTS[i].result;
            return true;
        }
    return false;
}

int pdn_result_white_points(PdnResult r)
{
    switch (r) {
    case PDN_RESULT_WHITE_WINS: return 2;
    case PDN_RESULT_DRAW: return 1;
    case PDN_RESULT_BLACK_WINS: return 0;
    default: return -1;
    }
}

const char *pdn_result_text(int white_points)
{
    switch (white_points) {
    case 2: return "2-0";
    case 1: return "1-1";
    case 0: return "0-2";
    default: return "*";
    }
}
