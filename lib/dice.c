/*
 * dice.c: reproducible dice (D-1 to D-3). The generator is PCG32 (O'Neill,
 * "PCG: A Family of Simple Fast Space-Efficient Statistically Good
 * Algorithms for Random Number Generation", 2014): two 64-bit words of
 * state, written in the battle state, so the same state rolls the same dice
 * on every machine. Forced values (--rolls) are used first and leave the
 * generator alone. A keyed battle's dice come from keyed.c instead, and
 * rng is left as bt-init wrote it.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

#define PCG_MULT	6364136223846793005ULL

uint32_t
bt_rng_next(struct bt_rng *r)
{
	uint64_t old = r->state;
	uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	uint32_t rot = (uint32_t)(old >> 59);

	r->state = old * PCG_MULT + r->inc;
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

/* pcg32_srandom_r with the seed as both the start and the stream. */
void
bt_rng_seed(struct bt_rng *r, uint64_t seed)
{
	r->state = 0;
	r->inc = (seed << 1) | 1;
	bt_rng_next(r);
	r->state += seed;
	bt_rng_next(r);
}

/* Reads 16 lowercase hexadecimal digits, exactly. */
static int
hex64(const char *s, uint64_t *v)
{
	*v = 0;
	for (int i = 0; i < 16; i++) {
		int d = s[i] >= '0' && s[i] <= '9' ? s[i] - '0' :
		    s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10 : -1;

		if (d < 0)
			return -1;
		*v = *v << 4 | (uint64_t)d;
	}
	return 0;
}

/* "pcg32 STATE INC": two 16-digit words, one space each side. */
int
bt_rng_parse(struct bt_rng *r, const char *s)
{
	if (strlen(s) != 6 + 16 + 1 + 16 || strncmp(s, "pcg32 ", 6) != 0 ||
	    hex64(s + 6, &r->state) < 0 || s[22] != ' ' ||
	    hex64(s + 23, &r->inc) < 0)
		return -1;
	return (r->inc & 1) ? 0 : -1;	/* PCG's increment is odd */
}

char *
bt_rng_format(const struct bt_rng *r)
{
	return bt_xasprintf("pcg32 %016" PRIx64 " %016" PRIx64, r->state,
	    r->inc);
}

/* A uniform value in 0..bound-1: retry the few values that would favour
 * low results. */
uint32_t
bt_rng_below(struct bt_rng *r, uint32_t bound)
{
	uint32_t threshold = -bound % bound;
	uint32_t v;

	do
		v = bt_rng_next(r);
	while (v < threshold);
	return v % bound;
}

static int
rng_die(struct bt_rng *r, int sides)
{
	return (int)bt_rng_below(r, (uint32_t)sides) + 1;
}

int
bt_rolls_parse(const char *s, int **values, size_t *n, const char **why)
{
	size_t cap = 0;

	*values = NULL;
	*n = 0;
	for (;;) {
		char *end;
		long v;

		errno = 0;
		v = strtol(s, &end, 10);
		if (*s < '0' || *s > '9' || errno != 0 || v < 1 || v > 1000 ||
		    (*end != ',' && *end != '\0')) {
			*why = "expected die results (whole numbers from 1 "
			    "to 1000) separated by commas";
			free(*values);
			*values = NULL;
			*n = 0;
			return -1;
		}
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			*values = bt_xreallocarray(*values, cap, sizeof(int));
		}
		(*values)[(*n)++] = (int)v;
		if (*end == '\0')
			return 0;
		s = end + 1;
	}
}

void
bt_dice_init(struct bt_dice *d, struct bt_rng *rng, const int *forced,
    size_t nforced, bool forcing)
{
	memset(d, 0, sizeof(*d));
	d->rng = rng;
	d->forced = forced;
	d->nforced = nforced;
	d->forcing = forcing;
}

void
bt_dice_free(struct bt_dice *d)
{
	free(d->problem);
	d->problem = NULL;
	free(d->who);
	free(d->needs);
	d->who = d->needs = NULL;
	for (size_t i = 0; i < d->nsaid; i++)
		free(d->said[i]);
	free(d->said);
	d->said = NULL;
	d->nsaid = 0;
}

/*
 * Will anyone read what the rolls are for: --dry-run's list, or the
 * prompts of --rolls ask? Nobody does in a battle played in memory, which
 * rolls thousands of dice a second: their sentences are not built then.
 */
bool
bt_dice_telling(const struct bt_dice *d)
{
	return d->collect || d->ask_out != NULL;
}

void
bt_dice_why(struct bt_dice *d, const char *who, const char *fmt, ...)
{
	va_list ap;

	free(d->who);
	free(d->needs);
	d->who = NULL;
	d->needs = NULL;
	if (!bt_dice_telling(d))
		return;
	d->who = who != NULL ? bt_xstrdup(who) : NULL;
	if (fmt != NULL) {
		va_start(ap, fmt);
		d->needs = bt_xvasprintf(fmt, ap);
		va_end(ap);
	}
}

char *
bt_need_words(int need, int sides, bool nat1_fails, bool nat_max_wins)
{
	int lo = nat1_fails ? 2 : 1;

	if (need <= lo)
		return bt_xasprintf(nat1_fails ? "anything but a 1" :
		    "any result");
	if (need > sides)
		return bt_xasprintf(nat_max_wins ? "only a natural %d" :
		    "no result (more than %d)", sides);
	return bt_xasprintf("%d or more", need);
}

/*
 * The start of a roll request: its sentence kept for --dry-run, and its
 * description used up, so that a later request the rules did not describe
 * is never read as this one. Returns false inside a request (the dice of
 * bt_d20 and bt_roll_expr belong to its one sentence).
 */
static bool
request(struct bt_dice *d, const char *dice, int ndice)
{
	char *said;

	if (d->inner > 0)
		return false;
	d->ask_n = 0;
	d->ask_of = ndice;
	if (!bt_dice_telling(d)) {
		bt_dice_why(d, NULL, NULL);
		return true;
	}
	said = bt_xasprintf("%s%sroll %s%s", d->who != NULL ? d->who : "",
	    d->who != NULL ? ": " : "", dice, d->needs != NULL ? d->needs : "");
	/* Asked only when a die of it will be: forced values come first. */
	if (d->ask_out != NULL && d->used + (size_t)ndice > d->nforced)
		fprintf(d->ask_out, "%s\n", said);
	if (d->collect) {
		d->said = bt_xreallocarray(d->said, d->nsaid + 1,
		    sizeof(*d->said));
		d->said[d->nsaid++] = said;
	} else
		free(said);
	bt_dice_why(d, NULL, NULL);
	return true;
}

/*
 * --rolls ask: one die from the terminal, asked again until the answer is
 * a result of it. -1 at the end of input (the player gave up).
 */
static int
ask_die(struct bt_dice *d, int sides)
{
	char line[64], *end;
	long v;

	for (;;) {
		if (d->ask_of > 1)
			fprintf(d->ask_out, "d%d, %d of %d? ", sides, d->ask_n,
			    d->ask_of);
		else
			fprintf(d->ask_out, "d%d? ", sides);
		fflush(d->ask_out);
		if (fgets(line, sizeof(line), d->ask_in) == NULL)
			return -1;
		v = strtol(line, &end, 10);
		while (*end == ' ' || *end == '\t' || *end == '\r')
			end++;
		if (line[0] >= '0' && line[0] <= '9' && *end == '\n' &&
		    v >= 1 && v <= sides)
			return (int)v;
		fprintf(d->ask_out, "not a d%d result: a whole number from 1 "
		    "to %d\n", sides, sides);
	}
}

int
bt_roll(struct bt_dice *d, int sides)
{
	int v;

	if (d->inner == 0 && !bt_dice_telling(d))
		request(d, NULL, 1);
	else if (d->inner == 0) {
		char *dice = bt_xasprintf("a d%d", sides);

		request(d, dice, 1);
		free(dice);
	}
	d->ask_n++;
	if (d->ask_in != NULL && d->used == d->nforced &&
	    d->problem == NULL) {
		if ((v = ask_die(d, sides)) < 0) {
			d->problem = bt_xasprintf("--rolls ask: no answer for a "
			    "d%d: the input ended", sides);
			v = 1;
		}
	/* A dry run asks what is needed: past the given dice, it rolls. */
	} else if (d->forcing && !(d->collect && d->used == d->nforced)) {
		if (d->used == d->nforced) {
			if (d->problem == NULL)
				d->problem = bt_xasprintf("too few --rolls "
				    "values: %zu given, a d%d needed next",
				    d->nforced, sides);
			v = 1;
		} else {
			v = d->forced[d->used++];
			if (v > sides && d->problem == NULL)
				d->problem = bt_xasprintf("--rolls value %d "
				    "(number %zu) is not a d%d result (1-%d)",
				    v, d->used, sides, sides);
			if (v > sides)
				v = sides;
		}
	} else if (d->keyed && d->key == NULL) {
		if (d->problem == NULL)
			d->problem = bt_xasprintf("the battle is keyed: its "
			    "dice need the referee's key (--key-file FILE or "
			    "BT_KEY_FILE)");
		v = 1;
	} else if (d->keyed && *d->counter >= BT_MAX_INT) {
		/* The count is a state's integer: one more would not read
		 * back (bt-state(5)). */
		if (d->problem == NULL)
			d->problem = bt_xasprintf("the battle's key has rolled "
			    "%ld dice, the most a state counts: start a new "
			    "keyed battle", BT_MAX_INT);
		v = 1;
	} else if (d->keyed)
		v = bt_keyed_die(d->key, d->battle, (*d->counter)++, d->nonce,
		    sides);
	else
		v = rng_die(d->rng, sides);
	if (d->record != NULL && !d->record->unkept) {
		struct bt_rolls *r = d->record;

		r->v = bt_xreallocarray(r->v, r->n + 1, sizeof(*r->v));
		r->v[r->n].sides = sides;
		r->v[r->n].value = v;
		r->n++;
	}
	return v;
}

int
bt_d20(struct bt_dice *d, int adv)
{
	int a, b;

	if (adv == 0)
		return bt_roll(d, 20);
	request(d, adv > 0 ? "2d20 and keep the higher" :
	    "2d20 and keep the lower", 2);
	d->inner++;
	a = bt_roll(d, 20);
	b = bt_roll(d, 20);
	d->inner--;
	return adv > 0 ? (a > b ? a : b) : (a < b ? a : b);
}

int
bt_roll_expr(struct bt_dice *d, const struct bt_dice_expr *x)
{
	int total = x->bonus;
	char *dice = bt_dice_telling(d) ? bt_dice_expr_format(x) : NULL;

	request(d, dice, x->count);
	free(dice);
	d->inner++;
	for (int i = 0; i < x->count; i++)
		total += bt_roll(d, x->sides);
	d->inner--;
	return total;
}

int
bt_dice_done(struct bt_dice *d)
{
	if (d->problem != NULL)
		return -1;
	if (d->forcing && d->used < d->nforced)
		bt_warnx("warning: %zu --rolls value%s left over, ignored",
		    d->nforced - d->used, d->nforced - d->used == 1 ? "" : "s");
	return 0;
}

/* NdM+K, NdM-K, NdM or dM; N 1-100, M 2-1000, K within 1000. */
int
bt_dice_expr_parse(struct bt_dice_expr *x, const char *s)
{
	long count = 1, sides, bonus = 0;
	char *end;

	if (*s >= '0' && *s <= '9') {
		count = strtol(s, &end, 10);
		s = end;
	}
	if (*s++ != 'd' || *s < '0' || *s > '9')
		return -1;
	sides = strtol(s, &end, 10);
	s = end;
	if (*s == '+' || *s == '-') {
		if (s[1] < '0' || s[1] > '9')
			return -1;
		bonus = strtol(s, &end, 10);
		s = end;
	}
	if (*s != '\0' || count < 1 || count > 100 || sides < 2 ||
	    sides > 1000 || bonus < -1000 || bonus > 1000)
		return -1;
	x->count = (int)count;
	x->sides = (int)sides;
	x->bonus = (int)bonus;
	return 0;
}

char *
bt_dice_expr_format(const struct bt_dice_expr *x)
{
	if (x->bonus == 0)
		return bt_xasprintf("%dd%d", x->count, x->sides);
	return bt_xasprintf("%dd%d%+d", x->count, x->sides, x->bonus);
}
