#!/usr/bin/env bats
# kingdom: the turn's phases (KM-1), the maneuver phase (KM-2: who moves
# first, Maneuver, terrain, contact; KM-4: disengaging) and the
# commanders' choices (KM-3: strategy and tactic). Each test builds its
# battle on the kingdom field (tests/data/kingdom-field.yaml): blue's b1
# and red's r1, Maneuver 3 against Maneuver DC 12, Morale +1. bt-init
# rolls blue 10 + 3 against red 5 + 1: blue wins and moves last, so red
# moves first. Dice are forced.
load helper
load kingdom

# --- building the battle ---

# side_set FILE SIDE KEY VALUE
side_set() {
	sed -i -e "/^  $2:\$/,/^  [^ ]/{/^    $3: /d;}" \
	    -e "/^  $2:\$/,/^  [^ ]/s/^    commander: .*/&\n    $3: $4/" "$1"
}

# start [SIDE]: the battle of sc.yaml started in s.yaml: red moves first,
# or SIDE, set by hand, so that its armies move without waiting (KM-2).
start() {
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
	[ -z "${1-}" ] || sed -i "s/^first: .*/first: $1/" s.yaml
}

# state_set FILE KEY VALUE: a top-level key of a state (round, phase).
state_set() {
	sed -i "s/^$2: .*/$2: $3/" "$1"
}

# --- KM-1 the turn's phases ---

@test "KM-1 bt-resolve ends each phase in turn: maneuver, ranged, melee, resolution" {
	scenario
	start
	assert_equal "$(field s.yaml round)" 1
	assert_equal "$(field s.yaml phase)" maneuver
	local p
	# with no orders nothing rolls: the forced value is left over
	for p in ranged melee resolution; do
		run --separate-stderr -0 bt-resolve -r 20 s.yaml
		assert_equal "$stderr" "bt-resolve: warning: 1 --rolls value left over, ignored"
		printf '%s\n' "$output" > s.yaml
		assert_equal "$(field s.yaml phase)" $p
		assert_equal "$(field s.yaml round)" 1
	done
}

# --- KM-2 who moves first ---

@test "KM-2 bt-init rolls a d20 per side, in id order, plus profession; the winner moves last" {
	scenario
	start
	assert_equal "$(log_rolls s.yaml maneuver)" "[d20=10, d20=5]"
	assert_equal "$(log_text s.yaml maneuver)" \
	    "Profession (soldier) checks (KM-2): blue 10 + 3 = 13 against red 5 + 1 = 6; blue wins and moves last"
	assert_equal "$(field s.yaml first)" red
	assert_equal "$(field s.yaml phase)" maneuver
	bt-init --seed 1 -r 2,5 sc.yaml > t.yaml
	assert_equal "$(log_text t.yaml maneuver)" \
	    "Profession (soldier) checks (KM-2): blue 2 + 3 = 5 against red 5 + 1 = 6; red wins and moves last"
	assert_equal "$(field t.yaml first)" blue
}

@test "KM-2 a winner whose side chose to move first moves first" {
	scenario
	side_set sc.yaml blue moves first
	start
	assert_equal "$(log_text s.yaml maneuver)" \
	    "Profession (soldier) checks (KM-2): blue 10 + 3 = 13 against red 5 + 1 = 6; blue wins and moves first"
	assert_equal "$(field s.yaml first)" blue
	# the loser's choice counts for nothing
	bt-init --seed 1 -r 1,5 sc.yaml > t.yaml
	assert_equal "$(field t.yaml first)" blue
}

@test "KM-2 equal totals are rolled again" {
	scenario
	bt-init --seed 1 -r 7,9,4,12 sc.yaml > s.yaml
	assert_equal "$(log_rolls s.yaml maneuver)" "[d20=7, d20=9, d20=4, d20=12]"
	assert_equal "$(log_text s.yaml maneuver)" \
	    "Profession (soldier) checks (KM-2): blue 7 + 3 = 10 against red 9 + 1 = 10; a tie, rolled again; blue 4 + 3 = 7 against red 12 + 1 = 13; red wins and moves last"
	assert_equal "$(field s.yaml first)" blue
	run --separate-stderr -2 bt-init --seed 1 -r 7,9 sc.yaml
	assert_output ""
}

# --- KM-2 moving ---

@test "KM-2 an army moves up to its Maneuver rating in 8 directions, over several orders" {
	scenario
	start blue
	bt-move -f s.yaml b1 s se > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[2, 3]"
	assert_equal "$(turn_of t.yaml b1 moved)" 2
	assert_equal "$(log_text t.yaml move)" "b1 moves s se to [2, 3] (2 of 3 Maneuver)"
	bt-move -f t.yaml b1 e > u.yaml
	assert_equal "$(field u.yaml units.b1.at)" "[3, 3]"
	assert_equal "$(turn_of u.yaml b1 moved)" 3
	assert_equal "$(log_text u.yaml move)" "b1 moves e to [3, 3] (3 of 3 Maneuver)"
	place b1 5 3
	start blue
	local step want
	for step in n:5,2 ne:6,2 e:6,3 se:6,4 s:5,4 sw:4,4 w:4,3 nw:4,2; do
		want=${step#*:}
		bt-move -f s.yaml b1 "${step%:*}" > t.yaml
		assert_equal "$(field t.yaml units.b1.at)" "[${want%,*}, ${want#*,}]"
	done
}

@test "KM-2 an order refused for its cost tells the whole order's cost, where it goes over, and a later step off the map" {
	scenario
	start blue
	cp s.yaml before.yaml
	run --separate-stderr -1 bt-move -i -f s.yaml b1 s s s s s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' has 3 squares of Maneuver left; the order needs at least 4 and goes over at step 4 (s to [1, 5]): 1 for s to [1, 2], 1 for s to [1, 3], 1 for s to [1, 4], 1 for s to [1, 5]; then step 5 (s) can't be taken"
	cmp s.yaml before.yaml
}

@test "KM-2 an order past the Maneuver rating is refused whole" {
	scenario
	start blue
	run --separate-stderr -1 bt-move -f s.yaml b1 s s s s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' has 3 squares of Maneuver left; the order needs 4 and goes over at step 4 (s to [1, 5]): 1 for s to [1, 2], 1 for s to [1, 3], 1 for s to [1, 4], 1 for s to [1, 5]"
	bt-move -f s.yaml b1 s s > t.yaml
	run --separate-stderr -1 bt-move -f t.yaml b1 s s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' has 1 square of Maneuver left; the order needs 2 and goes over at step 2 (s to [1, 5]): 1 for s to [1, 4], 1 for s to [1, 5]"
	bt-move -f t.yaml b1 sw > u.yaml
	assert_equal "$(field u.yaml units.b1.at)" "[0, 4]"
	assert_equal "$(turn_of u.yaml b1 moved)" 3
}

@test "KM-2 a step into difficult terrain costs 2 squares" {
	scenario
	start blue
	bt-move -f s.yaml b1 e e > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[3, 1]"
	assert_equal "$(turn_of t.yaml b1 moved)" 3
	assert_equal "$(log_text t.yaml move)" "b1 moves e e to [3, 1] (3 of 3 Maneuver)"
	# out of the forest onto open ground costs 1
	place b1 3 1
	start blue
	bt-move -f s.yaml b1 e e e > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[6, 1]"
	place b1 0 1
	start blue
	run --separate-stderr -1 bt-move -f s.yaml b1 e e e
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' has 3 squares of Maneuver left; the order needs 4 and goes over at step 3 (e to [3, 1]): 1 for e to [1, 1], 1 for e to [2, 1], 2 for e to [3, 1] (difficult)"
	# the steps past the one that goes over are counted too
	run --separate-stderr -1 bt-move -f s.yaml b1 e e e e
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' has 3 squares of Maneuver left; the order needs 5 and goes over at step 3 (e to [3, 1]): 1 for e to [1, 1], 1 for e to [2, 1], 2 for e to [3, 1] (difficult), 1 for e to [4, 1]"
	# two squares wide, it pays 2 when any square it newly enters is
	# difficult
	scenario
	unit_set sc.yaml b1 size "[2, 1]"
	start blue
	bt-move -f s.yaml b1 e > t.yaml
	assert_equal "$(log_text t.yaml move)" "b1 moves e to [2, 1] (2 of 3 Maneuver)"
	bt-move -f s.yaml b1 s s s > t.yaml
	assert_equal "$(log_text t.yaml move)" "b1 moves s s s to [1, 4] (3 of 3 Maneuver)"
}

@test "KM-2 impassable ground, the map's edge and other armies can't be entered" {
	scenario
	army b2 blue 0 0
	start blue
	run --separate-stderr -1 bt-move -f s.yaml b1 se e
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): step 2 (e) of 'b1' leads off the map, into impassable ground or into another army"
	run --separate-stderr -1 bt-move -f s.yaml b1 n n
	assert_equal "$stderr" "bt-move: refused (KM-2): step 2 (n) of 'b1' leads off the map, into impassable ground or into another army"
	run --separate-stderr -1 bt-move -f s.yaml b1 nw
	assert_equal "$stderr" "bt-move: refused (KM-2): step 1 (nw) of 'b1' leads off the map, into impassable ground or into another army"
}

@test "KM-2 --to takes the cheapest path, around difficult and impassable ground" {
	scenario
	start blue
	# e e e would cost 4 through the forest at [3, 1]
	bt-move -f s.yaml --to 4,1 b1 > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[4, 1]"
	assert_equal "$(turn_of t.yaml b1 moved)" 3
	run --separate-stderr -1 bt-move -f s.yaml --to 5,1 b1
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' can't reach [5, 1] with the 3 squares of Maneuver it has left"
	run --separate-stderr -1 bt-move -f s.yaml --to 3,2 b1
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' can't reach [3, 2] with the 3 squares of Maneuver it has left"
}

@test "KM-2 the side that moves first moves in the first step; the other side moves once each of its armies has ended its move" {
	scenario
	army r2 red 8 0
	start
	assert_equal "$(field s.yaml first)" red
	bt-move -f s.yaml r1 w > t.yaml
	bt-move -f t.yaml r1 w > u.yaml
	# r1 has Maneuver left: its move is not over
	run --separate-stderr -1 bt-move -f u.yaml b1 s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'red' moves first this turn, and its army 'r1' may still move: move it, or end its move with 'bt-act r1 stand'"
	bt-move -f u.yaml r1 w > v.yaml
	run --separate-stderr -1 bt-move -f v.yaml b1 s
	assert_equal "$stderr" "bt-move: refused (KM-2): 'red' moves first this turn, and its army 'r2' may still move: move it, or end its move with 'bt-act r2 stand'"
	bt-act -f v.yaml r2 stand > w.yaml
	assert_equal "$(turn_of w.yaml r2 halted)" stand
	assert_equal "$(log_text w.yaml stand)" "r2 stands: it moves no more this turn (KM-2)"
	bt-move -f w.yaml b1 s > x.yaml
	assert_equal "$(field x.yaml units.b1.at)" "[1, 2]"
	run --separate-stderr -1 bt-move -f x.yaml r2 s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'r2' stands this turn: it moves no more"
	run --separate-stderr -1 bt-move -f x.yaml r1 w
	assert_equal "$stderr" "bt-move: refused (KM-2): 'r1' has 0 squares of Maneuver left; the order needs 1 and goes over at step 1 (w to [4, 4]): 1 for w to [4, 4]"
	bt-move -f x.yaml b1 s > y.yaml
	assert_equal "$(field y.yaml units.b1.at)" "[1, 3]"
}

@test "KM-2 the side that moves second can't take the first step: the winner's choice stands" {
	scenario
	start
	# blue moves last; it tries first, and is told what to do
	run --separate-stderr -1 bt-move -f s.yaml b1 s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'red' moves first this turn, and its army 'r1' may still move: move it, or end its move with 'bt-act r1 stand'"
	run --separate-stderr -1 bt-move --disengage -r 20 -f s.yaml b1 s
	assert_equal "$stderr" "bt-move: refused (KM-2): 'red' moves first this turn, and its army 'r1' may still move: move it, or end its move with 'bt-act r1 stand'"
	# red's first step is whole
	bt-move -f s.yaml r1 w w > t.yaml
	assert_equal "$(field t.yaml units.r1.at)" "[6, 4]"
	bt-act -f t.yaml r1 stand > u.yaml
	bt-move -f u.yaml b1 s > v.yaml
	assert_equal "$(field v.yaml units.b1.at)" "[1, 2]"
	# standing is chosen in the maneuver phase
	sed -i 's/^phase: .*/phase: ranged/' s.yaml
	run --separate-stderr -1 bt-act -f s.yaml r1 stand
	assert_equal "$stderr" "bt-act: refused (KM-2): an army stands in the maneuver phase; it is the ranged phase"
}

@test "KM-2 a step that comes into contact with a hostile army ends the move" {
	scenario
	place b1 1 4
	place r1 5 4
	unit_set sc.yaml b1 maneuver 5
	start blue
	run --separate-stderr -0 bt-move -f s.yaml b1 e e e e
	assert_equal "$stderr" "bt-move: 'b1' stopped at [4, 4] in contact with 'r1' (KM-2); the rest of the order was dropped"
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[4, 4]"
	assert_equal "$(log_text t.yaml move)" \
	    "b1 moves e e e to [4, 4] (3 of 5 Maneuver) and stops in contact with r1 (KM-2)"
	assert_equal "$(turn_of t.yaml b1 halted)" contact
	# the Maneuver left can't take it further this turn
	run --separate-stderr -1 bt-move -f t.yaml b1 w
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' stopped when it came into contact with a hostile army this turn: it moves no more"
	# diagonal contact counts (G-1)
	bt-move -f s.yaml b1 e e ne > u.yaml
	assert_equal "$(log_text u.yaml move)" \
	    "b1 moves e e ne to [4, 3] (3 of 5 Maneuver) and stops in contact with r1 (KM-2)"
}

@test "KM-2 --to goes around a hostile army rather than pass next to it" {
	scenario
	place b1 1 4
	place r1 5 4
	unit_set sc.yaml b1 maneuver 7
	start blue
	# six steps straight east pass next to r1; around it by the north takes 7
	bt-move -f s.yaml --to 7,4 b1 > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[7, 4]"
	assert_equal "$(turn_of t.yaml b1 moved)" 7
	unit_set sc.yaml b1 maneuver 6
	start blue
	run --separate-stderr -1 bt-move -f s.yaml --to 7,4 b1
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' can't reach [7, 4] with the 6 squares of Maneuver it has left"
}

@test "KM-2 an army an enemy moved into contact with in the first step is not engaged: it moves in the second without a roll (KM-4)" {
	scenario
	place b1 1 4
	place r1 5 4
	start
	bt-move -f s.yaml r1 w w w > t.yaml
	assert_equal "$(log_text t.yaml move)" \
	    "r1 moves w w w to [2, 4] (3 of 3 Maneuver) and stops in contact with b1 (KM-2)"
	run --separate-stderr -0 bt-move -r 9 -f t.yaml b1 nw
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.b1.at)" "[0, 3]"
	assert_equal "$(log_count u.yaml disengage)" 0
	assert_equal "$(turn_of u.yaml b1 disengage)" ""
}

@test "KM-2 an army an enemy moved into contact with in the first step may only disengage: a first step that keeps contact is refused" {
	scenario
	place b1 1 4
	place r1 5 4
	start
	bt-move -f s.yaml r1 w w w > t.yaml
	# [1, 5] is still next to r1 at [2, 4]
	run --separate-stderr -1 bt-move -f t.yaml b1 s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'r1' moved into contact with 'b1' in the first step: 'b1' may only disengage, and its first step (s) keeps it next to 'r1'; step away, or end its move with 'bt-act b1 stand'"
	# sliding along r1's front to its flank is not disengaging
	run --separate-stderr -1 bt-move -f t.yaml b1 --to 3,5
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' can't reach [3, 5] with the 3 squares of Maneuver it has left on a way whose first step takes it out of contact with 'r1', which moved into contact with it in the first step"
	# a square it can't reach anyway is refused for that alone
	run --separate-stderr -1 bt-move -f t.yaml b1 --to 1,6
	assert_equal "$stderr" "bt-move: refused (KM-2): 'b1' can't reach [1, 6] with the 3 squares of Maneuver it has left"
}

@test "KM-2 a held army's --to and its listed moves step out of contact first; it may come back into contact, which ends its move" {
	scenario
	place b1 1 4
	place r1 5 4
	start
	bt-move -f s.yaml r1 w w w > t.yaml
	# [1, 5] is next to r1: the way there steps away first (sw or w)
	bt-move -f t.yaml b1 --to 1,5 > u.yaml
	assert_equal "$(field u.yaml units.b1.at)" "[1, 5]"
	[[ "$(log_text u.yaml move | tail -1)" =~ ^"b1 moves "(sw|w)" " ]] ||
		fail "$(log_text u.yaml move | tail -1)"
	run bt-options --unit b1 t.yaml
	assert_success
	assert_line --regexp '^bt-move b1 --to 1,5 +# to \[1, 5\], cost 2$'
	refute_line --partial 'bt-move b1 --to 2,5 '
	# [1, 3] is next to r1 too: not in one step n, but in two
	assert_line --regexp '^bt-move b1 --to 1,3 +# to \[1, 3\], cost 2$'
}

@test "KM-2 an army of the side that moves first is never held: next to an enemy, it moves along its front" {
	scenario
	place b1 1 4
	place r1 2 3
	start
	# red moves first; r1 starts next to b1 and steps along its front
	bt-move -f s.yaml r1 s > t.yaml
	assert_equal "$(field t.yaml units.r1.at)" "[2, 4]"
}

@test "KM-2 armies move in the maneuver phase only; an unknown army or step is a usage error" {
	scenario
	start blue
	state_set s.yaml phase ranged
	run --separate-stderr -1 bt-move -f s.yaml b1 s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-2): armies move in the maneuver phase; it is the ranged phase"
	start blue
	run --separate-stderr -2 bt-move -f s.yaml b9 s
	assert_output ""
	assert_equal "$stderr" "bt-move: no army 'b9' in the state"
	run --separate-stderr -2 bt-move -f s.yaml b1 up
	assert_output ""
	assert_equal "$stderr" "bt-move: bad step 'up': n, ne, e, se, s, sw, w or nw"
}

# --- KM-4 disengaging ---

# b1 at [4, 4] engaged with r1 at [5, 4]; r2 at [5, 5] when $1 is "r2",
# engaged too.
melee_field() {
	scenario
	place b1 4 4
	place r1 5 4
	if [ "${1-}" = r2 ]; then
		army r2 red 5 5
		unit_set sc.yaml r2 maneuver-dc 16
	fi
	start blue
	if [ "${1-}" = r2 ]; then
		unit_set s.yaml b1 engaged "[r1, r2]"
		unit_set s.yaml r1 engaged "[b1]"
		unit_set s.yaml r2 engaged "[b1]"
	else
		engage s.yaml b1 r1
	fi
	bt-check s.yaml > /dev/null
}

@test "KM-4 an engaged army can't move without disengaging" {
	melee_field
	run --separate-stderr -1 bt-move -f s.yaml b1 w
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-4): 'b1' is engaged with 'r1' and can't move until it disengages (--disengage)"
	run --separate-stderr -1 bt-move -f s.yaml --to 1,4 b1
	assert_equal "$stderr" "bt-move: refused (KM-4): 'b1' is engaged with 'r1' and can't move until it disengages (--disengage)"
}

@test "KM-4 Maneuver equal to the DC disengages: the relation ends both ways and the army moves" {
	melee_field
	run --separate-stderr -0 bt-move --disengage -r 9 -f s.yaml b1 w w
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_rolls t.yaml disengage)" "[d20=9]"
	assert_equal "$(log_text t.yaml disengage)" \
	    "b1 tries to disengage (KM-4): 9 + 3 = 12 against r1's DC 12, passed; it is free to move"
	assert_equal "$(field t.yaml units.b1.engaged)" ""
	assert_equal "$(field t.yaml units.r1.engaged)" ""
	assert_equal "$(field t.yaml units.b1.at)" "[2, 4]"
	assert_equal "$(turn_of t.yaml b1 disengage)" passed
	assert_equal "$(turn_of t.yaml b1 moved)" 2
}

@test "KM-4 the army rolls against every army engaged with it, in id order; one failure and it stays for the turn" {
	melee_field r2
	bt-move --disengage -r 12,12 -f s.yaml b1 w > t.yaml
	assert_equal "$(log_rolls t.yaml disengage)" "[d20=12, d20=12]"
	assert_equal "$(log_text t.yaml disengage)" \
	    "b1 tries to disengage (KM-4): 12 + 3 = 15 against r1's DC 12, passed; 12 + 3 = 15 against r2's DC 16, failed; it stays where it is"
	assert_equal "$(field t.yaml units.b1.at)" "[4, 4]"
	assert_equal "$(field t.yaml units.b1.engaged)" "[r1, r2]"
	assert_equal "$(field t.yaml units.r1.engaged)" "[b1]"
	assert_equal "$(turn_of t.yaml b1 disengage)" failed
	bt-move --disengage -r 9,13 -f s.yaml b1 w > u.yaml
	assert_equal "$(field u.yaml units.b1.at)" "[3, 4]"
	assert_equal "$(field u.yaml units.b1.engaged)" ""
	assert_equal "$(field u.yaml units.r2.engaged)" ""
	# a failed try can't be made again that turn
	run --separate-stderr -1 bt-move --disengage -r 20,20 -f t.yaml b1 w
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-4): 'b1' failed to disengage this turn and can't move"
}

@test "KM-4 an army merely next to a hostile army it is not engaged with moves without a roll; --disengage is refused" {
	melee_field
	sed -i '/^    engaged: /d' s.yaml	# adjacent, not engaged
	run --separate-stderr -0 bt-move -r 11 -f s.yaml b1 w
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[3, 4]"
	assert_equal "$(log_count t.yaml disengage)" 0
	assert_equal "$(log_text t.yaml move)" "b1 moves w to [3, 4] (1 of 3 Maneuver)"
	run --separate-stderr -1 bt-move --disengage -r 11 -f s.yaml b1 w
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-4): 'b1' is not engaged with a hostile army: there is nothing to disengage from; it moves without --disengage"
	# stepping along it keeps the contact it had: no new contact, no stop
	bt-move -f s.yaml b1 n > u.yaml
	assert_equal "$(turn_of u.yaml b1 halted)" ""
}

@test "KM-4 only the armies engaged with it count: one merely next to it is not rolled against" {
	melee_field r2
	unit_set s.yaml b1 engaged "[r1]"
	sed -i '/^  r2:$/,/^  [^ ]/{/^    engaged: /d;}' s.yaml
	bt-check s.yaml > /dev/null
	bt-move --disengage -r 9 -f s.yaml b1 w > t.yaml
	assert_equal "$(log_rolls t.yaml disengage)" "[d20=9]"
	assert_equal "$(log_text t.yaml disengage)" \
	    "b1 tries to disengage (KM-4): 9 + 3 = 12 against r1's DC 12, passed; it is free to move"
	assert_equal "$(field t.yaml units.b1.at)" "[3, 4]"
}

@test "KM-4 the tactic's maneuver modifier counts" {
	scenario
	place b1 4 4
	place r1 5 4
	unit_set sc.yaml b1 tactic screen
	start blue
	engage s.yaml b1 r1
	bt-move --disengage -r 8 -f s.yaml b1 w > t.yaml
	assert_equal "$(log_text t.yaml disengage)" \
	    "b1 tries to disengage (KM-4): 8 + 4 = 12 against r1's DC 12, passed; it is free to move"
}

@test "KM-4 disengaging without steps frees the army to move later in the turn" {
	melee_field
	bt-move --disengage -r 15 -f s.yaml b1 > t.yaml
	assert_equal "$(field t.yaml units.b1.at)" "[4, 4]"
	assert_equal "$(field t.yaml units.b1.engaged)" ""
	assert_equal "$(turn_of t.yaml b1 disengage)" passed
	run --separate-stderr -0 bt-move -f t.yaml b1 w w w
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.b1.at)" "[1, 4]"
}

@test "KM-4 --disengage with no hostile army engaged or near is refused" {
	scenario
	start blue
	run --separate-stderr -1 bt-move --disengage -r 20 -f s.yaml b1 s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-4): 'b1' is not engaged with a hostile army: there is nothing to disengage from; it moves without --disengage"
}

# --- KM-3 strategy and tactic ---

@test "KM-3 in round 1 an army takes any strategy and any tactic it knows, without a roll; not one it doesn't know" {
	scenario
	start
	assert_equal "$(field s.yaml units.b1.strategy)" standard
	bt-act -f s.yaml b1 strategy reckless > t.yaml
	assert_equal "$(field t.yaml units.b1.strategy)" reckless
	assert_equal "$(log_text t.yaml strategy)" "b1 takes the reckless strategy (KM-3)"
	bt-act -f t.yaml b1 strategy defensive > u.yaml
	assert_equal "$(field u.yaml units.b1.strategy)" defensive
	run --separate-stderr -0 bt-act -r 20 -f u.yaml b1 tactic wedge
	assert_equal "$stderr" "bt-act: warning: 1 --rolls value left over, ignored"
	printf '%s\n' "$output" > v.yaml
	assert_equal "$(field v.yaml units.b1.tactic)" wedge
	assert_equal "$(log_text v.yaml tactic)" "b1 takes the tactic wedge (KM-3)"
	assert_equal "$(log_rolls v.yaml tactic)" ""
	unit_set sc.yaml b1 tactics "[screen]"
	start
	run --separate-stderr -1 bt-act -f s.yaml b1 tactic wedge
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (KM-3): 'b1' doesn't know the tactic 'wedge'"
}

@test "KM-3 after round 1 the strategy moves one step along the track from where the turn began" {
	scenario
	start
	state_set s.yaml round 2
	run --separate-stderr -1 bt-act -f s.yaml b1 strategy reckless
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (KM-3): after round 1 a strategy moves one step along the track a turn: 'b1' began the turn standard"
	bt-act -f s.yaml b1 strategy aggressive > t.yaml
	assert_equal "$(field t.yaml units.b1.strategy)" aggressive
	assert_equal "$(turn_of t.yaml b1 strategy-from)" standard
	# a second step the same turn is still counted from standard
	run --separate-stderr -1 bt-act -f t.yaml b1 strategy reckless
	assert_equal "$stderr" "bt-act: refused (KM-3): after round 1 a strategy moves one step along the track a turn: 'b1' began the turn standard"
	bt-act -f t.yaml b1 strategy cautious > u.yaml
	assert_equal "$(field u.yaml units.b1.strategy)" cautious
}

@test "KM-3 after round 1 a new tactic needs a Morale check DC 15" {
	scenario
	unit_set sc.yaml b1 tactic screen
	start
	state_set s.yaml round 2
	bt-act -r 14 -f s.yaml b1 tactic wedge > t.yaml
	assert_equal "$(log_rolls t.yaml tactic)" "[d20=14]"
	assert_equal "$(log_text t.yaml tactic)" \
	    "b1 tries to change tactic to wedge (KM-3): Morale 14 + 1 = 15 against DC 15, passed"
	assert_equal "$(field t.yaml units.b1.tactic)" wedge
	assert_equal "$(turn_of t.yaml b1 tactic-check)" passed
	# passed once, it may change again that turn without a roll
	run --separate-stderr -0 bt-act -f t.yaml b1 tactic screen
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.b1.tactic)" screen
	assert_equal "$(log_text u.yaml tactic)" "b1 takes the tactic screen (KM-3)"
}

@test "KM-3 a failed Morale check keeps the tactic, and can't be tried again that turn" {
	scenario
	unit_set sc.yaml b1 tactic screen
	start
	state_set s.yaml round 2
	run --separate-stderr -0 bt-act -r 13 -f s.yaml b1 tactic wedge
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_text t.yaml tactic)" \
	    "b1 tries to change tactic to wedge (KM-3): Morale 13 + 1 = 14 against DC 15, failed; it keeps its tactic"
	assert_equal "$(field t.yaml units.b1.tactic)" screen
	assert_equal "$(turn_of t.yaml b1 tactic-check)" failed
	run --separate-stderr -1 bt-act -r 20 -f t.yaml b1 tactic wedge
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (KM-3): 'b1' failed its Morale check to change tactic this turn"
}

@test "KM-3 strategy and tactic are chosen in the maneuver phase only" {
	scenario
	start
	state_set s.yaml phase melee
	run --separate-stderr -1 bt-act -f s.yaml b1 strategy reckless
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (KM-3): strategy and tactic are chosen in the maneuver phase; it is the melee phase"
	run --separate-stderr -1 bt-act -f s.yaml b1 tactic wedge
	assert_equal "$stderr" "bt-act: refused (KM-3): strategy and tactic are chosen in the maneuver phase; it is the melee phase"
	run --separate-stderr -2 bt-act -f s.yaml b9 strategy reckless
	assert_equal "$stderr" "bt-act: no army 'b9' in the state"
}

@test "KM-3 an army with no tactic yet takes its first one in a later round without a check" {
	scenario
	start
	state_set s.yaml round 3
	run --separate-stderr -0 bt-act -r 1 -f s.yaml b1 tactic wedge
	assert_equal "$stderr" "bt-act: warning: 1 --rolls value left over, ignored"
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.b1.tactic)" wedge
	assert_equal "$(log_text t.yaml tactic)" "b1 takes its first tactic, wedge, without a check (KM-3)"
	assert_equal "$(log_rolls t.yaml tactic)" ""
	assert_equal "$(turn_of t.yaml b1 tactic-check)" ""
	# changing it afterwards needs the check
	bt-act -r 13 -f t.yaml b1 tactic screen > u.yaml
	assert_equal "$(field u.yaml units.b1.tactic)" wedge
	assert_equal "$(turn_of u.yaml b1 tactic-check)" failed
}
