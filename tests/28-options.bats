#!/usr/bin/env bats
# bt-options (bt-options(1)): the legal orders of the moment, from the
# ruleset's own enumeration, as a bt-order file and as YAML or JSON.
load helper

# The orders of a listing, comments and blanks dropped.
orders_of() {
	sed -e 's/  *#.*$//' -e '/^#/d' -e '/^$/d' "$1"
}

@test "bt-options' text is a bt-order file: each line it lists, given alone, is taken" {
	for rules in cc-field kingdom-pass clash-bridge; do
		bt-init --seed 2 "$EXAMPLES/$rules.yaml" > s.yaml
		# A few orders in, so that more than the start is listed.
		bt-auto --count 6 -p random -i s.yaml
		run -0 bt-options s.yaml
		echo "$output" > list
		[[ ${lines[0]} == "# "*" legal order"* ]] || fail "${lines[0]}"
		orders_of list > orders
		[ -s orders ] || fail "$rules: nothing listed"
		while IFS= read -r line; do
			echo "$line" > one
			run --separate-stderr bt-order -f s.yaml one
			[ "$status" -eq 0 ] || fail "$rules: '$line' refused: $stderr"
		done < orders
		# The whole listing is a file bt-order reads: the comments too.
		run --separate-stderr bt-order -f s.yaml list
		[[ $status -ne 2 && $status -ne 3 ]] || fail "$rules: $stderr"
	done
}

@test "bt-options -F json and -F yaml list the orders of the text, in its order, with their fields" {
	bt-init --seed 2 "$EXAMPLES/cc-field.yaml" > s.yaml
	bt-options s.yaml > list
	orders_of list > text-orders
	run -0 bt-options -F json s.yaml
	echo "$output" > list.json
	jq -r '.options[].order' list.json > json-orders
	# Grouped by kind in the text, listed as enumerated in JSON: the same set.
	assert_equal "$(sort json-orders)" "$(sort text-orders)"
	assert_equal "$(jq -r .waiting list.json)" "$(bt-options -F yaml s.yaml | sed -n 's/^waiting: //p')"
	# A move says where it ends and what it costs, no more than the speed.
	local active speed
	active=$(field s.yaml active)
	speed=$(field s.yaml "units.$active.speed")
	run jq -r --argjson speed "$speed" '.options[] | select(.kind == "move") |
	    select(.cost > $speed or .cost <= 0 or (.to | length) != 2) | .order' list.json
	assert_output ""
	[ "$(jq '[.options[] | select(.kind == "end")] | length' list.json)" -eq 1 ]
	assert_equal "$(jq -r '.options[] | select(.kind == "end") | .order' list.json)" bt-resolve
}

@test "bt-options --unit: only that unit's orders; a unit not to act has none; an unknown one is exit 2" {
	bt-init --seed 2 "$EXAMPLES/cc-field.yaml" > s.yaml
	local active other
	active=$(field s.yaml active)
	other=$(bt-render -F csv s.yaml | awk -F, -v a="$active" 'NR > 1 && $1 != a { print $1; exit }')
	run -0 bt-options -F json --unit "$active" s.yaml
	[ "$(echo "$output" | jq "[.options[] | select(.unit != \"$active\" and .kind != \"end\")] | length")" -eq 0 ]
	run -0 bt-options --unit "$other" s.yaml
	assert_line --index 0 --partial "$other ("
	assert_line --index 0 --partial ": 0 legal orders now"
	run --separate-stderr -2 bt-options --unit nobody s.yaml
	assert_output ""
	assert_equal "$stderr" "bt-options: bad --unit 'nobody': the state has no such unit"
	run --separate-stderr -2 bt-options -F html s.yaml
	assert_equal "${stderr%%$'\n'*}" "bt-options: bad --format 'html': text, yaml or json"
}

@test "CC-1 bt-options on a battle that is over: nothing is legal, exit 1" {
	bt-init --seed 2 "$EXAMPLES/cc-field.yaml" | bt-auto > end.yaml
	run --separate-stderr -1 bt-options end.yaml
	assert_output ""
	[[ $stderr == "bt-options: refused (CC-1): the battle is over ("* ]] || fail "$stderr"
}
