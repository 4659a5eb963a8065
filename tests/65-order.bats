#!/usr/bin/env bats
# bt-order: a file of orders applied in one step, byte for byte the
# pipeline's; the first refused order stops it and nothing is written;
# lines are split by bt-order, never by a shell. And examples/pbem, the
# play-by-email table, played for three turns in a fresh git repository.
load helper

# Blue's first turn, written the way a player might mail it.
turn1() {
	cat <<-'EOF2'
	# Blue, round 1.
	bt-move blue-hydra f f      # to the ford

	bt-attack "blue-hydra" 'red-foot'
	bt-resolve
	EOF2
}

# The sections of a state that differ between states $1 and $2: a unit's
# id for its lines, the top-level key otherwise ('log:' for the log),
# one a line, sorted; 'log:-' when a log line was changed or removed.
touched() {
	local a=$1 b=$2
	annot() {
		awk '/^[^ -]/ { sec = $1 }
		sec == "units:" && /^  [^ ]/ { u = $1 }
		{ print (sec == "units:" && u != "" ? u : sec) " " $0 }' "$1"
	}
	diff <(annot "$a") <(annot "$b") | awk '
	/^</ && $2 == "log:" { print "log:-"; next }
	/^[<>]/ { print $2 }' | sort -u | tr '\n' ' '
}

@test "bt-order applies the orders one after another: byte for byte the pipeline's state" {
	cc_state > s.yaml
	turn1 > t1.orders
	run --separate-stderr -0 bt-order -f s.yaml t1.orders
	printf '%s\n' "$output" > by-order.yaml
	assert_equal "$stderr" ""
	bt-move -f s.yaml blue-hydra f f | bt-attack blue-hydra red-foot |
	    bt-resolve > by-pipe.yaml
	cmp by-order.yaml by-pipe.yaml
	assert_equal "$(field by-order.yaml active)" red-bows
	assert_equal "$(field by-order.yaml units.blue-hydra.at)" "[6, 3]"
}

@test "bt-order: kingdom and clash orders, --rolls on their lines, are the pipeline's too" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" > k.yaml
	cat > k.orders <<-'EOF2'
	bt-move south-horse n n
	bt-resolve
	bt-resolve
	bt-resolve -r 12,8
	bt-resolve --rolls=3,15
	bt-move -r 14 --disengage south-horse s s
	EOF2
	run -0 bt-order -f k.yaml k.orders
	bt-move -f k.yaml south-horse n n | bt-resolve | bt-resolve |
	    bt-resolve -r 12,8 | bt-resolve --rolls=3,15 |
	    bt-move -r 14 --disengage south-horse s s > pipe.yaml
	assert_equal "$output" "$(cat pipe.yaml)"
	[[ "$output" == *"rolls: [d20=14]"* ]]

	bt-init --seed 1 "$EXAMPLES/clash-shrine.yaml" > c.yaml
	printf 'bt-resolve\nbt-resolve\nbt-resolve\nbt-move north-guard s s\n' > c.orders
	run -0 bt-order -f c.yaml c.orders
	assert_equal "$output" "$(bt-resolve c.yaml | bt-resolve | bt-resolve |
	    bt-move north-guard s s)"
}

@test "bt-order -i rewrites the state file, as the programs' -i would" {
	cc_state > s.yaml
	turn1 > t1.orders
	bt-move -f s.yaml blue-hydra f f | bt-attack blue-hydra red-foot |
	    bt-resolve > by-pipe.yaml
	run --separate-stderr -0 bt-order -i -f s.yaml t1.orders
	assert_output ""
	cmp s.yaml by-pipe.yaml
	assert_equal "$(ls -A | sort | tr '\n' ' ')" "by-pipe.yaml s.yaml t1.orders "
}

@test "the first refused order stops them all: its line, its status, nothing written" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	printf 'bt-move blue-hydra f f\n# then\nbt-move blue-hydra r\nbt-resolve\n' > bad.orders
	run --separate-stderr -1 bt-order -f s.yaml bad.orders
	assert_output ""
	assert_equal "$stderr" "bt-order: bad.orders:3: bt-move: refused (CC-13): 'blue-hydra' came into contact this turn: it stops moving
bt-order: bad.orders:3: the orders stop here, exit 1: none of them is applied"
	run --separate-stderr -1 bt-order -i -f s.yaml bad.orders
	assert_output ""
	cmp s.yaml before.yaml
	assert_equal "$(ls -A | sort | tr '\n' ' ')" "bad.orders before.yaml s.yaml "
	# a bad operand stops them with the program's exit 2
	printf 'bt-move blue-hydra f\nbt-attack blue-hydra nobody\n' > bad2.orders
	run --separate-stderr -2 bt-order -i -f s.yaml bad2.orders
	assert_equal "$stderr" "bt-order: bad2.orders:2: bt-attack: no unit 'nobody' in the state
bt-order: bad2.orders:2: the orders stop here, exit 2: none of them is applied"
	cmp s.yaml before.yaml
}

@test "quotes keep blanks and shell characters as letters; comments and CR LF are skipped" {
	cc_state > s.yaml
	printf '%s\r\n' '  # a comment line' 'bt-move "blue-hydra" f '"'f'"' # f f' \
	    "bt-attack --crit-type='acid;|fire' blue-hydra red-foot" > q.orders
	run --separate-stderr -0 bt-order -f s.yaml q.orders
	printf '%s\n' "$output" > out.yaml
	assert_equal "$(field out.yaml units.blue-hydra.at)" "[6, 3]"
	bt-move -f s.yaml blue-hydra f f |
	    bt-attack --crit-type='acid;|fire' blue-hydra red-foot > pipe.yaml
	cmp out.yaml pipe.yaml
	# a quoted ';' is a letter, handed to the program, which refuses it
	printf "bt-move blue-hydra 'f;'\n" > l.orders
	run --separate-stderr -2 bt-order -f s.yaml l.orders
	[[ "$stderr" == "bt-order: l.orders:1: bt-move: unknown step 'f;'"* ]]
}

@test "a shell's character, a command or a path is refused, and nothing runs" {
	cc_state > s.yaml
	touch sentinel
	local line
	while IFS= read -r line; do
		printf '%s\n' "$line" > evil.orders
		run --separate-stderr -2 bt-order -f s.yaml evil.orders
		assert_output ""
		[[ "$stderr" == *"evil.orders:1"*"the orders stop here, exit 2"* ]] ||
			fail "not refused: $line: $stderr"
		[ -f sentinel ] || fail "the sentinel was removed by: $line"
		[ ! -e pwned ] || fail "a file was made by: $line"
	done <<-'EOF2'
	bt-move blue-hydra f; rm -f sentinel
	bt-move blue-hydra f && touch pwned
	bt-move blue-hydra f | touch pwned
	bt-move blue-hydra f > pwned
	bt-move blue-hydra $(touch pwned)
	bt-move blue-hydra `touch pwned`
	bt-move blue-hydra f*
	rm -f sentinel
	/bin/rm -f sentinel
	./bt-move blue-hydra f
	bt-init --seed 1 pwned
	bt-render s.yaml
	bt-roll d20
	bt-order x
	EOF2
	printf 'bt-move blue-hydra f; rm -f sentinel\n' > evil.orders
	run --separate-stderr -2 bt-order -f s.yaml evil.orders
	assert_equal "$stderr" "bt-order: evil.orders:1:21: ';' is a shell's: bt-order runs no shell (quote it to mean the letter)
bt-order: evil.orders:1: the orders stop here, exit 2: none of them is applied"
	printf 'bt-move x f\nrm -f sentinel\n' > evil.orders
	run --separate-stderr -2 bt-order -f s.yaml evil.orders
	[[ "$stderr" == "bt-order: evil.orders:1: bt-move: no unit 'x' in the state"* ]]
	printf 'bt-move blue-hydra f\nrm -f sentinel\n' > evil.orders
	run --separate-stderr -2 bt-order -f s.yaml evil.orders
	assert_equal "$stderr" "bt-order: evil.orders:2: 'rm' is not an order: one of bt-move, bt-attack, bt-act, bt-morale or bt-resolve
bt-order: evil.orders:2: the orders stop here, exit 2: none of them is applied"
	[ -f sentinel ]
}

@test "-f, -i, -h, -V and a state file are bt-order's, refused inside an order" {
	cc_state > s.yaml
	cp s.yaml before.yaml
	local line
	for line in "bt-move -f s.yaml blue-hydra f" "bt-move --file=s.yaml blue-hydra f" \
	    "bt-move -i blue-hydra f" "bt-resolve --in-place" "bt-resolve s.yaml" \
	    "bt-move --help" "bt-attack -V"; do
		printf '%s\n' "$line" > o.orders
		run --separate-stderr -2 bt-order -f s.yaml o.orders
		assert_output ""
		[[ "$stderr" == "bt-order: o.orders:1: bt-"* ]] || fail "$line: $stderr"
	done
	printf 'bt-move -i blue-hydra f\n' > o.orders
	run --separate-stderr -2 bt-order -i -f s.yaml o.orders
	[[ "$stderr" == "bt-order: o.orders:1: bt-move: -i, --in-place: an order writes no file: give -i to bt-order"* ]]
	cmp s.yaml before.yaml
}

@test "--rolls on a line forces that order's dice only; a bad one is exit 2" {
	cc_state > s.yaml
	printf 'bt-move blue-hydra f f\nbt-attack -r 14 blue-hydra red-foot\nbt-resolve\nbt-attack --ranged red-bows blue-hydra\n' > r.orders
	run -0 bt-order -f s.yaml r.orders
	assert_equal "$output" "$(bt-move -f s.yaml blue-hydra f f |
	    bt-attack -r 14 blue-hydra red-foot | bt-resolve |
	    bt-attack --ranged red-bows blue-hydra)"
	[[ "$output" == *"rolls: [d20=14]"* ]]
	printf 'bt-move blue-hydra f f\nbt-attack -r 21 blue-hydra red-foot\n' > r.orders
	run --separate-stderr -2 bt-order -f s.yaml r.orders
	[[ "$stderr" == "bt-order: r.orders:2: bt-attack: --rolls value 21 "* ]]
	printf 'bt-attack -r 1,2,3 blue-hydra red-foot\n' > r.orders
	cc_state | bt-move blue-hydra f f > t.yaml
	run --separate-stderr -0 bt-order -f t.yaml r.orders
	assert_equal "$stderr" "bt-order: r.orders:1: bt-attack: warning: 2 --rolls values left over, ignored"
}

@test "bad lines: an open quote, a NUL byte, a control character, a very long line" {
	cc_state > s.yaml
	printf 'bt-resolve\n\nbt-move "blue-hydra f\n' > o.orders
	run --separate-stderr -2 bt-order -f s.yaml o.orders
	assert_equal "$stderr" 'bt-order: o.orders:3:9: no closing " for this quote
bt-order: o.orders:3: the orders stop here, exit 2: none of them is applied'
	# text from outside (CLI.md): bad data, exit 3, at the character
	printf 'bt-resolve\nbt-resolve\0 x\n' > o.orders
	run --separate-stderr -3 bt-order -f s.yaml o.orders
	[[ "$stderr" == "bt-order: o.orders:2:11: a control character (\\x00) in an order"* ]]
	printf 'bt-resolve\x1b[2J\n' > o.orders
	run --separate-stderr -3 bt-order -f s.yaml o.orders
	[[ "$stderr" == "bt-order: o.orders:1:11: a control character (\\x1b) in an order"* ]]
	printf 'bt-move blue-hydra %0200000d\n' 0 | tr 0 'f ' > o.orders
	awk 'BEGIN { printf "bt-move blue-hydra"; for (i = 0; i < 100000; i++) printf " f"; print "" }' > o.orders
	run --separate-stderr -2 bt-order -f s.yaml o.orders
	[[ "$stderr" == "bt-order: o.orders:1: bt-move: "* ]]
	awk 'BEGIN { printf "bt-move "; for (i = 0; i < 1000000; i++) printf "x"; print " f" }' > o.orders
	run --separate-stderr -3 bt-order -f s.yaml o.orders
	[[ "$stderr" == "bt-order: o.orders:1:9: a word of 1000000 bytes: at most 4096"* ]]
}

@test "bt-order's own usage: one orders operand, not both on standard input" {
	cc_state > s.yaml
	turn1 > t1.orders
	run --separate-stderr -2 bt-order -f s.yaml
	[[ "$stderr" == *"usage: bt-order "* ]]
	run --separate-stderr -2 bt-order -f s.yaml t1.orders t1.orders
	run --separate-stderr -2 bt-order - < t1.orders
	[[ "$stderr" == "bt-order: the orders and the state can't both come from standard input"* ]]
	run --separate-stderr -2 bt-order -i t1.orders < s.yaml
	run --separate-stderr -4 bt-order -f s.yaml no-such.orders
	assert_equal "$stderr" "bt-order: can't read 'no-such.orders': No such file or directory"
	# the orders from standard input, the state from -f; the state from standard input
	run -0 bash -c 'bt-order -f s.yaml - < t1.orders'
	local a=$output
	run -0 bash -c 'bt-order t1.orders < s.yaml'
	assert_equal "$output" "$a"
	# no orders: the state as it was, canonical
	: > none.orders
	run -0 bt-order -f s.yaml none.orders
	assert_equal "$output" "$(cat s.yaml)"
}

@test "a warning of a done order names its line, and the orders go on" {
	cc_state > s.yaml
	printf 'bt-move blue-hydra f f f\nbt-resolve\n' > w.orders
	run --separate-stderr -0 bt-order -f s.yaml w.orders
	assert_equal "$stderr" "bt-order: w.orders:1: bt-move: 'blue-hydra' stopped at [6, 3] in contact with 'red-foot' (CC-13); the rest of the order was dropped"
	printf '%s\n' "$output" > out.yaml
	assert_equal "$(field out.yaml active)" red-bows
}

@test "one order changes only the lines of the units it touched, the log's new entries and the generator" {
	cc_state | bt-move blue-hydra f f > a.yaml
	bt-attack -f a.yaml blue-hydra red-foot > b.yaml
	# a miss from the generator: its state, the turn so far, the log
	assert_equal "$(touched a.yaml b.yaml)" "log: rng: turn: "
	# a forced hit: the target's HP, no generator
	bt-attack -f a.yaml -r 15 blue-hydra red-foot > c.yaml
	assert_equal "$(touched a.yaml c.yaml)" "log: red-foot: turn: "
	assert_equal "$(diff a.yaml c.yaml | grep -c '^[<>]    ')" 2
	# a move touches its unit, the turn so far and the log; no dice
	cc_state > s.yaml
	bt-move -f s.yaml blue-hydra f > m.yaml
	assert_equal "$(touched s.yaml m.yaml)" "blue-hydra: log: turn: "
}

@test "examples/pbem plays three keyed turns in a fresh git repository, one commit a turn, and verifies" {
	command -v git > /dev/null || skip "git is not installed"
	command -v make > /dev/null || skip "make is not installed"
	export GIT_AUTHOR_NAME=GM GIT_AUTHOR_EMAIL=gm@example.org
	export GIT_COMMITTER_NAME=GM GIT_COMMITTER_EMAIL=gm@example.org
	export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
	# the referee's key, outside the repository (make key draws one)
	printf 'the referee of the ford\n' > referee.key
	cp -R "$EXAMPLES/pbem" game
	cd game
	git init -q .
	run -0 make -s start SCENARIO="$EXAMPLES/cc-skirmish.yaml" SEED=1
	assert_equal "$(field state.yaml keyed)" "'$(sha256sum < ../referee.key | cut -c 1-64)'"
	git grep -q "the referee of the ford" && false
	run -0 make -s turn ORDERS=orders/turn-1-blue.orders
	git show HEAD~1:state.yaml > ../before.yaml
	# the hydra moved (and missed), the turn passed
	assert_equal "$(touched ../before.yaml state.yaml)" "active: blue-hydra: log: rolls: "
	run -0 make -s turn ORDERS=orders/turn-2-red.orders
	git show HEAD~1:state.yaml > ../before.yaml
	# two hits on the hydra
	assert_equal "$(touched ../before.yaml state.yaml)" "active: blue-hydra: log: rolls: "
	run -0 make -s turn ORDERS=orders/turn-3-blue.orders
	git show HEAD~1:state.yaml > ../before.yaml
	# the spears moved, the hydra hit the infantry, round 2 began
	assert_equal "$(touched ../before.yaml state.yaml)" "active: blue-spears: log: red-foot: rolls: round: "
	# one commit a turn, after the start, each naming its orders
	assert_equal "$(git rev-list --count HEAD)" 4
	run -0 git log --format=%s
	assert_output "turn: orders/turn-3-blue.orders
turn: orders/turn-2-red.orders
turn: orders/turn-1-blue.orders
start: $EXAMPLES/cc-skirmish.yaml, battle ford, keyed"
	assert_equal "$(git status --porcelain -- state.yaml mail.txt orders)" ""
	# the last state: bt-order's, the pipeline's; the mail: the map and the turn's log
	bt-check state.yaml | cmp - state.yaml
	assert_equal "$(field state.yaml round)" 2
	run -0 cat mail.txt
	assert_line --partial "Skirmish at the ford (cc), round 2, "
	assert_line "This turn (orders/turn-3-blue.orders):"
	assert_line "  blue-spears moves l l f to [6, 5] facing n, 150 ft (0 left)"
	assert_line "Round 2"
	refute_line --partial "blue-hydra moves f f"
	# a refused turn changes nothing: no commit, the state as it was
	printf 'bt-resolve\nbt-move red-bows r r r r r r r r\n' > orders/turn-4-red.orders
	run make -s turn ORDERS=orders/turn-4-red.orders
	assert_failure
	assert_output --partial "orders/turn-4-red.orders:2: bt-move: refused (CC-6): it is the turn of 'red-foot', not of 'red-bows'"
	assert_equal "$(git rev-list --count HEAD)" 4
	assert_equal "$(git status --porcelain -- state.yaml mail.txt orders)" "?? orders/turn-4-red.orders"
	# the mail tells the next side it is their turn, and their units
	assert_equal "$(tail -n 4 mail.txt)" "To red: your turn (red-bows acts). Your units:
  red-bows, 3 HP
  red-foot, 3 HP
  red-horse, 4 HP"
	# blue's orders mailed in red's turn are refused, with their line
	run make -s turn ORDERS=orders/turn-3-blue.orders
	assert_failure
	assert_output --partial "orders/turn-3-blue.orders:4: bt-move: refused: it is red's turn (red-bows), not blue's"
	# and the whole history replays: every state, every roll the key's
	run -0 make -s --no-print-directory verify
	assert_output "verified: 3 turns replayed from the first state: every state is the replay's, every roll the key's"
}
