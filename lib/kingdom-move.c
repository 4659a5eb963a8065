/*
 * kingdom-move.c: the maneuver phase (KM-2, KM-4: bt-move) and the
 * commanders' choices (KM-3, KM-6, KM-13: bt-act).
 */
#include <stdlib.h>
#include <string.h>

#include "kingdom.h"

/* Refuses an order to an army that has left the field. */
static int
check_on_field(const struct bt_unit *u, struct bt_error *err)
{
	if (u->status & BT_ST_ROUTED)
		return bt_refuse(err, "KM-12", "'%s' has routed and left the "
		    "battle", u->id);
	if (u->status & BT_ST_DESTROYED)
		return bt_refuse(err, "KM-9", "'%s' is destroyed", u->id);
	if (!km_on_field(u))
		return bt_refuse(err, "KM-1", "'%s' is not on the field",
		    u->id);
	return 0;
}

static int
check_phase(const struct bt_state *st, int phase, const char *rule,
    const char *what, struct bt_error *err)
{
	if (st->phase == phase)
		return 0;
	return bt_refuse(err, rule, "%s in the %s phase; it is the %s phase",
	    what, km_phase_words[phase], km_phase_words[st->phase]);
}

/*
 * KM-2: is the army's move over for this turn? It has no Maneuver left,
 * stopped when it came into contact, failed to disengage (KM-4) or was
 * told to stand (bt-act stand).
 */
bool
km_move_over(const struct bt_unit *u)
{
	const struct bt_km_turn *t = &u->km;

	if (u->maneuver <= 0)
		return true;
	return t->present && (t->moved >= u->maneuver ||
	    t->halted != KM_MOVING || t->disengage == 2);
}

/*
 * KM-2, the revised decision: the side that moves first keeps its first
 * step whole, so the other side's armies wait until every army of it on
 * the field has ended its move. Returns the first of them, by id, whose
 * move is not over, or NULL once the first step is done.
 */
static const struct bt_unit *
first_step_open(const struct bt_state *st)
{
	const struct bt_unit *w = NULL;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (strcmp(u->side, st->first) == 0 && km_on_field(u) &&
		    !km_move_over(u) && (w == NULL || strcmp(u->id, w->id) < 0))
			w = u;
	}
	return w;
}

/*
 * The hostile armies it is engaged with (KM-4), by id, as its 'engaged'
 * keeps them. One merely next to it doesn't count (the decision under
 * KM-4): the army moves away from it without a roll.
 */
static size_t
engaged_with(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_unit **out)
{
	for (size_t k = 0; k < u->engaged.n; k++)
		out[k] = bt_unit_find(st, u->engaged.v[k]);
	return u->engaged.n;
}

/* KM-4: Maneuver against the Maneuver DC of each, in order of their ids. */
static bool
disengage(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const struct bt_unit **from, size_t n)
{
	struct bt_log_entry *e = bt_log_add(st, "disengage", u->id);
	int mod = km_maneuver_mod(st, u);
	char *text = bt_xasprintf("%s tries to disengage (KM-4):", u->id);
	bool ok = true;

	dice->record = &e->rolls;
	for (size_t i = 0; i < n; i++) {
		char *who = bt_xasprintf("%s tries to disengage (KM-4) from %s",
		    u->id, from[i]->id);
		char *need = bt_need_words(from[i]->maneuver_dc - mod, 20, false,
		    false);
		int r, total;
		bool pass;

		bt_dice_why(dice, who, "; %s passes (DC %d)", need,
		    from[i]->maneuver_dc);
		free(who);
		free(need);
		r = bt_roll(dice, 20);
		total = r + mod;
		pass = total >= from[i]->maneuver_dc;
		char *more = bt_xasprintf("%s%s %d %c %d = %d against %s's DC "
		    "%d, %s", text, i ? ";" : "", r, mod < 0 ? '-' : '+',
		    abs(mod), total, from[i]->id, from[i]->maneuver_dc,
		    pass ? "passed" : "failed");

		free(text);
		text = more;
		ok &= pass;
	}
	dice->record = NULL;
	bt_log_text(e, "%s; %s", text, ok ? "it is free to move" :
	    "it stays where it is");
	free(text);
	km_turn(u)->disengage = ok ? 1 : 2;
	if (ok)
		for (size_t i = 0; i < n; i++)
			km_disengage(st, u, bt_unit_find(st, from[i]->id));
	return ok;
}

/*
 * The other armies on the field, as a move of u meets them: it can't
 * enter any, and a step next to a hostile one it wasn't next to ends the
 * move (KM-2). Gathered once for an order or a search, hostile first, so
 * that each step looks at rectangles rather than at every unit's side.
 */
struct field_army {
	const struct bt_unit	*u;
	struct bt_rect		 r;
	bool			 holds;	/* holds u where it stands (KM-2) */
};
struct field {
	struct field_army	*v;
	size_t			 n, nfoes;
	const struct bt_unit	*held_by;	/* the first that holds u */
};

/*
 * The decision on the seed's fragment under KM-2: an army that an enemy
 * army moved into contact with in the first step can't move in the
 * second except to disengage. Such an enemy is one of the side that
 * moved first, that stopped in contact this turn and stands next to u,
 * whose side moves second. u is not Engaged with it (melee comes later,
 * KM-6), so it disengages without a roll (the decision under KM-4): its
 * move must take it out of contact with its first step.
 */
static bool
holds(const struct bt_state *st, const struct bt_unit *u,
    const struct bt_unit *e)
{
	return strcmp(u->side, st->first) != 0 &&
	    strcmp(e->side, st->first) == 0 && e->km.present &&
	    e->km.halted == KM_HALT_CONTACT && km_adjacent(u, e);
}

static void
field_init(struct field *f, const struct bt_state *st, const struct bt_unit *u)
{
	f->v = bt_xcalloc(st->nunits + 1, sizeof(*f->v));
	f->n = f->nfoes = 0;
	f->held_by = NULL;
	for (int hostile = 1; hostile >= 0; hostile--)
		for (size_t k = 0; k < st->nunits; k++) {
			const struct bt_unit *o = &st->units[k];

			if (o == u || !km_on_field(o) ||
			    km_hostile(u, o) != (bool)hostile)
				continue;
			f->v[f->n].u = o;
			f->v[f->n].r = km_rect(o);
			f->v[f->n].holds = hostile && holds(st, u, o);
			if (f->v[f->n].holds && f->held_by == NULL)
				f->held_by = o;
			f->n++;
			if (hostile)
				f->nfoes++;
		}
}

static void
field_free(struct field *f)
{
	free(f->v);
}

/* Could the army stand with its top-left square at (x, y)? */
static bool
fits(const struct bt_state *st, const struct field *f,
    const struct bt_unit *u, int x, int y)
{
	struct bt_rect a = km_rect_at(u, x, y);

	for (int j = y; j < y + u->h; j++)
		for (int i = x; i < x + u->w; i++)
			if (!bt_on_map(&st->map, i, j) ||
			    bt_terrain_at(&st->map, i, j) == BT_BLOCKED)
				return false;
	for (size_t k = 0; k < f->n; k++) {
		const struct bt_rect *b = &f->v[k].r;

		if (a.x0 <= b->x1 && b->x0 <= a.x1 && a.y0 <= b->y1 &&
		    b->y0 <= a.y1)
			return false;
	}
	return true;
}

/* KM-2: a step from (fx, fy) to (x, y) costs 2 when a square it enters is
 * difficult (G-2). */
static int
step_cost(const struct bt_state *st, const struct bt_unit *u, int fx, int fy,
    int x, int y)
{
	for (int j = y; j < y + u->h; j++)
		for (int i = x; i < x + u->w; i++) {
			bool was = i >= fx && i < fx + u->w && j >= fy &&
			    j < fy + u->h;

			if (!was && bt_difficult(bt_terrain_at(&st->map, i, j)))
				return 2;
		}
	return 1;
}

/* Is the army, stepping from (fx, fy) to (x, y), next to a hostile army
 * it wasn't next to? */
static const struct bt_unit *
new_contact(const struct field *f, const struct bt_unit *u, int fx, int fy,
    int x, int y)
{
	struct bt_rect from = km_rect_at(u, fx, fy), to = km_rect_at(u, x, y);

	for (size_t k = 0; k < f->nfoes; k++)
		if (bt_rect_distance(&to, &f->v[k].r) == 1 &&
		    bt_rect_distance(&from, &f->v[k].r) != 1)
			return f->v[k].u;
	return NULL;
}

/* The first army that holds u where it stands, or NULL. */
static const struct bt_unit *
held_by(const struct bt_state *st, const struct bt_unit *u)
{
	for (size_t k = 0; k < st->nunits; k++)
		if (km_on_field(&st->units[k]) &&
		    km_hostile(u, &st->units[k]) && holds(st, u, &st->units[k]))
			return &st->units[k];
	return NULL;
}

/* The army that still holds u when it stands at (x, y), or NULL. */
static const struct bt_unit *
still_held(const struct field *f, const struct bt_unit *u, int x, int y)
{
	struct bt_rect to = km_rect_at(u, x, y);

	if (f->held_by == NULL)
		return NULL;
	for (size_t k = 0; k < f->nfoes; k++)
		if (f->v[k].holds && bt_rect_distance(&to, &f->v[k].r) == 1)
			return f->v[k].u;
	return NULL;
}

/* What plan() and km_reach() search with: the army, and its goal
 * relative to it; or, to reach every square (reach), no goal. */
struct planner {
	const struct bt_state	*st;
	const struct bt_unit	*u;
	int			 gx, gy;
	bool			 reach;
	bool			 unheld;	/* as if no army held it (KM-2) */
	struct field		 field;
};

/* A compass step k from (x, y), relative to the army (bt_move_fn). */
static int
plan_step(void *ctx, int x, int y, int so_far, int k, int *nx, int *ny,
    bool *stop)
{
	const struct planner *p = ctx;
	int fx = p->u->x + x, fy = p->u->y + y, tx, ty;

	(void)so_far;
	*nx = x + bt_compass[k].dx;
	*ny = y + bt_compass[k].dy;
	tx = p->u->x + *nx;
	ty = p->u->y + *ny;
	if (!fits(p->st, &p->field, p->u, tx, ty))
		return -1;
	/* held (KM-2): the first step leaves contact */
	if (x == 0 && y == 0 && !p->unheld &&
	    still_held(&p->field, p->u, tx, ty) != NULL)
		return -1;
	/* a step into contact ends a move (KM-2): only the last */
	if ((p->reach || *nx != p->gx || *ny != p->gy) &&
	    new_contact(&p->field, p->u, fx, fy, tx, ty)) {
		if (!p->reach)
			return -1;
		*stop = true;
	}
	return step_cost(p->st, p->u, fx, fy, tx, ty);
}

/*
 * --to X,Y: the cheapest path within the Maneuver left on which no step
 * but the last brings it into contact (KM-2), as walk() judges each step,
 * costs being 1 or 2, and whose first step takes it out of contact
 * with an army that holds it (KM-2), unless unheld. Returns the number of
 * steps written to dirs (at most left), or -1 when there is no such path.
 */
static int
plan(const struct bt_state *st, const struct bt_unit *u, int left, int tx,
    int ty, bool unheld, int *dirs)
{
	struct planner p = { st, u, tx - u->x, ty - u->y, false, unheld,
	    { 0 } };
	struct bt_search s;
	int len;

	if (abs(p.gx) > left || abs(p.gy) > left)
		return -1;
	field_init(&p.field, st, u);
	bt_search(&s, left, left, BT_NCOMPASS, plan_step, &p, p.gx, p.gy);
	len = bt_search_path(&s, bt_search_at(&s, p.gx, p.gy), dirs, left);
	bt_search_free(&s);
	field_free(&p.field);
	return len;
}

/*
 * KM-2: every square the army can reach with left Maneuver, in one
 * search, as plan() would find a way to each: a square reached by a step
 * into contact is not left again. A square reached here is one --to is
 * accepted for (plan may find another way there, as cheap or cheaper).
 */
void
km_reach(const struct bt_state *st, const struct bt_unit *u, int left,
    struct bt_search *s)
{
	struct planner p = { st, u, 0, 0, true, false, { 0 } };

	field_init(&p.field, st, u);
	/* a goal outside the window: the search reaches everything */
	bt_search(s, left, left, BT_NCOMPASS, plan_step, &p, left + 1, 0);
	field_free(&p.field);
}

/*
 * KM-2: the order goes over the Maneuver left at dirs[over]. It is walked
 * again, past that step, to a contact that would end it, so that the
 * refusal tells its whole cost (the steps before dirs[over] make none:
 * walk stops at one).
 */
static int
refuse_cost(const struct bt_state *st, const struct bt_unit *u,
    const int *dirs, int n, int over, int left, struct bt_error *err)
{
	struct bt_step_cost *costs = bt_xcalloc((size_t)n, sizeof(*costs));
	struct field f;
	int x = u->x, y = u->y, k, refused = -1;
	char *text;

	field_init(&f, st, u);
	for (k = 0; k < n; k++) {
		int nx = x + bt_compass[dirs[k]].dx;
		int ny = y + bt_compass[dirs[k]].dy;

		costs[k].word = bt_compass[dirs[k]].word;
		if (!fits(st, &f, u, nx, ny)) {
			refused = k;
			break;
		}
		costs[k].cost = step_cost(st, u, x, y, nx, ny);
		costs[k].hard = costs[k].cost > 1;
		if (k >= over && new_contact(&f, u, x, y, nx, ny) != NULL) {
			costs[k].x = nx;
			costs[k].y = ny;
			k++;
			break;
		}
		costs[k].x = x = nx;
		costs[k].y = y = ny;
	}
	field_free(&f);
	text = bt_cost_text(costs, k, over, refused);
	bt_refuse(err, "KM-2", "'%s' has %d square%s of Maneuver left; %s",
	    u->id, left, left == 1 ? "" : "s", text);
	free(text);
	free(costs);
	return -1;
}

/*
 * Takes the steps; the order is refused whole if one can't be taken. A
 * step into contact ends the move: the steps after it are dropped, with a
 * warning, as in cc (KM-2).
 */
static int
walk(struct bt_state *st, struct bt_unit *u, const int *dirs, int n,
    struct bt_error *err)
{
	struct bt_km_turn *t = &u->km;
	int left = u->maneuver - (t->present ? t->moved : 0), spent = 0;
	int x = u->x, y = u->y;
	const struct bt_unit *met = NULL, *held;
	struct field f;
	char *path = bt_xstrdup("");
	bool dropped = false;

	field_init(&f, st, u);

	for (int i = 0; i < n; i++) {
		int nx = x + bt_compass[dirs[i]].dx;
		int ny = y + bt_compass[dirs[i]].dy, c;
		char *more;

		if (met != NULL) {
			dropped = true;
			break;
		}
		if (!fits(st, &f, u, nx, ny)) {
			free(path);
			field_free(&f);
			return bt_refuse(err, "KM-2", "step %d (%s) of '%s' "
			    "leads off the map, into impassable ground or into "
			    "another army", i + 1, bt_compass[dirs[i]].word,
			    u->id);
		}
		if (i == 0 && (held = still_held(&f, u, nx, ny)) != NULL) {
			free(path);
			field_free(&f);
			return bt_refuse(err, "KM-2", "'%s' moved into contact "
			    "with '%s' in the first step: '%s' may only "
			    "disengage, and its first step (%s) keeps it next "
			    "to '%s'; step away, or end its move with 'bt-act "
			    "%s stand'", held->id, u->id, u->id,
			    bt_compass[dirs[i]].word, held->id, u->id);
		}
		c = step_cost(st, u, x, y, nx, ny);
		if (spent + c > left) {
			free(path);
			field_free(&f);
			return refuse_cost(st, u, dirs, n, i, left, err);
		}
		met = new_contact(&f, u, x, y, nx, ny);
		spent += c;
		x = nx;
		y = ny;
		more = bt_xasprintf("%s%s%s", path, i ? " " : "",
		    bt_compass[dirs[i]].word);
		free(path);
		path = more;
	}
	field_free(&f);
	u->x = x;
	u->y = y;
	km_turn(u)->moved += spent;
	if (met != NULL)
		u->km.halted = KM_HALT_CONTACT;
	{
		struct bt_log_entry *e = bt_log_add(st, "move", u->id);

		if (met != NULL)
			bt_log_text(e, "%s moves %s to [%d, %d] (%d of %d "
			    "Maneuver) and stops in contact with %s (KM-2)",
			    u->id, path, x, y, u->km.moved, u->maneuver,
			    met->id);
		else
			bt_log_text(e, "%s moves %s to [%d, %d] (%d of %d "
			    "Maneuver)", u->id, path, x, y, u->km.moved,
			    u->maneuver);
	}
	free(path);
	if (dropped)
		bt_warnx("'%s' stopped at [%d, %d] in contact with '%s' (KM-2); "
		    "the rest of the order was dropped", u->id, x, y, met->id);
	return 0;
}

/* bt-move ARMY [--disengage] [STEP... | --to X,Y] (KM-2, KM-4). */
int
km_move(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	const struct bt_unit **near, *wait;
	struct bt_unit *u;
	int *dirs, ndirs = 0, rc = -1, left;
	size_t nnear;

	if ((u = bt_unit_operand(st, o->argv[0], "army", err)) == NULL)
		return -1;
	if (check_on_field(u, err) ||
	    check_phase(st, KM_MANEUVER, "KM-2", "armies move", err))
		return -1;
	if (o->argc == 1 && !o->to && !o->disengage)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "no steps: give "
		    "compass steps (n, ne, e, se, s, sw, w, nw), --to X,Y or "
		    "--disengage");
	if (o->to && o->argc > 1)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "give steps or "
		    "--to, not both");
	dirs = bt_xcalloc((size_t)o->argc + 4 * 200 + 1, sizeof(*dirs));
	for (int i = 1; i < o->argc; i++) {
		int d = bt_compass_index(o->argv[i]);

		if (d < 0) {
			bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bad step '%s': n, "
			    "ne, e, se, s, sw, w or nw", o->argv[i]);
			goto out;
		}
		dirs[ndirs++] = d;
	}
	if (u->km.present && u->km.halted == KM_HALT_STAND) {
		bt_refuse(err, "KM-2", "'%s' stands this turn: it moves no "
		    "more", u->id);
		goto out;
	}
	if (u->km.present && u->km.halted == KM_HALT_CONTACT) {
		bt_refuse(err, "KM-2", "'%s' stopped when it came into contact "
		    "with a hostile army this turn: it moves no more", u->id);
		goto out;
	}
	if (strcmp(u->side, st->first) != 0 &&
	    (wait = first_step_open(st)) != NULL) {
		bt_refuse(err, "KM-2", "'%s' moves first this turn, and its "
		    "army '%s' may still move: move it, or end its move with "
		    "'bt-act %s stand'", st->first, wait->id, wait->id);
		goto out;
	}
	near = bt_xcalloc(st->nunits + 1, sizeof(*near));
	nnear = engaged_with(st, u, near);
	if (o->disengage && nnear == 0) {
		free(near);
		bt_refuse(err, "KM-4", "'%s' is not engaged with a hostile "
		    "army: there is nothing to disengage from; it moves "
		    "without --disengage", u->id);
		goto out;
	}
	if (nnear > 0 && !(u->km.present && u->km.disengage == 1)) {
		if (u->km.present && u->km.disengage == 2) {
			bt_refuse(err, "KM-4", "'%s' failed to disengage this "
			    "turn and can't move", u->id);
		} else if (!o->disengage) {
			bt_refuse(err, "KM-4", "'%s' is engaged with '%s' and "
			    "can't move until it disengages (--disengage)",
			    u->id, near[0]->id);
		} else if (disengage(st, dice, u, near, nnear) &&
		    (ndirs > 0 || o->to))
			goto go;
		else
			rc = 0;
		free(near);
		goto out;
	}
go:
	free(near);
	left = u->maneuver - (u->km.present ? u->km.moved : 0);
	if (o->to) {
		if (o->to_x == u->x && o->to_y == u->y) {
			bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s' is already at "
			    "[%d, %d]", u->id, o->to_x, o->to_y);
			goto out;
		}
		if (left <= 0 || left > 200 || (ndirs = plan(st, u, left,
		    o->to_x, o->to_y, false, dirs)) < 0) {
			const struct bt_unit *h = held_by(st, u);

			/* say the hold only when it is why */
			if (h != NULL && (left <= 0 || left > 200 ||
			    plan(st, u, left, o->to_x, o->to_y, true,
			    dirs) < 0))
				h = NULL;

			bt_refuse(err, "KM-2", "'%s' can't reach [%d, %d] with "
			    "the %d square%s of Maneuver it has left%s%s%s",
			    u->id, o->to_x, o->to_y, left > 0 ? left : 0,
			    left == 1 ? "" : "s", h ? " on a way whose first "
			    "step takes it out of contact with '" : "",
			    h ? h->id : "", h ? "', which moved into contact "
			    "with it in the first step" : "");
			goto out;
		}
	}
	rc = walk(st, u, dirs, ndirs, err);
out:
	free(dirs);
	return rc;
}

/* --- bt-act ------------------------------------------------------------- */

/* KM-3: round 1 any step; later one step from where the turn began. */
static int
set_strategy(struct bt_state *st, struct bt_unit *u, const char *word,
    struct bt_error *err)
{
	int s = bt_word_index(km_track_words, word), from;
	struct bt_log_entry *e;

	if (s < 0)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bad strategy '%s': "
		    "defensive, cautious, standard, aggressive or reckless",
		    word);
	from = u->km.present && u->km.strategy_from >= 0 ?
	    u->km.strategy_from : u->strategy;
	if (st->round > 1 && abs(s - from) > 1)
		return bt_refuse(err, "KM-3", "after round 1 a strategy moves "
		    "one step along the track a turn: '%s' began the turn %s",
		    u->id, km_track_words[from]);
	km_turn(u)->strategy_from = from;
	u->strategy = s;
	e = bt_log_add(st, "strategy", u->id);
	bt_log_text(e, "%s takes the %s strategy (KM-3)", u->id,
	    km_track_words[s]);
	return 0;
}

/*
 * KM-3: round 1 any tactic it knows; later a Morale check DC 15 to change
 * it. An army with no tactic yet has nothing to change: it takes its
 * first without a check in any round (the decision under KM-3).
 */
static int
set_tactic(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const char *name, struct bt_error *err)
{
	struct bt_log_entry *e;
	int r, total;
	bool pass;

	if (!bt_names_has(&u->tactics, name))
		return bt_refuse(err, "KM-3", "'%s' doesn't know the tactic "
		    "'%s'", u->id, name);
	if (u->tactic != NULL && strcmp(u->tactic, name) == 0)
		return 0;
	if (st->round > 1 && u->tactic != NULL &&
	    !(u->km.present && u->km.tactic_check == 1)) {
		if (u->km.present && u->km.tactic_check == 2)
			return bt_refuse(err, "KM-3", "'%s' failed its Morale "
			    "check to change tactic this turn", u->id);
		e = bt_log_add(st, "tactic", u->id);
		{
			char *who = bt_xasprintf("%s tries to change tactic to "
			    "%s (KM-3)", u->id, name);
			char *need = bt_need_words(KM_TACTIC_DC - u->morale, 20,
			    false, false);

			bt_dice_why(dice, who, "; %s passes (DC %d)", need,
			    KM_TACTIC_DC);
			free(who);
			free(need);
		}
		r = bt_roll_logged(dice, e, 20);
		total = r + u->morale;
		pass = total >= KM_TACTIC_DC;
		km_turn(u)->tactic_check = pass ? 1 : 2;
		bt_log_text(e, "%s tries to change tactic to %s (KM-3): Morale "
		    "%d %c %d = %d against DC %d, %s", u->id, name, r,
		    u->morale < 0 ? '-' : '+', abs(u->morale), total,
		    KM_TACTIC_DC, pass ? "passed" : "failed; it keeps its "
		    "tactic");
		if (!pass)
			return 0;
	} else if (u->tactic == NULL && st->round > 1) {
		e = bt_log_add(st, "tactic", u->id);
		bt_log_text(e, "%s takes its first tactic, %s, without a check "
		    "(KM-3)", u->id, name);
	} else {
		e = bt_log_add(st, "tactic", u->id);
		bt_log_text(e, "%s takes the tactic %s (KM-3)", u->id, name);
	}
	free(u->tactic);
	u->tactic = bt_xstrdup(name);
	return 0;
}

/*
 * KM-2: the army ends its move for this turn, moved or not: once every
 * army of the side that moves first has, the other side moves. An army
 * whose move is already over changes nothing.
 */
static int
stand(struct bt_state *st, struct bt_unit *u, struct bt_error *err)
{
	struct bt_log_entry *e;

	if (check_phase(st, KM_MANEUVER, "KM-2", "an army stands", err))
		return -1;
	if (u->km.present && u->km.halted != KM_MOVING)
		return 0;
	km_turn(u)->halted = KM_HALT_STAND;
	e = bt_log_add(st, "stand", u->id);
	bt_log_text(e, "%s stands: it moves no more this turn (KM-2)", u->id);
	return 0;
}

/* KM-6: the army will try to avoid melee when the melee phase resolves. */
static int
avoid_melee(struct bt_state *st, struct bt_unit *u, struct bt_error *err)
{
	struct bt_log_entry *e;

	if (check_phase(st, KM_MELEE, "KM-6", "an army chooses to avoid "
	    "melee", err))
		return -1;
	if (u->engaged.n > 0)
		return bt_refuse(err, "KM-4", "'%s' is engaged with '%s'; only "
		    "disengaging in the maneuver phase ends that", u->id,
		    u->engaged.v[0]);
	km_turn(u)->avoid = true;
	e = bt_log_add(st, "avoid", u->id);
	bt_log_text(e, "%s will try to avoid melee (KM-6)", u->id);
	return 0;
}

/* KM-13, KM-15: when both sides ask in the same turn, the battle ends. */
static int
ceasefire(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const struct bt_order *o)
{
	struct bt_side *s = bt_side_find(st, u->side);
	struct bt_log_entry *e = bt_log_add(st, "ceasefire", s->id);
	bool all = true;

	s->ceasefire = true;
	for (size_t i = 0; i < st->nsides; i++)
		all &= st->sides[i].ceasefire;
	bt_log_text(e, "%s asks for a ceasefire (KM-13)%s", s->id,
	    all ? "; both sides agree" : "");
	if (all)
		km_ceasefire(st, dice, o);
	return 0;
}

/*
 * bt-act ARMY strategy LEVEL | tactic NAME | stand | avoid-melee |
 * ceasefire
 */
int
km_act(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	struct bt_unit *u;
	const char *what = o->argv[1];
	bool one = strcmp(what, "strategy") == 0 || strcmp(what, "tactic") == 0;

	if ((u = bt_unit_operand(st, o->argv[0], "army", err)) == NULL)
		return -1;
	if (o->argc != (one ? 3 : 2) || (!one &&
	    strcmp(what, "avoid-melee") != 0 && strcmp(what, "ceasefire") != 0 &&
	    strcmp(what, "stand") != 0))
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bad action: strategy "
		    "LEVEL, tactic NAME, stand, avoid-melee or ceasefire");
	if (check_on_field(u, err))
		return -1;
	if (strcmp(what, "stand") == 0)
		return stand(st, u, err);
	if (strcmp(what, "ceasefire") == 0)
		return ceasefire(st, dice, u, o);
	if (strcmp(what, "avoid-melee") == 0)
		return avoid_melee(st, u, err);
	if (check_phase(st, KM_MANEUVER, "KM-3", "strategy and tactic are "
	    "chosen", err))
		return -1;
	if (strcmp(what, "strategy") == 0)
		return set_strategy(st, u, o->argv[2], err);
	return set_tactic(st, dice, u, o->argv[2], err);
}
