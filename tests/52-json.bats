#!/usr/bin/env bats
# bt-render -F json: the state as JSON, key for key the YAML, which every
# program reads back as it reads YAML (a JSON text is YAML flow syntax).
load helper

# Every state of the examples and of tests/data: the states as they are,
# the scenarios started with bt-init --seed 1. Prints one path a line.
all_states() {
	local f n=0
	for f in "$EXAMPLES"/*.yaml "$DATA"/*.yaml; do
		n=$((n + 1))
		# tests/data also has fragments that tests complete.
		if bt-check "$f" > "state-$n.yaml" 2> /dev/null ||
		    bt-init --seed 1 "$f" > "state-$n.yaml" 2> /dev/null; then
			echo "state-$n.yaml"
		fi
	done
}

@test "the JSON of every example and test state reads back byte for byte" {
	all_states > list
	# The six examples, six states and the scenarios of tests/data.
	[ "$(wc -l < list)" -ge 14 ]
	while read -r s; do
		bt-render -F json "$s" > "$s.json"
		# JSON, not YAML: jq parses it; and it is the same state.
		jq -e .bt "$s.json" > /dev/null
		bt-check < "$s.json" > back.yaml
		cmp "$s" back.yaml
	done < list
}

@test "the JSON read back after jq, pretty, compact or ASCII-only, is the same state" {
	all_states > list
	while read -r s; do
		bt-render -F json "$s" > j
		for opt in . -c -a; do
			if [ "$opt" = . ]; then jq . j; else jq "$opt" . j; fi > jq.json
			bt-check jq.json > back.yaml
			cmp "$s" back.yaml
		done
	done < list
}

@test "the JSON holds the state's keys in the YAML's order, numbers as numbers" {
	cc_state > s.yaml
	bt-render -F json s.yaml > s.json
	assert_equal "$(jq -r 'keys_unsorted | join(" ")' s.json)" \
	    "$(sed -n 's/^\([a-z-]*\):.*/\1/p' s.yaml | tr '\n' ' ' | sed 's/ $//')"
	assert_equal "$(jq -c '.units["blue-hydra"].at' s.json)" "$(field s.yaml units.blue-hydra.at | tr -d ' ')"
	assert_equal "$(jq -r '.units["red-foot"].hp | type' s.json)" number
	assert_equal "$(jq -r '.map.rows[1]' s.json)" "$(sed -n '/^  rows:/{n;n;s/^  - "\(.*\)"$/\1/p;}' s.yaml)"
	assert_equal "$(jq -r '.units["blue-hydra"].reserve | type' s.json)" "null"
}

@test "JSON of tricky notes: quotes, backslash, tab, newline, non-ASCII" {
	cc_state > s.yaml
	# Notes in YAML's double-quoted escapes; bt-check canonicalises them.
	printf '%s\n' 'notes: "say \"hi\" \\ there\tand\nthen: é ☃ 😀 \u2028 end \P"' >> s.yaml
	bt-check -i s.yaml
	bt-render -F json s.yaml > s.json
	# YAML's line breaks LS and PS are escaped: raw, YAML would read
	# them as breaks (NEL, the third, is a C1 control: no text holds it).
	grep -q '\\u2028 end' s.json
	assert_equal "$(jq -r .notes s.json | od -c)" \
	    "$(printf 'say "hi" \\ there\tand\nthen: é ☃ 😀 \342\200\250 end \342\200\251\n' | od -c)"
	# The raw tab and newline are escaped in the JSON, never raw.
	grep -q '"notes": "say \\"hi\\" \\\\ there\\tand\\nthen: é ☃ 😀' s.json
	bt-check < s.json > back.yaml
	cmp s.yaml back.yaml
	jq -a . s.json > ascii.json
	grep -q 'then: \\u00e9 \\u2603' ascii.json
	# Characters past U+FFFF, which jq -a writes as a pair of surrogates,
	# are what libyaml does not read: bad data, with the place.
	run --separate-stderr -3 bt-check ascii.json
	assert_output ""
	[[ "$stderr" == "bt-check: ascii.json:"*": not YAML: found invalid Unicode character escape code"* ]]
}

@test "JSON given to a turn program plays as the YAML does" {
	cc_state > s.yaml
	bt-render -F json s.yaml > s.json
	bt-move -f s.yaml blue-hydra f f > a.yaml
	bt-move -f s.json blue-hydra f f > b.yaml
	cmp a.yaml b.yaml
	# -i on a JSON state writes it back as YAML: the canonical form.
	bt-move -i -f s.json blue-hydra f f
	cmp a.yaml s.json
}

@test "bt-render -F json of a bad state writes nothing and exits 3" {
	cc_state > bad.yaml
	echo 'nope: 1' >> bad.yaml
	run --separate-stderr -3 bt-render -F json bad.yaml
	assert_output ""
	assert_equal "$stderr" "bt-render: bad.yaml:$(wc -l < bad.yaml):1: unknown key 'nope' in the state (did you mean 'name'?)"
}

@test "bt-render -F json to a full disk fails with exit 4" {
	[ -w /dev/full ] || skip "no /dev/full"
	cc_state > s.yaml
	run --separate-stderr -4 sh -c 'bt-render -F json s.yaml > /dev/full'
	[[ "$stderr" == "bt-render: "* ]]
}

@test "the JSON of states played on (turns, logs, a result, an aftermath) reads back byte for byte" {
	e=$EXAMPLES
	bt-init --seed 1 "$e/cc-skirmish.yaml" | bt-move blue-hydra f f |
	    bt-attack -r 15 blue-hydra red-foot > cc-turn.yaml
	bt-resolve cc-turn.yaml > cc-next.yaml
	bt-init --seed 1 "$e/kingdom-pass.yaml" | bt-move south-horse n n |
	    bt-resolve | bt-attack north-bows south-horse | bt-resolve -r 15 |
	    bt-resolve -r 12,8 | bt-resolve -r 16,14,3,15 > km-round.yaml
	bt-init --seed 1 "$e/kingdom-pass.yaml" | bt-act north-guard ceasefire |
	    bt-act south-levy ceasefire > km-end.yaml
	grep -q '^result:' km-end.yaml
	bt-init --seed 1 "$e/clash-shrine.yaml" | bt-resolve | bt-resolve |
	    bt-move south-raiders n n |
	    bt-attack -r 15,6 south-raiders.1 north-guard.1 > clash-fight.yaml
	for s in cc-turn cc-next km-round km-end clash-fight; do
		bt-render -F json "$s.yaml" | bt-check > back.yaml
		cmp "$s.yaml" back.yaml
	done
}
