/*
 * order.c: a turn program's command line, parsed here alike for the
 * program itself and for bt-order's lines of orders, so that an option
 * means the same in both; and bt-order's file of orders, played on a state
 * in memory. Orders come by e-mail: a line is split into words here, with
 * quotes and nothing else, and never handed to a shell.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

/* What a turn program takes besides -f, -i, -r, -h and -V. */
struct program {
	const char		*name;		/* "bt-move" */
	const char		*what;		/* its ruleset function */
	const char		*shortopts;	/* for bt_getopt, ':' first */
	const struct option	*longopts;
	/* Its own options: 0 taken, 1 not its own, -1 bad (reported). */
	int			(*option)(struct bt_order *, int ch,
				    char *arg);
	int			 min, max;	/* operands; max -1: no bound */
	const char		*operands;	/* for a wrong count */
};

static int
move_option(struct bt_order *o, int ch, char *arg)
{
	switch (ch) {
	case 'd':
		o->disengage = true;
		return 0;
	case 'H':
		return bt_cli_hold(o, arg);
	case 't':
		o->to = true;
		return bt_cli_xy(arg, &o->to_x, &o->to_y);
	default:
		return 1;
	}
}

static int
attack_option(struct bt_order *o, int ch, char *arg)
{
	switch (ch) {
	case 'a':
		o->adv = true;
		return 0;
	case 'c':
		if (bt_cli_text("--crit-type", arg) < 0)
			return -1;
		o->crit_type = arg;
		return 0;
	case 'd':
		o->dis = true;
		return 0;
	case 'R':
		o->ranged = true;
		return 0;
	case 's':
		o->spill_to = arg;
		return 0;
	default:
		return 1;
	}
}

static int
act_option(struct bt_order *o, int ch, char *arg)
{
	(void)o;
	(void)ch;
	(void)arg;
	return 1;
}

static int
morale_option(struct bt_order *o, int ch, char *arg)
{
	switch (ch) {
	case 'a':
		o->adv = true;
		return 0;
	case 'd':
		o->dis = true;
		return 0;
	case 'H':
		return bt_cli_hold(o, arg);
	case 'R':
		o->rally = true;
		return 0;
	default:
		return 1;
	}
}

static int
resolve_option(struct bt_order *o, int ch, char *arg)
{
	const char *eq;
	int x, y;

	switch (ch) {
	case 'F':
		if ((eq = strchr(arg, '=')) == NULL || eq == arg ||
		    bt_cli_xy(eq + 1, &x, &y) < 0) {
			bt_warnx("bad --fill '%s': STAND=X,Y", arg);
			return -1;
		}
		o->fills = bt_xreallocarray(o->fills, o->nfills + 1,
		    sizeof(*o->fills));
		o->fills[o->nfills++] = arg;
		return 0;
	case 'H':
		return bt_cli_hold(o, arg);
	default:
		return 1;
	}
}

/*
 * Sorted by name, as getopt_long tables are kept in cmd/ too. A short
 * letter means one thing in every program of the suite (bt(7)): the long
 * options whose letter another program had first, --disengage (-d is
 * --dis), --fill (-F is --format), --rally (-R is --ranged) and
 * --spill-to (-s is --seed), have none.
 */
static const struct option act_long[] = {
	{ "dry-run", no_argument, NULL, 'n' },
	{ "file", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "in-place", optional_argument, NULL, 'i' },
	{ "key-file", required_argument, NULL, 'K' },
	{ "rolls", required_argument, NULL, 'r' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};
static const struct option attack_long[] = {
	{ "adv", no_argument, NULL, 'a' },
	{ "crit-type", required_argument, NULL, 'c' },
	{ "dis", no_argument, NULL, 'd' },
	{ "dry-run", no_argument, NULL, 'n' },
	{ "file", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "in-place", optional_argument, NULL, 'i' },
	{ "key-file", required_argument, NULL, 'K' },
	{ "ranged", no_argument, NULL, 'R' },
	{ "rolls", required_argument, NULL, 'r' },
	{ "spill-to", required_argument, NULL, 's' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};
static const struct option morale_long[] = {
	{ "adv", no_argument, NULL, 'a' },
	{ "dis", no_argument, NULL, 'd' },
	{ "dry-run", no_argument, NULL, 'n' },
	{ "file", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "hold", required_argument, NULL, 'H' },
	{ "in-place", optional_argument, NULL, 'i' },
	{ "key-file", required_argument, NULL, 'K' },
	{ "rally", no_argument, NULL, 'R' },
	{ "rolls", required_argument, NULL, 'r' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};
static const struct option move_long[] = {
	{ "disengage", no_argument, NULL, 'd' },
	{ "dry-run", no_argument, NULL, 'n' },
	{ "file", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "hold", required_argument, NULL, 'H' },
	{ "in-place", optional_argument, NULL, 'i' },
	{ "key-file", required_argument, NULL, 'K' },
	{ "rolls", required_argument, NULL, 'r' },
	{ "to", required_argument, NULL, 't' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};
static const struct option resolve_long[] = {
	{ "dry-run", no_argument, NULL, 'n' },
	{ "file", required_argument, NULL, 'f' },
	{ "fill", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "hold", required_argument, NULL, 'H' },
	{ "in-place", optional_argument, NULL, 'i' },
	{ "key-file", required_argument, NULL, 'K' },
	{ "rolls", required_argument, NULL, 'r' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

static const struct program programs[] = {
	{ "bt-act", "act", ":f:hi::nr:V", act_long, act_option, 2, -1,
	    "a unit and an action" },
	{ "bt-attack", "attack", ":ac:df:hi::nRr:V", attack_long,
	    attack_option, 2, 2, "an attacker and a target" },
	{ "bt-morale", "morale", ":adf:hi::nr:V", morale_long, morale_option,
	    0, -1, NULL },
	{ "bt-move", "move", ":f:hi::nr:t:V", move_long, move_option, 1, -1,
	    "a unit and its steps, or a unit and --to X,Y" },
	{ "bt-resolve", "resolve", ":f:hi::nr:V", resolve_long,
	    resolve_option, 0, 0, NULL }
};
#define NPROGRAMS	(sizeof(programs) / sizeof(programs[0]))

static const struct program *
program_find(const char *name)
{
	/* every name is "bt-" and the program's what, which tells them
	 * apart from its first letter */
	if (strncmp(name, "bt-", 3) != 0)
		return NULL;
	for (size_t i = 0; i < NPROGRAMS; i++)
		if (bt_streq(programs[i].what, name + 3))
			return &programs[i];
	return NULL;
}

const char *
bt_order_what(const char *name)
{
	const struct program *p = program_find(name);

	return p != NULL ? p->what : NULL;
}

/* The options that are bt-order's own: a line of orders has none. */
static void
not_in_file(int ch)
{
	switch (ch) {
	case 'f':
		bt_warnx("-f, --file: an order names no state file: the "
		    "state is bt-order's");
		break;
	case 'i':
		bt_warnx("-i, --in-place: an order writes no file: give -i to "
		    "bt-order");
		break;
	case 'K':
		bt_warnx("--key-file: the key is the referee's: give it to "
		    "bt-order");
		break;
	case 'n':
		bt_warnx("-n, --dry-run: a line of orders is played: try it "
		    "with its own program's -n");
		break;
	default:
		bt_warnx("-%c: not an order", ch);
	}
}

static enum bt_parse
operands(const struct program *p, struct bt_order *o, struct bt_cli *c,
    bool in_file)
{
	if (p->max == 0 && !in_file) {
		/* bt-resolve: its one operand is the state's file (CLI.md). */
		if (bt_cli_file_operand(c, o->argc, o->argv) < 0) {
			bt_warnx("one state file at most, with -f or as the "
			    "operand");
			return BT_PARSE_BAD;
		}
		o->argc = 0;
		return BT_PARSE_OK;
	}
	if (p->max == 0 && o->argc > 0) {
		bt_warnx("'%s': %s takes no operand in an order (its one "
		    "operand is a state file, and the state is bt-order's)",
		    o->argv[0], p->name);
		return BT_PARSE_BAD;
	}
	if (o->argc < p->min || (p->max >= 0 && o->argc > p->max)) {
		bt_warnx("%d operand%s: give %s", o->argc,
		    o->argc == 1 ? "" : "s", p->operands);
		return BT_PARSE_BAD;
	}
	return BT_PARSE_OK;
}

/* Whether a word past the program's name begins with '-' but is not "-"
 * alone: only such a word is an option, or "--", to getopt_long. */
static bool
any_option(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			return true;
	return false;
}

/* bt_order_parse of p's command line; play_line has found p already. */
static enum bt_parse
parse(const struct program *p, int argc, char **argv, struct bt_order *o,
    struct bt_cli *c, bool in_file)
{
	int ch, rc;
	bool opts;

	memset(o, 0, sizeof(*o));
	/* glibc starts afresh at 0: a second line is a second parse. A
	 * line with no word getopt_long would read as an option (most of a
	 * battle's: a unit and its steps) is what it would answer at once,
	 * -1 with optind at the first operand, without its work. */
	opts = any_option(argc, argv);
	optind = opts ? 0 : 1;
	while (opts && (ch = bt_getopt(argc, argv, p->shortopts,
	    p->longopts)) != -1) {
		if (ch == '?')
			return BT_PARSE_BAD;
		if (in_file && strchr("fihnVK", ch) != NULL) {
			not_in_file(ch);
			return BT_PARSE_BAD;
		}
		if (ch == 'h')
			return BT_PARSE_HELP;
		if (ch == 'V')
			return BT_PARSE_VERSION;
		if ((rc = p->option(o, ch, optarg)) < 0)
			return BT_PARSE_BAD;
		if (rc > 0 && bt_cli_option(c, ch, optarg) <= 0)
			return BT_PARSE_BAD;
	}
	o->argc = argc - optind;
	o->argv = argv + optind;
	return operands(p, o, c, in_file);
}

enum bt_parse
bt_order_parse(const char *name, int argc, char **argv, struct bt_order *o,
    struct bt_cli *c, bool in_file)
{
	const struct program *p = program_find(name);

	if (p == NULL) {
		memset(o, 0, sizeof(*o));
		bt_warnx("'%s' is not a turn program", name);
		return BT_PARSE_BAD;
	}
	return parse(p, argc, argv, o, c, in_file);
}

void
bt_order_free(struct bt_order *o)
{
	free(o->fills);
	o->fills = NULL;
	o->nfills = 0;
}

/* --- bt-order's file of orders --- */

/*
 * What split makes of a byte out of quotes, looked up for every character
 * of every line. SHELL: a character a shell would act on. Unquoted, it is
 * refused rather than taken as a letter: whoever wrote 'bt-move a f;
 * bt-attack a b' meant two orders, and is better told so than handed a
 * strange refusal. STOP: the end, a blank or a quote. LETTER: the rest,
 * '#' too inside a word.
 */
enum { LETTER, SHELL, STOP };
static const unsigned char byte_kind[256] = {
	['|'] = SHELL, ['&'] = SHELL, [';'] = SHELL, ['<'] = SHELL,
	['>'] = SHELL, ['('] = SHELL, [')'] = SHELL, ['$'] = SHELL,
	['`'] = SHELL, ['\\'] = SHELL, ['*'] = SHELL, ['?'] = SHELL,
	['['] = SHELL, [']'] = SHELL, ['{'] = SHELL, ['}'] = SHELL,
	['~'] = SHELL,
	['\0'] = STOP, [' '] = STOP, ['\t'] = STOP, ['\''] = STOP,
	['"'] = STOP
};

/*
 * One line being split: the words and where they point into. A line of
 * orders mostly fits the room kept here, and takes no malloc: bt-sim
 * splits every order of its battles.
 */
#define FEW_WORDS	16
struct words {
	char		**v;
	size_t		 n, cap;
	char		*buf;		/* the words, each ended by a NUL */
	char		*few[FEW_WORDS];	/* v, while they fit */
	char		 room[256];	/* buf, while the line fits */
};

/* Room for twice the words, out of few[] once they outgrow it. */
static void
words_grow(struct words *w)
{
	char **v = bt_xreallocarray(w->v == w->few ? NULL : w->v,
	    2 * w->cap, sizeof(*v));

	if (w->v == w->few)
		memcpy(v, w->few, w->n * sizeof(*v));
	w->v = v;
	w->cap *= 2;
}

/* Inline: split adds every word of every order a battle plays, and
 * seldom grows the room. */
static inline void
words_add(struct words *w, char *word)
{
	if (w->n + 1 >= w->cap)
		words_grow(w);
	w->v[w->n++] = word;
	w->v[w->n] = NULL;
}

/* No more than the fields: the room is written before it is read. */
static void
words_init(struct words *w)
{
	w->v = w->few;
	w->n = 0;
	w->cap = FEW_WORDS;
	w->buf = NULL;
}

static void
words_free(struct words *w)
{
	if (w->v != w->few)
		free(w->v);
	if (w->buf != w->room)
		free(w->buf);
	w->v = NULL;
	w->buf = NULL;
	w->n = w->cap = 0;
}

/*
 * Splits a line into words: blanks (spaces, tabs) between words; '...'
 * and "..." keep what they hold as it is, blanks and the characters
 * below included, and may sit inside a word (--hold='a,b'); a '#' that
 * begins a word begins a comment. Nothing is expanded: no variables, no
 * globs, no backslash escapes. Returns 0, or the exit status with why
 * (size bytes) saying what is wrong at the 1-based column *col: a word
 * longer than any text a state holds is bad data, the rest usage.
 */
static int
split(const char *line, struct words *w, char *why, size_t size, int *col)
{
	char *out;
	char quote = 0;
	bool in_word = false;
	int qcol = 0, wcol = 0;
	size_t need = strlen(line) + 1;

	/* A word is never longer than the text it came from. */
	out = w->buf = need <= sizeof(w->room) ? w->room : bt_xmalloc(need);
	for (const char *s = line;; s++) {
		char ch = *s;

		if (quote != 0) {
			if (ch == '\0') {
				snprintf(why, size, "no closing %c for this "
				    "quote", quote);
				*col = qcol;
				return BT_EXIT_USAGE;
			}
			if (ch == quote)
				quote = 0;
			else
				*out++ = ch;
			continue;
		}
		if (byte_kind[(unsigned char)ch] == LETTER &&
		    (in_word || ch != '#')) {
			/* most of a line: a word's letters to the next byte
			 * that is none, in a loop of their own, and where
			 * they begin it, the word */
			if (!in_word) {
				words_add(w, out);
				in_word = true;
				wcol = (int)(s - line) + 1;
			}
			do
				*out++ = *s++;
			while (byte_kind[(unsigned char)*s] == LETTER);
			s--;
			continue;
		}
		if (ch == '\0' || ch == ' ' || ch == '\t') {
			size_t len = in_word ? (size_t)(out - w->v[w->n - 1]) :
			    0;

			if (len > BT_MAX_TEXT) {
				snprintf(why, size, "a word of %zu bytes: at "
				    "most %d", len, BT_MAX_TEXT);
				*col = wcol;
				return BT_EXIT_DATA;
			}
			if (in_word)
				*out++ = '\0';
			in_word = false;
			if (ch == '\0')
				return 0;
			continue;
		}
		if (!in_word && ch == '#')
			return 0;
		if (byte_kind[(unsigned char)ch] == SHELL) {
			snprintf(why, size, "'%c' is a shell's: bt-order "
			    "runs no shell (quote it to mean the letter)", ch);
			*col = (int)(s - line) + 1;
			return BT_EXIT_USAGE;
		}
		if (!in_word) {
			words_add(w, out);
			in_word = true;
			wcol = (int)(s - line) + 1;
		}
		if (ch == '\'' || ch == '"') {
			quote = ch;
			qcol = (int)(s - line) + 1;
		} else
			*out++ = ch;
	}
}

/* The context of the messages about one line: "FILE:LINE[:COL]", and
 * the order's WORD after when word is not NULL (bt_context). */
static void
set_place(const char *name, long line, int col, const char *word)
{
	bt_context.file = name;
	bt_context.line = line;
	bt_context.col = col;
	bt_context.word = word;
}

static void
no_place(void)
{
	memset(&bt_context, 0, sizeof(bt_context));
}

/* Says where the orders stopped, and that none of them counts. */
static void
stop_here(const char *name, long n, int status)
{
	set_place(name, n, 0, NULL);
	bt_warnx("the orders stop here, exit %d: none of them is applied",
	    status);
	no_place();
}

/*
 * The unit of another side than side that id (a unit, or a clash stand
 * UNIT.N) names, or NULL: it names one of side's, or none the state has.
 * len: the id's bytes (it may end before a ',' or '=').
 */
static const struct bt_unit *
others(const struct bt_state *st, const char *side, const char *id,
    size_t len)
{
	const struct bt_unit *u;
	char *unit = bt_xasprintf("%.*s", (int)len, id), *dot;

	if ((dot = strchr(unit, '.')) != NULL)
		*dot = '\0';
	u = bt_unit_find(st, unit);
	free(unit);
	return u != NULL && strcmp(u->side, side) != 0 ? u : NULL;
}

/* --side's refusal of an order that names another side's unit where
 * only the side's own may stand: what names it, and the id. */
static int
not_ours(const struct bt_orders_opts *opts, const char *what, const char *id,
    size_t len)
{
	bt_warnx("refused: %s '%.*s' is not %s's: these orders are %s's "
	    "(--side %s)", what, (int)len, id, opts->side, opts->side,
	    opts->side);
	return BT_EXIT_REFUSED;
}

/*
 * What a play-by-email table refuses before an order is played (exit 1):
 * forced dice in a keyed battle, unless the referee allows them; with
 * --side, an order that names a unit of another side where only the
 * side's own may stand: the unit that acts (the first operand: a target
 * is the enemy's), every army of a bt-morale, every unit whose reactions
 * --hold declines (a side declines its own, never the enemy's), every
 * stand --fill moves; and any order out of the side's turn. A unit the
 * state lacks is left to the order's own usage error.
 */
static int
table_refuses(const struct bt_state *st, const struct bt_orders_opts *opts,
    const struct bt_order *o, const struct bt_cli *c, const char *what)
{
	const struct bt_unit *active;
	const char *p;
	size_t len;

	if (st->keyed != NULL && c->forcing && !opts->allow_rolls) {
		bt_warnx("refused: forced dice (-r) in the orders of a keyed "
		    "battle: the dice are the key's (bt-order --allow-rolls "
		    "takes them)");
		return BT_EXIT_REFUSED;
	}
	if (opts->side == NULL)
		return BT_EXIT_OK;
	for (int i = 0; strcmp(what, "resolve") != 0 && i < o->argc &&
	    (i == 0 || strcmp(what, "morale") == 0); i++)
		if (others(st, opts->side, o->argv[i], strlen(o->argv[i])))
			return not_ours(opts, "unit", o->argv[i],
			    strlen(o->argv[i]));
	for (p = o->hold; p != NULL && *p != '\0'; p += len + (p[len] == ',')) {
		len = strcspn(p, ",");
		if (others(st, opts->side, p, len))
			return not_ours(opts, "--hold", p, len);
	}
	for (size_t i = 0; i < o->nfills; i++) {
		len = strcspn(o->fills[i], "=");
		if (others(st, opts->side, o->fills[i], len))
			return not_ours(opts, "--fill", o->fills[i], len);
	}
	if (st->active != NULL &&
	    (active = bt_unit_find(st, st->active)) != NULL &&
	    strcmp(active->side, opts->side) != 0) {
		bt_warnx("refused: it is %s's turn (%s), not %s's", active->side,
		    active->id, opts->side);
		return BT_EXIT_REFUSED;
	}
	return BT_EXIT_OK;
}

/* One line of orders, NUL-free and checked: split, parsed and played. */
static int
play_line(struct bt_state *st, const char *name, long n, const char *line,
    const struct bt_orders_opts *opts, const char *nonce)
{
	struct words w;
	struct bt_order o;
	struct bt_cli c = { .color = -1, .key = opts->key, .nonce = nonce };
	const struct program *p;
	char why[128];
	int col, status = BT_EXIT_OK;

	words_init(&w);
	if ((status = split(line, &w, why, sizeof(why), &col)) != 0) {
		set_place(name, n, col, NULL);
		bt_warnx("%s", why);
	} else if (w.n == 0)		/* blank, or a comment */
		;
	else if ((p = program_find(w.v[0])) == NULL) {
		set_place(name, n, 0, NULL);
		bt_warnx("'%s' is not an order: one of bt-move, bt-attack, "
		    "bt-act, bt-morale or bt-resolve", w.v[0]);
		status = BT_EXIT_USAGE;
	} else {
		set_place(name, n, 0, w.v[0]);
		if (parse(p, (int)w.n, w.v, &o, &c, true) != BT_PARSE_OK)
			status = BT_EXIT_USAGE;
		else if ((status = table_refuses(st, opts, &o, &c,
		    p->what)) == BT_EXIT_OK)
			status = bt_cli_apply(st, &c, &o, p->what);
		bt_order_free(&o);
		free(c.rolls);
	}
	no_place();
	words_free(&w);
	return status;
}

int
bt_orders_play_line(struct bt_state *st, const char *name, long n,
    const char *line, const struct bt_orders_opts *opts)
{
	static const struct bt_orders_opts none = { 0 };

	return play_line(st, name, n, line, opts != NULL ? opts : &none,
	    NULL);
}

/*
 * Whether a line holds an order, as split would find: not blank, not a
 * comment. Counted before any is played, so that a file of too many is
 * refused whole.
 */
static bool
is_order(const char *s, const char *end)
{
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	return s < end && *s != '#' && !(*s == '\r' && s + 1 == end);
}

/* The line of the order past BT_MAX_ORDERS, or 0 when there is none. */
static long
too_many(const char *text, const char *end)
{
	long n = 0, orders = 0;

	for (const char *s = text; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));

		n++;
		if (is_order(s, nl != NULL ? nl : end) &&
		    ++orders > BT_MAX_ORDERS)
			return n;
		s = nl != NULL ? nl + 1 : end;
	}
	return 0;
}

/*
 * The markers of a mail's orders (bt-order(1)): a line that is one of
 * them, blanks and a CR around it aside.
 */
#define MAIL_OPEN	"--- orders ---"
#define MAIL_CLOSE	"--- end ---"

static bool
is_mark(const char *s, const char *end, const char *mark)
{
	size_t l = strlen(mark);

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '\r'))
		end--;
	return (size_t)(end - s) == l && memcmp(s, mark, l) == 0;
}

/* Reports a problem of the orders' file at line n; returns status. */
static int
file_problem(const char *name, long n, int status, const char *msg)
{
	set_place(name, n, 0, NULL);
	bt_warnx("%s", msg);
	no_place();
	return status;
}

/*
 * A mail as it arrives: with a line MAIL_OPEN, the orders are the lines
 * from it to MAIL_CLOSE, and the greeting, the signature and any quoted
 * mail around them are not read at all. Narrows [*text, *end) to them
 * and sets *n to the line before the first, so that messages keep the
 * mail's own line numbers. A file without the marker is read whole.
 */
static int
mail_block(const char *name, const char **text, const char **end, long *n)
{
	const char *from = NULL, *to = NULL;
	long line = 0, open = 0;

	for (const char *s = *text; s < *end;) {
		const char *nl = memchr(s, '\n', (size_t)(*end - s));
		const char *le = nl != NULL ? nl : *end;

		line++;
		if (is_mark(s, le, MAIL_OPEN) && to != NULL)
			return file_problem(name, line, BT_EXIT_DATA, "a second "
			    "'" MAIL_OPEN "': a mail holds one block of orders");
		if (open == 0 && is_mark(s, le, MAIL_OPEN)) {
			open = line;
			from = nl != NULL ? nl + 1 : *end;
		} else if (open > 0 && to == NULL && is_mark(s, le, MAIL_CLOSE))
			to = s;
		s = nl != NULL ? nl + 1 : *end;
	}
	if (open == 0)
		return BT_EXIT_OK;
	if (to == NULL)
		return file_problem(name, open, BT_EXIT_DATA, "'" MAIL_OPEN "' "
		    "has no '" MAIL_CLOSE "' after it: is the mail cut short?");
	*text = from;
	*end = to;
	*n = open;
	return BT_EXIT_OK;
}

char *
bt_orders_nonce(const char *text, size_t len)
{
	const char *end = text + len;

	for (const char *s = text; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl != NULL ? nl : end;

		s += strspn(s, " \t");
		if (s < e && *s == '#') {
			s++;
			s += strspn(s, " \t");
			if ((size_t)(e - s) >= 6 && strncmp(s, "nonce:", 6) == 0) {
				s += 6;
				while (s < e && (*s == ' ' || *s == '\t'))
					s++;
				while (e > s && (e[-1] == ' ' || e[-1] == '\t' ||
				    e[-1] == '\r'))
					e--;
				char *v = bt_xmalloc((size_t)(e - s) + 1);

				memcpy(v, s, (size_t)(e - s));
				v[e - s] = '\0';
				return v;
			}
		}
		s = nl != NULL ? nl + 1 : end;
	}
	return NULL;
}

/*
 * The pipeline of programs reads and checks the state after every order;
 * played in memory, the state is read back once, at the end, as the next
 * program would read it, so that bt-order never writes one that a bt
 * program refuses. A refusal here is a bug in bt's rules: nothing is
 * written, exit 3, as the next program of the pipeline would give.
 */
static int
reads_back(const struct bt_state *st, const char *name, size_t hint)
{
	struct bt_state back;
	struct bt_error err;
	size_t len;
	char *text = bt_state_emit(st, hint, &len);
	int status = BT_EXIT_OK;

	if (text == NULL) {
		bt_warnx("can't emit the state: libyaml failed");
		return BT_EXIT_IO;
	}
	bt_error_init(&err, "<the orders' state>");
	if (bt_state_read(&back, text, len, BT_LOAD_STATE, &err) < 0) {
		/* Out of memory is exit 4, as anywhere. */
		if (err.status != BT_EXIT_IO)
			bt_warnx("%s: the orders leave a state that does not "
			    "read back, a bug in bt: nothing is written", name);
		bt_error_print(&err, stderr);
		status = err.status == BT_EXIT_IO ? BT_EXIT_IO : BT_EXIT_DATA;
	}
	bt_state_free(&back);
	bt_error_free(&err);
	free(text);
	return status;
}

int
bt_orders_play(struct bt_state *st, const char *name, const char *text,
    size_t len)
{
	return bt_orders_play_as(st, name, text, len, NULL);
}

/*
 * The orders are played on st itself, one after another, as the pipeline
 * of programs plays them: a program reads back exactly the state the one
 * before it wrote, so the state in memory is that state, and there is no
 * need for its text between orders. Going through the text (emit, parse,
 * check) at each order cost time in the log's length, which grows with
 * the orders: 10,000 orders did not end in 15 minutes.
 */
int
bt_orders_play_as(struct bt_state *st, const char *name, const char *text,
    size_t len, const struct bt_orders_opts *opts)
{
	static const struct bt_orders_opts none = { 0 };
	const char *end = text + len;
	char *nonce;
	struct bt_error err;
	long n, first = 0;
	int status = BT_EXIT_OK, bom;

	bt_error_init(&err, name);
	if ((bom = bt_text_bom(text, len, &err)) < 0) {
		bt_error_print(&err, stderr);
		bt_error_free(&err);
		return BT_EXIT_DATA;
	}
	text += bom;
	if ((status = mail_block(name, &text, &end, &first)) != BT_EXIT_OK)
		return status;
	if ((n = too_many(text, end)) > 0) {
		set_place(name, first + n, 0, NULL);
		bt_warnx("more than %d orders in one file: no battle needs so "
		    "many; split them into turns", BT_MAX_ORDERS);
		no_place();
		return BT_EXIT_DATA;
	}
	if (opts == NULL)
		opts = &none;
	/* The player's share of the dice of a keyed battle (bt(7)). */
	nonce = bt_orders_nonce(text, (size_t)(end - text));
	n = first;
	for (const char *s = text; s < end && status == BT_EXIT_OK;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t l = (size_t)((nl != NULL ? nl : end) - s), bad, size;
		char *line;

		n++;
		/* Mailers end lines with CR LF. */
		if (l > 0 && s[l - 1] == '\r')
			l--;
		line = bt_xmalloc(l + 1);
		memcpy(line, s, l);
		line[l] = '\0';
		/* Before the words: a message may quote one. */
		if ((bad = bt_text_bad(s, l, false, &size)) < l) {
			char *why = bt_text_why(s + bad, size, "an order");

			set_place(name, n, (int)bad + 1, NULL);
			bt_warnx("%s", why);
			no_place();
			free(why);
			status = BT_EXIT_DATA;
		} else
			status = play_line(st, name, n, line, opts, nonce);
		if (status != BT_EXIT_OK)
			stop_here(name, n, status);
		free(line);
		s = nl != NULL ? nl + 1 : end;
	}
	free(nonce);
	if (status == BT_EXIT_OK)
		status = reads_back(st, name, len);
	return status;
}

int
bt_order_main(const char *program, int argc, char **argv,
    void (*usage)(int))
{
	struct bt_cli c = { .color = -1 };
	struct bt_order o;
	int status;

	switch (bt_order_parse(program, argc, argv, &o, &c, false)) {
	case BT_PARSE_OK:
		break;
	case BT_PARSE_HELP:
		usage(BT_EXIT_OK);
		break;
	case BT_PARSE_VERSION:
		bt_cli_version();
		break;
	default:
		usage(BT_EXIT_USAGE);
	}
	status = bt_cli_play(&c, &o, bt_order_what(program));
	bt_order_free(&o);
	free(c.rolls);
	return status;
}
