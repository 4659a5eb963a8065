#!/usr/bin/env bats
# completion/bt: bash completion of every program, tried with bash itself.
load helper

PROGRAMS="bt-act bt-attack bt-auto bt-check bt-init bt-morale bt-move bt-options bt-order bt-render bt-resolve bt-roll bt-sim"

# comp LINE: what bash's completion offers at the end of LINE, one a line,
# sorted: COMP_LINE and COMP_WORDS set as bash sets them, the function
# that `complete -p` names for the command called.
comp() {
	bash -c '
	. "$1" || exit 1
	COMP_LINE=$2 COMP_POINT=${#2}
	read -ra COMP_WORDS <<< "$2"
	[[ $2 == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	spec=$(complete -p "${COMP_WORDS[0]}") || exit 1
	fn=${spec#*-F }; fn=${fn%% *}
	"$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" \
	    "${COMP_WORDS[COMP_CWORD - 1]}"
	printf "%s\n" "${COMPREPLY[@]}"' _ "$BT_SRCDIR/completion/bt" "$1" |
	    sed '/^$/d' | sort
}

@test "every program has a completion: complete -p names the function" {
	for p in $PROGRAMS; do
		run bash -c '. "$1" && complete -p "$2"' _ "$BT_SRCDIR/completion/bt" "$p"
		assert_success
		assert_output "complete -F _bt $p"
	done
}

@test "options are completed from the program's own --help" {
	assert_equal "$(comp 'bt-move --di')" "--disengage"
	assert_equal "$(comp 'bt-render --for')" "--format="
	assert_equal "$(comp 'bt-attack --spi')" "--spill-to="
	# Every long option bt-roll's --help lists.
	assert_equal "$(comp 'bt-roll --' | tr '\n' ' ')" \
	    "--adv --dis --file= --help --in-place --rolls= --version --what= "
}

@test "bt-move with -f: the state's units, then the cc steps" {
	cc_state > s.yaml
	assert_equal "$(comp 'bt-move -f s.yaml ' | tr '\n' ' ')" \
	    "blue-hydra blue-spears red-bows red-foot red-horse "
	assert_equal "$(comp 'bt-move -f s.yaml red-f')" "red-foot"
	assert_equal "$(comp 'bt-move --file=s.yaml blue-hydra f ' | tr '\n' ' ')" \
	    "about ccw cw f fl fr l r "
	assert_equal "$(comp 'bt-move -if s.yaml blue-hydra c' | tr '\n' ' ')" "ccw cw "
}

@test "bt-move in clash: unit and stand ids, then compass steps" {
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > c.yaml
	assert_equal "$(comp 'bt-move -f c.yaml raider-band' | tr '\n' ' ')" \
	    "raider-band raider-band.1 raider-band.2 raider-band.3 raider-band.4 "
	assert_equal "$(comp 'bt-move -f c.yaml town-hero ' | tr '\n' ' ')" \
	    "e n ne nw s se sw w "
	assert_equal "$(comp 'bt-attack -f c.yaml --spill-to town-guard.' | tr '\n' ' ')" \
	    "town-guard.1 town-guard.2 town-guard.3 "
}

@test "bt-act: the ruleset's actions, then what each action takes" {
	cc_state > s.yaml
	assert_equal "$(comp 'bt-act -f s.yaml red-foot ' | tr '\n' ' ')" \
	    "defend disengage ready support "
	assert_equal "$(comp 'bt-act -f s.yaml red-foot ready ' | tr '\n' ' ')" "contact range "
	assert_equal "$(comp 'bt-act -f s.yaml red-foot ready contact blue-h')" "blue-hydra"
	bt-init --seed 1 "$EXAMPLES/kingdom-vale.yaml" > k.yaml
	assert_equal "$(comp 'bt-act -f k.yaml reaver-axes ' | tr '\n' ' ')" \
	    "avoid-melee ceasefire strategy tactic "
	assert_equal "$(comp 'bt-act -f k.yaml reaver-axes strategy ' | tr '\n' ' ')" \
	    "aggressive cautious defensive reckless standard "
	bt-init --seed 1 "$EXAMPLES/clash-bridge.yaml" > c.yaml
	assert_equal "$(comp 'bt-act -f c.yaml town-hero ' | tr '\n' ' ')" "join leave retreat "
}

@test "a JSON state is read as the programs read it" {
	cc_state | bt-render -F json > s.json
	assert_equal "$(comp 'bt-attack -f s.json blue-hydra red-' | tr '\n' ' ')" \
	    "red-bows red-foot red-horse "
}

@test "option values: --hold's list, --color, -F's formats, a file for -f" {
	cc_state > s.yaml
	assert_equal "$(comp 'bt-move -f s.yaml --hold=red-foot,red-b')" "red-foot,red-bows"
	assert_equal "$(comp 'bt-render --color=al')" "always"
	assert_equal "$(comp 'bt-render -F j')" "json"
	assert_equal "$(comp 'bt-render --format=c')" "csv"
	assert_equal "$(comp 'bt-check s.y')" "s.yaml"
	assert_equal "$(comp 'bt-move -f s.')" "s.yaml"
	# No state named: nothing to offer for a unit.
	assert_equal "$(comp 'bt-move ')" ""
}

@test "bt-auto and bt-options: policies, sides, units, formats, the state" {
	cc_state > s.yaml
	assert_equal "$(comp 'bt-auto -f s.yaml -p ' | tr '\n' ' ')" \
	    "blue= general random red= simple "
	assert_equal "$(comp 'bt-auto s.yaml --policy=blue=g')" "general"
	assert_equal "$(comp 'bt-auto -f s.yaml --side=b')" "blue"
	assert_equal "$(comp 'bt-options -f s.yaml --unit=red-h')" "red-horse"
	assert_equal "$(comp 'bt-options -F y')" "yaml"
	assert_equal "$(comp 'bt-auto s.y')" "s.yaml"
	assert_equal "$(comp 'bt-options --u')" "--unit="
	assert_equal "$(comp 'bt-sim -F s')" "svg"
	assert_equal "$(comp 'bt-sim s.yaml -p blue=r')" "random"
	assert_equal "$(comp 'bt-sim -N 100 s.y')" "s.yaml"
	assert_equal "$(comp 'bt-sim --se')" "--seeds="
}
