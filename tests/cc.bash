# cc.bash: what the cc rule tests (tests/81-83) share to build a battle on
# one of their fields, each file's scenario() copying it to sc.yaml, and
# to read it back. Loaded after helper.bash.

# place ID X Y FACING: moves a unit of sc.yaml.
place() {
	sed -i -E "/^  $1:/s/at: \[[0-9]+, [0-9]+\], facing: [nesw]/at: [$2, $3], facing: $4/" sc.yaml
	grep -q "^  $1: .*at: \[$2, $3\], facing: $4," sc.yaml
}

# set_stat ID KEY VALUE: the first KEY on the unit's line (its own
# attack and damage come before its ranged ones).
set_stat() {
	sed -i -E "/^  $1:/s/([ {])$2: [^,}]+/\1$2: $3/" sc.yaml
	grep -q "^  $1: .*[ {]$2: $3[,}]" sc.yaml
}

# add_key ID 'KEY: VALUE': a key the unit's line doesn't have yet.
add_key() {
	sed -i -E "/^  $1:/s/\}\$/, $2}/" sc.yaml
}

# The battle of sc.yaml started in s.yaml: blue wins the Culture check
# (10 against 5) and no initiative ties, so nothing else rolls.
start() {
	bt-init --seed 1 -r 10,5 sc.yaml > s.yaml
}

# The ids of the state's 'order', on one line.
order_of() {
	sed -n '/^order:/,/^[a-z]/s/^- //p' "$1" | tr '\n' ' '
}
