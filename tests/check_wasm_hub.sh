#!/bin/sh
# The browser build's Hub dialogue is `./engine hub`'s: the same session (handshake, searches to
# fixed depths, multi-PV, a variant, the network's evaluation through its vector path, an error,
# ping) gives the same lines under node as natively, but for the time and nps fields and the
# default tt-size (32 there, set to 32 here for both).
# Each command waits for the previous search to end, as a GUI does (a line queued during a search
# stops it, and when depends on the speed). Prints the difference and exits 1 when there is one.
#   sh tests/check_wasm_hub.sh ENGINE WASM_JS
session() {
    (printf 'hub\nset-param name=tt-size value=32\ninit\npos start moves="32-28 19-23"\nlevel depth=12\ngo analyze\n'
     sleep 3
     printf 'set-param name=multipv value=2\nlevel depth=8\ngo think\n'
     sleep 2
     printf 'set-param name=variant value=frisian\nlevel depth=9\ngo analyze\n'
     sleep 2
     printf 'set-param name=variant value=normal\nset-param name=eval value=net\ninit\npos start moves="32-28 19-23"\nlevel depth=10\ngo analyze\n'
     sleep 3
     printf 'bogus\nping\nquit\n') | "$@" | sed 's/ time=[^ ]*//; s/ nps=[^ ]*//; /^param name=tt-size/d'
}
native=$(session "$1" hub) || exit 1
wasm=$(session node "$2") || exit 1
if [ "$native" != "$wasm" ]; then
    echo "check_wasm_hub: the dialogues differ (< native, > wasm):"
    kept="$(dirname "$2")/hub-native.txt"   # beside the wasm engine, in the build directory
    printf '%s\n' "$native" > "$kept"
    printf '%s\n' "$wasm" | diff "$kept" -
    exit 1
fi
echo "check_wasm_hub: the same $(printf '%s\n' "$native" | wc -l) lines from ./engine hub and the wasm engine"
