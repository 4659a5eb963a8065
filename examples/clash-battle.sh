#!/bin/sh
# Plays examples/clash-shrine.yaml to its end through pipes, printing the
# map at the start of each round and the battle's log at the end. The
# generals are simple: each stand attacks an enemy stand next to it; a
# unit with no enemy next to it marches as a block toward the nearest
# enemy, then its stands attack; a broken unit has been retreated by the
# rules as its turn began (CL-9), and only ends its turn. The programs are
# the referee: an order they refuse is simply not given.
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
state=$tmp/a.yaml
spare=$tmp/b.yaml

# Reads the state once and prints shell assignments: round, active,
# result (1 when the battle is over), broken (the active unit), steps
# (speed / square), toward (the compass word to the nearest enemy stand,
# by the unit's first stand), dist (its distance),
# and pairs: "attacker target" for each stand of the active unit with an
# enemy stand next to it that it may strike.
plan() {
	awk '
	/^round: / { round = $2 }
	/^active: / { active = $2 }
	/^result:/ { result = 1 }
	/^  square: / { square = $2 }
	/^units:/ { inu = 1; next }
	/^[a-z]/ { inu = 0 }
	!inu { next }
	/^  [^ ]/ { id = $1; sub(":", "", id); n = 0; next }
	/^    side: / { side[id] = $2 }
	/^    solo: true/ { solo[id] = 1 }
	/^    speed: / { speed[id] = $2 }
	/^    status: .*broken/ { broken[id] = 1 }
	/^    - \{/ {
		n++
		if ($0 !~ /at:/) next
		line = $0; gsub(/[][{},:]/, " ", line); split(line, f, " +")
		k++; u[k] = id; num[k] = n; x[k] = f[4]; y[k] = f[5]; hp[k] = f[7]
	}
	function name(i) { return solo[u[i]] ? u[i] : u[i] "." num[i] }
	function word(dx, dy) {
		return (dy < 0 ? "n" : dy > 0 ? "s" : "") (dx < 0 ? "w" : dx > 0 ? "e" : "")
	}
	END {
		printf "round=%d active=%s result=%d broken=%d steps=%d\n", round,
		    active, result, broken[active], speed[active] / square
		best = -1; pairs = ""
		for (i = 1; i <= k; i++) {
			if (u[i] != active) continue
			if (!me) me = i
			hit = 0
			for (j = 1; j <= k; j++) {
				if (side[u[j]] == side[active]) continue
				dx = x[j] - x[i]; dy = y[j] - y[i]
				d = (dx < 0 ? -dx : dx); e = (dy < 0 ? -dy : dy); d = d > e ? d : e
				if (i == me && (best < 0 || d < best)) { best = d; bx = dx; by = dy }
				if (d == 1 && !hit && !(solo[u[j]] && hp[j] == 0) &&
				    !(solo[u[i]] && hp[i] == 0)) {
					pairs = pairs " " name(i) " " name(j); hit = 1
				}
			}
		}
		printf "dist=%d toward=%s pairs=\"%s\"\n", best,
		    word(bx, by), pairs
	}' "$state"
}

# Gives an order; keeps the new state only when the programs accept it.
try() {
	if "$@" -f "$state" > "$spare" 2>/dev/null; then
		t=$state; state=$spare; spare=$t
		return 0
	fi
	return 1
}

# Every stand of the active unit with an enemy next to it attacks.
attacks() {
	# shellcheck disable=SC2086
	set -- $pairs
	while [ $# -ge 2 ]; do
		try bt-attack "$1" "$2" || true
		shift 2
	done
}

# The active unit marches as a block $1 (a compass word): as many steps
# of one word as its speed allows, or one; else the same by the words
# beside it, the way round what is in the way.
march() {
	case $1 in
	n) beside="nw ne" ;; ne) beside="n e" ;; e) beside="ne se" ;;
	se) beside="e s" ;; s) beside="se sw" ;; sw) beside="s w" ;;
	w) beside="sw nw" ;; nw) beside="w n" ;; *) return 0 ;;
	esac
	for w in "$1" $beside; do
		all= i=0
		while [ "$i" -lt "$steps" ]; do
			all="$all $w" i=$((i + 1))
		done
		# shellcheck disable=SC2086
		try bt-move "$active" $all && return 0
		try bt-move "$active" "$w" && return 0
	done
	return 0
}

bt-init --seed "$seed" "$here/clash-shrine.yaml" > "$state"
shown=0
while :; do
	eval "$(plan)"
	[ "$result" = 0 ] || break
	if [ "$round" != "$shown" ]; then
		shown=$round
		[ "$round" -le 30 ] || { echo "no end after 30 rounds" >&2; exit 1; }
		echo
		bt-render "$state"
	fi
	if [ "$broken" = 1 ]; then
		:	# retreated by the rules as its turn began (CL-9)
	elif [ -n "$pairs" ]; then
		attacks
	elif [ "$dist" -gt 1 ]; then
		march "$toward"
		eval "$(plan)"
		attacks
	fi
	try bt-resolve
done

echo
bt-render "$state"
echo
echo "The battle's log:"
sed -n 's/^  text: //p' "$state" | sed "s/^'//; s/'\$//; s/''/'/g; s/^/  /"
