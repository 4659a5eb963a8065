/*
 * replay.c: the main of a fuzz harness built without libFuzzer (with gcc,
 * for make check): each file named, or each file in each folder named, is
 * given once to LLVMFuzzerTestOneInput. A bug aborts, as under libFuzzer;
 * exit 0 means every input ran clean. Prints "NAME" before each input when
 * BT_FUZZ_VERBOSE is set, so that an abort can be told from its input.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int
replay_file(const char *path, bool verbose)
{
	struct bt_input in;
	struct bt_error err;

	bt_error_init(&err, NULL);
	if (bt_read_input(&in, path, &err) < 0) {
		bt_error_print(&err, stderr);
		bt_error_free(&err);
		return -1;
	}
	if (verbose)
		fprintf(stderr, "replay: %s\n", path);
	LLVMFuzzerTestOneInput((const uint8_t *)in.buf, in.len);
	bt_input_free(&in);
	bt_error_free(&err);
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder's files in the order of their names, for a replay that does
 * the same thing each time; a folder's folders too (libFuzzer's do). */
static int
replay_dir(const char *path, bool verbose, size_t *count)
{
	DIR *d;
	struct dirent *e;
	struct stat sb;
	char **names = NULL;
	size_t n = 0;
	int rc = 0;

	if ((d = opendir(path)) == NULL) {
		bt_warnx("can't read folder '%s'", path);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		names = bt_xreallocarray(names, n + 1, sizeof(*names));
		names[n++] = bt_xasprintf("%s/%s", path, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		if (stat(names[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
			if (replay_dir(names[i], verbose, count) < 0)
				rc = -1;
		} else if (replay_file(names[i], verbose) < 0)
			rc = -1;
		else
			(*count)++;
		free(names[i]);
	}
	free(names);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct stat sb;
	const char *v = getenv("BT_FUZZ_VERBOSE");
	bool verbose = v != NULL && *v != '\0';
	size_t count = 0;
	int status = 0;

	bt_cli_start(argv);
	if (argc < 2) {
		fprintf(stderr, "usage: %s file|folder ...\n", bt_progname);
		return BT_EXIT_USAGE;
	}
	for (int i = 1; i < argc; i++) {
		if (stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
			if (replay_dir(argv[i], verbose, &count) < 0)
				status = BT_EXIT_IO;
		} else if (replay_file(argv[i], verbose) < 0)
			status = BT_EXIT_IO;
		else
			count++;
	}
	printf("%s: %zu inputs ran clean\n", bt_progname, count);
	return bt_cli_finish(status);
}
