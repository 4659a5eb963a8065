/*
 * auto.c: the commanders. bt_auto_play asks the ruleset whose order the
 * battle waits for and what that side may order, lets the side's policy
 * choose one, and plays it as bt-order plays a line, so that an automatic
 * order is refereed exactly as a player's. The random policy lives here:
 * it is the same in every ruleset.
 */
#include <stdio.h>
#include <string.h>

#include "bt.h"

static size_t
choose_random(const struct bt_state *st, const char *side,
    const struct bt_options *o, struct bt_rng *rng)
{
	(void)st;
	(void)side;
	return bt_rng_below(rng, (uint32_t)o->n);
}

const struct bt_policy bt_policy_random = {
	"random", "a uniformly random legal order", choose_random
};

const struct bt_policy *
bt_policy_find(const struct bt_ruleset *r, const char *name)
{
	if (r->policies == NULL)
		return strcmp(name, "random") == 0 ? &bt_policy_random : NULL;
	for (size_t i = 0; r->policies[i] != NULL; i++)
		if (strcmp(r->policies[i]->name, name) == 0)
			return r->policies[i];
	return NULL;
}

/* The side a --policy SIDE=NAME names, or -1. */
static int
named_side(const struct bt_state *st, const char *arg, size_t len)
{
	for (size_t s = 0; s < st->nsides; s++)
		if (strlen(st->sides[s].id) == len &&
		    strncmp(st->sides[s].id, arg, len) == 0)
			return (int)s;
	return -1;
}

int
bt_auto_commanders(const struct bt_state *st, char *const *args, size_t n,
    const bool *played, const struct bt_policy **policy)
{
	const struct bt_policy *all = bt_policy_find(st->rules, "general");

	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(args[i], '=');
		const struct bt_policy *p = bt_policy_find(st->rules,
		    eq != NULL ? eq + 1 : args[i]);

		if (p == NULL) {
			bt_warnx("bad --policy '%s': the %s ruleset has "
			    "random, simple and general", args[i],
			    st->rules->name);
			return -1;
		}
		if (eq != NULL && named_side(st, args[i],
		    (size_t)(eq - args[i])) < 0) {
			bt_warnx("bad --policy '%s': the state has no such "
			    "side", args[i]);
			return -1;
		}
		if (eq == NULL)
			all = p;
	}
	if (all == NULL) {
		bt_warnx("the %s ruleset has no general commander: give "
		    "--policy", st->rules->name);
		return -1;
	}
	for (size_t s = 0; s < st->nsides; s++)
		policy[s] = played == NULL || played[s] ? all : NULL;
	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(args[i], '=');
		int s;

		if (eq != NULL && (s = named_side(st, args[i],
		    (size_t)(eq - args[i]))) >= 0 && policy[s] != NULL)
			policy[s] = bt_policy_find(st->rules, eq + 1);
	}
	return 0;
}

/* FNV-1a, to fold a keyed battle's id into the policy's seed. */
static uint64_t
fold(uint64_t h, const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/*
 * From the battle's dice as they stand, which every roll moves on, so
 * that two decisions apart by a roll draw differently, and bt-auto one
 * order at a time draws what bt-sim draws. The battle's own generator is
 * left untouched: the dice of an order don't depend on who chose it.
 */
void
bt_policy_rng(const struct bt_state *st, struct bt_rng *rng)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	if (st->keyed != NULL)
		h = fold(fold(h, st->battle), st->keyed) ^
		    (uint64_t)st->key_rolls * 0x9e3779b97f4a7c15ULL;
	else
		h ^= st->rng.state * 0x9e3779b97f4a7c15ULL ^ st->rng.inc;
	h ^= (uint64_t)st->round << 32;
	bt_rng_seed(rng, h);
}

static int
side_index(const struct bt_state *st, const char *side)
{
	for (size_t i = 0; i < st->nsides; i++)
		if (bt_streq(st->sides[i].id, side))
			return (int)i;
	return -1;
}

int
bt_auto_play(struct bt_state *st, const struct bt_auto *a, long *played)
{
	struct bt_orders_opts play = { .key = a->key };
	struct bt_options own = { 0 }, *o = a->keep != NULL ? a->keep : &own;
	/* the rules' memory: the caller's, or its own for these orders */
	struct bt_play_memory own_memory = { 0 };
	struct bt_rng rng;
	const char *side;
	int status = BT_EXIT_OK, s;

	*played = 0;
	if (a->keep != NULL)
		bt_options_forget(o);
	/* one line read a listing, the pick's */
	o->lazy = true;
	if (st->memory == NULL)
		st->memory = &own_memory;
	while ((side = bt_waiting(st)) != NULL &&
	    (a->max_orders == 0 || *played < a->max_orders)) {
		const struct bt_policy *p;
		size_t pick;

		if ((s = side_index(st, side)) < 0 ||
		    (p = a->policy[s]) == NULL)
			break;
		if (bt_options_of(st, side, o) < 0) {
			bt_warnx("the %s ruleset has no automatic commanders "
			    "yet", st->rules->name);
			status = BT_EXIT_USAGE;
			break;
		}
		if (o->n == 0) {
			bt_warnx("%s has no legal order, a bug in bt: the "
			    "battle can't go on", side);
			status = BT_EXIT_DATA;
			break;
		}
		bt_policy_rng(st, &rng);
		if ((pick = p->choose(st, side, o, &rng)) >= o->n)
			pick = o->n - 1;
		bt_options_picked(o, st, &o->v[pick]);
		if (a->orders != NULL)
			fprintf(a->orders, "%s\n", bt_option_line(o,
			    &o->v[pick]));
		(*played)++;
		status = bt_orders_play_line(st, "<bt-auto>", *played,
		    bt_option_line(o, &o->v[pick]), &play);
		if (status != BT_EXIT_OK) {
			bt_warnx("%s's %s commander chose '%s', which the "
			    "rules refuse: a bug in bt", side, p->name,
			    bt_option_line(o, &o->v[pick]));
			if (status != BT_EXIT_IO)
				status = BT_EXIT_DATA;
			break;
		}
	}
	bt_options_free(&own);
	if (st->memory == &own_memory)
		st->memory = NULL;
	bt_play_memory_free(&own_memory);
	return status;
}
