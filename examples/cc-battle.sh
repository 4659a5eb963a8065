#!/bin/sh
# Plays examples/cc-field.yaml to its end with bt-auto's general on both
# sides (bt-auto(1)), printing the map at the start of each round and the
# battle's log at the end, then the odds of the same battle (bt-sim). bt-auto gives one order at a time, chosen
# among the orders the rules allow; bt-render's first line says the
# round and, while the battle goes on, whose turn it is.
#
#   examples/cc-battle.sh [SEED]      (default 1)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# The programs built beside examples/ (after the wrappers of make
# check-valgrind, which runs them under valgrind, when BT_WRAPDIR is set).
PATH="${BT_WRAPDIR:+$BT_WRAPDIR:}$here/..:$PATH"
seed=${1:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
state=$tmp/state.yaml

bt-init --seed "$seed" "$here/cc-field.yaml" > "$state"
shown=
while :; do
	bt-render "$state" > "$tmp/map"
	read -r heading < "$tmp/map"
	round=${heading#*, round }
	round=${round%%,*}
	# a finished battle has nobody "to act"
	case $heading in *" to act, "*) ;; *) break ;; esac
	if [ "$round" != "$shown" ]; then
		shown=$round
		echo
		cat "$tmp/map"
	fi
	bt-auto -i --count 1 "$state"
done

echo
cat "$tmp/map"
echo
echo "The battle's log:"
bt-render -F log "$state"

# The odds of the same battle: bt-sim plays it again and again from the
# scenario, each battle with its own dice (bt-sim(1)); the sides, the
# draws and the rounds, without each unit's fate (fewer under valgrind).
battles=${BT_ODDS:-500}
[ -z "${BT_WRAPDIR-}" ] || battles=3
echo
echo "The odds of this battle, over $battles battles (bt-sim):"
bt-sim -N "$battles" -j 2 "$here/cc-field.yaml" > "$tmp/odds.yaml"
while IFS= read -r line; do
	case $line in units:*) break ;; esac
	printf '%s\n' "$line"
done < "$tmp/odds.yaml"
