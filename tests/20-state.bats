#!/usr/bin/env bats
# The state file (bt-state(5)) through bt-check: the canonical form, the
# loader's bounds, the schema, and the checks every state keeps.
load helper

# s.yaml: one of the small canonical states tests/data/state-RULES.yaml
# with a sed script applied. Their line numbers show in the messages.
edit() {
	sed "$2" "$DATA/state-$1.yaml" > s.yaml
}

# --- the canonical form ---

@test "round trip: bt-check leaves bt-init's state of every example byte for byte" {
	local ex name seed n=0
	for ex in "$EXAMPLES"/*.yaml; do
		name=$(basename "$ex" .yaml)
		for seed in 1 42; do
			bt-init --seed "$seed" "$ex" > "$name.yaml"
			run --separate-stderr -0 bt-check "$name.yaml"
			assert_equal "$stderr" ""
			bt-check "$name.yaml" > "$name.again.yaml"
			cmp "$name.yaml" "$name.again.yaml"
		done
		n=$((n + 1))
	done
	[ "$n" -ge 3 ]
}

@test "round trip: a big state's text handed out in pieces, then libyaml's from where bt's writer stopped, is libyaml's byte for byte" {
	# Notes of two lines in the last unit: bt's writer has sent some
	# 64 KiB pieces when it meets them and leaves the rest to libyaml.
	"$BT_SRCDIR/bench/gen-state" 2000 |
	    sed '/^order:/i\    notes: |-\n      first line\n      second line' > big.yaml
	run --separate-stderr -0 bt-check big.yaml
	assert_equal "$stderr" ""
	bt-check big.yaml > ours.yaml
	BT_EMIT=libyaml bt-check big.yaml > libyaml.yaml
	cmp ours.yaml libyaml.yaml
	[ "$(grep -c 'second line' ours.yaml)" -eq 1 ]
	bt-check ours.yaml | cmp - ours.yaml
}

# A check's message names a key at the place it was read: most places are
# kept short (a line a little after the last one), these whole.
@test "a check names a key read past column 4095 at its column, and one read above the unit's other keys at its line" {
	local long one
	long=$(printf 'x%.0s' $(seq 4050))
	one="  red-foot: {notes: $long, side: red, at: [0, 0], size: [2, 1], facing: s, speed: 150, ac: 15, hp: 5, max-hp: 5, attack: 3, damage: 1, morale: 1, initiative: 8, weight: 4, status: [broken]}"
	awk -v one="$one" 'NR == 48 { print one } NR < 48 || NR > 61' \
	    "$DATA/state-cc.yaml" > s.yaml
	prefix=${one%%hp: 5,*}
	run --separate-stderr -3 bt-check s.yaml
	assert_equal "$stderr" "bt-check: s.yaml:48:$((${#prefix} + 5)): unit 'red-foot' is broken but has 5 HP: broken is at 0 (CC-27)"
	# hp first, above side: the line before the unit's first place
	awk 'NR == 49 { print "    hp: 5" } NR == 55 { print "    status: [broken]"; next } 1' \
	    "$DATA/state-cc.yaml" > s.yaml
	run --separate-stderr -3 bt-check s.yaml
	assert_equal "$stderr" "bt-check: s.yaml:49:9: unit 'red-foot' is broken but has 5 HP: broken is at 0 (CC-27)"
}

@test "round trip: the small states in tests/data are canonical" {
	local f
	for f in cc kingdom clash messy.out; do
		run --separate-stderr -0 bt-check "$DATA/state-$f.yaml"
		assert_equal "$stderr" ""
		bt-check "$DATA/state-$f.yaml" > out.yaml
		cmp out.yaml "$DATA/state-$f.yaml"
	done
}

@test "round trip: a state written by hand comes out in canonical form" {
	# Flow mappings, keys and units out of order, needless quotes, a
	# comment, a default (fronts: 1), status words out of order.
	run --separate-stderr -0 bt-check "$DATA/state-messy.in.yaml"
	assert_equal "$stderr" ""
	bt-check "$DATA/state-messy.in.yaml" > out.yaml
	cmp out.yaml "$DATA/state-messy.out.yaml"
}

@test "round trip: changing one unit's hp makes a one-hunk, one-line diff" {
	cc_state > before.yaml
	sed '/^  blue-spears:$/,/^  [^ ]/s/^    hp: 4$/    hp: 3/' before.yaml > edited.yaml
	run --separate-stderr -0 bt-check edited.yaml
	assert_equal "$stderr" ""
	bt-check edited.yaml > after.yaml
	assert_equal "$(field after.yaml units.blue-spears.hp)" 3
	run -1 diff -u before.yaml after.yaml
	assert_equal "$(grep -c '^@@' <<< "$output")" 1
	assert_equal "$(grep '^[-+]' <<< "$output" | grep -v '^\(---\|+++\) ')" \
	    "$(printf '%s\n' '-    hp: 4' '+    hp: 3')"
}

@test "round trip: a string YAML 1.1 reads as a number or a time stays quoted" {
	edit cc "s/^name: .*/name: '0b101'/; s/^    commander: Old Harran$/    commander: '2001-12-14T21:59:43Z'/"
	run --separate-stderr -0 bt-check s.yaml
	assert_equal "$stderr" ""
	assert_line --index 2 "name: '0b101'"
	assert_line --index 23 "    commander: '2001-12-14T21:59:43Z'"
}

# --- what the loader refuses before reading a state ---

@test "loader: text that is not YAML is exit 3 with libyaml's problem and place" {
	printf 'a: [\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:2:1: not YAML: did not find expected node content while parsing a flow node"
}

@test "loader: empty input is exit 3, 'empty input'" {
	: > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml: empty input: no battle state"
}

@test "loader: a file of only a comment is empty input" {
	printf '# bt: 1\n# rules: cc\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml: empty input: no battle state"
}

@test "loader: two documents are refused at the second" {
	printf 'bt: 1\nname: x\n---\nbt: 1\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:3:1: more than one document: a state is one"
}

@test "loader: an alias is refused" {
	printf 'bt: 1\nname: *r\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:2:7: aliases are not allowed ('*r')"
}

@test "loader: an anchor is refused where it is set" {
	printf 'rules: &r cc\nname: *r\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:1:8: anchors are not allowed ('&r')"
}

@test "loader: a tag is refused" {
	printf 'bt: 1\nname: !!python/object:os.system ls\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:2:7: tags are not allowed ('tag:yaml.org,2002:python/object:os.system')"
}

@test "loader: the non-specific tag '!' is refused like any other" {
	edit cc 's/^    hp: 6$/    hp: ! 7/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:41:9: tags are not allowed ('!')"
}

@test "loader: 100 nested lists are refused past the depth limit" {
	printf '%.0s[' {1..100} > in.yaml
	printf '%.0s]' {1..100} >> in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:1:33: nested deeper than 32 levels"
}

@test "loader: 100000 nested lists fail fast, not in libyaml's quadratic time" {
	skip_under_valgrind "its time bound would measure valgrind, whose start alone can take seconds on a busy machine; the test before runs the same depth limit"
	head -c 100000 /dev/zero | tr '\0' '[' > in.yaml
	SECONDS=0
	run --separate-stderr -3 timeout 10 bt-check in.yaml
	[ "$SECONDS" -le 5 ]
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:1:33: nested deeper than 32 levels"
}

@test "loader: a duplicate key names both lines" {
	edit cc '/^    weight: 4$/a\    hp: 4'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:62:5: duplicate key 'hp' (first at line 55)"
}

@test "loader: invalid UTF-8 is placed by line and character" {
	printf 'bt: 1\nname: caf\303\251 \377\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:2:12: not YAML: invalid leading UTF-8 octet"
}

@test "loader: a NUL byte is refused" {
	printf 'bt: 1\nname: a\0b\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:2:8: not YAML: control characters are not allowed"
}

@test "loader: a NUL written as an escape is refused too" {
	printf 'bt: 1\nname: "a\\0b"\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:2:7: a NUL character is not allowed"
}

@test "loader: a scalar is not a battle state" {
	printf 'just words\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:1:1: not a battle state: expected a mapping of keys"
}

@test "loader: a key that is a mapping is refused" {
	printf 'bt: 1\n{rules: cc}: x\n' > in.yaml
	run --separate-stderr -3 bt-check in.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: in.yaml:2:1: a key must be a scalar, not a list or mapping"
}

@test "loader: an integer too big for any type is out of range, not wrapped" {
	edit cc 's/^    hp: 6$/    hp: 99999999999999999999/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:41:9: 'hp' is 99999999999999999999, out of range -1000 to 1000"
}

@test "loader: a number outside its field's range is refused with the range" {
	edit cc 's/^    hp: 6$/    hp: 1001/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:41:9: 'hp' is 1001, out of range -1000 to 1000"
}

@test "loader: input over 64 MiB is exit 3 without being parsed" {
	yes '# padding' | head -c $((64 * 1024 * 1024 + 1)) > big.yaml
	run --separate-stderr -3 bt-check big.yaml
	rm big.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: big.yaml: input is larger than 64 MiB"
}

@test "loader: input over 64 MiB on standard input is exit 3 too" {
	run --separate-stderr -3 bash -c "yes '# padding' | head -c $((64 * 1024 * 1024 + 1)) | bt-check"
	assert_output ""
	assert_equal "$stderr" "bt-check: <stdin>: input is larger than 64 MiB"
}

@test "loader: input of exactly 64 MiB is within the bound" {
	yes '# padding' | head -c $((64 * 1024 * 1024)) > big.yaml
	run --separate-stderr -3 bt-check big.yaml
	rm big.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: big.yaml: empty input: no battle state"
}

# --- the schema: keys, types, words ---

@test "schema: an unknown top-level key suggests the one meant" {
	edit cc 's/^name:/nmae:/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:1:1: the state has no 'name'
bt-check: s.yaml:3:1: unknown key 'nmae' in the state (did you mean 'name'?)"
}

@test "schema: an unknown key with nothing close suggests nothing" {
	edit cc '/^name:/a\colour: red'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:4:1: unknown key 'colour' in the state"
}

@test "schema: an unknown unit key suggests the one meant" {
	edit cc 's/^    max-hp: 5$/    max_hp: 5/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:49:5: unit 'red-foot' has no 'max-hp'
bt-check: s.yaml:56:5: unknown key 'max_hp' in unit 'red-foot' (did you mean 'max-hp'?)"
}

@test "schema: a missing required key is named with its unit" {
	edit cc '/^    speed: 150$/d'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:49:5: unit 'red-foot' has no 'speed'"
}

@test "schema: a word where a number goes is the wrong type" {
	edit cc 's/^    ac: 14$/    ac: many/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:40:9: 'ac' must be a whole number"
}

@test "schema: a quoted number is a string, not a number" {
	edit cc 's/^    ac: 14$/    ac: "14"/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:40:9: 'ac' must be a whole number"
}

@test "schema: an unknown word far from any lists the words allowed" {
	edit cc 's/^    facing: s$/    facing: north/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:52:13: unknown facing 'north' (one of: n, e, s, w)"
}

@test "schema: an unknown word close to one suggests it" {
	edit cc 's/^weather: heat$/weather: rian/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:8:10: unknown weather 'rian' (did you mean 'rain'?)"
}

@test "schema: a misspelt status word suggests the one meant" {
	edit cc '/^    weight: 4$/a\    status: [brokn]'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:62:14: unknown status 'brokn' (did you mean 'broken'?)"
}

@test "schema: a status word listed twice is refused at the second" {
	edit cc '/^    weight: 4$/a\    status: [defending, broken, defending]'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:62:33: 'status' lists 'defending' twice"
}

@test "schema: an rng that is not pcg32 is refused" {
	edit cc 's/^rng: pcg32 /rng: mt19937 /'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:5:6: 'rng' must be 'pcg32' and two 16-digit hexadecimal words, the second odd"
}

@test "schema: an rng with an even increment is refused" {
	edit cc 's/^rng: .*/rng: pcg32 5056ce610aa9fa68 0000000000000002/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:5:6: 'rng' must be 'pcg32' and two 16-digit hexadecimal words, the second odd"
}

@test "schema: an rng's three words must be apart" {
	edit cc 's/^rng: pcg32 /rng: pcg32/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:5:6: 'rng' must be 'pcg32' and two 16-digit hexadecimal words, the second odd"
}

@test "schema: a log roll outside its die is refused" {
	cp "$DATA/state-cc.yaml" s.yaml
	printf 'log:\n- round: 1\n  event: weather\n  rolls: [d20=21]\n  text: rain\n' >> s.yaml
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:68:11: roll 'd20=21' must be a die and its result, such as d20=14"
}

@test "schema: a log roll without its result is refused" {
	cp "$DATA/state-cc.yaml" s.yaml
	printf 'log:\n- round: 1\n  event: weather\n  rolls: [d20]\n  text: rain\n' >> s.yaml
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:68:11: roll 'd20' must be a die and its result, such as d20=14"
}

@test "schema: a log roll is written d20=14, without spaces or signs" {
	cp "$DATA/state-cc.yaml" s.yaml
	printf 'log:\n- round: 1\n  event: weather\n  rolls: [d 20=14]\n  text: rain\n' >> s.yaml
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:68:11: roll 'd 20=14' must be a die and its result, such as d20=14"
}

@test "schema: 'weather: roll' is for a scenario, not a started battle" {
	edit cc 's/^weather: heat$/weather: roll/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml: 'weather: roll' is for a scenario; bt-init rolls it (CC-4)"
}

@test "schema: a state of format 2 is refused" {
	edit cc 's/^bt: 1$/bt: 2/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:1:5: 'bt' is 2, out of range 1 to 1"
}

# --- the checks of bt_state_check and each ruleset's check ---

@test "state: a unit off the map" {
	edit cc 's/^    at: \[3, 2\]$/    at: [4, 2]/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:33:3: unit 'blue-hydra' is off the map at [4, 2] (the map is 4 x 3)"
}

@test "state: a unit off the map is reported once, however many squares it covers" {
	edit cc 's/^    size: \[2, 1\]$/    size: [4096, 4096]/'
	run --separate-stderr -3 timeout 10 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: unit 'red-foot' is off the map at [4, 0] (the map is 4 x 3)"
}

@test "state: overlapping units are named both" {
	edit cc 's/^    at: \[3, 2\]$/    at: [1, 0]/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: units 'blue-hydra' and 'red-foot' overlap at [1, 0]"
}

@test "state: a unit on impassable ground" {
	edit cc 's/^    at: \[3, 2\]$/    at: [2, 1]/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:33:3: unit 'blue-hydra' stands on impassable ground at [2, 1]"
}

@test "state: a unit of a side not in 'sides'" {
	edit cc 's/^    side: blue$/    side: green/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:33:3: unit 'blue-hydra' is of side 'green', which is not in 'sides'"
}

@test "state: a destroyed unit that still has a place" {
	edit cc '/^    weight: 4$/a\    status: [destroyed]
s/^    hp: 5$/    hp: -1/; /^- red-foot$/d'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: unit 'red-foot' is destroyed but still has a place ('at')"
}

@test "state: a unit in the battle with no place" {
	edit cc '/^    at: \[0, 0\]$/d; /^- red-foot$/d'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: unit 'red-foot' has no place ('at')"
}

@test "state: 'order' naming a unit not in 'units'" {
	edit cc 's/^- red-foot$/- red-horse/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: unit 'red-foot' is in the battle but not in 'order'
bt-check: s.yaml:64:3: 'order' names unit 'red-horse', which is not in 'units'"
}

@test "state: 'order' missing a unit in the battle" {
	edit cc '/^- red-foot$/d'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: unit 'red-foot' is in the battle but not in 'order'"
}

@test "state: 'order' listing a destroyed unit" {
	edit cc '/^    at: \[0, 0\]$/d; s/^    hp: 5$/    hp: -1/
/^    weight: 4$/a\    status: [destroyed]'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:64:3: 'order' names unit 'red-foot', which is out of the battle"
}

@test "state: 'order' naming a unit twice" {
	edit cc '$a\- red-foot'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:65:3: 'order' names unit 'red-foot' twice"
}

@test "state: 'active' not in 'order'" {
	edit cc 's/^active: .*/active: red-horse/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:7:9: 'active' is 'red-horse', which is not in 'order'"
}

@test "state: a map whose rows are not 'height'" {
	edit cc 's/^  height: 3$/  height: 4/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:14:3: the map has 3 rows but 'height' is 4"
}

@test "state: a map row that is not 'width' long" {
	edit cc 's/^  - "\.hx\."$/  - ".hx"/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:15:5: map row 1 has 3 squares but 'width' is 4"
}

@test "state: an unknown terrain letter" {
	edit cc 's/^  - "\.hx\."$/  - ".hq."/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:15:5: unknown terrain 'q' in row 1 (one of: .fhrsbwx)"
}

@test "state: an unknown terrain character is quoted whole, not its first byte" {
	edit cc 's/^  - "\.hx\."$/  - ".hé."/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:15:5: unknown terrain 'é' in row 1 (one of: .fhrsbwx)"
}

@test "state: a zone of a side not in 'sides'" {
	edit cc 's/^    blue:$/    green:/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:18:5: zones name side 'green', which is not in 'sides'"
}

@test "state: a zone off the map" {
	edit cc 's/^    - \[0, 2, 3, 2\]$/    - [0, 2, 3, 3]/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:18:5: a zone of 'blue' goes off the map"
}

@test "state: a battle of one side" {
	# Without red, its zone and its unit.
	edit cc '/^    red:$/,/^    - \[0, 0, 3, 0\]$/d; /^  red:$/,/^    culture: 1$/d
/^  red-foot:$/,/^    weight: 4$/d; /^- red-foot$/d'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml: a battle needs two sides or more; 'sides' has 1"
}

@test "state: cc, hp over max-hp" {
	edit cc 's/^    hp: 6$/    hp: 7/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:33:3: unit 'blue-hydra' has 7 HP, more than its max-hp 6"
}

@test "state: cc, 0 HP but not broken (CC-27)" {
	edit cc 's/^    hp: 6$/    hp: 0/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:33:3: unit 'blue-hydra' is at 0 HP but not broken (CC-27)"
}

@test "state: cc, 2 fronts (CC-7)" {
	edit cc 's/^    fronts: 4$/    fronts: 2/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:33:3: unit 'blue-hydra' has 2 fronts: a unit has 1 or 4 (CC-7)"
}

@test "state: kingdom, shots over max-shots" {
	edit kingdom 's/^    shots: 3$/    shots: 4/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:34:3: army 'north-bows' has 4 shots, more than its max-shots 3"
}

@test "state: clash, a solo with two stands (CL-1)" {
	edit clash '/^    - {at: \[0, 0\], hp: 45}$/a\    - {at: [0, 2], hp: 45}'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: solo 'town-hero' must have exactly one stand (CL-1)"
}

@test "state: clash, a unit that is not a solo joining another (CL-1)" {
	edit clash '/^    solo: true$/d'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:48:3: unit 'town-hero' joins 'town-guard' but only a solo may join a unit (CL-1)"
}

@test "state: clash, a stand over its unit's max-hp" {
	edit clash 's/^    - {at: \[2, 0\], hp: 7}$/    - {at: [2, 0], hp: 8}/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:35:3: stand town-guard.2 has 8 HP, outside 0 to its max-hp 7"
}

# --- every problem at once ---

@test "all at once: three problems found while checking are three lines" {
	edit cc 's/^    - \[0, 0, 3, 0\]$/    - [0, 0, 4, 0]/; s/^    side: blue$/    side: green/; s/^    hp: 5$/    hp: 6/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:20:5: a zone of 'red' goes off the map
bt-check: s.yaml:33:3: unit 'blue-hydra' is of side 'green', which is not in 'sides'
bt-check: s.yaml:48:3: unit 'red-foot' has 6 HP, more than its max-hp 5"
}

@test "all at once: three problems found while reading are three lines" {
	edit cc '/^name:/a\colour: red
s/^    ac: 14$/    ac: many/; s/^    facing: s$/    facing: up/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:4:1: unknown key 'colour' in the state
bt-check: s.yaml:41:9: 'ac' must be a whole number
bt-check: s.yaml:53:13: unknown facing 'up' (one of: n, e, s, w)"
}

@test "all at once: a problem with a zone does not hide a unit off the map" {
	edit cc 's/^    - \[0, 2, 3, 2\]$/    - [0, 2, 3, 3]/; s/^    at: \[3, 2\]$/    at: [4, 2]/'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:18:5: a zone of 'blue' goes off the map
bt-check: s.yaml:33:3: unit 'blue-hydra' is off the map at [4, 2] (the map is 4 x 3)"
}

@test "all at once: another problem does not hide a unit missing from 'order'" {
	edit cc 's/^    blue:$/    green:/; /^- red-foot$/d'
	run --separate-stderr -3 bt-check s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:18:5: zones name side 'green', which is not in 'sides'
bt-check: s.yaml:48:3: unit 'red-foot' is in the battle but not in 'order'"
}

# --- -q and -i ---

@test "bt-check -q writes nothing for a valid state and exits 0" {
	run --separate-stderr -0 bt-check -q "$DATA/state-cc.yaml"
	assert_output ""
	assert_equal "$stderr" ""
}

@test "bt-check -q still reports an invalid state" {
	edit cc 's/^    hp: 6$/    hp: 7/'
	run --separate-stderr -3 bt-check -q s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:33:3: unit 'blue-hydra' has 7 HP, more than its max-hp 6"
}

@test "bt-check -i rewrites a state written by hand into canonical form" {
	cp "$DATA/state-messy.in.yaml" s.yaml
	run --separate-stderr -0 bt-check -i s.yaml
	assert_output ""
	assert_equal "$stderr" ""
	cmp s.yaml "$DATA/state-messy.out.yaml"
}

@test "bt-check -i leaves an invalid file byte for byte, and no temporary" {
	edit cc '/^name:/a\colour: red'
	cp s.yaml s.orig
	run --separate-stderr -3 bt-check -i s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:4:1: unknown key 'colour' in the state"
	cmp s.yaml s.orig
	assert_equal "$(ls -A | tr '\n' ' ')" "s.orig s.yaml "
}

@test "bt-check -i of a file that is not YAML leaves it alone" {
	printf 'a: [\n' > s.yaml
	cp s.yaml s.orig
	run --separate-stderr -3 bt-check -i s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: s.yaml:2:1: not YAML: did not find expected node content while parsing a flow node"
	cmp s.yaml s.orig
}

# --- units are read one at a time as they stream by (state.c) ---

@test "loader: units written before 'rules' are read all the same" {
	cc_state > s.yaml
	{ sed -n '/^units:$/,/^order:$/p' s.yaml | sed '$d'; sed '/^units:$/,/^order:$/{/^order:$/!d}' s.yaml; } > moved.yaml
	[ "$(head -n 1 moved.yaml)" = "units:" ]
	run --separate-stderr -0 bt-check moved.yaml
	assert_equal "$output" "$(cat s.yaml)"
}

@test "loader: a unit id given twice is a duplicate key, however far apart" {
	cc_state > s.yaml
	sed -n '/^  red-bows:$/,/^  red-foot:$/p' s.yaml | sed '$d' > bows.txt
	sed '/^order:$/e cat bows.txt' s.yaml > twice.yaml
	run --separate-stderr -3 bt-check twice.yaml
	assert_output ""
	[[ "$stderr" == "bt-check: twice.yaml:"*": duplicate key 'red-bows' (first at line "*")" ]]
}
