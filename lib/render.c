/*
 * render.c: the state as a text picture: a heading, the map with axes and
 * each unit over its squares, a key, then a table of units and the turn
 * order. Each square is two characters: terrain and a space, or a unit's
 * tag and a mark: its facing arrow on its front squares, '*' for a unit
 * whose every side is a front, a stand's number in clash ('_' for a
 * casualty, down until the round ends), else the tag again. Terrain
 * letters are lowercase or '.', tags uppercase: in plain-text mail, with
 * no colour, 'FF' is a unit and 'f ' forest.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

#define RESET	"\033[0m"
#define REVERSE	"\033[7m"	/* the active unit's squares */

/*
 * --paper's words (bt-render's option, for its pdf) live here and not in
 * picture.c: bt-render parses them, and it must not pull picture.c, and
 * cairo with it, into a program that draws no picture (bt-picture draws).
 */
const char *const bt_paper_words[] = { "", "a4", "letter", NULL };

static const char *const terrain_words[] = {
	"open", "forest", "hill", "rocks", "swamp", "buildings", "water",
	"impassable"
};

const char *
bt_terrain_word(int t)
{
	const char *at = strchr(bt_terrain_letters, t);

	return t != '\0' && at != NULL ?
	    terrain_words[at - bt_terrain_letters] : "?";
}

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

/* A unit's square on the map: the unit's index and the square's column. */
struct square {
	uint32_t		 unit;
	int			 x;
};

/*
 * The map is drawn a row at a time, from the units' squares sorted by
 * row: what it holds grows with the units and the map's width, not with
 * its area, which the text gives a byte a square (issue 19).
 */
struct picture {
	const struct bt_state	*st;
	char			*tags;	/* one per unit */
	struct cell		*row;	/* the row being drawn */
	struct square		*sq;	/* row y's: sq[first[y]] up to */
	size_t			*first;	/* sq[first[y + 1]], in unit order */
};

static size_t
side_index(const struct bt_state *st, const char *side)
{
	for (size_t i = 0; i < st->nsides; i++)
		if (strcmp(st->sides[i].id, side) == 0)
			return i;
	return 0;
}

/*
 * Tags: uppercase letters, never a terrain letter, the first side's units
 * first, then the next side's, each in state order, so that a side's tags
 * are one run of letters; '@' when they run out (the table still names
 * every unit). Digits are not used: clash marks its stands with them.
 */
char *
bt_render_tags(const struct bt_state *st)
{
	char *tags = bt_xcalloc(st->nunits + 1, 1);
	int next = 0;

	for (size_t s = 0; s < st->nsides; s++)
		for (size_t i = 0; i < st->nunits; i++)
			if (side_index(st, st->units[i].side) == s)
				tags[i] = next < 26 ? (char)('A' + next++) :
				    '@';
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
	uint32_t	 index;
};

static void
count_square(void *arg, const struct bt_unit *u, int x, int y)
{
	struct picture *p = ((struct place_arg *)arg)->p;

	(void)u;
	if (bt_on_map(&p->st->map, x, y))
		p->first[y + 1]++;
}

/* Into its row's part of sq, first[y] pointing past the row's last yet. */
static void
file_square(void *arg, const struct bt_unit *u, int x, int y)
{
	struct place_arg *a = arg;
	struct picture *p = a->p;

	(void)u;
	if (bt_on_map(&p->st->map, x, y)) {
		p->sq[p->first[y]].unit = a->index;
		p->sq[p->first[y]++].x = x;
	}
}

/* The units' squares by row, a counting sort: a unit that comes later in
 * the state still draws over one before it on a square. */
static void
sort_squares(struct picture *p)
{
	const struct bt_state *st = p->st;
	size_t h = (size_t)st->map.height;

	p->first = bt_xcalloc(h + 1, sizeof(*p->first));
	for (size_t i = 0; i < st->nunits; i++) {
		struct place_arg a = { p, (uint32_t)i };

		bt_unit_squares(&st->units[i], count_square, &a);
	}
	for (size_t y = 0; y < h; y++)
		p->first[y + 1] += p->first[y];
	p->sq = bt_xcalloc(p->first[h] + 1, sizeof(*p->sq));
	for (size_t i = 0; i < st->nunits; i++) {
		struct place_arg a = { p, (uint32_t)i };

		bt_unit_squares(&st->units[i], file_square, &a);
	}
	for (size_t y = h; y > 0; y--)
		p->first[y] = p->first[y - 1];
	p->first[0] = 0;
}

/* Square (x, y) of unit i into the row being drawn. */
static void
place(struct picture *p, size_t i, int x, int y)
{
	const struct bt_unit *u = &p->st->units[i];
	struct cell *c = &p->row[x];

	c->unit = u;
	c->tag = p->tags[i];
	if (u->nstands > 0) {
		size_t k = 0;

		while (u->stands[k].x != x || u->stands[k].y != y ||
		    !u->stands[k].placed)
			k++;
		c->mark = (char)(u->stands[k].hp == 0 ? '_' : k < 9 ? '1' + k :
		    '+');
	}
	else if (p->st->rules != &bt_cc)	/* kingdom armies face no way */
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

static bool
is_active(const struct bt_state *st, const struct bt_unit *u)
{
	return st->active != NULL && strcmp(st->active, u->id) == 0;
}

/* Under the map: each terrain letter it has, with its word, and each
 * side's run of tags. */
static void
key(const struct picture *p, FILE *fp)
{
	const struct bt_state *st = p->st;
	const char *sep = "Terrain: ";

	for (const char *t = bt_terrain_letters; *t != '\0'; t++) {
		bool on = false;

		for (int y = 0; y < st->map.height && !on; y++)
			on = strchr(st->map.rows[y], *t) != NULL;
		if (on) {
			fprintf(fp, "%s%c %s", sep, *t, bt_terrain_word(*t));
			sep = ", ";
		}
	}
	fputc('\n', fp);
	sep = "Units: ";
	for (size_t s = 0; s < st->nsides; s++) {
		char first = 0, last = 0;

		for (size_t i = 0; i < st->nunits; i++)
			if (strcmp(st->units[i].side, st->sides[s].id) == 0) {
				if (first == 0)
					first = p->tags[i];
				last = p->tags[i];
			}
		if (first == 0)
			continue;
		fprintf(fp, "%s%s %c", sep, st->sides[s].id, first);
		if (last != first)
			fprintf(fp, "%s%c", last == first + 1 ? ", " : "-",
			    last);
		sep = "; ";
	}
	fputc('\n', fp);
}

static void
draw_map(struct picture *p, const struct bt_render_opts *o, FILE *fp)
{
	const struct bt_map *m = &p->st->map;

	axis(m, fp);
	for (int y = 0; y < m->height; y++) {
		memset(p->row, 0, (size_t)m->width * sizeof(*p->row));
		for (size_t k = p->first[y]; k < p->first[y + 1]; k++)
			place(p, p->sq[k].unit, p->sq[k].x, y);
		fprintf(fp, "%3d ", y);
		for (int x = 0; x < m->width; x++) {
			const struct cell *c = &p->row[x];
			const char *color;

			if (c->unit != NULL) {
				color = side_color(p->st, c->unit->side);
				fprintf(fp, "%s%s%c%c%s", o->color ? color : "",
				    o->color && is_active(p->st, c->unit) ?
				    REVERSE : "", c->tag, c->mark,
				    o->color ? RESET : "");
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
	key(p, fp);
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

void
bt_play_text(const struct bt_state *st, const struct bt_unit *u, char *buf,
    size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	if (st->rules != &bt_cc)	/* the fields are cc's own */
		return;
	if (u->ready.present)
		len += (size_t)snprintf(buf + len, size - len, "ready (%s%s%s)",
		    u->ready.trigger == 1 ? "shoots in range" :
		    "attacks on contact", u->ready.target ? " of " : "",
		    u->ready.target ? u->ready.target : "");
	if (u->supported_by != NULL && len < size)
		len += (size_t)snprintf(buf + len, size - len,
		    "%ssupported by %s", len ? ", " : "", u->supported_by);
	if (u->reacted && len < size)
		snprintf(buf + len, size - len, "%sreaction used",
		    len ? ", " : "");
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

/* What a unit stands on: the words of its squares' terrains, in the
 * order of bt_terrain_letters, '+' between; '-' off the map. */
struct on_arg {
	const struct bt_map	*m;
	bool			 seen[sizeof(".fhrsbwx")];
};

static void
on_square(void *arg, const struct bt_unit *u, int x, int y)
{
	struct on_arg *a = arg;
	const char *at;

	(void)u;
	if (bt_on_map(a->m, x, y) &&
	    (at = strchr(bt_terrain_letters, a->m->rows[y][x])) != NULL)
		a->seen[at - bt_terrain_letters] = true;
}

static void
on_text(const struct bt_state *st, const struct bt_unit *u, char *buf,
    size_t size)
{
	struct on_arg a = { &st->map, { false } };
	size_t len = 0;

	bt_unit_squares(u, on_square, &a);
	snprintf(buf, size, "-");
	for (size_t t = 0; bt_terrain_letters[t] != '\0' && len < size; t++)
		if (a.seen[t])
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
			    len ? "+" : "", terrain_words[t]);
}

/* The status words, then what matters during play (readied, supported,
 * reaction used). */
static void
status_text(const struct bt_state *st, const struct bt_unit *u, char *buf,
    size_t size)
{
	char play[256];
	size_t len;

	bt_status_text(u, buf, size);
	bt_play_text(st, u, play, sizeof(play));
	len = strlen(buf);
	if (*play != '\0')
		snprintf(buf + len, size - len, "%s%s", len ? "," : "", play);
}

int
bt_render_order(const struct bt_state *st, const char *tags, FILE *fp)
{
	bool before = st->active != NULL;

	if (st->norder == 0 || st->rules == &bt_kingdom)
		return 0;
	fputs("Order:", fp);
	for (size_t i = 0; i < st->norder; i++) {
		const struct bt_unit *u = bt_unit_find(st, st->order[i]);
		bool now = st->active != NULL &&
		    strcmp(st->active, st->order[i]) == 0;

		if (now)
			before = false;
		fprintf(fp, "%s %c %s%s", i ? "," : "",
		    u != NULL ? tags[u - st->units] : '?', st->order[i],
		    now ? (st->turn.acted ? " (to act, has acted)" :
		    " (to act)") : before ? " (acted)" : "");
	}
	fputc('\n', fp);
	return 1;
}

static void
table(struct picture *p, const struct bt_render_opts *o, FILE *fp)
{
	const struct bt_state *st = p->st;
	int idw = 4, sidew = 4, hpw = 5, onw = 2, stw = 6;
	char hp[256], status[512], on[64];

	for (size_t i = 0; i < st->nunits; i++) {
		int n = (int)strlen(st->units[i].id);
		int s = (int)strlen(st->units[i].side);
		int h, w, t;

		hp_text(&st->units[i], hp, sizeof(hp));
		on_text(st, &st->units[i], on, sizeof(on));
		status_text(st, &st->units[i], status, sizeof(status));
		h = (int)strlen(hp);
		w = (int)strlen(on);
		t = (int)strlen(status);
		idw = n > idw ? n : idw;
		sidew = s > sidew ? s : sidew;
		hpw = h > hpw ? h : hpw;
		onw = w > onw ? w : onw;
		stw = t > stw ? t : stw;
	}
	fprintf(fp, "\n    %-*s  %-*s  %-8s  %-*s  %-6s  %-*s  %-*s  %s\n",
	    idw, "unit", sidew, "side", "at", onw, "on", "facing", hpw, "hp",
	    stw, "status", "name");
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
		on_text(st, u, on, sizeof(on));
		status_text(st, u, status, sizeof(status));
		/* '>' marks the unit whose turn it is, colour or not. The
		 * name, free text, comes last: no padding to measure. */
		fprintf(fp, "%s%c%s %c %-*s  %-*s  %-8s  %-*s  %-6s  %-*s  %-*s  "
		    "%s\n", o->color ? color : "", p->tags[i],
		    o->color ? RESET : "", is_active(st, u) ? '>' : ' ',
		    idw, u->id, sidew, u->side, at, onw, on,
		    st->rules != &bt_cc ? "-" :
		    u->fronts == 4 ? "all" : bt_facing_words[u->facing],
		    hpw, hp, stw, *status ? status : "-",
		    u->name != NULL ? u->name : "-");
	}
}

int
bt_render_text(const struct bt_state *st, const struct bt_render_opts *o,
    FILE *fp)
{
	struct picture p = { st, NULL, NULL, NULL, NULL };

	p.tags = bt_render_tags(st);
	p.row = bt_xcalloc((size_t)st->map.width + 1, sizeof(*p.row));
	sort_squares(&p);
	bt_render_heading(st, fp);
	draw_map(&p, o, fp);
	table(&p, o, fp);
	if (st->norder > 0 && st->rules != &bt_kingdom)
		fputc('\n', fp);
	bt_render_order(st, p.tags, fp);
	if (st->rules->report != NULL)
		st->rules->report(st, fp);
	free(p.row);
	free(p.sq);
	free(p.first);
	free(p.tags);
	return 0;
}
