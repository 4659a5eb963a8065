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

