/* bt-sim: the odds of a battle, played many times (bt-sim(1)). */
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

	fprintf(fp, "usage: bt-sim [-N n | --seeds a-b] [-j jobs] "
	    "[-p [side=]policy]... [-F format]\n"
	    "              [file]\n"
	    "       bt-sim --trace k | --start k [-p [side=]policy]... "
	    "[file]\n"
	    "       bt-sim --merge [-F format] answer...\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Play a battle (a state or a scenario) to its end "
		    "many times with automatic\ncommanders on every side, "
		    "and say the odds.\n\n"
		    "  -F, --format=FMT   yaml (the default), png or svg\n"
		    "  -j, --jobs=N       play in N processes\n"
		    "      --merge        add up answers of disjoint seed "
		    "ranges\n"
		    "  -N, --battles=N    battles 1 to N (10000 without "
		    "--seeds)\n"
		    "  -p, --policy=[SIDE=]NAME\n"
		    "                     random, simple or general (the "
		    "default), for SIDE or all\n"
		    "      --seeds=A-B    battles A to B\n"
		    "      --start=K      write battle K's first state, not the "
		    "odds\n"
		    "      --trace=K      write battle K's last state, not the "
		    "odds\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "");
	exit(bt_cli_finish(status));
}

struct ask {
	long		 first, last;	/* the seeds */
	bool		 count, seeds;	/* -N, --seeds given */
	long		 jobs;
	char		**policies;
	size_t		 npolicies;
	int		 format;	/* BT_FMT_TEXT for yaml, PNG, SVG */
	long		 trace, start;	/* 0: not asked */
	bool		 merge;
};

/* --seeds A-B: 1 <= A <= B <= 10^9. */
static int
seeds_arg(const char *arg, struct ask *a)
{
	const char *dash = strchr(arg, '-');
	char *first;
	int rc;

	if (dash == NULL) {
		bt_warnx("bad --seeds '%s': a range A-B, as 1-1000", arg);
		return -1;
	}
	first = bt_xasprintf("%.*s", (int)(dash - arg), arg);
	rc = bt_cli_count_arg("--seeds", first, &a->first) < 0 ||
	    bt_cli_count_arg("--seeds", dash + 1, &a->last) < 0 ? -1 : 0;
	free(first);
	if (rc == 0 && a->first > a->last) {
		bt_warnx("bad --seeds '%s': %ld is past %ld", arg, a->first,
		    a->last);
		rc = -1;
	}
	return rc;
}

/* A state, or a scenario (no 'rng': bt-init's input), read from path. */
static int
load(const char *path, struct bt_state *st, bool *scenario)
{
	struct bt_input in = { 0 };
	struct bt_error err;
	struct bt_tree tree = { 0 };
	int status = BT_EXIT_OK;

	memset(st, 0, sizeof(*st));
	bt_error_init(&err, NULL);
	if (bt_read_input(&in, path, &err) < 0)
		goto fail;
	bt_error_free(&err);
	bt_error_init(&err, in.name);
	*scenario = bt_tree_parse(&tree, in.buf, in.len, &err) == 0 &&
	    tree.root != NULL && tree.root->kind == BT_NODE_MAP &&
	    bt_map_get(tree.root, "rng") == NULL;
	bt_tree_free(&tree);
	bt_error_free(&err);
	bt_error_init(&err, in.name);
	if (bt_state_read(st, in.buf, in.len, *scenario ? BT_LOAD_SCENARIO :
	    BT_LOAD_STATE, &err) < 0)
		goto fail;
	bt_error_free(&err);
	bt_input_free(&in);
	return BT_EXIT_OK;
fail:
	bt_error_print(&err, stderr);
	status = err.status;
	bt_error_free(&err);
	bt_input_free(&in);
	return status;
}

/* What bt-sim can't play, refused before a battle: exit status or 0. */
static int
refuse(const struct bt_state *st, bool scenario)
{
	int status;

	if (!scenario && (status = bt_cli_refuse_ended(st)) != BT_EXIT_OK)
		return status;
	if (st->keyed != NULL) {
		bt_warnx("a keyed battle's dice are its key's, the same in "
		    "every battle: bt-sim can't play it but once");
		return BT_EXIT_USAGE;
	}
	if (st->rules->options == NULL) {
		bt_warnx("the %s ruleset has no automatic commanders yet",
		    st->rules->name);
		return BT_EXIT_USAGE;
	}
	return BT_EXIT_OK;
}

/* The progress line on a terminal: done, rate, time left. */
struct progress {
	long		 total;
	struct timespec	 t0, last;
	bool		 shown;
};

static double
since(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void
show_progress(void *arg, long done)
{
	struct progress *p = arg;
	struct timespec now;
	double t, rate;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (done < p->total && p->shown && since(&p->last, &now) < 0.2)
		return;
	p->last = now;
	p->shown = true;
	t = since(&p->t0, &now);
	rate = t > 0 ? (double)done / t : 0;
	fprintf(stderr, "\r%s: %ld of %ld battles, %.0f a second, %.0f s "
	    "left  ", bt_progname, done, p->total, rate, rate > 0 ?
	    (double)(p->total - done) / rate : 0);
	if (done == p->total)
		fputc('\n', stderr);
	fflush(stderr);
}

/* The answer on standard output: YAML or a picture. */
static int
answer(const struct bt_sim *sim, int format)
{
	struct bt_error err;
	size_t len;
	char *text;
	int status = BT_EXIT_OK;

	if (format != BT_FMT_TEXT) {
		bt_error_init(&err, NULL);
		if (bt_sim_picture(sim, format, stdout, &err) < 0) {
			bt_error_print(&err, stderr);
			status = err.status;
		}
		bt_error_free(&err);
		return status;
	}
	if ((text = bt_sim_emit(sim, &len)) == NULL) {
		bt_warnx("can't write the answer");
		return BT_EXIT_IO;
	}
	fwrite(text, 1, len, stdout);
	free(text);
	return status;
}

/* The odds, a battle's first or last state: the exit status. */
static int
simulate(const char *path, const struct ask *a)
{
	struct bt_state st, one;
	struct bt_sim_run run = { .template = &st,
	    .max_orders = BT_SIM_MAX_ORDERS };
	struct bt_sim sim;
	struct progress pr = { .total = a->last - a->first + 1 };
	const struct bt_policy **policy = NULL;
	int status;

	if ((status = load(path, &st, &run.scenario)) != BT_EXIT_OK ||
	    (status = refuse(&st, run.scenario)) != BT_EXIT_OK)
		goto out;
	policy = bt_xcalloc(st.nsides + 1, sizeof(*policy));
	if (bt_auto_commanders(&st, a->policies, a->npolicies, NULL,
	    policy) < 0) {
		status = BT_EXIT_USAGE;
		goto out;
	}
	run.policy = policy;
	if (a->trace != 0 || a->start != 0) {
		long k = a->trace != 0 ? a->trace : a->start;
		size_t len;
		char *text;

		/* With its log: the state the programs would write. */
		status = bt_sim_battle(&run, k, &one, false, a->start != 0);
		if (status == BT_EXIT_OK &&
		    (text = bt_state_emit(&one, 0, &len)) != NULL) {
			fwrite(text, 1, len, stdout);
			free(text);
		} else if (status == BT_EXIT_OK)
			status = BT_EXIT_IO;
		bt_state_free(&one);
		goto out;
	}
	bt_sim_init(&sim, &run);
	clock_gettime(CLOCK_MONOTONIC, &pr.t0);
	status = bt_sim_play(&run, a->first, a->last, (int)a->jobs, &sim,
	    isatty(STDERR_FILENO) ? show_progress : NULL, &pr);
	if (status == BT_EXIT_OK)
		status = answer(&sim, a->format);
	bt_sim_free(&sim);
out:
	free(policy);
	bt_state_free(&st);
	return status;
}

/* --merge: the answers added up, in any order. */
static int
merge(int argc, char **argv, int format)
{
	struct bt_sim sum = { 0 };
	int status = BT_EXIT_OK;

	for (int i = 0; i < argc && status == BT_EXIT_OK; i++) {
		struct bt_input in = { 0 };
		struct bt_error err;
		struct bt_sim part = { 0 };

		bt_error_init(&err, NULL);
		if (bt_read_input(&in, argv[i], &err) == 0) {
			bt_error_free(&err);
			bt_error_init(&err, in.name);
			if (bt_sim_read(&part, in.buf, in.len, &err) == 0)
				(void)bt_sim_merge(&sum, &part, &err);
		}
		if (err.n > 0) {
			bt_error_print(&err, stderr);
			status = err.status;
		}
		bt_sim_free(&part);
		bt_error_free(&err);
		bt_input_free(&in);
	}
	if (status == BT_EXIT_OK)
		status = answer(&sum, format);
	bt_sim_free(&sum);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "battles", required_argument, NULL, 'N' },
		{ "format", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "merge", no_argument, NULL, 'M' },
		{ "policy", required_argument, NULL, 'p' },
		{ "seeds", required_argument, NULL, 'S' },
		{ "start", required_argument, NULL, 'B' },
		{ "trace", required_argument, NULL, 'T' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const formats[] = { "yaml", "png", "svg", NULL };
	static const int format_of[] = { BT_FMT_TEXT, BT_FMT_PNG, BT_FMT_SVG };
	struct ask a = { .first = 1, .last = 10000, .jobs = 1,
	    .format = BT_FMT_TEXT };
	struct bt_cli cli = { .color = -1 };
	int ch, f, status, nfiles;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "F:hj:N:p:V", opts)) != -1) {
		switch (ch) {
		case 'B':
		case 'T':
			if (bt_cli_count_arg(ch == 'B' ? "--start" : "--trace",
			    optarg, ch == 'B' ? &a.start : &a.trace) < 0)
				usage(BT_EXIT_USAGE);
			break;
		case 'F':
			if ((f = bt_word_index(formats, optarg)) < 0) {
				bt_warnx("bad --format '%s': yaml, png or svg",
				    optarg);
				usage(BT_EXIT_USAGE);
			}
			a.format = format_of[f];
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'j':
			if (bt_cli_count_arg("--jobs", optarg, &a.jobs) < 0)
				usage(BT_EXIT_USAGE);
			if (a.jobs > 1024) {
				bt_warnx("bad --jobs '%s': 1024 at most",
				    optarg);
				usage(BT_EXIT_USAGE);
			}
			break;
		case 'M':
			a.merge = true;
			break;
		case 'N':
			if (bt_cli_count_arg("--battles", optarg, &a.last) < 0)
				usage(BT_EXIT_USAGE);
			a.first = 1;
			a.count = true;
			break;
		case 'p':
			if (bt_cli_text("--policy", optarg) < 0)
				usage(BT_EXIT_USAGE);
			a.policies = bt_xreallocarray(a.policies,
			    a.npolicies + 1, sizeof(*a.policies));
			a.policies[a.npolicies++] = optarg;
			break;
		case 'S':
			if (seeds_arg(optarg, &a) < 0)
				usage(BT_EXIT_USAGE);
			a.seeds = true;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	nfiles = argc - optind;
	if (a.count && a.seeds) {
		bt_warnx("-N counts battles from 1, --seeds names them: one or "
		    "the other");
		usage(BT_EXIT_USAGE);
	}
	if (a.trace != 0 && a.start != 0) {
		bt_warnx("--trace or --start: one battle's state at a time");
		usage(BT_EXIT_USAGE);
	}
	if ((a.trace != 0 || a.start != 0) && (a.count || a.seeds ||
	    a.merge || a.format != BT_FMT_TEXT || a.jobs != 1)) {
		bt_warnx("--trace and --start write one battle's state: no -N, "
		    "--seeds, -j, -F or --merge");
		usage(BT_EXIT_USAGE);
	}
	if (a.merge && (a.count || a.seeds || a.npolicies > 0 ||
	    a.jobs != 1)) {
		bt_warnx("--merge adds up answers played already: no -N, "
		    "--seeds, -j or -p");
		usage(BT_EXIT_USAGE);
	}
	if (a.merge ? nfiles < 1 : nfiles > 1) {
		bt_warnx(a.merge ? "--merge needs the answers' files" :
		    "one state or scenario at most");
		usage(BT_EXIT_USAGE);
	}
	if (a.format != BT_FMT_TEXT && isatty(STDOUT_FILENO)) {
		bt_warnx("a %s picture is not for a terminal: redirect it to a "
		    "file", bt_format_words[a.format]);
		exit(bt_cli_finish(BT_EXIT_USAGE));
	}
	if (a.merge)
		status = merge(nfiles, argv + optind, a.format);
	else
		status = simulate(nfiles == 1 ? argv[optind] : NULL, &a);
	free(a.policies);
	return bt_cli_finish(status);
}
