#!/usr/bin/env bats
# --in-place is atomic: a program killed at any moment of its run leaves
# the file either the old state or the new one, byte for byte. The state
# is large (bench/gen-state), so that a rewrite takes milliseconds and
# some kills land inside it.
load helper

# wait_s SECONDS: sleeps without a process (a read that times out on a
# FIFO no one writes), so the delay is what it says.
wait_s() {
	read -r -t "$1" -u "$waitfd" || :
}

# running PID: the process has not ended (a zombie has).
running() {
	local state=Z
	{ read -r _ _ state _ < "/proc/$1/stat"; } 2> /dev/null || :
	[[ $state != Z ]]
}

# kills N PROGRAM ARGS...: runs "PROGRAM -i -f s.yaml ARGS" N times on
# old.yaml and kills it with SIGKILL: a third of the time after a random
# delay over its whole run, a third over the end of its run, where the
# write is, and a third as soon as its temporary file appears. Each
# outcome is sorted: before (the old state and no temporary file), during
# (the old state and the temporary file that the kill left between
# mkstemp and rename), after (the new state, new.yaml). Anything else
# fails the test. The program is the one built, never make
# check-valgrind's wrapper: valgrind's runs would be killed unfinished, and
# its start would be the run timed.
kills() {
	local n=$1 i t0 t1 total=0 pid status delay secs name=$2
	shift 2
	set -- "$BT_BUILDDIR/$name" "$@"
	before=0 during=0 after=0
	mkfifo fifo
	exec {waitfd}<> fifo
	# The run's time in microseconds: the quickest of three.
	for i in 1 2 3; do
		cp old.yaml s.yaml
		t0=${EPOCHREALTIME/./}
		"$@" -i -f s.yaml 2> /dev/null
		t1=${EPOCHREALTIME/./}
		((total == 0 || t1 - t0 < total)) && total=$((t1 - t0))
		cmp s.yaml new.yaml
	done
	# On a fast disk (tmpfs) the write may be too quick to be hit often:
	# up to n more kills as the temporary file appears, until one is.
	for ((i = 0; i < n || (during == 0 && i < 2 * n); i++)); do
		cp old.yaml s.yaml
		case $((i < n ? i % 3 : 2)) in
		0) delay=$((RANDOM * total / 32768)) ;;
		1) delay=$((total * 7 / 10 + RANDOM * total * 4 / 10 / 32768)) ;;
		2) delay=0 ;;
		esac
		"$@" -i -f s.yaml 2> /dev/null &
		pid=$!
		if ((delay == 0)); then
			while ! compgen -G '.s.yaml.*' > /dev/null && running "$pid"; do
				:
			done
		else
			printf -v secs '%d.%06d' $((delay / 1000000)) $((delay % 1000000))
			wait_s "$secs"
		fi
		kill -9 "$pid" 2> /dev/null || :
		status=0
		wait "$pid" || status=$?
		if cmp -s s.yaml new.yaml; then
			after=$((after + 1))
		elif ! cmp -s s.yaml old.yaml; then
			echo "kill $i after ${delay}us (exit $status) left s.yaml neither old nor new"
			return 1
		elif compgen -G '.s.yaml.*' > /dev/null; then
			during=$((during + 1))
		else
			before=$((before + 1))
		fi
		rm -f .s.yaml.*
	done
	exec {waitfd}<&-
	rm fifo
	echo "# $name: $i kills over a run of $((total / 1000)) ms: $before before the write, $during during it, $after after" >&3
}

@test "bt-move -i killed at random moments leaves the file the old state or the new one" {
	"$BT_SRCDIR/bench/gen-state" 2000 > old.yaml
	bt-move -f old.yaml r00001 f > new.yaml
	kills 30 bt-move r00001 f
	# Kills land inside the write itself: the test could see a torn file.
	((during > 0))
}

@test "bt-check -i killed at random moments leaves the file the old state or the new one" {
	# A state in another form than the canonical: the rewrite changes it.
	"$BT_SRCDIR/bench/gen-state" 2000 | sed 's/^round: 2$/round:   2/' > old.yaml
	bt-check old.yaml > new.yaml
	! cmp -s old.yaml new.yaml
	kills 30 bt-check
	((during > 0))
}

@test "a kill between writing and renaming is seen as one during the write: the old state and a temporary file" {
	"$BT_SRCDIR/bench/gen-state" 100 > old.yaml
	cp old.yaml s.yaml
	BT_FAULT=before-rename run -99 bt-move -i -f s.yaml r00001 f
	cmp s.yaml old.yaml
	assert_equal "$(find . -maxdepth 1 -name '.s.yaml.*' | wc -l)" 1
}

# signalled SIG PROGRAM ARGS...: runs "PROGRAM -i -f s.yaml ARGS", stopped
# between writing its temporary file and renaming it, sends it SIG and
# lets it go on: it must die of SIG, leaving the old state and no
# temporary file. env resets the signal a background job starts with
# ignored (SIGINT), as in an interactive shell.
signalled() {
	local sig=$1 name=$2 pid status=0
	shift 2
	cp old.yaml s.yaml
	BT_FAULT=stop-before-rename env --default-signal="$sig" \
	    "$BT_BUILDDIR/$name" -i -f s.yaml "$@" 2> /dev/null &
	pid=$!
	stopped "$pid" || { kill -9 "$pid"; fail "$name did not stop before the rename"; }
	assert_equal "$(find . -maxdepth 1 -name '.s.yaml.*' | wc -l)" 1
	kill -s "$sig" "$pid"
	kill -s CONT "$pid"
	wait "$pid" || status=$?
	assert_equal "$status" $((128 + $(kill -l "$sig")))
	cmp s.yaml old.yaml
	assert_equal "$(find . -maxdepth 1 -name '.s.yaml.*' | wc -l)" 0
}

@test "SIGTERM, SIGHUP or SIGINT before the rename removes the temporary file and leaves the old state" {
	cc_state > old.yaml
	local sig
	for sig in TERM HUP INT; do
		signalled "$sig" bt-roll d20
		signalled "$sig" bt-check
		signalled "$sig" bt-move blue-hydra f
	done
}

@test "a signal ignored when the program starts stays ignored: the run ends as a success" {
	cc_state > old.yaml
	cp old.yaml s.yaml
	# A background job of a script starts with SIGINT ignored.
	BT_FAULT=stop-before-rename "$BT_BUILDDIR/bt-roll" -i -r 5 -f s.yaml d20 2> /dev/null &
	local pid=$! status=0
	stopped "$pid" || { kill -9 "$pid"; fail "bt-roll did not stop"; }
	kill -s INT "$pid"
	kill -s CONT "$pid"
	wait "$pid" || status=$?
	assert_equal "$status" 0
	assert_equal "$(log_count s.yaml roll)" 1
	assert_equal "$(find . -maxdepth 1 -name '.s.yaml.*' | wc -l)" 0
}
