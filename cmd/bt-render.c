/* bt-render: a battle state as a text map and a table of units. */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-render [--color=when] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Draw a battle state as a text map and a table of "
		    "units.\n\n"
		    "      --color=WHEN   auto (a terminal, no NO_COLOR), "
		    "always or never\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "f");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "color", optional_argument, NULL, 'c' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_render_opts ro = { false };
	struct bt_state st;
	struct bt_input in = { 0 };
	int ch, status;

	bt_cli_start(argv);
	while ((ch = getopt_long(argc, argv, "f:hV", opts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			if (bt_cli_color(&cli, optarg) < 0)
				usage(BT_EXIT_USAGE);
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_file_operand(&cli, argc - optind, argv + optind) < 0)
		usage(BT_EXIT_USAGE);

	status = bt_cli_load(&cli, &st, &in, BT_LOAD_STATE);
	if (status == BT_EXIT_OK) {
		ro.color = bt_cli_use_color(&cli, stdout);
		bt_render_text(&st, &ro, stdout);
	}
	bt_state_free(&st);
	bt_input_free(&in);
	return bt_cli_finish(status);
}
