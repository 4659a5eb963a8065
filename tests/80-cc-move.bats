#!/usr/bin/env bats
# bt-move in cc: movement (CC-6 to CC-15, CC-29) and the opportunity
# attacks a move sets off (CC-21). Each test builds its battle on the drill
# field (tests/data/cc-move-field.yaml): terrain by square, units by line.
load helper

# Starts sc.yaml from the empty drill field.
scenario() {
	cp "$DATA/cc-move-field.yaml" sc.yaml
}

# terrain X Y LETTER: one square of sc.yaml's map (G-2 letters).
terrain() {
	awk -v x="$1" -v y="$2" -v t="$3" '
	/^  rows:/ { row = 0; print; next }
	row >= 0 && /^    - "/ {
		if (row == y)
			$0 = substr($0, 1, 7 + x) t substr($0, 9 + x)
		row++
	}
	{ print }' row=-1 sc.yaml > sc.tmp
	mv sc.tmp sc.yaml
}

# unit ID SIDE X,Y [KEY=VALUE...]: adds a unit to sc.yaml. By default a
# 1x1 unit facing n, speed 150, AC 13, 5 HP, attack +3, damage 1,
# initiative 10; size=WxH, hp= (also max-hp unless max-hp= is given) and
# any other key (fronts=4, status=[broken]) as given.
unit() {
	local id=$1 side=$2 at=$3 kv k v extra=
	local size=1x1 facing=n speed=150 ac=13 hp=5 maxhp= attack=3 damage=1
	local init=10

	shift 3
	for kv; do
		k=${kv%%=*} v=${kv#*=}
		case $k in
		size) size=$v ;;
		facing) facing=$v ;;
		speed) speed=$v ;;
		ac) ac=$v ;;
		hp) hp=$v ;;
		max-hp) maxhp=$v ;;
		attack) attack=$v ;;
		damage) damage=$v ;;
		initiative) init=$v ;;
		*) extra+="    $k: $v"$'\n' ;;
		esac
	done
	printf '  %s:\n    side: %s\n    at: [%s]\n    size: [%s]\n' \
	    "$id" "$side" "${at/,/, }" "${size/x/, }" >> sc.yaml
	printf '    facing: %s\n    speed: %s\n    ac: %s\n    hp: %s\n' \
	    "$facing" "$speed" "$ac" "$hp" >> sc.yaml
	printf '    max-hp: %s\n    attack: %s\n    damage: %s\n' \
	    "${maxhp:-$hp}" "$attack" "$damage" >> sc.yaml
	printf '    morale: 0\n    initiative: %s\n    weight: 2\n%s' \
	    "$init" "$extra" >> sc.yaml
}

# The battle of sc.yaml started in s.yaml: blue wins the Culture check
# (10 against 5), and no initiative ties, so nothing else rolls.
start() {
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
}

# "at size facing" of unit $2 in state $1.
pose() {
	printf '%s %s %s\n' "$(field "$1" "units.$2.at")" \
	    "$(field "$1" "units.$2.size")" \
	    "$(field "$1" "units.$2.facing" | tr -d "'")"
}

# The text of the last log entry of event $2 in state $1, unquoted.
logged() {
	awk -v ev="$2" -v q="'" '
	/^- round:/ { e = "" }
	/^  event: / { e = $2 }
	/^  text: / && e == ev { t = substr($0, 9) }
	END {
		if (substr(t, 1, 1) == q) {
			t = substr(t, 2, length(t) - 2)
			gsub(q q, q, t)
		}
		print t
	}' "$1"
}

# bt-move on s.yaml, the result in t.yaml: asserts exit 0 and that
# bt-check passes what it wrote.
move() {
	run --separate-stderr -0 bt-move -f s.yaml "$@"
	printf '%s\n' "$output" > t.yaml
	bt-check t.yaml > /dev/null
}

# bt-move on s.yaml refused: asserts exit $1, no output, stderr $2.
refused() {
	local status=$1 msg=$2

	shift 2
	run --separate-stderr "-$status" bt-move -f s.yaml "$@"
	assert_output ""
	assert_equal "$stderr" "$msg"
}

# One lone blue unit b1 (with options $@) on the drill field, a red unit
# far off in the corner, and the battle started: b1 to act.
alone() {
	scenario
	unit b1 blue 5,5 "$@"
	unit r1 red 0,9 initiative=5
	start
}

# --- CC-6: one movement a turn, before or after the action ---

@test "CC-6 several bt-move calls are one movement sharing the speed" {
	alone
	bt-move -i -f s.yaml b1 f
	assert_equal "$(field s.yaml turn)" "{moved: 50}"
	bt-move -i -f s.yaml b1 l r
	assert_equal "$(field s.yaml turn)" "{moved: 150}"
	assert_equal "$(logged s.yaml move)" "b1 moves l r to [5, 4] facing n, 100 ft (0 left)"
	refused 1 "bt-move: refused (CC-8): 'b1' has 0 ft of movement left; the order needs 50 and goes over at step 1 (f to [5, 3]): 50 for f to [5, 3]" b1 f
}

@test "CC-6 a unit that moved and then acted can't move again" {
	alone
	bt-move -i -f s.yaml b1 f
	bt-act -i -f s.yaml b1 defend
	assert_equal "$(field s.yaml turn)" "{moved: 50, acted: true, stopped: true}"
	refused 1 "bt-move: refused (CC-6): 'b1' moved, then acted: its movement can't go on after its action" b1 f
}

@test "CC-6 a unit that acted first may still make its whole move, in several calls" {
	alone
	bt-act -i -f s.yaml b1 defend
	bt-move -i -f s.yaml b1 f f
	assert_equal "$(field s.yaml turn)" "{moved: 100, acted: true}"
	bt-move -i -f s.yaml b1 f
	assert_equal "$(field s.yaml turn)" "{moved: 150, acted: true}"
	assert_equal "$(pose s.yaml b1)" "[5, 2] [1, 1] n"
	assert_equal "$(field s.yaml units.b1.status)" "[defending]"
}

@test "CC-6 only the unit whose turn it is moves" {
	alone
	refused 1 "bt-move: refused (CC-6): it is the turn of 'b1', not of 'r1'" r1 f
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" r1
	refused 1 "bt-move: refused (CC-6): it is the turn of 'r1', not of 'b1'" b1 f
	move r1 f
	assert_equal "$(pose t.yaml r1)" "[0, 8] [1, 1] n"
}

@test "CC-6 --disengage after the unit has moved would split its movement: refused" {
	scenario
	unit b1 blue 5,7
	unit r1 red 5,4 facing=s initiative=5
	start
	bt-move -i -f s.yaml b1 f
	refused 1 "bt-move: refused (CC-6): 'b1' has moved: Disengage would split its movement around its action" --disengage b1 l
}

@test "CC-8 an unknown unit or step is a usage error" {
	alone
	refused 2 "bt-move: no unit 'b9' in the state" b9 f
	refused 2 "bt-move: unknown step 'x' (f, l, r, fl, fr, b, bl, br, cw, ccw, cw:N, ccw:N, about)" b1 f x
	refused 2 "bt-move: bt-move takes a unit and its steps, or a unit and --to X,Y" --to 5,4 b1 f
	refused 2 "bt-move: 'b1' is already at [5, 5]" --to 5,5 b1
}

# --- CC-7: facing ---

@test "CC-7 the same steps go the way the unit faces, and keep its facing" {
	for facing in n e s w; do
		alone facing=$facing
		move b1 f f
		case $facing in
		n) want="[5, 3] [1, 1] n" ;;
		e) want="[7, 5] [1, 1] e" ;;
		s) want="[5, 7] [1, 1] s" ;;
		w) want="[3, 5] [1, 1] w" ;;
		esac
		assert_equal "$(pose t.yaml b1)" "$want"
	done
}

@test "CC-7 a unit of four fronts still steps from its facing" {
	alone fronts=4 facing=e
	move b1 f l
	assert_equal "$(pose t.yaml b1)" "[6, 4] [1, 1] e"
	assert_equal "$(field t.yaml units.b1.fronts)" 4
}

@test "CC-7 every direction is forward for a unit of four fronts: it steps back without turning" {
	alone fronts=4 facing=n speed=150
	move b1 b bl br
	assert_equal "$(pose t.yaml b1)" "[5, 8] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
	assert_equal "$(logged t.yaml move)" "b1 moves b bl br to [5, 8] facing n, 150 ft (0 left)"
	# --to finds the square behind it for 50 ft, no about first
	move --to 5,6 b1
	assert_equal "$(pose t.yaml b1)" "[5, 6] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 50}"
	move --to 3,8 b1
	assert_equal "$(logged t.yaml move)" "b1 moves bl bl b to [3, 8] facing n, 150 ft (0 left)"
}

@test "CC-7 a unit of four fronts has a front on every side: leaving any provokes it" {
	# b1 backs off the hydra's east side; b1's rear was toward it (CC-18).
	scenario
	unit b1 blue 6,5 facing=e
	unit r1 red 5,5 facing=n fronts=4 initiative=5
	start
	move -r 15,3 b1 f
	assert_equal "$(field t.yaml units.b1.hp)" 4
	assert_equal "$(logged t.yaml attack)" "r1 makes an opportunity attack (CC-21) on b1: 15 (advantage) + 3 + 2 = 20 against AC 13 (advantage: flank (CC-18)), hit, 1 damage, 4/5 HP left"
}

@test "CC-7 a unit of one front is not provoked by a unit leaving its flank" {
	scenario
	unit b1 blue 6,5 facing=e
	unit r1 red 5,5 facing=n initiative=5
	start
	move -r 15 b1 f
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(field t.yaml units.r1.reacted)" ""
	assert_equal "$(logged t.yaml attack)" ""
}

# --- CC-8: steps ---

# steps FACING WANT...: each step from [5, 5] facing FACING, in the order
# f l r fl fr, ends at WANT and costs 50 ft.
steps() {
	local facing=$1 s want

	shift
	alone facing="$facing"
	for s in f l r fl fr; do
		want=$1
		shift
		move b1 "$s"
		assert_equal "$s: $(pose t.yaml b1)" "$s: $want [1, 1] $facing"
		assert_equal "$s: $(field t.yaml turn)" "$s: {moved: 50}"
		assert_equal "$(logged t.yaml move)" "b1 moves $s to $want facing $facing, 50 ft (100 left)"
	done
}

@test "CC-8 f, l, r, fl and fr facing n: 50 ft a step" {
	steps n "[5, 4]" "[4, 5]" "[6, 5]" "[4, 4]" "[6, 4]"
}

@test "CC-8 f, l, r, fl and fr facing e: 50 ft a step" {
	steps e "[6, 5]" "[5, 4]" "[5, 6]" "[6, 4]" "[6, 6]"
}

@test "CC-8 f, l, r, fl and fr facing s: 50 ft a step" {
	steps s "[5, 6]" "[6, 5]" "[4, 5]" "[6, 6]" "[4, 6]"
}

@test "CC-8 f, l, r, fl and fr facing w: 50 ft a step" {
	steps w "[4, 5]" "[5, 6]" "[5, 4]" "[4, 6]" "[4, 4]"
}

@test "CC-8 a unit can't step backward: b, bl and br are refused, whole" {
	alone
	for s in b bl br; do
		refused 1 "bt-move: refused (CC-8): 'b1' can't step backward ('$s')" b1 f "$s"
	done
	refused 2 "bt-move: unknown step 'back' (f, l, r, fl, fr, b, bl, br, cw, ccw, cw:N, ccw:N, about)" b1 f back
	# nor can --to reach the square behind it, one step away
	refused 1 "bt-move: refused (CC-8): 'b1' has no path to [5, 6] within its 150 ft of movement left" --to 5,6 b1
}

@test "CC-8 an order over the speed is refused whole and changes nothing" {
	alone
	cp s.yaml before.yaml
	refused 1 "bt-move: refused (CC-8): 'b1' has 150 ft of movement left; the order needs 200 and goes over at step 4 (f to [5, 1]): 50 for f to [5, 4], 50 for f to [5, 3], 50 for f to [5, 2], 50 for f to [5, 1]" b1 f f f f
	run --separate-stderr -1 bt-move -i -f s.yaml b1 fl fr l f
	assert_equal "$stderr" "bt-move: refused (CC-8): 'b1' has 150 ft of movement left; the order needs 200 and goes over at step 4 (f to [4, 2]): 50 for fl to [4, 4], 50 for fr to [5, 3], 50 for l to [4, 3], 50 for f to [4, 2]"
	cmp s.yaml before.yaml
	# exactly the speed is fine
	move b1 fl fr l
	assert_equal "$(pose t.yaml b1)" "[4, 3] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
}

# --- --to X,Y: the cheapest path ---

@test "CC-8 --to takes the cheapest path, around difficult terrain" {
	# forest at [4, 7], [5, 7], [5, 6]: straight on costs 250, round the
	# right 150 (fr f fl).
	scenario
	terrain 4 7 f
	terrain 5 7 f
	terrain 5 6 f
	unit b1 blue 5,8 speed=200
	unit r1 red 0,0 initiative=5
	start
	move --to 5,5 b1
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
	assert_equal "$(logged t.yaml move)" "b1 moves fr f fl to [5, 5] facing n, 150 ft (50 left)"
	# into the forest at [5, 6]: fr fl (50 + 100) beats f f (200)
	move --to 5,6 b1
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
	move --to=9,8 b1
	assert_equal "$(logged t.yaml move)" "b1 moves r r r r to [9, 8] facing n, 200 ft (0 left)"
}

@test "CC-8 --to a square out of reach is refused and changes nothing" {
	scenario
	terrain 5 7 f
	unit b1 blue 5,8 speed=200
	unit r1 red 0,0 initiative=5
	start
	cp s.yaml before.yaml
	refused 1 "bt-move: refused (CC-8): 'b1' has no path to [5, 3] within its 200 ft of movement left" --to 5,3 b1
	refused 1 "bt-move: refused (CC-8): 'b1' has no path to [20, 20] within its 200 ft of movement left" --to 20,20 b1
	cmp s.yaml before.yaml
	move --to 7,4 b1
	assert_equal "$(field t.yaml turn)" "{moved: 200}"
	# what is left this turn is what counts
	bt-move -i -f s.yaml b1 r
	refused 1 "bt-move: refused (CC-8): 'b1' has no path to [7, 4] within its 150 ft of movement left" --to 7,4 b1
	move --to 7,5 b1
	assert_equal "$(field t.yaml turn)" "{moved: 200}"
}

@test "CC-10 --to goes through a friend at 100 ft, but never ends inside it" {
	# row 6 is impassable but for [5, 6], where b2 stands
	scenario
	for x in 0 1 2 3 4 6 7 8 9; do
		terrain "$x" 6 x
	done
	unit b1 blue 5,8 speed=200
	unit b2 blue 5,6 initiative=8
	unit r1 red 0,0 initiative=5
	start
	refused 1 "bt-move: refused (CC-10): 'b1' would end its move inside 'b2'" --to 5,6 b1
	move --to 5,5 b1
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 200}"
	[[ "$(logged t.yaml move)" == *" to [5, 5] facing n, 200 ft (0 left)" ]]
	bt-move -i -f s.yaml b1 r
	refused 1 "bt-move: refused (CC-8): 'b1' has no path to [5, 5] within its 150 ft of movement left" --to 5,5 b1
}

# --- CC-9: difficult terrain ---

@test "CC-8 an order refused for its cost tells the whole order's cost, each step's, and where it goes over" {
	alone
	terrain 5 4 f
	start
	cp s.yaml before.yaml
	run --separate-stderr -1 bt-move -i -f s.yaml b1 f f f f f
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CC-8): 'b1' has 150 ft of movement left; the order needs 300 and goes over at step 3 (f to [5, 2]): 100 for f to [5, 4] (difficult), 50 for f to [5, 3], 50 for f to [5, 2], 50 for f to [5, 1], 50 for f to [5, 0]"
	cmp s.yaml before.yaml
	# a later step the rules refuse ends the count: "at least"
	refused 1 "bt-move: refused (CC-8): 'b1' has 150 ft of movement left; the order needs at least 250 and goes over at step 3 (f to [5, 2]): 100 for f to [5, 4] (difficult), 50 for f to [5, 3], 50 for f to [5, 2], 50 for f to [5, 1]; then step 5 (b) can't be taken" b1 f f f f b
}

@test "CC-9 entering difficult terrain costs 100 ft for that step" {
	for t in f h r s b w; do
		alone
		terrain 5 4 "$t"
		start
		move b1 f
		assert_equal "$t: $(field t.yaml turn)" "$t: {moved: 100}"
	done
	# leaving it for open ground is an ordinary step
	move b1 f f
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
	assert_equal "$(logged t.yaml move)" "b1 moves f f to [5, 3] facing n, 150 ft (0 left)"
	refused 1 "bt-move: refused (CC-8): 'b1' has 150 ft of movement left; the order needs 200 and goes over at step 3 (f to [5, 2]): 100 for f to [5, 4] (difficult), 50 for f to [5, 3], 50 for f to [5, 2]" b1 f f f
}

@test "CC-9 a step onto impassable ground is refused (G-2)" {
	alone
	terrain 5 4 x
	start
	refused 1 "bt-move: refused (G-2): 'b1' can't step 'f' onto impassable ground" b1 f
}

@test "CC-9 in a blizzard all terrain is difficult (CC-4)" {
	alone speed=200
	sed -i 's/^weather: clear$/weather: blizzard/' sc.yaml
	start
	move b1 f
	assert_equal "$(field t.yaml turn)" "{moved: 100}"
	move b1 fl fr
	assert_equal "$(field t.yaml turn)" "{moved: 200}"
	refused 1 "bt-move: refused (CC-8): 'b1' has 200 ft of movement left; the order needs 300 and goes over at step 3 (f to [5, 2]): 100 for f to [5, 4] (difficult), 100 for f to [5, 3] (difficult), 100 for f to [5, 2] (difficult)" b1 f f f
}

@test "CC-4 a hurricane takes 100 ft off every unit's movement" {
	alone speed=200
	sed -i 's/^weather: clear$/weather: hurricane/' sc.yaml
	start
	refused 1 "bt-move: refused (CC-8): 'b1' has 100 ft of movement left; the order needs 150 and goes over at step 3 (f to [5, 2]): 50 for f to [5, 4], 50 for f to [5, 3], 50 for f to [5, 2]" b1 f f f
	move b1 f f
	assert_equal "$(logged t.yaml move)" "b1 moves f f to [5, 3] facing n, 100 ft (0 left)"
}

# --- CC-10: friends and enemies ---

@test "CC-10 a unit moves through a friend as through difficult terrain" {
	scenario
	unit b1 blue 5,6
	unit b2 blue 5,5 initiative=8
	unit r1 red 0,0 initiative=5
	start
	move b1 f f
	assert_equal "$(pose t.yaml b1)" "[5, 4] [1, 1] n"
	assert_equal "$(pose t.yaml b2)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
	refused 1 "bt-move: refused (CC-8): 'b1' has 150 ft of movement left; the order needs 200 and goes over at step 3 (f to [5, 3]): 100 for f to [5, 5] (difficult), 50 for f to [5, 4], 50 for f to [5, 3]" b1 f f f
}

@test "CC-10 a move can't end inside a friend" {
	scenario
	unit b1 blue 5,6
	unit b2 blue 5,5 initiative=8
	unit r1 red 0,0 initiative=5
	start
	refused 1 "bt-move: refused (CC-10): 'b1' would end its move inside 'b2'" b1 f
	refused 1 "bt-move: refused (CC-10): 'b1' would end its move inside 'b2'" b1 fl r
}

@test "CC-10 a unit can't step into an enemy" {
	# r1 is diagonal to b1: no contact until b1 steps onto it
	scenario
	unit b1 blue 5,5
	unit r1 red 6,4 facing=s initiative=5
	start
	refused 1 "bt-move: refused (CC-10): 'b1' can't step 'fr' into enemy 'r1'" b1 fr
	refused 1 "bt-move: refused (CC-10): 'b1' can't step 'fr' into enemy 'r1'" b1 l r fr
}

# --- CC-11: rotation ---

# rotations STEP=WANT...: each rotation alone from the start state s.yaml.
rotations() {
	local sw

	for sw; do
		move b1 "${sw%%=*}"
		assert_equal "${sw%%=*}: $(pose t.yaml b1)" "${sw%%=*}: ${sw#*=}"
		assert_equal "${sw%%=*}: $(field t.yaml turn)" "${sw%%=*}: {moved: 100, rotated: true}"
	done
}

@test "CC-11 a 2x1 unit rotates about its front-left square, or the one cw:N or ccw:N names" {
	alone size=2x1 speed=200
	rotations "cw=[5, 5] [1, 2] e" "ccw=[5, 4] [1, 2] w" \
	    "cw:1=[5, 5] [1, 2] e" "ccw:1=[5, 4] [1, 2] w" \
	    "cw:2=[6, 4] [1, 2] e" "ccw:2=[6, 5] [1, 2] w"
	assert_equal "$(logged t.yaml move)" "b1 moves ccw:2 to [6, 5] facing w, 100 ft (100 left)"
}

@test "CC-11 a 3x1 unit rotates about any square of its front rank" {
	alone size=3x1 speed=200
	rotations "cw=[5, 5] [1, 3] e" "ccw=[5, 3] [1, 3] w" \
	    "cw:2=[6, 4] [1, 3] e" "ccw:2=[6, 4] [1, 3] w" \
	    "cw:3=[7, 3] [1, 3] e" "ccw:3=[7, 5] [1, 3] w"
}

@test "CC-11 the front-left square is on the unit's left as it faces" {
	# facing s the left is east; facing e, north; facing w, south
	alone size=2x1 facing=s speed=200
	rotations "cw=[6, 4] [1, 2] w" "ccw=[6, 5] [1, 2] e" \
	    "cw:2=[5, 5] [1, 2] w" "ccw:2=[5, 4] [1, 2] e"
	alone size=1x2 facing=e speed=200
	rotations "cw=[4, 5] [2, 1] s" "ccw=[5, 5] [2, 1] n" \
	    "cw:2=[5, 6] [2, 1] s" "ccw:2=[4, 6] [2, 1] n"
	alone size=1x2 facing=w speed=200
	rotations "cw=[5, 6] [2, 1] n" "ccw=[4, 6] [2, 1] s" \
	    "cw:2=[4, 5] [2, 1] n" "ccw:2=[5, 5] [2, 1] s"
}

@test "CC-11 any square may be the pivot: cw:N counts rank by rank from the front-left" {
	# 2x2 facing n on [5, 5]-[6, 6]: squares 1, 2 in front, 3, 4 behind
	alone size=2x2 speed=200
	rotations "cw:3=[5, 6] [2, 2] e" "ccw:3=[4, 5] [2, 2] w" \
	    "cw:4=[6, 5] [2, 2] e" "ccw:4=[5, 6] [2, 2] w"
	# a column of two facing n: cw:2 turns about its rear square [5, 6]
	alone size=1x2 speed=200
	rotations "cw=[4, 5] [2, 1] e" "cw:2=[5, 6] [2, 1] e" \
	    "ccw:2=[4, 6] [2, 1] w"
	refused 2 "bt-move: 'cw:3': 'b1' has 2 squares" b1 cw:3
}

@test "CC-11 a pivot beyond the unit's squares is a usage error" {
	alone size=2x1 speed=200
	refused 2 "bt-move: 'cw:3': 'b1' has 2 squares" b1 cw:3
	refused 2 "bt-move: 'ccw:3': 'b1' has 2 squares" b1 ccw:3
	for s in cw:0 cw: cw:x ccw:-1 cww; do
		refused 2 "bt-move: unknown step '$s' (f, l, r, fl, fr, b, bl, br, cw, ccw, cw:N, ccw:N, about)" b1 "$s"
	done
}

@test "CC-11 a rotation costs 200 ft when the box of its old and new footprints has difficult terrain" {
	# b1 [5, 5]-[6, 5]; cw about [5, 5] gives [5, 5]-[5, 6]: the box is
	# [5, 5]-[6, 6], and [6, 6] is in neither footprint.
	alone size=2x1 speed=300
	terrain 6 6 f
	start
	rotations "ccw=[5, 4] [1, 2] w"
	move b1 cw
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 2] e"
	assert_equal "$(field t.yaml turn)" "{moved: 200, rotated: true}"
	assert_equal "$(logged t.yaml move)" "b1 moves cw to [5, 5] facing e, 200 ft (100 left)"
	# just outside the box: 100
	alone size=2x1 speed=300
	terrain 7 6 f
	start
	rotations "cw=[5, 5] [1, 2] e"
	# a 3x1 about its middle: the box is 3x3
	alone size=3x1 speed=300
	terrain 5 4 h
	start
	move b1 cw:2
	assert_equal "$(field t.yaml turn)" "{moved: 200, rotated: true}"
}

@test "CC-11 the sweep leaves out the squares the unit stands on: a 1x1 unit in a forest turns for 100 ft" {
	alone speed=300
	for xy in "5 5" "4 4" "5 4" "6 4" "4 5" "6 5" "4 6" "5 6" "6 6"; do
		terrain $xy f
	done
	start
	move b1 cw
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] e"
	assert_equal "$(field t.yaml turn)" "{moved: 100, rotated: true}"
	move b1 ccw
	assert_equal "$(field t.yaml turn)" "{moved: 100, rotated: true}"
	# a 2x1 unit standing on forest: only the squares it sweeps count
	alone size=2x1 speed=300
	terrain 5 5 f
	terrain 6 5 f
	start
	move b1 cw
	assert_equal "$(field t.yaml turn)" "{moved: 100, rotated: true}"
}

@test "CC-11 an enemy in the sweep blocks a rotation, though not in the new footprint" {
	# b1 [5, 5]-[6, 5] cw about [5, 5]: it sweeps [5, 6] and [6, 6]
	scenario
	unit b1 blue 5,5 size=2x1 speed=300
	unit r1 red 6,6 facing=e initiative=5
	start
	refused 1 "bt-move: refused (CC-11): 'b1' can't rotate through enemy 'r1'" b1 cw
	move b1 ccw
	assert_equal "$(pose t.yaml b1)" "[5, 4] [1, 2] w"
}

@test "CC-10 G-2 a rotation into an enemy or onto impassable ground is refused, in the new footprint" {
	# b1 [5, 5]-[6, 5] cw about [5, 5]: it comes to [5, 5]-[5, 6]
	scenario
	unit b1 blue 5,5 size=2x1 speed=300
	unit r1 red 5,6 facing=e initiative=5
	start
	refused 1 "bt-move: refused (CC-10): 'b1' can't rotate into enemy 'r1'" b1 cw
	alone size=2x1 speed=300
	terrain 5 6 x
	start
	refused 1 "bt-move: refused (G-2): 'b1' can't rotate onto impassable ground" b1 cw
}

@test "CC-11 impassable ground in the sweep blocks a rotation" {
	alone size=2x1 speed=300
	terrain 6 6 x
	start
	refused 1 "bt-move: refused (CC-11): 'b1' can't rotate across impassable ground" b1 cw
	move b1 ccw
	assert_equal "$(field t.yaml turn)" "{moved: 100, rotated: true}"
}

@test "CC-11 a rotation through a friend costs 200 ft, as through difficult terrain (CC-10)" {
	# b2 at [6, 6] is in the box [5, 5]-[6, 6] of b1's cw
	scenario
	unit b1 blue 5,5 size=2x1 speed=300
	unit b2 blue 6,6 initiative=8
	unit r1 red 0,9 initiative=5
	start
	move b1 cw
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 2] e"
	assert_equal "$(field t.yaml turn)" "{moved: 200, rotated: true}"
}

@test "CC-11 a rotation through difficult terrain that the speed can't pay is refused" {
	alone size=2x1 speed=150
	terrain 6 6 f
	start
	refused 1 "bt-move: refused (CC-8): 'b1' has 150 ft of movement left; the order needs 200 and goes over at step 1 (cw to [5, 5]): 200 for cw to [5, 5] (difficult)" b1 cw
}

@test "CC-11 one rotation a turn, in one order or across bt-move calls" {
	alone size=2x1 speed=400
	refused 1 "bt-move: refused (CC-11): 'b1' has made its one rotation this turn" b1 cw ccw
	refused 1 "bt-move: refused (CC-11): 'b1' has made its one rotation this turn" b1 cw f cw
	bt-move -i -f s.yaml b1 cw
	refused 1 "bt-move: refused (CC-11): 'b1' has made its one rotation this turn" b1 ccw
	# steps and turning about are still allowed
	move b1 f about
	assert_equal "$(pose t.yaml b1)" "[6, 5] [1, 2] w"
	assert_equal "$(field t.yaml turn)" "{moved: 250, rotated: true}"
}

@test "CC-11 a unit can't rotate off the map" {
	scenario
	unit b1 blue 0,9 size=2x1 speed=200
	unit r1 red 9,0 initiative=5
	start
	refused 1 "bt-move: refused (CC-11): 'b1' can't rotate off the map" b1 cw
	move b1 ccw
	assert_equal "$(pose t.yaml b1)" "[0, 8] [1, 2] w"
}

# --- CC-12: turning about ---

@test "CC-12 about faces the opposite way in place for 100 ft" {
	alone size=2x1 speed=300
	move b1 about
	assert_equal "$(pose t.yaml b1)" "[5, 5] [2, 1] s"
	assert_equal "$(field t.yaml turn)" "{moved: 100}"
	assert_equal "$(logged t.yaml move)" "b1 moves about to [5, 5] facing s, 100 ft (200 left)"
	move b1 about about
	assert_equal "$(pose t.yaml b1)" "[5, 5] [2, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 200}"
}

@test "CC-12 about is not the turn's rotation" {
	alone size=2x1 speed=300
	# about faces s: the front-left square is then [6, 5]
	move b1 about cw
	assert_equal "$(pose t.yaml b1)" "[6, 4] [1, 2] w"
	assert_equal "$(field t.yaml turn)" "{moved: 200, rotated: true}"
	move b1 cw about
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 2] w"
}

@test "CC-12 about costs 100 ft whatever the terrain" {
	alone size=2x1 speed=200
	terrain 5 5 f
	terrain 6 5 f
	terrain 5 4 f
	terrain 5 6 f
	start
	move b1 about
	assert_equal "$(field t.yaml turn)" "{moved: 100}"
	move b1 about about
	assert_equal "$(field t.yaml turn)" "{moved: 200}"
	alone size=2x1 speed=200
	sed -i 's/^weather: clear$/weather: blizzard/' sc.yaml
	start
	move b1 about
	assert_equal "$(field t.yaml turn)" "{moved: 100}"
}

# --- CC-13: contact ---

# b1 three squares south of r1's front, speed 200.
facing_off() {
	scenario
	unit b1 blue 5,8 speed=200 "$@"
	unit r1 red 5,4 facing=s initiative=5
	start
}

@test "CC-13 --to prefers, among its cheapest paths, one that makes no contact before its goal" {
	# fl first, to [4, 7], touches r1 after one step; f f f is as cheap
	scenario
	unit b1 blue 5,8 speed=150
	unit r1 red 3,7 facing=e initiative=5
	start
	move --to 5,5 b1
	assert_equal "$stderr" ""
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
	assert_equal "$(logged t.yaml move)" "b1 moves f fl fr to [5, 5] facing n, 150 ft (0 left)"
	# the goal itself may make contact: fl, not f l
	move --to 4,7 b1
	assert_equal "$(logged t.yaml move)" "b1 moves fl to [4, 7] facing n, 50 ft (100 left)"
}

@test "CC-13 a unit stops as it comes into contact; the rest of the order is dropped with a note" {
	facing_off
	move b1 f f f f
	assert_equal "$stderr" "bt-move: 'b1' stopped at [5, 5] in contact with 'r1' (CC-13); the rest of the order was dropped"
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150, contact: true}"
	assert_equal "$(logged t.yaml move)" "b1 moves f f f to [5, 5] facing n, 150 ft (50 left), stopped in contact with r1"
}

@test "CC-13 an order that ends as it makes contact has nothing to drop" {
	facing_off
	move b1 f f f
	assert_equal "$stderr" ""
	assert_equal "$(field t.yaml turn)" "{moved: 150, contact: true}"
	assert_equal "$(logged t.yaml move)" "b1 moves f f f to [5, 5] facing n, 150 ft (50 left)"
}

@test "CC-13 contact cuts short an order the speed couldn't pay, and one it would refuse" {
	facing_off
	move b1 f f f f f f
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	move b1 f f f cw cw
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150, contact: true}"
}

@test "CC-13 after a contact stop the unit moves no more that turn, nor turns" {
	facing_off speed=300
	bt-move -i -f s.yaml b1 f f f
	for o in cw about f l; do
		refused 1 "bt-move: refused (CC-13): 'b1' came into contact this turn: it stops moving" b1 "$o"
	done
	refused 1 "bt-move: refused (CC-13): 'b1' came into contact this turn: it stops moving" --to 4,5 b1
	assert_equal "$(field s.yaml turn)" "{moved: 150, contact: true}"
}

@test "CC-13 a unit that starts its turn in contact may still change facing" {
	# the wraparound of CC-14: only a contact made this turn forbids it
	scenario
	unit b1 blue 5,5 speed=300
	unit r1 red 5,4 facing=s initiative=5
	start
	move b1 about
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] s"
	move b1 cw
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] e"
	assert_equal "$(field t.yaml turn)" "{moved: 100, rotated: true}"
}

@test "CC-13 a unit in contact that steps into a new contact stops there" {
	# b1 leaves r1's front (r1 strikes, on a 2, and misses) and meets r2
	scenario
	unit b1 blue 5,5 speed=300
	unit r1 red 5,4 facing=s initiative=5
	unit r2 red 3,5 facing=e initiative=4
	start
	bt-move -i -f s.yaml -r 2 b1 l l 2> err
	assert_equal "$(cat err)" "bt-move: 'b1' stopped at [4, 5] in contact with 'r2' (CC-13); the rest of the order was dropped"
	assert_equal "$(field s.yaml turn)" "{moved: 50, contact: true}"
	refused 1 "bt-move: refused (CC-13): 'b1' came into contact this turn: it stops moving" b1 about
}

@test "CC-13 a rotation into contact stops the order too" {
	# cw about [5, 5] brings [5, 6] next to r1 at [4, 6]
	scenario
	unit b1 blue 5,5 size=2x1 speed=300
	unit r1 red 4,6 facing=e initiative=5
	start
	move b1 cw f
	assert_equal "$stderr" "bt-move: 'b1' stopped at [5, 5] in contact with 'r1' (CC-13); the rest of the order was dropped"
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 2] e"
	assert_equal "$(field t.yaml turn)" "{moved: 100, rotated: true, contact: true}"
}

@test "CC-13 the stop note names the enemy the step newly touched" {
	# b1 keeps r1's front (2x1) as it steps left, and meets r2
	scenario
	unit b1 blue 5,5 speed=300
	unit r1 red 4,4 size=2x1 facing=s initiative=5
	unit r2 red 3,5 facing=e initiative=4
	start
	move b1 l l
	assert_equal "$stderr" "bt-move: 'b1' stopped at [4, 5] in contact with 'r2' (CC-13); the rest of the order was dropped"
	assert_equal "$(logged t.yaml move)" "b1 moves l to [4, 5] facing n, 50 ft (250 left), stopped in contact with r2"
}

# --- CC-14 and CC-21: leaving contact ---

# b1 at [5, 5] in contact with r1's front (r1 at [5, 4] facing s).
engaged() {
	scenario
	unit b1 blue 5,5 "$@"
	unit r1 red 5,4 facing=s initiative=5
	start
}

@test "CC-14 a unit that starts in contact and moves away provokes an opportunity attack" {
	engaged
	move -r 15 b1 l l
	assert_equal "$stderr" ""
	assert_equal "$(pose t.yaml b1)" "[3, 5] [1, 1] n"
	assert_equal "$(field t.yaml units.b1.hp)" 4
	assert_equal "$(field t.yaml units.r1.reacted)" true
	assert_equal "$(logged t.yaml attack)" "r1 makes an opportunity attack (CC-21) on b1: 15 + 3 + 2 = 20 against AC 13, hit, 1 damage, 4/5 HP left"
	grep -qF 'rolls: [d20=15]' t.yaml
	assert_equal "$(logged t.yaml move)" "b1 moves l l to [3, 5] facing n, 100 ft (50 left)"
}

@test "CC-14 with --disengage the move provokes no opportunity attack" {
	engaged
	move -r 15 --disengage b1 l l
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	assert_equal "$(pose t.yaml b1)" "[3, 5] [1, 1] n"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(field t.yaml units.b1.status)" "[disengaging]"
	assert_equal "$(field t.yaml units.r1.reacted)" ""
	assert_equal "$(field t.yaml turn)" "{moved: 100, acted: true}"
	assert_equal "$(logged t.yaml disengage)" "b1 disengages (CC-23)"
	assert_equal "$(logged t.yaml attack)" ""
}

@test "CC-14 Disengage taken first with bt-act: the move after it provokes nothing" {
	engaged
	bt-act -i -f s.yaml b1 disengage
	move -r 15 b1 l l
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(logged t.yaml attack)" ""
}

@test "CC-14 a move that keeps contact with the enemy's front provokes nothing" {
	# r1 is 2x1 at [4, 4]-[5, 4] facing s: [4, 5] is still before its front
	scenario
	unit b1 blue 5,5
	unit r1 red 4,4 size=2x1 facing=s initiative=5
	start
	move -r 15 b1 l
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	assert_equal "$(pose t.yaml b1)" "[4, 5] [1, 1] n"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(logged t.yaml attack)" ""
}

@test "CC-21 a forced low die misses: the mover goes on whole" {
	engaged
	move -r 2 b1 l l
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(field t.yaml units.r1.reacted)" true
	assert_equal "$(logged t.yaml attack)" "r1 makes an opportunity attack (CC-21) on b1: 2 + 3 + 2 = 7 against AC 13, miss"
	assert_equal "$(pose t.yaml b1)" "[3, 5] [1, 1] n"
}

@test "CC-21 too few forced dice for the attacks a move sets off: exit 2, nothing written" {
	# r1 strikes b1's front (one d20), r2 its flank (two, advantage)
	scenario
	unit b1 blue 5,5
	unit r1 red 5,4 facing=s initiative=5
	unit r2 red 6,5 facing=w initiative=4
	start
	cp s.yaml before.yaml
	run --separate-stderr -2 bt-move -i -f s.yaml -r 15,3 b1 l
	assert_equal "$stderr" "bt-move: too few --rolls values: 2 given, a d20 needed next"
	cmp s.yaml before.yaml
	move -r 15,3,14 b1 l
	assert_equal "$(field t.yaml units.b1.hp)" 3
	grep -qF 'rolls: [d20=15]' t.yaml
	grep -qF 'rolls: [d20=3, d20=14]' t.yaml
}

@test "CC-21 attacks set off by one step are rolled in the byte order of the enemies' ids" {
	# rb (listed first) strikes b1's front, one d20; ra its flank, two
	scenario
	unit b1 blue 5,5
	unit rb red 5,4 facing=s initiative=5
	unit ra red 6,5 facing=w initiative=4
	start
	move -r 3,14,15 b1 l
	assert_equal "$stderr" ""
	assert_equal "$(field t.yaml units.b1.hp)" 3
	assert_equal "$(grep -A2 'event: attack' t.yaml | grep -e who: -e rolls:)" "  who: ra
  rolls: [d20=3, d20=14]
  who: rb
  rolls: [d20=15]"
}

@test "CC-14 a rotation that takes a unit out of an enemy's front provokes an opportunity attack" {
	# b1 [5, 5]-[6, 5] has [6, 5] before r1's front; cw about [5, 5] puts
	# it on [5, 5]-[5, 6], out of contact
	scenario
	unit b1 blue 5,5 size=2x1 speed=300
	unit r1 red 6,4 facing=s initiative=5
	start
	move -r 15 b1 cw
	assert_equal "$stderr" ""
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 2] e"
	assert_equal "$(field t.yaml units.b1.hp)" 4
	assert_equal "$(field t.yaml units.r1.reacted)" true
	assert_equal "$(logged t.yaml attack)" "r1 makes an opportunity attack (CC-21) on b1: 15 + 3 + 2 = 20 against AC 13, hit, 1 damage, 4/5 HP left"
}

@test "CC-21 an opportunity attack that destroys the mover ends its move and its turn" {
	scenario
	unit b1 blue 5,5 hp=1
	unit b2 blue 9,9 initiative=8
	unit r1 red 5,4 facing=s initiative=5 damage=2
	start
	move -r 15 b1 l l
	assert_equal "$(field t.yaml units.b1.status)" "[destroyed]"
	assert_equal "$(field t.yaml units.b1.hp)" -1
	assert_equal "$(field t.yaml units.b1.at)" ""
	assert_equal "$(field t.yaml active)" b2
	assert_equal "$(sed -n '/^order:/,/^[a-z]/p' t.yaml)" "order:
- b2
- r1
log:"
	assert_equal "$(logged t.yaml attack)" "r1 makes an opportunity attack (CC-21) on b1: 15 + 3 + 2 = 20 against AC 13, hit, 2 damage, -1/1 HP left: destroyed (CC-27)"
	assert_equal "$(logged t.yaml move)" "b1 is destroyed as it moves"
}

@test "CC-21 an opportunity attack that breaks the mover stops its move (CC-28)" {
	scenario
	unit b1 blue 5,5 hp=1
	unit b2 blue 9,9 initiative=8
	unit r1 red 5,4 facing=s initiative=5
	start
	move -r 15 b1 l l
	assert_equal "$(field t.yaml units.b1.status)" "[broken]"
	assert_equal "$(field t.yaml units.b1.hp)" 0
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml active)" b1
	assert_equal "$(logged t.yaml move)" "b1 is broken as it moves: it stops at [5, 5] (CC-28)"
	run --separate-stderr -1 bt-move -f t.yaml b1 l
	assert_equal "$stderr" "bt-move: refused (CC-28): 'b1' is broken: the rules retreat it"
}

@test "CC-10 a unit broken inside a friend goes back to the last pose where it stood alone" {
	# b1 slides along r1's front into b2's square, then leaves the front:
	# r1 strikes it there, inside b2, and breaks it.
	scenario
	unit b1 blue 5,5 hp=1 speed=200
	unit b2 blue 4,5 initiative=8
	unit r1 red 4,4 size=2x1 facing=s initiative=5
	start
	move -r 15 b1 l l
	assert_equal "$(field t.yaml units.b1.status)" "[broken]"
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(pose t.yaml b2)" "[4, 5] [1, 1] n"
	assert_equal "$(logged t.yaml move)" "b1 is broken as it moves l: it stops at [5, 5], back where it last stood clear of other units (CC-10, CC-28)"
	# the state is one every program reads
	run -0 bt-resolve t.yaml
}

@test "CC-10 a unit broken by a readied shot inside a friend goes back out of it" {
	scenario
	unit b1 blue 5,6 hp=1
	unit b2 blue 5,5 initiative=8
	unit r1 red 5,0 facing=s initiative=5 "ranged={attack: 3, damage: 1, range: 250}" "ready={trigger: range}"
	unit r2 red 0,0 facing=s initiative=4
	start
	move -r 15 b1 f f
	assert_equal "$(logged t.yaml shoot)" "r1 shoots its readied attack (CC-25) at b1: 15 + 3 + 2 = 20 against AC 13, hit, 1 damage, 0/1 HP left: broken (CC-27)"
	assert_equal "$(pose t.yaml b1)" "[5, 6] [1, 1] n"
	assert_equal "$(field t.yaml units.b1.status)" "[broken]"
	run -0 bt-check t.yaml
}

@test "CC-21 one reaction a round: an enemy that has struck makes no second attack" {
	# r1's front (2x1, facing s) touches b1 and b2; each steps away
	scenario
	unit b1 blue 5,5
	unit b2 blue 4,5 initiative=8
	unit r1 red 4,4 size=2x1 facing=s initiative=5
	start
	bt-move -i -f s.yaml -r 2 b1 r
	assert_equal "$(field s.yaml units.r1.reacted)" true
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" b2
	move -r 15 b2 l
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	assert_equal "$(pose t.yaml b2)" "[3, 5] [1, 1] n"
	assert_equal "$(field t.yaml units.b2.hp)" 5
	assert_equal "$(grep -c 'event: attack' t.yaml)" 1
	# r1's own turn does not give it its reaction back (CC-6)
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" r1
	assert_equal "$(field s.yaml units.r1.reacted)" true
}

@test "CC-6 one reaction a round: a unit that reacted before its turn doesn't react after it" {
	# r1 strikes b1 in b1's turn, then has its own turn; b3, after r1 in
	# round 1, leaves r1's front unpunished; round 2 gives it back.
	scenario
	unit b1 blue 5,5
	unit r1 red 4,4 size=2x1 facing=s initiative=5
	unit b3 blue 4,5 initiative=1
	start
	bt-move -i -f s.yaml -r 2 b1 r
	assert_equal "$(field s.yaml units.r1.reacted)" true
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" r1
	assert_equal "$(field s.yaml units.r1.reacted)" true
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" b3
	bt-move -i -f s.yaml -r 15 b3 l 2>/dev/null
	assert_equal "$(field s.yaml units.b3.hp)" 5
	assert_equal "$(grep -c 'event: attack' s.yaml)" 1
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml round)" 2
	assert_equal "$(field s.yaml units.r1.reacted)" ""
}

@test "CC-21 a broken enemy makes no opportunity attack (CC-30)" {
	scenario
	unit b1 blue 5,5
	unit r1 red 5,4 facing=s initiative=5 hp=0 max-hp=5 "status=[broken]"
	unit r2 red 9,0 initiative=4	# red's unbroken unit (CC-1)
	start
	move -r 15 b1 l
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(logged t.yaml attack)" ""
}

@test "CC-21 --hold: a held enemy makes no opportunity attack; the others still do" {
	# r1 (front s) and r2 (front w) both touch b1; r2 strikes b1's flank
	scenario
	unit b1 blue 5,5
	unit r1 red 5,4 facing=s initiative=5
	unit r2 red 6,5 facing=w initiative=4
	start
	move -r 3,15 --hold=r1 b1 l
	assert_equal "$stderr" ""
	assert_equal "$(field t.yaml units.r1.reacted)" ""
	assert_equal "$(field t.yaml units.r2.reacted)" true
	assert_equal "$(field t.yaml units.b1.hp)" 4
	assert_equal "$(logged t.yaml attack)" "r2 makes an opportunity attack (CC-21) on b1: 15 (advantage) + 3 + 2 = 20 against AC 13 (advantage: flank (CC-18)), hit, 1 damage, 4/5 HP left"
	grep -qF 'rolls: [d20=3, d20=15]' t.yaml
	move -r 15 --hold=r1,r2 b1 l
	assert_equal "$stderr" "bt-move: warning: 1 --rolls value left over, ignored"
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(logged t.yaml attack)" ""
	# a unit the state doesn't have is a usage error
	refused 2 "bt-move: --hold: no unit 'r3' in the state" -r 3,15 --hold=r1,r3 b1 l
}

@test "CC-25 a move into a readied enemy's front sets off its attack; --hold declines it" {
	# r1 acts first and readies for contact; b1 then marches into it
	scenario
	unit b1 blue 5,8 speed=200 initiative=4
	unit r1 red 5,4 facing=s initiative=12
	start
	bt-act -i -f s.yaml r1 ready contact
	bt-resolve -i s.yaml
	assert_equal "$(field s.yaml active)" b1
	move -r 15 b1 f f f f
	assert_equal "$(pose t.yaml b1)" "[5, 5] [1, 1] n"
	assert_equal "$(field t.yaml units.b1.hp)" 4
	assert_equal "$(field t.yaml units.r1.ready)" ""
	assert_equal "$(field t.yaml units.r1.reacted)" true
	assert_equal "$(logged t.yaml attack)" "r1 makes its readied attack (CC-25) on b1: 15 + 3 + 2 = 20 against AC 13, hit, 1 damage, 4/5 HP left"
	move -r 15 --hold=r1 b1 f f f f
	assert_equal "$(field t.yaml units.b1.hp)" 5
	assert_equal "$(field t.yaml units.r1.ready)" "{trigger: contact}"
	assert_equal "$(field t.yaml units.r1.reacted)" ""
}

# --- CC-15: units of several squares ---

@test "CC-15 a 2x1 unit's step costs 100 ft when a square it newly enters is difficult" {
	alone size=2x1 speed=300
	terrain 6 4 f
	start
	for sw in "f=100" "fr=100" "fl=50" "l=50" "r=50"; do
		move b1 "${sw%=*}"
		assert_equal "${sw%=*}: $(field t.yaml turn)" "${sw%=*}: {moved: ${sw#*=}}"
	done
}

@test "CC-15 difficult ground a 2x1 unit already stands on doesn't raise a step's cost" {
	alone size=2x1 speed=300
	terrain 6 5 f
	start
	move b1 r
	assert_equal "$(pose t.yaml b1)" "[6, 5] [2, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 50}"
	move b1 f
	assert_equal "$(field t.yaml turn)" "{moved: 50}"
}

@test "CC-15 a 2x1 unit's step into a friend's square costs 100 ft" {
	scenario
	unit b1 blue 5,5 size=2x1 speed=300
	unit b2 blue 6,4 initiative=8
	unit r1 red 0,9 initiative=5
	start
	refused 1 "bt-move: refused (CC-10): 'b1' would end its move inside 'b2'" b1 f
	move b1 f f
	assert_equal "$(pose t.yaml b1)" "[5, 3] [2, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
	move b1 f l
	assert_equal "$(pose t.yaml b1)" "[4, 4] [2, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
}

@test "CC-15 a friend in a square the 2x1 unit already holds doesn't raise a step's cost" {
	scenario
	unit b1 blue 5,5 size=2x1 speed=300
	unit b2 blue 6,4 initiative=8
	unit r1 red 0,9 initiative=5
	start
	# f enters b2's square (100); r keeps it and newly enters only the
	# open [7, 4] (50); f leaves it (50)
	move b1 f r f
	assert_equal "$(pose t.yaml b1)" "[6, 3] [2, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 200}"
}

@test "CC-15 a 2x1 unit comes into contact by any of its squares" {
	scenario
	unit b1 blue 5,8 size=2x1 speed=300
	unit r1 red 6,5 facing=s initiative=5
	start
	move b1 f f f
	assert_equal "$stderr" "bt-move: 'b1' stopped at [5, 6] in contact with 'r1' (CC-13); the rest of the order was dropped"
	assert_equal "$(field t.yaml turn)" "{moved: 100, contact: true}"
}

# --- CC-29: off the map ---

@test "CC-15 a flying unit pays 50 ft a step whatever the terrain; a friend still costs 100" {
	alone flying=true speed=300
	terrain 5 4 f
	terrain 5 3 h
	start
	move b1 f f
	assert_equal "$(field t.yaml turn)" "{moved: 100}"
	# a rotation sweeping forest: 100 ft
	move b1 about
	assert_equal "$(field t.yaml turn)" "{moved: 100}"
	scenario
	unit b1 blue 5,5 flying=true
	unit b2 blue 5,4 initiative=8
	unit r1 red 0,9 initiative=5
	start
	move b1 f f
	assert_equal "$(field t.yaml turn)" "{moved: 150}"
}

@test "CC-15 a flying unit passes over impassable ground, but doesn't stop on it" {
	alone flying=true
	terrain 4 4 x
	terrain 5 4 x
	terrain 6 4 x
	start
	move b1 f f
	assert_equal "$(pose t.yaml b1)" "[5, 3] [1, 1] n"
	assert_equal "$(field t.yaml turn)" "{moved: 100}"
	refused 1 "bt-move: refused (CC-15): 'b1' can't end its move over impassable ground" b1 f
	refused 1 "bt-move: refused (CC-15): 'b1' can't end its move over impassable ground" --to 5,4 b1
	move --to 5,3 b1
	# over [4, 4], impassable: no ground unit could reach [5, 3] within 150 ft
	assert_equal "$(logged t.yaml move)" "b1 moves fl fr to [5, 3] facing n, 100 ft (50 left)"
}

@test "CC-15 a hurricane or a sandstorm grounds a flier: it moves as a ground unit (CC-4)" {
	for weather in sandstorm hurricane; do
		alone flying=true speed=250
		terrain 5 4 f
		terrain 4 4 x
		sed -i "s/^weather: clear\$/weather: $weather/" sc.yaml
		start
		move b1 f
		assert_equal "$(field t.yaml turn)" "{moved: 100}"
		refused 1 "bt-move: refused (G-2): 'b1' can't step 'fl' onto impassable ground" b1 fl
	done
}

@test "CC-29 a unit that steps off the map edge leaves the battle as fled" {
	scenario
	unit b1 blue 5,0
	unit b2 blue 9,9 initiative=8
	unit r1 red 0,9 initiative=5
	start
	move b1 f
	assert_equal "$stderr" ""
	assert_equal "$(field t.yaml units.b1.status)" "[fled]"
	assert_equal "$(field t.yaml units.b1.at)" ""
	assert_equal "$(sed -n '/^order:/,/^[a-z]/p' t.yaml)" "order:
- b2
- r1
log:"
	assert_equal "$(field t.yaml active)" b2
	assert_equal "$(field t.yaml turn)" ""
	# the turn has passed: b1 is out
	run --separate-stderr -1 bt-move -f t.yaml b1 f
	assert_equal "$stderr" "bt-move: refused (CC-29): 'b1' is gone off the map"
}

@test "CC-29 any part of a 2x1 unit over the edge is enough; the rest of the order is void" {
	scenario
	unit b1 blue 0,5 size=2x1
	unit b2 blue 9,9 initiative=8
	unit r1 red 0,9 initiative=5
	start
	move b1 l f f
	assert_equal "$(field t.yaml units.b1.status)" "[fled]"
	assert_equal "$(field t.yaml active)" b2
}

@test "CC-29 the log says which steps took the unit off the map" {
	scenario
	unit b1 blue 0,5 size=2x1
	unit b2 blue 9,9 initiative=8
	unit r1 red 0,9 initiative=5
	start
	move b1 f l f
	assert_equal "$(logged t.yaml move)" "b1 moves f l and leaves the battle over the map's edge (CC-29)"
}

@test "CC-29 a side's last unit leaving the map ends the battle (CC-1)" {
	scenario
	unit b1 blue 5,0
	unit r1 red 0,9 initiative=5
	start
	move b1 f
	assert_equal "$(field t.yaml units.b1.status)" "[fled]"
	assert_equal "$(sed -n '/^result:/,/^[a-z]/p' t.yaml | sed -n 2p)" "  winner: red"
	# the move is logged, then the end it brought
	assert_equal "$(grep '^  event: ' t.yaml | tail -n 2)" "  event: move
  event: result"
	assert_equal "$(field t.yaml active)" ""
	run --separate-stderr -1 bt-move -f t.yaml r1 f
	[[ "$stderr" == "bt-move: refused (CC-1): the battle is over (red won: "* ]]
}
