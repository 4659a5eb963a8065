/*
 * bt-render: a battle state as a text map, a log, a report, JSON, CSV or a
 * picture.
 *
 * This file is also bt-picture (built with BT_PICTURE): bt-render does not
 * link cairo, Pango and fontconfig, whose loading was most of a text
 * run's time, and for -F png, svg or pdf it runs bt-picture with its own
 * arguments, before reading anything. bt-picture is this same program,
 * named bt-render in its messages, that draws the picture itself: the
 * options, the input, the messages and the exit statuses are bt-render's
 * in both. A build without cairo has no bt-picture, and bt-render refuses
 * pictures itself (lib/picture.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-render [--color=when] [-F format] "
	    "[--paper=a4|letter] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Draw a battle state as a text map and a table of "
		    "units, its log, a\nreport, or a picture.\n\n"
		    "      --color=WHEN   auto (a terminal, no NO_COLOR), "
		    "always or never\n"
		    "  -F, --format=FMT   text (the default), log, report, "
		    "json, csv, png, svg\n"
		    "                     or pdf\n"
		    "      --paper=SIZE   pdf: an a4 or letter page, the "
		    "picture fitted to it\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "f");
	exit(bt_cli_finish(status));
}

#if defined(HAVE_CAIRO) && !defined(BT_PICTURE)
#define RUN_PICTURE	/* bt-render, which runs bt-picture for pictures */
#endif

#ifdef RUN_PICTURE
#define PICTURE	"bt-picture"

/*
 * Runs bt-picture with bt-render's arguments (args, as they were given):
 * the one beside this program first (the build tree, where the tests run
 * it), else the installed one (bt-render(1) FILES). The descriptors 0 to
 * 2 that were closed when bt-render started (closed) are closed again, so
 * that bt-picture sees them as bt-render did (bt_io_start put /dev/null
 * on them). Returns only if it can't: a message said why.
 */
static void
run_picture(char **args, const bool closed[3])
{
	char path[PATH_MAX];
	const char *run = BT_PKGLIBEXECDIR "/" PICTURE;
	char *slash;
	ssize_t n;

	n = readlink("/proc/self/exe", path, sizeof(path) - sizeof(PICTURE));
	if (n > 0) {
		path[n] = '\0';
		if ((slash = strrchr(path, '/')) != NULL) {
			strcpy(slash + 1, PICTURE);
			if (access(path, X_OK) == 0)
				run = path;
		}
	}
	fflush(stderr);
	for (int fd = 0; fd < 3; fd++)
		if (closed[fd])
			close(fd);
	execv(run, args);
	n = errno;
	/* /dev/null on them again, in order (open takes the lowest free
	 * descriptor), as bt_io_start left them: the message and the final
	 * check of standard output go where they would have. */
	for (int fd = 0; fd < 3; fd++)
		if (closed[fd])
			(void)open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
	bt_warnx("can't run %s to draw the picture: %s", run, strerror(n));
}
#endif

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "color", optional_argument, NULL, 'c' },
		{ "file", required_argument, NULL, 'f' },
		{ "format", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "paper", required_argument, NULL, 'p' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_render_opts ro = { false, BT_FMT_TEXT };
	struct bt_error err;
	struct bt_state st;
	struct bt_input in = { 0 };
	char *json;
	size_t len;
	int ch, status, paper = BT_PAPER_NONE;
#ifdef RUN_PICTURE
	/* bt-picture's arguments: bt-render's, before getopt reorders them. */
	char **args = bt_xcalloc((size_t)argc + 1, sizeof(*args));
	bool closed[3];

	memcpy(args, argv, (size_t)argc * sizeof(*args));
	args[0] = "bt-render";
	for (int fd = 0; fd < 3; fd++)
		closed[fd] = fcntl(fd, F_GETFD) < 0 && errno == EBADF;
#endif

#ifdef BT_PICTURE
	/* bt-render's messages, whatever name bt-picture was run by. */
	argv[0] = "bt-render";
#endif
	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "F:f:hV", opts)) != -1) {
		switch (ch) {
		case 'c':
			if (bt_cli_color(&cli, optarg) < 0)
				usage(BT_EXIT_USAGE);
			break;
		case 'F':
			if ((ro.format = bt_word_index(bt_format_words,
			    optarg)) < 0) {
				bt_warnx("bad --format '%s': text, log, report, "
				    "json, csv, png, svg or pdf", optarg);
				usage(BT_EXIT_USAGE);
			}
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'p':
			if ((paper = bt_word_index(bt_paper_words, optarg)) <= 0) {
				bt_warnx("bad --paper '%s': a4 or letter", optarg);
				usage(BT_EXIT_USAGE);
			}
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_one_file(&cli, argc - optind, argv + optind, "state") < 0)
		usage(BT_EXIT_USAGE);

	if (paper != BT_PAPER_NONE && ro.format != BT_FMT_PDF) {
		bt_warnx("--paper is for -F pdf: a %s has no page",
		    bt_format_words[ro.format]);
		usage(BT_EXIT_USAGE);
	}
	if (ro.format >= BT_FMT_PNG && isatty(STDOUT_FILENO)) {
		bt_warnx("a %s picture is not for a terminal: redirect it to a "
		    "file", bt_format_words[ro.format]);
		exit(bt_cli_finish(BT_EXIT_USAGE));
	}
#ifdef RUN_PICTURE
	if (ro.format >= BT_FMT_PNG) {
		run_picture(args, closed);
		exit(bt_cli_finish(BT_EXIT_IO));
	}
	free(args);
#endif
	status = bt_cli_load(&cli, &st, &in, BT_LOAD_STATE);
	bt_error_init(&err, NULL);
	if (status != BT_EXIT_OK)
		;
	else if (ro.format == BT_FMT_LOG)
		bt_render_log(&st, stdout);
	else if (ro.format == BT_FMT_REPORT)
		bt_render_report(&st, stdout);
	else if (ro.format == BT_FMT_JSON) {
		/* NULL only if the emit calls were not a JSON tree: a bug.
		 * bt_cli_finish checks the write. */
		if ((json = bt_state_json(&st, &len)) == NULL) {
			bt_warnx("can't write the state as JSON");
			status = BT_EXIT_IO;
		} else
			fwrite(json, 1, len, stdout);
		free(json);
	} else if (ro.format == BT_FMT_CSV)
		bt_render_csv(&st, stdout);
#ifndef RUN_PICTURE
	else if (ro.format >= BT_FMT_PNG) {
		if (bt_render_picture(&st, ro.format, paper, stdout,
		    &err) < 0) {
			bt_error_print(&err, stderr);
			status = err.status;
		}
	}
#endif
	else {
		ro.color = bt_cli_use_color(&cli, stdout);
		bt_render_text(&st, &ro, stdout);
	}
	bt_error_free(&err);
	bt_state_free(&st);
	bt_input_free(&in);
	return bt_cli_finish(status);
}
