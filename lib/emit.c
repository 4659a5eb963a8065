/*
 * emit.c: canonical YAML written into memory with libyaml's emitter.
 * The text reaches a file only when the whole state was emitted, so a
 * failure never leaves half a state behind. Calls after a failure do
 * nothing (emitting on is libyaml's CVE-2024-3205). An emitter made with
 * bt_emit_new_backend hands the same calls to another syntax (json.c).
 */
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "bt.h"

struct bt_emitter {
	yaml_emitter_t	 e;
	char		*buf;
	size_t		 len, cap;
	bool		 failed;
	const struct bt_emit_backend *be;	/* or NULL: libyaml's */
	void		*arg;
};

static int
write_buf(void *arg, unsigned char *data, size_t size)
{
	struct bt_emitter *em = arg;

	if (em->len + size > em->cap) {
		while (em->len + size > em->cap)
			em->cap = em->cap ? 2 * em->cap : 65536;
		em->buf = bt_xrealloc(em->buf, em->cap);
	}
	memcpy(em->buf + em->len, data, size);
	em->len += size;
	return 1;
}

/* libyaml reports memory it could not get as YAML_MEMORY_ERROR: that is
 * out of memory, exit 4, as for bt's own allocations. */
static void
emit(struct bt_emitter *em, yaml_event_t *ev, int ok)
{
	if (em->failed || !ok) {
		em->failed = true;
		return;
	}
	if (!yaml_emitter_emit(&em->e, ev)) {
		if (em->e.error == YAML_MEMORY_ERROR)
			bt_oom();
		em->failed = true;
	}
}

struct bt_emitter *
bt_emit_new(size_t size)
{
	struct bt_emitter *em = bt_xcalloc(1, sizeof(*em));
	yaml_event_t ev;

	em->cap = size + size / 8 + 4096;
	em->buf = bt_xmalloc_big(em->cap);
	if (!yaml_emitter_initialize(&em->e))	/* it only allocates */
		bt_oom();
	yaml_emitter_set_output(&em->e, write_buf, em);
	yaml_emitter_set_unicode(&em->e, 1);
	yaml_emitter_set_width(&em->e, -1);
	yaml_emitter_set_indent(&em->e, 2);
	yaml_emitter_set_break(&em->e, YAML_LN_BREAK);
	emit(em, &ev, yaml_stream_start_event_initialize(&ev,
	    YAML_UTF8_ENCODING));
	emit(em, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL,
	    NULL, 1));
	return em;
}

struct bt_emitter *
bt_emit_new_backend(const struct bt_emit_backend *be, void *arg)
{
	struct bt_emitter *em = bt_xcalloc(1, sizeof(*em));

	em->be = be;
	em->arg = arg;
	return em;
}

char *
bt_emit_finish(struct bt_emitter *em, size_t *len)
{
	yaml_event_t ev;
	char *buf;

	if (em->be != NULL)
		return em->be->finish(em->arg, len);
	emit(em, &ev, yaml_document_end_event_initialize(&ev, 1));
	emit(em, &ev, yaml_stream_end_event_initialize(&ev));
	if (!em->failed && !yaml_emitter_flush(&em->e)) {
		if (em->e.error == YAML_MEMORY_ERROR)
			bt_oom();
		em->failed = true;
	}
	if (em->failed)
		return NULL;
	buf = em->buf;
	*len = em->len;
	em->buf = NULL;
	return buf;
}

void
bt_emit_free(struct bt_emitter *em)
{
	if (em == NULL)
		return;
	if (em->be != NULL)
		em->be->free(em->arg);
	else
		yaml_emitter_delete(&em->e);
	free(em->buf);
	free(em);
}

void
bt_emit_map(struct bt_emitter *em, bool flow)
{
	yaml_event_t ev;

	if (em->be != NULL) {
		em->be->open(em->arg, false);
		return;
	}
	emit(em, &ev, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE));
}

void
bt_emit_seq(struct bt_emitter *em, bool flow)
{
	yaml_event_t ev;

	if (em->be != NULL) {
		em->be->open(em->arg, true);
		return;
	}
	emit(em, &ev, yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE));
}

void
bt_emit_end_map(struct bt_emitter *em)
{
	yaml_event_t ev;

	if (em->be != NULL) {
		em->be->close(em->arg);
		return;
	}
	emit(em, &ev, yaml_mapping_end_event_initialize(&ev));
}

void
bt_emit_end_seq(struct bt_emitter *em)
{
	yaml_event_t ev;

	if (em->be != NULL) {
		em->be->close(em->arg);
		return;
	}
	emit(em, &ev, yaml_sequence_end_event_initialize(&ev));
}

/* NdM, NdM+K, NdM-K: a string to every YAML reader. */
static bool
is_dice(const char *s)
{
	struct bt_dice_expr x;

	return bt_dice_expr_parse(&x, s) == 0;
}

/* Would a YAML 1.1 reader take this plain scalar for something else than
 * a string (null, a boolean, a number)? Then it must be quoted. */
static bool
looks_typed(const char *s)
{
	static const char *const words[] = {
		"", "~", "null", "Null", "NULL", "y", "Y", "yes", "Yes", "YES",
		"n", "N", "no", "No", "NO", "true", "True", "TRUE", "false",
		"False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "<<",
		"=", NULL
	};
	const char *p = s;

	/* Most strings start with a letter none of those words starts with. */
	if (*s != '\0' && strchr("~nNyYtTfFoO<=.+-0123456789", *s) == NULL)
		return false;
	for (size_t i = 0; words[i] != NULL; i++)
		if (strcmp(s, words[i]) == 0)
			return true;
	if (*p == '+' || *p == '-')
		p++;
	if (*p == '.')	/* .5, .inf, .nan and their kin */
		return true;
	if (*p < '0' || *p > '9')
		return false;
	/* Numbers, binary and sexagesimal ones, dates and times all start
	 * with a digit: quote all such but a dice expression. */
	return !is_dice(s);
}

static void
scalar(struct bt_emitter *em, const char *s, bool plain_ok,
    yaml_scalar_style_t style)
{
	yaml_event_t ev;
	int ok = yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)s, (int)strlen(s), plain_ok, 1, style);

	/* It fails on text that is not UTF-8, or when it can't copy it. */
	if (!ok && !em->failed && bt_text_valid(s))
		bt_oom();
	emit(em, &ev, ok);
}

void
bt_emit_str(struct bt_emitter *em, const char *s)
{
	if (em->be != NULL)
		em->be->scalar(em->arg, BT_SCALAR_STR, s, 0);
	else if (strchr(s, '\n') != NULL)
		scalar(em, s, 0, YAML_LITERAL_SCALAR_STYLE);
	else
		scalar(em, s, !looks_typed(s), YAML_ANY_SCALAR_STYLE);
}

void
bt_emit_quoted(struct bt_emitter *em, const char *s)
{
	if (em->be != NULL)
		em->be->scalar(em->arg, BT_SCALAR_STR, s, 0);
	else
		scalar(em, s, 0, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

void
bt_emit_int(struct bt_emitter *em, long v)
{
	char buf[24], *p = buf + sizeof(buf) - 1;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	if (em->be != NULL) {
		em->be->scalar(em->arg, BT_SCALAR_INT, NULL, v);
		return;
	}
	/* By hand: snprintf was a tenth of emitting a big state. */
	*p = '\0';
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	scalar(em, p, 1, YAML_PLAIN_SCALAR_STYLE);
}

void
bt_emit_bool(struct bt_emitter *em, bool v)
{
	if (em->be != NULL)
		em->be->scalar(em->arg, BT_SCALAR_BOOL, NULL, v);
	else
		scalar(em, v ? "true" : "false", 1, YAML_PLAIN_SCALAR_STYLE);
}

void
bt_emit_null(struct bt_emitter *em)
{
	if (em->be != NULL)
		em->be->scalar(em->arg, BT_SCALAR_NULL, NULL, 0);
	else
		scalar(em, "null", 1, YAML_PLAIN_SCALAR_STYLE);
}

bool
bt_text_valid(const char *s)
{
	size_t len = strlen(s), n;

	return bt_text_bad(s, len, false, &n) == len;
}
