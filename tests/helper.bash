# Loaded by every tests/*.bats: the built programs first on PATH, a
# temporary folder per test, the C locale, bats-assert and bats-support.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

: "${BT_SRCDIR:=$(cd "$BATS_TEST_DIRNAME/.." && pwd)}"
: "${BT_BUILDDIR:=$BT_SRCDIR}"
export PATH="$BT_BUILDDIR:$PATH"
export LC_ALL=C
unset NO_COLOR BT_FAULT
EXAMPLES="$BT_SRCDIR/examples"
DATA="$BT_SRCDIR/tests/data"

# Each test works in a folder of its own (bats keeps files of its own in
# BATS_TEST_TMPDIR itself).
setup() {
	mkdir -p "$BATS_TEST_TMPDIR/work" && cd "$BATS_TEST_TMPDIR/work"
}

# A started cc battle from the small example, with a fixed seed.
cc_state() {
	bt-init --seed 1 "$EXAMPLES/cc-skirmish.yaml"
}

# Prints the value of a top-level key or 'units.ID.KEY' of a state file
# (block style, as bt writes it): enough to assert one field.
field() {
	local file=$1 path=$2
	awk -v path="$path" '
	BEGIN { n = split(path, p, ".") }
	n == 1 && $0 ~ "^" p[1] ":" { sub("^" p[1] ": ?", ""); print; exit }
	n == 3 && $0 ~ "^" p[1] ":" { in1 = 1; next }
	n == 3 && in1 && /^[^ ]/ { in1 = 0 }
	n == 3 && in1 && $0 ~ "^  " p[2] ":$" { in2 = 1; next }
	n == 3 && in2 && /^  [^ ]/ { in2 = 0 }
	n == 3 && in2 && $0 ~ "^    " p[3] ":" { sub("^ *" p[3] ": ?", ""); print; exit }
	' "$file"
}
