/*
 * clash-auto.c: clash's commanders (bt-auto(1), "clash"). Each scores the
 * orders clash-options.c lists, from the state alone; none decides what
 * is legal. simple marches on the nearest enemy and strikes what is next
 * to it; general weighs where its stands end: next to enemies they can
 * strike, on the squares the objectives score, near the units the
 * objectives name, and it fills the gaps its casualties leave.
 */
#include <stdlib.h>
#include <string.h>

#include "clash.h"

/* Weights of general's look at a position: a stand that can strike is
 * worth a few squares of marching, a held objective square its VP. */
#define W_STRIKE	10	/* a stand next to an enemy, its attack to come */
#define W_CONTACT	3	/* next to one, its attack made */
#define W_HOLD		4	/* an objective's square held or denied, a VP */
#define W_TARGET	2	/* next to a unit to destroy, a VP */

/* The stand a move's line names, or SIZE_MAX for the unit as a block
 * (a solo's move names the solo: its one stand). */
static size_t
move_stand(const struct bt_options *o, const struct bt_option *op,
    const struct bt_unit *u)
{
	const char *name = bt_option_line(o, op) + strlen("bt-move ");
	size_t l = strlen(u->id);

	if (u->solo)
		return 0;
	if (strncmp(name, u->id, l) == 0 && name[l] == '.')
		return (size_t)strtoul(name + l + 1, NULL, 10) - 1;
	return SIZE_MAX;
}

/* Where a move puts the stands of u: stand k of u (SIZE_MAX: every one)
 * shifted by (*tx, *ty), the first stand moved ending at the option's
 * square. */
static size_t
move_shift(const struct bt_options *o, const struct bt_option *op,
    const struct bt_unit *u, int *tx, int *ty)
{
	size_t k = move_stand(o, op, u), f = k;

	if (k == SIZE_MAX)
		for (f = 0; f < u->nstands && !u->stands[f].placed; f++)
			;
	*tx = op->x - u->stands[f].x;
	*ty = op->y - u->stands[f].y;
	return k;
}

/* The mean of a damage expression, in tenths. */
static int
mean_damage(const struct bt_dice_expr *d)
{
	return d->count * (d->sides + 1) * 5 + d->bonus * 10;
}

/* Squares from (x, y) to the square of an objective (G-1). */
static int
squares_to(int x, int y, int ox, int oy)
{
	int dx = abs(x - ox), dy = abs(y - oy);

	return dx > dy ? dx : dy;
}

/* Does an objective of u's side name t as a unit to destroy? Its VP. */
static int
destroy_vp(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_unit *t)
{
	int vp = 0;

	for (size_t i = 0; i < st->nobjectives; i++) {
		const struct bt_objective *ob = &st->objectives[i];

		if (ob->kind == CLASH_DESTROY && !ob->scored &&
		    strcmp(ob->side, u->side) == 0 &&
		    strcmp(ob->unit, t->id) == 0)
			vp += ob->vp;
	}
	return vp;
}

/* Is the stand at (x, y) next to a stand of t? */
static bool
next_to_unit(const struct bt_unit *t, int x, int y)
{
	for (size_t j = 0; j < t->nstands; j++)
		if (t->stands[j].placed && clash_next_to(x, y, t->stands[j].x,
		    t->stands[j].y))
			return true;
	return false;
}

/*
 * general's look at u with stand k (SIZE_MAX: all) shifted by (tx, ty):
 * each stand next to an enemy it can still strike, or else nearer one;
 * each objective square a stand of it holds or keeps the enemy from
 * (hold, CL-12), or the squares still to it; stands next to a unit the
 * side is to destroy. Higher is better.
 */
static int
position(const struct bt_state *st, const struct bt_unit *u, size_t k,
    int tx, int ty)
{
	bool strikes = !(u->status & BT_ST_BROKEN) && !u->retreat;
	int v = 0;

	for (size_t j = 0; j < u->nstands; j++) {
		const struct bt_stand *s = &u->stands[j];
		bool moves = k == SIZE_MAX || k == j;
		int x, y, d;

		if (!s->placed)
			continue;
		x = s->x + (moves ? tx : 0);
		y = s->y + (moves ? ty : 0);
		d = clash_enemy_distance(st, u, x, y);
		if (d == 1)
			v += strikes && !s->attacked ? W_STRIKE : W_CONTACT;
		else if (d > 1)
			v -= d;
		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *t = &st->units[i];
			int vp;

			if (clash_enemies(u, t) && clash_in_battle(t) &&
			    (vp = destroy_vp(st, u, t)) > 0 &&
			    next_to_unit(t, x, y))
				v += W_TARGET * vp;
		}
	}
	for (size_t i = 0; i < st->nobjectives; i++) {
		const struct bt_objective *ob = &st->objectives[i];
		int best = -1;

		if (ob->kind != CLASH_HOLD)
			continue;
		for (size_t j = 0; j < u->nstands; j++) {
			const struct bt_stand *s = &u->stands[j];
			bool moves = k == SIZE_MAX || k == j;
			int d;

			if (!s->placed || s->hp == 0)
				continue;
			d = squares_to(s->x + (moves ? tx : 0),
			    s->y + (moves ? ty : 0), ob->x, ob->y);
			if (best < 0 || d < best)
				best = d;
		}
		/* its own objective held, or the enemy's denied (CL-12) */
		if (best >= 0 && !(u->status & BT_ST_BROKEN))
			v += best <= 1 ? W_HOLD * ob->vp : -best;
	}
	return v;
}

/* Does the escape objective of u's side take u over the edge of (x, y)? */
static bool
escapes(const struct bt_state *st, const struct bt_unit *u, int x, int y)
{
	const char *edge = y < 0 ? "n" : x >= st->map.width ? "e" :
	    y >= st->map.height ? "s" : "w";

	for (size_t i = 0; i < st->nobjectives; i++) {
		const struct bt_objective *ob = &st->objectives[i];

		if (ob->kind == CLASH_ESCAPE && !ob->scored &&
		    strcmp(ob->side, u->side) == 0 &&
		    strcmp(ob->unit, u->id) == 0 && strcmp(ob->edge, edge) == 0)
			return true;
	}
	return false;
}

/*
 * What an attack is worth to general, in tenths of HP: the mean damage
 * times the chance to hit, more for a stand it may well take down, or
 * a unit an objective is to destroy; little for a casualty already,
 * which leaves at the round's end anyway (CL-4, CL-5).
 */
static int
attack_worth(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_option *op)
{
	size_t j;
	const struct bt_unit *t = clash_at(st, op->x, op->y, &j);
	int dmg = mean_damage(&u->dmg), hit = 21 - op->need, v;

	if (t == NULL)
		return 0;
	v = dmg * hit / 20;
	if (t->stands[j].hp == 0 && !t->solo)
		return v / 5;
	if (dmg >= t->stands[j].hp * 10)
		v += 50 * hit / 20;	/* likely a casualty */
	return v + v * destroy_vp(st, u, t) / 10;
}

/* The fills of an end's line. */
static int
fills(const struct bt_options *o, const struct bt_option *op)
{
	int n = 0;

	for (const char *s = bt_option_line(o, op); (s = strstr(s,
	    "--fill")) != NULL; s++)
		n++;
	return n;
}

/*
 * general: a rally by hand first (it only rolls now what the unit's turn
 * would roll, CL-11); a solo joins the unit next to it (its Wisdom for
 * morale, CL-8); then the attack worth most; then the move that leaves
 * its stands best placed (position), if any is better than where they
 * stand, the cheaper of equals; else the end of the turn with the most
 * gaps filled (CL-6). It never leaves the map but by an escape
 * objective's edge, and takes no Retreat action: the rules retreat a
 * broken unit themselves (CL-9).
 */
static size_t
choose_general(const struct bt_state *st, const char *side,
    const struct bt_options *o, struct bt_rng *rng)
{
	const struct bt_unit *u = bt_unit_find(st, st->active);
	size_t best = SIZE_MAX, end = SIZE_MAX;
	long top = 0;
	int now = position(st, u, SIZE_MAX, 0, 0);

	(void)side;
	(void)rng;
	for (size_t i = 0; i < o->n; i++) {
		const struct bt_option *op = &o->v[i];
		int w;

		if (op->kind == BT_OPT_MORALE)
			return i;
		if (op->kind == BT_OPT_ACT && op->target != NULL)
			return i;
		if (op->kind == BT_OPT_ATTACK &&
		    (w = attack_worth(st, u, op)) > 0 &&
		    (best == SIZE_MAX || w > top)) {
			best = i;
			top = w;
		}
		if (op->kind == BT_OPT_END &&
		    (end == SIZE_MAX || fills(o, op) > fills(o, &o->v[end])))
			end = i;
	}
	if (best != SIZE_MAX)
		return best;
	for (size_t i = 0; i < o->n; i++) {
		const struct bt_option *op = &o->v[i];
		long v;
		size_t k;
		int tx, ty;

		if (op->kind != BT_OPT_MOVE)
			continue;
		k = move_shift(o, op, u, &tx, &ty);
		if (!bt_on_map(&st->map, op->x, op->y))
			v = escapes(st, u, op->x, op->y) ? 100000L : -100000L;
		else
			v = 1000L * (position(st, u, k, tx, ty) - now) -
			    op->cost;
		if (v > 0 && (best == SIZE_MAX || v > top)) {
			best = i;
			top = v;
		}
	}
	return best != SIZE_MAX ? best : end != SIZE_MAX ? end : 0;
}

static const struct bt_policy clash_general = {
	"general", "moves blocks in formation onto enemies and objectives, "
	"strikes the best target, fills gaps", choose_general
};

/* The squares from u's stands, one shifted so, to the nearest enemy. */
static int
nearest(const struct bt_state *st, const struct bt_unit *u, size_t k,
    int tx, int ty)
{
	int best = -1;

	for (size_t j = 0; j < u->nstands; j++) {
		const struct bt_stand *s = &u->stands[j];
		bool moves = k == SIZE_MAX || k == j;
		int d;

		if (!s->placed)
			continue;
		d = clash_enemy_distance(st, u, s->x + (moves ? tx : 0),
		    s->y + (moves ? ty : 0));
		if (d >= 0 && (best < 0 || d < best))
			best = d;
	}
	return best;
}

/*
 * simple: every attack it can make, the likeliest to hit first; then the
 * move of the whole unit (a solo's, a lone stand's) that takes it
 * nearest an enemy, the cheapest of equals, while it gets nearer; then
 * the end of its turn, with no fill.
 */
static size_t
choose_simple(const struct bt_state *st, const char *side,
    const struct bt_options *o, struct bt_rng *rng)
{
	const struct bt_unit *u = bt_unit_find(st, st->active);
	size_t best = SIZE_MAX, end = SIZE_MAX;
	int now = nearest(st, u, SIZE_MAX, 0, 0), top = 0;

	(void)side;
	(void)rng;
	for (size_t i = 0; i < o->n; i++)
		if (o->v[i].kind == BT_OPT_ATTACK && (best == SIZE_MAX ||
		    o->v[i].need < o->v[best].need))
			best = i;
		else if (o->v[i].kind == BT_OPT_END && end == SIZE_MAX)
			end = i;
	if (best != SIZE_MAX)
		return best;
	for (size_t i = 0; i < o->n; i++) {
		const struct bt_option *op = &o->v[i];
		size_t k;
		int tx, ty, d;

		if (op->kind != BT_OPT_MOVE ||
		    !bt_on_map(&st->map, op->x, op->y))
			continue;
		k = move_shift(o, op, u, &tx, &ty);
		if ((k != SIZE_MAX && !u->solo && clash_placed(u) > 1) ||
		    (d = nearest(st, u, k, tx, ty)) < 0 || d >= now)
			continue;
		if (best == SIZE_MAX || d < top ||
		    (d == top && op->cost < o->v[best].cost)) {
			best = i;
			top = d;
		}
	}
	return best != SIZE_MAX ? best : end != SIZE_MAX ? end : 0;
}

static const struct bt_policy clash_simple = {
	"simple", "marches on the nearest enemy and strikes what is next to "
	"it", choose_simple
};

const struct bt_policy *const clash_policies[] = {
	&bt_policy_random, &clash_simple, &clash_general, NULL
};
