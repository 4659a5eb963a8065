#!/usr/bin/env bats
# The property test of tests/96-property.bats for kingdom battles, in a file
# of its own so that make -j2 check plays it beside the others.
load property

@test "random kingdom orders on random kingdom battles keep every state valid and canonical" {
	play kingdom 22
}
