/*
 * emit.c: canonical YAML written with libyaml's emitter or bt's own,
 * into memory, or handed in pieces to a sink as it is made (a state's
 * text is never held whole: issue 19); a file is replaced only once the
 * whole state is in its temporary file (io.c). Calls after a failure do
 * nothing (emitting on is libyaml's CVE-2024-3205). An emitter made with
 * bt_emit_new_backend hands the same calls to another syntax (json.c).
 */
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "bt.h"

/* The direct writer's open collections: BT_MAX_DEPTH is a state's. */
#define DIRECT_DEPTH	(BT_MAX_DEPTH + 2)

struct direct_level {
	bool		 flow, map;
	bool		 first;		/* no entry written yet */
	bool		 key;		/* a map's next scalar is a key */
	int		 indent;	/* the indent to go back to */
};

struct bt_emitter {
	yaml_emitter_t	 e;
	char		*buf;
	size_t		 len, cap;
	bool		 failed;
	const struct bt_emit_backend *be;	/* or NULL: libyaml's */
	void		*arg;
	/* bt's own writer (direct): libyaml's emitter state, mirrored */
	bool		 direct;
	bool		 unsure;	/* met what it leaves to libyaml */
	bool		 pending;	/* a block collection just opened */
	bool		 pending_map;
	int		 indent, flow_level, column;
	bool		 whitespace, indention;
	int		 depth;
	struct direct_level lv[DIRECT_DEPTH];
	/* bt_emit_doc_to: the text handed on in pieces as it is made */
	void		(*sink)(void *, const char *, size_t);
	void		*sink_arg;
	size_t		 safe;		/* direct: bytes no later call changes */
	size_t		 sent;		/* direct: bytes handed on */
	size_t		 skip;		/* libyaml: bytes handed on already */
};

/* Pieces of at least so many bytes go to the sink: the text is never
 * held whole (issue 19's peak memory), and the writes stay large. */
#define SINK_PIECE	(64 * 1024)

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

static int	write_sink(void *, unsigned char *, size_t);

/* libyaml's emitter, its text to out (libyaml takes it only once). */
static struct bt_emitter *
emit_new(size_t size, yaml_write_handler_t *out)
{
	struct bt_emitter *em = bt_xcalloc(1, sizeof(*em));
	yaml_event_t ev;

	em->cap = size + size / 8 + 4096;
	em->buf = bt_xmalloc_big(em->cap);
	if (!yaml_emitter_initialize(&em->e))	/* it only allocates */
		bt_oom();
	yaml_emitter_set_output(&em->e, out, em);
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
bt_emit_new(size_t size)
{
	return emit_new(size, write_buf);
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
	else if (!em->direct)
		yaml_emitter_delete(&em->e);
	free(em->buf);
	free(em);
}

/*
 * bt's own writer (direct): the very bytes libyaml's emitter writes with
 * the settings above (its yaml_emitter_write_indent, write_indicator,
 * increase_indent and scalar style choice, mirrored), for the scalars
 * whose style it can tell for sure: printable text on one line, a key of
 * at most 128 bytes. Anything else (a line break, a tab, a character
 * libyaml would escape, text that is not UTF-8) makes it unsure, and
 * bt_emit_doc writes the document again with libyaml. libyaml copies
 * each scalar into an event, queues it and analyses it: on a state of
 * 20,000 units that was 27% of bt-check's time, and this writer is 10%.
 */
static void
direct_reserve(struct bt_emitter *em, size_t n)
{
	if (em->len + n > em->cap) {
		while (em->len + n > em->cap)
			em->cap = em->cap ? 2 * em->cap : 65536;
		em->buf = bt_xrealloc(em->buf, em->cap);
	}
}

/* n bytes that take chars columns (UTF-8 characters, as libyaml counts) */
static void
direct_put(struct bt_emitter *em, const char *s, size_t n, int chars)
{
	direct_reserve(em, n);
	memcpy(em->buf + em->len, s, n);
	em->len += n;
	em->column += chars;
}

static void
direct_indent(struct bt_emitter *em)
{
	int indent = em->indent >= 0 ? em->indent : 0;

	if (!em->indention || em->column > indent ||
	    (em->column == indent && !em->whitespace)) {
		direct_reserve(em, 1);
		em->buf[em->len++] = '\n';
		em->column = 0;
	}
	if (em->column < indent) {
		direct_reserve(em, (size_t)(indent - em->column));
		memset(em->buf + em->len, ' ', (size_t)(indent - em->column));
		em->len += (size_t)(indent - em->column);
		em->column = indent;
	}
	em->whitespace = em->indention = true;
}

static void
direct_indicator(struct bt_emitter *em, char c, bool need_space,
    bool is_whitespace, bool is_indention)
{
	if (need_space && !em->whitespace)
		direct_put(em, " ", 1, 1);
	direct_put(em, &c, 1, 1);
	em->whitespace = is_whitespace;
	em->indention = em->indention && is_indention;
}

static void
direct_increase(struct bt_emitter *em, bool flow, bool indentless,
    struct direct_level *l)
{
	l->indent = em->indent;
	if (em->indent < 0)
		em->indent = flow ? 2 : 0;
	else if (!indentless)
		em->indent += 2;
}

/* A block collection's first entry: now it is known not to be empty. */
static void
direct_settle(struct bt_emitter *em)
{
	struct direct_level *l = &em->lv[em->depth - 1];

	if (!em->pending)
		return;
	em->pending = false;
	/* A sequence that is a mapping's value is not indented (libyaml's
	 * mapping_context && !indention, unchanged since it opened). */
	direct_increase(em, false, !l->map && em->pending_map &&
	    !em->indention, l);
}

/* What goes before a node, by where it stands; whether it is a key. */
static bool
direct_node(struct bt_emitter *em)
{
	struct direct_level *l;

	if (em->depth == 0)
		return false;
	direct_settle(em);
	l = &em->lv[em->depth - 1];
	if (l->flow) {
		if (!l->first && (!l->map || l->key))
			direct_indicator(em, ',', false, false, false);
		if (l->map && !l->key)
			direct_indicator(em, ':', false, false, false);
	} else if (!l->map) {
		direct_indent(em);
		direct_indicator(em, '-', true, false, true);
	} else if (l->key)
		direct_indent(em);
	else
		direct_indicator(em, ':', false, false, false);
	return l->map && l->key;
}

/* The bytes up to safe, handed on; the rest moved to the front. */
static void
direct_flush(struct bt_emitter *em)
{
	em->sink(em->sink_arg, em->buf, em->safe);
	em->sent += em->safe;
	memmove(em->buf, em->buf + em->safe, em->len - em->safe);
	em->len -= em->safe;
	em->safe = 0;
}

/* A node is written: a mapping's next one is a key, or a value. */
static void
direct_done(struct bt_emitter *em)
{
	struct direct_level *l;

	/* What is written of the nodes done is what libyaml writes for
	 * them, whatever comes after: it may go. */
	em->safe = em->len;
	if (em->sink != NULL && em->safe >= SINK_PIECE)
		direct_flush(em);
	if (em->depth == 0)
		return;
	l = &em->lv[em->depth - 1];
	l->first = false;
	if (l->map)
		l->key = !l->key;
}

struct direct_text {
	size_t	 len;
	int	 chars;
	bool	 flow_plain, block_plain;	/* as libyaml's scalar_data */
};

/* The first character of a plain scalar can't be one of these. */
static bool
first_indicator(unsigned c)
{
	return c < 0x80 && c != '\0' && strchr("#,[]{}&*!|>'\"%@`", (int)c);
}

static bool
flow_indicator(unsigned c)
{
	return c < 0x80 && c != '\0' && strchr(",?[]{}", (int)c);
}

/*
 * libyaml's analysis of a scalar (yaml_emitter_analyze_scalar) for text
 * of printable characters, no tab and no line break, which it writes
 * plain or quoted without escapes; false for anything else.
 */
static bool
direct_analyse(const char *s, struct direct_text *a)
{
	const unsigned char *p = (const unsigned char *)s;
	bool flow_ind = false, block_ind = false, edge_space = *p == ' ';
	bool prev_blank = true;
	int chars = 0;

	if (*p == '\0') {
		*a = (struct direct_text){ 0, 0, false, true };
		return true;
	}
	/* a document marker */
	if ((p[0] == '-' && p[1] == '-' && p[2] == '-') ||
	    (p[0] == '.' && p[1] == '.' && p[2] == '.'))
		flow_ind = block_ind = true;
	for (; *p != '\0'; chars++) {
		unsigned c = *p;
		size_t w;
		bool next_blank;

		/* Letters and digits, most of a state, are never indicators. */
		if (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
		    (c >= '0' && c <= '9')) {
			prev_blank = false;
			p++;
			continue;
		}
		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				return false;	/* escaped, or a break */
			w = 1;
		} else if (c >= 0xc2 && c <= 0xdf) {
			/* U+0080 to U+009F (NEL among them) are escaped */
			if ((p[1] & 0xc0) != 0x80 || (c == 0xc2 && p[1] < 0xa0))
				return false;
			w = 2;
		} else if (c >= 0xe0 && c <= 0xef) {
			if ((p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80 ||
			    (c == 0xe0 && p[1] < 0xa0) ||	/* overlong */
			    (c == 0xed && p[1] >= 0xa0) ||	/* surrogates */
			    /* U+2028, U+2029: line breaks */
			    (c == 0xe2 && p[1] == 0x80 && p[2] >= 0xa8 &&
			    p[2] <= 0xa9) ||
			    /* U+FEFF, U+FFFE, U+FFFF: escaped */
			    (c == 0xef && ((p[1] == 0xbb && p[2] == 0xbf) ||
			    (p[1] == 0xbf && p[2] >= 0xbe))))
				return false;
			w = 3;
		} else
			return false;	/* beyond U+FFFF: escaped; or not UTF-8 */
		/* Tabs and breaks were refused: only a space or the end. */
		next_blank = p[w] == '\0' || p[w] == ' ';
		if (chars == 0) {
			if (first_indicator(c))
				flow_ind = block_ind = true;
			if (c == '?' || c == ':') {
				flow_ind = true;
				block_ind = block_ind || next_blank;
			}
			if (c == '-' && next_blank)
				flow_ind = block_ind = true;
		} else {
			if (flow_indicator(c))
				flow_ind = true;
			if (c == ':') {
				flow_ind = true;
				block_ind = block_ind || next_blank;
			}
			if (c == '#' && prev_blank)
				flow_ind = block_ind = true;
		}
		if (c == ' ' && p[w] == '\0')
			edge_space = true;
		prev_blank = c == ' ';
		p += w;
	}
	a->len = (size_t)(p - (const unsigned char *)s);
	a->chars = chars;
	a->flow_plain = !edge_space && !flow_ind;
	a->block_plain = !edge_space && !block_ind;
	return true;
}

/* s written quoted by q, each q and escape in it escaped by esc. */
static void
direct_quoted(struct bt_emitter *em, const char *s,
    const struct direct_text *a, char q, char esc)
{
	const char *p = s, *run = s;

	direct_indicator(em, q, true, false, false);
	direct_reserve(em, 2 * a->len);
	for (; *p != '\0'; p++)
		if (*p == q || (esc != q && *p == esc)) {
			memcpy(em->buf + em->len, run, (size_t)(p - run));
			em->len += (size_t)(p - run);
			em->buf[em->len++] = esc;
			em->column++;
			run = p;
		}
	memcpy(em->buf + em->len, run, (size_t)(p - run));
	em->len += (size_t)(p - run);
	em->column += a->chars;
	direct_indicator(em, q, false, false, false);
}

static void
direct_scalar(struct bt_emitter *em, const char *s, bool plain_ok,
    yaml_scalar_style_t style)
{
	struct direct_text a;
	bool key;

	if (em->unsure)
		return;
	if (style == YAML_LITERAL_SCALAR_STYLE || !direct_analyse(s, &a)) {
		em->unsure = true;
		return;
	}
	key = direct_node(em);
	if (key && a.len > 128) {	/* libyaml writes "? key" */
		em->unsure = true;
		return;
	}
	/* libyaml's yaml_emitter_select_scalar_style */
	if (style == YAML_ANY_SCALAR_STYLE)
		style = YAML_PLAIN_SCALAR_STYLE;
	if (style == YAML_PLAIN_SCALAR_STYLE &&
	    ((em->flow_level ? !a.flow_plain : !a.block_plain) ||
	    (a.len == 0 && (em->flow_level || key)) || !plain_ok))
		style = YAML_SINGLE_QUOTED_SCALAR_STYLE;
	if (style == YAML_PLAIN_SCALAR_STYLE) {
		if (!em->whitespace && (a.len > 0 || em->flow_level))
			direct_put(em, " ", 1, 1);
		direct_put(em, s, a.len, a.chars);
	} else if (style == YAML_SINGLE_QUOTED_SCALAR_STYLE)
		direct_quoted(em, s, &a, '\'', '\'');
	else
		direct_quoted(em, s, &a, '"', '\\');
	em->whitespace = em->indention = false;
	direct_done(em);
}

/* A number: plain, one character a byte, never a long key. */
static void
direct_plain(struct bt_emitter *em, const char *s, size_t len)
{
	if (em->unsure)
		return;
	direct_node(em);
	if (!em->whitespace)
		direct_put(em, " ", 1, 1);
	direct_put(em, s, len, (int)len);
	em->whitespace = em->indention = false;
	direct_done(em);
}

static void
direct_open(struct bt_emitter *em, bool map, bool flow)
{
	struct direct_level *l;
	bool in_map = em->depth > 0 && em->lv[em->depth - 1].map;

	if (em->unsure)
		return;
	if (em->depth + 1 == DIRECT_DEPTH || direct_node(em)) {
		em->unsure = true;	/* too deep, or a collection as a key */
		return;
	}
	l = &em->lv[em->depth++];
	l->map = map;
	l->first = l->key = true;
	l->flow = flow || em->flow_level > 0;
	if (l->flow) {
		direct_indicator(em, map ? '{' : '[', true, true, false);
		direct_increase(em, true, false, l);
		em->flow_level++;
	} else {
		/* empty, libyaml writes it as [] or {}: known at the next call */
		em->pending = true;
		em->pending_map = in_map;
	}
}

static void
direct_close(struct bt_emitter *em, bool map)
{
	struct direct_level *l;

	if (em->unsure)
		return;
	l = &em->lv[em->depth > 0 ? em->depth - 1 : 0];
	if (em->depth == 0 || l->map != map || (map && !l->key)) {
		em->unsure = true;	/* libyaml says what is wrong */
		return;
	}
	if (em->pending) {
		/* libyaml writes an empty block collection in flow style */
		em->pending = false;
		direct_indicator(em, map ? '{' : '[', true, true, false);
		direct_indicator(em, map ? '}' : ']', false, false, false);
	} else {
		em->indent = l->indent;
		if (l->flow) {
			em->flow_level--;
			direct_indicator(em, map ? '}' : ']', false, false,
			    false);
		}
	}
	em->depth--;
	direct_done(em);
}

/* bt's writer, libyaml's stream just started (indent -1, at a line's
 * start); bt_emit_doc is its only user, which can fall back on libyaml. */
static struct bt_emitter *
direct_new(size_t size)
{
	struct bt_emitter *em = bt_xcalloc(1, sizeof(*em));

	em->cap = size + size / 8 + 4096;
	em->buf = bt_xmalloc_big(em->cap);
	em->direct = true;
	em->indent = -1;
	em->whitespace = em->indention = true;
	return em;
}

/* libyaml's document end: a line break after the last line. */
static char *
direct_finish(struct bt_emitter *em, size_t *len)
{
	char *buf;

	if (em->unsure || em->depth != 0 || em->len + em->sent == 0) {
		em->unsure = true;
		return NULL;
	}
	direct_indent(em);
	if (em->sink != NULL) {
		em->safe = em->len;
		direct_flush(em);
	}
	buf = em->buf;
	*len = em->len;
	em->buf = NULL;
	return buf;
}

/*
 * One document, written by body(arg, em): by bt's writer, or by libyaml's
 * emitter when bt's is unsure (or BT_EMIT is 'libyaml', for the tests
 * that compare the two). The text or NULL, as bt_emit_finish.
 */
char *
bt_emit_doc(void (*body)(const void *, struct bt_emitter *), const void *arg,
    size_t size, size_t *len)
{
	const char *env = getenv("BT_EMIT");
	struct bt_emitter *em;
	char *buf;

	if (env == NULL || strcmp(env, "libyaml") != 0) {
		em = direct_new(size);
		body(arg, em);
		buf = direct_finish(em, len);
		bt_emit_free(em);
		if (buf != NULL)
			return buf;
	}
	em = bt_emit_new(size);
	body(arg, em);
	buf = bt_emit_finish(em, len);
	bt_emit_free(em);
	return buf;
}

/* libyaml's text to the sink, but for the bytes bt's writer handed on
 * before it was unsure: the same bytes, which are not to come twice. */
static int
write_sink(void *arg, unsigned char *data, size_t size)
{
	struct bt_emitter *em = arg;
	size_t skip = em->skip < size ? em->skip : size;

	em->skip -= skip;
	if (size > skip)
		em->sink(em->sink_arg, (const char *)data + skip, size - skip);
	return 1;
}

/*
 * bt_emit_doc, the text handed to sink(sink_arg, piece, length) in pieces
 * as it is made instead of held whole. When bt's writer is unsure, the
 * document is written again by libyaml, whose text begins with the very
 * bytes bt's handed on: those are left out. 0, or -1 when libyaml refused
 * an event (the sink may have had a part of the text).
 */
int
bt_emit_doc_to(void (*body)(const void *, struct bt_emitter *),
    const void *arg, void (*sink)(void *, const char *, size_t),
    void *sink_arg)
{
	const char *env = getenv("BT_EMIT");
	struct bt_emitter *em;
	size_t len, sent = 0;
	char *buf;

	if (env == NULL || strcmp(env, "libyaml") != 0) {
		em = direct_new(2 * SINK_PIECE);
		em->sink = sink;
		em->sink_arg = sink_arg;
		body(arg, em);
		buf = direct_finish(em, &len);
		sent = em->sent;
		bt_emit_free(em);
		if (buf != NULL) {
			free(buf);
			return 0;
		}
	}
	em = emit_new(0, write_sink);
	em->sink = sink;
	em->sink_arg = sink_arg;
	em->skip = sent;
	body(arg, em);
	buf = bt_emit_finish(em, &len);
	bt_emit_free(em);
	if (buf == NULL)
		return -1;
	free(buf);
	return 0;
}

void
bt_emit_map(struct bt_emitter *em, bool flow)
{
	yaml_event_t ev;

	if (em->direct) {
		direct_open(em, true, flow);
		return;
	}
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

	if (em->direct) {
		direct_open(em, false, flow);
		return;
	}
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

	if (em->direct) {
		direct_close(em, true);
		return;
	}
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

	if (em->direct) {
		direct_close(em, false);
		return;
	}
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
	/* none of the words is longer than five bytes */
	if (strnlen(s, 6) < 6)
		for (size_t i = 0; words[i] != NULL; i++)
			if (words[i][0] == s[0] && strcmp(s, words[i]) == 0)
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
	int ok;

	if (em->direct) {
		direct_scalar(em, s, plain_ok, style);
		return;
	}
	ok = yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s,
	    (int)strlen(s), plain_ok, 1, style);

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
	else if (em->direct)	/* a line break makes it unsure */
		direct_scalar(em, s, !looks_typed(s), YAML_ANY_SCALAR_STYLE);
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
	if (em->direct)
		direct_plain(em, p, (size_t)(buf + sizeof(buf) - 1 - p));
	else
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
