#!/usr/bin/env bats
# clash movement: stands and solos by compass steps (CL-1, G-1, G-2),
# contact and formation (CL-2), the Retreat action (CL-2, CL-9), leaving
# the map (CL-12), joining and leaving a unit (CL-10). The field is
# tests/data/clash-field.yaml; dice are forced.
load helper
load clash

@test "CL-1 a solo moves by compass steps, 5 ft a square, and several orders share its speed" {
	clash_field
	active s.yaml red-hero
	bt-move -f s.yaml red-hero s s e > t.yaml
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [7, 3], hp: 20, moved: 15}"
	assert_equal "$(log_text t.yaml move)" "red-hero moves s s e to [7, 3], 15 ft (15 left)"
	bt-move -f t.yaml red-hero.1 w w w > u.yaml
	assert_equal "$(stand_of u.yaml red-hero 1)" "{at: [4, 3], hp: 20, moved: 30}"
	run --separate-stderr -1 bt-move -f u.yaml red-hero e
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-hero' has 0 ft of movement left; the order needs 5 and goes over at step 1 (e to [5, 3]): 5 for e to [5, 3]"
}

@test "CL-1 an order beyond the stand's speed is refused whole, and nothing is written" {
	clash_field
	active s.yaml red-hero
	run --separate-stderr -1 bt-move -f s.yaml red-hero e e s s s s s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-hero' has 30 ft of movement left; the order needs 35 and goes over at step 7 (s to [8, 6]): 5 for e to [7, 1], 5 for e to [8, 1], 5 for s to [8, 2], 5 for s to [8, 3], 5 for s to [8, 4], 5 for s to [8, 5], 5 for s to [8, 6]"
}

@test "CL-1 an order refused for its cost tells the whole order's cost, past the step that goes over" {
	clash_field
	active s.yaml red-hero
	run --separate-stderr -1 bt-move -f s.yaml red-hero w sw nw e e e e
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-hero' has 30 ft of movement left; the order needs 40 and goes over at step 6 (e to [6, 1]): 5 for w to [5, 1], 10 for sw to [4, 2] (difficult), 5 for nw to [3, 1], 5 for e to [4, 1], 5 for e to [5, 1], 5 for e to [6, 1], 5 for e to [7, 1]"
}

@test "G-2 a step into difficult terrain costs two squares" {
	clash_field
	active s.yaml red-hero
	bt-move -f s.yaml red-hero w sw > t.yaml
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [4, 2], hp: 20, moved: 15}"
	stand_set s.yaml red-hero 1 '{at: [4, 3], hp: 20}'
	run --separate-stderr -1 bt-move -f s.yaml red-hero s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (G-2): 'red-hero' can't step 's' onto impassable ground"
}

@test "CL-1 --to takes the shortest path around impassable ground, and a contact on the way stops it (CL-2)" {
	clash_field
	active s.yaml red-hero
	stand_set s.yaml red-hero 1 '{at: [4, 3], hp: 20}'
	run --separate-stderr -0 bt-move -f s.yaml --to 4,5 red-hero
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [4, 5], hp: 20, moved: 30}"
	assert_equal "$(log_text t.yaml move)" \
	    "red-hero moves se sw to [4, 5], 10 ft (0 left), stopped in contact with an enemy (CL-2)"
	run --separate-stderr -1 bt-move -f s.yaml --to 4,4 red-hero
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-hero' has no path to [4, 4] within its 30 ft of movement left"
}

@test "CL-1 a unit named alone moves all its stands as a block" {
	clash_field
	bt-move -f s.yaml red-foot s s > t.yaml
	assert_equal "$(stand_of t.yaml red-foot 1)" "{at: [1, 3], hp: 6, moved: 10}"
	assert_equal "$(stand_of t.yaml red-foot 2)" "{at: [2, 3], hp: 6, moved: 10}"
	assert_equal "$(stand_of t.yaml red-foot 3)" "{at: [3, 3], hp: 6, moved: 10}"
	assert_equal "$(log_text t.yaml move)" "red-foot moves s s as a block, 10 ft (10 left)"
}

@test "CL-1 only the unit whose turn it is moves" {
	clash_field
	run --separate-stderr -1 bt-move -f s.yaml blue-foot.1 n
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CL-1): it is the turn of 'red-foot', not of 'blue-foot'"
}

@test "CL-1 a stand passes a friend but does not end on it, and never enters an enemy" {
	clash_field
	active s.yaml red-hero
	bt-move -f s.yaml red-hero w w w s > t.yaml
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [3, 2], hp: 20, moved: 20}"
	run --separate-stderr -1 bt-move -f s.yaml red-hero w w w
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-hero' would end its move on a square of 'red-foot'"
	stand_set s.yaml blue-foot 1 '{at: [5, 0], hp: 6}'
	run --separate-stderr -1 bt-move -f s.yaml red-hero nw
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-hero' can't step 'nw' into a stand of enemy 'blue-foot'"
}

@test "CL-2 a stand that comes into contact with an enemy stops; the rest of the order is dropped" {
	clash_field
	run --separate-stderr -0 bt-move -f s.yaml red-foot s s s s
	assert_equal "$stderr" "bt-move: 'red-foot' stopped in contact with an enemy after 3 steps (CL-2); the rest of the order was dropped"
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(stand_of t.yaml red-foot 2)" "{at: [2, 4], hp: 6, moved: 20}"
	run --separate-stderr -1 bt-move -f t.yaml red-foot.1 w
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-foot.1' has 0 ft of movement left; the order needs 5 and goes over at step 1 (w to [0, 4]): 5 for w to [0, 4]"
}

@test "CL-2 a stand that starts in contact may only wrap around the enemy" {
	clash_field
	active s.yaml red-hero
	stand_set s.yaml red-hero 1 '{at: [2, 4], hp: 20}'
	bt-move -f s.yaml red-hero e > t.yaml
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [3, 4], hp: 20, moved: 5}"
	run --separate-stderr -1 bt-move -f t.yaml red-hero n
	assert_equal "$stderr" "bt-move: refused (CL-2): 'red-hero' is in contact with an enemy: without the Retreat action it may only move along it, and step 'n' leaves it"
}

@test "CL-2 a move that leaves a stand with no other of its unit next to it is refused" {
	clash_field
	run --separate-stderr -1 bt-move -f s.yaml red-foot.1 s s
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CL-2): the move would leave 'red-foot.1' out of formation, with no stand of its unit next to it"
	bt-move -f s.yaml red-foot.1 s > t.yaml
	assert_equal "$(stand_of t.yaml red-foot 1)" "{at: [1, 2], hp: 6, moved: 5}"
}

@test "CL-2 with the Retreat action stands leave contact and formation, and don't attack" {
	lines_meet
	run -1 bt-move -f s.yaml red-foot.1 n
	bt-act -f s.yaml red-foot retreat > t.yaml
	assert_equal "$(field t.yaml units.red-foot.retreat)" "true"
	assert_equal "$(log_text t.yaml retreat)" "red-foot takes the Retreat action (CL-2)"
	bt-move -f t.yaml red-foot.1 n w > u.yaml
	assert_equal "$(stand_of u.yaml red-foot 1)" "{at: [0, 0], hp: 6, moved: 10}"
	run --separate-stderr -1 bt-attack -f u.yaml red-foot.2 blue-foot.2
	assert_equal "$stderr" "bt-attack: refused (CL-2): 'red-foot' took the Retreat action this turn: its stands don't attack"
	run --separate-stderr -1 bt-act -f u.yaml red-foot retreat
	assert_equal "$stderr" "bt-act: refused (CL-2): 'red-foot' has taken the Retreat action this turn"
	bt-resolve u.yaml > v.yaml
	assert_equal "$(field v.yaml units.red-foot.retreat)" ""
	assert_equal "$(stand_of v.yaml red-foot 1)" "{at: [0, 0], hp: 6}"
}

@test "CL-2 a unit that has attacked can't take the Retreat action" {
	lines_meet
	bt-attack -r 2 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	run --separate-stderr -1 bt-act -f t.yaml red-foot retreat
	assert_equal "$stderr" "bt-act: refused (CL-2): 'red-foot' has attacked this turn: the Retreat is the action of all its stands"
}

@test "CL-9 a broken unit only retreats, away from enemies" {
	lines_meet
	unit_set s.yaml red-foot status '[broken]'
	run --separate-stderr -1 bt-attack -f s.yaml red-foot.1 blue-foot.1
	assert_equal "$stderr" "bt-attack: refused (CL-9): 'red-foot' is broken: it can only take the Retreat action"
	clash_field
	unit_set s.yaml red-foot status '[broken]'
	run --separate-stderr -1 bt-move -f s.yaml red-foot.3 s
	assert_equal "$stderr" "bt-move: refused (CL-9): 'red-foot.3' is broken: it retreats away from enemies, and step 's' goes nearer one"
	bt-move -f s.yaml red-foot n > t.yaml
	assert_equal "$(stand_of t.yaml red-foot 1)" "{at: [1, 0], hp: 6, moved: 5}"
	assert_equal "$(field t.yaml units.red-foot.retreat)" "true"
	assert_equal "$(log_text t.yaml retreat)" \
	    "red-foot takes the Retreat action (CL-2), the one action of a broken unit (CL-9)"
}

@test "CL-12 a stand that steps off the map leaves the battle; the last one takes its unit out" {
	clash_field
	bt-move -f s.yaml red-foot.1 n n > t.yaml
	assert_equal "$(stand_of t.yaml red-foot 1)" "{hp: 6}"
	assert_equal "$(log_text t.yaml move)" "red-foot.1 moves n n and leaves the battle over the n edge (CL-12)"
	assert_equal "$(field t.yaml units.red-foot.status)" ""
	active s.yaml red-hero
	objective s.yaml '{side: red, kind: escape, unit: red-hero, edge: n, vp: 4}'
	bt-move -f s.yaml red-hero n n > t.yaml
	assert_equal "$(field t.yaml units.red-hero.status)" "[fled]"
	assert_equal "$(stand_of t.yaml red-hero 1)" "{hp: 20}"
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 4}"
	assert_equal "$(log_text t.yaml vp)" "red scores 4 VP: 'red-hero' got off the n edge (CL-12), 4 VP in all"
	# its turn has passed, and it takes no more
	assert_equal "$(field t.yaml active)" "blue-foot"
	run grep -c "^- red-hero\$" t.yaml
	assert_output 0
}

@test "CL-12 a step off the map costs a square's feet: with no movement left it is refused, and nothing is written" {
	# Found in review: clash_move took the step off the map without
	# counting it, so a solo with 0 ft left still left the battle.
	clash_field
	active s.yaml red-hero
	bt-move -f s.yaml red-hero n w w w w w > t.yaml
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [1, 0], hp: 20, moved: 30}"
	run --separate-stderr -1 bt-move -f t.yaml red-hero n
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CL-1): 'red-hero' has 0 ft of movement left; the order needs 5 and goes over at step 1 (n to [1, -1]): 5 for n to [1, -1]"
	# with a square's feet left, the same step takes it out
	bt-move -f s.yaml red-hero n w w w w > t.yaml
	bt-move -f t.yaml red-hero n > u.yaml
	assert_equal "$(stand_of u.yaml red-hero 1)" "{hp: 20}"
}

@test "CL-12 a stand that attacked and then steps off the map leaves no turn behind: the state stays valid" {
	# Found by tests/96-property.bats: the stand kept 'attacked: true'
	# without a place, a state every program refused.
	clash_field
	stand_set s.yaml blue-foot 1 '{at: [0, 1], hp: 6}'
	bt-attack -r 1 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	run --separate-stderr -0 bt-move -f t.yaml red-foot.1 n n
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(stand_of u.yaml red-foot 1)" "{hp: 6}"
	run -0 bt-check -q u.yaml
	# and its unit's turn goes on, its other stands still to act
	assert_equal "$(field u.yaml active)" red-foot
}

@test "CL-10 a solo leaves its unit at the start of its turn, and joins one it stands next to" {
	clash_field
	active s.yaml red-hero
	bt-act -f s.yaml red-hero leave > t.yaml
	assert_equal "$(field t.yaml units.red-hero.joined)" ""
	assert_equal "$(log_text t.yaml leave)" "red-hero leaves red-foot (CL-10)"
	bt-move -f s.yaml red-hero s > t.yaml
	run --separate-stderr -1 bt-act -f t.yaml red-hero leave
	assert_equal "$stderr" "bt-act: refused (CL-10): 'red-hero' may leave its unit only at the start of its turn, before it moves or acts"
	bt-act -f s.yaml red-hero leave | bt-move red-hero w w > u.yaml
	run --separate-stderr -1 bt-act -f u.yaml red-hero join blue-foot
	assert_equal "$stderr" "bt-act: refused (CL-1): 'red-hero' can join only a unit of stands of its side in the battle"
	bt-act -f u.yaml red-hero join red-foot > v.yaml
	assert_equal "$(field v.yaml units.red-hero.joined)" "red-foot"
}

@test "clash move operands: an unknown stand or step is a usage error, exit 2" {
	clash_field
	run --separate-stderr -2 bt-move -f s.yaml red-foot.4 n
	assert_output ""
	assert_equal "$stderr" "bt-move: no stand 'red-foot.4' in the state: 'red-foot' has stands 1 to 3"
	run --separate-stderr -2 bt-move -f s.yaml nobody.1 n
	assert_equal "$stderr" "bt-move: no unit 'nobody' in the state"
	run --separate-stderr -2 bt-move -f s.yaml red-foot.1 f
	assert_equal "$stderr" "bt-move: unknown step 'f' (n, ne, e, se, s, sw, w, nw)"
	run --separate-stderr -2 bt-attack -f s.yaml red-foot blue-foot.1
	assert_equal "$stderr" "bt-attack: 'red-foot' has 3 stands: name one, as red-foot.1"
}

# The retreat field (tests/data/clash-retreat.yaml) with the routers
# broken, on the round's last turn: the next bt-resolve starts theirs.
routers_broken() {
	bt-init --seed 1 "$DATA/clash-retreat.yaml" > s.yaml
	unit_set s.yaml routers status '[broken]'
	active s.yaml red-scout
	bt-check s.yaml > /dev/null
}

@test "CL-9 a broken unit retreats as its turn starts, toward the nearest edge it can reach, not one cut off" {
	routers_broken
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(field t.yaml active)" routers
	# the west edge is 3 squares away behind the wall, the north 5
	assert_equal "$(stand_of t.yaml routers 1)" "{at: [2, 0], hp: 6, moved: 20}"
	assert_equal "$(stand_of t.yaml routers 2)" "{at: [3, 0], hp: 6, moved: 20}"
	assert_equal "$(stand_of t.yaml routers 3)" "{at: [4, 0], hp: 6, moved: 20}"
	assert_equal "$(field t.yaml units.routers.retreat)" true
	assert_equal "$(log_text t.yaml retreat)" \
	    "routers is broken and takes the Retreat action (CL-2, CL-9): it retreats n n n n, 20 ft, toward the n edge"
	# its movement and its action are spent
	run --separate-stderr -1 bt-move -f t.yaml routers.1 e
	assert_equal "$stderr" "bt-move: refused (CL-1): 'routers.1' has 0 ft of movement left; the order needs 5 and goes over at step 1 (e to [3, 0]): 5 for e to [3, 0]"
	bt-resolve t.yaml > u.yaml
	assert_equal "$(field u.yaml active)" hunters
}

@test "CL-9 a broken unit in contact retreats out of it; hemmed in, nothing is better than staying and it stays" {
	routers_broken
	stand_set s.yaml hunters 1 '{at: [2, 5], hp: 6}'
	stand_set s.yaml hunters 2 '{at: [3, 5], hp: 6}'
	stand_set s.yaml hunters 3 '{at: [4, 5], hp: 6}'
	bt-resolve s.yaml > t.yaml
	assert_equal "$(stand_of t.yaml routers 1)" "{at: [2, 0], hp: 6, moved: 20}"
	# walls to the north, hunters south and east: every step is blocked
	# or goes nearer an enemy
	awk '/^  rows:$/ { r = 1 } r && /^  - "/ { if (++n == 4) $0 = "  - \".xxxxx......\"" } { print }' \
	    s.yaml > h.yaml
	stand_set h.yaml hunters 1 '{at: [6, 4], hp: 6}'
	stand_set h.yaml hunters 2 '{at: [2, 6], hp: 6}'
	stand_set h.yaml hunters 3 '{at: [3, 6], hp: 6}'
	bt-check h.yaml > /dev/null
	bt-resolve h.yaml > t.yaml
	assert_equal "$(stand_of t.yaml routers 1)" "{at: [2, 4], hp: 6, moved: 20}"
	assert_equal "$(stand_of t.yaml routers 3)" "{at: [4, 4], hp: 6, moved: 20}"
	assert_equal "$(log_text t.yaml retreat)" \
	    "routers is broken and takes the Retreat action (CL-2, CL-9), but no way is better than where it stands: it stays"
}

@test "CL-9 the rally is rolled first (CL-11); a unit still broken retreats, off the map when it can (CL-12)" {
	clash_field
	unit_set s.yaml red-foot status '[broken]'
	active s.yaml blue-ogre
	# 9 +0 Wisdom +2 Charisma: rallied, it takes its turn as it likes
	bt-resolve -r 9 s.yaml > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" ""
	assert_equal "$(stand_of t.yaml red-foot 1)" "{at: [1, 1], hp: 6}"
	assert_equal "$(log_count t.yaml retreat)" 0
	bt-resolve -r 3 s.yaml > t.yaml
	run -0 sed -n 's/^  event: //p' t.yaml
	assert_equal "$(printf '%s\n' "$output" | tail -n 5 | tr '\n' ' ')" \
	    "round rally retreat fled end "
	assert_equal "$(log_text t.yaml retreat)" \
	    "red-foot is broken and takes the Retreat action (CL-2, CL-9): it retreats n n off the n edge and leaves the battle (CL-12)"
	assert_equal "$(field t.yaml units.red-foot.status)" "[broken, fled]"
	assert_equal "$(stand_of t.yaml red-foot 1)" "{hp: 6}"
	assert_equal "$(field t.yaml active)" red-hero
	# driven off the map broken: blue's destroy scores at the round's end
	bt-resolve t.yaml | bt-resolve | bt-resolve > u.yaml
	assert_equal "$(field u.yaml vp)" "{blue: 6, red: 0}"
}

@test "CL-9 the retreat stays fast on a 4096 by 4096 map" {
	skip_under_valgrind
	routers_broken
	awk 'BEGIN { for (i = 0; i < 4096; i++) row = row "." }
	    /^  width: / { print "  width: 4096"; next }
	    /^  height: / { print "  height: 4096"; next }
	    /^  rows:$/ { print; for (i = 0; i < 4096; i++)
		print "  - \"" row "\""; skip = 1; next }
	    skip && /^  - "/ { next }
	    { skip = 0 }
	    /\[0, 0, 11, 9\]/ { sub(/\[0, 0, 11, 9\]/, "[0, 0, 4095, 4095]") }
	    { print }' s.yaml > big.yaml
	for k in 1 2 3; do
		stand_set big.yaml routers $k "{at: [$((2047 + k)), 2040], hp: 6}"
		stand_set big.yaml hunters $k "{at: [$((2047 + k)), 2044], hp: 6}"
	done
	bt-check big.yaml > /dev/null
	SECONDS=0
	bt-resolve big.yaml > t.yaml
	(( SECONDS < 20 )) || fail "the retreat took $SECONDS s"
	assert_equal "$(stand_of t.yaml routers 1)" "{at: [2048, 2036], hp: 6, moved: 20}"
}

@test "CL-9 bt-init starts the first unit's turn as bt-resolve starts every other: broken, it retreats" {
	sed 's/^    initiative: 15$/&\n    status: [broken]/' "$DATA/clash-retreat.yaml" > scen.yaml
	bt-init --seed 1 scen.yaml > t.yaml
	assert_equal "$(field t.yaml active)" routers
	assert_equal "$(stand_of t.yaml routers 1)" "{at: [2, 0], hp: 6, moved: 20}"
	assert_equal "$(log_text t.yaml retreat)" \
	    "routers is broken and takes the Retreat action (CL-2, CL-9): it retreats n n n n, 20 ft, toward the n edge"
	bt-check t.yaml > /dev/null
}
