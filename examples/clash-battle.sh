#!/bin/sh
# Plays examples/clash-shrine.yaml to its end through pipes, printing the
# map at the start of each round and the battle's log at the end. Both
# sides are played by bt-auto's general (bt-auto(1), "clash"), one order
# at a time, so that the map of each round's start can be shown; the
# programs are the referee, as for any player's order.
#
#   examples/clash-battle.sh [SEED]      (default 1)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# The programs built beside examples/ (after the wrappers of make
# check-valgrind, which runs them under valgrind, when BT_WRAPDIR is set).
PATH="${BT_WRAPDIR:+$BT_WRAPDIR:}$here/..:$PATH"
seed=${1:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
state=$tmp/state.yaml

bt-init --seed "$seed" "$here/clash-shrine.yaml" > "$state"
shown=0
while :; do
	# the map's heading: "NAME (clash), round N, UNIT to act", then a
	# "Result:" line once the battle is over
	bt-render "$state" > "$tmp/map"
	read -r heading < "$tmp/map"
	round=${heading##*, round }
	round=${round%%,*}
	grep -q '^Result: ' "$tmp/map" && break
	if [ "$round" != "$shown" ]; then
		shown=$round
		[ "$round" -le 30 ] || { echo "no end after 30 rounds" >&2; exit 1; }
		echo
		cat "$tmp/map"
	fi
	bt-auto -i --count 1 "$state"
done

echo
cat "$tmp/map"
echo
echo "The battle's log:"
bt-render -F log "$state" | grep '^  '
