#!/usr/bin/env bats
# Out of memory is reported, not a crash: exit 4 with "out of memory" on
# standard error, nothing on standard output, and a file given to -i left
# as it was, with no temporary file beside it. Memory runs short two ways:
# tests/failmalloc.so fails a chosen allocation, bt's, libyaml's or
# libc's, and ulimit -v limits a program's address space on a big state.
# Neither works in a sanitizer build: its shadow memory needs more address
# space, and its allocator is its own.
load helper

FAILMALLOC=$BT_BUILDDIR/tests/failmalloc.so

setup() {
	[[ ${BT_SANITIZERS-} != yes ]] ||
		skip "a sanitizer build has its own allocator and needs more address space"
	skip_under_valgrind "valgrind has its own allocator, which failmalloc.so can't fail, and needs more address space than the limits here"
	mkdir -p "$BATS_TEST_TMPDIR/work" && cd "$BATS_TEST_TMPDIR/work"
}

# allocations PROGRAM ARGS...: how many allocations a run makes.
allocations() {
	BT_FAIL_MALLOC_COUNT=count LD_PRELOAD=$FAILMALLOC "$@" > /dev/null 2>&1
	cat count
}

# slurp FILE VAR: the whole file into VAR, without a process.
slurp() {
	IFS= read -r -d '' "$2" < "$1" || :
}

# starve K EXPECTED PROGRAM ARGS...: runs the program with allocation K
# failing ("K") or K and every one after it ("K-"), and checks the
# outcome: exit 4, a message that says memory ran out, nothing on
# standard output; or exit 0 and standard output byte for byte EXPECTED,
# when the program did without that allocation (stdio's buffer). With -i,
# s.yaml must then be old.yaml, or new.yaml after exit 0, and no
# temporary file may be left.
starve() {
	local k=$1 expected=$2 status=0 out err want file
	shift 2
	[[ " $* " != *" -i "* ]] || cp old.yaml s.yaml
	BT_FAIL_MALLOC=$k LD_PRELOAD=$FAILMALLOC "$@" > out 2> err || status=$?
	slurp out out
	slurp err err
	if ((status == 4)); then
		if [[ -n $out || ( $err != *"out of memory"* &&
		    $err != *"Cannot allocate memory"* ) ]]; then
			echo "allocation $k of $*: exit 4 with output or without saying why:"
			echo "$err"
			return 1
		fi
	else
		slurp "$expected" want
		if ((status != 0)) || [[ $out != "$want" ]]; then
			echo "allocation $k of $*: exit $status:"
			echo "$err"
			return 1
		fi
	fi
	if [[ " $* " == *" -i "* ]]; then
		slurp s.yaml file
		slurp old.yaml want
		if [[ $file != "$want" ]] && ! { ((status == 0)) && cmp -s s.yaml new.yaml; }; then
			echo "allocation $k of $*: exit $status and s.yaml is neither old nor new"
			return 1
		fi
		if compgen -G '.s.yaml.*' > /dev/null; then
			echo "allocation $k of $*: a temporary file is left"
			return 1
		fi
	fi
}

# sweep FROM TO STEP PROGRAM ARGS...: starve for allocations FROM to TO
# by STEP, each failing alone, then from there on, in turn.
sweep() {
	local from=$1 to=$2 step=$3 k mode=
	shift 3
	"$@" > expected 2> /dev/null || { echo "$* fails: exit $?"; return 1; }
	for ((k = from; k <= to; k += step)); do
		starve "$k$mode" expected "$@" || return 1
		[[ $mode == - ]] && mode= || mode=-
	done
}

@test "the emitter out of memory, bt's writer or libyaml's (BT_EMIT=libyaml), is exit 4 'out of memory', not 'libyaml failed'" {
	cp "$DATA/state-cc.yaml" s.yaml
	# The allocations after those of bt-check -q, which only reads, are
	# those of writing the state: bt's writer's, or libyaml's emitter's.
	local read all emit
	for emit in bt libyaml; do
		if [[ $emit == libyaml ]]; then
			export BT_EMIT=libyaml
		fi
		read=$(allocations bt-check -q s.yaml)
		all=$(allocations bt-check s.yaml)
		((all > read))
		sweep $((read + 1)) "$all" 2 bt-check s.yaml
		run -4 env BT_FAIL_MALLOC=$((read + 1))- LD_PRELOAD="$FAILMALLOC" bt-check s.yaml
		assert_output "bt-check: out of memory"
	done
}

@test "libyaml's parser out of memory is exit 4 'out of memory', not bad data" {
	cp "$DATA/state-clash.yaml" s.yaml
	local read
	read=$(allocations bt-check -q s.yaml)
	sweep 1 "$read" 7 bt-check -q s.yaml
}

@test "every program out of memory at any allocation exits 4 with a message and writes nothing" {
	cc_state > s.yaml
	cp s.yaml old.yaml
	bt-move -f s.yaml blue-hydra f f > contact.yaml
	printf 'bt-move blue-hydra f\nbt-resolve\n' > orders
	local cmd all
	while read -r cmd; do
		# shellcheck disable=SC2086
		set -- $cmd
		all=$(allocations "$@")
		sweep 1 "$all" $((all / 24 + 1)) "$@"
	done <<-EOF
	bt-init --seed 1 $EXAMPLES/cc-skirmish.yaml
	bt-check s.yaml
	bt-move -f s.yaml blue-hydra f
	bt-attack -f contact.yaml blue-hydra red-foot
	bt-act -f s.yaml blue-hydra defend
	bt-morale --rally -f s.yaml blue-hydra
	bt-resolve s.yaml
	bt-render -F report s.yaml
	bt-roll -f s.yaml 2d6
	bt-order -f s.yaml orders
	EOF
}

@test "--in-place out of memory leaves the file as it was and no temporary file" {
	cc_state > old.yaml
	bt-move -f old.yaml blue-hydra f > new.yaml
	cp old.yaml s.yaml
	local all
	all=$(allocations bt-move -i -f s.yaml blue-hydra f)
	sweep 1 "$all" 23 bt-move -i -f s.yaml blue-hydra f
	bt-check old.yaml > new.yaml
	cp old.yaml s.yaml
	all=$(allocations bt-check -i s.yaml)
	sweep 2 "$all" 23 bt-check -i s.yaml
}

# limited KB PROGRAM ARGS...: the program under ulimit -v KB.
limited() {
	local kb=$1
	shift
	(ulimit -v "$kb" && exec "$@")
}

# base PROGRAM: the least address space, in KB by steps of 2 MB, in which
# the program starts at all (bt-render loads cairo: far more).
base() {
	local kb
	for ((kb = 4096; kb <= 131072; kb += 2048)); do
		if limited "$kb" "$1" --version > /dev/null 2>&1; then
			echo "$kb"
			return
		fi
	done
	return 1
}

@test "a big state under a memory limit is exit 4 'out of memory' with nothing written" {
	"$BT_SRCDIR/bench/gen-state" 8000 > old.yaml
	bt-move -f old.yaml r00001 f > new.yaml
	bt-render old.yaml > render
	local prog cmd extra kb exits
	for prog in bt-move bt-render; do
		kb=$(base "$prog")
		exits=
		# 1 MB more than it takes to start can't hold a 2 MB state.
		for extra in 1024 4096 8192 16384 32768; do
			cmd="bt-move -f old.yaml r00001 f"
			[[ $prog == bt-render ]] && cmd="bt-render old.yaml"
			# shellcheck disable=SC2086
			run --separate-stderr limited $((kb + extra)) $cmd
			exits="$exits $status"
			if ((status == 4)); then
				assert_output ""
				[[ $stderr =~ ^$prog:\ (old\.yaml:\ )?out\ of\ memory$ ]]
			else
				assert_equal "$status" 0
				if [[ $prog == bt-move ]]; then
					cmp <(echo "$output") new.yaml
				else
					cmp <(echo "$output") render
				fi
			fi
		done
		echo "# $prog, started in $((kb / 1024)) MB, with 1, 4, 8, 16 and 32 MB more: exit$exits" >&3
		[[ $exits == " 4 "* ]]
	done
}

@test "a big state under a memory limit with --in-place is left as it was, with no temporary file" {
	"$BT_SRCDIR/bench/gen-state" 8000 > old.yaml
	cp old.yaml s.yaml
	local prog kb extra
	for prog in bt-move bt-check; do
		kb=$(base "$prog")
		for extra in 1024 2048 3072; do
			if [[ $prog == bt-move ]]; then
				run --separate-stderr -4 limited $((kb + extra)) bt-move -i -f s.yaml r00001 f
			else
				run --separate-stderr -4 limited $((kb + extra)) bt-check -i s.yaml
			fi
			assert_output ""
			[[ $stderr =~ ^$prog:\ (s\.yaml:\ )?out\ of\ memory$ ]]
			cmp s.yaml old.yaml
			assert_equal "$(ls -A | tr '\n' ' ')" "old.yaml s.yaml "
		done
	done
}
