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

. "$here/generals.sh"

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
	toward "$1" "${me% *}" "${me#* }" "$3" "$4" 12
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
