/* bt-resolve: end the turn; the rules do what comes next (bt-resolve(1)). */
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-resolve [-in] [--fill stand=x,y ...] "
	    "[--hold units] [-r rolls] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "End the active unit's turn (kingdom: the phase) "
		    "and start the next.\n\n"
		    "      --fill=STAND=X,Y  clash: move STAND into a square a "
		    "casualty left\n"
		    "      --hold=UNITS      these units decline their "
		    "reactions\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "finr");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	bt_cli_start(argv);
	return bt_cli_finish(bt_order_main("bt-resolve", argc, argv, usage));
}
