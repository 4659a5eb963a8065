/*
 * verify.c: bt-verify (bt-verify(1)). A battle is replayed from its first
 * state with every file of orders in turn, as bt-order played them, and
 * each state that was published is compared, line by line, with the
 * replay's: the log holds every roll, so a die that is not the key's, a
 * hand-edited field, an attack rolled again or orders changed after the
 * fact all show as the first line that differs. The history comes from
 * files on the command line or from the commits of a play-by-email
 * repository, read with git (run by posix_spawnp, never by a shell).
 */
#include <sys/wait.h>

#include <errno.h>
#include <getopt.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bt.h"

/* How many characters of a line a message quotes. */
#define QUOTE	60

struct replay {
	struct bt_state	 st;
	struct bt_key	 key;
	struct bt_orders_opts opts;
	const char	*key_path;
};

/* The state to replay from: read, checked and, keyed, its key's. */
static int
first_state(struct replay *r, const char *name, const char *buf, size_t len)
{
	struct bt_error err;
	int status = BT_EXIT_OK;

	bt_error_init(&err, name);
	if (bt_state_read(&r->st, buf, len, BT_LOAD_STATE, &err) < 0)
		status = err.status;
	else if (r->st.keyed != NULL && r->key_path == NULL) {
		bt_warnx("%s: the battle is keyed: its dice are proved with "
		    "the referee's key (--key-file FILE or BT_KEY_FILE)", name);
		status = BT_EXIT_USAGE;
	} else if (bt_key_for(&r->st, r->key_path, &r->key, &err) < 0)
		status = err.status;
	if (err.n > 0)
		bt_error_print(&err, stderr);
	bt_error_free(&err);
	r->opts.key = r->key.bytes != NULL ? &r->key : NULL;
	return status;
}

/* Up to QUOTE bytes of a line, for a message (bt_warnx escapes them). */
static char *
quote(const char *s, size_t n)
{
	return n > QUOTE ? bt_xasprintf("%.*s...", QUOTE, s) :
	    bt_xasprintf("%.*s", (int)n, s);
}

/* The published text against the replay's: the first line that differs. */
static int
compare(const char *name, const char *text, size_t len, const char *want,
    size_t wlen)
{
	const char *a = text, *ae = text + len, *b = want, *be = want + wlen;

	for (long line = 1;; line++) {
		const char *an = memchr(a, '\n', (size_t)(ae - a));
		const char *bn = memchr(b, '\n', (size_t)(be - b));
		size_t al = (size_t)((an ? an : ae) - a);
		size_t bl = (size_t)((bn ? bn : be) - b);
		char *x, *y;

		if (a >= ae && b >= be)
			return BT_EXIT_OK;
		if (a < ae && b < be && al == bl && memcmp(a, b, al) == 0) {
			a = an ? an + 1 : ae;
			b = bn ? bn + 1 : be;
			continue;
		}
		x = a < ae ? quote(a, al) : NULL;
		y = b < be ? quote(b, bl) : NULL;
		if (x == NULL)
			bt_warnx("%s:%ld: ends where the replay has '%s'", name,
			    line, y);
		else if (y == NULL)
			bt_warnx("%s:%ld: '%s' where the replay has ended", name,
			    line, x);
		else
			bt_warnx("%s:%ld: '%s' where the replay has '%s'", name,
			    line, x, y);
		free(x);
		free(y);
		return BT_EXIT_REFUSED;
	}
}

/* A published state against the replay's. */
static int
check_state(struct replay *r, const char *name, const char *text, size_t len)
{
	char *want;
	size_t wlen;
	int status;

	if ((want = bt_state_emit(&r->st, len, &wlen)) == NULL) {
		bt_warnx("can't emit the state: libyaml failed");
		return BT_EXIT_IO;
	}
	status = compare(name, text, len, want, wlen);
	free(want);
	return status;
}

/* One file of orders played on the replay, as bt-order played it. */
static int
play(struct replay *r, const char *name, const char *orders, size_t len)
{
	if (bt_orders_play_as(&r->st, name, orders, len, &r->opts) ==
	    BT_EXIT_OK)
		return BT_EXIT_OK;
	bt_warnx("%s: the orders don't play on the state before them: the "
	    "history does not hold", name);
	return BT_EXIT_REFUSED;
}

/* --- files on the command line --- */

static int
read_file(struct bt_input *in, const char *path)
{
	struct bt_error err;
	int status = BT_EXIT_OK;

	bt_error_init(&err, NULL);
	if (bt_read_input(in, path, &err) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	}
	bt_error_free(&err);
	return status;
}

/* FIRST, every ORDERS in turn, and the last state (-f or stdin). */
static int
verify_files(struct replay *r, const char *last, int argc, char **argv)
{
	struct bt_input first = { 0 }, end = { 0 }, o = { 0 };
	int status;

	if ((status = read_file(&first, argv[0])) != 0 ||
	    (status = read_file(&end, last)) != 0 ||
	    (status = first_state(r, first.name, first.buf, first.len)) != 0)
		goto out;
	for (int i = 1; i < argc && status == BT_EXIT_OK; i++) {
		if ((status = read_file(&o, argv[i])) == BT_EXIT_OK)
			status = play(r, o.name, o.buf, o.len);
		bt_input_free(&o);
	}
	if (status == BT_EXIT_OK)
		status = check_state(r, end.name, end.buf, end.len);
out:
	bt_input_free(&first);
	bt_input_free(&end);
	return status;
}

/* --- a play-by-email repository (examples/pbem) --- */

/*
 * Runs git -C dir with args, its standard output into *out (NUL ended).
 * git's own messages go to standard error as they are. Returns 0, or the
 * exit status (4) after saying what failed.
 */
static int
git(const char *dir, const char *const args[], char **out, size_t *len)
{
	extern char **environ;
	const char *argv[16] = { "git", "-C", dir };
	size_t n = 3, cap = 0;
	posix_spawn_file_actions_t fa;
	int fd[2], wstatus, rc;
	pid_t pid;
	ssize_t got;

	for (size_t i = 0; args[i] != NULL && n < 15; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	*out = NULL;
	*len = 0;
	if (pipe(fd) < 0) {
		bt_warnx("can't run git: %s", strerror(errno));
		return BT_EXIT_IO;
	}
	/* git's standard output is the pipe; nothing else is passed on. */
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, fd[1]);
	rc = posix_spawnp(&pid, "git", &fa, NULL, (char *const *)argv,
	    environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (rc != 0) {
		close(fd[0]);
		bt_warnx("can't run git: %s", strerror(rc));
		return BT_EXIT_IO;
	}
	for (;;) {
		if (*len + 4096 + 1 > cap) {
			cap = cap ? 2 * cap : 65536;
			*out = bt_xrealloc(*out, cap);
		}
		if ((got = read(fd[0], *out + *len, cap - *len - 1)) < 0 &&
		    errno == EINTR)
			continue;
		if (got <= 0)
			break;
		*len += (size_t)got;
	}
	(*out)[*len] = '\0';
	close(fd[0]);
	while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
		bt_warnx("git %s %s failed in %s (status %d): not a "
		    "play-by-email repository?", args[0],
		    args[1] != NULL ? args[1] : "", dir,
		    WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
		free(*out);
		*out = NULL;
		return BT_EXIT_IO;
	}
	return 0;
}

/* A file as the commit holds it: "git show COMMIT:PATH". */
static int
git_file(const char *dir, const char *commit, const char *path, char **out,
    size_t *len)
{
	char *spec = bt_xasprintf("%s:%s", commit, path);
	const char *args[] = { "show", spec, NULL };
	int status = git(dir, args, out, len);

	free(spec);
	return status;
}

/*
 * One commit after the first: the orders files it adds are played (in
 * the order git lists them: by name), and its state.yaml is compared
 * with the replay; an orders file it changes, renames or removes was
 * changed after it was played.
 */
static int
verify_commit(struct replay *r, const char *dir, const char *commit)
{
	const char *args[] = { "diff-tree", "--no-commit-id", "--name-status",
	    "-r", commit, "--", "orders", NULL };
	char *list, *text = NULL, *sname, *line, *next;
	size_t len, tlen;
	int status;

	if ((status = git(dir, args, &list, &len)) != 0)
		return status;
	for (line = list; status == 0 && *line != '\0'; line = next) {
		char *tab = strchr(line, '\t'), *orders, *oname;
		size_t olen;

		next = strchr(line, '\n');
		next = next != NULL ? (*next = '\0', next + 1) :
		    line + strlen(line);
		if (tab == NULL)
			continue;
		oname = bt_xasprintf("%.7s:%s", commit, tab + 1);
		if (*line != 'A') {
			bt_warnx("%s: changed after it was played (git status "
			    "%.*s): the orders of a turn are never edited",
			    oname, (int)(tab - line), line);
			status = BT_EXIT_REFUSED;
		} else if ((status = git_file(dir, commit, tab + 1, &orders,
		    &olen)) == 0) {
			status = play(r, oname, orders, olen);
			free(orders);
		}
		free(oname);
	}
	free(list);
	if (status != 0 ||
	    (status = git_file(dir, commit, "state.yaml", &text, &tlen)) != 0)
		return status;
	sname = bt_xasprintf("%.7s:state.yaml", commit);
	status = check_state(r, sname, text, tlen);
	free(sname);
	free(text);
	return status;
}

static int
verify_git(struct replay *r, const char *dir, long *turns)
{
	const char *args[] = { "rev-list", "--reverse", "--first-parent",
	    "HEAD", NULL };
	char *list, *line, *next, *text, *name;
	size_t len, tlen;
	int status;

	if ((status = git(dir, args, &list, &len)) != 0)
		return status;
	if (*list == '\0' || (next = strchr(list, '\n')) == NULL) {
		bt_warnx("%s: no commits", dir);
		free(list);
		return BT_EXIT_DATA;
	}
	*next++ = '\0';
	if ((status = git_file(dir, list, "state.yaml", &text, &tlen)) == 0) {
		name = bt_xasprintf("%.7s:state.yaml", list);
		status = first_state(r, name, text, tlen);
		free(name);
		free(text);
	}
	for (line = next; status == 0 && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		next = next != NULL ? (*next = '\0', next + 1) :
		    line + strlen(line);
		status = verify_commit(r, dir, line);
		++*turns;
	}
	free(list);
	return status;
}

int
bt_verify_main(int argc, char **argv, void (*usage)(int))
{
	static const struct option opts[] = {
		{ "allow-rolls", no_argument, NULL, 'A' },
		{ "file", required_argument, NULL, 'f' },
		{ "git", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "key-file", required_argument, NULL, 'K' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct replay r = { 0 };
	struct bt_cli cli = { .color = -1 };
	const char *dir = NULL;
	long turns = 0;
	int ch, status;

	while ((ch = bt_getopt(argc, argv, "f:hV", opts)) != -1) {
		switch (ch) {
		case 'A':
			r.opts.allow_rolls = true;
			break;
		case 'g':
			dir = optarg;
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	argc -= optind;
	argv += optind;
	if (dir != NULL && (argc > 0 || cli.file != NULL)) {
		bt_warnx("--git reads the whole history from the repository: "
		    "no files besides");
		usage(BT_EXIT_USAGE);
	}
	if (dir == NULL && bt_cli_count(argc, 1, BT_MAX_ORDERS,
	    "the first state, then the orders files in turn") < 0)
		usage(BT_EXIT_USAGE);
	r.key_path = bt_key_path(cli.key_file);
	if (dir != NULL)
		status = verify_git(&r, dir, &turns);
	else {
		status = verify_files(&r, cli.file, argc, argv);
		turns = argc - 1;
	}
	if (status == BT_EXIT_OK)
		printf("verified: %ld turn%s replayed from the first state: "
		    "every state is the replay's%s\n", turns,
		    turns == 1 ? "" : "s", r.st.keyed != NULL ?
		    ", every roll the key's" : "");
	bt_state_free(&r.st);
	bt_key_free(&r.key);
	return status;
}
