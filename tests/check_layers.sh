#!/bin/sh
# The layer rule of src/ and include/: a file may include headers of its own folder and of the
# folders below it, never above. Prints every violation and exits 1 when there is one.
#   util < rules < pdn, eval, endgame < search < opening < hub < dxp < match, learn, annotate < cli < boot, web
# (dxp, the DamExchange front, plays through the Hub session's move choice, so it sits above hub;
# the match runner drives DXP engines; pdn, game records, needs only the rules; web, the browser
# build's entry point, runs the Hub loop and the bench; folders of one rank may not include each other)
rank() {
    case "$1" in
    util) echo 0 ;; rules) echo 1 ;; pdn | eval | endgame) echo 2 ;; search) echo 3 ;;
    opening) echo 4 ;; hub) echo 5 ;; dxp) echo 6 ;; match | learn | annotate) echo 7 ;; cli) echo 8 ;; boot | web) echo 9 ;;
    *) echo 9 ;;
    esac
}
status=0
for f in $(find src include -name '*.[ch]' | sort); do
    dir=$(echo "$f" | cut -d/ -f2)
    case "$dir" in *.c | *.h) dir=boot ;; esac
    own=$(rank "$dir")
    for inc in $(sed -n 's/^#include "\([a-z_]*\)\/[^"]*"$/\1/p' "$f" | sort -u); do
        if [ "$inc" != "$dir" ] && [ "$(rank "$inc")" -ge "$own" ]; then
            echo "layers: $f ($dir) includes $inc/, which is not below it"
            status=1
        fi
    done
done
# The system's own interfaces (POSIX, Win32) are util's alone: above it, C11's headers only.
system='<\(unistd\|pthread\|poll\|threads\|fcntl\|signal\|netdb\|windows\|winsock2\|ws2tcpip\|io\|process\)\.h>\|<\(sys\|netinet\|arpa\)/'
for f in $(find src include -name '*.[ch]' ! -path 'src/util/*' ! -path 'include/util/*' | sort); do
    if grep -q "^#include $system" "$f"; then
        echo "layers: $f includes a system header, which only util/ may"
        status=1
    fi
done
[ $status -eq 0 ] && echo "layers: every include points down, system headers only in util/"
exit $status
