#!/bin/sh
# The demo battle: set up each example scenario with a fixed seed, show
# its map and the setup rolls, and check the state round-trips; then
# the odds of each battle (bt-sim).
# Run from anywhere after `make`; uses the programs built beside examples/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# The programs built beside examples/ (after the wrappers of make
# check-valgrind, which runs them under valgrind, when BT_WRAPDIR is set).
PATH="${BT_WRAPDIR:+$BT_WRAPDIR:}$here/..:$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for scenario in cc-skirmish kingdom-pass clash-bridge; do
	echo "== $scenario"
	bt-init --seed 2026 "$here/$scenario.yaml" > "$tmp/$scenario.state.yaml"
	bt-render "$tmp/$scenario.state.yaml"
	echo
	echo "Setup rolls:"
	# the log as bt-render writes it, without its heading and round lines
	bt-render -F log "$tmp/$scenario.state.yaml" | grep '^  ' ||
		echo "  none: no tie to break"
	bt-check "$tmp/$scenario.state.yaml" | cmp -s - "$tmp/$scenario.state.yaml"
	echo "  (bt-check: the state is valid and canonical)"
	echo
done

# The odds of the same battles: each played to its end by bt-sim with the
# general commander on every side, battle after battle, each with its own
# dice (fewer battles under valgrind, where each takes a second).
battles=100
[ -z "${BT_WRAPDIR-}" ] || battles=3
for scenario in cc-skirmish kingdom-pass clash-bridge; do
	echo "== odds of $scenario ($battles battles)"
	if bt-sim -N "$battles" -j 2 "$tmp/$scenario.state.yaml" \
	    > "$tmp/$scenario.odds.yaml" 2> "$tmp/err"; then
		# the sides, the draws and the rounds: the units' fates after
		# them are left out
		sed '/^units:/,$d' "$tmp/$scenario.odds.yaml"
	else
		cat "$tmp/err"
	fi
	echo
done
