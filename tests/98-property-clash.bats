#!/usr/bin/env bats
# The property test of tests/96-property.bats for clash battles, in a file
# of its own so that make -j2 check plays it beside the others.
load property

@test "random clash orders on random clash battles keep every state valid and canonical" {
	play clash 33
}
