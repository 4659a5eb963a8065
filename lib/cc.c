/*
 * cc.c: the cc ruleset (RULES.md CC-1 to CC-30, seeds 000 and 001): its
 * state tables, the rules a cc state keeps, and bt-init's setup rolls.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

enum weather { CLEAR, FOG, HEAT, RAIN, HURRICANE, SANDSTORM, BLIZZARD, ROLL };
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

#define S(k, t, o, fl, lo, hi, d) \
	{ .key = k, .type = t, .off = offsetof(struct bt_state, o), .flags = fl, \
	  .min = lo, .max = hi, .def = d }
static const struct bt_field state_fields[] = {
	{ .key = "weather", .type = BT_F_WORD, .off = offsetof(struct bt_state, weather), .flags = BT_ALWAYS, .words = weather_words },
	{ .key = "climate", .type = BT_F_WORD, .off = offsetof(struct bt_state, climate), .words = climate_words },
	S("deploy-first", BT_F_STR, deploy_first, BT_DERIVED, 0, 0, 0),
};
static const struct bt_schema state_schema = {
	"the state", state_fields, sizeof(state_fields) / sizeof(state_fields[0]),
	SIZE_MAX
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
	SIZE_MAX
};

#define R(k, o) \
	{ .key = k, .type = BT_F_INT, .off = offsetof(struct bt_ranged, o), \
	  .flags = BT_REQ, .min = 0, .max = 10000 }
static const struct bt_field ranged_fields[] = {
	{ .key = "attack", .type = BT_F_INT, .off = offsetof(struct bt_ranged, attack), .flags = BT_REQ, .min = -100, .max = 100 },
	R("damage", damage),
	R("range", range),
};
static const struct bt_schema ranged_schema = {
	"ranged", ranged_fields, 3, offsetof(struct bt_ranged, present)
};

#define U(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_unit, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field unit_fields[] = {
	U("side", BT_F_STR, side, BT_REQ, 0, 0),
	U("name", BT_F_STR, name, 0, 0, 0),
	U("type", BT_F_STR, type, 0, 0, 0),
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
	{ .key = "status", .type = BT_F_WORDS, .off = offsetof(struct bt_unit, status), .words = bt_status_words },
	U("notes", BT_F_STR, notes, 0, 0, 0),
};
static const struct bt_schema unit_schema = {
	"unit", unit_fields, sizeof(unit_fields) / sizeof(unit_fields[0]),
	SIZE_MAX
};

/* What a cc state keeps beyond its shape. */
static void
cc_check(const struct bt_state *st, struct bt_error *err)
{
	bt_check_active(st, err);
	if (st->map.square != 50)
		bt_errorf(err, BT_EXIT_DATA, 0, 0, "a cc map's squares are 50 "
		    "ft, not %d (G-1)", st->map.square);
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
	}
}

/* CC-2 and CC-3: deployment zones, and 25 weight a side but reserves. */
static void
cc_check_scenario(const struct bt_state *st, struct bt_error *err)
{
	bt_check_zones(st, err);
	for (size_t s = 0; s < st->nsides; s++) {
		const char *side = st->sides[s].id;
		int total = 0;
		char *list = NULL;

		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *u = &st->units[i];
			char *more;

			if (strcmp(u->side, side) != 0 || u->reserve)
				continue;
			total += u->weight;
			more = bt_xasprintf("%s%s%s %d", list ? list : "",
			    list ? ", " : "", u->id, u->weight);
			free(list);
			list = more;
		}
		if (total > CC_MAX_WEIGHT)
			bt_errorf(err, BT_EXIT_DATA, st->sides[s].line,
			    st->sides[s].col, "side '%s' deploys %d weight, over "
			    "the limit of %d (CC-3): %s; mark units 'reserve: "
			    "true' to leave them out", side, total,
			    CC_MAX_WEIGHT, list);
		free(list);
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
	char *text = bt_xstrdup("contested Culture check (CC-2),");
	size_t ntied = 0;

	dice->record = &e->rolls;
	for (size_t i = 0; i < n; i++) {
		int r = bt_roll(dice, 20);
		char *more;

		total[i] = r + in[i]->culture;
		more = bt_xasprintf("%s%s %s %d %c %d = %d", text,
		    i == 0 ? "" : i + 1 == n ? " against" : ",",
		    in[i]->id, r, in[i]->culture < 0 ? '-' : '+',
		    abs(in[i]->culture), total[i]);
		free(text);
		text = more;
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

static int
cc_setup(struct bt_state *st, struct bt_dice *dice, struct bt_error *err)
{
	(void)err;
	st->round = 1;
	choose_deployment(st, dice);
	if (st->weather == ROLL)
		roll_weather(st, dice);
	return bt_initiative(st, dice, cc_initiative_cmp);
}

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
};
