/* cc.h: what the files of the cc ruleset share (cc*.c); not public. */
#ifndef BT_CC_H
#define BT_CC_H

#include "bt.h"

#define CC_SQUARE	50	/* feet (G-1) */
#define CC_STEP		50	/* CC-8 */
#define CC_DIFFICULT	100	/* CC-9, CC-15 */
#define CC_ROTATE	100	/* CC-11 */
#define CC_ROTATE_HARD	200
#define CC_ABOUT	100	/* CC-12 */
#define CC_RALLY_DC	20	/* CC-24 */

enum cc_weather {
	CC_CLEAR, CC_FOG, CC_HEAT, CC_RAIN, CC_HURRICANE, CC_SANDSTORM,
	CC_BLIZZARD, CC_ROLL
};

/* cc.c: geometry and the unit's circumstances. The three first are
 * asked millions of times a second by the listing's search and the
 * commanders: inline, where a call cost as much as their work. */
static inline struct bt_rect
cc_rect(const struct bt_unit *u)
{
	struct bt_rect r = { u->x, u->y, u->x + u->w - 1, u->y + u->h - 1 };

	return r;
}

/* The squares just beyond side f (enum bt_facing) of u. */
static inline struct bt_rect
cc_strip(const struct bt_unit *u, int f)
{
	struct bt_rect r = cc_rect(u);

	switch (f) {
	case BT_N:
		r.y0 = r.y1 = u->y - 1;
		break;
	case BT_E:
		r.x0 = r.x1 = u->x + u->w;
		break;
	case BT_S:
		r.y0 = r.y1 = u->y + u->h;
		break;
	default:
		r.x0 = r.x1 = u->x - 1;
		break;
	}
	return r;
}

static inline bool
cc_meet(const struct bt_rect *a, const struct bt_rect *b)
{
	/* a branch a test, not one sum of all four: most pairs asked
	 * miss, told by the first or second */
	if (a->x0 > b->x1 || b->x0 > a->x1)
		return false;
	if (a->y0 > b->y1)
		return false;
	return b->y0 <= a->y1;
}

/* Does a square of b share an edge with one of a (CC-13, G-1)? */
static inline bool
cc_adjacent(const struct bt_unit *a, const struct bt_unit *b)
{
	struct bt_rect rb = cc_rect(b);

	for (int f = BT_N; f <= BT_W; f++) {
		struct bt_rect s = cc_strip(a, f);

		if (cc_meet(&s, &rb))
			return true;
	}
	return false;
}

/* CC-18: is an attacker at ra on t's flank or rear? front: t's front
 * strip, cc_strip(t, t->facing), which a caller weighing many places
 * makes once; a unit of four fronts has no flank. */
static inline bool
cc_flank(const struct bt_unit *t, const struct bt_rect *front,
    const struct bt_rect *ra)
{
	return t->fronts != 4 && !cc_meet(front, ra);
}

/* Is b just beyond a front of a (CC-17: a may strike b in melee)? */
bool	 cc_front_touches(const struct bt_unit *a, const struct bt_unit *b);
/* The squares just beyond a's fronts, into s: its front's strip, or its
 * four sides' (n, e, s, w) for four fronts; how many. cc_front_touches
 * asks whether b meets one; a loop that asks it of many b keeps them. */
int	 cc_front_strips(const struct bt_unit *a, struct bt_rect s[4]);
/* These two are asked for every pair of units many times an order, in
 * the commanders' loops: inline, and the side names compared byte by
 * byte here, they are short, where a call to strcmp cost more than the
 * comparison (a tenth of a battle in memory). */
static inline bool
cc_enemies(const struct bt_unit *a, const struct bt_unit *b)
{
	const char *p = a->side, *q = b->side;

	if (p == q)
		return false;
	while (*p != '\0' && *p == *q)
		p++, q++;
	return *p != *q;
}

static inline bool
cc_in_battle(const struct bt_unit *u)
{
	return u->placed && !(u->status & BT_ST_GONE) && !u->reserve;
}
/* Is u in contact with any enemy? */
bool	 cc_in_contact(const struct bt_state *, const struct bt_unit *);

/*
 * A few of a state's units, held for a loop that asks only them (a
 * mover's foes, the units round it). Past CC_UNITS_ROOM none are held
 * (all): the loop asks every unit of the state then, as it would with no
 * list, so a list is only ever a shortcut. NULL is every unit too.
 */
#define CC_UNITS_ROOM	64

struct cc_units {
	const struct bt_unit	*v[CC_UNITS_ROOM];
	size_t			 n;
	bool			 all;
};

static inline void
cc_units_init(struct cc_units *l)
{
	l->n = 0;
	l->all = false;
}

static inline void
cc_units_add(struct cc_units *l, const struct bt_unit *u)
{
	if (l->n == CC_UNITS_ROOM)
		l->all = true;
	else
		l->v[l->n++] = u;
}

/* How many units a loop over l asks, and the ith. */
static inline size_t
cc_units_count(const struct bt_state *st, const struct cc_units *l)
{
	return l != NULL && !l->all ? l->n : st->nunits;
}

static inline const struct bt_unit *
cc_units_at(const struct bt_state *st, const struct cc_units *l, size_t i)
{
	return l != NULL && !l->all ? l->v[i] : &st->units[i];
}
/* The unit whose own id is the string at id's address, or NULL: a
 * unit's unique id shares its address with no other's, so a string a
 * listing or bt_setup took from a unit is found without a comparison
 * of names. */
struct bt_unit *cc_unit_at(const struct bt_state *, const char *id);
/* cc_unit_at, else the unit of that name (bt_unit_find): a string that
 * may be a unit's own id or a copy of it. */
struct bt_unit *cc_unit_named(const struct bt_state *, const char *id);
int	 cc_unit_elevation(const struct bt_state *, const struct bt_unit *);
/* Is u flying now (CC-15; not in a hurricane or sandstorm, CC-4)? */
bool	 cc_flies(const struct bt_state *, const struct bt_unit *);
bool	 cc_square_difficult(const struct bt_state *, int x, int y);
/* cc_square_difficult of a square of terrain t (CC-4: a blizzard makes
 * every square difficult), for a loop that has read the square's letter. */
static inline bool
cc_terrain_difficult(const struct bt_state *st, int t)
{
	return st->weather == CC_BLIZZARD || bt_difficult(t);
}
int	 cc_speed(const struct bt_state *, const struct bt_unit *);
const struct bt_side *cc_side(const struct bt_state *, const struct bt_unit *);

/* cc.c: the turn's bookkeeping and its refusals (CC-6, CC-30) */
int	 cc_check_turn(const struct bt_state *, const struct bt_unit *,
	    struct bt_error *);
int	 cc_use_action(struct bt_state *, const struct bt_unit *,
	    struct bt_error *);
void	 cc_leave_battle(struct bt_state *, struct bt_unit *, unsigned why);
int	 cc_settle(struct bt_state *, struct bt_dice *);

/* cc-fight.c: attacks (CC-16 to CC-21, CC-25, CC-27) */
enum cc_attack_kind { CC_ACTION, CC_OPPORTUNITY, CC_READIED };
/* Can a strike t at all: front contact for melee, cone and range for
 * ranged. Returns NULL or the rule and reason it can't. */
const char *cc_cannot_attack(const struct bt_state *, const struct bt_unit *a,
	    const struct bt_unit *t, bool ranged, const char **rule);
/* cc_cannot_attack's answer for a shot, a and t dist squares apart
 * (bt_rect_distance) as the caller knows: may a shoot t? */
bool	 cc_shot_reaches(const struct bt_state *, const struct bt_unit *a,
	    const struct bt_unit *t, int dist);
/* The feet a's shot reaches now (CC-20, CC-4's fog): cc_shot_reaches
 * asks dist * CC_SQUARE <= it, so a loop over many targets may skip
 * those beyond it without the call. */
int	 cc_shot_range(const struct bt_state *, const struct bt_unit *a);
/* The last test of cc_shot_reaches: is t in a forward cone of a? For a
 * caller that knows the rest already (t an enemy in the battle, a a
 * shooter with t in its range), as the general does of many places. */
bool	 cc_shot_ahead(const struct bt_unit *a, const struct bt_unit *t);
void	 cc_attack(struct bt_state *, struct bt_dice *, struct bt_unit *a,
	    struct bt_unit *t, bool ranged, const struct bt_order *,
	    enum cc_attack_kind);
/* What a's attack on t needs on the d20, and its net advantage (1, 0,
 * -1) from the circumstances cc_attack weighs, the DM's call apart. */
void	 cc_attack_odds(const struct bt_state *, const struct bt_unit *a,
	    const struct bt_unit *t, bool ranged, int *need, int *adv);
/*
 * What the odds take from the attacker where it stands, whatever the
 * target: its side's rating and, for a shot, its height and whether an
 * enemy is next to it (CC-20). The commanders weigh hundreds of attacks
 * an order from a few places: cc_attack_odds_from takes them gathered
 * once (cc_attacker_of), and says what cc_attack_odds says.
 */
struct cc_attacker {
	int	 rating;
	int	 elevation;	/* ranged only */
	bool	 adjacent;	/* ranged only */
};
void	 cc_attacker_of(const struct bt_state *, const struct bt_unit *a,
	    bool ranged, struct cc_attacker *);
/* The same, whether an enemy is next to a (cc_in_contact) told by a caller
 * that knows it already (the general, by a's foes). */
void	 cc_attacker_near(const struct bt_state *, const struct bt_unit *a,
	    bool ranged, bool in_contact, struct cc_attacker *);
void	 cc_attack_odds_from(const struct bt_state *, const struct bt_unit *a,
	    const struct cc_attacker *, const struct bt_unit *t, bool ranged,
	    int *need, int *adv);
/* The same of a melee attack, but with whether it is on t's flank or
 * rear (CC-18) given: the commanders weigh a unit at dozens of places
 * against the same enemy, where only that changes. */
void	 cc_melee_odds(const struct bt_state *, const struct bt_unit *a,
	    const struct cc_attacker *, const struct bt_unit *t, bool flank,
	    int *need, int *adv);

/* cc-move.c: a broken unit's retreat (CC-28); whether it left the map */
bool	 cc_retreat(struct bt_state *, struct bt_dice *, struct bt_unit *);
/* The search's memory, kept from one search to the next by its caller
 * (the listing's memo), grown as a search needs: no allocation a turn
 * once a battle is warm. Zero it to start; cc_scratch_free. */
struct cc_scratch {
	void	*grid, *nodes;
	size_t	 grid_size, nodes_size;
	void	*moves;		/* the last searches' moves (cc-move.c) */
	void	*poses;		/* the search's nodes, kept with their keys */
	size_t	 nposes;
	unsigned stamp;		/* the last search's (cc-move.c) */
	void	*ground;	/* the map's ground (cc-move.c) */
	void	*kept;		/* searches' answers (cc-move.c) */
	/* the last search's, for the lines of its ways (cc_way_line):
	 * its moves, its way nodes, its prefix "bt-move ID " (padded) and
	 * strlen */
	const void *way_moves, *way_nodes;
	const char *way_prefix;
	size_t	 way_plen;
};
/* cc-move.c: every pose u can end a bt-move at now, each once, by its
 * cheapest way (cc-options.c), added to o as a BT_OPT_MOVE of u: its
 * line the bt-move order, its steps space-separated; x, y, facing; the
 * cost in feet; whether it provokes an opportunity or readied attack on
 * the way (CC-21, CC-25). In a lazy listing (o->lazy) with sc given, a
 * line is only the way's node (BT_OPTION_WAY), written by cc_way_line. */
void	 cc_reachable(const struct bt_state *, const struct bt_unit *,
	    struct bt_options *, struct cc_scratch *);
void	 cc_scratch_free(struct cc_scratch *);
/* The line of a lazy listing's move (o->lazy: its line BT_OPTION_WAY |
 * its node) of the last search made in sc, into *line, of *cap bytes,
 * grown to hold it; *line. */
const char *cc_way_line(const struct cc_scratch *, size_t way, char **line,
	    size_t *cap);

/* cc-turn.c: whose turn, and what starts and ends with it */
void	 cc_first_turn(struct bt_state *, struct bt_dice *);
void	 cc_next_turn(struct bt_state *, struct bt_dice *);
void	 cc_pass_turn(struct bt_state *, struct bt_dice *, size_t next);
bool	 cc_battle_over(struct bt_state *, bool limit_reached);

/* cc-options.c: whose order the battle waits for; the legal orders */
void	 cc_options(const struct bt_state *, const char *side,
	    struct bt_options *);

/* cc-auto.c: the commanders */
extern const struct bt_policy cc_simple, cc_general;

/* The turn programs */
bt_play_fn	 cc_move, cc_attack_order, cc_act, cc_morale, cc_resolve;

#endif /* BT_CC_H */
