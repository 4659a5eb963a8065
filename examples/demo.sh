#!/bin/sh
# The demo battle: set up each example scenario with a fixed seed, show
# its map and the setup rolls, and check the state round-trips.
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
	sed -n 's/^  text: //p' "$tmp/$scenario.state.yaml" | sed "s/^'//; s/'\$//; s/''/'/g; s/^/  /" |
		grep . || echo "  none: no tie to break"
	bt-check "$tmp/$scenario.state.yaml" | cmp -s - "$tmp/$scenario.state.yaml"
	echo "  (bt-check: the state is valid and canonical)"
	echo
done
