#!/usr/bin/env bats
# bt-render: the text map, the units over their squares, the table, colour.
load helper

# The two characters bt-render draws for square X,Y (file $1).
cell() {
	awk -v x="$2" -v y="$3" '
	substr($0, 1, 4) == sprintf("%3d ", y) { print substr($0, 5 + 2 * x, 2); exit }
	' "$1"
}

@test "the map has axes on all four sides and one terrain letter a square" {
	cc_state | bt-render > out
	assert_equal "$(sed -n 3,4p out)" "                        1 1 
    0 1 2 3 4 5 6 7 8 9 0 1 "
	grep -q '^  3 w w w w w w \. \. w w w w 3$' out
	assert_equal "$(cell out 4 1)" "h "
	assert_equal "$(cell out 9 2)" "f "
}

@test "the heading names the battle, the round, whose turn and the weather" {
	cc_state | bt-render > out
	assert_equal "$(head -n 1 out)" "Skirmish at the ford (cc), round 1, blue-hydra to act, weather heat"
}

@test "each unit is drawn over its whole footprint with its facing on its front" {
	cc_state | bt-render > out
	# red-foot (2x1 at 6,2 facing s) is red's second unit, after blue's
	# two: 'D'.
	assert_equal "$(cell out 6 2)$(cell out 7 2)" "DvDv"
	# the hydra has four fronts; blue-spears faces north.
	assert_equal "$(cell out 6 5)" "A*"
	assert_equal "$(cell out 8 6)$(cell out 9 6)" "B^B^"
}

@test "a deeper unit shows its arrow only on its front rank" {
	cc_state | sed '/^  red-foot:/,/^  [a-z]/s/^    size: \[2, 1\]/    size: [1, 2]/;/^  red-foot:/,/^  [a-z]/s/^    at: \[6, 2\]/    at: [6, 1]/;/^  red-foot:/,/^  [a-z]/s/^    facing: s/    facing: e/' > s.yaml
	bt-render s.yaml > out
	assert_equal "$(cell out 6 1)$(cell out 6 2)" "D>D>"
	cc_state | sed '/^  red-foot:/,/^  [a-z]/s/^    size: \[2, 1\]/    size: [1, 2]/;/^  red-foot:/,/^  [a-z]/s/^    at: \[6, 2\]/    at: [6, 1]/' > t.yaml
	bt-render t.yaml > out2
	assert_equal "$(cell out2 6 1)$(cell out2 6 2)" "DDDv"
}

@test "a unit moved one square is drawn one square further" {
	cc_state > s.yaml
	sed 's/^    at: \[8, 6\]$/    at: [8, 7]/' s.yaml > t.yaml
	bt-render t.yaml > out
	assert_equal "$(cell out 8 6)" ". "
	assert_equal "$(cell out 8 7)" "B^"
}

@test "the table lists every unit with side, place, terrain, facing, HP, status and name, the active one marked" {
	cc_state > s.yaml
	sed -i '/^  red-foot:/,/^  [a-z]/{s/^    hp: 5$/    hp: 0/;s/^    weight: 4$/&\n    status: [broken]/}' s.yaml
	bt-render s.yaml > out
	assert_equal "$(sed -n '/^    unit /,/^$/p' out)" "    unit         side  at        on    facing  hp     status   name
A > blue-hydra   blue  6,5       open  all     6/6    -        River hydra
B   blue-spears  blue  8,6       open  n       4/4    -        Levy spearmen
C   red-bows     red   5,1       hill  s       3/3    -        Longbows
D   red-foot     red   6,2       open  s       0/5    broken   Heavy infantry
E   red-horse    red   -         -     s       4/4    reserve  Knights of the Ford"
}

@test "a tag is never a terrain letter: uppercase, each side's a run, a unit in a forest is 'AA', the forest 'f '" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | sed '/^  north-bows:/,/^  [a-z]/s/^    at: \[6, 1\]/    at: [5, 1]/' > s.yaml
	bt-render s.yaml > out
	assert_equal "$(cell out 4 1)$(cell out 5 1)" "f AA"
	grep -q '^A   north-bows   north  5,1       forest  ' out
	# no lowercase letter but terrain on the map
	! sed -n '/^  [0-9] /p' out | cut -c5-24 | grep -q '[a-z][^ ]'
}

@test "the map ends with a key of its terrain letters and each side's tags" {
	cc_state | bt-render > out
	assert_equal "$(sed -n '/^Terrain: /,+1p' out)" "Terrain: . open, f forest, h hill, w water
Units: blue A, B; red C-E"
	# the key comes right under the bottom axis
	assert_equal "$(grep -B 1 '^Terrain: ' out | head -n 1)" "    0 1 2 3 4 5 6 7 8 9 0 1 "
}

@test "CC-5 the turn order under the table: who has acted, who is to act" {
	cc_state | bt-move blue-hydra f f | bt-attack -r 3 blue-hydra red-foot > s.yaml
	bt-render s.yaml > out
	assert_equal "$(grep '^Order:' out)" "Order: A blue-hydra (to act, has acted), C red-bows, D red-foot, B blue-spears"
	bt-resolve s.yaml > t.yaml
	bt-render t.yaml > out2
	assert_equal "$(grep '^Order:' out2)" "Order: A blue-hydra (acted), C red-bows (to act), D red-foot, B blue-spears"
	grep -q '^C > red-bows ' out2
}

@test "CC-22 CC-25 CC-26 CC-21 the table shows Defend, a readied attack, Support and a used reaction" {
	cc_state > s.yaml
	sed -i '/^  blue-spears:/,/^  [a-z]/s/^    weight: 3$/&\n    status: [defending]\n    reacted: true\n    supported-by: blue-hydra/' s.yaml
	sed -i '/^  red-bows:/,/^  [a-z]/s/^    weight: [0-9]*$/&\n    ready: {trigger: range, target: blue-hydra}/' s.yaml
	run -0 bt-check -q s.yaml
	bt-render s.yaml > out
	grep -q '^B   blue-spears  blue  8,6 .* defending,supported by blue-hydra, reaction used  Levy spearmen$' out
	grep -q '^C   red-bows .* ready (shoots in range of blue-hydra) *Longbows$' out
}

@test "in colour the active unit's squares are in reverse video" {
	cc_state | bt-render --color=always > out
	grep -q $'\033\\[1;34m\033\\[7mA\\*\033\\[0m' out
	grep -q $'\033\\[1;34mB^\033\\[0m' out
}

@test "a destroyed unit leaves the map but stays in the table" {
	cc_state > s.yaml
	sed -i '/^  blue-spears:/,/^  [a-z]/{/^    at: /d;s/^    hp: 4$/    hp: -1/;s/^    weight: 3$/&\n    status: [destroyed]/}' s.yaml
	sed -i '/^- blue-spears$/d' s.yaml
	run -0 bt-check -q s.yaml
	bt-render s.yaml > out
	assert_equal "$(cell out 8 6)$(cell out 9 6)" ". . "
	grep -q '^B   blue-spears  blue  -         -     n       -1/4   destroyed  Levy spearmen$' out
}

@test "no colour when the output is not a terminal" {
	cc_state | bt-render > out
	! grep -q $'\033' out
}

@test "colour on a terminal, and never with NO_COLOR or TERM=dumb" {
	command -v script >/dev/null || skip "script(1) is not installed"
	cc_state > s.yaml
	TERM=xterm script -qec "bt-render s.yaml" /dev/null > tty.out
	grep -q $'\033\\[1;31m' tty.out
	NO_COLOR=1 TERM=xterm script -qec "bt-render s.yaml" /dev/null > tty2.out
	! grep -q $'\033' tty2.out
	TERM=dumb script -qec "bt-render s.yaml" /dev/null > tty3.out
	! grep -q $'\033' tty3.out
}

@test "--color=always and --color=never override the terminal test" {
	cc_state > s.yaml
	NO_COLOR=1 bt-render --color=always s.yaml > out
	grep -q $'\033\\[1;34m\033\\[7mA\\*\033\\[0m' out
	bt-render --color=never s.yaml > out2
	! grep -q $'\033' out2
	run --separate-stderr -2 bt-render --color=sometimes s.yaml
	assert_equal "$stderr" "bt-render: bad --color 'sometimes': auto, always or never
usage: bt-render [--color=when] [-F format] [--paper=a4|letter] [-f file | file]"
}

@test "kingdom armies and clash stands are drawn on their squares" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | bt-render > k.out
	assert_equal "$(head -n 1 k.out)" "Battle of Greywater Pass (kingdom), round 1, maneuver phase"
	assert_equal "$(cell k.out 3 1)" "BB"
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" | bt-render > c.out
	assert_equal "$(cell c.out 4 5)$(cell c.out 7 5)" "A1A4"
	assert_equal "$(cell c.out 5 0)" "C1"
	grep -q '^A   raider-band  raiders  4,5       open  -       4/4 stands 9 9 9 9  -       Raiders$' c.out
}

@test "a bad state is not drawn: exit 3 and nothing on stdout" {
	cc_state | sed 's/^    hp: 6$/    hp: 60/' > s.yaml
	run --separate-stderr -3 bt-render s.yaml
	assert_output ""
	[[ "$stderr" == *"unit 'blue-hydra' has 60 HP, more than its max-hp 6" ]]
}

@test "--format log: the log as sentences, round by round, every roll shown" {
	bt-init --seed 1 "$EXAMPLES/cc-skirmish.yaml" | bt-move blue-hydra f f |
	    bt-attack -r 15 blue-hydra red-foot | bt-resolve > s.yaml
	run --separate-stderr -0 bt-render --format=log s.yaml
	assert_line --index 0 "Skirmish at the ford (cc)"
	assert_line --index 1 "Round 1"
	assert_line "  blue-hydra attacks red-foot: 15 + 4 + 1 - 1 weather = 19 against AC 15, hit, 2 damage, 3/5 HP left"
	# no result yet; the title, the round's heading, a line an entry
	refute_line --partial "Result:"
	[ "${#lines[@]}" -eq "$(($(grep -c '^- round: ' s.yaml) + 2))" ]
}

@test "--format report: each side's units and HP, the losses, and the kingdom aftermath (KM-14)" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | bt-act north-guard ceasefire |
	    bt-act south-levy ceasefire > s.yaml
	run --separate-stderr -0 bt-render -F report s.yaml
	assert_line --index 1 "Result: draw (both sides agreed to a ceasefire (KM-15))"
	assert_line "north: 2 of 2 units in the battle, 38 of 38 HP"
	assert_line "Aftermath (KM-14 to KM-17)"
	assert_line "    north-bows: HP 16/16, Shots 3/3, Morale 1"
	# a destroyed army is a loss of its side
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | sed 's/^    hp: 15$/    hp: 0/' |
	    bt-resolve | bt-resolve | bt-resolve | bt-resolve -r 10,10 > t.yaml
	run --separate-stderr -0 bt-render -F report t.yaml
	assert_line "south: 1 of 2 units in the battle, 20 of 35 HP; lost: south-levy (destroyed)"
}

@test "--format: a bad format is a usage error; a picture is not written to a terminal" {
	cc_state > s.yaml
	run --separate-stderr -2 bt-render -F jpg s.yaml
	assert_output ""
	[[ "$stderr" == "bt-render: bad --format 'jpg': text, log, report, json, csv, png, svg or pdf"* ]]
	command -v script >/dev/null || skip "script(1) is not installed"
	run script -qec "bt-render -F png s.yaml" /dev/null
	[[ "$output" == *"bt-render: a png picture is not for a terminal: redirect it to a file"* ]]
}
