#!/usr/bin/env bats
# The path search of bt-move --to and of cc's retreat (lib/search.c) on
# the biggest maps and reaches a state allows: a binary heap, not a scan
# of the whole window for each square, and a window no wider than the
# squares reached need. The maps are made by bench/gen-map (bench/search
# times the same cases). The time limits are ten or more times what the
# search takes here (0.05 s to 0.5 s, load included), and well under what
# the scan took (10 s, 23 s and over 150 s).
load helper

gen_map() {
	"$BT_SRCDIR/bench/gen-map" "$@"
}

# The steps of the last move in state $1, as counts of each run of the
# same step word: "120 fl" for 120 fl steps.
steps_of() {
	sed -n '/^  event: move$/,/^  text:/s/^  text: .* moves \(.*\) to \[.*/\1/p' "$1" |
	    tail -1 | tr ' ' '\n' | uniq -c | awk '{ printf "%s%d %s", (NR > 1 ? ", " : ""), $1, $2 }'
}

@test "CC-8 --to of a speed-10000 unit on a 200x200 map: the cheapest path, in well under a second" {
	cc_state > s.yaml
	gen_map 200 - blue-hydra speed=10000 facing=s < s.yaml > big.yaml
	run --separate-stderr -0 timeout 5 bt-move -f big.yaml blue-hydra --to 126,125
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	assert_equal "$(field t.yaml units.blue-hydra.at)" "[126, 125]"
	assert_equal "$(field t.yaml turn)" "{moved: 6550}"
	# Woods every few squares: many paths cost the same; the first move
	# wins each tie, as the old scan of the window did.
	assert_equal "$(steps_of t.yaml)" "120 fl"
}

@test "CL-1 --to across a 1000x1000 map of 1-foot squares at speed 10000, in well under a second and a few MiB" {
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > s.yaml
	gen_map 1000 1 town-hero speed=10000 < s.yaml > big.yaml
	run --separate-stderr -0 timeout 5 bt-move -f big.yaml town-hero --to 250,250
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	grep -q '^    - {at: \[250, 250\], hp: 45, moved: 271}$' t.yaml
	# The same path the old search found on a 256x256 map (it took 70 s).
	assert_equal "$(steps_of t.yaml)" \
	    "6 se, 1 s, 3 se, 1 s, 3 se, 1 s, 3 se, 1 s, 3 se, 1 s, 227 se"
}

@test "CL-1 the search window grows with the squares reached, not with the speed: under 64 MiB on a 1000x1000 map" {
	[[ ${BT_SANITIZERS-} != yes ]] || skip "a sanitizer build has memory of its own"
	skip_under_valgrind "valgrind has memory of its own"
	[ -x /usr/bin/time ] || skip "no GNU time to measure the memory"
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > s.yaml
	gen_map 1000 1 town-hero speed=10000 < s.yaml > big.yaml
	# A window of the whole reach, 2,000 squares around, was 176 MiB.
	timeout 20 /usr/bin/time -o mem -f %M bt-move -f big.yaml town-hero \
	    --to 250,250 > t.yaml
	kib=$(tail -1 mem)
	[ "$kib" -lt 65536 ] || fail "bt-move took $kib KiB"
}

@test "CC-28 a retreat on a 4096x4096 map, the biggest a state allows, takes well under a second" {
	cc_state > s.yaml
	gen_map 4096 - red-bows speed=10000 'at=[1000,1000]' < s.yaml > big.yaml
	broken big.yaml red-bows
	run --separate-stderr -0 timeout 10 bt-resolve big.yaml
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
	# 200 squares of reach can't get it off the map: it ends as near an
	# edge as 10000 ft take it: 800 squares from the w edge, turning to
	# face it (the n edge is as near; CC-28's straightest way decides).
	assert_equal "$(field t.yaml units.red-bows.at)" "[800, 978]"
	[[ "$(log_text t.yaml retreat)" == "red-bows is broken, turns to face w and retreats "?*" toward the w edge, 10000 ft, to [800, 978] (CC-28)" ]]
}

@test "CL-1 --to a square no path reaches, on a 4096x4096 map: refused without searching the whole map" {
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > s.yaml
	gen_map 4096 1 town-hero speed=10000 < s.yaml > big.yaml
	# [5, 5] holds a raider: no path ends there. The search looks no
	# further than the 256 steps an order may have (it took 26 s to
	# search all the map).
	run --separate-stderr -1 timeout 10 bt-move -f big.yaml town-hero --to 5,5
	assert_output ""
	assert_equal "$stderr" "bt-move: refused (CL-1): 'town-hero' has no path to [5, 5] within its 10000 ft of movement left"
}
