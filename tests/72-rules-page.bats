#!/usr/bin/env bats
# bt-rules(7), the rules reference: every rule ID a program can cite is
# an entry of it, every ID it names is a rule, and it is installed and
# pointed at from bt(7) and the README.
load helper

PAGE=$BT_SRCDIR/man/bt-rules.7

# The rules, as the project's rules list numbers them: D-1 to D-4, G-1
# and G-2, CC-1 to CC-30, KM-1 to KM-17, CL-1 to CL-12, one a line.
rules() {
	local n
	for n in {1..4}; do echo "D-$n"; done
	for n in 1 2; do echo "G-$n"; done
	for n in {1..30}; do echo "CC-$n"; done
	for n in {1..17}; do echo "KM-$n"; done
	for n in {1..12}; do echo "CL-$n"; done
}

# The rule IDs in the string literals of C files "$@" (the messages and
# log texts a program can give, not the comments), one a line, sorted
# and unique. A small C scanner: comments, character constants and
# strings, with their backslash escapes.
cited() {
	awk '
	function ids(s) {
		while (match(s, /(CC|KM|CL|D|G)-[0-9]+/)) {
			# whole IDs only: not the end of a longer word
			if (RSTART == 1 || substr(s, RSTART - 1, 1) !~ /[A-Za-z0-9_]/)
				print substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
		}
	}
	FNR == 1 { state = "code" }
	{
		line = $0; n = length(line); str = ""
		for (i = 1; i <= n; i++) {
			c = substr(line, i, 1); d = substr(line, i, 2)
			if (state == "comment") {
				if (d == "*/") { state = "code"; i++ }
			} else if (state == "string") {
				if (c == "\\") { str = str d; i++ }
				else if (c == "\"") { ids(str); str = ""; state = "code" }
				else str = str c
			} else if (state == "char") {
				if (c == "\\") i++
				else if (c == "\047") state = "code"
			} else if (d == "/*") { state = "comment"; i++ }
			else if (d == "//") break
			else if (c == "\"") state = "string"
			else if (c == "\047") state = "char"
		}
		# a string never runs on past its line here
		if (state == "string" || state == "char") state = "code"
	}' "$@" | sort -u
}

# The IDs of the page's entries (.It Sy ID), in the page's order.
entries() {
	sed -n 's/^\.It Sy \([A-Z]*-[0-9]*\)\( .*\)\{0,1\}$/\1/p' "$PAGE"
}

@test "every rule ID that a message of bt-check or a turn program can cite is an entry of bt-rules(7)" {
	local id missing=
	[ -s "$PAGE" ] || fail "no man/bt-rules.7"
	cited "$BT_SRCDIR"/lib/*.c "$BT_SRCDIR"/cmd/*.c > cited.txt
	# the scanner finds the IDs: a sample of them
	for id in CC-8 CC-28 KM-2 KM-11 CL-1 CL-12 G-1; do
		grep -qx "$id" cited.txt || fail "the scanner missed $id"
	done
	entries > entries.txt
	while read -r id; do
		grep -qx "$id" entries.txt || missing="$missing $id"
	done < cited.txt
	[ -z "$missing" ] || fail "cited by the programs, not on bt-rules(7):$missing"
}

@test "every ID bt-rules(7) names is a rule, and every rule has one entry, in the rules' order" {
	[ -s "$PAGE" ] || fail "no man/bt-rules.7"
	rules > rules.txt
	entries > entries.txt
	# one entry each, in order: the same list
	run diff rules.txt entries.txt
	assert_success
	# any ID anywhere on the page (in a cross-reference, say) is a rule
	grep -oE '(^|[^A-Za-z0-9_])(CC|KM|CL|D|G)-[0-9]+' "$PAGE" |
	    sed 's/^[^A-Z]//' | sort -u > named.txt
	run comm -23 named.txt <(sort -u rules.txt)
	assert_output ""
}

@test "bt-rules(7) is installed and lint-clean, and bt(7) and the README point at it" {
	[ -s "$PAGE" ] || fail "no man/bt-rules.7"
	grep -q '^	man/bt-rules\.7 \\$' "$BT_SRCDIR/Makefile.am"
	run mandoc -T lint -W warning "$PAGE"
	assert_success
	assert_output ""
	sed -n '/^\.Sh SEE ALSO/,/^\.Sh /p' "$BT_SRCDIR/man/bt.7" | grep -qE '^\.Xr bt-rules 7( ,)?$'
	grep -q 'bt-rules(7)' "$BT_SRCDIR/README"
	run grep -n 'RULES\.md' "$BT_SRCDIR/README"
	assert_failure
}
