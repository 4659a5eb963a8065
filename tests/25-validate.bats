#!/usr/bin/env bats
# Every program validates the whole state it reads (issue 7): each kind of
# bad state, made by editing a valid one, is refused with exit 3, nothing
# on standard output, and a message at the place of the key at fault.
load helper

# s.yaml: tests/data/state-RULES.yaml with a sed script applied, as in
# tests/20-state.bats. Their line numbers show in the messages.
edit() {
	sed "$2" "$DATA/state-$1.yaml" > s.yaml
}

# refused MESSAGE: bt-check s.yaml is exit 3, writes nothing, says MESSAGE.
refused() {
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "$1"
}

# --- every ruleset ---

@test "validate: a unit that has left the battle two ways at once" {
	edit cc '/^    at: \[0, 0\]$/d; s/^    hp: 5$/    hp: -1/
/^    weight: 4$/a\    status: [destroyed, fled]
/^- red-foot$/d'
	refused "bt-check: s.yaml:61:13: unit 'red-foot' has left the battle two ways at once (status: destroyed and fled)"
}

@test "validate: kingdom, an army both destroyed and routed" {
	edit kingdom 's/^    hp: 15$/    hp: 0/; /^    at: \[0, 1\]$/d
/^    creatures: 400$/a\    status: [destroyed, routed]
/^- south-levy$/d'
	refused "bt-check: s.yaml:68:13: unit 'south-levy' has left the battle two ways at once (status: destroyed and routed)"
}

@test "validate: 'result' naming a winner that is not a side is placed at the winner" {
	edit cc '/^active:/d; /^order:$/i\result:\n  winner: green\n  reason: a rout'
	refused "bt-check: s.yaml:62:11: 'result' names winner 'green', which is neither a side nor 'draw'"
}

@test "CC-1 validate: no unit is 'active' once the battle is over" {
	edit cc '/^order:$/i\result:\n  winner: blue\n  reason: a rout'
	refused "bt-check: s.yaml:7:9: 'active' is 'blue-hydra', but the battle is over ('result'): no unit has the turn (CC-1)"
}

@test "CL-12 validate: no unit is 'active' once the battle is over" {
	edit clash '/^order:$/i\result:\n  winner: town\n  reason: a rout'
	refused "bt-check: s.yaml:7:9: 'active' is 'town-hero', but the battle is over ('result'): no unit has the turn (CL-12)"
}

# --- the log ---

# A log of two entries after the state's units and order.
log_of() {
	printf 'log:\n- round: %s\n  event: %s\n  who: %s\n  text: one\n- round: %s\n  event: %s\n  text: two\n' "$@" >> s.yaml
}

@test "validate: a log entry of a round still to come" {
	edit cc ''
	log_of 1 move blue-hydra 2 end
	refused "bt-check: s.yaml:70:10: log entry 2 is of round 2, after the state's round 1"
}

@test "validate: a log that is not oldest first" {
	edit cc 's/^round: 1$/round: 3/'
	log_of 2 move blue-hydra 1 end
	refused "bt-check: s.yaml:70:10: log entry 2 is of round 1, before the round 2 of the entry before it: the log is oldest first"
}

@test "validate: a log event that is not one word" {
	edit cc ''
	log_of 1 'a move' blue-hydra 1 end
	refused "bt-check: s.yaml:67:10: log entry 1 has event 'a move', which is not one word (lowercase letters, digits, '-')"
}

@test "validate: a log entry about no side or unit of the battle" {
	edit cc ''
	log_of 1 move red-horse 1 end
	refused "bt-check: s.yaml:68:8: log entry 1 is about 'red-horse' ('who'), which is neither a side nor a unit"
}

@test "validate: a log's 'draw' is only the end of the battle's" {
	edit cc ''
	log_of 1 move draw 1 end
	refused "bt-check: s.yaml:68:8: log entry 1 is about 'draw' ('who'), which is neither a side nor a unit"
}

# --- cc ---

@test "CC-2 validate: 'deploy-first' names a side" {
	edit cc 's/^deploy-first: blue$/deploy-first: green/'
	refused "bt-check: s.yaml:9:15: 'deploy-first' names 'green', which is not a side (CC-2)"
}

@test "CC-6 validate: a 'turn' with no unit active" {
	edit cc '/^active:/d; s/^deploy-first: blue$/&\nturn: {moved: 50}/
/^order:$/i\result:\n  winner: blue\n  reason: a rout'
	refused "bt-check: s.yaml:9:7: 'turn' is the turn of the active unit, but no unit is active"
}

@test "CC-6 validate: a 'turn' that has moved more than the unit's speed" {
	edit cc 's/^deploy-first: blue$/&\nturn: {moved: 250}/'
	refused "bt-check: s.yaml:10:15: 'turn' has moved 250 ft, more than the 200 ft 'blue-hydra' may move (CC-6)"
}

@test "CC-4 CC-6 validate: a hurricane takes 100 ft off what the 'turn' may have moved" {
	edit cc 's/^weather: heat$/weather: hurricane/; s/^deploy-first: blue$/&\nturn: {moved: 150}/'
	refused "bt-check: s.yaml:10:15: 'turn' has moved 150 ft, more than the 100 ft 'blue-hydra' may move (CC-6)"
}

@test "CC-1 validate: a round past the round limit with no result" {
	edit cc 's/^round: 1$/round: 3/; s/^weather: heat$/&\nround-limit: 2/'
	refused "bt-check: s.yaml:6:8: 'round' is 3, past the 'round-limit' 2, but the battle has no 'result' (CC-1)"
}

@test "CC-27 validate: a destroyed unit with HP left" {
	edit cc '/^    at: \[0, 0\]$/d; /^    weight: 4$/a\    status: [destroyed]
/^- red-foot$/d'
	refused "bt-check: s.yaml:54:9: unit 'red-foot' is destroyed but has 5 HP: destroyed is below 0 (CC-27)"
}

@test "CC-27 validate: a broken unit with HP left" {
	edit cc '/^    weight: 4$/a\    status: [broken]'
	refused "bt-check: s.yaml:55:9: unit 'red-foot' is broken but has 5 HP: broken is at 0 (CC-27)"
}

@test "CC-29 validate: a unit that fled is no longer broken" {
	edit cc '/^    at: \[0, 0\]$/d; s/^    hp: 5$/    hp: 0/
/^    weight: 4$/a\    status: [broken, fled]
/^- red-foot$/d'
	refused "bt-check: s.yaml:61:13: unit 'red-foot' is out of the battle (fled) but still broken"
}

@test "CC-23 validate: only the active unit is disengaging" {
	edit cc '/^    weight: 4$/a\    status: [disengaging]'
	refused "bt-check: s.yaml:62:13: unit 'red-foot' is disengaging, but a Disengage lasts only the turn of the unit that takes it, and it is the turn of 'blue-hydra' (CC-23)"
}

@test "CC-23 validate: the active unit may be disengaging, and any unit once the battle is over" {
	edit cc '/^    weight: 6$/a\    status: [disengaging]'
	run --separate-stderr -0 bt-check -q s.yaml
	edit cc '/^active:/d; /^    weight: 4$/a\    status: [disengaging]
/^order:$/i\result:\n  winner: blue\n  reason: a rout'
	run --separate-stderr -0 bt-check -q s.yaml
	assert_equal "$stderr" ""
}

@test "CC-25 validate: a readied attack's target is an enemy" {
	edit cc '/^    weight: 4$/a\    ready: {trigger: contact, target: red-foot}'
	refused "bt-check: s.yaml:62:39: unit 'red-foot' readies an attack on 'red-foot', which is not an enemy unit (CC-25)"
}

@test "CC-25 validate: a readied attack's target is a unit of the state" {
	edit cc '/^    weight: 4$/a\    ready: {trigger: contact, target: blue-horse}'
	refused "bt-check: s.yaml:62:39: unit 'red-foot' readies an attack on 'blue-horse', which is not an enemy unit (CC-25)"
}

@test "CC-25 validate: a readied ranged attack needs a ranged attack" {
	edit cc '/^    weight: 4$/a\    ready: {trigger: range}'
	refused "bt-check: s.yaml:62:22: unit 'red-foot' readies a ranged attack but has no 'ranged' (CC-25)"
}

@test "CC-26 validate: the support a unit holds is an ally's" {
	edit cc '/^    weight: 4$/a\    supported-by: blue-hydra'
	refused "bt-check: s.yaml:62:19: unit 'red-foot' is supported by 'blue-hydra', which is not another unit of its side (CC-26)"
}

@test "CC-26 validate: a unit does not support itself" {
	edit cc '/^    weight: 4$/a\    supported-by: red-foot'
	refused "bt-check: s.yaml:62:19: unit 'red-foot' is supported by 'red-foot', which is not another unit of its side (CC-26)"
}

@test "CC-1 validate: the winner has a unit left in the battle" {
	edit cc '/^active:/d; /^    at: \[0, 0\]$/d; s/^    hp: 5$/    hp: -1/
/^    weight: 4$/a\    status: [destroyed]
/^- red-foot$/d; /^order:$/i\result:\n  winner: red\n  reason: a rout'
	refused "bt-check: s.yaml:62:11: 'result' names winner 'red', which has no unit left in the battle (CC-1)"
}

# --- kingdom ---

# army_turn ARMY KEY VALUE: a key of the army's turn, by hand, in s.yaml.
army_turn() {
	sed -i "/^  $1:\$/,/^  [^ ]/s/^    strategy: .*/&\n    turn:\n      $2: $3/" s.yaml
}

@test "KM-1 validate: a kingdom state has no 'active' army" {
	edit kingdom 's/^first: south$/&\nactive: north-bows/'
	refused "bt-check: s.yaml:9:9: 'active' is 'north-bows', but kingdom armies act at once: no army has the turn (KM-1)"
}

@test "KM-2 validate: 'first' names a side, at its place" {
	edit kingdom 's/^first: south$/first: east/'
	refused "bt-check: s.yaml:8:8: 'first' names 'east', which is not a side (KM-2)"
}

@test "KM-9 validate: a destroyed army with HP left" {
	edit kingdom '/^    at: \[0, 1\]$/d; /^    creatures: 400$/a\    status: [destroyed]
/^- south-levy$/d'
	refused "bt-check: s.yaml:57:9: army 'south-levy' is destroyed but has 15 HP: an army is destroyed at 0 HP (KM-9)"
}

@test "KM-1 validate: an order to shoot before the ranged phase" {
	edit kingdom ''
	army_turn north-bows shoot south-levy
	refused "bt-check: s.yaml:55:14: army 'north-bows' has 'shoot' in its 'turn' in the maneuver phase: no army has it before the ranged phase (KM-1)"
}

@test "KM-1 validate: damage taken this turn before the ranged phase has ended" {
	edit kingdom 's/^phase: maneuver$/phase: ranged/'
	army_turn south-levy damage 3
	refused "bt-check: s.yaml:71:15: army 'south-levy' has 'damage' in its 'turn' in the ranged phase: no army has it before the melee phase (KM-1)"
}

@test "KM-1 validate: the avoid-melee choice before the melee phase" {
	edit kingdom 's/^phase: maneuver$/phase: ranged/'
	army_turn south-levy avoid-melee true
	refused "bt-check: s.yaml:71:20: army 'south-levy' has 'avoid-melee' in its 'turn' in the ranged phase: no army has it before the melee phase (KM-1)"
}

@test "KM-1 validate: who dealt melee damage, and a resolution, before the resolution phase" {
	edit kingdom 's/^phase: maneuver$/phase: melee/'
	army_turn south-levy melee-by '[north-bows]'
	sed -i 's/^      melee-by: \[north-bows\]$/&\n      resolved: true/' s.yaml
	refused "bt-check: s.yaml:71:17: army 'south-levy' has 'melee-by' in its 'turn' in the melee phase: no army has it before the resolution phase (KM-1)
bt-check: s.yaml:72:17: army 'south-levy' has 'resolved' in its 'turn' in the melee phase: no army has it before the resolution phase (KM-1)"
}

@test "KM-2 validate: an army that has moved more than its Maneuver" {
	edit kingdom ''
	army_turn south-levy moved 3
	refused "bt-check: s.yaml:71:14: army 'south-levy' has moved 3 squares this turn, more than its Maneuver 2 (KM-2)"
}

@test "KM-13 validate: an outcome before the battle's end" {
	edit kingdom '/^    population: 5000$/a\    outcome: victory'
	refused "bt-check: s.yaml:25:14: side 'north' has an 'outcome', but the battle has no 'result' (KM-13)"
}

@test "KM-17 validate: the cost of reforming before the battle's end" {
	edit kingdom '/^    population: 3800$/a\    reform-bp: 2'
	refused "bt-check: s.yaml:33:16: side 'south' has a 'reform-bp', but the battle has no 'result' (KM-17)"
}

@test "KM-13 validate: the end of a battle gives each side an outcome" {
	edit kingdom '/^    population: 5000$/a\    outcome: victory
$a\result:\n  winner: north\n  reason: a rout'
	refused "bt-check: s.yaml:26:3: side 'south' has no 'outcome', but the battle is over ('result') (KM-13)"
}

@test "KM-13 validate: the outcomes agree with the result" {
	edit kingdom '/^    population: 5000$/a\    outcome: victory
/^    population: 3800$/a\    outcome: victory
$a\result:\n  winner: north\n  reason: a rout'
	refused "bt-check: s.yaml:34:14: side 'south' has the outcome 'victory', which is not that of the result (winner 'north') (KM-13)"
}

@test "KM-15 validate: a draw is both sides' ceasefire or both sides' defeat" {
	edit kingdom '/^    population: 5000$/a\    outcome: ceasefire
/^    population: 3800$/a\    outcome: defeat
$a\result:\n  winner: draw\n  reason: a ceasefire'
	refused "bt-check: s.yaml:25:14: side 'north' has the outcome 'ceasefire', which is not that of the result (winner 'draw') (KM-13)
bt-check: s.yaml:34:14: side 'south' has the outcome 'defeat', which is not that of the result (winner 'draw') (KM-13)"
}

@test "KM-15 validate: both sides asking for a ceasefire end the battle" {
	edit kingdom '/^    population: [0-9]*$/a\    ceasefire: true'
	refused "bt-check: s.yaml:34:16: both sides have asked for a ceasefire, which ends the battle, but it has no 'result' (KM-15)"
}

@test "KM-13 validate: the winner has an army on the field" {
	edit kingdom '/^    population: 5000$/a\    outcome: defeat
/^    population: 3800$/a\    outcome: victory
s/^    hp: 15$/    hp: 0/; /^    at: \[0, 1\]$/d; /^    creatures: 400$/a\    status: [destroyed]
/^- south-levy$/d; /^order:$/i\result:\n  winner: south\n  reason: a rout'
	refused "bt-check: s.yaml:73:11: 'result' names winner 'south', which has no army on the field (KM-13)"
}

@test "KM-14 validate: only a destroyed army's commander has a fate" {
	edit kingdom '/^    creatures: 400$/a\    commander-fate: killed'
	refused "bt-check: s.yaml:69:21: army 'south-levy' has a 'commander-fate' but is not destroyed (KM-14)"
}

@test "KM-14 validate: only the winner's armies learn a Tactical Action" {
	edit kingdom '/^    creatures: 400$/a\    learns: true'
	refused "bt-check: s.yaml:69:13: army 'south-levy' learns a Tactical Action, which only the winner's armies on the field do (KM-14)"
}

@test "KM-3 validate: an army knows only tactics of the state's 'tactics'" {
	edit kingdom '/^    creatures: 400$/a\    tactics: [wedge]'
	refused "bt-check: s.yaml:69:14: army 'south-levy' knows tactic 'wedge', which 'tactics' doesn't define (KM-3)"
}

@test "KM-3 validate: an army uses only a tactic it knows" {
	edit kingdom 's/^first: south$/&\ntactics:\n  wedge: {melee: 1}/
/^    creatures: 400$/a\    tactic: wedge'
	refused "bt-check: s.yaml:71:13: army 'south-levy' uses tactic 'wedge', which it doesn't know (KM-3)"
}

@test "KM-6 validate: engaged is kept both ways" {
	edit kingdom '/^    creatures: 100$/a\    engaged: [south-levy]'
	refused "bt-check: s.yaml:53:14: army 'north-bows' is engaged with 'south-levy', which is not a hostile army next to it engaged with it in turn (KM-6)"
}

@test "KM-5 validate: an army shoots at a hostile army" {
	edit kingdom 's/^phase: maneuver$/phase: ranged/'
	army_turn north-bows shoot north-bows
	refused "bt-check: s.yaml:55:14: army 'north-bows' is ordered to shoot 'north-bows', which is not a hostile army (KM-5)"
}

@test "KM-11 validate: the armies that damaged it in melee are hostile armies" {
	edit kingdom 's/^phase: maneuver$/phase: resolution/'
	army_turn south-levy melee-by '[nobody]'
	refused "bt-check: s.yaml:71:17: army 'south-levy' was damaged in melee by 'nobody', which is not a hostile army (KM-11)"
}

@test "KM-11 a state written when melee-by was one id still loads, as a list of one" {
	edit kingdom 's/^phase: maneuver$/phase: resolution/'
	army_turn south-levy melee-by north-bows
	run -0 --separate-stderr bt-check s.yaml
	assert_line "      melee-by: [north-bows]"
}

@test "KM-5 validate: an army with shots has a range" {
	edit kingdom '/^    range: 3$/d'
	refused "bt-check: s.yaml:34:3: army 'north-bows' has shots but no 'range' (KM-5)"
}

@test "validate: kingdom, hp over max-hp" {
	edit kingdom 's/^    hp: 15$/    hp: 16/'
	refused "bt-check: s.yaml:54:3: army 'south-levy' has 16 HP, more than its max-hp 15"
}

# --- clash ---

@test "CL-7 validate: only a solo is a player character" {
	edit clash '/^    side: raiders$/a\    pc: true'
	refused "bt-check: s.yaml:24:9: unit 'raider-band' is a player character ('pc') but not a solo (CL-7)"
}

@test "CL-12 validate: the winner has victory points or a unit left in the battle" {
	edit clash '/^active:/d; s/^    - {at: \[[12], 2\], hp: 9}$/    - {hp: 0}/
/^    cha: 0$/{x;s/^/x/;/^x$/{x;s/$/\n    status: [destroyed]/;x};x}; /^- raider-band$/d
/^order:$/i\result:\n  winner: raiders\n  reason: a rout'
	refused "bt-check: s.yaml:63:11: 'result' names winner 'raiders', which has neither 10 victory points nor a unit left in the battle (CL-12)"
}

@test "CL-12 validate: a winner with 10 victory points may have no unit left" {
	edit clash '/^active:/d; s/^    - {at: \[[12], 2\], hp: 9}$/    - {hp: 0}/
/^    cha: 0$/{x;s/^/x/;/^x$/{x;s/$/\n    status: [destroyed]/;x};x}; /^- raider-band$/d
s/^round: 1$/&\nvp: {raiders: 10, town: 0}\nobjectives:\n- {side: raiders, kind: hold, at: [0, 1], vp: 10}/
/^order:$/i\result:\n  winner: raiders\n  reason: victory points'
	run --separate-stderr -0 bt-check -q s.yaml
	assert_equal "$stderr" ""
}

@test "CL-2 validate: 'retreat' only while it is the unit's turn" {
	edit clash '/^    side: raiders$/a\    retreat: true'
	refused "bt-check: s.yaml:24:14: unit 'raider-band' has 'retreat' but is not taking its turn (CL-2)"
}

@test "CL-8 validate: no morale check in a round still to come" {
	edit clash '/^    side: raiders$/a\    morale-round: 2'
	refused "bt-check: s.yaml:24:19: unit 'raider-band' has a morale-round 2, after round 1 (CL-8)"
}

@test "CL-11 validate: a rally is rolled for this round's turn or the next" {
	edit clash '/^    side: raiders$/a\    rally-round: 3'
	refused "bt-check: s.yaml:24:18: unit 'raider-band' has a rally-round 3, after round 2, the next (CL-11)"
}

@test "CL-1 validate: only the active unit's stands have moved this turn" {
	edit clash 's/^    - {at: \[1, 2\], hp: 9}$/    - {at: [1, 2], hp: 9, moved: 5}/'
	refused "bt-check: s.yaml:33:7: stand raider-band.1 has 'moved' or 'attacked' but its unit is not taking its turn"
}

@test "CL-1 validate: a stand has moved no more than its speed" {
	edit clash 's/^    - {at: \[0, 0\], hp: 45}$/    - {at: [0, 0], hp: 45, moved: 35}/'
	refused "bt-check: s.yaml:61:7: stand town-hero.1 has moved 35 ft, more than its speed 30"
}

@test "CL-1 validate: a solo joins a unit of its own side" {
	edit clash 's/^    joined: town-guard$/    joined: raider-band/'
	refused "bt-check: s.yaml:48:3: solo 'town-hero' joins 'raider-band', which is not a unit of its side"
}

@test "CL-12 validate: 'vp' names sides of the battle" {
	edit clash 's/^round: 1$/&\nvp: {raiders: 0, town: 0, river: 1}\nobjectives:\n- {side: town, kind: hold, at: [0, 1], vp: 3}/'
	refused "bt-check: s.yaml:7:27: 'vp' names side 'river', which is not in 'sides'"
}

@test "CL-12 validate: a battle with objectives keeps a tally" {
	edit clash 's/^round: 1$/&\nobjectives:\n- {side: town, kind: hold, at: [0, 1], vp: 3}/'
	refused "bt-check: s.yaml: the state has objectives but no 'vp' tally (CL-12)"
}

# --- every program, not only bt-check ---

@test "validate: every program refuses a bad state with exit 3 and writes nothing" {
	local msg="s.yaml:9:15: 'deploy-first' names 'green', which is not a side (CC-2)"

	edit cc 's/^deploy-first: blue$/deploy-first: green/'
	printf 'bt-resolve\n' > orders
	for cmd in "bt-move -f s.yaml blue-hydra f" \
	    "bt-attack -f s.yaml blue-hydra red-foot" \
	    "bt-act -f s.yaml blue-hydra defend" \
	    "bt-resolve s.yaml" \
	    "bt-morale -f s.yaml --rally blue-hydra" \
	    "bt-render s.yaml" \
	    "bt-roll -f s.yaml d20" \
	    "bt-order -f s.yaml orders" \
	    "bt-check s.yaml"; do
		# shellcheck disable=SC2086
		run --separate-stderr -3 $cmd
		assert_output ""
		assert_equal "$stderr" "${cmd%% *}: $msg"
	done
}

@test "validate: a program refuses a bad state given in place, and leaves it as it was" {
	edit cc 's/^deploy-first: blue$/deploy-first: green/'
	cp s.yaml before.yaml
	run --separate-stderr -3 bt-resolve -i s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-resolve: s.yaml:9:15: 'deploy-first' names 'green', which is not a side (CC-2)"
	cmp s.yaml before.yaml
}

# --- what a program writes, it reads again ---

@test "CC-16 validate: a ranged attack deals at most 100, so the HP a hit leaves stay in range" {
	edit cc 's/^    weight: 4$/&\n    ranged: {attack: 3, damage: 101, range: 600}/'
	refused "bt-check: s.yaml:62:33: 'damage' is 101, out of range 0 to 100"
}
