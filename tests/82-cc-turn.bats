#!/usr/bin/env bats
# cc turns: their order (CC-5), what a turn allows (CC-6), the broken
# unit's retreat (CC-28, CC-29, CC-30) and the end of the battle (CC-1).
# Each test builds its battle on the turn field
# (tests/data/cc-turn-field.yaml): turns go red-a, blue-x, red-b, blue-y;
# red-a (attack +3, damage 2, red's rating 2) faces blue-x (AC 12, 5 HP,
# speed 100) front to front. Dice are forced.
load helper
load cc

# --- building the battle ---

scenario() {
	cp "$DATA/cc-turn-field.yaml" sc.yaml
}

# map_row Y ROW: row Y of sc.yaml's map (G-2 letters: x is impassable).
map_row() {
	awk -v y="$1" -v row="$2" '
	/^  rows:/ { r = 0; print; next }
	r >= 0 && /^    - "/ { if (r == y) $0 = "    - \"" row "\""; r++ }
	{ print }' r=-1 sc.yaml > sc.tmp
	mv sc.tmp sc.yaml
	grep -q "^    - \"$2\"\$" sc.yaml
}

# The value of KEY $2 of the state's result.
result_of() {
	sed -n "/^result:/,/^[a-z]/s/^  $2: //p" "$1"
}

# --- CC-1 the end of the battle ---

# blue-y broken and blue-x at 2 HP: red-a's hit breaks the last of blue.
last_stand() {
	scenario
	set_stat blue-x hp 2
	start
	broken s.yaml blue-y
	assert_equal "$(result_of s.yaml winner)" ""
	bt-attack -r 15 -f s.yaml red-a blue-x > t.yaml
	[ "$(field t.yaml units.blue-x.status)" = "[broken]" ]
}

@test "CC-1 when the last unbroken unit of a side breaks the battle ends: result, winner, reason" {
	last_stand
	assert_equal "$(result_of t.yaml winner)" red
	assert_equal "$(result_of t.yaml reason)" \
	    "the units of every other side are broken, destroyed or gone (CC-1)"
	assert_equal "$(field t.yaml active)" ""
	assert_equal "$(field t.yaml turn)" ""
	assert_equal "$(log_text t.yaml result)" \
	    "the battle is over: red wins, the units of every other side are broken, destroyed or gone (CC-1)"
	run -0 bt-check t.yaml
}

@test "CC-1 after the result every program refuses with exit 1 and changes nothing" {
	last_stand
	local why="the battle is over (red won: the units of every other side are broken, destroyed or gone (CC-1))"
	cp t.yaml v.yaml
	run --separate-stderr -1 bt-move -i -f v.yaml red-a l
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CC-1): $why"
	run --separate-stderr -1 bt-attack -i -r 15 -f v.yaml red-a blue-x
	assert_equal "$stderr" "bt-attack: refused (CC-1): $why"
	run --separate-stderr -1 bt-act -i -f v.yaml red-a defend
	assert_equal "$stderr" "bt-act: refused (CC-1): $why"
	run --separate-stderr -1 bt-morale -i --rally -r 15 -f v.yaml blue-y
	assert_equal "$stderr" "bt-morale: refused (CC-1): $why"
	run --separate-stderr -1 bt-resolve -i v.yaml
	assert_output ""
	assert_equal "$stderr" "bt-resolve: refused (CC-1): $why"
	cmp t.yaml v.yaml
}

@test "CC-1 a destroyed unit counts as lost" {
	scenario
	set_stat blue-x hp 1
	start
	broken s.yaml blue-y
	bt-attack -r 15 -f s.yaml red-a blue-x > t.yaml
	assert_equal "$(field t.yaml units.blue-x.status)" "[destroyed]"
	assert_equal "$(result_of t.yaml winner)" red
}

@test "CC-1 bt-resolve ends a battle whose end the DM made by hand" {
	scenario
	start
	broken s.yaml blue-x
	broken s.yaml blue-y
	assert_equal "$(result_of s.yaml winner)" ""
	run --separate-stderr -0 bt-resolve s.yaml
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(result_of t.yaml winner)" red
	assert_equal "$(result_of t.yaml reason)" \
	    "the units of every other side are broken, destroyed or gone (CC-1)"
	assert_equal "$(log_text t.yaml end)" "red-a ends its turn"
	assert_equal "$(field t.yaml active)" ""
}

@test "CC-1 a side whose last unbroken unit leaves the map loses; the program that moved it writes the result" {
	scenario
	place blue-x 4 7 s
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" blue-x
	run --separate-stderr -0 bt-move -f s.yaml blue-x f
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.blue-x.status)" "[fled]"
	assert_equal "$(result_of t.yaml winner)" red
	assert_equal "$(result_of t.yaml reason)" \
	    "the units of every other side are broken, destroyed or gone (CC-1)"
	assert_equal "$(field t.yaml active)" ""
}

@test "CC-1 with no unbroken unit on either side the battle is a draw" {
	scenario
	start
	broken s.yaml red-a
	broken s.yaml red-b
	broken s.yaml blue-x
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	assert_equal "$(result_of s.yaml winner)" draw
	assert_equal "$(result_of s.yaml reason)" "no side has an unbroken unit left (CC-1)"
	assert_equal "$(log_text s.yaml result)" \
	    "the battle is over: draw, no side has an unbroken unit left (CC-1)"
}

@test "CC-1 a round limit: after round N the side with more HP on the map wins" {
	scenario
	sed -i 's/^weather: clear$/&\nround-limit: 1/' sc.yaml
	start
	assert_equal "$(field s.yaml round-limit)" 1
	bt-attack -r 15 -f s.yaml red-a blue-x > t.yaml	# blue 3 + 4 HP, red 5 + 4
	bt-resolve -i t.yaml
	bt-resolve -i t.yaml
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml active)" blue-y
	assert_equal "$(result_of t.yaml winner)" ""
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml round)" 1
	assert_equal "$(result_of t.yaml winner)" red
	assert_equal "$(result_of t.yaml reason)" \
	    "the round limit of 1 is over; most with 9 HP on the map (CC-1)"
	assert_equal "$(log_text t.yaml result)" \
	    "the battle is over: red wins, the round limit of 1 is over; most with 9 HP on the map (CC-1)"
	run --separate-stderr -1 bt-resolve t.yaml
	[[ "$stderr" == "bt-resolve: refused (CC-1): the battle is over (red won: "* ]]
}

@test "CC-1 a round limit with equal HP on the map is a draw" {
	scenario
	sed -i 's/^weather: clear$/&\nround-limit: 2/' sc.yaml
	start
	local i
	for i in 1 2 3 4 5 6 7; do
		bt-resolve -i s.yaml
	done
	assert_equal "$(field s.yaml round)" 2
	assert_equal "$(result_of s.yaml winner)" ""
	bt-resolve -i s.yaml
	assert_equal "$(result_of s.yaml winner)" draw
	assert_equal "$(result_of s.yaml reason)" \
	    "the round limit of 2 is over; equal with 9 HP on the map (CC-1)"
	assert_equal "$(log_text s.yaml result)" \
	    "the battle is over: draw, the round limit of 2 is over; equal with 9 HP on the map (CC-1)"
	run --separate-stderr -1 bt-move -f s.yaml red-a l
	assert_equal "$stderr" "bt-move: refused (CC-1): the battle is over (draw: the round limit of 2 is over; equal with 9 HP on the map (CC-1))"
}

# --- CC-5 the order of turns ---

@test "CC-5 turns follow the order, and a new round begins after the last" {
	scenario
	start
	assert_equal "$(order_of s.yaml)" "red-a blue-x red-b blue-y "
	assert_equal "$(field s.yaml round)" 1
	assert_equal "$(field s.yaml active)" red-a
	local u
	for u in blue-x red-b blue-y; do
		bt-resolve -i s.yaml
		assert_equal "$(field s.yaml round)" 1
		assert_equal "$(field s.yaml active)" "$u"
	done
	assert_equal "$(log_text s.yaml end)" "red-b ends its turn"
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml round)" 2
	assert_equal "$(field s.yaml active)" red-a
	assert_equal "$(log_text s.yaml round)" "round 2 begins"
	assert_equal "$(log_entry s.yaml round | sed -n 's/^- round: //p')" 2
	assert_equal "$(order_of s.yaml)" "red-a blue-x red-b blue-y "
}

# swap FILE A B: swaps units A and B in the state's 'order'.
swap() {
	sed -i "/^order:/,/^[a-z]/{s/^- $2\$/- TMP/;s/^- $3\$/- $2/;s/^- TMP\$/- $3/}" "$1"
}

@test "CC-5 an 'order' that puts a unit ahead of one the initiative rules rank higher is bad data" {
	scenario
	start
	swap s.yaml red-a blue-x
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:94:3: 'order' puts 'blue-x' ahead of 'red-a', which the initiative rules rank higher (CC-5)"
	run --separate-stderr -3 bt-resolve s.yaml
	assert_output ""
}

@test "CC-5 tied units may come in either order in 'order': by the players' choice or the dice" {
	scenario
	set_stat blue-y initiative 6	# ties red-b: 6, Morale 0 ...
	set_stat red-b morale 0
	sed -i '/^  red: /s/culture: 1/culture: 0/' sc.yaml	# ... and Culture 0
	bt-init --seed 1 -r 10,5,3,9 sc.yaml > s.yaml	# red-b rolls higher
	assert_equal "$(order_of s.yaml)" "red-a blue-x red-b blue-y "
	swap s.yaml red-b blue-y
	run -0 bt-check s.yaml
}

@test "CC-5 a unit that leaves the battle loses its turns; the others keep their order" {
	scenario
	set_stat blue-x hp 1
	start
	bt-attack -r 15 -f s.yaml red-a blue-x > t.yaml
	assert_equal "$(order_of t.yaml)" "red-a red-b blue-y "
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml active)" red-b
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml active)" blue-y
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(field t.yaml active)" red-a
}

# --- CC-6 a turn ---

@test "CC-6 only the unit whose turn it is may act" {
	scenario
	start
	run --separate-stderr -1 bt-move -f s.yaml blue-x l
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CC-6): it is the turn of 'red-a', not of 'blue-x'"
	run --separate-stderr -1 bt-attack -r 15 -f s.yaml blue-x red-a
	assert_equal "$stderr" "bt-attack: refused (CC-6): it is the turn of 'red-a', not of 'blue-x'"
	run --separate-stderr -1 bt-act -f s.yaml blue-x defend
	assert_equal "$stderr" "bt-act: refused (CC-6): it is the turn of 'red-a', not of 'blue-x'"
}

@test "CC-6 one action a turn: a second action is refused" {
	scenario
	start
	bt-attack -r 2 -f s.yaml red-a blue-x > t.yaml
	assert_equal "$(field t.yaml turn)" "{acted: true}"
	run --separate-stderr -1 bt-attack -r 15 -f t.yaml red-a blue-x
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (CC-6): 'red-a' has taken its action this turn"
	run --separate-stderr -1 bt-act -f t.yaml red-a defend
	assert_equal "$stderr" "bt-act: refused (CC-6): 'red-a' has taken its action this turn"
	run --separate-stderr -1 bt-move --disengage -f t.yaml red-a l
	assert_equal "$stderr" "bt-move: refused (CC-6): 'red-a' has taken its action this turn"
	# The next turn has its own action.
	bt-resolve t.yaml > u.yaml
	run --separate-stderr -0 bt-act -f u.yaml blue-x defend
	assert_equal "$stderr" ""
}

@test "CC-6 move then act, and then no more moving" {
	scenario
	place blue-x 4 6 n
	start
	bt-move -f s.yaml red-a f > t.yaml
	assert_equal "$(field t.yaml turn)" "{moved: 50}"
	bt-act -f t.yaml red-a defend > u.yaml
	assert_equal "$(field u.yaml turn)" "{moved: 50, acted: true, stopped: true}"
	run --separate-stderr -1 bt-move -f u.yaml red-a l
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CC-6): 'red-a' moved, then acted: its movement can't go on after its action"
}

@test "CC-6 act then move: several bt-move calls share the speed" {
	scenario
	place blue-x 8 0 n
	start
	bt-act -f s.yaml red-a defend > t.yaml
	bt-move -f t.yaml red-a f > u.yaml
	bt-move -f u.yaml red-a f f > v.yaml
	assert_equal "$(field v.yaml units.red-a.at)" "[4, 6]"
	assert_equal "$(field v.yaml turn)" "{moved: 150, acted: true}"
	run --separate-stderr -1 bt-move -f v.yaml red-a f
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CC-8): 'red-a' has 0 ft of movement left; the order needs 50 and goes over at step 1 (f to [4, 7]): 50 for f to [4, 7]"
}

# --- CC-28 the broken unit's retreat ---

@test "CC-28 a broken unit next to an enemy disengages, retreats with all its movement and can't rally" {
	scenario
	start
	broken s.yaml blue-x
	run --separate-stderr -0 bt-resolve s.yaml
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml active)" blue-x
	assert_equal "$(log_text t.yaml disengage)" \
	    "blue-x is broken and next to an enemy: it disengages (CC-28)"
	# South is the nearest edge (3 squares), behind it: it turns about
	# for free and logs it; 100 ft is two steps.
	assert_equal "$(log_text t.yaml retreat)" \
	    "blue-x is broken, turns to face s and retreats f f toward the s edge, 100 ft, to [4, 6] (CC-28)"
	assert_equal "$(field t.yaml units.blue-x.at)" "[4, 6]"
	assert_equal "$(field t.yaml units.blue-x.facing)" s
	assert_equal "$(field t.yaml units.blue-x.status)" "[broken, disengaging]"
	assert_equal "$(field t.yaml turn)" "{moved: 100, acted: true, stopped: true}"
	# Disengaged: no opportunity attack from red-a.
	assert_equal "$(log_count t.yaml attack)" 0
	assert_equal "$(field t.yaml units.red-a.reacted)" ""
	# Disengage was its action: no Rally this turn.
	run --separate-stderr -1 bt-morale --rally -r 20 -f t.yaml blue-x
	assert_output ""
	assert_equal "$stderr" "bt-morale: refused (CC-6): 'blue-x' has taken its action this turn"
	run --separate-stderr -1 bt-move -f t.yaml blue-x f
	assert_equal "$stderr" "bt-move: refused (CC-28): 'blue-x' is broken: the rules retreat it"
	run --separate-stderr -1 bt-act -f t.yaml blue-x defend
	assert_equal "$stderr" "bt-act: refused (CC-28): 'blue-x' is broken: it can only retreat and rally"
	# Disengage ends with the turn; broken stays.
	bt-resolve t.yaml > u.yaml
	assert_equal "$(field u.yaml units.blue-x.status)" "[broken]"
}

@test "CC-28 a broken unit not next to an enemy retreats first, then may rally" {
	scenario
	place blue-x 4 5 n
	start
	broken s.yaml blue-x
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml active)" blue-x
	assert_equal "$(log_count t.yaml disengage)" 0
	assert_equal "$(log_text t.yaml retreat)" \
	    "blue-x is broken, turns to face s and retreats f f toward the s edge, 100 ft, to [4, 7] (CC-28)"
	assert_equal "$(field t.yaml units.blue-x.at)" "[4, 7]"
	assert_equal "$(field t.yaml units.blue-x.facing)" s
	assert_equal "$(field t.yaml units.blue-x.status)" "[broken]"
	assert_equal "$(field t.yaml turn)" "{moved: 100, stopped: true}"
	# Rally: 19 + 0 morale + 1 rating + 0 culture = 20.
	run --separate-stderr -0 bt-morale --rally -r 19 -f t.yaml blue-x
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(log_text u.yaml rally)" \
	    "blue-x rallies (CC-24): 19 + 0 morale + 1 rating + 0 culture = 20 against DC 20, rallied, 1/5 HP"
	assert_equal "$(field u.yaml units.blue-x.hp)" 1
	assert_equal "$(field u.yaml units.blue-x.status)" ""
}

@test "CC-28 between edges as near, the straightest way: sideways with no turn beats a turn" {
	scenario
	place blue-y 6 4 n	# 3 squares from e and from s
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" blue-y
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken and retreats r r r toward the e edge, 150 ft, to [9, 4] (CC-28)"
	assert_equal "$(field s.yaml units.blue-y.facing)" "'n'"
	assert_equal "$(field s.yaml units.blue-y.at)" "[9, 4]"
}

@test "CC-28 between edges as near, not the one an enemy holds: no fixed order n, e, s, w first" {
	scenario
	place blue-y 6 4 n	# 3 squares from e and from s
	place red-b 9 4 w	# on the e edge, level with it
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken, turns to face s and retreats f f f toward the s edge, 150 ft, to [6, 7] (CC-28)"
}

@test "CC-28 the retreat takes a path on which no step ends next to an enemy" {
	scenario
	place blue-y 5 5 n	# the s edge is 2 squares off
	place red-b 5 7 n	# straight back, [5, 6] is next to it
	set_stat blue-y speed 100
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" blue-y
	# [3, 7] and [7, 7] are as good; the first row by row wins
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken, turns to face s and retreats fr fr toward the s edge, 100 ft, to [3, 7] (CC-28)"
	assert_equal "$(log_count s.yaml attack)" 0
}

@test "CC-28 a wall of impassable ground is not near: the retreat goes round it, off the map" {
	scenario
	map_row 7 "....xxx..."	# impassable below blue-y and diagonally
	place blue-y 5 6 n
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken, turns to face s and retreats r fr f off the s edge: it leaves the battle (CC-28, CC-29)"
	assert_equal "$(field s.yaml units.blue-y.status)" "[fled]"
}

@test "CC-28 an edge cut off by impassable ground is far: the retreat takes another" {
	scenario
	map_row 6 "xxxxxxxx.."	# the s edge only round the wall's east end
	place blue-y 2 4 s
	set_stat blue-y speed 100
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken and retreats r r toward the w edge, 100 ft, to [0, 4] (CC-28)"
}

@test "CC-28 where nothing is better than staying, it stays" {
	scenario
	map_row 5 "....xxx..."
	map_row 6 "....x.x..."
	map_row 7 "....xxx..."
	place blue-y 5 6 n	# walled in
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" blue-y
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken, but nothing is better than where it stands: it stays at [5, 6] (CC-28)"
	assert_equal "$(field s.yaml units.blue-y.at)" "[5, 6]"
	assert_equal "$(field s.yaml units.blue-y.status)" "[broken]"
	assert_equal "$(field s.yaml turn)" "{moved: 150, stopped: true}"
}

@test "CC-28 the retreat does not march into the enemy line though its edge is nearest" {
	scenario
	place red-b 0 7 n
	add_key red-b 'size: [10, 1]'	# the whole s edge
	place blue-y 5 5 n
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken and retreats r r r toward the e edge, 150 ft, to [8, 5] (CC-28)"
	assert_equal "$(log_count s.yaml attack)" 0
}

@test "CC-28 a line against the e edge steps off it sideways; it is not pulled back by a turn" {
	scenario
	place blue-y 7 3 n
	add_key blue-y 'size: [3, 1]'
	set_stat blue-y speed 50
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	assert_equal "$(log_text s.yaml retreat)" \
	    "blue-y is broken and retreats r off the e edge: it leaves the battle (CC-28, CC-29)"
	assert_equal "$(field s.yaml units.blue-y.status)" "[fled]"
}

@test "CC-28 the retreat makes no free turn into an enemy's front, and so provokes nothing" {
	# the old top-left turn to face e put [7, 4] in red-b's front
	scenario
	place blue-y 7 3 n
	add_key blue-y 'size: [2, 1]'
	place red-b 6 4 e
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -r 15,15 s.yaml > t.yaml 2>/dev/null
	assert_equal "$(log_text t.yaml retreat)" \
	    "blue-y is broken and retreats r r off the e edge: it leaves the battle (CC-28, CC-29)"
	assert_equal "$(log_count t.yaml attack)" 0
}

@test "CC-28 a retreat with no safe path that leaves an enemy's front provokes an opportunity attack" {
	scenario
	# Off the map beats safety: the one way off, south by [5, 6] and
	# [5, 7], leaves red-b's front; staying would be safe.
	map_row 6 "xxxxx..xxx"	# the one way south is [5, 6]
	place blue-y 5 5 n	# not next to an enemy: no Disengage
	place red-b 6 6 w	# its front is [5, 6]
	set_stat blue-y speed 150
	start
	broken s.yaml blue-y
	bt-resolve -i s.yaml
	bt-resolve -i s.yaml
	bt-resolve -r 3,15 s.yaml > t.yaml	# red-b strikes blue-y's flank
	assert_equal "$(log_count t.yaml attack)" 1
	assert_equal "$(log_text t.yaml retreat)" \
	    "blue-y is broken, turns to face s, retreats f and is destroyed (CC-28)"
	assert_equal "$(field t.yaml units.blue-y.status)" "[destroyed]"
}

# --- CC-29 off the map ---

@test "CC-29 a broken unit that retreats off the edge flees: out of the battle and the order" {
	scenario
	place blue-x 4 6 n
	start
	broken s.yaml blue-x
	run --separate-stderr -0 bt-resolve s.yaml
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_text t.yaml retreat)" \
	    "blue-x is broken, turns to face s and retreats f f off the s edge: it leaves the battle (CC-28, CC-29)"
	assert_equal "$(field t.yaml units.blue-x.status)" "[fled]"
	assert_equal "$(field t.yaml units.blue-x.at)" ""
	assert_equal "$(order_of t.yaml)" "red-a red-b blue-y "
	# Its turn has passed on.
	assert_equal "$(field t.yaml active)" red-b
	run -0 bt-check t.yaml
}

@test "CC-29 a unit that steps off the map leaves the battle" {
	scenario
	place red-a 4 0 n
	start
	run --separate-stderr -0 bt-move -f s.yaml red-a f
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.red-a.status)" "[fled]"
	assert_equal "$(field t.yaml units.red-a.at)" ""
	assert_equal "$(order_of t.yaml)" "blue-x red-b blue-y "
	assert_equal "$(field t.yaml active)" blue-x
	run -0 bt-check t.yaml
}

@test "CC-29 the log says which steps took a unit off the map" {
	scenario
	place red-a 4 0 n
	start
	bt-move -f s.yaml red-a f > t.yaml
	assert_equal "$(log_text t.yaml move)" \
	    "red-a moves f and leaves the battle over the map's edge (CC-29)"
}

@test "CC-29 one square of a unit off the edge is enough" {
	scenario
	place red-a 8 3 n
	add_key red-a 'size: [2, 1]'
	start
	bt-move -f s.yaml red-a r > t.yaml
	assert_equal "$(field t.yaml units.red-a.status)" "[fled]"
	assert_equal "$(field t.yaml units.red-a.at)" ""
	assert_equal "$(field t.yaml active)" blue-x
}

# --- CC-30 no reaction when broken ---

@test "CC-30 a unit broken by an attack makes no opportunity attack" {
	scenario
	set_stat red-a hp 1
	start
	bt-resolve -i s.yaml
	# blue-x breaks red-a front to front (15 + 2 + 1), then steps away.
	bt-attack -r 15 -f s.yaml blue-x red-a > t.yaml
	assert_equal "$(field t.yaml units.red-a.status)" "[broken]"
	run --separate-stderr -0 bt-move -f t.yaml blue-x r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.blue-x.at)" "[5, 4]"
	assert_equal "$(log_count u.yaml attack)" 1
	assert_equal "$(field u.yaml units.blue-x.hp)" 5
	assert_equal "$(field u.yaml units.red-a.reacted)" ""
}

@test "CC-30 a unit broken by an attack loses its readied attack" {
	scenario
	set_stat red-a hp 1
	place blue-x 5 3 w	# its front against red-a's east side
	start
	bt-act -f s.yaml red-a ready contact > t.yaml
	bt-resolve -i t.yaml
	bt-attack -r 3,15 -f t.yaml blue-x red-a > u.yaml	# its flank
	assert_equal "$(field u.yaml units.red-a.status)" "[broken]"
	assert_equal "$(field u.yaml units.red-a.ready)" ""
	# Into red-a's front: nothing is set off.
	run --separate-stderr -0 bt-move -f u.yaml blue-x fl
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > v.yaml
	assert_equal "$(field v.yaml units.blue-x.at)" "[4, 4]"
	assert_equal "$(log_count v.yaml attack)" 1
	assert_equal "$(field v.yaml units.blue-x.hp)" 5
}

@test "CC-30 a broken unit makes no readied attack" {
	scenario
	place blue-x 4 6 n
	start
	bt-act -f s.yaml red-a ready contact > t.yaml
	bt-resolve -i t.yaml
	# The DM breaks red-a by hand; its ready stays in the state.
	broken t.yaml red-a
	assert_equal "$(field t.yaml units.red-a.ready)" "{trigger: contact}"
	run --separate-stderr -0 bt-move -f t.yaml blue-x f f
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.blue-x.at)" "[4, 4]"
	assert_equal "$(log_count u.yaml attack)" 0
	assert_equal "$(field u.yaml units.blue-x.hp)" 5
	assert_equal "$(field u.yaml units.red-a.reacted)" ""
}
