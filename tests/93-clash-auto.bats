#!/usr/bin/env bats
# clash's legal orders (lib/clash-options.c) and its commanders
# (lib/clash-auto.c), driven through bt-auto: what it lists must be what
# the programs accept, all of it, and the commanders must play well.
load helper
load clash

# options FILE [N]: the distinct orders bt-auto's random commander
# chooses first in FILE over N (60) generators of the state: the whole
# list, for a list of a few dozen orders.
options() {
	local i
	for ((i = 1; i <= ${2:-60}; i++)); do
		sed "s/^rng: pcg32 [0-9a-f]* /rng: pcg32 $(printf %016x $((i * 7919))) /" \
		    "$1" > o.yaml
		bt-auto --orders --count 1 -p random o.yaml
	done | sort -u
}

# accepted FILE: every order of options FILE is played by bt-order on it.
accepted() {
	local line
	options "$1" 40 > lines
	[ -s lines ]
	while IFS= read -r line; do
		printf '%s\n' "$line" > one
		bt-order one -f "$1" > /dev/null ||
		    { echo "bt-order refused: $line" >&2; return 1; }
	done < lines
}

# The field with red-foot slowed to one step (5 ft): its whole list.
slow_foot() {
	clash_field
	sed -i '/^  red-foot:$/,/^  [^ ]/s/^    speed: 20$/    speed: 5/' s.yaml
	bt-check s.yaml > /dev/null
}

@test "CL-1 CL-2 the orders of a unit are its block's steps, its stands' steps in formation, its Retreat and the end of its turn" {
	slow_foot
	run -0 options s.yaml 200
	# the block to every square of one step (not se: stand 3 would
	# enter the forest, 10 ft, G-2); stands 1 and 3 each to the four
	# squares next to stand 2; stand 2 only where it keeps both mates
	assert_output "$(sort <<-'EOF'
		bt-act red-foot retreat
		bt-move red-foot e
		bt-move red-foot n
		bt-move red-foot ne
		bt-move red-foot nw
		bt-move red-foot s
		bt-move red-foot sw
		bt-move red-foot w
		bt-move red-foot.1 n
		bt-move red-foot.1 ne
		bt-move red-foot.1 s
		bt-move red-foot.1 se
		bt-move red-foot.2 n
		bt-move red-foot.2 s
		bt-move red-foot.3 n
		bt-move red-foot.3 nw
		bt-move red-foot.3 s
		bt-move red-foot.3 sw
		bt-resolve
		EOF
	)"
}

@test "CL-1 CL-2 CL-3 in contact a stand attacks each enemy stand next to it and moves only along the enemy" {
	lines_meet
	sed -i '/^  red-foot:$/,/^  [^ ]/s/^    speed: 20$/    speed: 5/' s.yaml
	run -0 options s.yaml 300
	assert_line "bt-attack red-foot.1 blue-foot.1"
	assert_line "bt-attack red-foot.1 blue-foot.2"
	assert_line "bt-attack red-foot.2 blue-foot.1"
	assert_line "bt-attack red-foot.2 blue-foot.2"
	assert_line "bt-attack red-foot.2 blue-foot.3"
	assert_line "bt-attack red-foot.3 blue-foot.2"
	assert_line "bt-attack red-foot.3 blue-foot.3"
	assert_equal "$(grep -c '^bt-attack ' <<< "$output")" 7
	# out of contact only with the Retreat (CL-2); never into a stand
	refute_line --regexp '^bt-move red-foot n'
	refute_line --regexp '^bt-move red-foot.* s$'
	assert_line "bt-move red-foot e"
	assert_line "bt-act red-foot retreat"
}

@test "CL-2 after the Retreat action the stands may leave contact, and attack no more" {
	lines_meet
	bt-act red-foot retreat -f s.yaml > r.yaml
	run -0 options r.yaml 100
	assert_line "bt-move red-foot n"
	refute_line --regexp '^bt-attack '
	refute_line --regexp '^bt-act '
}

@test "CL-6 the last turn of a round lists bt-resolve with each fill of a gap, and all fills at once" {
	clash_field
	stand_set s.yaml blue-foot 1 '{at: [1, 5], hp: 0}'
	stand_set s.yaml blue-foot 3 '{at: [3, 5], hp: 0}'
	active s.yaml blue-foot
	# blue-foot is not the last in the round: no fill
	run -0 options s.yaml 200
	refute_line --partial -- "--fill"
	# the ogre, the round's last, beside the gap at [3, 5]
	active s.yaml blue-ogre
	stand_set s.yaml blue-ogre 1 '{at: [4, 5], hp: 15}'
	sed -i '/^  blue-ogre:$/,/^  [^ ]/s/^    speed: 30$/    speed: 0/' s.yaml
	bt-check s.yaml > /dev/null
	run -0 options s.yaml 100
	assert_output "$(sort <<-'EOF'
		bt-act blue-ogre join blue-foot
		bt-act blue-ogre retreat
		bt-resolve
		bt-resolve --fill blue-foot.2=1,5
		bt-resolve --fill blue-foot.2=3,5
		bt-resolve --fill blue-ogre=3,5
		bt-resolve --fill blue-foot.2=1,5 --fill blue-ogre=3,5
		EOF
	)"
	accepted s.yaml
}

@test "CL-10 CL-11 a solo joins the unit next to it, leaves it at its turn's start, and a broken unit's rally is listed" {
	clash_field
	active s.yaml red-hero
	sed -i '/^  red-hero:$/,/^  [^ ]/{/^    joined: /d;}' s.yaml
	stand_set s.yaml red-hero 1 '{at: [4, 1], hp: 20}'
	sed -i '/^  red-hero:$/,/^  [^ ]/s/^    speed: 30$/    speed: 0/' s.yaml
	bt-check s.yaml > /dev/null
	run -0 options s.yaml 100
	assert_line "bt-act red-hero join red-foot"
	refute_line "bt-act red-hero leave"
	bt-act red-hero join red-foot -f s.yaml > j.yaml
	run -0 options j.yaml 100
	assert_line "bt-act red-hero leave"
	refute_line --partial "join"
	bt-act red-hero leave -f j.yaml > l.yaml
	# left in this turn: not offered to join again (no round trip)
	run -0 options l.yaml 100
	refute_line --partial "join"
	# blue-foot is broken, its turn to come: its rally may be rolled now
	unit_set s.yaml blue-foot status '[broken]'
	unit_set s.yaml blue-foot commander '{name: Sergeant Ruk, cha: 1}'
	stand_set s.yaml blue-foot 1 '{at: [1, 5], hp: 0}'
	stand_set s.yaml blue-foot 2 '{at: [2, 5], hp: 0}'
	active s.yaml blue-ogre
	bt-check s.yaml > /dev/null
	run -0 options s.yaml 100
	assert_line "bt-morale --rally blue-foot"
}

@test "CL-12 a stand alone may step off the map, and the move says it leaves the battle" {
	clash_field
	sed -i '/^  red-hero:$/,/^  [^ ]/s/^    speed: 30$/    speed: 5/' s.yaml
	stand_set s.yaml red-hero 1 '{at: [9, 1], hp: 20}'
	active s.yaml red-hero
	bt-check s.yaml > /dev/null
	run -0 options s.yaml 100
	assert_line "bt-move red-hero e"
	assert_line "bt-move red-hero w"
	bt-move red-hero e -f s.yaml > e.yaml
	assert_equal "$(field e.yaml units.red-hero.status)" "[fled]"
}

@test "CL-1 every order listed on states of the examples after random orders is accepted by bt-order" {
	local ex n
	for ex in clash-bridge clash-shrine; do
		for n in 0 7 23; do
			bt-init --seed 5 "$EXAMPLES/$ex.yaml" |
			    bt-auto -p random --count $((n + 1)) > s.yaml
			accepted s.yaml
		done
	done
}

@test "CL-12 30 whole random battles of the bridge end, each in a state bt-check accepts" {
	local k
	for ((k = 1; k <= 30; k++)); do
		bt-init --seed "$k" "$EXAMPLES/clash-bridge.yaml" > s.yaml
		run -0 bt-auto -p random s.yaml
		printf '%s\n' "$output" > t.yaml
		run -0 bt-check t.yaml
		assert_equal "$(sed -n '/^result:/,/^[a-z]/s/^  winner: //p' t.yaml |
		    grep -cE '^(town|raiders|draw)$')" 1
	done
}

# mirrored EXAMPLE A B N: battles of seeds 1 to N, each side playing A
# against B in turn; prints how many A won.
mirrored() {
	local k side other sides won=0 w
	sides=$(sed -n '/^sides:/,/^[a-z]/s/^  \([a-z]*\):.*/\1/p' \
	    "$EXAMPLES/$1.yaml" | tr '\n' ' ')
	for ((k = 1; k <= $4; k++)); do
		for side in $sides; do
			other=$(tr ' ' '\n' <<< "$sides" | grep -vx "$side" | grep .)
			w=$(bt-init --seed "$k" "$EXAMPLES/$1.yaml" |
			    bt-auto -p "$side=$2" -p "$other=$3" |
			    sed -n '/^result:/,/^[a-z]/s/^  winner: //p')
			[ "$w" != "$side" ] || won=$((won + 1))
		done
	done
	echo "$won"
}

# The bars are below what the commanders win (bt-auto(1) gives the
# figures), and far above the half that one no better than its
# opponent wins.
@test "CL-12 general wins at least 32 of 40 mirrored battles against random, at the bridge and at the shrine" {
	run -0 mirrored clash-bridge general random 20
	(( output >= 32 )) || fail "general won $output of 40 at the bridge"
	run -0 mirrored clash-shrine general random 20
	(( output >= 32 )) || fail "general won $output of 40 at the shrine"
}

@test "CL-12 general wins at least 28 of 40 mirrored battles against simple at the shrine" {
	run -0 mirrored clash-shrine general simple 20
	(( output >= 28 )) || fail "general won $output of 40"
}

@test "CL-12 simple wins at least 32 of 40 mirrored battles against random at the shrine" {
	run -0 mirrored clash-shrine simple random 20
	(( output >= 32 )) || fail "simple won $output of 40"
}

@test "CL-12 general against general ends every battle of the shrine, and bt-auto's default is general" {
	local k
	for ((k = 1; k <= 10; k++)); do
		bt-init --seed "$k" "$EXAMPLES/clash-shrine.yaml" > s.yaml
		run -0 bt-auto s.yaml
		printf '%s\n' "$output" > a.yaml
		run -0 bt-auto -p general s.yaml
		assert_equal "$(cat a.yaml)" "$output"
		assert_equal "$(sed -n '/^result:/,/^[a-z]/s/^  winner: //p' a.yaml |
		    grep -cE '^(north|south|draw)$')" 1
	done
}

@test "CL-12 examples/clash-battle.sh is a loop over bt-auto and bt-render: no awk or sed reads the state" {
	run -1 grep -cE '(^|[^a-z-])(awk|sed)( |$)|generals\.sh' \
	    "$EXAMPLES/clash-battle.sh"
	assert_output 0
	run -0 "$EXAMPLES/clash-battle.sh" 2
	assert_line --regexp "^Result: (north|south) wins "
	# the orders of both sides are bt-auto's: general's moves and attacks
	assert_line --regexp "^  [a-z-]+ moves [a-z ]+ as a block, "
	assert_line --regexp "^  [a-z-]+(\.[0-9])? attacks [a-z-]+(\.[0-9])?: "
}
