/* bt-morale: morale checks and rallies (bt-morale(1)). */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-morale [-i] [--rally] [--adv] [--dis] "
	    "[--hold units] [-r rolls] [-f file] [unit ...]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Roll morale: in cc, a unit's Rally action; in "
		    "kingdom, the resolution\nphase's checks of the armies "
		    "named, or of all.\n\n"
		    "  -a, --adv          the DM gives advantage\n"
		    "  -d, --dis          the DM gives disadvantage\n"
		    "      --hold=UNITS   these units decline their parting "
		    "attacks\n"
		    "  -R, --rally        take the Rally action\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fir");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "adv", no_argument, NULL, 'a' },
		{ "dis", no_argument, NULL, 'd' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "hold", required_argument, NULL, 'H' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "rally", no_argument, NULL, 'R' },
		{ "rolls", required_argument, NULL, 'r' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_order o = { 0 };
	int ch, status;

	bt_cli_start(argv);
	while ((ch = getopt_long(argc, argv, "adf:hiRr:V", opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			o.adv = true;
			break;
		case 'd':
			o.dis = true;
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'H':
			if (bt_cli_hold(&o, optarg) < 0)
				usage(BT_EXIT_USAGE);
			break;
		case 'R':
			o.rally = true;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	o.argc = argc - optind;
	o.argv = argv + optind;
	status = bt_cli_play(&cli, &o, "morale");
	free(cli.rolls);
	return bt_cli_finish(status);
}
