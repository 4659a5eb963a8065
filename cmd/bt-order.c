/* bt-order: a file of orders applied to a state in one step (bt-order(1)). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-order [-i] [--allow-rolls] [--key-file key] "
	    "[--side side] [-f file] orders\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Apply a file of orders, one turn program a line "
		    "(bt-move, bt-attack,\nbt-act, bt-morale, bt-resolve), "
		    "to a state: all of them, or none.\nThe orders are read "
		    "from the file orders ('-': standard input).\n\n"
		    "      --allow-rolls  take forced dice (-r) in the orders of "
		    "a keyed battle\n"
		    "      --key-file=K   a keyed battle's key (or BT_KEY_FILE)\n"
		    "      --side=SIDE    only orders for SIDE's units, in its "
		    "turn\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fi");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "allow-rolls", no_argument, NULL, 'A' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "in-place", optional_argument, NULL, 'i' },
		{ "key-file", required_argument, NULL, 'K' },
		{ "side", required_argument, NULL, 'S' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_state st = { 0 };
	struct bt_input in = { 0 }, orders = { 0 };
	struct bt_error err;
	struct bt_orders_opts play = { 0 };
	struct bt_key key = { 0 };
	const char *path;
	int ch, status;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "f:hi::V", opts)) != -1) {
		switch (ch) {
		case 'A':
			play.allow_rolls = true;
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'S':
			play.side = optarg;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_count(argc - optind, 1, 1, "one orders file") < 0)
		usage(BT_EXIT_USAGE);
	path = argv[optind];
	if (strcmp(path, "-") == 0 &&
	    (cli.file == NULL || strcmp(cli.file, "-") == 0)) {
		bt_warnx("the orders and the state can't both come from "
		    "standard input: give the state with -f");
		usage(BT_EXIT_USAGE);
	}

	/* The orders first: a mail that can't be read costs no state. */
	bt_error_init(&err, NULL);
	if (bt_read_input(&orders, path, &err) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	} else if ((status = bt_cli_load(&cli, &st, &in, BT_LOAD_STATE)) ==
	    BT_EXIT_OK) {
		/* The key once, for every order, and checked before any. */
		if (play.side != NULL && bt_side_find(&st, play.side) == NULL) {
			bt_warnx("bad --side '%s': the state has no such side",
			    play.side);
			status = BT_EXIT_USAGE;
		} else if (bt_key_for(&st, bt_key_path(cli.key_file), &key,
		    &err) < 0) {
			bt_error_print(&err, stderr);
			status = err.status;
		} else {
			play.key = key.bytes != NULL ? &key : NULL;
			if ((status = bt_orders_play_as(&st, orders.name,
			    orders.buf, orders.len, &play)) == BT_EXIT_OK)
				status = bt_cli_save(&cli, &st, &in);
		}
	}
	bt_key_free(&key);
	bt_state_free(&st);
	bt_error_free(&err);
	bt_input_free(&orders);
	bt_input_free(&in);
	return bt_cli_finish(status);
}
