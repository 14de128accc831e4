#include "rules/variant.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const NAMES[VARIANT_COUNT] = {"normal", "killer", "bt", "frisian", "losing"};
static const int GAME_TYPES[VARIANT_COUNT] = {20, 20, 96, 40, 98};
static const char *const PDN_NAMES[VARIANT_COUNT] = {"International", "Killer", "Breakthrough", "Frisian",
                                                     "Antidraughts"};

static const VariantTraits TRAITS[VARIANT_COUNT] = {
    [VARIANT_NORMAL] = {.eval_data = VARIANT_NORMAL, .book = true, .bitbases = true, .endgame_draws = true,
                        .king_rule = true, .no_move = -1},
    [VARIANT_KILLER] = {.eval_data = VARIANT_NORMAL, .book = true, .endgame_draws = true, .king_rule = true,
                        .no_move = -1},
    [VARIANT_BT] = {.eval_data = VARIANT_BT, .crowning_wins = true, .king_rule = true, .no_move = -1},
    [VARIANT_FRISIAN] = {.eval_data = VARIANT_FRISIAN, .no_move = -1},
    [VARIANT_LOSING] = {.eval_data = VARIANT_LOSING, .king_rule = true, .no_move = +1},
};

const VariantTraits *variant_traits(Variant v) { return &TRAITS[v >= 0 && v < VARIANT_COUNT ? v : VARIANT_NORMAL]; }

Variant variant_eval_data(Variant v) { return TRAITS[v].eval_data; }

bool variant_has_book(Variant v) { return TRAITS[v].book; }

bool variant_has_bitbases(Variant v) { return TRAITS[v].bitbases; }

bool variant_endgame_draws(Variant v) { return TRAITS[v].endgame_draws; }

bool variant_crowning_wins(Variant v) { return TRAITS[v].crowning_wins; }

bool variant_king_rule(Variant v) { return TRAITS[v].king_rule; }

int variant_no_move_outcome(Variant v) { return TRAITS[v].no_move; }

bool variant_is_default(Variant v) { return v == VARIANT_NORMAL; }

const char *variant_name(Variant v) { return v >= 0 && v < VARIANT_COUNT ? NAMES[v] : "?"; }

bool variant_parse(const char *text, Variant *out)
{
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (strcasecmp(text, NAMES[v]) == 0 || strcasecmp(text, PDN_NAMES[v]) == 0) {
            *out = (Variant)v;
            return true;
        }
    return false;
}

#define VARIANT_NAMES "normal killer bt frisian losing"

const char *variant_names(void) { return VARIANT_NAMES; }

const char *variant_opt_read(void *out, const char *value)
{
    return variant_parse(value, out) ? NULL : "expected one of " VARIANT_NAMES;
}

int variant_pdn_game_type(Variant v) { return v >= 0 && v < VARIANT_COUNT ? GAME_TYPES[v] : 20; }

const char *variant_pdn_name(Variant v) { return v >= 0 && v < VARIANT_COUNT ? PDN_NAMES[v] : "?"; }

bool variant_from_pdn(const char *variant_tag, const char *game_type, Variant *out)
{
    *out = VARIANT_NORMAL;
    if (variant_tag)
        return variant_parse(variant_tag, out) || strcasecmp(variant_tag, "standard") == 0;
    if (!game_type)
        return true;
    int type = atoi(game_type);   /* "20,W,10,10,N2,0": the number comes first */
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (GAME_TYPES[v] == type) {
            *out = (Variant)v;   /* 20 reads as normal (found first): killer games carry a Variant tag */
            return true;
        }
    return false;
}
