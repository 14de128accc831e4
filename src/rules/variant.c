#include "rules/variant.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const NAMES[VARIANT_COUNT] = {"normal", "killer", "bt", "frisian", "losing"};
static const int GAME_TYPES[VARIANT_COUNT] = {20, 20, 96, 40, 98};
static const char *const PDN_NAMES[VARIANT_COUNT] = {"International", "Killer", "Breakthrough", "Frisian",
                                                     "Antidraughts"};

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

const char *variant_names(void) { return "normal killer bt frisian losing"; }

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
