/* bt-act: a unit's other actions (bt-act(1)). */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-act [-i] [-r rolls] [-f file] unit action "
	    "[operand ...]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Take an action other than an attack: in cc, defend, "
		    "disengage,\nsupport ALLY or ready TRIGGER [TARGET]; in "
		    "kingdom, strategy LEVEL,\ntactic NAME, avoid-melee or "
		    "ceasefire; in clash, retreat, join UNIT or leave.\n\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fir");
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
	o.argc = argc - optind;
	o.argv = argv + optind;
	if (o.argc < 2)
		usage(BT_EXIT_USAGE);
	status = bt_cli_play(&cli, &o, "act");
	free(cli.rolls);
	return bt_cli_finish(status);
}
