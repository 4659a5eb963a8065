#!/usr/bin/env bats
# --rolls ask and BT_ROLLS=ask (rule D-3): each die past those given with
# -r is asked on the terminal, one at a time, after the sentence of what
# it is for and what it needs (bt(7) Forced dice). The terminal is a
# pseudo-terminal that tests/pty-answer answers.
load helper
load clash

ANSWER="$BT_BUILDDIR/tests/pty-answer"

cc_fight() {
	cp "$DATA/cc-fight-field.yaml" sc.yaml
	[ -z "$1" ] || sed -i -E "/^  blue-b:/s/initiative: [0-9]+/initiative: $1/" sc.yaml
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
}

@test "D-3 --rolls ask: the sentence, a prompt per die, a wrong answer asked again, the die logged" {
	cc_fight
	run --separate-stderr -0 "$ANSWER" 21 14 -- sh -c 'bt-attack --rolls ask -f s.yaml red-a blue-b > t.yaml'
	assert_equal "$output" "red-a attacks blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)
d20? 21
not a d20 result: a whole number from 1 to 20
d20? 14"
	assert_equal "$stderr" ""
	assert_equal "$(log_rolls t.yaml attack)" "[d20=14]"
	assert_equal "$(field t.yaml units.blue-b.hp)" 3
}

@test "D-1 --rolls ask with advantage asks the two d20s one at a time" {
	cc_fight
	run --separate-stderr -0 "$ANSWER" 3 15 -- sh -c 'bt-attack -a -r ask -f s.yaml red-a blue-b > t.yaml'
	assert_equal "$output" "red-a attacks blue-b: roll 2d20 and keep the higher (advantage: the DM's call); 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)
d20, 1 of 2? 3
d20, 2 of 2? 15"
	assert_equal "$(log_rolls t.yaml attack)" "[d20=3, d20=15]"
}

@test "CC-21 BT_ROLLS=ask asks the die of the opportunity attack a move sets off" {
	cc_fight 20
	run --separate-stderr -0 "$ANSWER" 14 -- sh -c 'BT_ROLLS=ask bt-move -f s.yaml blue-b r > t.yaml'
	assert_equal "$output" "red-a makes an opportunity attack (CC-21) on blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)
d20? 14"
	assert_equal "$(log_rolls t.yaml attack)" "[d20=14]"
	assert_equal "$(field t.yaml units.blue-b.hp)" 3
}

@test "CL-1 BT_ROLLS=ask with -r: the given die first, then the damage dice asked" {
	lines_meet
	run --separate-stderr -0 "$ANSWER" 2 -- sh -c 'BT_ROLLS=ask bt-attack -r 12 -f s.yaml red-foot.1 blue-foot.1 > t.yaml'
	assert_equal "$output" "red-foot.1 hits blue-foot.1: roll 1d6+1 damage
d6? 2"
	assert_equal "$(log_rolls t.yaml attack)" "[d20=12, d6=2]"
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 3}"
}

@test "D-3 --rolls ask: an input that ends unanswered is exit 2, and -i leaves the file as it was" {
	cc_fight
	cp s.yaml before.yaml
	run --separate-stderr -2 "$ANSWER" -- bt-attack -i -r ask -f s.yaml red-a blue-b
	assert_equal "$output" "red-a attacks blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)
d20? ^D"
	assert_equal "$stderr" "bt-attack: --rolls ask: no answer for a d20: the input ended"
	cmp s.yaml before.yaml
}

@test "D-3 --rolls ask without a terminal is a usage error, exit 2, nothing written" {
	cc_fight
	run --separate-stderr -2 setsid -w bt-attack -r ask -f s.yaml red-a blue-b < /dev/null
	assert_equal "$output" ""
	assert_equal "$stderr" "bt-attack: --rolls ask: can't open the terminal /dev/tty: No such device or address"
}

@test "D-3 a dry run never asks: BT_ROLLS=ask with -n says the dice and rolls none on the terminal" {
	cc_fight
	run --separate-stderr -0 "$ANSWER" -- sh -c 'BT_ROLLS=ask bt-attack -n -f s.yaml red-a blue-b > said'
	assert_equal "$output" ""
	assert_equal "$(cat said)" "red-a attacks blue-b: roll a d20; 7 or more hits (AC 12); a natural 20 adds 1 damage (CC-19)"
}

@test "D-3 with -r and no ask, too few values for a reaction's die is refused, never rolled silently" {
	lines_meet
	cp s.yaml before.yaml
	run --separate-stderr -2 bt-attack -i -r 12 -f s.yaml red-foot.1 blue-foot.1
	assert_equal "$stderr" "bt-attack: too few --rolls values: 1 given, a d6 needed next"
	cmp s.yaml before.yaml
}

@test "CC-2 CC-4 bt-init --rolls ask: each setup roll's sentence, then its die" {
	run --separate-stderr -0 "$ANSWER" 12 20 5 -- sh -c "bt-init -r ask '$EXAMPLES/cc-field.yaml' > s.yaml"
	assert_equal "$output" "blue: roll a d20 for the contested Culture check (CC-2), +2; the highest deploys first or last as it chooses, a tie rolls again
d20? 12
red: roll a d20 for the contested Culture check (CC-2), +1; the highest deploys first or last as it chooses, a tie rolls again
d20? 20
the weather: roll a d20 on the table of CC-4: 1-13 clear, 14-15 fog, 16-17 heat, 18-19 rain, 20 the climate's extreme
d20? 5"
	assert_equal "$(log_rolls s.yaml culture)" "[d20=12, d20=20]"
	assert_equal "$(field s.yaml weather)" clear
	assert_equal "$(field s.yaml deploy-first)" blue
}

@test "D-3 bt-roll --rolls ask: the DM's roll, named by --what, asked die by die" {
	bt-init --seed 1 "$EXAMPLES/cc-field.yaml" > s.yaml
	run --separate-stderr -0 "$ANSWER" 4 5 -- sh -c 'bt-roll -i -r ask -w "the bridge holds" -f s.yaml 2d6+1'
	assert_equal "$output" "the bridge holds: roll 2d6+1
d6, 1 of 2? 4
d6, 2 of 2? 5"
	assert_equal "$(log_rolls s.yaml roll)" "[d6=4, d6=5]"
}
