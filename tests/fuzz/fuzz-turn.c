/*
 * fuzz-turn.c: the libFuzzer harness of the turn programs, from the state
 * they read to the state they write. The input is orders, a line "===",
 * then a state:
 *
 *	bt-move blue-hydra f f
 *	bt-attack blue-hydra red-foot --rolls 15,3
 *	bt-resolve
 *	===
 *	bt: 1
 *	rules: cc
 *	...
 *
 * Each line of orders is played as bt-order plays it (bt_orders_play: the
 * turn program's own option parsing, then bt_cli_apply, all in memory),
 * one line at a time, each on the state the one before it wrote. A line
 * 'bt-roll [-a | -d] [-r LIST] [-w WORD] DICE' is bt-roll's DM's roll.
 * Without a line "===" the whole input is the state, with no orders.
 *
 * Any refusal is fine: it ends the orders. An order that succeeds promises
 * what its program promises: the state it writes passes the whole check
 * and round trips canonically (fuzz_round_trip), and the same order on
 * the same state, read from its canonical text, writes the same state
 * again (same_again). A crash, a sanitizer's report or a broken promise
 * (abort) is a bug.
 *
 * Then the orders are played again as one file, as bt-order plays it:
 * the state in memory from order to order, the file's bounds (at most
 * BT_MAX_ORDERS orders, which make fuzz lowers; no UTF-16 or UTF-32).
 * A file of more orders is refused whole, exit 3; a file whose every line
 * was played above ends in the same state, byte for byte; and a file
 * that is played whole was played line by line too (whole_file).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define SEPARATOR	"==="
#define MAX_ORDERS	64	/* lines: a longer input only burns time */

/* Where the state begins: just past the first line "===", or NULL. */
static const uint8_t *
state_part(const uint8_t *data, size_t size)
{
	const size_t n = sizeof(SEPARATOR);	/* "===\n" */

	for (size_t i = 0; i + n <= size; i++)
		if ((i == 0 || data[i - 1] == '\n') &&
		    memcmp(data + i, SEPARATOR "\n", n) == 0)
			return data + i + n;
	return NULL;
}

#ifdef BT_LIBFUZZER
size_t	 LLVMFuzzerMutate(uint8_t *, size_t, size_t);
size_t	 LLVMFuzzerCustomMutator(uint8_t *, size_t, size_t, unsigned int);

/*
 * The state is most of an input: left to libFuzzer, nearly every mutation
 * lands in it and most of those make a state the loader refuses, so the
 * orders are seldom changed and the turn programs seldom run (95% of a
 * 5-minute corpus did not load). Half the mutations change the orders
 * alone and keep the state as it is.
 */
size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
    unsigned int seed)
{
	const uint8_t *state = state_part(data, size);
	size_t orders, rest, n;
	uint8_t *keep;

	if (seed % 2 == 0 || state == NULL)
		return LLVMFuzzerMutate(data, size, max_size);
	orders = (size_t)(state - data) - sizeof(SEPARATOR);
	rest = size - orders;
	if (rest + 1 >= max_size)
		return LLVMFuzzerMutate(data, size, max_size);
	keep = bt_xmalloc(rest);
	memcpy(keep, data + orders, rest);
	/* One byte kept for the newline that ends the last order. */
	n = LLVMFuzzerMutate(data, orders, max_size - rest - 1);
	if (n > 0 && data[n - 1] != '\n')
		data[n++] = '\n';
	memcpy(data + n, keep, rest);
	free(keep);
	return n + rest;
}
#endif

/* bt-roll's run after reading the state (cmd/bt-roll.c), from one line. */
static int
dm_roll(struct bt_state *st, const char *line)
{
	char *copy = bt_xstrdup(line), *w, *dice_word = NULL;
	const char *what = NULL;
	struct bt_cli c = { .color = -1 };
	struct bt_dice_expr x;
	struct bt_dice dice;
	int adv = 0, dis = 0, status = BT_EXIT_USAGE;

	strtok(copy, " \t");			/* "bt-roll" */
	while ((w = strtok(NULL, " \t")) != NULL) {
		if (strcmp(w, "-a") == 0 || strcmp(w, "--adv") == 0)
			adv = 1;
		else if (strcmp(w, "-d") == 0 || strcmp(w, "--dis") == 0)
			dis = 1;
		else if (strcmp(w, "-r") == 0 || strcmp(w, "--rolls") == 0) {
			if ((w = strtok(NULL, " \t")) == NULL ||
			    bt_cli_rolls(&c, w) < 0)
				goto out;
		} else if (strcmp(w, "-w") == 0 || strcmp(w, "--what") == 0) {
			if ((w = strtok(NULL, " \t")) == NULL)
				goto out;
			what = *w != '\0' ? w : NULL;
		} else if (dice_word == NULL)
			dice_word = w;
		else
			goto out;
	}
	/* What cmd/bt-roll.c refuses before it reads the state. */
	if (dice_word == NULL || bt_dice_expr_parse(&x, dice_word) < 0 ||
	    ((adv || dis) && (x.count != 1 || x.sides != 20)) ||
	    (what != NULL && (!bt_text_valid(what) ||
	    strlen(what) > BT_MAX_NAME)))
		goto out;
	if ((status = bt_cli_refuse_ended(st)) != BT_EXIT_OK)
		goto out;
	bt_dice_init(&dice, &st->rng, c.rolls, c.nrolls, c.forcing);
	bt_dm_roll(st, &dice, &x, adv - dis, what);
	if (bt_dice_done(&dice) < 0)
		status = BT_EXIT_USAGE;
	bt_dice_free(&dice);
out:
	free(c.rolls);
	free(copy);
	return status;
}

static bool
is_roll(const char *line)
{
	return strncmp(line, "bt-roll", 7) == 0 &&
	    (line[7] == '\0' || line[7] == ' ' || line[7] == '\t');
}

/* The program a line of orders runs, for the message of a broken promise. */
static const char *
program_of(const char *line, char *buf, size_t size)
{
	size_t n = strcspn(line, " \t");

	snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), line);
	return *buf != '\0' ? buf : "a blank line";
}

/* Line n of the orders (0-based) played on st; returns the exit status. */
static int
play(struct bt_state *st, const char *line, int n)
{
	char where[32];

	if (is_roll(line))
		return dm_roll(st, line);
	/* bt-order names a line by its number in the file. */
	snprintf(where, sizeof(where), "<order %d>", n + 1);
	return bt_orders_play(st, where, line, strlen(line));
}

/*
 * The dice are the state's: the same order on the same state, read from
 * its canonical text (before, len), gives the same state, byte for byte,
 * as it gave (after). Memory read before it is written, or a state that
 * means something else once written canonically, would break that.
 */
static void
same_again(const char *before, size_t len, const char *line, int n,
    const struct bt_state *after, const char *who)
{
	struct bt_state st;
	struct bt_error err;
	char *a, *b;
	size_t alen, blen;

	bt_error_init(&err, "<before>");
	if (bt_state_read(&st, before, len, BT_LOAD_STATE, &err) < 0) {
		bt_error_print(&err, stderr);
		fuzz_fail("the state before %s does not read back", who);
	}
	bt_error_free(&err);
	if (play(&st, line, n) != BT_EXIT_OK)
		fuzz_fail("%s is refused on the canonical text of a state it "
		    "was played on", who);
	a = bt_state_emit(after, 0, &alen);
	b = bt_state_emit(&st, 0, &blen);
	if (a == NULL || b == NULL)
		fuzz_fail("%s: libyaml can't emit the state", who);
	if (alen != blen || memcmp(a, b, alen) != 0) {
		fprintf(stderr, "--- once\n%.*s--- again\n%.*s", (int)alen,
		    a, (int)blen, b);
		fuzz_fail("%s gives another state played again on the same "
		    "state", who);
	}
	free(a);
	free(b);
	bt_state_free(&st);
}

#define UTF8_BOM	"\xef\xbb\xbf"

/*
 * Orders in the file as bt-order counts them: lines not blank, not
 * comments, after a UTF-8 byte-order mark (bt-order(1)); an independent
 * count, to check its bound. *mid_bom: a later line begins with a mark,
 * which only the file's first may skip.
 */
static long
count_orders(const char *s, bool *mid_bom)
{
	long n = 0;
	bool first = true;

	*mid_bom = false;
	if (strncmp(s, UTF8_BOM, 3) == 0)
		s += 3;
	for (; *s != '\0'; s += strcspn(s, "\n"), s += *s == '\n') {
		size_t blanks = strspn(s, " \t");

		if (s[blanks] != '\n' && s[blanks] != '\0' &&
		    s[blanks] != '#' && !(s[blanks] == '\r' &&
		    (s[blanks + 1] == '\n' || s[blanks + 1] == '\0')))
			n++;
		if (!first && strncmp(s, UTF8_BOM, 3) == 0)
			*mid_bom = true;
		first = false;
	}
	return n;
}

/*
 * The orders (NUL-ended) as one file, on the state read again. Above, one
 * at a time: refused, a line was refused; played, every line was played,
 * ending in st.
 */
static void
whole_file(const char *state, size_t len, const char *orders, bool refused,
    bool played, const struct bt_state *st)
{
	struct bt_state again;
	struct bt_error err;
	bool mid_bom;
	long n = count_orders(orders, &mid_bom);
	int status;

	bt_error_init(&err, "<fuzz>");
	if (bt_state_read(&again, state, len, BT_LOAD_STATE, &err) < 0)
		fuzz_fail("a state read once does not read again");
	bt_error_free(&err);
	status = bt_orders_play(&again, "<orders>", orders, strlen(orders));
	if (n > BT_MAX_ORDERS && status != BT_EXIT_DATA)
		fuzz_fail("%ld orders in a file, more than %d, exit %d, not 3",
		    n, BT_MAX_ORDERS, status);
	if (mid_bom)
		played = false;
	else if (status == BT_EXIT_OK && refused)
		fuzz_fail("a file of orders is played whole, but one of its "
		    "lines alone is refused");
	if (played && n <= BT_MAX_ORDERS) {
		char *a, *b;
		size_t alen, blen;

		if (status != BT_EXIT_OK)
			fuzz_fail("each line of a file of orders is played, "
			    "but the file is refused, exit %d", status);
		a = bt_state_emit(st, 0, &alen);
		b = bt_state_emit(&again, 0, &blen);
		if (a == NULL || b == NULL)
			fuzz_fail("libyaml can't emit a state played well");
		if (alen != blen || memcmp(a, b, alen) != 0)
			fuzz_fail("a file of orders played whole ends in "
			    "another state than its lines one at a time");
		free(a);
		free(b);
	}
	bt_state_free(&again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *state = text, *orders = NULL;
	char *line, *next, *before, *whole = NULL, name[32];
	const uint8_t *part;
	size_t at, len, statelen;
	struct bt_state st, again;
	struct bt_error err;
	int n = 0, status = BT_EXIT_OK;
	bool rolls = false;

	if ((part = state_part(data, size)) != NULL) {
		at = (size_t)(part - data);
		text[at - sizeof(SEPARATOR)] = '\0';	/* the orders' end */
		orders = text;
		state = text + at;
	}
	statelen = size - (size_t)(state - text);
	bt_error_init(&err, "<fuzz>");
	if (bt_state_read(&st, state, statelen, BT_LOAD_STATE, &err) < 0) {
		bt_error_free(&err);
		bt_state_free(&st);
		free(text);
		return 0;
	}
	bt_error_free(&err);
	/* The lines are cut up below: the file as it came, for whole_file. */
	if (orders != NULL)
		whole = bt_xstrdup(orders);
	for (line = orders; line != NULL && n < MAX_ORDERS &&
	    status == BT_EXIT_OK; line = next, n++) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (next != NULL && *next == '\0')	/* the last line */
			next = NULL;
		rolls = rolls || is_roll(line);
		if ((before = bt_state_emit(&st, 0, &len)) == NULL)
			fuzz_fail("libyaml can't emit a state read fine");
		if ((status = play(&st, line, n)) != BT_EXIT_OK) {
			free(before);
			break;		/* st may be half changed: drop it */
		}
		program_of(line, name, sizeof(name));
		fuzz_round_trip(&st, &again, name);
		bt_state_free(&st);
		st = again;
		same_again(before, len, line, n, &st, name);
		free(before);
	}
	if (status == BT_EXIT_OK)
		fuzz_render(&st);
	/* bt-roll is no order of a file; a line past MAX_ORDERS was not
	 * played above; a line of its own is played as a file of one. */
	if (whole != NULL && !rolls)
		whole_file(state, statelen, whole, status != BT_EXIT_OK,
		    status == BT_EXIT_OK && line == NULL, &st);
	free(whole);
	bt_state_free(&st);
	free(text);
	return 0;
}
