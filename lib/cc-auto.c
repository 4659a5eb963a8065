/*
 * cc-auto.c: cc's commanders, simple and general (bt-auto(1)). Each
 * scores the options cc_options listed for the active unit and picks the
 * best, the first of equals; neither decides what is legal, and both
 * decide from the state alone, drawing nothing from the generator, so
 * the same state always gets the same order.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"

/* The unit whose order it is, the one every option is for. */
static const struct bt_unit *
active(const struct bt_state *st)
{
	return st->active != NULL ? bt_unit_find(st, st->active) : NULL;
}

/* Is a move's end a quarter turn from u's facing? Facings are 0 to 3:
 * their sum's parity, taken unsigned (no sign to correct). */
static inline bool
quarter_of(const struct bt_unit *u, const struct bt_option *op)
{
	return (unsigned)(op->facing + u->facing) % 2 == 1;
}

/* me, a copy of u, as u would stand at a move's end: w and h swap with a
 * quarter turn. A copy, the state is never changed to weigh an option;
 * one for all the moves of a listing, of which only the pose changes. */
static void
at_end(struct bt_unit *me, const struct bt_unit *u, const struct bt_option *op)
{
	bool quarter = quarter_of(u, op);

	me->x = op->x;
	me->y = op->y;
	me->facing = op->facing;
	me->w = quarter ? u->h : u->w;
	me->h = quarter ? u->w : u->h;
}

/*
 * The active unit's enemies in the battle, in the order of the units,
 * with their footprints and how far they move: gathered once an order,
 * as the policies weigh each of the dozens of moves listed against
 * every enemy (a move's end is the same unit elsewhere, with the same
 * enemies), and the state does not change while they weigh.
 */
struct foe {
	const struct bt_unit *e;
	struct bt_rect	 r;
	int		 off;		/* BROKEN_OFF if broken, else 0 (nearest) */
	struct bt_rect	 front[4];	/* what it strikes (cc_front_strips),
					 * made when first asked (foe_front) */
	int		 nfront;		/* -1: not made yet */
	int		 reach;		/* squares it may move (CC-8, CC-4) */
	struct cc_attacker melee, shot;	/* its attacks' odds from there, made
					 * when first asked */
	int		 shot_ft;	/* its shot's reach (cc_shot_range) */
	bool		 have_shot;	/* shot made yet (foe_shot) */
	/* general (foe_hit, foe_strike): what its melee on the unit is
	 * worth, and the unit's on it, [1] on the flank or rear (CC-18),
	 * [0] not: the rest of the odds is the same wherever the unit
	 * stands; each made the first time a place asks it (a bit of
	 * have_hit, have_strike each), most places asking one of the two */
	double		 hit[2], strike[2];
	bool		 have_melee;	/* melee made yet (foe_hit) */
	bool		 have_most;
	double		 most;		/* the better strike (attack_most) */
	unsigned char	 have_hit, have_strike;
};

/* No allocation in a turn (issue 15): the foes of a battle of up to
 * FOES_HERE units are kept in the list itself, on the policy's stack;
 * only a bigger one allocates. */
#define FOES_HERE	32

/* What nearest adds to a broken foe's distance, 0 to another's, so that
 * the least of the sums is the nearest unbroken one's where there is
 * one. */
#define BROKEN_OFF	(1 << 24)	/* above any distance on a board */

/* The foes a mask of them holds (attack_most), a bit each by their index
 * in the list: the first NEAR_BITS. */
#define NEAR_BITS	(sizeof(unsigned) * CHAR_BIT)

struct foes {
	struct foe	*v;
	int		*dist;		/* each foe's squares from the place
					 * last weighed (nearest), as v; below
					 * 0 where the two share squares, which
					 * every use takes as 0: each compares
					 * it with a bound >= 0 (1, a speed's
					 * steps, a range: CC-8, CC-20) */
	size_t		 n;
	const struct bt_unit *u;	/* whose foes */
	bool		 have_mine;
	struct cc_attacker mine;	/* the unit's melee, from anywhere:
					 * with the strikes (foe_strike) */
	int		 my_shot_ft;	/* its shot's reach, from anywhere */
	int		 closest;	/* the least dist, from the place last
					 * weighed */
	struct bt_rect	 at;		/* the footprint the dist are from */
	/* the least rectangles about all the foes and about those nearest
	 * asks first (the unbroken ones, or all if none is): no place is
	 * nearer them than its closest foe and its nearest (hopeless) */
	struct bt_rect	 span, span_near;
	bool		 apart;		/* span_near is not span */
	struct foe	 here[FOES_HERE];
	int		 dist_here[FOES_HERE];
};

/* Does r meet one of the n rectangles of s? */
static bool
meets(const struct bt_rect *s, int n, const struct bt_rect *r)
{
	for (int k = 0; k < n; k++)
		if (cc_meet(&s[k], r))
			return true;
	return false;
}

static void
foes_of(const struct bt_state *st, const struct bt_unit *u, struct foes *f)
{
	bool here = st->nunits <= FOES_HERE;

	f->v = here ? f->here : bt_xreallocarray(NULL, st->nunits,
	    sizeof(*f->v));
	f->dist = here ? f->dist_here : bt_xreallocarray(NULL, st->nunits,
	    sizeof(*f->dist));
	f->n = 0;
	f->u = u;
	f->at.x0 = 0, f->at.x1 = -1;	/* none: no footprint is empty */
	f->have_mine = false;
	f->my_shot_ft = u->ranged.present ? cc_shot_range(st, u) : 0;
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];
		struct foe *fo;

		if (!cc_in_battle(e) || !cc_enemies(u, e))
			continue;
		fo = &f->v[f->n];
		fo->e = e;
		fo->r = cc_rect(e);
		fo->off = (e->status & BT_ST_BROKEN) ? BROKEN_OFF : 0;
		fo->nfront = -1;
		fo->reach = cc_speed(st, e) / CC_STEP;
		fo->shot_ft = e->ranged.present ? cc_shot_range(st, e) : 0;
		fo->have_shot = false;
		fo->have_melee = fo->have_most = false;
		fo->have_hit = fo->have_strike = 0;
		f->n++;
	}
}

static void
foes_free(struct foes *f)
{
	if (f->v != f->here)
		free(f->v);
	if (f->dist != f->dist_here)
		free(f->dist);
}

/* The foe's shot's odds, made the first time a place asks: the shot's
 * circumstances scan the battle (cc_in_contact), and most foes are never
 * near enough to shoot at any place weighed. */
static const struct cc_attacker *
foe_shot(const struct bt_state *st, struct foe *fo)
{
	if (!fo->have_shot)
		cc_attacker_of(st, fo->e, true, &fo->shot);
	fo->have_shot = true;
	return &fo->shot;
}

/* The greater of a and b, in a form the compiler makes without a
 * branch. */
static inline int
max_of(int a, int b)
{
	return a > b ? a : b;
}

static inline int
min_of(int a, int b)
{
	return a < b ? a : b;
}

/* The squares between b and r (G-1, bt_rect_distance, inline), below 0
 * where they share squares. The squares a0..a1 are max(0, b0 - a1, a0 -
 * b1) from b0..b1: of two well-made spans one of the two is <= 0, the
 * other the gap if there is one; taken without a branch, as most places
 * have a few foes each way about them. */
static inline __attribute__((always_inline)) int
squares(const struct bt_rect *b, const struct bt_rect *r)
{
	return max_of(max_of(b->x0 - r->x1, r->x0 - b->x1),
	    max_of(b->y0 - r->y1, r->y0 - b->y1));
}

/*
 * The nearest unbroken enemy's distance in squares (broken ones, when
 * no other is left), or -1; measured from me. It measures each enemy's
 * distance from me and the least, for best_attack and danger_at to
 * share (squares: each of the dozens of places an order weighs is
 * measured against every enemy, a call a distance). The 0 is taken of
 * the least alone, not of each foe's (max(0, x) of the least of the x
 * is the least of the max(0, x)): the dist kept below 0 are as good as
 * 0 where they are asked, and a broken foe's sum stays above BROKEN_OFF
 * / 2, a distance below 0 being no more than a board across. Inline: the call and its saving
 * of registers were a tenth of its work.
 */
static inline __attribute__((always_inline)) int
nearest_to(struct foes *f, struct bt_rect r)
{
	int closest = INT_MAX, key = INT_MAX, d;

	for (size_t i = 0; i < f->n; i++) {
		d = squares(&f->v[i].r, &r);
		f->dist[i] = d;
		closest = min_of(closest, d);
		key = min_of(key, d + f->v[i].off);
	}
	d = key >= BROKEN_OFF / 2 ? key - BROKEN_OFF : key;
	f->at = r;
	if (f->n == 0) {
		f->closest = -1;
		return -1;
	}
	f->closest = max_of(closest, 0);
	return max_of(d, 0);
}

static inline __attribute__((always_inline)) int
nearest(struct foes *f, const struct bt_unit *me)
{
	return nearest_to(f, cc_rect(me));
}

/* a made the least rectangle about a and r; none, x0 > x1, is about
 * nothing. */
static void
span_add(struct bt_rect *a, const struct bt_rect *r)
{
	if (r->x0 > r->x1)
		return;
	if (a->x0 > a->x1) {
		*a = *r;
		return;
	}
	a->x0 = min_of(a->x0, r->x0);
	a->y0 = min_of(a->y0, r->y0);
	a->x1 = max_of(a->x1, r->x1);
	a->y1 = max_of(a->y1, r->y1);
}

/* The least rectangle about the foes that are broken, or those that are
 * not; none if there is no such foe. */
static struct bt_rect
span_of(const struct foes *f, bool broken)
{
	struct bt_rect a = { 0, 0, -1, -1 };

	for (size_t i = 0; i < f->n; i++)
		if ((f->v[i].off != 0) == broken)
			span_add(&a, &f->v[i].r);
	return a;
}

/* f's spans (hopeless), for a listing with moves. */
static void
spans_of(struct foes *f)
{
	struct bt_rect up = span_of(f, false), down = span_of(f, true);

	f->span = up;
	span_add(&f->span, &down);
	f->span_near = up.x0 <= up.x1 ? up : down;
	f->apart = up.x0 <= up.x1 && down.x0 <= down.x1;
}

/* --- simple: advance on the nearest enemy, attack what is in reach --- */

/* Does me's front touch a foe (cc_front_touches)? Its strips made once
 * for all the foes. */
static bool
front_on(const struct foes *f, const struct bt_unit *me)
{
	struct bt_rect front[4];
	int nfront = cc_front_strips(me, front);

	for (size_t i = 0; i < f->n; i++)
		if (meets(front, nfront, &f->v[i].r))
			return true;
	return false;
}

/* A place's front strips (cc_front_strips), made when first asked, for
 * front_near and best_attack to share. */
struct fronts {
	struct bt_rect	 s[4];
	int		 n;		/* -1: not made yet */
};

/* How many strips fr holds, of me, made if they are not yet. */
static int
fronts_made(const struct bt_unit *me, struct fronts *fr)
{
	if (fr->n < 0)
		fr->n = cc_front_strips(me, fr->s);
	return fr->n;
}

/* front_on of me, near the foes a square from its footprint (attack_most):
 * those its strips fr, a square from it, may meet; all of them for more
 * foes than a mask holds. */
static bool
front_near(const struct foes *f, unsigned near, const struct bt_unit *me,
    struct fronts *fr)
{
	int nfront;

	if (f->n > NEAR_BITS)
		return front_on(f, me);
	nfront = fronts_made(me, fr);
	for (size_t i = 0; near != 0; i++, near >>= 1)
		if ((near & 1) && meets(fr->s, nfront, &f->v[i].r))
			return true;
	return false;
}

/* Does a's front touch an enemy of its own (front_on, without the
 * foes' odds)? */
static bool
front_on_enemy(const struct bt_state *st, const struct bt_unit *a)
{
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];

		if (cc_in_battle(e) && cc_enemies(a, e) &&
		    cc_front_touches(a, e))
			return true;
	}
	return false;
}

static size_t
choose_simple(const struct bt_state *st, const char *side,
    const struct bt_options *o, struct bt_rng *rng)
{
	const struct bt_unit *u = active(st);
	size_t pick = 0, end = 0;
	int best = -1, here;
	struct foes f;
	struct bt_unit me;

	(void)side;
	(void)rng;
	if (u == NULL)
		return 0;
	/* the melee attack with the best odds, else the best shot */
	for (int kind = BT_OPT_ATTACK; kind <= BT_OPT_SHOOT; kind++) {
		for (size_t i = 0; i < o->n; i++)
			if ((int)o->v[i].kind == kind &&
			    (best < 0 || o->v[i].need < best))
				best = o->v[i].need, pick = i;
		if (best >= 0)
			return pick;
	}
	for (size_t i = 0; i < o->n; i++) {
		if (o->v[i].kind == BT_OPT_MORALE &&
		    (u->status & BT_ST_BROKEN))
			return i;
		if (o->v[i].kind == BT_OPT_END)
			end = i;
	}
	if (st->turn.acted)
		return end;
	/* the move that ends nearest an enemy, facing one if it can, the
	 * cheapest of those; none that goes no nearer */
	foes_of(st, u, &f);
	here = nearest(&f, u);
	best = -1;
	pick = end;
	me = *u;
	for (size_t i = 0; i < o->n; i++) {
		int score;

		if (o->v[i].kind != BT_OPT_MOVE)
			continue;
		at_end(&me, u, &o->v[i]);
		score = (front_on(&f, &me) ? 0 : 1 << 20) +
		    nearest(&f, &me) * 1024 + o->v[i].cost / 50;
		if ((best < 0 || score < best) &&
		    (front_on(&f, &me) || nearest(&f, &me) < here))
			best = score, pick = i;
	}
	foes_free(&f);
	return pick;
}

const struct bt_policy cc_simple = {
	"simple", "advance on the nearest enemy, attack what is in reach",
	choose_simple
};

/*
 * --- general ---
 * It weighs everything in HP: an attack by the HP it takes on average (a
 * unit it would break or destroy worth more), a place by the attack it
 * gives less the danger it stands in, and an approach by the squares it
 * closes. The weights were chosen among others over seeds 1 to 60 of
 * examples/cc-field.yaml against simple and seeds 1 to 40 against itself
 * (examples/cc-battle.sh), for the most wins against simple among those
 * whose battles end before the round limit.
 */
#define W_MELEE_DANGER	0.05	/* of the danger a melee unit stands in */
#define W_SHOT_DANGER	0.5	/* ... and one that shoots */
#define W_COMING	0.1	/* of the melee of an enemy that can come */
#define W_APPROACH	1.5	/* a square nearer the enemy (or its range) */
#define W_PROVOKE	0.3	/* a move that sets off a reaction */
#define W_READY_SHOT	0.09	/* of its damage, for a Ready */
#define W_READY_MELEE	0.06

/* The chance a d20 needing need hits, with advantage adv. */
static double
chance(int need, int adv)
{
	double p = (21 - need) / 20.0;

	if (adv > 0)
		return 1 - (1 - p) * (1 - p);
	if (adv < 0)
		return p * p;
	return p;
}

/* What a hit of dmg on t is worth: its HP, more when it breaks or
 * destroys it (CC-27), which is what wins (CC-1); less on a unit broken
 * already, which counts for its side no more. */
static double
worth(const struct bt_unit *t, int dmg)
{
	if (t->status & BT_ST_BROKEN)
		return 0.5 * dmg;
	if (t->hp - dmg <= 0)
		return t->hp + 2.0 + t->max_hp / 4.0;
	return dmg;
}

/* a's attack on t, as a standing at its place now (af: of a there, for
 * that attack): the HP it is worth on average. */
static double
expect(const struct bt_state *st, const struct bt_unit *a,
    const struct cc_attacker *af, const struct bt_unit *t, bool ranged)
{
	int need, adv, dmg = ranged ? a->ranged.damage : a->damage;

	cc_attack_odds_from(st, a, af, t, ranged, &need, &adv);
	return chance(need, adv) * worth(t, dmg);
}

/* expect of a melee attack, whether it is on t's flank or rear given. */
static double
melee_worth(const struct bt_state *st, const struct bt_unit *a,
    const struct cc_attacker *af, const struct bt_unit *t, bool flank)
{
	int need, adv;

	cc_melee_odds(st, a, af, t, flank, &need, &adv);
	return chance(need, adv) * worth(t, a->damage);
}

/* A foe's front strips (cc_front_strips), made the first time a place
 * a square from it asks. */
static const struct bt_rect *
foe_front(struct foe *fo)
{
	if (fo->nfront < 0)
		fo->nfront = cc_front_strips(fo->e, fo->front);
	return fo->front;
}

/* Does r meet a front strip of the foe? */
static bool
foe_meets(struct foe *fo, const struct bt_rect *r)
{
	const struct bt_rect *front = foe_front(fo);

	return meets(front, fo->nfront, r);
}

/* A foe's melee on the unit, for the general, and the unit's on it: of
 * the unit where it stands, as its copies at the ends of its moves are
 * the unit but for their place. Made for the foes a place asks of,
 * most being too far from every place weighed. */
static double
foe_hit(const struct bt_state *st, const struct foes *f, struct foe *fo,
    bool flank)
{
	if (!fo->have_melee)
		cc_attacker_of(st, fo->e, false, &fo->melee);
	fo->have_melee = true;
	if (!(fo->have_hit >> flank & 1))
		fo->hit[flank] = melee_worth(st, fo->e, &fo->melee, f->u,
		    flank);
	fo->have_hit |= (unsigned char)(1u << flank);
	return fo->hit[flank];
}

/* The unit's melee's odds from anywhere (f->mine), made when first
 * asked. */
static const struct cc_attacker *
mine(const struct bt_state *st, struct foes *f)
{
	if (!f->have_mine)
		cc_attacker_of(st, f->u, false, &f->mine);
	f->have_mine = true;
	return &f->mine;
}

static double
foe_strike(const struct bt_state *st, struct foes *f, struct foe *fo,
    bool flank)
{
	if (!(fo->have_strike >> flank & 1))
		fo->strike[flank] = melee_worth(st, f->u, mine(st, f), fo->e,
		    flank);
	fo->have_strike |= (unsigned char)(1u << flank);
	return fo->strike[flank];
}

/* No foe a square from me, its closest foe closest squares off (f's
 * closest, nearest's, or less), nor in its shot's range: no attack
 * from there, whatever best_attack would measure. */
static bool
out_of_reach(const struct foes *f, const struct bt_unit *me, int closest)
{
	return closest > 1 && (!me->ranged.present ||
	    closest * CC_SQUARE > f->my_shot_ft);
}

/* cc_in_contact of me, from its foes: they are the enemies in the
 * battle; measured from me already (nearest), and none further than a
 * square is adjacent. */
static bool
in_contact(const struct foes *f, const struct bt_unit *me)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->dist[i] <= 1 && cc_adjacent(me, f->v[i].e))
			return true;
	return false;
}

/* The best attack me could make from where it stands, melee or shot;
 * the foes measured from there. */
static double
best_attack(const struct bt_state *st, struct foes *f,
    const struct bt_unit *me, struct fronts *fr)
{
	struct cc_attacker shot;
	struct bt_rect r = cc_rect(me);
	double best = 0, v;
	bool have_shot = false;

	if (out_of_reach(f, me, f->closest))
		return 0;
	for (size_t i = 0; i < f->n; i++) {
		const struct bt_unit *t = f->v[i].e;

		/* me's front strips are a square from it, so a foe
		 * further off meets none */
		if (f->dist[i] <= 1 && meets(fr->s, fronts_made(me, fr),
		    &f->v[i].r) &&
		    (v = foe_strike(st, f, &f->v[i], cc_flank(t,
		    &foe_front(&f->v[i])[0], &r))) > best)
			best = v;
		/* out of range, skipped before the call that asks it;
		 * the rest of cc_shot_reaches is told already: t is an
		 * enemy in the battle (foes_of), my_shot_ft me's reach */
		if (!me->ranged.present ||
		    f->dist[i] * CC_SQUARE > f->my_shot_ft ||
		    !cc_shot_ahead(me, t))
			continue;
		/* the first shot it has from here: whether an enemy is
		 * next to it told by its foes, measured from here */
		if (!have_shot)
			cc_attacker_near(st, me, true, in_contact(f, me),
			    &shot);
		have_shot = true;
		if ((v = expect(st, me, &shot, t, true)) > best)
			best = v;
	}
	return best;
}

/*
 * What the enemies may do to me where it stands before its next turn:
 * the melee of those whose front touches it (with the flank they have
 * on it), a part of the shots of those that can shoot it, and a smaller
 * part of the melee of those near enough to come at it. The foes
 * measured from me already (nearest).
 */
static double
danger_at(const struct bt_state *st, struct foes *f, const struct bt_unit *me)
{
	struct bt_rect r = cc_rect(me), mine = cc_strip(me, me->facing);
	double d = 0;

	for (size_t i = 0; i < f->n; i++) {
		const struct bt_unit *e = f->v[i].e;
		double part;

		if (e->status & BT_ST_BROKEN)
			continue;
		/* all of its melee where its front meets me (its strips
		 * are a square from it: none does further off), else a part
		 * of it where it may come (1 * x is x, in floating point) */
		part = f->dist[i] <= 1 && foe_meets(&f->v[i], &r) ? 1 :
		    f->dist[i] <= f->v[i].reach ? W_COMING : 0;
		if (part > 0)
			d += part * foe_hit(st, f, &f->v[i], cc_flank(me, &mine,
			    &f->v[i].r));
		/* cc_shot_reaches, of which the rest is told: e an
		 * enemy in the battle, shot_ft its reach */
		if (e->ranged.present &&
		    f->dist[i] * CC_SQUARE <= f->v[i].shot_ft &&
		    cc_shot_ahead(e, me))
			d += 0.5 * expect(st, e, foe_shot(st, &f->v[i]), me,
			    true);
	}
	return d;
}

/* Caution counts less as the round limit comes (CC-1): a battle is not
 * won standing. */
static double
late(const struct bt_state *st)
{
	double f;

	if (st->round_limit <= 0)
		return 1;
	f = 1 - (double)st->round / st->round_limit;
	return f > 0 ? f : 0;
}

/* The foes measured from me, if they are not yet (nearest). */
static void
measure(struct foes *f, const struct bt_unit *me)
{
	struct bt_rect r = cc_rect(me);

	if (r.x0 != f->at.x0 || r.y0 != f->at.y0 || r.x1 != f->at.x1 ||
	    r.y1 != f->at.y1)
		nearest(f, me);
}

/*
 * A place for me to end its movement at: the attack it could make from
 * there (none once it has acted), less the danger it stands in (twice
 * for a unit that shoots: it keeps out of contact), less a little for
 * each square between it and the nearest enemy, or, for a unit that
 * shoots, between it and its range. In three steps, as a move's worth
 * is bounded by the first and the last alone (move_worth).
 */
/* ... then the approach, from v, what place_less left. */
static double
place_approach(const struct bt_unit *me, int d, double v, bool acted)
{
	if (d > 0 && me->ranged.present)
		d -= me->ranged.range / CC_SQUARE;
	if (d > 0 && (v <= 0 || acted))
		v -= W_APPROACH * d;
	return v;
}

/*
 * What best_attack could find from me at most, the foes measured from
 * there: the better of a foe's two strikes where it is a square off
 * (best_attack's is one of them, if me's front meets it), what a hit is
 * worth where it is in the shot's range (a shot's worth is chance *
 * worth, a d20's chance at most 1: CC-19, it needs 2 to 20; and it
 * rounds no higher), and 0. Of me's footprint alone, whatever its
 * facing, and of its shot. The foes a square off, the only ones me may
 * strike there, into *near (front_near).
 */
static double
attack_most(const struct bt_state *st, struct foes *f,
    const struct bt_unit *me, unsigned *near)
{
	double most = 0, v;

	*near = 0;
	for (size_t i = 0; i < f->n; i++) {
		struct foe *fo = &f->v[i];

		if (f->dist[i] <= 1) {
			if (i < NEAR_BITS)
				*near |= 1u << i;
			if (!fo->have_most) {
				fo->most = foe_strike(st, f, fo, false);
				if ((v = foe_strike(st, f, fo, true)) > fo->most)
					fo->most = v;
				fo->have_most = true;
			}
			if (fo->most > most)
				most = fo->most;
		}
		if (me->ranged.present &&
		    f->dist[i] * CC_SQUARE <= f->my_shot_ft &&
		    (v = worth(f->v[i].e, me->ranged.damage)) > most)
			most = v;
	}
	return most;
}

/*
 * What the footprint of a move's end gives every move of the listing
 * that ends on it, whatever it faces: two moves in five end on the
 * footprint of an earlier one, facing another way (a square unit's four
 * facings, a long one's two), and most moves are weighed no further
 * than by most (move_worth). Each of the unit as it would stand there,
 * its shot being the unit's.
 */
struct end {
	double		 most;	/* the most its place could be worth: the
				 * approach (place_approach) from the most
				 * an attack from there could be
				 * (attack_most), or from 0 where reach is
				 * not */
	int		 d;	/* the nearest enemy's squares (nearest) */
	bool		 reach;	/* not acted nor out_of_reach: an attack
				 * is weighed from there */
	unsigned	 near;	/* where reach, the foes a square off
				 * (attack_most) */
	bool		 hopeless;	/* no move ending there can beat the
					 * bar (hopeless); nothing else made */
};

/*
 * The ends of a listing's moves, each made once (end_at): the
 * footprints by their top-left square, in a window about the unit, and
 * whether they are a quarter turn from its own; none kept for a window
 * bigger than ENDS_MAX.
 */
#define ENDS_MAX	1024

struct ends {
	int		 x0, y0, w, h;
	bool		 turns;		/* a quarter turn changes the footprint
					 * (w != h) */
	bool		 known[ENDS_MAX];	/* slot made yet (end_at) */
	struct end	 v[ENDS_MAX];
	struct end	 spare;		/* an end outside the window */
};

static void
ends_of(const struct bt_state *st, const struct bt_unit *u, struct ends *e)
{
	/* the moves' ends are no further than its speed's steps, but for
	 * a turn's shift of its footprint; one further is not kept */
	int r = cc_speed(st, u) / CC_STEP + u->w + u->h;

	e->x0 = u->x - r;
	e->y0 = u->y - r;
	e->w = e->h = 2 * r + 1;
	e->turns = u->w != u->h;
	if ((long)e->w * e->h * 2 > ENDS_MAX)
		e->w = e->h = 0;
	memset(e->known, 0, (size_t)e->w * e->h * 2);
}

/* The index in e of the footprint at x, y of a move's end, a quarter
 * turn from the unit's facing or not, or -1. */
static int
end_index(const struct ends *e, int x, int y, bool quarter)
{
	unsigned ex = (unsigned)(x - e->x0), ey = (unsigned)(y - e->y0);

	if (ex >= (unsigned)e->w || ey >= (unsigned)e->h)
		return -1;
	return (int)((ey * (unsigned)e->w + ex) * 2) + (quarter & e->turns);
}

/* Slot k of e (end_index) known from now on, if it is one. */
static void
end_keep(struct ends *e, int k)
{
	if (k >= 0)
		e->known[k] = true;
}

/* The end of slot k of e (end_index; e's spare if -1), made from the
 * foes as they are measured from its footprint, d its nearest's (the
 * answer of nearest). Inline: made for a footprint in two a move
 * weighs, most of them no further, its call and its saving of
 * registers were a quarter of its work. */
static inline __attribute__((always_inline)) const struct end *
end_made(const struct bt_state *st, struct foes *f, struct ends *e, int k,
    const struct bt_unit *u, int d, bool acted)
{
	struct end *n = k >= 0 ? &e->v[k] : &e->spare;

	n->hopeless = false;
	n->d = d;
	n->reach = !acted && !out_of_reach(f, u, f->closest);
	n->most = place_approach(u, d, n->reach ? attack_most(st, f, u,
	    &n->near) : 0, acted);
	end_keep(e, k);
	return n;
}

/*
 * Can no move ending on r beat bar, whatever it faces and costs, by the
 * spans of the foes alone (no nearer than the closest, the nearest)?
 * Out of reach (or acted) from them, and its most, of a nearest as far
 * as theirs, no more than bar: the nearest is no nearer, place_approach
 * no more for a further one, and a move's worth is no more than the
 * most (move_worth). Asked before the foes are measured (nearest_to,
 * the most of an end's work), as most footprints are far from them all.
 */
static bool
hopeless(const struct foes *f, const struct bt_unit *u,
    const struct bt_rect *r, bool acted, double bar)
{
	int c = f->n > 0 ? squares(&f->span, r) : 0;

	/* the one span where no foe is broken, or all are, measured once */
	return f->n > 0 && (acted || out_of_reach(f, u, c)) &&
	    place_approach(u, max_of(f->apart ? squares(&f->span_near, r) :
	    c, 0), 0, acted) <= bar;
}

/* The end of the move op: kept, or made (the foes measured from its
 * footprint for it); hopeless if bounded and hopeless against bar,
 * which is never lower for a later move. */
static const struct end *
end_at(const struct bt_state *st, struct foes *f, struct ends *e,
    const struct bt_unit *u, const struct bt_option *op, bool acted,
    bool bounded, double bar)
{
	bool quarter = quarter_of(u, op);
	int k = end_index(e, op->x, op->y, quarter);
	struct end *n = k >= 0 ? &e->v[k] : &e->spare;
	struct bt_rect r;

	if (k >= 0 && e->known[k])
		return n;
	r.x0 = op->x, r.y0 = op->y;		/* cc_rect(me) */
	r.x1 = op->x + (quarter ? u->h : u->w) - 1;
	r.y1 = op->y + (quarter ? u->w : u->h) - 1;
	if (bounded && hopeless(f, u, &r, acted, bar)) {
		n->hopeless = true;
		end_keep(e, k);
		return n;
	}
	return end_made(st, f, e, k, u, nearest_to(f, r), acted);
}

/* The attack less the danger (danger_at's), the foes measured from me
 * (nearest). */
static double
place_less(const struct bt_state *st, struct foes *f,
    const struct bt_unit *me, double v, double danger)
{
	bool shoots = me->ranged.present;

	v -= (shoots ? W_SHOT_DANGER : W_MELEE_DANGER) * danger * late(st);
	if (shoots && in_contact(f, me))
		v -= 1;
	return v;
}

/*
 * A move's worth, its place's less its cost and what it provokes, into
 * *v, if it may be above that; false, and *v untouched, if it can't
 * be. Its worth without the danger and the contact is never below it,
 * in floating point too: they only subtract (all of the danger's terms
 * are >= 0, which bounded says: the unit's HP is >= 0, so what a hit on
 * it is worth is), a subtraction of x >= 0 never rounds above what it
 * subtracts from, and the approach is subtracted from the one whenever
 * from the other, from no more. Nor is it above its end's most, the
 * attack being no more than attack_most. So a move that can't beat the
 * best so far is not weighed further: danger_at was half a place's
 * work, best_attack most of the rest. me, u as it would stand there
 * (at_end), is made only for a move weighed further.
 */
static bool
move_worth(const struct bt_state *st, struct foes *f, struct ends *e,
    const struct bt_unit *u, struct bt_unit *me, bool acted,
    const struct bt_option *op, bool bounded, double above, double *v)
{
	const struct end *n = end_at(st, f, e, u, op, acted, bounded, above);
	double less, provoke, attack = 0;

	/* most moves end where even the most is no more than the bar:
	 * left before their cost and provoking are made, which only
	 * subtract from it */
	if (n->hopeless || (bounded && n->most <= above))
		return false;
	less = 0.001 * op->cost, provoke = op->provokes ? W_PROVOKE : 0;
	if (bounded && n->most - less - provoke <= above)
		return false;
	at_end(me, u, op);
	if (n->reach) {
		/* one that does not shoot strikes only a foe its front
		 * touches (best_attack): most of its moves near the foes
		 * face none, told before the foes are measured from there */
		struct fronts fr = { .n = -1 };

		if (me->ranged.present || front_near(f, n->near, me, &fr)) {
			measure(f, me);
			attack = best_attack(st, f, me, &fr);
		}
		if (bounded && place_approach(me, n->d, attack, acted) - less -
		    provoke <= above)
			return false;
	}
	measure(f, me);
	*v = place_approach(me, n->d, place_less(st, f, me, attack,
	    danger_at(st, f, me)), acted) - less - provoke;
	return true;
}

/* What a listed Act is, as action_worth weighs it. */
enum act {
	ACT_NONE,		/* Disengage: weighed with the moves it frees */
	ACT_DEFEND,
	ACT_SUPPORT,
	ACT_READY,
	ACT_READY_RANGE
};

/* The Act of a line by the words in it, as the general has always told
 * it (a word anywhere after a space: an id may hold one too). */
static enum act
act_by_words(const char *line)
{
	if (strstr(line, " defend") != NULL)
		return ACT_DEFEND;
	if (strstr(line, " support ") != NULL)
		return ACT_SUPPORT;
	if (strstr(line, " ready ") != NULL)
		return strstr(line, " range") != NULL ? ACT_READY_RANGE :
		    ACT_READY;
	return ACT_NONE;
}

/* Would act_by_words find one of its words at the start of id, after
 * the space before it? */
static bool
id_has_words(const char *id)
{
	switch (id[0]) {
	case 'd':
		return strncmp(id, "defend", 6) == 0;
	case 's':
		return strcmp(id, "support") == 0;
	case 'r':
		return strcmp(id, "ready") == 0 || strncmp(id, "range", 5) == 0;
	}
	return false;
}

/*
 * The Act of a line of cc_options (add_act: "bt-act ID WHAT", "bt-act ID
 * support TARGET"), of a unit whose id is idlen bytes and not
 * id_has_words: told by WHAT, just after the id, not by four searches of
 * the line (act_by_words), to the same answer. An id is letters, digits,
 * '-' and '_', no space, so the words act_by_words looks for, each after
 * a space, could be found only in WHAT or at the start of an id: the
 * unit's, or the target's (defend, the first asked). Such a line, or a
 * WHAT not cc_options', is told by act_by_words.
 */
static enum act
act_of(const char *line, size_t idlen, const char *target)
{
	static const struct {
		const char	*what;
		enum act	 act;
	} acts[] = {	/* add_actions' */
		{ "defend", ACT_DEFEND },
		{ "disengage", ACT_NONE },
		{ "ready contact", ACT_READY },
		{ "ready range", ACT_READY_RANGE }
	};
	const char *w = line + sizeof("bt-act ") - 1 + idlen + 1;

	for (size_t i = 0; i < sizeof(acts) / sizeof(acts[0]); i++)
		if (bt_streq(w, acts[i].what))
			return acts[i].act;
	if (target != NULL && strncmp(target, "defend", 6) != 0 &&
	    strncmp(w, "support ", 8) == 0)
		return ACT_SUPPORT;
	return act_by_words(line);
}

/*
 * The danger u stands in where it is (danger_at), made the first time a
 * move or a Defend asks (a listing without moves asks it only for a
 * Defend): the foes measured from where u stands still, as nothing but
 * a move measures them elsewhere, staying is weighed before the first
 * move, and the actions after the moves (choose_general).
 */
struct home {
	bool		 have_danger;
	double		 danger;
};

static double
home_danger(const struct bt_state *st, struct foes *f,
    const struct bt_unit *u, struct home *h)
{
	if (!h->have_danger)
		h->danger = danger_at(st, f, u);
	h->have_danger = true;
	return h->danger;
}

/* The worth of a listed attack, Support, Ready, Defend or Rally; u's
 * nearest foe given, and the danger it stands in (home_danger); idlen
 * the length of u's id (act_of), or -1 where id_has_words. */
static double
action_worth(const struct bt_state *st, struct foes *f,
    const struct bt_unit *u, size_t idlen, const struct bt_options *o,
    const struct bt_option *op, int near, struct home *h)
{
	const struct bt_unit *t;
	enum act act;
	bool range;

	switch (op->kind) {
	case BT_OPT_ATTACK:
	case BT_OPT_SHOOT:
		t = cc_unit_named(st, op->target);
		return chance(op->need, op->adv) * worth(t, op->kind ==
		    BT_OPT_SHOOT ? u->ranged.damage : u->damage);
	case BT_OPT_MORALE: {
		const struct bt_side *s = cc_side(st, u);
		int need = CC_RALLY_DC - u->morale - s->rating - s->culture;

		if (need < 1)
			need = 1;
		/* broken, it is all it may do; else a little HP back */
		return (u->status & BT_ST_BROKEN) ? 1 :
		    0.5 * chance(need > 20 ? 21 : need, 0);
	}
	case BT_OPT_ACT:
		break;
	default:
		return 0;
	}
	act = idlen == (size_t)-1 ? act_by_words(bt_option_line(o, op)) :
	    act_of(bt_option_line(o, op), idlen, op->target);
	switch (act) {
	case ACT_DEFEND:	/* CC-22: what strikes it has disadvantage */
		return 0.4 * home_danger(st, f, u, h);
	case ACT_SUPPORT: {	/* CC-26 */
		const struct bt_unit *a = cc_unit_named(st, op->target);

		/* worth it to an ally in melee that holds none yet */
		if (a->supported_by != NULL || (a->status & BT_ST_BROKEN) ||
		    !front_on_enemy(st, a))
			return 0;
		return 0.25 * a->damage + 0.05;
	}
	case ACT_READY:		/* CC-25 */
	case ACT_READY_RANGE:
		range = act == ACT_READY_RANGE;
		break;
	default:
		return 0;	/* Disengage: weighed with the moves it frees */
	}
	/* an enemy near enough to come into its front or range (near: u's,
	 * measured once) */
	if (near < 0 || near > (range ? u->ranged.range / CC_SQUARE : 0) + 6)
		return 0;
	return range ? W_READY_SHOT * u->ranged.damage :
	    W_READY_MELEE * u->damage;
}

static size_t
choose_general(const struct bt_state *st, const char *side,
    const struct bt_options *o, struct bt_rng *rng)
{
	const struct bt_unit *u;
	size_t pick = 0, act = 0, move = 0, idlen;
	size_t acts = (size_t)-1;	/* the first action, if there is one */
	double best_act = 0, best_move = -1e9, here, above = 0, bar = 0;
	bool acted = st->turn.acted, have_move = false;
	bool bounded;
	int near;
	size_t first;	/* the first move, if there is one */
	const struct bt_option *ops = o->v;	/* o's, held apart (below) */
	struct foes f;
	struct bt_unit me;
	struct ends ends;
	struct home h = { false, 0 };

	(void)side;
	(void)rng;
	/* one option or none (a unit that may only end its turn, a
	 * listing in four): the first, whatever it is worth, every
	 * answer below being 0 then */
	if (o->n <= 1 || (u = active(st)) == NULL)
		return 0;
	foes_of(st, u, &f);
	near = nearest(&f, u);	/* the foes measured from where it stands */
	bounded = u->hp >= 0;
	/* Staying is weighed before the moves, the foes still measured
	 * from where it stands (no move has measured them): a move no
	 * better than it by 0.05 is not taken, and need not be weighed
	 * further. A listing without moves weighs no staying. */
	for (first = 0; first < o->n; first++)
		if (ops[first].kind == BT_OPT_MOVE)
			break;
	if (first < o->n) {
		struct fronts fr = { .n = -1 };
		double attack = acted ? 0 : best_attack(st, &f, u, &fr);

		here = place_approach(u, near, place_less(st, &f, u, attack,
		    home_danger(st, &f, u, &h)), acted);
		above = here + 0.05;
		bar = above;	/* above, or the best */
		ends_of(st, u, &ends);
		spans_of(&f);
		/* the moves that turn in place end on its own footprint */
		end_made(st, &f, &ends, end_index(&ends, u->x, u->y, false),
		    u, near, acted);
		me = *u;
	}
	/* the moves first, most of a listing: a move that makes more of
	 * the turn than staying is taken whatever the actions are worth;
	 * the listing's array and count held apart, the weighing's
	 * stores being no changes to them */
	for (size_t i = 0, n = o->n; i < n; i++) {
		const struct bt_option *op = &ops[i];
		double v;

		if (op->kind == BT_OPT_MOVE) {
			/* the first of equals: v must be above the best */
			if (move_worth(st, &f, &ends, u, &me, acted, op,
			    bounded, bar, &v) && v > best_move) {
				best_move = v, move = i, have_move = true;
				if (best_move > above)
					bar = best_move;
			}
		} else if (op->kind == BT_OPT_END)
			pick = i;
		else if (acts > i)
			acts = i;
	}
	if (have_move && best_move > above) {
		foes_free(&f);
		return move;
	}
	/* then the best action, else the end of the turn */
	idlen = id_has_words(u->id) ? (size_t)-1 : strlen(u->id);
	for (size_t i = acts; i < o->n; i++) {
		const struct bt_option *op = &o->v[i];
		double v;

		if (op->kind != BT_OPT_MOVE && op->kind != BT_OPT_END &&
		    (v = action_worth(st, &f, u, idlen, o, op, near, &h)) >
		    best_act)
			best_act = v, act = i;
	}
	foes_free(&f);
	if (best_act > 0)
		return act;
	return pick;
}

const struct bt_policy cc_general = {
	"general", "seek flanks and rear, shoot from out of contact, "
	"defend, support and ready where they pay, rally when broken",
	choose_general
};
