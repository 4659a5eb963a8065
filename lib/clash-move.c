/*
 * clash-move.c: bt-move in clash (CL-1, CL-2, CL-9, CL-12's way off the
 * map, G-1, G-2) and bt-act's Retreat, join and leave (CL-2, CL-10). A
 * stand, or a whole unit as a block, moves by compass steps; an order is
 * simulated whole first, then carried out, so a refused order changes
 * nothing and only a contact (CL-2) cuts one short.
 */
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
};

enum step_result {
	STEP_OK, STEP_OFF, STEP_BLOCKED, STEP_ENEMY, STEP_KEEP, STEP_NEARER
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
		if (!bt_on_map(&st->map, nx, ny)) {
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
		before = clash_contact(st, m->u, x, y);
		after = clash_contact(st, m->u, nx, ny);
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

	if (r > m->st->map.width + m->st->map.height)
		r = m->st->map.width + m->st->map.height;
	gx -= m->u->stands[m->k[0]].x;
	gy -= m->u->stands[m->k[0]].y;
	if (abs(gx) > r || abs(gy) > r)
		return -1;
	bt_search(&s, r, left, BT_NCOMPASS, path_step, (void *)m, gx, gy);
	len = bt_search_path(&s, bt_search_at(&s, gx, gy), path, maxpath);
	bt_search_free(&s);
	return len > 0 ? len : -1;
}

/* CL-2: does stand k of u have another of its unit next to it, with
 * the stands at (xs, ys)? */
static bool
has_mate(const struct bt_unit *u, size_t k, const int *xs, const int *ys,
    const bool *on)
{
	for (size_t j = 0; j < u->nstands; j++)
		if (j != k && on[j] && clash_next_to(xs[k], ys[k], xs[j], ys[j]))
			return true;
	return false;
}

/* CL-2: a move may not leave a stand that had a neighbour of its unit
 * alone; returns the first it would, or SIZE_MAX. */
static size_t
formation_broken(const struct mover *m, int tx, int ty, bool gone)
{
	const struct bt_unit *u = m->u;
	size_t n = u->nstands, bad = SIZE_MAX;
	int *x0 = bt_xcalloc(n, sizeof(int)), *y0 = bt_xcalloc(n, sizeof(int));
	int *x1 = bt_xcalloc(n, sizeof(int)), *y1 = bt_xcalloc(n, sizeof(int));
	bool *on0 = bt_xcalloc(n, sizeof(bool)), *on1 = bt_xcalloc(n,
	    sizeof(bool));

	for (size_t j = 0; j < n; j++) {
		bool moves = moving(m, u, j);

		x0[j] = x1[j] = u->stands[j].x;
		y0[j] = y1[j] = u->stands[j].y;
		on0[j] = on1[j] = u->stands[j].placed;
		if (moves) {
			x1[j] += tx;
			y1[j] += ty;
			on1[j] = on1[j] && !gone;
		}
	}
	for (size_t j = 0; j < n && bad == SIZE_MAX; j++)
		if (on0[j] && on1[j] && has_mate(u, j, x0, y0, on0) &&
		    !has_mate(u, j, x1, y1, on1))
			bad = j;
	free(x0);
	free(y0);
	free(x1);
	free(y1);
	free(on0);
	free(on1);
	return bad;
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
	if (off && clash_placed(u) == 0) {
		u->status |= BT_ST_FLED;
		u->retreat = false;
		bt_log_text(bt_log_add(st, "fled", u->id), "%s has left the "
		    "battle (CL-12)", u->id);
		clash_escaped(st, u, edge);
	}
	free(words);
	free(name);
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
			off = true;	/* CL-12: out of the battle */
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
			bt_refuse(err, "CL-1", "'%s' has %d ft of movement "
			    "left; the order needs %d", m.n == 1 ?
			    clash_name(w.u, m.k[0]) : w.u->id, left, spent);
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
	if (o->argc != (act == 1 ? 3 : 2))
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s' takes %s",
		    act_words[act], act == 1 ? "the unit to join" :
		    "no operand");
	if (strchr(o->argv[0], '.') != NULL)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bt-act takes a "
		    "unit, not a stand: '%s'", o->argv[0]);
	if (clash_operand(st, o->argv[0], true, &w, err) < 0 ||
	    (act == 1 && clash_operand(st, o->argv[2], true, &t, err) < 0))
		return -1;
	if (clash_check_turn(st, w.u, err) < 0)
		return -1;
	if (clash_down(w.u))
		return bt_refuse(err, "CL-7", "'%s' is down at 0 HP: it "
		    "can't act", w.u->id);
	if (act == 0) {
		if (w.u->retreat)
			return bt_refuse(err, "CL-2", "'%s' has taken the "
			    "Retreat action this turn", w.u->id);
		for (size_t k = 0; k < w.u->nstands; k++)
			if (w.u->stands[k].attacked)
				return bt_refuse(err, "CL-2", "'%s' has "
				    "attacked this turn: the Retreat is the "
				    "action of all its stands", w.u->id);
		take_retreat(st, w.u, "");
		return 0;
	}
	if (!w.u->solo)
		return bt_refuse(err, "CL-10", "only a solo joins or leaves "
		    "a unit; '%s' is not one", w.u->id);
	if (act == 2) {
		if (w.u->joined == NULL)
			return bt_refuse(err, "CL-10", "'%s' has joined no "
			    "unit", w.u->id);
		if (w.u->stands[0].moved > 0 || w.u->stands[0].attacked ||
		    w.u->retreat)
			return bt_refuse(err, "CL-10", "'%s' may leave its "
			    "unit only at the start of its turn, before it "
			    "moves or acts", w.u->id);
		bt_log_text(bt_log_add(st, "leave", w.u->id), "%s leaves %s "
		    "(CL-10)", w.u->id, w.u->joined);
		free(w.u->joined);
		w.u->joined = NULL;
		return 0;
	}
	if (w.u->joined != NULL)
		return bt_refuse(err, "CL-10", "'%s' has already joined '%s'",
		    w.u->id, w.u->joined);
	if (t.u->solo || clash_enemies(t.u, w.u) || !clash_in_battle(t.u))
		return bt_refuse(err, "CL-1", "'%s' can join only a unit of "
		    "stands of its side in the battle", w.u->id);
	{
		const struct bt_stand *me = &w.u->stands[0];
		bool near_it = false;

		for (size_t k = 0; k < t.u->nstands; k++)
			near_it |= t.u->stands[k].placed &&
			    clash_next_to(me->x, me->y, t.u->stands[k].x,
			    t.u->stands[k].y);
		if (!near_it)
			return bt_refuse(err, "CL-1", "'%s' must be next to "
			    "a stand of '%s' to join it", w.u->id, t.u->id);
	}
	w.u->joined = bt_xstrdup(t.u->id);
	bt_log_text(bt_log_add(st, "join", w.u->id), "%s joins %s (CL-1)",
	    w.u->id, t.u->id);
	return 0;
}
