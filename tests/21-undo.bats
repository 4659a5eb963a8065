#!/usr/bin/env bats
# Undo (issue 17): -i keeps the old state beside the file when given a
# suffix, as sed -i does, under the same lock and as atomically; bt-undo
# puts it back, and the state undone becomes the backup.
load helper

@test "--in-place=.bak and -i.bak keep the state replaced as FILE.bak" {
	cc_state > s.yaml
	cp s.yaml first.yaml
	run --separate-stderr -0 bt-move --in-place=.bak -f s.yaml blue-hydra f
	assert_output ""
	cmp s.yaml.bak first.yaml
	assert_equal "$(field s.yaml units.blue-hydra.at)" "[6, 4]"
	cp s.yaml second.yaml
	run --separate-stderr -0 bt-move -i.bak -f s.yaml blue-hydra f
	cmp s.yaml.bak second.yaml
	# a plain -i keeps no backup and leaves an older one alone
	cp s.yaml third.yaml
	run -0 bt-check -i s.yaml
	cmp s.yaml.bak second.yaml
}

@test "every program with -i takes the suffix; the backup keeps the file's mode" {
	cc_state > s.yaml
	chmod 640 s.yaml
	bt-check -i.old s.yaml
	[ -f s.yaml.old ]
	assert_equal "$(stat -c %a s.yaml.old)" 640
	cp s.yaml checked.yaml
	bt-roll --in-place=.r -f s.yaml d20 > /dev/null 2>&1
	cmp s.yaml.r checked.yaml
	cp s.yaml rolled.yaml
	printf 'bt-move blue-hydra f\n' > t.orders
	bt-order -i.o -f s.yaml t.orders
	cmp s.yaml.o rolled.yaml
}

@test "a bad suffix is a usage error, exit 2, and no file changes" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	run --separate-stderr -2 bt-move --in-place= -f s.yaml blue-hydra f
	assert_output ""
	[[ "$stderr" == "bt-move: bad --in-place suffix '': give one such as .bak, with no '/'"* ]]
	run --separate-stderr -2 bt-move -i/tmp/x -f s.yaml blue-hydra f
	[[ "$stderr" == "bt-move: bad --in-place suffix '/tmp/x': give one such as .bak, with no '/'"* ]]
	cmp s.yaml before.yaml
	[ "$(ls)" = "$(printf 'before.yaml\ns.yaml')" ]
}

@test "CC-8 a refused order changes no file, the backup included" {
	cc_state > s.yaml
	bt-move -i.bak -f s.yaml blue-hydra r
	cp s.yaml now.yaml
	cp s.yaml.bak bak.yaml
	run --separate-stderr -1 bt-move -i.bak -f s.yaml blue-hydra r r r r
	cmp s.yaml now.yaml
	cmp s.yaml.bak bak.yaml
}

@test "a run stopped before its rename changes neither the state nor the backup" {
	cc_state > s.yaml
	bt-move -i.bak -f s.yaml blue-hydra f
	cp s.yaml now.yaml
	cp s.yaml.bak bak.yaml
	BT_FAULT=before-rename run -99 bt-move -i.bak -f s.yaml blue-hydra f
	cmp s.yaml now.yaml
	cmp s.yaml.bak bak.yaml
}

@test "a backup that can't be kept fails the run, exit 4: the state as it was, no file left behind" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	# a folder in the backup's place: the last rename fails, after the
	# new state is in place, and the old one is put back
	mkdir -p s.yaml.bak/full
	run --separate-stderr -4 bt-move -i.bak -f s.yaml blue-hydra f
	assert_output ""
	[[ $stderr == "bt-move: can't keep the backup 's.yaml.bak': "* ]]
	cmp s.yaml before.yaml
	assert_equal "$(ls -A | tr '\n' ' ')" "before.yaml s.yaml s.yaml.bak "
}

@test "bt-undo goes back one order, and a second bt-undo is a redo" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	bt-move -i.bak -f s.yaml blue-hydra f
	cp s.yaml after.yaml
	run --separate-stderr -0 bt-undo s.yaml
	assert_output ""
	assert_equal "$stderr" ""
	cmp s.yaml before.yaml
	cmp s.yaml.bak after.yaml
	run -0 bt-undo -f s.yaml
	cmp s.yaml after.yaml
	cmp s.yaml.bak before.yaml
	[ -z "$(ls -A | grep '^\.')" ]
}

@test "bt-undo --suffix names the backup; a state behind a symbolic link keeps it beside the file" {
	mkdir real
	cc_state > real/s.yaml
	cp real/s.yaml before.yaml
	ln -s real/s.yaml link.yaml
	bt-move --in-place=.prev -f link.yaml blue-hydra f
	[ -L link.yaml ]
	[ -f real/s.yaml.prev ]
	run -0 bt-undo --suffix=.prev link.yaml
	[ -L link.yaml ]
	cmp real/s.yaml before.yaml
}

@test "bt-undo with no backup is refused, exit 2, and changes nothing" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	run --separate-stderr -2 bt-undo s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-undo: no backup 's.yaml.bak' to go back to: a run with -i.bak keeps one"
	cmp s.yaml before.yaml
	run --separate-stderr -2 bt-undo < s.yaml
	[[ "$stderr" == "bt-undo: bt-undo needs a state file, not standard input"* ]]
	run --separate-stderr -4 bt-undo no-such.yaml
	[[ "$stderr" == "bt-undo: can't read 'no-such.yaml': No such file or directory" ]]
}

@test "bt-undo refuses a backup that is not a valid state, exit 3, and changes nothing" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	printf 'bt: 1\nrules: cc\n' > s.yaml.bak
	run --separate-stderr -3 bt-undo s.yaml
	assert_output ""
	[[ "$stderr" == "bt-undo: $PWD/s.yaml.bak:"* ]]
	cmp s.yaml before.yaml
}

@test "bt-undo waits for a rewrite that holds the lock, then undoes it" {
	skip_under_valgrind "timing of a stopped writer"
	cc_state > s.yaml
	cp s.yaml before.yaml
	BT_FAULT=stop-before-rename bt-move -i.bak -f s.yaml blue-hydra f &
	local pid=$!
	# the writer stops itself holding the lock, before its renames
	stopped $pid
	bt-undo s.yaml 2> undo.err &
	local undo=$!
	sleep 0.3
	kill -0 $undo	# still waiting on the lock
	kill -CONT $pid
	wait $pid
	wait $undo
	cmp s.yaml before.yaml
}

@test "bt-order refuses -i with or without a suffix inside an order" {
	cc_state > s.yaml
	printf 'bt-move -i.bak blue-hydra f\n' > t.orders
	run --separate-stderr -2 bt-order -f s.yaml t.orders
	[[ "$stderr" == "bt-order: t.orders:1: bt-move: -i, --in-place: an order writes no file: give -i to bt-order"* ]]
}
