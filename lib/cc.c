/*
 * cc.c: the cc ruleset (RULES.md CC-1 to CC-30, seeds 000 and 001): its
 * state tables, the rules a cc state keeps, and bt-init's setup rolls.
 */
#include <stdlib.h>
#include <string.h>

#include "cc.h"

enum weather {
	CLEAR = CC_CLEAR, FOG = CC_FOG, HEAT = CC_HEAT, RAIN = CC_RAIN,
	HURRICANE = CC_HURRICANE, SANDSTORM = CC_SANDSTORM,
	BLIZZARD = CC_BLIZZARD, ROLL = CC_ROLL
};
static const char *const weather_words[] = {
	"clear", "fog", "heat", "rain", "hurricane", "sandstorm", "blizzard",
	"roll", NULL
};
enum climate { TEMPERATE, COASTAL, DESERT, COLD };
static const char *const climate_words[] = {
	"temperate", "coastal", "desert", "cold", NULL
};
static const char *const deploy_words[] = { "first", "last", NULL };

#define CC_MAX_WEIGHT	25

#define T(k, t, o, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_turn, o), .min = lo, .max = hi }
static const struct bt_field turn_fields[] = {
	T("moved", BT_F_INT, moved, 0, 100000),
	T("rotated", BT_F_BOOL, rotated, 0, 0),
	T("contact", BT_F_BOOL, contact, 0, 0),
	T("acted", BT_F_BOOL, acted, 0, 0),
	T("stopped", BT_F_BOOL, stopped, 0, 0),
};
static const struct bt_schema turn_schema = {
	"'turn'", turn_fields, sizeof(turn_fields) / sizeof(turn_fields[0]),
	offsetof(struct bt_turn, present), offsetof(struct bt_turn, marks)
};
BT_MARKS_FIT(struct bt_turn, turn_fields);

/* 'turn' says something only once the unit has done something. */
static bool
given_turn(const void *obj)
{
	const struct bt_turn *t = &((const struct bt_state *)obj)->turn;

	return t->moved || t->rotated || t->contact || t->acted || t->stopped;
}

static const char *const trigger_words[] = { "contact", "range", NULL };
static const struct bt_field ready_fields[] = {
	{ .key = "trigger", .type = BT_F_WORD, .off = offsetof(struct bt_ready, trigger), .flags = BT_REQ, .words = trigger_words },
	{ .key = "target", .type = BT_F_STR, .off = offsetof(struct bt_ready, target), .flags = BT_KEPT },
};
static const struct bt_schema ready_schema = {
	"'ready'", ready_fields, 2, offsetof(struct bt_ready, present),
	offsetof(struct bt_ready, marks)
};
BT_MARKS_FIT(struct bt_ready, ready_fields);

#define S(k, t, o, fl, lo, hi, d) \
	{ .key = k, .type = t, .off = offsetof(struct bt_state, o), .flags = fl, \
	  .min = lo, .max = hi, .def = d }
static const struct bt_field state_fields[] = {
	{ .key = "weather", .type = BT_F_WORD, .off = offsetof(struct bt_state, weather), .flags = BT_ALWAYS, .words = weather_words },
	{ .key = "climate", .type = BT_F_WORD, .off = offsetof(struct bt_state, climate), .words = climate_words },
	S("round-limit", BT_F_INT, round_limit, 0, 0, BT_MAX_INT, 0),
	S("deploy-first", BT_F_STR, deploy_first, BT_DERIVED, 0, 0, 0),
	{ .key = "turn", .type = BT_F_SUB, .off = offsetof(struct bt_state, turn), .flags = BT_DERIVED | BT_FLOW, .sub = &turn_schema, .given = given_turn },
};
static const struct bt_schema state_schema = {
	"the state", state_fields, sizeof(state_fields) / sizeof(state_fields[0]),
	SIZE_MAX, 0
};

#define SD(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_side, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field side_fields[] = {
	SD("commander", BT_F_STR, commander, BT_REQ, 0, 0),
	SD("rating", BT_F_INT, rating, BT_REQ, -10, 10),
	SD("culture", BT_F_INT, culture, BT_REQ, -10, 10),
	{ .key = "deploy", .type = BT_F_WORD, .off = offsetof(struct bt_side, deploy), .def = 1, .words = deploy_words },
	SD("notes", BT_F_STR, notes, 0, 0, 0),
};
static const struct bt_schema side_schema = {
	"side", side_fields, sizeof(side_fields) / sizeof(side_fields[0]),
	SIZE_MAX, offsetof(struct bt_side, marks)
};
BT_MARKS_FIT(struct bt_side, side_fields);

#define R(k, o, hi) \
	{ .key = k, .type = BT_F_INT, .off = offsetof(struct bt_ranged, o), \
	  .flags = BT_REQ, .min = 0, .max = hi }
/* Damage up to 100, as in melee: the HP a hit leaves, down to -101, stay
 * within hp's range, so the state an attack writes can be read again. */
static const struct bt_field ranged_fields[] = {
	{ .key = "attack", .type = BT_F_INT, .off = offsetof(struct bt_ranged, attack), .flags = BT_REQ, .min = -100, .max = 100 },
	R("damage", damage, 100),
	R("range", range, 10000),
};
static const struct bt_schema ranged_schema = {
	"ranged", ranged_fields, 3, offsetof(struct bt_ranged, present),
	0
};

#define U(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_unit, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field unit_fields[] = {
	U("side", BT_F_STR, side, BT_REQ | BT_KEPT, 0, 0),
	U("name", BT_F_STR, name, BT_KEPT, 0, 0),
	U("type", BT_F_STR, type, BT_KEPT, 0, 0),
	{ .key = "at", .type = BT_F_CUSTOM, .load = bt_load_at, .emit = bt_emit_at, .given = bt_given_at },
	{ .key = "size", .type = BT_F_CUSTOM, .load = bt_load_size, .emit = bt_emit_size },
	{ .key = "facing", .type = BT_F_WORD, .off = offsetof(struct bt_unit, facing), .flags = BT_REQ, .words = bt_facing_words },
	{ .key = "fronts", .type = BT_F_INT, .off = offsetof(struct bt_unit, fronts), .min = 1, .max = 4, .def = 1 },
	U("speed", BT_F_INT, speed, BT_REQ, 0, 10000),
	U("ac", BT_F_INT, ac, BT_REQ, 0, 100),
	U("hp", BT_F_INT, hp, BT_REQ, -1000, 1000),
	U("max-hp", BT_F_INT, max_hp, BT_REQ, 1, 1000),
	U("attack", BT_F_INT, attack, BT_REQ, -100, 100),
	U("damage", BT_F_INT, damage, BT_REQ, 0, 100),
	{ .key = "ranged", .type = BT_F_SUB, .off = offsetof(struct bt_unit, ranged), .flags = BT_FLOW, .sub = &ranged_schema },
	U("morale", BT_F_INT, morale, BT_REQ, -10, 10),
	U("initiative", BT_F_INT, initiative, BT_REQ, -100, 100),
	U("weight", BT_F_INT, weight, BT_REQ, 0, 100),
	U("reserve", BT_F_BOOL, reserve, 0, 0, 0),
	U("flying", BT_F_BOOL, flying, 0, 0, 0),
	U("reacted", BT_F_BOOL, reacted, 0, 0, 0),
	{ .key = "ready", .type = BT_F_SUB, .off = offsetof(struct bt_unit, ready), .flags = BT_FLOW, .sub = &ready_schema },
	U("supported-by", BT_F_STR, supported_by, BT_KEPT, 0, 0),
	{ .key = "status", .type = BT_F_WORDS, .off = offsetof(struct bt_unit, status), .words = bt_status_words },
	U("notes", BT_F_STR, notes, 0, 0, 0),
};
static const struct bt_schema unit_schema = {
	"unit", unit_fields, sizeof(unit_fields) / sizeof(unit_fields[0]),
	SIZE_MAX, offsetof(struct bt_unit, marks)
};
BT_MARKS_FIT(struct bt_unit, unit_fields);

/*
 * What a unit's status says must agree with its HP and with whose turn it
 * is: broken at 0 HP, destroyed below it (CC-27); a unit out of the
 * battle keeps no other status (cc_leave_battle); a Disengage lasts the
 * turn of the unit that took it (CC-23).
 */
static void
check_status(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	const unsigned also = BT_ST_BROKEN | BT_ST_DEFENDING |
	    BT_ST_DISENGAGING;

	if (u->status & BT_ST_DESTROYED && u->hp >= 0)
		bt_data_error(err, bt_unit_mark(st, u, "hp"), "unit '%s' is "
		    "destroyed but has %d HP: destroyed is below 0 (CC-27)",
		    u->id, u->hp);
	if (u->status & BT_ST_BROKEN && u->hp > 0)
		bt_data_error(err, bt_unit_mark(st, u, "hp"), "unit '%s' is "
		    "broken but has %d HP: broken is at 0 (CC-27)", u->id,
		    u->hp);
	if (u->status & BT_ST_GONE && u->status & also)
		bt_data_error(err, bt_unit_mark(st, u, "status"), "unit '%s' "
		    "is out of the battle (%s) but still %s", u->id,
		    u->status & BT_ST_DESTROYED ? "destroyed" : "fled",
		    u->status & BT_ST_BROKEN ? "broken" :
		    u->status & BT_ST_DEFENDING ? "defending" : "disengaging");
	if (u->status & BT_ST_DISENGAGING && st->active != NULL &&
	    strcmp(st->active, u->id) != 0)
		bt_data_error(err, bt_unit_mark(st, u, "status"), "unit '%s' "
		    "is disengaging, but a Disengage lasts only the turn of "
		    "the unit that takes it, and it is the turn of '%s' "
		    "(CC-23)", u->id, st->active);
}

/*
 * The other units a unit names: the target of its readied attack, an
 * enemy (CC-25), and the ally whose Support it holds (CC-26). Either
 * may have left the battle since: the ready and the support stay until
 * the unit's, or the ally's, next turn. A readied ranged attack needs a
 * ranged attack. A broken unit may keep a ready the DM left it when
 * breaking it by hand: it makes no reaction (CC-30), and the programs
 * pass it over.
 */
static void
check_names(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	const struct bt_unit *o;

	if (u->ready.present && u->ready.target != NULL &&
	    ((o = bt_unit_find(st, u->ready.target)) == NULL ||
	    !cc_enemies(u, o)))
		bt_data_error(err, bt_unit_mark(st, u, "ready.target"),
		    "unit '%s' readies an attack on '%s', which is not an "
		    "enemy unit (CC-25)", u->id, u->ready.target);
	if (u->ready.present && u->ready.trigger == 1 && !u->ranged.present)
		bt_data_error(err, bt_unit_mark(st, u, "ready.trigger"),
		    "unit '%s' readies a ranged attack but has no 'ranged' "
		    "(CC-25)", u->id);
	if (u->supported_by != NULL && ((o = bt_unit_find(st,
	    u->supported_by)) == NULL || o == u || cc_enemies(u, o)))
		bt_data_error(err, bt_unit_mark(st, u, "supported-by"),
		    "unit '%s' is supported by '%s', which is not another unit "
		    "of its side (CC-26)", u->id, u->supported_by);
}

/*
 * The turn of the active unit (CC-6): none when no unit has the turn,
 * and no more movement spent than the unit has (cc_move refuses more).
 */
static void
check_turn(const struct bt_state *st, struct bt_error *err)
{
	const struct bt_turn *t = &st->turn;
	const struct bt_unit *a;

	if (!(t->moved || t->rotated || t->contact || t->acted || t->stopped))
		return;		/* an empty 'turn' says nothing */
	if (st->active == NULL) {
		bt_data_error(err, bt_state_mark(st, "turn"), "'turn' is the "
		    "turn of the active unit, but no unit is active");
		return;
	}
	if ((a = bt_unit_find(st, st->active)) != NULL &&
	    t->moved > cc_speed(st, a))
		bt_data_error(err, bt_state_mark(st, "turn.moved"), "'turn' "
		    "has moved %d ft, more than the %d ft '%s' may move "
		    "(CC-6)", t->moved, cc_speed(st, a), a->id);
}

/*
 * Who won must be able to have won (CC-1): the last side with a unit
 * unbroken, or the side with the most HP on the map at the round limit,
 * has a unit in the battle either way.
 */
static void
check_result(const struct bt_state *st, struct bt_error *err)
{
	if (st->round_limit > 0 && st->round > st->round_limit &&
	    !st->result.present)
		bt_data_error(err, bt_state_mark(st, "round"), "'round' is %d, "
		    "past the 'round-limit' %d, but the battle has no "
		    "'result' (CC-1)", st->round, st->round_limit);
	if (!st->result.present || strcmp(st->result.winner, "draw") == 0 ||
	    bt_side_find(st, st->result.winner) == NULL)
		return;
	for (size_t i = 0; i < st->nunits; i++)
		if (cc_in_battle(&st->units[i]) &&
		    strcmp(st->units[i].side, st->result.winner) == 0)
			return;
	bt_data_error(err, bt_state_mark(st, "result.winner"), "'result' "
	    "names winner '%s', which has no unit left in the battle (CC-1)",
	    st->result.winner);
}

static int	 cc_initiative_cmp(const struct bt_state *,
		    const struct bt_unit *, const struct bt_unit *);
static void	 check_order(const struct bt_state *, struct bt_error *);

/* What a cc state keeps beyond its shape. */
static void
cc_check(const struct bt_state *st, struct bt_error *err)
{
	bt_check_active(st, err);
	if (st->deploy_first != NULL &&
	    bt_side_find(st, st->deploy_first) == NULL)
		bt_data_error(err, bt_state_mark(st, "deploy-first"),
		    "'deploy-first' names '%s', which is not a side (CC-2)",
		    st->deploy_first);
	check_turn(st, err);
	check_order(st, err);
	check_result(st, err);
	if (st->map.square != 50)
		bt_data_error(err, bt_state_mark(st, "map.square"), "a cc "
		    "map's squares are 50 ft, not %d (G-1)", st->map.square);
	if (st->weather == ROLL && st->order != NULL)
		bt_errorf(err, BT_EXIT_DATA, 0, 0, "'weather: roll' is for a "
		    "scenario; bt-init rolls it (CC-4)");
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (u->fronts != 1 && u->fronts != 4)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "unit '%s' "
			    "has %d fronts: a unit has 1 or 4 (CC-7)", u->id,
			    u->fronts);
		if (u->hp > u->max_hp)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "unit '%s' "
			    "has %d HP, more than its max-hp %d", u->id, u->hp,
			    u->max_hp);
		if (u->hp < 0 && !(u->status & BT_ST_DESTROYED))
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "unit '%s' "
			    "is below 0 HP but not destroyed (CC-27)", u->id);
		if (u->hp == 0 && !(u->status & (BT_ST_BROKEN | BT_ST_GONE)))
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "unit '%s' "
			    "is at 0 HP but not broken (CC-27)", u->id);
		check_status(st, u, err);
		check_names(st, u, err);
	}
}

/* CC-2 and CC-3: deployment zones, and 25 weight a side but reserves;
 * and each side deploys some unbroken unit, else there is no battle: a
 * side with nothing on the map would lose at the first turn (CC-1).
 * bt_setup has refused a side with no unit at all. */
/* CC-3's message: "ID WEIGHT, ..." of side's units not in reserve, built
 * only for a side over the limit (bt-sim checks every battle's start). */
static char *
weight_list(const struct bt_state *st, const char *side)
{
	char *list = NULL, *more;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (strcmp(u->side, side) != 0 || u->reserve)
			continue;
		more = bt_xasprintf("%s%s%s %d", list ? list : "",
		    list ? ", " : "", u->id, u->weight);
		free(list);
		list = more;
	}
	return list;
}

static void
cc_check_scenario(const struct bt_state *st, struct bt_error *err)
{
	bt_check_zones(st, err);
	for (size_t s = 0; s < st->nsides; s++) {
		const char *side = st->sides[s].id;
		int total = 0;
		size_t deployed = 0, reserves = 0, unbroken = 0;
		char *list;

		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *u = &st->units[i];

			if (strcmp(u->side, side) != 0)
				continue;
			if (u->reserve) {
				reserves++;
				continue;
			}
			deployed++;
			if (cc_in_battle(u) && !(u->status & BT_ST_BROKEN))
				unbroken++;
			total += u->weight;
		}
		if (total > CC_MAX_WEIGHT) {
			list = weight_list(st, side);
			bt_errorf(err, BT_EXIT_DATA, st->sides[s].line,
			    st->sides[s].col, "side '%s' deploys %d weight, over "
			    "the limit of %d (CC-3): %s; mark units 'reserve: "
			    "true' to leave them out", side, total,
			    CC_MAX_WEIGHT, list);
			free(list);
		}
		if (deployed == 0 && reserves > 0)
			bt_errorf(err, BT_EXIT_DATA, st->sides[s].line,
			    st->sides[s].col, "side '%s' deploys no unit: all "
			    "its units are in reserve (CC-3)", side);
		else if (unbroken == 0 && deployed > 0)
			bt_errorf(err, BT_EXIT_DATA, st->sides[s].line,
			    st->sides[s].col, "side '%s' has no unbroken unit on "
			    "the map: its battle would be over before it began "
			    "(CC-1)", side);
	}
}

/* CC-2: a contested Culture check; ties among the best roll again. */
static struct bt_side *
culture_check(struct bt_state *st, struct bt_dice *dice, struct bt_side **in,
    size_t n)
{
	struct bt_log_entry *e = bt_log_add(st, "culture", NULL);
	int *total = bt_xcalloc(n, sizeof(*total)), best = -1000;
	struct bt_side **tied = bt_xcalloc(n, sizeof(*tied)), *winner;
	/* A quiet log (bt-sim's) keeps no sentence: none is built. */
	char *text = e->quiet ? NULL :
	    bt_xstrdup("contested Culture check (CC-2),");
	size_t ntied = 0;

	dice->record = &e->rolls;
	for (size_t i = 0; i < n; i++) {
		char *more;
		int r;

		bt_dice_why(dice, in[i]->id, " for the contested Culture check "
		    "(CC-2), %+d; the highest deploys first or last as it "
		    "chooses, a tie rolls again", in[i]->culture);
		r = bt_roll(dice, 20);
		total[i] = r + in[i]->culture;
		if (text != NULL) {
			more = bt_xasprintf("%s%s %s %d %c %d = %d", text,
			    i == 0 ? "" : i + 1 == n ? " against" : ",",
			    in[i]->id, r, in[i]->culture < 0 ? '-' : '+',
			    abs(in[i]->culture), total[i]);
			free(text);
			text = more;
		}
		if (total[i] > best)
			best = total[i];
	}
	dice->record = NULL;
	for (size_t i = 0; i < n; i++)
		if (total[i] == best)
			tied[ntied++] = in[i];
	if (ntied > 1) {
		bt_log_text(e, "%s; a tie, rolled again", text);
		winner = dice->problem ? tied[0] :
		    culture_check(st, dice, tied, ntied);
	} else {
		bt_log_text(e, "%s; %s wins", text, tied[0]->id);
		winner = tied[0];
	}
	free(text);
	free(total);
	free(tied);
	return winner;
}

/* The winner deploys first or last as its side's 'deploy' says. */
static void
choose_deployment(struct bt_state *st, struct bt_dice *dice)
{
	struct bt_side **all = bt_xcalloc(st->nsides, sizeof(*all));
	struct bt_side *winner, *first;
	struct bt_log_entry *e;

	for (size_t i = 0; i < st->nsides; i++)
		all[i] = &st->sides[i];
	winner = culture_check(st, dice, all, st->nsides);
	first = winner;
	if (winner->deploy == 1)	/* last: the first other side goes first */
		first = all[all[0] == winner ? 1 : 0];
	free(st->deploy_first);
	st->deploy_first = bt_xstrdup(first->id);
	e = bt_log_add(st, "deploy", winner->id);
	if (first == winner)
		bt_log_text(e, "%s chooses to deploy first", winner->id);
	else
		bt_log_text(e, "%s chooses to deploy last, so %s deploys first",
		    winner->id, first->id);
	free(all);
}

/* CC-4: d20 on the weather table; 20 is extreme, by the climate. */
static void
roll_weather(struct bt_state *st, struct bt_dice *dice)
{
	static const int extreme[] = { HURRICANE, HURRICANE, SANDSTORM, BLIZZARD };
	struct bt_log_entry *e = bt_log_add(st, "weather", NULL);
	int r;

	dice->record = &e->rolls;
	bt_dice_why(dice, "the weather", " on the table of CC-4: 1-13 clear, "
	    "14-15 fog, 16-17 heat, 18-19 rain, 20 the climate's extreme");
	r = bt_roll(dice, 20);
	dice->record = NULL;
	if (r <= 13)
		st->weather = CLEAR;
	else if (r <= 15)
		st->weather = FOG;
	else if (r <= 17)
		st->weather = HEAT;
	else if (r <= 19)
		st->weather = RAIN;
	else
		st->weather = extreme[st->climate];
	bt_log_text(e, "weather (CC-4) rolled %d, %s%s", r,
	    weather_words[st->weather],
	    r == 20 ? " (extreme, by the climate)" : "");
}

/* CC-5: higher initiative, then Morale modifier, then side's Culture. */
static int
cc_initiative_cmp(const struct bt_state *st, const struct bt_unit *a,
    const struct bt_unit *b)
{
	if (a->initiative != b->initiative)
		return b->initiative - a->initiative;
	if (a->morale != b->morale)
		return b->morale - a->morale;
	return bt_side_find(st, b->side)->culture -
	    bt_side_find(st, a->side)->culture;
}

/* CC-5: the players order tied units of one type. */
static bool
same_type(const struct bt_unit *a, const struct bt_unit *b)
{
	return a->type != NULL && b->type != NULL &&
	    strcmp(a->type, b->type) == 0;
}

/* CC-5: no unit in 'order' ahead of one the initiative rules rank
 * higher; tied units may come in any order, the dice's or the players'.
 * The comparison is a ranking, so checking neighbours is enough. */
static void
check_order(const struct bt_state *st, struct bt_error *err)
{
	for (size_t i = 1; i < st->norder; i++) {
		const struct bt_unit *a = bt_unit_find(st, st->order[i - 1]);
		const struct bt_unit *b = bt_unit_find(st, st->order[i]);

		if (a == NULL || b == NULL || bt_side_find(st, a->side) == NULL ||
		    bt_side_find(st, b->side) == NULL ||
		    cc_initiative_cmp(st, a, b) <= 0)
			continue;
		bt_errorf(err, BT_EXIT_DATA, st->order_at[i - 1].line,
		    st->order_at[i - 1].col, "'order' puts '%s' ahead of '%s', "
		    "which the initiative rules rank higher (CC-5)", a->id,
		    b->id);
	}
}

static int
cc_setup(struct bt_state *st, struct bt_dice *dice, struct bt_error *err)
{
	(void)err;
	st->round = 1;
	choose_deployment(st, dice);
	if (st->weather == ROLL)
		roll_weather(st, dice);
	if (bt_initiative_chosen(st, dice, cc_initiative_cmp, same_type) < 0)
		return -1;
	cc_first_turn(st, dice);
	return 0;
}

/* --- geometry (G-1, CC-7, CC-15); cc_rect, cc_strip, cc_meet and
 * cc_adjacent are cc.h's --- */

int
cc_front_strips(const struct bt_unit *a, struct bt_rect s[4])
{
	if (a->fronts != 4) {
		s[0] = cc_strip(a, a->facing);
		return 1;
	}
	for (int f = BT_N; f <= BT_W; f++)
		s[f] = cc_strip(a, f);
	return 4;
}

/* The squares of cc_front_strips, asked of one b (and asked most). */
bool
cc_front_touches(const struct bt_unit *a, const struct bt_unit *b)
{
	struct bt_rect rb = cc_rect(b), s;

	if (a->fronts == 4)
		return cc_adjacent(a, b);
	s = cc_strip(a, a->facing);
	return cc_meet(&s, &rb);
}

bool
cc_in_contact(const struct bt_state *st, const struct bt_unit *u)
{
	/* u's squares and the ring around them, which holds the four
	 * strips cc_adjacent looks at: a unit that misses it is not next
	 * to u, told by one test, not four, and asked first, as most units
	 * miss it (the commanders ask this of every unit that shoots, at
	 * every place they weigh). */
	struct bt_rect ring = { u->x - 1, u->y - 1, u->x + u->w, u->y + u->h };

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];

		/* cc_meet of the ring and e's squares, the columns asked
		 * alone first: most units miss them */
		if (e->x > ring.x1 || e->x + e->w - 1 < ring.x0)
			continue;
		if (e->y > ring.y1 || e->y + e->h - 1 < ring.y0)
			continue;
		if (e != u && cc_in_battle(e) && cc_enemies(u, e) &&
		    cc_adjacent(u, e))
			return true;
	}
	return false;
}

/* CC-15: the highest of its squares, +1 flying. */
int
cc_unit_elevation(const struct bt_state *st, const struct bt_unit *u)
{
	int e = 0;

	for (int y = u->y; y < u->y + u->h; y++)
		for (int x = u->x; x < u->x + u->w; x++)
			if (bt_elevation(bt_terrain_at(&st->map, x, y)) > e)
				e = bt_elevation(bt_terrain_at(&st->map, x, y));
	return e + cc_flies(st, u);
}

/* CC-15, CC-4: "no flying" in a hurricane or a sandstorm grounds it. */
bool
cc_flies(const struct bt_state *st, const struct bt_unit *u)
{
	return u->flying && st->weather != HURRICANE &&
	    st->weather != SANDSTORM;
}

/* CC-9, G-2; a blizzard makes all terrain difficult (CC-4). */
bool
cc_square_difficult(const struct bt_state *st, int x, int y)
{
	return cc_terrain_difficult(st, bt_terrain_at(&st->map, x, y));
}

/* CC-4: a hurricane takes 100 ft off all movement. */
int
cc_speed(const struct bt_state *st, const struct bt_unit *u)
{
	int s = u->speed - (st->weather == HURRICANE ? 100 : 0);

	return s > 0 ? s : 0;
}

const struct bt_side *
cc_side(const struct bt_state *st, const struct bt_unit *u)
{
	/* bt_side_find's answer (the ids are unique), the first letter
	 * telling most sides apart without a call: a battle has a few
	 * sides, and the commanders ask for every rating. */
	for (size_t i = 0; i < st->nsides; i++) {
		const struct bt_side *s = &st->sides[i];
		const char *p = s->id, *q = u->side;

		if (p == q)	/* the side's own id (share_sides) */
			return s;
		/* strcmp's answer, byte by byte here as cc_enemies does:
		 * a side's id is a word, where the call cost more */
		while (*p != '\0' && *p == *q)
			p++, q++;
		if (*p == *q)
			return s;
	}
	return NULL;
}

/* --- the turn's bookkeeping (CC-6, CC-30) --- */

/* CC-6: only the unit whose turn it is acts. */
int
cc_check_turn(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	if (!cc_in_battle(u))
		return bt_refuse(err, u->reserve ? "CC-3" :
		    u->status & BT_ST_FLED ? "CC-29" : "CC-27", "'%s' is %s",
		    u->id, u->reserve ? "in reserve" : u->status & BT_ST_FLED ?
		    "gone off the map" : "destroyed");
	if (st->active == NULL || strcmp(st->active, u->id) != 0)
		return bt_refuse(err, "CC-6", "it is the turn of '%s', not of "
		    "'%s'", st->active ? st->active : "nobody", u->id);
	return 0;
}

/* CC-6: one action a turn, and movement is not split around it. */
int
cc_use_action(struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	if (st->turn.acted)
		return bt_refuse(err, "CC-6", "'%s' has taken its action this "
		    "turn", u->id);
	st->turn.present = true;
	st->turn.acted = true;
	if (st->turn.moved > 0)
		st->turn.stopped = true;
	return 0;
}

/* Destroyed (CC-27) or gone off the map (CC-29): no place, and no more
 * turns once cc_settle has taken it out of 'order'. */
void
cc_leave_battle(struct bt_state *st, struct bt_unit *u, unsigned why)
{
	(void)st;
	u->placed = false;
	u->status = (u->status & ~(unsigned)(BT_ST_BROKEN | BT_ST_DEFENDING |
	    BT_ST_DISENGAGING)) | why;
	u->ready.present = false;
	u->ready.target = NULL;
}

struct bt_unit *
cc_unit_at(const struct bt_state *st, const char *id)
{
	for (size_t i = 0; i < st->nunits; i++)
		if (st->units[i].id == id)
			return &st->units[i];
	return NULL;
}

struct bt_unit *
cc_unit_named(const struct bt_state *st, const char *id)
{
	struct bt_unit *u = cc_unit_at(st, id);

	return u != NULL ? u : bt_unit_find(st, id);
}

/* The unit of an entry of 'order', by_address where 'order' holds the
 * units' own ids (cc_settle). */
static struct bt_unit *
order_unit(const struct bt_state *st, const char *id, bool by_address)
{
	return by_address ? cc_unit_named(st, id) : bt_unit_find(st, id);
}

/*
 * After every order: units out of the battle leave 'order'; the battle
 * ends if its end has come (CC-1), whichever program brought it; and if
 * the active unit is out, its turn passes. Always returns 0.
 */
int
cc_settle(struct bt_state *st, struct bt_dice *dice)
{
	size_t k = 0, next = 0, in = 0;
	bool active_out = false, by_address, found;
	size_t i;

	/*
	 * Most orders take no unit out of the battle: then 'order' stays as
	 * it is and no turn passes (the loop below: 68 of 1,861 settles in
	 * 20 cc-field battles). 'order' names each unit in the battle once
	 * and no other when it is checked (check_order) or made (bt_setup),
	 * and no order brings a unit into the battle, only out of it, whose
	 * entry stays till here (or cc_pass_turn): so it names one out of
	 * the battle exactly when it is longer than the units in it,
	 * counted with no entry's unit looked up.
	 */
	for (i = 0; i < st->nunits; i++)
		in += cc_in_battle(&st->units[i]);
	if (in == st->norder) {
		cc_battle_over(st, false);
		return 0;
	}
	/* bt_setup writes 'order' as the units' own ids, found by their
	 * address; an order read or copied from a state has strings of its
	 * own, found by name. Its first entry says which. */
	by_address = st->norder > 0 && cc_unit_at(st, st->order[0]) != NULL;
	/* the active unit is in 'order' once: no name compared after it */
	found = st->active == NULL;
	for (i = 0; i < st->norder; i++) {
		struct bt_unit *u = order_unit(st, st->order[i], by_address);
		bool active = !found && strcmp(st->order[i], st->active) == 0;

		found |= active;
		if (active)
			next = k;
		if (u != NULL && cc_in_battle(u)) {
			st->order[k] = st->order[i];
			st->order_at[k++] = st->order_at[i];
			continue;
		}
		if (active)
			active_out = true;
	}
	st->norder = k;
	if (cc_battle_over(st, false) || !active_out)
		return 0;
	cc_pass_turn(st, dice, next);
	return 0;
}

static const struct bt_policy *const cc_policies[] = {
	&bt_policy_random, &cc_simple, &cc_general, NULL
};

const struct bt_ruleset bt_cc = {
	.name = "cc",
	.end_rule = "CC-1",
	.statuses = BT_ST_BROKEN | BT_ST_DESTROYED | BT_ST_FLED |
	    BT_ST_DEFENDING | BT_ST_DISENGAGING,
	.state = &state_schema,
	.side = &side_schema,
	.unit = &unit_schema,
	.check = cc_check,
	.check_scenario = cc_check_scenario,
	.setup = cc_setup,
	.move = cc_move,
	.attack = cc_attack_order,
	.act = cc_act,
	.morale = cc_morale,
	.resolve = cc_resolve,
	.waiting = bt_waiting_active,
	.options = cc_options,
	.policies = cc_policies,
};
