#!/usr/bin/env bats
# clash attacks (CL-1), spilled damage (CL-3), casualties (CL-4), morale
# and rally by bt-morale (CL-8, CL-10, CL-11). The blue foot stands in a
# line just south of the red foot (lines_meet); dice are forced.
load helper
load clash

@test "CL-1 an attack is d20 + attack bonus against AC, and a hit rolls the damage dice" {
	lines_meet
	bt-attack -r 12,3 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 2}"
	assert_equal "$(stand_of t.yaml red-foot 1)" "{at: [1, 1], hp: 6, attacked: true}"
	assert_equal "$(log_rolls t.yaml attack)" "[d20=12, d6=3]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-foot.1 attacks blue-foot.1: 12 +4 = 16 against AC 12, hit, 1d6+1: 4 damage, blue-foot.1 at 2/6 HP"
	bt-attack -r 7 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 6}"
	assert_equal "$(log_text t.yaml attack)" "red-foot.1 attacks blue-foot.1: 7 +4 = 11 against AC 12, miss"
}

@test "CL-1 a natural 20 hits and rolls the damage dice twice; a natural 1 misses" {
	lines_meet
	sed -i 's/^    ac: 12$/    ac: 30/' s.yaml
	bt-attack -r 20,2,3 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=20, d6=2, d6=3]"
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 0}"
	sed -i 's/^    attack: 4$/    attack: 40/' s.yaml
	bt-attack -r 1 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	assert_equal "$(log_text t.yaml attack)" "red-foot.1 attacks blue-foot.1: 1 +40 = 41 against AC 30, a natural 1 misses"
}

@test "CL-1 each stand attacks once a turn, an enemy next to it" {
	lines_meet
	bt-attack -r 2 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	run --separate-stderr -1 bt-attack -r 15,1 -f t.yaml red-foot.1 blue-foot.2
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (CL-1): 'red-foot.1' has made its attack this turn"
	run -0 bt-attack -r 15,1 -f t.yaml red-foot.2 blue-foot.2
	run --separate-stderr -1 bt-attack -f s.yaml red-foot.1 blue-foot.3
	assert_equal "$stderr" "bt-attack: refused (CL-1): 'red-foot.1' is not next to 'blue-foot.3'"
	run --separate-stderr -1 bt-attack -f s.yaml red-foot.1 red-foot.2
	assert_equal "$stderr" "bt-attack: refused (CL-1): 'red-foot' is not an enemy of 'red-foot'"
	run --separate-stderr -1 bt-attack -f s.yaml blue-foot.1 red-foot.1
	assert_equal "$stderr" "bt-attack: refused (CL-1): it is the turn of 'red-foot', not of 'blue-foot'"
}

@test "CL-3 damage beyond a stand's HP spills to the first adjacent stand of its unit" {
	lines_meet
	bt-attack -r 15,6 -f s.yaml red-foot.2 blue-foot.2 > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 2)" "{at: [2, 2], hp: 0}"
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 5}"
	assert_equal "$(stand_of t.yaml blue-foot 3)" "{at: [3, 2], hp: 6}"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-foot.2 attacks blue-foot.2: 15 +4 = 19 against AC 12, hit, 1d6+1: 7 damage, blue-foot.2 is a casualty (CL-4); 1 more spills to blue-foot.1 (CL-3), blue-foot.1 at 5/6 HP"
}

@test "CL-3 damage beyond a stand's HP spills to the named identical stand" {
	lines_meet
	bt-attack -r 20,6,6 --spill-to blue-foot.3 -f s.yaml red-foot.2 blue-foot.2 > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 2)" "{at: [2, 2], hp: 0}"
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 6}"
	assert_equal "$(stand_of t.yaml blue-foot 3)" "{at: [3, 2], hp: 0}"
	run --separate-stderr -1 bt-attack -r 15,6 --spill-to blue-foot.3 -f s.yaml red-foot.1 blue-foot.1
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (CL-3): --spill-to 'blue-foot.3' is not next to 'blue-foot.1' with HP left"
	run --separate-stderr -2 bt-attack --spill-to blue-foot.9 -f s.yaml red-foot.1 blue-foot.1
	assert_equal "$stderr" "bt-attack: no stand 'blue-foot.9' in the state: 'blue-foot' has stands 1 to 3"
}

@test "CL-3 with no identical stand next to it, the excess is lost" {
	lines_meet
	stand_set s.yaml blue-foot 2 '{at: [2, 6], hp: 6}'
	bt-attack -r 15,6 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 0}"
	assert_equal "$(stand_of t.yaml blue-foot 2)" "{at: [2, 6], hp: 6}"
	[[ "$(log_text t.yaml attack)" == *"; 1 more is lost, with no stand next to it to spill to (CL-3)" ]]
}

@test "CL-4 a casualty stays in play, attacks, and takes damage as if it had 1 HP" {
	lines_meet
	stand_set s.yaml blue-foot 1 '{at: [1, 2], hp: 0}'
	bt-check s.yaml > /dev/null
	bt-attack -r 15,4 -f s.yaml red-foot.1 blue-foot.1 > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 2], hp: 0}"
	assert_equal "$(stand_of t.yaml blue-foot 2)" "{at: [2, 2], hp: 2}"
	active s.yaml blue-foot
	bt-attack -r 15,4 -f s.yaml blue-foot.1 red-foot.1 > t.yaml
	assert_equal "$(stand_of t.yaml red-foot 1)" "{at: [1, 1], hp: 2}"
	bt-act -f s.yaml blue-foot retreat | bt-move blue-foot.1 s > t.yaml
	assert_equal "$(stand_of t.yaml blue-foot 1)" "{at: [1, 3], hp: 0, moved: 5}"
}

# blue-ogre next to red-hero, on blue-ogre's turn: the round's last.
ogre_at_hero() {
	clash_field
	stand_set s.yaml red-hero 1 "{at: [6, 1], hp: $1}"
	stand_set s.yaml blue-ogre 1 '{at: [6, 2], hp: 15}'
	active s.yaml blue-ogre
	bt-check s.yaml > /dev/null
}

@test "CL-7 damage that takes a solo to 0 HP with its maximum HP or more to spare kills it outright" {
	ogre_at_hero 2
	# a critical hit, 4d6+2 = 22: 2 to take it to 0, 20 (its max-hp) over
	bt-attack -r 20,5,5,5,5 -f s.yaml blue-ogre red-hero > t.yaml
	assert_equal "$(field t.yaml units.red-hero.status)" "[destroyed]"
	assert_equal "$(stand_of t.yaml red-hero 1)" "{hp: 0}"
	run grep -c "^- red-hero\$" t.yaml
	assert_output 0
	assert_equal "$(log_text t.yaml attack)" \
	    "blue-ogre attacks red-hero: 20 +5 = 25 against AC 16, a natural 20, a critical hit, 4d6+2: 22 damage, red-hero drops to 0 HP with 20 damage to spare, its maximum HP or more: killed outright (CL-7)"
	bt-check t.yaml > /dev/null
	# 19 to spare: dying
	bt-attack -r 20,5,5,5,4 -f s.yaml blue-ogre red-hero > t.yaml
	assert_equal "$(field t.yaml units.red-hero.status)" ""
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [6, 1], hp: 0}"
	assert_equal "$(log_text t.yaml attack)" \
	    "blue-ogre attacks red-hero: 20 +5 = 25 against AC 16, a natural 20, a critical hit, 4d6+2: 21 damage, red-hero drops to 0 HP, dying (CL-7)"
}

@test "CL-7 a hit on a dying solo is a failed death save, two on a critical, counted with its end-of-round saves" {
	ogre_at_hero 0
	bt-attack -r 15,1,1 -f s.yaml blue-ogre red-hero > t.yaml
	assert_equal "$(field t.yaml units.red-hero.death-fails)" 1
	assert_equal "$(stand_of t.yaml red-hero 1)" "{at: [6, 1], hp: 0}"
	assert_equal "$(log_text t.yaml attack)" \
	    "blue-ogre attacks red-hero: 15 +5 = 20 against AC 16, hit, 2d6+2: 4 damage, red-hero is dying: a failed death save (CL-7), 1 of 3"
	# the round ends: two more failures and it is dead
	bt-resolve -r 5,5 t.yaml > u.yaml
	assert_equal "$(field u.yaml units.red-hero.status)" "[destroyed]"
	assert_equal "$(field u.yaml units.red-hero.death-fails)" ""
	assert_equal "$(log_text u.yaml death-save)" \
	    "red-hero is dying and makes death saves (CL-7), with 1 failure from hits: 5, 5; three failures: dead"
	# a critical hit is two; the third at the end of the round
	bt-attack -r 20,1,1,1,1 -f s.yaml blue-ogre red-hero > t.yaml
	assert_equal "$(field t.yaml units.red-hero.death-fails)" 2
	bt-resolve -r 12,3 t.yaml > u.yaml
	assert_equal "$(field u.yaml units.red-hero.status)" "[destroyed]"
	assert_equal "$(log_rolls u.yaml death-save)" "[d20=12, d20=3]"
	# stable, its failures are cleared with its saves
	bt-resolve -r 10,10,10 t.yaml > u.yaml
	assert_equal "$(field u.yaml units.red-hero.status)" "[fled]"
	assert_equal "$(field u.yaml units.red-hero.death-fails)" ""
	# at 0 HP, damage of its maximum HP or more kills it outright
	bt-attack -r 20,6,6,6,6 -f s.yaml blue-ogre red-hero > t.yaml
	assert_equal "$(field t.yaml units.red-hero.status)" "[destroyed]"
	# death-fails belongs to a dying player character only
	unit_set s.yaml blue-ogre death-fails 1
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	[[ "$stderr" == *": unit 'blue-ogre' has 'death-fails' but is not a dying player character (CL-7)" ]]
}

@test "CL-7 a solo fallen at 0 HP that is not a player character can't be attacked" {
	ogre_at_hero 20
	stand_set s.yaml blue-ogre 1 '{at: [6, 2], hp: 0}'
	active s.yaml red-hero
	run --separate-stderr -1 bt-attack -f s.yaml red-hero blue-ogre
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (CL-7): 'blue-ogre' has fallen at 0 HP: it is eliminated with the casualties at the end of the round"
}

@test "CL-8 bt-morale checks a unit that lost more than half its stands: DC 10 Wisdom save" {
	lines_meet
	run --separate-stderr -1 bt-morale -f s.yaml blue-foot
	assert_equal "$stderr" "bt-morale: refused (CL-8): 'blue-foot' has lost 0 of its 3 stands, not more than half: no morale check"
	stand_set s.yaml blue-foot 1 '{hp: 0}'
	stand_set s.yaml blue-foot 2 '{at: [2, 2], hp: 0}'
	bt-morale -r 8 -f s.yaml blue-foot > t.yaml
	assert_equal "$(field t.yaml units.blue-foot.status)" "[broken]"
	assert_equal "$(field t.yaml units.blue-foot.morale-round)" "1"
	assert_equal "$(log_text t.yaml morale)" \
	    "blue-foot has lost 2 of its 3 stands and checks morale (CL-8): 8 +1 Wisdom (blue-foot) = 9 against DC 10, failed: broken"
	run --separate-stderr -1 bt-morale -f t.yaml blue-foot
	assert_equal "$stderr" "bt-morale: refused (CL-8): 'blue-foot' is broken for the rest of the battle; only a commander rallies it (CL-11)"
	bt-morale -r 9 -f s.yaml blue-foot > t.yaml
	assert_equal "$(field t.yaml units.blue-foot.status)" ""
	run --separate-stderr -1 bt-morale -r 9 -f t.yaml blue-foot
	assert_equal "$stderr" "bt-morale: refused (CL-8): 'blue-foot' has checked morale this round"
}

@test "CL-8 bt-morale checks one unit: none, or two, is a usage error (no unit crashed it)" {
	clash_field
	run --separate-stderr -2 bt-morale -f s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-morale: in clash, bt-morale takes one unit"
	run --separate-stderr -2 bt-morale -f s.yaml red-foot blue-foot
	assert_equal "$stderr" "bt-morale: in clash, bt-morale takes one unit"
	printf 'bt-morale\n' > orders
	run --separate-stderr -2 bt-order -f s.yaml orders
	assert_equal "${stderr_lines[0]}" "bt-order: orders:1: bt-morale: in clash, bt-morale takes one unit"
}

@test "CL-8 the save takes the highest Wisdom modifier of the unit and its joined solos" {
	clash_field
	stand_set s.yaml red-foot 1 '{at: [1, 1], hp: 0}'
	stand_set s.yaml red-foot 2 '{at: [2, 1], hp: 0}'
	stand_set s.yaml red-hero 1 '{at: [4, 1], hp: 20}'
	bt-morale -r 7 -f s.yaml red-foot > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" ""
	assert_equal "$(log_text t.yaml morale)" \
	    "red-foot has lost 2 of its 3 stands and checks morale (CL-8): 7 +3 Wisdom (red-hero) = 10 against DC 10, it holds"
}

@test "CL-8 a joined solo lends its Wisdom only next to a stand of its unit, and not at 0 HP (CL-7)" {
	clash_field
	stand_set s.yaml red-foot 1 '{at: [1, 1], hp: 0}'
	stand_set s.yaml red-foot 2 '{at: [2, 1], hp: 0}'
	# red-hero at [6, 1], three squares from red-foot.3 at [3, 1]
	bt-morale -r 7 -f s.yaml red-foot > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" "[broken]"
	assert_equal "$(log_text t.yaml morale)" \
	    "red-foot has lost 2 of its 3 stands and checks morale (CL-8): 7 +0 Wisdom (red-foot) = 7 against DC 10, failed: broken"
	# next to a casualty of its unit: a casualty is still in play (CL-4)
	stand_set s.yaml red-hero 1 '{at: [1, 2], hp: 20}'
	bt-morale -r 7 -f s.yaml red-foot > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" ""
	# dying, next to its unit: it lends nothing
	stand_set s.yaml red-hero 1 '{at: [4, 1], hp: 0}'
	bt-morale -r 7 -f s.yaml red-foot > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" "[broken]"
	assert_equal "$(log_text t.yaml morale)" \
	    "red-foot has lost 2 of its 3 stands and checks morale (CL-8): 7 +0 Wisdom (red-foot) = 7 against DC 10, failed: broken"
}

@test "CL-8 stands that left by the edge unbroken are not lost; eliminated ones and casualties are" {
	lines_meet
	# blue-foot.1 escaped with HP left, blue-foot.2 was eliminated
	stand_set s.yaml blue-foot 1 '{hp: 4}'
	stand_set s.yaml blue-foot 2 '{hp: 0}'
	run --separate-stderr -1 bt-morale -r 8 -f s.yaml blue-foot
	assert_output ""
	assert_equal "$stderr" "bt-morale: refused (CL-8): 'blue-foot' has lost 1 of its 3 stands, not more than half: no morale check"
	# the last stand a casualty: two lost, more than half
	stand_set s.yaml blue-foot 3 '{at: [3, 2], hp: 0}'
	bt-morale -r 8 -f s.yaml blue-foot > t.yaml
	assert_equal "$(log_text t.yaml morale)" \
	    "blue-foot has lost 2 of its 3 stands and checks morale (CL-8): 8 +1 Wisdom (blue-foot) = 9 against DC 10, failed: broken"
}

@test "CL-10 a solo is never broken: no morale check, and a broken solo is bad data" {
	clash_field
	run --separate-stderr -1 bt-morale -f s.yaml red-hero
	assert_equal "$stderr" "bt-morale: refused (CL-10): 'red-hero' is a solo: it is never broken"
	unit_set s.yaml red-hero status '[broken]'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	[[ "$stderr" == *": solo 'red-hero' is broken, but a solo is never broken (CL-10)" ]]
}

@test "CL-11 bt-morale --rally rolls a broken unit's rally by hand before its turn" {
	clash_field
	stand_set s.yaml red-hero 1 '{at: [4, 1], hp: 20}'
	active s.yaml red-hero
	unit_set s.yaml red-foot status '[broken]'
	bt-morale --rally -r 5 -f s.yaml red-foot > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" ""
	assert_equal "$(log_text t.yaml rally)" \
	    "red-foot tries to rally (CL-11): 5 +3 Wisdom (red-hero) +2 Charisma (Sergeant Oda) = 10 against DC 10, rallied: no longer broken"
	# failed, it is not rolled again when its turn starts
	bt-morale --rally -r 4 -f s.yaml red-foot > t.yaml
	assert_equal "$(field t.yaml units.red-foot.status)" "[broken]"
	assert_equal "$(field t.yaml units.red-foot.rally-round)" "2"
	bt-resolve t.yaml | bt-resolve | bt-resolve > u.yaml
	assert_equal "$(log_count u.yaml rally)" 1
	# still broken as its turn starts, it retreats, off the map (CL-9)
	assert_equal "$(log_count u.yaml retreat)" 1
	assert_equal "$(field u.yaml units.red-foot.status)" "[broken, fled]"
	unit_set s.yaml blue-foot status '[broken]'
	run --separate-stderr -1 bt-morale --rally -f s.yaml blue-foot
	assert_equal "$stderr" "bt-morale: refused (CL-11): 'blue-foot' has no commander to rally it"
}

@test "CL-4 bt-render marks a casualty '_' on its square, and shows the victory points" {
	lines_meet
	bt-attack -r 15,6 -f s.yaml red-foot.1 blue-foot.1 | bt-render > out
	grep -q '^  2 \. A_A2A3f ' out
	grep -q '^Victory points: blue 0, red 0 (10 wins)$' out
	grep -q '^A   blue-foot  blue  1,2       open  -       3/3 stands 0 5 6  -       ' out
}
