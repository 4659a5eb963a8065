#!/usr/bin/env bats
# bt-order at scale: a file of many orders is played on one state kept in
# memory, in time linear in the orders, and still ends byte for byte where
# the pipeline of programs ends; a file of more orders than a battle could
# use is bad data, refused before anything is played (bt-order(1)).
load helper

# A cc battle with no round limit, so that every bt-resolve is taken.
endless_cc() {
	cc_state | grep -v '^round-limit:'
}

# resolves N: N lines 'bt-resolve'.
resolves() {
	yes bt-resolve | head -n "$1"
}

@test "bt-order plays 10,000 orders in seconds, not hours: one state in memory" {
	skip_under_valgrind "a CPU-time bound"
	endless_cc > s.yaml
	resolves 10000 > many.orders
	# 10,000 took more than 15 minutes when each order went through the
	# state's text; 20 s of CPU is a generous bound for a linear run.
	run --separate-stderr -0 bash -c 'ulimit -t 20 && exec bt-order -f s.yaml many.orders'
	printf '%s\n' "$output" > all.yaml
	assert_equal "$stderr" ""
	assert_equal "$(grep -c '^  event: end$' all.yaml)" 10000
	# the same orders in two files, one after the other: the same state
	resolves 5000 > half.orders
	bt-order -f s.yaml half.orders > mid.yaml
	bt-order -f mid.yaml half.orders > two.yaml
	cmp all.yaml two.yaml
}

@test "a file of more than 10,000 orders is bad data, refused before any is played" {
	endless_cc > s.yaml
	cp s.yaml before.yaml
	# the first order would be refused (exit 1): the count comes first
	{ echo 'bt-attack blue-hydra red-foot'; echo '# comments and blank lines are not orders'; echo;
	    resolves 9999; } > max.orders
	run --separate-stderr -1 bt-order -f s.yaml max.orders
	[[ "$stderr" == "bt-order: max.orders:1: bt-attack: refused (CC-"* ]]
	echo bt-resolve >> max.orders
	run --separate-stderr -3 bt-order -i -f s.yaml max.orders
	assert_output ""
	assert_equal "$stderr" "bt-order: max.orders:10003: more than 10000 orders in one file: no battle needs so many; split them into turns"
	cmp s.yaml before.yaml
	assert_equal "$(ls -A | sort | tr '\n' ' ')" "before.yaml max.orders s.yaml "
}

# chain RULES SEED N: plays N random orders (tests/property.sh's) on a
# fresh battle of RULES with the programs, one process each, keeping those
# that succeed in chain.orders; start.yaml is the battle, end.yaml where
# the programs took it.
chain() {
	local i line mode words
	"$BT_SRCDIR/tests/property.sh" scenario "$1" "$2" > scenario.yaml
	bt-init --seed "$2" scenario.yaml > start.yaml
	cp start.yaml end.yaml
	: > chain.orders
	for ((i = 1; i <= $3; i++)); do
		{ read -r mode; read -r line || :; } < <("$BT_SRCDIR/tests/property.sh" order "$2" "$i" end.yaml)
		[[ $mode != ended ]] || break
		case $line in
		bt-move* | bt-attack* | bt-act* | bt-morale* | bt-resolve*) ;;
		*) continue ;;
		esac
		read -ra words <<< "$line"
		if "${words[0]}" -f end.yaml "${words[@]:1}" > next.yaml 2>/dev/null; then
			mv next.yaml end.yaml
			printf '%s\n' "$line" >> chain.orders
		fi
	done
}

@test "the orders of whole battles of each ruleset, played in memory, end where the programs do" {
	local rules
	for rules in cc kingdom clash; do
		chain "$rules" 16 150
		[ "$(wc -l < chain.orders)" -ge 40 ] || fail "$rules: too few orders taken"
		run --separate-stderr -0 bt-order -f start.yaml chain.orders
		printf '%s\n' "$output" > by-order.yaml
		cmp by-order.yaml end.yaml || fail "$rules: bt-order differs from the programs"
	done
}
