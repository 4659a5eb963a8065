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

@test "every man page of a built program is installed and tested here" {
	local p
	for p in "$BT_BUILDDIR"/bt-*; do
		[ -x "$p" ] && [ -f "$p" ] || continue
		p=$(basename "$p")
		[ -s "$BT_SRCDIR/man/$p.1" ] || fail "no man page for $p"
		grep -q "run_examples $p.1" "$BATS_TEST_FILENAME" ||
			fail "no test runs the examples of $p.1"
		grep -q "man/$p.1" "$BT_SRCDIR/Makefile.am" ||
			fail "man/$p.1 is not in Makefile.am"
	done
}
