/*
 * schema.c: tables of fields that say how a struct is read from a YAML
 * mapping and written back. The table's order is the canonical key order;
 * a key the table doesn't have is bad data, with the closest one suggested.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

#define AT(obj, f, type)	((type *)((char *)(obj) + (f)->off))
#define CAT(obj, f, type)	((const type *)((const char *)(obj) + (f)->off))

int
bt_word_index(const char *const *words, const char *s)
{
	for (int i = 0; words[i] != NULL; i++)
		if (strcmp(words[i], s) == 0)
			return i;
	return -1;
}

static size_t
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];

	if (la >= 64 || lb >= 64)
		return SIZE_MAX;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

/* The word closest to s, when it is close enough to be a likely typo. */
const char *
bt_closest(const char *s, const char *const *words)
{
	const char *best = NULL;
	size_t bestd = 3;

	for (size_t i = 0; words[i] != NULL; i++) {
		size_t d = edit_distance(s, words[i]);

		if (d < bestd && d < strlen(words[i])) {
			bestd = d;
			best = words[i];
		}
	}
	return best;
}

static int
wrong_type(const struct bt_node *n, const char *key, const char *want,
    struct bt_load *ld)
{
	return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
	    "'%s' must be %s", key, want);
}

int
bt_node_int(const struct bt_node *n, long min, long max, long *out,
    const char *key, struct bt_load *ld)
{
	const char *s, *end;
	unsigned long u;
	bool over = false;
	long v;

	if (n->kind != BT_NODE_SCALAR || !n->plain)
		return wrong_type(n, key, "a whole number", ld);
	/* -?[0-9]+ by hand, as strtol took it: strtol was most of it. */
	s = n->str;
	end = s + (*s == '-');
	if (*end < '0' || *end > '9')
		return wrong_type(n, key, "a whole number", ld);
	for (u = 0; *end >= '0' && *end <= '9'; end++) {
		if (u > (ULONG_MAX - 9) / 10)
			over = true;
		else
			u = 10 * u + (unsigned long)(*end - '0');
	}
	if (*end != '\0')
		return wrong_type(n, key, "a whole number", ld);
	if (u > (unsigned long)LONG_MAX + (*s == '-'))
		over = true;
	v = over ? 0 : *s == '-' ? (long)(0UL - u) : (long)u;
	if (over || v < min || v > max)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "'%s' is %s, out of range %ld to %ld", key, s, min, max);
	*out = v;
	return 0;
}

int
bt_node_str(const struct bt_node *n, char **out, const char *key,
    struct bt_load *ld)
{
	if (n->kind != BT_NODE_SCALAR)
		return wrong_type(n, key, "a string", ld);
	free(*out);
	*out = bt_xstrdup(n->str);
	return 0;
}

static bool
free_text(const char *key)
{
	if (key[0] != 'n' && key[0] != 't' && key[0] != 'r')
		return false;
	return strcmp(key, "notes") == 0 || strcmp(key, "text") == 0 ||
	    strcmp(key, "reason") == 0;
}

static void
list_words(char *buf, size_t size, const char *const *words)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; words[i] != NULL && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    i ? ", " : "", words[i]);
}

int
bt_node_word(const struct bt_node *n, const char *const *words, int *out,
    const char *key, struct bt_load *ld)
{
	char all[512];
	const char *near;
	int i;

	if (n->kind != BT_NODE_SCALAR)
		return wrong_type(n, key, "a word", ld);
	if ((i = bt_word_index(words, n->str)) >= 0) {
		*out = i;
		return 0;
	}
	if ((near = bt_closest(n->str, words)) != NULL)
		return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
		    "unknown %s '%s' (did you mean '%s'?)", key, n->str, near);
	list_words(all, sizeof(all), words);
	return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
	    "unknown %s '%s' (one of: %s)", key, n->str, all);
}

int
bt_node_xy(const struct bt_node *n, int *xy, const char *key,
    struct bt_load *ld)
{
	long v[2];

	if (n->kind != BT_NODE_SEQ || n->n != 2)
		return wrong_type(n, key, "a pair [x, y]", ld);
	for (int i = 0; i < 2; i++) {
		if (bt_node_int(n->kids[i], 0, BT_MAX_MAP, &v[i], key, ld))
			return -1;
		xy[i] = (int)v[i];
	}
	return 0;
}

static int
load_words(const struct bt_field *f, void *obj, const struct bt_node *n,
    struct bt_load *ld)
{
	unsigned set = 0;

	if (n->kind != BT_NODE_SEQ)
		return wrong_type(n, f->key, "a list of words", ld);
	for (size_t i = 0; i < n->n; i++) {
		int w;

		if (bt_node_word(n->kids[i], f->words, &w, f->key, ld))
			return -1;
		if (set & (1u << w))
			return bt_errorf(ld->err, BT_EXIT_DATA, n->kids[i]->line,
			    n->kids[i]->col, "'%s' lists '%s' twice", f->key,
			    f->words[w]);
		set |= 1u << w;
	}
	*AT(obj, f, unsigned) = set;
	return 0;
}

bool
bt_names_has(const struct bt_names *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], name) == 0)
			return true;
	return false;
}

/* Kept sorted by bytes, so a list reads the same however it was built. */
void
bt_names_add(struct bt_names *l, const char *name)
{
	size_t i;

	if (bt_names_has(l, name))
		return;
	l->v = bt_xreallocarray(l->v, l->n + 1, sizeof(*l->v));
	for (i = l->n; i > 0 && strcmp(l->v[i - 1], name) > 0; i--)
		l->v[i] = l->v[i - 1];
	l->v[i] = bt_xstrdup(name);
	l->n++;
}

void
bt_names_del(struct bt_names *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], name) == 0) {
			free(l->v[i]);
			memmove(&l->v[i], &l->v[i + 1],
			    (l->n - i - 1) * sizeof(*l->v));
			l->n--;
			return;
		}
}

static void
names_free(struct bt_names *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static int
load_names(const struct bt_field *f, void *obj, const struct bt_node *n,
    struct bt_load *ld)
{
	struct bt_names *l = AT(obj, f, struct bt_names);

	if (n->kind != BT_NODE_SEQ)
		return wrong_type(n, f->key, "a list of names", ld);
	for (size_t i = 0; i < n->n; i++) {
		const struct bt_node *k = n->kids[i];

		if (k->kind != BT_NODE_SCALAR || *k->str == '\0' ||
		    strpbrk(k->str, " \t,") != NULL || !bt_text_valid(k->str))
			return wrong_type(k, f->key, "a list of names", ld);
		if (bt_names_has(l, k->str))
			return bt_errorf(ld->err, BT_EXIT_DATA, k->line, k->col,
			    "'%s' lists '%s' twice", f->key, k->str);
		bt_names_add(l, k->str);
	}
	return 0;
}

static int
load_field(const struct bt_field *f, void *obj, const struct bt_node *n,
    const char *label, struct bt_load *ld)
{
	long v;
	int w;

	switch (f->type) {
	case BT_F_INT:
		if (bt_node_int(n, f->min, f->max, &v, f->key, ld))
			return -1;
		*AT(obj, f, int) = (int)v;
		return 0;
	case BT_F_LONG:
		return bt_node_int(n, f->min, f->max, AT(obj, f, long), f->key,
		    ld);
	case BT_F_BOOL:
		if (n->kind == BT_NODE_SCALAR && n->plain &&
		    (strcmp(n->str, "true") == 0 || strcmp(n->str, "false") == 0)) {
			*AT(obj, f, bool) = n->str[0] == 't';
			return 0;
		}
		return wrong_type(n, f->key, "true or false", ld);
	case BT_F_STR:
		/* Free text (notes, a log's text, a result's reason) has the
		 * tree's bound; any other string is a name, which the
		 * programs copy into a log's text, so it keeps that text in
		 * its bound. */
		if (n->kind == BT_NODE_SCALAR && !free_text(f->key) &&
		    strlen(n->str) > BT_MAX_NAME)
			return bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
			    "'%s' is %zu bytes long: a name is at most %d",
			    f->key, strlen(n->str), BT_MAX_NAME);
		if (n->kind == BT_NODE_SCALAR && (f->flags & BT_KEPT)) {
			*AT(obj, f, char *) = bt_arena_strdup(
			    &ld->st->strings, n->str);
			return 0;
		}
		return bt_node_str(n, AT(obj, f, char *), f->key, ld);
	case BT_F_WORD:
		if (bt_node_word(n, f->words, &w, f->key, ld))
			return -1;
		*AT(obj, f, int) = w;
		return 0;
	case BT_F_WORDS:
		return load_words(f, obj, n, ld);
	case BT_F_NAMES:
		return load_names(f, obj, n, ld);
	case BT_F_XY:
		return bt_node_xy(n, AT(obj, f, int), f->key, ld);
	case BT_F_DICE:
		if (n->kind != BT_NODE_SCALAR ||
		    bt_dice_expr_parse(AT(obj, f, struct bt_dice_expr), n->str))
			return wrong_type(n, f->key,
			    "dice such as 2d6+1", ld);
		return 0;
	case BT_F_SUB:
		if (n->kind != BT_NODE_MAP)
			return wrong_type(n, f->key, "a mapping", ld);
		if (f->sub->present != SIZE_MAX)
			*(bool *)((char *)obj + f->off + f->sub->present) = true;
		{
			/* On the stack: a label is read only in a message. */
			char sublabel[BT_MAX_LABEL];

			snprintf(sublabel, sizeof(sublabel), "'%s' of %s",
			    f->key, label);
			return bt_schema_load(f->sub, (char *)obj + f->off, n,
			    sublabel, ld);
		}
	case BT_F_CUSTOM:
		return f->load(obj, n, ld);
	}
	return -1;
}

static void
set_default(const struct bt_field *f, void *obj)
{
	if (f->type == BT_F_INT)
		*AT(obj, f, int) = (int)f->def;
	else if (f->type == BT_F_LONG)
		*AT(obj, f, long) = f->def;
	else if (f->type == BT_F_WORD)
		*AT(obj, f, int) = (int)f->def;
}

/* Does a key whose value is n get read (and so a place)? A derived key
 * of a scenario is refused instead. */
static bool
read_key(const struct bt_field *f, const struct bt_node *n,
    const struct bt_load *ld)
{
	return n != NULL && !((f->flags & BT_DERIVED) &&
	    ld->mode == BT_LOAD_SCENARIO);
}

/*
 * A place in the state's places: the first of a struct's, and one whose
 * line is not a little after the place before it (keys out of the
 * table's order, a long value), in two words, PLACE_FULL | line and the
 * column; any other in one, its line's distance from the place before
 * it and its column. A unit's 16 places take 17 words, not 32 (issue 19).
 */
#define PLACE_FULL	0x80000000u
#define PLACE_COLS	12		/* bits of a short place's column */

static void
add_place(struct bt_places *p, const struct bt_pos *prev,
    const struct bt_pos *at)
{
	long down = prev != NULL ? (long)at->line - prev->line : -1;

	if (down >= 0 && down < (1L << (31 - PLACE_COLS)) && at->col >= 0 &&
	    at->col < (1 << PLACE_COLS))
		p->v[p->n++] = (uint32_t)down << PLACE_COLS | (uint32_t)at->col;
	else {
		p->v[p->n++] = PLACE_FULL | (uint32_t)at->line;
		p->v[p->n++] = (uint32_t)at->col;
	}
}

/* The k-th place of the struct whose places start at index at. */
static struct bt_pos
get_place(const struct bt_places *p, size_t at, size_t k)
{
	struct bt_pos pos = { 0, 0 };

	for (size_t i = 0; i <= k; i++)
		if (p->v[at] & PLACE_FULL) {
			pos.line = (int)(p->v[at] & ~PLACE_FULL);
			pos.col = (int)p->v[at + 1];
			at += 2;
		} else {
			pos.line += (int)(p->v[at] >> PLACE_COLS);
			pos.col = (int)(p->v[at] & ((1u << PLACE_COLS) - 1));
			at++;
		}
	return pos;
}

/*
 * The places of obj's keys to be read (their values'), one after the
 * other in the table's order, in the state's places, said in obj's
 * marks. Before its nested mappings are read, so that each struct's
 * places stay together.
 */
static void
add_places(const struct bt_schema *s, void *obj,
    const struct bt_node *const *seen, struct bt_load *ld)
{
	struct bt_marks *m = (struct bt_marks *)((char *)obj + s->marks);
	struct bt_places *p = &ld->st->places;
	struct bt_pos at, prev;
	size_t n = 0;

	m->set = 0;
	for (size_t i = 0; i < s->nfields; i++)
		if (read_key(&s->fields[i], seen[i], ld)) {
			m->set |= 1u << i;
			n++;
		}
	if (n == 0)
		return;
	if (p->cap - p->n < 2 * n) {
		/* Some 18 bytes of text a key: sized from the input once. */
		size_t cap = p->cap ? 2 * p->cap : ld->textlen / 16 + 64;

		while (cap - p->n < 2 * n)
			cap *= 2;
		p->v = bt_xreallocarray(p->v, cap, sizeof(*p->v));
		p->cap = cap;
	}
	m->at = (uint32_t)p->n;
	for (size_t i = 0, k = 0; i < s->nfields; i++)
		if (m->set & (1u << i)) {
			at.line = seen[i]->line;
			at.col = seen[i]->col;
			add_place(p, k++ > 0 ? &prev : NULL, &at);
			prev = at;
		}
}

int
bt_schema_load(const struct bt_schema *s, void *obj,
    const struct bt_node *map, const char *label, struct bt_load *ld)
{
	const char *keys[64];
	const struct bt_node *seen[64] = { 0 };
	int rc = 0;

	if (map->kind != BT_NODE_MAP)
		return bt_errorf(ld->err, BT_EXIT_DATA, map->line, map->col,
		    "%s must be a mapping of keys", label);
	for (size_t i = 0; i < s->nfields; i++) {
		keys[i] = s->fields[i].key;
		set_default(&s->fields[i], obj);
	}
	keys[s->nfields] = NULL;

	for (size_t k = 0, next = 0; k < map->n; k += 2) {
		const struct bt_node *key = map->kids[k];
		size_t i = next, tries;

		/* A canonical state's keys come in the table's order: the
		 * search starts after the last key found, and wraps. */
		for (tries = 0; tries < s->nfields; tries++) {
			if (strcmp(key->str, s->fields[i].key) == 0)
				break;
			i = i + 1 == s->nfields ? 0 : i + 1;
		}
		if (tries == s->nfields)
			i = s->nfields;
		else
			next = i + 1 == s->nfields ? 0 : i + 1;
		if (i == s->nfields) {
			const char *near = bt_closest(key->str, keys);

			if (near != NULL)
				rc = bt_errorf(ld->err, BT_EXIT_DATA, key->line,
				    key->col, "unknown key '%s' in %s (did you "
				    "mean '%s'?)", key->str, label, near);
			else
				rc = bt_errorf(ld->err, BT_EXIT_DATA, key->line,
				    key->col, "unknown key '%s' in %s",
				    key->str, label);
			continue;
		}
		seen[i] = map->kids[k + 1];
	}
	for (size_t i = 0; i < s->nfields; i++)
		if (bt_node_null(seen[i]))
			seen[i] = NULL;
	if (s->marks != 0)
		add_places(s, obj, seen, ld);
	for (size_t i = 0; i < s->nfields; i++) {
		const struct bt_field *f = &s->fields[i];
		const struct bt_node *n = seen[i];

		if (n != NULL && !read_key(f, n, ld)) {
			rc = bt_errorf(ld->err, BT_EXIT_DATA, n->line, n->col,
			    "'%s' is written by the programs, not read from "
			    "a scenario", f->key);
			continue;
		}
		if (n == NULL) {
			bool needed = (f->flags & BT_REQ) &&
			    !((f->flags & (BT_DERIVED | BT_SETUP)) &&
			    ld->mode == BT_LOAD_SCENARIO);

			if (needed)
				rc = bt_errorf(ld->err, BT_EXIT_DATA, map->line,
				    map->col, "%s has no '%s'", label, f->key);
			continue;
		}
		if (load_field(f, obj, n, label, ld))
			rc = -1;
	}
	return rc;
}

/* The bits set in v. */
static size_t
bits(uint32_t v)
{
	size_t n = 0;

	for (; v != 0; v &= v - 1)
		n++;
	return n;
}

struct bt_pos
bt_schema_mark(const struct bt_places *p, const struct bt_schema *s,
    const void *obj, const char *key)
{
	struct bt_pos at = { 0, 0 }, in;
	size_t len = strcspn(key, ".");

	for (size_t i = 0; i < s->nfields; i++) {
		const struct bt_field *f = &s->fields[i];

		if (strncmp(f->key, key, len) != 0 || f->key[len] != '\0')
			continue;
		if (s->marks != 0) {
			const struct bt_marks *m = (const struct bt_marks *)
			    ((const char *)obj + s->marks);

			/* the keys read before key i come first */
			if (m->set & (1u << i))
				at = get_place(p, m->at, bits(m->set &
				    ((1u << i) - 1)));
		}
		if (key[len] == '.' && f->type == BT_F_SUB) {
			in = bt_schema_mark(p, f->sub,
			    (const char *)obj + f->off, key + len + 1);
			if (in.line > 0)
				return in;
		}
		return at;
	}
	return at;
}

/* Optional fields are written only when they say something. */
static bool
worth_writing(const struct bt_field *f, const void *obj)
{
	if (f->flags & (BT_REQ | BT_ALWAYS))
		return f->type != BT_F_CUSTOM || f->given == NULL ||
		    f->given(obj);
	switch (f->type) {
	case BT_F_INT:
	case BT_F_WORD:
		return *CAT(obj, f, int) != f->def;
	case BT_F_LONG:
		return *CAT(obj, f, long) != f->def;
	case BT_F_BOOL:
		return *CAT(obj, f, bool);
	case BT_F_STR:
		return *CAT(obj, f, char *) != NULL;
	case BT_F_WORDS:
		return *CAT(obj, f, unsigned) != 0;
	case BT_F_NAMES:
		return CAT(obj, f, struct bt_names)->n > 0;
	case BT_F_XY:
		return true;
	case BT_F_DICE:
		return CAT(obj, f, struct bt_dice_expr)->count > 0;
	case BT_F_SUB:
		if (f->given != NULL)
			return f->given(obj);
		return f->sub->present == SIZE_MAX ||
		    *(const bool *)((const char *)obj + f->off + f->sub->present);
	case BT_F_CUSTOM:
		return f->given == NULL || f->given(obj);
	}
	return false;
}

void
bt_schema_emit(const struct bt_schema *s, const void *obj,
    struct bt_emitter *em)
{
	for (size_t i = 0; i < s->nfields; i++) {
		const struct bt_field *f = &s->fields[i];

		if (!worth_writing(f, obj))
			continue;
		bt_emit_str(em, f->key);
		switch (f->type) {
		case BT_F_INT:
			bt_emit_int(em, *CAT(obj, f, int));
			break;
		case BT_F_LONG:
			bt_emit_int(em, *CAT(obj, f, long));
			break;
		case BT_F_BOOL:
			bt_emit_bool(em, *CAT(obj, f, bool));
			break;
		case BT_F_STR:
			if (*CAT(obj, f, char *) == NULL)
				bt_emit_null(em);
			else
				bt_emit_str(em, *CAT(obj, f, char *));
			break;
		case BT_F_WORD:
			bt_emit_str(em, f->words[*CAT(obj, f, int)]);
			break;
		case BT_F_WORDS:
			bt_emit_seq(em, true);
			for (int w = 0; f->words[w] != NULL; w++)
				if (*CAT(obj, f, unsigned) & (1u << w))
					bt_emit_str(em, f->words[w]);
			bt_emit_end_seq(em);
			break;
		case BT_F_NAMES:
			bt_emit_seq(em, true);
			for (size_t k = 0; k < CAT(obj, f, struct bt_names)->n;
			    k++)
				bt_emit_str(em, CAT(obj, f,
				    struct bt_names)->v[k]);
			bt_emit_end_seq(em);
			break;
		case BT_F_XY:
			bt_emit_seq(em, true);
			bt_emit_int(em, CAT(obj, f, int)[0]);
			bt_emit_int(em, CAT(obj, f, int)[1]);
			bt_emit_end_seq(em);
			break;
		case BT_F_DICE: {
			char *s2 = bt_dice_expr_format(CAT(obj, f,
			    struct bt_dice_expr));

			bt_emit_str(em, s2);
			free(s2);
			break;
		}
		case BT_F_SUB:
			bt_emit_map(em, (f->flags & BT_FLOW) != 0);
			bt_schema_emit(f->sub, (const char *)obj + f->off, em);
			bt_emit_end_map(em);
			break;
		case BT_F_CUSTOM:
			f->emit(obj, em);
			break;
		}
	}
}

/* Frees what a schema's fields own; custom fields through their free. */
void
bt_schema_free(const struct bt_schema *s, void *obj)
{
	for (size_t i = 0; i < s->nfields; i++) {
		const struct bt_field *f = &s->fields[i];

		if (f->type == BT_F_STR) {
			if (!(f->flags & BT_KEPT))	/* the state's */
				free(*AT(obj, f, char *));
			*AT(obj, f, char *) = NULL;
		} else if (f->type == BT_F_SUB)
			bt_schema_free(f->sub, (char *)obj + f->off);
		else if (f->type == BT_F_NAMES)
			names_free(AT(obj, f, struct bt_names));
		else if (f->type == BT_F_CUSTOM && f->free != NULL)
			f->free(obj);
	}
}
