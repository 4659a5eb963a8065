# Loaded by the property tests (tests/96-property.bats and the two after
# it, one ruleset each, so that make -j2 check plays them side by side).
load helper

# play RULES DEFAULT_SEED: the property over BT_PROP_ORDERS orders (2,000
# unless set); the counts go to the TAP output.
play() {
	local orders=${BT_PROP_ORDERS:-2000} counts done rounds
	# Not run: a failure's report (the seed, the order, the state) is
	# shown as the test's output.
	if ! "$BT_SRCDIR/tests/property.sh" run "$1" "${BT_PROP_SEED:-$2}" \
	    "$orders" > report; then
		cat report
		return 1
	fi
	counts=$(tail -n 1 report)
	echo "# $counts" >&3
	# All the orders asked for were played: 2,000 a ruleset in make check.
	[[ $counts == "$1: $orders orders from seed "* ]]
	[[ -n ${BT_PROP_ORDERS-} ]] || ((orders >= 2000))
	# The orders must be legal often enough for the battles to go on:
	# 30% of them done, and 300 orders play ten rounds or more.
	done=$(sed -n 's/.*: \([0-9]*\) done .*/\1/p' <<< "$counts")
	rounds=$(sed -n 's/.* \([0-9]*\) rounds$/\1/p' <<< "$counts")
	((done * 100 >= orders * 30))
	((orders < 300 || rounds >= 10))
}
