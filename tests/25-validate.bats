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

