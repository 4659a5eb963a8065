#!/usr/bin/env bats
# Dice (D-1 to D-3), driven through bt-roll and bt-init.
load helper

last_text() { grep '^  text: ' "$1" | tail -n 1 | sed 's/^  text: //'; }
last_rolls() { grep '^  rolls: ' "$1" | tail -n 1 | sed 's/^  rolls: //'; }

@test "D-1 a d20 with advantage rolls two and keeps the higher" {
	cc_state > s.yaml
	run -0 bt-roll --adv -r 5,17 -f s.yaml -i d20
	assert_equal "$(last_rolls s.yaml)" "[d20=5, d20=17]"
	assert_equal "$(last_text s.yaml)" "the DM's 1d20 rolled 5 and 17, keeping 17 (advantage) = 17"
}

@test "D-1 a d20 with disadvantage rolls two and keeps the lower" {
	cc_state > s.yaml
	run -0 bt-roll --dis -r 5,17 -f s.yaml -i d20
	assert_equal "$(last_rolls s.yaml)" "[d20=5, d20=17]"
	assert_equal "$(last_text s.yaml)" "the DM's 1d20 rolled 5 and 17, keeping 5 (disadvantage) = 5"
}

@test "D-1 NdM+K adds N dice of M sides and K" {
	cc_state > s.yaml
	run --separate-stderr -0 bt-roll -r 6,1,4 -i -f s.yaml 3d6-2
	assert_equal "$stderr" "bt-roll: the DM's 3d6-2 rolled 6 + 1 + 4 - 2 = 9"
	assert_equal "$(last_rolls s.yaml)" "[d6=6, d6=1, d6=4]"
}

@test "D-1 d100 is one die of 1 to 100" {
	cc_state > s.yaml
	run -0 bt-roll -r 100 -i -f s.yaml d100
	assert_equal "$(last_rolls s.yaml)" "[d100=100]"
	run -2 bt-roll -r 101 -f s.yaml d100
}

@test "D-1 the generator's dice stay within the die and show every face" {
	cc_state > s.yaml
	for i in 1 2 3 4 5 6 7 8 9 10; do
		bt-roll -i -f s.yaml 100d20 2>/dev/null
	done
	grep '^  rolls: ' s.yaml | tail -n 10 | grep -o 'd20=[0-9]*' |
		sed 's/d20=//' | sort -n | uniq > faces
	assert_equal "$(wc -l < faces)" 20
	assert_equal "$(head -n 1 faces)" 1
	assert_equal "$(tail -n 1 faces)" 20
}

@test "D-1 advantage is only for a d20; bad dice are a usage error" {
	cc_state > s.yaml
	run --separate-stderr -2 bt-roll --adv -f s.yaml 2d6
	assert_output ""
	[[ "$stderr" == "bt-roll: --adv and --dis are for a d20, not '2d6'"* ]]
	run --separate-stderr -2 bt-roll -f s.yaml 2x6
	[[ "$stderr" == "bt-roll: bad dice '2x6': d20, d100 or NdM+K"* ]]
}

@test "D-2 the same state and the same command give the same result" {
	cc_state > s.yaml
	bt-roll -f s.yaml 4d6 > a.yaml 2>/dev/null
	bt-roll -f s.yaml 4d6 > b.yaml 2>/dev/null
	cmp a.yaml b.yaml
}

@test "D-2 every unforced roll advances the stored generator, and is logged" {
	cc_state > s.yaml
	bt-roll -w "the bridge holds" -f s.yaml d20 > a.yaml 2>/dev/null
	[ "$(field s.yaml rng)" != "$(field a.yaml rng)" ]
	bt-roll -f a.yaml d20 > b.yaml 2>/dev/null
	[ "$(field a.yaml rng)" != "$(field b.yaml rng)" ]
	[[ "$(grep -c 'event: roll' b.yaml)" == 2 ]]
	grep -q '^  text: the bridge holds, 1d20 rolled ' a.yaml
}

@test "D-2 the generator is PCG32 and gives the same dice on every machine" {
	# Golden: seed 1 on the small example must give exactly these rolls.
	run -0 bt-init --seed 1 "$EXAMPLES/cc-skirmish.yaml"
	printf '%s\n' "$output" > s.yaml
	cmp s.yaml "$DATA/cc-skirmish-seed1.out.yaml"
}

@test "D-3 forced values are used in order and leave the generator alone" {
	cc_state > s.yaml
	bt-roll -r 3,4 -f s.yaml 2d6 > a.yaml 2>/dev/null
	assert_equal "$(field a.yaml rng)" "$(field s.yaml rng)"
	assert_equal "$(last_rolls a.yaml)" "[d6=3, d6=4]"
}

@test "D-3 too few forced values: exit 2 and nothing written" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	run --separate-stderr -2 bt-roll -r 3 -f s.yaml 2d6
	assert_output ""
	assert_equal "$stderr" "bt-roll: too few --rolls values: 1 given, a d6 needed next"
	run -2 bt-roll -i -r 3 -f s.yaml 2d6
	cmp s.yaml before.yaml
}

@test "D-3 a forced value outside its die: exit 2 and nothing written" {
	cc_state > s.yaml
	run --separate-stderr -2 bt-roll -r 3,7 -f s.yaml 2d6
	assert_output ""
	assert_equal "$stderr" "bt-roll: --rolls value 7 (number 2) is not a d6 result (1-6)"
}

@test "D-3 a malformed --rolls list is a usage error" {
	cc_state > s.yaml
	for bad in "" "a" "3,,4" "0" "-1" "3,4," "4.5"; do
		run --separate-stderr -2 bt-roll -r "$bad" -f s.yaml d6
		assert_output ""
		[[ "$stderr" == "bt-roll: bad --rolls '$bad': "* ]]
	done
}

@test "D-3 forced values left over are ignored with a warning" {
	cc_state > s.yaml
	run --separate-stderr -0 bt-roll -r 3,4,5 -f s.yaml d6
	[[ "$stderr" == *"bt-roll: warning: 2 --rolls values left over, ignored"* ]]
}

@test "D-3 bt-init takes forced dice in the order of CLI.md: culture, weather, ties" {
	# blue then red (id order) for Culture, then the weather d20.
	run -0 bt-init --seed 1 -r 10,5,14 "$EXAMPLES/cc-skirmish.yaml"
	printf '%s\n' "$output" > s.yaml
	grep -q 'rolls: \[d20=10, d20=5\]' s.yaml
	grep -q 'rolls: \[d20=14\]' s.yaml
	assert_equal "$(field s.yaml weather)" fog
}

@test "D-1 advantage and disadvantage together cancel: one d20" {
	cc_state > s.yaml
	run -0 bt-roll --adv --dis -r 5 -f s.yaml -i d20
	assert_equal "$(last_rolls s.yaml)" "[d20=5]"
}

@test "bt-roll refuses a --what that is not one line of UTF-8 text" {
	cc_state > s.yaml
	run --separate-stderr -2 bt-roll -w $'\xff' -f s.yaml d20
	assert_output ""
	[[ "$stderr" == "bt-roll: bad --what: it must be UTF-8 text on one line"* ]]
	run --separate-stderr -2 bt-roll -w $'two\nlines' -f s.yaml d20
}

@test "bt-roll refuses to roll once the battle is over, naming the rule (CC-1)" {
	cc_state | sed -e '/^active: /d' -e 's/^log:$/result:\n  winner: red\n  reason: blue is routed\n&/' > s.yaml
	run -0 bt-check -q s.yaml
	run --separate-stderr -1 bt-roll -f s.yaml d20
	assert_output ""
	assert_equal "$stderr" "bt-roll: refused (CC-1): the battle is over (red won: blue is routed)"
}
