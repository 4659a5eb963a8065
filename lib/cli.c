/* cli.c: what every program's main shares: input, output, dice, colour. */
#include <sys/stat.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bt.h"

/* Names the program for messages: getopt_long's name it by argv[0]. */
void
bt_cli_start(char **argv)
{
	char *slash = strrchr(argv[0], '/');

	if (slash != NULL)
		argv[0] = slash + 1;
	bt_progname = argv[0];
	bt_io_start();
	/* A closed pipe is then a write error we report, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
}

/* The word getopt_long was looking at when it stopped on a bad option. */
static const char *
bad_word(int argc, char **argv)
{
	return optind >= 2 && optind <= argc ? argv[optind - 1] : "?";
}

/*
 * A bad option, worded by bt and written through bt_warnx, which shows
 * control characters escaped: glibc's own message would echo the
 * option's bytes raw to the terminal (CLI.md, "Text from outside"), and
 * would name the turn program alone, not bt-order and its line.
 */
static void
bad_option(int ch, int argc, char **argv, const char *shortopts)
{
	if (ch == ':')
		bt_warnx("option '%s' needs a value", bad_word(argc, argv));
	else if (optopt == 0)		/* a long option */
		bt_warnx("unknown option '%s'", bad_word(argc, argv));
	else if (optopt < ' ' || optopt > '~')	/* a byte of a UTF-8 letter */
		bt_warnx("unknown option: not a letter after '-'");
	else if (strchr(shortopts, optopt) == NULL)
		bt_warnx("unknown option '-%c'", optopt);
	else
		bt_warnx("option '%s' takes no value", bad_word(argc, argv));
}

int
bt_getopt(int argc, char **argv, const char *shortopts,
    const struct option *longopts)
{
	char buf[64];
	const char *opts = shortopts;
	int ch;

	/* A ':' first: a missing value is ':', told apart from a bad one.
	 * A table that has it (bt-order's, parsed for every order a
	 * battle plays) is taken as it is, not copied each call. */
	if (*shortopts != ':') {
		if (snprintf(buf, sizeof(buf), ":%s", shortopts) >=
		    (int)sizeof(buf))
			abort();	/* a table of bt's own, too long */
		opts = buf;
	}
	opterr = 0;
	ch = getopt_long(argc, argv, opts, longopts, NULL);
	if (ch == '?' || ch == ':') {
		bad_option(ch, argc, argv, opts + 1);
		return '?';
	}
	return ch;
}

void
bt_cli_version(void)
{
	/* The licence is named as GNU tools name theirs (LICENSE). */
	printf("%s (bt) %s\nCopyright (c) 2026 The bt authors\n"
	    "License: ISC; see the LICENSE file that comes with bt.\n",
	    bt_progname, BT_VERSION);
	exit(bt_cli_finish(BT_EXIT_OK));
}

int
bt_cli_option(struct bt_cli *c, int ch, const char *arg)
{
	switch (ch) {
	case 'f':
		c->file = arg;
		return 1;
	case 'i':
		c->in_place = true;
		/* sed's -i[SUFFIX]: a name beside the file, not a path. */
		if (arg != NULL && (*arg == '\0' || strchr(arg, '/') != NULL ||
		    !bt_text_valid(arg))) {
			bt_warnx("bad --in-place suffix '%s': give one such as "
			    ".bak, with no '/'", arg);
			return -1;
		}
		c->backup = arg;
		return 1;
	case 'n':
		c->dry_run = true;
		return 1;
	case 'r':
		return bt_cli_rolls(c, arg) < 0 ? -1 : 1;
	case 'K':
		c->key_file = arg;
		return 1;
	case 'V':
		bt_cli_version();
		return 1;
	default:
		return 0;
	}
}

int
bt_cli_file_operand(struct bt_cli *c, int argc, char **argv)
{
	if (argc > 1 || (argc == 1 && c->file != NULL))
		return -1;
	if (argc == 1)
		c->file = argv[0];
	return 0;
}

int
bt_cli_one_file(struct bt_cli *c, int argc, char **argv, const char *what)
{
	if (bt_cli_file_operand(c, argc, argv) < 0) {
		bt_warnx("one %s file at most, with -f or as the operand", what);
		return -1;
	}
	return 0;
}

int
bt_cli_count(int argc, int min, int max, const char *give)
{
	if (argc >= min && argc <= max)
		return 0;
	bt_warnx("%d operand%s: give %s", argc, argc == 1 ? "" : "s", give);
	return -1;
}

void
bt_cli_usage_options(FILE *fp, const char *opts)
{
	if (strchr(opts, 'f') != NULL)
		fputs("  -f, --file=FILE    read the state from FILE "
		    "('-': standard input)\n", fp);
	if (strchr(opts, 'i') != NULL)
		fputs("  -i, --in-place[=SUFFIX]\n"
		    "                     rewrite FILE instead of writing to "
		    "standard output;\n"
		    "                     keep the old state as FILE.SUFFIX "
		    "(-i.bak)\n", fp);
	if (strchr(opts, 'n') != NULL)
		fputs("  -n, --dry-run      say every die the order rolls and "
		    "what it needs; write nothing\n", fp);
	if (strchr(opts, 'r') != NULL)
		fputs("  -r, --rolls=LIST   use these die results instead of "
		    "the generator;\n"
		    "                     'ask': ask each on the terminal\n",
		    fp);
	fputs("  -h, --help         show this help\n"
	    "  -V, --version      show the version\n", fp);
}

int
bt_cli_rolls(struct bt_cli *c, const char *arg)
{
	const char *why;

	free(c->rolls);
	c->rolls = NULL;
	c->nrolls = 0;
	c->ask = strcmp(arg, "ask") == 0;
	c->forcing = true;
	if (c->ask)
		return 0;
	if (bt_rolls_parse(arg, &c->rolls, &c->nrolls, &why) < 0) {
		bt_warnx("bad --rolls '%s': %s", arg, why);
		return -1;
	}
	c->forcing = true;
	return 0;
}

int
bt_cli_dice(const struct bt_cli *c, struct bt_state *st, struct bt_dice *d,
    struct bt_key *own)
{
	struct bt_error err;
	const struct bt_key *key = c->key;
	int status = BT_EXIT_OK;

	memset(own, 0, sizeof(*own));
	bt_dice_init(d, &st->rng, c->rolls, c->nrolls, c->forcing);
	/* Forced values need no key: they are the referee's own dice; and
	 * a battle not keyed has none to look for (bt_key_for's answer,
	 * without BT_KEY_FILE read for every order a battle plays). */
	if (key == NULL && !c->forcing && st->keyed != NULL) {
		bt_error_init(&err, NULL);
		if (bt_key_for(st, bt_key_path(c->key_file), own, &err) < 0) {
			bt_error_print(&err, stderr);
			status = err.status;
		}
		bt_error_free(&err);
		key = own;
	}
	bt_dice_key(d, st, key, c->nonce);
	return status;
}

int
bt_cli_color(struct bt_cli *c, const char *arg)
{
	if (arg == NULL || strcmp(arg, "auto") == 0)
		c->color = -1;
	else if (strcmp(arg, "always") == 0)
		c->color = 1;
	else if (strcmp(arg, "never") == 0)
		c->color = 0;
	else {
		bt_warnx("bad --color '%s': auto, always or never", arg);
		return -1;
	}
	return 0;
}

/* Colour only for a terminal, and never with NO_COLOR set or TERM=dumb. */
bool
bt_cli_use_color(const struct bt_cli *c, FILE *fp)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	if (c->color >= 0)
		return c->color == 1;
	if (no != NULL && *no != '\0')
		return false;
	if (term != NULL && strcmp(term, "dumb") == 0)
		return false;
	return isatty(fileno(fp));
}

/*
 * A scenario given where a state is wanted fails for each key bt-init
 * writes, one message a key, none of them the one that helps: when the
 * text reads cleanly as a scenario, that is what the user is told.
 */
static bool
is_scenario(const struct bt_input *in)
{
	struct bt_state sc;
	struct bt_error err;
	bool yes;

	bt_error_init(&err, in->name);
	yes = bt_state_read(&sc, in->buf, in->len, BT_LOAD_SCENARIO,
	    &err) == 0;
	bt_state_free(&sc);
	bt_error_free(&err);
	return yes;
}

int
bt_cli_load(struct bt_cli *c, struct bt_state *st, struct bt_input *in,
    enum bt_load_mode mode)
{
	struct bt_error err;
	int status = BT_EXIT_OK;

	memset(st, 0, sizeof(*st));	/* freed by the caller, whatever fails */
	bt_error_init(&err, NULL);
	if (c->in_place && (c->file == NULL || strcmp(c->file, "-") == 0)) {
		bt_warnx("--in-place needs a file, not standard input");
		return BT_EXIT_USAGE;
	}
	if ((c->in_place ? bt_read_to_rewrite(in, c->file, &err) :
	    bt_read_input(in, c->file, &err)) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	} else if (bt_state_read_input(st, in, mode, &err) < 0) {
		if (mode == BT_LOAD_STATE && err.status == BT_EXIT_DATA &&
		    is_scenario(in)) {
			bt_error_free(&err);
			bt_error_init(&err, in->name);
			bt_errorf(&err, BT_EXIT_DATA, 0, 0, "a scenario, not a "
			    "battle state: start it with bt-init, or check it "
			    "with bt-check --scenario");
		}
		bt_error_print(&err, stderr);
		status = err.status;
	} else {
		/* The state holds its own copies: the text's room goes back
		 * before the new text is written (issue 19's peak memory). */
		free(in->buf);
		in->buf = NULL;
	}
	bt_error_free(&err);
	return status;
}

int
bt_cli_check_scenario(struct bt_cli *c)
{
	struct bt_state st;
	struct bt_input in = { 0 };
	struct bt_dice dice;
	struct bt_error err;
	int status;

	if ((status = bt_cli_load(c, &st, &in, BT_LOAD_SCENARIO)) == 0) {
		/* What bt-init alone finds: zones too small to deploy in. */
		bt_error_init(&err, in.name);
		bt_dice_init(&dice, &st.rng, NULL, 0, false);
		if (bt_setup(&st, st.has_seed ? (uint64_t)st.seed : 0, &dice,
		    &err) < 0) {
			bt_error_print(&err, stderr);
			status = err.status;
		}
		bt_dice_free(&dice);
		bt_error_free(&err);
	}
	bt_state_free(&st);
	bt_input_free(&in);
	return status;
}

int
bt_cli_undo(struct bt_cli *c)
{
	struct bt_state old;
	struct bt_input in = { 0 }, bak = { 0 };
	struct bt_error err;
	struct stat sb;
	char *path = NULL;
	int status = BT_EXIT_OK;

	if (c->file == NULL || strcmp(c->file, "-") == 0) {
		bt_warnx("bt-undo needs a state file, not standard input");
		return BT_EXIT_USAGE;
	}
	bt_error_init(&err, NULL);
	memset(&old, 0, sizeof(old));
	/* The lock first, as -i takes it: no rewrite comes between the
	 * check of the backup and the swap. The state itself need not be
	 * valid: a hand edit gone wrong is what undo is for. */
	if (bt_read_to_rewrite(&in, c->file, &err) < 0)
		goto out;
	if ((path = bt_backup_path(c->file, c->backup)) == NULL) {
		bt_errorf(&err, BT_EXIT_IO, 0, 0, "can't read '%s': %s",
		    c->file, strerror(errno));
		goto out;
	}
	err.file = NULL;
	if (stat(path, &sb) < 0 || !S_ISREG(sb.st_mode))
		bt_errorf(&err, BT_EXIT_USAGE, 0, 0, "no backup '%s%s' to go "
		    "back to: a run with -i%s keeps one", c->file, c->backup,
		    c->backup);
	else if (bt_read_input(&bak, path, &err) == 0 &&
	    bt_state_read(&old, bak.buf, bak.len, BT_LOAD_STATE, &err) == 0)
		bt_swap_backup(c->file, c->backup, &err);
out:
	if (err.n > 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	}
	free(path);	/* the messages' file name */
	bt_state_free(&old);
	bt_input_free(&bak);
	bt_input_free(&in);
	bt_error_free(&err);
	return status;
}

int
bt_cli_save(struct bt_cli *c, const struct bt_state *st,
    const struct bt_input *in)
{
	struct bt_error err;
	int status = BT_EXIT_OK;

	bt_error_init(&err, NULL);
	if (bt_state_write(st, c->in_place ? in->path : NULL, c->backup,
	    &err) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	}
	bt_error_free(&err);
	return status;
}

/* The last thing main does: a failed write to standard output is exit 4. */
int
bt_cli_finish(int status)
{
	struct bt_error err;

	bt_error_init(&err, NULL);
	if (bt_close_stdout(&err) < 0) {
		bt_error_print(&err, stderr);
		if (status == BT_EXIT_OK)
			status = err.status;
	}
	bt_error_free(&err);
	return status;
}

int
bt_cli_refuse_ended(const struct bt_state *st)
{
	if (!st->result.present)
		return BT_EXIT_OK;
	bt_warnx("refused (%s): the battle is over (%s%s: %s)",
	    st->rules->end_rule, st->result.winner,
	    strcmp(st->result.winner, "draw") ? " won" : "",
	    st->result.reason);
	return BT_EXIT_REFUSED;
}

static bt_play_fn *
play_fn(const struct bt_ruleset *r, const char *what)
{
	/* the first letter tells most apart with no call (every order
	 * bt-sim plays comes here) */
	if (what[0] == 'm' && strcmp(what, "move") == 0)
		return r->move;
	if (what[0] == 'a' && strcmp(what, "attack") == 0)
		return r->attack;
	if (what[0] == 'a' && strcmp(what, "act") == 0)
		return r->act;
	if (what[0] == 'm' && strcmp(what, "morale") == 0)
		return r->morale;
	return r->resolve;
}

/* --dry-run's answer: each roll request's sentence, one a line. */
static void
say_dice(const struct bt_dice *d)
{
	if (d->nsaid == 0)
		puts("no dice: the order rolls none");
	for (size_t i = 0; i < d->nsaid; i++)
		puts(d->said[i]);
}

/*
 * BT_ROLLS=ask, read once a run: bt sets no variable of its own, and a
 * battle asks for every order it plays.
 */
static bool
env_ask(void)
{
	static int ask = -1;
	const char *env;

	if (ask < 0)
		ask = (env = getenv("BT_ROLLS")) != NULL &&
		    strcmp(env, "ask") == 0;
	return ask == 1;
}

/*
 * --rolls ask, or BT_ROLLS=ask for a whole evening: the dice past any
 * given with -r are asked on the terminal, never standard input, which
 * may be the state.
 */
int
bt_cli_ask(const struct bt_cli *c, struct bt_dice *d)
{
	if (!c->ask && !env_ask())
		return BT_EXIT_OK;
	if ((d->ask_in = fopen("/dev/tty", "r")) == NULL ||
	    (d->ask_out = fopen("/dev/tty", "w")) == NULL) {
		bt_warnx("--rolls ask: can't open the terminal /dev/tty: %s",
		    strerror(errno));
		if (d->ask_in != NULL)
			fclose(d->ask_in);
		d->ask_in = NULL;
		bt_dice_free(d);
		return BT_EXIT_USAGE;
	}
	d->forcing = true;
	return BT_EXIT_OK;
}

void
bt_cli_ask_close(struct bt_dice *d)
{
	if (d->ask_in != NULL) {
		fclose(d->ask_in);
		fclose(d->ask_out);
	}
	d->ask_in = d->ask_out = NULL;
}

int
bt_cli_apply(struct bt_state *st, const struct bt_cli *c,
    const struct bt_order *o, const char *what)
{
	struct bt_dice dice;
	struct bt_error err;
	struct bt_key key;
	bt_play_fn *fn;
	int status;

	if ((status = bt_cli_refuse_ended(st)) != 0)
		return status;
	if ((fn = play_fn(st->rules, what)) == NULL) {
		bt_warnx("the %s ruleset has no '%s' yet", st->rules->name,
		    what);
		return BT_EXIT_USAGE;
	}
	if ((status = bt_cli_dice(c, st, &dice, &key)) != 0) {
		bt_key_free(&key);
		return status;
	}
	bt_error_init(&err, NULL);
	dice.collect = c->dry_run;
	if (!c->dry_run && (status = bt_cli_ask(c, &dice)) != 0) {
		bt_key_free(&key);
		return status;
	}
	if (bt_check_hold(st, o, &err) < 0 || fn(st, &dice, o, &err) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	} else if (bt_dice_done(&dice) < 0) {
		bt_warnx("%s", dice.problem);
		status = BT_EXIT_USAGE;
	}
	/* Dice that ran out explain any refusal that followed from them. */
	if (status != BT_EXIT_OK && status != BT_EXIT_USAGE &&
	    dice.problem != NULL) {
		bt_warnx("%s", dice.problem);
		status = BT_EXIT_USAGE;
	}
	if (status == BT_EXIT_OK && c->dry_run)
		say_dice(&dice);
	bt_cli_ask_close(&dice);
	bt_dice_free(&dice);
	bt_key_free(&key);
	bt_error_free(&err);
	return status;
}

int
bt_cli_play(struct bt_cli *c, const struct bt_order *o, const char *what)
{
	struct bt_state st;
	struct bt_input in = { 0 };
	int status;

	if ((status = bt_cli_load(c, &st, &in, BT_LOAD_STATE)) == 0 &&
	    (status = bt_cli_apply(&st, c, o, what)) == 0 && !c->dry_run)
		status = bt_cli_save(c, &st, &in);
	bt_state_free(&st);
	bt_input_free(&in);
	return status;
}

int
bt_cli_hold(struct bt_order *o, const char *arg)
{
	if (*arg == '\0' || arg[strlen(arg) - 1] == ',') {
		bt_warnx("bad --hold '%s': unit ids separated by commas", arg);
		return -1;
	}
	o->hold = arg;
	return 0;
}

/*
 * A whole number of the command line, from 0 to max, spelled as in a
 * state (bt-state(5)): digits only, so no sign and no spaces, which
 * strtoll alone would take. Sets *end past it; -1 when there is none.
 */
static int
whole(const char *s, long long max, long long *v, char **end)
{
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoll(s, end, 10);
	return errno != 0 || *v > max ? -1 : 0;
}

int
bt_cli_text(const char *option, const char *arg)
{
	if (!bt_text_valid(arg)) {
		bt_warnx("bad %s: it must be UTF-8 text on one line", option);
		return -1;
	}
	if (strlen(arg) > BT_MAX_NAME) {
		bt_warnx("bad %s: %zu bytes long: at most %d", option,
		    strlen(arg), BT_MAX_NAME);
		return -1;
	}
	return 0;
}

int
bt_cli_seed(const char *arg, uint64_t *seed)
{
	long long v;
	char *end;

	if (whole(arg, 4294967295LL, &v, &end) < 0 || *end != '\0') {
		bt_warnx("bad --seed '%s': a number from 0 to 4294967295", arg);
		return -1;
	}
	*seed = (uint64_t)v;
	return 0;
}

int
bt_cli_count_arg(const char *option, const char *arg, long *n)
{
	long long v;
	char *end;

	if (whole(arg, 1000000000LL, &v, &end) < 0 || *end != '\0' ||
	    v == 0) {
		bt_warnx("bad %s '%s': a number from 1 to 1000000000", option,
		    arg);
		return -1;
	}
	*n = (long)v;
	return 0;
}

/* "X,Y": two whole numbers. */
int
bt_cli_xy(const char *arg, int *x, int *y)
{
	char *end;
	long long a, b;

	if (whole(arg, BT_MAX_MAP, &a, &end) < 0 || *end != ',' ||
	    whole(end + 1, BT_MAX_MAP, &b, &end) < 0 || *end != '\0') {
		bt_warnx("bad square '%s': X,Y", arg);
		return -1;
	}
	*x = (int)a;
	*y = (int)b;
	return 0;
}
