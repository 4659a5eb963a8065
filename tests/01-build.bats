#!/usr/bin/env bats
# Every program: --help, --version, bad options and operands (exit 2).
load helper

PROGRAMS="bt-act bt-attack bt-auto bt-check bt-init bt-morale bt-move bt-options bt-order bt-render bt-resolve bt-roll bt-undo"

@test "every program prints its usage on --help to stdout and exits 0" {
	for p in $PROGRAMS; do
		run --separate-stderr -0 "$p" --help
		assert_output --partial "usage: $p "
		assert_equal "$stderr" ""
	done
}

@test "every program prints its name and version on --version" {
	for p in $PROGRAMS; do
		run -0 "$p" --version
		assert_line --index 0 --regexp "^$p \\(bt\\) [0-9]+\\.[0-9]+\\.[0-9]+$"
	done
}

@test "every program's --version names the ISC licence of LICENSE" {
	grep -q '^ISC License' "$BT_SRCDIR/LICENSE"
	for p in $PROGRAMS; do
		run --separate-stderr -0 "$p" --version
		assert_line --index 1 --regexp '^Copyright \(c\) [0-9]{4} '
		assert_line --index 2 'License: ISC; see the LICENSE file that comes with bt.'
		assert_equal "${#lines[@]}" 3
	done
}

@test "an unknown option is a usage error: exit 2, usage on stderr" {
	for p in $PROGRAMS; do
		run --separate-stderr -2 "$p" --no-such-option
		assert_output ""
		[[ "$stderr" == *"usage: $p "* ]]
	done
}

@test "two file operands are a usage error" {
	cc_state > s.yaml
	for p in bt-check bt-init bt-render; do
		run --separate-stderr -2 "$p" s.yaml s.yaml
		assert_output ""
	done
}

@test "a file operand and -f together are a usage error" {
	cc_state > s.yaml
	run -2 bt-check -f s.yaml s.yaml
}

@test "--help text matches the man page SYNOPSIS flags" {
	for p in $PROGRAMS; do
		run -0 "$p" --help
		for flag in $(printf '%s\n' "$output" | grep -o -- '--[a-z-]*' | sort -u); do
			grep -q -- "${flag#--}" "$BT_SRCDIR/man/$p.1" ||
				fail "$p: $flag is not in man/$p.1"
		done
	done
}

@test "every tests/*.bats is in Makefile.am's TESTS: make check runs it" {
	local f
	for f in "$BT_SRCDIR"/tests/*.bats; do
		grep -q "^	tests/${f##*/} *\\\\*$" "$BT_SRCDIR/Makefile.am" ||
			fail "tests/${f##*/} is not in TESTS"
	done
}
