/* bt-init: a scenario in, the battle's first state out (bt-init(1)). */
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-init [-r rolls] [-s seed] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Read a scenario, roll its setup and write the "
		    "battle's first state.\n\n"
		    "  -f, --file=FILE    read the scenario from FILE "
		    "('-': standard input)\n"
		    "  -r, --rolls=LIST   use these die results, in order, "
		    "for every roll\n"
		    "  -s, --seed=N       seed the dice with N (0-4294967295)\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "");
	exit(bt_cli_finish(status));
}

static uint64_t
system_seed(void)
{
	uint32_t v = 0;
	int fd = open("/dev/urandom", O_RDONLY);

	if (fd < 0 || read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		v = (uint32_t)time(NULL) ^ (uint32_t)getpid();
	if (fd >= 0)
		close(fd);
	return v;
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "rolls", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_state st;
	struct bt_input in = { 0 };
	struct bt_dice dice;
	struct bt_error err;
	uint64_t seed = 0;
	bool seeded = false;
	int ch, status;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "f:hr:s:V", opts)) != -1) {
		switch (ch) {
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 's':
			if (bt_cli_seed(optarg, &seed) < 0)
				usage(BT_EXIT_USAGE);
			seeded = true;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_one_file(&cli, argc - optind, argv + optind,
	    "scenario") < 0)
		usage(BT_EXIT_USAGE);

	if ((status = bt_cli_load(&cli, &st, &in, BT_LOAD_SCENARIO)) != 0)
		goto out;
	if (!seeded)
		seed = st.has_seed ? (uint64_t)st.seed : system_seed();
	bt_error_init(&err, in.name);
	bt_dice_init(&dice, &st.rng, cli.rolls, cli.nrolls, cli.forcing);
	if (bt_setup(&st, seed, &dice, &err) < 0) {
		if (dice.problem != NULL) {
			bt_warnx("%s", dice.problem);
			status = BT_EXIT_USAGE;
		} else {
			bt_error_print(&err, stderr);
			status = err.status;
		}
	} else if (bt_dice_done(&dice) == 0)
		status = bt_cli_save(&cli, &st, &in);
	bt_dice_free(&dice);
	bt_error_free(&err);
out:
	bt_state_free(&st);
	bt_input_free(&in);
	free(cli.rolls);
	return bt_cli_finish(status);
}
