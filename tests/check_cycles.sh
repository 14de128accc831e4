#!/bin/sh
# No two modules depend on each other, directly or through others. A module is a folder and a name
# (src/D/X.c with include/D/X.h or a private src/D/X.h beside it; a src/D/X_internal.h belongs to X),
# and it depends on every module whose header its files include: "E/Y.h" is module E/Y, a local
# "Y.h" module D/Y of the including file's folder D (so the files inside a folder must call one
# way too), unless D has no Y.h (the generated blobs.h comes from the include path: no module).
# tsort finds any cycle in that graph: prints it, exits 1.
module() { echo "$1" | sed 's,^src/,,; s,^include/,,; s,_internal\.h$,,; s,\.[ch]$,,'; }
edges=$(for f in $(find src include -name '*.[ch]' | sort); do
    mod=$(module "$f")
    dir=$(dirname "$f")
    sed -n 's/^#include "\([a-z_]*\/[a-z0-9_]*\.h\)"$/\1/p' "$f" | while read -r dep; do
        dep=$(module "$dep")
        [ "$dep" != "$mod" ] && echo "$mod $dep"
    done
    sed -n 's/^#include "\([a-z0-9_]*\.h\)"$/\1/p' "$f" | while read -r local; do
        [ -f "$dir/$local" ] || continue
        dep=$(module "$dir/$local")
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
