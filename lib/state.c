/*
 * state.c: the battle state (bt-state(5)): its keys common to every ruleset,
 * reading it from a YAML tree, the checks every valid state passes, and its
 * canonical form. Each ruleset adds its own top-level keys and its own side
 * and unit tables (cc.c, kingdom.c, clash.c).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

#define F(k, t, o, fl)	{ .key = k, .type = t, .off = offsetof(struct bt_state, o), .flags = fl }

const char *const bt_status_words[] = {
	"broken", "destroyed", "fled", "defending", "disengaging", "routed",
	NULL
};

/* --- custom fields of the state --- */

static int
load_rules(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	int i;

	(void)obj;
	return bt_node_word(n, bt_ruleset_names, &i, "rules", ld);
}

static void
emit_rules(const void *obj, struct bt_emitter *em)
{
	bt_emit_str(em, ((const struct bt_state *)obj)->rules->name);
}

static int
load_rng(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;

	if (n->kind != BT_NODE_SCALAR || bt_rng_parse(&st->rng, n->str))
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'rng' must be 'pcg32' and two 16-digit hexadecimal words, "
		    "the second odd");
	st->has_rng = true;
	return 0;
}

static void
emit_rng(const void *obj, struct bt_emitter *em)
{
	char *s = bt_rng_format(&((const struct bt_state *)obj)->rng);

	bt_emit_str(em, s);
	free(s);
}

static bool
given_rng(const void *obj)
{
	return ((const struct bt_state *)obj)->has_rng;
}

static int
load_seed(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;

	if (bt_node_int(n, 0, 4294967295L, &st->seed, "seed", ld))
		return -1;
	st->has_seed = true;
	return 0;
}

static void
emit_seed(const void *obj, struct bt_emitter *em)
{
	bt_emit_int(em, ((const struct bt_state *)obj)->seed);
}

static bool
given_seed(const void *obj)
{
	return ((const struct bt_state *)obj)->has_seed;
}

/* keyed: the SHA-256 of the referee's key, as sha256sum writes it. */
static int
load_keyed(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;

	if (n->kind != BT_NODE_SCALAR || strlen(n->str) != 64 ||
	    strspn(n->str, "0123456789abcdef") != 64)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'keyed' must be a SHA-256: 64 lowercase hexadecimal "
		    "digits");
	return bt_node_str(n, &st->keyed, "keyed", ld);
}

static void
emit_keyed(const void *obj, struct bt_emitter *em)
{
	bt_emit_str(em, ((const struct bt_state *)obj)->keyed);
}

static bool
given_keyed(const void *obj)
{
	return ((const struct bt_state *)obj)->keyed != NULL;
}

static int
load_battle(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	return bt_node_str(n, &((struct bt_state *)obj)->battle, "battle", ld);
}

static void
emit_battle(const void *obj, struct bt_emitter *em)
{
	bt_emit_str(em, ((const struct bt_state *)obj)->battle);
}

static bool
given_battle(const void *obj)
{
	return ((const struct bt_state *)obj)->battle != NULL;
}

static int
load_key_rolls(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	return bt_node_int(n, 0, BT_MAX_INT,
	    &((struct bt_state *)obj)->key_rolls, "rolls", ld);
}

static void
emit_key_rolls(const void *obj, struct bt_emitter *em)
{
	bt_emit_int(em, ((const struct bt_state *)obj)->key_rolls);
}

static int
load_active(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;

	st->active_at.line = n->line;
	st->active_at.col = n->col;
	return bt_node_str(n, &st->active, "active", ld);
}

static void
emit_active(const void *obj, struct bt_emitter *em)
{
	bt_emit_str(em, ((const struct bt_state *)obj)->active);
}

static bool
given_active(const void *obj)
{
	return ((const struct bt_state *)obj)->active != NULL;
}

static int
load_rows(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	/* the names given so far (struct bt_map's letters) */
	static unsigned long read;
	struct bt_map *m = obj;

	if (n->kind != BT_NODE_SEQ || n->n == 0 || n->n > BT_MAX_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'rows' must be a list of 1 to %d strings", BT_MAX_MAP);
	m->rows = bt_xcalloc(n->n + 1, sizeof(*m->rows));
	m->letters = ++read;
	m->row_at = bt_xcalloc(n->n + 1, sizeof(*m->row_at));
	m->row_at[n->n].line = n->line;	/* 'rows' itself, after the last */
	m->row_at[n->n].col = n->col;
	for (size_t y = 0; y < n->n; y++) {
		const struct bt_node *row = n->kids[y];
		size_t bad, len;

		m->row_at[y].line = row->line;
		m->row_at[y].col = row->col;
		if (bt_node_str(row, &m->rows[y], "rows", ld))
			return -1;
		bad = strspn(row->str, bt_terrain_letters);
		if (row->str[bad] == '\0')
			continue;
		/* the whole character, however many bytes it takes */
		for (len = 1; (row->str[bad + len] & 0xC0) == 0x80; len++)
			continue;
		return bt_errorf(ld->err, BT_EXIT_DATA, row->line, row->col,
		    "unknown terrain '%.*s' in row %zu (one of: %s)", (int)len,
		    row->str + bad, y, bt_terrain_letters);
	}
	return 0;
}

static void
emit_rows(const void *obj, struct bt_emitter *em)
{
	const struct bt_map *m = obj;

	bt_emit_seq(em, false);
	for (size_t y = 0; m->rows != NULL && m->rows[y] != NULL; y++)
		bt_emit_quoted(em, m->rows[y]);
	bt_emit_end_seq(em);
}

static int
load_rect(struct bt_rect *r, const struct bt_node *n, struct bt_load *ld)
{
	long v[4];

	if (n->kind != BT_NODE_SEQ || n->n != 4)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "a zone must be a rectangle [x0, y0, x1, y1]");
	for (int i = 0; i < 4; i++)
		if (bt_node_int(n->kids[i], 0, BT_MAX_MAP, &v[i], "zones", ld))
			return -1;
	if (v[0] > v[2] || v[1] > v[3])
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "zone [%ld, %ld, %ld, %ld] has its corners the wrong way "
		    "round", v[0], v[1], v[2], v[3]);
	r->x0 = (int)v[0];
	r->y0 = (int)v[1];
	r->x1 = (int)v[2];
	r->y1 = (int)v[3];
	return 0;
}

static int
zonecmp(const void *a, const void *b)
{
	return strcmp(((const struct bt_zone *)a)->side,
	    ((const struct bt_zone *)b)->side);
}

static int
load_zones(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_map *m = obj;
	int rc = 0;

	if (n->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'zones' must map each side to a list of rectangles");
	m->zones = bt_xcalloc(n->n / 2 + 1, sizeof(*m->zones));
	for (size_t i = 0; i < n->n; i += 2) {
		const struct bt_node *list = n->kids[i + 1];
		struct bt_zone *z = &m->zones[m->nzones++];

		z->side = bt_xstrdup(n->kids[i]->str);
		z->at.line = n->kids[i]->line;
		z->at.col = n->kids[i]->col;
		if (list->kind == BT_NODE_SEQ && list->n == 4 &&
		    list->kids[0]->kind == BT_NODE_SCALAR) {
			rc = bt_errorf(ld->err, BT_EXIT_DATA, list->line,
			    list->col, "zones of '%s' must be a list of "
			    "rectangles: [[x0, y0, x1, y1]]", z->side);
			continue;
		}
		if (list->kind != BT_NODE_SEQ) {
			rc = bt_errorf(ld->err, BT_EXIT_DATA, list->line,
			    list->col, "zones of '%s' must be a list of "
			    "rectangles", z->side);
			continue;
		}
		z->r = bt_xcalloc(list->n + 1, sizeof(*z->r));
		for (size_t k = 0; k < list->n; k++) {
			if (load_rect(&z->r[z->n], list->kids[k], ld))
				rc = -1;
			else
				z->n++;
		}
	}
	qsort(m->zones, m->nzones, sizeof(*m->zones), zonecmp);
	return rc;
}

static void
emit_zones(const void *obj, struct bt_emitter *em)
{
	const struct bt_map *m = obj;

	bt_emit_map(em, false);
	for (size_t i = 0; i < m->nzones; i++) {
		bt_emit_str(em, m->zones[i].side);
		bt_emit_seq(em, false);
		for (size_t k = 0; k < m->zones[i].n; k++) {
			const struct bt_rect *r = &m->zones[i].r[k];

			bt_emit_seq(em, true);
			bt_emit_int(em, r->x0);
			bt_emit_int(em, r->y0);
			bt_emit_int(em, r->x1);
			bt_emit_int(em, r->y1);
			bt_emit_end_seq(em);
		}
		bt_emit_end_seq(em);
	}
	bt_emit_end_map(em);
}

static bool
given_zones(const void *obj)
{
	return ((const struct bt_map *)obj)->nzones > 0;
}

static const struct bt_field map_fields[] = {
	{ "width", BT_F_INT, offsetof(struct bt_map, width), BT_REQ, 1, BT_MAX_MAP, 0, NULL, NULL, NULL, NULL, NULL, NULL },
	{ "height", BT_F_INT, offsetof(struct bt_map, height), BT_REQ, 1, BT_MAX_MAP, 0, NULL, NULL, NULL, NULL, NULL, NULL },
	{ "square", BT_F_INT, offsetof(struct bt_map, square), 0, 1, 5280, 50, NULL, NULL, NULL, NULL, NULL, NULL },
	{ .key = "rows", .type = BT_F_CUSTOM, .flags = BT_REQ, .load = load_rows, .emit = emit_rows },
	{ .key = "zones", .type = BT_F_CUSTOM, .load = load_zones, .emit = emit_zones, .given = given_zones },
};
static const struct bt_schema map_schema = {
	"'map'", map_fields, sizeof(map_fields) / sizeof(map_fields[0]),
	SIZE_MAX, offsetof(struct bt_map, marks)
};
BT_MARKS_FIT(struct bt_map, map_fields);

/* Ids are words: letters, digits, '-' and '_' (clash names stands UNIT.N). */
static bool
valid_id(const char *s)
{
	/* not '-' first: an id on a command line is never an option */
	if (*s == '\0' || *s == '-' || strlen(s) > 64)
		return false;
	return s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789-_")] == '\0';
}

static int
idcmp_side(const void *a, const void *b)
{
	return strcmp(((const struct bt_side *)a)->id,
	    ((const struct bt_side *)b)->id);
}

static int
check_id(const struct bt_node *key, const char *what, struct bt_load *ld)
{
	if (valid_id(key->str))
		return 0;
	return bt_errorf(ld->err, BT_EXIT_DATA, key->line, key->col,
	    "%s id '%s' must be 1 to 64 letters, digits, '-' or '_', not "
	    "starting with '-'", what,
	    key->str);
}

static int
load_sides(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;
	int rc = 0;

	if (n->kind != BT_NODE_MAP || n->n == 0)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'sides' must map each side's id to its details");
	st->sides = bt_xcalloc(n->n / 2, sizeof(*st->sides));
	for (size_t i = 0; i < n->n; i += 2) {
		struct bt_side *s = &st->sides[st->nsides++];
		char *label;

		s->id = bt_xstrdup(n->kids[i]->str);
		s->line = n->kids[i]->line;
		s->col = n->kids[i]->col;
		label = bt_xasprintf("side '%s'", s->id);
		/* A result names the winner or says 'draw': a side of that
		 * name would win a battle that reads as drawn. */
		if (strcmp(s->id, "draw") == 0)
			rc = bt_errorf(ld->err, BT_EXIT_DATA, s->line, s->col,
			    "a side can't be named 'draw': it is the result of "
			    "a drawn battle");
		else if (check_id(n->kids[i], "side", ld) ||
		    bt_schema_load(st->rules->side, s, n->kids[i + 1], label, ld))
			rc = -1;
		free(label);
	}
	qsort(st->sides, st->nsides, sizeof(*st->sides), idcmp_side);
	return rc;
}

static void
emit_sides(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_map(em, false);
	for (size_t i = 0; i < st->nsides; i++) {
		bt_emit_str(em, st->sides[i].id);
		bt_emit_map(em, false);
		bt_schema_emit(st->rules->side, &st->sides[i], em);
		bt_emit_end_map(em);
	}
	bt_emit_end_map(em);
}

/* Units by id, and one id's entries in the order they were read. */
static int
idcmp_unit_read(const void *a, const void *b)
{
	const struct bt_unit *x = a, *y = b;
	int c = strcmp(x->id, y->id);

	return c != 0 ? c : x->line - y->line;
}

/* One entry of 'units', appended; load_units sorts them at the end. */
/* The names of the scenario's templates, for a message; caller frees. */
static char *
template_names(const struct bt_load *ld)
{
	const struct bt_node *t = ld->templates;
	char *names = bt_xstrdup(""), *more;

	for (uint32_t i = 0; t != NULL && t->kind == BT_NODE_MAP && i < t->n;
	    i += 2) {
		more = bt_xasprintf("%s%s%s", names, i ? ", " : "",
		    t->kids[i]->str);
		free(names);
		names = more;
	}
	if (*names == '\0') {
		free(names);
		names = bt_xstrdup("none");
	}
	return names;
}

/* About the bytes n takes as a state's text: its scalars, and for each
 * node a few of indentation, punctuation and line break. */
static size_t
text_size(const struct bt_node *n)
{
	size_t size = 8;

	if (n->kind == BT_NODE_SCALAR)
		return size + strlen(n->str);
	for (uint32_t i = 0; i < n->n; i++)
		size += text_size(n->kids[i]);
	return size;
}

/*
 * A scenario's unit with 'template: NAME' (bt-state(5)): the mapping
 * read is the template's keys that the unit does not give, then the
 * unit's own but 'template', in *merged, whose kids the caller frees; the
 * nodes are the tree's, so a message names the line where a key was
 * written, in the template or in the unit. 0 when there is no template
 * (*merged is value), -1 when it can't be had (reported).
 */
static int
expand_template(struct bt_load *ld, const struct bt_node *value,
    struct bt_node *merged)
{
	const struct bt_node *name, *t;
	uint32_t n = 0;
	char *names;

	*merged = *value;
	if (ld->mode != BT_LOAD_SCENARIO || value->kind != BT_NODE_MAP ||
	    (name = bt_map_get(value, "template")) == NULL)
		return 0;
	if (name->kind != BT_NODE_SCALAR)
		return bt_errorf(ld->err, BT_EXIT_DATA, name->line, name->col,
		    "'template' is the name of one of the scenario's "
		    "templates");
	t = bt_map_get(ld->templates, name->str);
	if (t == NULL || t->kind != BT_NODE_MAP) {
		names = template_names(ld);
		bt_errorf(ld->err, BT_EXIT_DATA, name->line, name->col,
		    "unknown template '%s' (the scenario's templates, given "
		    "before 'units': %s)", name->str, names);
		free(names);
		return -1;
	}
	/*
	 * A template is text written once and read many times: bounded as
	 * a whole, the scenario and what its templates add, by the input's
	 * bound, or a small scenario could make a state no program reads
	 * (as YAML's aliases could, which the loader refuses for that).
	 */
	if (ld->textlen + ld->expanded > (size_t)BT_MAX_INPUT)
		return -1;	/* said at the unit that passed the bound */
	ld->expanded += text_size(t);
	if (ld->textlen + ld->expanded > (size_t)BT_MAX_INPUT)
		return bt_errorf(ld->err, BT_EXIT_DATA, name->line, name->col,
		    "the units' templates make the scenario larger than %ld "
		    "MiB, the most a state may be", BT_MAX_INPUT >> 20);
	merged->kids = bt_xcalloc((size_t)t->n + value->n,
	    sizeof(*merged->kids));
	for (uint32_t i = 0; i < t->n; i += 2)
		if (bt_map_get(value, t->kids[i]->str) == NULL) {
			merged->kids[n++] = t->kids[i];
			merged->kids[n++] = t->kids[i + 1];
		}
	for (uint32_t i = 0; i < value->n; i += 2)
		if (value->kids[i] != name && strcmp(value->kids[i]->str,
		    "template") != 0) {
			merged->kids[n++] = value->kids[i];
			merged->kids[n++] = value->kids[i + 1];
		}
	merged->n = n;
	return 0;
}

static int
load_unit_map(struct bt_load *ld, const struct bt_node *key,
    const struct bt_node *value)
{
	struct bt_state *st = ld->st;
	struct bt_unit *u;
	char label[BT_MAX_LABEL];
	int rc = 0;

	if (st->units == NULL) {
		/* No unit takes less than 100 bytes of text; the room not
		 * used is never touched, so it costs nothing. Not on huge
		 * pages: the last one would be resident whole, up to 2 MiB
		 * (half a big state's text) more than the units fill, for a
		 * page fault saved every 13 units (issue 19). */
		ld->unitcap = ld->textlen / 100 + 16;
		st->units = bt_xmalloc(ld->unitcap * sizeof(*st->units));
	} else if (st->nunits == ld->unitcap) {
		ld->unitcap *= 2;
		st->units = bt_xreallocarray(st->units, ld->unitcap,
		    sizeof(*st->units));
	}
	u = &st->units[st->nunits++];
	memset(u, 0, sizeof(*u));
	u->id = bt_arena_strdup(&st->strings, key->str);
	u->line = key->line;
	u->col = key->col;
	u->w = u->h = 1;
	/* On the stack: a label is read only in a message. */
	snprintf(label, sizeof(label), "unit '%s'", u->id);
	if (check_id(key, "unit", ld) ||
	    bt_schema_load(st->rules->unit, u, value, label, ld))
		rc = -1;
	return rc;
}

static int
load_unit(struct bt_load *ld, const struct bt_node *key,
    const struct bt_node *value)
{
	struct bt_node merged;
	int rc;

	if (expand_template(ld, value, &merged) < 0)
		return -1;
	rc = load_unit_map(ld, key, &merged);
	if (merged.kids != value->kids)
		free(merged.kids);
	return rc;
}

/*
 * The units of a side given its own id as their side's string. A unit's
 * side is a kept string (BT_KEPT), never replaced nor freed alone, and a
 * side's id lives as long as the state, so they may share it: cc_enemies,
 * asked of every pair of units many times an order, then tells two
 * friends apart by their address, and cc_side finds the side by it, with
 * no comparison of names. Made once a state's sides and units are all
 * read (state_load), and for a copy (bt_state_copy); a unit of no side
 * the state has keeps its own string.
 */
static void
share_sides(struct bt_state *st)
{
	for (size_t i = 0; i < st->nunits; i++) {
		struct bt_unit *u = &st->units[i];
		const struct bt_side *s;

		if (u->side != NULL && (s = bt_side_find(st, u->side)) != NULL)
			u->side = s->id;
	}
}

/* The entries bt_state_read did not stream, then all of them in order. */
static int
load_units(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;
	int rc = 0;

	if (n->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'units' must map each unit's id to its details");
	for (size_t i = 0; i < n->n; i += 2)
		if (load_unit(ld, n->kids[i], n->kids[i + 1]))
			rc = -1;
	if (st->nunits == 0)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'units' must map each unit's id to its details");
	qsort(st->units, st->nunits, sizeof(*st->units), idcmp_unit_read);
	/* Streamed entries left the tree before its duplicate-key test. */
	for (size_t i = 1; i < st->nunits; i++)
		if (strcmp(st->units[i - 1].id, st->units[i].id) == 0)
			rc = bt_errorf(ld->err, BT_EXIT_DATA, st->units[i].line,
			    st->units[i].col, "duplicate key '%s' (first at "
			    "line %d)", st->units[i].id, st->units[i - 1].line);
	return rc;
}

static void
emit_units(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_map(em, false);
	for (size_t i = 0; i < st->nunits; i++) {
		bt_emit_str(em, st->units[i].id);
		bt_emit_map(em, false);
		bt_schema_emit(st->rules->unit, &st->units[i], em);
		bt_emit_end_map(em);
	}
	bt_emit_end_map(em);
}

static int
load_order(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;

	if (n->kind != BT_NODE_SEQ)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'order' must be a list of unit ids");
	st->order = bt_xcalloc(n->n + 1, sizeof(*st->order));
	st->order_at = bt_xcalloc(n->n + 1, sizeof(*st->order_at));
	for (size_t i = 0; i < n->n; i++) {
		char *id = NULL;

		st->order_at[i].line = n->kids[i]->line;
		st->order_at[i].col = n->kids[i]->col;
		if (bt_node_str(n->kids[i], &id, "order", ld))
			return -1;
		st->order[i] = bt_arena_strdup(&st->strings, id);
		free(id);
		st->norder++;
	}
	return 0;
}

static void
emit_order(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_seq(em, false);
	for (size_t i = 0; i < st->norder; i++)
		bt_emit_str(em, st->order[i]);
	bt_emit_end_seq(em);
}

static bool
given_order(const void *obj)
{
	return ((const struct bt_state *)obj)->order != NULL;
}

/* A log entry's rolls are written die=value: [d20=14, d6=3]. */
static int
load_rolls(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_rolls *r = &((struct bt_log_entry *)obj)->rolls;

	if (n->kind != BT_NODE_SEQ)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'rolls' must be a list such as [d20=14, d6=3]");
	r->v = bt_xcalloc(n->n + 1, sizeof(*r->v));
	for (size_t i = 0; i < n->n; i++) {
		const struct bt_node *k = n->kids[i];
		const char *s = k->str;
		char *end;
		long sides = 0, value = 0;

		/* dM=V, digits only: strtol alone would take signs and
		 * spaces. */
		if (k->kind == BT_NODE_SCALAR && s[0] == 'd' && s[1] >= '0' &&
		    s[1] <= '9') {
			sides = strtol(s + 1, &end, 10);
			if (end[0] == '=' && end[1] >= '0' && end[1] <= '9') {
				value = strtol(end + 1, &end, 10);
				if (*end != '\0')
					value = 0;
			}
		}
		if (sides < 2 || sides > 1000 || value < 1 || value > sides)
			return bt_errorf(ld->err, BT_EXIT_DATA, k->line, k->col,
			    "roll '%s' must be a die and its result, such as "
			    "d20=14", k->str);
		r->v[r->n].sides = (int)sides;
		r->v[r->n++].value = (int)value;
	}
	return 0;
}

static void
emit_rolls(const void *obj, struct bt_emitter *em)
{
	const struct bt_rolls *r = &((const struct bt_log_entry *)obj)->rolls;

	bt_emit_seq(em, true);
	for (size_t i = 0; i < r->n; i++) {
		char buf[32];

		snprintf(buf, sizeof(buf), "d%d=%d", r->v[i].sides,
		    r->v[i].value);
		bt_emit_str(em, buf);
	}
	bt_emit_end_seq(em);
}

static bool
given_rolls(const void *obj)
{
	return ((const struct bt_log_entry *)obj)->rolls.n > 0;
}

#define LOG_F(k, t, o, fl)	{ .key = k, .type = t, .off = offsetof(struct bt_log_entry, o), .flags = fl, .max = BT_MAX_INT }
static const struct bt_field log_fields[] = {
	LOG_F("round", BT_F_INT, round, BT_REQ),
	/* An entry's event and who are never replaced: kept in the
	 * state's strings, as bt_log_add puts them, not a malloc each. */
	LOG_F("event", BT_F_STR, event, BT_REQ | BT_KEPT),
	LOG_F("who", BT_F_STR, who, BT_KEPT),
	{ .key = "rolls", .type = BT_F_CUSTOM, .load = load_rolls, .emit = emit_rolls, .given = given_rolls },
	LOG_F("text", BT_F_STR, text, BT_REQ),
};
static const struct bt_schema log_schema = {
	"log entry", log_fields, sizeof(log_fields) / sizeof(log_fields[0]),
	SIZE_MAX, offsetof(struct bt_log_entry, marks)
};
BT_MARKS_FIT(struct bt_log_entry, log_fields);

static int
load_log(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_state *st = obj;
	int rc = 0;

	if (n->kind != BT_NODE_SEQ)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'log' must be a list of entries");
	st->log = bt_xcalloc(n->n + 1, sizeof(*st->log));
	for (size_t i = 0; i < n->n; i++) {
		char *label = bt_xasprintf("log entry %zu", i + 1);

		if (bt_schema_load(&log_schema, &st->log[st->nlog++],
		    n->kids[i], label, ld))
			rc = -1;
		free(label);
	}
	return rc;
}

static void
emit_log(const void *obj, struct bt_emitter *em)
{
	const struct bt_state *st = obj;

	bt_emit_seq(em, false);
	for (size_t i = 0; i < st->nlog; i++) {
		bt_emit_map(em, false);
		bt_schema_emit(&log_schema, &st->log[i], em);
		bt_emit_end_map(em);
	}
	bt_emit_end_seq(em);
}

static bool
given_log(const void *obj)
{
	return ((const struct bt_state *)obj)->nlog > 0;
}

static const struct bt_field result_fields[] = {
	{ .key = "winner", .type = BT_F_STR, .off = offsetof(struct bt_result, winner), .flags = BT_REQ | BT_KEPT },
	{ .key = "reason", .type = BT_F_STR, .off = offsetof(struct bt_result, reason), .flags = BT_REQ | BT_KEPT },
};
static const struct bt_schema result_schema = {
	"'result'", result_fields, 2, offsetof(struct bt_result, present),
	offsetof(struct bt_result, marks)
};
BT_MARKS_FIT(struct bt_result, result_fields);

/*
 * A scenario's templates of stat blocks: checked here, used by the units
 * (expand_template), never written: bt-init writes each unit whole.
 */
static int
load_templates(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	const struct bt_node *nested;
	int rc = 0;

	(void)obj;
	if (ld->mode != BT_LOAD_SCENARIO)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'templates' are for a scenario: bt-init writes each unit "
		    "whole");
	if (n->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'templates' must map each template's name to unit keys");
	for (uint32_t i = 0; i < n->n; i += 2) {
		const struct bt_node *t = n->kids[i + 1];

		if (t->kind != BT_NODE_MAP)
			rc = bt_errorf(ld->err, BT_EXIT_DATA, t->line, t->col,
			    "template '%s' must be a mapping of unit keys",
			    n->kids[i]->str);
		/* One level: a chain of templates is a puzzle to read. */
		else if ((nested = bt_map_get(t, "template")) != NULL) {
			size_t k = 0;

			while (t->kids[k + 1] != nested)
				k += 2;
			rc = bt_errorf(ld->err, BT_EXIT_DATA, t->kids[k]->line,
			    t->kids[k]->col, "a template can't name a "
			    "template: give its keys");
		}
	}
	return rc;
}

static void
emit_templates(const void *obj, struct bt_emitter *em)
{
	(void)obj;
	(void)em;
}

static bool
given_templates(const void *obj)
{
	(void)obj;
	return false;
}

/* The top-level keys around each ruleset's own. */
static const struct bt_field head_fields[] = {
	{ "bt", BT_F_INT, offsetof(struct bt_state, version), BT_REQ, 1, 1, 1, NULL, NULL, NULL, NULL, NULL, NULL },
	{ .key = "rules", .type = BT_F_CUSTOM, .flags = BT_REQ, .load = load_rules, .emit = emit_rules },
	F("name", BT_F_STR, name, BT_REQ),
	F("notes", BT_F_STR, notes, 0),
	{ .key = "seed", .type = BT_F_CUSTOM, .flags = BT_REQ | BT_SETUP, .load = load_seed, .emit = emit_seed, .given = given_seed },
	{ .key = "rng", .type = BT_F_CUSTOM, .flags = BT_REQ | BT_DERIVED, .load = load_rng, .emit = emit_rng, .given = given_rng },
	{ .key = "keyed", .type = BT_F_CUSTOM, .flags = BT_DERIVED, .load = load_keyed, .emit = emit_keyed, .given = given_keyed },
	{ .key = "battle", .type = BT_F_CUSTOM, .flags = BT_DERIVED, .load = load_battle, .emit = emit_battle, .given = given_battle },
	{ .key = "rolls", .type = BT_F_CUSTOM, .flags = BT_DERIVED, .load = load_key_rolls, .emit = emit_key_rolls, .given = given_keyed },
	{ "round", BT_F_INT, offsetof(struct bt_state, round), BT_REQ | BT_DERIVED, 1, BT_MAX_INT, 0, NULL, NULL, NULL, NULL, NULL, NULL },
	{ .key = "active", .type = BT_F_CUSTOM, .flags = BT_DERIVED, .load = load_active, .emit = emit_active, .given = given_active },
};
static const struct bt_field tail_fields[] = {
	{ .key = "map", .type = BT_F_SUB, .off = offsetof(struct bt_state, map), .flags = BT_REQ, .sub = &map_schema },
	{ .key = "sides", .type = BT_F_CUSTOM, .flags = BT_REQ, .load = load_sides, .emit = emit_sides },
	{ .key = "templates", .type = BT_F_CUSTOM, .load = load_templates, .emit = emit_templates, .given = given_templates },
	{ .key = "units", .type = BT_F_CUSTOM, .flags = BT_REQ, .load = load_units, .emit = emit_units },
	{ .key = "order", .type = BT_F_CUSTOM, .flags = BT_REQ | BT_DERIVED, .load = load_order, .emit = emit_order, .given = given_order },
	{ .key = "result", .type = BT_F_SUB, .off = offsetof(struct bt_state, result), .flags = BT_DERIVED, .sub = &result_schema },
	{ .key = "log", .type = BT_F_CUSTOM, .flags = BT_DERIVED, .load = load_log, .emit = emit_log, .given = given_log },
};
#define NHEAD	(sizeof(head_fields) / sizeof(head_fields[0]))
#define NTAIL	(sizeof(tail_fields) / sizeof(tail_fields[0]))

/* The whole top-level table: common head, the ruleset's keys, common tail. */
static struct bt_schema *
state_schema(const struct bt_ruleset *rules)
{
	size_t nextra = rules->state->nfields, n = NHEAD + nextra + NTAIL;
	struct bt_field *f = bt_xcalloc(n, sizeof(*f));
	struct bt_schema *s = bt_xcalloc(1, sizeof(*s));

	memcpy(f, head_fields, sizeof(head_fields));
	memcpy(f + NHEAD, rules->state->fields, nextra * sizeof(*f));
	memcpy(f + NHEAD + nextra, tail_fields, sizeof(tail_fields));
	s->what = "the state";
	s->fields = f;
	s->nfields = n;
	s->present = SIZE_MAX;
	/* a ruleset with more keys than marks reads on, without places */
	s->marks = n <= BT_MAX_KEYS ? offsetof(struct bt_state, marks) : 0;
	return s;
}

static void
schema_free(struct bt_schema *s)
{
	free((void *)s->fields);
	free(s);
}

static int
state_load(struct bt_load *ld, const struct bt_node *root)
{
	struct bt_state *st = ld->st;
	const struct bt_node *rules;
	struct bt_schema *schema;
	int rc, i;

	if (root->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, root->line, root->col,
		    "not a battle state: expected a mapping of keys");
	rules = bt_map_get(root, "rules");
	if (rules == NULL || bt_node_null(rules))
		return bt_errorf(ld->err, BT_EXIT_DATA, root->line, root->col,
		    "the state has no 'rules' (cc, kingdom or clash)");
	if (bt_node_word(rules, bt_ruleset_names, &i, "rules", ld))
		return -1;
	st->rules = bt_ruleset_find(rules->str);
	schema = state_schema(st->rules);
	rc = bt_schema_load(schema, st, root, "the state", ld);
	schema_free(schema);
	if (rc == 0)
		share_sides(st);
	return rc;
}

/* Learns the ruleset as soon as 'rules' is read, then takes each unit as
 * it is read, so a big state's units are never all in the tree at once. */
static int
stream_entry(void *arg, int depth, const struct bt_node *key,
    const struct bt_node *value)
{
	struct bt_load *ld = arg;

	if (depth == 1) {
		/* Only the first 'rules': a second one is a duplicate key the
		 * tree refuses at the mapping's end, and must not change the
		 * ruleset of units already read (bt_state_free frees them by
		 * it) before then. */
		if (strcmp(key->str, "rules") == 0 &&
		    value->kind == BT_NODE_SCALAR && ld->st->rules == NULL)
			ld->st->rules = bt_ruleset_find(value->str);
		/* Kept in the tree: the units after it name them. */
		if (strcmp(key->str, "templates") == 0 && ld->templates == NULL)
			ld->templates = value;
		return 0;
	}
	if (ld->st->rules == NULL)	/* 'units' before 'rules': later */
		return 0;
	load_unit(ld, key, value);
	return 1;
}

/* bt_state_read, the text's pages given back as it is read or not. */
static int
state_read(struct bt_state *st, const char *buf, size_t len,
    enum bt_load_mode mode, struct bt_tree *tree, struct bt_error *err)
{
	struct bt_load ld = { .err = err, .st = st, .mode = mode, .textlen = len };
	struct bt_tree_hook hook = { "units", stream_entry, &ld };
	size_t before = err->n;
	int rc;

	memset(st, 0, sizeof(*st));
	tree->hook = &hook;
	rc = bt_tree_parse(tree, buf, len, err);
	if (rc == 0)
		rc = state_load(&ld, tree->root);
	bt_tree_free(tree);
	if (rc == 0 && err->n > before)	/* a streamed unit's problem */
		rc = -1;
	if (rc == 0 && mode == BT_LOAD_STATE)
		rc = bt_state_check(st, err);
	return rc;
}

int
bt_state_read(struct bt_state *st, const char *buf, size_t len,
    enum bt_load_mode mode, struct bt_error *err)
{
	struct bt_tree tree = { 0 };

	return state_read(st, buf, len, mode, &tree, err);
}

int
bt_state_read_input(struct bt_state *st, struct bt_input *in,
    enum bt_load_mode mode, struct bt_error *err)
{
	struct bt_tree tree = { .give_back = in->again };
	int rc = state_read(st, in->buf, in->len, mode, &tree, err);

	/* Zeros where pages went back: not a text to look at again. An
	 * input that can't be read again is left blank. */
	if (rc < 0 && tree.given_back && bt_input_again(in) < 0)
		memset(in->buf, ' ', in->len);
	return rc;
}

void
bt_state_free(struct bt_state *st)
{
	if (st->rules != NULL) {
		bt_schema_free(st->rules->state, st);
		for (size_t i = 0; i < st->nsides; i++) {
			bt_schema_free(st->rules->side, &st->sides[i]);
			free(st->sides[i].id);
		}
		for (size_t i = 0; i < st->nunits; i++) {
			bt_schema_free(st->rules->unit, &st->units[i]);
			free(st->units[i].stands);	/* the id is st->strings' */
		}
	}
	free(st->sides);
	free(st->units);
	for (size_t i = 0; st->map.rows != NULL && st->map.rows[i] != NULL; i++)
		free(st->map.rows[i]);
	free(st->map.rows);
	free(st->map.row_at);
	for (size_t i = 0; i < st->map.nzones; i++) {
		free(st->map.zones[i].side);
		free(st->map.zones[i].r);
	}
	free(st->map.zones);
	free(st->order);	/* its ids are borrowed */
	free(st->order_at);
	for (size_t i = 0; i < st->nlog; i++) {
		/* a quiet entry owns nothing: its event and who are the
		 * strings', its text and rolls never made (bt_log_add); a
		 * battle of bt-sim has hundreds */
		if (st->log[i].quiet)
			continue;
		bt_schema_free(&log_schema, &st->log[i]);
		free(st->log[i].rolls.v);
	}
	free(st->log);
	bt_schema_free(&result_schema, &st->result);
	free(st->name);
	free(st->notes);
	free(st->active);
	free(st->keyed);
	free(st->battle);
	free(st->deploy_first);
	free(st->places.v);
	bt_arena_free(&st->strings);
	memset(st, 0, sizeof(*st));
}

/* --- a deep copy (bt-sim: a state copied from a template per battle) --- */

static char *
dup_str(const char *s)
{
	return s != NULL ? bt_xstrdup(s) : NULL;
}

/* A copy of n elements of size bytes, or NULL for none. */
static void *
dup_mem(const void *v, size_t n, size_t size)
{
	void *p;

	if (v == NULL)
		return NULL;
	p = bt_xreallocarray(NULL, n > 0 ? n : 1, size);
	memcpy(p, v, n * size);
	return p;
}

static void
dup_names(struct bt_names *l)
{
	char **v = l->v;

	l->v = dup_mem(v, l->n, sizeof(*v));
	for (size_t i = 0; i < l->n; i++)
		l->v[i] = bt_xstrdup(v[i]);
}

/*
 * What a custom field with a free function owns, copied: the ruleset's
 * lists that live in struct bt_state and its units. A new such field
 * must be added here, or the copy would share its memory with the
 * template: it stops the program instead, on the first copy.
 */
static void
dup_custom(const struct bt_field *f, void *obj)
{
	if (strcmp(f->key, "vp") == 0) {		/* clash.c */
		struct bt_state *st = obj;

		st->vp = dup_mem(st->vp, st->nvp, sizeof(*st->vp));
		for (size_t i = 0; i < st->nvp; i++)
			st->vp[i].side = dup_str(st->vp[i].side);
	} else if (strcmp(f->key, "objectives") == 0) {	/* clash.c */
		struct bt_state *st = obj;

		st->objectives = dup_mem(st->objectives, st->nobjectives,
		    sizeof(*st->objectives));
		for (size_t i = 0; i < st->nobjectives; i++) {
			struct bt_objective *o = &st->objectives[i];

			o->name = dup_str(o->name);
			o->side = dup_str(o->side);
			o->unit = dup_str(o->unit);
			o->edge = dup_str(o->edge);
		}
	} else if (strcmp(f->key, "tactics") == 0) {	/* kingdom.c */
		struct bt_state *st = obj;

		st->tactics = dup_mem(st->tactics, st->ntactics,
		    sizeof(*st->tactics));
		for (size_t i = 0; i < st->ntactics; i++) {
			st->tactics[i].name = dup_str(st->tactics[i].name);
			st->tactics[i].notes = dup_str(st->tactics[i].notes);
		}
	} else if (strcmp(f->key, "melee-by") == 0)	/* kingdom.c */
		dup_names(&((struct bt_km_turn *)obj)->melee_by);
	else {
		bt_warnx("bt_state_copy: no copy of '%s', a bug in bt", f->key);
		abort();
	}
}

/* After a struct copy, obj's own copy of what schema s says it owns,
 * BT_KEPT strings into the copy's strings: the mirror of bt_schema_free. */
static void
dup_schema(struct bt_state *dst, const struct bt_schema *s, void *obj)
{
	for (size_t i = 0; i < s->nfields; i++) {
		const struct bt_field *f = &s->fields[i];
		void *at = (char *)obj + f->off;

		if (f->type == BT_F_STR && (f->flags & BT_KEPT) &&
		    *(char **)at != NULL)
			*(char **)at = bt_arena_strdup(&dst->strings,
			    *(char **)at);
		else if (f->type == BT_F_STR)
			*(char **)at = dup_str(*(char **)at);
		else if (f->type == BT_F_SUB)
			dup_schema(dst, f->sub, at);
		else if (f->type == BT_F_NAMES)
			dup_names(at);
		else if (f->type == BT_F_CUSTOM && f->free != NULL)
			dup_custom(f, obj);
	}
}

/* The mirror of bt_state_free, member for member. */
void
bt_state_copy(struct bt_state *dst, const struct bt_state *src)
{
	struct bt_map *m = &dst->map;
	size_t rows = 0;

	*dst = *src;
	dst->log_quiet = false;
	dst->strings = NULL;
	dst->memory = NULL;
	if (dst->rules != NULL)
		dup_schema(dst, dst->rules->state, dst);
	dst->sides = dup_mem(src->sides, src->nsides, sizeof(*src->sides));
	for (size_t i = 0; i < dst->nsides; i++) {
		if (dst->rules != NULL)
			dup_schema(dst, dst->rules->side, &dst->sides[i]);
		dst->sides[i].id = dup_str(dst->sides[i].id);
	}
	dst->units = dup_mem(src->units, src->nunits, sizeof(*src->units));
	for (size_t i = 0; i < dst->nunits; i++) {
		struct bt_unit *u = &dst->units[i];

		if (dst->rules != NULL)
			dup_schema(dst, dst->rules->unit, u);
		u->id = bt_arena_strdup(&dst->strings, u->id);
		u->stands = dup_mem(u->stands, u->nstands, sizeof(*u->stands));
	}
	share_sides(dst);
	while (m->rows != NULL && m->rows[rows] != NULL)
		rows++;
	m->rows = dup_mem(m->rows, rows + 1, sizeof(*m->rows));
	for (size_t y = 0; y < rows; y++)
		m->rows[y] = bt_xstrdup(m->rows[y]);
	m->row_at = dup_mem(m->row_at, rows + 1, sizeof(*m->row_at));
	m->zones = dup_mem(m->zones, m->nzones, sizeof(*m->zones));
	for (size_t i = 0; i < m->nzones; i++) {
		m->zones[i].side = dup_str(m->zones[i].side);
		m->zones[i].r = dup_mem(m->zones[i].r, m->zones[i].n,
		    sizeof(*m->zones[i].r));
	}
	dst->order = dup_mem(src->order, src->norder + 1, sizeof(*src->order));
	for (size_t i = 0; i < dst->norder; i++)
		dst->order[i] = bt_arena_strdup(&dst->strings, dst->order[i]);
	dst->order_at = dup_mem(src->order_at, src->norder + 1,
	    sizeof(*src->order_at));
	dst->log = dup_mem(src->log, src->nlog, sizeof(*src->log));
	dst->log_cap = 0;
	for (size_t i = 0; i < dst->nlog; i++) {
		dup_schema(dst, &log_schema, &dst->log[i]);
		dst->log[i].rolls.v = dup_mem(dst->log[i].rolls.v,
		    dst->log[i].rolls.n, sizeof(*dst->log[i].rolls.v));
	}
	dup_schema(dst, &result_schema, &dst->result);
	/* Read only: the copy's marks index the same places. */
	dst->places.v = dup_mem(src->places.v, src->places.n,
	    sizeof(*src->places.v));
	dst->places.cap = src->places.n;
	/* What bt_state_free frees by name; a ruleset's table may have
	 * copied it already (cc's deploy-first), as it frees it. */
#define DUP_ONCE(f)	if (dst->f == src->f) dst->f = dup_str(src->f)
	DUP_ONCE(name);
	DUP_ONCE(notes);
	DUP_ONCE(active);
	dst->active_size = dst->active != NULL ? strlen(dst->active) + 1 : 0;
	DUP_ONCE(keyed);
	DUP_ONCE(battle);
	DUP_ONCE(deploy_first);
#undef DUP_ONCE
}

static void
emit_state(const void *st, struct bt_emitter *em)
{
	bt_state_emit_to(st, em);
}

char *
bt_state_emit(const struct bt_state *st, size_t size_hint, size_t *len)
{
	return bt_emit_doc(emit_state, st, size_hint, len);
}

/*
 * Written as it is made, so that the text and the state are never both
 * held whole (issue 19's peak memory). Into a file, a failure leaves it
 * as it was; to standard output, libyaml refusing an event (a bug in bt:
 * every string of a state is checked text) can come after a part of the
 * text is out, and the run says so and fails.
 */
int
bt_state_write(const struct bt_state *st, const char *path,
    const char *suffix, struct bt_error *err)
{
	struct bt_output *out = bt_output_open(path, suffix, err);

	if (out == NULL)
		return -1;
	if (bt_emit_doc_to(emit_state, st, bt_output_write, out) < 0) {
		bt_output_close(out, false, err);
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't emit the state: "
		    "libyaml failed");
	}
	return bt_output_close(out, true, err);
}

void
bt_state_emit_to(const struct bt_state *st, struct bt_emitter *em)
{
	struct bt_schema *schema = state_schema(st->rules);

	bt_emit_map(em, false);
	bt_schema_emit(schema, st, em);
	bt_emit_end_map(em);
	schema_free(schema);
}

/* bt_vformat's memory in the strings of state where. */
static void *
in_strings(void *where, size_t n)
{
	return bt_arena_alloc(&((struct bt_state *)where)->strings, n);
}

void
bt_set_result(struct bt_state *st, const char *winner, const char *fmt, ...)
{
	va_list ap;
	char *reason;

	va_start(ap, fmt);
	reason = bt_vformat(in_strings, st, fmt, ap);
	va_end(ap);
	st->result.present = true;
	st->result.winner = bt_arena_strdup(&st->strings, winner);
	st->result.reason = reason;
	bt_log_text(bt_log_add(st, "result", winner), "the battle is over: "
	    "%s%s, %s", winner, strcmp(winner, "draw") != 0 ? " wins" : "",
	    reason);
}

/* --- lookups --- */

/* st->active's text made id's (not NULL), in its own buffer. */
static void
set_active_id(struct bt_state *st, const char *id)
{
	size_t n = strlen(id) + 1;

	/* room for any id (a name is at most BT_MAX_NAME bytes), so that
	 * it is made once a battle */
	if (st->active == NULL || n > st->active_size) {
		free(st->active);
		st->active_size = n > BT_MAX_NAME + 1 ? n : BT_MAX_NAME + 1;
		st->active = bt_xmalloc(st->active_size);
	}
	memmove(st->active, id, n);	/* id may be st->active */
}

void
bt_set_active(struct bt_state *st, const char *id)
{
	const struct bt_unit *u;

	st->active_sure = false;
	if (id == NULL) {
		free(st->active);
		st->active = NULL;
		st->active_size = 0;
		return;
	}
	set_active_id(st, id);
	if ((u = bt_unit_find(st, st->active)) != NULL) {
		st->active_unit = (size_t)(u - st->units);
		st->active_sure = true;
	}
}

void
bt_set_active_unit(struct bt_state *st, const struct bt_unit *u)
{
	set_active_id(st, u->id);
	st->active_unit = (size_t)(u - st->units);
	st->active_sure = true;
}

/* bt_unit_find of an id that is not the active unit's own string: the
 * active unit's name compared first, then a bsearch by hand (the checks
 * look every unit up a few times, and bsearch's call of a comparison
 * was a third of that). Apart (noinline: the compiler would fold it
 * in), so that bt_unit_find's way for the active unit, the one asked
 * most, makes no call and saves no register for strcmp's. */
static __attribute__((noinline)) struct bt_unit *
unit_named(const struct bt_state *st, const char *id)
{
	size_t lo = 0, hi = st->nunits;

	if (st->active_unit < st->nunits &&
	    strcmp(id, st->units[st->active_unit].id) == 0)
		return &st->units[st->active_unit];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(id, st->units[mid].id);

		if (c == 0)
			return &st->units[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

struct bt_unit *
bt_unit_find(const struct bt_state *st, const char *id)
{
	if (id == st->active && st->active_sure)
		return &st->units[st->active_unit];
	return unit_named(st, id);
}

struct bt_unit *
bt_unit_operand(const struct bt_state *st, const char *id, const char *what,
    struct bt_error *err)
{
	struct bt_unit *u = bt_unit_find(st, id);

	if (u == NULL)
		bt_errorf(err, BT_EXIT_USAGE, 0, 0, "no %s '%s' in the state",
		    what, id);
	return u;
}

struct bt_side *
bt_side_find(const struct bt_state *st, const char *id)
{
	struct bt_side key = { .id = (char *)id };

	/* bsearch may not be given no array, even of no entries: a state
	 * of units and no sides is asked (share_sides) */
	if (st->nsides == 0)
		return NULL;
	return bsearch(&key, st->sides, st->nsides, sizeof(*st->sides),
	    idcmp_side);
}

struct bt_pos
bt_state_mark(const struct bt_state *st, const char *key)
{
	struct bt_schema *schema = state_schema(st->rules);
	struct bt_pos at = bt_schema_mark(&st->places, schema, st, key);

	schema_free(schema);
	return at;
}

struct bt_pos
bt_unit_mark(const struct bt_state *st, const struct bt_unit *u,
    const char *key)
{
	struct bt_pos at = bt_schema_mark(&st->places, st->rules->unit, u,
	    key);

	if (at.line == 0) {
		at.line = u->line;
		at.col = u->col;
	}
	return at;
}

struct bt_pos
bt_side_mark(const struct bt_state *st, const struct bt_side *s,
    const char *key)
{
	struct bt_pos at = bt_schema_mark(&st->places, st->rules->side, s,
	    key);

	if (at.line == 0) {
		at.line = s->line;
		at.col = s->col;
	}
	return at;
}

/* Has the unit a square on the map, whatever its status? */
bool
bt_unit_on_map(const struct bt_unit *u)
{
	if (u->nstands > 0) {
		for (size_t i = 0; i < u->nstands; i++)
			if (u->stands[i].placed)
				return true;
		return false;
	}
	return u->placed;
}

/* A unit takes turns while it is on the map and in the battle. */
bool
bt_unit_acts(const struct bt_unit *u)
{
	if (u->status & BT_ST_GONE || u->reserve)
		return false;
	return bt_unit_on_map(u);
}

struct bt_log_entry *
bt_log_add(struct bt_state *st, const char *event, const char *who)
{
	struct bt_log_entry *e;

	/* Room for more than one: a battle adds hundreds. log_cap is 0
	 * where the log was read or copied to its size. */
	if (st->nlog + 1 > st->log_cap) {
		st->log_cap = st->nlog + st->nlog / 8 + 16;
		st->log = bt_xreallocarray(st->log, st->log_cap,
		    sizeof(*st->log));
	}
	e = &st->log[st->nlog++];
	memset(e, 0, sizeof(*e));
	e->round = st->round;
	/* Both are kept strings (BT_KEPT), never freed one by one: the
	 * event, a word of static storage, and the active unit's own id,
	 * which lives as long as the state's strings, are borrowed, not
	 * copied (a battle adds hundreds of entries, most of them of the
	 * active unit); any other who is copied. */
	e->event = (char *)event;
	e->who = who == NULL ? NULL : st->active_unit < st->nunits &&
	    who == st->units[st->active_unit].id ? (char *)who :
	    bt_arena_strdup(&st->strings, who);
	/* A quiet log keeps what happened (a rule may ask it: clash's
	 * "left its unit this turn"), not the sentence that tells it. */
	e->quiet = e->rolls.unkept = st->log_quiet;
	return e;
}

void
bt_play_memory_free(struct bt_play_memory *m)
{
	if (m->rules_free != NULL)
		m->rules_free(m->rules);
	memset(m, 0, sizeof(*m));
}

void
bt_log_reserve(struct bt_state *st, size_t n)
{
	if (n <= st->log_cap)	/* nlog is never more */
		return;
	st->log_cap = n;
	st->log = bt_xreallocarray(st->log, st->log_cap, sizeof(*st->log));
}

/*
 * A text longer than any a state may hold (an initiative tie of hundreds
 * of units, a move of thousands of steps) is cut to fit, on a character's
 * boundary, and ends in "...": what a program writes always reads back.
 * The entry's rolls keep every die.
 */
void
bt_log_text(struct bt_log_entry *e, const char *fmt, ...)
{
	va_list ap;
	size_t cut = BT_MAX_TEXT - 3;

	if (e->quiet)
		return;
	free(e->text);
	va_start(ap, fmt);
	e->text = bt_xvasprintf(fmt, ap);
	va_end(ap);
	if (strlen(e->text) <= BT_MAX_TEXT)
		return;
	while ((e->text[cut] & 0xC0) == 0x80)
		cut--;
	memcpy(e->text + cut, "...", 4);
}

/* --- the checks every state passes (bt-check; bt-init's scenario too) --- */

struct occupancy {
	const struct bt_state	*st;
	struct bt_error		*err;
	const struct bt_unit	**grid;	/* width * height: who stands there */
	unsigned		 told;	/* what was said of this unit: */
#define TOLD_OFF	1u
#define TOLD_BLOCKED	2u
#define TOLD_OVERLAP	4u
};

/* One message of each kind a unit, however many squares it covers. */
static void
occupy(void *arg, const struct bt_unit *u, int x, int y)
{
	struct occupancy *o = arg;
	const struct bt_map *m = &o->st->map;
	const struct bt_unit **cell;

	if (!bt_on_map(m, x, y)) {
		if (!(o->told & TOLD_OFF))
			bt_errorf(o->err, BT_EXIT_DATA, u->line, u->col,
			    "unit '%s' is off the map at [%d, %d] (the map is "
			    "%d x %d)", u->id, x, y, m->width, m->height);
		o->told |= TOLD_OFF;
		return;
	}
	if (bt_terrain_at(m, x, y) == BT_BLOCKED && !(o->told & TOLD_BLOCKED)) {
		bt_errorf(o->err, BT_EXIT_DATA, u->line, u->col,
		    "unit '%s' stands on impassable ground at [%d, %d]", u->id,
		    x, y);
		o->told |= TOLD_BLOCKED;
	}
	cell = &o->grid[(size_t)y * (size_t)m->width + (size_t)x];
	if (*cell == NULL)
		*cell = u;
	else if (!(o->told & TOLD_OVERLAP)) {
		if (*cell == u)
			bt_errorf(o->err, BT_EXIT_DATA, u->line, u->col,
			    "unit '%s' has two stands at [%d, %d]", u->id, x, y);
		else
			bt_errorf(o->err, BT_EXIT_DATA, u->line, u->col,
			    "units '%s' and '%s' overlap at [%d, %d]",
			    (*cell)->id, u->id, x, y);
		o->told |= TOLD_OVERLAP;
	}
}

/* The index in bt_status_words of the n-th (0 or 1) of the words of
 * status that take a unit out of the battle. */
static int
gone_word(unsigned status, int n)
{
	for (int w = 0; bt_status_words[w] != NULL; w++)
		if (status & BT_ST_GONE & (1u << w) && n-- == 0)
			return w;
	return 0;
}

/* Returns whether the rows are whole, so squares can be looked at. */
static bool
check_map(const struct bt_state *st, struct bt_error *err)
{
	const struct bt_map *m = &st->map;
	size_t rows = 0;
	bool whole = true;

	while (m->rows[rows] != NULL)
		rows++;
	if (rows != (size_t)m->height) {
		bt_errorf(err, BT_EXIT_DATA, m->row_at[rows].line,
		    m->row_at[rows].col, "the map has %zu rows but 'height' is "
		    "%d", rows, m->height);
		whole = false;
	}
	for (size_t y = 0; y < rows; y++)
		if (strlen(m->rows[y]) != (size_t)m->width) {
			bt_errorf(err, BT_EXIT_DATA, m->row_at[y].line,
			    m->row_at[y].col, "map row %zu has %zu squares but "
			    "'width' is %d", y, strlen(m->rows[y]), m->width);
			whole = false;
		}
	for (size_t i = 0; i < m->nzones; i++) {
		const struct bt_zone *z = &m->zones[i];

		if (bt_side_find(st, z->side) == NULL)
			bt_errorf(err, BT_EXIT_DATA, z->at.line, z->at.col,
			    "zones name side '%s', which is not in 'sides'",
			    z->side);
		for (size_t k = 0; k < z->n; k++)
			if (z->r[k].x1 >= m->width || z->r[k].y1 >= m->height)
				bt_errorf(err, BT_EXIT_DATA, z->at.line,
				    z->at.col, "a zone of '%s' goes off the map",
				    z->side);
	}
	return whole;
}

static void
check_units(const struct bt_state *st, bool map_whole, struct bt_error *err)
{
	struct occupancy o = { st, err, NULL, 0 };

	if (st->nsides < 2)
		bt_errorf(err, BT_EXIT_DATA, 0, 0, "a battle needs two sides "
		    "or more; 'sides' has %zu", st->nsides);
	if (map_whole)
		o.grid = bt_xcalloc((size_t)st->map.width *
		    (size_t)st->map.height, sizeof(*o.grid));
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];
		bool gone = (u->status & BT_ST_GONE) != 0;

		if (bt_side_find(st, u->side) == NULL)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
			    "unit '%s' is of side '%s', which is not in 'sides'",
			    u->id, u->side);
		for (int w = 0; bt_status_words[w] != NULL; w++)
			if (u->status & ~st->rules->statuses & (1u << w))
				bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
				    "unit '%s' has status '%s', which %s does "
				    "not use", u->id, bt_status_words[w],
				    st->rules->name);
		/* a way out of the battle, and another: two bits or more */
		if ((u->status & BT_ST_GONE) & ((u->status & BT_ST_GONE) - 1))
			bt_data_error(err, bt_unit_mark(st, u, "status"),
			    "unit '%s' has left the battle two ways at once "
			    "(status: %s and %s)", u->id,
			    bt_status_words[gone_word(u->status, 0)],
			    bt_status_words[gone_word(u->status, 1)]);
		if (gone && bt_unit_on_map(u))
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
			    "unit '%s' is %s but still has a place ('at')",
			    u->id, u->status & BT_ST_DESTROYED ? "destroyed" :
			    u->status & BT_ST_FLED ? "fled" : "routed");
		if (u->nstands == 0 && !gone && !u->reserve && !u->placed)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
			    "unit '%s' has no place ('at')", u->id);
		if (u->nstands > 0 && !gone && !bt_unit_on_map(u))
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
			    "unit '%s' has no stand left on the map but is not "
			    "destroyed", u->id);
		if (u->reserve && u->placed)
			bt_errorf(err, BT_EXIT_DATA, u->line, u->col,
			    "unit '%s' is in reserve: it has no place on the "
			    "map", u->id);
		if (o.grid == NULL)
			continue;
		o.told = 0;
		/* A footprint far bigger than the map is one message, not a
		 * walk over millions of squares. */
		if (u->nstands == 0 && u->placed && u->y >= st->map.height) {
			occupy(&o, u, u->x, u->y);
			continue;
		}
		if (u->nstands == 0 && u->placed && u->x + u->w > st->map.width) {
			occupy(&o, u, u->x > st->map.width ? u->x :
			    st->map.width, u->y);
			continue;
		}
		if (u->nstands == 0 && u->placed &&
		    u->y + u->h > st->map.height) {
			occupy(&o, u, u->x, st->map.height);
			continue;
		}
		bt_unit_squares(u, occupy, &o);
	}
	free(o.grid);
}

static void
check_order(const struct bt_state *st, struct bt_error *err)
{
	bool *listed = bt_xcalloc(st->nunits + 1, sizeof(*listed));
	bool active_seen = st->active == NULL;

	for (size_t i = 0; i < st->norder; i++) {
		const struct bt_unit *u = bt_unit_find(st, st->order[i]);
		const struct bt_pos *at = &st->order_at[i];

		if (st->active != NULL && strcmp(st->order[i], st->active) == 0)
			active_seen = true;
		if (u == NULL) {
			bt_errorf(err, BT_EXIT_DATA, at->line, at->col, "'order' "
			    "names unit '%s', which is not in 'units'",
			    st->order[i]);
			continue;
		}
		if (listed[u - st->units])
			bt_errorf(err, BT_EXIT_DATA, at->line, at->col,
			    "'order' names unit '%s' twice", u->id);
		listed[u - st->units] = true;
		if (u->status & BT_ST_GONE || u->reserve)
			bt_errorf(err, BT_EXIT_DATA, at->line, at->col, "'order' "
			    "names unit '%s', which is out of the battle",
			    u->id);
	}
	for (size_t i = 0; i < st->nunits; i++)
		if (bt_unit_acts(&st->units[i]) && !listed[i])
			bt_errorf(err, BT_EXIT_DATA, st->units[i].line,
			    st->units[i].col, "unit '%s' is in the battle but "
			    "not in 'order'", st->units[i].id);
	free(listed);
	if (!active_seen)
		bt_errorf(err, BT_EXIT_DATA, st->active_at.line,
		    st->active_at.col, "'active' is '%s', which is not in "
		    "'order'", st->active);
	if (st->result.present && strcmp(st->result.winner, "draw") != 0 &&
	    bt_side_find(st, st->result.winner) == NULL)
		bt_data_error(err, bt_state_mark(st, "result.winner"),
		    "'result' names winner '%s', which is neither a side nor "
		    "'draw'", st->result.winner);
}

/* Does a log entry's 'who' name something of the state? The end of a
 * battle names its winner, which may be a draw. */
static bool
known_who(const struct bt_state *st, const struct bt_log_entry *e)
{
	return bt_unit_find(st, e->who) != NULL ||
	    bt_side_find(st, e->who) != NULL ||
	    (strcmp(e->who, "draw") == 0 && strcmp(e->event, "result") == 0);
}

/*
 * The log is what happened, oldest first: no entry from a round still to
 * come or out of order, each about a side or unit of the battle. Events
 * are one word; which words is each program's own business.
 */
static void
check_log(const struct bt_state *st, struct bt_error *err)
{
	for (size_t i = 0; i < st->nlog; i++) {
		const struct bt_log_entry *e = &st->log[i];
		struct bt_pos round = bt_schema_mark(&st->places, &log_schema, e,
		    "round");
		const char *ev = e->event;

		if (e->round > st->round)
			bt_data_error(err, round, "log entry %zu is of round "
			    "%d, after the state's round %d", i + 1, e->round,
			    st->round);
		else if (i > 0 && e->round < st->log[i - 1].round)
			bt_data_error(err, round, "log entry %zu is of round "
			    "%d, before the round %d of the entry before it: "
			    "the log is oldest first", i + 1, e->round,
			    st->log[i - 1].round);
		if (*ev == '\0' || ev[strspn(ev, "abcdefghijklmnopqrstuvwxyz"
		    "0123456789-")] != '\0')
			bt_data_error(err, bt_schema_mark(&st->places,
			    &log_schema, e, "event"), "log entry %zu has event '%s', which is "
			    "not one word (lowercase letters, digits, '-')",
			    i + 1, ev);
		if (e->who != NULL && !known_who(st, e))
			bt_data_error(err, bt_schema_mark(&st->places,
			    &log_schema, e, "who"), "log entry %zu is about '%s' ('who'), "
			    "which is neither a side nor a unit", i + 1, e->who);
	}
}

/* The checks of a state's shape; bt-init adds deployment (rules.c). */
/* A keyed battle's dice need its id; a battle's id is only for them. */
static void
check_keyed(const struct bt_state *st, struct bt_error *err)
{
	if (st->keyed != NULL && st->battle == NULL)
		bt_data_error(err, bt_state_mark(st, "keyed"), "a keyed battle "
		    "needs its 'battle' id");
	else if (st->keyed == NULL && st->battle != NULL)
		bt_data_error(err, bt_state_mark(st, "battle"), "'battle' is "
		    "a keyed battle's id, and there is no 'keyed'");
}

int
bt_state_check(const struct bt_state *st, struct bt_error *err)
{
	size_t before = err->n;

	check_units(st, check_map(st, err), err);
	if (st->order != NULL)
		check_order(st, err);
	check_log(st, err);
	check_keyed(st, err);
	st->rules->check(st, err);
	return err->n > before ? -1 : 0;
}

/* --- 'at' and 'size', shared by the unit tables of cc and kingdom --- */

int
bt_load_at(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_unit *u = obj;
	int xy[2];

	if (bt_node_xy(n, xy, "at", ld))
		return -1;
	u->x = xy[0];
	u->y = xy[1];
	u->placed = true;
	return 0;
}

void
bt_emit_at(const void *obj, struct bt_emitter *em)
{
	const struct bt_unit *u = obj;

	bt_emit_seq(em, true);
	bt_emit_int(em, u->x);
	bt_emit_int(em, u->y);
	bt_emit_end_seq(em);
}

bool
bt_given_at(const void *obj)
{
	return ((const struct bt_unit *)obj)->placed;
}

int
bt_load_size(void *obj, const struct bt_node *n, struct bt_load *ld)
{
	struct bt_unit *u = obj;
	int wh[2];

	if (bt_node_xy(n, wh, "size", ld))
		return -1;
	if (wh[0] < 1 || wh[1] < 1)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'size' must be at least [1, 1]");
	u->w = wh[0];
	u->h = wh[1];
	return 0;
}

void
bt_emit_size(const void *obj, struct bt_emitter *em)
{
	const struct bt_unit *u = obj;

	bt_emit_seq(em, true);
	bt_emit_int(em, u->w);
	bt_emit_int(em, u->h);
	bt_emit_end_seq(em);
}
