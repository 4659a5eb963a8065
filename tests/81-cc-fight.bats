#!/usr/bin/env bats
# cc fighting: attacks (CC-16 to CC-20, CC-4's weather), the reactions a
# move sets off (CC-21, CC-25), the other actions (CC-22 to CC-26), damage
# (CC-27) and advantage (D-1). Each test builds its battle on the fight
# field (tests/data/cc-fight-field.yaml): red-a (attack +3, damage 2)
# faces blue-b (AC 12, 5 HP) front to front and acts first; red's
# commander has rating 2, blue's 1. Dice are forced.
load helper
load cc

# --- building the battle ---

# Starts sc.yaml from the fight field.
scenario() {
	cp "$DATA/cc-fight-field.yaml" sc.yaml
}

# --- CC-16 attack ---

@test "CC-16 an attack is d20 + attack + the commander's rating; equal to the AC hits" {
	scenario
	start
	run --separate-stderr -0 bt-attack -r 7 -f s.yaml red-a blue-b
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=7]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 7 + 3 + 2 = 12 against AC 12, hit, 2 damage, 3/5 HP left"
	assert_equal "$(field t.yaml units.blue-b.hp)" 3
	assert_equal "$(field t.yaml units.blue-b.status)" ""
	assert_equal "$(field t.yaml turn)" "{acted: true}"
}

@test "CC-16 negative modifiers are logged as subtractions: 10 - 2 - 1, not 10 + -2 + -1" {
	scenario
	set_stat red-a attack -2
	sed -i 's/^  red: {commander: Red, rating: 2,/  red: {commander: Red, rating: -1,/' sc.yaml
	start
	bt-attack -r 10 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 10 - 2 - 1 = 7 against AC 12, miss"
	# and with the weather's -1 after them
	sed -i 's/^weather: clear$/weather: heat/' s.yaml
	bt-attack -r 15 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 15 - 2 - 1 - 1 weather = 11 against AC 12, miss"
}

@test "CC-16 a miss deals no damage" {
	scenario
	start
	bt-attack -r 6 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 6 + 3 + 2 = 11 against AC 12, miss"
	assert_equal "$(field t.yaml units.blue-b.hp)" 5
	assert_equal "$(field t.yaml turn)" "{acted: true}"
}

@test "CC-16 the rating is that of the attacker's commander" {
	scenario
	set_stat blue-b initiative 20
	start
	bt-attack -r 9 -f s.yaml blue-b red-a > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "blue-b attacks red-a: 9 + 2 + 1 = 12 against AC 12, hit, 1 damage, 4/5 HP left"
	assert_equal "$(field t.yaml units.red-a.hp)" 4
}

# --- CC-17 melee needs front contact ---

@test "CC-17 melee is refused when the attacker's front is not in contact with the target" {
	scenario
	place red-a 3 3 e	# blue-b touches its side, not its front
	start
	run --separate-stderr -1 bt-attack -r 20 -f s.yaml red-a blue-b
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (CC-17): 'red-a' can't attack 'blue-b': its front is not in contact with the target"
	run --separate-stderr -1 bt-attack -r 20 -f s.yaml red-a blue-c
	assert_output ""
	assert_equal "$stderr" "bt-attack: refused (CC-17): 'red-a' can't attack 'blue-c': its front is not in contact with the target"
}

@test "CC-17 a refused attack writes nothing, even with -i" {
	scenario
	place red-a 3 3 w
	start
	cp s.yaml before.yaml
	run --separate-stderr -1 bt-attack -i -r 20 -f s.yaml red-a blue-b
	[[ "$stderr" == "bt-attack: refused (CC-17): "* ]]
	cmp s.yaml before.yaml
}

# --- CC-18 flanking ---

@test "CC-18 melee against the rear has advantage" {
	scenario
	place blue-b 3 4 s	# its rear is toward red-a
	start
	bt-attack -r 3,15 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=3, d20=15]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 15 (advantage) + 3 + 2 = 20 against AC 12 (advantage: flank (CC-18)), hit, 2 damage, 3/5 HP left"
	assert_equal "$(field t.yaml units.blue-b.hp)" 3
}

@test "CC-18 melee against a side has advantage: the higher d20 is kept" {
	scenario
	place blue-b 3 4 e	# red-a touches its north side
	start
	bt-attack -r 15,3 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=15, d20=3]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 15 (advantage) + 3 + 2 = 20 against AC 12 (advantage: flank (CC-18)), hit, 2 damage, 3/5 HP left"
}

@test "CC-18 an attacker that touches the target's front at all attacks the front" {
	scenario
	# Two squares each, offset by one: red-a's [4, 3] is in front of
	# blue-b's [4, 4]; its [5, 3] is beyond blue-b's front.
	place red-a 4 3 s
	add_key red-a 'size: [2, 1]'
	add_key blue-b 'size: [2, 1]'
	start
	bt-attack -r 3 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=3]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 3 + 3 + 2 = 8 against AC 12, miss"
	# Turned east, blue-b shows red-a its side: advantage.
	place blue-b 3 4 e
	start
	bt-attack -r 3,15 -f s.yaml red-a blue-b > u.yaml
	assert_equal "$(log_rolls u.yaml attack)" "[d20=3, d20=15]"
}

@test "CC-18 a unit with four fronts has no side or rear" {
	scenario
	place blue-b 3 4 s
	add_key blue-b 'fronts: 4'
	start
	bt-attack -r 3 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=3]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 3 + 3 + 2 = 8 against AC 12, miss"
}

# --- CC-19 natural 20 and natural 1 ---

@test "CC-19 a natural 20 always hits and deals 1 more damage, of the --crit-type named" {
	scenario
	set_stat blue-b ac 30
	start
	bt-attack --crit-type fire -r 20 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 20 + 3 + 2 = 25 against AC 30, a natural 20, critical hit (CC-19), 3 fire damage, 2/5 HP left"
	assert_equal "$(field t.yaml units.blue-b.hp)" 2
	bt-attack -r 20 -f s.yaml red-a blue-b > u.yaml
	assert_equal "$(log_text u.yaml attack)" \
	    "red-a attacks blue-b: 20 + 3 + 2 = 25 against AC 30, a natural 20, critical hit (CC-19), 3 damage, 2/5 HP left"
}

@test "CC-19 a natural 1 always misses" {
	scenario
	set_stat blue-b ac 3
	start
	bt-attack -r 1 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 1 + 3 + 2 = 6 against AC 3, a natural 1 misses (CC-19)"
	assert_equal "$(field t.yaml units.blue-b.hp)" 5
	bt-attack -r 2 -f s.yaml red-a blue-b > u.yaml
	assert_equal "$(field u.yaml units.blue-b.hp)" 3
}

@test "CC-19 with advantage the kept d20 is the natural one" {
	scenario
	place blue-b 3 4 s
	set_stat blue-b ac 30
	start
	bt-attack -r 1,20 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(field t.yaml units.blue-b.hp)" 2
	set_stat blue-b ac 3
	start
	bt-attack --dis -r 1,20 -f s.yaml red-a blue-b > u.yaml
	# flank and the DM's disadvantage cancel: the first d20 alone, a 1
	assert_equal "$(log_rolls u.yaml attack)" "[d20=1]"
	assert_equal "$(field u.yaml units.blue-b.hp)" 5
}

# --- CC-20 ranged attacks ---

# The archers (ranged +3, 1 damage, 200 ft) act first, at $1 $2 facing
# $3; red-a and red-c stand aside.
archers() {
	scenario
	set_stat red-bows initiative 20
	place red-bows "$1" "$2" "$3"
	place red-a 7 7 n
	place red-c 7 5 n
}

@test "CC-20 a ranged attack only at a target in the forward 90-degree cone" {
	archers 3 1 s
	local pos
	# Two rows ahead the cone spans columns 1 to 5.
	for pos in "1 3" "5 3" "3 4"; do
		place blue-b $pos n
		start
		run --separate-stderr -0 bt-attack --ranged -r 9 -f s.yaml red-bows blue-b
		printf '%s\n' "$output" > t.yaml
		assert_equal "$(log_text t.yaml shoot)" \
		    "red-bows shoots at blue-b: 9 + 3 + 2 = 14 against AC 12, hit, 1 damage, 4/5 HP left"
	done
	for pos in "0 3" "6 3" "5 1" "3 0" "5 0"; do
		place blue-b $pos n
		start
		run --separate-stderr -1 bt-attack --ranged -r 9 -f s.yaml red-bows blue-b
		assert_output ""
		assert_equal "$stderr" "bt-attack: refused (CC-20): 'red-bows' can't shoot at 'blue-b': the target is not ahead of its front"
	done
}

@test "CC-20 range is counted in feet (squares x 50), fog halving it" {
	archers 3 0 s
	local pos
	for pos in "3 4" "7 4"; do	# 4 squares: 200 ft
		place blue-b $pos n
		start
		bt-attack --ranged -r 9 -f s.yaml red-bows blue-b > t.yaml
		assert_equal "$(field t.yaml units.blue-b.hp)" 4
	done
	place blue-b 3 5 n	# 250 ft
	start
	run --separate-stderr -1 bt-attack --ranged -r 9 -f s.yaml red-bows blue-b
	assert_equal "$stderr" "bt-attack: refused (CC-20): 'red-bows' can't shoot at 'blue-b': the target is out of range"
	sed -i 's/^weather: clear$/weather: fog/' sc.yaml
	place blue-b 3 2 n	# 100 ft: half of 200
	start
	bt-attack --ranged -r 9 -f s.yaml red-bows blue-b > t.yaml
	assert_equal "$(field t.yaml units.blue-b.hp)" 4
	place blue-b 3 3 n
	start
	run --separate-stderr -1 bt-attack --ranged -r 9 -f s.yaml red-bows blue-b
	assert_equal "$stderr" "bt-attack: refused (CC-20): 'red-bows' can't shoot at 'blue-b': the target is out of range"
}

@test "CC-20 only a unit with a ranged attack shoots" {
	scenario
	place blue-b 3 5 n
	start
	run --separate-stderr -1 bt-attack --ranged -r 9 -f s.yaml red-a blue-b
	assert_equal "$stderr" "bt-attack: refused (CC-20): 'red-a' can't shoot at 'blue-b': it has no ranged attack"
}

@test "CC-20 a ranged attack has disadvantage when the attacker is adjacent to an enemy" {
	archers 3 1 s
	place blue-c 2 1 e
	start
	bt-attack --ranged -r 15,4 -f s.yaml red-bows blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml shoot)" "[d20=15, d20=4]"
	assert_equal "$(log_text t.yaml shoot)" \
	    "red-bows shoots at blue-b: 4 (disadvantage) + 3 + 2 = 9 against AC 12 (disadvantage: adjacent to an enemy (CC-20)), miss"
	assert_equal "$(field t.yaml units.blue-b.hp)" 5
}

@test "CC-20 advantage from higher ground: a hill square is elevation 1" {
	archers 6 1 s	# the hill
	place blue-b 6 4 n
	start
	bt-attack --ranged -r 4,15 -f s.yaml red-bows blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml shoot)" "[d20=4, d20=15]"
	assert_equal "$(log_text t.yaml shoot)" \
	    "red-bows shoots at blue-b: 15 (advantage) + 3 + 2 = 20 against AC 12 (advantage: higher ground (CC-20)), hit, 1 damage, 4/5 HP left"
	# On the level, one d20.
	archers 5 1 s
	place blue-b 5 4 n
	start
	bt-attack --ranged -r 4 -f s.yaml red-bows blue-b > u.yaml
	assert_equal "$(log_rolls u.yaml shoot)" "[d20=4]"
}

@test "CC-20 advantage from flying over ground" {
	archers 3 1 s
	add_key red-bows 'flying: true'
	start
	bt-attack --ranged -r 4,15 -f s.yaml red-bows blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml shoot)" "[d20=4, d20=15]"
	assert_equal "$(log_text t.yaml shoot)" \
	    "red-bows shoots at blue-b: 15 (advantage) + 3 + 2 = 20 against AC 12 (advantage: higher ground (CC-20)), hit, 1 damage, 4/5 HP left"
	# Two fliers: level.
	add_key blue-b 'flying: true'
	start
	bt-attack --ranged -r 4 -f s.yaml red-bows blue-b > u.yaml
	assert_equal "$(log_rolls u.yaml shoot)" "[d20=4]"
}

# --- CC-4 weather ---

@test "CC-4 heat, sandstorm and blizzard: melee -1" {
	scenario
	local w
	for w in heat sandstorm blizzard; do
		sed -i "s/^weather: .*/weather: $w/" sc.yaml
		start
		bt-attack -r 8 -f s.yaml red-a blue-b > t.yaml
		assert_equal "$(log_text t.yaml attack)" \
		    "red-a attacks blue-b: 8 + 3 + 2 - 1 weather = 12 against AC 12, hit, 2 damage, 3/5 HP left"
		bt-attack -r 7 -f s.yaml red-a blue-b > u.yaml
		assert_equal "$(field u.yaml units.blue-b.hp):$w" "5:$w"
	done
	for w in clear fog rain hurricane; do
		sed -i "s/^weather: .*/weather: $w/" sc.yaml
		start
		bt-attack -r 7 -f s.yaml red-a blue-b > t.yaml
		assert_equal "$(log_text t.yaml attack)" \
		    "red-a attacks blue-b: 7 + 3 + 2 = 12 against AC 12, hit, 2 damage, 3/5 HP left"
	done
}

@test "CC-4 rain and hurricane: ranged -2" {
	archers 3 0 s
	local w
	for w in rain hurricane; do
		sed -i "s/^weather: .*/weather: $w/" sc.yaml
		start
		bt-attack --ranged -r 9 -f s.yaml red-bows blue-b > t.yaml
		assert_equal "$(log_text t.yaml shoot)" \
		    "red-bows shoots at blue-b: 9 + 3 + 2 - 2 weather = 12 against AC 12, hit, 1 damage, 4/5 HP left"
		bt-attack --ranged -r 8 -f s.yaml red-bows blue-b > u.yaml
		assert_equal "$(field u.yaml units.blue-b.hp):$w" "5:$w"
	done
	for w in heat sandstorm blizzard; do
		sed -i "s/^weather: .*/weather: $w/" sc.yaml
		start
		bt-attack --ranged -r 9 -f s.yaml red-bows blue-b > t.yaml
		assert_equal "$(log_text t.yaml shoot)" \
		    "red-bows shoots at blue-b: 9 + 3 + 2 = 14 against AC 12, hit, 1 damage, 4/5 HP left"
	done
}

@test "CC-4 a hurricane or a sandstorm grounds fliers: no advantage from flying" {
	archers 3 1 s
	add_key red-bows 'flying: true'
	local w
	for w in hurricane sandstorm; do
		sed -i "s/^weather: .*/weather: $w/" sc.yaml
		start
		bt-attack --ranged -r 4 -f s.yaml red-bows blue-b > t.yaml
		assert_equal "$(log_rolls t.yaml shoot):$w" "[d20=4]:$w"
	done
}

# --- CC-21 opportunity attacks ---

@test "CC-21 an enemy that leaves contact with the front takes an opportunity attack" {
	scenario
	set_stat blue-b initiative 20
	start
	run --separate-stderr -0 bt-move -r 14 -f s.yaml blue-b r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=14]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a makes an opportunity attack (CC-21) on blue-b: 14 + 3 + 2 = 19 against AC 12, hit, 2 damage, 3/5 HP left"
	assert_equal "$(log_text t.yaml move)" \
	    "blue-b moves r to [4, 4] facing n, 50 ft (100 left)"
	assert_equal "$(field t.yaml units.blue-b.hp)" 3
	assert_equal "$(field t.yaml units.blue-b.at)" "[4, 4]"
	assert_equal "$(field t.yaml units.red-a.reacted)" true
	assert_equal "$(field t.yaml active)" blue-b
}

@test "CC-21 a rotation that takes a unit out of contact with the front provokes an opportunity attack" {
	scenario
	set_stat blue-b initiative 20
	place red-a 4 3 s	# its front touches blue-b's [4, 4]
	add_key blue-b 'size: [2, 1]'
	start
	# cw about [3, 4]: blue-b stands on [3, 4] and [3, 5], out of contact.
	bt-move -r 14 -f s.yaml blue-b cw > t.yaml
	assert_equal "$(field t.yaml units.blue-b.size)" "[1, 2]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a makes an opportunity attack (CC-21) on blue-b: 14 + 3 + 2 = 19 against AC 12, hit, 2 damage, 3/5 HP left"
	assert_equal "$(field t.yaml units.blue-b.hp)" 3
	assert_equal "$(field t.yaml units.red-a.reacted)" true
}

@test "CC-21 an opportunity attack that breaks the mover stops it where it stood" {
	scenario
	set_stat blue-b initiative 20
	set_stat blue-b hp 2
	start
	run --separate-stderr -0 bt-move -r 14 -f s.yaml blue-b r r
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.blue-b.hp)" 0
	assert_equal "$(field t.yaml units.blue-b.status)" "[broken]"
	assert_equal "$(field t.yaml units.blue-b.at)" "[3, 4]"
	assert_equal "$(log_text t.yaml move)" \
	    "blue-b is broken as it moves: it stops at [3, 4] (CC-28)"
	assert_equal "$(field t.yaml active)" blue-b
	run --separate-stderr -1 bt-move -f t.yaml blue-b r
	assert_equal "$stderr" "bt-move: refused (CC-28): 'blue-b' is broken: the rules retreat it"
}

@test "CC-21 leaving contact with a side provokes nothing" {
	scenario
	set_stat blue-b initiative 20
	place blue-b 2 3 e	# at red-a's west side, facing it
	start
	run --separate-stderr -0 bt-move -f s.yaml blue-b l
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.blue-b.at)" "[2, 2]"
	assert_equal "$(log_count t.yaml attack)" 0
	assert_equal "$(field t.yaml units.red-a.reacted)" ""
}

@test "CC-21 one reaction a round: a second enemy leaving the front is not attacked" {
	scenario
	# red-a two squares wide, blue-b and blue-c both at its front, first.
	add_key red-a 'size: [2, 1]'
	place blue-c 4 4 n
	set_stat blue-b initiative 20
	set_stat blue-c initiative 19
	start
	bt-move -r 14 -f s.yaml blue-b l > t.yaml
	assert_equal "$(log_count t.yaml attack)" 1
	assert_equal "$(field t.yaml units.red-a.reacted)" true
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml active)" blue-c
	run --separate-stderr -0 bt-move -f t.yaml blue-c r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.blue-c.at)" "[5, 4]"
	assert_equal "$(log_count u.yaml attack)" 1
	assert_equal "$(field u.yaml units.blue-c.hp)" 4
	# The reaction comes back when round 2 begins, not with red-a's turn
	# (CC-6).
	bt-resolve u.yaml > v.yaml
	assert_equal "$(field v.yaml active)" red-a
	assert_equal "$(field v.yaml units.red-a.reacted)" true
	bt-resolve -i v.yaml && bt-resolve -i v.yaml && bt-resolve -i v.yaml
	assert_equal "$(field v.yaml round)" 2
	assert_equal "$(field v.yaml units.red-a.reacted)" ""
}

@test "CC-21 a broken unit makes no opportunity attack" {
	scenario
	set_stat blue-b initiative 20
	start
	broken s.yaml red-a
	run --separate-stderr -0 bt-move -f s.yaml blue-b r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.blue-b.at)" "[4, 4]"
	assert_equal "$(log_count t.yaml attack)" 0
	assert_equal "$(field t.yaml units.blue-b.hp)" 5
	assert_equal "$(field t.yaml units.red-a.reacted)" ""
}

@test "CC-21 --hold declines the opportunity attack" {
	scenario
	set_stat blue-b initiative 20
	start
	run --separate-stderr -0 bt-move --hold=red-a -f s.yaml blue-b r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_count t.yaml attack)" 0
	assert_equal "$(field t.yaml units.red-a.reacted)" ""
}

@test "CC-21 an opportunity attack that destroys the mover ends its move and its turn" {
	scenario
	set_stat blue-b initiative 20
	set_stat blue-b hp 1
	start
	run --separate-stderr -0 bt-move -r 14 -f s.yaml blue-b r r
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.blue-b.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.blue-b.at)" ""
	assert_equal "$(order_of t.yaml)" "red-a red-c red-bows blue-c "
	assert_equal "$(field t.yaml active)" red-a
	assert_equal "$(log_text t.yaml move)" "blue-b is destroyed as it moves"
	run -0 bt-check t.yaml
}

# --- CC-22 Defend ---

@test "CC-22 attacks on a defending unit have disadvantage until the start of its next turn" {
	scenario
	set_stat blue-b initiative 20
	start
	bt-act -f s.yaml blue-b defend > t.yaml
	assert_equal "$(log_text t.yaml defend)" "blue-b defends (CC-22)"
	assert_equal "$(field t.yaml units.blue-b.status)" "[defending]"
	assert_equal "$(field t.yaml turn)" "{acted: true}"
	bt-resolve t.yaml > u.yaml
	bt-attack -r 15,3 -f u.yaml red-a blue-b > v.yaml
	assert_equal "$(log_rolls v.yaml attack)" "[d20=15, d20=3]"
	assert_equal "$(log_text v.yaml attack)" \
	    "red-a attacks blue-b: 3 (disadvantage) + 3 + 2 = 8 against AC 12 (disadvantage: the target defends (CC-22)), miss"
	assert_equal "$(field v.yaml units.blue-b.hp)" 5
	# Ranged attacks too: red-bows at [7, 0] shoots 4 squares.
	bt-resolve -i v.yaml
	bt-resolve -i v.yaml
	assert_equal "$(field v.yaml active)" red-bows
	bt-attack --ranged -r 15,3 -f v.yaml red-bows blue-b > w.yaml
	assert_equal "$(log_rolls w.yaml shoot)" "[d20=15, d20=3]"
	assert_equal "$(field w.yaml units.blue-b.status)" "[defending]"
	# It ends when blue-b's next turn begins.
	bt-resolve -i w.yaml
	assert_equal "$(field w.yaml active)" blue-c
	assert_equal "$(field w.yaml units.blue-b.status)" "[defending]"
	bt-resolve -i w.yaml
	assert_equal "$(field w.yaml round)" 2
	assert_equal "$(field w.yaml active)" blue-b
	assert_equal "$(field w.yaml units.blue-b.status)" ""
}

# --- CC-23 Disengage ---

@test "CC-23 bt-act disengage: the move that follows provokes no opportunity attack" {
	scenario
	set_stat blue-b initiative 20
	start
	bt-act -f s.yaml blue-b disengage > t.yaml
	assert_equal "$(log_text t.yaml disengage)" "blue-b disengages (CC-23)"
	assert_equal "$(field t.yaml units.blue-b.status)" "[disengaging]"
	run --separate-stderr -0 bt-move -f t.yaml blue-b r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.blue-b.at)" "[4, 4]"
	assert_equal "$(field u.yaml units.blue-b.hp)" 5
	assert_equal "$(log_count u.yaml attack)" 0
	assert_equal "$(field u.yaml units.red-a.reacted)" ""
	assert_equal "$(field u.yaml turn)" "{moved: 50, acted: true}"
	# Disengage lasts the turn.
	bt-resolve u.yaml > v.yaml
	assert_equal "$(field v.yaml units.blue-b.status)" ""
}

@test "CC-23 bt-move --disengage takes the action and moves in one order" {
	scenario
	set_stat blue-b initiative 20
	start
	run --separate-stderr -0 bt-move --disengage -f s.yaml blue-b r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_text t.yaml disengage)" "blue-b disengages (CC-23)"
	assert_equal "$(field t.yaml units.blue-b.at)" "[4, 4]"
	assert_equal "$(field t.yaml units.blue-b.status)" "[disengaging]"
	assert_equal "$(log_count t.yaml attack)" 0
	assert_equal "$(field t.yaml turn)" "{moved: 50, acted: true}"
	# Not after a move: that would split the movement around the action.
	bt-move --hold=red-a -f s.yaml blue-b r > u.yaml
	run --separate-stderr -1 bt-move --disengage -f u.yaml blue-b r
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CC-6): 'blue-b' has moved: Disengage would split its movement around its action"
}

# --- CC-24 Rally ---

# red-a broken at [3, 2], clear of blue-b, with its turn begun.
broken_red_a() {
	scenario
	place red-a 3 2 s
	start
	broken s.yaml red-a
}

@test "CC-24 Rally: d20 + morale + rating + culture against DC 20: +1 HP and no longer broken" {
	broken_red_a
	run --separate-stderr -0 bt-morale --rally -r 16 -f s.yaml red-a
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_rolls t.yaml rally)" "[d20=16]"
	assert_equal "$(log_text t.yaml rally)" \
	    "red-a rallies (CC-24): 16 + 1 morale + 2 rating + 1 culture = 20 against DC 20, rallied, 1/5 HP"
	assert_equal "$(field t.yaml units.red-a.hp)" 1
	assert_equal "$(field t.yaml units.red-a.status)" ""
	assert_equal "$(field t.yaml turn)" "{acted: true}"
}

@test "CC-24 a failed Rally leaves the unit broken" {
	broken_red_a
	bt-morale --rally -r 15 -f s.yaml red-a > t.yaml
	assert_equal "$(log_text t.yaml rally)" \
	    "red-a rallies (CC-24): 15 + 1 morale + 2 rating + 1 culture = 19 against DC 20, failed, 0/5 HP"
	assert_equal "$(field t.yaml units.red-a.hp)" 0
	assert_equal "$(field t.yaml units.red-a.status)" "[broken]"
}

@test "CC-24 a natural 20 gives 1 HP more, never above max-hp" {
	broken_red_a
	bt-morale --rally -r 20 -f s.yaml red-a > t.yaml
	assert_equal "$(log_text t.yaml rally)" \
	    "red-a rallies (CC-24): 20 + 1 morale + 2 rating + 1 culture = 24 against DC 20, rallied (a natural 20: 1 HP more), 2/5 HP"
	assert_equal "$(field t.yaml units.red-a.hp)" 2
	assert_equal "$(field t.yaml units.red-a.status)" ""
	# At 4 of 5 HP: 5, not 6.
	unit_set s.yaml red-a hp 4
	unit_del s.yaml red-a status
	bt-check s.yaml > /dev/null
	bt-morale --rally -r 20 -f s.yaml red-a > u.yaml
	assert_equal "$(field u.yaml units.red-a.hp)" 5
	run -0 bt-check u.yaml
}

@test "CC-24 a natural 20 is not an automatic success: short of DC 20 it fails; minus signs read as such" {
	broken_red_a
	unit_set s.yaml red-a morale -5
	bt-check s.yaml > /dev/null
	bt-morale --rally -r 20 -f s.yaml red-a > t.yaml
	assert_equal "$(log_text t.yaml rally)" \
	    "red-a rallies (CC-24): 20 - 5 morale + 2 rating + 1 culture = 18 against DC 20, failed, 0/5 HP"
	assert_equal "$(field t.yaml units.red-a.hp)" 0
	assert_equal "$(field t.yaml units.red-a.status)" "[broken]"
}

@test "CC-24 no Rally next to an enemy" {
	scenario
	start
	broken s.yaml red-a
	run --separate-stderr -1 bt-morale --rally -r 20 -f s.yaml red-a
	assert_output ""
	assert_equal "$stderr" "bt-morale: refused (CC-24): 'red-a' can't rally next to an enemy"
}

# --- CC-25 Ready ---

@test "CC-25 a readied melee attack is made when an enemy's step brings it into contact with the front" {
	scenario
	set_stat blue-b initiative 10	# after red-a (Morale 1 against 0)
	place blue-b 3 6 n
	start
	assert_equal "$(order_of s.yaml)" "red-a blue-b red-c red-bows blue-c "
	run --separate-stderr -0 bt-act -f s.yaml red-a ready contact
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.red-a.ready)" "{trigger: contact}"
	assert_equal "$(log_text t.yaml ready)" \
	    "red-a readies a melee attack for an enemy coming into contact with its front (CC-25)"
	assert_equal "$(field t.yaml turn)" "{acted: true}"
	bt-resolve t.yaml > u.yaml
	# A step that doesn't reach the front sets nothing off.
	bt-move -f u.yaml blue-b f > v.yaml
	assert_equal "$(log_count v.yaml attack)" 0
	assert_equal "$(field v.yaml units.red-a.ready)" "{trigger: contact}"
	bt-move -r 12 -f v.yaml blue-b f > w.yaml
	assert_equal "$(log_rolls w.yaml attack)" "[d20=12]"
	assert_equal "$(log_text w.yaml attack)" \
	    "red-a makes its readied attack (CC-25) on blue-b: 12 + 3 + 2 = 17 against AC 12, hit, 2 damage, 3/5 HP left"
	assert_equal "$(field w.yaml units.blue-b.at)" "[3, 4]"
	assert_equal "$(field w.yaml units.blue-b.hp)" 3
	assert_equal "$(field w.yaml units.red-a.ready)" ""
	assert_equal "$(field w.yaml units.red-a.reacted)" true
}

@test "CC-25 a readied attack uses the reaction: no opportunity attack after it" {
	scenario
	# red-a two squares wide; blue-c already at its front, blue-b coming.
	add_key red-a 'size: [2, 1]'
	place blue-c 4 4 n
	set_stat blue-b initiative 10
	place blue-b 3 6 n
	start
	bt-act -f s.yaml red-a ready contact > t.yaml
	bt-resolve -i t.yaml
	bt-move -r 12 -f t.yaml blue-b f f > u.yaml
	assert_equal "$(log_count u.yaml attack)" 1
	assert_equal "$(field u.yaml units.red-a.reacted)" true
	bt-resolve -i u.yaml
	bt-resolve -i u.yaml
	bt-resolve -i u.yaml
	assert_equal "$(field u.yaml active)" blue-c
	run --separate-stderr -0 bt-move -f u.yaml blue-c r
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > v.yaml
	assert_equal "$(field v.yaml units.blue-c.at)" "[5, 4]"
	assert_equal "$(log_count v.yaml attack)" 1
	assert_equal "$(field v.yaml units.blue-c.hp)" 4
}

@test "CC-25 a readied shot is made when an enemy comes within range" {
	archers 3 0 s
	set_stat blue-b initiative 15
	place blue-b 3 7 n
	start
	bt-act -f s.yaml red-bows ready range blue-b > t.yaml
	assert_equal "$(field t.yaml units.red-bows.ready)" "{trigger: range, target: blue-b}"
	assert_equal "$(log_text t.yaml ready)" \
	    "red-bows readies a ranged attack for blue-b coming within range (CC-25)"
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml active)" blue-b
	bt-move -f t.yaml blue-b f f > u.yaml	# [3, 5]: 250 ft
	assert_equal "$(log_count u.yaml shoot)" 0
	bt-move -r 11 -f u.yaml blue-b f > v.yaml	# [3, 4]: 200 ft
	assert_equal "$(log_rolls v.yaml shoot)" "[d20=11]"
	assert_equal "$(log_text v.yaml shoot)" \
	    "red-bows shoots its readied attack (CC-25) at blue-b: 11 + 3 + 2 = 16 against AC 12, hit, 1 damage, 4/5 HP left"
	assert_equal "$(field v.yaml units.blue-b.hp)" 4
	assert_equal "$(field v.yaml units.red-bows.ready)" ""
	assert_equal "$(field v.yaml units.red-bows.reacted)" true
}

@test "CC-25 a readied attack with a target waits for that target" {
	scenario
	set_stat blue-b initiative 10
	place blue-b 3 6 n
	start
	bt-act -f s.yaml red-a ready contact blue-c > t.yaml
	assert_equal "$(field t.yaml units.red-a.ready)" "{trigger: contact, target: blue-c}"
	bt-resolve -i t.yaml
	run --separate-stderr -0 bt-move -f t.yaml blue-b f f
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > u.yaml
	assert_equal "$(field u.yaml units.blue-b.at)" "[3, 4]"
	assert_equal "$(log_count u.yaml attack)" 0
	assert_equal "$(field u.yaml units.red-a.ready)" "{trigger: contact, target: blue-c}"
}

@test "CC-25 a readied attack lasts until the start of the unit's next turn" {
	scenario
	start
	bt-act -f s.yaml red-a ready contact > t.yaml
	local i
	for i in 1 2 3 4; do
		bt-resolve -i t.yaml
		assert_equal "$(field t.yaml units.red-a.ready)" "{trigger: contact}"
	done
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(field t.yaml active)" red-a
	assert_equal "$(field t.yaml units.red-a.ready)" ""
}

@test "CC-25 Ready is refused without a ranged attack, or on a target that is no enemy" {
	scenario
	start
	run --separate-stderr -1 bt-act -f s.yaml red-a ready range
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (CC-25): 'red-a' has no ranged attack to ready"
	run --separate-stderr -1 bt-act -f s.yaml red-a ready contact red-c
	assert_equal "$stderr" "bt-act: refused (CC-25): 'red-c' is not an enemy in the battle"
}

@test "CC-28 a retreat keeps out of a readied archer's range when a straight way is as good" {
	# red-bows at [0, 0] facing e, 150 ft, readies; broken blue-b at
	# [4, 3] (4 squares away) goes straight to the north edge, out of
	# range, not diagonally into it.
	archers 0 0 e
	sed -i 's/range: 200/range: 150/' sc.yaml
	set_stat blue-b initiative 15
	place blue-b 4 3 n
	start
	bt-act -f s.yaml red-bows ready range > t.yaml
	broken t.yaml blue-b
	bt-resolve t.yaml > u.yaml
	assert_equal "$(log_text u.yaml retreat)" \
	    "blue-b is broken and retreats f f f toward the n edge, 150 ft, to [4, 0] (CC-28)"
	assert_equal "$(log_count u.yaml shoot)" 0
	assert_equal "$(field u.yaml units.red-bows.ready)" "{trigger: range}"
}

@test "CC-25 a broken unit's retreat into range sets off a readied shot when the one way off leads there" {
	# A corridor north from blue-b at [4, 4]; red-bows at [7, 0] facing w
	# has [4, 3] in range (150 ft). Off the map beats keeping safe.
	archers 7 0 w
	sed -i 's/range: 200/range: 150/' sc.yaml
	awk '/^  rows:/ { r = 0; print; next }
	    r >= 0 && /^    - "/ { $0 = "    - \"" (r < 5 ? "...x.x.." : r == 5 ? "...xxx.." : "........") "\""; r++ }
	    { print }' r=-1 sc.yaml > sc.tmp && mv sc.tmp sc.yaml
	set_stat blue-b initiative 15
	set_stat blue-b speed 250
	place blue-b 4 4 n
	start
	bt-act -f s.yaml red-bows ready range > t.yaml
	broken t.yaml blue-b
	bt-resolve -r 15 t.yaml > u.yaml
	assert_equal "$(log_count u.yaml retreat)" 1
	assert_equal "$(log_count u.yaml shoot)" 1
	assert_equal "$(log_rolls u.yaml shoot)" "[d20=15]"
	assert_equal "$(log_text u.yaml retreat)" "blue-b is broken, retreats f and is destroyed (CC-28)"
	assert_equal "$(field u.yaml units.blue-b.status)" "[destroyed]"
}

# --- CC-26 Support ---

# red-c beside red-a, acting first.
supporter() {
	scenario
	set_stat red-c initiative 20
	place red-c 2 3 s
}

@test "CC-26 Support: the ally's next melee attack has advantage, then it is gone" {
	supporter
	start
	run --separate-stderr -0 bt-act -f s.yaml red-c support red-a
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.red-a.supported-by)" red-c
	assert_equal "$(log_text t.yaml support)" "red-c supports red-a (CC-26)"
	assert_equal "$(field t.yaml turn)" "{acted: true}"
	bt-resolve t.yaml > u.yaml
	bt-attack -r 2,14 -f u.yaml red-a blue-b > v.yaml
	assert_equal "$(log_rolls v.yaml attack)" "[d20=2, d20=14]"
	assert_equal "$(log_text v.yaml attack)" \
	    "red-a attacks blue-b: 14 (advantage) + 3 + 2 = 19 against AC 12 (advantage: support (CC-26)), hit, 2 damage, 3/5 HP left"
	assert_equal "$(field v.yaml units.red-a.supported-by)" ""
}

@test "CC-26 Support gives advantage on a Rally" {
	supporter
	place red-a 3 2 s
	place red-c 2 2 s
	set_stat red-a speed 50
	start
	broken s.yaml red-a
	bt-act -f s.yaml red-c support red-a > t.yaml
	bt-resolve t.yaml > u.yaml	# red-a, broken, retreats 50 ft first
	assert_equal "$(field u.yaml active)" red-a
	assert_equal "$(log_count u.yaml retreat)" 1
	assert_equal "$(field u.yaml units.red-a.supported-by)" red-c
	bt-morale --rally -r 2,16 -f u.yaml red-a > v.yaml
	assert_equal "$(log_rolls v.yaml rally)" "[d20=2, d20=16]"
	assert_equal "$(log_text v.yaml rally)" \
	    "red-a rallies (CC-24): 16 + 1 morale + 2 rating + 1 culture = 20 against DC 20, rallied, 1/5 HP"
	assert_equal "$(field v.yaml units.red-a.supported-by)" ""
	assert_equal "$(field v.yaml units.red-a.status)" ""
}

@test "CC-26 Support ends at the start of the supporter's next turn" {
	supporter
	start
	bt-act -f s.yaml red-c support red-a > t.yaml
	local i
	for i in 1 2 3 4; do
		bt-resolve -i t.yaml
		assert_equal "$(field t.yaml units.red-a.supported-by)" red-c
	done
	bt-resolve -i t.yaml
	assert_equal "$(field t.yaml round)" 2
	assert_equal "$(field t.yaml active)" red-c
	assert_equal "$(field t.yaml units.red-a.supported-by)" ""
}

@test "CC-26 Support only for an adjacent ally" {
	supporter
	place red-c 1 3 s
	start
	run --separate-stderr -1 bt-act -f s.yaml red-c support red-a
	assert_output ""
	assert_equal "$stderr" "bt-act: refused (CC-26): 'red-c' is not next to 'red-a'"
	run --separate-stderr -1 bt-act -f s.yaml red-c support blue-c
	assert_equal "$stderr" "bt-act: refused (CC-26): 'red-c' can only support an ally in the battle"
}

# --- CC-27 damage ---

@test "CC-27 a unit at 0 HP is broken" {
	scenario
	set_stat blue-b hp 2
	start
	bt-attack -r 15 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 15 + 3 + 2 = 20 against AC 12, hit, 2 damage, 0/5 HP left: broken (CC-27)"
	assert_equal "$(field t.yaml units.blue-b.hp)" 0
	assert_equal "$(field t.yaml units.blue-b.status)" "[broken]"
	assert_equal "$(field t.yaml units.blue-b.at)" "[3, 4]"
	assert_equal "$(order_of t.yaml)" "red-a red-c red-bows blue-b blue-c "
	run -0 bt-check t.yaml
}

@test "CC-27 a unit below 0 HP is destroyed: no place on the map, out of the order" {
	scenario
	set_stat blue-b hp 1
	start
	bt-attack -r 15 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 15 + 3 + 2 = 20 against AC 12, hit, 2 damage, -1/5 HP left: destroyed (CC-27)"
	assert_equal "$(field t.yaml units.blue-b.hp)" -1
	assert_equal "$(field t.yaml units.blue-b.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.blue-b.at)" ""
	assert_equal "$(order_of t.yaml)" "red-a red-c red-bows blue-c "
	run -0 bt-check t.yaml
	# Out of the battle: no target any more.
	bt-resolve -i t.yaml
	bt-resolve -i t.yaml
	run --separate-stderr -1 bt-attack --ranged -r 9 -f t.yaml red-bows blue-b
	assert_equal "$stderr" "bt-attack: refused (CC-16): 'red-bows' can't shoot at 'blue-b': the target is out of the battle"
}

# --- D-1 advantage and disadvantage ---

@test "D-1 advantage and disadvantage cancel: one d20" {
	scenario
	place blue-b 3 4 s	# flank: advantage
	start
	unit_set s.yaml blue-b status '[defending]'	# disadvantage
	bt-check s.yaml > /dev/null
	bt-attack -r 9 -f s.yaml red-a blue-b > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=9]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 9 (advantage and disadvantage cancel) + 3 + 2 = 14 against AC 12 (advantage: flank (CC-18); disadvantage: the target defends (CC-22)), hit, 2 damage, 3/5 HP left"
	# The DM's --adv and --dis together: one d20.
	scenario
	start
	bt-attack --adv --dis -r 9 -f s.yaml red-a blue-b > u.yaml
	assert_equal "$(log_rolls u.yaml attack)" "[d20=9]"
	# Flank and the DM's --dis: one d20.
	scenario
	place blue-b 3 4 s
	start
	bt-attack --dis -r 9 -f s.yaml red-a blue-b > v.yaml
	assert_equal "$(log_rolls v.yaml attack)" "[d20=9]"
}

@test "D-1 several sources of advantage don't stack: two d20s" {
	scenario
	place blue-b 3 4 s
	start
	run --separate-stderr -0 bt-attack --adv -r 4,9,20 -f s.yaml red-a blue-b
	assert_equal "$stderr" "bt-attack: warning: 1 --rolls value left over, ignored"
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(log_rolls t.yaml attack)" "[d20=4, d20=9]"
	assert_equal "$(log_text t.yaml attack)" \
	    "red-a attacks blue-b: 9 (advantage) + 3 + 2 = 14 against AC 12 (advantage: the DM's call, flank (CC-18)), hit, 2 damage, 3/5 HP left"
}
