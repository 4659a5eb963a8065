#!/usr/bin/env bats
# The smaller frictions of a first evening (issue 17): a program reading a
# terminal says so, a scenario is checked as a scenario, a mail's body
# between markers is read as orders.
load helper

@test "a program reading its state from a terminal says once on stderr that it reads standard input" {
	cc_state > s.yaml
	# script(1) gives bt-check a terminal as standard input; the state
	# typed there (echoed back by the terminal) ends with the end of file.
	run -0 script -qec "bt-check 2>err" /dev/null < s.yaml
	run -0 cat err
	assert_output "bt-check: reading standard input (a terminal); end it with Ctrl-D"
}

@test "a program reading its state from a pipe or a file says nothing of it" {
	cc_state > s.yaml
	run --separate-stderr -0 bash -c 'bt-check < s.yaml'
	assert_equal "$stderr" ""
	run --separate-stderr -0 bash -c 'cat s.yaml | bt-check'
	assert_equal "$stderr" ""
}

@test "bt-check on a scenario says once that it is a scenario, not four missing keys" {
	run --separate-stderr -3 bt-check "$EXAMPLES/cc-skirmish.yaml"
	assert_output ""
	assert_equal "$stderr" "bt-check: $EXAMPLES/cc-skirmish.yaml: a scenario, not a battle state: start it with bt-init, or check it with bt-check --scenario"
}

@test "a turn program given a scenario says it is a scenario" {
	run --separate-stderr -3 bt-move -f "$EXAMPLES/cc-skirmish.yaml" x f
	assert_output ""
	assert_equal "$stderr" "bt-move: $EXAMPLES/cc-skirmish.yaml: a scenario, not a battle state: start it with bt-init, or check it with bt-check --scenario"
}

@test "a state missing only some of bt-init's keys is still told key by key" {
	cc_state | grep -v '^rng:' > s.yaml
	run --separate-stderr -3 bt-check s.yaml
	assert_equal "$stderr" "bt-check: s.yaml:1:1: the state has no 'rng'"
}

@test "bt-check --scenario checks a scenario as bt-init reads it, and writes nothing" {
	for f in "$EXAMPLES"/*.yaml; do
		grep -q '^rng:' "$f" && continue
		run --separate-stderr -0 bt-check --scenario "$f"
		assert_output ""
		assert_equal "$stderr" ""
	done
}

@test "bt-check --scenario reports a scenario's problems with their places, and refuses a state" {
	sed 's/^rules: cc/rules: cc\nround: 1/' "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
	run --separate-stderr -3 bt-check --scenario sc.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: sc.yaml:5:8: 'round' is written by the programs, not read from a scenario"
	cc_state > s.yaml
	run --separate-stderr -3 bt-check --scenario s.yaml
	assert_output ""
	[[ "$stderr" == "bt-check: s.yaml:"*"is written by the programs, not read from a scenario"* ]]
}

@test "bt-check --scenario is refused with -i" {
	run --separate-stderr -2 bt-check --scenario -i "$EXAMPLES/cc-skirmish.yaml"
	assert_output ""
	[[ "$stderr" == "bt-check: --scenario writes nothing: it can't be given with -i"* ]]
}

# Blue's first turn as a mail arrives: a greeting, the orders between
# the markers, a signature.
mail1() {
	cat <<-'EOF2'
	Hi Anna,

	here is my turn -- the hydra goes for your foot!
	--- orders ---
	bt-move blue-hydra f f
	bt-attack blue-hydra red-foot
	bt-resolve
	--- end ---
	Cheers,
	-- 
	Bob (sent from my phone; bt-move everything & win)
	EOF2
}

@test "bt-order plays a mail's orders between '--- orders ---' and '--- end ---', the rest unread" {
	cc_state > s.yaml
	mail1 > turn.mail
	run --separate-stderr -0 bt-order -f s.yaml turn.mail
	printf '%s\n' "$output" > by-mail.yaml
	assert_equal "$stderr" ""
	bt-move -f s.yaml blue-hydra f f | bt-attack blue-hydra red-foot |
	    bt-resolve > by-pipe.yaml
	cmp by-mail.yaml by-pipe.yaml
}

@test "markers with blanks around them and CR LF lines are markers still" {
	cc_state > s.yaml
	mail1 | sed 's/^--- orders ---$/  --- orders ---\t/' |
	    sed 's/$/\r/' > turn.mail
	run --separate-stderr -0 bt-order -f s.yaml turn.mail
	assert_equal "$stderr" ""
}

@test "a line between the markers that is not an order is refused with its line in the mail" {
	cc_state > s.yaml
	mail1 | sed 's/^bt-attack blue-hydra red-foot$/and now: attack!/' > turn.mail
	run --separate-stderr -2 bt-order -f s.yaml turn.mail
	assert_output ""
	[[ "$stderr" == "bt-order: turn.mail:6: 'and' is not an order: one of bt-move, bt-attack, bt-act, bt-morale or bt-resolve"$'\n'* ]]
	[[ "$stderr" == *"bt-order: turn.mail:6: the orders stop here, exit 2: none of them is applied" ]]
}

@test "an opening marker with no end marker is refused whole, at the opening's line" {
	cc_state > s.yaml
	mail1 | grep -v '^--- end ---$' > turn.mail
	run --separate-stderr -3 bt-order -f s.yaml turn.mail
	assert_output ""
	assert_equal "$stderr" "bt-order: turn.mail:4: '--- orders ---' has no '--- end ---' after it: is the mail cut short?"
}

@test "a second block of orders in one mail is refused at its marker" {
	cc_state > s.yaml
	{ mail1; printf '%s\n' '--- orders ---' 'bt-resolve' '--- end ---'; } > turn.mail
	run --separate-stderr -3 bt-order -f s.yaml turn.mail
	assert_output ""
	assert_equal "$stderr" "bt-order: turn.mail:12: a second '--- orders ---': a mail holds one block of orders"
}

@test "a file without markers is read whole as before: a greeting is refused" {
	cc_state > s.yaml
	mail1 | grep -v -- '^--- ' > turn.mail
	run --separate-stderr -2 bt-order -f s.yaml turn.mail
	assert_output ""
	[[ "$stderr" == "bt-order: turn.mail:1: 'Hi' is not an order"* ]]
}

# Prints "LETTER LONG" for each short option with a long name in every
# program's --help and every man page's option list.
letters() {
	local p
	for p in "$BT_BUILDDIR"/bt-*; do
		[ -x "$p" ] && [ -f "$p" ] || continue
		"$p" --help | sed -nE 's/^  -([A-Za-z0-9]), --([a-z-]+).*/\1 \2/p'
	done
	sed -nE 's/^\.It Fl ([A-Za-z0-9])[^,]* , Fl \\-([a-z-]+).*/\1 \2/p' \
	    "$BT_SRCDIR"/man/*.[157]
}

@test "one letter, one meaning: no short option stands for two long ones across the suite" {
	local clashes
	clashes=$(letters | sort -u | awk '
	{ if ($1 in seen && seen[$1] != $2) print $1 ": --" seen[$1] " and --" $2; seen[$1] = $2 }')
	[ -z "$clashes" ] || fail "letters with two meanings:"$'\n'"$clashes"
	# and the listing reads both sources: the letters every program has
	letters | grep -qx 'i in-place'
	letters | grep -qx 'F format'
	letters | grep -qx 'c crit-type'
}

@test "the dropped letters are refused where they clashed, and the long options still work" {
	cc_state > s.yaml
	run --separate-stderr -2 bt-move -d -f s.yaml blue-hydra f
	[[ "$stderr" == "bt-move: unknown option '-d'"* ]]
	run --separate-stderr -2 bt-resolve -F a.1=1,1 -f s.yaml
	[[ "$stderr" == "bt-resolve: unknown option '-F'"* ]]
	run --separate-stderr -2 bt-morale -R -f s.yaml blue-hydra
	[[ "$stderr" == "bt-morale: unknown option '-R'"* ]]
	run --separate-stderr -2 bt-attack -s x -f s.yaml blue-hydra red-foot
	[[ "$stderr" == "bt-attack: unknown option '-s'"* ]]
	printf 'bt-move -d blue-hydra f\n' > t.orders
	run --separate-stderr -2 bt-order -f s.yaml t.orders
	[[ "$stderr" == "bt-order: t.orders:1: bt-move: unknown option '-d'"* ]]
}

# sc.yaml: the skirmish with red-foot's stat block as the template
# 'heavy', given before the units, and red-foot naming it; red-foot's
# own keys then follow as $@ (lines of "KEY: VALUE").
templated() {
	awk -v extra="$(printf '    %s\n' "$@")" '
	/^units:/ {
		print "templates:"
		print "  heavy:"
		print "    type: infantry"
		print "    size: [2, 1]"
		print "    speed: 150"
		print "    ac: 15"
		print "    hp: 5"
		print "    max-hp: 5"
		print "    attack: 3"
		print "    damage: 1"
		print "    morale: 1"
		print "    weight: 4"
		print; units = 1; next
	}
	units && /^  red-foot:/ {
		print
		print "    template: heavy"
		print "    side: red"
		print "    name: Heavy infantry"
		print "    at: [6, 2]"
		print "    facing: s"
		print "    initiative: 8"
		if (extra != "    ") print extra
		skip = 1; next
	}
	skip && /^  [a-z]/ { skip = 0 }
	!skip { print }' "$EXAMPLES/cc-skirmish.yaml" > sc.yaml
}

@test "a unit's template: NAME gives it the template's keys: bt-init writes the same state as the whole stat block" {
	templated
	run --separate-stderr -0 bt-init --seed 1 sc.yaml
	printf '%s\n' "$output" > by-template.yaml
	bt-init --seed 1 "$EXAMPLES/cc-skirmish.yaml" > whole.yaml
	cmp by-template.yaml whole.yaml
	run -0 bt-check --scenario sc.yaml
}

@test "a key given in the unit wins over its template's" {
	templated "hp: 4" "max-hp: 4" "speed: 100"
	bt-init --seed 1 sc.yaml > s.yaml
	assert_equal "$(field s.yaml units.red-foot.hp)" 4
	assert_equal "$(field s.yaml units.red-foot.max-hp)" 4
	assert_equal "$(field s.yaml units.red-foot.speed)" 100
	assert_equal "$(field s.yaml units.red-foot.ac)" 15
}

@test "an unknown template, a template naming a template, templates after the units or in a state are refused with their places" {
	templated
	sed 's/^    template: heavy$/    template: heavvy/' sc.yaml > bad.yaml
	run --separate-stderr -3 bt-init --seed 1 bad.yaml
	assert_output ""
	assert_equal "$stderr" "bt-init: bad.yaml:40:15: unknown template 'heavvy' (the scenario's templates, given before 'units': heavy)"
	sed 's/^  heavy:$/  heavy:\n    template: other/' sc.yaml > nested.yaml
	run --separate-stderr -3 bt-init --seed 1 nested.yaml
	assert_equal "$stderr" "bt-init: nested.yaml:28:5: a template can't name a template: give its keys"
	# templates after the units: a unit is read as it comes
	awk '/^templates:/ { t = 1 } /^units:/ { t = 0 } t { held = held $0 "\n"; next } { print } END { printf "%s", held }' sc.yaml > late.yaml
	run --separate-stderr -3 bt-init --seed 1 late.yaml
	[[ "$stderr" == "bt-init: late.yaml:"*": unknown template 'heavy' (the scenario's templates, given before 'units': none)" ]]
	# a state has its units whole
	bt-init --seed 1 sc.yaml > s.yaml
	sed 's/^units:$/templates: {}\nunits:/' s.yaml > t.yaml
	run --separate-stderr -3 bt-check t.yaml
	[[ "$stderr" == "bt-check: t.yaml:"*": 'templates' are for a scenario: bt-init writes each unit whole" ]]
}

@test "templates can't make a small scenario a huge state: their text counts against the input's bound, and a template's fault is said once" {
	# 20,000 units of a template with 4,000 bytes of notes: 1.4 MB of
	# scenario, over 64 MiB once expanded
	awk 'BEGIN {
		print "bt: 1\nrules: cc\nname: Many\nweather: clear\nclimate: temperate"
		print "map:\n  width: 10\n  height: 10\n  rows:"
		for (y = 0; y < 10; y++) print "    - \"..........\""
		print "  zones:\n    red: [[0, 0, 9, 4]]\n    blue: [[0, 5, 9, 9]]"
		print "sides:\n  red: {commander: R, rating: 1, culture: 1}"
		print "  blue: {commander: B, rating: 1, culture: 2}"
		printf "templates:\n  t:\n    notes: "
		for (i = 0; i < 4000; i++) printf "x"
		print "\n    speed: oops"
		print "units:"
		for (i = 0; i < 20000; i++)
			printf "  u%d: {template: t, side: %s}\n", i, i % 2 ? "blue" : "red"
	}' > many.yaml
	run --separate-stderr -3 timeout 60 bt-check --scenario many.yaml
	assert_output ""
	# the bound, at the unit where it is passed, once; the template's
	# bad speed once, though every unit before that one has it
	[[ $stderr == *"the units' templates make the scenario larger than 64 MiB, the most a state may be"* ]]
	assert_equal "$(grep -c "the units' templates make" <<< "$stderr")" 1
	assert_equal "$(grep -c "many.yaml:$(grep -n '^    speed: oops' many.yaml | cut -d: -f1):" <<< "$stderr")" 1
}
