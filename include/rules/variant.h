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

/* What each variant shares with the others and what is its own, one row per variant: every
 * decision outside the rules that depends on the variant reads it through the queries below. */
typedef struct {
    Variant eval_data;        /* the variant whose evaluation weights it plays with */
    bool book;                /* the opening book (international openings) applies */
    bool bitbases;            /* the endgame bitbases (solved under international rules) apply */
    bool endgame_draws;       /* the international drawn endgames (a lone king holds) hold too */
    bool crowning_wins;       /* the first king ends the game (breakthrough) */
    bool king_rule;           /* the 25-move king rule applies */
    signed char no_move;      /* +1 when a side without a legal move wins, -1 when it loses */
} VariantTraits;

/* The row of v (an out-of-range v reads as normal). */
const VariantTraits *variant_traits(Variant v);

/* The queries of single columns take a valid v (every position's variant is) unchecked: the search
 * and the evaluation ask them at every node. */

/* Whose evaluation weights v plays with (killer: normal's). */
Variant variant_eval_data(Variant v);

/* Whether the opening book applies to v (normal and killer). */
bool variant_has_book(Variant v);

/* Whether the endgame bitbases apply to v (normal only). */
bool variant_has_bitbases(Variant v);

/* Whether the drawn endgames of international rules hold in v, so an evaluation may scale them
 * toward a draw (normal and killer). */
bool variant_endgame_draws(Variant v);

/* Whether making a king ends the game, won (breakthrough). */
bool variant_crowning_wins(Variant v);

/* Whether the 25-move king rule applies (every variant but frisian). */
bool variant_king_rule(Variant v);

/* The verdict for a side to move without a legal move: +1 it wins (losing), -1 it loses
 * (every other variant). The one place that decides it; game_no_move_status builds on it. */
int variant_no_move_outcome(Variant v);

/* Whether v is international rules, the default that a FEN, a PDN game without a Variant tag and
 * a Hub engine left without a variant parameter all assume (so texts need not name it). */
bool variant_is_default(Variant v);

/* The Hub name ("normal", "killer", "bt", "frisian", "losing"). */
const char *variant_name(Variant v);

/* The variant named text, case-insensitive: a Hub name or a PDN one ("antidraughts",
 * "breakthrough", "international", ...); false when there is none. */
bool variant_parse(const char *text, Variant *out);

/* The space-separated Hub names, in enum order (for the enum parameter). */
const char *variant_names(void);

/* The --variant option of every subcommand that plays a variant, as an OPT_CALL reader
 * (util/opts.h): the variant named value into *(Variant *)out, else NULL; the refusal text
 * otherwise. */
const char *variant_opt_read(void *out, const char *value);

/* The PDN GameType number: 20 international (killer too; its Variant tag tells it apart),
 * 40 Frisian, 96 breakthrough, 98 antidraughts (the numbers lidraughts writes). */
int variant_pdn_game_type(Variant v);

/* The PDN name written in the Variant tag ("Killer", "Breakthrough", "Frisian", "Antidraughts"). */
const char *variant_pdn_name(Variant v);

/* The variant of a PDN game from its Variant tag (PDN or Hub name) or else its GameType tag
 * (either may be NULL; neither means international). False when a tag names no known rules. */
bool variant_from_pdn(const char *variant_tag, const char *game_type, Variant *out);
