/*
 * kingdom.c: the kingdom ruleset (RULES.md KM-1 to KM-17, seed 002): armies
 * acting at once in four phases a turn. This file holds its state tables,
 * the rules a kingdom state keeps and bt-init's setup.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static const char *const phase_words[] = {
	"maneuver", "ranged", "melee", "resolution", NULL
};

static const struct bt_field state_fields[] = {
	{ .key = "phase", .type = BT_F_WORD, .off = offsetof(struct bt_state, phase), .flags = BT_REQ | BT_DERIVED, .words = phase_words },
};
static const struct bt_schema state_schema = {
	"the state", state_fields, 1, SIZE_MAX
};

#define SD(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_side, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field side_fields[] = {
	SD("commander", BT_F_STR, commander, BT_REQ, 0, 0),
	SD("profession", BT_F_INT, profession, BT_REQ, -10, 100),
	SD("notes", BT_F_STR, notes, 0, 0, 0),
};
static const struct bt_schema side_schema = {
	"side", side_fields, sizeof(side_fields) / sizeof(side_fields[0]),
	SIZE_MAX
};

#define U(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_unit, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field unit_fields[] = {
	U("side", BT_F_STR, side, BT_REQ, 0, 0),
	U("name", BT_F_STR, name, 0, 0, 0),
	U("type", BT_F_STR, type, 0, 0, 0),
	U("commander", BT_F_STR, commander_name, 0, 0, 0),
	{ .key = "at", .type = BT_F_CUSTOM, .load = bt_load_at, .emit = bt_emit_at, .given = bt_given_at },
	{ .key = "size", .type = BT_F_CUSTOM, .load = bt_load_size, .emit = bt_emit_size },
	U("hp", BT_F_INT, hp, BT_REQ, 0, 100000),
	U("max-hp", BT_F_INT, max_hp, BT_REQ, 1, 100000),
	U("acr", BT_F_INT, acr, BT_REQ, 0, 100),
	U("ac", BT_F_INT, ac, BT_REQ, 0, 100),
	U("melee", BT_F_INT, attack, BT_REQ, -100, 100),
	U("ranged", BT_F_INT, ranged.attack, 0, -100, 100),
	U("shots", BT_F_INT, shots, 0, 0, 1000),
	U("max-shots", BT_F_INT, max_shots, 0, 0, 1000),
	U("range", BT_F_INT, range, 0, 0, 1000),
	U("maneuver", BT_F_INT, maneuver, BT_REQ, -100, 100),
	U("maneuver-dc", BT_F_INT, maneuver_dc, BT_REQ, 0, 100),
	U("morale", BT_F_INT, morale, BT_REQ, -10, 10),
	U("rout", BT_F_INT, rout, BT_REQ, 0, 100000),
	U("consumption", BT_F_INT, consumption, BT_REQ, 0, 100000),
	U("creatures", BT_F_INT, creatures, BT_REQ, 1, 10000000),
	{ .key = "status", .type = BT_F_WORDS, .off = offsetof(struct bt_unit, status), .words = bt_status_words },
	U("notes", BT_F_STR, notes, 0, 0, 0),
};
static const struct bt_schema unit_schema = {
	"army", unit_fields, sizeof(unit_fields) / sizeof(unit_fields[0]),
	SIZE_MAX
};

static void
kingdom_check(const struct bt_state *st, struct bt_error *err)
{
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		if (u->hp > u->max_hp)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "army '%s' "
			    "has %d HP, more than its max-hp %d", u->id, u->hp,
			    u->max_hp);
		if (u->shots > u->max_shots)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "army '%s' "
			    "has %d shots, more than its max-shots %d", u->id,
			    u->shots, u->max_shots);
	}
}

static void
kingdom_check_scenario(const struct bt_state *st, struct bt_error *err)
{
	bt_check_zones(st, err);
}

/* KM-1: armies act at once; 'order' lists them by id, and no one unit
 * has the turn. */
static int
kingdom_setup(struct bt_state *st, struct bt_dice *dice, struct bt_error *err)
{
	(void)dice;
	(void)err;
	st->round = 1;
	st->phase = 0;
	st->order = bt_xcalloc(st->nunits + 1, sizeof(*st->order));
	st->order_at = bt_xcalloc(st->nunits + 1, sizeof(*st->order_at));
	for (size_t i = 0; i < st->nunits; i++)
		if (bt_unit_acts(&st->units[i]))
			st->order[st->norder++] = bt_xstrdup(st->units[i].id);
	return 0;
}

const struct bt_ruleset bt_kingdom = {
	.name = "kingdom",
	.end_rule = "KM-13",
	.statuses = BT_ST_DESTROYED | BT_ST_ROUTED,
	.state = &state_schema,
	.side = &side_schema,
	.unit = &unit_schema,
	.check = kingdom_check,
	.check_scenario = kingdom_check_scenario,
	.setup = kingdom_setup,
};
