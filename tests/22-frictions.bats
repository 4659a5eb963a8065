#!/usr/bin/env bats
# The smaller frictions of a first evening (issue 17): a program reading a
# terminal says so, a scenario is checked as a scenario, a mail's body
# between markers is read as orders.
load helper

@test "a program reading its state from a terminal says once on stderr that it reads standard input" {
	cc_state > s.yaml
	# script(1) gives bt-check a terminal as standard input; the state
	# typed there (echoed back by the terminal) ends with the end of file.
	run -0 script -qec "bt-check 2>err" /dev/null < s.yaml
	run -0 cat err
	assert_output "bt-check: reading standard input (a terminal); end it with Ctrl-D"
}

@test "a program reading its state from a pipe or a file says nothing of it" {
	cc_state > s.yaml
	run --separate-stderr -0 bash -c 'bt-check < s.yaml'
	assert_equal "$stderr" ""
	run --separate-stderr -0 bash -c 'cat s.yaml | bt-check'
	assert_equal "$stderr" ""
}
