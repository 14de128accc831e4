#pragma once
/* The rule sets the engine plays: international (FMJD) draughts and the four variants of the Hub
 * protocol. Every position carries its variant, so the rules follow it everywhere. */
#include <stdbool.h>

typedef enum {
    VARIANT_NORMAL = 0,   /* international rules */
    VARIANT_KILLER,       /* a king whose last captured piece is a king stops right behind it */
    VARIANT_BT,           /* breakthrough: the first side to make a king wins */
    VARIANT_FRISIAN,      /* captures along rows and files too, by value; the 3-move king rule */
    VARIANT_LOSING,       /* antidraughts: the side without a legal move wins */
    VARIANT_COUNT
} Variant;

/* The Hub name ("normal", "killer", "bt", "frisian", "losing"). */
const char *variant_name(Variant v);

/* The variant named text, case-insensitive: a Hub name or a PDN one ("antidraughts",
 * "breakthrough", "international", ...); false when there is none. */
bool variant_parse(const char *text, Variant *out);

/* The space-separated Hub names, in enum order (for the enum parameter). */
const char *variant_names(void);

/* The PDN GameType number: 20 international (killer too; its Variant tag tells it apart),
 * 40 Frisian, 96 breakthrough, 98 antidraughts (the numbers lidraughts writes). */
int variant_pdn_game_type(Variant v);

/* The PDN name written in the Variant tag ("Killer", "Breakthrough", "Frisian", "Antidraughts"). */
const char *variant_pdn_name(Variant v);

/* The variant of a PDN game from its Variant tag (PDN or Hub name) or else its GameType tag
 * (either may be NULL; neither means international). False when a tag names no known rules. */
bool variant_from_pdn(const char *variant_tag, const char *game_type, Variant *out);
