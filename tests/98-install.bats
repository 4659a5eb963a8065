#!/usr/bin/env bats
# make install: the programs, the pages, the licence, the examples under
# $(docdir)/examples and the bash completion, into a DESTDIR.
load helper

setup_file() {
	export DEST="$BATS_FILE_TMPDIR/dest"
	make -C "$BT_BUILDDIR" -s install DESTDIR="$DEST" prefix=/usr \
	    docdir=/usr/share/doc/bt > /dev/null
}

@test "make install puts the scenarios, battle scripts and pbem table under docdir/examples" {
	ex="$DEST/usr/share/doc/bt/examples"
	# Every file of examples/, none forgotten.
	(cd "$EXAMPLES" && find . -type f) > files
	[ "$(wc -l < files)" -ge 15 ]
	while read -r f; do
		cmp "$EXAMPLES/$f" "$ex/$f"
	done < files
	# The battle scripts stay executable.
	[ -x "$ex/cc-battle.sh" ] && [ -x "$ex/demo.sh" ]
	cmp "$BT_SRCDIR/LICENSE" "$DEST/usr/share/doc/bt/LICENSE"
}

@test "make install puts the bash completion where bash-completion looks, a name a program" {
	# With prefix=/usr, bash-completion's own completionsdir.
	dir=$DEST/usr/share/bash-completion/completions
	cmp "$BT_SRCDIR/completion/bt" "$dir/bt"
	for p in bt-act bt-attack bt-check bt-init bt-morale bt-move bt-order \
	    bt-render bt-resolve bt-roll; do
		[ "$(readlink "$dir/$p")" = bt ]
	done
}

@test "the installed demo and a battle script run with the installed programs" {
	ex="$DEST/usr/share/doc/bt/examples"
	# Only the installed programs on PATH: none from the build tree.
	PATH="$DEST/usr/bin:/usr/bin:/bin" run -0 sh "$ex/demo.sh"
	assert_output --partial "(bt-check: the state is valid and canonical)"
	PATH="$DEST/usr/bin:/usr/bin:/bin" run -0 sh "$ex/cc-battle.sh" 1
	assert_output --partial "Result:"
}

@test "make install puts bt-picture in pkglibexecdir, not on PATH; make uninstall removes it" {
	[ -x "$BT_BUILDDIR/bt-picture" ] || skip "bt was built without cairo: no bt-picture"
	dest=$BATS_TEST_TMPDIR/dest
	make -C "$BT_BUILDDIR" -s install DESTDIR="$dest" prefix=/usr > /dev/null
	[ -x "$dest/usr/libexec/bt/bt-picture" ]
	[ ! -e "$dest/usr/bin/bt-picture" ]
	run -0 ldd "$dest/usr/bin/bt-render"
	refute_output --partial cairo
	# The installed one draws what bt-render draws.
	bt-init --seed 1 "$EXAMPLES/cc-skirmish.yaml" > s.yaml
	bt-render -F png s.yaml > a.png
	"$dest/usr/libexec/bt/bt-picture" -F png s.yaml | cmp a.png -
	make -C "$BT_BUILDDIR" -s uninstall DESTDIR="$dest" prefix=/usr > /dev/null
	[ ! -e "$dest/usr/libexec/bt/bt-picture" ]
	[ ! -e "$dest/usr/bin/bt-render" ]
}
