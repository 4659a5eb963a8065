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

@test "CC-1 the demo battle is played to its end through pipes, the map each round" {
	run -0 "$EXAMPLES/cc-battle.sh" 1
	assert_line --partial "The battle of Harrow Field (cc), round 1, "
	assert_line --partial "The battle of Harrow Field (cc), round 2, "
	assert_line --regexp "^  the battle is over: (red wins|blue wins|draw), "
	assert_line --regexp "^Result: "
	# the log shows rolls and moves
	assert_line --regexp "^  [a-z-]+ (attacks|shoots at) [a-z-]+: [0-9]+"
	assert_line --regexp "^  [a-z-]+ moves [a-z: ]+ to \[[0-9]+, [0-9]+\]"
	# then the odds of the same battle, bt-sim's answer
	assert_line "The odds of this battle, over 500 battles (bt-sim):"
	assert_line "battles: 500"
	assert_line --regexp "^    wins: [0-9]+$"
}

@test "KM-13 the kingdom battle is played through pipes to its aftermath" {
	run -0 "$EXAMPLES/kingdom-battle.sh" 4
	assert_line "Battle of the Vale Ford (kingdom), round 1, maneuver phase"
	assert_line "Battle of the Vale Ford (kingdom), round 2, maneuver phase"
	assert_line --regexp "^Result: (march wins|reavers wins|draw) "
	assert_line "Aftermath (KM-14 to KM-17)"
	assert_line --regexp "^  march: (victory|defeat|ceasefire); Loyalty "
	assert_line --regexp "^    [a-z-]+: destroyed; its commander .* (killed|captured|escaped)\$"
	# the log shows the phases' rolls
	assert_line --regexp "^[a-z-]+ attacks [a-z-]+ \(KM-7\): [0-9]+ "
	assert_line --regexp "^Profession \(soldier\) checks \(KM-2\): "
}

@test "the README's thirty-second pipeline runs as written" {
	ln -s "$EXAMPLES" examples
	# the indented lines of that section, comments off, pipes joined
	sed -n '/^In thirty seconds/,/^On a fresh/p' "$BT_SRCDIR/README" |
		sed -n 's/^    //p' | sed 's/  *#.*$//' |
		awk '{ line = line $0 } !/\|$/ { print line; line = "" }' > steps.sh
	[ "$(wc -l < steps.sh)" -ge 4 ]
	run -0 bash -e -o pipefail steps.sh
	assert_line --partial "Skirmish at the ford (cc), round 1, red-bows to act"
	# the dry run of the attack, before it is made
	assert_line "blue-hydra attacks red-foot: roll a d20; 11 or more hits (AC 15); a natural 20 adds 1 damage (CC-19)"
	run -0 field next.yaml units.red-foot.hp
	[[ "$output" =~ ^[0-9]+$ ]]
}

@test "CL-12 the clash battle is played to a victory through pipes, the map each round" {
	run -0 "$EXAMPLES/clash-battle.sh" 1
	assert_line --partial "The shrine on Tarn Hill (clash), round 1, "
	assert_line --partial "The shrine on Tarn Hill (clash), round 2, "
	assert_line --regexp "^  the battle is over: (north|south) wins, "
	assert_line --regexp "^Result: (north|south) wins "
	assert_line --regexp "^Victory points: north [0-9]+, south [0-9]+ \(10 wins\)$"
	# attacks, moves, casualties and the end of a round are in the log
	assert_line --regexp "^  [a-z-]+(\.[0-9])? attacks [a-z-]+(\.[0-9])?: [0-9]+ "
	assert_line --regexp "^  [a-z-]+ moves [a-z ]+ as a block, "
	assert_line --regexp "^  [a-z-]+: [a-z.0-9, -]+ (is|are) eliminated \(CL-5\)"
}
