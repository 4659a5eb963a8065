/*
 * cc-fight.c: attacks in cc (CC-16 to CC-21, CC-25, CC-27) and the Rally
 * action (CC-24): bt-attack, bt-morale --rally, and the reactions a move
 * sets off.
 */
#include <stdlib.h>
#include <string.h>

#include "cc.h"

static int
side_rating(const struct bt_state *st, const struct bt_unit *u)
{
	const struct bt_side *s = cc_side(st, u);

	return s != NULL ? s->rating : 0;
}

/* A term of a logged sum, ASCII: "10 - 2 - 1", never "10 + -2 + -1". */
static char
sign(int v)
{
	return v < 0 ? '-' : '+';
}

/*
 * CC-20: a square of t in the 90-degree cone opening from side f of u: d
 * rows ahead, the cone spans the front edge widened by d. It widens as it
 * goes, so t's row (or column) deepest into it is in it if any square of
 * t is: one test, not one a square (the commanders ask it of every shot
 * they weigh). Inline in ahead, where its call cost a third of it.
 */
static inline bool
cone_holds(const struct bt_unit *u, int f, const struct bt_unit *t)
{
	struct bt_rect r = cc_rect(u), q = cc_rect(t);
	int d;

	if (t->w <= 0 || t->h <= 0)
		return false;
	switch (f) {
	case BT_N:
		d = r.y0 - q.y0;
		return d >= 1 && q.x1 >= r.x0 - d && q.x0 <= r.x1 + d;
	case BT_S:
		d = q.y1 - r.y1;
		return d >= 1 && q.x1 >= r.x0 - d && q.x0 <= r.x1 + d;
	case BT_E:
		d = q.x1 - r.x1;
		return d >= 1 && q.y1 >= r.y0 - d && q.y0 <= r.y1 + d;
	default:
		d = r.x0 - q.x0;
		return d >= 1 && q.y1 >= r.y0 - d && q.y0 <= r.y1 + d;
	}
}

/* CC-20: any square of t in any forward cone of a. */
static bool
ahead(const struct bt_unit *a, const struct bt_unit *t)
{
	if (a->fronts != 4)	/* its one front: the side it faces */
		return a->facing >= BT_N && a->facing <= BT_W &&
		    cone_holds(a, a->facing, t);
	for (int f = BT_N; f <= BT_W; f++)
		if (cone_holds(a, f, t))
			return true;
	return false;
}

/* CC-20 and CC-4: range in feet, halved in fog. */
static int
reach(const struct bt_state *st, const struct bt_unit *a)
{
	return st->weather == CC_FOG ? a->ranged.range / 2 : a->ranged.range;
}

const char *
cc_cannot_attack(const struct bt_state *st, const struct bt_unit *a,
    const struct bt_unit *t, bool ranged, const char **rule)
{
	struct bt_rect ra, rt;

	*rule = "CC-16";
	if (!cc_in_battle(t))
		return "the target is out of the battle";
	if (!cc_enemies(a, t))
		return "the target is on the same side";
	if (!ranged) {
		*rule = "CC-17";
		return cc_front_touches(a, t) ? NULL :
		    "its front is not in contact with the target";
	}
	*rule = "CC-20";
	ra = cc_rect(a);
	rt = cc_rect(t);
	if (cc_shot_reaches(st, a, t, bt_rect_distance(&ra, &rt)))
		return NULL;
	/* why not, decided above: in the order a player looks */
	if (!a->ranged.present)
		return "it has no ranged attack";
	if (!ahead(a, t))
		return "the target is not ahead of its front";
	return "the target is out of range";
}

int
cc_shot_range(const struct bt_state *st, const struct bt_unit *a)
{
	return reach(st, a);
}

bool
cc_shot_ahead(const struct bt_unit *a, const struct bt_unit *t)
{
	return ahead(a, t);
}

/* CC-16, CC-20: the one test of a shot, which cc_cannot_attack explains. */
bool
cc_shot_reaches(const struct bt_state *st, const struct bt_unit *a,
    const struct bt_unit *t, int dist)
{
	return cc_in_battle(t) && cc_enemies(a, t) && a->ranged.present &&
	    dist * CC_SQUARE <= reach(st, a) && ahead(a, t);
}

/* CC-18: a melee attack on t's side or rear; touching its front at all is
 * an attack on the front, and a unit of four fronts has no flank. */
static bool
flanked(const struct bt_unit *a, const struct bt_unit *t)
{
	struct bt_rect ra = cc_rect(a), s = cc_strip(t, t->facing);

	return cc_flank(t, &s, &ra);
}

static const char *const kind_words[][2] = {
	{ "attacks", "shoots at" },
	{ "makes an opportunity attack (CC-21) on", "" },
	{ "makes its readied attack (CC-25) on",
	    "shoots its readied attack (CC-25) at" }
};

/* Appends ", why" to a list of reasons, if they are to be said. */
static void
reason(bool say, char **list, const char *why)
{
	char *more;

	if (!say)
		return;
	more = bt_xasprintf("%s%s%s", *list ? *list : "", *list ? ", " : "",
	    why);
	free(*list);
	*list = more;
}

/* D-1: the circumstances that give an attack advantage or disadvantage,
 * but the DM's call: what cc_attack rolls with and what the listing of
 * options (cc-options.c) tells. */
enum {
	EDGE_FLANK = 0x1, EDGE_SUPPORT = 0x2, EDGE_HIGHER = 0x4,
	EDGE_ADJACENT = 0x8, EDGE_DEFENDS = 0x10
};

/* f: what a brings from where it stands (cc_attacker_of); flank, for
 * melee, flanked's answer. */
static unsigned
edges_of(const struct bt_state *st, const struct bt_unit *a,
    const struct cc_attacker *f, const struct bt_unit *t, bool ranged,
    bool flank)
{
	unsigned e = 0;

	if (!ranged && flank)
		e |= EDGE_FLANK;
	if (!ranged && a->supported_by != NULL)
		e |= EDGE_SUPPORT;
	/* No elevation is below 0: from 0, the target's need not be read. */
	if (ranged && f->elevation > 0 && f->elevation > cc_unit_elevation(st,
	    t))
		e |= EDGE_HIGHER;
	if (ranged && f->adjacent)
		e |= EDGE_ADJACENT;
	if (t->status & BT_ST_DEFENDING)
		e |= EDGE_DEFENDS;
	return e;
}

static unsigned
edges(const struct bt_state *st, const struct bt_unit *a,
    const struct cc_attacker *f, const struct bt_unit *t, bool ranged)
{
	return edges_of(st, a, f, t, ranged, !ranged && flanked(a, t));
}

/* CC-4: the weather's modifier to an attack. */
static int
weather_mod(const struct bt_state *st, bool ranged)
{
	if (!ranged && (st->weather == CC_HEAT || st->weather == CC_SANDSTORM ||
	    st->weather == CC_BLIZZARD))
		return -1;
	if (ranged && (st->weather == CC_RAIN || st->weather == CC_HURRICANE))
		return -2;
	return 0;
}

void
cc_attacker_of(const struct bt_state *st, const struct bt_unit *a,
    bool ranged, struct cc_attacker *f)
{
	cc_attacker_near(st, a, ranged, ranged && cc_in_contact(st, a), f);
}

void
cc_attacker_near(const struct bt_state *st, const struct bt_unit *a,
    bool ranged, bool in_contact, struct cc_attacker *f)
{
	f->rating = side_rating(st, a);
	f->elevation = ranged ? cc_unit_elevation(st, a) : 0;
	f->adjacent = ranged && in_contact;
}

/* The odds of an attack with edges e. */
static void
odds(const struct bt_state *st, const struct bt_unit *a,
    const struct cc_attacker *f, const struct bt_unit *t, bool ranged,
    unsigned e, int *need, int *adv)
{
	int mod = ranged ? a->ranged.attack : a->attack;

	*need = t->ac - mod - f->rating - weather_mod(st, ranged);
	if (*need < 2)		/* CC-19: a natural 1 misses, a 20 hits */
		*need = 2;
	if (*need > 20)
		*need = 20;
	*adv = (e & (EDGE_FLANK | EDGE_SUPPORT | EDGE_HIGHER) ? 1 : 0) -
	    (e & (EDGE_ADJACENT | EDGE_DEFENDS) ? 1 : 0);
}

void
cc_attack_odds_from(const struct bt_state *st, const struct bt_unit *a,
    const struct cc_attacker *f, const struct bt_unit *t, bool ranged,
    int *need, int *adv)
{
	odds(st, a, f, t, ranged, edges(st, a, f, t, ranged), need, adv);
}

void
cc_melee_odds(const struct bt_state *st, const struct bt_unit *a,
    const struct cc_attacker *f, const struct bt_unit *t, bool flank,
    int *need, int *adv)
{
	odds(st, a, f, t, false, edges_of(st, a, f, t, false, flank), need,
	    adv);
}

void
cc_attack_odds(const struct bt_state *st, const struct bt_unit *a,
    const struct bt_unit *t, bool ranged, int *need, int *adv)
{
	struct cc_attacker f;

	cc_attacker_of(st, a, ranged, &f);
	cc_attack_odds_from(st, a, &f, t, ranged, need, adv);
}

/* o: the DM's --adv, --dis and --crit-type, for an attack ordered; NULL
 * for a reaction. */
void
cc_attack(struct bt_state *st, struct bt_dice *dice, struct bt_unit *a,
    struct bt_unit *t, bool ranged, const struct bt_order *o,
    enum cc_attack_kind kind)
{
	const char *crit_type = o != NULL ? o->crit_type : NULL;
	struct bt_log_entry *e = bt_log_add(st, ranged ? "shoot" : "attack",
	    a->id);
	char *adv_why = NULL, *dis_why = NULL;
	struct cc_attacker f;
	int adv = 0, dis = 0, mod, rating;
	int weather = weather_mod(st, ranged), d20, total, dmg;
	unsigned edge;
	bool hit, crit;
	/* The reasons are words for the log's sentence and the dice's
	 * question: a quiet log with no die told (bt-sim's) wants none. */
	bool say = !e->quiet || bt_dice_telling(dice);

	cc_attacker_of(st, a, ranged, &f);
	rating = f.rating;
	edge = edges(st, a, &f, t, ranged);

	/* D-1: advantage and disadvantage from every source, then cancel */
	if (o != NULL && o->adv)
		adv++, reason(say, &adv_why, "the DM's call");
	if (o != NULL && o->dis)
		dis++, reason(say, &dis_why, "the DM's call");
	if (edge & EDGE_FLANK)
		adv++, reason(say, &adv_why, "flank (CC-18)");
	if (edge & EDGE_SUPPORT) {
		adv++, reason(say, &adv_why, "support (CC-26)");
		a->supported_by = NULL;
	}
	if (edge & EDGE_HIGHER)
		adv++, reason(say, &adv_why, "higher ground (CC-20)");
	if (edge & EDGE_ADJACENT)
		dis++, reason(say, &dis_why, "adjacent to an enemy (CC-20)");
	if (edge & EDGE_DEFENDS)
		dis++, reason(say, &dis_why, "the target defends (CC-22)");

	mod = ranged ? a->ranged.attack : a->attack;
	if (bt_dice_telling(dice)) {
		char *who = bt_xasprintf("%s %s %s", a->id,
		    kind_words[kind][ranged], t->id);
		char *need = bt_need_words(t->ac - mod - rating - weather, 20,
		    true, true);

		bt_dice_why(dice, who, "%s%s%s%s%s%s%s; %s hits (AC %d); a "
		    "natural 20 adds 1 damage (CC-19)",
		    adv_why || dis_why ? " (" : "", adv_why ? "advantage: " :
		    "", adv_why ? adv_why : "", adv_why && dis_why ? "; " : "",
		    dis_why ? "disadvantage: " : "", dis_why ? dis_why : "",
		    adv_why || dis_why ? ")" : "", need, t->ac);
		free(who);
		free(need);
	}
	dice->record = &e->rolls;
	d20 = bt_d20(dice, (adv > 0) - (dis > 0));
	dice->record = NULL;
	total = d20 + mod + rating + weather;
	/* CC-19: a natural 20 always hits and deals 1 more; a 1 misses */
	crit = d20 == 20;
	hit = crit || (d20 != 1 && total >= t->ac);
	dmg = hit ? (ranged ? a->ranged.damage : a->damage) + crit : 0;

	/* A quiet log (bt-sim's) keeps no sentence: none is built. */
	{
		char *text = e->quiet ? NULL : bt_xasprintf("%s %s "
		    "%s: %d%s %c %d %c %d%s = %d against AC %d", a->id,
		    kind_words[kind][ranged], t->id, d20,
		    adv > 0 && dis == 0 ? " (advantage)" :
		    dis > 0 && adv == 0 ? " (disadvantage)" :
		    adv > 0 ? " (advantage and disadvantage cancel)" : "",
		    sign(mod), abs(mod), sign(rating), abs(rating),
		    weather ? (weather == -1 ? " - 1 weather" :
		    " - 2 weather") : "", total, t->ac), *more;

		if (!e->quiet && (adv_why != NULL || dis_why != NULL)) {
			more = bt_xasprintf("%s (%s%s%s%s%s)", text,
			    adv_why ? "advantage: " : "", adv_why ? adv_why : "",
			    adv_why && dis_why ? "; " : "",
			    dis_why ? "disadvantage: " : "",
			    dis_why ? dis_why : "");
			free(text);
			text = more;
		}
		if (!hit) {
			bt_log_text(e, "%s, %s", text, d20 == 1 ?
			    "a natural 1 misses (CC-19)" : "miss");
			free(text);
			goto out;
		}
		t->hp -= dmg;
		if (!e->quiet) {
			more = bt_xasprintf("%s, %s%s, %d%s%s damage, %d/%d HP "
			    "left", text, crit ? "a natural 20, critical hit "
			    "(CC-19)" : "hit", "", dmg, crit && crit_type ?
			    " " : "", crit && crit_type ? crit_type : "", t->hp,
			    t->max_hp);
			free(text);
			text = more;
		}
		/* CC-27 */
		if (t->hp < 0) {
			bt_log_text(e, "%s: destroyed (CC-27)", text);
			cc_leave_battle(st, t, BT_ST_DESTROYED);
		} else if (t->hp == 0) {
			bt_log_text(e, "%s: broken (CC-27)", text);
			t->status |= BT_ST_BROKEN;
			/* CC-30: a broken unit loses its reaction */
			t->ready.present = false;
		} else
			bt_log_text(e, "%s", text);
		free(text);
	}
out:
	free(adv_why);
	free(dis_why);
}

/* bt-attack ATTACKER TARGET [--ranged] */
int
cc_attack_order(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	struct bt_unit *a, *t;
	const char *why, *rule;

	if (o->argc != 2)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bt-attack takes "
		    "an attacker and a target");
	if ((a = bt_unit_operand(st, o->argv[0], "unit", err)) == NULL ||
	    (t = bt_unit_operand(st, o->argv[1], "unit", err)) == NULL)
		return -1;
	if (cc_check_turn(st, a, err) < 0)
		return -1;
	if (a->status & BT_ST_BROKEN)
		return bt_refuse(err, "CC-28", "'%s' is broken: it can only "
		    "retreat and rally", a->id);
	if ((why = cc_cannot_attack(st, a, t, o->ranged, &rule)) != NULL)
		return bt_refuse(err, rule, "'%s' can't %s '%s': %s", a->id,
		    o->ranged ? "shoot at" : "attack", t->id, why);
	if (cc_use_action(st, a, err) < 0)
		return -1;
	cc_attack(st, dice, a, t, o->ranged, o, CC_ACTION);
	return cc_settle(st, dice);
}

/* bt-morale UNIT --rally (CC-24) */
int
cc_morale(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	struct bt_unit *u;
	const struct bt_side *s;
	struct bt_log_entry *e;
	int adv = o->adv - o->dis, d20, total, gain = 0;

	if (o->argc != 1 || !o->rally)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "in cc, bt-morale "
		    "takes a unit and --rally");
	if ((u = bt_unit_operand(st, o->argv[0], "unit", err)) == NULL ||
	    cc_check_turn(st, u, err) < 0)
		return -1;
	if (cc_in_contact(st, u))
		return bt_refuse(err, "CC-24", "'%s' can't rally next to an "
		    "enemy", u->id);
	if (cc_use_action(st, u, err) < 0)
		return -1;
	if (u->supported_by != NULL) {	/* CC-26; D-1: any --dis cancels */
		adv = o->dis ? 0 : 1;
		u->supported_by = NULL;
	}
	s = cc_side(st, u);
	e = bt_log_add(st, "rally", u->id);
	/* the roll's question, for dice that tell it (cc_attack's way):
	 * bt-sim's build none */
	if (bt_dice_telling(dice)) {
		char *who = bt_xasprintf("%s rallies (CC-24)", u->id);
		char *need = bt_need_words(CC_RALLY_DC - u->morale - s->rating -
		    s->culture, 20, false, false);

		bt_dice_why(dice, who, "%s; %s rallies (DC %d); a natural 20 "
		    "heals 1 HP more", adv > 0 ? " (advantage: support, "
		    "CC-26)" : adv < 0 ? " (disadvantage: the DM's call)" : "",
		    need, CC_RALLY_DC);
		free(who);
		free(need);
	}
	dice->record = &e->rolls;
	d20 = bt_d20(dice, adv);
	dice->record = NULL;
	total = d20 + u->morale + s->rating + s->culture;
	if (total >= CC_RALLY_DC)
		gain = 1 + (d20 == 20);
	if (u->hp + gain > u->max_hp)
		gain = u->max_hp - u->hp;
	u->hp += gain;
	if (total >= CC_RALLY_DC)
		u->status &= ~(unsigned)BT_ST_BROKEN;
	bt_log_text(e, "%s rallies (CC-24): %d %c %d morale %c %d rating %c %d "
	    "culture = %d against DC %d, %s%s, %d/%d HP", u->id, d20,
	    sign(u->morale), abs(u->morale), sign(s->rating), abs(s->rating),
	    sign(s->culture), abs(s->culture), total, CC_RALLY_DC,
	    total >= CC_RALLY_DC ? "rallied" : "failed",
	    d20 == 20 && total >= CC_RALLY_DC ? " (a natural 20: 1 HP more)" :
	    "", u->hp, u->max_hp);
	return cc_settle(st, dice);
}
