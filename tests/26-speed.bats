#!/usr/bin/env bats
# Issue 19: the filters as fast as libyaml. bt writes the canonical text
# itself (emit.c's direct writer) and falls back on libyaml's emitter when
# it is unsure: the two must give the very same bytes (BT_EMIT=libyaml
# forces libyaml). bench/run measures; these tests only check that it and
# its clock, bench/measure, work: no timed assertions.
load helper

# same ARGS...: bt-check ARGS writes the same text and status with bt's
# writer and with libyaml's; the text reads back as itself.
same() {
	local a b
	run --separate-stderr bt-check "$@"
	a=$output
	local rc=$status
	run --separate-stderr env BT_EMIT=libyaml bt-check "$@"
	b=$output
	assert_equal "$status" "$rc"
	assert_equal "$a" "$b"
	if ((rc == 0)); then
		printf '%s\n' "$a" > again.yaml
		run bt-check again.yaml
		assert_success
		assert_output "$a"
	fi
}

@test "bt's writer and libyaml's write the same bytes for every state of tests/data and every example started" {
	local f n=0
	for f in "$DATA"/*.yaml; do
		bt-check -q "$f" 2>/dev/null || continue
		same "$f"
		n=$((n + 1))
	done
	for f in "$EXAMPLES"/*.yaml; do
		bt-init --seed 3 "$f" > s.yaml 2>/dev/null || continue
		BT_EMIT=libyaml bt-init --seed 3 "$f" > l.yaml
		cmp s.yaml l.yaml
		same s.yaml
		n=$((n + 1))
	done
	((n >= 10))
}

# with_value VALUE: s.yaml is tests/data/state-cc.yaml with VALUE (the
# text between YAML's double quotes) as a commander and the battle's name.
with_value() {
	local line
	while IFS= read -r line; do
		case $line in
		'    commander: Old Harran') line="    commander: \"$1\"" ;;
		'name: '*) line="name: \"$1\"" ;;
		esac
		printf '%s\n' "$line"
	done < "$DATA/state-cc.yaml" > s.yaml
}

@test "bt's writer quotes as libyaml does: indicators, spaces, YAML words, quotes, Unicode, escapes, line breaks" {
	local s n=0
	local -a values=('a: b' '#x' 'x #y' 'x# y' '- a' '-' '-a' '?' '? x' '?x'
	    ':' ':x' 'a:' 'a:b' "'q'" "it's" 'a\"b' 'a\\b' ' lead' 'trail '
	    '---' '---x' '...' 'yes' 'No' '123' '-1' '.5' '1d6' 'G\u00e9n\u00e9ral'
	    '\u65e5\u672c' '\U0001F600x' 'a\tb' 'a,b' '[x]' '{x}' 'x]' '@x' '`x'
	    '%x' '!x' '&x' '*x' '|x' '>x' 'x|y' 'a  b' '' '~' 'null' '\u00a0x'
	    '\ufeffx' 'a\u2029b' 'a #' 'x :y' 'two\nlines' 'end\n' '=' '<<')
	for s in "${values[@]}"; do
		with_value "$s"
		same s.yaml
		! bt-check -q s.yaml 2>/dev/null || n=$((n + 1))
	done
	# bt takes every one of them as a name: none was refused
	((n == ${#values[@]}))
}

@test "bt's writer: empty lists and mappings, flow lists in block lists, notes on many lines (kingdom, clash)" {
	same "$DATA/state-kingdom.yaml"
	same "$DATA/state-clash.yaml"
	same "$DATA/state-messy.in.yaml"
	bt-init --seed 2 "$DATA/kingdom-field.yaml" > k.yaml
	same k.yaml
}

@test "bench/measure prints the seconds of K runs, the largest peak KiB and the CPU seconds; exit 1 when a run fails, 2 on bad usage" {
	run "$BT_BUILDDIR/bench/measure" 3 bt-check "$DATA/state-cc.yaml"
	assert_success
	[[ $output =~ ^[0-9]+\.[0-9]{6}\ [1-9][0-9]*\ [0-9]+\.[0-9]{6}$ ]]
	run --separate-stderr "$BT_BUILDDIR/bench/measure" 2 false
	assert_failure 1
	[[ $stderr == *"false failed"* ]]
	run "$BT_BUILDDIR/bench/measure" 0 true
	assert_failure 2
}

@test "bench/run times bt-check, bt-render, bt-resolve and bt-order against yaml-copy, with peak memory" {
	BENCH_SIZES=100 BENCH_PAIRS=1 run --separate-stderr \
	    "$BT_SRCDIR/bench/run" "$BT_BUILDDIR"
	assert_success
	assert_equal "$stderr" ""
	local p
	for p in bt-check bt-render bt-resolve bt-order; do
		assert_line --regexp "^$p +100 +[0-9]+ +[0-9.]+ +[0-9.]+x \\([0-9.]+-[0-9.]+\\) +[0-9.]+x +[0-9]+ +[0-9.]+x +[0-9.]+$"
	done
}
