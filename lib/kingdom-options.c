/*
 * kingdom-options.c: whose order a kingdom battle waits for, and every
 * order that side may give now (bt_kingdom's waiting and options).
 *
 * Armies act at once within a phase (KM-1), but a commander gives one
 * order at a time, so the enumeration asks the sides in the turn's order:
 * the side that moves first (KM-2, 'first'), then the other, which gives
 * its orders last and so ends each phase with bt-resolve. In each phase a
 * side is waited for while it has an army with an order still to give:
 *
 *  - maneuver: an army whose move is not over (km_move_over; one without
 *    Maneuver until it stands). Before it moves it may take a Tactical
 *    Action and then a Strategy (KM-3); it moves to any square bt-move
 *    --to reaches, disengages when engaged (KM-4), or stands. The other
 *    side waits until the first side's step is done (KM-2).
 *  - ranged: an army that may shoot (Shots left, not engaged, a hostile
 *    army in range) and has no shot ordered; its options are its targets.
 *    A shot costs an army nothing in the battle, so none is held back.
 *  - melee: an army with HP, not engaged, next to a hostile army with HP,
 *    that has not chosen to avoid melee (KM-6). Fighting is no order, so
 *    the side may instead end the phase with bt-resolve: every army still
 *    undecided, of either side, then fights.
 *  - resolution: nobody; the checks and the parting attacks are
 *    bt-resolve's (a parting attack can't hurt its maker: none is held).
 *
 * When no side has such an army, the side that moves last ends the phase
 * (bt-resolve). A side that has not asked for a ceasefire this turn may
 * always ask (KM-13), through its first army on the field.
 */
#include <stdlib.h>
#include <string.h>

#include "kingdom.h"

static bool
is_side(const struct bt_unit *u, const char *side)
{
	return strcmp(u->side, side) == 0;
}

/* The side that gives its orders last in the turn: not 'first'. */
static const char *
last_side(const struct bt_state *st)
{
	return strcmp(st->sides[0].id, st->first) == 0 ? st->sides[1].id :
	    st->sides[0].id;
}

/* KM-2: an army whose maneuver is still to give. */
static bool
move_open(const struct bt_unit *u)
{
	if (!km_on_field(u))
		return false;
	/* without Maneuver its move is over at once, yet it may choose its
	 * Strategy and Tactic until it stands */
	if (u->maneuver <= 0)
		return !(u->km.present && u->km.halted != KM_MOVING);
	return !km_move_over(u);
}

/* KM-3: it has neither moved, nor tried to, nor taken a Strategy yet. */
static bool
before_move(const struct bt_unit *u)
{
	const struct bt_km_turn *t = &u->km;

	return !t->present || (t->moved == 0 && t->halted == KM_MOVING &&
	    t->disengage == 0 && t->strategy_from < 0);
}

/* KM-5: the hostile army o on the field within the range of a. */
static bool
in_range(const struct bt_unit *a, const struct bt_unit *o)
{
	struct bt_rect ra = km_rect(a), ro = km_rect(o);

	return km_on_field(o) && km_hostile(a, o) &&
	    bt_rect_distance(&ra, &ro) <= a->range;
}

/* KM-5: an army that may still be ordered to shoot this phase. */
static bool
shot_open(const struct bt_state *st, const struct bt_unit *u)
{
	if (!km_on_field(u) || u->max_shots == 0 || u->shots == 0 ||
	    u->engaged.n > 0 || (u->km.present && u->km.shoot != NULL))
		return false;
	for (size_t i = 0; i < st->nunits; i++)
		if (in_range(u, &st->units[i]))
			return true;
	return false;
}

/* KM-6: an army that may still choose to avoid melee this phase. */
static bool
avoid_open(const struct bt_state *st, const struct bt_unit *u)
{
	if (!km_on_field(u) || u->hp == 0 || u->engaged.n > 0 ||
	    (u->km.present && u->km.avoid))
		return false;
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *o = &st->units[i];

		if (km_hostile(u, o) && o->hp > 0 && km_adjacent(u, o))
			return true;
	}
	return false;
}

/* Has the army an order of the phase still to give? */
static bool
army_open(const struct bt_state *st, const struct bt_unit *u)
{
	switch (st->phase) {
	case KM_MANEUVER:
		return move_open(u);
	case KM_RANGED:
		return shot_open(st, u);
	case KM_MELEE:
		return avoid_open(st, u);
	default:
		return false;
	}
}

static bool
side_open(const struct bt_state *st, const char *side)
{
	for (size_t i = 0; i < st->nunits; i++)
		if (is_side(&st->units[i], side) &&
		    army_open(st, &st->units[i]))
			return true;
	return false;
}

const char *
km_waiting(const struct bt_state *st)
{
	if (st->nsides != 2 || st->first == NULL)
		return NULL;
	if (side_open(st, st->first))
		return st->first;
	return last_side(st);
}

/* KM-3: a Tactical Action it knows, then a Strategy, before it moves. */
static void
add_choices(const struct bt_state *st, const struct bt_unit *u,
    struct bt_options *o)
{
	if (!before_move(u))
		return;
	/* later rounds: a change needs a Morale check, rolled once a turn
	 * (after a pass it would be free again: not offered twice) */
	if (st->round == 1 || u->tactic == NULL || u->km.tactic_check == 0)
		for (size_t k = 0; k < u->tactics.n; k++) {
			const char *t = u->tactics.v[k];

			if (u->tactic != NULL && strcmp(u->tactic, t) == 0)
				continue;
			bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s tactic "
			    "%s", u->id, t);
		}
	for (int s = 0; s < BT_KM_TRACK; s++)
		if (s != u->strategy && (st->round == 1 ||
		    abs(s - u->strategy) == 1))
			bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s strategy "
			    "%s", u->id, km_track_words[s]);
}

/* KM-2: every square bt-move --to takes it to, with what it costs. */
static void
add_moves(const struct bt_state *st, const struct bt_unit *u,
    struct bt_options *o)
{
	int left = u->maneuver - (u->km.present ? u->km.moved : 0);
	struct bt_search s;

	if (left <= 0 || left > 200)	/* bt-move plans no further */
		return;
	km_reach(st, u, left, &s);
	for (int y = -left; y <= left; y++)
		for (int x = -left; x <= left; x++) {
			int d = s.dist[bt_search_at(&s, x, y)];
			struct bt_option *op;

			if (d <= 0)
				continue;
			op = bt_options_add(o, BT_OPT_MOVE, u->id, "bt-move %s "
			    "--to %d,%d", u->id, u->x + x, u->y + y);
			op->x = u->x + x;
			op->y = u->y + y;
			op->cost = d;
		}
	bt_search_free(&s);
}

/* KM-2, KM-3, KM-4: the orders of an army whose move is still open. */
static void
add_maneuver(const struct bt_state *st, const struct bt_unit *u,
    bool may_move, struct bt_options *o)
{
	add_choices(st, u, o);
	if (may_move && u->engaged.n > 0) {
		if (!u->km.present || u->km.disengage == 0)
			bt_options_add(o, BT_OPT_MOVE, u->id, "bt-move %s "
			    "--disengage", u->id)->provokes = true;
	} else if (may_move)
		add_moves(st, u, o);
	bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s stand", u->id);
}

/* KM-5: a shot at each hostile army in range, with the d20 it needs. */
static void
add_shots(const struct bt_state *st, const struct bt_unit *u,
    struct bt_options *o)
{
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *t = &st->units[i];
		struct bt_option *op;

		if (!in_range(u, t))
			continue;
		op = bt_options_add(o, BT_OPT_SHOOT, u->id, "bt-attack %s %s",
		    u->id, t->id);
		op->target = t->id;
		op->need = km_ac(st, t) - km_attack_mod(st, u, true);
	}
}

void
km_options(const struct bt_state *st, const char *side, struct bt_options *o)
{
	const struct bt_side *sd = bt_side_find(st, side);
	const struct bt_unit *first_army = NULL;
	bool open = false, may_move;

	if (sd == NULL || st->nsides != 2 || st->first == NULL)
		return;
	/* KM-2: the other side moves once the first side's step is done */
	may_move = strcmp(side, st->first) == 0 || !side_open(st, st->first);
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (!is_side(u, side) || !km_on_field(u))
			continue;
		if (first_army == NULL)
			first_army = u;
		if (!army_open(st, u))
			continue;
		open = true;
		if (st->phase == KM_MANEUVER)
			add_maneuver(st, u, may_move, o);
		else if (st->phase == KM_RANGED)
			add_shots(st, u, o);
		else
			bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s "
			    "avoid-melee", u->id);
	}
	/* the phase ends when nothing is left to order, or, in the melee
	 * phase, when the side lets its undecided armies fight */
	if (st->phase == KM_MELEE || st->phase == KM_RESOLUTION ||
	    (!open && !side_open(st, st->sides[0].id) &&
	    !side_open(st, st->sides[1].id)))
		bt_options_add(o, BT_OPT_END, NULL, "bt-resolve");
	if (!sd->ceasefire && first_army != NULL)
		bt_options_add(o, BT_OPT_ACT, first_army->id, "bt-act %s "
		    "ceasefire", first_army->id);
}
