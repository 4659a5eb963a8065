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
	[[ "$stderr" == "bt-move: invalid option -- 'd'"* ]]
	run --separate-stderr -2 bt-resolve -F a.1=1,1 -f s.yaml
	[[ "$stderr" == "bt-resolve: invalid option -- 'F'"* ]]
	run --separate-stderr -2 bt-morale -R -f s.yaml blue-hydra
	[[ "$stderr" == "bt-morale: invalid option -- 'R'"* ]]
	run --separate-stderr -2 bt-attack -s x -f s.yaml blue-hydra red-foot
	[[ "$stderr" == "bt-attack: invalid option -- 's'"* ]]
	printf 'bt-move -d blue-hydra f\n' > t.orders
	run --separate-stderr -2 bt-order -f s.yaml t.orders
	[[ "$stderr" == "bt-order: t.orders:1: bt-move: unknown option '-d'"* ]]
}
