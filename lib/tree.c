/*
 * tree.c: one YAML document read with libyaml's event API into a small tree.
 * The tree keeps each node's place for messages and refuses what a state has
 * no use for and what would make libyaml slow or unsafe: aliases, anchors,
 * tags, deep nesting, duplicate keys, more than one document, no document.
 */
#define _DEFAULT_SOURCE		/* madvise */
#include <sys/mman.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "bt.h"

/* Nodes and strings come from blocks freed at once: a 10,000-unit state
 * has half a million nodes. Blocks double from 64 KiB to 2 MiB. A
 * state's strings that no program replaces come from one too. */
#define ARENA_FIRST	(64 * 1024)
#define ARENA_HUGE	BT_HUGE

struct bt_arena {
	struct bt_arena	*next;
	size_t		 used, size;
	char		 mem[];
};

static struct bt_arena *
arena_block(size_t size)
{
	return bt_xmalloc_big(sizeof(struct bt_arena) + size);
}

/* A place in the arena to go back to once a streamed entry is read. When
 * the entry went on into a new block, the old block's end is left unused. */
struct arena_mark {
	struct bt_arena	*block;
	size_t		 used;
};

static struct arena_mark
arena_mark(const struct bt_tree *t)
{
	struct arena_mark m = { t->arena, t->arena ? t->arena->used : 0 };

	return m;
}

static void
arena_reset(struct bt_tree *t, struct arena_mark m)
{
	if (t->arena != NULL && t->arena == m.block)
		t->arena->used = m.used;
}

void *
bt_arena_alloc(struct bt_arena **head, size_t n)
{
	struct bt_arena *a = *head;

	n = (n + 7) & ~(size_t)7;
	if (a == NULL || a->size - a->used < n) {
		size_t size = a == NULL ? ARENA_FIRST - sizeof(*a) :
		    a->size + sizeof(*a) < ARENA_HUGE ?
		    2 * (a->size + sizeof(*a)) - sizeof(*a) : a->size;

		if (size < n)
			size = n;
		a = arena_block(size);
		a->next = *head;
		a->used = 0;
		a->size = size;
		*head = a;
	}
	a->used += n;
	return a->mem + a->used - n;
}

char *
bt_arena_strdup(struct bt_arena **head, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(bt_arena_alloc(head, n), s, n);
}

void
bt_arena_free(struct bt_arena **head)
{
	struct bt_arena *a, *next;

	for (a = *head; a != NULL; a = next) {
		next = a->next;
		free(a);
	}
	*head = NULL;
}

static void *
arena_alloc(struct bt_tree *t, size_t n)
{
	return bt_arena_alloc(&t->arena, n);
}

void
bt_tree_free(struct bt_tree *t)
{
	bt_arena_free(&t->arena);
	t->root = NULL;
}

/* Children of the open collections, kept on one stack until each closes. */
struct stack {
	struct bt_node	**v;
	size_t		 n, cap;
};

static void
push(struct stack *s, struct bt_node *node)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->v = bt_xreallocarray(s->v, s->cap, sizeof(*s->v));
	}
	s->v[s->n++] = node;
}

static int
keycmp(const void *a, const void *b)
{
	const struct bt_node *x = *(struct bt_node *const *)a;
	const struct bt_node *y = *(struct bt_node *const *)b;
	int c = strcmp(x->str, y->str);

	/* Equal keys sort by place so the later one is reported. */
	if (c == 0)
		c = x->line != y->line ? x->line - y->line : x->col - y->col;
	return c;
}

static int
duplicate_key(const struct bt_node *first, const struct bt_node *again,
    struct bt_error *err)
{
	return bt_errorf(err, BT_EXIT_DATA, again->line, again->col,
	    "duplicate key '%s' (first at line %d)", again->str, first->line);
}

/* FNV-1a: keys are short words. */
static uint32_t
key_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/*
 * A small mapping's keys (a unit's, a side's: most of a state) in a
 * table on the stack instead of sorted: no allocation, one pass. The
 * duplicate reported is the one sorting would find first: the smallest
 * key, at its second place.
 */
#define SMALL_KEYS	32
#define SMALL_SLOTS	(2 * SMALL_KEYS)

static int
check_small_keys(const struct bt_node *map, struct bt_error *err)
{
	const struct bt_node *slot[SMALL_SLOTS] = { 0 };
	const struct bt_node *first = NULL, *again = NULL;

	for (size_t i = 0; i < map->n; i += 2) {
		const struct bt_node *k = map->kids[i];
		uint32_t h = key_hash(k->str) % SMALL_SLOTS;

		while (slot[h] != NULL && strcmp(slot[h]->str, k->str) != 0)
			h = (h + 1) % SMALL_SLOTS;
		if (slot[h] == NULL)
			slot[h] = k;
		else if (again == NULL || strcmp(k->str, again->str) < 0) {
			first = slot[h];
			again = k;
		}
	}
	return again != NULL ? duplicate_key(first, again, err) : 0;
}

static int
check_keys(const struct bt_node *map, struct bt_error *err)
{
	size_t nkeys = map->n / 2;
	struct bt_node **keys;
	int rc = 0;

	for (size_t i = 0; i < map->n; i += 2)
		if (map->kids[i]->kind != BT_NODE_SCALAR)
			return bt_errorf(err, BT_EXIT_DATA, map->kids[i]->line,
			    map->kids[i]->col, "a key must be a scalar, not a list or mapping");
	if (nkeys < 2)
		return 0;
	if (nkeys <= SMALL_KEYS)
		return check_small_keys(map, err);
	keys = bt_xcalloc(nkeys, sizeof(*keys));
	for (size_t i = 0; i < nkeys; i++)
		keys[i] = map->kids[2 * i];
	qsort(keys, nkeys, sizeof(*keys), keycmp);
	for (size_t i = 1; i < nkeys; i++)
		if (strcmp(keys[i - 1]->str, keys[i]->str) == 0) {
			rc = duplicate_key(keys[i - 1], keys[i], err);
			break;
		}
	free(keys);
	return rc;
}

/* A place in the text: its byte offset, line and column (1-based). */
struct text_place {
	size_t	 off;
	int	 line, col;
};

/* libyaml's reader errors carry a byte offset, not a line: the place
 * at offset off, counted on from at (off is past it). */
static void
offset_place(const char *buf, size_t len, size_t off, struct text_place *at)
{
	const char *p = buf + at->off, *end = buf + (off < len ? off : len);
	const char *nl;

	/* The lines by memchr, then the columns of the last one alone: a
	 * big state's whole text passes here as it is given back. */
	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		at->line++;
		at->col = 1;
		p = nl + 1;
	}
	for (; p < end; p++)
		if (((unsigned char)*p & 0xC0) != 0x80)
			at->col++;
	at->off = off;
}

/*
 * t->give_back: the text before past (which libyaml has read and
 * decoded) goes back to the kernel in pieces of GIVE bytes, so that a
 * big state and all its text are not held at once (issue 19); read_all
 * keeps such a text in small pages, so that no huge page is split. *at,
 * the place where the pieces given back end, for a reader's error
 * further on.
 */
#define GIVE	(64 * 1024)

static void
give_back(struct bt_tree *t, const char *buf, size_t len, size_t past,
    struct text_place *at)
{
	uintptr_t start = (uintptr_t)buf;
	uintptr_t lo = (start + at->off + GIVE - 1) / GIVE * GIVE;
	uintptr_t hi = (start + past) / GIVE * GIVE;

	if (hi <= lo)
		return;
	offset_place(buf, len, hi - start, at);
#ifdef MADV_DONTNEED
	if (madvise((void *)lo, hi - lo, MADV_DONTNEED) == 0)
		t->given_back = true;
#endif
}

static int
parser_error(const yaml_parser_t *p, const char *buf, size_t len,
    struct text_place *at, struct bt_error *err)
{
	int line = (int)p->problem_mark.line + 1;
	int col = (int)p->problem_mark.column + 1;
	const char *problem = p->problem ? p->problem : "unreadable YAML";

	if (p->error == YAML_MEMORY_ERROR)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "out of memory");
	if (p->error == YAML_READER_ERROR) {
		offset_place(buf, len, p->problem_offset, at);
		line = at->line;
		col = at->col;
		return bt_errorf(err, BT_EXIT_DATA, line, col, "not YAML: %s",
		    problem);
	}
	if (p->context != NULL)
		return bt_errorf(err, BT_EXIT_DATA, line, col,
		    "not YAML: %s %s", problem, p->context);
	return bt_errorf(err, BT_EXIT_DATA, line, col, "not YAML: %s",
	    problem);
}

static struct bt_node *
new_node(struct bt_tree *t, enum bt_node_kind kind, const yaml_mark_t *m)
{
	struct bt_node *node = arena_alloc(t, sizeof(*node));

	memset(node, 0, sizeof(*node));
	node->kind = kind;
	node->line = (int)m->line + 1;
	node->col = (int)m->column + 1;
	return node;
}

/* libyaml reports the non-specific '!' as implicit: any tag at all is
 * refused, since a state's types come from its keys. */
static bool
refused_property(const yaml_event_t *ev, const unsigned char *anchor,
    const unsigned char *tag, struct bt_error *err)
{
	int line = (int)ev->start_mark.line + 1;
	int col = (int)ev->start_mark.column + 1;

	if (anchor != NULL) {
		bt_errorf(err, BT_EXIT_DATA, line, col,
		    "anchors are not allowed ('&%s')", anchor);
		return true;
	}
	if (tag != NULL) {
		bt_errorf(err, BT_EXIT_DATA, line, col,
		    "tags are not allowed ('%s')", tag);
		return true;
	}
	return false;
}

int
bt_text_bom(const char *buf, size_t len, struct bt_error *err)
{
	static const struct {
		const char	*name, *mark;
		size_t		 len;
	} boms[] = {
		/* UTF-32LE's begins with UTF-16LE's: it comes first. */
		{ "UTF-32LE", "\xff\xfe\0\0", 4 },
		{ "UTF-32BE", "\0\0\xfe\xff", 4 },
		{ "UTF-16LE", "\xff\xfe", 2 },
		{ "UTF-16BE", "\xfe\xff", 2 },
	};

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		return 3;
	for (size_t i = 0; i < BT_NELEM(boms); i++)
		if (len >= boms[i].len &&
		    memcmp(buf, boms[i].mark, boms[i].len) == 0)
			return bt_errorf(err, BT_EXIT_DATA, 1, 1, "a %s "
			    "byte-order mark: bt reads UTF-8 only (iconv -t "
			    "UTF-8 converts it)", boms[i].name);
	return 0;
}

/*
 * What a state's text may not hold, in any scalar (CLI.md): more than
 * BT_MAX_TEXT bytes (a key, more than BT_MAX_NAME), so that no value
 * costs a picture or a message more than a page of text; a control
 * character but tab and newline, which would drive the reader's terminal
 * when a program writes it out.
 */
/* Printable ASCII, most of a state: no NUL, nothing bt_text_bad would
 * look twice at. One pass instead of strlen's and bt_text_bad's. */
static bool
printable_ascii(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] - 0x20u >= 0x5fu)
			return false;
	return true;
}

static int
scalar_refused(const struct bt_node *node, size_t len, bool key, bool ascii,
    struct bt_error *err)
{
	size_t bad, n;
	char *why;

	if (len > BT_MAX_TEXT)
		return bt_errorf(err, BT_EXIT_DATA, node->line, node->col,
		    "a value of %zu bytes: at most %d", len, BT_MAX_TEXT);
	if (key && len > BT_MAX_NAME)
		return bt_errorf(err, BT_EXIT_DATA, node->line, node->col,
		    "a key of %zu bytes: at most %d", len, BT_MAX_NAME);
	if (ascii || (bad = bt_text_bad(node->str, len, true, &n)) == len)
		return 0;
	why = bt_text_why(node->str + bad, n, "a value");
	bt_errorf(err, BT_EXIT_DATA, node->line, node->col, "%s", why);
	free(why);
	return -1;
}

int
bt_tree_parse(struct bt_tree *t, const char *buf, size_t len,
    struct bt_error *err)
{
	yaml_parser_t p;
	yaml_event_t ev;
	struct stack kids = { 0 };
	struct { struct bt_node *node; size_t first; } open[BT_MAX_DEPTH + 1];
	const struct bt_tree_hook *hook = t->hook;
	struct arena_mark mark = { NULL, 0 };
	struct text_place given = { 0, 1, 1 };
	int depth = 0, docs = 0, rc = -1, bom;
	bool done = false, streaming = false, ascii;

	t->root = NULL;
	t->arena = NULL;
	t->given_back = false;
	if ((bom = bt_text_bom(buf, len, err)) < 0)
		return -1;
	buf += bom;
	len -= (size_t)bom;
	if (!yaml_parser_initialize(&p))
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "out of memory");
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	while (!done) {
		struct bt_node *node = NULL;

		if (!yaml_parser_parse(&p, &ev)) {
			parser_error(&p, buf, len, &given, err);
			goto out;
		}
		if (t->give_back && p.offset - given.off >= GIVE)
			give_back(t, buf, len, p.offset, &given);
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = true;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs > 1) {
				bt_errorf(err, BT_EXIT_DATA,
				    (int)ev.start_mark.line + 1,
				    (int)ev.start_mark.column + 1,
				    "more than one document: a state is one");
				yaml_event_delete(&ev);
				goto out;
			}
			break;
		case YAML_ALIAS_EVENT:
			bt_errorf(err, BT_EXIT_DATA, (int)ev.start_mark.line + 1,
			    (int)ev.start_mark.column + 1,
			    "aliases are not allowed ('*%s')",
			    ev.data.alias.anchor);
			yaml_event_delete(&ev);
			goto out;
		case YAML_SCALAR_EVENT:
			if (refused_property(&ev, ev.data.scalar.anchor,
			    ev.data.scalar.tag, err)) {
				yaml_event_delete(&ev);
				goto out;
			}
			/* A key of the streamed mapping: its entry starts. */
			if (streaming && depth == 2 &&
			    (kids.n - open[1].first) % 2 == 0)
				mark = arena_mark(t);
			node = new_node(t, BT_NODE_SCALAR, &ev.start_mark);
			node->plain = ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
			node->str = arena_alloc(t, ev.data.scalar.length + 1);
			memcpy(node->str, ev.data.scalar.value,
			    ev.data.scalar.length);
			node->str[ev.data.scalar.length] = '\0';
			ascii = printable_ascii(node->str,
			    ev.data.scalar.length);
			if (!ascii && strlen(node->str) != ev.data.scalar.length) {
				bt_errorf(err, BT_EXIT_DATA, node->line,
				    node->col, "a NUL character is not allowed");
				yaml_event_delete(&ev);
				goto out;
			}
			if (scalar_refused(node, ev.data.scalar.length,
			    depth > 0 && open[depth - 1].node->kind ==
			    BT_NODE_MAP && (kids.n - open[depth - 1].first) %
			    2 == 0, ascii, err)) {
				yaml_event_delete(&ev);
				goto out;
			}
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT: {
			bool seq = ev.type == YAML_SEQUENCE_START_EVENT;

			if (refused_property(&ev, seq ?
			    ev.data.sequence_start.anchor :
			    ev.data.mapping_start.anchor, seq ?
			    ev.data.sequence_start.tag :
			    ev.data.mapping_start.tag, err)) {
				yaml_event_delete(&ev);
				goto out;
			}
			if (depth == BT_MAX_DEPTH) {
				bt_errorf(err, BT_EXIT_DATA,
				    (int)ev.start_mark.line + 1,
				    (int)ev.start_mark.column + 1,
				    "nested deeper than %d levels", BT_MAX_DEPTH);
				yaml_event_delete(&ev);
				goto out;
			}
			open[depth].node = new_node(t, seq ? BT_NODE_SEQ :
			    BT_NODE_MAP, &ev.start_mark);
			open[depth].first = kids.n;
			/* The value of the root's key hook->stream? */
			if (depth == 1)
				streaming = hook != NULL && !seq &&
				    open[0].node->kind == BT_NODE_MAP &&
				    (kids.n - open[0].first) % 2 == 1 &&
				    kids.v[kids.n - 1]->kind == BT_NODE_SCALAR &&
				    strcmp(kids.v[kids.n - 1]->str,
				    hook->stream) == 0;
			depth++;
			break;
		}
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			node = open[--depth].node;
			node->n = (uint32_t)(kids.n - open[depth].first);
			node->kids = arena_alloc(t, node->n * sizeof(*node->kids));
			if (node->n > 0)
				memcpy(node->kids, kids.v + open[depth].first,
				    node->n * sizeof(*node->kids));
			kids.n = open[depth].first;
			if (node->kind == BT_NODE_MAP && check_keys(node, err)) {
				yaml_event_delete(&ev);
				goto out;
			}
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
		if (node == NULL)
			continue;
		if (depth == 0) {
			t->root = node;
			continue;
		}
		push(&kids, node);
		if (hook != NULL && depth <= 2 &&
		    open[depth - 1].node->kind == BT_NODE_MAP &&
		    (kids.n - open[depth - 1].first) % 2 == 0 &&
		    kids.v[kids.n - 2]->kind == BT_NODE_SCALAR &&
		    (depth == 1 || streaming)) {
			int r = hook->entry(hook->arg, depth, kids.v[kids.n - 2],
			    node);

			if (r < 0)
				goto out;
			if (r > 0 && depth == 2) {
				kids.n -= 2;
				arena_reset(t, mark);
			}
		}
	}
	if (t->root == NULL) {
		bt_errorf(err, BT_EXIT_DATA, 0, 0,
		    "empty input: no battle state");
		goto out;
	}
	rc = 0;
out:
	free(kids.v);
	yaml_parser_delete(&p);
	return rc;
}

const struct bt_node *
bt_map_get(const struct bt_node *map, const char *key)
{
	if (map == NULL || map->kind != BT_NODE_MAP)
		return NULL;
	for (size_t i = 0; i < map->n; i += 2)
		if (strcmp(map->kids[i]->str, key) == 0)
			return map->kids[i + 1];
	return NULL;
}

/* A plain empty value, '~' or 'null': the key is as good as absent. */
bool
bt_node_null(const struct bt_node *node)
{
	/* Most values are neither empty nor start with '~', 'n' or 'N'. */
	if (node != NULL && node->kind == BT_NODE_SCALAR && node->str[0] != '\0' &&
	    node->str[0] != '~' && node->str[0] != 'n' && node->str[0] != 'N')
		return false;
	return node == NULL || (node->kind == BT_NODE_SCALAR && node->plain &&
	    (node->str[0] == '\0' || strcmp(node->str, "~") == 0 ||
	    strcmp(node->str, "null") == 0 || strcmp(node->str, "Null") == 0 ||
	    strcmp(node->str, "NULL") == 0));
}
