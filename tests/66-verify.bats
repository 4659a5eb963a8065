#!/usr/bin/env bats
# bt-verify: a keyed battle replayed from its first state with every file
# of orders, from files or from a play-by-email repository's history.
load helper

# A keyed battle of three turns: first.yaml, o1 o2 o3 (the example's
# orders), s1.yaml to s3.yaml the states each left.
game() {
	printf 'the referee of the ford\n' > ../key
	export BT_KEY_FILE=../key
	bt-init --seed 1 --key-file ../key --battle ford \
	    "$EXAMPLES/cc-skirmish.yaml" > first.yaml
	cp first.yaml s.yaml
	local t=1 f
	for f in "$EXAMPLES"/pbem/orders/turn-*.orders; do
		cp "$f" o$t
		bt-order -i -f s.yaml o$t
		cp s.yaml s$t.yaml
		t=$((t + 1))
	done
}

@test "bt-verify: an honest keyed game of three turns verifies" {
	game
	run --separate-stderr -0 bt-verify -f s3.yaml first.yaml o1 o2 o3
	assert_output "verified: 3 turns replayed from the first state: every state is the replay's, every roll the key's"
	assert_equal "$stderr" ""
}

@test "bt-verify: a hand-edited HP is caught, by file and line" {
	game
	line=$(grep -n '^    hp: ' s3.yaml | head -n 1 | cut -d: -f1)
	hp=$(sed -n "${line}p" s3.yaml | sed 's/.*: //')
	sed "${line}s/: .*/: $((hp + 1))/" s3.yaml > edited.yaml
	run --separate-stderr -1 bt-verify -f edited.yaml first.yaml o1 o2 o3
	assert_output ""
	assert_equal "$stderr" "bt-verify: edited.yaml:$line: '    hp: $((hp + 1))' where the replay has '    hp: $hp'"
}

@test "bt-verify: a rerolled attack is caught: the dice a secret roll used up are missing" {
	game
	# the referee rolls a d20 in secret, and takes its log entry (4
	# lines) out again: turn 3 is then played on the dice after it
	cp s2.yaml again.yaml
	bt-roll -i -f again.yaml d20 2>/dev/null
	head -n -4 again.yaml > tmp.yaml && mv tmp.yaml again.yaml
	bt-check again.yaml > /dev/null
	bt-order -i -f again.yaml o3
	run --separate-stderr -1 bt-verify -f again.yaml first.yaml o1 o2 o3
	assert_equal "$stderr" "bt-verify: again.yaml:8: 'rolls: $(($(field s3.yaml rolls) + 1))' where the replay has 'rolls: $(field s3.yaml rolls)'"
}

@test "bt-verify: orders changed or reordered after the fact are caught" {
	game
	sed 's/^# nonce: .*/# nonce: another/' o2 > o2b
	run --separate-stderr -1 bt-verify -f s3.yaml first.yaml o1 o2b o3
	[[ "$stderr" == "bt-verify: s3.yaml:"*" where the replay has "* ]]
	run --separate-stderr -1 bt-verify -f s3.yaml first.yaml o2 o1 o3
	assert_equal "$(echo "$stderr" | head -n 1)" "bt-verify: o2:4: bt-attack: refused (CC-6): it is the turn of 'blue-hydra', not of 'red-bows'"
	assert_equal "$(echo "$stderr" | tail -n 1)" "bt-verify: o2: the orders don't play on the state before them: the history does not hold"
}

@test "bt-verify: a roll that isn't the key's is caught" {
	game
	# an attack's d20 written over by hand, and a forced one of the referee's
	line=$(grep -n '^  rolls: \[d20=' s3.yaml | tail -n 1 | cut -d: -f1)
	sed "${line}s/d20=[0-9]*/d20=20/" s3.yaml > forged.yaml
	if cmp -s forged.yaml s3.yaml; then
		sed -i "${line}s/d20=20/d20=19/" forged.yaml
	fi
	run --separate-stderr -1 bt-verify -f forged.yaml first.yaml o1 o2 o3
	[[ "$stderr" == "bt-verify: forged.yaml:$line: '  rolls: [d20="*"]' where the replay has '  rolls: [d20="* ]]
	cp s2.yaml forced.yaml
	bt-move -i -f forced.yaml blue-spears l l f
	bt-resolve -i -f forced.yaml
	bt-attack -r 20 -i -f forced.yaml blue-hydra red-foot
	bt-resolve -i -f forced.yaml
	run --separate-stderr -1 bt-verify -f forced.yaml first.yaml o1 o2 o3
	[[ "$stderr" == "bt-verify: forced.yaml:"*" where the replay has "* ]]
}

@test "bt-verify: a wrong key is caught by the commitment" {
	game
	printf 'a guess\n' > ../guess
	run --separate-stderr -2 bt-verify --key-file ../guess -f s3.yaml first.yaml o1 o2 o3
	assert_output ""
	assert_equal "$stderr" "bt-verify: ../guess: not this battle's key: its SHA-256 is $(sha256sum < ../guess | cut -c 1-64), the state's 'keyed' is $(sha256sum < ../key | cut -c 1-64)"
	unset BT_KEY_FILE
	run --separate-stderr -2 bt-verify -f s3.yaml first.yaml o1 o2 o3
	assert_equal "$stderr" "bt-verify: first.yaml: the battle is keyed: its dice are proved with the referee's key (--key-file FILE or BT_KEY_FILE)"
}

# The play-by-email table in a fresh repository, as examples/pbem plays it.
pbem() {
	command -v git > /dev/null || skip "git is not installed"
	command -v make > /dev/null || skip "make is not installed"
	export GIT_AUTHOR_NAME=GM GIT_AUTHOR_EMAIL=gm@example.org
	export GIT_COMMITTER_NAME=GM GIT_COMMITTER_EMAIL=gm@example.org
	export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
	printf 'the referee of the ford\n' > referee.key
	cp -R "$EXAMPLES/pbem" game
	cd game
	git init -q .
	make -s start SCENARIO="$EXAMPLES/cc-skirmish.yaml"
	local f
	for f in orders/turn-1-blue.orders orders/turn-2-red.orders \
	    orders/turn-3-blue.orders; do
		make -s turn ORDERS=$f
	done
}

@test "bt-verify --git: an honest three-turn game in a fresh repository verifies" {
	pbem
	run --separate-stderr -0 bt-verify --key-file ../referee.key --git .
	assert_output "verified: 3 turns replayed from the first state: every state is the replay's, every roll the key's"
	run -0 make -s --no-print-directory verify
	assert_output --partial "verified: 3 turns"
}

@test "bt-verify --git: a committed hand edit and an orders file edited later are caught by commit" {
	pbem
	sed -i 's/^    hp: 3$/    hp: 4/' state.yaml
	git commit -q -am 'fix a typo'
	run --separate-stderr -1 bt-verify --key-file ../referee.key --git .
	[[ "$stderr" == "bt-verify: $(git rev-parse --short=7 HEAD):state.yaml:"*": '    hp: 4' where the replay has '    hp: 3'" ]]
	git reset -q --hard HEAD~1
	sed -i 's/red-foot$/red-horse/' orders/turn-1-blue.orders
	git commit -q -am 'what blue meant'
	run --separate-stderr -1 bt-verify --key-file ../referee.key --git .
	assert_equal "$stderr" "bt-verify: $(git rev-parse --short=7 HEAD):orders/turn-1-blue.orders: changed after it was played (git status M): the orders of a turn are never edited"
}

@test "bt-verify: usage errors and a folder that is not a repository" {
	run --separate-stderr -2 bt-verify
	assert_output ""
	[[ "$stderr" == "bt-verify: 0 operands: give the first state, then the orders files in turn"$'\n'"usage: bt-verify "* ]]
	run --separate-stderr -2 bt-verify --git . first.yaml
	[[ "$stderr" == "bt-verify: --git reads the whole history from the repository: no files besides"$'\n'* ]]
	mkdir plain
	GIT_CEILING_DIRECTORIES=$PWD run --separate-stderr -4 bt-verify --git plain
	assert_output ""
	[[ "$stderr" == *"bt-verify: git rev-list --reverse failed in plain (status 128): not a play-by-email repository?" ]]
}

@test "bt-verify --allow-rolls replays the referee's table dice that bt-order --allow-rolls took" {
	game
	printf '# nonce: t4\nbt-attack --ranged -r 20,20 red-bows blue-hydra\n' > o4
	cp s3.yaml s4.yaml
	bt-order -i --allow-rolls -f s4.yaml o4
	run --separate-stderr -0 bt-verify --allow-rolls -f s4.yaml first.yaml o1 o2 o3 o4
	assert_output --partial "verified: 4 turns"
	run --separate-stderr -1 bt-verify -f s4.yaml first.yaml o1 o2 o3 o4
	[[ "$stderr" == "bt-verify: o4:2: bt-attack: refused: forced dice (-r) in the orders of a keyed battle"* ]]
}
