/* bt-auto: an automatic commander plays a side's orders (bt-auto(1)). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-auto [-io] [--count n] [--key-file key] "
	    "[-p [side=]policy]...\n"
	    "               [--side side]... [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Play the orders of the sides given (every side "
		    "without --side) until the\nbattle waits for another side "
		    "or ends, as a player would give them.\n\n"
		    "      --count=N      play N orders at most\n"
		    "      --key-file=K   a keyed battle's key (or "
		    "BT_KEY_FILE)\n"
		    "  -o, --orders       print the orders chosen, as a "
		    "bt-order file, not the state\n"
		    "  -p, --policy=[SIDE=]NAME\n"
		    "                     random, simple or general (the "
		    "default), for SIDE or all\n"
		    "      --side=SIDE    play SIDE (again for more sides)\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fi");
	exit(bt_cli_finish(status));
}

/* What the command line asks, checked against the state once it is read. */
struct ask {
	char		**sides;	/* --side, in order */
	size_t		 nsides;
	char		**policies;	/* --policy, SIDE=NAME or NAME */
	size_t		 npolicies;
	long		 count;
	bool		 orders;
};

static void
push(char ***v, size_t *n, char *s)
{
	*v = bt_xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = s;
}

/* The commander of each side from --side and --policy; -1 when one is bad. */
static int
commanders(const struct bt_state *st, const struct ask *a,
    const struct bt_policy **policy)
{
	bool *played = bt_xcalloc(st->nsides, sizeof(*played));
	int rc = 0;

	for (size_t i = 0; i < a->nsides && rc == 0; i++) {
		const struct bt_side *side = bt_side_find(st, a->sides[i]);

		if (side == NULL) {
			bt_warnx("bad --side '%s': the state has no such side",
			    a->sides[i]);
			rc = -1;
		} else
			played[side - st->sides] = true;
	}
	for (size_t s = 0; s < st->nsides && a->nsides == 0; s++)
		played[s] = true;
	if (rc == 0)
		rc = bt_auto_commanders(st, a->policies, a->npolicies, played,
		    policy);
	free(played);
	return rc;
}

/* Plays the state as asked; the exit status. */
static int
play(struct bt_cli *cli, struct bt_state *st, struct bt_input *in,
    const struct ask *a)
{
	const struct bt_policy **policy;
	struct bt_auto au = { .max_orders = a->count };
	struct bt_key key = { 0 };
	struct bt_error err;
	const char *side;
	long played;
	int status;

	if ((status = bt_cli_refuse_ended(st)) != BT_EXIT_OK)
		return status;
	if (st->rules->options == NULL) {
		bt_warnx("the %s ruleset has no automatic commanders yet",
		    st->rules->name);
		return BT_EXIT_USAGE;
	}
	policy = bt_xcalloc(st->nsides, sizeof(*policy));
	bt_error_init(&err, NULL);
	if (commanders(st, a, policy) < 0)
		status = BT_EXIT_USAGE;
	else if (bt_key_for(st, bt_key_path(cli->key_file), &key, &err) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	} else if (st->keyed != NULL && key.bytes == NULL) {
		/* Its orders would roll, sooner or later: say it first. */
		bt_warnx("the battle is keyed: its dice need the referee's key "
		    "(--key-file FILE or BT_KEY_FILE)");
		status = BT_EXIT_USAGE;
	} else if ((side = bt_waiting(st)) != NULL &&
	    policy[bt_side_find(st, side) - st->sides] == NULL) {
		bt_warnx("refused: the battle waits for %s's orders, and "
		    "--side doesn't name it", side);
		status = BT_EXIT_REFUSED;
	} else {
		au.policy = policy;
		au.key = key.bytes != NULL ? &key : NULL;
		au.orders = a->orders ? stdout : NULL;
		status = bt_auto_play(st, &au, &played);
		if (status == BT_EXIT_OK && !a->orders)
			status = bt_cli_save(cli, st, in);
	}
	bt_key_free(&key);
	bt_error_free(&err);
	free(policy);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "count", required_argument, NULL, 'C' },
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "in-place", optional_argument, NULL, 'i' },
		{ "key-file", required_argument, NULL, 'K' },
		{ "orders", no_argument, NULL, 'o' },
		{ "policy", required_argument, NULL, 'p' },
		{ "side", required_argument, NULL, 'S' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_state st = { 0 };
	struct bt_input in = { 0 };
	struct ask a = { 0 };
	int ch, status;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "f:hi::op:V", opts)) != -1) {
		switch (ch) {
		case 'C':
			if (bt_cli_count_arg("--count", optarg, &a.count) < 0)
				usage(BT_EXIT_USAGE);
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'o':
			a.orders = true;
			break;
		case 'p':
			if (bt_cli_text("--policy", optarg) < 0)
				usage(BT_EXIT_USAGE);
			push(&a.policies, &a.npolicies, optarg);
			break;
		case 'S':
			if (bt_cli_text("--side", optarg) < 0)
				usage(BT_EXIT_USAGE);
			push(&a.sides, &a.nsides, optarg);
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_one_file(&cli, argc - optind, argv + optind, "state") < 0)
		usage(BT_EXIT_USAGE);
	if (a.orders && cli.in_place) {
		bt_warnx("--orders prints the orders, -i rewrites the state: "
		    "one or the other");
		usage(BT_EXIT_USAGE);
	}
	if ((status = bt_cli_load(&cli, &st, &in, BT_LOAD_STATE)) ==
	    BT_EXIT_OK)
		status = play(&cli, &st, &in, &a);
	bt_state_free(&st);
	bt_input_free(&in);
	free(a.sides);
	free(a.policies);
	return bt_cli_finish(status);
}
