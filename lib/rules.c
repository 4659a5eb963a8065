/* rules.c: the table of rulesets, and what more than one of them uses. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static const struct bt_ruleset *const rulesets[] = {
	&bt_cc, &bt_kingdom, &bt_clash
};
const char *const bt_ruleset_names[] = { "cc", "kingdom", "clash", NULL };

const struct bt_ruleset *
bt_ruleset_find(const char *name)
{
	for (size_t i = 0; i < sizeof(rulesets) / sizeof(rulesets[0]); i++)
		if (strcmp(rulesets[i]->name, name) == 0)
			return rulesets[i];
	return NULL;
}

struct zone_check {
	const struct bt_zone	*zone;
	struct bt_error		*err;
	bool			 reported;
};

static void
in_zone(void *arg, const struct bt_unit *u, int x, int y)
{
	struct zone_check *z = arg;

	if (z->reported || bt_in_rects(z->zone->r, z->zone->n, x, y))
		return;
	bt_errorf(z->err, BT_EXIT_DATA, u->line, u->col, "unit '%s' deploys "
	    "outside the zone of side '%s' at [%d, %d]", u->id, u->side, x, y);
	z->reported = true;
}

/* CC-2 (and its like elsewhere): every unit starts in its side's zones. */
void
bt_check_zones(const struct bt_state *st, struct bt_error *err)
{
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];
		struct zone_check z = { NULL, err, false };

		for (size_t k = 0; k < st->map.nzones; k++)
			if (strcmp(st->map.zones[k].side, u->side) == 0)
				z.zone = &st->map.zones[k];
		if (z.zone == NULL) {
			if (bt_unit_acts(u))
				bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
				    "side '%s' of unit '%s' has no deployment "
				    "zone in 'map'", u->side, u->id);
			continue;
		}
		bt_unit_squares(u, in_zone, &z);
	}
}

/* Every state of cc or clash names whose turn it is, until the end, and
 * no one's after it: the program that ends a battle ends the turn. */
void
bt_check_active(const struct bt_state *st, struct bt_error *err)
{
	if (st->order == NULL)	/* a scenario: no turns yet */
		return;
	if (st->active == NULL && !st->result.present)
		bt_errorf(err, BT_EXIT_DATA, 0, 0, "the state has no 'active' "
		    "unit and no 'result'");
	if (st->active != NULL && st->result.present)
		bt_data_error(err, st->active_at, "'active' is '%s', but the "
		    "battle is over ('result'): no unit has the turn (%s)",
		    st->active, st->rules->end_rule);
}

/* qsort has no context argument: the comparison's state lives here. */
static const struct bt_state *sort_state;
static int (*sort_cmp)(const struct bt_state *, const struct bt_unit *,
    const struct bt_unit *);

static int
by_initiative(const void *a, const void *b)
{
	const struct bt_unit *x = *(struct bt_unit *const *)a;
	const struct bt_unit *y = *(struct bt_unit *const *)b;
	int c = sort_cmp(sort_state, x, y);

	return c != 0 ? c : strcmp(x->id, y->id);
}

struct tied {
	struct bt_unit	*u;
	int		 roll;
};

static int
by_roll(const void *a, const void *b)
{
	const struct tied *x = a, *y = b;

	if (x->roll != y->roll)
		return y->roll - x->roll;
	return strcmp(x->u->id, y->u->id);
}

/* Units still tied after every modifier roll a d20 each, in id order;
 * higher goes first, equal rolls roll again among themselves. */
static void
roll_off(struct bt_state *st, struct bt_dice *dice, struct bt_unit **g,
    size_t n)
{
	struct tied *t = bt_xcalloc(n, sizeof(*t));
	struct bt_log_entry *e = bt_log_add(st, "initiative", NULL);
	char *text = bt_xstrdup("initiative tie broken by a d20 each,");

	dice->record = &e->rolls;
	for (size_t i = 0; i < n; i++) {
		char *more;

		t[i].u = g[i];
		bt_dice_why(dice, g[i]->id, ": an initiative tie (CC-5), "
		    "higher goes first, equal rolls roll again");
		t[i].roll = bt_roll(dice, 20);
		more = bt_xasprintf("%s%s %s %d", text, i ? "," : "", g[i]->id,
		    t[i].roll);
		free(text);
		text = more;
	}
	dice->record = NULL;
	bt_log_text(e, "%s", text);
	free(text);
	qsort(t, n, sizeof(*t), by_roll);
	for (size_t i = 0; i < n; i++)
		g[i] = t[i].u;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && t[j].roll == t[i].roll; j++)
			continue;
		if (j - i > 1 && dice->problem == NULL)
			roll_off(st, dice, g + i, j - i);
	}
	free(t);
}

static int
by_id(const void *a, const void *b)
{
	return strcmp((*(struct bt_unit *const *)a)->id,
	    (*(struct bt_unit *const *)b)->id);
}

/* Units in the order the scenario lists them: by where each begins
 * (the units themselves are kept in id order). */
static int
by_listing(const void *a, const void *b)
{
	const struct bt_unit *x = *(struct bt_unit *const *)a;
	const struct bt_unit *y = *(struct bt_unit *const *)b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

/*
 * A group of units tied after every modifier. Those the players order
 * (chosen: in cc, of one type, CC-5) roll no die among themselves: they
 * roll as one, by the first the scenario lists, and take their turns
 * together in the scenario's order. The others roll a d20 each.
 */
static void
tie_break(struct bt_state *st, struct bt_dice *dice, struct bt_unit **g,
    size_t n, bool (*chosen)(const struct bt_unit *, const struct bt_unit *))
{
	struct bt_unit **lead, **out;
	size_t nlead = 0, k = 0;

	if (chosen == NULL) {
		roll_off(st, dice, g, n);
		return;
	}
	qsort(g, n, sizeof(*g), by_listing);
	lead = bt_xcalloc(n, sizeof(*lead));
	out = bt_xcalloc(n, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;

		while (j < i && !chosen(g[j], g[i]))
			j++;
		if (j == i)
			lead[nlead++] = g[i];
	}
	if (nlead > 1) {	/* the dice in id order, as for any tie */
		qsort(lead, nlead, sizeof(*lead), by_id);
		roll_off(st, dice, lead, nlead);
	}
	for (size_t l = 0; l < nlead; l++) {
		out[k++] = lead[l];
		for (size_t i = 0; i < n; i++)
			if (g[i] != lead[l] && chosen(lead[l], g[i]))
				out[k++] = g[i];
	}
	memcpy(g, out, n * sizeof(*g));
	free(lead);
	free(out);
}

/* CC-5 and CL-1: the order of turns, by the ruleset's comparison, then
 * dice. Writes 'order' and gives the first turn. */
int
bt_initiative(struct bt_state *st, struct bt_dice *dice,
    int (*cmp)(const struct bt_state *, const struct bt_unit *,
    const struct bt_unit *))
{
	return bt_initiative_chosen(st, dice, cmp, NULL);
}

/* The same, with the ties that the players order (tie_break); chosen
 * NULL: none. */
int
bt_initiative_chosen(struct bt_state *st, struct bt_dice *dice,
    int (*cmp)(const struct bt_state *, const struct bt_unit *,
    const struct bt_unit *),
    bool (*chosen)(const struct bt_unit *, const struct bt_unit *))
{
	struct bt_unit **acting = bt_xcalloc(st->nunits, sizeof(*acting));
	size_t n = 0;

	for (size_t i = 0; i < st->nunits; i++)
		if (bt_unit_acts(&st->units[i]))
			acting[n++] = &st->units[i];
	sort_state = st;
	sort_cmp = cmp;
	qsort(acting, n, sizeof(*acting), by_initiative);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && cmp(st, acting[i], acting[j]) == 0; j++)
			continue;
		if (j - i > 1)
			tie_break(st, dice, acting + i, j - i, chosen);
	}
	st->order = bt_xcalloc(n + 1, sizeof(*st->order));
	st->order_at = bt_xcalloc(n + 1, sizeof(*st->order_at));
	for (size_t i = 0; i < n; i++)
		st->order[i] = acting[i]->id;
	st->norder = n;
	bt_set_active(st, n > 0 ? st->order[0] : NULL);
	free(acting);
	return 0;
}

/* A scenario's every side has a unit: a side with none would lose the
 * battle before its first turn, in every ruleset (CC-1, KM-13, CL-12). */
static void
check_sides_have_units(const struct bt_state *st, struct bt_error *err)
{
	for (size_t s = 0; s < st->nsides; s++) {
		size_t i = 0;

		while (i < st->nunits &&
		    strcmp(st->units[i].side, st->sides[s].id) != 0)
			i++;
		if (i == st->nunits)
			bt_errorf(err, BT_EXIT_DATA, st->sides[s].line,
			    st->sides[s].col, "side '%s' has no unit",
			    st->sides[s].id);
	}
}

/* bt-init: a scenario's checks, its setup rolls, and a last check that
 * what it made is a valid state. */
int
bt_setup(struct bt_state *st, uint64_t seed, struct bt_dice *dice,
    struct bt_error *err)
{
	size_t before = err->n;

	bt_state_check(st, err);
	check_sides_have_units(st, err);
	st->rules->check_scenario(st, err);
	if (err->n > before)
		return -1;
	st->seed = (long)seed;
	st->has_seed = true;
	bt_rng_seed(&st->rng, seed);
	st->has_rng = true;
	if (st->rules->setup(st, dice, err) < 0 || dice->problem != NULL)
		return -1;
	return bt_state_check(st, err);
}

/* Is unit named in --hold (CLI.md: it declines its reactions)? */
bool
bt_order_holds(const struct bt_order *o, const char *unit)
{
	size_t n = strlen(unit);

	for (const char *p = o ? o->hold : NULL; p != NULL && *p != '\0';) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (len == n && strncmp(p, unit, n) == 0)
			return true;
		p = comma ? comma + 1 : p + len;
	}
	return false;
}

/* --hold names units of the state (CLI.md: an unknown one is exit 2). */
int
bt_check_hold(const struct bt_state *st, const struct bt_order *o,
    struct bt_error *err)
{
	for (const char *p = o->hold; p != NULL && *p != '\0';) {
		const char *comma = strchr(p, ',');
		char *id = comma ? bt_xasprintf("%.*s", (int)(comma - p), p) :
		    bt_xstrdup(p);
		bool known = bt_unit_find(st, id) != NULL;

		if (!known)
			bt_errorf(err, BT_EXIT_USAGE, 0, 0, "--hold: no unit "
			    "'%s' in the state", id);
		free(id);
		if (!known)
			return -1;
		p = comma ? comma + 1 : p + strlen(p);
	}
	return 0;
}

int
bt_refuse(struct bt_error *err, const char *rule, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (err->quiet)
		return bt_errorf(err, BT_EXIT_REFUSED, 0, 0, "refused");
	va_start(ap, fmt);
	msg = bt_xvasprintf(fmt, ap);
	va_end(ap);
	bt_errorf(err, BT_EXIT_REFUSED, 0, 0, "refused (%s): %s", rule, msg);
	free(msg);
	return -1;
}

char *
bt_cost_text(const struct bt_step_cost *steps, int n, int over, int refused)
{
	const struct bt_step_cost *o = &steps[over];
	char *list = bt_xstrdup(""), *more, *text;
	int total = 0;

	for (int i = 0; i < n; i++) {
		total += steps[i].cost;
		more = bt_xasprintf("%s%s%d for %s to [%d, %d]%s", list,
		    i ? ", " : "", steps[i].cost, steps[i].word, steps[i].x,
		    steps[i].y, steps[i].hard ? " (difficult)" : "");
		free(list);
		list = more;
	}
	/* A later step the rules refuse ends the count: the order costs at
	 * least that, and the player learns of the other fault too. */
	if (refused >= 0)
		text = bt_xasprintf("the order needs at least %d and goes over "
		    "at step %d (%s to [%d, %d]): %s; then step %d (%s) can't "
		    "be taken", total, over + 1, o->word, o->x, o->y, list,
		    refused + 1, steps[refused].word);
	else
		text = bt_xasprintf("the order needs %d and goes over at step "
		    "%d (%s to [%d, %d]): %s", total, over + 1, o->word, o->x,
		    o->y, list);
	free(list);
	return text;
}
