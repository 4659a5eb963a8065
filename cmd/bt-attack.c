/* bt-attack: one unit attacks another (bt-attack(1)). */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-attack [-i] [--ranged] [--adv] [--dis] "
	    "[--crit-type type] [--spill-to stand] [-r rolls] [-f file] "
	    "attacker target\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Make an attack, melee or ranged, and apply it; in "
		    "kingdom, order a\nranged attack for the ranged phase.\n\n"
		    "  -a, --adv          the DM gives advantage\n"
		    "  -c, --crit-type=T  the damage type a critical hit adds "
		    "to\n"
		    "  -d, --dis          the DM gives disadvantage\n"
		    "  -R, --ranged       a ranged attack, not melee\n"
		    "  -s, --spill-to=STAND  clash: the stand that takes damage "
		    "beyond the target's HP\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fir");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "adv", no_argument, NULL, 'a' },
		{ "crit-type", required_argument, NULL, 'c' },
		{ "dis", no_argument, NULL, 'd' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "ranged", no_argument, NULL, 'R' },
		{ "rolls", required_argument, NULL, 'r' },
		{ "spill-to", required_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_order o = { 0 };
	int ch, status;

	bt_cli_start(argv);
	while ((ch = getopt_long(argc, argv, "ac:df:hiRr:s:V", opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			o.adv = true;
			break;
		case 'c':
			o.crit_type = optarg;
			break;
		case 'd':
			o.dis = true;
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'R':
			o.ranged = true;
			break;
		case 's':
			o.spill_to = optarg;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	o.argc = argc - optind;
	o.argv = argv + optind;
	if (o.argc != 2)
		usage(BT_EXIT_USAGE);
	if (o.crit_type != NULL && !bt_text_valid(o.crit_type)) {
		bt_warnx("bad --crit-type: it must be UTF-8 text on one line");
		usage(BT_EXIT_USAGE);
	}
	status = bt_cli_play(&cli, &o, "attack");
	free(cli.rolls);
	return bt_cli_finish(status);
}
