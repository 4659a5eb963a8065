# Loaded by every tests/*.bats: the built programs first on PATH, a
# temporary folder per test, the C locale, bats-assert and bats-support.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

: "${BT_SRCDIR:=$(cd "$BATS_TEST_DIRNAME/.." && pwd)}"
: "${BT_BUILDDIR:=$BT_SRCDIR}"
# make check-valgrind puts its wrappers, which run each program under
# valgrind, before the programs themselves.
export PATH="${BT_WRAPDIR:+$BT_WRAPDIR:}$BT_BUILDDIR:$PATH"
export LC_ALL=C
unset NO_COLOR BT_FAULT BT_EMIT
EXAMPLES="$BT_SRCDIR/examples"
DATA="$BT_SRCDIR/tests/data"

# Each test works in a folder of its own (bats keeps files of its own in
# BATS_TEST_TMPDIR itself).
setup() {
	mkdir -p "$BATS_TEST_TMPDIR/work" && cd "$BATS_TEST_TMPDIR/work"
}

# Skips the test when make check-valgrind runs it: for what can't work
# under valgrind, saying why.
skip_under_valgrind() {
	[ -z "${BT_WRAPDIR-}" ] || skip "under valgrind: $1"
}

# stopped PID: the process has stopped itself (BT_FAULT=stop-before-rename).
stopped() {
	local state= i
	for ((i = 0; i < 1000; i++)); do
		{ read -r _ _ state _ < "/proc/$1/stat"; } 2> /dev/null || return 1
		[[ $state == T ]] && return 0
		sleep 0.01
	done
	return 1
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

# --- editing and reading states by hand (the cc rule tests) ---

# unit_set FILE ID KEY VALUE: sets a key of a unit in a state by hand.
unit_set() {
	sed -i -e "/^  $2:\$/,/^  [^ ]/{/^    $3: /d;}" \
	    -e "/^  $2:\$/,/^  [^ ]/s/^    side: .*/&\n    $3: $4/" "$1"
}

# unit_del FILE ID KEY
unit_del() {
	sed -i "/^  $2:\$/,/^  [^ ]/{/^    $3: /d;}" "$1"
}

# broken FILE ID: the unit at 0 HP and broken, and the state still valid.
broken() {
	unit_set "$1" "$2" hp 0
	unit_set "$1" "$2" status '[broken]'
	bt-check "$1" > /dev/null
}

# The last log entry of state $1, or the last of event $2: its lines.
log_entry() {
	awk -v ev="${2-}" '
	function keep() { if (buf != "" && (ev == "" || e == ev)) last = buf }
	/^log:/ { inlog = 1; next }
	inlog && /^[^ -]/ { inlog = 0 }
	!inlog { next }
	/^- round: / { keep(); buf = ""; e = "" }
	/^  event: / { e = substr($0, 10) }
	{ buf = buf $0 "\n" }
	END { keep(); printf "%s", last }' "$1"
}

# Its text, unquoted, and its rolls.
log_text() {
	log_entry "$@" | sed -n "s/^  text: //p" |
	    sed -e "/^'.*'\$/{s/^'//;s/'\$//;s/''/'/g;}"
}

log_rolls() {
	log_entry "$@" | sed -n 's/^  rolls: //p'
}

# How many log entries of event $2 state $1 has.
log_count() {
	grep -c "^  event: $2\$" "$1" || true
}
