#!/usr/bin/env bats
# bt-auto (bt-auto(1)): whatever the ruleset, an automatic order is a
# bt-order line played as bt-order plays it. The ruleset's own orders and
# commanders have their tests in 83-cc-auto, 88-kingdom-auto and
# 93-clash-auto.
load helper

# A cc battle a few orders in: several units have moved and struck.
started() {
	bt-init --seed "${1:-3}" "$EXAMPLES/cc-field.yaml" > s.yaml
}

@test "bt-auto --orders prints a bt-order file, and bt-order with it writes the state bt-auto writes" {
	started 3
	run --separate-stderr -0 bt-auto --count 40 -p random s.yaml
	echo "$output" > auto.yaml
	run --separate-stderr -0 bt-auto --orders --count 40 -p random s.yaml
	echo "$output" > orders
	[ "$(wc -l < orders)" -eq 40 ] || fail "40 orders expected: $(wc -l < orders)"
	# Each line is a turn program and its operands, as a player writes it.
	run grep -vE '^bt-(move|attack|act|morale|resolve)( |$)' orders
	assert_failure
	run -0 bt-order -f s.yaml orders
	echo "$output" > order.yaml
	cmp auto.yaml order.yaml
}

@test "bt-auto one order at a time with -i ends in the state of one run of the whole battle" {
	started 5
	cp s.yaml one.yaml
	run -0 bt-auto -p simple -f s.yaml
	echo "$output" > whole.yaml
	grep -q '^result:' whole.yaml
	local n=0
	while ! grep -q '^result:' one.yaml; do
		run -0 bt-auto -p simple --count 1 -i one.yaml
		n=$((n + 1))
		[ "$n" -lt 5000 ] || fail "no end after 5000 orders"
	done
	cmp whole.yaml one.yaml
}

@test "bt-auto's orders are logged as a player's: the log of an order is that of the program given it" {
	started 3
	run -0 bt-auto --orders --count 1 s.yaml
	local line=$output
	run -0 bt-auto --count 1 s.yaml
	echo "$output" > auto.yaml
	# The same line, given to its program by hand.
	run -0 sh -c "$line -f s.yaml"
	echo "$output" > hand.yaml
	cmp auto.yaml hand.yaml
}

@test "bt-auto --side plays one side until the battle waits for another" {
	started 3
	local side
	side=$(bt-options -F json s.yaml | jq -r .waiting)
	run -0 bt-auto --side "$side" s.yaml
	echo "$output" > t.yaml
	grep -q '^result:' t.yaml ||
	    [ "$(bt-options -F json t.yaml | jq -r .waiting)" != "$side" ] ||
	    fail "still $side's order"
	# The other side's turn is not its to play: refused, exit 1, nothing
	# written.
	grep -q '^result:' t.yaml && skip "the battle ended in one side's turn"
	run --separate-stderr -1 bt-auto --side "$side" t.yaml
	assert_output ""
	assert_equal "$stderr" "bt-auto: refused: the battle waits for $(bt-options -F json t.yaml | jq -r .waiting)'s orders, and --side doesn't name it"
}

@test "bt-auto: bad --policy, --side, --count, and --orders with -i are usage errors (exit 2), nothing written" {
	started 3
	cp s.yaml before.yaml
	run --separate-stderr -2 bt-auto -p clever s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-auto: bad --policy 'clever': the cc ruleset has random, simple and general"
	run --separate-stderr -2 bt-auto -p green=random s.yaml
	assert_equal "$stderr" "bt-auto: bad --policy 'green=random': the state has no such side"
	run --separate-stderr -2 bt-auto --side green s.yaml
	assert_equal "$stderr" "bt-auto: bad --side 'green': the state has no such side"
	run --separate-stderr -2 bt-auto --count 0 s.yaml
	assert_equal "${stderr%%$'\n'*}" "bt-auto: bad --count '0': a number from 1 to 1000000000"
	run --separate-stderr -2 bt-auto --orders -i s.yaml
	assert_equal "${stderr%%$'\n'*}" "bt-auto: --orders prints the orders, -i rewrites the state: one or the other"
	cmp s.yaml before.yaml
}

@test "CC-1 bt-auto on a battle that is over: refused, exit 1" {
	started 3
	bt-auto s.yaml > end.yaml
	run --separate-stderr -1 bt-auto end.yaml
	assert_output ""
	[[ $stderr == "bt-auto: refused (CC-1): the battle is over ("* ]] || fail "$stderr"
}

@test "bt-auto in a keyed battle needs the key, and rolls the key's dice" {
	head -c 32 /dev/urandom > ../key
	bt-init --seed 1 --key-file ../key --battle field-1 "$EXAMPLES/cc-field.yaml" > s.yaml
	run --separate-stderr -2 bt-auto --count 5 s.yaml
	assert_equal "$stderr" "bt-auto: the battle is keyed: its dice need the referee's key (--key-file FILE or BT_KEY_FILE)"
	run -0 bt-auto --count 30 --key-file ../key s.yaml
	echo "$output" > t.yaml
	run -0 bt-auto --orders --count 30 --key-file ../key s.yaml
	echo "$output" > orders
	run -0 bt-order --key-file ../key -f s.yaml orders
	echo "$output" | cmp - t.yaml
}
