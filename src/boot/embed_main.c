/* The bootstrap tool gen/embed: turns a data file (the opening book) into C source for make. */
#include "util/embed.h"

int main(int argc, char **argv) { return embed_main(argc, argv); }
