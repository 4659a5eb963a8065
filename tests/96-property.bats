#!/usr/bin/env bats
# The property test: random valid battles of each ruleset, played with
# many random but well-formed orders (tests/property.sh), never crash and
# never break a state's invariants: every order exits 0, 1 or 2, writes
# nothing unless it exits 0, and every state written (by bt-init, by each
# program on standard output or with -i, by bt-order and by each of its
# orders given alone) passes bt-check and is canonical. This file plays
# cc; 97-property-kingdom.bats and 98-property-clash.bats the others, so
# that make -j2 check runs two at once. BT_PROP_SEED and BT_PROP_ORDERS
# (default 2,000) change the seed and the number of orders of each
# ruleset, for a longer soak:
#
#   BT_PROP_SEED=7 BT_PROP_ORDERS=20000 make check TESTS=tests/96-property.bats
load property

@test "random cc orders on random cc battles keep every state valid and canonical" {
	play cc 11
}

@test "the property's scenarios are valid and its orders reproducible" {
	local rules
	for rules in cc kingdom clash; do
		"$BT_SRCDIR/tests/property.sh" scenario "$rules" 5 > "$rules.yaml"
		run -0 bt-init --seed 5 "$rules.yaml"
		echo "$output" > "$rules.state.yaml"
		run -0 "$BT_SRCDIR/tests/property.sh" order 5 1 "$rules.state.yaml"
		local first=$output
		run -0 "$BT_SRCDIR/tests/property.sh" order 5 1 "$rules.state.yaml"
		assert_equal "$output" "$first"
	done
}

# Programs that write what the real ones do, with a comment in front (a
# state bt-check reads, but not canonical) when the file they write is
# that of the first of two or more of a bt-order's orders given alone,
# which the next order reads back without a word.
@test "the property checks the state each of a bt-order's orders writes alone" {
	local p
	mkdir bin
	for p in bt-move bt-attack bt-act bt-morale bt-resolve; do
		cat > "bin/$p" <<-WRAP
		#!/bin/sh
		case \$(readlink /proc/\$\$/fd/1) in
		*/p1.yaml) [ "\$(wc -l < orders.txt)" -lt 2 ] ||
			echo '# not canonical' ;;
		esac
		exec "$BT_BUILDDIR/$p" "\$@"
		WRAP
		chmod +x "bin/$p"
	done
	PATH=$PWD/bin:$PATH run -1 "$BT_SRCDIR/tests/property.sh" run cc 11 300
	assert_line --index 0 --regexp "^property broken: the state order 1 of the bt-order alone \(bt-[a-z]+( .*)?\) wrote is not canonical$"
	assert_line --regexp '^order \([a-z]+\): bt-order orders.txt$'
}
