/*
 * cc-move.c: bt-move in cc (CC-7 to CC-15), with the opportunity attacks
 * (CC-21) and readied attacks (CC-25) the move sets off along the way.
 * An order is simulated whole first, then carried out: a refused order
 * changes nothing, and only contact (CC-13) cuts one short.
 */
#include <stdlib.h>
#include <string.h>

#include "cc.h"

#define MAX_MOVES	256
#define MAX_RETREAT	256

/* A unit's place and facing: what a step changes. */
struct pose {
	int	 x, y, w, h, facing;
};

enum move_kind { STEP, ROTATE, ABOUT };

struct move {
	enum move_kind	 kind;
	const char	*word;		/* as ordered, for the log */
	int		 dx, dy;	/* STEP, facing north; turned by facing */
	int		 turn;		/* ROTATE: 1 clockwise, 3 counter */
	int		 pivot;		/* ROTATE: 1.. along the front rank */
};

/* CC-8: forward, sideways, diagonally forward; never backward, but for
 * a unit of four fronts, for which every direction is forward (CC-7):
 * the last three. */
static const struct {
	const char	*word;
	int		 dx, dy;
} step_words[] = {
	{ "f", 0, -1 }, { "l", -1, 0 }, { "r", 1, 0 }, { "fl", -1, -1 },
	{ "fr", 1, -1 }, { "b", 0, 1 }, { "bl", -1, 1 }, { "br", 1, 1 }
};
#define FORWARD_STEPS	5
#define ALL_STEPS	8

/* How many of step_words u may take. */
static int
steps_for(const struct bt_unit *u)
{
	return u->fronts == 4 ? ALL_STEPS : FORWARD_STEPS;
}

static struct pose
pose_of(const struct bt_unit *u)
{
	struct pose p = { u->x, u->y, u->w, u->h, u->facing };

	return p;
}

static void
put(struct bt_unit *u, const struct pose *p)
{
	u->x = p->x;
	u->y = p->y;
	u->w = p->w;
	u->h = p->h;
	u->facing = p->facing;
}

/* A step ordered facing north, turned to the unit's facing. */
static void
turned(int facing, int dx, int dy, int *ox, int *oy)
{
	switch (facing) {
	case BT_N:
		*ox = dx, *oy = dy;
		break;
	case BT_E:
		*ox = -dy, *oy = dx;
		break;
	case BT_S:
		*ox = -dx, *oy = -dy;
		break;
	default:
		*ox = dy, *oy = -dx;
		break;
	}
}

static int
parse_move(const char *s, struct move *m)
{
	memset(m, 0, sizeof(*m));
	m->word = s;
	for (size_t i = 0; i < sizeof(step_words) / sizeof(step_words[0]); i++)
		if (strcmp(s, step_words[i].word) == 0) {
			m->kind = STEP;
			m->dx = step_words[i].dx;
			m->dy = step_words[i].dy;
			return 0;
		}
	if (strcmp(s, "about") == 0) {
		m->kind = ABOUT;
		return 0;
	}
	if (strncmp(s, "cw", 2) == 0 || strncmp(s, "ccw", 3) == 0) {
		const char *rest = s + (s[1] == 'w' ? 2 : 3);
		char *end;

		m->kind = ROTATE;
		m->turn = s[1] == 'w' ? 1 : 3;
		m->pivot = 1;
		if (*rest == '\0')
			return 0;
		if (*rest == ':' && rest[1] >= '1' && rest[1] <= '9') {
			long n = strtol(rest + 1, &end, 10);

			if (*end == '\0' && n <= BT_MAX_MAP) {
				m->pivot = (int)n;
				return 0;
			}
		}
	}
	return -1;
}

/* What is in the squares of a pose, other than the mover itself. */
struct scan {
	bool	 off;		/* a square off the map */
	bool	 blocked;	/* impassable */
	bool	 difficult;
	const struct bt_unit *enemy, *friend;
};

static struct scan
scan(const struct bt_state *st, const struct bt_unit *u, struct bt_rect r,
    const struct bt_rect *skip)
{
	struct scan s = { 0 };

	for (int y = r.y0; y <= r.y1; y++)
		for (int x = r.x0; x <= r.x1; x++) {
			if (skip != NULL && x >= skip->x0 && x <= skip->x1 &&
			    y >= skip->y0 && y <= skip->y1)
				continue;
			if (!bt_on_map(&st->map, x, y)) {
				s.off = true;
				continue;
			}
			if (bt_terrain_at(&st->map, x, y) == BT_BLOCKED)
				s.blocked = true;
			if (cc_square_difficult(st, x, y))
				s.difficult = true;
		}
	/* CC-15: a unit counts where it holds a square newly entered */
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *o = &st->units[i];
		struct bt_rect ro = cc_rect(o), in;

		if (o == u || !cc_in_battle(o) || !cc_meet(&r, &ro))
			continue;
		in.x0 = r.x0 > ro.x0 ? r.x0 : ro.x0;
		in.y0 = r.y0 > ro.y0 ? r.y0 : ro.y0;
		in.x1 = r.x1 < ro.x1 ? r.x1 : ro.x1;
		in.y1 = r.y1 < ro.y1 ? r.y1 : ro.y1;
		if (skip != NULL && in.x0 >= skip->x0 && in.x1 <= skip->x1 &&
		    in.y0 >= skip->y0 && in.y1 <= skip->y1)
			continue;
		if (cc_enemies(u, o))
			s.enemy = o;
		else
			s.friend = o;
	}
	return s;
}

static struct bt_rect
rect_of(const struct pose *p)
{
	struct bt_rect r = { p->x, p->y, p->x + p->w - 1, p->y + p->h - 1 };

	return r;
}

/* May u stand at pose p: on the map, inside no other unit (CC-10)? */
static bool
may_stop(const struct bt_state *st, const struct bt_unit *u,
    const struct pose *p)
{
	struct scan s = scan(st, u, rect_of(p), NULL);

	return !s.off && !s.blocked && s.enemy == NULL && s.friend == NULL;
}

/* CC-11: the unit's N-th square, counted from its left along its front
 * rank, then along each rank behind it. */
static void
pivot_square(const struct pose *p, int n, int *px, int *py)
{
	int frontage = p->facing == BT_N || p->facing == BT_S ? p->w : p->h;
	int file = (n - 1) % frontage, rank = (n - 1) / frontage;

	switch (p->facing) {
	case BT_N:
		*px = p->x + file, *py = p->y + rank;
		break;
	case BT_S:
		*px = p->x + p->w - 1 - file, *py = p->y + p->h - 1 - rank;
		break;
	case BT_E:
		*px = p->x + p->w - 1 - rank, *py = p->y + file;
		break;
	default:
		*px = p->x + rank, *py = p->y + p->h - 1 - file;
		break;
	}
}

/* Turns a pose 90 degrees about a square: (dx, dy) goes to (-dy, dx)
 * clockwise, y growing down (G-1). */
static struct pose
rotated(const struct pose *p, int turn, int px, int py)
{
	struct pose q = *p;
	int x0 = p->x - px, y0 = p->y - py;
	int x1 = p->x + p->w - 1 - px, y1 = p->y + p->h - 1 - py;
	int ax, ay, bx, by;

	if (turn == 1)
		ax = -y0, ay = x0, bx = -y1, by = x1;
	else
		ax = y0, ay = -x0, bx = y1, by = -x1;
	q.x = px + (ax < bx ? ax : bx);
	q.y = py + (ay < by ? ay : by);
	q.w = p->h;
	q.h = p->w;
	q.facing = (p->facing + turn) % 4;
	return q;
}

static struct bt_rect
hull(struct bt_rect a, struct bt_rect b)
{
	struct bt_rect r = {
		a.x0 < b.x0 ? a.x0 : b.x0, a.y0 < b.y0 ? a.y0 : b.y0,
		a.x1 > b.x1 ? a.x1 : b.x1, a.y1 > b.y1 ? a.y1 : b.y1
	};

	return r;
}

/* One move from pose p: the new pose and its cost, or the refusal. */
static int
try_move(const struct bt_state *st, const struct bt_unit *u,
    const struct pose *p, const struct move *m, bool rotated_already, struct pose *out, int *cost, bool *leaves,
    struct bt_error *err)
{
	struct bt_rect old = rect_of(p), now;
	struct scan s;

	*out = *p;
	*leaves = false;
	switch (m->kind) {
	case STEP: {
		int dx, dy;

		if (m->dy > 0 && u->fronts != 4)
			return bt_refuse(err, "CC-8", "'%s' can't step "
			    "backward ('%s')", u->id, m->word);
		turned(p->facing, m->dx, m->dy, &dx, &dy);
		out->x += dx;
		out->y += dy;
		now = rect_of(out);
		s = scan(st, u, now, &old);
		if (s.enemy != NULL)
			return bt_refuse(err, "CC-10", "'%s' can't step '%s' "
			    "into enemy '%s'", u->id, m->word, s.enemy->id);
		if (s.blocked)
			return bt_refuse(err, "G-2", "'%s' can't step '%s' onto "
			    "impassable ground", u->id, m->word);
		/* CC-29: any part off the edge leaves the battle */
		*leaves = s.off;
		/* CC-9, CC-15: difficult or friend-held new squares */
		*cost = s.difficult || s.friend ? CC_DIFFICULT : CC_STEP;
		return 0;
	}
	case ABOUT:
		out->facing = (p->facing + 2) % 4;
		*cost = CC_ABOUT;	/* CC-12: regardless of terrain */
		return 0;
	case ROTATE: {
		int px, py;

		if (rotated_already)
			return bt_refuse(err, "CC-11", "'%s' has made its one "
			    "rotation this turn", u->id);
		pivot_square(p, m->pivot, &px, &py);
		*out = rotated(p, m->turn, px, py);
		now = rect_of(out);
		s = scan(st, u, now, &old);
		if (s.off)
			return bt_refuse(err, "CC-11", "'%s' can't rotate off "
			    "the map", u->id);
		if (s.enemy != NULL)
			return bt_refuse(err, "CC-10", "'%s' can't rotate into "
			    "enemy '%s'", u->id, s.enemy->id);
		if (s.blocked)
			return bt_refuse(err, "G-2", "'%s' can't rotate onto "
			    "impassable ground", u->id);
		/* The sweep: the box of both footprints less the squares
		 * the unit turns from, which it holds already; a friend
		 * in it counts as difficult terrain (CC-10). */
		s = scan(st, u, hull(old, now), &old);
		if (s.enemy != NULL)
			return bt_refuse(err, "CC-11", "'%s' can't rotate "
			    "through enemy '%s'", u->id, s.enemy->id);
		if (s.blocked)
			return bt_refuse(err, "CC-11", "'%s' can't rotate "
			    "across impassable ground", u->id);
		*cost = s.difficult || s.friend ? CC_ROTATE_HARD : CC_ROTATE;
		return 0;
	}
	}
	return -1;
}

/* CC-13: the first enemy (by id) that going from pose a to pose b brings
 * u into contact with, or NULL. */
static const struct bt_unit *
new_contact(const struct bt_state *st, struct bt_unit *u,
    const struct pose *a, const struct pose *b)
{
	struct pose keep = pose_of(u);
	const struct bt_unit *fresh = NULL;

	for (size_t i = 0; i < st->nunits && fresh == NULL; i++) {
		const struct bt_unit *e = &st->units[i];
		bool was;

		if (e == u || !cc_in_battle(e) || !cc_enemies(u, e))
			continue;
		put(u, a);
		was = cc_adjacent(u, e);
		put(u, b);
		if (!was && cc_adjacent(u, e))
			fresh = e;
	}
	put(u, &keep);
	return fresh;
}

/* CC-21: enemies whose front u leaves by going from pose a to pose b. */
static void
opportunity(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const struct pose *a, const struct pose *b, const struct bt_order *o)
{
	if (u->status & BT_ST_DISENGAGING)	/* CC-23 */
		return;
	for (size_t i = 0; i < st->nunits && cc_in_battle(u); i++) {
		struct bt_unit *e = &st->units[i];
		bool before, after;

		if (e == u || !cc_in_battle(e) || !cc_enemies(u, e) ||
		    e->reacted || (e->status & BT_ST_BROKEN) ||
		    bt_order_holds(o, e->id))
			continue;
		put(u, a);
		before = cc_front_touches(e, u);
		put(u, b);
		after = cc_front_touches(e, u);
		put(u, a);	/* struck before it is gone */
		if (before && !after) {
			e->reacted = true;
			cc_attack(st, dice, e, u, false, NULL, CC_OPPORTUNITY);
		}
	}
}

/* CC-25: readied attacks set off by u's move from pose a to pose b (u is
 * at b); each is made once the step that set it off has ended. */
static void
readied(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const struct pose *a, const struct pose *b, const struct bt_order *o)
{
	for (size_t i = 0; i < st->nunits && cc_in_battle(u); i++) {
		struct bt_unit *e = &st->units[i];
		const char *rule;
		bool ranged, before, after;

		if (e == u || !e->ready.present || !cc_in_battle(e) ||
		    !cc_enemies(u, e) || e->reacted ||
		    (e->status & BT_ST_BROKEN) || bt_order_holds(o, e->id) ||
		    (e->ready.target && strcmp(e->ready.target, u->id) != 0))
			continue;
		ranged = e->ready.trigger == 1;
		put(u, a);
		before = ranged ? cc_cannot_attack(st, e, u, true, &rule) == NULL :
		    cc_front_touches(e, u);
		put(u, b);
		after = ranged ? cc_cannot_attack(st, e, u, true, &rule) == NULL :
		    cc_front_touches(e, u);
		if (before || !after)
			continue;
		e->reacted = true;
		e->ready.present = false;
		free(e->ready.target);
		e->ready.target = NULL;
		cc_attack(st, dice, e, u, ranged, NULL, CC_READIED);
	}
}

/*
 * Every square u's top-left corner can reach by steps within budget, at
 * its facing, and the cheapest way there (bt_search). With safe, no step
 * may end next to an enemy (CC-28). A step over the edge is a way out
 * (CC-29): out says where it left from.
 */
struct reach {
	struct bt_search s;
	const struct bt_state *st;
	struct bt_unit	*u;
	int		 budget;
	bool		 safe;
	struct pose	 home;
	int		 out, outcost;	/* cheapest square to step off from */
	signed char	 outhow;
};

static bool
near_enemy(const struct bt_state *st, struct bt_unit *u, const struct pose *p)
{
	struct pose keep = pose_of(u);
	bool near;

	put(u, p);
	near = cc_in_contact(st, u);
	put(u, &keep);
	return near;
}

/* Step word k as a move. */
static struct move
step_move(int k)
{
	struct move m;

	memset(&m, 0, sizeof(m));
	m.kind = STEP;
	m.word = step_words[k].word;
	m.dx = step_words[k].dx;
	m.dy = step_words[k].dy;
	return m;
}

/* Step word k from (x, y), relative to home (bt_move_fn). */
static int
reach_step(void *ctx, int x, int y, int so_far, int k, int *nx, int *ny,
    bool *stop)
{
	struct reach *rc = ctx;
	struct pose p = rc->home, q;
	struct move m = step_move(k);
	struct bt_error quiet;
	int cost;
	bool leaves, bad;

	(void)stop;
	p.x += x;
	p.y += y;
	bt_error_init(&quiet, NULL);
	bad = try_move(rc->st, rc->u, &p, &m, false, &q, &cost, &leaves,
	    &quiet) < 0;
	bt_error_free(&quiet);
	if (bad || so_far + cost > rc->budget)
		return -1;
	if (leaves) {
		if (rc->out < 0 || so_far + cost < rc->outcost) {
			rc->out = bt_search_at(&rc->s, x, y);
			rc->outcost = so_far + cost;
			rc->outhow = (signed char)k;
		}
		return -1;
	}
	if (rc->safe && near_enemy(rc->st, rc->u, &q))
		return -1;
	*nx = q.x - rc->home.x;
	*ny = q.y - rc->home.y;
	return cost;
}

static void
reach_from(const struct bt_state *st, struct bt_unit *u, int budget,
    bool safe, struct reach *rc)
{
	int r = budget / CC_STEP;

	rc->st = st;
	rc->u = u;
	rc->budget = budget;
	rc->safe = safe;
	rc->home = pose_of(u);
	rc->out = -1;
	/* no goal (one outside the window): it reaches all it can */
	bt_search(&rc->s, r, budget, steps_for(u), reach_step, rc, r + 1, 0);
}

/* The steps from home to window square at (plus the step off the map,
 * when off), into path; returns how many, or -1. */
static int
reach_path(const struct reach *rc, int at, bool off, struct move *path,
    int maxpath)
{
	int *how = bt_xcalloc((size_t)maxpath + 1, sizeof(*how));
	int len = bt_search_path(&rc->s, at, how, maxpath - off);

	for (int k = 0; k < len; k++)
		path[k] = step_move(how[k]);
	if (len >= 0 && off)
		path[len++] = step_move(rc->outhow);
	free(how);
	return len;
}

/* --to X,Y: the cheapest steps that put u's top-left square there, at its
 * facing, within its movement left, ending inside no unit (CC-10).
 * Returns the number of steps, or -1. */
static int
find_path(const struct bt_state *st, struct bt_unit *u, int tx, int ty,
    int budget, struct move *path, int maxpath)
{
	struct reach rc;
	int at, len = -1;

	reach_from(st, u, budget, false, &rc);
	at = bt_search_at(&rc.s, tx - rc.home.x, ty - rc.home.y);
	if (at >= 0 && rc.s.dist[at] >= 0) {
		struct pose end = rc.home;

		end.x = tx;
		end.y = ty;
		if (scan(st, u, rect_of(&end), NULL).friend == NULL)
			len = reach_path(&rc, at, false, path, maxpath);
	}
	bt_search_free(&rc.s);
	return len;
}

/* How far a pose is from side f's edge of the map, in squares. */
static int
edge_gap(const struct bt_map *m, const struct pose *p, int f)
{
	switch (f) {
	case BT_N:
		return p->y;
	case BT_E:
		return m->width - p->x - p->w;
	case BT_S:
		return m->height - p->y - p->h;
	default:
		return p->x;
	}
}

/*
 * CC-28: a broken unit's retreat, with all its movement, toward the
 * nearest map edge (ties n, e, s, w): it turns to face it at no cost and
 * takes the path on which no step ends next to an enemy that gets nearest
 * the edge (off it, best), cheapest first; without one, any path. Where
 * none gets nearer, it stays. Returns whether it left the battle.
 */
bool
cc_retreat(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u)
{
	struct move path[MAX_RETREAT];
	struct pose p = pose_of(u), q;
	struct bt_log_entry *e;
	char *words = NULL, *more;
	int edge = BT_N, len = 0, spent = 0;

	for (int f = BT_E; f <= BT_W; f++)
		if (edge_gap(&st->map, &p, f) < edge_gap(&st->map, &p, edge))
			edge = f;
	if (u->facing != edge) {
		/* A change of facing in place: the footprint turns with it
		 * when the turn is a quarter. */
		if ((u->facing + edge) % 2 == 1) {
			int t = p.w;

			p.w = p.h;
			p.h = t;
		}
		p.facing = edge;
		struct scan room = scan(st, u, rect_of(&p), NULL);

		if (room.off || room.enemy || room.friend || room.blocked)
			p = pose_of(u);	/* no room to turn: as it stands */
		put(u, &p);
	}
	for (int safe = 1; safe >= 0 && len == 0; safe--) {
		struct reach rc;
		int best = -1, bestgap = edge_gap(&st->map, &p, edge);

		reach_from(st, u, cc_speed(st, u), safe, &rc);
		if (rc.out >= 0)
			len = reach_path(&rc, rc.out, true, path, MAX_RETREAT);
		else {
			for (int i = 0; i < rc.s.side * rc.s.side; i++) {
				struct pose t = rc.home;
				int gap;

				if (rc.s.dist[i] < 0)
					continue;
				t.x += i % rc.s.side - rc.s.r;
				t.y += i / rc.s.side - rc.s.r;
				gap = edge_gap(&st->map, &t, edge);
				if (scan(st, u, rect_of(&t), NULL).friend)
					continue;
				if (gap < bestgap || (gap == bestgap &&
				    best >= 0 &&
				    rc.s.dist[i] < rc.s.dist[best])) {
					best = i;
					bestgap = gap;
				}
			}
			if (best >= 0)
				len = reach_path(&rc, best, false, path,
				    MAX_RETREAT);
		}
		bt_search_free(&rc.s);
		if (len < 0)
			len = 0;
	}
	for (int i = 0; i < len; i++) {
		struct bt_error quiet;
		int cost;
		bool leaves;

		bt_error_init(&quiet, NULL);
		try_move(st, u, &p, &path[i], false, &q, &cost, &leaves,
		    &quiet);
		bt_error_free(&quiet);
		/* the retreat is a move like any other: CC-21, CC-25 */
		opportunity(st, dice, u, &p, &q, NULL);
		if (!cc_in_battle(u))
			break;
		spent += cost;
		more = bt_xasprintf("%s%s%s", words ? words : "", words ? " " :
		    "", path[i].word);
		free(words);
		words = more;
		put(u, &q);
		if (leaves) {
			p = q;
			break;
		}
		readied(st, dice, u, &p, &q, NULL);
		p = q;
		if (!cc_in_battle(u))
			break;
	}
	if (!cc_in_battle(u)) {		/* destroyed on the way */
		bt_log_text(bt_log_add(st, "retreat", u->id), "%s is broken, "
		    "retreats%s%s and is destroyed (CC-28)", u->id,
		    words ? " " : "", words ? words : "");
		free(words);
		return true;
	}
	put(u, &p);
	st->turn.present = true;
	st->turn.moved = cc_speed(st, u);
	e = bt_log_add(st, "retreat", u->id);
	if (len == 0)
		bt_log_text(e, "%s is broken and retreats toward the %s edge, "
		    "but no way is open: it stays at [%d, %d] (CC-28)", u->id,
		    bt_facing_words[edge], u->x, u->y);
	else if (edge_gap(&st->map, &p, edge) < 0 ||
	    !bt_on_map(&st->map, p.x, p.y) ||
	    !bt_on_map(&st->map, p.x + p.w - 1, p.y + p.h - 1))
		bt_log_text(e, "%s is broken and retreats %s off the %s edge: "
		    "it leaves the battle (CC-28, CC-29)", u->id, words,
		    bt_facing_words[edge]);
	else
		bt_log_text(e, "%s is broken and retreats %s toward the %s "
		    "edge, %d ft, to [%d, %d] (CC-28)", u->id, words,
		    bt_facing_words[edge], spent, u->x, u->y);
	free(words);
	if (!bt_on_map(&st->map, p.x, p.y) ||
	    !bt_on_map(&st->map, p.x + p.w - 1, p.y + p.h - 1)) {
		cc_leave_battle(st, u, BT_ST_FLED);
		return true;
	}
	return false;
}


int
cc_move(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	struct move moves[MAX_MOVES];
	struct pose p, start, alone;
	struct bt_unit *u;
	struct bt_log_entry *e;
	char *words = NULL, *more;
	int nmoves = 0, stop = -1, spent = 0, left;
	bool made_contact, rotated_now, leaves_at_stop = false, put_back;
	const struct bt_unit *touched = NULL;

	if (o->argc < 1 || (o->to && o->argc != 1) || (!o->to && o->argc < 2))
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bt-move takes a "
		    "unit and its steps, or a unit and --to X,Y");
	if (o->argc - 1 > MAX_MOVES)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "more than %d steps "
		    "in one order", MAX_MOVES);
	if ((u = bt_unit_operand(st, o->argv[0], "unit", err)) == NULL)
		return -1;
	for (int i = 1; i < o->argc; i++)
		if (parse_move(o->argv[i], &moves[nmoves++]) < 0)
			return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "unknown step "
			    "'%s' (f, l, r, fl, fr, b, bl, br, cw, ccw, cw:N, "
			    "ccw:N, about)", o->argv[i]);
	for (int i = 0; i < nmoves; i++)
		if (moves[i].kind == ROTATE && moves[i].pivot > u->w * u->h)
			return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s': '%s' "
			    "has %d squares", moves[i].word, u->id, u->w * u->h);
	if (cc_check_turn(st, u, err) < 0)
		return -1;
	if (u->status & BT_ST_BROKEN)
		return bt_refuse(err, "CC-28", "'%s' is broken: the rules "
		    "retreat it", u->id);
	if (st->turn.stopped)
		return bt_refuse(err, "CC-6", "'%s' moved, then acted: its "
		    "movement can't go on after its action", u->id);
	if (st->turn.contact)
		return bt_refuse(err, "CC-13", "'%s' came into contact this "
		    "turn: it stops moving", u->id);
	left = cc_speed(st, u) - st->turn.moved;
	if (o->to) {
		struct pose end = pose_of(u);
		struct scan s;

		end.x = o->to_x;
		end.y = o->to_y;
		s = scan(st, u, rect_of(&end), NULL);
		if (s.friend != NULL)	/* CC-10 */
			return bt_refuse(err, "CC-10", "'%s' would end its move "
			    "inside '%s'", u->id, s.friend->id);
		if (s.enemy != NULL)
			return bt_refuse(err, "CC-10", "'%s' can't move into "
			    "enemy '%s'", u->id, s.enemy->id);
		nmoves = find_path(st, u, o->to_x, o->to_y, left, moves,
		    MAX_MOVES);
		if (nmoves < 0)
			return bt_refuse(err, "CC-8", "'%s' has no path to "
			    "[%d, %d] within its %d ft of movement left", u->id,
			    o->to_x, o->to_y, left);
		if (nmoves == 0)
			return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s' is "
			    "already at [%d, %d]", u->id, o->to_x, o->to_y);
	}

	/* The whole order, simulated: refused whole or carried out. */
	start = p = pose_of(u);
	made_contact = false;
	rotated_now = st->turn.rotated;
	for (int i = 0; i < nmoves; i++) {
		struct pose q;
		int cost;
		bool leaves;

		if (try_move(st, u, &p, &moves[i], rotated_now, &q,
		    &cost, &leaves, err) < 0)
			return -1;
		spent += cost;
		if (spent > left)
			return bt_refuse(err, "CC-8", "'%s' has %d ft of "
			    "movement left; the order needs %d", u->id, left,
			    spent);
		rotated_now |= moves[i].kind == ROTATE;
		if (leaves) {
			p = q;
			stop = i;
			leaves_at_stop = true;
			break;
		}
		if ((touched = new_contact(st, u, &p, &q)) != NULL) {
			p = q;		/* CC-13 */
			stop = i;
			made_contact = true;
			break;
		}
		p = q;
	}
	if (stop < 0)
		stop = nmoves - 1;
	if (!leaves_at_stop) {
		struct scan s = scan(st, u, rect_of(&p), NULL);

		if (s.friend != NULL)
			return bt_refuse(err, "CC-10", "'%s' would end its move "
			    "inside '%s'", u->id, s.friend->id);
	}

	/* Carried out, step by step, with the reactions it sets off. */
	if (o->disengage && st->turn.moved > 0)
		return bt_refuse(err, "CC-6", "'%s' has moved: Disengage would "
		    "split its movement around its action", u->id);
	if (o->disengage) {
		if (cc_use_action(st, u, err) < 0)
			return -1;
		u->status |= BT_ST_DISENGAGING;
		e = bt_log_add(st, "disengage", u->id);
		bt_log_text(e, "%s disengages (CC-23)", u->id);
	}
	st->turn.present = true;
	p = alone = start;
	spent = 0;
	for (int i = 0; i <= stop; i++) {
		struct pose q;
		int cost;
		bool leaves;

		/* CC-28: broken on the way, it moves no more by order */
		if (!cc_in_battle(u) || (u->status & BT_ST_BROKEN)) {
			stop = i - 1;
			break;
		}
		try_move(st, u, &p, &moves[i], false, &q, &cost,
		    &leaves, err);
		/* CC-21: a step or a rotation that leaves a front */
		opportunity(st, dice, u, &p, &q, o);
		if (!cc_in_battle(u) || (u->status & BT_ST_BROKEN)) {
			stop = i - 1;
			break;
		}
		spent += cost;
		put(u, &q);
		if (moves[i].kind == ROTATE)
			st->turn.rotated = true;
		more = bt_xasprintf("%s%s%s", words ? words : "", words ? " " :
		    "", moves[i].word);
		free(words);
		words = more;
		if (leaves) {
			cc_leave_battle(st, u, BT_ST_FLED);
			break;
		}
		readied(st, dice, u, &p, &q, o);
		p = q;
		if (may_stop(st, u, &p))
			alone = p;
	}
	/* CC-10: broken part-way while inside a friend, it goes back to
	 * where it last stood clear, so no state has units overlapping. */
	put_back = (u->status & BT_ST_BROKEN) && cc_in_battle(u) &&
	    !may_stop(st, u, &p);
	if (put_back)
		put(u, &alone);
	e = bt_log_add(st, "move", u->id);
	if (!cc_in_battle(u)) {
		if (u->status & BT_ST_FLED)
			bt_log_text(e, "%s moves %s and leaves the battle over "
			    "the map's edge (CC-29)", u->id, words ? words : "");
		else
			bt_log_text(e, "%s is destroyed as it moves%s%s", u->id,
			    words ? " " : "", words ? words : "");
		free(words);
		return cc_settle(st, dice);	/* and its turn passes */
	}
	if (u->status & BT_ST_BROKEN) {
		st->turn.moved += spent;
		if (put_back)
			bt_log_text(e, "%s is broken as it moves%s%s: it stops "
			    "at [%d, %d], back where it last stood clear of "
			    "other units (CC-10, CC-28)", u->id, words ? " " : "",
			    words ? words : "", u->x, u->y);
		else
			bt_log_text(e, "%s is broken as it moves%s%s: it stops "
			    "at [%d, %d] (CC-28)", u->id, words ? " " : "",
			    words ? words : "", u->x, u->y);
		free(words);
		return cc_settle(st, dice);
	}
	st->turn.moved += spent;
	if (made_contact)
		st->turn.contact = true;
	bt_log_text(e, "%s moves %s to [%d, %d] facing %s, %d ft (%d left)%s%s",
	    u->id, words ? words : "", u->x, u->y, bt_facing_words[u->facing],
	    spent, cc_speed(st, u) - st->turn.moved,
	    stop < nmoves - 1 && touched ? ", stopped in contact with " : "",
	    stop < nmoves - 1 && touched ? touched->id : "");
	if (stop < nmoves - 1 && touched != NULL)
		bt_warnx("'%s' stopped at [%d, %d] in contact with '%s' "
		    "(CC-13); the rest of the order was dropped", u->id, u->x,
		    u->y, touched->id);
	free(words);
	return cc_settle(st, dice);
}
