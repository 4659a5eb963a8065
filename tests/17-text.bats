#!/usr/bin/env bats
# Text from outside (CLI.md): what a mailed state, scenario or file of
# orders may hold. UTF-8 only; no control characters, which would drive
# the reader's terminal; each text field bounded; a side is never named
# 'draw'; and every message that quotes input shows its controls escaped.
# And the places of data errors that had none (bt-state(5) Limits).
load helper

# renamed FILE OLD NEW: FILE with the side OLD named NEW wherever a side
# is named (its key, zones, units' sides), not in longer ids.
renamed() {
	sed -E "s/(^|[^-a-z])$2([^-a-z]|\$)/\1$3\2/g" "$1"
}

# at FILE PATTERN: "LINE:COL" of the first match of PATTERN (an ERE) in
# FILE, the column where the match begins.
at() {
	awk -v re="$2" 'match($0, re) { print NR ":" RSTART; exit }' "$1"
}

@test "a side can't be named 'draw', in every ruleset, scenario or state: exit 3 at its key" {
	local ex side f
	for ex in cc-skirmish:red kingdom-pass:south clash-shrine:south; do
		f=${ex%%:*} side=${ex#*:}
		renamed "$EXAMPLES/$f.yaml" "$side" draw > "$f.yaml"
		run --separate-stderr -3 bt-init --seed 1 "$f.yaml"
		assert_output ""
		[[ "$stderr" == "bt-init: $f.yaml:$(at "$f.yaml" '^  draw:' | sed 's/:1$/:3/'): a side can't be named 'draw': it is the result of a drawn battle"* ]] ||
			fail "$f: $stderr"
		# a state too
		bt-init --seed 1 "$EXAMPLES/$f.yaml" > s.yaml
		renamed s.yaml "$side" draw > d.yaml
		run --separate-stderr -3 bt-check d.yaml
		[[ "$stderr" == "bt-check: d.yaml:$(at d.yaml '^  draw:' | sed 's/:1$/:3/'): a side can't be named 'draw'"* ]] ||
			fail "$f state: $stderr"
	done
	# 'Draw' and 'draws' are names like any other
	renamed "$EXAMPLES/cc-skirmish.yaml" red Draw > ok.yaml
	run -0 bt-init --seed 1 ok.yaml
}

@test "G-1 a cc map's square other than 50 ft is refused at the key 'square'" {
	cc_state | sed 's/^  height: 8$/&\n  square: 25/' > sq.yaml
	run --separate-stderr -3 bt-check sq.yaml
	assert_equal "$stderr" "bt-check: sq.yaml:$(at sq.yaml '25'): a cc map's squares are 50 ft, not 25 (G-1)"
}

@test "KM-2 a kingdom battle of three sides is refused at the key 'sides'" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" > k.yaml
	awk '{ print } /^sides:$/ { getline; print; s = $0; while ((getline l) > 0 && l ~ /^    /) { print l; t = t "\n" l }
	    print "  east:" t; print l }' k.yaml > three.yaml
	grep -q '^  east:$' three.yaml
	run --separate-stderr -3 bt-check three.yaml
	[[ "$stderr" == *"bt-check: three.yaml:$(at three.yaml '^  north:' | sed 's/:1$/:3/'): a kingdom battle has two sides, not 3 (KM-2)"* ]] ||
		fail "$stderr"
}

@test "a UTF-16 or UTF-32 byte-order mark is bad data, state or orders; a UTF-8 one is read and dropped" {
	cc_state > s.yaml
	local bom enc
	for bom in 'UTF-32LE:\xff\xfe\x00\x00' 'UTF-32BE:\x00\x00\xfe\xff' \
	    'UTF-16LE:\xff\xfe' 'UTF-16BE:\xfe\xff'; do
		enc=${bom%%:*}
		{ printf "${bom#*:}"; iconv -f UTF-8 -t "$enc" s.yaml; } > w.yaml
		run --separate-stderr -3 bt-check w.yaml
		assert_output ""
		assert_equal "$stderr" "bt-check: w.yaml:1:1: a $enc byte-order mark: bt reads UTF-8 only (iconv -t UTF-8 converts it)"
		{ printf "${bom#*:}"; echo bt-resolve | iconv -f UTF-8 -t "$enc"; } > w.orders
		run --separate-stderr -3 bt-order -f s.yaml w.orders
		assert_equal "$stderr" "bt-order: w.orders:1:1: a $enc byte-order mark: bt reads UTF-8 only (iconv -t UTF-8 converts it)"
	done
	# UTF-8's own mark, as some editors write it, says nothing: dropped
	{ printf '\xef\xbb\xbf'; cat s.yaml; } > b.yaml
	run --separate-stderr -0 bt-check b.yaml
	assert_equal "$output" "$(cat s.yaml)"
	{ printf '\xef\xbb\xbf'; echo 'bt-move blue-hydra f'; } > b.orders
	run -0 bt-order -f s.yaml b.orders
	assert_equal "$output" "$(bt-move -f s.yaml blue-hydra f)"
}

@test "a control character in any text of a state is bad data at its place, shown escaped" {
	cc_state > s.yaml
	local esc line
	sed 's/^name: .*/name: "Ford\\e[2J\\e]0;pwned\\a"/' s.yaml > e.yaml
	for prog in bt-check bt-render "bt-render -F pdf" "bt-resolve"; do
		run --separate-stderr -3 $prog e.yaml
		assert_output ""
		assert_equal "$stderr" "${prog%% *}: e.yaml:3:7: a control character (\\x1b) in a value: text may hold no terminal controls"
	done
	# every kind: C0, DEL, C1 (NEL among them), in a key too
	for esc in '\x01' '\x7f' '\u009b' '\N' '\r' '\0'; do
		sed "s/^  red-foot:\$/&\n    notes: \"a${esc//\\/\\\\}b\"/" s.yaml > c.yaml
		run --separate-stderr -3 bt-check c.yaml
		line=$(grep -n '^    notes:' c.yaml | cut -d: -f1)
		[[ "$stderr" == "bt-check: c.yaml:$line:12: a "* ]] || fail "$esc: $stderr"
		[[ "$stderr" != *[$'\x01\x7f\r\x85\x9b']* ]] || fail "$esc raw: $stderr"
	done
	{ cat s.yaml; printf '"k\\x1b]0;x\\x07": 1\n'; } > c.yaml
	run --separate-stderr -3 bt-check c.yaml
	[[ "$stderr" == *"c.yaml:$(wc -l < c.yaml):1: a control character (\\x1b) in a value"* ]]
	# tab and newline are text: a note of two lines, a tab in a name
	sed 's/^  red-foot:$/&\n    notes: "first\\tline\\nsecond line"/' s.yaml > ok.yaml
	run -0 bt-check ok.yaml
	[[ "$output" == *'    notes: "first\tline\nsecond line"'* ]]
	printf '%s\n' "$output" > out.yaml
	run -0 bt-check out.yaml
	assert_equal "$output" "$(cat out.yaml)"
}

@test "a message that quotes input shows its controls and bytes that are not UTF-8 escaped, never raw" {
	cc_state > s.yaml
	sed 's/^name: .*/name: "\\e"/' s.yaml > $'t\e]0;pwned\a.yaml'
	run --separate-stderr -3 bt-check $'t\e]0;pwned\a.yaml'
	assert_equal "$stderr" "bt-check: t\\x1b]0;pwned\\x07.yaml:3:7: a control character (\\x1b) in a value: text may hold no terminal controls"
	run --separate-stderr -4 bt-check $'no\e[2J\xc2\x9b\xff.yaml'
	assert_equal "$stderr" "bt-check: can't read 'no\\x1b[2J\\xc2\\x9b\\xff.yaml': No such file or directory"
	run --separate-stderr -2 bt-move -f s.yaml $'blue\e[2J' f
	assert_equal "$stderr" "bt-move: no unit 'blue\\x1b[2J' in the state"
	run --separate-stderr -2 bt-attack -f s.yaml blue-hydra $'red\nfoot'
	assert_equal "$stderr" "bt-attack: no unit 'red\\x0afoot' in the state"
}

@test "a control character in a file of orders is bad data at its line and column" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	printf 'bt-move blue-hydra f\nbt-move blue-hydra\x1b[2J f\n' > o.orders
	run --separate-stderr -3 bt-order -i -f s.yaml o.orders
	assert_output ""
	assert_equal "$stderr" "bt-order: o.orders:2:19: a control character (\\x1b) in an order: text may hold no terminal controls
bt-order: o.orders:2: the orders stop here, exit 3: none of them is applied"
	cmp s.yaml before.yaml
	printf 'bt-resolve\nbt-resolve \xc2\x9b\n' > o.orders
	run --separate-stderr -3 bt-order -f s.yaml o.orders
	[[ "$stderr" == "bt-order: o.orders:2:12: a control character (\\xc2\\x9b) in an order"* ]]
	printf 'bt-resolve \xff\n' > o.orders
	run --separate-stderr -3 bt-order -f s.yaml o.orders
	[[ "$stderr" == "bt-order: o.orders:1:12: not UTF-8 (\\xff) in an order"* ]]
}

# long N: N bytes of text.
long() {
	awk -v n="$1" 'BEGIN { while (n-- > 0) printf "a" }'
}

@test "each text of a state is bounded: a name 256 bytes, notes and log texts 4096, any value 4096" {
	cc_state > s.yaml
	sed "s/^name: .*/name: $(long 256)/" s.yaml > ok.yaml
	run -0 bt-check ok.yaml
	sed "s/^name: .*/name: $(long 257)/" s.yaml > n.yaml
	run --separate-stderr -3 bt-check n.yaml
	assert_equal "$stderr" "bt-check: n.yaml:3:7: 'name' is 257 bytes long: a name is at most 256"
	# é is two bytes: the bound is in bytes
	sed "s/^    name: Longbows\$/    name: $(long 255)é/" s.yaml > u.yaml
	run --separate-stderr -3 bt-check u.yaml
	[[ "$stderr" == "bt-check: u.yaml:"*": 'name' is 257 bytes long: a name is at most 256" ]]
	sed "s/^  red-foot:\$/&\n    notes: $(long 4096)/" s.yaml > ok.yaml
	run -0 bt-check ok.yaml
	sed "s/^  red-foot:\$/&\n    notes: $(long 4097)/" s.yaml > t.yaml
	run --separate-stderr -3 bt-check t.yaml
	assert_equal "$stderr" "bt-check: t.yaml:$(at t.yaml '^    notes:' | cut -d: -f1):12: a value of 4097 bytes: at most 4096"
	# a key is a name: a unit's id, a tactic's, a zone's side
	{ cat s.yaml; printf '%s: 1\n' "$(long 300)"; } > k.yaml
	run --separate-stderr -3 bt-check k.yaml
	assert_equal "$stderr" "bt-check: k.yaml:$(wc -l < k.yaml):1: a key of 300 bytes: at most 256"
	printf 'x: %s\n' "$(long 5000)" >> s.yaml
	run --separate-stderr -3 bt-check s.yaml
	assert_equal "$stderr" "bt-check: s.yaml:$(wc -l < s.yaml):4: a value of 5000 bytes: at most 4096"
}

@test "a huge battle name is refused at once, not drawn: bt-render -F pdf in little memory" {
	skip_under_valgrind "a memory bound"
	[[ ${BT_SANITIZERS-} != yes ]] ||
		skip "AddressSanitizer's shadow memory does not fit a bound of 400 MB"
	cc_state > s.yaml
	{ printf 'name: '; long 60000000; echo; grep -v '^name:' s.yaml; } > huge.yaml
	# 3.3 GB before; the input itself is 60 MB
	run --separate-stderr -3 bash -c 'ulimit -v 400000 && exec bt-render -F pdf huge.yaml'
	assert_output ""
	assert_equal "$stderr" "bt-render: huge.yaml:1:7: a value of 60000000 bytes: at most 4096"
}

@test "an order's free text is bounded as the log's: --crit-type of 256 bytes and no more" {
	cc_state | bt-move blue-hydra f f > s.yaml
	run --separate-stderr -2 bt-attack -f s.yaml --crit-type="$(long 257)" -r 20,6 blue-hydra red-foot
	[[ "$stderr" == "bt-attack: bad --crit-type: 257 bytes long: at most 256"$'\n'"usage: bt-attack "* ]]
	run --separate-stderr -0 bt-attack -f s.yaml --crit-type="$(long 256)" -r 20 blue-hydra red-foot
	printf '%s\n' "$output" > c.yaml
	grep -q "$(long 256)" c.yaml
	run -0 bt-check c.yaml
}

@test "make fuzz's seeds and dictionary hold text at its bounds and past them; fuzz-turn plays a file past the orders' bound" {
	FUZZ_MAX_ORDERS=16 "$BT_SRCDIR/tests/fuzz/prepare" "$BT_SRCDIR" "$BT_BUILDDIR" out
	local f
	for f in state/text-name-256.yaml state/text-name-257.yaml \
	    state/text-notes-4096.yaml state/text-notes-4097.yaml \
	    state/text-name-escape.yaml state/text-bom-utf16.yaml \
	    turn/text-orders-max turn/text-orders-past-max turn/text-crit-type-256; do
		[ -s "out/seeds/$f" ] || fail "no seed $f"
	done
	assert_equal "$(sed '/^===$/,$d' out/seeds/turn/text-orders-past-max | grep -c '^bt-resolve$')" 17
	grep -qxF '"\\e"' out/bt.dict
	grep -qxF '"\xC2\x9B"' out/bt.dict
	# the loader refuses what is past a bound, and reads what is at it
	run -0 bt-check out/seeds/state/text-name-256.yaml
	run -3 bt-check out/seeds/state/text-name-257.yaml
	run -0 bt-check out/seeds/state/text-notes-4096.yaml
	run -3 bt-check out/seeds/state/text-notes-4097.yaml
	# the replay harness (make check builds it), bt-order's own bound
	[ -x "$BT_BUILDDIR/tests/fuzz/fuzz-turn" ] || skip "fuzz-turn is not built: make check builds it"
	{ yes bt-resolve | head -n 10001; echo ===; cc_state | grep -v '^round-limit:'; } > past-max
	run --separate-stderr -0 "$BT_BUILDDIR/tests/fuzz/fuzz-turn" past-max out/seeds/turn
	[[ "$stderr" == *"<orders>:10001: more than 10000 orders in one file"* ]]
}

@test "bt-roll's --what goes into the log: 256 bytes at most, so the state it writes reads back" {
	cc_state > s.yaml
	run --separate-stderr -2 bt-roll -f s.yaml -w "$(long 257)" d20
	assert_output ""
	[[ "$stderr" == "bt-roll: bad --what: 257 bytes long: at most 256"$'\n'"usage: bt-roll "* ]]
	run --separate-stderr -0 bt-roll -f s.yaml -r 8 -w "$(long 256)" d20
	printf '%s\n' "$output" > r.yaml
	run -0 bt-check r.yaml
	[[ "$(log_text r.yaml)" == "$(long 256), 1d20 rolled "* ]]
}

@test "a log text the programs would write past 4096 bytes is cut there, so the state reads back: an initiative tie of 300 units" {
	# 600 units of weight 0 (CC-3), all of initiative 8 and each of a type
	# of its own, so that a die is rolled among them (CC-5): one tie a side
	awk 'BEGIN {
		print "bt: 1\nrules: cc\nname: Many\nweather: clear\nclimate: temperate"
		print "map:\n  width: 40\n  height: 40\n  rows:"
		for (y = 0; y < 40; y++) {
			printf "    - \""
			for (x = 0; x < 40; x++) printf "."
			print "\""
		}
		print "  zones:\n    red: [[0, 0, 39, 19]]\n    blue: [[0, 20, 39, 39]]"
		print "sides:\n  red: {commander: R, rating: 1, culture: 1}"
		print "  blue: {commander: B, rating: 1, culture: 2}\nunits:"
		for (i = 0; i < 600; i++) {
			y = i % 2 ? 39 - int(i / 80) : int(i / 80)
			printf "  unit-%04d:\n    side: %s\n    name: U\n    type: t%04d\n", i, i % 2 ? "blue" : "red", i
			printf "    at: [%d, %d]\n    facing: n\n    speed: 150\n    ac: 12\n", int(i / 2) % 40, y
			print "    hp: 3\n    max-hp: 3\n    attack: 1\n    damage: 1\n    morale: 0\n    initiative: 8\n    weight: 0"
		}
	}' > many.yaml
	run --separate-stderr -0 bt-init --seed 1 many.yaml
	printf '%s\n' "$output" > s.yaml
	run -0 bt-check s.yaml
	local text
	text=$(grep -m 1 '^  text: initiative tie broken by a d20 each, unit-0001 ' s.yaml)
	assert_equal "${#text}" $((8 + 4096))
	[[ "$text" == *"..." ]]
	# every die is still in the entry's rolls
	assert_equal "$(grep -m 1 -B 1 -xF -- "$text" s.yaml | head -n 1 | tr ',' '\n' | grep -c 'd20=')" 300
}
