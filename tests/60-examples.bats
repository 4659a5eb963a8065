#!/usr/bin/env bats
# Every example: bt-init accepts it, bt-check round-trips it byte for byte,
# bt-render draws it; the demo runs.
load helper

@test "every example scenario starts a battle whose state bt-check leaves byte-identical" {
	for ex in "$EXAMPLES"/*.yaml; do
		bt-init --seed 11 "$ex" > s.yaml
		bt-check s.yaml > again.yaml
		cmp s.yaml again.yaml || fail "$(basename "$ex") does not round-trip"
		bt-render s.yaml > /dev/null
	done
}

@test "every example gives the same state from the same seed" {
	for ex in "$EXAMPLES"/*.yaml; do
		bt-init --seed 12 "$ex" > a.yaml
		bt-init --seed 12 "$ex" > b.yaml
		cmp a.yaml b.yaml
	done
}

@test "the demo script runs and shows each battle's map" {
	run -0 "$EXAMPLES/demo.sh"
	assert_line "== cc-skirmish"
	assert_line "== kingdom-pass"
	assert_line "== clash-bridge"
	assert_line --partial "Skirmish at the ford (cc), round 1"
	assert_line "  (bt-check: the state is valid and canonical)"
}
