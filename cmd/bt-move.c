/* bt-move: move a unit (bt-move(1)). */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-move [-i] [--disengage] [--hold units] "
	    "[-r rolls] [-f file] unit step ...\n"
	    "       bt-move [-i] [--disengage] [--hold units] [-r rolls] "
	    "[-f file] --to x,y unit\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Move a unit by steps, or by the cheapest path to a "
		    "square.\n\n"
		    "  -d, --disengage    take the Disengage action with the "
		    "move\n"
		    "      --hold=UNITS   these units decline their reactions\n"
		    "  -t, --to=X,Y       move the unit's top-left square to "
		    "X,Y\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fir");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "disengage", no_argument, NULL, 'd' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "hold", required_argument, NULL, 'H' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "rolls", required_argument, NULL, 'r' },
		{ "to", required_argument, NULL, 't' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_order o = { 0 };
	int ch, status;

	bt_cli_start(argv);
	while ((ch = getopt_long(argc, argv, "df:hir:t:V", opts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			o.disengage = true;
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'H':
			if (bt_cli_hold(&o, optarg) < 0)
				usage(BT_EXIT_USAGE);
			break;
		case 't':
			if (bt_cli_xy(optarg, &o.to_x, &o.to_y) < 0)
				usage(BT_EXIT_USAGE);
			o.to = true;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	o.argc = argc - optind;
	o.argv = argv + optind;
	if (o.argc < 1)
		usage(BT_EXIT_USAGE);
	status = bt_cli_play(&cli, &o, "move");
	free(cli.rolls);
	return bt_cli_finish(status);
}
