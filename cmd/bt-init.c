/* bt-init: a scenario in, the battle's first state out (bt-init(1)). */
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bt.h"

/* A battle id's bytes: enough for a name and a date, short in a mail. */
#define MAX_BATTLE	64

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-init [-r rolls] [-s seed] [--key-file key "
	    "[--battle id]] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Read a scenario, roll its setup and write the "
		    "battle's first state.\n\n"
		    "  -f, --file=FILE    read the scenario from FILE "
		    "('-': standard input)\n"
		    "      --battle=ID    a keyed battle's id (else a random one)\n"
		    "      --key-file=K   a keyed battle: its dice come from "
		    "the key in K\n"
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
		{ "battle", required_argument, NULL, 'B' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "key-file", required_argument, NULL, 'K' },
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
	struct bt_key key = { 0 }, own = { 0 };
	const char *battle = NULL;
	uint64_t seed = 0;
	bool seeded = false;
	int ch, status;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "f:hr:s:V", opts)) != -1) {
		switch (ch) {
		case 'B':
			/* A word: it is mixed into every die and shown in mail. */
			if (*optarg == '\0' || strlen(optarg) > MAX_BATTLE ||
			    strspn(optarg, "0123456789abcdefghijklmnopqrstuvwxyz"
			    "-") != strlen(optarg)) {
				bt_warnx("bad --battle '%s': lowercase letters, "
				    "digits and '-', at most %d", optarg,
				    MAX_BATTLE);
				usage(BT_EXIT_USAGE);
			}
			battle = optarg;
			break;
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
	if (battle != NULL && cli.key_file == NULL) {
		bt_warnx("--battle names a keyed battle: give --key-file too");
		usage(BT_EXIT_USAGE);
	}

	if ((status = bt_cli_load(&cli, &st, &in, BT_LOAD_SCENARIO)) != 0)
		goto out;
	if (!seeded)
		seed = st.has_seed ? (uint64_t)st.seed : system_seed();
	bt_error_init(&err, NULL);
	/* A keyed battle: the key's commitment and a fresh id, before the
	 * setup rolls, which are the key's like every other. */
	if (cli.key_file != NULL) {
		if (bt_key_read(&key, cli.key_file, &err) < 0) {
			bt_error_print(&err, stderr);
			status = err.status;
			goto done;
		}
		st.keyed = bt_xstrdup(key.hex);
		st.battle = battle != NULL ? bt_xstrdup(battle) :
		    bt_battle_id();
		cli.key = &key;
	}
	bt_error_free(&err);
	bt_error_init(&err, in.name);
	(void)bt_cli_dice(&cli, &st, &dice, &own);	/* cli.key: no file read */
	if ((status = bt_cli_ask(&cli, &dice)) != 0)
		;
	else if (bt_setup(&st, seed, &dice, &err) < 0) {
		if (dice.problem != NULL) {
			bt_warnx("%s", dice.problem);
			status = BT_EXIT_USAGE;
		} else {
			bt_error_print(&err, stderr);
			status = err.status;
		}
	} else if (bt_dice_done(&dice) == 0)
		status = bt_cli_save(&cli, &st, &in);
	bt_cli_ask_close(&dice);
	bt_dice_free(&dice);
done:
	bt_error_free(&err);
	bt_key_free(&key);
	bt_key_free(&own);
out:
	bt_state_free(&st);
	bt_input_free(&in);
	free(cli.rolls);
	return bt_cli_finish(status);
}
