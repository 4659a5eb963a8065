#!/usr/bin/env bats
# The Debian package: built by tools/bootstrap --deb from a clean copy of
# the committed tree, checked by lintian, installed with apt, and the demo
# battle run from the installed files. It installs a package system-wide
# (and removes it at the end), so it runs only when BT_PACKAGE_TEST=1:
# .ci/run does, once, with DEB_BUILD_OPTIONS=nocheck (the suite ran).
load helper

setup_file() {
	[ "${BT_PACKAGE_TEST-}" = 1 ] || return 0
	[ "$(id -u)" -eq 0 ] || return 0
	cd "$BT_SRCDIR" && tools/bootstrap --deb > "$BATS_FILE_TMPDIR/deb.log" 2>&1 ||
	    { cat "$BATS_FILE_TMPDIR/deb.log" >&3; return 1; }
}

teardown_file() {
	[ "${BT_PACKAGE_TEST-}" = 1 ] && [ "$(id -u)" -eq 0 ] || return 0
	DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq bt > /dev/null 2>&1 || true
}

setup() {
	[ "${BT_PACKAGE_TEST-}" = 1 ] || skip "BT_PACKAGE_TEST=1 runs it (it installs a package)"
	[ "$(id -u)" -eq 0 ] || skip "installing a package needs root"
	mkdir -p "$BATS_TEST_TMPDIR/work" && cd "$BATS_TEST_TMPDIR/work"
}

@test "the package builds from a clean copy with dpkg-buildpackage, lintian finds no error" {
	version=$(sed -n '1s/^bt (\([^)]*\)).*/\1/p' "$BT_SRCDIR/debian/changelog")
	[ -f "$BT_SRCDIR/deb/bt_${version}_$(dpkg --print-architecture).deb" ]
	[ -f "$BT_SRCDIR/deb/bt_$version.dsc" ]
	run grep '^E: ' "$BT_SRCDIR/deb/lintian.txt"
	assert_failure
}

@test "apt install ./bt_*.deb installs the programs, pages, completion and examples" {
	cd "$BT_SRCDIR/deb"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ./bt_*.deb > /dev/null
	run -0 /usr/bin/bt-check --version
	assert_line --index 2 --partial 'License: ISC'
	run -0 dpkg -L bt
	assert_line /usr/share/man/man7/bt.7.gz
	assert_line /usr/share/bash-completion/completions/bt-move
	assert_line /usr/share/doc/bt/examples/cc-battle.sh
	assert_line /usr/share/doc/bt/examples/pbem/Makefile
	assert_line /usr/share/doc/bt/copyright
	# bt-render's pictures are drawn by bt-picture, off PATH.
	assert_line /usr/libexec/bt/bt-picture
	[ -s /usr/share/man/man5/bt-state.5.gz ]
}

@test "the demo battle runs from the installed files, with the installed programs" {
	PATH=/usr/bin:/bin run -0 sh /usr/share/doc/bt/examples/demo.sh
	assert_output --partial "(bt-check: the state is valid and canonical)"
	PATH=/usr/bin:/bin run -0 sh /usr/share/doc/bt/examples/cc-battle.sh 1
	assert_output --partial "Result:"
	PATH=/usr/bin:/bin run -0 sh -c '/usr/bin/bt-init --seed 1 /usr/share/doc/bt/examples/cc-skirmish.yaml | /usr/bin/bt-render -F json | /usr/bin/bt-check -q'
	# The installed bt-render finds the installed bt-picture.
	/usr/bin/bt-init --seed 1 /usr/share/doc/bt/examples/cc-skirmish.yaml > s.yaml
	/usr/bin/bt-render -F png s.yaml > a.png
	/usr/libexec/bt/bt-picture -F png s.yaml | cmp a.png -
	[ "$(head -c 8 a.png | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ]
}
