/*
 * io.c: a state in from a file or standard input, and out to standard
 * output or back into its file atomically (temporary file in the same
 * folder, fsync, rename, fsync of the folder), so a failure at any moment
 * leaves either the old state or the new one, never a mix.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bt.h"

static char *tmp_path;	/* an in-place temporary not yet renamed */

static void
remove_tmp(void)
{
	if (tmp_path != NULL) {
		unlink(tmp_path);
		free(tmp_path);
		tmp_path = NULL;
	}
}

int
bt_read_input(struct bt_input *in, const char *path, struct bt_error *err)
{
	size_t cap = 65536;
	int fd;

	memset(in, 0, sizeof(*in));
	if (path == NULL || strcmp(path, "-") == 0) {
		in->name = "<stdin>";
		fd = STDIN_FILENO;
	} else {
		in->path = path;
		in->name = path;
		if ((fd = open(path, O_RDONLY)) < 0)
			return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't read "
			    "'%s': %s", path, strerror(errno));
	}
	err->file = in->name;
	{
		struct stat sb;

		/* A regular file is read in one piece, not by doublings. */
		if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    sb.st_size > 0 && sb.st_size <= BT_MAX_INPUT)
			cap = (size_t)sb.st_size + 1;
	}
	in->buf = bt_xmalloc_big(cap + 1);
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
			if (fd != STDIN_FILENO)
				close(fd);
			in->buf[in->len] = '\0';
			return 0;
		}
		in->len += (size_t)n;
	}
	if (fd != STDIN_FILENO)
		close(fd);
	bt_input_free(in);
	return -1;
}

void
bt_input_free(struct bt_input *in)
{
	free(in->buf);
	in->buf = NULL;
	in->len = 0;
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

/* Test-only fault point (bt-state(5), ENVIRONMENT): stop after writing the
 * temporary file and before renaming it, as a crash would. */
static void
fault_point(void)
{
	const char *s = getenv("BT_FAULT");

	if (s != NULL && strcmp(s, "before-rename") == 0)
		_exit(99);
}

static int
write_in_place(const char *path, const char *buf, size_t len,
    struct bt_error *err)
{
	char *real, *slash, *dir;
	struct stat sb;
	int fd, dfd, saved;

	if ((real = realpath(path, NULL)) == NULL)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s",
		    path, strerror(errno));
	if (stat(real, &sb) < 0) {
		saved = errno;
		free(real);
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s",
		    path, strerror(saved));
	}
	slash = strrchr(real, '/');
	dir = slash == real ? bt_xstrdup("/") :
	    bt_xasprintf("%.*s", (int)(slash - real), real);
	tmp_path = bt_xasprintf("%s/.%s.XXXXXX", dir, slash + 1);
	bt_atfatal(remove_tmp);
	if ((fd = mkstemp(tmp_path)) < 0) {
		saved = errno;
		free(tmp_path);
		tmp_path = NULL;
		goto fail;
	}
	if (fchmod(fd, sb.st_mode & 07777) < 0 || write_all(fd, buf, len) < 0 ||
	    fsync(fd) < 0) {
		saved = errno;
		close(fd);
		goto fail;
	}
	if (close(fd) < 0) {
		saved = errno;
		goto fail;
	}
	fault_point();
	if (rename(tmp_path, real) < 0) {
		saved = errno;
		goto fail;
	}
	free(tmp_path);
	tmp_path = NULL;
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	free(dir);
	free(real);
	return 0;
fail:
	remove_tmp();
	free(dir);
	free(real);
	return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't rewrite '%s': %s", path,
	    strerror(saved));
}

int
bt_write_output(const char *path, const char *buf, size_t len,
    struct bt_error *err)
{
	if (path != NULL)
		return write_in_place(path, buf, len, err);
	if (fwrite(buf, 1, len, stdout) != len)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't write: %s",
		    strerror(errno));
	return 0;
}

/* A full disk or a closed pipe shows only when the output is flushed. */
int
bt_close_stdout(struct bt_error *err)
{
	bool bad = fflush(stdout) != 0 || ferror(stdout);

	if (fclose(stdout) != 0 || bad)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't write the "
		    "output: %s", errno ? strerror(errno) : "write error");
	return 0;
}
