#!/usr/bin/env bats
# Text from outside (CLI.md): what a mailed state, scenario or file of
# orders may hold. UTF-8 only; no control characters, which would drive
# the reader's terminal; each text field bounded; a side is never named
# 'draw'; and every message that quotes input shows its controls escaped.
# And the places of data errors that had none (bt-state(5) Limits).
load helper

# renamed FILE OLD NEW: FILE with the side OLD named NEW wherever a side
# is named (its key, zones, units' sides), not in longer ids.
renamed() {
	sed -E "s/(^|[^-a-z])$2([^-a-z]|\$)/\1$3\2/g" "$1"
}

# at FILE PATTERN: "LINE:COL" of the first match of PATTERN (an ERE) in
# FILE, the column where the match begins.
at() {
	awk -v re="$2" 'match($0, re) { print NR ":" RSTART; exit }' "$1"
}

@test "a side can't be named 'draw', in every ruleset, scenario or state: exit 3 at its key" {
	local ex side f
	for ex in cc-skirmish:red kingdom-pass:south clash-shrine:south; do
		f=${ex%%:*} side=${ex#*:}
		renamed "$EXAMPLES/$f.yaml" "$side" draw > "$f.yaml"
		run --separate-stderr -3 bt-init --seed 1 "$f.yaml"
		assert_output ""
		[[ "$stderr" == "bt-init: $f.yaml:$(at "$f.yaml" '^  draw:' | sed 's/:1$/:3/'): a side can't be named 'draw': it is the result of a drawn battle"* ]] ||
			fail "$f: $stderr"
		# a state too
		bt-init --seed 1 "$EXAMPLES/$f.yaml" > s.yaml
		renamed s.yaml "$side" draw > d.yaml
		run --separate-stderr -3 bt-check d.yaml
		[[ "$stderr" == "bt-check: d.yaml:$(at d.yaml '^  draw:' | sed 's/:1$/:3/'): a side can't be named 'draw'"* ]] ||
			fail "$f state: $stderr"
	done
	# 'Draw' and 'draws' are names like any other
	renamed "$EXAMPLES/cc-skirmish.yaml" red Draw > ok.yaml
	run -0 bt-init --seed 1 ok.yaml
}

@test "G-1 a cc map's square other than 50 ft is refused at the key 'square'" {
	cc_state | sed 's/^  height: 8$/&\n  square: 25/' > sq.yaml
	run --separate-stderr -3 bt-check sq.yaml
	assert_equal "$stderr" "bt-check: sq.yaml:$(at sq.yaml '25'): a cc map's squares are 50 ft, not 25 (G-1)"
}

@test "KM-2 a kingdom battle of three sides is refused at the key 'sides'" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" > k.yaml
	awk '{ print } /^sides:$/ { getline; print; s = $0; while ((getline l) > 0 && l ~ /^    /) { print l; t = t "\n" l }
	    print "  east:" t; print l }' k.yaml > three.yaml
	grep -q '^  east:$' three.yaml
	run --separate-stderr -3 bt-check three.yaml
	[[ "$stderr" == *"bt-check: three.yaml:$(at three.yaml '^  north:' | sed 's/:1$/:3/'): a kingdom battle has two sides, not 3 (KM-2)"* ]] ||
		fail "$stderr"
}
