/*
 * cc-move.c: bt-move in cc (CC-7 to CC-15), with the opportunity attacks
 * (CC-21) and readied attacks (CC-25) the move sets off along the way,
 * and a broken unit's retreat (CC-28). An order is simulated whole
 * first, then carried out: a refused order changes nothing, and only
 * contact (CC-13) cuts one short.
 */
#include <limits.h>
#include <stdio.h>
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
		if (bt_streq(s, step_words[i].word)) {
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

/*
 * Who stands where, for the listing's search (cc_reachable), which asks
 * thousands of times a turn what is in a few squares: the units in the
 * battle but the mover, by square, per unit whether it is the mover's
 * enemy, and the units that may react to its move (may_react), with the
 * squares they strike, so that no question loops over every unit,
 * compares side names or moves the mover to ask cc_front_touches. The
 * state does not change during a search (the mover is put on the poses
 * tried and back, and is not in the grid). Units of a state stand on
 * the map and apart (CC-10, CC-29), so a square holds at most one.
 */
enum { OCC_ENEMY = 1 };				/* unit[] */
/*
 * ground[]: what a square is, as bits, so that what a footprint holds
 * is the OR of its squares' bytes (classes): OCC_NEAR, next to (sharing
 * an edge with) a square an enemy holds; OCC_FOE and OCC_FRIEND, held
 * by an enemy or by another unit of the battle; OCC_FRONT, struck by
 * one that may react (its front, cc_front_strips). OCC_OFF is only in
 * the search's window (win), for a square off the map.
 */
enum {
	OCC_BLOCKED = 1, OCC_DIFFICULT = 2, OCC_NEAR = 4, OCC_FOE = 8,
	OCC_FRIEND = 16, OCC_FRONT = 32, OCC_OFF = 64
};
/* What a unit may not stop on (may_stop) */
#define OCC_NO_STOP	(OCC_OFF | OCC_BLOCKED | OCC_FOE | OCC_FRIEND)

struct occ {
	int		 w, h;		/* the map's */
	int		*at;		/* [y * w + x]: unit index + 1, or 0 */
	unsigned char	*ground;	/* [y * w + x]: OCC_BLOCKED, OCC_DIFFICULT
					 * (G-2, CC-9, CC-4) */
	unsigned char	*unit;		/* [unit index]: OCC_ flags */
	/* [4 unit index + k], k < nfront[unit index]: the squares a unit
	 * that may react strikes (cc_front_strips), which it does not move
	 * from */
	struct bt_rect	*front;
	unsigned char	*nfront;
	size_t		*reacts;	/* the units that may react, by index */
	size_t		 nreacts;
	size_t		 nready;	/* of them, those readied (CC-25) */
	/* The listing's search's window (cc_reachable), or NULL: ground[]
	 * of the squares [wx0, wx0 + ww) x [wy0, wy0 + wh), by row, off
	 * the map OCC_OFF, so that a footprint's classes are asked with
	 * no test of the map's edges. */
	const unsigned char *win;
	int		 wx0, wy0, ww, wh;
};

static int	nearest_edge(const struct bt_map *, const struct pose *);
static void	occ_fill(const struct bt_state *, const struct bt_unit *,
		    struct occ *, struct cc_scratch *);
static void	occ_free(struct occ *, struct cc_scratch *);
static void	ground_free(struct cc_scratch *);
static void	search_moves_free(void *);

/* The unit on square (x, y), or -1 (off the map or no one). */
static int
occ_at(const struct occ *oc, int x, int y)
{
	if (x < 0 || y < 0 || x >= oc->w || y >= oc->h)
		return -1;
	return oc->at[y * oc->w + x] - 1;
}

/* scan by the grid: the ground and any enemy or friend in r, which one
 * apart (a search only asks whether, by classes(); a refusal of
 * try_move's names one). */
static inline struct scan
scan_grid(const struct bt_state *st, const struct occ *oc, struct bt_rect r,
    const struct bt_rect *skip)
{
	struct scan s = { 0 };

	for (int y = r.y0; y <= r.y1; y++)
		for (int x = r.x0; x <= r.x1; x++) {
			int i = y * oc->w + x, o;

			if (skip != NULL && x >= skip->x0 && x <= skip->x1 &&
			    y >= skip->y0 && y <= skip->y1)
				continue;
			if (x < 0 || y < 0 || x >= oc->w || y >= oc->h) {
				s.off = true;
				continue;
			}
			if (oc->ground[i] & OCC_BLOCKED)
				s.blocked = true;
			if (oc->ground[i] & OCC_DIFFICULT)
				s.difficult = true;
			if ((o = oc->at[i] - 1) < 0)
				continue;
			if (oc->unit[o] & OCC_ENEMY)
				s.enemy = &st->units[o];
			else
				s.friend = &st->units[o];
		}
	return s;
}

/* With oc, the search's grid: scan_grid, which says the same but not
 * which unit; the loop over the units says which (the last by index) for
 * the message of a refusal. */
static struct scan
scan(const struct bt_state *st, const struct bt_unit *u, struct bt_rect r,
    const struct bt_rect *skip, const struct occ *oc)
{
	struct scan s = { 0 };

	if (oc != NULL)
		return scan_grid(st, oc, r, skip);
	for (int y = r.y0; y <= r.y1; y++)
		for (int x = r.x0; x <= r.x1; x++) {
			int t;

			if (skip != NULL && x >= skip->x0 && x <= skip->x1 &&
			    y >= skip->y0 && y <= skip->y1)
				continue;
			if (!bt_on_map(&st->map, x, y)) {
				s.off = true;
				continue;
			}
			/* on the map: bt_terrain_at's letter, read once */
			t = st->map.rows[y][x];
			if (t == BT_BLOCKED)
				s.blocked = true;
			if (cc_terrain_difficult(st, t))
				s.difficult = true;
		}
	/* CC-15: a unit counts where it holds a square newly entered; one
	 * whose squares miss r, most, is told by those first */
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *o = &st->units[i];
		struct bt_rect ro = cc_rect(o), in;

		if (!cc_meet(&r, &ro) || o == u || !cc_in_battle(o))
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

/* The OR of row's classes in columns [x0, x1]. */
static inline unsigned
row_classes(const unsigned char *row, int x0, int x1)
{
	unsigned c = 0;

	for (int x = x0; x <= x1; x++)
		c |= row[x];
	return c;
}

/* The classes of square (x, y) by the grid: OCC_OFF off the map. */
static inline unsigned
square_classes(const struct occ *oc, int x, int y)
{
	return x < 0 || y < 0 || x >= oc->w || y >= oc->h ? OCC_OFF :
	    oc->ground[y * oc->w + x];
}

/*
 * By the grid: the classes (OCC_ bits of ground) of the squares of r but
 * those of skip (or NULL), OR'd, OCC_OFF for a square off the map: what
 * scan_grid says, but not who. From the search's window when it holds r,
 * a row's squares a run of bytes; else square by square. Inline: the
 * search asks it of every move it tries and every pose it reaches.
 */
static inline unsigned
classes(const struct occ *oc, struct bt_rect r, const struct bt_rect *skip)
{
	unsigned c = 0;

	if (oc->win != NULL && r.x0 >= oc->wx0 && r.y0 >= oc->wy0 &&
	    r.x1 < oc->wx0 + oc->ww && r.y1 < oc->wy0 + oc->wh) {
		const unsigned char *row = oc->win +
		    (size_t)(r.y0 - oc->wy0) * oc->ww - oc->wx0;

		for (int y = r.y0; y <= r.y1; y++, row += oc->ww) {
			if (skip == NULL || y < skip->y0 || y > skip->y1) {
				c |= row_classes(row, r.x0, r.x1);
				continue;
			}
			/* the columns left of skip, then right of it */
			c |= row_classes(row, r.x0, r.x1 < skip->x0 - 1 ?
			    r.x1 : skip->x0 - 1);
			c |= row_classes(row, r.x0 > skip->x1 + 1 ? r.x0 :
			    skip->x1 + 1, r.x1);
		}
		return c;
	}
	for (int y = r.y0; y <= r.y1; y++)
		for (int x = r.x0; x <= r.x1; x++) {
			if (skip != NULL && x >= skip->x0 && x <= skip->x1 &&
			    y >= skip->y0 && y <= skip->y1)
				continue;
			c |= square_classes(oc, x, y);
		}
	return c;
}

/* scan's answer as classes, for a question with no grid. */
static unsigned
scan_classes(const struct scan *s)
{
	return (s->off ? OCC_OFF : 0) | (s->blocked ? OCC_BLOCKED : 0) |
	    (s->difficult ? OCC_DIFFICULT : 0) | (s->enemy ? OCC_FOE : 0) |
	    (s->friend ? OCC_FRIEND : 0);
}

/* May u stand at pose p: on the map, inside no other unit (CC-10)? */
static bool
may_stop(const struct bt_state *st, const struct bt_unit *u,
    const struct pose *p, const struct occ *oc)
{
	struct scan s;

	if (oc != NULL)
		return !(classes(oc, rect_of(p), NULL) & OCC_NO_STOP);
	s = scan(st, u, rect_of(p), NULL, oc);
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

/* Where move m takes pose p, whether it may go there or not. */
static struct pose
moved(const struct pose *p, const struct move *m)
{
	struct pose q = *p;
	int dx, dy, px, py;

	switch (m->kind) {
	case STEP:
		turned(p->facing, m->dx, m->dy, &dx, &dy);
		q.x += dx;
		q.y += dy;
		break;
	case ABOUT:
		q.facing = (p->facing + 2) % 4;
		break;
	case ROTATE:
		pivot_square(p, m->pivot, &px, &py);
		q = rotated(p, m->turn, px, py);
		break;
	}
	return q;
}

/* What move m costs at the least, on open ground (CC-8, CC-11, CC-12). */
static int
least_cost(const struct move *m)
{
	return m->kind == STEP ? CC_STEP : m->kind == ABOUT ? CC_ABOUT :
	    CC_ROTATE;
}

/* A refusal, but for a search (err NULL), which only asks whether a move
 * is possible, thousands of times a turn: no message to format. */
#define REFUSE(err, ...) ((err) != NULL ? bt_refuse((err), __VA_ARGS__) : -1)

/*
 * The rules of a move m (CC-8 to CC-11, G-2, CC-29), given the classes c
 * of the squares it newly holds or sweeps (move_squares; none for
 * about): -1 if refused; else its cost, whether it leaves the map, and
 * whether those squares are clear (below). The one place a move is
 * decided: try_quiet asks it, and the listing's search, which has the
 * classes from its window. Inline: the search asks it of every move it
 * tries.
 */
static inline int
quiet_rule(const struct bt_unit *u, bool flies, const struct move *m,
    bool rotated_already, unsigned c, int *cost, bool *leaves, bool *clear)
{
	bool none;

	*leaves = false;
	switch (m->kind) {
	case STEP:
		if (m->dy > 0 && u->fronts != 4)
			return -1;	/* CC-8 */
		if ((c & OCC_FOE) || ((c & OCC_BLOCKED) && !flies))
			return -1;	/* CC-10, G-2 */
		*leaves = (c & OCC_OFF) != 0;	/* CC-29 */
		*cost = ((c & OCC_DIFFICULT) && !flies) || (c & OCC_FRIEND) ?
		    CC_DIFFICULT : CC_STEP;
		none = !(c & (OCC_OFF | OCC_BLOCKED | OCC_FRIEND));
		break;
	case ABOUT:
		*cost = CC_ABOUT;
		none = true;	/* the same squares */
		break;
	case ROTATE:
		if (rotated_already)
			return -1;	/* CC-11 */
		if ((c & (OCC_OFF | OCC_FOE)) || ((c & OCC_BLOCKED) && !flies))
			return -1;
		*cost = ((c & OCC_DIFFICULT) && !flies) || (c & OCC_FRIEND) ?
		    CC_ROTATE_HARD : CC_ROTATE;
		/* the new squares are of the sweep: clear if it is */
		none = !(c & (OCC_BLOCKED | OCC_FRIEND));
		break;
	default:
		return -1;
	}
	if (clear != NULL)
		*clear = none;
	return 0;
}

/*
 * quiet_rule by table, for the listing's search, which asks it of some
 * hundred moves a search: its answer for a move of each kind (and, for
 * a step, whether backward), a unit of four fronts or not, flying or
 * not, and the classes c of the move's squares: the move's cost, or -1
 * if it is refused or leaves the map (the search goes on from neither).
 * Those are all quiet_rule reads of u and m (keep them so), and the
 * search tries no rotation from a rotated node, so rotated_already is
 * false. Made once, from quiet_rule itself: the rules stay in one place.
 */
#define RULE_CLASSES	(2 * OCC_OFF)	/* every OR of the classes */

static short rule_table[ABOUT + 1][2][2][2][RULE_CLASSES];

/* The table of move m (its kind, whether it steps back) for a unit of
 * four fronts or not, flying or not. */
static const short *
rule_of(const struct move *m, bool four, bool flies)
{
	static bool made;

	if (!made) {
		struct bt_unit u;
		struct move mv;
		int cost;
		bool leaves;

		memset(&u, 0, sizeof(u));
		memset(&mv, 0, sizeof(mv));
		for (int kind = STEP; kind <= ABOUT; kind++)
		    for (int back = 0; back < 2; back++)
			for (int fo = 0; fo < 2; fo++)
			    for (int fl = 0; fl < 2; fl++)
				for (unsigned c = 0; c < RULE_CLASSES; c++) {
					mv.kind = (enum move_kind)kind;
					mv.dy = back ? 1 : -1;
					u.fronts = fo ? 4 : 2;
					rule_table[kind][back][fo][fl][c] =
					    quiet_rule(&u, fl, &mv, false, c,
					    &cost, &leaves, NULL) < 0 ||
					    leaves ? -1 : (short)cost;
				}
		made = true;
	}
	return rule_table[m->kind][m->dy > 0][four][flies];
}

/* The squares move m from pose p newly holds (moved(p, m) is q), or, for
 * a rotation, sweeps: from a pose on the map (a search goes on from
 * none that leaves), the sweep holds the new footprint, and is on the
 * map when that is, so its one scan says what both would. */
static struct bt_rect
move_squares(const struct pose *p, const struct move *m,
    const struct pose *q)
{
	return m->kind == ROTATE ? hull(rect_of(p), rect_of(q)) : rect_of(q);
}

/*
 * try_move for a search, which asks only whether: q is moved(p, m), the
 * caller's, and flies cc_flies's for u, asked once a search. The
 * searches with a grid ask quiet_rule themselves, with the squares'
 * classes by their tables; this is the way with none, and try_move's.
 */
static int
try_quiet(const struct bt_state *st, const struct bt_unit *u, bool flies,
    const struct pose *p, const struct move *m, bool rotated_already,
    const struct pose *q, int *cost, bool *leaves, const struct occ *oc)
{
	struct bt_rect old = rect_of(p), r;
	struct scan s;
	unsigned c = 0;

	if (m->kind != ABOUT) {
		r = move_squares(p, m, q);
		if (oc != NULL)
			c = classes(oc, r, &old);
		else {
			s = scan(st, u, r, &old, NULL);
			c = scan_classes(&s);
		}
	}
	return quiet_rule(u, flies, m, rotated_already, c, cost, leaves,
	    NULL);
}

/*
 * One move from pose p: the new pose and its cost, or the refusal. The
 * rules decide once, in try_quiet (the search's test); a refusal is then
 * told in the words of the rule that made it. oc: the search's grid, or
 * NULL.
 */
static int
try_move(const struct bt_state *st, const struct bt_unit *u,
    const struct pose *p, const struct move *m, bool rotated_already,
    struct pose *out, int *cost, bool *leaves, struct bt_error *err,
    const struct occ *oc)
{
	struct bt_rect old = rect_of(p), now;
	struct scan s;
	bool flies = cc_flies(st, u);	/* CC-15 */

	*out = moved(p, m);
	if (try_quiet(st, u, flies, p, m, rotated_already, out, cost, leaves,
	    oc) == 0)
		return 0;
	now = rect_of(out);
	*out = *p;
	switch (m->kind) {
	case STEP:
		if (m->dy > 0 && u->fronts != 4)
			return REFUSE(err, "CC-8", "'%s' can't step "
			    "backward ('%s')", u->id, m->word);
		s = scan(st, u, now, &old, oc);
		if (s.enemy != NULL)
			return REFUSE(err, "CC-10", "'%s' can't step '%s' "
			    "into enemy '%s'", u->id, m->word, s.enemy->id);
		return REFUSE(err, "G-2", "'%s' can't step '%s' onto "
		    "impassable ground", u->id, m->word);
	case ROTATE:
		if (rotated_already)
			return REFUSE(err, "CC-11", "'%s' has made its one "
			    "rotation this turn", u->id);
		s = scan(st, u, now, &old, oc);
		if (s.off)
			return REFUSE(err, "CC-11", "'%s' can't rotate off "
			    "the map", u->id);
		if (s.enemy != NULL)
			return REFUSE(err, "CC-10", "'%s' can't rotate into "
			    "enemy '%s'", u->id, s.enemy->id);
		if (s.blocked && !flies)
			return REFUSE(err, "G-2", "'%s' can't rotate onto "
			    "impassable ground", u->id);
		/* The sweep: the box of both footprints less the squares
		 * the unit turns from; try_quiet found it barred. */
		s = scan(st, u, hull(old, now), &old, oc);
		if (s.enemy != NULL)
			return REFUSE(err, "CC-11", "'%s' can't rotate "
			    "through enemy '%s'", u->id, s.enemy->id);
		return REFUSE(err, "CC-11", "'%s' can't rotate across "
		    "impassable ground", u->id);
	default:	/* ABOUT is never refused (CC-12) */
		return -1;
	}
}

static bool	rects_adjacent(const struct bt_rect *, const struct bt_rect *);

/* The enemies of u in the battle, by index: all a move's questions of
 * contact look at (cc_in_contact's loop skips the rest), made once an
 * order, as none of them moves or leaves while u's is carried out (a
 * reaction hurts u alone). */
static void
foes_of_mover(const struct bt_state *st, const struct bt_unit *u,
    struct cc_units *f)
{
	cc_units_init(f);
	for (size_t i = 0; !f->all && i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];

		if (e != u && cc_in_battle(e) && cc_enemies(u, e))
			cc_units_add(f, e);
	}
}

/* CC-13: the first enemy (by id) that going from pose a to pose b brings
 * u into contact with, or NULL; of f, u's foes, or NULL: every unit. By
 * footprints, u not moved; next to b is asked first, as most units are
 * next to neither. */
static const struct bt_unit *
new_contact(const struct bt_state *st, const struct bt_unit *u,
    const struct pose *a, const struct pose *b, const struct cc_units *f)
{
	struct bt_rect ra = rect_of(a), rb = rect_of(b);

	for (size_t i = 0; i < cc_units_count(st, f); i++) {
		const struct bt_unit *e = cc_units_at(st, f, i);
		struct bt_rect re = cc_rect(e);

		if (rects_adjacent(&rb, &re) && !rects_adjacent(&ra, &re) &&
		    e != u && cc_in_battle(e) && cc_enemies(u, e))
			return e;
	}
	return NULL;
}

/* cc_adjacent of two footprints: does a square of b share an edge with
 * one of a, one of the strips just beyond a's sides meet b? */
static bool
rects_adjacent(const struct bt_rect *a, const struct bt_rect *b)
{
	bool cols = a->x0 <= b->x1 && b->x0 <= a->x1;
	bool rows = a->y0 <= b->y1 && b->y0 <= a->y1;

	return (cols && ((b->y0 <= a->y0 - 1 && a->y0 - 1 <= b->y1) ||
	    (b->y0 <= a->y1 + 1 && a->y1 + 1 <= b->y1))) ||
	    (rows && ((b->x0 <= a->x1 + 1 && a->x1 + 1 <= b->x1) ||
	    (b->x0 <= a->x0 - 1 && a->x0 - 1 <= b->x1)));
}

/* Is the unit of the grid on square (x, y) an enemy not adjacent to
 * footprint ra? */
static bool
fresh_enemy(const struct bt_state *st, const struct occ *oc, int x, int y,
    const struct bt_rect *ra)
{
	int e = occ_at(oc, x, y);
	struct bt_rect re;

	if (e < 0 || !(oc->unit[e] & OCC_ENEMY))
		return false;
	re = cc_rect(&st->units[e]);
	return !rects_adjacent(ra, &re);
}

/* Is a square of footprint r next to (sharing an edge with) a square an
 * enemy holds, by the grid: is the mover there in contact (CC-13)? */
static inline bool
near_of(const struct occ *oc, const struct bt_rect *r)
{
	for (int y = r->y0; y <= r->y1; y++)
		for (int x = r->x0; x <= r->x1; x++)
			if (x >= 0 && y >= 0 && x < oc->w && y < oc->h &&
			    (oc->ground[y * oc->w + x] & OCC_NEAR))
				return true;
	return false;
}

/* CC-13, by the grid: does going from pose a to pose b bring the mover
 * into contact with an enemy (new_contact's question, but not which)?
 * Only one on a square just beyond a side of b can be it, and it is one
 * not adjacent to a. Asked only when b is next to an enemy (OCC_NEAR):
 * the caller knows b's classes, and a's (ca): from an a next to no enemy,
 * every one next to b is fresh. */
static bool
makes_contact(const struct bt_state *st, const struct pose *a,
    const struct pose *b, const struct occ *oc, unsigned ca)
{
	struct bt_rect ra = rect_of(a), rb = rect_of(b);

	if (!(ca & OCC_NEAR))
		return true;
	for (int x = rb.x0; x <= rb.x1; x++)
		if (fresh_enemy(st, oc, x, rb.y0 - 1, &ra) ||
		    fresh_enemy(st, oc, x, rb.y1 + 1, &ra))
			return true;
	for (int y = rb.y0; y <= rb.y1; y++)
		if (fresh_enemy(st, oc, rb.x1 + 1, y, &ra) ||
		    fresh_enemy(st, oc, rb.x0 - 1, y, &ra))
			return true;
	return false;
}

/* May enemy e react to u now (CC-21, CC-25, CC-30, --hold)? */
static bool
may_react(const struct bt_unit *e, const struct bt_unit *u,
    const struct bt_order *o)
{
	/* no order, or one that holds none, holds e: not asked then, as
	 * a search asks of every unit */
	return e != u && cc_in_battle(e) && cc_enemies(u, e) && !e->reacted &&
	    !(e->status & BT_ST_BROKEN) &&
	    (o == NULL || o->hold == NULL || !bt_order_holds(o, e->id));
}

/* CC-21: does u going from pose a to pose b leave e's front? */
static bool
leaves_front(const struct bt_unit *e, struct bt_unit *u, const struct pose *a,
    const struct pose *b)
{
	struct pose keep = pose_of(u);
	bool before, after = false;

	if (u->status & BT_ST_DISENGAGING)	/* CC-23 */
		return false;
	put(u, a);
	before = cc_front_touches(e, u);
	/* after is asked only of a front u touches at a */
	if (before) {
		put(u, b);
		after = cc_front_touches(e, u);
	}
	put(u, &keep);
	return before && !after;
}

/* CC-25: does u going from pose a to pose b come into e's readied
 * trigger? */
static bool
enters_trigger(const struct bt_state *st, const struct bt_unit *e,
    struct bt_unit *u, const struct pose *a, const struct pose *b)
{
	struct pose keep = pose_of(u);
	const char *rule;
	bool ranged, before, after;

	if (!e->ready.present ||
	    (e->ready.target && strcmp(e->ready.target, u->id) != 0))
		return false;
	ranged = e->ready.trigger == 1;
	put(u, a);
	before = ranged ? cc_cannot_attack(st, e, u, true, &rule) == NULL :
	    cc_front_touches(e, u);
	put(u, b);
	after = ranged ? cc_cannot_attack(st, e, u, true, &rule) == NULL :
	    cc_front_touches(e, u);
	put(u, &keep);
	return !before && after;
}

/* Does the front of unit i of the grid touch footprint r
 * (cc_front_touches)? Inline: provokes asks it of every reactor for
 * each move a search makes. */
static inline bool
front_on(const struct occ *oc, size_t i, const struct bt_rect *r)
{
	for (int k = 0; k < oc->nfront[i]; k++)
		if (cc_meet(&oc->front[4 * i + k], r))
			return true;
	return false;
}

/* leaves_front, by the grid, from footprint ra to rb: the fronts of
 * those that may react. */
static bool
leaves_front_of(const struct occ *oc, size_t i, const struct bt_unit *u,
    const struct bt_rect *ra, const struct bt_rect *rb)
{
	if (u->status & BT_ST_DISENGAGING)	/* CC-23 */
		return false;
	return front_on(oc, i, ra) && !front_on(oc, i, rb);
}

/* provokes by the grid, c and cb the classes of a's and b's footprints
 * (classes()): the search has them of every move it makes; cb OCC_FRONT
 * if not known. Inline: asked of every move a search makes near an
 * enemy's front or a readied one. */
/* May u leave a front from a footprint of classes c? None is left that
 * it does not touch (one off the map is not marked). */
static inline bool
fronted_by(const struct bt_unit *u, unsigned c)
{
	return !(u->status & BT_ST_DISENGAGING) && (c & (OCC_FRONT | OCC_OFF));
}

static inline bool
provokes_by(const struct bt_state *st, struct bt_unit *u,
    const struct pose *a, const struct pose *b, const struct occ *oc,
    unsigned c, unsigned cb)
{
	struct bt_rect ra = rect_of(a), rb = rect_of(b);
	bool fronted = fronted_by(u, c);

	if (!fronted && oc->nready == 0)
		return false;
	/* a touches a front and b, on the map, none: one is left, whoever's
	 * (leaves_front_of) */
	if (fronted && (c & OCC_FRONT) && !(cb & (OCC_FRONT | OCC_OFF)))
		return true;
	for (size_t k = 0; k < oc->nreacts; k++) {
		size_t i = oc->reacts[k];

		if ((fronted && leaves_front_of(oc, i, u, &ra, &rb)) ||
		    (st->units[i].ready.present &&
		    enters_trigger(st, &st->units[i], u, a, b)))
			return true;
	}
	return false;
}

/* provokes_by, b's classes not known. */
static inline bool
provokes_of(const struct bt_state *st, struct bt_unit *u,
    const struct pose *a, const struct pose *b, const struct occ *oc,
    unsigned c)
{
	return provokes_by(st, u, a, b, oc, c, OCC_FRONT);
}

/*
 * provokes with no grid, near: may u at a be next to an enemy
 * (near_enemy)? A front is the strip just beyond a side (cc_strip), so
 * a unit it touches is next to its unit (cc_adjacent): where u at a is
 * next to no enemy, it leaves no front, and only a readied one may
 * react, told by a flag with no other test. Of f, u's foes (only a foe
 * may react), or NULL: every unit.
 */
static bool
provokes_near(const struct bt_state *st, struct bt_unit *u,
    const struct pose *a, const struct pose *b, bool near,
    const struct cc_units *f)
{
	for (size_t i = 0; i < cc_units_count(st, f); i++) {
		const struct bt_unit *e = cc_units_at(st, f, i);

		if ((near || e->ready.present) && may_react(e, u, NULL) &&
		    ((near && leaves_front(e, u, a, b)) ||
		    enters_trigger(st, e, u, a, b)))
			return true;
	}
	return false;
}

/* Would going from pose a to pose b set off any attack (CC-28's "further
 * danger")? */
static bool
provokes(const struct bt_state *st, struct bt_unit *u, const struct pose *a,
    const struct pose *b, const struct occ *oc)
{
	if (oc != NULL)		/* the grid knows who may react */
		return provokes_of(st, u, a, b, oc,
		    classes(oc, rect_of(a), NULL));
	return provokes_near(st, u, a, b, true, NULL);
}

/* CC-21: enemies whose front u leaves by going from pose a to pose b
 * strike it, u still at a. */
static void
opportunity(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const struct pose *a, const struct pose *b, const struct bt_order *o)
{
	for (size_t i = 0; i < st->nunits && cc_in_battle(u); i++) {
		struct bt_unit *e = &st->units[i];

		if (!may_react(e, u, o) || !leaves_front(e, u, a, b))
			continue;
		put(u, a);	/* struck before it is gone */
		e->reacted = true;
		cc_attack(st, dice, e, u, false, NULL, CC_OPPORTUNITY);
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
		bool ranged;

		if (!may_react(e, u, o) || !enters_trigger(st, e, u, a, b))
			continue;
		ranged = e->ready.trigger == 1;
		e->reacted = true;
		e->ready.present = false;
		e->ready.target = NULL;
		cc_attack(st, dice, e, u, ranged, NULL, CC_READIED);
	}
}

/*
 * Every square u's top-left corner can reach by steps within budget, at
 * the facing of home, and the best way there (bt_search). The search's
 * cost of a step is its cost in feet times TIE, plus a tie-break under
 * TIE: among equally cheap ways it takes the one with the fewest
 * diagonal steps (the retreat's "straightest", CC-28) or with the fewest
 * steps into contact short of the goal (--to, CC-13). No way has TIE
 * steps. With safe, no step may set off an attack (CC-28). A step over
 * the edge is a way out (CC-29): out says where it left from.
 */
#define TIE		1024

enum reach_kind { REACH_TO, REACH_RETREAT };

struct reach {
	struct bt_search s;
	const struct bt_state *st;
	struct bt_unit	*u;
	const struct occ *oc;		/* the grid, or NULL */
	enum reach_kind	 kind;
	int		 budget;	/* in feet */
	bool		 safe;
	struct pose	 home;
	int		 gx, gy;	/* REACH_TO: the goal, from home */
	int		 out, outkey;	/* best square to step off from */
	signed char	 outhow;
	bool		 pruned;	/* safe left a step out */
	/* -1, or the free turn the search starts from (cc_retreat's t,
	 * 0 for none): a straight way out (no diagonal step) ends the
	 * search, one toward the edge it turned to face if it turned
	 * (rank_search); the caller takes it over all else it has */
	int		 settle;
	/* made once a search: the steps, each as a move and where it
	 * takes the unit at home's facing; cc_flies */
	struct move	 step[ALL_STEPS];
	int		 dx[ALL_STEPS], dy[ALL_STEPS];
	bool		 flies;
	/* with oc: the classes of the footprint of the square (fx, fy)
	 * the search steps from (fhave), which provokes asks of each of
	 * its steps, and whether none of them can provoke (calm: no
	 * front to leave, none readied); bt_search tries them in a row */
	int		 fx, fy;
	unsigned	 fc;
	bool		 fhave, calm;
};

/* Would u be in contact with an enemy at pose p (cc_in_contact)? By the
 * grid, when there is one (oc). */
static bool
near_enemy(const struct bt_state *st, struct bt_unit *u, const struct pose *p,
    const struct occ *oc)
{
	struct pose keep = pose_of(u);
	struct bt_rect r;
	bool near;

	if (oc != NULL) {
		r = rect_of(p);
		return near_of(oc, &r);
	}
	put(u, p);
	near = cc_in_contact(st, u);
	put(u, &keep);
	return near;
}

/* near_enemy with no grid, of f, u's foes (foes_of_mover): is one next
 * to u's footprint at p, first told by the ring round it, as there? */
static bool
near_foe(const struct bt_state *st, struct bt_unit *u, const struct pose *p,
    const struct cc_units *f)
{
	struct bt_rect r = rect_of(p);
	struct bt_rect ring = { r.x0 - 1, r.y0 - 1, r.x1 + 1, r.y1 + 1 };

	if (f->all)
		return near_enemy(st, u, p, NULL);
	for (size_t i = 0; i < f->n; i++) {
		struct bt_rect re = cc_rect(f->v[i]);

		if (cc_meet(&ring, &re) && rects_adjacent(&r, &re))
			return true;
	}
	return false;
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

static bool
diagonal(int k)
{
	return step_words[k].dx != 0 && step_words[k].dy != 0;
}

/* classes(oc, rect_of(q), &rect_of(p)) for a step from p to q, one
 * square at most on each axis: the squares newly held are q's column on
 * the side it stepped to and its row on that side, with no test of each
 * square against p's (the search's test, for each step it tries). */
static inline unsigned
step_classes(const struct occ *oc, const struct pose *p, const struct pose *q)
{
	struct bt_rect r = rect_of(q);
	unsigned c = 0;

	if (q->x != p->x) {
		int x = q->x > p->x ? r.x1 : r.x0;

		for (int y = r.y0; y <= r.y1; y++)
			c |= square_classes(oc, x, y);
	}
	if (q->y != p->y) {
		int y = q->y > p->y ? r.y1 : r.y0;

		for (int x = r.x0; x <= r.x1; x++)
			c |= square_classes(oc, x, y);
	}
	return c;
}

/* Step word k from (x, y), relative to home (bt_move_fn). */
static int
reach_step(void *ctx, int x, int y, int so_far, int k, int *nx, int *ny,
    bool *stop)
{
	struct reach *rc = ctx;
	struct pose p, q;
	/* where the step goes, from home: the test below needs no pose */
	const int tx = x + rc->dx[k], ty = y + rc->dy[k];
	int cost, tie = 0, at;
	bool leaves, bad;

	/*
	 * A square reached already at no more than so_far: bt_search would
	 * drop this step whatever it costs (a step costs more than nothing),
	 * so it is not asked. Its one other effect would be to mark the
	 * search pruned, were it unsafe; but a search without safe that
	 * such steps alone set off would go the same way as this one (each
	 * comes to a square it has at no more), its ends the same and none
	 * safer: nothing better.
	 */
	at = bt_search_at(&rc->s, tx, ty);
	if (at >= 0 && rc->s.dist[at] >= 0 && rc->s.dist[at] <= so_far)
		return -1;
	p = q = rc->home;
	p.x += x;
	p.y += y;
	q.x += tx;
	q.y += ty;
	if (rc->oc != NULL)	/* try_quiet, by the step's squares */
		bad = quiet_rule(rc->u, rc->flies, &rc->step[k], false,
		    step_classes(rc->oc, &p, &q), &cost, &leaves, NULL) < 0;
	else
		bad = try_quiet(rc->st, rc->u, rc->flies, &p, &rc->step[k],
		    false, &q, &cost, &leaves, NULL) < 0;
	if (bad || so_far / TIE + cost > rc->budget)
		return -1;
	if (rc->safe && rc->oc != NULL) {
		if (!rc->fhave || rc->fx != x || rc->fy != y) {
			rc->fc = classes(rc->oc, rect_of(&p), NULL);
			rc->calm = !fronted_by(rc->u, rc->fc) &&
			    rc->oc->nready == 0;
			rc->fx = x;
			rc->fy = y;
			rc->fhave = true;
		}
		if (!rc->calm &&
		    provokes_of(rc->st, rc->u, &p, &q, rc->oc, rc->fc)) {
			rc->pruned = true;
			return -1;
		}
	} else if (rc->safe && provokes(rc->st, rc->u, &p, &q, rc->oc)) {
		rc->pruned = true;
		return -1;
	}
	if (rc->kind == REACH_RETREAT)
		tie = diagonal(k);
	else if (tx != rc->gx || ty != rc->gy)
		tie = new_contact(rc->st, rc->u, &p, &q, NULL) != NULL;
	if (leaves) {
		int key = so_far % TIE + tie;	/* straightest way out */

		if (rc->out < 0 || key < rc->outkey) {
			rc->out = bt_search_at(&rc->s, x, y);
			rc->outkey = key;
			rc->outhow = (signed char)k;
			/* none found later is straighter (key < outkey) */
			if (key == 0 && (rc->settle == 0 || (rc->settle > 0 &&
			    nearest_edge(&rc->st->map, &q) == rc->settle - 1)))
				rc->s.done = true;
		}
		return -1;
	}
	*nx = tx;
	*ny = ty;
	/* where no step is left (a step's least cost, CC_STEP), every one
	 * would be refused above: the search need not go on from there */
	if ((so_far + cost * TIE + tie) / TIE + CC_STEP > rc->budget)
		*stop = true;
	return cost * TIE + tie;
}

/* oc: the grid of who stands where, or NULL; room (size bytes, or
 * NULL): where the search's arrays go if they fit (bt_search_in);
 * settle: struct reach's. */
static void
reach_from(const struct bt_state *st, struct bt_unit *u,
    const struct occ *oc, const struct pose *home, enum reach_kind kind,
    int budget, bool safe, int settle, int gx, int gy, struct reach *rc,
    void *room, size_t size)
{
	int r = budget / CC_STEP;

	rc->st = st;
	rc->u = u;
	rc->oc = oc;
	rc->kind = kind;
	rc->budget = budget;
	rc->safe = safe;
	rc->home = *home;
	rc->gx = gx;
	rc->gy = gy;
	rc->out = -1;
	rc->pruned = false;
	rc->settle = settle;
	rc->flies = cc_flies(st, u);
	rc->fhave = false;
	for (int k = 0; k < steps_for(u); k++) {
		rc->step[k] = step_move(k);
		turned(home->facing, rc->step[k].dx, rc->step[k].dy,
		    &rc->dx[k], &rc->dy[k]);
	}
	/* no goal (one outside the window): it reaches all it can */
	bt_search_in(&rc->s, room, size, r, budget * TIE + TIE - 1,
	    steps_for(u), reach_step, rc, r + 1, 0);
}

/* The steps from home to window square at (plus the step off the map,
 * when off), into path; returns how many, or -1. */
static int
reach_path(const struct reach *rc, int at, bool off, struct move *path,
    int maxpath)
{
	int how[MAX_MOVES > MAX_RETREAT ? MAX_MOVES : MAX_RETREAT];
	int len;

	if (maxpath > (int)(sizeof(how) / sizeof(how[0])))
		maxpath = (int)(sizeof(how) / sizeof(how[0]));
	len = bt_search_path(&rc->s, at, how, maxpath - off);
	for (int k = 0; k < len; k++)
		path[k] = step_move(how[k]);
	if (len >= 0 && off)
		path[len++] = step_move(rc->outhow);
	return len;
}

/* --to X,Y: the cheapest steps that put u's top-left square there, at its
 * facing, within its movement left, ending inside no unit (CC-10); of
 * those, one that makes no contact before the goal (CC-13). Returns the
 * number of steps, or -1. */
static int
find_path(const struct bt_state *st, struct bt_unit *u, int tx, int ty,
    int budget, struct move *path, int maxpath)
{
	struct reach rc;
	struct pose home = pose_of(u);
	int at, len = -1;

	reach_from(st, u, NULL, &home, REACH_TO, budget, false, -1,
	    tx - home.x, ty - home.y, &rc, NULL, 0);
	at = bt_search_at(&rc.s, tx - rc.home.x, ty - rc.home.y);
	if (at >= 0 && rc.s.dist[at] >= 0) {
		struct pose end = rc.home;

		end.x = tx;
		end.y = ty;
		if (may_stop(st, u, &end, NULL))
			len = reach_path(&rc, at, false, path, maxpath);
	}
	bt_search_free(&rc.s);
	return len;
}

/*
 * The listing of moves (cc-options.c): every pose u can end a bt-move at
 * now, with the movement it has left, each once, by its cheapest way.
 * One search over poses: a square and a facing, and whether the turn's
 * one rotation is used (CC-11), in a window around the unit; its moves
 * are the steps, about (CC-12) and the rotations about each of the
 * unit's first MAX_PIVOTS squares, as try_move takes them. Every cost is
 * a multiple of a step's 50 ft, so the poses are settled cost by cost,
 * each in the order of its index (the first of equal ways wins), with no
 * queue. A move into contact is not gone on from (CC-13), as bt-move
 * stops there; no way off the map is listed (CC-29), nor, for a unit of
 * four fronts, a turn that changes nothing but its facing word.
 */
#define MAX_PIVOTS	16
#define MAX_POSE_MOVES	(ALL_STEPS + 1 + 2 * MAX_PIVOTS)

struct pose_node {
	unsigned	 key;		/* the search's stamp + the cost in feet,
					 * once reached (node_reached) */
	int		 prev;		/* node before, or -1 at home */
	signed char	 how;		/* the move from prev */
	bool		 stop;		/* reached by a move into contact */
	bool		 provokes;	/* a move of the way sets off an attack */
	unsigned char	 fp;		/* the classes of its footprint */
	unsigned short	 len;		/* of its way's words, each with the
					 * space before it */
	int		 local;		/* its place among the nodes reached,
					 * in the order reached (nreached) */
};

/* A node of a kept answer's ways (struct kept_search): pose_node's move
 * from the node before, that node's place among them (or -1 at home),
 * and its way's length. */
struct way_node {
	int		 prev;
	unsigned short	 len;
	signed char	 how;
};

/* An end of a kept answer: the pose, cost and way of an option; in 16
 * bytes, that the ring holds more (a cost is less than STAMP). */
struct kept_end {
	int		 node;		/* its way's last (struct way_node) */
	int		 x, y;
	unsigned short	 cost;
	signed char	 facing;
	bool		 provokes;
};

/*
 * The nodes of a cost are a set of bits (a node's index is its bit), so
 * that settling a cost takes its nodes in the order of their index, as
 * a word of 64 bits at a time: no list to sort. A move costs at most
 * CC_ROTATE_HARD, so the costs not settled yet that a node may have are
 * the next COST_RING - 1, and the sets are a ring of COST_RING, a
 * settled cost's set cleared for the one that comes round to it. The
 * nodes reached are a set too, for the ends to be reported from them in
 * the same order, not from the whole window: a listing of cc-field
 * reaches some forty nodes of its thousands.
 */
#define COST_RING	(CC_ROTATE_HARD / CC_STEP + 1)

struct pose_search {
	int		 x0, y0, w, h;	/* the window */
	struct pose_node *n;		/* [layer][y][x]; layer = 2 facing +
					 * rotated */
	int		 words;		/* in a set of nodes */
	uint64_t	*of_cost;	/* [cost / CC_STEP % COST_RING][word] */
	uint64_t	*reached;	/* [words] */
	unsigned	 stamp;		/* the keys' of this search (STAMP) */
	int		 nreached;	/* the nodes reached */
	/* the nodes gone on from (not stopped, search_poses): a rectangle
	 * of their places in the window, (px, py); none if x0 > x1 */
	struct bt_rect	 went;
	char		*line;		/* "bt-move ID ", padded with NULs to a
					 * multiple of 8 bytes, 24 at the least
					 * (report_ends) */
	size_t		 prefix;	/* strlen("bt-move ID ") */
};

/*
 * A node's cost is kept as a key, its search's stamp + the cost, so that
 * whether a node is reached, and at what cost, is one subtraction: the
 * nodes are kept from one search to the next (the scratch's), never
 * cleared, each search's stamp STAMP more than the last's, and a node of
 * an earlier one, its key less than the stamp, is as unsigned thousands
 * of millions more. A cost is at most a speed, 10000 (cc.c's bounds).
 */
#define STAMP		(1U << 16)

/* The cost of node i, or more than any (UINT_MAX / 2 at the least) if it
 * is not reached yet. */
static inline unsigned
node_costs(const struct pose_search *ps, int i)
{
	return ps->n[i].key - ps->stamp;
}

/* A cost and a node's index are never negative: as unsigned, their
 * divisions by a power of two are a shift and a mask, with no fix-up
 * for a sign (node_reached is asked of every move a search tries). */
static uint64_t *
cost_set(const struct pose_search *ps, int c)
{
	return ps->of_cost + (size_t)((unsigned)c / CC_STEP % COST_RING) *
	    ps->words;
}

/* Has node i been reached? Until then, nothing of it is set but its
 * key, an earlier search's. */
static inline bool
node_reached(const struct pose_search *ps, int i)
{
	return node_costs(ps, i) < STAMP;
}

/* Node i costs c now: it leaves the set of its old cost for c's.
 * Inline: a search sets one a pose it reaches, thousands a battle. */
static inline void
node_cost(struct pose_search *ps, int i, int c)
{
	struct pose_node *n = &ps->n[i];
	unsigned word = (unsigned)i / 64;
	uint64_t bit = (uint64_t)1 << ((unsigned)i % 64);

	if (!node_reached(ps, i)) {
		ps->reached[word] |= bit;
		n->local = ps->nreached++;
	} else
		cost_set(ps, (int)(n->key - ps->stamp))[word] &= ~bit;
	n->key = ps->stamp + (unsigned)c;
	cost_set(ps, c)[word] |= bit;
}

/* The word at p, cleared. */
static inline uint64_t
take_word(uint64_t *p)
{
	uint64_t w = *p;

	*p = 0;
	return w;
}

/* The index of the lowest bit set in w (not 0), by a de Bruijn
 * sequence: w's lowest bit times the sequence puts a distinct 6-bit
 * window at the top, which the table maps back to the bit's place. */
static int
lowest_bit(uint64_t w)
{
	static const unsigned char place[64] = {
		0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
		62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
		63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
		46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6
	};

	return place[((w & -w) * 0x03f79d71b4cb0a89ULL) >> 58];
}

static int
node_of(const struct pose_search *ps, int x, int y, int facing, bool rotated)
{
	if (x < ps->x0 || y < ps->y0 || x >= ps->x0 + ps->w ||
	    y >= ps->y0 + ps->h)
		return -1;
	return ((facing * 2 + rotated) * ps->h + y - ps->y0) * ps->w + x -
	    ps->x0;
}

/* The pose of facing f at (px, py) in the window: w and h swap with a
 * quarter turn from home. */
static inline struct pose
window_pose(const struct pose_search *ps, const struct pose *home, int px,
    int py, int f)
{
	struct pose p = *home;

	p.x = ps->x0 + px;
	p.y = ps->y0 + py;
	p.facing = f;
	if ((f + home->facing) % 2 == 1) {
		p.w = home->h;
		p.h = home->w;
	}
	return p;
}

/* Node i's pose. */
static struct pose
node_pose(const struct pose_search *ps, const struct pose *home, int i)
{
	unsigned wh = (unsigned)(ps->w * ps->h), rest = (unsigned)i % wh;

	return window_pose(ps, home, (int)(rest % (unsigned)ps->w),
	    (int)(rest / (unsigned)ps->w), (int)((unsigned)i / wh / 2));
}

/* The rotations' words (parse_move's) about each of the first
 * MAX_PIVOTS squares. */
static const char *const cw_words[MAX_PIVOTS] = {
	"cw", "cw:2", "cw:3", "cw:4", "cw:5", "cw:6", "cw:7", "cw:8", "cw:9",
	"cw:10", "cw:11", "cw:12", "cw:13", "cw:14", "cw:15", "cw:16"
};
static const char *const ccw_words[MAX_PIVOTS] = {
	"ccw", "ccw:2", "ccw:3", "ccw:4", "ccw:5", "ccw:6", "ccw:7", "ccw:8",
	"ccw:9", "ccw:10", "ccw:11", "ccw:12", "ccw:13", "ccw:14", "ccw:15",
	"ccw:16"
};

/* The moves a unit may make in the search: the steps, about, the
 * rotations, in this order, which is that of their least cost. */
static int
pose_moves(const struct bt_unit *u, struct move *m)
{
	int n = 0, pivots = u->w * u->h < MAX_PIVOTS ? u->w * u->h :
	    MAX_PIVOTS;

	for (int k = 0; k < steps_for(u); k++)
		m[n++] = step_move(k);
	if (u->fronts == 4 && u->w == u->h)
		return n;	/* a turn would change nothing but facing */
	if (u->fronts != 4) {
		memset(&m[n], 0, sizeof(m[n]));
		m[n].kind = ABOUT;
		m[n++].word = "about";
	}
	for (int t = 1; t <= 3; t += 2)
		for (int k = 1; k <= pivots; k++) {
			memset(&m[n], 0, sizeof(m[n]));
			m[n].kind = ROTATE;
			m[n].turn = t;
			m[n].pivot = k;
			m[n].word = t == 1 ? cw_words[k - 1] : ccw_words[k - 1];
			n++;
		}
	return n;
}

/*
 * The line of the way to node i of the way nodes n, of prefix - 1 + n[i].len
 * bytes and its NUL, into line, which has room for 16 bytes more: first
 * the prefix "bt-move ID ", as the 8-byte words of the search's (pline,
 * padded), whose bytes past it the words write over; then the words of
 * the moves, each with the space before it, after the prefix's last
 * space (base). The way is walked once, from its end back: each word is
 * copied as the 8 bytes of word8 that end with it (spaces before it,
 * then the space and the word), at where it ends, the node's len; the
 * bytes before the word are written over by the word before, and those
 * of the first word, in the prefix, are put back from it (base's 8
 * bytes before). The one writer of a move's line, whether the listing
 * writes its ends' (report_ends) or a lazy one's is asked (cc_way_line).
 */
static inline void
way_line(const struct way_node *n, const char (*word8)[8],
    const size_t *mlen, const char *pline, size_t prefix, int i, char *line)
{
	size_t len = prefix - 1 + n[i].len, e = n[i].len;
	char *base = line + prefix - 1;

	/* "bt-move " and an id make 10 bytes at the least, and the line
	 * 12 with its NUL: three words with no loop, then the rest (an id
	 * of 16 or more) */
	memcpy(line, pline, 24);
	for (size_t k = 24; k < prefix; k += 8)
		memcpy(line + k, pline + k, 8);
	for (int k = i; n[k].prev >= 0; k = n[k].prev) {
		int how = n[k].how;

		memcpy(base + e - 8, word8[how], 8);
		e -= mlen[how] + 1;
	}
	memcpy(base - 8, pline + prefix - 9, 8);
	line[len] = '\0';
}

/* The option op of end e: where it ends, its cost, whether it provokes. */
static inline void
end_option(struct bt_option *op, const struct kept_end *e)
{
	op->x = e->x;
	op->y = e->y;
	op->facing = e->facing;
	op->cost = e->cost;
	op->provokes = e->provokes;
}

/* The option of end e, a bt-move of unit whose line is written when
 * asked (cc_way_line): made whole, not set a field at a time over a
 * blank one (bt_options_add_ways). */
static inline struct bt_option
way_option(const struct kept_end *e, const char *unit)
{
	struct bt_option op = {
		.kind = BT_OPT_MOVE,
		.line = BT_OPTION_WAY | (size_t)e->node,
		.note = BT_OPTION_NO_NOTE,
		.unit = unit
	};

	end_option(&op, e);
	return op;
}

/*
 * The ends of a search, of the way nodes n, added to o as bt-moves of
 * unit: in a lazy listing (lazy), only their nodes, the lines written
 * when asked (cc_way_line), all in one call; or each with its line
 * written in place in o's text, with no copy (way_line, after the prefix
 * pline of plen bytes). A listing adds hundreds of ways a turn, and
 * bt-auto and bt-sim read one.
 */
static void
report_ends(const struct way_node *n, const struct kept_end *ends,
    size_t nends, const char (*word8)[8], const size_t *mlen,
    const char *pline, size_t plen, bool lazy, struct bt_options *o,
    const char *unit)
{
	struct bt_option *op;

	if (lazy) {
		op = bt_options_add_ways(o, nends);
		for (size_t k = 0; k < nends; k++)
			op[k] = way_option(&ends[k], unit);
		return;
	}
	for (size_t k = 0; k < nends; k++) {
		/* the prefix's words may reach 16 bytes past the line's
		 * NUL */
		way_line(n, word8, mlen, pline, plen, ends[k].node,
		    bt_options_add_room(o, BT_OPT_MOVE, unit,
		    plen - 1 + n[ends[k].node].len, 16, &op));
		end_option(op, &ends[k]);
	}
}

/* n bytes of sc's memory *p (of *size), grown to hold them; its old
 * bytes are not kept. */
static void *
scratch(void **p, size_t *size, size_t n)
{
	if (n > *size) {
		free(*p);
		*p = bt_xmalloc(n);
		*size = n;
	}
	return *p;
}

/*
 * Searches' answers, kept in the scratch for the searches after: a search
 * is a function of what its key holds, so that an equal key gives the
 * same ends by the same ways. The battles of a simulation start alike and
 * often go on alike for a while, and a unit is searched again where
 * nothing near it has changed: of 20 battles of cc-field, 530 searches of
 * 1,415 were made before. What a search reads is in the key: of the
 * mover, its pose and kind (search_moves), its speed, whether it flies or
 * disengages (CC-23), its turn so far; the ground (ground_kept's, of the
 * map's letters and the weather: a map of others forgets every answer);
 * and of each other unit in the battle whose squares or sides' strips
 * meet the squares the search read (kept_read, a rectangle round the
 * moves it tried), what says where it stands, whom it fronts, whether it
 * may react and how. A unit that misses them holds, marks (occ_fill) and
 * strikes none of the squares read, so that a unit moving elsewhere in
 * the window leaves the answer as it was. An enemy that may react with a
 * readied shot (CC-25) is asked more, cc_cannot_attack, of the whole
 * state: a search with one is not kept. What a search reads is known
 * once it is made: the hash is of the mover and of the units that meet
 * what any search of it reads, the moves from home (kept_key's core), and
 * an answer of the set is the one if the units that meet what it read
 * are the same now (kept_same_units). The answers of a mover and core in
 * other surroundings share a set: there are KEPT_SETS sets of KEPT_WAYS,
 * few and wide. What they hold is written one after another round a ring
 * of KEPT_RING bytes, over the oldest, so that their memory is one block,
 * whatever their sizes (some 1 KB an answer in cc-field, so that the ring
 * holds about as many as the sets); an answer asked again is moved to the
 * head before the ring comes round to it (kept_renew). The one of a set
 * made over is the one asked least lately among those never asked again:
 * most answers are of one battle's moment, never met again, and a few,
 * of the moments every battle starts with, are asked again and again; a
 * set made over by age alone loses those to the others. Of bt-sim -N
 * 3000 of cc-field's 214K searches, 138K are answered kept (133K in 2,048
 * sets of 4; 104K when the key held every unit whose ring met the
 * search's window, struct occ's win, most of the map).
 */
#define KEPT_SETS	512
#define KEPT_WAYS	16
#define KEPT_RING	((size_t)1 << 23)

/* The key's mover, its turn, and the ground (ground_kept's place). */
struct kept_mover {
	int		 x, y, w, h, facing, fronts, speed, moved, ground;
	bool		 flies, rotated, disengaging;
};

/* The key's record of another unit (kept_unit_of). */
struct kept_unit {
	int		 x, y, w, h;
	bool		 enemy, reacts;
	/* reacts: its fronts (cc_front_strips), its readied attack */
	int		 facing, fronts;
	bool		 ready;
	bool		 shoots;	/* ready: a ranged trigger */
	bool		 elsewhere;	/* ready: for another target */
};

struct kept_search {
	uint64_t	 hash;		/* of its key's mover and core */
	uint64_t	 asked;		/* when last (struct kept's clock);
					 * 0: it holds none */
	bool		 again;		/* asked since it was made */
	struct kept_mover mover;
	struct bt_rect	 read;		/* what its search read (kept_read) */
	size_t		 nunits, nnodes, nends;
	/* in the ring (or the spare's block): the key's units, the nodes of
	 * the ways (in the order reached), the ends (in the order listed) */
	struct kept_unit *units;
	struct way_node	*nodes;
	struct kept_end	*ends;
	size_t		 at;		/* where in the ring, */
	uint64_t	 lap;		/* written in which of its laps */
};

struct kept {
	struct kept_search v[KEPT_SETS][KEPT_WAYS];
	uint64_t	 clock;
	char		*ring;		/* KEPT_RING bytes, made when first
					 * written */
	size_t		 head;		/* where the next is written, */
	uint64_t	 lap;		/* in which lap round it */
	/* the answer of a search not kept, in its own block */
	struct kept_search spare;
	void		*block;
	size_t		 size;
	/* the key of the search asked (kept_key) */
	uint64_t	 hash;
	struct kept_mover mover;
	struct kept_unit *units;
	size_t		 nunits, ucap;
};

static struct kept *
kept_of(struct cc_scratch *sc)
{
	if (sc->kept == NULL)
		sc->kept = bt_xcalloc(1, sizeof(struct kept));
	return sc->kept;
}

/* Does ks hold an answer: asked, and not written over? The ring is
 * written from its start each lap: what the last lap wrote holds from
 * where this one has reached on. */
static bool
kept_holds(const struct kept *kp, const struct kept_search *ks)
{
	return ks->asked != 0 && (ks->lap == kp->lap ||
	    (ks->lap + 1 == kp->lap && ks->at >= kp->head));
}

/* Every answer forgotten (their memory kept). */
static void
kept_forget(struct cc_scratch *sc)
{
	struct kept *kp = sc->kept;

	if (kp == NULL)
		return;
	for (int s = 0; s < KEPT_SETS; s++)
		for (int k = 0; k < KEPT_WAYS; k++)
			kp->v[s][k].asked = 0;
}

static void
kept_free(struct cc_scratch *sc)
{
	struct kept *kp = sc->kept;

	if (kp == NULL)
		return;
	free(kp->ring);
	free(kp->block);
	free(kp->units);
	free(kp);
	sc->kept = NULL;
}

/* v mixed into hash h. */
static inline uint64_t
kept_mix(uint64_t h, int v)
{
	return (h ^ (uint64_t)(unsigned)v) * 0x100000001b3ULL;
}

/* Does a unit of footprint (x, y) w by h hold, mark or strike a square
 * of r? Only its squares and its sides' strips (cc_strip), the ring round
 * it but its corners: its fronts (cc_front_strips) and the squares next
 * to it (OCC_NEAR); a mover next to it has a square in one
 * (makes_contact). */
static inline bool
strips_meet(int x, int y, int w, int h, const struct bt_rect *r)
{
	struct bt_rect across = { x - 1, y, x + w, y + h - 1 };
	struct bt_rect down = { x, y - 1, x + w - 1, y + h };

	return cc_meet(&across, r) || cc_meet(&down, r);
}

/* strips_meet, of the unit of record k. */
static inline bool
kept_unit_meets(const struct kept_unit *k, const struct bt_rect *r)
{
	return strips_meet(k->x, k->y, k->w, k->h, r);
}

/* The key's record of unit e for a search of u whose window is win into
 * k, its padding zeroed (keys are compared whole); false if the search
 * reads nothing of e. */
static bool
kept_unit_of(const struct bt_unit *e, const struct bt_unit *u,
    const struct bt_rect *win, struct kept_unit *k)
{
	if (e == u || !cc_in_battle(e) || !strips_meet(e->x, e->y, e->w, e->h,
	    win))
		return false;
	memset(k, 0, sizeof(*k));
	k->x = e->x;
	k->y = e->y;
	k->w = e->w;
	k->h = e->h;
	k->enemy = cc_enemies(u, e);
	/* of one that may not react, only where it stands: it strikes
	 * no square (occ_fill), and is asked no trigger (provokes_by); an
	 * ally never reacts (may_react), and is not asked */
	if (!k->enemy || !(k->reacts = may_react(e, u, NULL)))
		return true;
	k->facing = e->facing;
	k->fronts = e->fronts;
	k->ready = e->ready.present;
	if (k->ready) {		/* enters_trigger's */
		k->shoots = e->ready.trigger == 1;
		k->elsewhere = e->ready.target != NULL &&
		    strcmp(e->ready.target, u->id) != 0;
	}
	return true;
}

/* The key of a search of u in st into kp: speed and flies cc_speed's and
 * cc_flies's, ground the place of the ground's (ground_kept), win its
 * window, core what it reads whatever it finds (kept_read's at the
 * least), of which the units are in the hash; false if the search is
 * not to be kept. */
static bool
kept_key(struct kept *kp, const struct bt_state *st, const struct bt_unit *u,
    int speed, bool flies, int ground, const struct bt_rect *win,
    const struct bt_rect *core)
{
	struct kept_mover *m = &kp->mover;
	uint64_t h = 0xcbf29ce484222325ULL;

	if (st->nunits > kp->ucap) {
		kp->ucap = st->nunits;
		kp->units = bt_xreallocarray(kp->units, kp->ucap,
		    sizeof(*kp->units));
	}
	memset(m, 0, sizeof(*m));
	m->x = u->x;
	m->y = u->y;
	m->w = u->w;
	m->h = u->h;
	m->facing = u->facing;
	m->fronts = u->fronts;
	m->speed = speed;
	m->moved = st->turn.moved;
	m->ground = ground;
	m->flies = flies;
	m->rotated = st->turn.rotated;
	m->disengaging = (u->status & BT_ST_DISENGAGING) != 0;
	h = kept_mix(kept_mix(kept_mix(h, m->x), m->y), m->facing);
	h = kept_mix(kept_mix(kept_mix(h, m->w), m->h), m->speed);
	h = kept_mix(kept_mix(kept_mix(h, m->moved), m->ground),
	    m->fronts + 8 * m->flies + 16 * m->rotated + 32 * m->disengaging);
	kp->nunits = 0;
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];
		struct kept_unit *k = &kp->units[kp->nunits];

		if (e->ready.present && e->ready.trigger == 1 &&
		    may_react(e, u, NULL))
			return false;
		if (!kept_unit_of(e, u, win, k))
			continue;
		if (kept_unit_meets(k, core))
			h = kept_mix(kept_mix(kept_mix(h, k->x), k->y),
			    k->facing);
		kp->nunits++;
	}
	kp->hash = h;
	return true;
}

/* The set of kp's key. */
static struct kept_search *
kept_set(struct kept *kp)
{
	return kp->v[kp->hash % KEPT_SETS];
}

/* Are the units of kp's key that meet what ks's search read (ks->read)
 * those of ks's key, in the same order? They are ks's, and the units of
 * kp's are those of the window, which holds what any search read. */
static bool
kept_same_units(const struct kept *kp, const struct kept_search *ks)
{
	size_t n = 0;

	for (size_t i = 0; i < kp->nunits; i++) {
		if (!kept_unit_meets(&kp->units[i], &ks->read))
			continue;
		if (n == ks->nunits || memcmp(&kp->units[i], &ks->units[n],
		    sizeof(*kp->units)) != 0)
			return false;
		n++;
	}
	return n == ks->nunits;
}

/* Of kp's key, only the units that meet read (what its search read,
 * kept_read): those the answer is of. */
static void
kept_narrow(struct kept *kp, const struct bt_rect *read)
{
	size_t n = 0;

	for (size_t i = 0; i < kp->nunits; i++)
		if (kept_unit_meets(&kp->units[i], read))
			kp->units[n++] = kp->units[i];
	kp->nunits = n;
}

/* The answer of kp's key, or NULL: one of the same mover whose search
 * read squares that the same units hold, mark and strike now. */
static struct kept_search *
kept_find(struct kept *kp)
{
	struct kept_search *set = kept_set(kp);

	for (int k = 0; k < KEPT_WAYS; k++) {
		struct kept_search *ks = &set[k];

		if (kept_holds(kp, ks) && ks->hash == kp->hash &&
		    memcmp(&ks->mover, &kp->mover, sizeof(kp->mover)) == 0 &&
		    kept_same_units(kp, ks))
			return ks;
	}
	return NULL;
}

/* Where the answer of kp's key is to be kept: one of its set that holds
 * none, else the one asked least lately of those never asked again, else
 * of all. */
static struct kept_search *
kept_slot(struct kept *kp)
{
	struct kept_search *set = kept_set(kp), *old = &set[0];

	for (int k = 0; k < KEPT_WAYS; k++) {
		if (!kept_holds(kp, &set[k]))
			return &set[k];
		if (set[k].again != old->again ? old->again :
		    set[k].asked < old->asked)
			old = &set[k];
	}
	return old;
}

/* size bytes for the answer of ks: at the ring's head, or from its start
 * in a new lap; in the spare's block if it is the spare. */
static char *
kept_room(struct kept *kp, struct kept_search *ks, size_t size)
{
	if (ks == &kp->spare)
		return scratch(&kp->block, &kp->size, size);
	if (kp->ring == NULL)
		kp->ring = bt_xmalloc(KEPT_RING);
	if (kp->head + size > KEPT_RING) {
		kp->lap++;
		kp->head = 0;
	}
	ks->at = kp->head;
	ks->lap = kp->lap;
	/* the next one's aligned as this one's is */
	kp->head += (size + 7) / 8 * 8;
	return kp->ring + ks->at;
}

/*
 * Answer ks, just asked, written again at the ring's head if it is of the
 * lap before, which this lap is writing over: an answer asked again and
 * again is never lost to the ring's laps, only to its set (kept_slot).
 * Its room there may overlap its old one: moved, not copied.
 */
static void
kept_renew(struct kept *kp, struct kept_search *ks)
{
	const char *old = kp->ring + ks->at;
	size_t size = (size_t)((const char *)(ks->ends + ks->nends) - old);
	char *block;

	if (ks->lap == kp->lap)
		return;
	block = kept_room(kp, ks, size);
	memmove(block, old, size);
	ks->units = (struct kept_unit *)block;
	ks->nodes = (struct way_node *)(ks->units + ks->nunits);
	ks->ends = (struct kept_end *)(ks->nodes + ks->nnodes);
}

/*
 * The answer of search ps from home into ks, with kp's key if keep (its
 * units narrowed to those that meet read, kept_narrow): the
 * nodes reached, as the nodes of the ways (in the order reached, their
 * prev by their places there, struct pose_node's local), and the ends:
 * each pose once, the cheaper of its two layers, unrotated first, in the
 * order of the nodes' index; not home (nor twin, home in the other
 * layer), nor a pose it may not stop at.
 */
static void
kept_answer(struct kept_search *ks, struct kept *kp, bool keep,
    const struct bt_rect *read, struct pose_search *ps,
    const struct pose *home, int twin)
{
	unsigned wh = (unsigned)(ps->w * ps->h);
	size_t n = (size_t)ps->nreached, units;
	char *block;

	if (keep)
		kept_narrow(kp, read);
	units = keep ? kp->nunits : 0;
	block = kept_room(kp, ks, units * sizeof(*ks->units) +
	    n * (sizeof(*ks->nodes) + sizeof(*ks->ends)));
	ks->units = (struct kept_unit *)block;
	ks->nodes = (struct way_node *)(ks->units + units);
	ks->ends = (struct kept_end *)(ks->nodes + n);
	if (keep) {
		ks->hash = kp->hash;
		ks->mover = kp->mover;
		ks->read = *read;
		memcpy(ks->units, kp->units, units * sizeof(*ks->units));
	}
	ks->again = false;
	ks->nunits = units;
	ks->nnodes = n;
	ks->nends = 0;
	for (int word = 0; word < ps->words; word++)
	    for (uint64_t w = ps->reached[word]; w != 0; w &= w - 1) {
		int i = word * 64 + lowest_bit(w), other;
		const struct pose_node *p = &ps->n[i];
		struct way_node *wn = &ks->nodes[p->local];
		unsigned ci = node_costs(ps, i), co;
		struct pose t;
		struct kept_end *e;

		wn->prev = p->prev < 0 ? -1 : ps->n[p->prev].local;
		wn->len = p->len;
		wn->how = p->how;
		if (ci == 0 || i == twin)
			continue;
		other = (unsigned)i / wh % 2 ? i - (int)wh : i + (int)wh;
		co = node_costs(ps, other);	/* if not reached, more */
		if (co < ci || (co == ci && other < i))
			continue;
		if (p->fp & OCC_NO_STOP)	/* may_stop */
			continue;
		t = node_pose(ps, home, i);
		e = &ks->ends[ks->nends++];
		e->node = p->local;
		e->x = t.x;
		e->y = t.y;
		e->facing = (signed char)t.facing;
		e->cost = (unsigned short)ci;
		e->provokes = p->provokes;
	}
	/* the room of the ends not made (a node of each was), given back
	 * to the ring: what a lap before wrote there is whole still */
	if (ks != &kp->spare)
		kp->head = ks->at + ((size_t)((char *)(ks->ends + ks->nends) -
		    block) + 7) / 8 * 8;
}

void
cc_scratch_free(struct cc_scratch *sc)
{
	free(sc->grid);
	free(sc->nodes);
	free(sc->poses);
	search_moves_free(sc->moves);
	ground_free(sc);
	kept_free(sc);
	memset(sc, 0, sizeof(*sc));
}

/* The ground of each square of the map into g (occ's ground, by row):
 * its terrain letter's (and the weather's), asked of the rules once a
 * letter, at its first square. */
static void
ground_fill(const struct bt_state *st, unsigned char *g)
{
	unsigned char of_letter[256];
	bool known[256] = { false };
	int w = st->map.width;

	for (int y = 0; y < st->map.height; y++) {
		const char *row = st->map.rows[y];

		for (int x = 0; x < w; x++) {
			unsigned char t = (unsigned char)row[x];

			if (!known[t]) {
				of_letter[t] =
				    (bt_terrain_at(&st->map, x, y) ==
				    BT_BLOCKED ? OCC_BLOCKED : 0) |
				    (cc_square_difficult(st, x, y) ?
				    OCC_DIFFICULT : 0);
				known[t] = true;
			}
			g[(size_t)y * w + x] = of_letter[t];
		}
	}
}

/*
 * The map's ground (ground_fill), kept in sc for the searches after with
 * the letters it was made of, for each weather seen: made again for
 * letters that differ, which in a battle they never do (its map does not
 * change), and once for a weather not seen yet. Weathers that make the
 * same ground share it, by its place (ground_kept's *id), so that an
 * answer kept (kept_key) is of the ground it was made on, not of the
 * weather: most make the letters' own (CC-4).
 */
#define GROUNDS_KEPT	8

struct ground_kept {
	int		 w, h;
	unsigned char	*letters;	/* [y * w + x], then the grounds */
	/* the name of rows last found to be the letters (struct bt_map's
	 * letters), or 0: a map of that name is of them with no compare */
	unsigned long	 name;
	/* the grounds made, each unlike the others, in room for
	 * GROUNDS_KEPT after the letters */
	int		 nground;
	/* the weathers seen, and the place of the ground of each */
	int		 weather[GROUNDS_KEPT], of[GROUNDS_KEPT], nweather;
};

/* Are the letters of st's map k's? Asked of every search: by the map's
 * name once they have been found to be. */
static bool
ground_letters(const struct bt_state *st, struct ground_kept *k)
{
	if (k->letters == NULL)
		return false;
	if (k->name != 0 && k->name == st->map.letters)
		return true;
	if (k->w != st->map.width || k->h != st->map.height)
		return false;
	for (int y = 0; y < k->h; y++)
		if (memcmp(k->letters + (size_t)y * k->w, st->map.rows[y],
		    (size_t)k->w) != 0)
			return false;
	k->name = st->map.letters;
	return true;
}

static void
ground_free(struct cc_scratch *sc)
{
	struct ground_kept *k = sc->ground;

	if (k != NULL)
		free(k->letters);
	free(k);
	sc->ground = NULL;
}

/* The ground of st's map in its weather, its place among those kept into
 * *id (unless NULL). */
static const unsigned char *
ground_kept(const struct bt_state *st, struct cc_scratch *sc, int *id)
{
	struct ground_kept *k;
	size_t squares = (size_t)st->map.width * (size_t)st->map.height;
	unsigned char *g;
	int i, at;

	if (sc->ground == NULL)
		sc->ground = bt_xcalloc(1, sizeof(*k));
	k = sc->ground;
	/* the answers kept are of the letters (kept_key's); and a weather
	 * more than there is room for starts over */
	if (!ground_letters(st, k) || k->nweather == GROUNDS_KEPT) {
		kept_forget(sc);
		free(k->letters);
		k->letters = bt_xmalloc((GROUNDS_KEPT + 1) * squares + 1);
		k->w = st->map.width;
		k->h = st->map.height;
		k->name = st->map.letters;
		for (int y = 0; y < k->h; y++)
			memcpy(k->letters + (size_t)y * k->w, st->map.rows[y],
			    (size_t)k->w);
		k->nground = k->nweather = 0;
	}
	for (i = 0; i < k->nweather && k->weather[i] != st->weather; i++)
		continue;
	if (i == k->nweather) {
		/* made after the others, kept there if unlike them all */
		g = k->letters + (size_t)(k->nground + 1) * squares;
		ground_fill(st, g);
		for (at = 0; at < k->nground; at++)
			if (memcmp(k->letters + (size_t)(at + 1) * squares, g,
			    squares) == 0)
				break;
		if (at == k->nground)
			k->nground++;
		k->weather[i] = st->weather;
		k->of[i] = at;
		k->nweather++;
	}
	if (id != NULL)
		*id = k->of[i];
	return k->letters + (size_t)(k->of[i] + 1) * squares;
}

/* The squares of r on the map get the classes c. Inline: occ_fill marks
 * some strips a unit. */
static inline void
mark(struct occ *oc, const struct bt_rect *r, unsigned c)
{
	for (int y = r->y0 > 0 ? r->y0 : 0; y <= r->y1 && y < oc->h; y++)
		for (int x = r->x0 > 0 ? r->x0 : 0; x <= r->x1 && x < oc->w;
		    x++)
			oc->ground[y * oc->w + x] |= (unsigned char)c;
}

/* occ_fill, the map's ground given (ground_kept's) with sc, or NULL: made
 * here then. */
static void
occ_fill_on(const struct bt_state *st, const struct bt_unit *u,
    struct occ *oc, struct cc_scratch *sc, const unsigned char *ground)
{
	size_t squares, n = st->nunits + 1;
	size_t size;
	char *block;

	oc->w = st->map.width;
	oc->h = st->map.height;
	squares = (size_t)oc->w * (size_t)oc->h;
	/* one block, zeroed, its parts in order of alignment; a search is
	 * made for every listing */
	size = n * sizeof(*oc->reacts) + squares * sizeof(*oc->at) +
	    4 * n * sizeof(*oc->front) + squares + 2 * n;
	if (sc != NULL)
		block = memset(scratch(&sc->grid, &sc->grid_size, size), 0,
		    size);
	else
		block = bt_xcalloc(1, size);
	oc->reacts = (size_t *)block;
	oc->at = (int *)(oc->reacts + n);
	oc->front = (struct bt_rect *)(oc->at + squares);
	oc->ground = (unsigned char *)(oc->front + 4 * n);
	oc->unit = oc->ground + squares;
	oc->nfront = oc->unit + n;
	oc->nreacts = 0;
	oc->nready = 0;
	oc->win = NULL;
	if (ground != NULL)
		memcpy(oc->ground, ground, squares);
	else
		ground_fill(st, oc->ground);
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *o = &st->units[i];
		int x0, x1;
		unsigned char held;

		if (o == u || !cc_in_battle(o))
			continue;
		if (cc_enemies(u, o))
			oc->unit[i] |= OCC_ENEMY;
		/* only an enemy may react: may_react not asked of a friend */
		if ((oc->unit[i] & OCC_ENEMY) && may_react(o, u, NULL)) {
			oc->reacts[oc->nreacts++] = i;
			oc->nready += o->ready.present;
			oc->nfront[i] = (unsigned char)cc_front_strips(o,
			    &oc->front[4 * i]);
			for (int k = 0; k < oc->nfront[i]; k++)
				mark(oc, &oc->front[4 * i + k], OCC_FRONT);
		}
		/* its squares on the map, clipped to it once, by rows */
		x0 = o->x > 0 ? o->x : 0;
		x1 = o->x + o->w < oc->w ? o->x + o->w : oc->w;
		held = oc->unit[i] & OCC_ENEMY ? OCC_FOE : OCC_FRIEND;
		for (int y = o->y > 0 ? o->y : 0; y < o->y + o->h &&
		    y < oc->h; y++) {
			int *at = oc->at + (size_t)y * oc->w;
			unsigned char *g = oc->ground + (size_t)y * oc->w;

			for (int x = x0; x < x1; x++) {
				at[x] = (int)i + 1;
				g[x] |= held;
			}
		}
		if (!(oc->unit[i] & OCC_ENEMY))
			continue;
		/* the squares sharing an edge with one of its: its sides'
		 * strips */
		for (int f = BT_N; f <= BT_W; f++) {
			struct bt_rect r = cc_strip(o, f);

			mark(oc, &r, OCC_NEAR);
		}
	}
}

/* The grid of who stands where, for a search of mover u's moves: in sc's
 * memory, or its own (sc NULL). */
static void
occ_fill(const struct bt_state *st, const struct bt_unit *u, struct occ *oc,
    struct cc_scratch *sc)
{
	occ_fill_on(st, u, oc, sc, sc != NULL ? ground_kept(st, sc, NULL) :
	    NULL);
}

/* The search's window of oc's ground into win, w by h from (x0, y0)
 * (struct occ's win). */
static void
occ_window(struct occ *oc, unsigned char *win, int x0, int y0, int w, int h)
{
	/* the window's columns [a, b) are on the map */
	int a = x0 < 0 ? -x0 : 0, b = x0 + w > oc->w ? oc->w - x0 : w;

	oc->win = win;
	oc->wx0 = x0;
	oc->wy0 = y0;
	oc->ww = w;
	oc->wh = h;
	/* all off, in one call; then the rows of the map, only */
	memset(win, OCC_OFF, (size_t)w * h);
	if (a >= b)
		return;
	for (int y = y0 < 0 ? -y0 : 0; y < h && y0 + y < oc->h; y++)
		memcpy(win + (size_t)y * w + a, oc->ground +
		    (size_t)(y0 + y) * oc->w + x0 + a, (size_t)(b - a));
}

static void
occ_free(struct occ *oc, struct cc_scratch *sc)
{
	if (sc == NULL)
		free(oc->reacts);	/* the block of occ_fill */
}

/*
 * A search's moves (pose_moves) and where each takes a pose of each
 * facing at (0, 0) (moved() is the same anywhere, shifted): the same
 * for every unit of as many fronts (four or not) and the same footprint
 * standing on the same axis, so kept in the scratch for the searches
 * after: the last SEARCH_MOVES_KEPT kinds (a battle has a few).
 */
#define SEARCH_MOVES_KEPT	8

struct search_moves {
	bool		 four;		/* what they are for: fronts == 4, */
	int		 w, h, axis;	/* the footprint, the facing % 2 */
	int		 nm;
	int		 norot;		/* the moves before the first rotation */
	struct move	 m[MAX_POSE_MOVES];
	struct pose	 to_of[4][MAX_POSE_MOVES];	/* [facing][move] */
	size_t		 mlen[MAX_POSE_MOVES];	/* strlen of each move's word */
	/* the word at the end of 8 bytes, after a space, the rest spaces
	 * (report_ends) */
	char		 word8[MAX_POSE_MOVES][8];
	/* The squares each move newly holds or sweeps (move_squares less
	 * the pose's own) from a pose of each facing at (0, 0), as (x, y):
	 * sq[2 first[f][k]] up to sq[2 first[f][k + 1]]; and as offsets
	 * in a window ww[l] squares wide: off[l * cap + first..], in two
	 * layouts l, the last two searches' windows (units of one
	 * footprint and two speeds take turns). */
	int		 first[4][MAX_POSE_MOVES + 1];
	/* After them, the squares of a pose of each facing: from foot[f]
	 * up to foot[f + 1]; nsq in all. */
	int		 foot[5], nsq;
	/* the rectangle that holds them all, of every facing: what the
	 * moves from a pose whose corner is (0, 0) read (moves_read) */
	struct bt_rect	 span;
	int		 reach;		/* the most a move shifts a corner by */
	int		*sq, *off;
	size_t		 cap;		/* of off by layouts, of sq by twos */
	int		 ww[2];		/* each layout's; 0: none */
	int		 next;		/* the layout to make next */
	/* Where each move takes a node of each facing, as a difference of
	 * index (node_of's: a rotation goes to the rotated layer, which
	 * only the unrotated one makes), in a search of nodes nw squares
	 * wide (layout l's, set with off: its window is nw + the
	 * footprint's longer side + 1 wide); and what each costs at the
	 * least (least_cost) */
	int		 dnode[2][4][MAX_POSE_MOVES];
	int		 least[MAX_POSE_MOVES];
	/* quiet_rule's table of each move (rule_of), for a unit that
	 * walks and one that flies: [flies][move] */
	const short	*rule[2][MAX_POSE_MOVES];
};

struct search_moves_kept {
	/* each made when first needed (NULL till then): a battle has a
	 * few kinds, and a zeroed array of all would cost more than
	 * making them */
	struct search_moves	*v[SEARCH_MOVES_KEPT];
	int			 next;	/* the one to make next */
};

static void
search_moves_free(void *p)
{
	struct search_moves_kept *kept = p;

	if (kept == NULL)
		return;
	for (int i = 0; i < SEARCH_MOVES_KEPT; i++)
		if (kept->v[i] != NULL) {
			free(kept->v[i]->sq);
			free(kept->v[i]->off);
			free(kept->v[i]);
		}
	free(kept);
}

/* sm's squares (first, sq) of facing f from its moves and to_of, from
 * the first[f][0]th on; the next one's index. */
static int
move_squares_of(struct search_moves *sm, int f, const struct pose *o)
{
	struct bt_rect old = rect_of(o);
	int n = sm->first[f][0];

	for (int k = 0; k < sm->nm; k++) {
		struct bt_rect r = move_squares(o, &sm->m[k], &sm->to_of[f][k]);

		sm->first[f][k] = n;
		if (sm->m[k].kind == ABOUT)
			continue;
		for (int y = r.y0; y <= r.y1; y++)
			for (int x = r.x0; x <= r.x1; x++) {
				if (x >= old.x0 && x <= old.x1 &&
				    y >= old.y0 && y <= old.y1)
					continue;
				sm->sq[2 * n] = x;
				sm->sq[2 * n + 1] = y;
				n++;
			}
	}
	sm->first[f][sm->nm] = n;
	return n;
}

/* The layout of sm's off for a window ww squares wide, and of its
 * dnode for a search whose nodes are nw by nw squares: one of the two
 * kept, or made over the older. */
static int
search_offsets(struct search_moves *sm, int ww, int nw)
{
	int l;
	int *off;

	if (sm->ww[0] == ww)
		return 0;
	if (sm->ww[1] == ww)
		return 1;
	l = sm->next;
	sm->next = !l;
	off = sm->off + (size_t)l * sm->cap;
	for (int j = 0; j < sm->nsq; j++)
		off[j] = sm->sq[2 * j + 1] * ww + sm->sq[2 * j];
	for (int k = 0; k < sm->nm; k++)
		for (int f = BT_N; f <= BT_W; f++) {
			const struct pose *q = &sm->to_of[f][k];

			sm->dnode[l][f][k] = (((q->facing - f) * 2 +
			    (sm->m[k].kind == ROTATE)) * nw + q->y) * nw + q->x;
		}
	sm->ww[l] = ww;
	return l;
}

static struct search_moves *
search_moves(const struct bt_unit *u, struct cc_scratch *sc)
{
	struct pose o[4];
	int n;
	size_t span, bound;
	struct search_moves_kept *kept;
	struct search_moves *sm;
	bool four = u->fronts == 4;
	int axis = u->facing % 2;

	if (sc->moves == NULL)
		sc->moves = bt_xcalloc(1, sizeof(*kept));
	kept = sc->moves;
	for (int i = 0; i < SEARCH_MOVES_KEPT; i++) {
		sm = kept->v[i];
		if (sm != NULL && sm->four == four && sm->w == u->w &&
		    sm->h == u->h && sm->axis == axis)
			return sm;
	}
	if (kept->v[kept->next] == NULL) {
		kept->v[kept->next] = bt_xmalloc(sizeof(*sm));
		kept->v[kept->next]->sq = kept->v[kept->next]->off = NULL;
		kept->v[kept->next]->cap = 0;
	}
	sm = kept->v[kept->next];
	kept->next = (kept->next + 1) % SEARCH_MOVES_KEPT;
	sm->four = four;
	sm->w = u->w;
	sm->h = u->h;
	sm->axis = axis;
	sm->nm = pose_moves(u, sm->m);
	for (int f = BT_N; f <= BT_W; f++) {
		struct pose at = { 0, 0, u->w, u->h, f };

		if ((f + u->facing) % 2 == 1) {
			at.w = u->h;
			at.h = u->w;
		}
		o[f] = at;
		for (int k = 0; k < sm->nm; k++)
			sm->to_of[f][k] = moved(&o[f], &sm->m[k]);
	}
	sm->reach = 0;
	for (int f = BT_N; f <= BT_W; f++)
		for (int k = 0; k < sm->nm; k++) {
			const struct pose *q = &sm->to_of[f][k];
			int dx = q->x < 0 ? -q->x : q->x;
			int dy = q->y < 0 ? -q->y : q->y;

			if (dx > sm->reach)
				sm->reach = dx;
			if (dy > sm->reach)
				sm->reach = dy;
		}
	/* the squares in one pass, in room for as many as there may be:
	 * a move's (move_squares) are in the hull of two footprints that
	 * share a square (a rotation's pivot), each side w + h - 1 at the
	 * most; and the footprints' */
	span = (size_t)(u->w + u->h - 1);
	bound = 4 * ((size_t)sm->nm * span * span + (size_t)u->w * u->h);
	if (bound > sm->cap) {
		free(sm->sq);
		free(sm->off);
		sm->sq = bt_xreallocarray(NULL, 2 * bound, sizeof(*sm->sq));
		sm->off = bt_xreallocarray(NULL, 2 * bound,
		    sizeof(*sm->off));
		sm->cap = bound;
	}
	n = 0;
	for (int f = BT_N; f <= BT_W; f++) {
		sm->first[f][0] = n;
		n = move_squares_of(sm, f, &o[f]);
	}
	for (int f = BT_N; f <= BT_W; f++) {
		sm->foot[f] = n;
		for (int y = 0; y < o[f].h; y++)
			for (int x = 0; x < o[f].w; x++, n++) {
				sm->sq[2 * n] = x;
				sm->sq[2 * n + 1] = y;
			}
	}
	sm->foot[4] = sm->nsq = n;
	sm->span.x0 = sm->span.x1 = sm->sq[0];
	sm->span.y0 = sm->span.y1 = sm->sq[1];
	for (int j = 1; j < n; j++) {
		int x = sm->sq[2 * j], y = sm->sq[2 * j + 1];

		sm->span.x0 = x < sm->span.x0 ? x : sm->span.x0;
		sm->span.y0 = y < sm->span.y0 ? y : sm->span.y0;
		sm->span.x1 = x > sm->span.x1 ? x : sm->span.x1;
		sm->span.y1 = y > sm->span.y1 ? y : sm->span.y1;
	}
	sm->ww[0] = sm->ww[1] = 0;
	sm->next = 0;
	for (int k = 0; k < sm->nm; k++) {
		/* the longest word is "ccw:16" (MAX_PIVOTS) */
		sm->mlen[k] = strlen(sm->m[k].word);
		memset(sm->word8[k], ' ', sizeof(sm->word8[k]));
		memcpy(sm->word8[k] + 8 - sm->mlen[k], sm->m[k].word,
		    sm->mlen[k]);
	}
	for (int k = 0; k < sm->nm; k++) {
		sm->least[k] = least_cost(&sm->m[k]);
		sm->rule[0][k] = rule_of(&sm->m[k], four, false);
		sm->rule[1][k] = rule_of(&sm->m[k], four, true);
	}
	for (sm->norot = 0; sm->norot < sm->nm &&
	    sm->m[sm->norot].kind != ROTATE; sm->norot++)
		continue;
	return sm;
}

/*
 * The search of u's poses from home, in ps (its window, nodes, sets and
 * stamp made) by oc's grid and window: costs of left at most, from home
 * in the layer of the turn's rotation made already or not (home_rotated),
 * with sm's moves of u's kind and their layout lay of the window's
 * (search_offsets).
 */
static void
search_poses(const struct bt_state *st, struct bt_unit *u,
    const struct search_moves *sm, int lay, struct pose_search *ps,
    const struct occ *oc, const struct pose *home, bool home_rotated,
    int left, bool flies)
{
	const struct pose (*to_of)[MAX_POSE_MOVES] = sm->to_of;
	const size_t *mlen = sm->mlen;
	const int *off = sm->off + (size_t)lay * sm->cap;
	const int (*dnode)[MAX_POSE_MOVES] = sm->dnode[lay];
	const int *least = sm->least;
	const short *const *rule = sm->rule[flies];	/* quiet_rule's */
	int affords = sm->nm;	/* the moves of a least cost left */
	int norot = sm->norot;	/* the moves before the first rotation */
	int start = node_of(ps, home->x, home->y, home->facing,
	    home_rotated);
	unsigned wh = (unsigned)(ps->w * ps->h);	/* the nodes of a layer */
	/* the window's square of node (0, 0)'s corner: the window starts
	 * a square before the nodes' */
	const unsigned char *corner = oc->win + oc->ww + 1;
	/* the search's loop asks hot, a copy of ps that no call it makes
	 * out of line is given, so that its fields stay in registers: a
	 * store to a node could otherwise change them, for all the compiler
	 * knows */
	struct pose_search hot;
	struct bt_rect went = { ps->w, ps->h, -1, -1 };

	node_cost(ps, start, 0);
	ps->n[start].prev = -1;
	ps->n[start].stop = false;
	ps->n[start].provokes = false;
	ps->n[start].len = 0;
	ps->n[start].fp = (unsigned char)classes(oc, rect_of(home), NULL);
	hot = *ps;
	for (int c = 0; c <= left; c += CC_STEP) {
		uint64_t *set = cost_set(&hot, c);

		/* the moves come by their least cost: those of a cost left
		 * are the first affords, fewer as c grows */
		while (affords > 0 && c + least[affords - 1] > left)
			affords--;
		/* none from here on: the nodes of c and dearer are ends,
		 * as they are (their sets are not asked again) */
		if (affords == 0)
			break;
		/* costs of c and less are settled: the moves of this loop
		 * change the sets of dearer ones only, so that the nodes of
		 * a word of c's are taken from a copy of it, lowest bit
		 * first, the word cleared for the cost that comes round to
		 * it (the loop of the words is the body's, not indented for
		 * it) */
		for (int word = 0; word < hot.words; word++)
		    for (uint64_t w = take_word(&set[word]); w != 0;
			w &= w - 1) {
			int i = word * 64 + lowest_bit(w);
			/* the node's place and layer, by two divisions */
			unsigned layer = (unsigned)i / wh, rest = (unsigned)i % wh;
			int px = (int)(rest % (unsigned)hot.w);
			int py = (int)(rest / (unsigned)hot.w), f = (int)layer / 2;
			bool rotated = layer % 2;
			const unsigned char *at;	/* its corner */
			const struct pose *d;
			const int *first, *dto;
			int kend;

			if (hot.n[i].stop)
				continue;
			went.x0 = px < went.x0 ? px : went.x0;
			went.y0 = py < went.y0 ? py : went.y0;
			went.x1 = px > went.x1 ? px : went.x1;
			went.y1 = py > went.y1 ? py : went.y1;
			at = corner + (size_t)py * oc->ww + px;
			first = sm->first[f];
			dto = dnode[f];
			d = to_of[f];
			/* the rotations are the last moves */
			kend = rotated && norot < affords ? norot : affords;
			for (int k = 0; k < kend; k++) {
				int cost, to = i + dto[k];
				unsigned fp;

				/* none that could not be the cheapest way to
				 * where it goes is tried */
				if (node_costs(&hot, to) <=
				    (unsigned)(c + least[k]))
					continue;
				/* try_quiet, its squares' classes from the
				 * window */
				fp = 0;
				for (int j = first[k]; j < first[k + 1]; j++)
					fp |= at[off[j]];
				cost = rule[k][fp];
				if (cost < 0 || c + cost > left ||
				    node_costs(&hot, to) <= (unsigned)(c + cost))
					continue;
				node_cost(&hot, to, c + cost);
				/* its footprint's classes (classes(), by the
				 * table) */
				fp = 0;
				for (int j = sm->foot[d[k].facing];
				    j < sm->foot[d[k].facing + 1]; j++)
					fp |= at[d[k].y * oc->ww + d[k].x +
					    off[j]];
				hot.n[to].fp = (unsigned char)fp;
				hot.n[to].prev = i;
				hot.n[to].how = (signed char)k;
				/* no way has more than speed / CC_STEP moves,
				 * 10000 / 50 of 7 bytes at the most */
				hot.n[to].len = (unsigned short)(hot.n[i].len +
				    mlen[k] + 1);
				hot.n[to].stop = false;
				hot.n[to].provokes = hot.n[i].provokes;
				/* no contact, nor a front left, away from
				 * the squares that make them: the poses are
				 * made only to ask */
				if ((fp & OCC_NEAR) || (!hot.n[i].provokes &&
				    (oc->nready > 0 || (hot.n[i].fp & OCC_FRONT)))) {
					struct pose p = window_pose(&hot, home,
					    px, py, f), q = d[k];

					q.x += p.x;
					q.y += p.y;
					hot.n[to].stop = (fp & OCC_NEAR) &&
					    makes_contact(st, &p, &q, oc,
					    hot.n[i].fp);
					hot.n[to].provokes = hot.n[i].provokes ||
					    ((oc->nready > 0 ||
					    (hot.n[i].fp & OCC_FRONT)) &&
					    provokes_by(st, u, &p, &q, oc,
					    hot.n[i].fp, fp));
				}
			}
		}
	}
	ps->nreached = hot.nreached;
	ps->went = went;
}

/* The squares the moves of sm from a pose whose corner is in corners
 * read (sm->span's): its footprint, and those each move holds or sweeps
 * on the way, where it goes among them; and it asks who holds those
 * round where it goes (makes_contact), a unit whose strips meet it
 * (kept_unit_meets). */
static struct bt_rect
moves_read(const struct search_moves *sm, const struct bt_rect *corners)
{
	struct bt_rect r = { corners->x0 + sm->span.x0,
	    corners->y0 + sm->span.y0, corners->x1 + sm->span.x1,
	    corners->y1 + sm->span.y1 };

	return r;
}

/*
 * A rectangle that holds every square search ps (with sm's moves,
 * search_poses) read, and so every unit it asked of: core, the squares
 * of the moves from home (moves_read), and those of the moves from the
 * nodes it went on from (ps->went). An answer is of the units that meet
 * it (kept_narrow), and of no other: what holds, marks and strikes the
 * squares read is all a search of the same mover finds.
 */
static struct bt_rect
kept_read(const struct pose_search *ps, const struct search_moves *sm,
    const struct bt_rect *core)
{
	struct bt_rect read = *core, went = ps->went, r;

	if (went.x0 > went.x1)
		return read;
	went.x0 += ps->x0;
	went.y0 += ps->y0;
	went.x1 += ps->x0;
	went.y1 += ps->y0;
	r = moves_read(sm, &went);
	read.x0 = r.x0 < read.x0 ? r.x0 : read.x0;
	read.y0 = r.y0 < read.y0 ? r.y0 : read.y0;
	read.x1 = r.x1 > read.x1 ? r.x1 : read.x1;
	read.y1 = r.y1 > read.y1 ? r.y1 : read.y1;
	return read;
}

void
cc_reachable(const struct bt_state *st, const struct bt_unit *cu,
    struct bt_options *o, struct cc_scratch *sc)
{
	/* try_move and new_contact put the unit on the poses they try,
	 * then back where it stands */
	struct bt_unit *u = (struct bt_unit *)cu;
	struct search_moves *sm;
	struct pose home = pose_of(u);
	struct pose_search ps;
	struct occ oc;
	struct cc_scratch own;
	struct kept *kp;
	struct kept_search *ks;
	struct bt_rect win, core, read;
	const unsigned char *ground;
	int ground_id, speed = cc_speed(st, u), left = speed - st->turn.moved, r;
	int nodes, wside, side = u->w > u->h ? u->w : u->h;
	bool flies = cc_flies(st, u), keep;
	/* the ends' lines written when asked: only into a scratch kept */
	bool lazy = o->lazy && sc != NULL;
	size_t sets, size, pad;
	char *block;

	if (left <= 0)
		return;
	if (sc == NULL) {
		memset(&own, 0, sizeof(own));
		sc = &own;
	}
	sm = search_moves(u, sc);
	/* the window of a unit's whole move, not of what it has left: the
	 * same for each search of its turn, so that sm's tables of it are
	 * made once (the nodes' order, and the ends', are the same in any
	 * window that holds them). It holds every node a move the search
	 * tries goes to, so that no move's end is tested against its edges:
	 * a step shifts the corner by a square and costs CC_STEP at the
	 * least, a rotation by sm->reach at the most, about by none, and a
	 * way has one rotation at the most (CC-11); so a node whose way's
	 * least costs (least[]) add up to no more than speed is at most
	 * speed / CC_STEP + sm->reach squares from home either way, and
	 * the moves tried from a node of cost c are those with c + least[k]
	 * no more than left. */
	r = speed / CC_STEP + sm->reach;
	ps.x0 = home.x - r;
	ps.y0 = home.y - r;
	ps.w = ps.h = 2 * r + 1;
	nodes = 8 * ps.w * ps.h;
	ps.words = (nodes + 63) / 64;
	ps.prefix = strlen("bt-move ") + strlen(u->id) + 1;
	/* the window of the grid: every square of a footprint whose corner
	 * is a node's, and a ring round them */
	wside = ps.w + side + 1;
	win.x0 = ps.x0 - 1;
	win.y0 = ps.y0 - 1;
	win.x1 = win.x0 + wside - 1;
	win.y1 = win.y0 + wside - 1;
	/* one block: the sets (zeroed), the line, the window */
	sets = (size_t)(COST_RING + 1) * ps.words * sizeof(*ps.of_cost);
	pad = ps.prefix > 24 ? (ps.prefix + 7) / 8 * 8 : 24;
	size = sets + pad + (size_t)wside * wside;
	block = scratch(&sc->nodes, &sc->nodes_size, size);
	ps.of_cost = (uint64_t *)block;
	ps.reached = ps.of_cost + (size_t)COST_RING * ps.words;
	ps.line = block + sets;
	memset(ps.line, 0, pad);
	memcpy(ps.line, "bt-move ", strlen("bt-move "));
	memcpy(ps.line + strlen("bt-move "), u->id, strlen(u->id));
	ps.line[ps.prefix - 1] = ' ';
	/* the answer kept, if the map's letters are the same still */
	kp = kept_of(sc);
	ground = ground_kept(st, sc, &ground_id);
	core.x0 = core.x1 = home.x;
	core.y0 = core.y1 = home.y;
	core = moves_read(sm, &core);
	keep = kept_key(kp, st, u, speed, flies, ground_id, &win, &core);
	if ((ks = keep ? kept_find(kp) : NULL) != NULL) {
		ks->again = true;
		kept_renew(kp, ks);
	} else {
		occ_fill_on(st, u, &oc, sc, ground);
		memset(block, 0, sets);
		/* the nodes, kept with their keys (STAMP): their keys zeroed
		 * when made, and when the stamps would wrap (nothing else of
		 * a node is read before it is reached) */
		if ((size_t)nodes > sc->nposes) {
			free(sc->poses);
			sc->poses = bt_xreallocarray(NULL, (size_t)nodes,
			    sizeof(*ps.n));
			sc->nposes = (size_t)nodes;
			sc->stamp = UINT_MAX;
		}
		ps.n = sc->poses;
		if (sc->stamp >= UINT_MAX - 2 * STAMP) {
			for (size_t k = 0; k < sc->nposes; k++)
				ps.n[k].key = 0;
			sc->stamp = 0;
		}
		sc->stamp += STAMP;
		ps.stamp = sc->stamp;
		ps.nreached = 0;
		occ_window(&oc, (unsigned char *)ps.line + pad, win.x0, win.y0,
		    wside, wside);
		/* the window's side sets the nodes' (sm is of one
		 * footprint) */
		search_poses(st, u, sm, search_offsets(sm, wside, ps.w), &ps,
		    &oc, &home, st->turn.rotated, left, flies);
		/* none that would take more than an eighth of the ring */
		keep = keep && (size_t)ps.nreached * (sizeof(struct way_node) +
		    sizeof(struct kept_end)) <= KEPT_RING / 8;
		ks = keep ? kept_slot(kp) : &kp->spare;
		read = kept_read(&ps, sm, &core);
		kept_answer(ks, kp, keep, &read, &ps, &home, node_of(&ps,
		    home.x, home.y, home.facing, !st->turn.rotated));
		occ_free(&oc, sc);
	}
	ks->asked = ++kp->clock;
	report_ends(ks->nodes, ks->ends, ks->nends, sm->word8, sm->mlen,
	    ps.line, ps.prefix, lazy, o, u->id);
	/* what the lines of its ways are written with when asked */
	sc->way_moves = sm;
	sc->way_nodes = ks->nodes;
	sc->way_prefix = ps.line;
	sc->way_plen = ps.prefix;
	if (sc == &own)
		cc_scratch_free(&own);
}

const char *
cc_way_line(const struct cc_scratch *sc, size_t way, char **line,
    size_t *cap)
{
	const struct search_moves *sm = sc->way_moves;
	const struct way_node *n = sc->way_nodes;
	int i = (int)(way & ~BT_OPTION_WAY);
	/* way_line's 16 bytes past the NUL */
	size_t need = sc->way_plen + n[i].len + 16;

	if (need > *cap) {
		*cap = need > 2 * *cap ? need : 2 * *cap;
		*line = bt_xrealloc(*line, *cap);
	}
	way_line(n, sm->word8, sm->mlen, sc->way_prefix, sc->way_plen, i,
	    *line);
	return *line;
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

/* The edge nearest a pose in a straight line, ties n, e, s, w; one it is
 * over, when it is off the map. */
static int
nearest_edge(const struct bt_map *m, const struct pose *p)
{
	int edge = BT_N;

	for (int f = BT_E; f <= BT_W; f++)
		if (edge_gap(m, p, f) < edge_gap(m, p, edge))
			edge = f;
	return edge;
}

/*
 * CC-28: how many squares each square of a window of the map is from an
 * edge, stepping (8 ways) over ground a retreating unit could cross: no
 * impassable square (but for a flier, CC-15) and no enemy. A square
 * walled off from every edge is UNREACHED. The window reaches EDGE_LOOK
 * squares past where the unit could go; from its rim on, the way to an
 * edge is taken as straight, so a retreat never scans the whole map.
 * Its arrays are made when a gap is first asked (field_gap), or with the
 * retreat's grid when one needs the search (field_at): a retreat whose
 * first search finds a way off the map weighs no square on it
 * (rank_search), and most in cc-field do; most squares it weighs have a
 * straight way out (field_straight).
 */
#define EDGE_LOOK	64
/* every byte 0x7f: the field is set to it by memset */
#define UNREACHED	0x7f7f7f7f

struct edge_field {
	int	 x0, y0, w, h, x1, y1;
	/* The arrays are of the window with a rim of a square around it,
	 * never open: a square's eight neighbours are the same offsets
	 * from it everywhere, with no test of the window's bounds. */
	int	 pw;			/* w + 2 */
	int	*d;
	/* The search, made as far as the squares asked so far need
	 * (field_at): a retreat asks a few squares near the unit, and
	 * the search from the edges is done once they are final, not
	 * over the whole window. Its seeds, its own queue, where it is
	 * in each, and the squares final. */
	int	*seed, nseed, s;
	int	*queue, head, tail;
	bool	*open;		/* crossable: no enemy, and no impassable
				 * square but for a flier (CC-15) */
	bool	*done;
	bool	 heap;		/* the arrays' block is not the caller's */
	/* what field_make makes them of, until made */
	const struct bt_state *st;
	const struct bt_unit *u;
	void	*room;
	bool	 made;
	/* The retreat's grid, or NULL: where it has one, its ground tells
	 * which squares are open (field_open) with no array made, and a
	 * gap that a straight way answers needs none. */
	const struct occ *oc;
	bool	 flies;
};

/* The room on the stack for a field's arrays (FIELD_ROOM squares' worth
 * with the rim: a map of 30 by 30), and for its count of gaps: a retreat
 * on a bigger map allocates them. */
#define FIELD_ROOM	1024
/* The reach of a retreat's search (its speed in squares) whose arrays
 * have room on the stack: 600 ft */
#define RETREAT_ROOM	12
#define FIELD_SQUARE	(3 * sizeof(int) + 2 * sizeof(bool))
#define GAP_ROOM	128

/* Square (x, y) of the window, as an index of its arrays. */
static int
field_index(const struct edge_field *f, int x, int y)
{
	return (y - f->y0 + 1) * f->pw + x - f->x0 + 1;
}

/* The field's window; its arrays are made by field_make, in room:
 * FIELD_ROOM * FIELD_SQUARE bytes, aligned as an int, when they fit
 * (field_free). Nothing may move until the last gap is asked. */
static void
edge_field(const struct bt_state *st, const struct bt_unit *u, int reach,
    struct edge_field *f, void *room)
{
	const struct bt_map *m = &st->map;
	int look = reach + EDGE_LOOK + u->w + u->h;

	memset(f, 0, sizeof(*f));	/* none made */
	f->x0 = u->x - look > 0 ? u->x - look : 0;
	f->y0 = u->y - look > 0 ? u->y - look : 0;
	f->x1 = u->x + u->w - 1 + look < m->width - 1 ?
	    u->x + u->w - 1 + look : m->width - 1;
	f->y1 = u->y + u->h - 1 + look < m->height - 1 ?
	    u->y + u->h - 1 + look : m->height - 1;
	f->w = f->x1 - f->x0 + 1;
	f->h = f->y1 - f->y0 + 1;
	f->pw = f->w + 2;
	f->st = st;
	f->u = u;
	f->room = room;
	f->flies = cc_flies(st, u);
}

/* The field's arrays, its open squares and its seeds. */
static void
field_make(struct edge_field *f)
{
	const struct bt_state *st = f->st;
	const struct bt_unit *u = f->u;
	const struct bt_map *m = &st->map;
	int n = f->pw * (f->h + 2), maxgap = 0, *count;
	int gaps[GAP_ROOM];
	bool flies = cc_flies(st, u), known[256] = { false }, crossable[256];
	char *block;

	f->made = true;
	/* one block: its ints, which are written before they are read
	 * (d just below), then its bools, zeroed */
	f->heap = n > FIELD_ROOM;
	block = f->heap ? bt_xreallocarray(NULL, (size_t)n, FIELD_SQUARE) :
	    f->room;
	f->d = (int *)block;
	f->queue = f->d + n;
	f->seed = f->queue + n;
	f->open = (bool *)(f->seed + n);
	f->done = f->open + n;
	memset(f->open, 0, 2 * (size_t)n * sizeof(bool));
	f->nseed = f->s = f->head = f->tail = 0;
	memset(f->d, 0x7f, (size_t)n * sizeof(*f->d));	/* UNREACHED */
	/* on the map: a square's terrain is its letter's (ground_fill's
	 * way), asked of the rules once a letter */
	for (int y = f->y0; y <= f->y1; y++) {
		const unsigned char *row =
		    (const unsigned char *)st->map.rows[y];
		bool *open = f->open + field_index(f, f->x0, y) - f->x0;

		for (int x = f->x0; x <= f->x1; x++) {
			unsigned char t = row[x];

			if (!known[t]) {
				crossable[t] = flies ||
				    bt_terrain_at(m, x, y) != BT_BLOCKED;
				known[t] = true;
			}
			open[x] = crossable[t];
		}
	}
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];

		if (e == u || !cc_in_battle(e) || !cc_enemies(u, e))
			continue;
		for (int y = e->y > f->y0 ? e->y : f->y0;
		    y < e->y + e->h && y <= f->y1; y++)
			for (int x = e->x > f->x0 ? e->x : f->x0;
			    x < e->x + e->w && x <= f->x1; x++)
				f->open[field_index(f, x, y)] = false;
	}
	/* Seeds: the map's edge squares at 0, the window's rim at the
	 * straight way from there (the least of its four edge_gap), in
	 * the order of the window; sorted by a count of each gap, when
	 * there are two (a window of the whole map has only 0). */
	for (int y = f->y0; y <= f->y1; y++) {
		bool rim = y == f->y0 || y == f->y1;

		for (int x = f->x0; x <= f->x1; x += rim || f->w == 1 ? 1 :
		    f->w - 1) {
			int i = field_index(f, x, y), g = y;

			if (!f->open[i])
				continue;
			if (m->width - 1 - x < g)
				g = m->width - 1 - x;
			if (m->height - 1 - y < g)
				g = m->height - 1 - y;
			if (x < g)
				g = x;
			f->d[i] = g;
			if (g > maxgap)
				maxgap = g;
			f->seed[f->nseed++] = i;
		}
	}
	if (maxgap == 0)
		return;
	count = maxgap + 2 <= GAP_ROOM ? memset(gaps, 0, sizeof(gaps)) :
	    bt_xcalloc((size_t)maxgap + 2, sizeof(*count));
	for (int i = 0; i < f->nseed; i++)
		count[f->d[f->seed[i]] + 1]++;
	for (int g = 1; g <= maxgap + 1; g++)
		count[g] += count[g - 1];
	for (int i = 0; i < f->nseed; i++)
		f->queue[count[f->d[f->seed[i]]]++] = f->seed[i];
	memcpy(f->seed, f->queue, (size_t)f->nseed * sizeof(*f->seed));
	if (count != gaps)
		free(count);
}

/*
 * The gap of window square i (UNREACHED: walled off from every edge),
 * the search from the edges made on until i is final. A breadth-first
 * search from the seeds in order of their gap, merged with its own
 * queue: each square is final when first taken, at its least gap; where
 * it stops for one square, it goes on from for the next, in the same
 * order as if it had never stopped, so each square's gap is the one a
 * whole search gives.
 */
/* Square to of the field, next to one of gap - 1 taken: queued at gap
 * when that is less than it had and it is open. */
static inline void
field_reach(struct edge_field *f, int to, int gap)
{
	if (f->d[to] > gap && f->open[to]) {
		f->d[to] = gap;
		f->queue[f->tail++] = to;
	}
}

static int
field_at(struct edge_field *f, int i)
{
	const int pw = f->pw;

	if (!f->made)
		field_make(f);
	while (!f->done[i] && (f->s < f->nseed || f->head < f->tail)) {
		int at, gap;

		if (f->head < f->tail && (f->s == f->nseed ||
		    f->d[f->queue[f->head]] <= f->d[f->seed[f->s]]))
			at = f->queue[f->head++];
		else
			at = f->seed[f->s++];
		if (f->done[at])
			continue;
		f->done[at] = true;
		/* its neighbours, row by row (the rim's are not open), one
		 * call each rather than a loop of offsets; one done has a
		 * gap below this one's (they are taken in order of their
		 * gaps, and a gap once final is not lowered), so the test
		 * of the gap leaves it out */
		gap = f->d[at] + 1;
		field_reach(f, at - pw - 1, gap);
		field_reach(f, at - pw, gap);
		field_reach(f, at - pw + 1, gap);
		field_reach(f, at - 1, gap);
		field_reach(f, at + 1, gap);
		field_reach(f, at + pw - 1, gap);
		field_reach(f, at + pw, gap);
		field_reach(f, at + pw + 1, gap);
	}
	return f->d[i];
}

static void
field_free(struct edge_field *f)
{
	if (f->heap)
		free(f->d);	/* the block */
}

/* Is window square (x, y) open: crossable, no enemy on it? The grid
 * says so as field_make would (OCC_FOE: an enemy in the battle holds it;
 * OCC_BLOCKED: impassable ground, as bt_terrain_at says). */
static bool
field_open(const struct edge_field *f, int x, int y)
{
	unsigned c;

	if (f->oc == NULL)
		return f->open[field_index(f, x, y)];
	c = f->oc->ground[(size_t)y * f->oc->w + x];
	return !(c & OCC_FOE) && (f->flies || !(c & OCC_BLOCKED));
}

/*
 * The gap of window square (x, y) when a straight way to an edge it is
 * nearest is open all along, to the window's rim; else -1. No way to an
 * edge is shorter than the straight one (each step nears an edge by a
 * square at most, and a rim seed is at its straight gap), and that way
 * reaches one: the search's answer, without the search, which in open
 * ground most squares a retreat asks need not wait for.
 */
static int
field_straight(const struct edge_field *f, int x, int y)
{
	const struct bt_map *m = &f->st->map;
	/* each edge's gap, its squares from (x, y) to the rim, the step */
	const int gap[4] = { y, m->width - 1 - x, m->height - 1 - y, x };
	const int len[4] = { y - f->y0, f->x1 - x, f->y1 - y, x - f->x0 };
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
	int g = gap[0];

	for (int e = 1; e < 4; e++)
		if (gap[e] < g)
			g = gap[e];
	for (int e = 0; e < 4; e++) {
		int k = 0;

		if (gap[e] != g)
			continue;
		while (k <= len[e] &&
		    field_open(f, x + k * dx[e], y + k * dy[e]))
			k++;
		if (k > len[e])
			return g;
	}
	return -1;
}

/* A pose's gap to an edge along the field: its best square's, on its
 * rim (a way out from inside crosses the rim). */
static int
field_gap(struct edge_field *f, const struct pose *p)
{
	int best = UNREACHED;

	/* the field's open squares, unless the grid has them */
	if (!f->made && f->oc == NULL)
		field_make(f);
	for (int y = p->y; y < p->y + p->h; y++)
		for (int x = p->x; x < p->x + p->w;
		    x += y == p->y || y == p->y + p->h - 1 || p->w == 1 ? 1 :
		    p->w - 1) {
			int d;

			if (x < f->x0 || y < f->y0 || x >= f->x0 + f->w ||
			    y >= f->y0 + f->h)
				continue;
			if ((d = field_straight(f, x, y)) < 0)
				d = field_at(f, field_index(f, x, y));
			if (d < best)
				best = d;
		}
	return best;
}

/*
 * CC-28's free turn toward edge f: it faces f, and the side of its
 * footprint toward that edge stays where it is (the top-left square on
 * the other axis), so a unit against the edge stays against it; its
 * pose, into out. None when u already faces f or has four fronts (all
 * its sides are fronts); nor where the turned unit can't stand or would
 * come into an enemy's front (free_turn_clear).
 */
static bool
free_turn_pose(const struct bt_unit *u, int f, struct pose *out)
{
	struct pose p = pose_of(u), q = p;

	if (f == p.facing || u->fronts == 4)
		return false;
	q.facing = f;
	if ((p.facing + f) % 2 == 1) {
		q.w = p.h;
		q.h = p.w;
	}
	if (f == BT_E)
		q.x = p.x + p.w - q.w;
	if (f == BT_S)
		q.y = p.y + p.h - q.h;
	*out = q;
	return true;
}

/* May u make the free turn to pose q (free_turn_pose's): can it stand
 * there, coming into no enemy's front? */
static bool
free_turn_clear(const struct bt_state *st, struct bt_unit *u,
    const struct pose *q)
{
	struct pose p = pose_of(u);

	if (!may_stop(st, u, q, NULL))
		return false;
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];
		bool before, after;

		if (e == u || !cc_in_battle(e) || !cc_enemies(u, e))
			continue;
		before = cc_front_touches(e, u);
		put(u, q);
		after = cc_front_touches(e, u);
		put(u, &p);
		if (after && !before)
			return false;
	}
	return true;
}

/* A way a retreat may end, and how it ranks (CC-28). */
struct retreat_end {
	bool	 found, off, safe;
	int	 gap;		/* squares to an edge along the field */
	int	 crooked;	/* diagonal steps, and the turn */
	int	 turn;		/* 0: none, else 1 + the edge it faces */
	int	 spent;		/* feet */
	int	 at;		/* window square it ends on, or steps off from */
};

/* Is a a better end than b: off the map; then safe; then nearer an edge;
 * then straighter; then no turn, then turns n, e, s, w; then less
 * movement spent; else the first found, which with the search's order
 * is the one whose top-left square comes first row by row. */
static bool
better(const struct retreat_end *a, const struct retreat_end *b)
{
	if (!b->found)
		return true;
	if (a->off != b->off)
		return a->off;
	if (a->safe != b->safe)
		return a->safe;
	if (a->gap != b->gap)
		return a->gap < b->gap;
	if (a->crooked != b->crooked)
		return a->crooked < b->crooked;
	if (a->turn != b->turn)
		return a->turn < b->turn;
	return a->spent < b->spent;
}

/* Keeps e in *best when it is better. */
static void
consider(const struct retreat_end *e, struct retreat_end *best,
    bool *improved)
{
	if (better(e, best)) {
		*best = *e;
		*improved = true;
	}
}

/*
 * The best end of one search, started from the home pose or from the
 * free turn (turn > 0): the way off the map, and every square reached.
 * A turned start counts only for ends toward the edge it turned to face.
 */
static void
rank_search(const struct bt_state *st, struct bt_unit *u,
    struct edge_field *field, const struct reach *rc, int turn,
    bool turn_safe, struct retreat_end *best, bool *improved)
{
	struct retreat_end e;
	struct pose t = rc->home;
	int dx, dy;

	*improved = false;
	if (rc->out >= 0) {
		t.x += rc->out % rc->s.side - rc->s.r;
		t.y += rc->out / rc->s.side - rc->s.r;
		turned(t.facing, step_words[rc->outhow].dx,
		    step_words[rc->outhow].dy, &dx, &dy);
		t.x += dx;
		t.y += dy;
		memset(&e, 0, sizeof(e));
		e.found = e.off = true;
		e.safe = rc->safe && turn_safe;
		e.crooked = rc->outkey + (turn > 0);
		e.turn = turn;
		e.spent = rc->s.dist[rc->out] / TIE;
		e.at = rc->out;
		if (turn == 0 || nearest_edge(&st->map, &t) == turn - 1)
			consider(&e, best, improved);
	}
	/* The squares reached are ends on the map: none is better than a
	 * way off it, nor, if the search's ends are not safe, than a safe
	 * end (better asks those first), so none is weighed then. */
	if (best->found && (best->off ||
	    (best->safe && !(rc->safe && turn_safe))))
		return;
	for (int i = 0; i < rc->s.side * rc->s.side; i++) {
		int edge;

		if (rc->s.dist[i] < 0)
			continue;
		t = rc->home;
		t.x += i % rc->s.side - rc->s.r;
		t.y += i / rc->s.side - rc->s.r;
		edge = nearest_edge(&st->map, &t);
		if ((turn > 0 && edge != turn - 1) ||
		    !may_stop(st, u, &t, rc->oc))
			continue;
		memset(&e, 0, sizeof(e));
		e.found = true;
		e.crooked = rc->s.dist[i] % TIE + (turn > 0);
		e.turn = turn;
		e.spent = rc->s.dist[i] / TIE;
		e.at = i;
		/* First as hoped: safe if the search is, and its straight
		 * gap, which its gap along the field is never below. An end
		 * not better even so is not; else what it truly is, the
		 * field's gap last (its dearest question). */
		e.safe = rc->safe && turn_safe;
		e.gap = edge_gap(&st->map, &t, edge);
		if (!better(&e, best))
			continue;
		if (e.safe && near_enemy(st, u, &t, rc->oc)) {
			e.safe = false;
			if (!better(&e, best))
				continue;
		}
		e.gap = field_gap(field, &t);
		consider(&e, best, improved);
	}
}

/* The retreat's log entry: the free turn, if made (facing turned), the
 * steps, and where they took the unit. */
static void
log_retreat(struct bt_state *st, const struct bt_unit *u, const char *turned,
    const char *words, const struct pose *end, int spent, bool off,
    bool destroyed)
{
	struct bt_log_entry *e = bt_log_add(st, "retreat", u->id);
	const char *edge;
	char *turn;

	if (e->quiet)
		return;
	edge = bt_facing_words[nearest_edge(&st->map, end)];
	turn = turned ? bt_xasprintf(", turns to face %s", turned) :
	    bt_xstrdup("");

	if (destroyed)
		bt_log_text(e, "%s is broken%s, retreats%s%s and is destroyed "
		    "(CC-28)", u->id, turn, words ? " " : "", words ? words : "");
	else if (words == NULL && turned == NULL)
		bt_log_text(e, "%s is broken, but nothing is better than where "
		    "it stands: it stays at [%d, %d] (CC-28)", u->id, end->x,
		    end->y);
	else if (words == NULL)
		bt_log_text(e, "%s is broken%s and stays at [%d, %d]: nothing "
		    "is better (CC-28)", u->id, turn, end->x, end->y);
	else if (off)
		bt_log_text(e, "%s is broken%s and retreats %s off the %s edge: "
		    "it leaves the battle (CC-28, CC-29)", u->id, turn, words,
		    edge);
	else
		bt_log_text(e, "%s is broken%s and retreats %s toward the %s "
		    "edge, %d ft, to [%d, %d] (CC-28)", u->id, turn, words, edge,
		    spent, end->x, end->y);
	free(turn);
}

/*
 * The best end a search from start (turn t, turn_safe) could give, by
 * better's order: no real end of it is better. Its window lets it move
 * no more than r squares on each axis, so it can step off the map only
 * where an edge is no more than r squares off, and it ends no nearer an
 * edge than start less r (a square's gap along the field is never less
 * than its straight one); its diagonals and spent are at least none.
 */
static struct retreat_end
best_hope(const struct bt_map *m, const struct pose *start, int r, int t,
    bool safe)
{
	struct retreat_end e = { 0 };
	/* A turned start's ends count only where the edge they face, t - 1,
	 * is their nearest (rank_search), so an end of it is no nearer an
	 * edge than it is to that one, which is no nearer than from start
	 * less r; and a way off over that edge needs it within r. */
	int gap = edge_gap(m, start, t > 0 ? t - 1 : nearest_edge(m, start)) -
	    r;

	e.found = true;
	e.off = gap <= 0;
	e.safe = safe;
	e.gap = gap > 0 ? gap : 0;
	e.crooked = t > 0;
	e.turn = t;
	return e;
}

/* Can a search from start (turn t, turn_safe) not beat best, the best
 * end so far (best_hope)? */
static bool
hopeless(const struct bt_map *m, const struct retreat_end *best,
    const struct pose *start, int r, int t, bool safe)
{
	struct retreat_end hope;

	if (!best->found)
		return false;
	hope = best_hope(m, start, r, t, safe);
	return !better(&hope, best);
}

/* The cost in feet of each of the n steps of the search's way to window
 * square at (reach_path's, but the step off the map): what each adds to
 * the way's cost, less its tie-break (under TIE). */
static void
reach_costs(const struct reach *rc, int at, int n, int *cost)
{
	for (int k = n - 1, i = at; k >= 0; k--, i = rc->s.prev[i])
		cost[k] = (rc->s.dist[i] - rc->s.dist[rc->s.prev[i]]) / TIE;
}

static void
play_scratch_free(void *sc)
{
	cc_scratch_free(sc);
	free(sc);
}

/* The retreat's grid memory and the map's ground (ground_kept), in the
 * caller's memory (st->memory) from one retreat to the next: no
 * allocation a retreat once warm, no ground made again; or NULL, the
 * grid's own (a one-shot program's single order). */
static struct cc_scratch *
play_scratch(const struct bt_state *st)
{
	struct bt_play_memory *m = st->memory;

	if (m == NULL)
		return NULL;
	if (m->rules == NULL) {
		m->rules = bt_xcalloc(1, sizeof(struct cc_scratch));
		m->rules_free = play_scratch_free;
	}
	return m->rules;
}

/*
 * CC-28: a broken unit's retreat, with all its movement, to the best end
 * of all it can reach (struct retreat_end, better), with the free turn
 * toward an edge or without it. Where nothing is better than staying, it
 * stays. Returns whether it left the battle.
 */
bool
cc_retreat(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u)
{
	struct move path[MAX_RETREAT];
	int costs[MAX_RETREAT];
	struct pose home = pose_of(u), start[5], p, q;
	struct retreat_end best = { 0 };
	struct reach rc, keep;
	struct edge_field field;
	int room[FIELD_ROOM * FIELD_SQUARE / sizeof(int)];
	/* the searches' arrays: the one kept's room, and the next's */
	int rooms[2][BT_SEARCH_ROOM(RETREAT_ROOM) / sizeof(int)], kept = 0;
	struct occ oc;
	struct cc_scratch *grid_memory = play_scratch(st);
	bool can[5] = { true }, pruned[5] = { false };
	bool turn_safe[5] = { true, true, true, true, true };
	bool asked[5] = { true };
	bool have = false, gone, grid;
	char *words = NULL, *more;
	int len = 0, spent = 0, budget = cc_speed(st, u);

	/* The free turns' poses; whether each may be made, and is safe,
	 * asked only of one whose search is to be made (asked[]): nothing
	 * moves until the retreat is chosen. */
	start[0] = home;
	for (int f = BT_N; f <= BT_W; f++)
		can[f + 1] = free_turn_pose(u, f, &start[f + 1]);
	edge_field(st, u, budget / CC_STEP + 1, &field, room);
	/* The searches' grid (nothing moves until the retreat is chosen),
	 * when the field covers the map already: filling one for a map
	 * much bigger than the retreat's reach would cost more than it
	 * saves. */
	grid = field.w == st->map.width && field.h == st->map.height;
	if (grid) {
		occ_fill(st, u, &oc, grid_memory);
		field.oc = &oc;
	}
	for (int safe = 1; safe >= 0; safe--)
		for (int t = 0; t < 5; t++) {
			bool improved;

			/* a search without safe finds more only where the
			 * one with it left a step out */
			if (!can[t] || (best.off && best.safe) ||
			    (!safe && !pruned[t]))
				continue;
			/* nor where it can't be better than the best so far
			 * (the search without safe then neither); a turn
			 * not asked yet is hoped safe first, which a safe
			 * hope beats no less than an unsafe one */
			if (hopeless(&st->map, &best, &start[t],
			    budget / CC_STEP, t, safe && turn_safe[t]))
				continue;
			if (!asked[t]) {
				asked[t] = true;
				can[t] = free_turn_clear(st, u, &start[t]);
				turn_safe[t] = can[t] && !provokes(st, u, &home,
				    &start[t], NULL);
				if (!can[t] || (safe && !turn_safe[t] &&
				    hopeless(&st->map, &best, &start[t],
				    budget / CC_STEP, t, false)))
					continue;
			}
			/* A straight way out that rank_search counts leaves
			 * best off the map: no square on it is weighed. Of
			 * a safe search from home (no turn), or from a safe
			 * turn, it is safe too and no search follows; of one
			 * without safe, none is made again. Either way the
			 * rest of the search, and whether it pruned, do not
			 * matter: it ends there (settle). */
			reach_from(st, u, grid ? &oc : NULL, &start[t],
			    REACH_RETREAT, budget, safe,
			    !safe || turn_safe[t] ? t : -1, 0, 0, &rc,
			    rooms[1 - kept], sizeof(rooms[0]));
			pruned[t] = rc.pruned;
			rank_search(st, u, &field, &rc, t, turn_safe[t], &best,
			    &improved);
			if (!improved) {
				bt_search_free(&rc.s);
				continue;
			}
			if (have)
				bt_search_free(&keep.s);
			keep = rc;
			kept = 1 - kept;	/* the next search's room */
			have = true;
		}
	field_free(&field);
	if (grid)
		occ_free(&oc, grid_memory);
	if (have) {
		len = reach_path(&keep, best.at, best.off, path, MAX_RETREAT);
		if (len < 0)
			len = 0;
		else
			reach_costs(&keep, best.at, len - best.off, costs);
		bt_search_free(&keep.s);
	}

	/* Carried out: the turn, then step by step, each a move like any
	 * other for the reactions it sets off (CC-21, CC-25). The search
	 * has each step's pose and cost (a reaction hurts u alone and
	 * moves no unit); where it found the way safe, nothing on it
	 * provokes an attack (provokes), and where not, opportunity and
	 * readied are asked only of a move that provokes one: provokes
	 * is the union of what they look for. */
	p = home;
	gone = false;
	if (best.turn > 0) {
		q = start[best.turn];
		if (!turn_safe[best.turn])
			opportunity(st, dice, u, &p, &q, NULL);
		if (cc_in_battle(u)) {
			put(u, &q);
			if (!turn_safe[best.turn])
				readied(st, dice, u, &p, &q, NULL);
			p = q;
		}
	}
	for (int i = 0; i < len && cc_in_battle(u); i++) {
		int cost;
		bool leaves, reacts;

		if (best.off && i == len - 1) {	/* the step off the map */
			struct bt_error quiet;

			bt_error_init(&quiet, NULL);
			try_move(st, u, &p, &path[i], false, &q, &cost,
			    &leaves, &quiet, NULL);
			bt_error_free(&quiet);
		} else {
			q = moved(&p, &path[i]);
			cost = costs[i];
			leaves = false;
		}
		reacts = !best.safe && provokes(st, u, &p, &q, NULL);
		if (reacts)
			opportunity(st, dice, u, &p, &q, NULL);
		if (!cc_in_battle(u))
			break;
		spent += cost;
		if (!st->log_quiet) {	/* the log's words, if it keeps any */
			more = bt_xasprintf("%s%s%s", words ? words : "",
			    words ? " " : "", path[i].word);
			free(words);
			words = more;
		}
		put(u, &q);
		if (leaves) {
			p = q;
			gone = true;
			break;
		}
		if (reacts)
			readied(st, dice, u, &p, &q, NULL);
		p = q;
	}
	if (!cc_in_battle(u)) {		/* destroyed on the way */
		log_retreat(st, u, best.turn > 0 ?
		    bt_facing_words[best.turn - 1] : NULL, words, &p, spent,
		    false, true);
		free(words);
		return true;
	}
	st->turn.present = true;
	st->turn.moved = budget;
	log_retreat(st, u, best.turn > 0 ? bt_facing_words[best.turn - 1] :
	    NULL, words, &p, spent, gone, false);
	free(words);
	if (gone) {
		cc_leave_battle(st, u, BT_ST_FLED);
		return true;
	}
	return false;
}

/* What a step costs, for a refusal: dearer than on open ground? */
static struct bt_step_cost
step_cost(const struct move *m, const struct pose *q, int cost)
{
	struct bt_step_cost c = { m->word, cost, q->x, q->y, false };

	c.hard = (m->kind == STEP && cost > CC_STEP) ||
	    (m->kind == ROTATE && cost > CC_ROTATE);
	return c;
}

/*
 * CC-8: the order goes over the movement left at moves[over]. It is
 * simulated again, past that step, as it would be carried out, to the
 * contact or the edge that ends it, so that the refusal tells its whole
 * cost; the steps before moves[over] make no contact (cc_move stops
 * at one).
 */
static int
refuse_cost(const struct bt_state *st, struct bt_unit *u,
    const struct move *moves, int nmoves, int over, int left,
    struct bt_error *err)
{
	struct bt_step_cost costs[MAX_MOVES];
	struct bt_error scratch;
	struct pose p = pose_of(u);
	int n, refused = -1, cost;
	bool leaves, rotated = st->turn.rotated;
	char *text;

	bt_error_init(&scratch, NULL);
	for (n = 0; n < nmoves; n++) {
		struct pose q;

		if (try_move(st, u, &p, &moves[n], rotated, &q, &cost,
		    &leaves, &scratch, NULL) < 0) {
			refused = n;
			costs[n].word = moves[n].word;
			break;
		}
		costs[n] = step_cost(&moves[n], &q, cost);
		rotated |= moves[n].kind == ROTATE;
		if (n >= over && (leaves || new_contact(st, u, &p, &q, NULL) != NULL)) {
			n++;
			break;
		}
		p = q;
	}
	bt_error_free(&scratch);
	text = bt_cost_text(costs, n, over, refused);
	bt_refuse(err, "CC-8", "'%s' has %d ft of movement left; %s", u->id,
	    left, text);
	free(text);
	return -1;
}

int
cc_move(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	struct move moves[MAX_MOVES];
	/* the simulation's answers for each move, which carrying it out
	 * asks again of the same facts: from there on only u changes (a
	 * reaction's attack hurts u alone, and no unit moves), and it
	 * stops once broken or gone */
	struct pose to[MAX_MOVES];
	int costs[MAX_MOVES], done;
	/* near_enemy at to[i] (and at the start), which provokes_near
	 * asks of the move that leaves it */
	bool near[MAX_MOVES], near_start;
	struct cc_units foes;
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
		s = scan(st, u, rect_of(&end), NULL, NULL);
		if (s.friend != NULL)	/* CC-10 */
			return bt_refuse(err, "CC-10", "'%s' would end its move "
			    "inside '%s'", u->id, s.friend->id);
		if (s.enemy != NULL)
			return bt_refuse(err, "CC-10", "'%s' can't move into "
			    "enemy '%s'", u->id, s.enemy->id);
		if (s.blocked && cc_flies(st, u))
			return bt_refuse(err, "CC-15", "'%s' can't end its move "
			    "over impassable ground", u->id);
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
	foes_of_mover(st, u, &foes);
	start = p = pose_of(u);
	made_contact = false;
	rotated_now = st->turn.rotated;
	for (int i = 0; i < nmoves; i++) {
		struct pose q;
		int cost;
		bool leaves;

		if (try_move(st, u, &p, &moves[i], rotated_now, &q,
		    &cost, &leaves, err, NULL) < 0)
			return -1;
		spent += cost;
		if (spent > left)
			return refuse_cost(st, u, moves, nmoves, i, left,
			    err);
		to[i] = q;
		costs[i] = cost;
		rotated_now |= moves[i].kind == ROTATE;
		if (leaves) {
			p = q;
			stop = i;
			leaves_at_stop = true;
			break;
		}
		/* a new contact is with an enemy u is next to at q: none
		 * where it is next to none (cc_in_contact, one test of the
		 * ring round it a unit, where new_contact moves u twice) */
		near[i] = near_foe(st, u, &q, &foes);
		if (near[i] && (touched = new_contact(st, u, &p, &q, &foes)) != NULL) {
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
		struct scan s = scan(st, u, rect_of(&p), NULL, NULL);

		if (s.friend != NULL)
			return bt_refuse(err, "CC-10", "'%s' would end its move "
			    "inside '%s'", u->id, s.friend->id);
		if (s.blocked)	/* a flier's (CC-15) */
			return bt_refuse(err, "CC-15", "'%s' can't end its move "
			    "over impassable ground", u->id);
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
	p = start;
	near_start = near_foe(st, u, &start, &foes);
	spent = 0;
	done = 0;
	for (int i = 0; i <= stop; i++) {
		struct pose q = to[i];
		int cost = costs[i];
		bool leaves = i == stop && leaves_at_stop, reacts;

		/* CC-28: broken on the way, it moves no more by order */
		if (!cc_in_battle(u) || (u->status & BT_ST_BROKEN)) {
			stop = i - 1;
			break;
		}
		/* Whether any enemy may strike (CC-21) or shoot (CC-25) at
		 * it for this move, asked once: provokes is the union of
		 * what opportunity and readied look for, of every enemy that
		 * may react to any order (the order's --hold only holds
		 * more), so where it says none both would find none. */
		reacts = provokes_near(st, u, &p, &q, i > 0 ? near[i - 1] :
		    near_start, &foes);
		/* CC-21: a step or a rotation that leaves a front */
		if (reacts)
			opportunity(st, dice, u, &p, &q, o);
		if (!cc_in_battle(u) || (u->status & BT_ST_BROKEN)) {
			stop = i - 1;
			break;
		}
		spent += cost;
		put(u, &q);
		if (moves[i].kind == ROTATE)
			st->turn.rotated = true;
		if (!st->log_quiet) {	/* the log's words, if it keeps any */
			more = bt_xasprintf("%s%s%s", words ? words : "",
			    words ? " " : "", moves[i].word);
			free(words);
			words = more;
		}
		if (leaves) {
			cc_leave_battle(st, u, BT_ST_FLED);
			break;
		}
		if (reacts)
			readied(st, dice, u, &p, &q, o);
		p = q;
		done = i + 1;
	}
	/* CC-10: broken part-way while inside a friend, it goes back to
	 * where it last stood clear, so no state has units overlapping.
	 * Where it stood clear is asked only then, of the poses it went
	 * through, last first: no other unit has moved since. */
	put_back = (u->status & BT_ST_BROKEN) && cc_in_battle(u) &&
	    !may_stop(st, u, &p, NULL);
	if (put_back) {
		alone = start;
		for (int i = done - 1; i >= 0; i--)
			if (may_stop(st, u, &to[i], NULL)) {
				alone = to[i];
				break;
			}
		put(u, &alone);
	}
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
