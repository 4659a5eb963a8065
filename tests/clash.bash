# Loaded by the clash rule tests (tests/9*-clash-*.bats) after helper.bash:
# the test field, and reading and setting stands by hand.

# The battle of tests/data/clash-field.yaml in s.yaml: no tie, no roll.
clash_field() {
	bt-init --seed 1 "$DATA/clash-field.yaml" > s.yaml
}

# stand_set FILE UNIT N '{at: [x, y], hp: n}': stand N of UNIT by hand.
stand_set() {
	awk -v unit="$2" -v n="$3" -v val="$4" '
	/^  [^ ]/ { inu = ($0 == "  " unit ":"); k = 0 }
	inu && /^    - \{/ { if (++k == n) $0 = "    - " val }
	{ print }' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
}

# stand_of FILE UNIT N: the stand's flow mapping, as written.
stand_of() {
	awk -v unit="$2" -v n="$3" '
	/^  [^ ]/ { inu = ($0 == "  " unit ":"); k = 0 }
	inu && /^    - \{/ { if (++k == n) { sub(/^    - /, ""); print } }' "$1"
}

# active FILE UNIT: whose turn it is, by hand.
active() {
	sed -i "s/^active: .*/active: $2/" "$1"
}

# objective FILE '{...}': one more objective.
objective() {
	sed -i "/^objectives:\$/a - $2" "$1"
}

# The value of KEY $2 of the state's result, unquoted.
result_of() {
	sed -n "/^result:/,/^[a-z]/s/^  $2: //p" "$1" |
	    sed -e "/^'.*'\$/{s/^'//;s/'\$//;s/''/'/g;}"
}

# The blue foot in a line just south of the red foot, in contact.
lines_meet() {
	clash_field
	stand_set s.yaml blue-foot 1 '{at: [1, 2], hp: 6}'
	stand_set s.yaml blue-foot 2 '{at: [2, 2], hp: 6}'
	stand_set s.yaml blue-foot 3 '{at: [3, 2], hp: 6}'
	bt-check s.yaml > /dev/null
}
