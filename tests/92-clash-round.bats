#!/usr/bin/env bats
# The end of a clash round, in the seed's order: casualties (CL-5, CL-6),
# death saves (CL-7), morale (CL-8); a broken unit's rally as its turn
# starts (CL-11); objectives, victory points and the battle's end
# (CL-12). blue-ogre is the last to act in a round; dice are forced.
load helper
load clash

# The round's last turn, with two blue stands casualties next to their
# third.
last_turn() {
	clash_field
	stand_set s.yaml blue-foot 1 '{at: [1, 5], hp: 0}'
	stand_set s.yaml blue-foot 2 '{at: [2, 5], hp: 0}'
	active s.yaml blue-ogre
	bt-check s.yaml > /dev/null
}

@test "CL-5 at the end of the round casualties are eliminated, then morale is checked" {
	last_turn
	bt-resolve -r 5 s.yaml > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{hp: 0}"
	assert_equal "$(stand_of t.yaml blue-foot 2)" "{hp: 0}"
	assert_equal "$(stand_of t.yaml blue-foot 3)" "{at: [3, 5], hp: 6}"
	assert_equal "$(field t.yaml units.blue-foot.status)" "[broken]"
	assert_equal "$(log_text t.yaml eliminate)" \
	    "blue-foot: blue-foot.1, blue-foot.2 are eliminated (CL-5)"
	run -0 sed -n 's/^  event: //p' t.yaml
	assert_equal "$(printf '%s\n' "$output" | tr '\n' ' ')" \
	    "end round-end eliminate morale round "
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(field t.yaml active)" red-foot
}

@test "CL-6 the controller moves an adjacent allied stand into a square a casualty left" {
	last_turn
	bt-resolve -r 15 --fill blue-foot.3=2,5 s.yaml > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 3)" "{at: [2, 5], hp: 6}"
	assert_equal "$(log_text t.yaml fill)" \
	    "blue-foot.3 moves from [3, 5] into [2, 5], left by a casualty (CL-6)"
	run --separate-stderr -1 bt-resolve -r 15 --fill blue-ogre=2,5 s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-resolve: refused (CL-6): 'blue-ogre' is not next to [2, 5]"
	run --separate-stderr -1 bt-resolve -r 15 --fill blue-foot.3=3,4 s.yaml
	assert_equal "$stderr" "bt-resolve: refused (CL-6): no stand was eliminated on [3, 4] this round"
	run --separate-stderr -2 bt-resolve --fill blue-foot.3 s.yaml
	assert_equal "$(head -n 1 <<< "$stderr")" "bt-resolve: bad --fill 'blue-foot.3': STAND=X,Y"
	active s.yaml red-foot
	run --separate-stderr -1 bt-resolve --fill blue-foot.3=2,5 s.yaml
	assert_equal "$stderr" "bt-resolve: refused (CL-6): --fill is for the end of a round, and 'red-foot' is not the last to act in it"
}

@test "CL-6 only an ally fills the square" {
	last_turn
	stand_set s.yaml red-hero 1 '{at: [2, 4], hp: 20}'
	run --separate-stderr -1 bt-resolve -r 15 --fill red-hero=2,5 s.yaml
	assert_equal "$stderr" "bt-resolve: refused (CL-6): 'red-hero' is not an ally of the stand eliminated on [2, 5]"
}

@test "CL-7 a dying player character makes death saves at the end of the round: three successes, stable" {
	clash_field
	stand_set s.yaml red-hero 1 '{at: [6, 1], hp: 0}'
	active s.yaml blue-ogre
	bt-resolve -r 12,3,15,11 s.yaml > t.yaml
	assert_equal "$(log_rolls t.yaml death-save)" "[d20=12, d20=3, d20=15, d20=11]"
	assert_equal "$(log_text t.yaml death-save)" \
	    "red-hero is dying and makes death saves (CL-7): 12, 3, 15, 11; three successes: stable, and carried from the field"
	assert_equal "$(field t.yaml units.red-hero.status)" "[fled]"
	assert_equal "$(stand_of t.yaml red-hero 1)" "{hp: 0}"
}

@test "CL-7 a natural 1 counts two failures; three failures and the solo is dead" {
	clash_field
	stand_set s.yaml red-hero 1 '{at: [6, 1], hp: 0}'
	active s.yaml blue-ogre
	bt-resolve -r 15,1,4 s.yaml > t.yaml
	assert_equal "$(log_text t.yaml death-save)" \
	    "red-hero is dying and makes death saves (CL-7): 15, 1, 4; three failures: dead"
	assert_equal "$(field t.yaml units.red-hero.status)" "[destroyed]"
}

@test "CL-7 a natural 20 on a death save: 1 HP, and it fights on" {
	clash_field
	stand_set s.yaml red-hero 1 '{at: [6, 1], hp: 0}'
	active s.yaml blue-ogre
	bt-resolve -r 2,20 s.yaml > t.yaml
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [6, 1], hp: 1}"
	assert_equal "$(field t.yaml units.red-hero.status)" ""
}

@test "CL-7 a solo that is not a player character is eliminated at 0 HP with the casualties" {
	clash_field
	stand_set s.yaml blue-ogre 1 '{at: [6, 6], hp: 0}'
	active s.yaml blue-ogre
	run --separate-stderr -1 bt-move -f s.yaml blue-ogre n
	assert_equal "$stderr" "bt-move: refused (CL-7): 'blue-ogre' is down at 0 HP: it can't move"
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml units.blue-ogre.status)" "[destroyed]"
	assert_equal "$(log_text t.yaml eliminate)" \
	    "blue-ogre: blue-ogre is eliminated (CL-5); the unit is destroyed"
	run grep -c "^- blue-ogre\$" t.yaml
	assert_output 0
}

@test "CL-8 a unit past the threshold checks morale at every end of round, once a round" {
	last_turn
	active s.yaml blue-foot
	bt-morale -r 12 -f s.yaml blue-foot | bt-resolve | bt-resolve > t.yaml
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(log_count t.yaml morale)" 1
	bt-resolve t.yaml | bt-resolve | bt-resolve | bt-resolve -r 3 > u.yaml
	assert_equal "$(log_count u.yaml morale)" 2
	assert_equal "$(field u.yaml units.blue-foot.status)" "[broken]"
	assert_equal "$(field u.yaml units.blue-foot.morale-round)" 2
}

@test "CL-11 the turn of a broken unit with a commander starts with its rally" {
	clash_field
	stand_set s.yaml red-hero 1 '{at: [4, 1], hp: 20}'
	unit_set s.yaml red-foot status '[broken]'
	active s.yaml blue-ogre
	bt-resolve -r 4 s.yaml > t.yaml
	assert_equal "$(log_text t.yaml rally)" \
	    "red-foot tries to rally (CL-11): 4 +3 Wisdom (red-hero) +2 Charisma (Sergeant Oda) = 9 against DC 10, still broken"
	# still broken: the rules retreat it, here off the map (CL-9)
	assert_equal "$(field t.yaml units.red-foot.status)" "[broken, fled]"
	assert_equal "$(field t.yaml active)" red-hero
	bt-resolve -r 5 s.yaml > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" ""
	assert_equal "$(field t.yaml units.red-foot.rally-round)" 2
	assert_equal "$(field t.yaml active)" red-foot
	assert_equal "$(log_count t.yaml retreat)" 0
}

@test "CL-12 a hold objective scores at each end of round it is held" {
	clash_field
	stand_set s.yaml red-hero 1 '{at: [6, 3], hp: 20}'
	active s.yaml blue-ogre
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 3}"
	assert_equal "$(log_text t.yaml vp)" "red scores 3 VP: it holds [5, 3] (CL-12), 3 VP in all"
	bt-resolve t.yaml | bt-resolve | bt-resolve | bt-resolve > u.yaml
	assert_equal "$(field u.yaml vp)" "{blue: 0, red: 6}"
	# an enemy next to the square: no one holds it
	stand_set s.yaml blue-foot 3 '{at: [4, 3], hp: 6}'
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 0}"
}

@test "CL-12 destroy scores once, protect at the end of its round" {
	clash_field
	objective s.yaml '{side: red, kind: protect, unit: red-hero, round: 2, vp: 2}'
	for k in 1 2 3; do stand_set s.yaml red-foot $k "{at: [$k, 1], hp: 0}"; done
	active s.yaml blue-ogre
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" "[destroyed]"
	assert_equal "$(field t.yaml vp)" "{blue: 6, red: 0}"
	grep -q "^- {side: blue, kind: destroy, unit: red-foot, vp: 6, scored: 1}\$" t.yaml
	bt-resolve t.yaml | bt-resolve | bt-resolve > u.yaml
	assert_equal "$(field u.yaml vp)" "{blue: 6, red: 2}"
	grep -q "^- {side: red, kind: protect, unit: red-hero, round: 2, vp: 2, scored: 2}\$" u.yaml
}

@test "CL-12 destroy scores for a unit eliminated or driven off broken, not for one that escaped by the edge" {
	clash_field
	active s.yaml red-hero
	objective s.yaml '{side: blue, kind: destroy, unit: red-hero, vp: 2}'
	objective s.yaml '{side: red, kind: escape, unit: red-hero, edge: n, vp: 4}'
	bt-move -f s.yaml red-hero n n | bt-resolve | bt-resolve > t.yaml
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(field t.yaml units.red-hero.status)" "[fled]"
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 4}"
	assert_equal "$(log_count t.yaml vp)" 1
	# a broken unit driven off the map counts as destroyed
	clash_field
	for k in 1 2 3; do stand_set s.yaml red-foot $k "{hp: 6}"; done
	unit_set s.yaml red-foot status '[broken, fled]'
	sed -i '/^- red-foot$/d' s.yaml
	active s.yaml blue-ogre
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml vp)" "{blue: 6, red: 0}"
	assert_equal "$(log_text t.yaml vp)" \
	    "blue scores 6 VP: 'red-foot' is out of the battle, driven off the map broken (CL-12), 6 VP in all"
	# unbroken, it got away
	unit_set s.yaml red-foot status '[fled]'
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 0}"
}

@test "CL-12 destroy does not score for a stable hero carried off, and does for a dead one (CL-7)" {
	clash_field
	objective s.yaml '{side: blue, kind: destroy, unit: red-hero, vp: 2}'
	stand_set s.yaml red-hero 1 '{at: [6, 1], hp: 0}'
	active s.yaml blue-ogre
	bt-resolve -r 10,10,10 s.yaml > t.yaml
	assert_equal "$(field t.yaml units.red-hero.status)" "[fled]"
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 0}"
	bt-resolve -r 5,5,5 s.yaml > t.yaml
	assert_equal "$(field t.yaml units.red-hero.status)" "[destroyed]"
	assert_equal "$(field t.yaml vp)" "{blue: 2, red: 0}"
	assert_equal "$(log_text t.yaml vp)" \
	    "blue scores 2 VP: 'red-hero' is out of the battle, destroyed (CL-12), 2 VP in all"
}

@test "CL-9 a broken unit holds no objective, and does not keep the enemy from holding it" {
	clash_field
	unit_set s.yaml red-foot status '[broken]'
	stand_set s.yaml red-foot 3 '{at: [5, 2], hp: 6}'
	active s.yaml blue-ogre
	bt-resolve -r 1 s.yaml > t.yaml
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 0}"
	# red-hero holds it, with broken blue-foot next to the square
	clash_field
	unit_set s.yaml blue-foot status '[broken]'
	stand_set s.yaml blue-foot 3 '{at: [4, 3], hp: 6}'
	stand_set s.yaml red-hero 1 '{at: [6, 3], hp: 20}'
	active s.yaml blue-ogre
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml vp)" "{blue: 0, red: 3}"
}

@test "CL-12 the first side to 10 victory points wins; the battle is over" {
	clash_field
	sed -i 's/^vp: .*/vp: {blue: 0, red: 7}/' s.yaml
	stand_set s.yaml red-hero 1 '{at: [5, 2], hp: 20}'
	active s.yaml blue-ogre
	bt-resolve s.yaml > t.yaml
	assert_equal "$(result_of t.yaml winner)" red
	assert_equal "$(result_of t.yaml reason)" "first to 10 victory points, with 10 (CL-12)"
	assert_equal "$(field t.yaml active)" ""
	assert_equal "$(log_text t.yaml result)" \
	    "the battle is over: red wins, first to 10 victory points, with 10 (CL-12)"
	run --separate-stderr -1 bt-move -f t.yaml red-foot n
	assert_equal "$stderr" "bt-move: refused (CL-12): the battle is over (red won: first to 10 victory points, with 10 (CL-12))"
	run -1 bt-resolve t.yaml
}

@test "CL-12 both sides to 10 in the same round: the higher total wins, equal is a draw, and the result says so" {
	clash_field
	sed -i 's/^vp: .*/vp: {blue: 5, red: 7}/' s.yaml
	stand_set s.yaml red-hero 1 '{at: [5, 2], hp: 20}'
	for k in 1 2 3; do stand_set s.yaml red-foot $k "{at: [$k, 1], hp: 0}"; done
	active s.yaml blue-ogre
	bt-resolve s.yaml > t.yaml
	assert_equal "$(field t.yaml vp)" "{blue: 11, red: 10}"
	assert_equal "$(result_of t.yaml winner)" blue
	# red got there too: blue was not the first, it has the more
	assert_equal "$(result_of t.yaml reason)" \
	    "2 sides reached 10 victory points in the same round, and blue has the higher total, 11 to 10 (CL-12)"
	sed -i 's/^vp: .*/vp: {blue: 4, red: 7}/' s.yaml
	bt-resolve s.yaml > t.yaml
	assert_equal "$(result_of t.yaml winner)" draw
	assert_equal "$(result_of t.yaml reason)" \
	    "2 sides reached 10 victory points in the same round, each with 10 (CL-12)"
}

@test "CL-12 a side with no unbroken unit and no solo standing loses at the end of the round" {
	clash_field
	unit_set s.yaml blue-foot status '[broken]'
	stand_set s.yaml blue-ogre 1 '{at: [6, 6], hp: 0}'
	active s.yaml blue-ogre
	bt-resolve s.yaml > t.yaml
	assert_equal "$(result_of t.yaml winner)" red
	assert_equal "$(result_of t.yaml reason)" \
	    "every other side has no unbroken unit and no solo left in the battle (CL-12)"
}

@test "CL-12 objectives are checked: a bad one is bad data, exit 3, with its place" {
	clash_field
	objective s.yaml '{side: red, kind: destroy, unit: nobody, vp: 2}'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:10:3: objective 1 names a unit that is not in 'units' (CL-12)"
	clash_field
	objective s.yaml '{side: red, kind: escape, unit: red-hero, vp: 2}'
	run --separate-stderr -3 bt-check s.yaml
	assert_equal "$stderr" "bt-check: s.yaml:10:3: objective 1 has 'edge' (n, e, s or w: where an 'escape' leaves) where it does not belong (CL-12)"
	clash_field
	objective s.yaml '{side: red, kind: seize, at: [1, 1], vp: 2}'
	run --separate-stderr -3 bt-check s.yaml
	assert_equal "$stderr" "bt-check: s.yaml:10:21: unknown kind 'seize' (one of: hold, destroy, protect, escape)"
}

@test "clash states are checked: stands off the map or on one square, turn keys out of turn" {
	clash_field
	stand_set s.yaml red-foot 2 '{at: [1, 1], hp: 6}'
	run --separate-stderr -3 bt-check s.yaml
	[[ "$stderr" == *"unit 'red-foot' has two stands at [1, 1]" ]]
	clash_field
	stand_set s.yaml blue-foot 2 '{at: [2, 5], hp: 6, moved: 5}'
	run --separate-stderr -3 bt-check s.yaml
	[[ "$stderr" =~ ^bt-check:\ s\.yaml:[0-9]+:7:\ stand\ blue-foot\.2\ has\ \'moved\'\ or\ \'attacked\'\ but\ its\ unit\ is\ not\ taking\ its\ turn$ ]]
	clash_field
	stand_set s.yaml blue-foot 2 '{at: [12, 5], hp: 6}'
	run --separate-stderr -3 bt-check s.yaml
	[[ "$stderr" == *"unit 'blue-foot' is off the map at [12, 5] (the map is 10 x 8)" ]]
}
