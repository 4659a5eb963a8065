/*
 * clash-move.c: bt-move in clash (CL-1, CL-2, CL-9, CL-12's way off the
 * map, G-1, G-2) and bt-act's Retreat, join and leave (CL-2, CL-10). A
 * stand, or a whole unit as a block, moves by compass steps; an order is
 * simulated whole first, then carried out, so a refused order changes
 * nothing and only a contact (CL-2) cuts one short.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clash.h"


/* What moves: one stand, or every stand of a unit still on the map. */
struct mover {
	const struct bt_state	*st;
	struct bt_unit		*u;
	size_t			*k;
	size_t			 n;
	bool			 free;		/* Retreat: no contact rules */
	bool			 away;		/* broken: never nearer (CL-9) */
	bool			 leave;		/* the rules' retreat: stands may
						 * file off the map (CL-12) */
	/* clash_reach's look-up of the map, square by square (y * width +
	 * x), or NULL: the stand on it, (unit index << 16 | stand) + 1 or 0
	 * for none, and whether it is next to an enemy stand of u */
	const unsigned		*on;
	const bool		*near;
};

enum step_result {
	STEP_OK, STEP_OFF, STEP_BLOCKED, STEP_ENEMY, STEP_KEEP, STEP_NEARER,
	STEP_BACK
};

struct step {
	enum step_result	 res;
	int			 cost;		/* feet */
	bool			 contact;	/* a stand came into contact */
	size_t			 who;		/* the stand it is about */
	const struct bt_unit	*other;		/* STEP_ENEMY: whose square */
};

static bool
moving(const struct mover *m, const struct bt_unit *u, size_t k)
{
	if (u != m->u)
		return false;
	for (size_t i = 0; i < m->n; i++)
		if (m->k[i] == k)
			return true;
	return false;
}

/* Who else is on (x, y): a stand not of the mover, or NULL. */
static const struct bt_unit *
other_at(const struct mover *m, int x, int y)
{
	const struct bt_state *st = m->st;

	if (m->on != NULL) {
		unsigned v;
		const struct bt_unit *u;

		if (!bt_on_map(&st->map, x, y) ||
		    (v = m->on[y * st->map.width + x]) == 0)
			return NULL;
		u = &st->units[(v - 1) >> 16];
		return moving(m, u, (v - 1) & 0xffff) ? NULL : u;
	}
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		for (size_t j = 0; j < u->nstands; j++)
			if (u->stands[j].placed && u->stands[j].x == x &&
			    u->stands[j].y == y && !moving(m, u, j))
				return u;
	}
	return NULL;
}

/* The mover shifted by (tx, ty) takes the step (sx, sy). */
static struct step
try_step(const struct mover *m, int tx, int ty, int sx, int sy)
{
	const struct bt_state *st = m->st;
	struct step r = { STEP_OK, 0, false, 0, NULL };

	for (size_t i = 0; i < m->n; i++) {
		const struct bt_stand *s = &m->u->stands[m->k[i]];
		int x = s->x + tx, y = s->y + ty, nx = x + sx, ny = y + sy;
		int cost = st->map.square;
		const struct bt_unit *o;
		bool before, after;

		r.who = m->k[i];
		if (m->leave && !bt_on_map(&st->map, x, y)) {
			/* gone over the edge: it follows, never comes back */
			if (bt_on_map(&st->map, nx, ny)) {
				r.res = STEP_BACK;
				return r;
			}
			continue;
		}
		if (!bt_on_map(&st->map, nx, ny)) {
			if (m->leave) {
				if (cost > r.cost)
					r.cost = cost;
				continue;
			}
			r.res = STEP_OFF;
			return r;
		}
		if (bt_terrain_at(&st->map, nx, ny) == BT_BLOCKED) {
			r.res = STEP_BLOCKED;
			return r;
		}
		if ((o = other_at(m, nx, ny)) != NULL &&
		    clash_enemies(o, m->u)) {
			r.res = STEP_ENEMY;
			r.other = o;
			return r;
		}
		if (bt_difficult(bt_terrain_at(&st->map, nx, ny)))
			cost *= 2;	/* G-2 */
		if (cost > r.cost)
			r.cost = cost;
		if (m->away && clash_enemy_distance(st, m->u, nx, ny) <
		    clash_enemy_distance(st, m->u, x, y)) {
			r.res = STEP_NEARER;
			return r;
		}
		if (m->free)
			continue;
		if (m->near != NULL) {
			before = m->near[y * st->map.width + x];
			after = m->near[ny * st->map.width + nx];
		} else {
			before = clash_contact(st, m->u, x, y);
			after = clash_contact(st, m->u, nx, ny);
		}
		if (before && !after) {
			r.res = STEP_KEEP;
			return r;
		}
		r.contact |= !before && after;
	}
	r.who = m->k[0];
	return r;
}

/* A friend's stand on a square the mover would end on (CL-1). */
static const struct bt_unit *
end_blocked(const struct mover *m, int tx, int ty, size_t *who)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct bt_stand *s = &m->u->stands[m->k[i]];
		const struct bt_unit *o = other_at(m, s->x + tx, s->y + ty);

		if (o != NULL) {
			*who = m->k[i];
			return o;
		}
	}
	return NULL;
}

/* Its movement left: the least any of its stands has (CL-1). */
static int
movement_left(const struct mover *m)
{
	int left = -1;

	for (size_t i = 0; i < m->n; i++) {
		int l = m->u->speed - m->u->stands[m->k[i]].moved;

		if (left < 0 || l < left)
			left = l;
	}
	return left < 0 ? 0 : left;
}

/* A compass step k of the mover from (x, y), relative to where its
 * first stand is (bt_move_fn): a step that makes a contact ends a path. */
static int
path_step(void *ctx, int x, int y, int so_far, int k, int *nx, int *ny,
    bool *stop)
{
	struct step s = try_step(ctx, x, y, bt_compass[k].dx, bt_compass[k].dy);

	(void)so_far;
	*nx = x + bt_compass[k].dx;
	*ny = y + bt_compass[k].dy;
	*stop = s.contact;
	return s.res == STEP_OK ? s.cost : -1;
}

/*
 * --to X,Y: the cheapest steps within its movement left that put the
 * mover's first stand on (X, Y), keeping the rules of every step.
 * Returns the number of steps, or -1 when there is none.
 */
static int
find_path(const struct mover *m, int gx, int gy, int left, int *path,
    int maxpath)
{
	int r = left / m->st->map.square, len;
	struct bt_search s;

	/* A path is at most maxpath steps of one square: nothing further
	 * can be its goal, and an unreachable goal is not looked for over
	 * the whole map. */
	if (r > maxpath)
		r = maxpath;
	gx -= m->u->stands[m->k[0]].x;
	gy -= m->u->stands[m->k[0]].y;
	if (abs(gx) > r || abs(gy) > r)
		return -1;
	bt_search(&s, r, left, BT_NCOMPASS, path_step, (void *)m, gx, gy);
	len = bt_search_path(&s, bt_search_at(&s, gx, gy), path, maxpath);
	bt_search_free(&s);
	return len > 0 ? len : -1;
}

/* Where stand j of the mover's unit is with the mover shifted by (tx,
 * ty), gone off the map when gone; false when it is not on the map. */
static bool
stand_after(const struct mover *m, size_t j, int tx, int ty, bool gone,
    int *x, int *y)
{
	const struct bt_stand *s = &m->u->stands[j];
	bool moves = moving(m, m->u, j);

	*x = s->x + (moves ? tx : 0);
	*y = s->y + (moves ? ty : 0);
	return s->placed && !(moves && gone);
}

/* CL-2: does stand k have another of its unit next to it, the mover
 * shifted so? */
static bool
has_mate(const struct mover *m, size_t k, int tx, int ty, bool gone)
{
	int x, y, ox, oy;

	if (!stand_after(m, k, tx, ty, gone, &x, &y))
		return false;
	for (size_t j = 0; j < m->u->nstands; j++)
		if (j != k && stand_after(m, j, tx, ty, gone, &ox, &oy) &&
		    clash_next_to(x, y, ox, oy))
			return true;
	return false;
}

/* CL-2: a move may not leave a stand that had a neighbour of its unit
 * alone; returns the first it would, or SIZE_MAX. Nothing is allocated:
 * the list of orders asks it of every end a stand can reach. */
static size_t
formation_broken(const struct mover *m, int tx, int ty, bool gone)
{
	for (size_t j = 0; j < m->u->nstands; j++) {
		int x, y;

		if (stand_after(m, j, 0, 0, false, &x, &y) &&
		    stand_after(m, j, tx, ty, gone, &x, &y) &&
		    has_mate(m, j, 0, 0, false) &&
		    !has_mate(m, j, tx, ty, gone))
			return j;
	}
	return SIZE_MAX;
}

/* The edge of the map beyond which (x, y) lies. */
static int
edge_of(const struct bt_map *map, int x, int y)
{
	if (y < 0)
		return BT_N;
	if (x >= map->width)
		return BT_E;
	if (y >= map->height)
		return BT_S;
	return BT_W;
}

/* CL-12: a unit whose last stand has left over an objective's edge
 * scores it for its side, at once. */
void
clash_escaped(struct bt_state *st, const struct bt_unit *u, int edge)
{
	for (size_t i = 0; i < st->nobjectives; i++) {
		struct bt_objective *o = &st->objectives[i];
		int total;

		if (o->kind != CLASH_ESCAPE || o->scored ||
		    strcmp(o->unit, u->id) != 0 ||
		    strcmp(o->edge, bt_facing_words[edge]) != 0)
			continue;
		o->scored = st->round;
		total = clash_side_vp(st, o->side, o->vp);
		bt_log_text(bt_log_add(st, "vp", o->side), "%s scores %d VP: "
		    "'%s' got off the %s edge (CL-12), %d VP in all", o->side,
		    o->vp, u->id, o->edge, total);
	}
}

/* The steps of an order, as compass indexes; -1 for a word that isn't. */
static int
parse_steps(const struct bt_order *o, int *path, struct bt_error *err)
{
	for (int i = 1; i < o->argc; i++) {
		int c = bt_compass_index(o->argv[i]);

		if (c < 0)
			return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "unknown step "
			    "'%s' (n, ne, e, se, s, sw, w, nw)", o->argv[i]);
		path[i - 1] = c;
	}
	return o->argc - 1;
}

static int
step_refused(const struct mover *m, const struct step *s, const char *word,
    struct bt_error *err)
{
	const char *name = clash_name(m->u, s->who);

	switch (s->res) {
	case STEP_OFF:
		return bt_refuse(err, "CL-12", "'%s' moves as a block and "
		    "can't step '%s' off the map; move its stands one by one",
		    m->u->id, word);
	case STEP_BLOCKED:
		return bt_refuse(err, "G-2", "'%s' can't step '%s' onto "
		    "impassable ground", name, word);
	case STEP_ENEMY:
		return bt_refuse(err, "CL-1", "'%s' can't step '%s' into a "
		    "stand of enemy '%s'", name, word, s->other->id);
	case STEP_KEEP:
		return bt_refuse(err, "CL-2", "'%s' is in contact with an "
		    "enemy: without the Retreat action it may only move along "
		    "it, and step '%s' leaves it", name, word);
	case STEP_NEARER:
		return bt_refuse(err, "CL-9", "'%s' is broken: it retreats "
		    "away from enemies, and step '%s' goes nearer one", name,
		    word);
	default:
		return -1;
	}
}

/* CL-9: a broken unit's one action is the Retreat. */
static void
take_retreat(struct bt_state *st, struct bt_unit *u, const char *why)
{
	u->retreat = true;
	bt_log_text(bt_log_add(st, "retreat", u->id), "%s takes the Retreat "
	    "action (CL-2)%s", u->id, why);
}

static int
mover_of(struct bt_state *st, const struct clash_who *w, struct mover *m,
    size_t *one)
{
	memset(m, 0, sizeof(*m));
	m->st = st;
	m->u = w->u;
	if (w->k != SIZE_MAX) {
		*one = w->k;
		m->k = one;
		m->n = 1;
	} else {
		m->k = bt_xcalloc(w->u->nstands, sizeof(*m->k));
		for (size_t k = 0; k < w->u->nstands; k++)
			if (w->u->stands[k].placed)
				m->k[m->n++] = k;
	}
	m->free = w->u->retreat;
	m->away = (w->u->status & BT_ST_BROKEN) != 0;
	return 0;
}

/* CL-12: u's last stand is off the map, over edge. A broken unit was
 * driven off (the enemy's 'destroy' scores it, CL-12), not an escape. */
static void
leave_battle(struct bt_state *st, struct bt_unit *u, int edge)
{
	u->status |= BT_ST_FLED;
	u->retreat = false;
	bt_log_text(bt_log_add(st, "fled", u->id), "%s has left the battle "
	    "(CL-12)", u->id);
	if (!(u->status & BT_ST_BROKEN))
		clash_escaped(st, u, edge);
}

/* Where each moving stand ends up, what it spent, and the log. */
static void
carry_out(struct bt_state *st, struct mover *m, const int *path, int len,
    int tx, int ty, int spent, bool stopped, bool off)
{
	struct bt_unit *u = m->u;
	struct bt_log_entry *e = bt_log_add(st, "move", u->id);
	char *words = bt_xstrdup(""), *more, *name;
	int edge = -1;

	for (int i = 0; i < len; i++) {
		more = bt_xasprintf("%s%s%s", words, i ? " " : "",
		    bt_compass[path[i]].word);
		free(words);
		words = more;
	}
	name = bt_xstrdup(m->n == 1 ? clash_name(u, m->k[0]) : u->id);
	for (size_t i = 0; i < m->n; i++) {
		struct bt_stand *s = &u->stands[m->k[i]];

		s->moved = stopped ? u->speed : s->moved + spent;
		if (s->moved > u->speed)
			s->moved = u->speed;
		if (off) {	/* out of the battle: no turn left to keep */
			edge = edge_of(&st->map, s->x + tx, s->y + ty);
			s->placed = false;
			s->moved = 0;
			s->attacked = false;
			continue;
		}
		s->x += tx;
		s->y += ty;
	}
	if (off)
		bt_log_text(e, "%s moves %s and leaves the battle over the %s "
		    "edge (CL-12)", name, words, bt_facing_words[edge]);
	else if (m->n == 1)
		bt_log_text(e, "%s moves %s to [%d, %d], %d ft (%d left)%s",
		    name, words, u->stands[m->k[0]].x, u->stands[m->k[0]].y,
		    spent, u->speed - u->stands[m->k[0]].moved,
		    stopped ? ", stopped in contact with an enemy (CL-2)" : "");
	else
		bt_log_text(e, "%s moves %s as a block, %d ft (%d left)%s",
		    name, words, spent, movement_left(m),
		    stopped ? ", stopped in contact with an enemy (CL-2)" : "");
	if (off && clash_placed(u) == 0)
		leave_battle(st, u, edge);
	free(words);
	free(name);
}

/* --- CL-9: the rules' retreat of a broken unit --- */

/*
 * The retreat moves the unit as a block, so it keeps its formation: a
 * bt_search over the shifts of its stands by compass steps, with the
 * Retreat's freedom (CL-2), never nearer an enemy (CL-9), its stands free
 * to file off the map one by one (CL-12). A step's cost is its feet
 * times scale plus one for a diagonal, so that of two ways of the same
 * feet the search keeps the one with fewer diagonals.
 */
struct retreat {
	struct mover	 m;
	int		 scale;
};

static int
retreat_step(void *ctx, int x, int y, int so_far, int k, int *nx, int *ny,
    bool *stop)
{
	struct retreat *rt = ctx;
	struct step s;
	bool on = false;

	(void)so_far;
	(void)stop;
	for (size_t i = 0; i < rt->m.n && !on; i++) {
		const struct bt_stand *st = &rt->m.u->stands[rt->m.k[i]];

		on = bt_on_map(&rt->m.st->map, st->x + x, st->y + y);
	}
	if (!on)		/* the unit is gone: its retreat is over */
		return -1;
	s = try_step(&rt->m, x, y, bt_compass[k].dx, bt_compass[k].dy);
	*nx = x + bt_compass[k].dx;
	*ny = y + bt_compass[k].dy;
	return s.res == STEP_OK ? s.cost * rt->scale + k % 2 : -1;
}

/* A pose the search reached, and how it ranks (retreat_cmp). */
struct pose {
	int	 at;		/* window square */
	int	 tx, ty;	/* the shift of every stand */
	int	 feet, diag, turns;
	bool	 off, safe;
};

/* The fixed order after the edge: the straightest way (fewest diagonal
 * steps, then turns), the fewest feet, then the window's order (the
 * northernmost end, then the westernmost), so staying, 0 of each, wins
 * every tie. */
static int
retreat_cmp(const void *a, const void *b)
{
	const struct pose *p = a, *q = b;

	if (p->diag != q->diag)
		return p->diag - q->diag;
	if (p->turns != q->turns)
		return p->turns - q->turns;
	if (p->feet != q->feet)
		return p->feet - q->feet;
	return p->at - q->at;
}

/* What the search says of window square at, into *p; false when it is
 * no place to end (not reached, part off the map, on a friend). */
static bool
pose_of(const struct retreat *rt, const struct bt_search *s, int at,
    int *how, struct pose *p)
{
	const struct bt_map *map = &rt->m.st->map;
	size_t on = 0, who;
	int len;

	if (s->dist[at] < 0)
		return false;
	memset(p, 0, sizeof(*p));
	p->at = at;
	p->tx = at % s->side - s->r;
	p->ty = at / s->side - s->r;
	p->feet = s->dist[at] / rt->scale;
	p->diag = s->dist[at] % rt->scale;
	for (size_t i = 0; i < rt->m.n; i++) {
		const struct bt_stand *st = &rt->m.u->stands[rt->m.k[i]];

		on += bt_on_map(map, st->x + p->tx, st->y + p->ty);
	}
	if (on > 0 && on < rt->m.n)
		return false;
	p->off = on == 0;
	if (!p->off && end_blocked(&rt->m, p->tx, p->ty, &who) != NULL)
		return false;
	p->safe = true;
	for (size_t i = 0; i < rt->m.n && !p->off; i++) {
		const struct bt_stand *st = &rt->m.u->stands[rt->m.k[i]];

		if (clash_contact(rt->m.st, rt->m.u, st->x + p->tx,
		    st->y + p->ty))
			p->safe = false;
	}
	len = bt_search_path(s, at, how, s->r + 1);
	for (int i = 1; i < len; i++)
		p->turns += how[i] != how[i - 1];
	return true;
}

/* A square on the way to the edge (edge_rank): its cost so far, plus
 * the least it can still cost (a step a square), and whose pose. */
struct lead {
	int	 f, g, rank, x, y;
};

static bool
lead_before(const struct lead *a, const struct lead *b)
{
	if (a->f != b->f)
		return a->f < b->f;
	if (a->rank != b->rank)
		return a->rank < b->rank;
	return a->g > b->g;	/* deeper first: a straight way is found */
}

static void
lead_push(struct lead **h, size_t *n, size_t *cap, struct lead l)
{
	size_t i;

	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*h = bt_xreallocarray(*h, *cap, sizeof(**h));
	}
	for (i = (*n)++; i > 0 && lead_before(&l, &(*h)[(i - 1) / 2]);
	    i = (i - 1) / 2)
		(*h)[i] = (*h)[(i - 1) / 2];
	(*h)[i] = l;
}

static struct lead
lead_pop(struct lead *h, size_t *n)
{
	struct lead top = h[0], last = h[--*n];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < *n) {
		if (c + 1 < *n && lead_before(&h[c + 1], &h[c]))
			c++;
		if (!lead_before(&h[c], &last))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = last;
	return top;
}

/* A lead's cost and pose as one number, plus 1: the smaller the better. */
static unsigned long long
lead_got(const struct lead *l)
{
	return ((unsigned long long)l->g << 32 | (unsigned)l->rank) + 1;
}

/* Queues l when it is the best way to its square so far. */
static void
lead_offer(struct lead **h, size_t *n, size_t *cap, unsigned long long *got,
    const struct bt_map *map, struct lead l)
{
	size_t key = (size_t)l.y * map->width + l.x;

	if (got[key] != 0 && got[key] <= lead_got(&l))
		return;
	got[key] = lead_got(&l);
	lead_push(h, n, cap, l);
}

/* Squares from (x, y) to stepping off the map, and over which edge. */
static int
edge_steps(const struct bt_map *map, int x, int y, int *edge)
{
	int gap[4] = { y + 1, map->width - x, map->height - y, x + 1 };
	int best = BT_N;

	for (int f = BT_E; f <= BT_W; f++)
		if (gap[f] < gap[best])
			best = f;
	if (edge != NULL)
		*edge = best;
	return gap[best];
}

static int
keycmp(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/* The squares of u's enemies' stands, as sorted keys y * width + x, so
 * that a search over many squares asks each in log time. */
static long *
enemy_keys(const struct bt_state *st, const struct bt_unit *u, size_t *n)
{
	long *keys = NULL;

	*n = 0;
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];

		if (!clash_enemies(u, e))
			continue;
		for (size_t j = 0; j < e->nstands; j++) {
			if (!e->stands[j].placed)
				continue;
			keys = bt_xreallocarray(keys, *n + 1, sizeof(*keys));
			keys[(*n)++] = (long)e->stands[j].y * st->map.width +
			    e->stands[j].x;
		}
	}
	if (*n > 0)
		qsort(keys, *n, sizeof(*keys), keycmp);
	return keys;
}

/*
 * "Nearest a map edge, measured along passable ground it could cross":
 * the squares a stand of the poses would walk to step off the map,
 * around impassable ground and enemy stands, a difficult one counting two
 * as it costs twice the feet (G-2). One A* search from the stands of every pose at once, in the
 * poses' order, the squares left to the edge its estimate; the first
 * square on the map's border it takes is the nearest way out, the pose
 * it came from first in the order among the nearest. It stops there, so
 * it walks about the squares between the unit and its edge, not the
 * whole map. Returns that pose's index (the first when no edge can be
 * reached) and the edge in *edge.
 */
static size_t
edge_rank(const struct bt_state *st, const struct bt_unit *u,
    const struct mover *m, const struct pose *p, size_t np, int *edge)
{
	const struct bt_map *map = &st->map;
	size_t area = (size_t)map->width * (size_t)map->height;
	/* per square: done, and the best (cost, pose) it was reached with,
	 * plus 1 (0: not yet), so that a square is queued again only when a
	 * better way comes to it */
	bool *done = bt_xcalloc(area, sizeof(*done));
	unsigned long long *got = bt_xcalloc(area, sizeof(*got));
	struct lead *h = NULL, l;
	size_t n = 0, cap = 0, best = 0, nkeys;
	long *keys = enemy_keys(st, u, &nkeys), key;

	*edge = -1;
	for (size_t c = 0; c < np; c++)
		for (size_t i = 0; i < m->n; i++) {
			const struct bt_stand *s = &u->stands[m->k[i]];

			l.x = s->x + p[c].tx;
			l.y = s->y + p[c].ty;
			l.g = 0;
			l.f = edge_steps(map, l.x, l.y, NULL);
			l.rank = (int)c;
			lead_offer(&h, &n, &cap, got, map, l);
		}
	while (n > 0) {
		l = lead_pop(h, &n);
		key = (long)l.y * map->width + l.x;
		if (done[key] || got[key] != lead_got(&l))
			continue;	/* taken already, or a better way came */
		done[key] = true;
		if (edge_steps(map, l.x, l.y, edge) == 1) {
			best = (size_t)l.rank;
			break;
		}
		for (int k = 0; k < BT_NCOMPASS; k++) {
			struct lead to = l;
			int t;

			to.x += bt_compass[k].dx;
			to.y += bt_compass[k].dy;
			t = bt_terrain_at(map, to.x, to.y);
			key = (long)to.y * map->width + to.x;
			if (t == BT_BLOCKED || done[key] || (nkeys > 0 &&
			    bsearch(&key, keys, nkeys, sizeof(*keys),
			    keycmp) != NULL))
				continue;
			to.g += bt_difficult(t) ? 2 : 1;
			to.f = to.g + edge_steps(map, to.x, to.y, NULL);
			lead_offer(&h, &n, &cap, got, map, to);
		}
	}
	free(h);
	free(done);
	free(got);
	free(keys);
	return best;
}

/*
 * CL-9 ("it must seek a safe path away from enemy units"), as cc's
 * CC-28: at the start of its turn the rules move a broken unit of stands
 * with all its movement, as a block, never nearer an enemy. Of every end
 * it can reach they take, in this order of preference: one off the map;
 * one next to no enemy stand (clash has no opportunity attacks to
 * provoke); the one nearest a map edge by passable ground (edge_rank);
 * then the fixed order of retreat_cmp. Staying is one of the ends, so
 * where nothing is better it stays. Its action is the Retreat (CL-2)
 * and its movement is spent. Returns whether it left the battle.
 */
bool
clash_retreat(struct bt_state *st, struct bt_unit *u)
{
	struct clash_who w = { u, SIZE_MAX };
	struct retreat rt;
	struct bt_search s;
	struct pose *p, *best = NULL;
	struct bt_log_entry *e;
	size_t one, np = 0, nsafe = 0;
	int r, *how, len, edge = BT_N, left;
	char *words = bt_xstrdup(""), *more;
	bool off;

	mover_of(st, &w, &rt.m, &one);
	rt.m.free = rt.m.away = rt.m.leave = true;
	left = movement_left(&rt.m);
	r = left / st->map.square;
	if (r > st->map.width + st->map.height)
		r = st->map.width + st->map.height;
	rt.scale = r + 1;
	bt_search(&s, r, left * rt.scale + r, BT_NCOMPASS, retreat_step, &rt,
	    r + 1, 0);
	p = bt_xcalloc((size_t)s.side * s.side, sizeof(*p));
	how = bt_xcalloc((size_t)r + 2, sizeof(*how));
	for (int at = 0; at < s.side * s.side; at++)
		if (pose_of(&rt, &s, at, how, &p[np]))
			np++;
	qsort(p, np, sizeof(*p), retreat_cmp);
	for (size_t i = 0; i < np && best == NULL; i++)
		if (p[i].off)
			best = &p[i];
	if (best == NULL) {
		/* none off the map: the safe ends, in their order, if any */
		for (size_t i = 0; i < np; i++)
			if (p[i].safe)
				p[nsafe++] = p[i];
		if (nsafe == 0)
			nsafe = np;
		best = &p[edge_rank(st, u, &rt.m, p, nsafe, &edge)];
	}
	len = bt_search_path(&s, best->at, how, r + 1);
	for (int i = 0; i < len; i++) {
		more = bt_xasprintf("%s%s%s", words, i ? " " : "",
		    bt_compass[how[i]].word);
		free(words);
		words = more;
	}
	off = best->off;
	for (size_t i = 0; i < rt.m.n; i++) {
		struct bt_stand *st1 = &u->stands[rt.m.k[i]];

		st1->x += best->tx;
		st1->y += best->ty;
		if (off) {
			edge = edge_of(&st->map, st1->x, st1->y);
			st1->placed = false;
			st1->moved = 0;
		} else
			st1->moved = u->speed;
	}
	u->retreat = !off;
	e = bt_log_add(st, "retreat", u->id);
	if (off)
		bt_log_text(e, "%s is broken and takes the Retreat action "
		    "(CL-2, CL-9): it retreats %s off the %s edge and leaves "
		    "the battle (CL-12)", u->id, words, bt_facing_words[edge]);
	else if (len > 0 && edge >= 0)
		bt_log_text(e, "%s is broken and takes the Retreat action "
		    "(CL-2, CL-9): it retreats %s, %d ft, toward the %s edge",
		    u->id, words, best->feet, bt_facing_words[edge]);
	else if (len > 0)	/* no edge to be reached: out of contact */
		bt_log_text(e, "%s is broken and takes the Retreat action "
		    "(CL-2, CL-9): it retreats %s, %d ft, away from the enemy",
		    u->id, words, best->feet);
	else
		bt_log_text(e, "%s is broken and takes the Retreat action "
		    "(CL-2, CL-9), but no way is better than where it stands: "
		    "it stays", u->id);
	if (off)
		leave_battle(st, u, edge);
	free(words);
	free(how);
	free(p);
	bt_search_free(&s);
	if (rt.m.k != &one)
		free(rt.m.k);
	return off;
}

/*
 * The map as clash_reach's search asks it, thousands of times: who is on
 * each square and which squares are next to an enemy of u, in one
 * allocation, so that a step asks no list of units. A state of more than
 * 65535 units, or stands in a unit, is asked the slow way.
 */
static void
look_up(const struct bt_state *st, const struct bt_unit *u, struct mover *m)
{
	size_t area = (size_t)st->map.width * (size_t)st->map.height;
	unsigned *on;
	bool *near;

	if (st->nunits > 0xffff)
		return;
	for (size_t i = 0; i < st->nunits; i++)
		if (st->units[i].nstands > 0xffff)
			return;
	on = bt_xcalloc(area, sizeof(*on) + sizeof(*near));
	near = (bool *)(on + area);
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *o = &st->units[i];

		for (size_t j = 0; j < o->nstands; j++) {
			const struct bt_stand *s = &o->stands[j];

			if (!s->placed || !bt_on_map(&st->map, s->x, s->y))
				continue;
			on[(size_t)s->y * st->map.width + s->x] =
			    (unsigned)(i << 16 | j) + 1;
			if (!clash_enemies(u, o))
				continue;
			for (int k = 0; k < BT_NCOMPASS; k++) {
				int x = s->x + bt_compass[k].dx;
				int y = s->y + bt_compass[k].dy;

				if (bt_on_map(&st->map, x, y))
					near[(size_t)y * st->map.width + x] =
					    true;
			}
		}
	}
	m->on = on;
	m->near = near;
}

/*
 * The moves of the list of legal orders (clash-options.c): every end a
 * bt-move of stand k of u (SIZE_MAX: the whole unit, as a block) can
 * reach now that clash_move carries out, each by the cheapest steps. One
 * search (the one --to makes, with clash_move's own steps) gives them
 * all; an end is kept when clash_move would keep it: on no friend's
 * square (CL-1), the unit in formation (CL-2). A stand or solo alone may
 * also step off the map (CL-12) from a square it reaches, by the edge's
 * own direction; such a step is counted a square's feet, and taken only
 * within the movement left. fn is told the steps, their feet, the shift
 * of the mover's stands and whether it leaves the map. u is the active
 * unit, not down, and stand k is on the map.
 */
void
clash_reach(const struct bt_state *st, const struct bt_unit *u, size_t k,
    clash_reach_fn *fn, void *arg)
{
	/* clash_who names a unit it may change; the mover only reads it */
	struct clash_who w = { (struct bt_unit *)(uintptr_t)u, k };
	static const int edge_step[] = { 0, 2, 4, 6 };	/* n, e, s, w */
	int path[CLASH_MAX_STEPS + 1], left, r, len;
	struct mover m;
	struct bt_search s;
	size_t one, who;

	mover_of((struct bt_state *)(uintptr_t)st, &w, &m, &one);
	if (m.n == 0)
		goto out;
	look_up(st, u, &m);
	/* a broken unit's move is its Retreat (CL-9): clash_move takes it */
	m.free = m.free || m.away;
	left = movement_left(&m);
	r = left / st->map.square;
	if (r > CLASH_MAX_STEPS)
		r = CLASH_MAX_STEPS;
	bt_search(&s, r, left, BT_NCOMPASS, path_step, &m, r + 1, 0);
	for (int at = 0; at < s.side * s.side; at++) {
		const struct bt_stand *first = &u->stands[m.k[0]];
		int tx = at % s.side - s.r, ty = at / s.side - s.r;

		if (s.dist[at] < 0 || (len = bt_search_path(&s, at, path,
		    CLASH_MAX_STEPS)) < 0)
			continue;
		if (len > 0 && end_blocked(&m, tx, ty, &who) == NULL &&
		    (m.free || formation_broken(&m, tx, ty, false) ==
		    SIZE_MAX))
			fn(arg, path, len, s.dist[at], tx, ty, false);
		if (m.n != 1 || s.dist[at] + st->map.square > left)
			continue;
		/* a step into contact ends the order (CL-2): none after it */
		if (len > 0) {
			int c = path[len - 1];
			struct step last = try_step(&m, tx - bt_compass[c].dx,
			    ty - bt_compass[c].dy, bt_compass[c].dx,
			    bt_compass[c].dy);

			if (last.contact)
				continue;
		}
		for (size_t e = 0; e < BT_NELEM(edge_step); e++) {
			const struct bt_compass *c = &bt_compass[edge_step[e]];

			if (bt_on_map(&st->map, first->x + tx + c->dx,
			    first->y + ty + c->dy) ||
			    (!m.free && formation_broken(&m, tx + c->dx,
			    ty + c->dy, true) != SIZE_MAX))
				continue;
			path[len] = edge_step[e];
			fn(arg, path, len + 1, s.dist[at] + st->map.square,
			    tx + c->dx, ty + c->dy, true);
		}
	}
	bt_search_free(&s);
out:
	free((void *)(uintptr_t)m.on);
	if (m.k != &one)
		free(m.k);
}

/*
 * CL-1: the order goes over the movement left at path[over]. It is
 * stepped again, past that step, to a contact or the edge that would end
 * it, so that the refusal tells its whole cost (the steps before
 * path[over] make none: clash_move stops at one).
 */
static void
refuse_cost(struct mover *m, const int *path, int len, int over, int left,
    struct bt_error *err)
{
	struct bt_step_cost costs[CLASH_MAX_STEPS];
	const struct bt_stand *first = &m->u->stands[m->k[0]];
	int k, refused = -1, tx = 0, ty = 0;
	char *text;

	for (k = 0; k < len; k++) {
		const int c = path[k];
		struct step s = try_step(m, tx, ty, bt_compass[c].dx,
		    bt_compass[c].dy);

		costs[k].word = bt_compass[c].word;
		if (s.res == STEP_OFF && m->n == 1) {
			/* CL-12: it leaves, for a square's feet */
			costs[k].cost = m->st->map.square;
			costs[k].hard = false;
			costs[k].x = first->x + tx + bt_compass[c].dx;
			costs[k].y = first->y + ty + bt_compass[c].dy;
			k++;
			break;
		}
		if (s.res != STEP_OK) {
			refused = k;
			break;
		}
		tx += bt_compass[c].dx;
		ty += bt_compass[c].dy;
		costs[k].cost = s.cost;
		costs[k].hard = s.cost > m->st->map.square;
		costs[k].x = first->x + tx;
		costs[k].y = first->y + ty;
		if (k >= over && s.contact) {
			k++;
			break;
		}
	}
	text = bt_cost_text(costs, k, over, refused);
	bt_refuse(err, "CL-1", "'%s' has %d ft of movement left; %s",
	    m->n == 1 ? clash_name(m->u, m->k[0]) : m->u->id, left, text);
	free(text);
}

/* bt-move UNIT.N STEP... | UNIT STEP... | --to X,Y UNIT[.N] */
int
clash_move(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	int path[CLASH_MAX_STEPS];
	struct clash_who w;
	struct mover m;
	size_t one, who;
	int len, left, tx = 0, ty = 0, spent = 0, done = 0, rc = -1;
	bool stopped = false, off = false;
	const struct bt_unit *blocker;

	if (o->argc < 1 || (o->to && o->argc != 1) || (!o->to && o->argc < 2))
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bt-move takes a "
		    "stand and its steps, or a stand and --to X,Y");
	if (o->argc - 1 > CLASH_MAX_STEPS)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "more than %d steps "
		    "in one order", CLASH_MAX_STEPS);
	if (o->disengage)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "--disengage is for "
		    "cc; in clash, take the Retreat action with bt-act UNIT "
		    "retreat");
	if (clash_operand(st, o->argv[0], true, &w, err) < 0 ||
	    (len = parse_steps(o, path, err)) < 0)
		return -1;
	if (clash_check_turn(st, w.u, err) < 0)
		return -1;
	if (w.k != SIZE_MAX && !w.u->stands[w.k].placed)
		return bt_refuse(err, "CL-6", "'%s' is no longer on the map",
		    clash_name(w.u, w.k));
	if (clash_down(w.u))
		return bt_refuse(err, "CL-7", "'%s' is down at 0 HP: it "
		    "can't move", w.u->id);
	mover_of(st, &w, &m, &one);
	if (m.away && !m.free) {
		take_retreat(st, w.u, ", the one action of a broken unit (CL-9)");
		m.free = true;
	}
	left = movement_left(&m);
	if (o->to && !bt_on_map(&st->map, o->to_x, o->to_y)) {
		bt_errorf(err, BT_EXIT_USAGE, 0, 0, "[%d, %d] is off the map",
		    o->to_x, o->to_y);
		goto out;
	}
	if (o->to && o->to_x == w.u->stands[m.k[0]].x &&
	    o->to_y == w.u->stands[m.k[0]].y) {
		bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s' is already at [%d, %d]",
		    clash_name(w.u, m.k[0]), o->to_x, o->to_y);
		goto out;
	}
	if (o->to && (len = find_path(&m, o->to_x, o->to_y, left, path,
	    CLASH_MAX_STEPS)) < 0) {
		bt_refuse(err, "CL-1", "'%s' has no path to [%d, %d] within "
		    "its %d ft of movement left", m.n == 1 ?
		    clash_name(w.u, m.k[0]) : w.u->id, o->to_x, o->to_y, left);
		goto out;
	}

	/* The whole order, simulated: refused whole or carried out. */
	for (done = 0; done < len; done++) {
		const int c = path[done];
		struct step s = try_step(&m, tx, ty, bt_compass[c].dx,
		    bt_compass[c].dy);

		if (s.res == STEP_OFF && m.n == 1) {
			/* CL-12: out of the battle, for a square's feet, as
			 * clash_reach lists it */
			if (spent + st->map.square > left) {
				refuse_cost(&m, path, len, done, left, err);
				goto out;
			}
			off = true;
			tx += bt_compass[c].dx;
			ty += bt_compass[c].dy;
			done++;
			break;
		}
		if (s.res != STEP_OK) {
			step_refused(&m, &s, bt_compass[c].word, err);
			goto out;
		}
		spent += s.cost;
		if (spent > left) {
			refuse_cost(&m, path, len, done, left, err);
			goto out;
		}
		tx += bt_compass[c].dx;
		ty += bt_compass[c].dy;
		if (s.contact) {
			stopped = true;
			done++;
			break;
		}
	}
	if (!off && (blocker = end_blocked(&m, tx, ty, &who)) != NULL) {
		bt_refuse(err, "CL-1", "'%s' would end its move on a square "
		    "of '%s'", clash_name(w.u, who), blocker->id);
		goto out;
	}
	if (!m.free && !w.u->solo &&
	    (who = formation_broken(&m, tx, ty, off)) != SIZE_MAX) {
		bt_refuse(err, "CL-2", "the move would leave '%s' out of "
		    "formation, with no stand of its unit next to it",
		    clash_name(w.u, who));
		goto out;
	}
	carry_out(st, &m, path, done, tx, ty, spent, stopped, off);
	if (stopped && done < len)
		bt_warnx("'%s' stopped in contact with an enemy after %d "
		    "step%s (CL-2); the rest of the order was dropped",
		    m.n == 1 ? clash_name(w.u, m.k[0]) : w.u->id, done,
		    done == 1 ? "" : "s");
	rc = clash_settle(st, dice, err);
out:
	if (m.k != &one)
		free(m.k);
	return rc;
}

static const char *const act_words[] = { "retreat", "join", "leave", NULL };

/* Refuses (-1) the action act of u (with t, the unit a solo joins) that
 * the rules don't allow now; 0 when they do. */
int
clash_act_refused(const struct bt_state *st, const struct bt_unit *u,
    enum clash_act act, const struct bt_unit *t, struct bt_error *err)
{
	const struct bt_stand *me = &u->stands[0];
	bool near_it = false;

	if (clash_check_turn(st, u, err) < 0)
		return -1;
	if (clash_down(u))
		return bt_refuse(err, "CL-7", "'%s' is down at 0 HP: it "
		    "can't act", u->id);
	if (act == CLASH_ACT_RETREAT) {
		if (u->retreat)
			return bt_refuse(err, "CL-2", "'%s' has taken the "
			    "Retreat action this turn", u->id);
		for (size_t k = 0; k < u->nstands; k++)
			if (u->stands[k].attacked)
				return bt_refuse(err, "CL-2", "'%s' has "
				    "attacked this turn: the Retreat is the "
				    "action of all its stands", u->id);
		return 0;
	}
	if (!u->solo)
		return bt_refuse(err, "CL-10", "only a solo joins or leaves "
		    "a unit; '%s' is not one", u->id);
	if (act == CLASH_ACT_LEAVE) {
		if (u->joined == NULL)
			return bt_refuse(err, "CL-10", "'%s' has joined no "
			    "unit", u->id);
		if (me->moved > 0 || me->attacked || u->retreat)
			return bt_refuse(err, "CL-10", "'%s' may leave its "
			    "unit only at the start of its turn, before it "
			    "moves or acts", u->id);
		return 0;
	}
	if (u->joined != NULL)
		return bt_refuse(err, "CL-10", "'%s' has already joined '%s'",
		    u->id, u->joined);
	if (t->solo || clash_enemies(t, u) || !clash_in_battle(t))
		return bt_refuse(err, "CL-1", "'%s' can join only a unit of "
		    "stands of its side in the battle", u->id);
	for (size_t k = 0; k < t->nstands; k++)
		near_it |= t->stands[k].placed && clash_next_to(me->x, me->y,
		    t->stands[k].x, t->stands[k].y);
	if (!near_it)
		return bt_refuse(err, "CL-1", "'%s' must be next to a stand "
		    "of '%s' to join it", u->id, t->id);
	return 0;
}

/* bt-act UNIT retreat | SOLO join UNIT | SOLO leave */
int
clash_act(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	struct clash_who w, t = { NULL, 0 };
	const char *near;
	int act;

	(void)dice;
	if ((act = bt_word_index(act_words, o->argv[1])) < 0) {
		near = bt_closest(o->argv[1], act_words);
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "unknown action "
		    "'%s'%s%s%s (clash: retreat, join UNIT, leave)", o->argv[1],
		    near ? " (did you mean '" : "", near ? near : "",
		    near ? "'?)" : "");
	}
	if (o->argc != (act == CLASH_ACT_JOIN ? 3 : 2))
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s' takes %s",
		    act_words[act], act == CLASH_ACT_JOIN ?
		    "the unit to join" : "no operand");
	if (strchr(o->argv[0], '.') != NULL)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bt-act takes a "
		    "unit, not a stand: '%s'", o->argv[0]);
	if (clash_operand(st, o->argv[0], true, &w, err) < 0 ||
	    (act == CLASH_ACT_JOIN &&
	    clash_operand(st, o->argv[2], true, &t, err) < 0))
		return -1;
	if (clash_act_refused(st, w.u, act, t.u, err) < 0)
		return -1;
	switch (act) {
	case CLASH_ACT_RETREAT:
		take_retreat(st, w.u, "");
		break;
	case CLASH_ACT_LEAVE:
		bt_log_text(bt_log_add(st, "leave", w.u->id), "%s leaves %s "
		    "(CL-10)", w.u->id, w.u->joined);
		free(w.u->joined);
		w.u->joined = NULL;
		break;
	default:
		w.u->joined = bt_xstrdup(t.u->id);
		bt_log_text(bt_log_add(st, "join", w.u->id), "%s joins %s "
		    "(CL-1)", w.u->id, t.u->id);
	}
	return 0;
}
