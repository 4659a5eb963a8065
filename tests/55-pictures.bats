#!/usr/bin/env bats
# bt-render --format png, svg, pdf: real pictures, looked at pixel by pixel
# with tests/png-pixel. Square (x, y) covers the pixels 40 + 32x to
# 71 + 32x across and 72 + 32y to 103 + 32y down (bt-render(1)).
load helper
load clash

PIXEL="$BT_BUILDDIR/tests/png-pixel"

setup() {
	mkdir -p "$BATS_TEST_TMPDIR/work" && cd "$BATS_TEST_TMPDIR/work"
	cc_state > s.yaml
	# Built without cairo, bt-render refuses pictures (exit 2): nothing to
	# look at here, and 50-render.bats checks the text formats.
	if ! bt-render -F png s.yaml > /dev/null 2> err; then
		grep -q 'built without cairo' err &&
			skip "bt-render was built without cairo"
		cat err
		return 1
	fi
	[ -x "$PIXEL" ] || fail "$PIXEL is not built: make check builds it"
}

# The pixel at (dx, dy) of square (x, y) of a PNG: "r g b".
at() {
	"$PIXEL" "$1" $((40 + 32 * $2 + $4)) $((72 + 32 * $3 + $5))
}

# near "r g b" "r g b": the same colour, give or take a little rounding.
near() {
	local a=($1) b=($2) i
	for i in 0 1 2; do
		(( ${a[i]} - ${b[i]} <= 6 && ${b[i]} - ${a[i]} <= 6 )) ||
			fail "colour '$1' is not near '$2'"
	done
}

# The colours of lib/picture.c, as cairo writes them.
OPEN="217 230 184"
FOREST="79 128 58"
HILL="199 168 107"
WATER="112 168 220"
BLOCKED="64 64 64"
RED="204 26 26"
BLUE="31 79 209"
BLUE_BAND="10 27 73"		# 0.35 of blue
RED_BAND="71 9 9"
WHITE="255 255 255"
ORANGE="255 128 0"		# the unit whose turn it is
GREY="140 140 140"		# a used reaction

@test "the examples of every ruleset render to PNG, SVG and PDF" {
	local f name
	command -v rsvg-convert > /dev/null ||
		skip "rsvg-convert is not installed (librsvg2-bin)"
	for f in "$EXAMPLES"/*.yaml; do
		name=$(basename "$f" .yaml)
		bt-init --seed 3 "$f" > "$name.yaml"
		run -0 bt-render -F png "$name.yaml"
		bt-render -F png "$name.yaml" > "$name.png"
		run -0 "$PIXEL" "$name.png"
		[[ "$output" =~ ^[0-9]+\ [0-9]+$ ]] || fail "$name.png: $output"
		bt-render -F svg "$name.yaml" > "$name.svg"
		run -0 rsvg-convert -o "$name-svg.png" "$name.svg"
		run -0 "$PIXEL" "$name-svg.png"
		bt-render -F pdf "$name.yaml" > "$name.pdf"
		assert_equal "$(head -c 5 "$name.pdf")" "%PDF-"
		assert_equal "$(tail -c 6 "$name.pdf")" "%%EOF"
	done
}

@test "the same state gives the same bytes in every format" {
	local f
	for f in png svg pdf; do
		bt-render -F "$f" s.yaml > a
		bt-render -F "$f" s.yaml > b
		cmp a b
	done
}

@test "a square is 32 pixels: the picture's height is the map's and the legend's" {
	bt-render -F png s.yaml > s.png
	# 72 above the map, 8 squares, 24 of numbers, 5 units and 5 lines
	# of legend (sides, terrain, marks, order, spare), 8 below
	run -0 "$PIXEL" s.png
	assert_equal "${output#* }" $((72 + 8 * 32 + 24 + 16 * (5 + 5) + 8))
	[ "${output% *}" -ge $((2 * 40 + 12 * 32)) ]
}

@test "G-2 terrain takes its colour: open, forest, hills, water, impassable" {
	bt-render -F png s.yaml > s.png
	near "$(at s.png 0 0 16 16)" "$OPEN"
	near "$(at s.png 9 2 16 16)" "$FOREST"
	near "$(at s.png 4 1 16 16)" "$HILL"
	near "$(at s.png 0 3 16 16)" "$WATER"
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | bt-render -F png > k.png
	near "$(at k.png 0 0 16 16)" "$BLOCKED"
	near "$(at k.png 2 0 16 16)" "$OPEN"
}

@test "each unit is drawn over its footprint in its side's colour" {
	bt-render -F png s.yaml > s.png
	# red-foot: 2x1 at 6,2; red-bows at 5,1; blue-spears 2x1 at 8,6
	near "$(at s.png 6 2 16 16)" "$RED"
	near "$(at s.png 7 2 16 16)" "$RED"
	near "$(at s.png 5 1 5 12)" "$RED"
	near "$(at s.png 8 6 16 16)" "$BLUE"
	near "$(at s.png 9 6 16 16)" "$BLUE"
	# the hydra, with a band on all four sides
	near "$(at s.png 6 5 9 10)" "$BLUE"
	# and the squares around them are still ground
	near "$(at s.png 5 2 16 16)" "$HILL"
	near "$(at s.png 8 2 16 16)" "$OPEN"
}

@test "a side named after no colour takes the text map's next free one" {
	sed 's/\bred\b/north/g' s.yaml > n.yaml
	bt-render -F png n.yaml > n.png
	# blue is taken by a side: north gets red, the first free colour
	near "$(at n.png 6 2 16 16)" "$RED"
	sed 's/\bblue\b/south/g' s.yaml > m.yaml
	bt-render -F png m.yaml > m.png
	# red is taken: south gets blue
	near "$(at m.png 8 6 16 16)" "$BLUE"
}

@test "a unit moved one square moves its colour" {
	bt-render -F png s.yaml > before.png
	bt-move blue-hydra f < s.yaml | bt-render -F png > after.png
	near "$(at before.png 6 5 9 10)" "$BLUE"
	near "$(at before.png 6 4 9 10)" "$OPEN"
	near "$(at after.png 6 5 9 10)" "$OPEN"
	near "$(at after.png 6 4 9 10)" "$BLUE"
}

@test "CC-7 the front band is on the facing side" {
	bt-render -F png s.yaml > s.png
	# blue-spears faces north: a dark band on top, none below
	near "$(at s.png 8 6 16 4)" "$BLUE_BAND"
	near "$(at s.png 8 6 16 28)" "$BLUE"
	# red-foot faces south
	near "$(at s.png 6 2 16 27)" "$RED_BAND"
	near "$(at s.png 6 2 16 4)" "$RED"
	# turned east, the band is on its right end only
	sed "/^  blue-spears:/,/^  [a-z]/s/^    facing: 'n'\$/    facing: e/" \
	    s.yaml > e.yaml
	! cmp -s s.yaml e.yaml
	bt-render -F png e.yaml > e.png
	near "$(at e.png 9 6 27 16)" "$BLUE_BAND"
	near "$(at e.png 8 6 16 4)" "$BLUE"
	near "$(at e.png 8 6 4 16)" "$BLUE"
}

@test "CC-7 a unit with four fronts has a band on every side" {
	bt-render -F png s.yaml > s.png
	near "$(at s.png 6 5 16 4)" "$BLUE_BAND"
	near "$(at s.png 6 5 27 16)" "$BLUE_BAND"
	near "$(at s.png 6 5 16 27)" "$BLUE_BAND"
	near "$(at s.png 6 5 4 16)" "$BLUE_BAND"
}

@test "a destroyed unit leaves the map: its squares show the ground" {
	sed -i '/^  blue-spears:/,/^  [a-z]/{/^    at: /d;s/^    hp: 4$/    hp: -1/;s/^    weight: 3$/&\n    status: [destroyed]/}' s.yaml
	sed -i '/^- blue-spears$/d' s.yaml
	bt-check -q s.yaml
	bt-render -F png s.yaml > s.png
	near "$(at s.png 8 6 16 16)" "$OPEN"
	near "$(at s.png 9 6 16 4)" "$OPEN"
}

@test "kingdom armies have no band, and an engaged one a ringed cross" {
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" > k.yaml
	bt-render -F png k.yaml > k.png
	# north-guard (red) at 3,1: its top edge is its colour, no band
	near "$(at k.png 3 1 16 4)" "$RED"
	near "$(at k.png 3 1 23 5)" "$RED"
	# south-horse (blue) at 4,4: moved next to it and engaged
	sed -i '/^  south-horse:/,/^  [a-z]/s/^    at: .*/    at: [4, 2]/' k.yaml
	unit_set k.yaml north-guard engaged '[south-horse]'
	unit_set k.yaml south-horse engaged '[north-guard]'
	bt-check -q k.yaml
	bt-render -F png k.yaml > e.png
	near "$(at e.png 3 1 23 5)" "$WHITE"
	near "$(at e.png 4 2 23 5)" "$WHITE"
	near "$(at e.png 3 1 5 16)" "$RED"
}

@test "CL-4 clash stands in their side's colour, a casualty faded and crossed" {
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > c.yaml
	bt-render -F png c.yaml > c.png
	# raiders (red) at 4..7,5; the town guard (blue) at 4..6,1
	near "$(at c.png 4 5 5 16)" "$RED"
	near "$(at c.png 5 5 5 16)" "$RED"
	near "$(at c.png 4 1 5 16)" "$BLUE"
	# the hero is a solo: a disc, its square's corner is ground
	near "$(at c.png 5 0 16 5)" "$BLUE"
	near "$(at c.png 5 0 3 3)" "$OPEN"
	near "$(at c.png 4 1 3 3)" "$BLUE"
	stand_set c.yaml raider-band 2 '{at: [5, 5], hp: 0}'
	bt-check -q c.yaml
	bt-render -F png c.yaml > d.png
	near "$(at d.png 5 5 16 8)" "235 158 158"	# red faded 60%
	near "$(at d.png 5 5 16 16)" "0 0 0"		# the cross
	near "$(at d.png 4 5 5 16)" "$RED"
}

# The pixels of row 15 of every square the text map shows as bare ground,
# from 6 to 26 across, where no terrain feature is drawn: each must be its
# terrain's colour, or a line ran over it that belongs to nothing there.
stray_free() {
	local png=$1 txt=$2 args=() want=() x y row t i=0
	declare -A rgb=(["."]="$OPEN" [f]="$FOREST" [h]="$HILL" [w]="$WATER"
	    [x]="$BLOCKED" [r]="153 148 138" [s]="138 153 120" [b]="176 112 79")
	while IFS= read -r row; do
		[[ $row =~ ^\ *([0-9]+)\ (.*)\ [0-9]+$ ]] || continue
		y=${BASH_REMATCH[1]}
		row=${BASH_REMATCH[2]}
		for ((x = 0; 2 * x < ${#row}; x++)); do
			[[ ${row:2*x+1:1} == " " ]] || continue	# a unit
			t=${row:2*x:1}
			for dx in 6 11 16 21 26; do
				args+=($((40 + 32 * x + dx)) $((72 + 32 * y + 15)))
				want+=("${rgb[$t]}")
			done
		done
	done < <(sed -n '/^ *[0-9]\{1,3\} /p' "$txt")
	[ "${#args[@]}" -gt 0 ] || fail "no bare square in $txt"
	while IFS= read -r got; do
		near "$got" "${want[i]}" || return 1
		i=$((i + 1))
	done < <("$PIXEL" "$png" "${args[@]}")
	assert_equal "$i" "${#want[@]}"
}

@test "no stray line over any bare square, in the picture of every example" {
	local f name
	for f in "$EXAMPLES"/*.yaml; do
		name=$(basename "$f" .yaml)
		bt-init --seed 3 "$f" > "$name.yaml"
		bt-render --color=never "$name.yaml" > "$name.txt"
		bt-render -F png "$name.yaml" > "$name.png"
		stray_free "$name.png" "$name.txt" || fail "a stray line in $name.png"
	done
}

@test "the unit whose turn it is has an orange frame, in cc and clash" {
	bt-render -F png s.yaml > s.png
	# blue-hydra at 6,5 is to act; blue-spears at 8,6 is not
	near "$(at s.png 6 5 1 16)" "$ORANGE"
	near "$(at s.png 6 5 16 1)" "$ORANGE"
	[[ "$(at s.png 8 6 1 16)" != "$ORANGE" ]]
	bt-resolve s.yaml | bt-render -F png > t.png
	[[ "$(at t.png 6 5 1 16)" != "$ORANGE" ]]
	near "$(at t.png 5 1 1 16)" "$ORANGE"	# red-bows, next
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" | bt-render -F png > c.png
	near "$(at c.png 5 0 1 16)" "$ORANGE"	# town-hero, a solo
	[[ "$(at c.png 4 1 1 16)" != "$ORANGE" ]]
}

@test "CC-25 CC-26 CC-21 a readied attack, Support and a used reaction are marked on the unit" {
	sed -i '/^  blue-spears:/,/^  [a-z]/s/^    weight: 3$/&\n    reacted: true\n    supported-by: blue-hydra\n    ready: {trigger: contact}/' s.yaml
	bt-check -q s.yaml
	bt-render -F png s.yaml > m.png
	# blue-spears, 2x1 at 8,6 facing north: along the top of its body
	near "$(at m.png 8 6 8 8)" "$WHITE"		# readied: a white dot
	near "$(at m.png 9 6 24 8)" "0 0 0"		# Support: a black dot
	near "$(at m.png 9 6 0 8)" "$GREY"		# reaction used
	bt-render -F png s.yaml > /dev/null
	cc_state | bt-render -F png > plain.png
	near "$(at plain.png 8 6 8 8)" "$BLUE"
	near "$(at plain.png 9 6 24 8)" "$BLUE"
	near "$(at plain.png 9 6 0 8)" "$BLUE"
}

@test "G-2 the terrain key under the map: a swatch of each terrain the map has, 96 pixels apart" {
	bt-render -F png s.yaml > s.png
	# the legend starts 24 under the map (72 + 8 * 32); the key's
	# swatches are its second line, from 17 to 30 down
	local y=$((72 + 8 * 32 + 24 + 24))
	near "$("$PIXEL" s.png $((40 + 7)) $y)" "$OPEN"
	near "$("$PIXEL" s.png $((40 + 96 + 7)) $y)" "$FOREST"
	near "$("$PIXEL" s.png $((40 + 2 * 96 + 7)) $y)" "$HILL"
	near "$("$PIXEL" s.png $((40 + 3 * 96 + 7)) $y)" "$WATER"
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | bt-render -F png > k.png
	y=$((72 + 6 * 32 + 24 + 24))
	near "$("$PIXEL" k.png $((40 + 3 * 96 + 7)) $y)" "$BLOCKED"
}

@test "the PDF's legend has the marks of the battle's own ruleset only, and each unit's name" {
	command -v pdftotext > /dev/null || skip "pdftotext is not installed (poppler-utils)"
	bt-render -F pdf s.yaml > s.pdf
	pdftotext s.pdf s.txt
	grep -q 'White edge: defending' s.txt
	grep -q 'blue-hydra, River hydra, to act (blue): 6/6 HP' s.txt
	grep -q '^Order: A blue-hydra (to act), C red-bows, D red-foot, B blue-spears$' s.txt
	! grep -q 'engaged\|casualty' s.txt
	bt-init --seed 1 "$EXAMPLES/kingdom-pass.yaml" | bt-render -F pdf > k.pdf
	pdftotext k.pdf k.txt
	grep -q 'Cross in a ring: engaged' k.txt
	! grep -q 'front\|defending\|casualty\|Order:' k.txt
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" | bt-render -F pdf > c.pdf
	pdftotext c.pdf c.txt
	grep -q 'Faded with a cross: casualty' c.txt
	! grep -q 'engaged\|defending\|Band' c.txt
}

@test "--paper a4 and letter put the PDF on that page, turned to fit; other formats refuse it" {
	command -v pdfinfo > /dev/null || skip "pdfinfo is not installed (poppler-utils)"
	bt-render -F pdf --paper=a4 s.yaml > a4.pdf
	[[ "$(pdfinfo a4.pdf)" == *"Page size:       841.89 x 595.276 pts (A4)"* ]]
	bt-render -F pdf --paper letter s.yaml > l.pdf
	[[ "$(pdfinfo l.pdf)" == *"Page size:       792 x 612 pts (letter)"* ]]
	bt-render -F pdf s.yaml > n.pdf
	! [[ "$(pdfinfo n.pdf)" == *"(A4)"* ]]
	run --separate-stderr -2 bt-render -F png --paper a4 s.yaml
	assert_output ""
	assert_equal "${stderr_lines[0]}" "bt-render: --paper is for -F pdf: a png has no page"
	run --separate-stderr -2 bt-render -F pdf --paper a3 s.yaml
	assert_equal "${stderr_lines[0]}" "bt-render: bad --paper 'a3': a4 or letter"
}

@test "a battle named in Japanese is drawn with a font that has its glyphs, not boxes" {
	command -v pdffonts > /dev/null || skip "pdffonts is not installed (poppler-utils)"
	fc-list :lang=ja | grep -q . || skip "no Japanese font (fonts-droid-fallback)"
	sed -i 's/^name: .*/name: 浅瀬の戦い/' s.yaml
	bt-render -F pdf s.yaml > j.pdf
	# DejaVu has no kana or kanji: another font is embedded for them
	pdffonts j.pdf | tail -n +3 | grep -v DejaVu | grep -q 'yes yes yes'
	[[ "$(pdftotext j.pdf - | head -n 1)" == "浅瀬の戦い (cc), round 1, "* ]]
	bt-render -F png s.yaml > j.png
}

@test "no stray line runs from the last row label to a solo's disc" {
	bt-init --seed 3 "$EXAMPLES/clash-shrine.yaml" > c.yaml
	bt-render -F png c.yaml > c.png
	# north-abbess, a solo, is the first unit drawn, at [5, 1], right
	# after the row label 7 at the map's right: the line once ran from
	# that label's end to the disc's edge, over the open squares between
	near "$(at c.png 8 3 4 19)" "$OPEN"
	near "$(at c.png 9 4 6 20)" "$OPEN"
	near "$(at c.png 11 7 25 4)" "$OPEN"
	# the disc itself is still drawn, and round: its square's corner is
	# ground
	near "$(at c.png 5 1 16 5)" "$RED"
	near "$(at c.png 5 1 2 2)" "$OPEN"
}

@test "the SVG opens in a real renderer, square for square as the PNG" {
	command -v rsvg-convert > /dev/null ||
		skip "rsvg-convert is not installed (librsvg2-bin)"
	bt-render -F svg s.yaml > s.svg
	bt-render -F png s.yaml > s.png
	rsvg-convert -o svg.png s.svg
	assert_equal "$("$PIXEL" svg.png)" "$("$PIXEL" s.png)"
	near "$(at svg.png 0 0 16 16)" "$OPEN"
	near "$(at svg.png 9 2 16 16)" "$FOREST"
	near "$(at svg.png 8 6 16 16)" "$BLUE"
	near "$(at svg.png 8 6 16 4)" "$BLUE_BAND"
}

@test "the PDF is a PDF, with no date in it" {
	bt-render -F pdf s.yaml > s.pdf
	assert_equal "$(head -c 5 s.pdf)" "%PDF-"
	! grep -aq CreationDate s.pdf
}

@test "a map over 128 squares a side is refused, exit 2" {
	awk 'BEGIN { for (i = 0; i < 118; i++) dots = dots "." }
	    /^  width: 12$/ { print "  width: 130"; next }
	    /^  - "/ { sub(/"$/, dots "\"") }
	    { print }' s.yaml > big.yaml
	bt-check -q big.yaml
	run --separate-stderr -2 bt-render -F png big.yaml
	assert_output ""
	assert_equal "$stderr" "bt-render: the map is 130x8 squares: a png picture is drawn of a map of up to 128 on a side"
	run -0 bt-render big.yaml
}

@test "a picture that can't be written is exit 4, said once" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr -4 bash -c 'bt-render -F png s.yaml > /dev/full'
	assert_equal "$stderr" "bt-render: can't write the output: No space left on device"
}

@test "bt-render links no cairo, Pango or fontconfig: bt-picture draws, byte for byte as bt-render gives it" {
	run -0 ldd "$BT_BUILDDIR/bt-render"
	refute_output --regexp 'cairo|pango|fontconfig'
	run -0 ldd "$BT_BUILDDIR/bt-picture"
	assert_output --partial libcairo
	for f in png svg pdf; do
		bt-render -F $f s.yaml > a.$f
		"$BT_BUILDDIR/bt-picture" -F $f < s.yaml > b.$f
		[ -s a.$f ] && cmp a.$f b.$f
	done
	bt-render -F pdf --paper=letter -f s.yaml > a.pdf
	"$BT_BUILDDIR/bt-picture" -F pdf --paper=letter s.yaml | cmp a.pdf -
}

@test "through bt-picture the messages and exit statuses are bt-render's" {
	# bt-picture run by any name calls itself bt-render.
	printf 'x: [\n' > bad.yaml
	run -3 --separate-stderr "$BT_BUILDDIR/bt-picture" -F png bad.yaml
	assert_output ''
	[[ $stderr == "bt-render: bad.yaml:2:1: not YAML"* ]]
	run -3 --separate-stderr bt-render -F svg bad.yaml
	assert_output ''
	[[ $stderr == "bt-render: bad.yaml:2:1: not YAML"* ]]
	run -4 --separate-stderr bt-render -F png missing.yaml
	assert_equal "$stderr" "bt-render: can't read 'missing.yaml': No such file or directory"
	# A closed standard output is still seen as closed by bt-picture.
	run -4 --separate-stderr sh -c 'bt-render -F png s.yaml >&-'
	assert_equal "$stderr" "bt-render: can't write the output: Bad file descriptor"
}

@test "bt-render runs the bt-picture beside it, else the installed one, else says it can't, exit 4" {
	skip_under_valgrind "the copy of bt-render runs outside the wrappers"
	mkdir bin && cp "$BT_BUILDDIR/bt-render" bin/
	# The installed one's place: the build's pkglibexecdir.
	dir=$(printf 'p:\n\t@echo $(pkglibexecdir)\n' |
	    make -s --no-print-directory -C "$BT_BUILDDIR" -f Makefile -f - p)
	[ ! -e "$dir/bt-picture" ] || skip "a bt is installed in $dir"
	run -4 --separate-stderr bin/bt-render -F png s.yaml
	assert_output ''
	assert_equal "$stderr" "bt-render: can't run $dir/bt-picture to draw the picture: No such file or directory"
	# The text formats don't need it.
	run -0 bin/bt-render s.yaml
	ln -s "$BT_BUILDDIR/bt-picture" bin/bt-picture
	bin/bt-render -F png s.yaml > a.png
	bt-render -F png s.yaml | cmp a.png -
}
