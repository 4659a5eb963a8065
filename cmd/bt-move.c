/* bt-move: move a unit (bt-move(1)). */
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-move [-in] [--disengage] [--hold units] "
	    "[-r rolls] [-f file] unit step ...\n"
	    "       bt-move [-i] [--disengage] [--hold units] [-r rolls] "
	    "[-f file] --to x,y unit\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Move a unit by steps, or by the cheapest path to a "
		    "square.\n\n"
		    "      --disengage    take the Disengage action with the "
		    "move\n"
		    "      --hold=UNITS   these units decline their reactions\n"
		    "  -t, --to=X,Y       move the unit's top-left square to "
		    "X,Y\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "finr");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	bt_cli_start(argv);
	return bt_cli_finish(bt_order_main("bt-move", argc, argv, usage));
}
