# kingdom.bash: what the kingdom rule tests (tests/85-87) share: battles
# built on the kingdom field (tests/data/kingdom-field.yaml: blue's b1 and
# red's r1, 20 HP, AC 14, melee +6, Maneuver +3 against DC 12) and readers
# of the armies' turn records and the log. Loaded after helper.bash.

# Starts sc.yaml from the kingdom field.
scenario() {
	cp "$DATA/kingdom-field.yaml" sc.yaml
}

# army ID SIDE X Y: adds an army with b1's numbers to sc.yaml.
army() {
	sed -n '/^  b1:$/,/^  r1:$/p' "$DATA/kingdom-field.yaml" | sed '$d' |
	    sed -e "1s/b1/$1/" -e "s/side: blue/side: $2/" \
	    -e "s/at: \[1, 1\]/at: [$3, $4]/" >> sc.yaml
}

# place ID X Y
place() {
	unit_set sc.yaml "$1" at "[$2, $3]"
}

# bows ID: the army shoots (ranged +7, 3 Shots, range 3).
bows() {
	unit_set sc.yaml "$1" ranged 7
	unit_set sc.yaml "$1" shots 3
	unit_set sc.yaml "$1" max-shots 3
	unit_set sc.yaml "$1" range 3
}

# engage FILE A B: the two armies engaged with each other by hand.
engage() {
	unit_set "$1" "$2" engaged "[$3]"
	unit_set "$1" "$3" engaged "[$2]"
}

# turn_of FILE ID KEY: a key of the army's turn record.
turn_of() {
	awk -v id="$2" -v key="$3" '
	$0 == "  " id ":" { inu = 1; next }
	inu && /^  [^ ]/ { inu = 0 }
	inu && /^    turn:$/ { inturn = 1; next }
	inturn && /^    [^ ]/ { inturn = 0 }
	inturn && $0 ~ "^      " key ": " { sub("^ *" key ": ", ""); print; exit }
	' "$1"
}

# log_texts FILE EVENT: the text of every log entry of that event, in order.
log_texts() {
	awk -v ev="$2" '
	/^log:/ { inlog = 1; next }
	inlog && /^[^ -]/ { inlog = 0 }
	!inlog { next }
	/^- round: / { e = "" }
	/^  event: / { e = substr($0, 10) }
	e == ev && /^  text: / { print substr($0, 9) }' "$1" |
	    sed -e "/^'.*'\$/{s/^'//;s/'\$//;s/''/'/g;}"
}

# resolve ROLLS [OPTION...]: bt-resolve s.yaml into t.yaml, nothing on
# stderr.
resolve() {
	local rolls=$1
	shift
	run --separate-stderr -0 bt-resolve "$@" -r "$rolls" s.yaml
	assert_equal "$stderr" ""
	printf '%s\n' "$output" > t.yaml
}
