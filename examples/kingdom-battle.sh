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

# "id side x y w h hp max-hp shots" for each army on the field.
armies() {
	awk '
	/^units:/ { in_units = 1; next }
	/^[a-z]/ { in_units = 0 }
	in_units && /^  [^ ]/ { flush(); id = $1; sub(":", "", id); at = ""; w = h = 1; shots = 0; next }
	in_units && /^    side:/ { side = $2 }
	in_units && /^    at:/ { gsub(/[][,]/, " "); x = $2; y = $3; at = 1 }
	in_units && /^    size:/ { gsub(/[][,]/, " "); w = $2; h = $3 }
	in_units && /^    hp:/ { hp = $2 }
	in_units && /^    max-hp:/ { max = $2 }
	in_units && /^    shots:/ { shots = $2 }
	function flush() { if (id != "" && at) print id, side, x, y, w, h, hp, max, shots; id = "" }
	END { flush() }
	' "$state"
}

# Tries an order; keeps the new state only when the programs accept it.
try() {
	if "$@" -f "$state" > "$tmp/next.yaml" 2>/dev/null; then
		mv "$tmp/next.yaml" "$state"
		return 0
	fi
	return 1
}

# The enemies of army $1, nearest first: "id x y distance".
enemies() {
	armies | awk -v me="$1" '
	{ id[NR] = $1; side[NR] = $2; x[NR] = $3; y[NR] = $4; w[NR] = $5; h[NR] = $6 }
	$1 == me { m = NR }
	END {
		if (!m) exit
		for (i = 1; i <= NR; i++) {
			if (side[i] == side[m]) continue
			dx = x[i] > x[m] + w[m] - 1 ? x[i] - (x[m] + w[m] - 1) : (x[m] > x[i] + w[i] - 1 ? x[m] - (x[i] + w[i] - 1) : 0)
			dy = y[i] > y[m] + h[m] - 1 ? y[i] - (y[m] + h[m] - 1) : (y[m] > y[i] + h[i] - 1 ? y[m] - (y[i] + h[i] - 1) : 0)
			print id[i], x[i], y[i], (dx > dy ? dx : dy)
		}
	}' | sort -k4,4n -k1,1
}

# Moves army $1 to a reachable square near its nearest enemy; a battered
# army in contact disengages and steps back toward its own edge instead.
maneuver() {
	set -- $(armies | awk -v me="$1" '$1 == me')
	[ $# -ge 9 ] || return 0
	id=$1 x=$3 y=$4 hp=$7 max=$8
	near=$(enemies "$id" | head -n 1)
	[ -n "$near" ] || return 0
	set -- $near
	if [ "$4" -le 1 ]; then
		if [ $((hp * 3)) -lt "$max" ]; then
			back=s
			[ "$(armies | awk -v me="$id" '$1 == me { print $2 }')" = march ] && back=n
			try bt-move --disengage "$id" "$back" ||
				try bt-move --disengage "$id" || true
		fi
		return 0
	fi
	ex=$2 ey=$3
	awk -v mx="$x" -v my="$y" -v ex="$ex" -v ey="$ey" 'BEGIN {
		for (dy = -6; dy <= 6; dy++) for (dx = -6; dx <= 6; dx++) {
			x = mx + dx; y = my + dy
			if (x < 0 || y < 0 || (dx == 0 && dy == 0)) continue
			ddx = x - ex; ddy = y - ey
			if (ddx < 0) ddx = -ddx
			if (ddy < 0) ddy = -ddy
			print (ddx > ddy ? ddx : ddy) * 100 + ddx + ddy, x "," y
		}
	}' | sort -n | head -n 15 | while read -r _ to; do
		if try bt-move --to "$to" "$id"; then
			echo moved
			break
		fi
	done | grep -q moved || true
}

bt-init --seed "$seed" "$here/kingdom-vale.yaml" > "$state"
while ! grep -q '^result:' "$state"; do
	round=$(sed -n 's/^round: //p' "$state")
	echo
	bt-render "$state"
	first=$(sed -n 's/^first: //p' "$state")
	if [ "$round" -eq 1 ]; then
		for id in $(armies | awk '{ print $1 }'); do
			if armies | awk -v me="$id" '$1 == me && $9 > 0 { f = 1 } END { exit !f }'; then
				try bt-act "$id" strategy cautious || true
			else
				try bt-act "$id" strategy aggressive || true
			fi
			tactic=$(grep -A 40 "^  $id:\$" "$state" | sed -n 's/^    tactics: \[\([^],]*\).*/\1/p')
			[ -z "$tactic" ] || try bt-act "$id" tactic "$tactic" || true
		done
	fi
	if [ "$round" -gt 12 ]; then
		for id in $(armies | awk '!seen[$2]++ { print $1 }'); do
			try bt-act "$id" ceasefire || true
		done
		break
	fi
	# maneuver: the side that moves first, then the other (KM-2)
	for id in $(armies | awk -v f="$first" '$2 == f { print $1 }') \
	    $(armies | awk -v f="$first" '$2 != f { print $1 }'); do
		maneuver "$id"
	done
	bt-resolve -i "$state"
	# ranged: archers shoot at the nearest enemy in range (KM-5)
	for id in $(armies | awk '$9 > 0 { print $1 }'); do
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
