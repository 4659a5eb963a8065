#!/usr/bin/env bats
# cc's legal orders (lib/cc-options.c) and its commanders (lib/cc-auto.c),
# through bt-auto: every order listed is one the programs take.
load helper

@test "bt-auto -p random plays 30 whole cc battles to their end; each state passes bt-check" {
	for k in $(seq 1 30); do
		run --separate-stderr bt-auto -p random \
		    <(bt-init --seed "$k" "$EXAMPLES/cc-field.yaml")
		assert_success
		[ -z "$stderr" ]
		echo "$output" > "end-$k.yaml"
		run bt-check "end-$k.yaml"
		assert_success
		grep -q '^result:' "end-$k.yaml"
	done
}
