/*
 * clash.c: the clash ruleset (RULES.md CL-1 to CL-12, seed 003): units of
 * one-square stands and solos. This file holds its state tables, the rules a
 * clash state keeps and bt-init's setup.
 */
#include <stdlib.h>
#include <string.h>

#include "clash.h"

const char *const clash_kind_words[] = {
	"hold", "destroy", "protect", "escape", NULL
};

/* An objective's square, when it has one (hold). */
static int
load_obj_at(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_objective *o = obj;
	int xy[2];

	if (bt_node_xy(n, xy, "at", ld))
		return -1;
	o->x = xy[0];
	o->y = xy[1];
	o->has_at = true;
	return 0;
}

static void
emit_obj_at(const void *obj, struct bt_emitter *em)
{
	const struct bt_objective *o = obj;

	bt_emit_seq(em, true);
	bt_emit_int(em, o->x);
	bt_emit_int(em, o->y);
	bt_emit_end_seq(em);
}

static bool
given_obj_at(const void *obj)
{
	return ((const struct bt_objective *)obj)->has_at;
}

#define O(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_objective, o), \
	  .flags = fl, .min = lo, .max = hi }
static const struct bt_field objective_fields[] = {
	O("name", BT_F_STR, name, 0, 0, 0),
	O("side", BT_F_STR, side, BT_REQ, 0, 0),
	{ .key = "kind", .type = BT_F_WORD, .off = offsetof(struct bt_objective, kind), .flags = BT_REQ, .words = clash_kind_words },
	{ .key = "at", .type = BT_F_CUSTOM, .load = load_obj_at, .emit = emit_obj_at, .given = given_obj_at },
	O("unit", BT_F_STR, unit, 0, 0, 0),
	O("edge", BT_F_STR, edge, 0, 0, 0),
	O("round", BT_F_INT, round, 0, 1, BT_MAX_INT),
	O("vp", BT_F_INT, vp, BT_REQ, 1, 1000),
	O("scored", BT_F_INT, scored, BT_DERIVED, 1, BT_MAX_INT),
};
static const struct bt_schema objective_schema = {
	"objective", objective_fields,
	sizeof(objective_fields) / sizeof(objective_fields[0]), SIZE_MAX,
	0
};

/* objectives: a list of flow mappings, kept in the scenario's order. */
static int
load_objectives(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;
	int rc = 0;

	if (n->kind != BT_NODE_SEQ)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'objectives' must be a list of {side: S, kind: K, vp: N, "
		    "...}");
	st->objectives = bt_xcalloc(n->n + 1, sizeof(*st->objectives));
	for (size_t i = 0; i < n->n; i++) {
		struct bt_objective *o = &st->objectives[st->nobjectives++];
		char *label = bt_xasprintf("objective %zu", i + 1);

		o->pos.line = n->kids[i]->line;
		o->pos.col = n->kids[i]->col;
		if (bt_schema_load(&objective_schema, o, n->kids[i], label, ld))
			rc = -1;
		free(label);
	}
	return rc;
}

static void
emit_objectives(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_seq(em, false);
	for (size_t i = 0; i < st->nobjectives; i++) {
		bt_emit_map(em, true);
		bt_schema_emit(&objective_schema, &st->objectives[i], em);
		bt_emit_end_map(em);
	}
	bt_emit_end_seq(em);
}

static bool
given_objectives(const void *obj)
{
	return ((const struct bt_state *)obj)->nobjectives > 0;
}

static int
vpcmp(const void *a, const void *b)
{
	return strcmp(((const struct bt_vp *)a)->side,
	    ((const struct bt_vp *)b)->side);
}

/* vp: {side: N, ...}, the tally; sides in byte order. */
static int
load_vp(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;
	int rc = 0;

	if (n->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'vp' must map each side to its victory points");
	st->vp = bt_xcalloc(n->n / 2 + 1, sizeof(*st->vp));
	for (size_t i = 0; i < n->n; i += 2) {
		struct bt_vp *v = &st->vp[st->nvp];
		long points;

		if (bt_node_int(n->kids[i + 1], 0, BT_MAX_INT, &points, "vp",
		    ld) < 0) {
			rc = -1;
			continue;
		}
		v->side = bt_xstrdup(n->kids[i]->str);
		v->vp = (int)points;
		v->pos.line = n->kids[i]->line;
		v->pos.col = n->kids[i]->col;
		st->nvp++;
	}
	qsort(st->vp, st->nvp, sizeof(*st->vp), vpcmp);
	return rc;
}

static void
emit_vp(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_map(em, true);
	for (size_t i = 0; i < st->nvp; i++) {
		bt_emit_str(em, st->vp[i].side);
		bt_emit_int(em, st->vp[i].vp);
	}
	bt_emit_end_map(em);
}

static bool
given_vp(const void *obj)
{
	return ((const struct bt_state *)obj)->nvp > 0;
}

static void
free_vp(void *obj)
{
	struct bt_state *st = obj;

	for (size_t i = 0; i < st->nvp; i++)
		free(st->vp[i].side);
	free(st->vp);
	st->vp = NULL;
	st->nvp = 0;
}

static void
free_objectives(void *obj)
{
	struct bt_state *st = obj;

	for (size_t i = 0; i < st->nobjectives; i++)
		bt_schema_free(&objective_schema, &st->objectives[i]);
	free(st->objectives);
	st->objectives = NULL;
	st->nobjectives = 0;
}

static const struct bt_field state_fields[] = {
	{ .key = "vp", .type = BT_F_CUSTOM, .flags = BT_DERIVED, .load = load_vp, .emit = emit_vp, .given = given_vp, .free = free_vp },
	{ .key = "objectives", .type = BT_F_CUSTOM, .load = load_objectives, .emit = emit_objectives, .given = given_objectives, .free = free_objectives },
};
static const struct bt_schema state_schema = {
	"the state", state_fields, 2, SIZE_MAX, 0
};

static const struct bt_field side_fields[] = {
	{ .key = "commander", .type = BT_F_STR, .off = offsetof(struct bt_side, commander) },
	{ .key = "notes", .type = BT_F_STR, .off = offsetof(struct bt_side, notes) },
};
static const struct bt_schema side_schema = {
	"side", side_fields, 2, SIZE_MAX, offsetof(struct bt_side, marks)
};
BT_MARKS_FIT(struct bt_side, side_fields);

static const struct bt_field commander_fields[] = {
	{ .key = "name", .type = BT_F_STR, .off = offsetof(struct bt_commander, name), .flags = BT_REQ },
	{ .key = "cha", .type = BT_F_INT, .off = offsetof(struct bt_commander, cha), .flags = BT_REQ, .min = -10, .max = 10 },
};
static const struct bt_schema commander_schema = {
	"commander", commander_fields, 2,
	offsetof(struct bt_commander, present), 0
};

/* stands: [{at: [x, y], hp: n}, ...]; an eliminated stand has no 'at';
 * 'moved' and 'attacked' are its turn so far. */
static const char *const stand_keys[] = {
	"at", "hp", "moved", "attacked", NULL
};

static int
load_stand(struct bt_unit *u, size_t i, const struct bt_node *s,
    struct bt_load *ld)
{
	struct bt_stand *st = &u->stands[i];
	const struct bt_node *v[4] = { NULL };
	long n;
	int rc = 0;

	st->pos.line = s->line;
	st->pos.col = s->col;
	if (s->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, s->line, s->col,
		    "stand %s.%zu must be {at: [x, y], hp: N}", u->id, i + 1);
	for (size_t k = 0; k < s->n; k += 2) {
		const struct bt_node *key = s->kids[k];
		int w = bt_word_index(stand_keys, key->str);
		const char *near;

		if (w >= 0) {
			v[w] = s->kids[k + 1];
			continue;
		}
		near = bt_closest(key->str, stand_keys);
		rc = bt_errorf(ld->err, BT_EXIT_DATA, key->line, key->col,
		    "unknown key '%s' in stand %s.%zu%s%s%s", key->str, u->id,
		    i + 1, near ? " (did you mean '" : "", near ? near : "",
		    near ? "'?)" : "");
	}
	if (v[1] == NULL || bt_node_null(v[1]))
		return bt_errorf(ld->err, BT_EXIT_DATA, s->line, s->col,
		    "stand %s.%zu has no 'hp'", u->id, i + 1);
	if (bt_node_int(v[1], -1000, 1000, &n, "hp", ld) == 0)
		st->hp = (int)n;
	else
		rc = -1;
	if (v[2] != NULL && !bt_node_null(v[2])) {
		if (bt_node_int(v[2], 0, 100000, &n, "moved", ld) == 0)
			st->moved = (int)n;
		else
			rc = -1;
	}
	if (v[3] != NULL && !bt_node_null(v[3])) {
		if (v[3]->kind == BT_NODE_SCALAR && v[3]->plain &&
		    strcmp(v[3]->str, "true") == 0)
			st->attacked = true;
		else if (v[3]->kind != BT_NODE_SCALAR || !v[3]->plain ||
		    strcmp(v[3]->str, "false") != 0)
			rc = bt_errorf(ld->err, BT_EXIT_DATA, v[3]->line,
			    v[3]->col, "'attacked' must be true or false");
	}
	if (v[0] != NULL && !bt_node_null(v[0])) {
		int xy[2];

		if (bt_node_xy(v[0], xy, "at", ld))
			return -1;
		st->x = xy[0];
		st->y = xy[1];
		st->placed = true;
	}
	return rc;
}

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
	for (size_t i = 0; i < n->n; i++)
		if (load_stand(u, i, n->kids[i], ld) < 0)
			rc = -1;
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
		if (s->moved > 0) {
			bt_emit_str(em, "moved");
			bt_emit_int(em, s->moved);
		}
		if (s->attacked) {
			bt_emit_str(em, "attacked");
			bt_emit_bool(em, true);
		}
		bt_emit_end_map(em);
	}
	bt_emit_end_seq(em);
}

#define U(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_unit, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field unit_fields[] = {
	U("side", BT_F_STR, side, BT_REQ | BT_KEPT, 0, 0),
	U("name", BT_F_STR, name, BT_KEPT, 0, 0),
	U("type", BT_F_STR, type, BT_KEPT, 0, 0),
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
	U("retreat", BT_F_BOOL, retreat, 0, 0, 0),
	U("morale-round", BT_F_INT, morale_round, 0, 0, BT_MAX_INT),
	U("rally-round", BT_F_INT, rally_round, 0, 0, BT_MAX_INT),
	U("death-fails", BT_F_INT, death_fails, 0, 0, 2),
	{ .key = "status", .type = BT_F_WORDS, .off = offsetof(struct bt_unit, status), .words = bt_status_words },
	U("notes", BT_F_STR, notes, 0, 0, 0),
};
static const struct bt_schema unit_schema = {
	"unit", unit_fields, sizeof(unit_fields) / sizeof(unit_fields[0]),
	SIZE_MAX, offsetof(struct bt_unit, marks)
};
BT_MARKS_FIT(struct bt_unit, unit_fields);

/* --- the rules a clash state keeps --- */

static void
check_stands(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	bool active = st->active != NULL && strcmp(st->active, u->id) == 0;

	for (size_t k = 0; k < u->nstands; k++) {
		const struct bt_stand *s = &u->stands[k];

		if (s->hp > u->max_hp || s->hp < 0)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
			    "stand %s.%zu has %d HP, outside 0 to its "
			    "max-hp %d", u->id, k + 1, s->hp, u->max_hp);
		if ((s->moved > 0 || s->attacked) && (!active || !s->placed))
			bt_errorf(err, BT_EXIT_DATA, s->pos.line, s->pos.col,
			    "stand %s.%zu has 'moved' or 'attacked' but its "
			    "unit is not taking its turn", u->id, k + 1);
		if (s->moved > u->speed)
			bt_errorf(err, BT_EXIT_DATA, s->pos.line, s->pos.col,
			    "stand %s.%zu has moved %d ft, more than its speed "
			    "%d", u->id, k + 1, s->moved, u->speed);
	}
	if (u->retreat && !active)
		bt_data_error(err, bt_unit_mark(st, u, "retreat"), "unit '%s' "
		    "has 'retreat' but is not taking its turn (CL-2)", u->id);
	if (u->morale_round > st->round)
		bt_data_error(err, bt_unit_mark(st, u, "morale-round"), "unit "
		    "'%s' has a morale-round %d, after round %d (CL-8)", u->id,
		    u->morale_round, st->round);
	if (u->rally_round > st->round + 1)
		bt_data_error(err, bt_unit_mark(st, u, "rally-round"), "unit "
		    "'%s' has a rally-round %d, after round %d, the next "
		    "(CL-11)", u->id, u->rally_round, st->round + 1);
}

static void
check_unit(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	const struct bt_unit *j;

	check_stands(st, u, err);
	if (u->solo && u->nstands != 1)
		bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "solo '%s' "
		    "must have exactly one stand (CL-1)", u->id);
	if (u->solo && (u->status & BT_ST_BROKEN))
		bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "solo '%s' is "
		    "broken, but a solo is never broken (CL-10)", u->id);
	if (u->pc && !u->solo)
		bt_data_error(err, bt_unit_mark(st, u, "pc"), "unit '%s' is a "
		    "player character ('pc') but not a solo (CL-7)", u->id);
	if (u->death_fails > 0 && !(clash_down(u) && u->pc &&
	    clash_in_battle(u)))
		bt_data_error(err, bt_unit_mark(st, u, "death-fails"), "unit "
		    "'%s' has 'death-fails' but is not a dying player "
		    "character (CL-7)", u->id);
	if (u->solo && u->nstands == 1 && u->stands[0].hp == 0 &&
	    u->stands[0].placed && u->pc && st->order == NULL)
		bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "solo '%s' "
		    "starts the battle dying", u->id);
	if (u->joined == NULL)
		return;
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

static const char *
check_objective(const struct bt_state *st, const struct bt_objective *o)
{
	const struct bt_unit *u = o->unit ? bt_unit_find(st, o->unit) : NULL;

	if (bt_side_find(st, o->side) == NULL)
		return "names a side that is not in 'sides'";
	if (o->kind == CLASH_HOLD) {
		if (!o->has_at || o->unit != NULL)
			return "of kind 'hold' needs 'at' and no 'unit'";
		if (!bt_on_map(&st->map, o->x, o->y))
			return "holds a square off the map";
	} else {
		if (o->has_at || o->unit == NULL)
			return "of this kind needs a 'unit' and no 'at'";
		if (u == NULL)
			return "names a unit that is not in 'units'";
		if (o->kind == CLASH_DESTROY && strcmp(u->side, o->side) == 0)
			return "of kind 'destroy' names a unit of its own side";
		if (o->kind != CLASH_DESTROY && strcmp(u->side, o->side) != 0)
			return "of this kind names a unit of another side";
	}
	if ((o->kind == CLASH_PROTECT) != (o->round > 0))
		return "has 'round' (the round a 'protect' scores at the end "
		    "of) where it does not belong";
	if ((o->kind == CLASH_ESCAPE) != (o->edge != NULL))
		return "has 'edge' (n, e, s or w: where an 'escape' leaves) "
		    "where it does not belong";
	if (o->edge != NULL && bt_word_index(bt_facing_words, o->edge) < 0)
		return "has an 'edge' that is not n, e, s or w";
	if (o->scored > 0 && o->kind == CLASH_HOLD)
		return "of kind 'hold' scores every round: it has no 'scored'";
	if (o->scored > st->round)
		return "scored in a round still to come";
	return NULL;
}

static void
check_score(const struct bt_state *st, struct bt_error *err)
{
	const char *why;

	for (size_t i = 0; i < st->nobjectives; i++)
		if ((why = check_objective(st, &st->objectives[i])) != NULL)
			bt_errorf(err, BT_EXIT_DATA, st->objectives[i].pos.line,
			    st->objectives[i].pos.col, "objective %zu %s "
			    "(CL-12)", i + 1, why);
	for (size_t i = 0; i < st->nvp; i++) {
		if (bt_side_find(st, st->vp[i].side) == NULL)
			bt_errorf(err, BT_EXIT_DATA, st->vp[i].pos.line,
			    st->vp[i].pos.col, "'vp' names side '%s', which "
			    "is not in 'sides'", st->vp[i].side);
		if (i > 0 && strcmp(st->vp[i - 1].side, st->vp[i].side) == 0)
			bt_errorf(err, BT_EXIT_DATA, st->vp[i].pos.line,
			    st->vp[i].pos.col, "'vp' names side '%s' twice",
			    st->vp[i].side);
	}
	if (st->order != NULL && st->nobjectives > 0 && st->nvp == 0)
		bt_errorf(err, BT_EXIT_DATA, 0, 0, "the state has objectives "
		    "but no 'vp' tally (CL-12)");
}

/* Who won must be able to have won (CL-12): by victory points, or as
 * the one side with a unit or solo left in the battle. */
static void
check_result(const struct bt_state *st, struct bt_error *err)
{
	const char *w = st->result.winner;

	if (!st->result.present || strcmp(w, "draw") == 0 ||
	    bt_side_find(st, w) == NULL)
		return;
	for (size_t i = 0; i < st->nvp; i++)
		if (strcmp(st->vp[i].side, w) == 0 &&
		    st->vp[i].vp >= CLASH_WIN_VP)
			return;
	for (size_t i = 0; i < st->nunits; i++)
		if (clash_in_battle(&st->units[i]) &&
		    strcmp(st->units[i].side, w) == 0)
			return;
	bt_data_error(err, bt_state_mark(st, "result.winner"), "'result' "
	    "names winner '%s', which has neither %d victory points nor a "
	    "unit left in the battle (CL-12)", w, CLASH_WIN_VP);
}

/* Positions, overlaps and terrain are the common checks' (state.c). */
static void
clash_check(const struct bt_state *st, struct bt_error *err)
{
	bt_check_active(st, err);
	for (size_t i = 0; i < st->nunits; i++)
		check_unit(st, &st->units[i], err);
	check_score(st, err);
	check_result(st, err);
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

/* Initiative, and a tally of 0 VP a side when there are objectives. */
static int
clash_setup(struct bt_state *st, struct bt_dice *dice, struct bt_error *err)
{
	st->round = 1;
	if (st->nobjectives > 0 && st->nvp == 0) {
		st->vp = bt_xcalloc(st->nsides, sizeof(*st->vp));
		for (size_t i = 0; i < st->nsides; i++)
			st->vp[st->nvp++].side = bt_xstrdup(st->sides[i].id);
	}
	if (bt_initiative(st, dice, clash_initiative_cmp) < 0)
		return -1;
	return clash_first_turn(st, dice, err);
}

/* --- who is where --- */

int
clash_operand(const struct bt_state *st, const char *name, bool whole,
    struct clash_who *w, struct bt_error *err)
{
	const char *dot = strchr(name, '.');
	char *id = dot ? bt_xasprintf("%.*s", (int)(dot - name), name) :
	    bt_xstrdup(name);
	char *end;
	long n = 0;

	w->u = bt_unit_find(st, id);
	free(id);
	if (w->u == NULL)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "no unit '%.*s' in "
		    "the state", dot ? (int)(dot - name) : (int)strlen(name),
		    name);
	if (dot == NULL) {
		if (w->u->nstands == 1) {
			w->k = 0;
			return 0;
		}
		if (whole) {
			w->k = SIZE_MAX;
			return 0;
		}
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "'%s' has %zu "
		    "stands: name one, as %s.1", name, w->u->nstands, name);
	}
	if (dot[1] >= '1' && dot[1] <= '9')
		n = strtol(dot + 1, &end, 10);
	if (n < 1 || *end != '\0' || (size_t)n > w->u->nstands)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "no stand '%s' in "
		    "the state: '%s' has stands 1 to %zu", name, w->u->id,
		    w->u->nstands);
	w->k = (size_t)n - 1;
	return 0;
}

/* Four buffers in turn, so a message may name a few stands at once. */
const char *
clash_name(const struct bt_unit *u, size_t k)
{
	static char buf[4][96];
	static int next;
	char *b = buf[next++ % 4];

	if (u->solo)
		snprintf(b, sizeof(buf[0]), "%s", u->id);
	else
		snprintf(b, sizeof(buf[0]), "%s.%zu", u->id, k + 1);
	return b;
}

bool
clash_in_battle(const struct bt_unit *u)
{
	return !(u->status & BT_ST_GONE) && bt_unit_on_map(u);
}

bool
clash_enemies(const struct bt_unit *a, const struct bt_unit *b)
{
	return strcmp(a->side, b->side) != 0;
}

/* G-1: in clash, any of the eight neighbours. */
bool
clash_next_to(int x0, int y0, int x1, int y1)
{
	return abs(x0 - x1) <= 1 && abs(y0 - y1) <= 1 &&
	    (x0 != x1 || y0 != y1);
}

struct bt_unit *
clash_at(const struct bt_state *st, int x, int y, size_t *k)
{
	for (size_t i = 0; i < st->nunits; i++) {
		struct bt_unit *u = &st->units[i];

		for (size_t j = 0; j < u->nstands; j++)
			if (u->stands[j].placed && u->stands[j].x == x &&
			    u->stands[j].y == y) {
				if (k != NULL)
					*k = j;
				return u;
			}
	}
	return NULL;
}

int
clash_enemy_distance(const struct bt_state *st, const struct bt_unit *u,
    int x, int y)
{
	int best = -1;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *e = &st->units[i];

		if (!clash_enemies(u, e))
			continue;
		for (size_t j = 0; j < e->nstands; j++) {
			int dx = abs(e->stands[j].x - x);
			int dy = abs(e->stands[j].y - y);
			int d = dx > dy ? dx : dy;

			if (e->stands[j].placed && (best < 0 || d < best))
				best = d;
		}
	}
	return best;
}

bool
clash_contact(const struct bt_state *st, const struct bt_unit *u, int x,
    int y)
{
	return clash_enemy_distance(st, u, x, y) == 1;
}

bool
clash_down(const struct bt_unit *u)
{
	return u->solo && u->nstands == 1 && u->stands[0].hp == 0;
}

size_t
clash_placed(const struct bt_unit *u)
{
	size_t n = 0;

	for (size_t k = 0; k < u->nstands; k++)
		n += u->stands[k].placed;
	return n;
}

/* Stands eliminated, and casualties that will be at the round's end
 * (CL-8): every stand at 0 HP, on the map or not. A stand off the map
 * with HP left got away by the edge (an escape): it is not lost. */
size_t
clash_lost(const struct bt_unit *u)
{
	size_t n = 0;

	for (size_t k = 0; k < u->nstands; k++)
		n += u->stands[k].hp == 0;
	return n;
}

/* Is the solo s next to a stand of u on the map (a casualty too, CL-4)? */
static bool
beside(const struct bt_unit *s, const struct bt_unit *u)
{
	const struct bt_stand *me = &s->stands[0];

	for (size_t k = 0; k < u->nstands; k++)
		if (u->stands[k].placed && clash_next_to(me->x, me->y,
		    u->stands[k].x, u->stands[k].y))
			return true;
	return false;
}

/* A joined solo lends its Wisdom while it is up (CL-7) and stands next
 * to a stand of its unit: "joined with surviving stands" (CL-8). */
int
clash_wis(const struct bt_state *st, const struct bt_unit *u,
    const char **from)
{
	int best = u->wis;

	*from = u->id;
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *s = &st->units[i];

		if (s->solo && s->joined && strcmp(s->joined, u->id) == 0 &&
		    clash_in_battle(s) && !clash_down(s) && beside(s, u) &&
		    s->wis > best) {
			best = s->wis;
			*from = s->id;
		}
	}
	return best;
}

/* CL-1: only the unit whose turn it is acts, and only while in battle. */
int
clash_check_turn(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	if (!clash_in_battle(u))
		return bt_refuse(err, u->status & BT_ST_FLED ? "CL-12" :
		    "CL-6", "'%s' is out of the battle (%s)", u->id,
		    u->status & BT_ST_FLED ? "gone off the map" : "destroyed");
	if (st->active == NULL || strcmp(st->active, u->id) != 0)
		return bt_refuse(err, "CL-1", "it is the turn of '%s', not "
		    "of '%s'", st->active ? st->active : "nobody", u->id);
	return 0;
}

/* Adds to a side's victory points; returns the new total. */
int
clash_side_vp(struct bt_state *st, const char *side, int add)
{
	for (size_t i = 0; i < st->nvp; i++)
		if (strcmp(st->vp[i].side, side) == 0)
			return st->vp[i].vp += add;
	st->vp = bt_xreallocarray(st->vp, st->nvp + 1, sizeof(*st->vp));
	memset(&st->vp[st->nvp], 0, sizeof(st->vp[st->nvp]));
	st->vp[st->nvp].side = bt_xstrdup(side);
	st->vp[st->nvp].vp = add;
	st->nvp++;
	qsort(st->vp, st->nvp, sizeof(*st->vp), vpcmp);
	return add;
}

/* After an order: a unit gone takes no more turns, and when it was the
 * active one its turn ends. */
int
clash_settle(struct bt_state *st, struct bt_dice *dice, struct bt_error *err)
{
	struct bt_unit *a = st->active ? bt_unit_find(st, st->active) : NULL;

	if (a == NULL || clash_in_battle(a)) {
		clash_prune_order(st);
		return 0;
	}
	/* the end of its turn finds the next in 'order', then prunes it */
	return clash_end_turn(st, dice, NULL, err);
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
	.move = clash_move,
	.attack = clash_attack,
	.act = clash_act,
	.morale = clash_morale,
	.resolve = clash_resolve,
	.waiting = bt_waiting_active,
	.options = clash_options,
	.policies = clash_policies,
	.sim_tally = clash_sim_tally,
};
