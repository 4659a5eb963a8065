/*
 * json.c: the state as JSON, for jq and other tools. The state is walked
 * by the same schema tables and emit calls as its YAML (bt_state_emit_to),
 * into an emitter backend that builds a jansson tree: the JSON is key for
 * key, in the same order, what the YAML holds. jansson writes the text, so
 * every string is escaped as RFC 8259 asks (quotes, backslashes, control
 * characters) and non-ASCII text stays UTF-8. A JSON text is YAML flow
 * syntax: every program reads it back as a state (bt-state(5)).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bt.h"

struct json_out {
	json_t		*root;
	json_t		**stack;	/* the open mappings and sequences */
	size_t		 depth, cap;
	char		*key;		/* a mapping's key awaiting its value */
	bool		 failed;
};

/* jansson returns NULL when it can't allocate, or for text that is not
 * UTF-8, which a loaded state never holds: out of memory either way. */
static json_t *
checked(json_t *v)
{
	if (v == NULL)
		bt_oom();
	return v;
}

/* Puts v where the emit calls say: the root, the next item of a
 * sequence, or the value of the key given before it. */
static void
add(struct json_out *j, json_t *v)
{
	json_t *top;

	if (j->depth == 0) {
		if (j->root != NULL)
			j->failed = true;	/* a second document */
		else
			j->root = json_incref(v);
		return;
	}
	top = j->stack[j->depth - 1];
	if (json_is_array(top)) {
		if (json_array_append(top, v) < 0)
			bt_oom();
	} else {
		if (json_object_set(top, j->key, v) < 0)
			bt_oom();
		free(j->key);
		j->key = NULL;
	}
}

/* In a mapping with no key pending, a scalar is the next key. */
static bool
wants_key(const struct json_out *j)
{
	return j->depth > 0 && json_is_object(j->stack[j->depth - 1]) &&
	    j->key == NULL;
}

static void
json_open(void *arg, bool seq)
{
	struct json_out *j = arg;
	json_t *v;

	if (j->failed)
		return;
	if (wants_key(j)) {		/* a collection as a key: not JSON */
		j->failed = true;
		return;
	}
	v = checked(seq ? json_array() : json_object());
	add(j, v);
	if (j->depth == j->cap) {
		j->cap = j->cap ? 2 * j->cap : 16;
		j->stack = bt_xreallocarray(j->stack, j->cap,
		    sizeof(*j->stack));
	}
	j->stack[j->depth++] = v;	/* its parent holds the reference */
	json_decref(v);
}

static void
json_close(void *arg)
{
	struct json_out *j = arg;

	if (j->failed)
		return;
	if (j->depth == 0 || j->key != NULL)
		j->failed = true;	/* unbalanced, or a key with no value */
	else
		j->depth--;
}

static void
json_scalar(void *arg, enum bt_scalar type, const char *s, long v)
{
	struct json_out *j = arg;
	json_t *x;

	if (j->failed)
		return;
	if (wants_key(j)) {
		if (type != BT_SCALAR_STR)
			j->failed = true;	/* JSON's keys are strings */
		else
			j->key = bt_xstrdup(s);
		return;
	}
	switch (type) {
	case BT_SCALAR_STR:
		x = checked(json_string(s));
		break;
	case BT_SCALAR_INT:
		x = checked(json_integer(v));
		break;
	case BT_SCALAR_BOOL:
		x = checked(json_boolean(v));
		break;
	default:
		x = checked(json_null());
		break;
	}
	add(j, x);
	json_decref(x);
}

/*
 * YAML takes NEL, LS and PS (U+0085, U+2028, U+2029) for line breaks, even
 * inside a quoted string, so written raw they would not read back as the
 * same text: they are written escaped, as JSON allows for any character.
 * In UTF-8 their bytes are never part of another character's.
 */
static const char *
yaml_break(const char *p)
{
	if ((unsigned char)p[0] == 0xC2 && (unsigned char)p[1] == 0x85)
		return "\\u0085";
	if ((unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 &&
	    ((unsigned char)p[2] == 0xA8 || (unsigned char)p[2] == 0xA9))
		return (unsigned char)p[2] == 0xA8 ? "\\u2028" : "\\u2029";
	return NULL;
}

/* Two spaces an indent, as the YAML; a newline ends the text as a line.
 * jansson keeps an object's keys in the order they were set. */
static char *
json_finish(void *arg, size_t *len)
{
	struct json_out *j = arg;
	const char *esc;
	char *text, *buf;
	size_t n = 0;

	if (j->failed || j->root == NULL || j->depth != 0)
		return NULL;
	if ((text = json_dumps(j->root, JSON_INDENT(2))) == NULL)
		bt_oom();
	/* An escape (6 bytes) is at most three times the bytes it takes
	 * the place of (2 or 3). */
	buf = bt_xmalloc(3 * strlen(text) + 2);
	for (const char *p = text; *p != '\0'; p++)
		if ((esc = yaml_break(p)) != NULL) {
			memcpy(buf + n, esc, 6);
			n += 6;
			p += (unsigned char)*p == 0xC2 ? 1 : 2;
		} else
			buf[n++] = *p;
	buf[n++] = '\n';
	buf[n] = '\0';
	free(text);
	*len = n;
	return buf;
}

static void
json_free(void *arg)
{
	struct json_out *j = arg;

	json_decref(j->root);
	free(j->stack);
	free(j->key);
	free(j);
}

static const struct bt_emit_backend json_backend = {
	json_open, json_close, json_scalar, json_finish, json_free
};

struct bt_emitter *
bt_json_emitter(void)
{
	return bt_emit_new_backend(&json_backend, bt_xcalloc(1,
	    sizeof(struct json_out)));
}

char *
bt_state_json(const struct bt_state *st, size_t *len)
{
	struct bt_emitter *em = bt_json_emitter();
	char *buf;

	bt_state_emit_to(st, em);
	buf = bt_emit_finish(em, len);
	bt_emit_free(em);
	return buf;
}
