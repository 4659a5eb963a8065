/* diag.c: problems found while reading or playing, and allocation that dies. */
#define _DEFAULT_SOURCE		/* madvise's MADV_HUGEPAGE */
#include <sys/mman.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

const char *bt_progname = "bt";
struct bt_context bt_context;
static void (*fatal_cleanup)(void);

/*
 * The length of the UTF-8 character at p (left bytes), or 0 when p does
 * not start one: a stray continuation byte, an overlong form, a
 * surrogate, past U+10FFFF, or cut short. *cp gets its code point.
 */
static size_t
utf8_char(const unsigned char *p, size_t left, unsigned long *cp)
{
	unsigned long c, min;
	size_t n;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	n = p[0] < 0xC2 ? 0 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 :
	    p[0] < 0xF5 ? 4 : 0;
	if (n == 0 || n > left)
		return 0;
	c = p[0] & (0x7F >> n);
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3F);
	}
	min = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return n;
}

size_t
bt_text_bad(const char *s, size_t len, bool lines, size_t *n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c;

	for (size_t i = 0; i < len; i += *n) {
		if ((*n = utf8_char(p + i, len - i, &c)) == 0) {
			*n = 1;
			return i;
		}
		if ((c < 0x20 && c != '\t' && !(lines && c == '\n')) ||
		    (c >= 0x7F && c <= 0x9F))
			return i;
	}
	*n = 0;
	return len;
}

/* The n bytes at s (4 at most: one character) as "\x1b" into buf. */
static void
text_show(char buf[20], const char *s, size_t n)
{
	buf[0] = '\0';
	for (size_t i = 0; i < n && i < 4; i++)
		snprintf(buf + 4 * i, 20 - 4 * i, "\\x%02x",
		    (unsigned char)s[i]);
}

char *
bt_text_why(const char *s, size_t n, const char *in)
{
	char show[20];

	text_show(show, s, n);
	if (n == 1 && (unsigned char)*s >= 0x80)
		return bt_xasprintf("not UTF-8 (%s) in %s", show, in);
	return bt_xasprintf("a control character (%s) in %s: text may hold "
	    "no terminal controls", show, in);
}

/*
 * Every message goes out through here, so that input a message quotes (a
 * bad value, a key, a file name, an order's word) never reaches the
 * reader's terminal raw: a control character or a byte that is not UTF-8
 * is written \xHH, byte by byte, newline included (a message is one
 * line). bt's own words hold none of them.
 */
static void
put_escaped(const char *s, FILE *fp)
{
	size_t len = strlen(s), n;
	char show[20];

	while (len > 0) {
		size_t ok = bt_text_bad(s, len, false, &n);

		fwrite(s, 1, ok, fp);
		if (ok == len)
			break;
		text_show(show, s + ok, n);
		fputs(show, fp);
		s += ok + n;
		len -= ok + n;
	}
}

/* "bt-order: orders:3: bt-move: " while bt-order plays a line, so that a
 * program's message says which order it is about. */
static void
prefix(FILE *fp)
{
	const struct bt_context *c = &bt_context;

	put_escaped(bt_progname, fp);
	fputs(": ", fp);
	if (c->file != NULL) {
		put_escaped(c->file, fp);
		fprintf(fp, ":%ld", c->line);
		if (c->col > 0)
			fprintf(fp, ":%d", c->col);
		if (c->word != NULL) {
			fputs(": ", fp);
			put_escaped(c->word, fp);
		}
		fputs(": ", fp);
	}
}

void
bt_error_init(struct bt_error *e, const char *file)
{
	memset(e, 0, sizeof(*e));
	e->file = file;
}

int
bt_errorf(struct bt_error *e, int status, int line, int col,
    const char *fmt, ...)
{
	va_list ap;

	if (e->quiet) {
		if (e->n++ == 0)
			e->status = status;
		return -1;
	}
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 8;
		e->msgs = bt_xreallocarray(e->msgs, e->cap, sizeof(*e->msgs));
	}
	va_start(ap, fmt);
	e->msgs[e->n].text = bt_xvasprintf(fmt, ap);
	va_end(ap);
	e->msgs[e->n].line = line;
	e->msgs[e->n].col = col;
	if (e->n++ == 0)
		e->status = status;
	return -1;
}

int
bt_data_error(struct bt_error *e, struct bt_pos at, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = bt_xvasprintf(fmt, ap);
	va_end(ap);
	bt_errorf(e, BT_EXIT_DATA, at.line, at.col, "%s", msg);
	free(msg);
	return -1;
}

/* Messages in the order of the input, those with no place last; found
 * in another order (units are read as they stream by). */
static int
by_place(const void *a, const void *b)
{
	const struct bt_msg *x = *(const struct bt_msg *const *)a;
	const struct bt_msg *y = *(const struct bt_msg *const *)b;

	if ((x->line == 0) != (y->line == 0))
		return x->line == 0 ? 1 : -1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x < y ? -1 : x > y;	/* as found */
}

void
bt_error_print(const struct bt_error *e, FILE *fp)
{
	const struct bt_msg **sorted;

	if (e->quiet)	/* nothing to say */
		return;
	sorted = bt_xcalloc(e->n + 1, sizeof(*sorted));

	for (size_t i = 0; i < e->n; i++)
		sorted[i] = &e->msgs[i];
	qsort(sorted, e->n, sizeof(*sorted), by_place);
	for (size_t i = 0; i < e->n; i++) {
		const struct bt_msg *m = sorted[i];
		char *line;

		size_t j;

		/* Said once: a template's fault is every unit's that uses
		 * it, at the template's place. */
		for (j = i; j > 0 && sorted[j - 1]->line == m->line &&
		    sorted[j - 1]->col == m->col; j--)
			if (strcmp(sorted[j - 1]->text, m->text) == 0)
				break;
		if (j > 0 && sorted[j - 1]->line == m->line &&
		    sorted[j - 1]->col == m->col)
			continue;

		if (e->file != NULL && m->line > 0)
			line = bt_xasprintf("%s:%d:%d: %s", e->file, m->line,
			    m->col, m->text);
		else if (e->file != NULL)
			line = bt_xasprintf("%s: %s", e->file, m->text);
		else
			line = bt_xstrdup(m->text);
		prefix(fp);
		put_escaped(line, fp);
		fputc('\n', fp);
		free(line);
	}
	free(sorted);
}

void
bt_error_free(struct bt_error *e)
{
	if (e->msgs == NULL)	/* most often: nothing was said */
		return;
	for (size_t i = 0; i < e->n; i++)
		free(e->msgs[i].text);
	free(e->msgs);
	e->msgs = NULL;
	e->n = e->cap = 0;
}

void
bt_warnx(const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = bt_xvasprintf(fmt, ap);
	va_end(ap);
	prefix(stderr);
	put_escaped(msg, stderr);
	fputc('\n', stderr);
	free(msg);
}

/* Registers what must be undone before dying (an in-place temporary). */
void
bt_atfatal(void (*fn)(void))
{
	fatal_cleanup = fn;
}

void
bt_oom(void)
{
	prefix(stderr);
	fputs("out of memory\n", stderr);
	if (fatal_cleanup != NULL)
		fatal_cleanup();
	exit(BT_EXIT_IO);
}

void *
bt_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		bt_oom();
	return p;
}

/*
 * A big state's buffers (its text, the tree's blocks, the text written)
 * are touched once each, page by page: with 4 KiB pages, reading and
 * writing a 10,000-unit state took 3,000 page faults and as many TLB
 * misses, and half again the time of libyaml alone (bench/run). Huge
 * pages, where the kernel gives them, take that cost away.
 */
void *
bt_xmalloc_big(size_t n)
{
	void *p;
	size_t size = (n + BT_HUGE - 1) / BT_HUGE * BT_HUGE;

	if (n < BT_HUGE || posix_memalign(&p, BT_HUGE, size) != 0)
		return bt_xmalloc(n);
#ifdef MADV_HUGEPAGE
	madvise(p, size, MADV_HUGEPAGE);
#endif
	return p;
}

void *
bt_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		bt_oom();
	return p;
}

void *
bt_xrealloc(void *p, size_t n)
{
	if ((p = realloc(p, n ? n : 1)) == NULL)
		bt_oom();
	return p;
}

void *
bt_xreallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		bt_oom();
	return bt_xrealloc(p, n * size);
}

char *
bt_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(bt_xmalloc(n), s, n);
}

char *
bt_vformat(void *(*alloc)(void *, size_t), void *where, const char *fmt,
    va_list ap)
{
	va_list ap2;
	int n;
	char *s;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		bt_oom();
	s = alloc(where, (size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

/* bt_vformat's memory on the heap. */
static void *
on_heap(void *where, size_t n)
{
	(void)where;
	return bt_xmalloc(n);
}

char *
bt_xvasprintf(const char *fmt, va_list ap)
{
	return bt_vformat(on_heap, NULL, fmt, ap);
}

char *
bt_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = bt_xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}
