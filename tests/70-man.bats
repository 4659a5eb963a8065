#!/usr/bin/env bats
# The man pages: mandoc-lint clean, and every EXAMPLES line runs.
load helper

# Prints each .Dl line of the EXAMPLES section of man page $1, one a line,
# with the mdoc escapes undone: what a reader would type.
examples_of() {
	awk '
	/^\.Sh / { inex = ($0 == ".Sh EXAMPLES"); next }
	inex && /^\.Dl / { sub(/^\.Dl /, ""); print }
	' "$1" | sed \
	    -e 's/\\e/\x01/g' \
	    -e 's/\\(dq/"/g' \
	    -e "s/\\\\(aq/'/g" \
	    -e 's/\\(em/--/g' \
	    -e 's/\\(en/-/g' \
	    -e 's/\\-/-/g' \
	    -e 's/\\&//g' \
	    -e 's/\\ / /g' \
	    -e 's/\x01/\\/g'
}

# Runs every example of man page $1 from a folder where 'examples' is the
# source tree's: each must exit 0 and write something on standard output.
run_examples() {
	local page="$BT_SRCDIR/man/$1" line n=0 nocairo

	[ -s "$page" ] || fail "$page is missing or empty"
	ln -s "$EXAMPLES" examples
	# Built without cairo, bt-render refuses pictures: skip their lines.
	bt-init --seed 1 examples/cc-skirmish.yaml |
	    bt-render -F png 2>&1 >/dev/null | grep -q 'without cairo' &&
	    nocairo=1
	while IFS= read -r line; do
		n=$((n + 1))
		[[ -n ${nocairo-} && $line =~ -F\ (png|svg|pdf) ]] && continue
		# GNU parallel's lines (bt-sim(1)) need it: tools/bootstrap
		# installs it.
		[[ $line == parallel\ * ]] && ! command -v parallel >/dev/null &&
			continue
		run --separate-stderr bash -o pipefail -c "$line"
		[ "$status" -eq 0 ] ||
			fail "$1 example exits $status: $line"$'\n'"$stderr"
		[ -n "$output" ] ||
			fail "$1 example writes nothing: $line"
	done < <(examples_of "$page")
	[ "$n" -gt 0 ] || fail "$1 has no .Dl line in EXAMPLES"
}

@test "mandoc -T lint -W warning finds nothing in any man page" {
	command -v mandoc >/dev/null ||
		skip "mandoc is not installed: can't lint the man pages"
	run mandoc -T lint -W warning "$BT_SRCDIR"/man/*.[157]
	assert_success
	assert_output ""
}

@test "the examples of the man pages are turned into the commands a reader types" {
	cat > page.7 <<-'EOF'
	.Sh EXAMPLES
	.Dl echo \(dqa\e-b\(dq \-\-x \(aqy\(aq
	.Sh SEE ALSO
	.Dl not an example
	EOF
	run -0 examples_of page.7
	assert_output "echo \"a\\-b\" --x 'y'"
}

@test "every EXAMPLES line of bt(7) runs" {
	run_examples bt.7
}

@test "every EXAMPLES line of bt-state(5) runs" {
	run_examples bt-state.5
}

@test "every EXAMPLES line of bt-init(1) runs" {
	run_examples bt-init.1
}

@test "every EXAMPLES line of bt-check(1) runs" {
	run_examples bt-check.1
}

@test "every EXAMPLES line of bt-render(1) runs" {
	run_examples bt-render.1
}

@test "every EXAMPLES line of bt-roll(1) runs" {
	run_examples bt-roll.1
}

@test "every EXAMPLES line of bt-move(1) runs" {
	run_examples bt-move.1
}

@test "every EXAMPLES line of bt-attack(1) runs" {
	run_examples bt-attack.1
}

@test "every EXAMPLES line of bt-act(1) runs" {
	run_examples bt-act.1
}

@test "every EXAMPLES line of bt-morale(1) runs" {
	run_examples bt-morale.1
}

@test "every EXAMPLES line of bt-resolve(1) runs" {
	run_examples bt-resolve.1
}

@test "every EXAMPLES line of bt-order(1) runs" {
	run_examples bt-order.1
}

@test "every EXAMPLES line of bt-verify(1) runs" {
	run_examples bt-verify.1
}

@test "every EXAMPLES line of bt-undo(1) runs" {
	run_examples bt-undo.1
}

@test "every EXAMPLES line of bt-auto(1) runs" {
	run_examples bt-auto.1
}

@test "every EXAMPLES line of bt-options(1) runs" {
	run_examples bt-options.1
}

@test "every EXAMPLES line of bt-sim(1) runs" {
	run_examples bt-sim.1
}

@test "every man page of a built program is installed and tested here" {
	local p
	for p in "$BT_BUILDDIR"/bt-*; do
		[ -x "$p" ] && [ -f "$p" ] || continue
		p=$(basename "$p")
		# bt-render's picture program, off PATH: bt-render(1) FILES.
		[ "$p" != bt-picture ] || continue
		[ -s "$BT_SRCDIR/man/$p.1" ] || fail "no man page for $p"
		grep -q "run_examples $p.1" "$BATS_TEST_FILENAME" ||
			fail "no test runs the examples of $p.1"
		grep -q "man/$p.1" "$BT_SRCDIR/Makefile.am" ||
			fail "man/$p.1 is not in Makefile.am"
	done
}

# Prints each message that bt(7) DIAGNOSTICS shows as an item's head, with
# the exit status of its subsection (0 for Warnings): "STATUS<TAB>MESSAGE",
# the mdoc escapes undone and a trailing "..." or "(...)" cut off.
diagnostics_of() {
	awk '
	/^\.Sh / { in_d = ($0 == ".Sh DIAGNOSTICS"); next }
	in_d && /^\.Ss / {
		status = ($0 ~ /Warnings/) ? 0 : $0
		sub(/.*\(exit /, "", status); sub(/\).*/, "", status)
	}
	in_d && /^\.It Ql / { sub(/^\.It Ql /, ""); print status "\t" $0 }
	' "$1" | sed -e 's/\\&//g' -e 's/ *(\.\.\.)$//' -e 's/ *\.\.\.$//'
}

# The command that makes bt(7)'s message $1, run in a folder holding s.yaml
# (a started cc battle), over.yaml (a finished one), cc.yaml (the small cc
# state of tests/data).
diagnostic_command() {
	case $1 in
	"refused (CC-17)"*)	echo "bt-attack blue-hydra red-foot < s.yaml" ;;
	"refused (CC-6)"*)	echo "bt-move red-foot f < s.yaml" ;;
	"refused (CC-1)"*)	echo "bt-move red-foot f < over.yaml" ;;
	"unknown option"*)	echo "bt-move --bogus < s.yaml" ;;
	"no unit 'nobody'"*)	echo "bt-move nobody f < s.yaml" ;;
	"unknown action"*)	echo "bt-act blue-hydra strategy 3 < s.yaml" ;;
	"bad --rolls"*)		echo "bt-move blue-hydra f --rolls x < s.yaml" ;;
	"--rolls ask: no answer"*) echo "bt-init --seed 1 -r 10,5 '$DATA/cc-fight-field.yaml' > f.yaml &&
				    '$BT_BUILDDIR/tests/pty-answer' -- bt-attack -r ask -f f.yaml red-a blue-b > /dev/null; s=\$?; rm f.yaml; exit \$s" ;;
	"--rolls ask: can't open"*) echo "setsid -w bt-move blue-hydra f --rolls ask < s.yaml" ;;
	"--in-place needs"*)	echo "bt-check -i < s.yaml" ;;
	"a png picture"*)	echo "script -qec 'bt-render -F png s.yaml' /dev/null >&2" ;;
	"o.txt:1:21"*)		echo "echo 'bt-move blue-hydra f; ls' > o.txt &&
				    bt-order o.txt < s.yaml" ;;
	"not YAML"*)		echo "printf 'a: [1\n' | bt-check" ;;
	"empty input"*)		echo "bt-check < /dev/null" ;;
	"aliases are"*)		echo "printf 'a: 1\nb: *x\n' | bt-check" ;;
	"duplicate key"*)	echo "{ seq -f 'k%g: 1' 11; echo 'hp: 1'; echo 'hp: 2'; } | bt-check" ;;
	"unknown key"*)		echo "sed 's/^rules: cc/&\nrulez: 1/' s.yaml | bt-check" ;;
	"'hp' must be"*)	echo "sed '0,/hp: /s/hp: [0-9]*/hp: many/' s.yaml | bt-check" ;;
	"'rng' is written"*)	echo "bt-init s.yaml" ;;
	"unit 'blue-hydra' is off"*) echo "sed 's/^    at: \[3, 2\]$/    at: [4, 2]/' cc.yaml | bt-check" ;;
	"unit 'blue-hydra' is at 0"*) echo "sed 's/^    hp: 6$/    hp: 0/' cc.yaml | bt-check" ;;
	"unit 'red-foot' deploys"*) echo "sed 's/^    at: \[6, 2\]$/    at: [6, 3]/' examples/cc-skirmish.yaml | bt-init --seed 1" ;;
	"can't read"*)		echo "bt-check no.yaml" ;;
	"can't write the output"*) echo "bt-check s.yaml > /dev/full" ;;
	# A file size limit makes the temporary's write fail, even for root.
	"can't rewrite"*)	echo "cp s.yaml pass.yaml && (trap '' XFSZ; ulimit -f 1; bt-check -i pass.yaml)" ;;
	# tests/failmalloc.so fails every allocation from the 20th on; the
	# program itself, not make check-valgrind's wrapper: valgrind has
	# an allocator of its own.
	"out of memory")	echo "BT_FAIL_MALLOC=20- LD_PRELOAD='$BT_BUILDDIR/tests/failmalloc.so' '$BT_BUILDDIR/bt-check' s.yaml" ;;
	"warning: 1 --rolls"*)	echo "bt-move blue-hydra f --rolls 3 < s.yaml" ;;
	"'blue-hydra' stopped"*) echo "bt-move blue-hydra f f f f f f f f f < s.yaml" ;;
	esac
}

@test "bt(7) DIAGNOSTICS: every message it shows is one a program gives, with its section's exit status" {
	local status_want msg cmd n=0 asan=
	ln -s "$EXAMPLES" examples
	cc_state > s.yaml
	cc_state | sed -e '/^active: /d' -e 's/^log:$/result:\n  winner: red\n  reason: blue is routed\n&/' > over.yaml
	cp "$DATA/state-cc.yaml" cc.yaml
	# A sanitizer build has an allocator of its own.
	[[ ${BT_SANITIZERS-} != yes ]] || asan=1
	while IFS=$'\t' read -r status_want msg; do
		cmd=$(diagnostic_command "$msg")
		[ -n "$cmd" ] || fail "bt(7) shows '$msg', which this test can't make"
		[[ -n $asan && $msg == "out of memory" ]] && continue
		[[ $msg == "a png picture"* ]] && bt-render -F png s.yaml 2>&1 \
		    >/dev/null | grep -q 'without cairo' && continue
		run --separate-stderr bash -c "$cmd" < /dev/null
		[ "$status" -eq "$status_want" ] ||
			fail "'$cmd' exits $status, not $status_want: $stderr"
		[[ $stderr == *"$msg"* ]] ||
			fail "'$cmd' does not say '$msg': $stderr"
		[ "$status" -eq 0 ] || [ -z "$output" ] ||
			fail "'$cmd' refuses but writes to stdout"
		n=$((n + 1))
	done < <(diagnostics_of "$BT_SRCDIR/man/bt.7")
	[ "$n" -ge 25 ] || fail "only $n messages checked"
	cmp -s s.yaml pass.yaml || fail "a failed --in-place changed the file"
	[ "$(ls)" = "$(printf '%s\n' cc.yaml examples o.txt over.yaml pass.yaml s.yaml)" ] ||
		fail "a temporary was left: $(ls)"
}
