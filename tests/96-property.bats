#!/usr/bin/env bats
# The property test: random valid battles of each ruleset, played with
# many random but well-formed orders (tests/property.sh), never crash and
# never break a state's invariants: every order exits 0, 1 or 2, writes
# nothing unless it exits 0, and what it writes passes bt-check and is
# canonical. BT_PROP_SEED and BT_PROP_ORDERS change the seed and the
# number of orders of each ruleset, for a longer soak:
#
#   BT_PROP_SEED=7 BT_PROP_ORDERS=20000 make check TESTS=tests/96-property.bats
load helper

# play RULES DEFAULT_SEED: the property over BT_PROP_ORDERS orders; the
# counts go to the TAP output.
play() {
	local orders=${BT_PROP_ORDERS:-300} counts done rounds
	# Not run: a failure's report (the seed, the order, the state) is
	# shown as the test's output.
	if ! "$BT_SRCDIR/tests/property.sh" run "$1" "${BT_PROP_SEED:-$2}" \
	    "$orders" > report; then
		cat report
		return 1
	fi
	counts=$(tail -n 1 report)
	echo "# $counts" >&3
	# The orders must be legal often enough for the battles to go on:
	# 30% of them done, and 300 orders play ten rounds or more.
	done=$(sed -n 's/.*: \([0-9]*\) done .*/\1/p' <<< "$counts")
	rounds=$(sed -n 's/.* \([0-9]*\) rounds$/\1/p' <<< "$counts")
	((done * 100 >= orders * 30))
	((orders < 300 || rounds >= 10))
}

@test "random cc orders on random cc battles keep every state valid and canonical" {
	play cc 11
}

@test "random kingdom orders on random kingdom battles keep every state valid and canonical" {
	play kingdom 22
}

@test "random clash orders on random clash battles keep every state valid and canonical" {
	play clash 33
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
