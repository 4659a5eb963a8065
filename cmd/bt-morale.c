/* bt-morale: morale checks and rallies (bt-morale(1)). */
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-morale [-in] [--rally] [--adv] [--dis] "
	    "[--hold units] [-r rolls] [-f file] [unit ...]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Roll morale: in cc, a unit's Rally action; in "
		    "kingdom, the resolution\nphase's checks of the armies "
		    "named, or of all.\n\n"
		    "  -a, --adv          the DM gives advantage\n"
		    "  -d, --dis          the DM gives disadvantage\n"
		    "      --hold=UNITS   these units decline their parting "
		    "attacks\n"
		    "      --rally        take the Rally action\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "finr");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	bt_cli_start(argv);
	return bt_cli_finish(bt_order_main("bt-morale", argc, argv, usage));
}
