#!/usr/bin/env bats
# Usage errors: one 'prog: what is wrong' line, then the usage; numbers on
# the command line spelled as in a state (CLI.md, "Text from outside").
load helper

# usage_error CMD...: exit 2, nothing on stdout, and on stderr the
# program's one message line, then its usage (bt-move's has two lines).
usage_error() {
	local p=$1
	run --separate-stderr -2 "$@"
	assert_output ""
	local -a lines
	mapfile -t lines <<< "$stderr"
	((${#lines[@]} >= 2)) ||
		fail "$*: ${#lines[@]} lines on stderr: $stderr"
	[[ ${lines[0]} == "$p: "?* ]] || fail "$*: no '$p: ' line: $stderr"
	[[ ${lines[1]} == "usage: $p "* ]] || fail "$*: no usage line: $stderr"
	local l
	for l in "${lines[@]:2}"; do
		[[ $l == "       $p "* ]] || fail "$*: more than one message: $stderr"
	done
}

@test "every usage error of a wrong operand count prints one 'prog: ...' line, then the usage" {
	cc_state > s.yaml
	printf 'bt-resolve\n' > o.orders
	usage_error bt-check s.yaml s.yaml
	usage_error bt-check -f s.yaml s.yaml
	usage_error bt-render s.yaml s.yaml
	usage_error bt-init s.yaml s.yaml
	usage_error bt-resolve s.yaml s.yaml
	usage_error bt-roll -f s.yaml
	usage_error bt-roll -f s.yaml d20 d6
	usage_error bt-order -f s.yaml
	usage_error bt-order -f s.yaml o.orders o.orders
	usage_error bt-move -f s.yaml
	usage_error bt-attack -f s.yaml blue-hydra
}

@test "the messages of wrong operand counts say what to give" {
	cc_state > s.yaml
	run --separate-stderr -2 bt-check s.yaml s.yaml
	[[ ${stderr%%$'\n'*} == "bt-check: one state file at most, with -f or as the operand" ]]
	run --separate-stderr -2 bt-init s.yaml s.yaml
	[[ ${stderr%%$'\n'*} == "bt-init: one scenario file at most, with -f or as the operand" ]]
	run --separate-stderr -2 bt-roll -f s.yaml
	[[ ${stderr%%$'\n'*} == "bt-roll: 0 operands: give one dice expression" ]]
	run --separate-stderr -2 bt-order -f s.yaml a b
	[[ ${stderr%%$'\n'*} == "bt-order: 2 operands: give one orders file" ]]
}

@test "bt-check -q with -i is a usage error with a message" {
	cc_state > s.yaml
	usage_error bt-check -q -i s.yaml
	[[ ${stderr%%$'\n'*} == "bt-check: -q writes nothing: it can't be given with -i" ]]
}

@test "every other usage error also prints its message before the usage" {
	cc_state > s.yaml
	local p
	for p in bt-act bt-attack bt-check bt-init bt-morale bt-move bt-order bt-render bt-resolve bt-roll; do
		usage_error "$p" --no-such-option
	done
	usage_error bt-roll -f s.yaml 3x
	usage_error bt-init --seed x s.yaml
	usage_error bt-render --color=sometimes s.yaml
	usage_error bt-move -f s.yaml --to 1 blue-hydra
}

@test "--seed is read as a state's number: no sign, no spaces" {
	local bad
	for bad in ' 5' '+5' $'\t5' '5 ' '-0' '0x10' ' '; do
		run --separate-stderr -2 bt-init --seed "$bad" "$EXAMPLES/cc-skirmish.yaml"
		assert_output ""
		[[ ${stderr%%$'\n'*} == "bt-init: bad --seed '$bad': a number from 0 to 4294967295" ]] ||
			fail "--seed '$bad': $stderr"
	done
	# Leading zeros are a number, as in a state.
	run -0 bt-init --seed 007 "$EXAMPLES/cc-skirmish.yaml"
	printf '%s\n' "$output" > s.yaml
	assert_equal "$(field s.yaml seed)" 7
}

@test "every numeric option and operand refuses a sign or a space" {
	cc_state > s.yaml
	local bad
	for bad in ' 1' '+1' $'\t1'; do
		run -2 bt-move -f s.yaml --to "$bad,3" blue-hydra
		run -2 bt-move -f s.yaml --to "1,$bad" blue-hydra
		run -2 bt-roll -f s.yaml -r "$bad" d20
		run -2 bt-roll -f s.yaml -r "4,$bad" 2d6
		run -2 bt-roll -f s.yaml "${bad}d6"
		run -2 bt-roll -f s.yaml "d$bad"
		run -2 bt-roll -f s.yaml "1d6+${bad#+}x"
		run -2 bt-resolve --fill "blue-hydra.1=$bad,2" s.yaml
	done
	run -2 bt-roll -f s.yaml 'd6+ 1'
	run -2 bt-roll -f s.yaml 'd6++1'
	# the same options, well spelled, are taken
	run -0 bt-roll -f s.yaml -r 4,5 2d6+1
	run -0 bt-move -f s.yaml --to 6,4 blue-hydra
}

@test "a bad option is named as given, its control characters escaped, by every program" {
	cc_state > s.yaml
	local p
	for p in bt-check bt-init bt-render bt-roll bt-order bt-move bt-attack bt-act bt-morale bt-resolve bt-undo bt-verify bt-auto bt-options; do
		run --separate-stderr -2 "$p" $'--\e]0;pwned\a' < s.yaml
		assert_output ""
		[[ $stderr != *$'\e'* && $stderr != *$'\a'* ]] || fail "$p wrote a control character: $stderr"
		assert_equal "${stderr%%$'\n'*}" "$p: unknown option '--\\x1b]0;pwned\\x07'"
	done
	run --separate-stderr -2 bt-init -s
	assert_equal "${stderr%%$'\n'*}" "bt-init: option '-s' needs a value"
	run --separate-stderr -2 bt-check --quiet=yes s.yaml
	assert_equal "${stderr%%$'\n'*}" "bt-check: option '--quiet=yes' takes no value"
	run --separate-stderr -2 bt-roll -z d20 < s.yaml
	assert_equal "${stderr%%$'\n'*}" "bt-roll: unknown option '-z'"
}
