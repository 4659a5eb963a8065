#!/usr/bin/env bats
# Issue 15, "Fast": cc battles in memory. Seconds vary with the load of
# a shared machine, so the budgets are in instructions, which callgrind
# counts the same from run to run: each is about 1.5 times what the
# build of an -O2 bt takes now, and below what it took before the
# occupancy grid and the lines copied, not printf'd (lib/cc-move.c,
# lib/options.c).
load helper

# Instructions that the program and arguments run, counted by callgrind;
# their output in out.txt.
instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
	    > out.txt 2> cg.txt || fail "$(cat cg.txt)"
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' cg.txt
}

speed_setup() {
	skip_under_valgrind "it counts under valgrind itself"
	[[ ${BT_SANITIZERS-} != yes ]] ||
	    skip "a sanitizer build: valgrind can't run it"
	command -v valgrind > /dev/null || skip "no valgrind"
}

@test "issue 15: the listing of cc-field's first turn (213 orders) in under 5M instructions, before 6.1M" {
	speed_setup
	bt-init --seed 7 "$EXAMPLES/cc-field.yaml" > st.yaml
	n=$(instructions "$BT_BUILDDIR/bt-options" st.yaml)
	grep -q '^# blue-griffons .*: 213 legal orders now' out.txt
	[ "$(grep -c '^bt-move blue-griffons ' out.txt)" -gt 150 ]
	[ "$n" -gt 0 ] && [ "$n" -lt 5000000 ] || fail "$n instructions"
}

@test "issue 15: three cc-field battles of bt-sim, general on both sides, in under 240M instructions, before 311M" {
	speed_setup
	n=$(instructions "$BT_BUILDDIR/bt-sim" -N 3 -j 1 "$EXAMPLES/cc-field.yaml")
	grep -q '^battles: 3$' out.txt
	grep -q '^unfinished: 0$' out.txt
	[ "$n" -gt 0 ] && [ "$n" -lt 240000000 ] || fail "$n instructions"
}
