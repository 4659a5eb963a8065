/*
 * clash.c: the clash ruleset (RULES.md CL-1 to CL-12, seed 003): units of
 * one-square stands and solos. This file holds its state tables, the rules a
 * clash state keeps and bt-init's setup.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static const struct bt_field state_fields[] = {
	{ 0 }
};
static const struct bt_schema state_schema = {
	"the state", state_fields, 0, SIZE_MAX
};

static const struct bt_field side_fields[] = {
	{ .key = "commander", .type = BT_F_STR, .off = offsetof(struct bt_side, commander) },
	{ .key = "notes", .type = BT_F_STR, .off = offsetof(struct bt_side, notes) },
};
static const struct bt_schema side_schema = {
	"side", side_fields, 2, SIZE_MAX
};

static const struct bt_field commander_fields[] = {
	{ .key = "name", .type = BT_F_STR, .off = offsetof(struct bt_commander, name), .flags = BT_REQ },
	{ .key = "cha", .type = BT_F_INT, .off = offsetof(struct bt_commander, cha), .flags = BT_REQ, .min = -10, .max = 10 },
};
static const struct bt_schema commander_schema = {
	"commander", commander_fields, 2, offsetof(struct bt_commander, present)
};

/* stands: [{at: [x, y], hp: n}, ...]; an eliminated stand has no 'at'. */
static int
load_stands(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_unit *u = obj;
	int rc = 0;

	if (n->kind != BT_NODE_SEQ || n->n == 0)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'stands' of unit '%s' must be a list of {at: [x, y], hp: N}",
		    u->id);
	u->stands = bt_xcalloc(n->n, sizeof(*u->stands));
	u->nstands = n->n;
	for (size_t i = 0; i < n->n; i++) {
		const struct bt_node *s = n->kids[i], *at, *hp;
		struct bt_stand *st = &u->stands[i];
		long v;

		if (s->kind != BT_NODE_MAP || s->n > 4 ||
		    (hp = bt_map_get(s, "hp")) == NULL ||
		    (s->n == 4 && bt_map_get(s, "at") == NULL)) {
			rc = bt_errorf(ld->err, BT_EXIT_DATA, s->line, s->col,
			    "stand %s.%zu must be {at: [x, y], hp: N}", u->id,
			    i + 1);
			continue;
		}
		if (bt_node_int(hp, -1000, 1000, &v, "hp", ld) == 0)
			st->hp = (int)v;
		else
			rc = -1;
		if ((at = bt_map_get(s, "at")) != NULL && !bt_node_null(at)) {
			int xy[2];

			if (bt_node_xy(at, xy, "at", ld)) {
				rc = -1;
				continue;
			}
			st->x = xy[0];
			st->y = xy[1];
			st->placed = true;
		}
	}
	return rc;
}

static void
emit_stands(const void *obj, struct bt_emitter *em)
{
	const struct bt_unit *u = obj;

	bt_emit_seq(em, false);
	for (size_t i = 0; i < u->nstands; i++) {
		const struct bt_stand *s = &u->stands[i];

		bt_emit_map(em, true);
		if (s->placed) {
			bt_emit_str(em, "at");
			bt_emit_seq(em, true);
			bt_emit_int(em, s->x);
			bt_emit_int(em, s->y);
			bt_emit_end_seq(em);
		}
		bt_emit_str(em, "hp");
		bt_emit_int(em, s->hp);
		bt_emit_end_map(em);
	}
	bt_emit_end_seq(em);
}

#define U(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_unit, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field unit_fields[] = {
	U("side", BT_F_STR, side, BT_REQ, 0, 0),
	U("name", BT_F_STR, name, 0, 0, 0),
	U("type", BT_F_STR, type, 0, 0, 0),
	U("solo", BT_F_BOOL, solo, 0, 0, 0),
	U("pc", BT_F_BOOL, pc, 0, 0, 0),
	U("joined", BT_F_STR, joined, 0, 0, 0),
	U("initiative", BT_F_INT, initiative, BT_REQ, -100, 100),
	U("ac", BT_F_INT, ac, BT_REQ, 0, 100),
	U("max-hp", BT_F_INT, max_hp, BT_REQ, 1, 1000),
	U("speed", BT_F_INT, speed, BT_REQ, 0, 10000),
	U("attack", BT_F_INT, attack, BT_REQ, -100, 100),
	U("damage", BT_F_DICE, dmg, BT_REQ, 0, 0),
	U("wis", BT_F_INT, wis, BT_REQ, -10, 10),
	U("cha", BT_F_INT, cha, BT_REQ, -10, 10),
	{ .key = "commander", .type = BT_F_SUB, .off = offsetof(struct bt_unit, commander), .flags = BT_FLOW, .sub = &commander_schema },
	{ .key = "stands", .type = BT_F_CUSTOM, .flags = BT_REQ, .load = load_stands, .emit = emit_stands },
	{ .key = "status", .type = BT_F_WORDS, .off = offsetof(struct bt_unit, status), .words = bt_status_words },
	U("notes", BT_F_STR, notes, 0, 0, 0),
};
static const struct bt_schema unit_schema = {
	"unit", unit_fields, sizeof(unit_fields) / sizeof(unit_fields[0]),
	SIZE_MAX
};

static void
clash_check(const struct bt_state *st, struct bt_error *err)
{
	bt_check_active(st, err);
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];
		const struct bt_unit *j;

		for (size_t k = 0; k < u->nstands; k++)
			if (u->stands[k].hp > u->max_hp || u->stands[k].hp < 0)
				bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
				    "stand %s.%zu has %d HP, outside 0 to its "
				    "max-hp %d", u->id, k + 1, u->stands[k].hp,
				    u->max_hp);
		if (u->solo && u->nstands != 1)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "solo '%s' "
			    "must have exactly one stand (CL-1)", u->id);
		if (u->joined == NULL)
			continue;
		if (!u->solo)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "unit '%s' "
			    "joins '%s' but only a solo may join a unit (CL-1)",
			    u->id, u->joined);
		else if ((j = bt_unit_find(st, u->joined)) == NULL ||
		    j->solo || strcmp(j->side, u->side) != 0)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "solo '%s' "
			    "joins '%s', which is not a unit of its side", u->id,
			    u->joined);
	}
}

static void
clash_check_scenario(const struct bt_state *st, struct bt_error *err)
{
	bt_check_zones(st, err);
}

/* CL-1: higher initiative first; ties by a d20 each. */
static int
clash_initiative_cmp(const struct bt_state *st, const struct bt_unit *a,
    const struct bt_unit *b)
{
	(void)st;
	return b->initiative - a->initiative;
}

static int
clash_setup(struct bt_state *st, struct bt_dice *dice, struct bt_error *err)
{
	(void)err;
	st->round = 1;
	return bt_initiative(st, dice, clash_initiative_cmp);
}

const struct bt_ruleset bt_clash = {
	.name = "clash",
	.end_rule = "CL-12",
	.statuses = BT_ST_BROKEN | BT_ST_DESTROYED | BT_ST_FLED,
	.state = &state_schema,
	.side = &side_schema,
	.unit = &unit_schema,
	.check = clash_check,
	.check_scenario = clash_check_scenario,
	.setup = clash_setup,
};
