#!/usr/bin/env bats
# kingdom: the resolution phase (KM-9 to KM-12: destroyed armies, Morale,
# routs and parting attacks, with bt-morale and bt-resolve), the end of a
# turn and of the battle (KM-13) and the aftermath (KM-14 to KM-17). Each
# test builds its battle on the kingdom field
# (tests/data/kingdom-field.yaml): armies with b1's numbers (20 HP, Rout
# Threshold 8, Morale +1, melee +6, AC 14, ACR 4, 100 creatures,
# Consumption 4); b1 is blue, r1 red. The turn records of the resolution
# phase are written by hand. Dice are forced; the bt-resolve that ends a
# turn also rolls the next round's maneuver order (two d20: 10 and 5 give
# blue 13 against red 6).
load helper
load kingdom

# --- building the battle ---

# b1 next to r1, and an army of each side far away that keeps the battle
# going (KM-13).
battle() {
	scenario
	unit_set sc.yaml b1 at "[4, 3]"
	unit_set sc.yaml r1 at "[5, 3]"
	army b9 blue 0 5
	army r9 red 9 0
}

# start [PHASE]: the battle of sc.yaml started in s.yaml, in that phase
# (resolution by default).
start() {
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
	sed -i "s/^phase: .*/phase: ${1-resolution}/" s.yaml
}

# hurt ID HP DAMAGE [BY]: in s.yaml the army has HP left after taking
# DAMAGE this turn (in melee from BY: "r1" or "r1, r2", the one that dealt
# the most first).
hurt() {
	unit_set s.yaml "$1" hp "$2"
	unit_set s.yaml "$1" turn "{damage: $3${4:+, melee-by: [$4]}}"
}

order_of() {
	sed -n '/^order:/,/^[a-z]/s/^- //p' "$1" | tr '\n' ' '
}

# result_of FILE KEY: winner or reason.
result_of() {
	sed -n "/^result:/,/^[a-z]/s/^  $2: //p" "$1"
}

# --- KM-9 destroyed; Morale lost to heavy damage ---

@test "KM-9 an army at 0 HP is destroyed: no square, out of the order, its engagements ended" {
	battle
	start
	unit_set s.yaml b1 engaged "[r1]"
	unit_set s.yaml r1 engaged "[b1]"
	hurt b1 0 20 r1
	resolve 10,5
	assert_equal "$(log_text t.yaml destroyed)" "b1 has no HP left and is destroyed (KM-9)"
	assert_equal "$(field t.yaml units.b1.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.b1.at)" ""
	assert_equal "$(field t.yaml units.r1.engaged)" ""
	assert_equal "$(order_of t.yaml)" "b9 r1 r9 "
	assert_equal "$(log_count t.yaml morale)" 0
}

@test "KM-9 damage over the Rout Threshold costs 1 Morale; damage equal to it doesn't" {
	battle
	start
	hurt b1 11 9
	hurt r1 12 8
	resolve 10,5
	assert_equal "$(log_texts t.yaml morale)" \
	    "b1 loses 1 Morale (damage this turn over its Rout Threshold, KM-9), now 0"
	assert_equal "$(field t.yaml units.b1.morale)" 0
	assert_equal "$(field t.yaml units.r1.morale)" 1
	assert_equal "$(field t.yaml units.b1.status)" ""
}

# --- KM-10 Morale checks ---

@test "KM-10 damage from half its HP to below half: a Morale check DC 10; passing, it stays" {
	battle
	start
	hurt b1 9 1	# 10 of 20 to 9
	resolve 9,10,5
	assert_equal "$(log_rolls t.yaml morale)" "[d20=9]"
	assert_equal "$(log_texts t.yaml morale)" \
	    "b1 checks Morale (KM-10, damage took it below half its HP): 9 + 1 = 10 against DC 10, passed"
	assert_equal "$(field t.yaml units.b1.status)" ""
	assert_equal "$(field t.yaml units.b1.at)" "[4, 3]"
	assert_equal "$(field t.yaml units.b1.morale)" 1
}

@test "KM-10 failing the DC 10 check, the army routs: no square, out of the order (KM-12)" {
	battle
	start
	hurt b1 9 1
	resolve 8,10,5
	assert_equal "$(log_texts t.yaml morale)" \
	    "b1 checks Morale (KM-10, damage took it below half its HP): 8 + 1 = 9 against DC 10, failed"
	assert_equal "$(log_text t.yaml rout)" "b1 routs and leaves the battle (KM-12)"
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.b1.at)" ""
	assert_equal "$(order_of t.yaml)" "b9 r1 r9 "
}

@test "KM-10 no check for an army already below half its HP, nor for one not damaged this turn" {
	battle
	unit_set sc.yaml b1 rout 5
	start
	hurt b1 7 2	# 9 of 20 to 7
	resolve 10,5
	assert_equal "$(log_count t.yaml morale)" 0
	assert_equal "$(field t.yaml units.b1.status)" ""
	# not damaged this turn: no check, even at or below the threshold
	start
	unit_set s.yaml b1 hp 4
	resolve 10,5
	assert_equal "$(log_count t.yaml morale)" 0
	assert_equal "$(field t.yaml units.b1.status)" ""
}

@test "KM-10 damaged, with HP at or below the Rout Threshold: DC 15; passing costs 1 Morale, failing routs" {
	battle
	start
	hurt b1 8 1	# already below half
	resolve 14,10,5
	assert_equal "$(log_texts t.yaml morale)" "b1 checks Morale (KM-10, HP at or below its Rout Threshold): 14 + 1 = 15 against DC 15, passed
b1 loses 1 Morale (the check against DC 15, KM-10), now 0"
	assert_equal "$(field t.yaml units.b1.morale)" 0
	assert_equal "$(field t.yaml units.b1.status)" ""
	# failing it, the army routs
	start
	hurt b1 8 1
	resolve 13,10,5
	assert_equal "$(log_texts t.yaml morale)" \
	    "b1 checks Morale (KM-10, HP at or below its Rout Threshold): 13 + 1 = 14 against DC 15, failed"
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.b1.morale)" 1
}

@test "KM-10 in the seed's order: KM-9's Morale loss, the DC 10 check, then the DC 15 check" {
	battle
	start
	hurt b1 7 13	# 20 to 7: over the threshold, below half, at most 8
	resolve 10,15,10,5
	assert_equal "$(log_texts t.yaml morale)" "b1 loses 1 Morale (damage this turn over its Rout Threshold, KM-9), now 0
b1 checks Morale (KM-10, damage took it below half its HP): 10 + 0 = 10 against DC 10, passed
b1 checks Morale (KM-10, HP at or below its Rout Threshold): 15 + 0 = 15 against DC 15, passed
b1 loses 1 Morale (the check against DC 15, KM-10), now -1"
	assert_equal "$(field t.yaml units.b1.morale)" -1
	assert_equal "$(field t.yaml units.b1.status)" ""
	# failing the DC 10 check, it routs without the DC 15 check
	start
	hurt b1 7 13
	resolve 9,10,5
	assert_equal "$(log_count t.yaml morale)" 2
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
}

@test "KM-10 bt-morale makes an army's checks early; bt-resolve doesn't make them again" {
	battle
	start
	hurt b1 9 1
	run --separate-stderr -0 bt-morale -r 9 -f s.yaml b1
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > m.yaml
	assert_equal "$(log_texts m.yaml morale)" \
	    "b1 checks Morale (KM-10, damage took it below half its HP): 9 + 1 = 10 against DC 10, passed"
	assert_equal "$(turn_of m.yaml b1 resolved)" true
	assert_equal "$(field m.yaml phase)" resolution
	run --separate-stderr -1 bt-morale -r 20 -f m.yaml b1
	assert_output ""
	assert_equal "$stderr" "bt-morale: refused (KM-10): 'b1' has made its checks this turn"
	mv m.yaml s.yaml
	resolve 10,5
	assert_equal "$(log_count t.yaml morale)" 1
	assert_equal "$(field t.yaml round)" 2
}

@test "KM-10 bt-morale without armies makes every army's checks, in id order" {
	battle
	start
	hurt r1 9 1
	hurt b1 9 1
	bt-morale -r 9,8 -f s.yaml > t.yaml
	assert_equal "$(log_texts t.yaml morale)" "b1 checks Morale (KM-10, damage took it below half its HP): 9 + 1 = 10 against DC 10, passed
r1 checks Morale (KM-10, damage took it below half its HP): 8 + 1 = 9 against DC 10, failed"
	assert_equal "$(field t.yaml units.r1.status)" "[routed]"
	assert_equal "$(field t.yaml phase)" resolution
}

@test "KM-9 morale is checked in the resolution phase only; an unknown army is a usage error" {
	battle
	start melee
	run --separate-stderr -1 bt-morale -r 10 -f s.yaml b1
	assert_output ""
	assert_equal "$stderr" "bt-morale: refused (KM-9): morale is checked in the resolution phase; it is the melee phase"
	start
	run --separate-stderr -2 bt-morale -r 10 -f s.yaml b7
	assert_output ""
	assert_equal "$stderr" "bt-morale: no army 'b7' in the state"
}

# --- KM-11 Morale below -4; parting attacks ---

@test "KM-11 Morale below -4 after the decreases: the army routs without a check" {
	battle
	unit_set sc.yaml b1 morale -4
	unit_set sc.yaml r1 morale -4
	start
	hurt b1 11 9
	resolve 10,5
	assert_equal "$(log_text t.yaml rout)" "b1 routs and leaves the battle (KM-12)"
	assert_equal "$(log_texts t.yaml rout | head -n 1)" \
	    "b1's Morale -5 is below -4: it routs without a check (KM-11)"
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.b1.morale)" -5
	# -4 is not below -4
	assert_equal "$(field t.yaml units.r1.status)" ""
}

# b1 damaged in melee by r1 and engaged with it fails its DC 10 check.
fleeing() {
	battle
	start
	unit_set s.yaml b1 engaged "[r1]"
	unit_set s.yaml r1 engaged "[b1]"
	hurt b1 9 3 r1
}

@test "KM-11 an army routing after melee damage suffers a parting attack from the army that damaged it" {
	fleeing
	resolve 5,12,10,5
	assert_equal "$(log_rolls t.yaml parting)" "[d20=12]"
	assert_equal "$(log_text t.yaml parting)" \
	    "r1 makes a parting attack on b1 (KM-11): 12 + 6 = 18 against AC 14, hit, 4 damage"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.b1.engaged)" ""
	assert_equal "$(field t.yaml units.r1.engaged)" ""
}

@test "KM-11 two armies routing from each other in one phase each suffer the other's parting attack (KM-1)" {
	fleeing
	hurt r1 9 3 b1
	# b1's check, r1's parting attack; r1's check, b1's parting attack
	resolve 5,12,5,12,10,5
	assert_equal "$(log_texts t.yaml parting)" "r1 makes a parting attack on b1 (KM-11): 12 + 6 = 18 against AC 14, hit, 4 damage
b1 makes a parting attack on r1 (KM-11): 12 + 6 = 18 against AC 14, hit, 4 damage"
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.r1.status)" "[routed]"
	assert_equal "$(field t.yaml units.r1.hp)" 5
}

@test "KM-11 an army destroyed by a parting attack makes its own on the army it routs from all the same (KM-1)" {
	fleeing
	hurt r1 9 3 b1
	# b1's check, r1's parting attack; r1's check, b1's parting attack
	resolve 5,17,5,17,10,5
	assert_equal "$(log_texts t.yaml parting)" "r1 makes a parting attack on b1 (KM-11): 17 + 6 = 23 against AC 14, hit, 9 damage
b1 makes a parting attack on r1 (KM-11): 17 + 6 = 23 against AC 14, hit, 9 damage"
	assert_equal "$(field t.yaml units.b1.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.r1.status)" "[destroyed]"
	assert_equal "$(turn_of t.yaml b1 parting)" ""
	assert_equal "$(field t.yaml round)" 2
}

@test "KM-11 two armies routing from each other: the same outcome whichever id comes first" {
	battle
	sed -i 's/^  r1:$/  a1:/' sc.yaml
	start
	engage s.yaml b1 a1
	hurt b1 9 3 a1
	hurt a1 9 3 b1
	# a1 now resolves first: its check, b1's parting attack; then b1's
	run --separate-stderr -0 bt-morale -r 5,17,5,17 -f s.yaml
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_texts t.yaml parting)" "b1 makes a parting attack on a1 (KM-11): 17 + 6 = 23 against AC 14, hit, 9 damage
a1 makes a parting attack on b1 (KM-11): 17 + 6 = 23 against AC 14, hit, 9 damage"
	assert_equal "$(field t.yaml units.b1.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.a1.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.b1.hp)" 0
	assert_equal "$(field t.yaml units.a1.hp)" 0
}

@test "KM-11 bt-morale run early on one army: its parting attacks come out as when bt-resolve makes them all" {
	fleeing
	hurt r1 9 3 b1
	# r1 first: its check, b1's parting attack destroys it
	bt-morale -r 5,17 -f s.yaml r1 > m.yaml
	assert_equal "$(field m.yaml units.r1.status)" "[destroyed]"
	assert_equal "$(turn_of m.yaml r1 parting)" 9
	# then b1's check; r1, destroyed as it fled, still strikes
	mv m.yaml s.yaml
	resolve 5,17,10,5
	assert_equal "$(log_texts t.yaml parting)" "b1 makes a parting attack on r1 (KM-11): 17 + 6 = 23 against AC 14, hit, 9 damage
r1 makes a parting attack on b1 (KM-11): 17 + 6 = 23 against AC 14, hit, 9 damage"
	assert_equal "$(field t.yaml units.b1.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.r1.status)" "[destroyed]"
	# the other way round, a miss: r1 routs with its HP and b1 is let go
	fleeing
	hurt r1 9 3 b1
	bt-morale -r 5,1 -f s.yaml b1 > m.yaml
	mv m.yaml s.yaml
	resolve 5,17,10,5
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.b1.hp)" 9
	assert_equal "$(field t.yaml units.r1.status)" "[destroyed]"
}

@test "KM-11 the army that dealt the most is at 0 HP: the next that damaged the routing army strikes, and the log says why" {
	battle
	army r2 red 5 4
	start
	unit_set s.yaml b1 engaged "[r1, r2]"
	unit_set s.yaml r1 engaged "[b1]"
	unit_set s.yaml r2 engaged "[b1]"
	hurt b1 9 3 "r1, r2"
	hurt r1 0 20 b1
	# b1's check, r2's parting attack; r1 is destroyed (KM-9)
	resolve 5,12,10,5
	assert_equal "$(log_texts t.yaml parting)" "r1, which dealt b1 the most melee damage, has no HP left: r2, the next, makes the parting attack (KM-11)
r2 makes a parting attack on b1 (KM-11): 12 + 6 = 18 against AC 14, hit, 4 damage"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.r1.status)" "[destroyed]"
	# with no other, nobody strikes, and the log says so
	battle
	start
	engage s.yaml b1 r1
	hurt b1 9 3 r1
	hurt r1 0 20 b1
	resolve 5,10,5
	assert_equal "$(log_texts t.yaml parting)" "r1, which dealt b1 the most melee damage, has no HP left: no army makes a parting attack on b1 (KM-11)"
	assert_equal "$(field t.yaml units.b1.hp)" 9
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
}

@test "KM-11 a parting attack that takes the army to 0 HP destroys it" {
	fleeing
	resolve 5,17,10,5
	assert_equal "$(log_text t.yaml parting)" \
	    "r1 makes a parting attack on b1 (KM-11): 17 + 6 = 23 against AC 14, hit, 9 damage"
	assert_equal "$(log_text t.yaml destroyed)" "b1 is destroyed as it flees (KM-11)"
	assert_equal "$(field t.yaml units.b1.hp)" 0
	assert_equal "$(field t.yaml units.b1.status)" "[destroyed]"
}

@test "KM-11 --hold: the army that damaged it lets it go" {
	fleeing
	resolve 5,10,5 --hold=r1
	assert_equal "$(log_rolls t.yaml parting)" ""
	assert_equal "$(log_text t.yaml parting)" "r1 lets b1 go without a parting attack (KM-11)"
	assert_equal "$(field t.yaml units.b1.hp)" 9
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	fleeing
	bt-morale --hold=r1 -r 5 -f s.yaml b1 > m.yaml
	assert_equal "$(log_text m.yaml parting)" "r1 lets b1 go without a parting attack (KM-11)"
	assert_equal "$(field m.yaml units.b1.status)" "[routed]"
	# holding another army changes nothing
	fleeing
	bt-morale --hold=r9 -r 5,12 -f s.yaml b1 > m.yaml
	assert_equal "$(field m.yaml units.b1.hp)" 5
}

@test "KM-11 an army routed by ranged damage alone suffers no parting attack" {
	battle
	start
	hurt b1 9 3
	resolve 5,10,5
	assert_equal "$(log_count t.yaml parting)" 0
	assert_equal "$(field t.yaml units.b1.hp)" 9
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
}

@test "KM-11 the parting attack comes from the army that dealt the most melee damage" {
	battle
	unit_set sc.yaml b1 hp 11
	army r2 red 5 4
	start melee
	# b1 on r1, r2 (outnumbered: -2); r1 deals 1, r2 deals 2
	resolve 1,1,9,10
	assert_equal "$(turn_of t.yaml b1 damage)" 3
	assert_equal "$(turn_of t.yaml b1 melee-by)" "[r2, r1]"
	mv t.yaml s.yaml
	# 11 to 8: below half, at the threshold; the DC 10 check fails
	resolve 5,10,10,5
	assert_equal "$(log_text t.yaml parting)" \
	    "r2 makes a parting attack on b1 (KM-11): 10 + 6 = 16 against AC 14, hit, 2 damage"
	assert_equal "$(field t.yaml units.b1.hp)" 6
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
}

# --- KM-12 routed ---

@test "KM-12 a routed army has left the battle for good: orders to it are refused" {
	battle
	bows r9
	start
	hurt b1 9 1
	resolve 8,10,5
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml round)" 2
	run --separate-stderr -1 bt-move -f t.yaml b1 w
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (KM-12): 'b1' has routed and left the battle"
	run --separate-stderr -1 bt-act -f t.yaml b1 strategy reckless
	assert_equal "$stderr" "bt-act: refused (KM-12): 'b1' has routed and left the battle"
	sed -i 's/^phase: .*/phase: ranged/' t.yaml
	run --separate-stderr -1 bt-attack -f t.yaml r9 b1
	assert_equal "$stderr" "bt-attack: refused (KM-5): 'b1' is not a hostile army on the field"
	sed -i 's/^phase: .*/phase: resolution/' t.yaml
	run --separate-stderr -1 bt-morale -f t.yaml b1
	assert_equal "$stderr" "bt-morale: refused (KM-12): 'b1' is no longer on the field"
	# the next turns leave it routed
	cp t.yaml s.yaml
	resolve 10,5
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.b1.at)" ""
}

# --- KM-13 the battle goes on, or ends ---

@test "KM-13 while both sides have armies the next turn begins: round 2, records cleared, maneuver order rolled" {
	battle
	start
	unit_set s.yaml b1 engaged "[r1]"
	unit_set s.yaml r1 engaged "[b1]"
	hurt b1 18 2 r1
	hurt r1 17 3 b1
	resolve 2,5
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(field t.yaml phase)" maneuver
	assert_equal "$(field t.yaml result)" ""
	assert_equal "$(log_rolls t.yaml maneuver)" "[d20=2, d20=5]"
	assert_equal "$(log_text t.yaml maneuver)" \
	    "Profession (soldier) checks (KM-2): blue 2 + 3 = 5 against red 5 + 1 = 6; red wins and moves last"
	assert_equal "$(field t.yaml first)" blue
	run grep -c '^    turn:$' t.yaml
	assert_output 0
	# the engagement lasts: only disengaging ends it (KM-4)
	assert_equal "$(field t.yaml units.b1.engaged)" "[r1]"
	assert_equal "$(field t.yaml units.b1.hp)" 18
}

@test "KM-13 when one side has no army left on the field, it loses" {
	battle
	unit_set sc.yaml b9 morale -5	# routs without a check (KM-11)
	start
	hurt b1 0 20
	# blue: b1's commander and 1d4 Unrest; red: r1's and r9's Loyalty
	resolve 40,2,16,1
	assert_equal "$(result_of t.yaml winner)" red
	assert_equal "$(result_of t.yaml reason)" "red alone has armies on the field (KM-13)"
	assert_equal "$(field t.yaml sides.blue.outcome)" defeat
	assert_equal "$(field t.yaml sides.red.outcome)" victory
	assert_equal "$(field t.yaml round)" 1
	assert_equal "$(log_count t.yaml maneuver)" 1
	run --separate-stderr -1 bt-resolve -r 10,5 t.yaml
	assert_output ""
	assert_equal "$stderr" "bt-resolve: refused (KM-13): the battle is over (red won: red alone has armies on the field (KM-13))"
}

@test "KM-13 no army left on either side: a draw, both sides defeated" {
	scenario
	start
	hurt b1 0 20
	hurt r1 0 20
	# blue: b1's commander, 1d4 Unrest; red: the same
	resolve 50,1,60,4
	assert_equal "$(result_of t.yaml winner)" draw
	assert_equal "$(result_of t.yaml reason)" "no side has an army left on the field (KM-13)"
	assert_equal "$(field t.yaml sides.blue.outcome)" defeat
	assert_equal "$(field t.yaml sides.red.outcome)" defeat
}

@test "KM-13 when both sides ask for a ceasefire in the same turn, the battle ends in a draw" {
	battle
	start maneuver
	run --separate-stderr -0 bt-act -f s.yaml b1 ceasefire
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml sides.blue.ceasefire)" true
	assert_equal "$(log_text t.yaml ceasefire)" "blue asks for a ceasefire (KM-13)"
	assert_equal "$(field t.yaml result)" ""
	bt-act -f t.yaml r9 ceasefire > u.yaml
	assert_equal "$(log_text u.yaml ceasefire)" "red asks for a ceasefire (KM-13); both sides agree"
	assert_equal "$(result_of u.yaml winner)" draw
	assert_equal "$(result_of u.yaml reason)" "both sides agreed to a ceasefire (KM-15)"
	assert_equal "$(field u.yaml sides.blue.outcome)" ceasefire
	assert_equal "$(field u.yaml sides.red.outcome)" ceasefire
	run --separate-stderr -1 bt-move -f u.yaml b1 w
	assert_equal "$stderr" "bt-move: refused (KM-13): the battle is over (draw: both sides agreed to a ceasefire (KM-15))"
}

@test "KM-13 a ceasefire asked in one turn lapses when the turn ends" {
	battle
	start
	bt-act -f s.yaml b1 ceasefire > u.yaml && mv u.yaml s.yaml
	resolve 10,5
	assert_equal "$(field t.yaml sides.blue.ceasefire)" ""
	bt-act -f t.yaml r1 ceasefire > u.yaml
	assert_equal "$(field u.yaml result)" ""
	assert_equal "$(log_text u.yaml ceasefire)" "red asks for a ceasefire (KM-13)"
}

# --- KM-14 to KM-17 the aftermath ---

# Blue wins: b1 (10 HP) and the archers b2 (19 HP, no Shots) survive, b3
# is destroyed; red's r1 is destroyed, r2 and r3 rout (Morale -5). Red's
# armies have 99 creatures each; r2's Consumption is 5, r3's 3; red had
# 10 War Losses. The resolution phase is set up in s.yaml.
blue_wins() {
	scenario
	unit_set sc.yaml b1 hp 10
	army b2 blue 1 3
	bows b2
	unit_set sc.yaml b2 shots 0
	unit_set sc.yaml b2 hp 19
	army b3 blue 1 5
	unit_set sc.yaml b3 commander "Captain Fenn"
	unit_set sc.yaml r1 creatures 99
	army r2 red 8 0
	army r3 red 8 2
	local r
	for r in r2 r3; do
		unit_set sc.yaml $r morale -5
		unit_set sc.yaml $r creatures 99
	done
	unit_set sc.yaml r2 consumption 5
	unit_set sc.yaml r3 consumption 3
	sed -i '/^  red:$/,/^  [^ ]/s/^    population: .*/&\n    war-losses: 10/' sc.yaml
	start
	hurt b3 0 20
	hurt r1 0 20
}

@test "KM-14 victory: a Loyalty check per surviving army; HP back by its ACR, all Shots; Unrest -1" {
	blue_wins
	# blue: Loyalty b1, b2; b3's commander; red: r1's commander, 1d4
	resolve 11,10,31,75,4
	assert_equal "$(field t.yaml sides.blue.outcome)" victory
	assert_equal "$(log_texts t.yaml loyalty)" "b1's Loyalty check (KM-14): 11 + 4 = 15 against Control DC 15, passed: Morale +1 and a new Tactical Action to learn
b2's Loyalty check (KM-14): 10 + 4 = 14 against Control DC 15, failed"
	assert_equal "$(field t.yaml units.b1.morale)" 2
	assert_equal "$(field t.yaml units.b1.learns)" true
	assert_equal "$(field t.yaml units.b2.morale)" 1
	assert_equal "$(field t.yaml units.b2.learns)" ""
	assert_equal "$(field t.yaml units.b1.hp)" 14
	assert_equal "$(field t.yaml units.b2.hp)" 20
	assert_equal "$(field t.yaml units.b2.shots)" 3
	assert_equal "$(log_texts t.yaml recover)" "b1 regains HP to 14 (KM-14)
b2 regains HP to 20 and Shots to 3 (KM-14)"
	assert_equal "$(log_text t.yaml commander)" "the commander of destroyed r1 (KM-16): d100 75, captured"
	assert_equal "$(log_texts t.yaml commander | head -n 1)" \
	    "the commander of destroyed b3, Captain Fenn (KM-14): d100 31, escapes"
	assert_equal "$(field t.yaml units.b3.commander-fate)" escaped
	# Unrest 2 - 1, then +1 for b3 destroyed (KM-17)
	assert_equal "$(log_texts t.yaml unrest | head -n 1)" "blue's Unrest falls by 1 to 1 (KM-14)"
	assert_equal "$(field t.yaml sides.blue.unrest)" 2
}

@test "KM-16 defeat: the destroyed armies' commanders, Unrest +1d4; no Loyalty check, no recovery" {
	blue_wins
	resolve 11,10,31,75,4
	assert_equal "$(field t.yaml sides.red.outcome)" defeat
	assert_equal "$(field t.yaml units.r1.commander-fate)" captured
	assert_equal "$(log_rolls t.yaml unrest)" "[d4=4]"
	assert_equal "$(log_text t.yaml unrest)" "red's Unrest rises by 1d4 = 4 to 7 (KM-16)"
	# routed armies regain nothing and learn nothing
	assert_equal "$(field t.yaml units.r2.hp)" 20
	assert_equal "$(field t.yaml units.r2.morale)" -5
	assert_equal "$(field t.yaml units.r2.learns)" ""
}

@test "KM-17 reform cost, War Losses (rounded down army by army) and Social Damage per army lost" {
	blue_wins
	resolve 11,10,31,75,4
	# red: r1 destroyed (99 x 80% = 79), r2 and r3 routed (99 x 20% = 19 each)
	assert_equal "$(field t.yaml sides.red.war-losses)" 127
	# half the Consumption of each routed army, rounded up: 3 + 2
	assert_equal "$(field t.yaml sides.red.reform-bp)" 5
	# destroyed: Loyalty -1, Unrest +1, BP -2, population -50; routed: Unrest +1
	assert_equal "$(field t.yaml sides.red.loyalty)" 1
	assert_equal "$(field t.yaml sides.red.unrest)" 10
	assert_equal "$(field t.yaml sides.red.bp)" 18
	assert_equal "$(field t.yaml sides.red.population)" 3950
	assert_equal "$(log_text t.yaml losses)" \
	    "red lost 3 armies (KM-17): War Losses +117, now 127; reforming its routed armies costs 5 BP; Loyalty 1, Unrest 10, BP 18, population 3950 after the Social Damage"
	# blue lost b3 (100 creatures) and routed none
	assert_equal "$(field t.yaml sides.blue.war-losses)" 80
	assert_equal "$(field t.yaml sides.blue.loyalty)" 3
	assert_equal "$(field t.yaml sides.blue.bp)" 28
	assert_equal "$(field t.yaml sides.blue.population)" 4950
}

# b1 and r1, and four more blue armies, b2 to b5, at 0 HP in the
# resolution phase: destroyed when it ends (KM-9).
fates() {
	scenario
	local b
	for b in b2 b3 b4 b5; do
		army $b blue 0 "${b#b}"
	done
	start
	for b in b2 b3 b4 b5; do
		hurt $b 0 20
	done
}

@test "KM-14 a victorious side's destroyed commanders: 1-10 killed, 11-30 captured, 31-100 escape" {
	fates
	hurt r1 0 20
	# blue: Loyalty b1, then b2..b5's commanders; red: r1's, 1d4
	resolve 1,10,11,30,31,50,1
	assert_equal "$(field t.yaml units.b2.commander-fate)" killed
	assert_equal "$(field t.yaml units.b3.commander-fate)" captured
	assert_equal "$(field t.yaml units.b4.commander-fate)" captured
	assert_equal "$(field t.yaml units.b5.commander-fate)" escaped
	assert_equal "$(log_texts t.yaml commander | head -n 1)" \
	    "the commander of destroyed b2 (KM-14): d100 10, killed"
}

@test "KM-15 ceasefire: HP back by the ACR, one Shot; destroyed commanders 1-10 killed, 11-50 captured, 51-100 escape" {
	fates
	unit_set s.yaml b1 hp 10
	unit_set s.yaml r1 hp 18
	unit_set s.yaml r1 ranged 7
	unit_set s.yaml r1 shots 1
	unit_set s.yaml r1 max-shots 3
	unit_set s.yaml r1 range 3
	bt-resolve -r 10,5 s.yaml > s2.yaml
	bt-act -f s2.yaml b1 ceasefire > s3.yaml
	run --separate-stderr -0 bt-act -r 10,11,50,51 -f s3.yaml r1 ceasefire
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.b2.commander-fate)" killed
	assert_equal "$(field t.yaml units.b3.commander-fate)" captured
	assert_equal "$(field t.yaml units.b4.commander-fate)" captured
	assert_equal "$(field t.yaml units.b5.commander-fate)" escaped
	assert_equal "$(log_texts t.yaml commander | tail -n 1)" \
	    "the commander of destroyed b5 (KM-15): d100 51, escapes"
	assert_equal "$(field t.yaml units.b1.hp)" 14
	assert_equal "$(field t.yaml units.r1.hp)" 20
	assert_equal "$(field t.yaml units.r1.shots)" 2
	assert_equal "$(log_count t.yaml loyalty)" 0
	# no Unrest change; Social Damage for blue's four destroyed armies
	assert_equal "$(log_count t.yaml unrest)" 0
	assert_equal "$(field t.yaml sides.blue.unrest)" 6
	assert_equal "$(field t.yaml sides.red.unrest)" 3
}

@test "KM-15 a ceasefire agreed in the resolution phase: the phase's checks, Morale losses and routs apply first" {
	battle
	start
	hurt b1 7 13	# over the threshold, below half, at most 8
	hurt r1 0 20
	bt-act -f s.yaml b1 ceasefire > u.yaml
	# b1: Morale -1, the DC 10 check fails and it routs; r1 is destroyed;
	# then the aftermath: r1's commander
	run --separate-stderr -0 bt-act -r 9,40 -f u.yaml r9 ceasefire
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_texts t.yaml morale)" "b1 loses 1 Morale (damage this turn over its Rout Threshold, KM-9), now 0
b1 checks Morale (KM-10, damage took it below half its HP): 9 + 0 = 9 against DC 10, failed"
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(field t.yaml units.b1.hp)" 7
	assert_equal "$(field t.yaml units.r1.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.r1.commander-fate)" captured
	assert_equal "$(result_of t.yaml winner)" draw
	assert_equal "$(result_of t.yaml reason)" "both sides agreed to a ceasefire (KM-15)"
	assert_equal "$(field t.yaml sides.blue.outcome)" ceasefire
	# routed, b1 regains nothing; it costs its side 2 BP to reform
	assert_equal "$(field t.yaml sides.blue.reform-bp)" 2
	assert_equal "$(field t.yaml sides.blue.war-losses)" 20
	# an army whose checks bt-morale made is not checked again
	bt-morale -r 10,15 -f s.yaml b1 > m.yaml
	bt-act -f m.yaml b1 ceasefire > u.yaml
	bt-act -r 40 -f u.yaml r9 ceasefire > t.yaml
	assert_equal "$(log_count t.yaml morale)" 4
	assert_equal "$(field t.yaml units.b1.status)" ""
	assert_equal "$(field t.yaml units.b1.hp)" 11
}

@test "KM-15 a ceasefire agreed before the resolution phase: the turn goes to it at once; the phases not yet fought are not" {
	battle
	start melee
	hurt b1 9 1	# a shot took it from 10 to 9
	bt-act -f s.yaml b1 ceasefire > u.yaml
	bt-act -r 8 -f u.yaml r1 ceasefire > t.yaml
	assert_equal "$(field t.yaml phase)" resolution
	assert_equal "$(log_count t.yaml melee)" 0
	assert_equal "$(field t.yaml units.r1.engaged)" ""
	assert_equal "$(log_texts t.yaml morale)" \
	    "b1 checks Morale (KM-10, damage took it below half its HP): 8 + 1 = 9 against DC 10, failed"
	assert_equal "$(field t.yaml units.b1.status)" "[routed]"
	assert_equal "$(result_of t.yaml winner)" draw
	run bt-check t.yaml
	assert_success
}

@test "KM-15 when the resolution leaves a side with no army, the battle ends by KM-13, not in a ceasefire" {
	scenario
	start
	hurt r1 0 20
	bt-act -f s.yaml b1 ceasefire > u.yaml
	# blue wins: b1's Loyalty check; red: r1's commander, 1d4 Unrest
	bt-act -r 1,50,2 -f u.yaml r1 ceasefire > t.yaml
	assert_equal "$(result_of t.yaml winner)" blue
	assert_equal "$(field t.yaml sides.blue.outcome)" victory
	assert_equal "$(field t.yaml sides.red.outcome)" defeat
	assert_equal "$(field t.yaml units.r1.commander-fate)" captured
}

@test "KM-16 a defeated side's destroyed commanders: 1-25 killed, 26-75 captured, 76-100 escape" {
	fates
	hurt b1 0 20
	# blue: b1..b5's commanders, 1d4; red: Loyalty r1
	resolve 25,26,75,76,1,3,1
	assert_equal "$(field t.yaml units.b1.commander-fate)" killed
	assert_equal "$(field t.yaml units.b2.commander-fate)" captured
	assert_equal "$(field t.yaml units.b3.commander-fate)" captured
	assert_equal "$(field t.yaml units.b4.commander-fate)" escaped
	assert_equal "$(field t.yaml units.b5.commander-fate)" killed
	assert_equal "$(log_text t.yaml unrest)" "red's Unrest falls by 1 to 2 (KM-14)"
	assert_equal "$(field t.yaml sides.blue.outcome)" defeat
	# 2 + 1d4 = 3, then +1 for each of five armies destroyed (KM-17)
	assert_equal "$(field t.yaml sides.blue.unrest)" 10
	assert_equal "$(field t.yaml sides.blue.war-losses)" 400
}
