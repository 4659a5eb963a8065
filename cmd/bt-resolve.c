/* bt-resolve: end the turn; the rules do what comes next (bt-resolve(1)). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-resolve [-i] [--fill stand=x,y ...] "
	    "[--hold units] [-r rolls] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "End the active unit's turn (kingdom: the phase) "
		    "and start the next.\n\n"
		    "  -F, --fill=STAND=X,Y  clash: move STAND into a square a "
		    "casualty left\n"
		    "      --hold=UNITS      these units decline their "
		    "reactions\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fir");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "fill", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "hold", required_argument, NULL, 'H' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "rolls", required_argument, NULL, 'r' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_order o = { 0 };
	int ch, status, x, y;
	const char *eq;

	bt_cli_start(argv);
	while ((ch = getopt_long(argc, argv, "F:f:hir:V", opts, NULL)) != -1) {
		switch (ch) {
		case 'F':
			if ((eq = strchr(optarg, '=')) == NULL ||
			    eq == optarg || bt_cli_xy(eq + 1, &x, &y) < 0) {
				bt_warnx("bad --fill '%s': STAND=X,Y", optarg);
				usage(BT_EXIT_USAGE);
			}
			o.fills = bt_xreallocarray(o.fills, o.nfills + 1,
			    sizeof(*o.fills));
			o.fills[o.nfills++] = optarg;
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'H':
			if (bt_cli_hold(&o, optarg) < 0)
				usage(BT_EXIT_USAGE);
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_file_operand(&cli, argc - optind, argv + optind) < 0)
		usage(BT_EXIT_USAGE);
	status = bt_cli_play(&cli, &o, "resolve");
	free(cli.rolls);
	free(o.fills);
	return bt_cli_finish(status);
}
