#!/bin/sh
# Plays examples/kingdom-vale.yaml to its aftermath, printing the map at
# the start of each turn and the end of the log and the aftermath at the
# end. Both sides are played by bt-auto's general (bt-auto(1), "kingdom"),
# one order at a time, as a player would give them; the programs are the
# referee. Nothing here reads the state: the turn is bt-render's heading.
#
#   examples/kingdom-battle.sh [SEED]      (default 4)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# The programs built beside examples/ (after the wrappers of make
# check-valgrind, which runs them under valgrind, when BT_WRAPDIR is set).
PATH="${BT_WRAPDIR:+$BT_WRAPDIR:}$here/..:$PATH"
seed=${1:-4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
state=$tmp/state.yaml

bt-init --seed "$seed" "$here/kingdom-vale.yaml" > "$state"
turn=
while :; do
	map=$(bt-render "$state")
	case $map in
	*"
Result: "*)
		break ;;	# the battle is over
	esac
	# "Battle of the Vale Ford (kingdom), round 2, maneuver phase"
	heading=${map%%
*}
	round=${heading#*, round }
	round=${round%%,*}
	if [ "$round" != "$turn" ]; then
		turn=$round
		echo
		printf '%s\n' "$map"
	fi
	bt-auto -i --count 1 "$state"
done
echo
printf '%s\n' "$map"
echo
bt-render -F log "$state" | tail -n 40 | while IFS= read -r line; do
	printf '%s\n' "${line#  }"
done
