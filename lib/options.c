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
bt_options_free(struct bt_options *o)
{
	free(o->v);
	free(o->text);
	memset(o, 0, sizeof(*o));
}

/* Appends printf's text, NUL-ended, to the list's text; its offset. */
static size_t
add_text(struct bt_options *o, const char *fmt, va_list ap)
{
	size_t at = o->len;
	va_list copy;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(o->text != NULL ? o->text + at : NULL,
	    o->text != NULL ? o->tcap - at : 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		bt_oom();	/* vsnprintf fails only for want of memory */
	if (o->text == NULL || at + (size_t)n + 1 > o->tcap) {
		while (o->tcap < at + (size_t)n + 1)
			o->tcap = o->tcap ? 2 * o->tcap : 4096;
		o->text = bt_xrealloc(o->text, o->tcap);
		vsnprintf(o->text + at, o->tcap - at, fmt, ap);
	}
	o->len = at + (size_t)n + 1;
	return at;
}

struct bt_option *
bt_options_add(struct bt_options *o, enum bt_option_kind kind,
    const char *unit, const char *fmt, ...)
{
	struct bt_option *op;
	va_list ap;

	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 64;
		o->v = bt_xreallocarray(o->v, o->cap, sizeof(*o->v));
	}
	op = &o->v[o->n++];
	memset(op, 0, sizeof(*op));
	op->kind = kind;
	op->unit = unit;
	op->facing = -1;
	op->note = BT_OPTION_NO_NOTE;
	va_start(ap, fmt);
	op->line = add_text(o, fmt, ap);
	va_end(ap);
	return op;
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
	return o->text + op->line;
}

const char *
bt_option_note(const struct bt_options *o, const struct bt_option *op)
{
	return op->note == BT_OPTION_NO_NOTE ? NULL : o->text + op->note;
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
