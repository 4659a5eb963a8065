/* bt-resolve: end the turn; the rules do what comes next (bt-resolve(1)). */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-resolve [-i] [-r rolls] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "End the active unit's turn and start the next.\n\n"
		    "  -f, --file=FILE    read the state from FILE "
		    "('-': standard input)\n"
		    "  -i, --in-place     rewrite FILE instead of writing to "
		    "standard output\n"
		    "  -r, --rolls=LIST   use these die results instead of "
		    "the generator\n"
		    "  -h, --help         show this help\n"
		    "  -V, --version      show the version\n");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "rolls", required_argument, NULL, 'r' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_order o = { 0 };
	int ch, status;

	bt_cli_start(argv);
	while ((ch = getopt_long(argc, argv, "f:hir:V", opts, NULL)) != -1) {
		switch (ch) {
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
	if (argc > 1 || (argc == 1 && cli.file != NULL))
		usage(BT_EXIT_USAGE);
	if (argc == 1)
		cli.file = argv[0];
	status = bt_cli_play(&cli, &o, "resolve");
	free(cli.rolls);
	return bt_cli_finish(status);
}
