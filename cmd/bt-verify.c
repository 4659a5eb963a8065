/* bt-verify: a battle's history replayed and proved (bt-verify(1)). */
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-verify [--allow-rolls] [--key-file key] "
	    "[-f state] first [orders ...] | --git dir\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Replay a battle from its first state with every "
		    "file of orders in turn\nand prove each published state "
		    "and every roll; the last state is read\nfrom -f or "
		    "standard input, or every state from a play-by-email\n"
		    "repository's commits.\n\n"
		    "      --allow-rolls  take forced dice (-r) in the orders, "
		    "as bt-order did\n"
		    "  -f, --file=FILE    the last state ('-': standard input)\n"
		    "      --git=DIR      the history of the repository DIR\n"
		    "      --key-file=K   a keyed battle's key (or BT_KEY_FILE)\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	bt_cli_start(argv);
	return bt_cli_finish(bt_verify_main(argc, argv, usage));
}
