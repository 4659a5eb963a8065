#!/usr/bin/env bats
# --dry-run (-n) of the turn programs: every die the order would roll, in
# order, each in a sentence saying what it is for and what it needs; the
# state is not written (bt(7) DRY RUN).
load helper
load clash

# The cc fight field (tests/81-cc-fight.bats): red-a (attack +3, rating 2)
# faces blue-b (AC 12) and acts first.
cc_fight() {
	cp "$DATA/cc-fight-field.yaml" sc.yaml
	[ -z "$1" ] || sed -i -E "/^  blue-b:/s/facing: [nesw]/facing: $1/" sc.yaml
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
}

@test "D-1 bt-attack -n says the d20, what hits and what a natural 20 does, and writes nothing" {
	cc_fight
	cp s.yaml before.yaml
	run --separate-stderr -0 bt-attack -n -i -f s.yaml red-a blue-b
	assert_equal "$output" \
	    "red-a attacks blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
	assert_equal "$stderr" ""
	cmp s.yaml before.yaml
	# The generator was not advanced in the file either: the same order
	# played for real rolls the same die as before.
	run --separate-stderr -0 bt-attack --dry-run -f s.yaml red-a blue-b
	assert_equal "${lines[0]}" \
	    "red-a attacks blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
}

@test "CC-18 bt-attack -n names the flank that gives advantage: 2d20, keep the higher" {
	cc_fight s		# blue-b's rear is toward red-a
	run --separate-stderr -0 bt-attack -n -f s.yaml red-a blue-b
	assert_equal "$output" \
	    "red-a attacks blue-b: roll 2d20 and keep the higher (advantage: flank (CC-18)); 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
}

@test "CC-22 bt-attack -n on a defending target: 2d20, keep the lower, and the DM's --adv cancels it" {
	cp "$DATA/cc-fight-field.yaml" sc.yaml
	sed -i -E '/^  blue-b:/s/initiative: [0-9]+/initiative: 20/' sc.yaml
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
	bt-act -f s.yaml blue-b defend | bt-resolve > u.yaml
	mv u.yaml s.yaml
	run --separate-stderr -0 bt-attack -n -f s.yaml red-a blue-b
	assert_equal "$output" \
	    "red-a attacks blue-b: roll 2d20 and keep the lower (disadvantage: the target defends (CC-22)); 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
	run --separate-stderr -0 bt-attack -n --adv -f s.yaml red-a blue-b
	assert_equal "$output" \
	    "red-a attacks blue-b: roll a d20 (advantage: the DM's call; disadvantage: the target defends (CC-22)); 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
}

@test "CC-21 bt-move -n says the die of the opportunity attack the move sets off" {
	cc_fight
	sed -i -E '/^  blue-b:/s/initiative: [0-9]+/initiative: 20/' sc.yaml
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
	run --separate-stderr -0 bt-move -n -f s.yaml blue-b r
	assert_equal "$output" \
	    "red-a makes an opportunity attack (CC-21) on blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
	assert_equal "$stderr" ""
}

@test "D-1 bt-move -n of a move that rolls nothing says so" {
	cc_fight
	run --separate-stderr -0 bt-move -n -f s.yaml red-a cw
	assert_equal "$output" "no dice: the order rolls none"
}

@test "CL-1 bt-attack -n in clash: the d20, then the damage dice of a hit; given dice are used first" {
	lines_meet
	run --separate-stderr -0 bt-attack -n -r 12 -f s.yaml red-foot.1 blue-foot.1
	assert_equal "${lines[0]}" \
	    "red-foot.1 attacks blue-foot.1: roll a d20; 8 or more hits (AC 12); then roll 1d6+1 damage, its dice doubled on a natural 20"
	assert_equal "${lines[1]}" "red-foot.1 hits blue-foot.1: roll 1d6+1 damage"
	assert_equal "${#lines[@]}" 2
	assert_equal "$stderr" ""
}

@test "D-1 bt-attack -n of an order that would be refused: its refusal, exit 1, nothing on stdout" {
	cc_fight
	run --separate-stderr -1 bt-attack -n -f s.yaml blue-b red-a
	assert_equal "$output" ""
	assert_equal "$stderr" "bt-attack: refused (CC-6): it is the turn of 'red-a', not of 'blue-b'"
}

@test "D-1 -n is no order of bt-order's file: the line is refused" {
	cc_fight
	printf 'bt-attack -n red-a blue-b\n' > orders
	run --separate-stderr -2 bt-order -f s.yaml orders
	assert_equal "$output" ""
	assert_equal "${stderr_lines[0]}" \
	    "bt-order: orders:1: bt-attack: -n, --dry-run: a line of orders is played: try it with its own program's -n"
}

@test "D-1 bt-attack -n on a terminal prints the same sentence" {
	cc_fight
	run script -qec "bt-attack -n -f s.yaml red-a blue-b" /dev/null
	assert_equal "$status" 0
	assert_equal "${output%$'\r'}" \
	    "red-a attacks blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
}

@test "KM-2 bt-resolve -n that ends a kingdom round says both sides' Profession checks" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | bt-resolve | bt-resolve | bt-resolve > s.yaml
	run --separate-stderr -0 bt-resolve -n s.yaml
	assert_equal "${lines[0]}" "north: roll a d20: Profession (soldier) check against south's (KM-2), the higher total chooses to move first or last; a tie rolls again"
	assert_equal "${lines[1]}" "south: roll a d20: Profession (soldier) check against north's (KM-2)"
	assert_equal "${#lines[@]}" 2
}

@test "CL-8 bt-morale -n in clash: the Wisdom save and what holds" {
	lines_meet
	stand_set s.yaml blue-foot 1 '{hp: 0}'
	stand_set s.yaml blue-foot 2 '{at: [2, 2], hp: 0}'
	run --separate-stderr -0 bt-morale -n -f s.yaml blue-foot
	assert_equal "$output" "blue-foot checks morale (CL-8): roll a d20; 9 or more holds (DC 10), less breaks it"
}
