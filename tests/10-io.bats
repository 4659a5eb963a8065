#!/usr/bin/env bats
# Input from a file, -f or standard input; output only on success;
# --in-place is atomic; write errors are exit 4.
load helper

@test "the state is read from a file operand, -f FILE, -f - and standard input alike" {
	cc_state > s.yaml
	run -0 bt-check s.yaml
	local a=$output
	run -0 bt-check -f s.yaml
	assert_equal "$output" "$a"
	run -0 bash -c 'bt-check -f - < s.yaml'
	assert_equal "$output" "$a"
	run -0 bash -c 'bt-check < s.yaml'
	assert_equal "$output" "$a"
	run -0 bash -c 'cat s.yaml | bt-check -'
	assert_equal "$output" "$a"
}

@test "a missing file is exit 4 with the path and the system's reason" {
	run --separate-stderr -4 bt-check no-such.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: can't read 'no-such.yaml': No such file or directory"
}

@test "a folder given as the state is exit 4" {
	mkdir d
	run --separate-stderr -4 bt-check d
	assert_output ""
	[[ "$stderr" == "bt-check: <"* || "$stderr" == "bt-check: "*"Is a directory"* ]]
}

@test "bad data on standard input is named <stdin> with line and column" {
	printf 'bt: 1\nrules: cc\nname: x\nbogus: [\n' > bad.yaml
	run --separate-stderr -3 bash -c 'bt-check < bad.yaml'
	assert_output ""
	[[ "$stderr" == "bt-check: <stdin>:"[0-9]*:[0-9]*": not YAML: "* ]]
}

@test "bad data in a file is named by its path" {
	printf 'bt: 1\nrules: chess\n' > bad.yaml
	run --separate-stderr -3 bt-check bad.yaml
	assert_equal "$stderr" "bt-check: bad.yaml:2:8: unknown rules 'chess' (one of: cc, kingdom, clash)"
}

# A big state's text read from a file goes back to the kernel as it is
# read (bt-state(5), MEMORY): what is said after that must not change.
@test "a big state's bad byte near its end is named at its line and column, read from a file, on standard input and with -i" {
	"$BT_SRCDIR/bench/gen-state" 10000 > big.yaml
	n=$(($(grep -n '^order:' big.yaml | cut -d: -f1) - 5))
	awk -v n="$n" 'NR == n { sub(/: /, ": a\001b") } 1' big.yaml > bad.yaml
	run --separate-stderr -3 bt-check bad.yaml
	assert_equal "$stderr" "bt-check: bad.yaml:$n:14: not YAML: control characters are not allowed"
	assert_equal "$output" ""
	run --separate-stderr -3 bash -c 'bt-check < bad.yaml'
	assert_equal "$stderr" "bt-check: <stdin>:$n:14: not YAML: control characters are not allowed"
	cp bad.yaml before.yaml
	run --separate-stderr -3 bt-resolve -i bad.yaml
	assert_equal "$stderr" "bt-resolve: bad.yaml:$n:14: not YAML: control characters are not allowed"
	cmp bad.yaml before.yaml
}

@test "a big scenario read from a file, its text given back as it was read, is still told as a scenario" {
	"$BT_SRCDIR/bench/gen-state" 10000 |
	    awk '/^(rng|round|active|deploy-first):/ { next }
		/^(order|log):/ { skip = 1; next }
		skip && /^[^ -]/ { skip = 0 }
		!skip' > sc.yaml
	run --separate-stderr -3 bt-check sc.yaml
	assert_equal "$stderr" "bt-check: sc.yaml: a scenario, not a battle state: start it with bt-init, or check it with bt-check --scenario"
	run --separate-stderr -3 bash -c 'bt-check < sc.yaml'
	assert_equal "$stderr" "bt-check: <stdin>: a scenario, not a battle state: start it with bt-init, or check it with bt-check --scenario"
	assert_equal "$output" ""
}

@test "--in-place rewrites the file and writes nothing to stdout" {
	cc_state > s.yaml
	sed 's/^name: .*/name:   "Skirmish at the ford"/' s.yaml > messy.yaml
	run --separate-stderr -0 bt-check -i messy.yaml
	assert_output ""
	cmp messy.yaml s.yaml
}

@test "--in-place keeps the file's mode and does not leave temporary files" {
	cc_state > s.yaml
	chmod 640 s.yaml
	run -0 bt-check -i s.yaml
	assert_equal "$(stat -c %a s.yaml)" 640
	assert_equal "$(ls -A | tr '\n' ' ')" "s.yaml "
}

@test "--in-place through a symlink rewrites the target and keeps the link" {
	cc_state > real.yaml
	ln -s real.yaml link.yaml
	sed -i 's/^round: 1/round:  1/' real.yaml
	run -0 bt-check -i link.yaml
	[ -L link.yaml ]
	run -0 bt-check real.yaml
	cmp real.yaml <(cc_state)
}

@test "--in-place on an invalid file leaves it byte for byte untouched, exit 3" {
	cc_state | sed 's/^    hp: 6$/    hp: 60/' > s.yaml
	cp s.yaml before.yaml
	run --separate-stderr -3 bt-check -i s.yaml
	assert_output ""
	cmp s.yaml before.yaml
	assert_equal "$(ls -A | sort | tr '\n' ' ')" "before.yaml s.yaml "
}

@test "--in-place needs a file: refused on standard input with exit 2" {
	cc_state > s.yaml
	run --separate-stderr -2 bash -c 'bt-check -i < s.yaml'
	assert_output ""
	assert_equal "$stderr" "bt-check: --in-place needs a file, not standard input"
}

@test "a crash between writing and renaming leaves the old state whole" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	# A DM's roll changes the log and the generator: the new state differs.
	BT_FAULT=before-rename run -99 bt-roll -i -f s.yaml d20
	cmp s.yaml before.yaml
	run -0 bt-roll -i -f s.yaml d20
	! cmp -s s.yaml before.yaml
}

@test "a full disk is exit 4 with a message, not a silent success" {
	[ -w /dev/full ] || skip "no /dev/full here"
	cc_state > s.yaml
	run --separate-stderr -4 bash -c 'bt-check s.yaml > /dev/full'
	[[ "$stderr" == "bt-check: can't write"*"No space left on device" ]]
	run --separate-stderr -4 bash -c 'bt-render s.yaml > /dev/full'
	[[ "$stderr" == "bt-render: can't write"* ]]
}

@test "a closed pipe is exit 4, not a silent truncation" {
	# A state big enough not to fit in the pipe's buffer.
	"$BT_SRCDIR/bench/gen-state" 2000 > big.yaml
	run -0 bash -c 'bt-check big.yaml | true; echo "${PIPESTATUS[0]}" > st'
	assert_equal "$(cat st)" 4
}

# Every program's command that writes: a state or a picture of it, from
# s0.yaml (the skirmish begun, with $1 for notes), s.yaml (the hydra in
# contact with the foot), the scenario sc.yaml and the orders orders.
writers() {
	local notes=$1
	cc_state | sed "s/^name: .*/&\nnotes: $notes/" > s0.yaml
	bt-move -f s0.yaml blue-hydra f f > s.yaml
	sed "s/^name: .*/&\nnotes: $notes/" "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
	printf 'bt-act blue-hydra defend\nbt-resolve\n' > orders
	cat <<-EOF
	bt-init --seed 1 sc.yaml
	bt-check s.yaml
	bt-move -f s0.yaml blue-hydra f
	bt-attack -f s.yaml blue-hydra red-foot
	bt-act -f s.yaml blue-hydra defend
	bt-morale --rally -f s0.yaml blue-hydra
	bt-resolve s.yaml
	bt-roll -f s.yaml d20
	bt-order -f s.yaml orders
	bt-render -F text s.yaml
	bt-render -F log s.yaml
	bt-render -F report s.yaml
	EOF
}

@test "every program writing to a full disk is exit 4 with a message" {
	[ -w /dev/full ] || skip "no /dev/full here"
	local cmd
	while read -r cmd; do
		# shellcheck disable=SC2086
		run -0 $cmd
		run --separate-stderr -4 bash -c "$cmd > /dev/full"
		[[ $stderr == *"${cmd%% *}: can't write"*"No space left on device" ]]
	done < <(writers "a few words")
}

@test "every program writing to a closed pipe is exit 4 with a message" {
	# 100 kB of notes: more than a pipe holds, so the write meets the
	# closed end rather than filling the pipe.
	local cmd notes
	printf -v notes '%100000s' ''
	notes=${notes// /x}
	"$BT_SRCDIR/bench/gen-state" 2000 > big.yaml
	while read -r cmd; do
		case $cmd in
		bt-render\ -F\ text*) cmd="bt-render big.yaml" ;;
		bt-render*) continue ;;	# no notes in the log or the report
		esac
		# shellcheck disable=SC2086
		run -0 bash -c "$cmd | wc -c > size"
		(($(cat size) > 70000))
		run --separate-stderr -0 bash -c "$cmd | true; echo \"\${PIPESTATUS[0]}\""
		assert_output 4
		[[ $stderr == "${cmd%% *}: can't write"*"Broken pipe" ]]
	done < <(writers "$notes")
}

@test "nothing reaches stdout when the state is bad, however long it is" {
	"$BT_SRCDIR/bench/gen-state" 1000 > big.yaml
	printf 'bogus: 1\n' >> big.yaml
	run --separate-stderr -3 bt-check big.yaml
	assert_output ""
	[[ "$stderr" == *"unknown key 'bogus'"* ]]
}

@test "one failure, one message: a closed pipe or a full disk is said once" {
	local cmd notes
	printf -v notes '%100000s' ''
	notes=${notes// /x}
	while read -r cmd; do
		case $cmd in
		bt-render*) continue ;;	# no notes in the text, the log, the report
		esac
		# shellcheck disable=SC2086
		run --separate-stderr -0 bash -c "$cmd | true; echo \"\${PIPESTATUS[0]}\""
		assert_output 4
		assert_equal "$stderr" "${cmd%% *}: can't write the output: Broken pipe"
		if [ -w /dev/full ]; then
			run --separate-stderr -4 bash -c "$cmd > /dev/full"
			assert_equal "$stderr" "${cmd%% *}: can't write the output: No space left on device"
		fi
	done < <(writers "$notes")
	"$BT_SRCDIR/bench/gen-state" 2000 > big.yaml
	run --separate-stderr -0 bash -c "bt-render big.yaml | true; echo \"\${PIPESTATUS[0]}\""
	assert_output 4
	assert_equal "$stderr" "bt-render: can't write the output: Broken pipe"
}

# The commands of writers that rewrite a state, with -i.
in_place_writers() {
	writers "a few words" | grep -v '^bt-init\|^bt-render' | sed 's/^bt-[a-z]*/& -i/'
}

@test "-i with standard output closed is exit 4 and changes no file" {
	skip_under_valgrind "the program does not see the standard output the shell closed as closed (bt-check -i s.yaml >&- exits 0)"
	local cmd file
	while read -r cmd; do
		writers "a few words" > /dev/null
		# Not in canonical form, so that bt-check -i changes it too.
		sed -i 's/^round: /round:   /' s.yaml s0.yaml
		file=$(printf '%s\n' "$cmd" | grep -o 's0\?\.yaml')
		cp "$file" before.yaml
		# shellcheck disable=SC2086
		run --separate-stderr -4 bash -c "$cmd >&-"
		assert_equal "$stderr" "${cmd%% *}: can't write the output: Bad file descriptor"
		cmp "$file" before.yaml || fail "$cmd >&- changed $file"
		assert_equal "$(find . -name '.*.yaml.*' | wc -l)" 0
		# The same command with an open standard output changes it.
		# shellcheck disable=SC2086
		run -0 $cmd
		! cmp -s "$file" before.yaml || fail "$cmd changed nothing"
	done < <(in_place_writers)
}

@test "-i with standard error closed writes no message into the state" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	# A roll the dice refuse: the message goes nowhere, the state is kept.
	run -2 bash -c 'bt-roll -i -r 30 -f s.yaml d20 2>&-'
	cmp s.yaml before.yaml
	run -0 bash -c 'bt-roll -i -r 3 -f s.yaml d20 2>&-'
	run -0 bt-check s.yaml
}

@test "-i refuses what is not a regular file: /dev/stdin, /dev/fd/0, a FIFO, exit 2" {
	cc_state | sed 's/^round: 1$/round:   1/' > s.yaml
	cp s.yaml before.yaml
	local f
	for f in /dev/stdin /dev/fd/0 /proc/self/fd/0; do
		[ -e "$f" ] || continue
		run --separate-stderr -2 bash -c "bt-check -i -f $f < s.yaml"
		assert_output ""
		assert_equal "$stderr" "bt-check: --in-place needs a file, not standard input: '$f' is an open descriptor"
		cmp s.yaml before.yaml
		run --separate-stderr -2 bash -c "cat s.yaml | bt-roll -i -f $f d20"
		assert_equal "$stderr" "bt-roll: --in-place needs a file, not standard input: '$f' is an open descriptor"
	done
	# A link to one is no better.
	ln -s /dev/stdin in.yaml
	run --separate-stderr -2 bash -c 'bt-check -i in.yaml < s.yaml'
	assert_equal "$stderr" "bt-check: --in-place needs a file, not standard input: 'in.yaml' is an open descriptor"
	cmp s.yaml before.yaml
	# A FIFO would be replaced by a file: refused, and not even opened
	# for reading (the writer is still waiting when bt-check is done).
	mkfifo p
	run --separate-stderr -2 timeout 10 bt-check -i p
	assert_equal "$stderr" "bt-check: --in-place needs a regular file: 'p' is a FIFO"
	[ -p p ]
	mkdir d
	run --separate-stderr -2 bt-move -i -f d blue-hydra f
	assert_equal "$stderr" "bt-move: --in-place needs a regular file: 'd' is a folder"
	run --separate-stderr -2 bt-check -i /dev/null
	assert_equal "$stderr" "bt-check: --in-place needs a regular file: '/dev/null' is a device"
	# Without -i, any of them is only read.
	run -0 bash -c 'bt-check -f /dev/stdin < s.yaml'
	cmp s.yaml before.yaml
}
