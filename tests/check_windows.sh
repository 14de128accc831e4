#!/bin/sh
# engine.exe under Wine against the Linux ./engine (run from the repository root by
# `make check-windows`): its DLLs, perft and the bench signature, the Hub dialogue with Windows line
# ends, --weights and --log paths with backslashes, the end of input mid-search, DXP games in both
# roles, a match against it and one of its own, a tournament, a threaded selfplay, and a network's
# scores (the same bench nodes on engine.exe's vector path as on the native one). Prints what
# failed; exits 1 then.
set -u
WINE=$(command -v wine || command -v wine64) || { echo "check-windows: wine is not installed"; exit 1; }
export WINEDEBUG=-all
export WINEPREFIX="${WINEPREFIX:-$(pwd)/build/wine-prefix}"
scratch=$(mktemp -d)
# One wineserver for the whole run, on a prefix set up before the first check: a first start
# otherwise sets the prefix up in background processes while the checks run, and each check's
# wine would start and stop a server of its own, racing the last one's shutdown.
WINESERVER=$(command -v wineserver) ||
    { echo "check-windows: wineserver is not installed"; exit 1; }
trap '"$WINESERVER" -k 2>/dev/null; rm -rf "$scratch"' EXIT
timeout 120 "$WINE" wineboot --init > /dev/null 2>&1
timeout 60 "$WINESERVER" -w   # both bounded: a set-up process that never ends must not hang CI
"$WINESERVER" -p
fails=0
ok() { echo "check-windows: ok   $1"; }
bad() { echo "check-windows: FAIL $1"; fails=$((fails + 1)); return 1; }
check() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: got \"$2\", expected \"$3\""; fi; }
win() { "$WINE" ./engine.exe "$@"; }

start=$(date +%s)
# Only Windows' own DLLs: no MinGW runtime (winpthread, libgcc) beside the binary.
if command -v x86_64-w64-mingw32-objdump >/dev/null; then
    dlls=$(x86_64-w64-mingw32-objdump -p engine.exe | sed -n 's/.*DLL Name: //p' | sort | tr '\n' ' ')
    check "DLLs" "$dlls" "KERNEL32.dll WS2_32.dll msvcrt.dll "
fi
check "first start (perft)" "$(win perft start 6 | cut -d' ' -f1-3)" "$(./engine perft start 6 | cut -d' ' -f1-3)"
fen='W:WK47,31,32,33,38,39:B8,12,13,K17,18,22'
check "perft with kings" "$(win perft "$fen" 5 | cut -d' ' -f1-3)" "$(./engine perft "$fen" 5 | cut -d' ' -f1-3)"
check "moves" "$(win moves start | tr -d '\r' | tr '\n' ' ')" "$(./engine moves start | tr '\n' ' ')"
check "bench signature" "$(win bench | tr -d '\r' | cut -d' ' -f1-2)" "$(./engine bench | cut -d' ' -f1-2)"
# A network scores alike on the SSSE3 path of engine.exe and the native one: the same bench nodes.
./engine selfplay --games 40 --nodes 300 --seed 2 --threads 1 --out "$scratch/net-data.bin" 2>/dev/null
./engine tune --net --size 64x16 --epochs 1 --batch 512 --threads 1 --report 0 --out "$scratch/net.bin" \
    "$scratch/net-data.bin" > /dev/null
check "network bench nodes" "$(win bench 10 --net "$scratch/net.bin" | tr -d '\r' | tail -n 1 | cut -d' ' -f1-2)" \
    "$(./engine bench 10 --net "$scratch/net.bin" | tail -n 1 | cut -d' ' -f1-2)"

# The Hub dialogue as a Windows GUI sends it (CR LF), with a search under way while commands come.
{
    printf 'hub\r\nset-param name=threads value=2\r\nset-param name=multipv value=2\r\ninit\r\n'
    printf 'pos start\r\nlevel move-time=0.3\r\ngo think\r\n'; sleep 1
    printf 'go analyze\r\n'; sleep 0.5; printf 'ping\r\nstop\r\nbogus line\r\n'
    printf 'set-param name=skill value=5\r\nset-param name=multipv value=1\r\nlevel depth=30\r\ngo ponder\r\n'; sleep 0.5
    printf 'ponder-hit\r\n'; sleep 1; printf 'stop\r\nquit\r\n'
} | win hub > "$scratch/hub.out" 2>&1
tr -d '\r' < "$scratch/hub.out" > "$scratch/hub.txt"
check "hub handshake" "$(grep -c -e '^id name=' -e '^wait$' -e '^ready$' "$scratch/hub.txt")" 3
check "hub searches answered" "$(grep -c '^done move=' "$scratch/hub.txt")" 3
check "hub ping during a search" "$(grep -c '^pong$' "$scratch/hub.txt")" 1
check "hub bad line" "$(grep -c '^error message=' "$scratch/hub.txt")" 1
check "hub multipv" "$(grep -c '^info multipv=2' "$scratch/hub.txt" | sed 's/^[1-9][0-9]*$/some/')" some

# A GUI that closes the pipe mid-search: the engine leaves at once.
t0=$(date +%s)
{ printf 'hub\r\ninit\r\npos start\r\ngo analyze\r\n'; sleep 1; } | win hub > "$scratch/eof.out" 2>&1
check "end of input mid-search" "$(grep -c '^done' "$scratch/eof.out") $(($(date +%s) - t0 < 8))" "1 1" ||
    tail -n 5 "$scratch/eof.out"

# Terminal mode (double-click: no arguments): the banner, then help.
printf 'help\r\nquit\r\n' | win > "$scratch/term.out" 2>&1
check "terminal mode" "$(grep -c -e 'type help for commands' -e 'perft' "$scratch/term.out" | sed 's/^[2-9][0-9]*$/yes/')" yes

# Paths with backslashes.
check "--weights" "$(printf 'hub\r\ninit\r\nquit\r\n' | win hub --weights 'book\eval\normal.bin' | tr -d '\r' | grep -c '^ready$')" 1
check "eval info" "$(win eval info 'book\eval\normal.bin' | head -1 | cut -c1-7)" "$(./engine eval info book/eval/normal.bin | head -1 | cut -c1-7)"

# DXP: engine.exe follows (listening), then initiates (connecting), against the Linux engine.
port=$((20000 + $$ % 20000))
win dxp --listen $port --log 'build\dxp-windows.log' > "$scratch/dxpw1.out" 2>&1 &
sleep 3
./engine dxp --connect 127.0.0.1:$port --time .1 --moves 75 > "$scratch/dxpl1.out" 2>&1
wait
check "DXP, engine.exe listening" "$(grep -c 'done: 1 games, 1 finished' "$scratch/dxpl1.out" "$scratch/dxpw1.out" | cut -d: -f2 | tr '\n' ' ')" "1 1 "
check "DXP --log with backslashes" "$(grep -c ' snd ' build/dxp-windows.log | sed 's/^[1-9][0-9]*$/some/')" some
rm -f build/dxp-windows.log
./engine dxp --listen $((port + 1)) > "$scratch/dxpl2.out" 2>&1 &
sleep 0.5
win dxp --connect 127.0.0.1:$((port + 1)) --side black --time .1 --moves 75 > "$scratch/dxpw2.out" 2>&1
wait
check "DXP, engine.exe connecting" "$(grep -c 'done: 1 games, 1 finished' "$scratch/dxpl2.out" "$scratch/dxpw2.out" | cut -d: -f2 | tr '\n' ' ')" "1 1 "

# A match of the Linux engine against engine.exe.
./engine match --engine1 "./engine hub" --engine2 "$WINE ./engine.exe hub" --games 2 --tc move-time=0.05 \
    > "$scratch/match.out" 2>&1
check "match against engine.exe" "$(grep -c '^Games: 2 ' "$scratch/match.out")" 1

# Threads and a scratch file: a selfplay on 2 threads gives what Linux gives.
win selfplay --games 2 --nodes 500 --threads 2 --seed 7 --out "$(basename "$scratch")-w.txt" > /dev/null 2>&1
./engine selfplay --games 2 --nodes 500 --threads 2 --seed 7 --out "$scratch/l.txt" > /dev/null 2>&1
check "selfplay on 2 threads" "$(tr -d '\r' < "$(basename "$scratch")-w.txt" | cksum)" "$(cksum < "$scratch/l.txt")"
rm -f "$(basename "$scratch")-w.txt"

# engine.exe runs a match of its own (engines by CreateProcess, workers as threads): under a node
# limit, with the books' seeds fixed, the same games as Linux's run, byte for byte.
match_args='--games 10 --tc nodes=3000 --concurrency 2 --param1 seed=1 --param2 seed=2'
win match --engine1 "engine.exe hub" --engine2 "engine.exe hub" $match_args --pdn 'build\win-match.pdn' \
    > "$scratch/wmatch.out" 2>&1
./engine match --engine1 "./engine hub" --engine2 "./engine hub" $match_args --pdn "$scratch/lmatch.pdn" \
    > "$scratch/lmatch.out" 2>&1
check "engine.exe match: result" "$(tr -d '\r' < "$scratch/wmatch.out" | grep '^Games: ')" \
    "$(grep '^Games: ' "$scratch/lmatch.out")"
games() { tr -d '\r' | grep -v '^\[Date' | awk 'BEGIN { RS = "\\[Event " } NR > 1 { gsub(/\n/, " "); print }' |
    sort | cksum; }   # the games in any order of finishing
check "engine.exe match: PDN" "$(games < build/win-match.pdn)" "$(games < "$scratch/lmatch.pdn")"
rm -f build/win-match.pdn
# A tournament with an engine in a folder of its own (--dir), the program found there.
mkdir -p "$scratch/sub" && cp engine.exe "$scratch/sub/"
win tournament --engine "a=engine.exe hub" --engine "b=engine.exe hub" --engine "c=engine.exe hub" \
    --dir "c=$(winepath -w "$scratch/sub" 2>/dev/null)" --tc nodes=2000 --concurrency 2 > "$scratch/wtour.out" 2>&1
check "engine.exe tournament" "$(tr -d '\r' < "$scratch/wtour.out" | grep -c -e '^Tournament result: 6 of 6 games' \
    -e '^Crosstable')" 2

echo "check-windows: $fails failed, $(($(date +%s) - start)) s"
[ $fails -eq 0 ]
