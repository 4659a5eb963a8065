/*
 * options.c: the list of legal orders that a ruleset's enumeration fills
 * (cc-options.c, kingdom-options.c, clash-options.c), and the two
 * questions asked of it through the ruleset table: whose order the battle
 * waits for, and what that side may order now.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

void
bt_options_clear(struct bt_options *o)
{
	o->n = 0;
	o->len = 0;
}

void
bt_options_forget(struct bt_options *o)
{
	bt_options_clear(o);
	if (o->memo != NULL)
		o->memo_forget(o->memo);
}

void
bt_options_free(struct bt_options *o)
{
	if (o->memo != NULL)
		o->memo_free(o->memo);
	free(o->v);
	free(o->text);
	memset(o, 0, sizeof(*o));
}

/* The list's text grown to hold n more bytes. */
static void
grow(struct bt_options *o, size_t n)
{
	while (o->tcap < o->len + n)
		o->tcap = o->tcap ? 2 * o->tcap : 4096;
	o->text = bt_xrealloc(o->text, o->tcap);
}

/* Has the list's text room for n more bytes? */
static inline bool
has_room(const struct bt_options *o, size_t n)
{
	return o->text != NULL && o->len + n <= o->tcap;
}

/* Room in the list's text for n more bytes. Inline: a listing adds
 * thousands of lines a battle, which seldom grow it. */
static inline void
reserve(struct bt_options *o, size_t n)
{
	if (!has_room(o, n))
		grow(o, n);
}

/*
 * Most lines are words and ids: a format of at most MAX_STRINGS %s
 * directives and nothing else, with no NULL among its strings, is
 * copied here, as printf would write it; a listing adds thousands of
 * lines a battle, and vsnprintf was a tenth of a battle in memory. One
 * pass over the format finds its pieces, the text between directives
 * and the strings, with their lengths; each is then copied whole.
 * Returns the text's offset, or (size_t)-1 for a format it leaves to
 * printf.
 */
#define MAX_STRINGS	8

static size_t
add_strings(struct bt_options *o, const char *fmt, va_list ap)
{
	/* pieces: literal, string, literal, ..., string, literal */
	const char *piece[2 * MAX_STRINGS + 1];
	size_t at = o->len, n = 0, len[2 * MAX_STRINGS + 1];
	const char *p = fmt, *lit = fmt;
	int np = 0;
	va_list copy;
	char *t;

	va_copy(copy, ap);
	for (;; p++) {
		if (*p != '\0' && *p != '%')
			continue;
		piece[np] = lit;
		n += len[np] = (size_t)(p - lit);
		np++;
		if (*p == '\0')
			break;
		if (p[1] != 's' || np == 2 * MAX_STRINGS + 1 ||
		    (piece[np] = va_arg(copy, const char *)) == NULL) {
			va_end(copy);
			return (size_t)-1;
		}
		n += len[np] = strlen(piece[np]);
		np++;
		lit = ++p + 1;
	}
	va_end(copy);
	reserve(o, n + 1);
	t = o->text + at;
	for (int k = 0; k < np; k++) {
		memcpy(t, piece[k], len[k]);
		t += len[k];
	}
	*t = '\0';
	o->len = at + n + 1;
	return at;
}

/* Appends printf's text, NUL-ended, to the list's text; its offset. */
static size_t
add_text(struct bt_options *o, const char *fmt, va_list ap)
{
	size_t at;
	va_list copy;
	int n;

	va_copy(copy, ap);
	at = add_strings(o, fmt, copy);
	va_end(copy);
	if (at != (size_t)-1)
		return at;
	at = o->len;
	va_copy(copy, ap);
	n = vsnprintf(o->text != NULL ? o->text + at : NULL,
	    o->text != NULL ? o->tcap - at : 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		bt_oom();	/* vsnprintf fails only for want of memory */
	if (o->text == NULL || at + (size_t)n + 1 > o->tcap) {
		reserve(o, (size_t)n + 1);
		vsnprintf(o->text + at, o->tcap - at, fmt, ap);
	}
	o->len = at + (size_t)n + 1;
	return at;
}

/* The list grown to hold one option more. */
static void
grow_options(struct bt_options *o)
{
	o->cap = o->cap ? 2 * o->cap : 64;
	o->v = bt_xreallocarray(o->v, o->cap, sizeof(*o->v));
}

/* The next option, of unit, with room for it: its line not set yet. */
static inline struct bt_option *
next_option(struct bt_options *o, enum bt_option_kind kind, const char *unit)
{
	struct bt_option *op = &o->v[o->n++];

	memset(op, 0, sizeof(*op));
	op->kind = kind;
	op->unit = unit;
	op->facing = -1;
	op->note = BT_OPTION_NO_NOTE;
	return op;
}

/* A new option of unit, its line not set yet. Inline: asked of every
 * line a listing adds. */
static inline struct bt_option *
new_option(struct bt_options *o, enum bt_option_kind kind, const char *unit)
{
	if (o->n == o->cap)
		grow_options(o);
	return next_option(o, kind, unit);
}

struct bt_option *
bt_options_add(struct bt_options *o, enum bt_option_kind kind,
    const char *unit, const char *fmt, ...)
{
	struct bt_option *op = new_option(o, kind, unit);
	va_list ap;

	va_start(ap, fmt);
	op->line = add_text(o, fmt, ap);
	va_end(ap);
	return op;
}

/* An option with no room made for it yet: bt_options_add_room's, kept
 * out of line (noinline: the compiler would fold it in), so that its
 * way with room, nearly every line, makes no call and saves no
 * register. */
static __attribute__((noinline)) char *
add_room_grown(struct bt_options *o, enum bt_option_kind kind,
    const char *unit, size_t len, size_t slack, struct bt_option **op)
{
	if (o->n == o->cap)
		grow_options(o);
	reserve(o, len + 1 + slack);
	return bt_options_add_room(o, kind, unit, len, slack, op);
}

char *
bt_options_add_room(struct bt_options *o, enum bt_option_kind kind,
    const char *unit, size_t len, size_t slack, struct bt_option **op)
{
	char *line;

	if (o->n == o->cap || !has_room(o, len + 1 + slack))
		return add_room_grown(o, kind, unit, len, slack, op);
	*op = new_option(o, kind, unit);
	line = o->text + o->len;
	(*op)->line = o->len;
	o->len += len + 1;
	return line;
}

struct bt_option *
bt_options_add_ways(struct bt_options *o, size_t n)
{
	struct bt_option *ops;

	while (o->cap - o->n < n)
		grow_options(o);
	ops = &o->v[o->n];
	o->n += n;
	return ops;
}

void
bt_options_picked(struct bt_options *o, const struct bt_state *st,
    const struct bt_option *op)
{
	if (o->memo != NULL && o->memo_picked != NULL)
		o->memo_picked(o->memo, st, op);
}

void
bt_options_keep(struct bt_options *o, size_t n)
{
	o->n += n;
}

void
bt_options_note(struct bt_options *o, const char *fmt, ...)
{
	va_list ap;

	if (o->n == 0)
		return;
	va_start(ap, fmt);
	o->v[o->n - 1].note = add_text(o, fmt, ap);
	va_end(ap);
}

const char *
bt_option_line(const struct bt_options *o, const struct bt_option *op)
{
	if (op->line & BT_OPTION_WAY)
		return o->line_of(o->memo, op);
	return o->text + op->line;
}

const char *
bt_option_note(const struct bt_options *o, const struct bt_option *op)
{
	return op->note == BT_OPTION_NO_NOTE ? NULL : o->text + op->note;
}

const char *
bt_waiting_active(const struct bt_state *st)
{
	const struct bt_unit *u;

	if (st->active == NULL || (u = bt_unit_find(st, st->active)) == NULL)
		return NULL;
	return u->side;
}

const char *
bt_waiting(const struct bt_state *st)
{
	if (st->result.present || st->rules->waiting == NULL)
		return NULL;
	return st->rules->waiting(st);
}

int
bt_options_of(const struct bt_state *st, const char *side,
    struct bt_options *o)
{
	bt_options_clear(o);
	if (st->rules->options == NULL)
		return -1;
	st->rules->options(st, side, o);
	return 0;
}

/* --- the players' listing (bt-options) --- */

static const char *const kind_words[] = {
	"move", "attack", "shoot", "act", "morale", "end"
};
static const char *const kind_heads[] = {
	"moves: where each ends, and its cost",
	"attacks in melee: the d20 each needs",
	"shots: the d20 each needs",
	"actions",
	"morale",
	"ending the turn"
};

static bool
listed(const struct bt_option *op, const char *unit)
{
	return unit == NULL || (op->unit != NULL && strcmp(op->unit, unit) == 0);
}

/* What an option does, past its line, in words; into buf. */
static void
describe(const struct bt_options *o, const struct bt_option *op, char *buf,
    size_t size)
{
	const char *note = bt_option_note(o, op);
	size_t n = 0;

#define SAY(...)	do { \
		int k_ = snprintf(buf + n, size - n, __VA_ARGS__); \
		if (k_ > 0) \
			n = n + (size_t)k_ < size ? n + (size_t)k_ : size - 1; \
	} while (0)
	buf[0] = '\0';
	if (op->kind == BT_OPT_MOVE) {
		SAY("to [%d, %d]", op->x, op->y);
		if (op->facing >= 0)
			SAY(" facing %s", bt_facing_words[op->facing]);
		SAY(", cost %d", op->cost);
	}
	if (op->need > 0)
		SAY("%s%d or more on the d20", n ? ", " : "", op->need);
	if (op->adv != 0)
		SAY("%s%s", n ? ", " : "", op->adv > 0 ? "advantage" :
		    "disadvantage");
	if (op->provokes)
		SAY("%sprovokes a reaction", n ? ", " : "");
	if (note != NULL)
		SAY("%s%s", n ? "; " : "", note);
#undef SAY
}

void
bt_options_print(const struct bt_state *st, const char *side,
    const char *unit, const struct bt_options *o, FILE *fp)
{
	const struct bt_unit *u = unit != NULL ? bt_unit_find(st, unit) : NULL;
	size_t width = 0, count = 0;
	char what[512];

	/* The unit whose turn it is (cc, clash): the one all orders share. */
	if (u == NULL && o->n > 0 && o->v[0].unit != NULL) {
		u = bt_unit_find(st, o->v[0].unit);
		for (size_t i = 1; i < o->n && u != NULL; i++)
			if (o->v[i].unit == NULL ||
			    strcmp(o->v[i].unit, u->id) != 0)
				u = NULL;
	}
	for (size_t i = 0; i < o->n; i++)
		if (listed(&o->v[i], unit)) {
			size_t l = strlen(bt_option_line(o, &o->v[i]));

			count++;
			if (l > width && l <= 40)
				width = l;
		}
	if (u != NULL)
		fprintf(fp, "# %s (%s) of %s: %zu legal order%s now\n", u->id,
		    u->name != NULL ? u->name : u->id, u->side, count,
		    count == 1 ? "" : "s");
	else
		fprintf(fp, "# %s to order: %zu legal order%s now\n", side,
		    count, count == 1 ? "" : "s");
	fputs("# Each line is an order bt-order takes; keep the ones "
	    "you give.\n", fp);
	for (int k = BT_OPT_MOVE; k <= BT_OPT_END; k++) {
		bool head = false;

		for (size_t i = 0; i < o->n; i++) {
			const struct bt_option *op = &o->v[i];

			if ((int)op->kind != k || !listed(op, unit))
				continue;
			if (!head)
				fprintf(fp, "# %s\n", kind_heads[k]);
			head = true;
			describe(o, op, what, sizeof(what));
			if (what[0] != '\0')
				fprintf(fp, "%-*s  # %s\n", (int)width,
				    bt_option_line(o, op), what);
			else
				fprintf(fp, "%s\n", bt_option_line(o, op));
		}
	}
}

static void
emit_pair(struct bt_emitter *em, const char *key, const char *value)
{
	bt_emit_str(em, key);
	bt_emit_str(em, value);
}

static void
emit_int(struct bt_emitter *em, const char *key, long v)
{
	bt_emit_str(em, key);
	bt_emit_int(em, v);
}

void
bt_options_emit(const struct bt_state *st, const char *side,
    const char *unit, const struct bt_options *o, struct bt_emitter *em)
{
	(void)st;
	bt_emit_map(em, false);
	emit_pair(em, "waiting", side);
	if (unit != NULL)
		emit_pair(em, "unit", unit);
	bt_emit_str(em, "options");
	bt_emit_seq(em, false);
	for (size_t i = 0; i < o->n; i++) {
		const struct bt_option *op = &o->v[i];
		const char *note = bt_option_note(o, op);

		if (!listed(op, unit))
			continue;
		bt_emit_map(em, false);
		emit_pair(em, "order", bt_option_line(o, op));
		emit_pair(em, "kind", kind_words[op->kind]);
		if (op->unit != NULL)
			emit_pair(em, "unit", op->unit);
		if (op->target != NULL)
			emit_pair(em, "target", op->target);
		if (op->kind == BT_OPT_MOVE) {
			bt_emit_str(em, "to");
			bt_emit_seq(em, true);
			bt_emit_int(em, op->x);
			bt_emit_int(em, op->y);
			bt_emit_end_seq(em);
			if (op->facing >= 0)
				emit_pair(em, "facing",
				    bt_facing_words[op->facing]);
			emit_int(em, "cost", op->cost);
		}
		if (op->need > 0)
			emit_int(em, "need", op->need);
		if (op->adv != 0)
			emit_pair(em, "roll", op->adv > 0 ? "advantage" :
			    "disadvantage");
		if (op->provokes) {
			bt_emit_str(em, "provokes");
			bt_emit_bool(em, true);
		}
		if (note != NULL)
			emit_pair(em, "note", note);
		bt_emit_end_map(em);
	}
	bt_emit_end_seq(em);
	bt_emit_end_map(em);
}
