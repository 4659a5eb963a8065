#!/usr/bin/env bats
# Keyed dice (bt(7) KEYED DICE): a battle whose dice come from a referee's
# key, and bt-order --side, --allow-rolls and the orders' nonce.
load helper

# A keyed cc battle from the small example: key in ../key, state s.yaml.
keyed_state() {
	printf 'the referee alone knows this\n' > ../key
	bt-init --seed 1 --key-file ../key --battle ford-1 \
	    "$EXAMPLES/cc-skirmish.yaml" > s.yaml
}

@test "bt-init --key-file commits to the key's SHA-256 and starts the roll counter" {
	keyed_state
	# quoted, as a word that begins with a digit is
	assert_equal "$(field s.yaml keyed)" "'$(sha256sum < ../key | cut -c 1-64)'"
	# the setup's rolls (contested checks, re-rolls, weather) are the key's
	assert_equal "$(field s.yaml rolls)" 7
	assert_equal "$(field s.yaml battle)" ford-1
	bt-check s.yaml | cmp - s.yaml
	# without --battle, a fresh one: 32 hexadecimal digits
	bt-init --key-file ../key "$EXAMPLES/cc-skirmish.yaml" > t.yaml
	[[ "$(field t.yaml battle | tr -d "'")" =~ ^[0-9a-f]{32}$ ]]
}

@test "without the key a keyed battle can't roll: exit 2, nothing written" {
	keyed_state
	cp s.yaml before.yaml
	run --separate-stderr -2 bt-roll -f s.yaml -i d20
	assert_output ""
	assert_equal "$stderr" "bt-roll: the battle is keyed: its dice need the referee's key (--key-file FILE or BT_KEY_FILE)"
	cmp s.yaml before.yaml
	# the key's file in the environment: the die is rolled and counted
	BT_KEY_FILE=../key run -0 bt-roll -f s.yaml -i d20
	assert_equal "$(field s.yaml rolls)" 8
}

@test "keyed dice: the count stops at the most a state holds; no state it writes is refused" {
	keyed_state
	sed -i 's/^rolls: .*/rolls: 999999999/' s.yaml
	cp s.yaml before.yaml
	export BT_KEY_FILE=../key
	# one die left: taken, and the state reads back
	run -0 bt-roll -f s.yaml -i d20
	assert_equal "$(field s.yaml rolls)" 1000000000
	bt-check s.yaml > /dev/null
	# none left: exit 2, the file as it was
	cp s.yaml full.yaml
	run --separate-stderr -2 bt-roll -f s.yaml -i d20
	assert_equal "$stderr" "bt-roll: the battle's key has rolled 1000000000 dice, the most a state counts: start a new keyed battle"
	cmp s.yaml full.yaml
}

@test "keyed dice: the same key, battle and count roll the same; another count rolls on" {
	keyed_state
	export BT_KEY_FILE=../key
	bt-roll -f s.yaml 20d20 > a.yaml 2>/dev/null
	bt-roll -f s.yaml 20d20 > b.yaml 2>/dev/null
	cmp a.yaml b.yaml
	assert_equal "$(field a.yaml rolls)" 27
	bt-roll -f a.yaml 20d20 > c.yaml 2>/dev/null
	assert_equal "$(field c.yaml rolls)" 47
	[ "$(log_rolls a.yaml)" != "$(log_rolls c.yaml)" ]
	# the seeded generator is not what rolls: rng is left as it was
	assert_equal "$(field c.yaml rng)" "$(field s.yaml rng)"
}

@test "keyed dice: a key that is not the battle's is caught by the commitment" {
	keyed_state
	printf 'a guess\n' > ../wrong
	run --separate-stderr -2 bt-roll --key-file ../wrong -f s.yaml d20
	assert_output ""
	[[ "$stderr" == "bt-roll: ../wrong: not this battle's key: its SHA-256 is "*", the state's 'keyed' is $(field s.yaml keyed | tr -d "'")" ]]
}

@test "keyed dice: forced values on the command line are the referee's and leave the counter" {
	keyed_state
	run -0 bt-move -f s.yaml -i blue-hydra f f
	run -0 bt-attack -r 20 -f s.yaml -i blue-hydra red-foot
	assert_equal "$(log_rolls s.yaml attack)" "[d20=20]"
	run -0 bt-roll -r 4 -f s.yaml -i d6
	assert_equal "$(log_rolls s.yaml)" "[d6=4]"
	assert_equal "$(field s.yaml rolls)" 7
}

@test "bt-order --side refuses an order for a unit of another side, with its line" {
	keyed_state
	cp s.yaml before.yaml
	printf '# nonce: 7f3a\nbt-move blue-spears r r r\n' > o
	run --separate-stderr -1 bt-order --side red --key-file ../key -f s.yaml -i o
	assert_output ""
	[[ "$stderr" == "bt-order: o:2: bt-move: refused: unit 'blue-spears' is not red's: these orders are red's (--side red)"* ]]
	cmp s.yaml before.yaml
	printf 'bt-move red-foot f\n' > o
	run --separate-stderr -1 bt-order --side red --key-file ../key -f s.yaml -i o
	[[ "$stderr" == "bt-order: o:1: bt-move: refused: it is blue's turn (blue-hydra), not red's"* ]]
	cmp s.yaml before.yaml
	printf 'bt-attack blue-hydra red-foot\n' > o
	run --separate-stderr -1 bt-order --side red --key-file ../key -f s.yaml -i o
	[[ "$stderr" == "bt-order: o:1: bt-attack: refused: unit 'blue-hydra' is not red's: these orders are red's (--side red)"* ]]
	cmp s.yaml before.yaml
}

@test "bt-order --side: a side declines its own units' reactions with --hold, never the enemy's" {
	keyed_state
	cp s.yaml before.yaml
	printf 'bt-move --hold red-foot,red-bows blue-hydra f\n' > o
	run --separate-stderr -1 bt-order --side blue --key-file ../key -f s.yaml -i o
	assert_output ""
	[[ "$stderr" == "bt-order: o:1: bt-move: refused: --hold 'red-foot' is not blue's: these orders are blue's (--side blue)"* ]]
	cmp s.yaml before.yaml
	# its own units' reactions are blue's to decline
	printf 'bt-move --hold blue-hydra blue-hydra f\n' > o
	run -0 bt-order --side blue --key-file ../key -f s.yaml -i o
}

@test "bt-order: forced dice in an orders file of a keyed battle only with --allow-rolls" {
	keyed_state
	cp s.yaml before.yaml
	printf 'bt-move blue-hydra f f\nbt-attack -r 20 blue-hydra red-foot\n' > o
	run --separate-stderr -1 bt-order --side blue --key-file ../key -f s.yaml -i o
	[[ "$stderr" == "bt-order: o:2: bt-attack: refused: forced dice (-r) in the orders of a keyed battle: the dice are the key's (bt-order --allow-rolls takes them)"* ]]
	cmp s.yaml before.yaml
	run -0 bt-order --allow-rolls --side blue --key-file ../key -f s.yaml -i o
	assert_equal "$(log_rolls s.yaml attack)" "[d20=20]"
	assert_equal "$(field s.yaml rolls)" 7
}

@test "bt-order: the orders' nonce is mixed into their dice" {
	keyed_state
	export BT_KEY_FILE=../key
	for n in 1 2 3 4 5 6 7 8; do
		printf '# nonce: player-%s\nbt-move blue-hydra f f\nbt-attack blue-hydra red-foot\n' "$n" > o$n
		bt-order --side blue -f s.yaml o$n > s$n.yaml
		log_rolls s$n.yaml attack >> all
	done
	# the same nonce rolls the same
	bt-order --side blue -f s.yaml o1 | cmp - s1.yaml
	# eight nonces: not all eight d20s alike
	[ "$(sort -u all | wc -l)" -gt 1 ]
	printf 'bt-move blue-hydra f f\nbt-attack blue-hydra red-foot\n' > none
	bt-order --side blue -f s.yaml none > s0.yaml
	assert_equal "$(field s0.yaml rolls)" "$(field s1.yaml rolls)"
}

@test "keyed states: a 'keyed' that is not a SHA-256, or a 'battle' alone, is bad data" {
	keyed_state
	sed 's/^keyed: .*/keyed: abc/' s.yaml > bad.yaml
	run --separate-stderr -3 bt-check bad.yaml
	assert_output ""
	assert_equal "$stderr" "bt-check: bad.yaml:6:8: 'keyed' must be a SHA-256: 64 lowercase hexadecimal digits"
	sed '/^keyed: /d; /^rolls: /d' s.yaml > alone.yaml
	run --separate-stderr -3 bt-check alone.yaml
	assert_equal "$stderr" "bt-check: alone.yaml:6:9: 'battle' is a keyed battle's id, and there is no 'keyed'"
	# a scenario can't bring them: bt-init writes them
	run --separate-stderr -3 bt-init s.yaml
}

@test "keyed usage: --battle needs --key-file and a word; a key in an order is refused" {
	printf 'k\n' > ../key
	run --separate-stderr -2 bt-init --battle ford "$EXAMPLES/cc-skirmish.yaml"
	assert_output ""
	[[ "$stderr" == "bt-init: --battle names a keyed battle: give --key-file too"$'\n'"usage: bt-init "* ]]
	run --separate-stderr -2 bt-init --key-file ../key --battle 'Ford 1' "$EXAMPLES/cc-skirmish.yaml"
	[[ "$stderr" == "bt-init: bad --battle 'Ford 1': lowercase letters, digits and '-', at most 64"$'\n'* ]]
	: > ../empty
	run --separate-stderr -2 bt-init --key-file ../empty "$EXAMPLES/cc-skirmish.yaml"
	assert_equal "$stderr" "bt-init: ../empty: the key file is empty"
	keyed_state
	printf 'bt-move --key-file ../key blue-hydra f\n' > o
	run --separate-stderr -2 bt-order --key-file ../key -f s.yaml o
	[[ "$stderr" == "bt-order: o:1: bt-move: --key-file: the key is the referee's: give it to bt-order"* ]]
	run --separate-stderr -2 bt-order --side green --key-file ../key -f s.yaml o
	[[ "$stderr" == "bt-order: bad --side 'green': the state has no such side"* ]]
}
