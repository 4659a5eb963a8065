#!/usr/bin/env bats
# -i holds an exclusive lock on the state from its read to its rename: two
# writers at once are serialised, and every run that reports success is
# kept in the final state (CLI.md, "Where the state comes from and goes").
load helper

# writer N NAME CMD...: runs CMD N times and writes to NAME.ok how many
# of them exited 0 (and to NAME.err what they said).
writer() {
	local n=$1 name=$2 i ok=0
	shift 2
	for ((i = 0; i < n; i++)); do
		if "$@" 2>> "$name.err"; then
			ok=$((ok + 1))
		fi
	done
	echo "$ok" > "$name.ok"
}

@test "five writers of four programs, 50 runs each, at once: every success is in the final log" {
	local n=50
	cc_state > c.yaml
	ln -s c.yaml link.yaml
	printf 'bt-resolve\n' > o.orders
	local rolls0 ends0
	rolls0=$(log_count c.yaml roll)
	ends0=$(log_count c.yaml end)
	writer "$n" roll bt-roll -i -f c.yaml d20 &
	writer "$n" link bt-roll -i -f link.yaml -w "through the link" d6 &
	writer "$n" check bt-check -i c.yaml &
	writer "$n" resolve bt-resolve -i c.yaml &
	writer "$n" order bt-order -i -f c.yaml o.orders &
	wait
	local w
	for w in roll link check resolve order; do
		assert_equal "$(cat "$w.ok")" "$n"
	done
	run -0 bt-check c.yaml
	# Each roll and each turn's end is one log entry: none was lost.
	assert_equal "$(log_count c.yaml roll)" $((rolls0 + 2 * n))
	assert_equal "$(grep -c '^  text: .*through the link' c.yaml)" "$n"
	assert_equal "$(log_count c.yaml end)" $((ends0 + 2 * n))
	[ -L link.yaml ]
	# No temporary file and no lock file is left beside the state.
	assert_equal "$(ls -A | grep -c '^\.')" 0
}

@test "a second -i writer waits for the first to rename, then reads its state" {
	cc_state > c.yaml
	BT_FAULT=stop-before-rename "$BT_BUILDDIR/bt-roll" -i -r 7 -w first -f c.yaml d20 2> first.err &
	local first=$!
	stopped "$first" || { kill -9 "$first"; fail "the first writer did not stop"; }
	# It holds the lock, stopped between writing and renaming.
	"$BT_BUILDDIR/bt-roll" -i -r 11 -w second -f c.yaml d20 2> second.err &
	local second=$!
	sleep 0.5
	[ -d "/proc/$second" ] || { kill -9 "$first"; fail "the second writer did not wait"; }
	assert_equal "$(log_count c.yaml roll)" 0
	kill -CONT "$first"
	wait "$first"
	wait "$second"
	assert_equal "$(log_count c.yaml roll)" 2
	# The second roll was made on the state the first left.
	assert_equal "$(log_text c.yaml roll)" "second, 1d20 rolled 11 = 11"
	grep -q "first, 1d20 rolled 7 = 7" c.yaml
}

@test "a writer that waited on a renamed file locks the new one: a third writer then waits for it" {
	# Writer 2 opens the file that writer 1, stopped, will rename over;
	# it must then read and lock the new file, so writer 3, which opens
	# the new file, waits for writer 2.
	cc_state > c.yaml
	BT_FAULT=stop-before-rename "$BT_BUILDDIR/bt-roll" -i -r 1 -w w1 -f c.yaml d20 2> /dev/null &
	local p1=$!
	stopped "$p1" || { kill -9 "$p1"; fail "writer 1 did not stop"; }
	BT_FAULT=stop-before-rename "$BT_BUILDDIR/bt-roll" -i -r 2 -w w2 -f c.yaml d20 2> /dev/null &
	local p2=$!
	sleep 0.2
	kill -CONT "$p1"
	wait "$p1"
	stopped "$p2" || { kill -9 "$p2"; fail "writer 2 did not stop"; }
	"$BT_BUILDDIR/bt-roll" -i -r 3 -w w3 -f c.yaml d20 2> /dev/null &
	local p3=$!
	sleep 0.5
	[ -d "/proc/$p3" ] || { kill -9 "$p2"; fail "writer 3 did not wait for writer 2"; }
	kill -CONT "$p2"
	wait "$p2"
	wait "$p3"
	assert_equal "$(log_count c.yaml roll)" 3
	assert_equal "$(log_text c.yaml roll)" "w3, 1d20 rolled 3 = 3"
	grep -q "w1, 1d20 rolled 1 = 1" c.yaml
	grep -q "w2, 1d20 rolled 2 = 2" c.yaml
}
