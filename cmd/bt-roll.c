/* bt-roll: a roll the DM asks for, from the battle's dice, into its log. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-roll [-i] [--adv | --dis] [-r rolls] "
	    "[-w what] [-f file] dice\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Roll dice (d20, d100, NdM+K) from a battle's "
		    "generator and log the roll.\n\n"
		    "  -a, --adv          a d20 with advantage: two, keep the "
		    "higher\n"
		    "  -d, --dis          a d20 with disadvantage: two, keep "
		    "the lower\n"
		    "  -w, --what=TEXT    what the roll is for, for the log\n");
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
		{ "in-place", optional_argument, NULL, 'i' },
		{ "key-file", required_argument, NULL, 'K' },
		{ "rolls", required_argument, NULL, 'r' },
		{ "version", no_argument, NULL, 'V' },
		{ "what", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_state st;
	struct bt_input in = { 0 };
	struct bt_dice dice;
	struct bt_key key = { 0 };
	struct bt_dice_expr x;
	struct bt_log_entry *e;
	const char *what = NULL;
	int ch, status, adv = 0, dis = 0;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "adf:hi::r:Vw:", opts)) != -1) {
		switch (ch) {
		case 'a':
			adv = 1;
			break;
		case 'd':
			dis = 1;
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'w':
			what = *optarg != '\0' ? optarg : NULL;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	argc -= optind;
	argv += optind;
	if (bt_cli_count(argc, 1, 1, "one dice expression") < 0)
		usage(BT_EXIT_USAGE);
	if (bt_dice_expr_parse(&x, argv[0]) < 0) {
		bt_warnx("bad dice '%s': d20, d100 or NdM+K", argv[0]);
		usage(BT_EXIT_USAGE);
	}
	if ((adv || dis) && (x.count != 1 || x.sides != 20)) {
		bt_warnx("--adv and --dis are for a d20, not '%s'", argv[0]);
		usage(BT_EXIT_USAGE);
	}
	if (what != NULL && bt_cli_text("--what", what) < 0)
		usage(BT_EXIT_USAGE);

	if ((status = bt_cli_load(&cli, &st, &in, BT_LOAD_STATE)) == 0 &&
	    (status = bt_cli_refuse_ended(&st)) == 0 &&
	    (status = bt_cli_dice(&cli, &st, &dice, &key)) == 0 &&
	    (status = bt_cli_ask(&cli, &dice)) == 0) {
		/* D-1: advantage and disadvantage together cancel. */
		e = bt_dm_roll(&st, &dice, &x, adv - dis, what);
		if (bt_dice_done(&dice) < 0) {
			bt_warnx("%s", dice.problem);
			status = BT_EXIT_USAGE;
		} else if ((status = bt_cli_save(&cli, &st, &in)) == 0)
			fprintf(stderr, "%s: %s\n", bt_progname, e->text);
		bt_cli_ask_close(&dice);
		bt_dice_free(&dice);
	}
	bt_key_free(&key);
	bt_state_free(&st);
	bt_input_free(&in);
	free(cli.rolls);
	return bt_cli_finish(status);
}
