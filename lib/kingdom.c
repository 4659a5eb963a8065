/*
 * kingdom.c: the kingdom ruleset (RULES.md KM-1 to KM-17, seed 002): armies
 * acting at once in four phases a turn. This file holds its state tables,
 * the rules a kingdom state keeps, bt-init's setup with the maneuver-order
 * check (KM-2), and what the other kingdom files ask of an army.
 */
#include <stdlib.h>
#include <string.h>

#include "kingdom.h"

const char *const km_phase_words[] = {
	"maneuver", "ranged", "melee", "resolution", NULL
};
const char *const km_track_words[] = {
	"defensive", "cautious", "standard", "aggressive", "reckless", NULL
};
static const char *const moves_words[] = { "first", "last", NULL };
const char *const km_outcome_words[] = {
	"victory", "ceasefire", "defeat", NULL
};
const char *const km_fate_words[] = {
	"killed", "captured", "escaped", NULL
};
static const char *const pass_words[] = { "none", "passed", "failed", NULL };
static const char *const halt_words[] = { "none", "contact", "stand", NULL };

/* KM-3's decision: AC, attack and damage at each step of the track. */
static const int default_track[BT_KM_TRACK][3] = {
	{ 4, -4, -6 }, { 2, -2, -3 }, { 0, 0, 0 }, { -2, 2, 3 }, { -4, 4, 6 }
};

/* --- the state's own keys ---------------------------------------------- */

/*
 * strategies: {reckless: [-4, 6, 8], ...}: the steps of the track whose
 * modifiers differ from KM-3's. st->track holds the difference from the
 * default, so a state without the key needs no setting up.
 */
static int
load_track(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;
	int rc = 0;

	if (n->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'strategies' must map steps of the track (defensive, "
		    "cautious, standard, aggressive, reckless) to [ac, attack, "
		    "damage]");
	for (size_t k = 0; k < n->n; k += 2) {
		const struct bt_node *key = n->kids[k], *v = n->kids[k + 1];
		int step;

		if (bt_node_word(key, km_track_words, &step, "strategies", ld)) {
			rc = -1;
			continue;
		}
		if (v->kind != BT_NODE_SEQ || v->n != 3) {
			rc = bt_errorf(ld->err, BT_EXIT_DATA, v->line, v->col,
			    "'strategies: %s' must be [ac, attack, damage]",
			    key->str);
			continue;
		}
		for (int m = 0; m < 3; m++) {
			long x;

			if (bt_node_int(v->kids[m], -100, 100, &x, key->str, ld))
				rc = -1;
			else
				st->track[step][m] = (int)x -
				    default_track[step][m];
		}
	}
	return rc;
}

static bool
given_track(const void *obj)
{
	const struct bt_state *st = obj;

	for (int s = 0; s < BT_KM_TRACK; s++)
		for (int m = 0; m < 3; m++)
			if (st->track[s][m] != 0)
				return true;
	return false;
}

static void
emit_track(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_map(em, false);
	for (int s = 0; s < BT_KM_TRACK; s++) {
		bt_emit_str(em, km_track_words[s]);
		bt_emit_seq(em, true);
		for (int m = 0; m < 3; m++)
			bt_emit_int(em, default_track[s][m] + st->track[s][m]);
		bt_emit_end_seq(em);
	}
	bt_emit_end_map(em);
}

#define M(k) \
	{ .key = #k, .type = BT_F_INT, .off = offsetof(struct bt_km_tactic, mods.k), \
	  .min = -100, .max = 100 }
static const struct bt_field tactic_fields[] = {
	M(ac), M(melee), M(ranged), M(damage), M(maneuver),
	{ .key = "notes", .type = BT_F_STR, .off = offsetof(struct bt_km_tactic, notes) },
};
#undef M
static const struct bt_schema tactic_schema = {
	"tactic", tactic_fields, sizeof(tactic_fields) / sizeof(tactic_fields[0]),
	SIZE_MAX, 0
};

/* tactics: {shield-wall: {ac: 2, melee: -1}, ...}: KM-3's catalogue. */
static int
load_tactics(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;
	int rc = 0;

	if (n->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'tactics' must map each Tactical Action's name to its "
		    "modifiers");
	st->tactics = bt_xcalloc(n->n / 2 + 1, sizeof(*st->tactics));
	for (size_t k = 0; k < n->n; k += 2) {
		const struct bt_node *key = n->kids[k];
		struct bt_km_tactic *t = &st->tactics[st->ntactics];
		char *label;

		if (*key->str == '\0' || strpbrk(key->str, " \t,") != NULL) {
			rc = bt_errorf(ld->err, BT_EXIT_DATA, key->line,
			    key->col, "bad tactic name '%s': one word",
			    key->str);
			continue;
		}
		t->name = bt_xstrdup(key->str);
		st->ntactics++;
		label = bt_xasprintf("tactic '%s'", key->str);
		if (bt_schema_load(&tactic_schema, t, n->kids[k + 1], label, ld))
			rc = -1;
		free(label);
	}
	return rc;
}

static bool
given_tactics(const void *obj)
{
	return ((const struct bt_state *)obj)->ntactics > 0;
}

static void
emit_tactics(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_map(em, false);
	for (size_t i = 0; i < st->ntactics; i++) {
		bt_emit_str(em, st->tactics[i].name);
		bt_emit_map(em, true);
		bt_schema_emit(&tactic_schema, &st->tactics[i], em);
		bt_emit_end_map(em);
	}
	bt_emit_end_map(em);
}

static void
free_tactics(void *obj)
{
	struct bt_state *st = obj;

	for (size_t i = 0; i < st->ntactics; i++) {
		bt_schema_free(&tactic_schema, &st->tactics[i]);
		free(st->tactics[i].name);
	}
	free(st->tactics);
	st->tactics = NULL;
	st->ntactics = 0;
}

#define L(k) \
	{ .key = #k, .type = BT_F_INT, .off = offsetof(struct bt_km_loss, k), \
	  .min = -BT_MAX_INT, .max = BT_MAX_INT }
static const struct bt_field loss_fields[] = {
	L(loyalty), L(unrest), L(bp), L(population),
};
#undef L
static const struct bt_schema loss_schema = {
	"loss", loss_fields, sizeof(loss_fields) / sizeof(loss_fields[0]),
	offsetof(struct bt_km_loss, present), 0
};
static const struct bt_field social_fields[] = {
	{ .key = "destroyed", .type = BT_F_SUB, .off = 0, .flags = BT_FLOW, .sub = &loss_schema },
	{ .key = "routed", .type = BT_F_SUB, .off = sizeof(struct bt_km_loss), .flags = BT_FLOW, .sub = &loss_schema },
};
static const struct bt_schema social_schema = {
	"'social-damage'", social_fields, 2, SIZE_MAX, 0
};

static bool
given_social(const void *obj)
{
	const struct bt_state *st = obj;

	return st->social[0].present || st->social[1].present;
}

static const struct bt_field state_fields[] = {
	{ .key = "phase", .type = BT_F_WORD, .off = offsetof(struct bt_state, phase), .flags = BT_REQ | BT_DERIVED, .words = km_phase_words },
	{ .key = "first", .type = BT_F_STR, .off = offsetof(struct bt_state, first), .flags = BT_REQ | BT_DERIVED },
	{ .key = "strategies", .type = BT_F_CUSTOM, .load = load_track, .emit = emit_track, .given = given_track },
	{ .key = "tactics", .type = BT_F_CUSTOM, .load = load_tactics, .emit = emit_tactics, .given = given_tactics, .free = free_tactics },
	{ .key = "social-damage", .type = BT_F_SUB, .off = offsetof(struct bt_state, social), .sub = &social_schema, .given = given_social },
};
static const struct bt_schema state_schema = {
	"the state", state_fields, sizeof(state_fields) / sizeof(state_fields[0]),
	SIZE_MAX, 0
};

/* --- sides: the commander and the kingdom's sheet ---------------------- */

#define SD(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_side, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field side_fields[] = {
	SD("commander", BT_F_STR, commander, BT_REQ, 0, 0),
	SD("profession", BT_F_INT, profession, BT_REQ, -10, 100),
	{ .key = "moves", .type = BT_F_WORD, .off = offsetof(struct bt_side, moves), .def = 1, .words = moves_words },
	SD("loyalty", BT_F_INT, loyalty, BT_REQ, -100, 100),
	SD("control-dc", BT_F_INT, control_dc, BT_REQ, 0, 100),
	SD("unrest", BT_F_INT, unrest, BT_REQ, 0, BT_MAX_INT),
	SD("bp", BT_F_INT, bp, BT_REQ, -BT_MAX_INT, BT_MAX_INT),
	SD("population", BT_F_INT, population, BT_REQ, 0, BT_MAX_INT),
	SD("war-losses", BT_F_INT, war_losses, 0, 0, BT_MAX_INT),
	SD("ceasefire", BT_F_BOOL, ceasefire, 0, 0, 0),
	{ .key = "outcome", .type = BT_F_WORD, .off = offsetof(struct bt_side, outcome), .flags = BT_DERIVED, .def = -1, .words = km_outcome_words },
	SD("reform-bp", BT_F_INT, reform_bp, BT_DERIVED, 0, BT_MAX_INT),
	SD("notes", BT_F_STR, notes, 0, 0, 0),
};
#undef SD
static const struct bt_schema side_schema = {
	"side", side_fields, sizeof(side_fields) / sizeof(side_fields[0]),
	SIZE_MAX, offsetof(struct bt_side, marks)
};
BT_MARKS_FIT(struct bt_side, side_fields);

/* --- armies ------------------------------------------------------------ */

/*
 * melee-by: [r2, r1]: who damaged the army in melee this turn, in the
 * order the parting attack goes by (KM-11), the most damage first. The
 * order is the point, so it is kept as written, unlike a list of names
 * (which is sorted).
 */
static int
load_melee_by(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_names *l = &((struct bt_km_turn *)obj)->melee_by;

	/* One id alone, as states written before the list was, is a list
	 * of one: a game saved mid-phase still loads. */
	const struct bt_node *const *kids = n->kind == BT_NODE_SEQ ?
	    (const struct bt_node *const *)n->kids : &n;
	size_t nkids = n->kind == BT_NODE_SEQ ? n->n : 1;

	if (n->kind == BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'melee-by' must be a list of army ids, the one that dealt "
		    "the most melee damage first");
	l->v = bt_xcalloc(nkids + 1, sizeof(*l->v));
	for (size_t i = 0; i < nkids; i++) {
		const struct bt_node *k = kids[i];

		if (k->kind != BT_NODE_SCALAR || *k->str == '\0' ||
		    strpbrk(k->str, " \t,") != NULL || !bt_text_valid(k->str))
			return bt_errorf(ld->err, BT_EXIT_DATA, k->line, k->col,
			    "'melee-by' must be a list of army ids, the one "
			    "that dealt the most melee damage first");
		if (bt_names_has(l, k->str))
			return bt_errorf(ld->err, BT_EXIT_DATA, k->line, k->col,
			    "'melee-by' lists '%s' twice", k->str);
		l->v[l->n++] = bt_xstrdup(k->str);
	}
	return 0;
}

static bool
given_melee_by(const void *obj)
{
	return ((const struct bt_km_turn *)obj)->melee_by.n > 0;
}

static void
emit_melee_by(const void *obj, struct bt_emitter *em)
{
	const struct bt_names *l = &((const struct bt_km_turn *)obj)->melee_by;

	bt_emit_seq(em, true);
	for (size_t i = 0; i < l->n; i++)
		bt_emit_str(em, l->v[i]);
	bt_emit_end_seq(em);
}

static void
free_melee_by(void *obj)
{
	struct bt_names *l = &((struct bt_km_turn *)obj)->melee_by;

	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

#define T(k, t, o, lo, hi, d) \
	{ .key = k, .type = t, .off = offsetof(struct bt_km_turn, o), .min = lo, \
	  .max = hi, .def = d }
static const struct bt_field turn_fields[] = {
	T("moved", BT_F_INT, moved, 0, 100000, 0),
	{ .key = "disengage", .type = BT_F_WORD, .off = offsetof(struct bt_km_turn, disengage), .words = pass_words },
	{ .key = "halted", .type = BT_F_WORD, .off = offsetof(struct bt_km_turn, halted), .words = halt_words },
	{ .key = "strategy-from", .type = BT_F_WORD, .off = offsetof(struct bt_km_turn, strategy_from), .def = -1, .words = km_track_words },
	{ .key = "tactic-check", .type = BT_F_WORD, .off = offsetof(struct bt_km_turn, tactic_check), .words = pass_words },
	T("shoot", BT_F_STR, shoot, 0, 0, 0),
	T("avoid-melee", BT_F_BOOL, avoid, 0, 0, 0),
	T("damage", BT_F_INT, damage, 0, BT_MAX_INT, 0),
	{ .key = "melee-by", .type = BT_F_CUSTOM, .load = load_melee_by, .emit = emit_melee_by, .given = given_melee_by, .free = free_melee_by },
	T("parting", BT_F_INT, parting, 0, BT_MAX_INT, 0),
	T("resolved", BT_F_BOOL, resolved, 0, 0, 0),
};
#undef T
static const struct bt_schema turn_schema = {
	"'turn'", turn_fields, sizeof(turn_fields) / sizeof(turn_fields[0]),
	offsetof(struct bt_km_turn, present), offsetof(struct bt_km_turn, marks)
};
BT_MARKS_FIT(struct bt_km_turn, turn_fields);

#define U(k, t, o, fl, lo, hi) \
	{ .key = k, .type = t, .off = offsetof(struct bt_unit, o), .flags = fl, \
	  .min = lo, .max = hi }
static const struct bt_field unit_fields[] = {
	U("side", BT_F_STR, side, BT_REQ | BT_KEPT, 0, 0),
	U("name", BT_F_STR, name, BT_KEPT, 0, 0),
	U("type", BT_F_STR, type, BT_KEPT, 0, 0),
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
	{ .key = "strategy", .type = BT_F_WORD, .off = offsetof(struct bt_unit, strategy), .flags = BT_ALWAYS, .def = KM_STANDARD, .words = km_track_words },
	U("tactic", BT_F_STR, tactic, 0, 0, 0),
	U("tactics", BT_F_NAMES, tactics, 0, 0, 0),
	U("engaged", BT_F_NAMES, engaged, BT_DERIVED, 0, 0),
	{ .key = "turn", .type = BT_F_SUB, .off = offsetof(struct bt_unit, km), .flags = BT_DERIVED, .sub = &turn_schema },
	{ .key = "status", .type = BT_F_WORDS, .off = offsetof(struct bt_unit, status), .words = bt_status_words },
	{ .key = "commander-fate", .type = BT_F_WORD, .off = offsetof(struct bt_unit, fate), .flags = BT_DERIVED, .def = -1, .words = km_fate_words },
	U("learns", BT_F_BOOL, learns, BT_DERIVED, 0, 0),
	U("notes", BT_F_STR, notes, 0, 0, 0),
};
#undef U
static const struct bt_schema unit_schema = {
	"army", unit_fields, sizeof(unit_fields) / sizeof(unit_fields[0]),
	SIZE_MAX, offsetof(struct bt_unit, marks)
};
BT_MARKS_FIT(struct bt_unit, unit_fields);

/* --- what the other files ask of an army -------------------------------- */

/* Where u would stand with its top-left square at (x, y). */
struct bt_rect
km_rect_at(const struct bt_unit *u, int x, int y)
{
	struct bt_rect r = { x, y, x + u->w - 1, y + u->h - 1 };

	return r;
}

struct bt_rect
km_rect(const struct bt_unit *u)
{
	return km_rect_at(u, u->x, u->y);
}

/* On the field: neither destroyed nor routed (KM-9, KM-12). */
bool
km_on_field(const struct bt_unit *u)
{
	return bt_unit_acts(u);
}

bool
km_hostile(const struct bt_unit *a, const struct bt_unit *b)
{
	return strcmp(a->side, b->side) != 0;
}

bool
km_adjacent(const struct bt_unit *a, const struct bt_unit *b)
{
	struct bt_rect ra = km_rect(a), rb = km_rect(b);

	return km_on_field(a) && km_on_field(b) &&
	    bt_rect_distance(&ra, &rb) == 1;
}

const struct bt_km_tactic *
km_tactic(const struct bt_state *st, const struct bt_unit *u)
{
	for (size_t i = 0; u->tactic != NULL && i < st->ntactics; i++)
		if (strcmp(st->tactics[i].name, u->tactic) == 0)
			return &st->tactics[i];
	return NULL;
}

static int
track(const struct bt_state *st, const struct bt_unit *u, int m)
{
	return default_track[u->strategy][m] + st->track[u->strategy][m];
}

int
km_ac(const struct bt_state *st, const struct bt_unit *u)
{
	const struct bt_km_tactic *t = km_tactic(st, u);

	return u->ac + track(st, u, KM_AC) + (t ? t->mods.ac : 0);
}

int
km_attack_mod(const struct bt_state *st, const struct bt_unit *u,
    bool ranged)
{
	const struct bt_km_tactic *t = km_tactic(st, u);

	return (ranged ? u->ranged.attack : u->attack) +
	    track(st, u, KM_ATTACK) +
	    (t ? (ranged ? t->mods.ranged : t->mods.melee) : 0);
}

int
km_damage_mod(const struct bt_state *st, const struct bt_unit *u)
{
	const struct bt_km_tactic *t = km_tactic(st, u);

	return track(st, u, KM_DAMAGE) + (t ? t->mods.damage : 0);
}

int
km_maneuver_mod(const struct bt_state *st, const struct bt_unit *u)
{
	const struct bt_km_tactic *t = km_tactic(st, u);

	return u->maneuver + (t ? t->mods.maneuver : 0);
}

/* The army's turn record, started on first use. */
struct bt_km_turn *
km_turn(struct bt_unit *u)
{
	if (!u->km.present) {
		km_turn_clear(u);
		u->km.present = true;
	}
	return &u->km;
}

void
km_turn_clear(struct bt_unit *u)
{
	bt_schema_free(&turn_schema, &u->km);
	memset(&u->km, 0, sizeof(u->km));
	u->km.strategy_from = -1;
}

void
km_disengage(struct bt_state *st, struct bt_unit *a, struct bt_unit *b)
{
	(void)st;
	bt_names_del(&a->engaged, b->id);
	bt_names_del(&b->engaged, a->id);
}

void
km_leave(struct bt_state *st, struct bt_unit *u, unsigned why)
{
	size_t j = 0;

	while (u->engaged.n > 0)
		km_disengage(st, u, bt_unit_find(st, u->engaged.v[0]));
	u->status |= why;
	u->placed = false;
	for (size_t i = 0; i < st->norder; i++) {
		if (strcmp(st->order[i], u->id) == 0)
			continue;
		st->order[j++] = st->order[i];
	}
	st->norder = j;
}

/*
 * KM-2: each side's commander rolls Profession (soldier), sides in id
 * order; a tie rolls again. The winner moves first or last as its side's
 * 'moves' says (last unless it chose first).
 */
void
km_maneuver_check(struct bt_state *st, struct bt_dice *dice)
{
	struct bt_log_entry *e = bt_log_add(st, "maneuver", NULL);
	struct bt_side *a = &st->sides[0], *b = &st->sides[1], *win, *first;
	char *text = bt_xstrdup("Profession (soldier) checks (KM-2):");

	dice->record = &e->rolls;
	for (;;) {
		int ra, rb, ta, tb;

		bt_dice_why(dice, a->id, ": Profession (soldier) check against "
		    "%s's (KM-2), the higher total chooses to move first or "
		    "last; a tie rolls again", b->id);
		ra = bt_roll(dice, 20);
		bt_dice_why(dice, b->id, ": Profession (soldier) check against "
		    "%s's (KM-2)", a->id);
		rb = bt_roll(dice, 20);
		ta = ra + a->profession;
		tb = rb + b->profession;
		char *more = bt_xasprintf("%s %s %d %c %d = %d against %s %d "
		    "%c %d = %d", text, a->id, ra, a->profession < 0 ? '-' : '+',
		    abs(a->profession), ta, b->id, rb,
		    b->profession < 0 ? '-' : '+', abs(b->profession), tb);

		free(text);
		text = more;
		if (ta != tb || dice->problem != NULL) {
			win = ta >= tb ? a : b;
			break;
		}
		more = bt_xasprintf("%s; a tie, rolled again;", text);
		free(text);
		text = more;
	}
	dice->record = NULL;
	first = win->moves == 0 ? win : win == a ? b : a;
	bt_log_text(e, "%s; %s wins and moves %s", text, win->id,
	    first == win ? "first" : "last");
	free(text);
	free(st->first);
	st->first = bt_xstrdup(first->id);
}

/* --- the rules a kingdom state keeps ------------------------------------ */

static void
check_names(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	const struct bt_unit *o;

	for (size_t k = 0; k < u->tactics.n; k++) {
		size_t i;

		for (i = 0; i < st->ntactics; i++)
			if (strcmp(st->tactics[i].name, u->tactics.v[k]) == 0)
				break;
		if (i == st->ntactics)
			bt_data_error(err, bt_unit_mark(st, u, "tactics"),
			    "army '%s' knows tactic '%s', which 'tactics' "
			    "doesn't define (KM-3)", u->id, u->tactics.v[k]);
	}
	if (u->tactic != NULL && !bt_names_has(&u->tactics, u->tactic))
		bt_data_error(err, bt_unit_mark(st, u, "tactic"), "army '%s' "
		    "uses tactic '%s', which it doesn't know (KM-3)", u->id,
		    u->tactic);
	for (size_t k = 0; k < u->engaged.n; k++) {
		o = bt_unit_find(st, u->engaged.v[k]);
		if (o == NULL || !km_hostile(u, o) || !km_adjacent(u, o) ||
		    !bt_names_has(&o->engaged, u->id))
			bt_data_error(err, bt_unit_mark(st, u, "engaged"),
			    "army '%s' is engaged with '%s', which is not a "
			    "hostile army next to it engaged with it in turn "
			    "(KM-6)", u->id, u->engaged.v[k]);
	}
	if (u->km.shoot != NULL && ((o = bt_unit_find(st, u->km.shoot)) ==
	    NULL || !km_hostile(u, o)))
		bt_data_error(err, bt_unit_mark(st, u, "turn.shoot"), "army "
		    "'%s' is ordered to shoot '%s', which is not a hostile "
		    "army (KM-5)", u->id, u->km.shoot);
	for (size_t k = 0; k < u->km.melee_by.n; k++)
		if ((o = bt_unit_find(st, u->km.melee_by.v[k])) == NULL ||
		    !km_hostile(u, o))
			bt_data_error(err, bt_unit_mark(st, u, "turn.melee-by"),
			    "army '%s' was damaged in melee by '%s', which is "
			    "not a hostile army (KM-11)", u->id,
			    u->km.melee_by.v[k]);
}

/*
 * An army's turn so far: each key is written in a phase (KM-1) and the
 * turn is emptied when the next turn begins, so a key of a phase still
 * to come is not the programs'; and no more Maneuver spent than the army
 * has (KM-2).
 */
static void
check_turn(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	const struct {
		const char	*key;
		int		 from;	/* the first phase with it */
		bool		 given;
	} keys[] = {
		{ "shoot", KM_RANGED, u->km.shoot != NULL },
		{ "avoid-melee", KM_MELEE, u->km.avoid },
		{ "damage", KM_MELEE, u->km.damage > 0 },
		{ "melee-by", KM_RESOLUTION, u->km.melee_by.n > 0 },
		{ "parting", KM_RESOLUTION, u->km.parting > 0 },
		{ "resolved", KM_RESOLUTION, u->km.resolved },
	};

	if (!u->km.present)
		return;
	for (size_t i = 0; i < BT_NELEM(keys); i++) {
		char *path;

		if (!keys[i].given || st->phase >= keys[i].from)
			continue;
		path = bt_xasprintf("turn.%s", keys[i].key);
		bt_data_error(err, bt_unit_mark(st, u, path), "army '%s' has "
		    "'%s' in its 'turn' in the %s phase: no army has it before "
		    "the %s phase (KM-1)", u->id, keys[i].key,
		    km_phase_words[st->phase], km_phase_words[keys[i].from]);
		free(path);
	}
	if (u->km.moved > 0 && u->km.moved > u->maneuver)
		bt_data_error(err, bt_unit_mark(st, u, "turn.moved"), "army "
		    "'%s' has moved %d squares this turn, more than its "
		    "Maneuver %d (KM-2)", u->id, u->km.moved, u->maneuver);
}

/*
 * What the battle's end writes (KM-13 to KM-17) is there only once it has
 * ended, and agrees with who won: the winner, which has armies on the
 * field, has a victory and the other side a defeat; a draw is both sides'
 * ceasefire or both sides' defeat. Only the winner's armies on the field
 * learn a Tactical Action, and only a destroyed army's commander has a
 * fate.
 */
static void
check_end(const struct bt_state *st, struct bt_error *err)
{
	const char *w = st->result.present ? st->result.winner : NULL;
	bool draw = w != NULL && strcmp(w, "draw") == 0, on_field = false;
	/* a winner that is no side is check_order's to report */
	bool known = w != NULL && (draw || bt_side_find(st, w) != NULL);

	for (size_t i = 0; i < st->nsides; i++) {
		const struct bt_side *s = &st->sides[i], *o;

		if (!st->result.present && s->outcome >= 0)
			bt_data_error(err, bt_side_mark(st, s, "outcome"),
			    "side '%s' has an 'outcome', but the battle has no "
			    "'result' (KM-13)", s->id);
		if (!st->result.present && s->reform_bp > 0)
			bt_data_error(err, bt_side_mark(st, s, "reform-bp"),
			    "side '%s' has a 'reform-bp', but the battle has "
			    "no 'result' (KM-17)", s->id);
		if (!known || st->nsides != 2)
			continue;
		o = &st->sides[!i];
		if (s->outcome < 0)
			bt_data_error(err, bt_side_mark(st, s, "outcome"),
			    "side '%s' has no 'outcome', but the battle is "
			    "over ('result') (KM-13)", s->id);
		else if (draw ? s->outcome == KM_VICTORY ||
		    s->outcome != o->outcome : s->outcome != (strcmp(w,
		    s->id) == 0 ? KM_VICTORY : KM_DEFEAT))
			bt_data_error(err, bt_side_mark(st, s, "outcome"),
			    "side '%s' has the outcome '%s', which is not that "
			    "of the result (winner '%s') (KM-13)", s->id,
			    km_outcome_words[s->outcome],
			    w);
	}
	if (st->nsides == 2 && !st->result.present && st->sides[0].ceasefire &&
	    st->sides[1].ceasefire)
		bt_data_error(err, bt_side_mark(st, &st->sides[1], "ceasefire"),
		    "both sides have asked for a ceasefire, which ends the "
		    "battle, but it has no 'result' (KM-15)");
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];
		const struct bt_side *s = bt_side_find(st, u->side);

		on_field |= w != NULL && km_on_field(u) &&
		    strcmp(u->side, w) == 0;
		if (u->fate >= 0 && !(u->status & BT_ST_DESTROYED))
			bt_data_error(err, bt_unit_mark(st, u,
			    "commander-fate"), "army '%s' has a "
			    "'commander-fate' but is not destroyed (KM-14)",
			    u->id);
		if (u->learns && (!km_on_field(u) || s == NULL ||
		    s->outcome != KM_VICTORY))
			bt_data_error(err, bt_unit_mark(st, u, "learns"),
			    "army '%s' learns a Tactical Action, which only "
			    "the winner's armies on the field do (KM-14)",
			    u->id);
	}
	if (known && !draw && !on_field)
		bt_data_error(err, bt_state_mark(st, "result.winner"),
		    "'result' names winner '%s', which has no army on the "
		    "field (KM-13)", w);
}

static void
kingdom_check(const struct bt_state *st, struct bt_error *err)
{
	if (st->nsides != 2)
		bt_data_error(err, bt_state_mark(st, "sides"), "a kingdom "
		    "battle has two sides, not %zu (KM-2)", st->nsides);
	else if (st->first != NULL && bt_side_find(st, st->first) == NULL)
		bt_data_error(err, bt_state_mark(st, "first"), "'first' names "
		    "'%s', which is not a side (KM-2)", st->first);
	if (st->active != NULL)
		bt_data_error(err, st->active_at, "'active' is '%s', but "
		    "kingdom armies act at once: no army has the turn (KM-1)",
		    st->active);
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
		if (u->max_shots > 0 && u->range == 0)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col, "army '%s' "
			    "has shots but no 'range' (KM-5)", u->id);
		if (u->status & BT_ST_DESTROYED && u->hp > 0)
			bt_data_error(err, bt_unit_mark(st, u, "hp"), "army "
			    "'%s' is destroyed but has %d HP: an army is "
			    "destroyed at 0 HP (KM-9)", u->id, u->hp);
		check_names(st, u, err);
		check_turn(st, u, err);
	}
	check_end(st, err);
}

static void
kingdom_check_scenario(const struct bt_state *st, struct bt_error *err)
{
	bt_check_zones(st, err);
}

/*
 * KM-1: armies act at once; 'order' lists those on the field by id and no
 * one army has the turn. bt-init rolls round 1's maneuver order (KM-2).
 */
static int
kingdom_setup(struct bt_state *st, struct bt_dice *dice, struct bt_error *err)
{
	(void)err;
	st->round = 1;
	st->phase = KM_MANEUVER;
	st->order = bt_xcalloc(st->nunits + 1, sizeof(*st->order));
	st->order_at = bt_xcalloc(st->nunits + 1, sizeof(*st->order_at));
	for (size_t i = 0; i < st->nunits; i++)
		if (bt_unit_acts(&st->units[i]))
			st->order[st->norder++] = st->units[i].id;
	if (st->nsides == 2)
		km_maneuver_check(st, dice);
	return 0;
}

static const struct bt_policy *const km_policies[] = {
	&bt_policy_random, &km_simple, &km_general, NULL
};

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
	.move = km_move,
	.attack = km_attack,
	.act = km_act,
	.morale = km_morale,
	.resolve = km_resolve,
	.report = km_report,
	.waiting = km_waiting,
	.options = km_options,
	.policies = km_policies,
	.sim_tally = km_sim_tally,
};
