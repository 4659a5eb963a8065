/* bt-act: a unit's other actions (bt-act(1)). */
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-act [-in] [-r rolls] [-f file] unit action "
	    "[operand ...]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Take an action other than an attack: in cc, defend, "
		    "disengage,\nsupport ALLY or ready TRIGGER [TARGET]; in "
		    "kingdom, strategy LEVEL,\ntactic NAME, avoid-melee, stand or "
		    "ceasefire; in clash, retreat,\njoin UNIT or leave.\n\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "finr");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	bt_cli_start(argv);
	return bt_cli_finish(bt_order_main("bt-act", argc, argv, usage));
}
