#!/usr/bin/env bats
# bt-render -F csv: a row per unit under a header line, RFC 4180 quoting.
load helper

HEADER='unit,side,name,type,x,y,facing,hp,max-hp,stands,status,notes'

@test "the CSV has the header line, then a row per unit in state order, CRLF ends" {
	cc_state > s.yaml
	bt-render -F csv s.yaml > out.csv
	assert_equal "$(head -n 1 out.csv)" "$HEADER"$'\r'
	# Every line ends in CRLF, one a unit.
	assert_equal "$(grep -c $'\r$' out.csv)" "$(wc -l < out.csv)"
	assert_equal "$(tail -n +2 out.csv | cut -d, -f1 | tr '\n' ' ')" \
	    "$(sed -n '/^units:/,/^[a-z]/s/^  \([a-z-]*\):$/\1/p' s.yaml | tr '\n' ' ')"
}

@test "a cc unit's row: its corner, facing, hp, status; off the map: no square" {
	cc_state > s.yaml
	bt-render -F csv s.yaml | tr -d '\r' > out.csv
	grep -qx 'red-foot,red,Heavy infantry,infantry,6,2,s,5,5,,,' out.csv
	# The hydra has four fronts; the knights wait in reserve, off the map.
	grep -qx 'blue-hydra,blue,River hydra,monster,6,5,all,6,6,,,' out.csv
	grep -qx 'red-horse,red,Knights of the Ford,cavalry,,,s,4,4,,reserve,' out.csv
}

@test "RFC 4180: a comma, a quote or a newline (in a name, in notes) quotes the field, quotes doubled" {
	cc_state > s.yaml
	unit_set s.yaml red-foot name "'Foot, the \"Iron\" ones'"
	printf '%s\n' '    notes: "first line' '' '      second, line"' > notes
	sed -i '/^  red-foot:$/r notes' s.yaml
	# (sed takes \\ for one backslash: the YAML gets "Long\nbows".)
	unit_set s.yaml red-bows name '"Long\\nbows"'
	bt-check -i s.yaml
	bt-render -F csv s.yaml > out.csv
	# One record spread over two lines: the newline inside its quotes.
	assert_equal "$(grep -A1 '^red-foot,' out.csv)" \
	    "red-foot,red,\"Foot, the \"\"Iron\"\" ones\",infantry,6,2,s,5,5,,,\"first line"$'\n'"second, line\""$'\r'
	assert_equal "$(grep -A1 '^red-bows,' out.csv)" \
	    "red-bows,red,\"Long"$'\n'"bows\",archers,5,1,s,3,3,,,"$'\r'
}

@test "a unit with several statuses has them quoted as one field" {
	cc_state > s.yaml
	unit_set s.yaml red-foot status '[broken, defending]'
	unit_set s.yaml red-foot hp 0
	bt-check -i s.yaml
	run -0 bt-render -F csv s.yaml
	assert_line 'red-foot,red,Heavy infantry,infantry,6,2,s,0,5,,"broken,defending",'$'\r'
}

@test "a clash unit's row: its first stand's square, its stands' hp, stands on the map" {
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > s.yaml
	# raider-band: four stands of max-hp 9 from 4,5; the second falls.
	sed -i '/^  raider-band:/,/^  [a-z]/s/^    - {at: \[5, 5\], hp: 9}$/    - {hp: 0}/' s.yaml
	bt-check -i s.yaml
	bt-render -F csv s.yaml | tr -d '\r' > out.csv
	grep -qx 'raider-band,raiders,Raiders,,4,5,,27,36,3,,' out.csv
}

@test "a kingdom army's row has no facing and no stands" {
	bt-init --seed 1 "$EXAMPLES/kingdom-vale.yaml" > s.yaml
	bt-render -F csv s.yaml | tr -d '\r' > out.csv
	assert_equal "$(head -n 1 out.csv)" "$HEADER"
	hp=$(field s.yaml units.reaver-axes.hp)
	at=$(field s.yaml units.reaver-axes.at | tr -d '[] ')
	grep -q "^reaver-axes,reavers,[^,]*,,$at,,$hp,[0-9]*,,," out.csv
}

@test "bt-render -F csv of a bad state writes nothing and exits 3" {
	cc_state > bad.yaml
	sed -i 's/^round: 1$/round: x/' bad.yaml
	run --separate-stderr -3 bt-render -F csv bad.yaml
	assert_output ""
	[[ "$stderr" == "bt-render: bad.yaml:"*"round"* ]]
}
