/*
 * cc-options.c: the legal orders of the moment in cc, for the commanders
 * (bt-auto, bt-sim) and the players' listing. The battle waits for the
 * active unit's side (CC-5, CC-6); its orders are built from the rules'
 * own functions, those the turn programs refuse by: the turn's
 * bookkeeping (CC-6, CC-13, CC-28), the search of the moves (cc-move.c),
 * cc_cannot_attack, and the odds cc_attack rolls with.
 */
#include <string.h>

#include "cc.h"

struct moves {
	struct bt_options *o;
	const char	*id;
};

static void
add_move(void *ctx, const struct cc_reach_end *e)
{
	struct moves *m = ctx;
	struct bt_option *op;

	op = bt_options_add_line(m->o, BT_OPT_MOVE, m->id, e->line, e->len);
	op->x = e->x;
	op->y = e->y;
	op->facing = e->facing;
	op->cost = e->cost;
	op->provokes = e->provokes;
}

/* bt-attack, melee or --ranged, on every enemy it may strike. */
static void
add_attacks(const struct bt_state *st, const struct bt_unit *u,
    struct bt_options *o)
{
	for (int ranged = 0; ranged <= 1; ranged++) {
		if (ranged && !u->ranged.present)
			continue;
		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *t = &st->units[i];
			struct bt_option *op;
			const char *rule;

			if (cc_cannot_attack(st, u, t, ranged, &rule) != NULL)
				continue;
			op = bt_options_add(o, ranged ? BT_OPT_SHOOT :
			    BT_OPT_ATTACK, u->id, "bt-attack %s%s %s",
			    ranged ? "--ranged " : "", u->id, t->id);
			op->target = t->id;
			cc_attack_odds(st, u, t, ranged, &op->need, &op->adv);
		}
	}
}

/* bt-act: Defend, Disengage, Ready (CC-22, CC-23, CC-25), Support of
 * each ally next to it (CC-26). Ready is listed without a target: one
 * named only narrows what sets it off. */
static void
add_actions(const struct bt_state *st, const struct bt_unit *u,
    struct bt_options *o)
{
	bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s defend", u->id);
	bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s disengage", u->id);
	bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s ready contact",
	    u->id);
	if (u->ranged.present)
		bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s ready range",
		    u->id);
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *a = &st->units[i];

		if (a == u || !cc_in_battle(a) || cc_enemies(u, a) ||
		    !cc_adjacent(u, a))
			continue;
		bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s support %s",
		    u->id, a->id)->target = a->id;
	}
}

/*
 * The active unit's orders, in this order: the end of its turn (always
 * there), its moves, its attacks, its other actions, its Rally. A broken
 * unit only rallies (its retreat is the rules', CC-28); a Rally is
 * listed for an unbroken unit too when it has lost HP, as bt-morale takes
 * it (CC-24). A move off the map is not listed.
 */
void
cc_options(const struct bt_state *st, const char *side, struct bt_options *o)
{
	const struct bt_unit *u;
	struct moves m;
	bool broken;

	/* cc_check_turn's refusals: not its turn, not in the battle */
	if (st->active == NULL || (u = bt_unit_find(st, st->active)) == NULL ||
	    strcmp(u->side, side) != 0 || !cc_in_battle(u))
		return;
	broken = (u->status & BT_ST_BROKEN) != 0;
	bt_options_add(o, BT_OPT_END, u->id, "bt-resolve");
	/* CC-6: no movement split around the action; CC-13: none after
	 * contact; CC-28: a broken unit moves only in its retreat */
	if (!broken && !st->turn.stopped && !st->turn.contact) {
		m.o = o;
		m.id = u->id;
		cc_reachable(st, u, add_move, &m);
	}
	if (st->turn.acted)
		return;
	if (!broken) {
		add_attacks(st, u, o);
		add_actions(st, u, o);
	}
	if ((broken || u->hp < u->max_hp) && !cc_in_contact(st, u))
		bt_options_add(o, BT_OPT_MORALE, u->id, "bt-morale --rally %s",
		    u->id);
}
