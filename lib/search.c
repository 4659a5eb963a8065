/*
 * search.c: the cheapest way to a square, for every ruleset's --to and
 * for cc's retreat. A Dijkstra search over the window of squares within r
 * of where the unit stands (its home), whose moves, their costs and
 * where they lead are the ruleset's, through a function.
 */
#include <stdlib.h>

#include "bt.h"

/* Window square (x, y), relative to home, as an index; -1 outside. */
int
bt_search_at(const struct bt_search *s, int x, int y)
{
	if (x < -s->r || y < -s->r || x > s->r || y > s->r)
		return -1;
	return (y + s->r) * s->side + x + s->r;
}

/*
 * Reaches every square it can within budget from home, trying moves 0 to
 * nmoves - 1 from each, or stops once it has reached (gx, gy) at its least
 * cost (a goal outside the window: no stop). A square that a move
 * reached with *stop set is not left again. Ties go to the square first
 * in the window, then to the first move, so a search is the same on any
 * machine.
 */
void
bt_search(struct bt_search *s, int r, int budget, int nmoves,
    bt_move_fn *move, void *ctx, int gx, int gy)
{
	int n, goal;
	bool *done, *stop;

	s->r = r;
	s->side = 2 * r + 1;
	n = s->side * s->side;
	goal = bt_search_at(s, gx, gy);
	s->dist = bt_xcalloc((size_t)n, sizeof(*s->dist));
	s->prev = bt_xcalloc((size_t)n, sizeof(*s->prev));
	s->how = bt_xcalloc((size_t)n, sizeof(*s->how));
	done = bt_xcalloc((size_t)n, sizeof(*done));
	stop = bt_xcalloc((size_t)n, sizeof(*stop));
	for (int i = 0; i < n; i++)
		s->dist[i] = -1;
	s->dist[bt_search_at(s, 0, 0)] = 0;
	for (;;) {
		int at = -1, x, y;

		for (int i = 0; i < n; i++)
			if (s->dist[i] >= 0 && !done[i] &&
			    (at < 0 || s->dist[i] < s->dist[at]))
				at = i;
		if (at < 0 || at == goal)
			break;
		done[at] = true;
		if (stop[at])
			continue;
		x = at % s->side - r;
		y = at / s->side - r;
		for (int k = 0; k < nmoves; k++) {
			int nx, ny, to, cost, d;
			bool halt = false;

			cost = move(ctx, x, y, s->dist[at], k, &nx, &ny, &halt);
			if (cost < 0)
				continue;
			d = s->dist[at] + cost;
			to = bt_search_at(s, nx, ny);
			if (d > budget || to < 0 || done[to] ||
			    (s->dist[to] >= 0 && s->dist[to] <= d))
				continue;
			s->dist[to] = d;
			s->prev[to] = at;
			s->how[to] = (signed char)k;
			stop[to] = halt;
		}
	}
	free(done);
	free(stop);
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
	free(s->dist);
	free(s->prev);
	free(s->how);
}
