/* The rules core's start-up (see rules.h). */
#include "rules/rules.h"
#include "rules/frisian.h"
#include "rules/hash.h"

void rules_init(void)
{
    bb_init();
    hash_init();
    frisian_init();
}
