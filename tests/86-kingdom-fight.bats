#!/usr/bin/env bats
# kingdom fighting: ranged attacks (KM-5), engaging and avoiding melee
# (KM-6), melee (KM-7), outnumbered armies (KM-8), the Strategy and
# Tactic modifiers (KM-3) and the phases' simultaneity (KM-1). Each test
# builds its battle on the kingdom field (tests/data/kingdom-field.yaml):
# armies with b1's numbers (20 HP, AC 14, melee +6, Maneuver +3 against
# DC 12); b1 is blue, r1 red. Dice are forced; with several armies they
# go in byte order of the attackers' ids, then of their targets' ids.
load helper
load kingdom

# --- building the battle ---

# start PHASE: the battle of sc.yaml started in s.yaml (red moves first),
# set to that phase.
start() {
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
	sed -i "s/^phase: .*/phase: $1/" s.yaml
}

# --- KM-5 ranged attacks ---

# b1 shoots, three squares from r1.
archers() {
	scenario
	bows b1
	place b1 4 3
	place r1 7 3
}

@test "KM-5 bt-attack orders a shot; the phase's end rolls it: d20 + ranged against AC, damage the difference" {
	archers
	start ranged
	run --separate-stderr -0 bt-attack -f s.yaml b1 r1
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > s.yaml
	assert_equal "$(turn_of s.yaml b1 shoot)" r1
	assert_equal "$(log_text s.yaml order)" "b1 will shoot at r1 when the ranged phase resolves"
	assert_equal "$(field s.yaml units.r1.hp)" 20
	resolve 12
	assert_equal "$(log_rolls t.yaml shoot)" "[d20=12]"
	assert_equal "$(log_text t.yaml shoot)" \
	    "b1 shoots at r1 (KM-5): 12 + 7 = 19 against AC 14, hit, 5 damage"
	assert_equal "$(field t.yaml units.r1.hp)" 15
	assert_equal "$(turn_of t.yaml r1 damage)" 5
	assert_equal "$(field t.yaml units.b1.shots)" 2
	assert_equal "$(field t.yaml phase)" melee
}

@test "KM-5 a total equal to the AC hits for 0 damage, a miss deals none; either spends a Shot" {
	archers
	start ranged
	bt-attack -f s.yaml b1 r1 > u.yaml && mv u.yaml s.yaml
	resolve 7
	assert_equal "$(log_text t.yaml shoot)" \
	    "b1 shoots at r1 (KM-5): 7 + 7 = 14 against AC 14, hit, 0 damage"
	assert_equal "$(field t.yaml units.r1.hp)" 20
	assert_equal "$(field t.yaml units.b1.shots)" 2
	resolve 6
	assert_equal "$(log_text t.yaml shoot)" \
	    "b1 shoots at r1 (KM-5): 6 + 7 = 13 against AC 14, miss, 0 damage"
	assert_equal "$(field t.yaml units.r1.hp)" 20
	assert_equal "$(field t.yaml units.b1.shots)" 2
}

@test "KM-5 a natural 20 always hits, for at least 1 damage" {
	archers
	unit_set sc.yaml r1 ac 30
	start ranged
	bt-attack -f s.yaml b1 r1 > u.yaml && mv u.yaml s.yaml
	resolve 20
	assert_equal "$(log_text t.yaml shoot)" \
	    "b1 shoots at r1 (KM-5): 20 + 7 = 27 against AC 30, a natural 20 hits, 1 damage"
	assert_equal "$(field t.yaml units.r1.hp)" 19
	resolve 19
	assert_equal "$(log_text t.yaml shoot)" \
	    "b1 shoots at r1 (KM-5): 19 + 7 = 26 against AC 30, miss, 0 damage"
}

@test "KM-5 a shot is refused out of range, without Shots or ranged weapons, at a friend, or outside the ranged phase" {
	archers
	army b2 blue 4 4
	place r1 8 3
	start ranged
	run --separate-stderr -1 bt-attack -f s.yaml b1 r1
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (KM-5): 'r1' is 4 squares away; the range of 'b1' is 3"
	run --separate-stderr -1 bt-attack -f s.yaml b1 b2
	assert_equal "$stderr" "bt-attack: refused (KM-5): 'b2' is not a hostile army on the field"
	run --separate-stderr -1 bt-attack -f s.yaml r1 b1
	assert_equal "$stderr" "bt-attack: refused (KM-5): 'r1' has no ranged weapons"
	unit_set s.yaml b1 shots 0
	run --separate-stderr -1 bt-attack -f s.yaml b1 r1
	assert_equal "$stderr" "bt-attack: refused (KM-5): 'b1' has no Shots left"
	archers
	start maneuver
	run --separate-stderr -1 bt-attack -f s.yaml b1 r1
	assert_equal "$stderr" "bt-attack: refused (KM-5): ranged attacks are ordered in the ranged phase; it is the maneuver phase"
	run --separate-stderr -2 bt-attack -f s.yaml b1 r9
	assert_output ""
	assert_equal "$stderr" "bt-attack: no army 'r9' in the state"
}

@test "KM-5 an engaged army can't shoot" {
	archers
	army r2 red 5 3
	start ranged
	engage s.yaml b1 r2
	run --separate-stderr -1 bt-attack -f s.yaml b1 r1
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (KM-5): 'b1' is engaged with 'r2'"
}

@test "KM-1 every shot rolls against the phase's starting state; damage is applied after all of them" {
	archers
	army b2 blue 4 4
	bows b2
	bows r1
	unit_set sc.yaml r1 hp 5
	start ranged
	bt-attack -f s.yaml r1 b1 | bt-attack -f - b2 r1 | bt-attack -f - b1 r1 > u.yaml
	mv u.yaml s.yaml
	resolve 15,10,10
	assert_equal "$(log_texts t.yaml shoot)" "b1 shoots at r1 (KM-5): 15 + 7 = 22 against AC 14, hit, 8 damage
b2 shoots at r1 (KM-5): 10 + 7 = 17 against AC 14, hit, 3 damage
r1 shoots at b1 (KM-5): 10 + 7 = 17 against AC 14, hit, 3 damage"
	# r1 was down to 0 HP by b1's shot, and shot all the same
	assert_equal "$(field t.yaml units.r1.hp)" 0
	assert_equal "$(turn_of t.yaml r1 damage)" 11
	assert_equal "$(field t.yaml units.b1.hp)" 17
	assert_equal "$(field t.yaml units.r1.shots)" 2
}

# --- KM-3 the modifiers of Strategy and Tactic ---

@test "KM-3 the strategy track: reckless +4 attack and +6 damage against defensive +4 AC" {
	archers
	unit_set sc.yaml b1 strategy reckless
	unit_set sc.yaml r1 strategy defensive
	start ranged
	bt-attack -f s.yaml b1 r1 > u.yaml && mv u.yaml s.yaml
	resolve 10
	assert_equal "$(log_text t.yaml shoot)" \
	    "b1 shoots at r1 (KM-5): 10 + 11 = 21 against AC 18, hit, 9 damage with its damage modifier"
	assert_equal "$(field t.yaml units.r1.hp)" 11
}

@test "KM-3 a state's strategies override the track's modifiers" {
	archers
	sed -i 's/^tactics:$/strategies:\n  reckless: [-4, 5, 8]\n&/' sc.yaml
	unit_set sc.yaml b1 strategy reckless
	start ranged
	bt-attack -f s.yaml b1 r1 > u.yaml && mv u.yaml s.yaml
	resolve 10
	assert_equal "$(log_text t.yaml shoot)" \
	    "b1 shoots at r1 (KM-5): 10 + 12 = 22 against AC 14, hit, 16 damage with its damage modifier"
}

@test "KM-3 strategy and tactic both count in melee: attack, AC and damage" {
	scenario
	place b1 4 3
	place r1 5 3
	unit_set sc.yaml b1 strategy aggressive	# +2 attack, +3 damage, -2 AC
	unit_set sc.yaml b1 tactic wedge	# +2 melee, -1 AC
	unit_set sc.yaml r1 strategy cautious	# -2 attack, -3 damage, +2 AC
	unit_set sc.yaml r1 tactic screen	# +2 AC
	start melee
	resolve 10,10
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 10 + 10 = 20 against AC 18, hit, 5 damage with its damage modifier
r1 attacks b1 (KM-7): 10 + 4 = 14 against AC 11, hit, 0 damage with its damage modifier"
	assert_equal "$(field t.yaml units.r1.hp)" 15
	assert_equal "$(field t.yaml units.b1.hp)" 20
}

# --- KM-6 engaging ---

@test "KM-6 hostile armies next to each other engage when the melee phase ends, and fight (KM-7)" {
	scenario
	place b1 4 3
	place r1 5 4	# diagonally: adjacent (G-1)
	start melee
	resolve 10,12
	assert_equal "$(log_rolls t.yaml melee)" "[d20=12]"
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r1 attacks b1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage"
	assert_equal "$(field t.yaml units.b1.engaged)" "[r1]"
	assert_equal "$(field t.yaml units.r1.engaged)" "[b1]"
	assert_equal "$(field t.yaml units.b1.hp)" 16
	assert_equal "$(field t.yaml units.r1.hp)" 18
	assert_equal "$(turn_of t.yaml b1 damage)" 4
	assert_equal "$(turn_of t.yaml b1 melee-by)" "[r1]"
	assert_equal "$(turn_of t.yaml r1 melee-by)" "[b1]"
	assert_equal "$(field t.yaml phase)" resolution
}

@test "KM-6 armies two squares apart, friends side by side, or an army at 0 HP don't engage" {
	scenario
	place b1 4 3
	place r1 6 3
	army b2 blue 4 4
	start melee
	run --separate-stderr -0 bt-resolve -r 10 s.yaml
	assert_equal "$stderr" "bt-resolve: warning: 1 --rolls value left over, ignored"
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.b1.engaged)" ""
	assert_equal "$(field t.yaml units.b2.engaged)" ""
	assert_equal "$(log_count t.yaml melee)" 0
	# nor does an army at 0 HP
	scenario
	place b1 4 3
	place r1 5 3
	unit_set sc.yaml r1 hp 0
	start melee
	run --separate-stderr -0 bt-resolve -r 10 s.yaml
	assert_equal "$stderr" "bt-resolve: warning: 1 --rolls value left over, ignored"
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.b1.engaged)" ""
	assert_equal "$(log_count t.yaml melee)" 0
}

@test "KM-6 an army that avoids melee beats the Maneuver DC of every adjacent hostile army and stays out" {
	scenario
	place b1 4 3
	place r1 5 3
	start melee
	bt-act -f s.yaml b1 avoid-melee > u.yaml && mv u.yaml s.yaml
	assert_equal "$(turn_of s.yaml b1 avoid-melee)" true
	assert_equal "$(log_text s.yaml avoid)" "b1 will try to avoid melee (KM-6)"
	resolve 9
	assert_equal "$(log_rolls t.yaml avoid)" "[d20=9]"
	assert_equal "$(log_text t.yaml avoid)" \
	    "b1 tries to avoid melee (KM-6): 9 + 3 = 12 against r1's DC 12, passed; it stays out of the melee"
	assert_equal "$(field t.yaml units.b1.engaged)" ""
	assert_equal "$(field t.yaml units.r1.engaged)" ""
	assert_equal "$(log_count t.yaml melee)" 0
	assert_equal "$(field t.yaml units.b1.hp)" 20
}

@test "KM-6 failing against one adjacent army, the army is caught and engages them all" {
	scenario
	place b1 4 3
	place r1 5 3
	army r2 red 5 4
	unit_set sc.yaml r2 maneuver-dc 16
	start melee
	bt-act -f s.yaml b1 avoid-melee > u.yaml && mv u.yaml s.yaml
	# avoid: r1, r2; then b1 on r1 and r2 (outnumbered 1 to 2), r1, r2
	resolve 12,12,10,10,10,10
	assert_equal "$(log_text t.yaml avoid)" \
	    "b1 tries to avoid melee (KM-6): 12 + 3 = 15 against r1's DC 12, passed; 12 + 3 = 15 against r2's DC 16, failed; it is caught"
	assert_equal "$(field t.yaml units.b1.engaged)" "[r1, r2]"
	assert_equal "$(log_count t.yaml melee)" 4
	assert_equal "$(field t.yaml units.b1.hp)" 16
}

@test "KM-6 avoiding melee is chosen in the melee phase, by an army not engaged" {
	scenario
	place b1 4 3
	place r1 5 3
	start ranged
	run --separate-stderr -1 bt-act -f s.yaml b1 avoid-melee
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (KM-6): an army chooses to avoid melee in the melee phase; it is the ranged phase"
	start melee
	engage s.yaml b1 r1
	run --separate-stderr -1 bt-act -f s.yaml b1 avoid-melee
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (KM-4): 'b1' is engaged with 'r1'; only disengaging in the maneuver phase ends that"
}

# --- KM-7 melee ---

@test "KM-7 every engaged army attacks every hostile army engaged with it; the damage adds up" {
	scenario
	place b1 4 2
	army b2 blue 4 3
	place r1 5 2
	army r2 red 5 3
	start melee
	resolve 10,11,12,13,14,15,16,17
	assert_equal "$(log_rolls t.yaml melee)" "[d20=17]"
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
b1 attacks r2 (KM-7): 11 + 6 = 17 against AC 14, hit, 3 damage
b2 attacks r1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b2 attacks r2 (KM-7): 13 + 6 = 19 against AC 14, hit, 5 damage
r1 attacks b1 (KM-7): 14 + 6 = 20 against AC 14, hit, 6 damage
r1 attacks b2 (KM-7): 15 + 6 = 21 against AC 14, hit, 7 damage
r2 attacks b1 (KM-7): 16 + 6 = 22 against AC 14, hit, 8 damage
r2 attacks b2 (KM-7): 17 + 6 = 23 against AC 14, hit, 9 damage"
	assert_equal "$(field t.yaml units.b1.engaged)" "[r1, r2]"
	assert_equal "$(field t.yaml units.r2.engaged)" "[b1, b2]"
	assert_equal "$(field t.yaml units.r1.hp)" 14
	assert_equal "$(field t.yaml units.r2.hp)" 12
	assert_equal "$(field t.yaml units.b1.hp)" 6
	assert_equal "$(field t.yaml units.b2.hp)" 4
	assert_equal "$(turn_of t.yaml b2 damage)" 16
	# melee-by: the armies that damaged it, the one that dealt the most
	# first
	assert_equal "$(turn_of t.yaml r1 melee-by)" "[b2, b1]"
	assert_equal "$(turn_of t.yaml b1 melee-by)" "[r2, r1]"
}

@test "KM-7 melee-by: equal damage in id order; no damage, no melee-by" {
	scenario
	place b1 4 2
	army b2 blue 4 3
	place r1 5 2
	army r2 red 5 3
	start melee
	# b1 and b2 deal r1 3 each; r1 and r2 miss everyone
	resolve 11,1,11,1,1,1,1,1
	assert_equal "$(turn_of t.yaml r1 melee-by)" "[b1, b2]"
	assert_equal "$(turn_of t.yaml r1 damage)" 6
	assert_equal "$(turn_of t.yaml r2 melee-by)" ""
	assert_equal "$(turn_of t.yaml b1 melee-by)" ""
	assert_equal "$(field t.yaml units.b1.hp)" 20
}

@test "KM-7 a natural 20 always hits, for at least 1 damage" {
	scenario
	place b1 4 3
	place r1 5 3
	unit_set sc.yaml r1 ac 30
	start melee
	resolve 20,1
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 20 + 6 = 26 against AC 30, a natural 20 hits, 1 damage
r1 attacks b1 (KM-7): 1 + 6 = 7 against AC 14, miss, 0 damage"
	assert_equal "$(field t.yaml units.r1.hp)" 19
}

@test "KM-7 an engaged army left with no HP by the ranged phase doesn't attack" {
	scenario
	place b1 4 3
	place r1 5 3
	unit_set sc.yaml r1 hp 0
	start melee
	engage s.yaml b1 r1
	resolve 10
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage"
	assert_equal "$(field t.yaml units.b1.hp)" 20
}

@test "KM-1 every melee attack rolls against the phase's starting state" {
	scenario
	place b1 4 3
	place r1 5 3
	unit_set sc.yaml r1 hp 2
	start melee
	resolve 15,15
	# b1 rolls first and takes r1 to 0 HP; r1 still strikes back
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 15 + 6 = 21 against AC 14, hit, 7 damage
r1 attacks b1 (KM-7): 15 + 6 = 21 against AC 14, hit, 7 damage"
	assert_equal "$(field t.yaml units.r1.hp)" 0
	assert_equal "$(turn_of t.yaml r1 damage)" 7
	assert_equal "$(field t.yaml units.b1.hp)" 13
}

# --- KM-8 outnumbered ---

# b1 at [4, 3] with r1, r2, r3 around its east side.
three_on_one() {
	scenario
	place b1 4 3
	place r1 5 2
	army r2 red 5 3
	army r3 red 5 4
}

@test "KM-8 three armies against one: -4 to the outnumbered army's melee rolls" {
	three_on_one
	start melee
	resolve 12,13,14,10,10,10
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 12 + 6 - 4 (outnumbered, KM-8) = 14 against AC 14, hit, 0 damage
b1 attacks r2 (KM-7): 13 + 6 - 4 (outnumbered, KM-8) = 15 against AC 14, hit, 1 damage
b1 attacks r3 (KM-7): 14 + 6 - 4 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
r1 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r2 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r3 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage"
	assert_equal "$(field t.yaml units.b1.hp)" 14
	assert_equal "$(field t.yaml units.r3.hp)" 18
}

@test "KM-8 only armies with ACR at least half the melee's greatest count" {
	three_on_one
	unit_set sc.yaml b1 acr 10
	unit_set sc.yaml r1 acr 5	# half of 10: counts
	unit_set sc.yaml r2 acr 4
	unit_set sc.yaml r3 acr 4
	start melee
	resolve 12,12,12,10,10,10
	# one against one that counts: no penalty on either side
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b1 attacks r2 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b1 attacks r3 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
r1 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r2 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r3 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage"
}

@test "KM-8 three ACR 4 armies inflict no penalty on an ACR 10 army (the seed's example); they take one, being outnumbered 1 to 0" {
	three_on_one
	unit_set sc.yaml b1 acr 10
	start melee
	resolve 12,12,12,10,10,10
	# counted: blue 1, red 0 (ACR 4 is below half of 10): red -2 each,
	# however many armies it has in all (the revised decision)
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b1 attacks r2 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b1 attacks r3 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
r1 attacks b1 (KM-7): 10 + 6 - 2 (outnumbered, KM-8) = 14 against AC 14, hit, 0 damage
r2 attacks b1 (KM-7): 10 + 6 - 2 (outnumbered, KM-8) = 14 against AC 14, hit, 0 damage
r3 attacks b1 (KM-7): 10 + 6 - 2 (outnumbered, KM-8) = 14 against AC 14, hit, 0 damage"
	assert_equal "$(field t.yaml units.b1.hp)" 20
}

@test "KM-8 two strong blue armies against one strong and two weak red ones: red takes -2" {
	scenario
	place b1 4 2
	army b2 blue 4 3
	place r1 5 2
	army r2 red 5 3
	army r3 red 5 4
	unit_set sc.yaml r2 acr 1
	unit_set sc.yaml r3 acr 1
	start melee
	# b1 on r1, r2; b2 on r1, r2, r3; r1 on b1, b2; r2 on b1, b2; r3 on b2
	resolve 12,12,12,12,12,12,12,12,12,12
	# counted: blue 2, red 1 (ACR 1 is below half of 4); red has three
	# armies in all and is outnumbered all the same
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b1 attacks r2 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b2 attacks r1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b2 attacks r2 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
b2 attacks r3 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
r1 attacks b1 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
r1 attacks b2 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
r2 attacks b1 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
r2 attacks b2 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
r3 attacks b2 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage"
	assert_equal "$(field t.yaml units.b2.hp)" 14
}

@test "KM-8 the outnumbered side's low-ACR armies take the penalty too" {
	scenario
	place b1 4 3
	unit_set sc.yaml b1 acr 10
	army b2 blue 4 4
	unit_set sc.yaml b2 acr 2
	place r1 5 3
	unit_set sc.yaml r1 acr 6
	army r2 red 5 4
	unit_set sc.yaml r2 acr 6
	start melee
	# b1 on r1, r2; b2 on r1, r2; r1 on b1, b2; r2 on b1, b2
	resolve 12,12,12,12,10,10,10,10
	# counted: blue 1 (b2's ACR 2 is below 5), red 2
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
b1 attacks r2 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
b2 attacks r1 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
b2 attacks r2 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
r1 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r1 attacks b2 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r2 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r2 attacks b2 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage"
}

@test "KM-8 each melee counts on its own: a connected group of engaged armies" {
	scenario
	place b1 1 4
	place r1 2 4
	army r2 red 2 5
	army b2 blue 7 4
	army r3 red 8 4
	start melee
	# b1 on r1, r2; b2 on r3; r1, r2 on b1; r3 on b2
	resolve 12,12,12,12,12,12
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
b1 attacks r2 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
b2 attacks r3 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
r1 attacks b1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
r2 attacks b1 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage
r3 attacks b2 (KM-7): 12 + 6 = 18 against AC 14, hit, 4 damage"
}

@test "KM-8 an engaged army with no HP left doesn't count" {
	three_on_one
	unit_set sc.yaml r3 hp 0
	start melee
	unit_set s.yaml b1 engaged "[r3]"
	unit_set s.yaml r3 engaged "[b1]"
	# b1 on r1, r2, r3; r1, r2 on b1 (r3 has no HP): two against one
	resolve 12,12,12,10,10
	assert_equal "$(log_texts t.yaml melee)" "b1 attacks r1 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
b1 attacks r2 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
b1 attacks r3 (KM-7): 12 + 6 - 2 (outnumbered, KM-8) = 16 against AC 14, hit, 2 damage
r1 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage
r2 attacks b1 (KM-7): 10 + 6 = 16 against AC 14, hit, 2 damage"
}
