#!/bin/sh
# No two modules depend on each other, directly or through others. A module is a folder and a name
# (src/D/X.c with include/D/X.h; a private src/D/X_internal.h belongs to X), and it depends on every
# module whose header its files include. tsort finds any cycle in that graph: prints it, exits 1.
module() { echo "$1" | sed 's,^src/,,; s,^include/,,; s,_internal\.h$,,; s,\.[ch]$,,'; }
edges=$(for f in $(find src include -name '*.[ch]' | sort); do
    mod=$(module "$f")
    sed -n 's/^#include "\([a-z_]*\/[a-z0-9_]*\.h\)"$/\1/p' "$f" | while read -r dep; do
        dep=$(module "$dep")
        [ "$dep" != "$mod" ] && echo "$mod $dep"
    done
done | sort -u)
err=$(echo "$edges" | tsort 2>&1 >/dev/null)
if [ -n "$err" ]; then
    echo "cycles: modules that depend on each other (each loop as tsort reports it):"
    echo "$err" | sed 's/^tsort: -: input contains a loop:/loop:/; s/^tsort: /  /'
    exit 1
fi
echo "cycles: no module depends on itself ($(echo "$edges" | wc -l) dependencies between modules)"
