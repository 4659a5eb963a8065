/* grid.c: squares, terrain and distance on the battle map (G-1, G-2). */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

const char bt_terrain_letters[] = ".fhrsbwx";
const char *const bt_facing_words[] = { "n", "e", "s", "w", NULL };
const struct bt_compass bt_compass[BT_NCOMPASS] = {
	{ "n", 0, -1 }, { "ne", 1, -1 }, { "e", 1, 0 }, { "se", 1, 1 },
	{ "s", 0, 1 }, { "sw", -1, 1 }, { "w", -1, 0 }, { "nw", -1, -1 }
};

/* The index of a compass word, or -1. */
int
bt_compass_index(const char *word)
{
	for (int i = 0; i < BT_NCOMPASS; i++)
		if (strcmp(bt_compass[i].word, word) == 0)
			return i;
	return -1;
}

bool
bt_on_map(const struct bt_map *m, int x, int y)
{
	return x >= 0 && y >= 0 && x < m->width && y < m->height;
}

int
bt_terrain_at(const struct bt_map *m, int x, int y)
{
	return bt_on_map(m, x, y) ? m->rows[y][x] : BT_BLOCKED;
}

/* G-2: everything but open ground is difficult; 'x' can't be entered. */
bool
bt_difficult(int t)
{
	return t != BT_OPEN;
}

int
bt_elevation(int t)
{
	return t == BT_HILL ? 1 : 0;
}

bool
bt_in_rects(const struct bt_rect *r, size_t n, int x, int y)
{
	for (size_t i = 0; i < n; i++)
		if (x >= r[i].x0 && x <= r[i].x1 && y >= r[i].y0 &&
		    y <= r[i].y1)
			return true;
	return false;
}

static int
gap(int a0, int a1, int b0, int b1)
{
	if (a1 < b0)
		return b0 - a1;
	if (b1 < a0)
		return a0 - b1;
	return 0;
}

/* G-1: Chebyshev distance between the nearest squares of two rectangles. */
int
bt_rect_distance(const struct bt_rect *a, const struct bt_rect *b)
{
	int dx = gap(a->x0, a->x1, b->x0, b->x1);
	int dy = gap(a->y0, a->y1, b->y0, b->y1);

	return dx > dy ? dx : dy;
}

void
bt_unit_squares(const struct bt_unit *u,
    void (*fn)(void *, const struct bt_unit *, int, int), void *arg)
{
	if (u->nstands > 0) {
		for (size_t i = 0; i < u->nstands; i++)
			if (u->stands[i].placed)
				fn(arg, u, u->stands[i].x, u->stands[i].y);
		return;
	}
	if (!u->placed)
		return;
	for (int y = u->y; y < u->y + u->h; y++)
		for (int x = u->x; x < u->x + u->w; x++)
			fn(arg, u, x, y);
}
