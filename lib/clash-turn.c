/*
 * clash-turn.c: the passing of turns and rounds in clash (bt-resolve):
 * the end of a round in the seed's order (CL-5: casualties, CL-6 with the
 * controller's fills, CL-7 death saves, CL-8 morale), then objectives and
 * victory points and the battle's end (CL-12); the start of a turn and a
 * broken unit's rally (CL-11).
 */
#include <stdlib.h>
#include <string.h>

#include "clash.h"

/* A square emptied at the end of the round (CL-6), and whose it was. */
struct vacated {
	int		 x, y;
	const char	*side;
	bool		 filled;
};

static void
clear_turn(struct bt_unit *u)
{
	u->retreat = false;
	for (size_t k = 0; k < u->nstands; k++) {
		u->stands[k].moved = 0;
		u->stands[k].attacked = false;
	}
}

/* What starts with u's turn: the rally first, then the retreat of a
 * unit still broken. Returns false when the retreat took it off the map
 * (its turn is over). */
static bool
start_turn(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u)
{
	bt_set_active(st, u->id);
	clear_turn(u);
	/* CL-11: a broken unit with a commander tries to rally, once,
	 * unless the DM has rolled it by hand (bt-morale --rally). */
	if ((u->status & BT_ST_BROKEN) && u->commander.present &&
	    u->rally_round != st->round) {
		clash_rally(st, dice, u);
		u->rally_round = st->round;
	}
	/* CL-9: a rallied unit "takes its turn as normal" (CL-11) */
	if ((u->status & BT_ST_BROKEN) && !u->solo)
		return !clash_retreat(st, u);
	return true;
}

void
clash_prune_order(struct bt_state *st)
{
	size_t k = 0;

	for (size_t i = 0; i < st->norder; i++) {
		const struct bt_unit *u = bt_unit_find(st, st->order[i]);

		if (u != NULL && clash_in_battle(u)) {
			st->order[k] = st->order[i];
			st->order_at[k++] = st->order_at[i];
		}
	}
	st->norder = k;
}

/* The index in 'order' of the next unit in the battle after the active
 * one, or norder when the active one is the round's last. */
static size_t
next_in_order(const struct bt_state *st)
{
	size_t i = 0;

	while (i < st->norder && st->active != NULL &&
	    strcmp(st->order[i], st->active) != 0)
		i++;
	for (i++; i < st->norder; i++)
		if (clash_in_battle(bt_unit_find(st, st->order[i])))
			break;
	return i;
}

bool
clash_round_last(const struct bt_state *st)
{
	return next_in_order(st) >= st->norder;
}

/* "UNIT.N=X,Y" */
static int
parse_fill(const struct bt_state *st, const char *arg, struct clash_who *w,
    int *x, int *y, struct bt_error *err)
{
	const char *eq = strchr(arg, '=');
	char *name;
	int rc;

	if (eq == NULL || bt_cli_xy(eq + 1, x, y) < 0)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bad --fill '%s': "
		    "UNIT.N=X,Y", arg);
	name = bt_xasprintf("%.*s", (int)(eq - arg), arg);
	rc = clash_operand(st, name, false, w, err);
	free(name);
	return rc;
}

/* CL-6: the controller moves an adjacent allied stand into a square a
 * casualty left. */
static int
fill(struct bt_state *st, const char *arg, struct vacated *v, size_t nv,
    struct bt_error *err)
{
	struct clash_who w;
	struct bt_stand *s;
	int x, y;
	size_t i;

	if (parse_fill(st, arg, &w, &x, &y, err) < 0)
		return -1;
	s = &w.u->stands[w.k];
	for (i = 0; i < nv; i++)
		if (v[i].x == x && v[i].y == y)
			break;
	if (i == nv)
		return bt_refuse(err, "CL-6", "no stand was eliminated on "
		    "[%d, %d] this round", x, y);
	if (clash_at(st, x, y, NULL) != NULL)
		return bt_refuse(err, "CL-6", "[%d, %d] has been filled "
		    "already", x, y);
	if (!s->placed || clash_down(w.u))
		return bt_refuse(err, "CL-6", "'%s' is not on the map to "
		    "fill [%d, %d]", clash_name(w.u, w.k), x, y);
	if (strcmp(w.u->side, v[i].side) != 0)
		return bt_refuse(err, "CL-6", "'%s' is not an ally of the "
		    "stand eliminated on [%d, %d]", clash_name(w.u, w.k), x, y);
	if (!clash_next_to(s->x, s->y, x, y))
		return bt_refuse(err, "CL-6", "'%s' is not next to [%d, %d]",
		    clash_name(w.u, w.k), x, y);
	bt_log_text(bt_log_add(st, "fill", w.u->id), "%s moves from [%d, %d] "
	    "into [%d, %d], left by a casualty (CL-6)", clash_name(w.u, w.k),
	    s->x, s->y, x, y);
	s->x = x;
	s->y = y;
	v[i].filled = true;
	return 0;
}

bool
clash_eliminated(const struct bt_unit *u, size_t k)
{
	return clash_in_battle(u) && !(u->solo && u->pc) &&
	    u->stands[k].placed && u->stands[k].hp == 0;
}

/* CL-5, CL-6: casualties and downed solos that are not player
 * characters are removed; returns the squares they left. */
static struct vacated *
eliminate(struct bt_state *st, size_t *nv)
{
	struct vacated *v = NULL;

	*nv = 0;
	for (size_t i = 0; i < st->nunits; i++) {
		struct bt_unit *u = &st->units[i];
		char *list = NULL, *more;
		size_t n = 0;

		for (size_t k = 0; k < u->nstands; k++) {
			struct bt_stand *s = &u->stands[k];

			if (!clash_eliminated(u, k))
				continue;
			v = bt_xreallocarray(v, *nv + 1, sizeof(*v));
			v[*nv].x = s->x;
			v[*nv].y = s->y;
			v[*nv].side = u->side;
			v[(*nv)++].filled = false;
			s->placed = false;
			more = bt_xasprintf("%s%s%s", list ? list : "",
			    list ? ", " : "", clash_name(u, k));
			free(list);
			list = more;
			n++;
		}
		if (n == 0)
			continue;
		if (clash_placed(u) == 0)
			u->status = (u->status & ~(unsigned)BT_ST_BROKEN) |
			    BT_ST_DESTROYED;
		bt_log_text(bt_log_add(st, "eliminate", u->id), "%s: %s %s "
		    "eliminated (CL-5)%s", u->id, list, n == 1 ? "is" : "are",
		    u->status & BT_ST_DESTROYED ? "; the unit is destroyed" :
		    "");
		free(list);
	}
	return v;
}

static bool
unit_gone(const struct bt_state *st, const char *id)
{
	const struct bt_unit *u = bt_unit_find(st, id);

	return u == NULL || (u->status & BT_ST_GONE);
}

/* CL-12, for 'destroy': why the unit counts as destroyed, or NULL. A
 * unit that got off the map unbroken escaped, and a stable hero carried
 * from the field (fled, never broken: CL-10) is saved, not destroyed. */
static const char *
destroyed_how(const struct bt_state *st, const char *id)
{
	const struct bt_unit *u = bt_unit_find(st, id);

	if (u->status & BT_ST_DESTROYED)
		return "destroyed";
	if ((u->status & BT_ST_FLED) && (u->status & BT_ST_BROKEN))
		return "driven off the map broken";
	return NULL;
}

/* CL-12: does side hold (x, y), a stand of it on or next to the square
 * and no one else's? A broken unit, running away (CL-9), neither holds
 * a square nor keeps another side from it. */
static bool
holds(const struct bt_state *st, const char *side, int x, int y)
{
	bool mine = false;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (u->status & BT_ST_BROKEN)
			continue;
		for (size_t k = 0; k < u->nstands; k++) {
			const struct bt_stand *s = &u->stands[k];

			if (!s->placed || s->hp == 0 ||
			    (!clash_next_to(s->x, s->y, x, y) &&
			    (s->x != x || s->y != y)))
				continue;
			if (strcmp(u->side, side) != 0)
				return false;
			mine = true;
		}
	}
	return mine;
}

static void
score(struct bt_state *st, struct bt_objective *o, const char *why)
{
	int total = clash_side_vp(st, o->side, o->vp);

	if (o->kind != CLASH_HOLD)
		o->scored = st->round;
	bt_log_text(bt_log_add(st, "vp", o->side), "%s scores %d VP: %s "
	    "(CL-12), %d VP in all", o->side, o->vp, why, total);
}

/* CL-12 at the end of a round: hold every round it is held, destroy
 * once, protect at its round. (escape scores as the unit leaves.) */
static void
objectives(struct bt_state *st)
{
	for (size_t i = 0; i < st->nobjectives; i++) {
		struct bt_objective *o = &st->objectives[i];
		const char *how;
		char *why;

		switch (o->kind) {
		case CLASH_HOLD:
			if (!holds(st, o->side, o->x, o->y))
				continue;
			why = bt_xasprintf("it holds [%d, %d]", o->x, o->y);
			break;
		case CLASH_DESTROY:
			if (o->scored || (how = destroyed_how(st, o->unit)) ==
			    NULL)
				continue;
			why = bt_xasprintf("'%s' is out of the battle, %s",
			    o->unit, how);
			break;
		case CLASH_PROTECT:
			if (o->scored || o->round != st->round ||
			    unit_gone(st, o->unit))
				continue;
			why = bt_xasprintf("'%s' is still in the battle at the "
			    "end of round %d", o->unit, o->round);
			break;
		default:
			continue;
		}
		score(st, o, why);
		free(why);
	}
}

/* Has side an unbroken unit or a solo still standing in the battle? */
static bool
has_force(const struct bt_state *st, const char *side)
{
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (strcmp(u->side, side) == 0 && clash_in_battle(u) &&
		    !(u->status & BT_ST_BROKEN) && !clash_down(u))
			return true;
	}
	return false;
}

static int
side_vp(const struct bt_state *st, const char *side)
{
	for (size_t i = 0; i < st->nvp; i++)
		if (strcmp(st->vp[i].side, side) == 0)
			return st->vp[i].vp;
	return 0;
}

/*
 * CL-12: the first side to 10 VP wins; several in the same round, the
 * higher total, equal a draw. Without that, a side with nothing left in
 * the battle that can fight (no unbroken unit, no solo up) loses: the
 * one side that has wins, and none is a draw. Returns whether it ended.
 */
static bool
battle_over(struct bt_state *st)
{
	int top = -1, next = -1, ntop = 0, nwon = 0, nforce = 0;
	const char *best = NULL, *force = NULL;

	for (size_t i = 0; i < st->nsides; i++) {
		const char *s = st->sides[i].id;
		int vp = side_vp(st, s);

		if (vp > top) {
			next = top;
			top = vp, ntop = 1, best = s;
		} else if (vp == top)
			ntop++;
		else if (vp > next)
			next = vp;
		nwon += vp >= CLASH_WIN_VP;
		if (has_force(st, s))
			nforce++, force = s;
	}
	/* The reason says which way it was won: "first" only when no other
	 * side got there in the same round. */
	if (top >= CLASH_WIN_VP) {
		const char *winner = ntop == 1 ? best : "draw";

		if (nwon == 1)
			bt_set_result(st, winner, "first to %d victory points, "
			    "with %d (CL-12)", CLASH_WIN_VP, top);
		else if (ntop == 1)
			bt_set_result(st, winner, "%d sides reached %d victory "
			    "points in the same round, and %s has the higher "
			    "total, %d to %d (CL-12)", nwon, CLASH_WIN_VP, best,
			    top, next);
		else
			bt_set_result(st, winner, "%d sides reached %d victory "
			    "points in the same round, each with %d (CL-12)",
			    ntop, CLASH_WIN_VP, top);
	} else if (nforce == 1)
		bt_set_result(st, force, "every other side has no unbroken "
		    "unit and no solo left in the battle (CL-12)");
	else if (nforce == 0)
		bt_set_result(st, "draw", "no side has an unbroken unit or a "
		    "solo left in the battle (CL-12)");
	else
		return false;
	bt_set_active(st, NULL);
	return true;
}

/* CL-5 to CL-8, then CL-12, in that order. */
static int
end_round(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	struct vacated *v;
	size_t nv;
	int rc = 0;

	/* a bad --fill is a usage error before anything is rolled */
	for (size_t i = 0; o != NULL && i < o->nfills; i++) {
		struct clash_who w;
		int x, y;

		if (parse_fill(st, o->fills[i], &w, &x, &y, err) < 0)
			return -1;
	}
	bt_log_text(bt_log_add(st, "round-end", NULL), "round %d ends "
	    "(CL-5)", st->round);
	v = eliminate(st, &nv);
	for (size_t i = 0; o != NULL && i < o->nfills && rc == 0; i++)
		rc = fill(st, o->fills[i], v, nv, err);
	free(v);
	if (rc < 0)
		return -1;
	for (size_t i = 0; i < st->nunits; i++) {
		struct bt_unit *u = &st->units[i];

		if (u->solo && u->pc && clash_in_battle(u) && clash_down(u))
			clash_death_saves(st, dice, u);
	}
	for (size_t i = 0; i < st->nunits; i++) {
		struct bt_unit *u = &st->units[i];

		if (!u->solo && clash_in_battle(u) &&
		    !(u->status & BT_ST_BROKEN) &&
		    clash_lost(u) * 2 > u->nstands &&
		    u->morale_round != st->round)
			clash_morale_check(st, dice, u);
	}
	objectives(st);
	clash_prune_order(st);
	battle_over(st);
	return 0;
}

/* The active unit's turn ends; the next starts, or the round ends. */
int
clash_end_turn(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	struct bt_unit *u = bt_unit_find(st, st->active);
	size_t next = next_in_order(st);
	struct bt_unit *n;

	bt_log_text(bt_log_add(st, "end", u->id), "%s ends its turn", u->id);
	clear_turn(u);
	if (next < st->norder) {
		n = bt_unit_find(st, st->order[next]);
		clash_prune_order(st);
	} else {
		if (end_round(st, dice, o, err) < 0)
			return -1;
		if (st->result.present)
			return 0;
		st->round++;
		bt_log_text(bt_log_add(st, "round", NULL), "round %d begins",
		    st->round);
		n = bt_unit_find(st, st->order[0]);
	}
	/* a unit whose retreat takes it off the map passes the turn on */
	if (!start_turn(st, dice, n))
		return clash_end_turn(st, dice, NULL, err);
	return 0;
}

int
clash_first_turn(struct bt_state *st, struct bt_dice *dice,
    struct bt_error *err)
{
	struct bt_unit *u = st->active ? bt_unit_find(st, st->active) : NULL;

	if (u == NULL || start_turn(st, dice, u))
		return 0;
	return clash_end_turn(st, dice, NULL, err);
}

/* bt-resolve [--fill UNIT.N=X,Y ...] */
int
clash_resolve(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	if (o->nfills > 0 && next_in_order(st) < st->norder)
		return bt_refuse(err, "CL-6", "--fill is for the end of a "
		    "round, and '%s' is not the last to act in it", st->active);
	return clash_end_turn(st, dice, o, err);
}
