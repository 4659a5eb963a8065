#!/usr/bin/env bats
# bt-sim: the odds of a battle (bt-sim(1)). Small runs: tens of battles.
# The policy is named (-p) where a ruleset's commanders are young, so that
# the tests don't depend on which policy is the default.
load helper

FIELD="$EXAMPLES/cc-field.yaml"
PNG_PIXEL="$BT_BUILDDIR/tests/png-pixel"

# The value of 'KEY: value' in the answer's block for side $2 of file $1.
side_count() {
	awk -v side="$2" -v key="$3" '
	/^sides:/ { in_s = 1; next }
	in_s && /^[^ ]/ { in_s = 0 }
	in_s && $0 == "  " side ":" { in_x = 1; next }
	in_x && /^  [^ ]/ { in_x = 0 }
	in_x && $1 == key ":" { print $2; exit }
	' "$1"
}

# A top-level count of answer $1.
top() {
	sed -n "s/^$2: //p" "$1"
}

@test "bt-sim: each side's wins and the rounds are those of the battles played one by one (--trace, with the log)" {
	bt-sim -N 6 -p random "$FIELD" > a.yaml
	declare -A wins=()
	rounds=
	for k in 1 2 3 4 5 6; do
		bt-sim --trace "$k" -p random "$FIELD" > t$k.yaml
		w=$(sed -n '/^result:/,/^[^ r]/s/^  winner: //p' t$k.yaml)
		[ -n "$w" ] || fail "battle $k has no result"
		wins[$w]=$(( ${wins[$w]-0} + 1 ))
		rounds+="$(top t$k.yaml round) "
	done
	assert_equal "$(top a.yaml battles)" 6
	for side in red blue; do
		assert_equal "$(side_count a.yaml "$side" wins)" "${wins[$side]-0}"
	done
	assert_equal "$(sed -n 's/^draws: {count: \([0-9]*\),.*/\1/p' a.yaml)" "${wins[draw]-0}"
	# the histogram of rounds: one battle a round it ended in
	want=$(tr ' ' '\n' <<< "$rounds" | sed '/^$/d' | sort -n | uniq -c |
	    awk '{ printf "%s%s: %s", (NR > 1 ? ", " : ""), $2, $1 }')
	run grep -F "  battles: {$want}" a.yaml
	assert_success
}

@test "bt-sim: the answer's counts add up (wins, draws, unfinished; each unit's fates) and its rates are theirs" {
	bt-sim -N 20 -p random "$FIELD" > a.yaml
	n=$(top a.yaml battles)
	assert_equal "$n" 20
	d=$(sed -n 's/^draws: {count: \([0-9]*\),.*/\1/p' a.yaml)
	u=$(top a.yaml unfinished)
	r=$(side_count a.yaml red wins) b=$(side_count a.yaml blue wins)
	assert_equal $((r + b + d + u)) 20
	assert_equal "$(side_count a.yaml red rate)" "'$(awk -v k="$r" 'BEGIN { printf "%.4f", k / 20 }')'"
	# every unit ends one way in each battle
	run awk '/^units:/ { u = 1; next } u && /^    (broken|destroyed|fled|standing):/ { s += $2; c++ }
	    u && /^    rates:/ { if (s != 20) bad = 1; s = 0 } END { print c, bad + 0 }' a.yaml
	assert_output "48 0"
	# the Wilson interval holds the rate
	run awk '/^  red:/ { r = 1 } r && /wilson-95/ { gsub(/[^0-9., ]/, ""); split($0, v, ","); print (v[1] <= '"$r"' / 20 && '"$r"' / 20 <= v[2]) ; exit }' a.yaml
	assert_output 1
}

@test "bt-sim: battle k of a scenario is bt-init's with the seed bt-sim says (--start), its rolls included" {
	bt-sim --start 3 -p random "$FIELD" > s3.yaml
	bt-sim --start 4 -p random "$FIELD" > s4.yaml
	seed=$(top s3.yaml seed)
	[ "$seed" != "$(top s4.yaml seed)" ] || fail "battles 3 and 4 have one seed"
	bt-init --seed "$seed" "$FIELD" > init.yaml
	cmp init.yaml s3.yaml
	# the same command gives the same answer
	bt-sim --start 3 -p random "$FIELD" | cmp - s3.yaml
}

@test "bt-sim: a started state is played from its own seed, battle k's dice seeded anew (--start keeps the rest)" {
	bt-init --seed 9 "$FIELD" > st.yaml
	bt-sim --start 2 -p random st.yaml > s2.yaml
	assert_equal "$(top s2.yaml seed)" 9
	run diff <(grep -v '^rng:' st.yaml) <(grep -v '^rng:' s2.yaml)
	assert_success
	run cmp -s <(top st.yaml rng) <(top s2.yaml rng)
	assert_failure
}

# Plays state $1 to its end through the programs, one order a process,
# with policy $2 (random by default) on every side.
pipeline() {
	local n=0
	while ! grep -q '^result:' "$1"; do
		bt-auto --count 1 -i -p "${2:-random}" "$1"
		n=$((n + 1))
		[ "$n" -lt 3000 ] || fail "no end after $n orders"
	done
}

@test "bt-sim: battle k played through the pipeline, bt-auto (general, the default) one order at a time from --start, ends in --trace's state, byte for byte" {
	skip_under_valgrind "thousands of processes"
	bt-sim --start 2 "$FIELD" > s.yaml
	bt-sim --trace 2 "$FIELD" > t.yaml
	pipeline s.yaml general
	cmp s.yaml t.yaml
}

@test "bt-sim: a battle from a started state, red random and blue general: the pipeline and --trace agree" {
	skip_under_valgrind "thousands of processes"
	bt-init --seed 5 "$FIELD" > st.yaml
	bt-sim --start 7 -p red=random st.yaml > s.yaml
	bt-sim --trace 7 -p red=random st.yaml > t.yaml
	n=0
	while ! grep -q '^result:' s.yaml; do
		bt-auto --count 1 -i -p red=random s.yaml
		n=$((n + 1))
		[ "$n" -lt 3000 ] || fail "no end after $n orders"
	done
	cmp s.yaml t.yaml
}

@test "bt-sim -j: one process or two, the same answer byte for byte" {
	bt-sim -N 16 -j 1 -p random "$FIELD" > j1.yaml
	bt-sim -N 16 -j 2 -p random "$FIELD" > j2.yaml
	bt-sim -N 16 -j 5 -p random "$FIELD" > j5.yaml
	cmp j1.yaml j2.yaml
	cmp j1.yaml j5.yaml
}

@test "bt-sim --merge: 4 seed ranges run with GNU parallel add up to one run over their union, byte for byte" {
	command -v parallel >/dev/null ||
		skip "GNU parallel is not installed (tools/bootstrap installs it)"
	bt-sim --seeds 1-24 -p random "$FIELD" > one.yaml
	parallel --will-cite -j 2 "bt-sim --seeds {} -p random $FIELD > part-{#}.yaml" \
	    ::: 1-6 7-12 13-18 19-24
	bt-sim --merge part-*.yaml > merged.yaml
	cmp one.yaml merged.yaml
}

@test "bt-sim --merge: answers of disjoint ranges, in any order, add up to one run; a gap stays in the seeds" {
	bt-sim --seeds 1-20 -p random "$FIELD" > one.yaml
	for r in 1-5 6-9 10-17 18-20; do
		bt-sim --seeds "$r" -p random "$FIELD" > "p$r.yaml"
	done
	bt-sim --merge p18-20.yaml p1-5.yaml p10-17.yaml p6-9.yaml > merged.yaml
	cmp one.yaml merged.yaml
	bt-sim --merge p1-5.yaml p10-17.yaml > gap.yaml
	run sed -n '/^seeds:/,/^battles/p' gap.yaml
	assert_output $'seeds:\n- [1, 5]\n- [10, 17]\nbattles: 13'
}

# A process keeps the answers of its movement searches for the searches
# after (lib/cc-move.c, the kept answers), so a battle late in a run is
# searched with answers the battles before it left: each part below starts
# with none, the one run with 150 battles' worth for its last ones.
@test "bt-sim: a battle ends the same however many were played before it in the process (the kept searches): one run of 200 against 8 runs of 25, merged" {
	for p in general simple; do
		bt-sim --seeds 1-200 -p "$p" "$FIELD" > one.yaml
		for a in 1 26 51 76 101 126 151 176; do
			bt-sim --seeds "$a-$((a + 24))" -p "$p" "$FIELD" > "part-$a.yaml"
		done
		bt-sim --merge part-*.yaml > merged.yaml
		cmp one.yaml merged.yaml
	done
}

@test "bt-sim --merge refuses overlapping seeds, another battle or other policies, with nothing on stdout" {
	bt-sim --seeds 1-4 -p random "$FIELD" > a.yaml
	bt-sim --seeds 3-6 -p random "$FIELD" > b.yaml
	run --separate-stderr bt-sim --merge a.yaml b.yaml
	assert_failure 3
	assert_output ""
	[[ $stderr == *"seeds 3 to 6 overlap"* ]] || fail "$stderr"
	bt-sim --seeds 5-6 -p random "$EXAMPLES/cc-skirmish.yaml" > c.yaml
	run --separate-stderr bt-sim --merge a.yaml c.yaml
	assert_failure 3
	assert_output ""
	[[ $stderr == *"not the same battle: battle"* ]] || fail "$stderr"
	# an answer of other seeds whose red played another policy
	sed -e '/^  red:/,/^  [^ ]/s/^    policy: random$/    policy: simple/' \
	    -e 's/^- \[1, 4\]$/- [5, 6]/' a.yaml > d.yaml
	run --separate-stderr bt-sim --merge a.yaml d.yaml
	assert_failure 3
	assert_output ""
	[[ $stderr == *"not the same battle: policy"* ]] || fail "$stderr"
	echo 'name: not an answer' > e.yaml
	run --separate-stderr bt-sim --merge a.yaml e.yaml
	assert_failure 3
	assert_output ""
	[[ $stderr == *"e.yaml"*"not a bt-sim answer"* ]] || fail "$stderr"
}

@test "bt-sim refuses bad counts, ranges, policies and a keyed battle (exit 2, nothing on stdout)" {
	for args in "-N 0" "-N x" "--seeds 5-3" "--seeds 7" "-N 3 --seeds 1-3" \
	    "-j 0" "-p nobody" "-p green=random" "-F pdf" "--trace 1 --start 1" \
	    "--trace 2 -N 4"; do
		run --separate-stderr bt-sim $args -p random "$FIELD"
		[ "$status" -eq 2 ] || fail "bt-sim $args: exit $status"
		assert_output ""
		[ -n "$stderr" ] || fail "bt-sim $args: no message"
	done
	head -c 32 /dev/urandom > key
	bt-init --key-file key --seed 1 "$FIELD" > keyed.yaml
	run --separate-stderr bt-sim -N 2 -p random keyed.yaml
	assert_failure 2
	assert_output ""
	[[ $stderr == *"keyed battle"* ]] || fail "$stderr"
}

@test "bt-sim refuses a battle that is over (exit 1) and a file that is no state (exit 3)" {
	bt-sim --trace 1 -p random "$FIELD" > over.yaml
	run --separate-stderr bt-sim -N 2 -p random over.yaml
	assert_failure 1
	assert_output ""
	echo 'bt: [' > bad.yaml
	run --separate-stderr bt-sim -N 2 bad.yaml
	assert_failure 3
	assert_output ""
}

@test "bt-sim -F png draws each side's win rate in its colour, from the left of the bar (real pixels)" {
	bt-sim -N 12 -p random "$FIELD" > a.yaml
	bt-sim -N 12 -p random -F png "$FIELD" > a.png
	bt-sim --merge -F png a.yaml | cmp - a.png
	run "$PNG_PIXEL" a.png
	assert_output --regexp '^640 [0-9]+$'
	# blue is the answer's first side, red its second: rows 56 and 80
	blue=$(side_count a.yaml blue wins) red=$(side_count a.yaml red wins)
	[ "$blue" -gt 0 ] && [ "$red" -gt 0 ] || fail "a side never won: pick other seeds"
	run "$PNG_PIXEL" a.png 162 68 162 92 639 68
	assert_output $'30 79 209\n204 25 25\n255 255 255'
	bt-sim -N 12 -p random -F svg "$FIELD" > a.svg
	run grep -c '<svg' a.svg
	assert_output 1
}

@test "bt-sim: a progress line on a terminal's standard error, nothing when it is not one" {
	pass="$EXAMPLES/kingdom-pass.yaml"
	bt-sim -N 70 -p random "$pass" > quiet.yaml 2> err
	assert_equal "$(cat err)" ""
	script -qec "bt-sim -N 70 -p random $pass > tty.yaml" /dev/null > transcript
	run cat transcript
	assert_output --partial "70 of 70 battles"
	assert_output --regexp "64 of 70 battles, [0-9]+ a second, [0-9]+ s left"
	cmp quiet.yaml tty.yaml
}

@test "KM-17 bt-sim counts what the kingdom battles left: each side's War Losses and outcome, each commander's fate (--trace's states)" {
	pass="$EXAMPLES/kingdom-pass.yaml"
	bt-sim -N 6 -p random "$pass" > a.yaml
	for k in 1 2 3 4 5 6; do
		bt-sim --trace "$k" -p random "$pass"
	done | awk '
	/^sides:/ { s = 1; u = 0; next }
	/^units:/ { u = 1; s = 0; next }
	/^[^ ]/ { s = u = 0 }
	/^  [^ ]/ { who = $1; sub(":", "", who) }
	s && /^    war-losses:/ { t["sides " who " war-losses"] += $2 }
	s && /^    outcome:/ { t["sides " who " " $2]++ }
	u && /^    commander-fate:/ { t["commanders " who " " $2]++ }
	END { for (k in t) print k, t[k] }' | sort > want
	# the answer's kingdom: block, as the same lines
	awk '
	/^kingdom:/ { k = 1; next }
	k && /^  [^ ]/ { sec = $1; sub(":", "", sec) }
	k && /^    [^ ]/ { row = $1; sub(":", "", row) }
	k && /^      [^ ]/ { col = $1; sub(":", "", col); v = $3; sub(",", "", v)
		if (v > 0) print sec, row, col, v }' a.yaml | sort > got
	[ -s got ] || fail "no kingdom: counts"
	diff want got
}

@test "KM-13 a kingdom battle through the pipeline, bt-auto one order at a time from --start, ends in --trace's state" {
	skip_under_valgrind "hundreds of processes"
	pass="$EXAMPLES/kingdom-pass.yaml"
	bt-sim --start 3 -p random "$pass" > s.yaml
	bt-sim --trace 3 -p random "$pass" > t.yaml
	pipeline s.yaml
	cmp s.yaml t.yaml
	# the general commander, bt-sim's default, decides from the state
	# alone: the same battle one order a process
	bt-sim --start 4 "$pass" > s.yaml
	bt-sim --trace 4 "$pass" > t.yaml
	pipeline s.yaml general
	cmp s.yaml t.yaml
}

@test "bt-sim -j 2 and --merge give one run's kingdom answer, byte for byte" {
	pass="$EXAMPLES/kingdom-pass.yaml"
	bt-sim -N 30 -p random "$pass" > one.yaml
	bt-sim -N 30 -j 2 -p random "$pass" | cmp - one.yaml
	bt-sim --seeds 1-11 -p random "$pass" > a.yaml
	bt-sim --seeds 12-30 -p random "$pass" > b.yaml
	bt-sim --merge b.yaml a.yaml | cmp - one.yaml
}

@test "the demo ends with the odds of its battles: bt-sim's answer for the demo's state, or why there is none" {
	run -0 "$EXAMPLES/demo.sh"
	demo=$output
	for sc in cc-skirmish kingdom-pass clash-bridge; do
		bt-init --seed 2026 "$EXAMPLES/$sc.yaml" > st.yaml
		want=$(bt-sim -N 100 -j 2 st.yaml 2>&1 | sed '/^units:/,$d')
		got=$(awk -v h="== odds of $sc (100 battles)" '
		    $0 == h { on = 1; next } on && $0 == "" { exit } on' <<< "$demo")
		[ -n "$want" ] && [ "$got" = "$want" ] || fail "$sc: got"$'\n'"$got"$'\n'"want"$'\n'"$want"
	done
}

@test "bt-sim's copy of a battle owns all its memory: no leak, no double free under valgrind (a started cc state, a kingdom scenario)" {
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	[[ ${BT_SANITIZERS-} != yes ]] || skip "a sanitizer build: valgrind can't run it"
	bt-init --seed 3 "$FIELD" > st.yaml
	run --separate-stderr valgrind -q --leak-check=full --error-exitcode=9 \
	    bt-sim --trace 1 -p random st.yaml
	assert_success
	assert_equal "$stderr" ""
	run --separate-stderr valgrind -q --leak-check=full --error-exitcode=9 \
	    bt-sim -N 3 -j 2 -p random "$EXAMPLES/kingdom-pass.yaml"
	assert_success
	assert_equal "$stderr" ""
}

@test "CL-12 bt-sim counts each side's VP at the end and the one-time objectives scored, as --trace's states have them" {
	shrine="$EXAMPLES/clash-shrine.yaml"
	bt-sim -N 6 -p random "$shrine" > a.yaml
	for k in 1 2 3 4 5 6; do
		bt-sim --trace "$k" -p random "$shrine" > t.yaml
		sed -n 's/^vp: {\(.*\)}$/\1/p' t.yaml | tr ',' '\n' |
		    sed 's/^ *//; s/: / /; s/^/vp /'
		# a destroy objective scored: its round in 'scored'
		grep -E '^- \{.*kind: destroy' t.yaml |
		    sed -n 's/.*name: \([^,]*\), side: \([a-z]*\),.*scored: [0-9]*.*/scored \1 (\2) 1/p'
	done | awk '{ k = $1; for (i = 2; i < NF; i++) k = k " " $i; t[k] += $NF }
	    END { for (k in t) print k, t[k] }' | sort > want
	awk '
	/^clash:/ { c = 1; next }
	c && /^  [^ ]/ { sec = $1 }
	c && /^    [^ ]/ { row = $0; sub(/^    /, "", row); sub(/:$/, "", row) }
	c && /^      [^ ]/ { v = $3; sub(",", "", v)
		if (sec == "sides:") print "vp", row, v
		else if (v > 0) print "scored", row, v }' a.yaml | sort > got
	grep -q '^vp ' got || fail "no VP counted"
	diff want got
}

@test "CL-12 a clash battle through the pipeline, bt-auto one order at a time from --start, ends in --trace's state" {
	skip_under_valgrind "hundreds of processes"
	bt-sim --start 2 -p random "$EXAMPLES/clash-bridge.yaml" > s.yaml
	bt-sim --trace 2 -p random "$EXAMPLES/clash-bridge.yaml" > t.yaml
	pipeline s.yaml
	cmp s.yaml t.yaml
}
