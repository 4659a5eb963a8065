/* bt-undo: go back one -i rewrite, to the backup it kept (bt-undo(1)). */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-undo [--suffix=SUFFIX] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Put a state file back as it was before the last "
		    "-i rewrite that kept a backup;\nthe state undone becomes "
		    "the backup, so a second bt-undo is a redo.\n\n"
		    "  -f, --file=FILE    the state file\n"
		    "      --suffix=SUFFIX\n"
		    "                     the backup is FILE.SUFFIX "
		    "(default: .bak)\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "suffix", required_argument, NULL, 'S' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1, .backup = ".bak" };
	int ch;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "f:hV", opts)) != -1) {
		switch (ch) {
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'S':
			/* Checked as -i's suffix is: the same names. */
			if (bt_cli_option(&cli, 'i', optarg) <= 0)
				usage(BT_EXIT_USAGE);
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_one_file(&cli, argc - optind, argv + optind, "state") < 0)
		usage(BT_EXIT_USAGE);
	return bt_cli_finish(bt_cli_undo(&cli));
}
