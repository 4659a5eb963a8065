#!/usr/bin/env bats
# The fuzz harnesses (tests/fuzz/), built with gcc and a replay main in
# place of libFuzzer, replay what tests/data/fuzz/ keeps: in state/ inputs
# of fuzz-state (any text: the loader, bt-check, bt-render, bt-init), in
# turn/ inputs of fuzz-turn (orders, a line "===", a state: the turn
# programs and bt-roll); fuzz-picture draws the inputs of state/ with
# cairo. Those are the bugs make fuzz found, minimised,
# and seeds recorded from the example battles (tests/fuzz/record-seeds).
# A replay runs clean when no promise is broken: exit 0, no abort.
load helper

FUZZ="$BT_BUILDDIR/tests/fuzz"

# replay HARNESS FILE|FOLDER...: runs clean, and says how many inputs ran.
replay() {
	local harness=$1
	shift
	run --separate-stderr -0 "$FUZZ/fuzz-$harness" "$@"
	assert_output --regexp "^fuzz-$harness: [1-9][0-9]* inputs ran clean\$"
}

@test "fuzz-state replays the examples and the states of tests/data clean" {
	replay state "$EXAMPLES" "$DATA"
}

@test "fuzz-state replays every input of tests/data/fuzz/state clean" {
	replay state "$DATA/fuzz/state"
}

@test "fuzz-state: a second 'rules' key after units leaks nothing (LeakSanitizer)" {
	# The first 'rules' loaded the units; a second, refused at the end as
	# a duplicate key, used to change the ruleset they were freed by.
	replay state "$DATA/fuzz/state/leak-second-rules-key-after-units.yaml" \
	    "$DATA/fuzz/state/leak-second-rules-key-changes-ruleset.yaml"
}

@test "fuzz-picture draws the examples, the states of tests/data and tests/data/fuzz/state clean" {
	replay picture "$EXAMPLES" "$DATA" "$DATA/fuzz/state"
}

@test "fuzz-turn replays every input of tests/data/fuzz/turn clean" {
	replay turn "$DATA/fuzz/turn"
}

@test "fuzz-turn plays a play-by-email turn's orders and bt-roll on the skirmish" {
	{ cat "$EXAMPLES/pbem/orders/turn-1-blue.orders"
	  echo 'bt-roll -a -w fuzz d20'
	  echo ===
	  cc_state; } > input
	replay turn input
}

@test "fuzz-turn takes a refused order as the end of the orders, not a bug" {
	{ echo 'bt-move no-such-unit f'; echo 'bt-resolve'; echo ===
	  cc_state; } > input
	replay turn input
	assert_equal "${stderr_lines[0]}" \
	    "fuzz-turn: <order 1>:1: bt-move: no unit 'no-such-unit' in the state"
}
