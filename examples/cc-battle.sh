#!/bin/sh
# Plays examples/cc-field.yaml to its end through pipes, printing the map at
# the start of each round and the battle's log at the end. The generals are
# simple: each unit attacks an enemy it can reach (melee, else ranged), else
# moves toward the nearest enemy and then attacks if it can; a broken unit
# tries to rally. The programs are the referee: an order they refuse is
# simply not given.
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

# "id side x y w h" for each unit on the map.
units() {
	awk '
	/^units:/ { in_units = 1; next }
	/^[a-z]/ { in_units = 0 }
	in_units && /^  [^ ]/ { flush(); id = $1; sub(":", "", id); at = ""; w = h = 1; next }
	in_units && /^    side:/ { side = $2 }
	in_units && /^    at:/ { gsub(/[][,]/, " "); x = $2; y = $3; at = 1 }
	in_units && /^    size:/ { gsub(/[][,]/, " "); w = $2; h = $3 }
	function flush() { if (id != "" && at) print id, side, x, y, w, h; id = "" }
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

# The enemies of unit $1, nearest first: "id x y w h distance".
enemies() {
	units | awk -v me="$1" '
	{ id[NR] = $1; side[NR] = $2; x[NR] = $3; y[NR] = $4; w[NR] = $5; h[NR] = $6 }
	$1 == me { m = NR }
	END {
		for (i = 1; i <= NR; i++) {
			if (side[i] == side[m]) continue
			dx = x[i] > x[m] + w[m] - 1 ? x[i] - (x[m] + w[m] - 1) : (x[m] > x[i] + w[i] - 1 ? x[m] - (x[i] + w[i] - 1) : 0)
			dy = y[i] > y[m] + h[m] - 1 ? y[i] - (y[m] + h[m] - 1) : (y[m] > y[i] + h[i] - 1 ? y[m] - (y[i] + h[i] - 1) : 0)
			print id[i], x[i], y[i], w[i], h[i], (dx > dy ? dx : dy)
		}
	}' | sort -k6,6n -k1,1
}

# Melee on an enemy next to it, else a shot if it has a bow.
attack() {
	enemies "$1" > "$tmp/enemies"
	while read -r enemy _ _ _ _ d; do
		[ "$d" -le 1 ] && try bt-attack "$1" "$enemy" && return 0
	done < "$tmp/enemies"
	grep -A 30 "^  $1:\$" "$state" | sed '/^  [^ ]/q' | grep -q '^    ranged:' ||
		return 1
	while read -r enemy _ _ _ _ _; do
		try bt-attack --ranged "$1" "$enemy" && return 0
	done < "$tmp/enemies"
	return 1
}

# Attacks, or, with an enemy next to it, turns to bring its front to bear.
fight() {
	attack "$1" && return 0
	[ "$(enemies "$1" | head -n 1 | cut -d' ' -f6)" = 1 ] || return 1
	cp "$state" "$tmp/before.yaml"
	for turn in about cw ccw cw:2 ccw:2; do
		if try bt-move "$1" "$turn" && attack "$1"; then
			return 0
		fi
		cp "$tmp/before.yaml" "$state"
	done
	return 1
}

# Moves unit $1 to the reachable square nearest its nearest enemy.
advance() {
	set -- "$1" $(enemies "$1" | head -n 1)
	[ $# -ge 6 ] || return 1
	me=$(units | awk -v me="$1" '$1 == me { print $3, $4 }')
	mx=${me% *} my=${me#* }
	# candidate squares around the unit, nearest the enemy first
	awk -v mx="$mx" -v my="$my" -v ex="$3" -v ey="$4" 'BEGIN {
		for (dy = -6; dy <= 6; dy++) for (dx = -6; dx <= 6; dx++) {
			x = mx + dx; y = my + dy
			if (x < 0 || y < 0 || (dx == 0 && dy == 0)) continue
			ddx = x - ex; ddy = y - ey
			if (ddx < 0) ddx = -ddx
			if (ddy < 0) ddy = -ddy
			print (ddx > ddy ? ddx : ddy) * 100 + ddx + ddy, x "," y
		}
	}' | sort -n | head -n 12 | while read -r _ to; do
		if try bt-move --to "$to" "$1"; then
			echo moved
			break
		fi
	done | grep -q moved
}

bt-init --seed "$seed" "$here/cc-field.yaml" > "$state"
round=0
while ! grep -q '^result:' "$state"; do
	now=$(sed -n 's/^round: //p' "$state")
	if [ "$now" != "$round" ]; then
		round=$now
		echo
		bt-render "$state"
	fi
	unit=$(sed -n 's/^active: //p' "$state")
	if grep -A 40 "^  $unit:\$" "$state" | sed '/^  [^ ]/q' | grep -q 'status: .*broken'; then
		try bt-morale --rally "$unit" || true
	elif ! fight "$unit"; then
		advance "$unit" || true
		fight "$unit" || true
	fi
	# the order that ends the battle writes its result; else the turn ends
	grep -q '^result:' "$state" && break
	bt-resolve "$state" > "$tmp/next.yaml"
	mv "$tmp/next.yaml" "$state"
done

echo
bt-render "$state"
echo
echo "The battle's log:"
sed -n 's/^  text: //p' "$state" | sed "s/^'//; s/'\$//; s/''/'/g; s/^/  /"
