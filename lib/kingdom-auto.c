/*
 * kingdom-auto.c: the kingdom commanders, simple and general (bt-auto(1),
 * "kingdom"). Each scores the options kingdom-options.c lists and never
 * decides what is legal. The options of one army come together, so a
 * commander settles the first army listed, order by order, and the next
 * once that one's part of the phase is done.
 */
#include <stdlib.h>
#include <string.h>

#include "kingdom.h"

/* From this round on both commanders ask for a ceasefire (KM-13), general
 * only while its side is not ahead (ahead()): a battle of two that hold
 * back ends. */
#define KM_AUTO_CEASEFIRE	30

/* The word of a bt-act option after its army: "stand", "tactic wedge". */
static const char *
act_word(const struct bt_options *o, const struct bt_option *op)
{
	const char *line = bt_option_line(o, op);

	if (op->kind != BT_OPT_ACT || strncmp(line, "bt-act ", 7) != 0)
		return "";
	return line + 7 + strlen(op->unit) + 1;
}

static bool
is_act(const struct bt_options *o, const struct bt_option *op,
    const char *word)
{
	size_t n = strlen(word);
	const char *w = act_word(o, op);

	return strncmp(w, word, n) == 0 && (w[n] == '\0' || w[n] == ' ');
}

/* The option of bt-act unit (any army: NULL) word, or -1. */
static int
find_act(const struct bt_options *o, const char *unit, const char *word)
{
	for (size_t i = 0; i < o->n; i++)
		if ((unit == NULL || (o->v[i].unit != NULL &&
		    strcmp(o->v[i].unit, unit) == 0)) && is_act(o, &o->v[i], word))
			return (int)i;
	return -1;
}

static int
find_kind(const struct bt_options *o, enum bt_option_kind kind)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->v[i].kind == kind)
			return (int)i;
	return -1;
}

/* The army whose orders come first: the one a commander settles now. */
static const char *
first_army(const struct bt_options *o)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->v[i].unit != NULL && !is_act(o, &o->v[i], "ceasefire"))
			return o->v[i].unit;
	return NULL;
}

/* KM-4: bt-move ARMY --disengage, the one move without a square. */
static bool
is_disengage(const struct bt_options *o, const struct bt_option *op)
{
	return op->kind == BT_OPT_MOVE &&
	    strstr(bt_option_line(o, op), " --disengage") != NULL;
}

static bool
of_army(const struct bt_option *op, const char *army)
{
	return op->unit != NULL && strcmp(op->unit, army) == 0;
}

/* The least distance from the army at r to a hostile army on the field;
 * the nearest in *near. */
static int
nearest(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *r, const struct bt_unit **near)
{
	int best = -1;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];
		struct bt_rect re;
		int d;

		if (!km_on_field(e) || !km_hostile(u, e))
			continue;
		re = km_rect(e);
		d = bt_rect_distance(r, &re);
		if (best < 0 || d < best) {
			best = d;
			if (near != NULL)
				*near = e;
		}
	}
	return best < 0 ? 1000 : best;
}

static int
distance(const struct bt_unit *a, const struct bt_unit *b)
{
	struct bt_rect ra = km_rect(a), rb = km_rect(b);

	return bt_rect_distance(&ra, &rb);
}

static bool
shooter(const struct bt_unit *u)
{
	return u->max_shots > 0 && u->shots > 0;
}

/* ---- simple: advance on the nearest enemy, attack what is in reach --- */

static size_t
simple_choose(const struct bt_state *st, const char *side,
    const struct bt_options *o, struct bt_rng *rng)
{
	const char *army = first_army(o);
	const struct bt_unit *u;
	int best = -1, bestd = 0, i;

	(void)side;
	(void)rng;
	if (st->round >= KM_AUTO_CEASEFIRE && (i = find_act(o, NULL,
	    "ceasefire")) >= 0)
		return (size_t)i;
	if (army == NULL || (u = bt_unit_find(st, army)) == NULL)
		return (size_t)(find_kind(o, BT_OPT_END) >= 0 ?
		    find_kind(o, BT_OPT_END) : 0);
	if (st->phase == KM_MANEUVER) {
		struct bt_rect here = km_rect(u);

		/* the move that ends nearest the nearest enemy, if nearer */
		bestd = nearest(st, u, &here, NULL);
		for (size_t k = 0; k < o->n; k++) {
			const struct bt_option *op = &o->v[k];
			struct bt_rect r;
			int d;

			if (!of_army(op, army) || op->kind != BT_OPT_MOVE ||
			    is_disengage(o, op))
				continue;
			r = km_rect_at(u, op->x, op->y);
			d = nearest(st, u, &r, NULL);
			if (d < bestd || (d == bestd && best >= 0 &&
			    op->cost < o->v[best].cost)) {
				best = (int)k;
				bestd = d;
			}
		}
		if (best < 0)
			best = find_act(o, army, "stand");
	} else if (st->phase == KM_RANGED) {
		/* the nearest target */
		for (size_t k = 0; k < o->n; k++) {
			const struct bt_option *op = &o->v[k];
			const struct bt_unit *t;
			int d;

			if (op->kind != BT_OPT_SHOOT ||
			    (t = bt_unit_find(st, op->target)) == NULL)
				continue;
			d = distance(bt_unit_find(st, op->unit), t);
			if (best < 0 || d < bestd) {
				best = (int)k;
				bestd = d;
			}
		}
	}
	if (best < 0)	/* the melee is fought; the phase ends */
		best = find_kind(o, BT_OPT_END);
	return best < 0 ? 0 : (size_t)best;
}

const struct bt_policy km_simple = {
	"simple", "advance on the nearest enemy, attack what is in reach",
	simple_choose
};

/* ---- general: by the odds of the exchange ------------------------------ */

/*
 * KM-5, KM-7: what an attack deals for each d20 roll, as strike() rolls
 * it: d20 + mod against ac, a hit dealing what it beats the AC by plus
 * dmg (at least 0; a natural 20 hits, and deals at least 1).
 */
static void
by_roll(int mod, int ac, int dmg, int out[20])
{
	for (int r = 1; r <= 20; r++) {
		int total = r + mod, d = total - ac + dmg;

		if (r != 20 && total < ac)
			d = 0;
		if (d < 0)
			d = 0;
		if (r == 20 && d < 1)
			d = 1;
		out[r - 1] = d;
	}
}

/* KM-10: the chance that a Morale check against dc passes. */
static double
passes(int morale, int dc)
{
	int need = dc - morale;

	return need <= 1 ? 1 : need > 20 ? 0 : (21 - need) / 20.0;
}

/*
 * KM-9 to KM-11: the chance that army e, dealt dmg more this turn, leaves
 * the field when the turn is resolved: destroyed, or routed by its checks.
 */
static double
leaves(const struct bt_unit *e, int dmg)
{
	int so_far = e->km.present ? e->km.damage : 0, m = e->morale;
	int start = e->hp + so_far, hp = e->hp - dmg;
	double stay = 1;

	if (hp <= 0)
		return 1;
	if (so_far + dmg == 0)
		return m < KM_ROUT_MORALE;
	if (so_far + dmg > e->rout)
		m--;
	if (2 * start >= e->max_hp && 2 * hp < e->max_hp)
		stay *= passes(m, KM_HALF_DC);
	if (hp <= e->rout) {
		stay *= passes(m, KM_LOW_DC);
		m--;
	}
	return m < KM_ROUT_MORALE ? 1 : 1 - stay;
}

/* One attack on an army this turn, as the general weighs it; at most
 * KM_BLOWS on one army. */
#define KM_BLOWS	16
struct blow {
	const struct bt_unit	*by;
	bool			 ranged;
	int			 penalty;	/* KM-8 */
	double			 weight;	/* the chance it is made */
};

/* The attack's damage for each roll, and on average. */
static double
blow_damage(const struct bt_state *st, const struct blow *b,
    const struct bt_unit *t, int d[20])
{
	int sum = 0;

	by_roll(km_attack_mod(st, b->by, b->ranged) - b->penalty, km_ac(st, t),
	    km_damage_mod(st, b->by), d);
	for (int r = 0; r < 20; r++)
		sum += d[r];
	return sum / 20.0;
}

/*
 * The chance that t leaves the field after the blows, and the part of
 * its HP they take on average (*part). The strongest is rolled out, the
 * others count with their average: a fair guess at a turn's fate.
 */
static double
fate(const struct bt_state *st, const struct bt_unit *t,
    const struct blow *b, size_t n, double *part)
{
	double mean[KM_BLOWS], total = 0, rest, p = 0;
	int d[20];
	size_t top = 0;

	if (n == 0) {
		*part = 0;
		return leaves(t, 0);
	}
	for (size_t i = 0; i < n; i++) {
		mean[i] = b[i].weight * blow_damage(st, &b[i], t, d);
		total += mean[i];
		if (mean[i] > mean[top])
			top = i;
	}
	rest = total - mean[top];
	blow_damage(st, &b[top], t, d);
	for (int r = 0; r < 20; r++)
		p += b[top].weight * leaves(t, (int)(d[r] + rest + 0.5)) +
		    (1 - b[top].weight) * leaves(t, (int)(rest + 0.5));
	*part = total / (t->hp > 0 ? t->hp : 1);
	return p / 20;
}

/* KM-8, roughly: the armies of each side next to the other's target. */
static void
penalties(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *at, const struct bt_unit *e, int *mine, int *theirs)
{
	int friends = 1, foes = 0;
	struct bt_rect re = km_rect(e);

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *o = &st->units[i];
		struct bt_rect ro;

		if (o == u || !km_on_field(o) || o->hp == 0)
			continue;
		ro = km_rect(o);
		if (!km_hostile(u, o) && bt_rect_distance(&ro, &re) == 1)
			friends++;
		else if (km_hostile(u, o) && bt_rect_distance(&ro, at) == 1)
			foes++;
	}
	*mine = foes > friends ? 2 * (foes - friends) : 0;
	*theirs = friends > foes ? 2 * (friends - foes) : 0;
}

/*
 * The blows u at r may take this turn: the melee of the enemies next to
 * it; half of it from those that could come to it; the shots of those in
 * range of it, half of those that could come in range. With now, only
 * the melee about to be fought: the enemies next to it.
 */
static size_t
threats(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *r, bool now, struct blow *b)
{
	size_t n = 0;

	for (size_t i = 0; i < st->nunits && n + 2 <= KM_BLOWS; i++) {
		const struct bt_unit *e = &st->units[i];
		struct bt_rect re;
		int d, mine, theirs;

		if (!km_on_field(e) || !km_hostile(u, e) || e->hp == 0)
			continue;
		re = km_rect(e);
		d = bt_rect_distance(r, &re);
		if (d == 1) {
			penalties(st, u, r, e, &mine, &theirs);
			b[n++] = (struct blow){ e, false, theirs, 1 };
		} else if (now)
			continue;
		else if (d <= e->maneuver + 1)
			b[n++] = (struct blow){ e, false, 0, 0.5 };
		if (now || !shooter(e) || e->engaged.n > 0)
			continue;
		if (d <= e->range)
			b[n++] = (struct blow){ e, true, 0, 1 };
		else if (d <= e->range + e->maneuver)
			b[n++] = (struct blow){ e, true, 0, 0.5 };
	}
	return n;
}

/*
 * The chance that u at r strikes target, not next to it, this turn: a
 * shooter once it is in range; in melee, once the two are in contact,
 * which the side that moves last decides (KM-2): a move into contact by
 * the side that moves first the enemy may undo.
 */
static double
reach(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *r, const struct bt_unit *target)
{
	struct bt_rect rt = km_rect(target);
	int d = bt_rect_distance(r, &rt);
	int left = u->maneuver - (u->km.present ? u->km.moved : 0);

	if (shooter(u))
		return d <= u->range ? 1 : d <= u->range + left ? 0.8 : 0.2;
	if (d - 1 > left)
		return 0.2;
	return strcmp(u->side, st->first) != 0 ? 0.8 : 0.3;
}

/*
 * The turn of u at r (as it is, or with another Strategy or Tactic): the
 * chance that the enemies next to it leave the field by its attacks (or
 * target, or the nearest, when none is), less the chance that it leaves
 * by theirs; the parts of HP they lose weigh a little. Above 0 it gains.
 */
static double
turn_value(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *r, const struct bt_unit *target, bool now)
{
	struct blow b[KM_BLOWS];
	double gain = 0, loss, dealt = 0, taken, part;
	bool any = false;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];
		struct bt_rect re;
		int mine, theirs;

		if (!km_on_field(e) || !km_hostile(u, e) || e->hp == 0)
			continue;
		re = km_rect(e);
		if (bt_rect_distance(r, &re) != 1)
			continue;
		penalties(st, u, r, e, &mine, &theirs);
		b[0] = (struct blow){ u, false, mine, 1 };
		gain += fate(st, e, b, 1, &part);
		dealt += part;
		any = true;
	}
	if (!any) {
		if (target == NULL)
			nearest(st, u, r, &target);
		if (target != NULL) {
			b[0] = (struct blow){ u, shooter(u), 0, reach(st, u, r,
			    target) };
			gain = fate(st, target, b, 1, &dealt);
		}
	}
	loss = fate(st, u, b, threats(st, u, r, now, b), &taken);
	return gain - loss + 0.2 * (dealt - taken);
}

/*
 * Above this an army seeks the melee; below, it keeps out of it. From
 * round 10 on it takes worse odds each turn, so that two armies that
 * keep away from each other come to blows before the ceasefire.
 */
static double
fight_bar(const struct bt_state *st)
{
	return -0.3 - (st->round > 10 ? 0.1 * (st->round - 10) : 0);
}

/* A melee of u and e alone, as turn_value weighs a turn. */
static double
duel(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_unit *e)
{
	struct blow mine = { u, false, 0, 1 }, theirs = { e, false, 0, 1 };
	double a, b, s;

	s = fate(st, e, &mine, 1, &a) - fate(st, u, &theirs, 1, &b);
	return s + 0.2 * (a - b);
}

/*
 * The enemy u does best against in a melee of the two, with the army as
 * it stands: what it advances on. Nearer first among equals.
 */
static const struct bt_unit *
best_target(const struct bt_state *st, const struct bt_unit *u, double *score)
{
	const struct bt_unit *best = NULL;
	double bs = 0;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];
		double s;

		if (!km_on_field(e) || !km_hostile(u, e) || e->hp == 0)
			continue;
		s = duel(st, u, e) - 0.01 * distance(u, e);
		if (best == NULL || s > bs) {
			best = e;
			bs = s;
		}
	}
	*score = bs;
	return best;
}

/*
 * KM-3: the Tactic or Strategy that gives the best exchange where the
 * army stands, if better than what it has.
 */
static int
general_command(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_options *o)
{
	struct bt_rect here = km_rect(u);
	const struct bt_unit *target = NULL;
	double now, best;
	int pick = -1;

	target = best_target(st, u, &now);
	now = turn_value(st, u, &here, target, false);
	best = now + 0.001;	/* a change must pay */
	for (size_t k = 0; k < o->n; k++) {
		const struct bt_option *op = &o->v[k];
		struct bt_unit v = *u;
		const char *w = act_word(o, op);
		double s;

		if (!of_army(op, u->id))
			continue;
		if (is_act(o, op, "strategy")) {
			v.strategy = bt_word_index(km_track_words, w + 9);
			/* the defensive steps cost more damage than
			 * the one turn weighed saves: a battle is won
			 * by breaking the enemy */
			if (v.strategy < KM_STANDARD)
				continue;
		} else if (is_act(o, op, "tactic"))
			v.tactic = (char *)(w + 7);
		else
			continue;
		if ((s = turn_value(st, &v, &here, target, false)) > best) {
			best = s;
			pick = (int)k;
		}
	}
	return pick;
}

/*
 * KM-8: within this many squares of a friendly army a melee army ends its
 * move if it can, so that an enemy that comes to one of them meets both
 * and the side's force is not spent an army at a time.
 */
#define KM_TOGETHER	3
#define KM_TOGETHER_WORTH 3.0	/* about three squares nearer its target */

static bool
together(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *r)
{
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *f = &st->units[i];
		struct bt_rect rf;

		if (f == u || !km_on_field(f) || km_hostile(u, f))
			continue;
		rf = km_rect(f);
		if (bt_rect_distance(r, &rf) <= KM_TOGETHER)
			return true;
	}
	return false;
}

/*
 * KM-2: what the army at r is worth, alone: next to the enemy it fights
 * (target, or NULL when it keeps out of the melee), the exchange, else
 * nearer to it; a shooter in range, as far as it may; out of reach, else.
 */
static double
place_alone(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *r, const struct bt_unit *target)
{
	int d = nearest(st, u, r, NULL);

	if (target != NULL) {
		struct bt_rect rt = km_rect(target);
		int dt = bt_rect_distance(r, &rt);

		double v = turn_value(st, u, r, target, false);

		if (dt == 1)
			return 10 + v;
		/* next to another enemy only when that pays too */
		if (d == 1)
			return v > fight_bar(st) ? 10 + v : -100;
		return -dt + 0.5 * v;
	}
	if (shooter(u))
		return (d == 1 ? -100 : d <= u->range ? 50 + d : -d) +
		    turn_value(st, u, r, NULL, false);
	return (d > 8 ? 8 : d) + turn_value(st, u, r, NULL, false);
}

/* KM-2, KM-8: what the army at r is worth; a melee army more near a
 * friend (together()). */
static double
place(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_rect *r, const struct bt_unit *target)
{
	double v = place_alone(st, u, r, target);

	return shooter(u) || !together(st, u, r) ? v : v + KM_TOGETHER_WORTH;
}

/* KM-2: where the army goes, by what it is worth there; -1: it stays. */
static int
general_move(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_options *o)
{
	struct bt_rect here = km_rect(u);
	const struct bt_unit *target;
	double fight, best;
	int pick = -1;

	target = best_target(st, u, &fight);
	if (shooter(u) || fight <= fight_bar(st))
		target = NULL;
	best = place(st, u, &here, target) + 0.001;	/* a move must pay */
	for (size_t k = 0; k < o->n; k++) {
		const struct bt_option *op = &o->v[k];
		struct bt_rect r;
		double s;

		if (!of_army(op, u->id) || op->kind != BT_OPT_MOVE ||
		    is_disengage(o, op))
			continue;
		r = km_rect_at(u, op->x, op->y);
		if ((s = place(st, u, &r, target)) > best) {
			best = s;
			pick = (int)k;
		}
	}
	return pick;
}

static int
general_maneuver(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_options *o)
{
	struct bt_rect here = km_rect(u);
	int pick;

	if ((pick = general_command(st, u, o)) >= 0)
		return pick;
	if (u->engaged.n > 0) {
		/* KM-4: a melee it is losing, it leaves */
		if (turn_value(st, u, &here, NULL, true) < fight_bar(st) &&
		    (pick = find_act(o, u->id, "stand")) >= 0) {
			for (size_t k = 0; k < o->n; k++)
				if (of_army(&o->v[k], u->id) &&
				    is_disengage(o, &o->v[k]))
					return (int)k;
		}
		return find_act(o, u->id, "stand");
	}
	if ((pick = general_move(st, u, o)) >= 0)
		return pick;
	return find_act(o, u->id, "stand");
}

/*
 * KM-5: the shot likeliest to drive its target from the field, with the
 * shots already ordered at it this phase (their average): fire gathers
 * on an army about to break.
 */
static int
general_shot(const struct bt_state *st, const struct bt_options *o)
{
	double best = -1;
	int pick = -1;

	for (size_t k = 0; k < o->n; k++) {
		const struct bt_option *op = &o->v[k];
		struct blow b[KM_BLOWS];
		const struct bt_unit *t;
		size_t n = 0;
		double s, part;

		if (op->kind != BT_OPT_SHOOT ||
		    (t = bt_unit_find(st, op->target)) == NULL)
			continue;
		b[n++] = (struct blow){ bt_unit_find(st, op->unit), true, 0, 1 };
		for (size_t i = 0; i < st->nunits && n < KM_BLOWS; i++) {
			const struct bt_unit *a = &st->units[i];

			if (a->km.present && a->km.shoot != NULL &&
			    strcmp(a->km.shoot, t->id) == 0)
				b[n++] = (struct blow){ a, true, 0, 1 };
		}
		s = fate(st, t, b, n, &part) + 0.2 * part;
		if (s > best) {
			best = s;
			pick = (int)k;
		}
	}
	return pick;
}

/* KM-6: an army next to enemies it would lose to tries to avoid them. */
static int
general_avoid(const struct bt_state *st, const struct bt_options *o)
{
	for (size_t k = 0; k < o->n; k++) {
		const struct bt_option *op = &o->v[k];
		const struct bt_unit *u;
		struct bt_rect here;

		if (!is_act(o, op, "avoid-melee") ||
		    (u = bt_unit_find(st, op->unit)) == NULL)
			continue;
		here = km_rect(u);
		if (shooter(u) || turn_value(st, u, &here, NULL, true) <
		    fight_bar(st))
			return (int)k;
	}
	return -1;
}

/*
 * KM-13: is side ahead, with more HP on the field than its enemies? An
 * army that is ahead fights on past KM_AUTO_CEASEFIRE: the battle is its
 * to win, and the enemy's ceasefire would make it a draw.
 */
static bool
ahead(const struct bt_state *st, const char *side)
{
	int mine = 0, theirs = 0;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (!km_on_field(u))
			continue;
		if (strcmp(u->side, side) == 0)
			mine += u->hp;
		else
			theirs += u->hp;
	}
	return mine > theirs;
}

static size_t
general_choose(const struct bt_state *st, const char *side,
    const struct bt_options *o, struct bt_rng *rng)
{
	const char *army = first_army(o);
	const struct bt_unit *u;
	int pick = -1;

	(void)rng;
	if (st->round >= KM_AUTO_CEASEFIRE && !ahead(st, side) &&
	    (pick = find_act(o, NULL, "ceasefire")) >= 0)
		return (size_t)pick;
	if (st->phase == KM_MANEUVER && army != NULL &&
	    (u = bt_unit_find(st, army)) != NULL)
		pick = general_maneuver(st, u, o);
	else if (st->phase == KM_RANGED)
		pick = general_shot(st, o);
	else if (st->phase == KM_MELEE)
		pick = general_avoid(st, o);
	if (pick < 0)
		pick = find_kind(o, BT_OPT_END);
	return pick < 0 ? 0 : (size_t)pick;
}

const struct bt_policy km_general = {
	"general", "the Strategy and Tactic by the odds of the exchange, every "
	"shot, no melee it would lose", general_choose
};
