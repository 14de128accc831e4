#include "variant.h"

#include <strings.h>

static const char *const NAMES[VARIANT_COUNT] = {"normal", "killer", "bt", "frisian", "losing"};
static const int GAME_TYPES[VARIANT_COUNT] = {20, 20, 96, 40, 98};

const char *variant_name(Variant v) { return v >= 0 && v < VARIANT_COUNT ? NAMES[v] : "?"; }

bool variant_parse(const char *text, Variant *out)
{
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (strcasecmp(text, NAMES[v]) == 0) {
            *out = (Variant)v;
            return true;
        }
    return false;
}

const char *variant_names(void) { return "normal killer bt frisian losing"; }

int variant_pdn_game_type(Variant v) { return v >= 0 && v < VARIANT_COUNT ? GAME_TYPES[v] : 20; }
