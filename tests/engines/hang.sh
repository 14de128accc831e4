#!/bin/sh
# A Hub engine that never answers `go`: it starts a child (sleep) and waits, so the referee
# must kill the whole process group, not just this shell.
while read -r line; do
    case "$line" in
        hub) echo "id name=hang"; echo "wait" ;;
        init) echo "ready" ;;
        go*) sleep 30 ;;
        quit) exit 0 ;;
    esac
done
