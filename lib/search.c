/*
 * search.c: the cheapest way to a square, for every ruleset's --to and
 * for cc's retreat. A Dijkstra search over the window of squares within r
 * of where the unit stands (its home), whose moves, their costs and
 * where they lead are the ruleset's, through a function.
 *
 * The squares still to settle wait in a binary heap ordered by cost, then
 * by window index, which is the order of the rows, then the columns: the
 * order a scan of the whole window used to pick them in, so the ties (and
 * every path) are those it gave, at O(n log n) instead of O(n^2).
 *
 * The window is not always the whole (2r+1)^2: a large r (a clash unit
 * of speed 10000 on a 1-foot square) would ask for gigabytes where the map
 * is a few thousand squares wide. Up to SEARCH_FIRST the window is whole
 * from the start; beyond, it starts that wide and doubles whenever a move
 * reaches past it, so it is at most twice as wide as the squares reached.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

/* The half-width a window starts at: wider than any cc or kingdom search
 * (r 200 at most), whose squares so never change index. */
#define SEARCH_FIRST	256

/* flags[] bits */
#define SETTLED		0x1	/* its least cost is known */
#define STOP		0x2	/* reached by a move into contact: not left */

struct entry {
	int		 d;		/* cost when it was queued */
	int		 at;		/* window index */
};

/* A search's queue starts in room of its own on the stack (QUEUE_FIRST
 * entries, more than a cc or kingdom search queues) and moves to the
 * heap only when it outgrows it: most searches allocate none. */
#define QUEUE_FIRST	256

struct queue {
	struct entry	*v;
	size_t		 n, cap;
	struct entry	*first;		/* the room on the stack */
};

static bool
before(const struct entry *a, const struct entry *b)
{
	return a->d < b->d || (a->d == b->d && a->at < b->at);
}

static void
push(struct queue *q, int d, int at)
{
	size_t i;

	if (q->n == q->cap) {
		q->cap *= 2;
		if (q->v == q->first) {
			q->v = bt_xreallocarray(NULL, q->cap, sizeof(*q->v));
			memcpy(q->v, q->first, q->n * sizeof(*q->v));
		} else
			q->v = bt_xreallocarray(q->v, q->cap, sizeof(*q->v));
	}
	i = q->n++;
	q->v[i].d = d;
	q->v[i].at = at;
	while (i > 0 && before(&q->v[i], &q->v[(i - 1) / 2])) {
		struct entry t = q->v[i];

		q->v[i] = q->v[(i - 1) / 2];
		q->v[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static struct entry
pop(struct queue *q)
{
	struct entry top = q->v[0], last = q->v[--q->n];
	size_t i = 0;

	for (;;) {
		size_t k = 2 * i + 1;

		if (k >= q->n)
			break;
		if (k + 1 < q->n && before(&q->v[k + 1], &q->v[k]))
			k++;
		if (!before(&q->v[k], &last))
			break;
		q->v[i] = q->v[k];
		i = k;
	}
	if (q->n > 0)
		q->v[i] = last;
	return top;
}

/* A window of half-width r, with nothing reached: its arrays and the
 * search's flags in one block, dist first (bt_search_free frees it), in
 * room (size bytes) when it fits there. */
static void
window(struct bt_search *s, unsigned char **flags, int r, void *room,
    size_t size)
{
	size_t n;

	s->r = r;
	s->side = 2 * r + 1;
	s->done = false;
	n = (size_t)s->side * (size_t)s->side;
	s->own = room == NULL || BT_SEARCH_ROOM(r) > size;
	s->dist = s->own ? bt_xcalloc(n, 2 * sizeof(int) + 2) :
	    memset(room, 0, BT_SEARCH_ROOM(r));
	s->prev = s->dist + n;
	s->how = (signed char *)(s->prev + n);
	*flags = (unsigned char *)(s->how + n);
	memset(s->dist, 0xff, n * sizeof(*s->dist));	/* -1 */
}

/* Index at of window old as an index of window s, which holds it. */
static int
moved_to(const struct bt_search *s, const struct bt_search *old, int at)
{
	return bt_search_at(s, at % old->side - old->r, at / old->side - old->r);
}

/*
 * Widens the window to half-width r, keeping what was reached and
 * renumbering the squares queued; the order of the indices, rows then
 * columns, is the same in any window, so the heap stays a heap.
 */
static void
widen(struct bt_search *s, unsigned char **flags, struct queue *q, int r)
{
	struct bt_search old = *s;
	unsigned char *oldflags = *flags;

	window(s, flags, r, NULL, 0);
	for (int i = 0; i < old.side * old.side; i++) {
		int at;

		if (old.dist[i] < 0)
			continue;
		at = moved_to(s, &old, i);
		s->dist[at] = old.dist[i];
		s->how[at] = old.how[i];
		(*flags)[at] = oldflags[i];
		if (i != bt_search_at(&old, 0, 0))
			s->prev[at] = moved_to(s, &old, old.prev[i]);
	}
	for (size_t i = 0; i < q->n; i++)
		q->v[i].at = moved_to(s, &old, q->v[i].at);
	bt_search_free(&old);		/* and oldflags, of its block */
}

/*
 * Reaches every square it can within budget from home, trying moves 0 to
 * nmoves - 1 from each, or stops once it has reached (gx, gy) at its least
 * cost (a goal outside the window: no stop), or once a move has set
 * s->done. A square that a move reached with *stop set is not left
 * again. Ties go to the square first in the window, then to the first
 * move, so a search is the same on any machine.
 */
void
bt_search(struct bt_search *s, int r, int budget, int nmoves,
    bt_move_fn *move, void *ctx, int gx, int gy)
{
	bt_search_in(s, NULL, 0, r, budget, nmoves, move, ctx, gx, gy);
}

void
bt_search_in(struct bt_search *s, void *room, size_t size, int r,
    int budget, int nmoves, bt_move_fn *move, void *ctx, int gx, int gy)
{
	struct entry first[QUEUE_FIRST];
	struct queue q = { first, 0, QUEUE_FIRST, first };
	unsigned char *flags;
	bool goal = abs(gx) <= r && abs(gy) <= r;

	window(s, &flags, r < SEARCH_FIRST ? r : SEARCH_FIRST, room, size);
	s->dist[bt_search_at(s, 0, 0)] = 0;
	push(&q, 0, bt_search_at(s, 0, 0));
	while (q.n > 0 && !s->done) {
		struct entry e = pop(&q);
		int x, y, at;

		/* an entry left behind by a cheaper way found later */
		if ((flags[e.at] & SETTLED) || e.d != s->dist[e.at])
			continue;
		x = e.at % s->side - s->r;
		y = e.at / s->side - s->r;
		if (goal && x == gx && y == gy)
			break;
		flags[e.at] |= SETTLED;
		if (flags[e.at] & STOP)
			continue;
		at = e.at;		/* renumbered if the window widens */
		for (int k = 0; k < nmoves; k++) {
			int nx, ny, to, cost, d;
			bool halt = false;

			cost = move(ctx, x, y, e.d, k, &nx, &ny, &halt);
			if (s->done)
				break;
			if (cost < 0)
				continue;
			d = e.d + cost;
			if (d > budget || abs(nx) > r || abs(ny) > r)
				continue;
			if (abs(nx) > s->r || abs(ny) > s->r) {
				int w = s->r;

				while (abs(nx) > w || abs(ny) > w)
					w = w * 2 < r ? w * 2 : r;
				widen(s, &flags, &q, w);
				at = bt_search_at(s, x, y);
			}
			to = bt_search_at(s, nx, ny);
			if ((flags[to] & SETTLED) ||
			    (s->dist[to] >= 0 && s->dist[to] <= d))
				continue;
			s->dist[to] = d;
			s->prev[to] = at;
			s->how[to] = (signed char)k;
			flags[to] = halt ? STOP : 0;
			push(&q, d, to);
		}
	}
	if (q.v != q.first)
		free(q.v);
}

/* The moves from home to window square at, into moves; returns how many,
 * or -1 when there are more than max or at was not reached. */
int
bt_search_path(const struct bt_search *s, int at, int *moves, int max)
{
	int home = bt_search_at(s, 0, 0), len = 0;

	if (at < 0 || s->dist[at] < 0)
		return -1;
	for (int i = at; i != home; i = s->prev[i])
		len++;
	if (len > max)
		return -1;
	for (int i = at, k = len - 1; i != home; i = s->prev[i], k--)
		moves[k] = s->how[i];
	return len;
}

void
bt_search_free(struct bt_search *s)
{
	if (s->own)
		free(s->dist);	/* the block of window() */
}
