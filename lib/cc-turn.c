/*
 * cc-turn.c: the other actions of a cc turn (bt-act: CC-22, CC-23, CC-25,
 * CC-26), the passing of turns and rounds (bt-resolve: CC-1, CC-6), and
 * what starts with a turn: effects that end, a broken unit's retreat
 * (CC-28, CC-29), reactions back (CC-21, CC-30).
 */
#include <stdlib.h>
#include <string.h>

#include "cc.h"

/*
 * Whether two sides or more have an unbroken unit in the battle: CC-1's
 * question after every order, without the HP of every side that only an
 * end needs. Every unit's side is one of 'sides' (bt_state_check), so it
 * is whether two such units have different sides: the first one up
 * against the others, from the last unit back. The units are sorted by
 * id, and a side's ids often share a prefix: the last is of another
 * side more often than the next.
 */
static bool
unbroken_in_battle(const struct bt_unit *u)
{
	return cc_in_battle(u) && !(u->status & BT_ST_BROKEN);
}

static bool
two_sides_up(const struct bt_state *st)
{
	size_t i = 0, j = st->nunits;

	while (i < j && !unbroken_in_battle(&st->units[i]))
		i++;
	if (i == j)
		return false;
	while (--j > i)
		if (unbroken_in_battle(&st->units[j]) &&
		    cc_enemies(&st->units[i], &st->units[j]))
			return true;
	return false;
}

/* CC-1: the battle ends when one side or none has an unbroken unit in
 * it, or when the DM's round limit is over. Returns whether it ended. */
bool
cc_battle_over(struct bt_state *st, bool limit_reached)
{
	size_t alive = 0, last = 0;
	int best = -1, hp_best = -1;
	bool tie = false;

	if (st->result.present)
		return true;
	if (!limit_reached && two_sides_up(st))
		return false;
	for (size_t s = 0; s < st->nsides; s++) {
		bool up = false;
		int hp = 0;

		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *u = &st->units[i];

			if (strcmp(u->side, st->sides[s].id) != 0 ||
			    !cc_in_battle(u))
				continue;
			hp += u->hp;
			up |= !(u->status & BT_ST_BROKEN);
		}
		if (up)
			alive++, last = s;
		if (hp > hp_best)
			hp_best = hp, best = (int)s, tie = false;
		else if (hp == hp_best)
			tie = true;
	}
	if (alive > 1 && !limit_reached)
		return false;
	if (alive == 1)
		bt_set_result(st, st->sides[last].id, "the units of every "
		    "other side are broken, destroyed or gone (CC-1)");
	else if (alive == 0)
		bt_set_result(st, "draw", "no side has an unbroken unit left "
		    "(CC-1)");
	else
		bt_set_result(st, tie ? "draw" : st->sides[best].id, "the "
		    "round limit of %d is over; %s with %d HP on the map "
		    "(CC-1)", st->round_limit, tie ? "equal" : "most", hp_best);
	bt_set_active(st, NULL);
	memset(&st->turn, 0, sizeof(st->turn));
	return true;
}

/* What starts with u's turn (CC-22, CC-25, CC-26, CC-28, CC-30). Returns
 * false when u left the battle in its retreat (the turn has passed). */
static bool
start_turn(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u)
{
	bool in_contact;

	memset(&st->turn, 0, sizeof(st->turn));
	st->turn.present = true;
	u->status &= ~(unsigned)BT_ST_DEFENDING;	/* CC-22 */
	u->ready.present = false;		/* CC-25 */
	u->ready.target = NULL;
	for (size_t i = 0; i < st->nunits; i++) {	/* CC-26 */
		struct bt_unit *a = &st->units[i];

		if (a->supported_by && bt_streq(a->supported_by, u->id))
			a->supported_by = NULL;
	}
	if (!(u->status & BT_ST_BROKEN))
		return true;
	/* CC-28: disengage when next to an enemy (its action), retreat */
	in_contact = cc_in_contact(st, u);
	if (in_contact) {
		u->status |= BT_ST_DISENGAGING;
		st->turn.acted = true;
		bt_log_text(bt_log_add(st, "disengage", u->id), "%s is broken "
		    "and next to an enemy: it disengages (CC-28)", u->id);
	}
	if (cc_retreat(st, dice, u))
		return false;
	st->turn.stopped = true;
	return true;
}

/* CC-6: every unit's one reaction a round comes back as the round
 * begins, not with its own turn, so none reacts twice in a round. */
static void
begin_round(struct bt_state *st)
{
	for (size_t i = 0; i < st->nunits; i++)
		st->units[i].reacted = false;
}

/* Gives the turn to order[next], or opens the next round after the last;
 * ends the battle when its end has come (CC-1). A broken unit whose
 * retreat takes it off the map passes the turn on at once. */
void
cc_pass_turn(struct bt_state *st, struct bt_dice *dice, size_t next)
{
	for (;;) {
		struct bt_unit *u;

		memset(&st->turn, 0, sizeof(st->turn));
		if (cc_battle_over(st, false))
			return;
		if (next >= st->norder) {
			if (st->round_limit > 0 && st->round >= st->round_limit &&
			    cc_battle_over(st, true))
				return;
			st->round++;
			next = 0;
			begin_round(st);
			bt_log_text(bt_log_add(st, "round", NULL), "round %d "
			    "begins", st->round);
		}
		/* 'order' holds the units' own ids when bt_setup wrote it:
		 * found by address, else by name */
		u = cc_unit_named(st, st->order[next]);
		bt_set_active_unit(st, u);
		if (start_turn(st, dice, u))
			return;
		/* it fled: out of 'order', and order[next] is the one after */
		memmove(st->order + next, st->order + next + 1,
		    (st->norder - next - 1) * sizeof(*st->order));
		memmove(st->order_at + next, st->order_at + next + 1,
		    (st->norder - next - 1) * sizeof(*st->order_at));
		st->norder--;
	}
}

/* bt-init: round 1 begins and the first unit's turn starts, as every
 * later one does (CC-28's decision): reactions for all (CC-6), then what
 * starts with the turn, a broken unit's retreat included. */
void
cc_first_turn(struct bt_state *st, struct bt_dice *dice)
{
	begin_round(st);
	cc_pass_turn(st, dice, 0);
}

/* The entry of 'order' that names id, or norder: by its address first,
 * as bt_setup writes the units' own ids there, else by name. */
static size_t
order_index(const struct bt_state *st, const char *id)
{
	size_t i;

	for (i = 0; i < st->norder; i++)
		if (st->order[i] == id)
			return i;
	i = 0;
	while (i < st->norder && !bt_streq(st->order[i], id))
		i++;
	return i;
}

void
cc_next_turn(struct bt_state *st, struct bt_dice *dice)
{
	size_t i = 0;

	if (st->active != NULL) {
		struct bt_unit *u = bt_unit_find(st, st->active);

		i = order_index(st, u != NULL ? u->id : st->active);
		if (u != NULL)	/* CC-23: Disengage lasts its turn */
			u->status &= ~(unsigned)BT_ST_DISENGAGING;
	}
	cc_pass_turn(st, dice, i + 1);
}

/* bt-resolve: the active unit's turn ends. */
int
cc_resolve(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	(void)o;
	(void)err;
	bt_log_text(bt_log_add(st, "end", st->active), "%s ends its turn",
	    st->active);
	cc_next_turn(st, dice);
	return 0;
}

static const char *const act_words[] = {
	"defend", "disengage", "support", "ready", NULL
};

/* bt-act UNIT defend | disengage | support ALLY | ready TRIGGER [TARGET] */
int
cc_act(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	struct bt_unit *u, *other = NULL;
	struct bt_log_entry *e;
	const char *near;
	int act, trigger = 0;

	(void)dice;
	if (o->argc < 2)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bt-act takes a unit "
		    "and an action: defend, disengage, support ALLY or ready "
		    "TRIGGER [TARGET]");
	if ((act = bt_word_index(act_words, o->argv[1])) < 0) {
		near = bt_closest(o->argv[1], act_words);
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "unknown action "
		    "'%s'%s%s%s", o->argv[1], near ? " (did you mean '" : "",
		    near ? near : "", near ? "'?)" : "");
	}
	if ((act <= 1 && o->argc != 2) || (act == 2 && o->argc != 3) ||
	    (act == 3 && (o->argc < 3 || o->argc > 4)))
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s' takes %s",
		    act_words[act], act <= 1 ? "no operand" : act == 2 ?
		    "the ally to support" : "a trigger (contact or range) and "
		    "maybe a target");
	if ((u = bt_unit_operand(st, o->argv[0], "unit", err)) == NULL)
		return -1;
	if (act == 2 && (other = bt_unit_operand(st, o->argv[2], "unit", err)) == NULL)
		return -1;
	if (act == 3) {
		static const char *const triggers[] = { "contact", "range",
		    NULL };

		if ((trigger = bt_word_index(triggers, o->argv[2])) < 0)
			return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "unknown "
			    "trigger '%s' (contact or range)", o->argv[2]);
		if (o->argc == 4 &&
		    (other = bt_unit_operand(st, o->argv[3], "unit", err)) == NULL)
			return -1;
	}
	if (cc_check_turn(st, u, err) < 0)
		return -1;
	if (u->status & BT_ST_BROKEN)
		return bt_refuse(err, "CC-28", "'%s' is broken: it can only "
		    "retreat and rally", u->id);
	switch (act) {
	case 2:
		if (other == u || cc_enemies(u, other) || !cc_in_battle(other))
			return bt_refuse(err, "CC-26", "'%s' can only support "
			    "an ally in the battle", u->id);
		if (!cc_adjacent(u, other))
			return bt_refuse(err, "CC-26", "'%s' is not next to "
			    "'%s'", u->id, other->id);
		break;
	case 3:
		if (trigger == 1 && !u->ranged.present)
			return bt_refuse(err, "CC-25", "'%s' has no ranged "
			    "attack to ready", u->id);
		if (other != NULL && (!cc_enemies(u, other) ||
		    !cc_in_battle(other)))
			return bt_refuse(err, "CC-25", "'%s' is not an enemy "
			    "in the battle", other->id);
		break;
	}
	if (cc_use_action(st, u, err) < 0)
		return -1;
	e = bt_log_add(st, act_words[act], u->id);
	switch (act) {
	case 0:
		u->status |= BT_ST_DEFENDING;
		bt_log_text(e, "%s defends (CC-22)", u->id);
		break;
	case 1:
		u->status |= BT_ST_DISENGAGING;
		bt_log_text(e, "%s disengages (CC-23)", u->id);
		break;
	case 2:
		other->supported_by = u->id;	/* the state's (BT_KEPT) */
		bt_log_text(e, "%s supports %s (CC-26)", u->id, other->id);
		break;
	default:
		u->ready.present = true;
		u->ready.trigger = trigger;
		u->ready.target = other ? other->id : NULL;
		bt_log_text(e, "%s readies a %s attack for %s%s%s (CC-25)",
		    u->id, trigger ? "ranged" : "melee", other ? other->id :
		    "an enemy", trigger ? " coming within range" :
		    " coming into contact with its front", "");
		break;
	}
	return cc_settle(st, dice);
}
