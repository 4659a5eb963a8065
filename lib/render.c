/*
 * render.c: the state as a text picture: a heading, the map with axes and
 * each unit over its squares, then a table of units. Each square is two
 * characters: terrain and a space, or a unit's tag and a mark: its facing
 * arrow on its front squares, '*' for a unit whose every side is a front,
 * a stand's number in clash ('_' for a casualty, down until the round
 * ends), else the tag again. A tag may be a terrain
 * letter; the second character tells them apart.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

#define RESET	"\033[0m"

/* A side named after a colour is drawn in it; others take the next free
 * one in this list, by their order. */
static const struct {
	const char	*name, *sgr;
} colors[] = {
	{ "red", "\033[1;31m" }, { "blue", "\033[1;34m" },
	{ "green", "\033[1;32m" }, { "magenta", "\033[1;35m" },
	{ "yellow", "\033[1;33m" }, { "cyan", "\033[1;36m" }
};
#define NCOLORS	(sizeof(colors) / sizeof(colors[0]))

static bool
is_side(const struct bt_state *st, const char *name)
{
	return bt_side_find(st, name) != NULL;
}

int
bt_side_color(const struct bt_state *st, const char *side)
{
	size_t k = 0;

	for (size_t i = 0; i < NCOLORS; i++)
		if (strcmp(colors[i].name, side) == 0)
			return (int)i;
	/* k: how many sides not named after a colour come before this one */
	for (size_t s = 0; s < st->nsides; s++) {
		bool named = false;

		if (strcmp(st->sides[s].id, side) == 0)
			break;
		for (size_t i = 0; i < NCOLORS; i++)
			named |= strcmp(colors[i].name, st->sides[s].id) == 0;
		k += !named;
	}
	for (size_t i = 0; i < NCOLORS; i++)
		if (!is_side(st, colors[i].name) && k-- == 0)
			return (int)i;
	return -1;
}

static const char *
side_color(const struct bt_state *st, const char *side)
{
	int i = bt_side_color(st, side);

	return i < 0 ? "\033[1m" : colors[i].sgr;
}

static const char *
terrain_color(int t)
{
	switch (t) {
	case BT_FOREST:
		return "\033[32m";
	case BT_HILL:
		return "\033[33m";
	case BT_WATER:
		return "\033[36m";
	case BT_SWAMP:
		return "\033[35m";
	case BT_BLOCKED:
	case BT_ROCKS:
	case BT_BUILDING:
		return "\033[90m";
	default:
		return "\033[2m";
	}
}

struct cell {
	const struct bt_unit	*unit;
	char			 tag, mark;
};

struct picture {
	const struct bt_state	*st;
	struct cell		*cells;
	char			*tags;	/* one per unit */
};

static size_t
side_index(const struct bt_state *st, const char *side)
{
	for (size_t i = 0; i < st->nsides; i++)
		if (strcmp(st->sides[i].id, side) == 0)
			return i;
	return 0;
}

/* Tags: A-Z for the first side's units, a-z for the second's, digits for
 * the others; '@' when they run out (the table still names every unit). */
char *
bt_render_tags(const struct bt_state *st)
{
	size_t *count = bt_xcalloc(st->nsides + 1, sizeof(*count));
	char *tags = bt_xcalloc(st->nunits + 1, 1);

	for (size_t i = 0; i < st->nunits; i++) {
		size_t s = side_index(st, st->units[i].side), k = count[s]++;

		if (s == 0 && k < 26)
			tags[i] = (char)('A' + k);
		else if (s == 1 && k < 26)
			tags[i] = (char)('a' + k);
		else if (s >= 2 && k < 10)
			tags[i] = (char)('0' + k);
		else
			tags[i] = '@';
	}
	free(count);
	return tags;
}

/* Is (x, y) on the edge of u's footprint that faces its front? */
static bool
front_square(const struct bt_unit *u, int x, int y)
{
	switch (u->facing) {
	case BT_N:
		return y == u->y;
	case BT_E:
		return x == u->x + u->w - 1;
	case BT_S:
		return y == u->y + u->h - 1;
	default:
		return x == u->x;
	}
}

struct place_arg {
	struct picture	*p;
	size_t		 index;
};

static void
place(void *arg, const struct bt_unit *u, int x, int y)
{
	struct place_arg *a = arg;
	const struct bt_map *m = &a->p->st->map;
	struct cell *c;

	if (!bt_on_map(m, x, y))
		return;
	c = &a->p->cells[(size_t)y * (size_t)m->width + (size_t)x];
	c->unit = u;
	c->tag = a->p->tags[a->index];
	if (u->nstands > 0) {
		size_t k = 0;

		while (u->stands[k].x != x || u->stands[k].y != y ||
		    !u->stands[k].placed)
			k++;
		c->mark = (char)(u->stands[k].hp == 0 ? '_' : k < 9 ? '1' + k :
		    '+');
	}
	else if (a->p->st->rules == &bt_kingdom)
		c->mark = c->tag;
	else if (u->fronts == 4)
		c->mark = '*';
	else if (front_square(u, x, y))
		c->mark = "^>v<"[u->facing];
	else
		c->mark = c->tag;
}

void
bt_render_heading(const struct bt_state *st, FILE *fp)
{
	static const char *const weather[] = {
		"clear", "fog", "heat", "rain", "hurricane", "sandstorm",
		"blizzard", "roll"
	};
	static const char *const phase[] = {
		"maneuver", "ranged", "melee", "resolution"
	};

	fprintf(fp, "%s (%s), round %d", st->name, st->rules->name, st->round);
	if (st->rules == &bt_kingdom)
		fprintf(fp, ", %s phase", phase[st->phase]);
	else if (st->active != NULL)
		fprintf(fp, ", %s to act", st->active);
	if (st->rules == &bt_cc)
		fprintf(fp, ", weather %s", weather[st->weather]);
	fputc('\n', fp);
	if (st->nvp > 0) {	/* clash: the tally (CL-12) */
		fputs("Victory points:", fp);
		for (size_t i = 0; i < st->nvp; i++)
			fprintf(fp, "%s %s %d", i ? "," : "", st->vp[i].side,
			    st->vp[i].vp);
		fputs(" (10 wins)\n", fp);
	}
	if (st->result.present)
		fprintf(fp, "Result: %s%s (%s)\n", st->result.winner,
		    strcmp(st->result.winner, "draw") ? " wins" : "",
		    st->result.reason);
	fputc('\n', fp);
}

static void
axis(const struct bt_map *m, FILE *fp)
{
	if (m->width > 10) {
		fputs("    ", fp);
		for (int x = 0; x < m->width; x++)
			fprintf(fp, "%c ", x >= 10 ? '0' + (x / 10) % 10 : ' ');
		fputc('\n', fp);
	}
	fputs("    ", fp);
	for (int x = 0; x < m->width; x++)
		fprintf(fp, "%d ", x % 10);
	fputc('\n', fp);
}

static void
draw_map(struct picture *p, const struct bt_render_opts *o, FILE *fp)
{
	const struct bt_map *m = &p->st->map;

	axis(m, fp);
	for (int y = 0; y < m->height; y++) {
		fprintf(fp, "%3d ", y);
		for (int x = 0; x < m->width; x++) {
			const struct cell *c = &p->cells[(size_t)y *
			    (size_t)m->width + (size_t)x];
			const char *color;

			if (c->unit != NULL) {
				color = side_color(p->st, c->unit->side);
				fprintf(fp, "%s%c%c%s", o->color ? color : "",
				    c->tag, c->mark, o->color ? RESET : "");
			} else {
				int t = m->rows[y][x];

				fprintf(fp, "%s%c%s ", o->color ?
				    terrain_color(t) : "", t,
				    o->color ? RESET : "");
			}
		}
		fprintf(fp, "%d\n", y);
	}
	axis(m, fp);
}

void
bt_status_text(const struct bt_unit *u, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int w = 0; bt_status_words[w] != NULL && len < size; w++)
		if (u->status & (1u << w))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
			    len ? "," : "", bt_status_words[w]);
	if (u->reserve && len < size)
		snprintf(buf + len, size - len, "%sreserve", len ? "," : "");
}

static void
hp_text(const struct bt_unit *u, char *buf, size_t size)
{
	size_t len, alive = 0;

	if (u->nstands == 0) {
		snprintf(buf, size, "%d/%d", u->hp, u->max_hp);
		return;
	}
	for (size_t i = 0; i < u->nstands; i++)
		alive += u->stands[i].placed;
	len = (size_t)snprintf(buf, size, "%zu/%zu stands", alive, u->nstands);
	for (size_t i = 0; i < u->nstands && len < size; i++)
		if (u->stands[i].placed)
			len += (size_t)snprintf(buf + len, size - len, " %d",
			    u->stands[i].hp);
}

static void
table(struct picture *p, const struct bt_render_opts *o, FILE *fp)
{
	const struct bt_state *st = p->st;
	int idw = 4, sidew = 4, hpw = 5;
	char hp[256], status[128];

	for (size_t i = 0; i < st->nunits; i++) {
		int n = (int)strlen(st->units[i].id);
		int s = (int)strlen(st->units[i].side);
		int h;

		hp_text(&st->units[i], hp, sizeof(hp));
		h = (int)strlen(hp);
		idw = n > idw ? n : idw;
		sidew = s > sidew ? s : sidew;
		hpw = h > hpw ? h : hpw;
	}
	fprintf(fp, "\n    %-*s  %-*s  %-8s  %-6s  %-*s  %s\n", idw, "unit",
	    sidew, "side", "at", "facing", hpw, "hp", "status");
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];
		char at[32] = "-";
		const char *color = side_color(st, u->side);

		if (u->nstands == 0 && u->placed)
			snprintf(at, sizeof(at), "%d,%d", u->x, u->y);
		else
			for (size_t k = 0; k < u->nstands; k++)
				if (u->stands[k].placed) {
					snprintf(at, sizeof(at), "%d,%d",
					    u->stands[k].x, u->stands[k].y);
					break;
				}
		hp_text(u, hp, sizeof(hp));
		bt_status_text(u, status, sizeof(status));
		/* No trailing blanks when a unit has no status. */
		fprintf(fp, "%s%c%s   %-*s  %-*s  %-8s  %-6s  %-*s%s%s\n",
		    o->color ? color : "", p->tags[i], o->color ? RESET : "",
		    idw, u->id, sidew, u->side, at,
		    u->nstands || st->rules == &bt_kingdom ? "-" :
		    u->fronts == 4 ? "all" : bt_facing_words[u->facing],
		    *status ? hpw : 0, hp, *status ? "  " : "", status);
	}
}

int
bt_render_text(const struct bt_state *st, const struct bt_render_opts *o,
    FILE *fp)
{
	struct picture p = { st, NULL, NULL };

	p.cells = bt_xcalloc((size_t)st->map.width * (size_t)st->map.height,
	    sizeof(*p.cells));
	p.tags = bt_render_tags(st);
	for (size_t i = 0; i < st->nunits; i++) {
		struct place_arg a = { &p, i };

		bt_unit_squares(&st->units[i], place, &a);
	}
	bt_render_heading(st, fp);
	draw_map(&p, o, fp);
	table(&p, o, fp);
	if (st->rules->report != NULL)
		st->rules->report(st, fp);
	free(p.cells);
	free(p.tags);
	return 0;
}
