/* bt-attack: one unit attacks another (bt-attack(1)). */
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-attack [-in] [--ranged] [--adv] [--dis] "
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
		    "      --spill-to=STAND  clash: the stand that takes damage "
		    "beyond the target's HP\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "finr");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	bt_cli_start(argv);
	return bt_cli_finish(bt_order_main("bt-attack", argc, argv, usage));
}
