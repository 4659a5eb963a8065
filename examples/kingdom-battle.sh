#!/bin/sh
# Plays examples/kingdom-vale.yaml to its aftermath through pipes, printing
# the map at the start of each turn and the log and aftermath at the end.
# The generals are simple: in round 1 every army takes the aggressive
# strategy (archers cautious) and its first tactic; each turn the side that
# moves first advances every army toward the nearest enemy, then the other
# side does; archers shoot at the nearest enemy in range; every melee is
# fought. An army that has lost most of its HP tries to disengage and fall
# back. After 12 turns both sides call a ceasefire. The programs are the
# referee: an order they refuse is simply not given.
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

. "$here/generals.sh"

# Moves army $1 to a reachable square near its nearest enemy; a battered
# army in contact disengages and steps back toward its own edge instead.
maneuver() {
	set -- $(units | awk -v me="$1" '$1 == me')
	[ $# -ge 9 ] || return 0
	id=$1 x=$3 y=$4 hp=$7 max=$8
	near=$(enemies "$id" | head -n 1)
	[ -n "$near" ] || return 0
	set -- $near
	if [ "$6" -le 1 ]; then
		if [ $((hp * 3)) -lt "$max" ]; then
			back=s
			[ "$(units | awk -v me="$id" '$1 == me { print $2 }')" = march ] && back=n
			# engaged, it rolls to disengage; merely next to
			# the enemy, it steps back without a roll (KM-4)
			try bt-move --disengage "$id" "$back" ||
				try bt-move --disengage "$id" ||
				try bt-move "$id" "$back" || true
		fi
		return 0
	fi
	toward "$id" "$x" "$y" "$2" "$3" 15 || true
}

bt-init --seed "$seed" "$here/kingdom-vale.yaml" > "$state"
while ! grep -q '^result:' "$state"; do
	round=$(sed -n 's/^round: //p' "$state")
	echo
	bt-render "$state"
	first=$(sed -n 's/^first: //p' "$state")
	if [ "$round" -eq 1 ]; then
		for id in $(units | awk '{ print $1 }'); do
			if units | awk -v me="$id" '$1 == me && $9 > 0 { f = 1 } END { exit !f }'; then
				try bt-act "$id" strategy cautious || true
			else
				try bt-act "$id" strategy aggressive || true
			fi
			tactic=$(grep -A 40 "^  $id:\$" "$state" | sed -n 's/^    tactics: \[\([^],]*\).*/\1/p')
			[ -z "$tactic" ] || try bt-act "$id" tactic "$tactic" || true
		done
	fi
	if [ "$round" -gt 12 ]; then
		for id in $(units | awk '!seen[$2]++ { print $1 }'); do
			try bt-act "$id" ceasefire || true
		done
		break
	fi
	# maneuver: the side that moves first, then the other (KM-2); each
	# army then ends its move, so that the other side may move
	for id in $(units | awk -v f="$first" '$2 == f { print $1 }') \
	    $(units | awk -v f="$first" '$2 != f { print $1 }'); do
		maneuver "$id"
		try bt-act "$id" stand || true
	done
	bt-resolve -i "$state"
	# ranged: archers shoot at the nearest enemy in range (KM-5)
	for id in $(units | awk '$9 > 0 { print $1 }'); do
		for enemy in $(enemies "$id" | awk '{ print $1 }'); do
			try bt-attack "$id" "$enemy" && break
		done
	done
	bt-resolve -i "$state"		# the shots
	bt-resolve -i "$state"		# the melee
	bt-resolve -i "$state"		# morale, routs; the next turn or the end
done
echo
bt-render "$state"
echo
sed -n 's/^  text: //p' "$state" | sed "s/^'//; s/'\$//; s/''/'/g" | tail -n 40
