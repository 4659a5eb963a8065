#!/usr/bin/env bats
# bt-init: scenario checks and the setup rolls (CC-2 to CC-5).
load helper

# The small cc example with one line changed by a sed expression.
scenario() {
	sed "$1" "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
}

@test "bt-init writes a full state that bt-check passes unchanged" {
	run -0 bt-init --seed 5 "$EXAMPLES/cc-skirmish.yaml"
	printf '%s\n' "$output" > s.yaml
	run -0 bt-check s.yaml
	assert_equal "$output" "$(cat s.yaml)"
	assert_equal "$(field s.yaml round)" 1
	assert_equal "$(field s.yaml seed)" 5
	assert_equal "$(field s.yaml active)" blue-hydra
}

@test "the same --seed gives a byte-identical state; another seed another generator" {
	bt-init --seed 77 "$EXAMPLES/cc-skirmish.yaml" > a.yaml
	bt-init --seed 77 "$EXAMPLES/cc-skirmish.yaml" > b.yaml
	bt-init --seed 78 "$EXAMPLES/cc-skirmish.yaml" > c.yaml
	cmp a.yaml b.yaml
	[ "$(field a.yaml rng)" != "$(field c.yaml rng)" ]
}

@test "without --seed the system's seed is recorded and replays the same state" {
	bt-init "$EXAMPLES/cc-skirmish.yaml" > a.yaml
	seed=$(field a.yaml seed)
	[[ "$seed" =~ ^[0-9]+$ ]]
	bt-init --seed "$seed" "$EXAMPLES/cc-skirmish.yaml" > b.yaml
	cmp a.yaml b.yaml
}

@test "--seed wins over a seed in the scenario, which wins over the system's" {
	scenario 's/^name: .*/&\nseed: 31/'
	bt-init sc.yaml > a.yaml
	assert_equal "$(field a.yaml seed)" 31
	bt-init --seed 9 sc.yaml > b.yaml
	assert_equal "$(field b.yaml seed)" 9
}

@test "a bad --seed is a usage error" {
	for bad in -1 4294967296 x ""; do
		run --separate-stderr -2 bt-init --seed "$bad" "$EXAMPLES/cc-skirmish.yaml"
		assert_output ""
	done
}

@test "a scenario may not carry what bt-init derives (rng, order, log...)" {
	bt-init --seed 1 "$EXAMPLES/cc-skirmish.yaml" > s.yaml
	run --separate-stderr -3 bt-init s.yaml
	assert_output ""
	[[ "$stderr" == *"s.yaml:5:6: 'rng' is written by the programs, not read from a scenario"* ]]
	[[ "$stderr" == *"'order' is written by the programs"* ]]
}

@test "a unit missing a required stat is bad data naming the unit and stat" {
	scenario '/^    ac: 15$/d'
	run --separate-stderr -3 bt-init --seed 1 sc.yaml
	assert_output ""
	[[ "$stderr" == "bt-init: sc.yaml:"*": unit 'red-foot' has no 'ac'" ]]
}

@test "too few forced dice for the setup: exit 2, nothing written" {
	run --separate-stderr -2 bt-init -r 10,5 "$EXAMPLES/cc-skirmish.yaml"
	assert_output ""
	assert_equal "$stderr" "bt-init: too few --rolls values: 2 given, a d20 needed next"
}

@test "CC-2 the sides roll a contested Culture check and the winner's choice is recorded" {
	# blue 10 + 2 = 12 against red 5 + 1 = 6: blue wins, and chooses first.
	bt-init --seed 1 -r 10,5,3 "$EXAMPLES/cc-skirmish.yaml" > s.yaml
	assert_equal "$(field s.yaml deploy-first)" blue
	grep -q 'text: contested Culture check (CC-2), blue 10 + 2 = 12 against red 5 + 1 = 6; blue wins' s.yaml
	# red 12 + 1 = 13 wins and, by default, deploys last: blue first still.
	bt-init --seed 1 -r 3,12,3 "$EXAMPLES/cc-skirmish.yaml" > t.yaml
	assert_equal "$(field t.yaml deploy-first)" blue
	grep -q 'text: red chooses to deploy last, so blue deploys first' t.yaml
	# red wins and chooses to deploy first.
	scenario 's/culture: 1}/culture: 1, deploy: first}/'
	bt-init --seed 1 -r 3,12,3 sc.yaml > u.yaml
	assert_equal "$(field u.yaml deploy-first)" red
}

@test "CC-2 a tied Culture check is rolled again" {
	# blue 9 + 2 = 11, red 10 + 1 = 11: tie; then blue 1 + 2 = 3, red 4 + 1 = 5.
	bt-init --seed 1 -r 9,10,1,4,3 "$EXAMPLES/cc-skirmish.yaml" > s.yaml
	grep -q 'rolls: \[d20=9, d20=10\]' s.yaml
	grep -q 'a tie, rolled again' s.yaml
	grep -q 'rolls: \[d20=1, d20=4\]' s.yaml
	grep -q 'red 4 + 1 = 5; red wins' s.yaml
}

@test "CC-2 a unit deployed outside its side's zone is refused" {
	scenario 's/^    at: \[6, 2\]$/    at: [6, 3]/'
	run --separate-stderr -3 bt-init --seed 1 sc.yaml
	assert_output ""
	[[ "$stderr" == *"unit 'red-foot' deploys outside the zone of side 'red' at [6, 3]"* ]]
}

@test "CC-3 an army over 25 weight is refused with its total and the units that count" {
	scenario '/^    reserve: true$/d'
	sed -i 's/^    weight: 8$/    weight: 20/' sc.yaml
	# red-horse now deploys: it needs a place in red's zone.
	sed -i 's/^    name: Knights of the Ford$/&\n    at: [0, 0]/' sc.yaml
	run --separate-stderr -3 bt-init --seed 1 sc.yaml
	assert_output ""
	[[ "$stderr" == *"side 'red' deploys 26 weight, over the limit of 25 (CC-3): red-bows 2, red-foot 4, red-horse 20"* ]]
}

@test "CC-3 units in reserve don't count toward 25 weight and don't deploy" {
	scenario 's/^    weight: 8$/    weight: 30/'
	bt-init --seed 1 sc.yaml > s.yaml
	run -0 field s.yaml units.red-horse.reserve
	assert_output true
	! grep -q -- '^- red-horse$' s.yaml
}

@test "CC-3 a reserve unit with a place on the map is refused" {
	scenario 's/^    reserve: true$/&\n    at: [0, 0]/'
	run --separate-stderr -3 bt-init --seed 1 sc.yaml
	[[ "$stderr" == *"unit 'red-horse' is in reserve: it has no place on the map"* ]]
}

@test "CC-3 a scenario whose every unit is in reserve is refused: no side deploys" {
	# Found by tests/96-property.bats: bt-init wrote a state with no
	# active unit, then refused it with a message about keys that a
	# scenario may not have.
	scenario 's/^    at: \[.*\]$/    reserve: true/'
	run --separate-stderr -3 bt-init --seed 1 sc.yaml
	assert_output ""
	assert_equal "$stderr" "bt-init: sc.yaml:24:3: side 'red' deploys no unit: all its units are in reserve (CC-3)
bt-init: sc.yaml:25:3: side 'blue' deploys no unit: all its units are in reserve (CC-3)"
}

@test "CC-3 a side whose every unit is in reserve is refused: it would lose before its first turn (CC-1)" {
	# The other side's units deploy; blue's three are all in reserve.
	awk '/^  blue-/ { b = 1 } /^  red-/ { b = 0 }
	    b && /^    at: / { print "    reserve: true"; next } { print }' \
	    "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
	run --separate-stderr -3 bt-init --seed 1 sc.yaml
	assert_output ""
	assert_equal "$stderr" "bt-init: sc.yaml:25:3: side 'blue' deploys no unit: all its units are in reserve (CC-3)"
}

@test "CC-1 bt-init refuses a scenario in which a side has no unbroken unit on the map" {
	awk '/^  blue-/ { b = 1 } /^  red-/ { b = 0 }
	    b && /^    hp: / { print "    hp: 0"; print "    status: [broken]"; next }
	    { print }' "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
	run --separate-stderr -3 bt-init --seed 1 sc.yaml
	assert_output ""
	assert_equal "$stderr" "bt-init: sc.yaml:25:3: side 'blue' has no unbroken unit on the map: its battle would be over before it began (CC-1)"
}

@test "CC-28 bt-init starts the first unit's turn as bt-resolve starts every later one: a broken first unit retreats" {
	# blue-hydra (initiative 12, Morale 2) goes first; broken, it backs
	# off the s edge (four fronts: every way is forward, CC-7).
	awk '/^  blue-hydra:/ { b = 1; print; next } /^  [a-z]/ { b = 0 }
	    b && /^    hp: / { print "    hp: 0"; print "    status: [broken]"; next }
	    { print }' "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
	run --separate-stderr -0 bt-init --seed 1 sc.yaml
	printf '%s\n' "$output" > s.yaml
	assert_equal "$(log_entry s.yaml retreat | sed -n 's/^  text: //p')" \
	    "'blue-hydra is broken and retreats b b b off the s edge: it leaves the battle (CC-28, CC-29)'"
	assert_equal "$(field s.yaml units.blue-hydra.status)" "[fled]"
	[ "$(field s.yaml active)" != blue-hydra ]
	! sed -n '/^order:/,/^[a-z]/p' s.yaml | grep -q blue-hydra
	run -0 bt-check s.yaml
}

@test "CC-28 CC-6 bt-init: the first unit's Defend and ready end, and every unit's reaction is fresh" {
	awk '/^  blue-hydra:/ { h = 1; print; next } /^  red-foot:/ { f = 1; print; next }
	    /^  [a-z]/ { h = f = 0 }
	    h && /^    weight: / { print; print "    reacted: true"
	        print "    ready: {trigger: contact}"; print "    status: [defending]"; next }
	    f && /^    weight: / { print; print "    reacted: true"; next }
	    { print }' "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
	bt-init --seed 1 sc.yaml > s.yaml
	assert_equal "$(field s.yaml active)" blue-hydra
	assert_equal "$(field s.yaml units.blue-hydra.status)" ""
	assert_equal "$(field s.yaml units.blue-hydra.ready)" ""
	assert_equal "$(field s.yaml units.blue-hydra.reacted)" ""
	assert_equal "$(field s.yaml units.red-foot.reacted)" ""
}

@test "CC-1 KM-13 CL-12 bt-init refuses a side with no unit, in every ruleset: it would lose before its first turn" {
	# example, the prefix of the ids of the side's units, the side
	while read -r example prefix side; do
		awk -v p="  $prefix-" 'index($0, p) == 1 { b = 1; next }
		    /^  [a-z]/ { b = 0 } !b' "$EXAMPLES/$example.yaml" > sc.yaml
		run --separate-stderr -3 bt-init --seed 1 sc.yaml
		assert_output ""
		[[ "$stderr" == "bt-init: sc.yaml:"*": side '$side' has no unit" ]]
	done <<-EOF
	cc-skirmish blue blue
	kingdom-vale reaver reavers
	clash-bridge raider raiders
	EOF
}

@test "CC-4 weather: roll takes a d20 on the weather table" {
	for pair in 1:clear 13:clear 14:fog 15:fog 16:heat 17:heat 18:rain 19:rain; do
		bt-init --seed 1 -r "10,5,${pair%%:*}" "$EXAMPLES/cc-skirmish.yaml" > s.yaml
		assert_equal "$(field s.yaml weather):${pair%%:*}" "${pair#*:}:${pair%%:*}"
	done
}

@test "CC-4 an extreme 20 depends on the climate" {
	for pair in temperate:hurricane coastal:hurricane desert:sandstorm cold:blizzard; do
		scenario "s/^climate: temperate/climate: ${pair%%:*}/"
		bt-init --seed 1 -r 10,5,20 sc.yaml > s.yaml
		assert_equal "$(field s.yaml weather)" "${pair#*:}"
	done
}

@test "CC-4 named weather is taken as it is, without a roll" {
	scenario 's/^weather: roll/weather: rain/'
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
	assert_equal "$(field s.yaml weather)" rain
	! grep -q 'event: weather' s.yaml
}

@test "CC-4 an unknown weather is refused with a suggestion" {
	scenario 's/^weather: roll/weather: fgo/'
	run --separate-stderr -3 bt-init sc.yaml
	assert_equal "$stderr" "bt-init: sc.yaml:6:10: unknown weather 'fgo' (did you mean 'fog'?)"
}

@test "CC-5 initiative: higher first, then Morale, then the side's Culture" {
	bt-init -r 10,3,4,15 "$DATA/init-ties.yaml" > s.yaml
	assert_equal "$(sed -n '/^order:/,/^log:/p' s.yaml | sed -n 's/^- //p' | tr '\n' ' ')" \
		"b-fast a-brave b-x a-y a-q a-p "
	assert_equal "$(field s.yaml active)" b-fast
}

@test "CC-5 units tied after every modifier roll a d20 each; equal rolls roll again" {
	bt-init -r 10,3,16,15 "$DATA/init-ties.yaml" > s.yaml
	assert_equal "$(sed -n 's/^- \(a-[pq]\)$/\1/p' s.yaml | tr '\n' ' ')" "a-p a-q "
	bt-init -r 10,3,7,7,2,9 "$DATA/init-ties.yaml" > t.yaml
	grep -q 'rolls: \[d20=7, d20=7\]' t.yaml
	grep -q 'rolls: \[d20=2, d20=9\]' t.yaml
	assert_equal "$(sed -n 's/^- \(a-[pq]\)$/\1/p' t.yaml | tr '\n' ' ')" "a-q a-p "
}

@test "CC-5 tied units of one type are ordered as the scenario lists them: no die is rolled" {
	# a-p and a-q are tied after every modifier; both archers
	sed -e '/^  a-[pq]:/s/, weight: 2}$/, weight: 2, type: archers}/' \
	    "$DATA/init-ties.yaml" > t1.yaml
	run --separate-stderr -0 bt-init -r 10,3 t1.yaml
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > s.yaml
	assert_equal "$(sed -n '/^order:/,/^[a-z]/s/^- //p' s.yaml | tr '\n' ' ')" \
		"b-fast a-brave b-x a-y a-p a-q "
	assert_equal "$(grep -c 'event: initiative' s.yaml)" 0
	# listed the other way round, they go the other way round
	awk '/^  a-p:/ { p = $0; next } { print } /^  a-q:/ { print p }' t1.yaml > t2.yaml
	bt-init -r 10,3 t2.yaml > s.yaml
	assert_equal "$(sed -n 's/^- \(a-[pq]\)$/\1/p' s.yaml | tr '\n' ' ')" "a-q a-p "
	run -0 bt-check s.yaml
}

@test "CC-5 tied units of one type roll as one against a tied unit of another type" {
	# a-r, infantry, ties with the archers a-p and a-q: one d20 for the
	# archers (by a-p, first listed), one for a-r, in id order
	sed -e '/^  a-[pq]:/s/, weight: 2}$/, weight: 2, type: archers}/' \
	    "$DATA/init-ties.yaml" > t1.yaml
	sed -n '/^  a-q:/s/a-q: {side: a, at: \[6, 0\]/a-r: {side: a, at: [7, 1]/p' t1.yaml |
	    sed 's/type: archers/type: infantry/' >> t1.yaml
	bt-init -r 10,3,4,15 t1.yaml > s.yaml
	grep -q 'initiative tie broken by a d20 each, a-p 4, a-r 15' s.yaml
	assert_equal "$(sed -n 's/^- \(a-[pqr]\)$/\1/p' s.yaml | tr '\n' ' ')" "a-r a-p a-q "
}

@test "kingdom: bt-init starts round 1 in the maneuver phase with every army" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" > s.yaml
	assert_equal "$(field s.yaml phase)" maneuver
	assert_equal "$(sed -n '/^order:/,/^[a-z]/s/^- //p' s.yaml | tr '\n' ' ')" \
		"north-bows north-guard south-horse south-levy "
	run -0 bt-check s.yaml
}

@test "clash: bt-init orders units by initiative" {
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > s.yaml
	assert_equal "$(sed -n '/^order:/,/^[a-z]/s/^- //p' s.yaml | tr '\n' ' ')" \
		"town-hero raider-band town-guard "
	assert_equal "$(field s.yaml active)" town-hero
}
