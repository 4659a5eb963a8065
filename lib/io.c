/*
 * io.c: a state in from a file or standard input, and out to standard
 * output or back into its file atomically (temporary file in the same
 * folder, fsync, rename, fsync of the folder), so a failure at any moment
 * leaves either the old state or the new one, never a mix; and locked,
 * from the read to the rename, so that two rewrites at once don't lose
 * one another's turn.
 */
#include <sys/file.h>
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bt.h"

static char *tmp_path;	/* an in-place temporary not yet renamed */
/* tmp_path names a file to remove: what a signal handler may read. */
static volatile sig_atomic_t tmp_made;
static bool std_closed[3];	/* standard input, output, error at start */
static bool out_closed;		/* bt_close_stdout has been called */
static bool out_reported;	/* a failed write to it has been reported */
static bool told_tty;		/* reading a terminal has been said */

/* The signals that end a run by default and that a handler can catch:
 * an -i run they end removes its temporary file first. */
static const int fatal_signals[] = { SIGHUP, SIGINT, SIGTERM };
#define NFATAL	(sizeof(fatal_signals) / sizeof(fatal_signals[0]))

static void
block_fatal(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NFATAL; i++)
		sigaddset(&set, fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void
remove_tmp(void)
{
	sigset_t old;

	if (tmp_path == NULL)
		return;
	block_fatal(&old);
	if (tmp_made)
		unlink(tmp_path);
	tmp_made = 0;
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(tmp_path);
	tmp_path = NULL;
}

/* Only async-signal-safe calls: unlink, signal and raise. The signal is
 * blocked while its handler runs, so raise takes effect, with the default
 * action, as the handler returns. */
static void
on_fatal_signal(int sig)
{
	if (tmp_made)
		unlink(tmp_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* A signal that was ignored when the program started (a background job's
 * SIGINT) stays ignored: the run is not to end because of it. */
static void
catch_fatal(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NFATAL; i++)
		sigaddset(&sa.sa_mask, fatal_signals[i]);
	for (size_t i = 0; i < NFATAL; i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
}

/*
 * A descriptor 0, 1 or 2 closed when the program starts would be the next
 * file opened: the state read under -i would be "standard output", and
 * a message written to "standard error" could land in the temporary file.
 * Each is opened on /dev/null instead, and remembered as closed: reading
 * a closed standard input, or writing a closed standard output, still
 * fails as it would have.
 */
void
bt_io_start(void)
{
	for (int fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		std_closed[fd] = true;
		if (open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			break;	/* no /dev/null: nothing better to do */
	}
}

/* Reads fd whole into in (path and name set); closes it unless keep. */
static int
read_all(struct bt_input *in, int fd, bool keep, struct bt_error *err)
{
	size_t cap = 65536;
	struct stat sb;
	off_t at = -1;

	err->file = in->name;
	/* A regular file is read in one piece, not by doublings. */
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
	    sb.st_size <= BT_MAX_INPUT) {
		cap = (size_t)sb.st_size + 1;
		at = lseek(fd, 0, SEEK_CUR);
	}
	/* A text that may be given back as it is parsed (tree.c) is in
	 * small pages, which go back 64 KiB at a time with no huge page
	 * to split; any other, in huge pages. */
	in->buf = at >= 0 && cap >= BT_HUGE ? bt_xmalloc(cap + 1) :
	    bt_xmalloc_big(cap + 1);
	for (;;) {
		ssize_t n;

		if (in->len > (size_t)BT_MAX_INPUT) {
			bt_errorf(err, BT_EXIT_DATA, 0, 0, "input is larger "
			    "than %ld MiB", BT_MAX_INPUT >> 20);
			break;
		}
		if (in->len == cap) {
			/* One byte past the bound tells a file of exactly
			 * BT_MAX_INPUT bytes from a longer one. */
			cap = cap * 2 > (size_t)BT_MAX_INPUT ?
			    (size_t)BT_MAX_INPUT + 1 : cap * 2;
			in->buf = bt_xrealloc(in->buf, cap + 1);
		}
		n = read(fd, in->buf + in->len, cap - in->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			bt_errorf(err, BT_EXIT_IO, 0, 0, "can't read: %s",
			    strerror(errno));
			break;
		}
		if (n == 0) {
			in->buf[in->len] = '\0';
			/* A big regular file's text can be read again, so
			 * the parser may give its pages back (issue 19). */
			if (at >= 0 && in->len >= BT_HUGE) {
				in->again = true;
				in->again_fd = fd;
				in->again_at = at;
			} else if (!keep && fd != STDIN_FILENO)
				close(fd);
			return 0;
		}
		in->len += (size_t)n;
	}
	if (!keep && fd != STDIN_FILENO)
		close(fd);
	bt_input_free(in);	/* and a kept descriptor with it */
	return -1;
}

int
bt_read_input(struct bt_input *in, const char *path, struct bt_error *err)
{
	int fd;

	memset(in, 0, sizeof(*in));
	if (path == NULL || strcmp(path, "-") == 0) {
		in->name = "<stdin>";
		if (std_closed[STDIN_FILENO])
			return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't read: %s",
			    strerror(EBADF));
		/* A program waiting on a terminal in silence looks hung. */
		if (isatty(STDIN_FILENO) && !told_tty) {
			told_tty = true;
			bt_warnx("reading standard input (a terminal); end it "
			    "with Ctrl-D");
		}
		return read_all(in, STDIN_FILENO, false, err);
	}
	in->path = path;
	in->name = path;
	if ((fd = open(path, O_RDONLY)) < 0)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't read '%s': %s",
		    path, strerror(errno));
	return read_all(in, fd, false, err);
}

/*
 * Linux's /dev/stdin, /dev/fd/N and /proc/PID/fd/N are symbolic links,
 * in /proc, to the files a process has open: -i through one would rewrite
 * whatever is behind the descriptor. Follows path's links one by one.
 */
static bool
names_descriptor(const char *path)
{
	struct stat proc, sb;
	char link[PATH_MAX], *p, *next, *slash;
	bool found = false;
	ssize_t n;

	if (stat("/proc", &proc) < 0)
		return false;
	p = bt_xstrdup(path);
	for (int hops = 0; hops < 40 && lstat(p, &sb) == 0 &&
	    S_ISLNK(sb.st_mode); hops++) {
		if (sb.st_dev == proc.st_dev) {
			found = true;
			break;
		}
		if ((n = readlink(p, link, sizeof(link) - 1)) < 0)
			break;
		link[n] = '\0';
		if (link[0] == '/' || (slash = strrchr(p, '/')) == NULL)
			next = bt_xstrdup(link);
		else
			next = bt_xasprintf("%.*s/%s", (int)(slash - p), p,
			    link);
		free(p);
		p = next;
	}
	free(p);
	return found;
}

static const char *
file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISDIR(mode))
		return "a folder";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	return "not a regular file";
}

int
bt_read_to_rewrite(struct bt_input *in, const char *path,
    struct bt_error *err)
{
	struct stat sb, now;
	int fd, saved;

	memset(in, 0, sizeof(*in));
	in->path = path;
	in->name = path;
	if (names_descriptor(path))
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "--in-place needs a "
		    "file, not standard input: '%s' is an open descriptor",
		    path);
	for (;;) {
		/* O_NONBLOCK: a FIFO is not waited on, only refused (a
		 * regular file's reads don't heed it). */
		if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0)
			return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't read "
			    "'%s': %s", path, strerror(errno));
		if (fstat(fd, &sb) < 0) {
			saved = errno;
			close(fd);
			return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't read "
			    "'%s': %s", path, strerror(saved));
		}
		if (!S_ISREG(sb.st_mode)) {
			close(fd);
			return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "--in-place "
			    "needs a regular file: '%s' is %s", path,
			    file_kind(sb.st_mode));
		}
		while (flock(fd, LOCK_EX) < 0) {
			if (errno == EINTR)
				continue;
			saved = errno;
			close(fd);
			return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't lock "
			    "'%s': %s", path, strerror(saved));
		}
		/* The writer we waited for renamed a new file over this
		 * one: the lock is on a file no one reads any more. */
		if (stat(path, &now) == 0 && now.st_dev == sb.st_dev &&
		    now.st_ino == sb.st_ino)
			break;
		close(fd);
	}
	in->locked = true;
	in->lock_fd = fd;
	return read_all(in, fd, true, err);
}

void
bt_input_free(struct bt_input *in)
{
	if (in->again && in->again_fd != STDIN_FILENO &&
	    !(in->locked && in->again_fd == in->lock_fd))
		close(in->again_fd);
	in->again = false;
	if (in->locked)
		close(in->lock_fd);
	in->locked = false;
	free(in->buf);
	in->buf = NULL;
	in->len = 0;
}

int
bt_input_again(struct bt_input *in)
{
	size_t got = 0;

	if (!in->again)
		return -1;
	if (in->buf == NULL)
		in->buf = bt_xmalloc_big(in->len + 1);
	while (got < in->len) {
		ssize_t n = pread(in->again_fd, in->buf + got, in->len - got,
		    (off_t)in->again_at + (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	in->buf[in->len] = '\0';
	return 0;
}

static int
write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * Test-only fault points (bt(7) and bt-state(5), ENVIRONMENT), after the
 * temporary file is written and before it is renamed: "before-rename"
 * stops as a crash would; "stop-before-rename" stops the process
 * (SIGSTOP), so a test can signal it there and continue it.
 */
static void
fault_point(void)
{
	const char *s = getenv("BT_FAULT");

	if (s != NULL && strcmp(s, "before-rename") == 0)
		_exit(99);
	if (s != NULL && strcmp(s, "stop-before-rename") == 0)
		raise(SIGSTOP);
}

/*
 * A second name for the file at target, in dir, that no one else uses:
 * a hard link, so the very bytes and mode are kept without a copy. The
 * name is of the temporaries' pattern, .NAME.XXXXXX; NULL and errno set
 * when it can't be made.
 */
static char *
link_aside(const char *dir, const char *name, const char *target)
{
	for (int tries = 0; tries < 100; tries++) {
		char *aside = bt_xasprintf("%s/.%s.XXXXXX", dir, name);
		int fd = mkstemp(aside), saved;

		/* mkstemp only draws a name: link makes the file. */
		if (fd >= 0) {
			close(fd);
			unlink(aside);
		}
		if (fd >= 0 && link(target, aside) == 0)
			return aside;
		saved = errno;
		free(aside);
		if (fd < 0 || saved != EEXIST) {
			errno = saved;
			return NULL;
		}
	}
	errno = EEXIST;
	return NULL;
}

/* Where bt_output_write's pieces go: standard output (path NULL), or a
 * temporary file in real's folder dir, renamed over real at the end. */
struct bt_output {
	const char	*path, *suffix;
	char		*real, *dir;
	const char	*name;		/* real's last part */
	int		 fd;
	int		 error;		/* errno of the first failed write */
};

static void
output_free(struct bt_output *out)
{
	free(out->dir);
	free(out->real);
	free(out);
}

/* The temporary file, of path's mode, beside the file path names. */
static int
open_in_place(struct bt_output *out, struct bt_error *err)
{
	struct stat sb;
	sigset_t old;
	char *slash;
	int saved;

	if ((out->real = realpath(out->path, NULL)) == NULL)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s",
		    out->path, strerror(errno));
	if (stat(out->real, &sb) < 0)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s",
		    out->path, strerror(errno));
	slash = strrchr(out->real, '/');
	out->name = slash + 1;
	out->dir = slash == out->real ? bt_xstrdup("/") :
	    bt_xasprintf("%.*s", (int)(slash - out->real), out->real);
	tmp_path = bt_xasprintf("%s/.%s.XXXXXX", out->dir, out->name);
	bt_atfatal(remove_tmp);
	catch_fatal();
	/* Blocked, so that no signal comes between the file's making and
	 * tmp_made saying so. */
	block_fatal(&old);
	out->fd = mkstemp(tmp_path);
	saved = errno;
	tmp_made = out->fd >= 0;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (out->fd >= 0 && fchmod(out->fd, sb.st_mode & 07777) < 0) {
		saved = errno;
		close(out->fd);
		out->fd = -1;
	}
	if (out->fd >= 0)
		return 0;
	remove_tmp();
	return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s",
	    out->path, strerror(saved));
}

/* The temporary file, written, takes the place of the file. */
static int
commit_in_place(struct bt_output *out, struct bt_error *err)
{
	const char *path = out->path, *suffix = out->suffix;
	char *aside = NULL;
	sigset_t old;
	int dfd, saved = out->error;

	if (saved != 0 || fsync(out->fd) < 0) {
		if (saved == 0)
			saved = errno;
		close(out->fd);
		goto fail;
	}
	if (close(out->fd) < 0) {
		saved = errno;
		goto fail;
	}
	/* Nothing else is written to standard output: a run that fails
	 * there must fail before it changes the file. */
	if (bt_close_stdout(err) < 0) {
		remove_tmp();
		return -1;
	}
	fault_point();
	/*
	 * Once renamed, the new state is the run's result: the signals stay
	 * blocked to the end, so that a run which has changed the file is
	 * not then reported as ended by a signal. Before, one removes the
	 * temporary file and ends the run with the file unchanged.
	 */
	block_fatal(&old);
	/*
	 * -i SUFFIX: the state about to be replaced is kept as real + suffix
	 * by a hard link made aside first (the very bytes and mode, no
	 * copy), renamed over any older backup only once the new state is
	 * in place; should that last rename fail, the link puts the old
	 * state back, so a failed run leaves both files as they were.
	 */
	if (suffix != NULL &&
	    (aside = link_aside(out->dir, out->name, out->real)) == NULL) {
		saved = errno;
		sigprocmask(SIG_SETMASK, &old, NULL);
		remove_tmp();
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't keep the backup "
		    "'%s%s': %s", path, suffix, strerror(saved));
	}
	if (rename(tmp_path, out->real) < 0) {
		saved = errno;
		if (aside != NULL)
			unlink(aside);
		free(aside);
		sigprocmask(SIG_SETMASK, &old, NULL);
		goto fail;
	}
	tmp_made = 0;
	if (aside != NULL) {
		char *bak = bt_xasprintf("%s%s", out->real, suffix);

		if (rename(aside, bak) < 0) {
			saved = errno;
			if (rename(aside, out->real) < 0)
				unlink(aside);
			free(aside);
			free(bak);
			sigprocmask(SIG_SETMASK, &old, NULL);
			remove_tmp();
			return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't keep the "
			    "backup '%s%s': %s", path, suffix, strerror(saved));
		}
		free(aside);
		free(bak);
	}
	free(tmp_path);
	tmp_path = NULL;
	if ((dfd = open(out->dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
fail:
	remove_tmp();
	return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s", path,
	    strerror(saved));
}

struct bt_output *
bt_output_open(const char *path, const char *suffix, struct bt_error *err)
{
	struct bt_output *out = bt_xcalloc(1, sizeof(*out));

	out->path = path;
	out->suffix = suffix;
	out->fd = -1;
	if (path != NULL && open_in_place(out, err) < 0) {
		output_free(out);
		return NULL;
	}
	return out;
}

/* After a failed write the rest is dropped: close says why. */
void
bt_output_write(void *arg, const char *buf, size_t len)
{
	struct bt_output *out = arg;

	if (out->error != 0 || len == 0)
		return;
	if (out->path != NULL) {
		if (write_all(out->fd, buf, len) < 0)
			out->error = errno != 0 ? errno : EIO;
	} else if (fwrite(buf, 1, len, stdout) != len)
		out->error = errno != 0 ? errno : EIO;
}

int
bt_output_close(struct bt_output *out, bool commit, struct bt_error *err)
{
	int rc = 0;

	if (out->path != NULL && commit)
		rc = commit_in_place(out, err);
	else if (out->path != NULL) {
		close(out->fd);
		remove_tmp();
	} else if (out->error != 0) {
		/* Said here, with its errno: not again at bt_close_stdout. */
		out_reported = true;
		rc = bt_errorf(err, BT_EXIT_IO, 0, 0, "can't write the "
		    "output: %s", strerror(out->error));
	}
	output_free(out);
	return rc;
}

int
bt_write_output(const char *path, const char *suffix, const char *buf,
    size_t len, struct bt_error *err)
{
	struct bt_output *out = bt_output_open(path, suffix, err);

	if (out == NULL)
		return -1;
	bt_output_write(out, buf, len);
	return bt_output_close(out, true, err);
}

/* A full disk or a closed pipe shows only when the output is flushed. */
int
bt_close_stdout(struct bt_error *err)
{
	bool bad;
	int saved;

	if (out_closed)
		return 0;
	out_closed = true;
	/* With only the error flag set, errno is still, as a rule, that of
	 * the write that failed (a picture written by cairo). */
	bad = fflush(stdout) != 0 || ferror(stdout);
	saved = errno;
	if (fclose(stdout) != 0 && !bad) {
		bad = true;
		saved = errno;
	}
	if (std_closed[STDOUT_FILENO] && !bad) {
		bad = true;
		saved = EBADF;
	}
	if (!bad || out_reported)
		return 0;
	return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't write the output: %s",
	    saved ? strerror(saved) : "write error");
}

char *
bt_backup_path(const char *path, const char *suffix)
{
	char *real = realpath(path, NULL), *bak;

	if (real == NULL)
		return NULL;
	bak = bt_xasprintf("%s%s", real, suffix);
	free(real);
	return bak;
}

/*
 * bt-undo: the state at path and its backup path + suffix change places,
 * so that a second undo is a redo. The caller holds path's lock
 * (bt_read_to_rewrite) and has checked the backup. Three steps, with the
 * fatal signals blocked: a link keeps the state aside, the backup is
 * renamed over the state, and the link over the backup; a failure of the
 * second leaves both files as they were.
 */
int
bt_swap_backup(const char *path, const char *suffix, struct bt_error *err)
{
	char *real, *slash, *dir, *bak, *aside = NULL;
	sigset_t old;
	int dfd, saved, rc = -1;

	if ((real = realpath(path, NULL)) == NULL)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s",
		    path, strerror(errno));
	slash = strrchr(real, '/');
	dir = slash == real ? bt_xstrdup("/") :
	    bt_xasprintf("%.*s", (int)(slash - real), real);
	bak = bt_xasprintf("%s%s", real, suffix);
	if (bt_close_stdout(err) < 0)
		goto out;
	fault_point();
	block_fatal(&old);
	if ((aside = link_aside(dir, slash + 1, real)) == NULL ||
	    rename(bak, real) < 0) {
		saved = errno;
		if (aside != NULL)
			unlink(aside);
		sigprocmask(SIG_SETMASK, &old, NULL);
		bt_errorf(err, BT_EXIT_IO, 0, 0, "can't go back to '%s%s': %s",
		    path, suffix, strerror(saved));
		goto out;
	}
	if (rename(aside, bak) < 0) {
		/* The state is back; the one undone is still kept aside. */
		bt_errorf(err, BT_EXIT_IO, 0, 0, "went back, but can't keep "
		    "the undone state as '%s%s': it is in '%s': %s", path,
		    suffix, aside, strerror(errno));
		goto out;
	}
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	rc = 0;
out:
	free(aside);
	free(bak);
	free(dir);
	free(real);
	return rc;
}
