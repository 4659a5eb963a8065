/*
 * picture.c: the battlefield drawn with cairo, as PNG, SVG or PDF
 * (bt-render --format). Without cairo, bt is built with this file's
 * refusal only, and the text formats still work.
 *
 * The geometry is fixed so that a reader (and the tests) can find a
 * square: square (x, y) covers the pixels LEFT + SQ * x to LEFT + SQ * x +
 * SQ - 1 across and TOP + SQ * y to TOP + SQ * y + SQ - 1 down.
 * bt-render(1) documents it.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"
#include "picture.h"

#ifdef HAVE_CAIRO
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#define SQ		32	/* a square's side, in pixels (points in PDF) */
#define LEFT		40	/* the map's left edge: row numbers before it */
#define TOP		72	/* its top edge: three title lines, column numbers */
#define LINE		16	/* a title or legend line */
#define BAND		5	/* the front band's depth */
#define MAXSQ		128	/* squares a side, beyond which nothing is drawn */
#define MAXLEGEND	100	/* units listed in the legend */
#define MAXTEXT		1600	/* pixels of text that may widen the picture */
#define KEYSLOT		96	/* the terrain key: one terrain every KEYSLOT */
#define MARGIN		36	/* a PDF page's margin on paper, in points */

struct rgb {
	double		 r, g, b;
};

/* In bt_side_color's order, so that a side has the text map's colour. */
static const struct rgb side_rgb[] = {
	{ 0.80, 0.10, 0.10 },	/* red */
	{ 0.12, 0.31, 0.82 },	/* blue */
	{ 0.10, 0.60, 0.10 },	/* green */
	{ 0.75, 0.12, 0.75 },	/* magenta */
	{ 0.90, 0.78, 0.00 },	/* yellow */
	{ 0.00, 0.69, 0.75 }	/* cyan */
};
static const struct rgb no_side = { 0.25, 0.25, 0.25 };	/* bold: ran out */
static const struct rgb black = { 0, 0, 0 }, white = { 1, 1, 1 };
static const struct rgb paper_rgb = { 0.97, 0.96, 0.92 };
static const struct rgb ink = { 0.15, 0.15, 0.15 };
/* The marks of play, in colours no side has. */
static const struct rgb turn_rgb = { 1.00, 0.50, 0.00 };	/* orange */
static const struct rgb used_rgb = { 0.55, 0.55, 0.55 };	/* grey */

/* The key to the marks, only those the battle's ruleset draws. */
static const char *
marks_key(const struct bt_state *st)
{
	if (st->rules == &bt_cc)
		return "Band: the front. Orange frame: whose turn. Hatched: "
		    "broken. White edge: defending. White dot: readied attack. "
		    "Black dot: holds Support. Grey square: reaction used. "
		    "Bar: HP.";
	if (st->rules == &bt_kingdom)
		return "Cross in a ring: engaged. Bar: HP.";
	return "Orange frame: whose turn. Hatched: broken. Faded with a "
	    "cross: casualty. Bar: HP.";
}

/* A4 and Letter in points, portrait. */
static const double paper_size[][2] = {
	{ 0, 0 }, { 595.276, 841.89 }, { 612, 792 }
};

/* Difficult ground darker than open, impassable darkest (G-2). */
static struct rgb
terrain_rgb(int t)
{
	switch (t) {
	case BT_FOREST:
		return (struct rgb){ 0.31, 0.50, 0.23 };
	case BT_HILL:
		return (struct rgb){ 0.78, 0.66, 0.42 };
	case BT_ROCKS:
		return (struct rgb){ 0.60, 0.58, 0.54 };
	case BT_SWAMP:
		return (struct rgb){ 0.54, 0.60, 0.47 };
	case BT_BUILDING:
		return (struct rgb){ 0.69, 0.44, 0.31 };
	case BT_WATER:
		return (struct rgb){ 0.44, 0.66, 0.86 };
	case BT_BLOCKED:
		return (struct rgb){ 0.25, 0.25, 0.25 };
	default:
		return (struct rgb){ 0.85, 0.90, 0.72 };
	}
}

struct draw {
	const struct bt_state	*st;
	cairo_t			*cr;
	char			*tags;
	char			*heading;	/* bt_render_heading's lines */
	char			*order;		/* bt_render_order's line, or "" */
	int			 width, height;
	int			 legend;	/* the legend's top */
	size_t			 listed;	/* units in the legend */
};

static bool
is_active(const struct bt_state *st, const struct bt_unit *u)
{
	return st->active != NULL && strcmp(st->active, u->id) == 0;
}

static double
px(int x)
{
	return LEFT + SQ * (double)x;
}

static double
py(int y)
{
	return TOP + SQ * (double)y;
}

static void
color(cairo_t *cr, struct rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

static struct rgb
shade(struct rgb c, double f)
{
	return (struct rgb){ c.r * f, c.g * f, c.b * f };
}

/* Towards white by f: a casualty's faded stand. */
static struct rgb
fade(struct rgb c, double f)
{
	return (struct rgb){ c.r + (1 - c.r) * f, c.g + (1 - c.g) * f,
	    c.b + (1 - c.b) * f };
}

/* Black on the light colours (yellow, cyan), white on the others. */
static struct rgb
text_on(struct rgb c)
{
	return 0.30 * c.r + 0.59 * c.g + 0.11 * c.b > 0.55 ? black : white;
}

static struct rgb
unit_rgb(const struct draw *d, const struct bt_unit *u)
{
	int i = bt_side_color(d->st, u->side);

	return i < 0 ? no_side : side_rgb[i];
}

/*
 * Text is laid out by Pango, whose fontconfig fallback finds a font for
 * any script (a battle named in Japanese, Greek or Arabic), where cairo's
 * own text drew one font's boxes. The font of a cairo context is kept on
 * it, as cairo's own was.
 */
static const cairo_user_data_key_t font_key;

static void
font(cairo_t *cr, double size, bool bold)
{
	PangoFontDescription *fd = pango_font_description_new();

	pango_font_description_set_family(fd, "sans-serif");
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD :
	    PANGO_WEIGHT_NORMAL);
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	cairo_set_user_data(cr, &font_key, fd,
	    (cairo_destroy_func_t)pango_font_description_free);
}

/* s laid out in the context's font; the caller unrefs it. */
static PangoLayout *
text_layout(cairo_t *cr, const char *s)
{
	PangoLayout *l = pango_cairo_create_layout(cr);

	pango_layout_set_font_description(l, cairo_get_user_data(cr,
	    &font_key));
	pango_layout_set_text(l, s, -1);
	return l;
}

static double
text_width(cairo_t *cr, const char *s)
{
	PangoLayout *l = text_layout(cr, s);
	int w, h;

	pango_layout_get_size(l, &w, &h);
	g_object_unref(l);
	return (double)w / PANGO_SCALE;
}

/* s on the baseline y, with its left end at x (align 0), its middle (1)
 * or right end (2). */
static void
text(cairo_t *cr, double x, double y, int align, const char *s)
{
	PangoLayout *l;
	PangoRectangle ink_r, logical;

	if (*s == '\0')
		return;
	l = text_layout(cr, s);
	pango_layout_get_extents(l, &ink_r, &logical);
	if (align == 1)
		x -= (ink_r.x + ink_r.width / 2.0) / PANGO_SCALE;
	else if (align == 2)
		x -= (double)logical.width / PANGO_SCALE;
	cairo_move_to(cr, x, y - (double)pango_layout_get_baseline(l) /
	    PANGO_SCALE);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
	/* An arc drawn next would join the current point with a line:
	 * leave no point behind. */
	cairo_new_path(cr);
}

/* "3/5 HP", or for stands "2/3 stands, 14/21 HP". */
static void
hp_words(const struct bt_unit *u, char *buf, size_t size)
{
	size_t alive = 0;
	long hp = 0;

	if (u->nstands == 0) {
		snprintf(buf, size, "%d/%d HP", u->hp, u->max_hp);
		return;
	}
	for (size_t i = 0; i < u->nstands; i++)
		if (u->stands[i].placed && u->stands[i].hp > 0) {
			alive++;
			hp += u->stands[i].hp;
		}
	snprintf(buf, size, "%zu/%zu stands, %ld/%ld HP", alive, u->nstands,
	    hp, (long)u->max_hp * (long)u->nstands);
}

static char *
legend_line(const struct draw *d, size_t i)
{
	const struct bt_unit *u = &d->st->units[i];
	char hp[96], status[128], play[256];

	hp_words(u, hp, sizeof(hp));
	bt_status_text(u, status, sizeof(status));
	bt_play_text(d->st, u, play, sizeof(play));
	return bt_xasprintf("%s%s%s%s (%s): %s%s%s%s%s%s", u->id,
	    u->name ? ", " : "", u->name ? u->name : "",
	    is_active(d->st, u) ? ", to act" : "", u->side, hp,
	    *status ? ", " : "", status, *play ? ", " : "", play,
	    bt_unit_on_map(u) ? "" : ", not on the map");
}

/* The terrain letters the map has, in bt_terrain_letters' order. */
static size_t
terrains(const struct bt_map *m, char *out)
{
	size_t n = 0;

	for (const char *t = bt_terrain_letters; *t != '\0'; t++) {
		bool on = false;

		for (int y = 0; y < m->height && !on; y++)
			on = strchr(m->rows[y], *t) != NULL;
		if (on)
			out[n++] = *t;
	}
	out[n] = '\0';
	return n;
}

/*
 * The picture's size: the map with its numbers, the title above and the
 * legend below, wide enough for the longest line of text (up to MAXTEXT).
 */
static void
layout(struct draw *d)
{
	const struct bt_state *st = d->st;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    1, 1);
	cairo_t *cr = cairo_create(s);
	double w = 2 * LEFT + SQ * (double)st->map.width, tw = 0;

	font(cr, 13, true);
	for (char *p = d->heading, *nl; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		*nl = '\0';
		tw = text_width(cr, p);
		*nl = '\n';
		w = tw + 16 > w ? tw + 16 : w;
	}
	font(cr, 11, false);
	d->listed = st->nunits < MAXLEGEND ? st->nunits : MAXLEGEND;
	for (size_t i = 0; i < d->listed; i++) {
		char *line = legend_line(d, i);

		tw = LEFT + 22 + text_width(cr, line);
		free(line);
		w = tw + 8 > w ? tw + 8 : w;
	}
	tw = LEFT + text_width(cr, marks_key(st));
	w = tw + 8 > w ? tw + 8 : w;
	tw = LEFT + text_width(cr, d->order);
	w = tw + 8 > w ? tw + 8 : w;
	{
		char t[sizeof(".fhrsbwx")];

		tw = LEFT + KEYSLOT * (double)terrains(&st->map, t);
		w = tw + 8 > w ? tw + 8 : w;
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);

	d->width = (int)(w < 2 * LEFT + SQ * st->map.width + MAXTEXT ? w :
	    2 * LEFT + SQ * st->map.width + MAXTEXT);
	d->legend = TOP + SQ * st->map.height + 24;
	/* lines of sides, terrain, marks and order, the units, "and N more" */
	d->height = d->legend + LINE * (int)(d->listed + 5) + 8;
}

static void
draw_title(struct draw *d)
{
	cairo_t *cr = d->cr;
	int n = 0;

	color(cr, ink);
	for (char *p = d->heading, *nl; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		*nl = '\0';
		if (*p != '\0' && n < 3) {
			font(cr, 13, n == 0);
			text(cr, 8, 18 + LINE * n++, 0, p);
		}
		*nl = '\n';
	}
}

/* A hill's slope, a forest's trees, a swamp's reeds: off the square's
 * middle, which keeps the plain colour (the tests look there). */
static void
draw_feature(cairo_t *cr, int t, double x, double y)
{
	color(cr, shade(terrain_rgb(t), 0.6));
	cairo_set_line_width(cr, 1.5);
	switch (t) {
	case BT_HILL:	/* elevation 1: a ridge */
		cairo_move_to(cr, x + 5, y + 27);
		cairo_line_to(cr, x + 11, y + 19);
		cairo_line_to(cr, x + 16, y + 24);
		cairo_line_to(cr, x + 21, y + 17);
		cairo_line_to(cr, x + 27, y + 27);
		cairo_stroke(cr);
		break;
	case BT_FOREST:
		for (int i = 0; i < 3; i++) {
			static const double tx[] = { 8, 24, 9 };
			static const double ty[] = { 8, 10, 24 };

			cairo_new_sub_path(cr);
			cairo_arc(cr, x + tx[i], y + ty[i], 3.5, 0, 6.3);
			cairo_fill(cr);
		}
		break;
	case BT_SWAMP:
	case BT_WATER:
		for (int i = 0; i < 2; i++) {
			cairo_move_to(cr, x + 4, y + 8 + 16 * i);
			cairo_curve_to(cr, x + 10, y + 4 + 16 * i,
			    x + 16, y + 12 + 16 * i, x + 22, y + 8 + 16 * i);
			cairo_stroke(cr);
		}
		break;
	case BT_BLOCKED:
	case BT_ROCKS:
	case BT_BUILDING:
		cairo_rectangle(cr, x + 3, y + 3, SQ - 6, SQ - 6);
		cairo_stroke(cr);
		break;
	}
}

static void
draw_map(struct draw *d)
{
	const struct bt_map *m = &d->st->map;
	cairo_t *cr = d->cr;
	char num[16];

	for (int y = 0; y < m->height; y++)
		for (int x = 0; x < m->width; x++) {
			color(cr, terrain_rgb(m->rows[y][x]));
			cairo_rectangle(cr, px(x), py(y), SQ, SQ);
			cairo_fill(cr);
			draw_feature(cr, m->rows[y][x], px(x), py(y));
		}
	/* The grid: a line on each square's first row and column of pixels. */
	cairo_set_source_rgba(cr, 0, 0, 0, 0.25);
	cairo_set_line_width(cr, 1);
	for (int x = 0; x <= m->width; x++) {
		cairo_move_to(cr, px(x) + 0.5, py(0));
		cairo_line_to(cr, px(x) + 0.5, py(m->height));
	}
	for (int y = 0; y <= m->height; y++) {
		cairo_move_to(cr, px(0), py(y) + 0.5);
		cairo_line_to(cr, px(m->width), py(y) + 0.5);
	}
	cairo_stroke(cr);
	/* The text map's axes: columns above and below, rows both sides. */
	color(cr, ink);
	font(cr, 10, false);
	for (int x = 0; x < m->width; x++) {
		snprintf(num, sizeof(num), "%d", x);
		text(cr, px(x) + SQ / 2, TOP - 5, 1, num);
		text(cr, px(x) + SQ / 2, py(m->height) + 13, 1, num);
	}
	for (int y = 0; y < m->height; y++) {
		snprintf(num, sizeof(num), "%d", y);
		text(cr, LEFT - 4, py(y) + SQ / 2 + 4, 2, num);
		text(cr, px(m->width) + 4, py(y) + SQ / 2 + 4, 0, num);
	}
}

/* The body of a unit, or of a stand, over w x h squares at (x, y). */
struct body {
	double		 x0, y0, x1, y1;	/* its rectangle */
	double		 ix0, iy0, ix1, iy1;	/* inside its bands */
};

static struct body
body_of(int x, int y, int w, int h)
{
	struct body b;

	b.x0 = b.ix0 = px(x) + 2;
	b.y0 = b.iy0 = py(y) + 2;
	b.x1 = b.ix1 = px(x + w) - 2;
	b.y1 = b.iy1 = py(y + h) - 2;
	return b;
}

/* cc: the dark band along the front (CC-7, as the seed draws a unit's
 * front); every side for a unit with four fronts. */
static void
draw_bands(cairo_t *cr, const struct bt_unit *u, struct body *b,
    struct rgb c)
{
	color(cr, shade(c, 0.35));
	for (int f = BT_N; f <= BT_W; f++) {
		if (u->fronts != 4 && u->facing != f)
			continue;
		switch (f) {
		case BT_N:
			cairo_rectangle(cr, b->x0, b->y0, b->x1 - b->x0, BAND);
			b->iy0 = b->y0 + BAND;
			break;
		case BT_E:
			cairo_rectangle(cr, b->x1 - BAND, b->y0, BAND,
			    b->y1 - b->y0);
			b->ix1 = b->x1 - BAND;
			break;
		case BT_S:
			cairo_rectangle(cr, b->x0, b->y1 - BAND, b->x1 - b->x0,
			    BAND);
			b->iy1 = b->y1 - BAND;
			break;
		default:
			cairo_rectangle(cr, b->x0, b->y0, BAND, b->y1 - b->y0);
			b->ix0 = b->x0 + BAND;
		}
		cairo_fill(cr);
	}
}

/* HP as a bar at the foot of the body's inside: white on black. */
static void
draw_hp(cairo_t *cr, const struct body *b, int hp, int max)
{
	double w = b->ix1 - b->ix0 - 6, f;

	if (max <= 0 || w < 4)
		return;
	f = hp <= 0 ? 0 : hp >= max ? 1 : (double)hp / max;
	color(cr, black);
	cairo_rectangle(cr, b->ix0 + 3, b->iy1 - 6, w, 4);
	cairo_fill(cr);
	color(cr, white);
	cairo_rectangle(cr, b->ix0 + 3, b->iy1 - 6, w * f, 4);
	cairo_fill(cr);
}

static void
draw_label(cairo_t *cr, const struct body *b, const char *s, struct rgb c)
{
	color(cr, text_on(c));
	font(cr, 12, true);
	text(cr, (b->ix0 + b->ix1) / 2, (b->iy0 + b->iy1) / 2 + 1, 1, s);
}

/* The status marks of bt-state(5)'s words that a unit on the map can
 * have: broken hatched, defending edged in white, engaged (kingdom)
 * a ringed cross in its top-right corner. */
static void
draw_marks(cairo_t *cr, const struct bt_state *st, const struct bt_unit *u,
    const struct body *b)
{
	if (u->status & BT_ST_BROKEN) {
		cairo_save(cr);
		cairo_rectangle(cr, b->x0, b->y0, b->x1 - b->x0,
		    b->y1 - b->y0);
		cairo_clip(cr);
		color(cr, black);
		cairo_set_line_width(cr, 1.5);
		for (double t = -(b->y1 - b->y0); t < b->x1 - b->x0; t += 8) {
			cairo_move_to(cr, b->x0 + t, b->y1);
			cairo_line_to(cr, b->x0 + t + (b->y1 - b->y0), b->y0);
		}
		cairo_stroke(cr);
		cairo_restore(cr);
	}
	if (u->status & BT_ST_DEFENDING) {
		color(cr, white);
		cairo_set_line_width(cr, 2);
		cairo_rectangle(cr, b->x0 + 1, b->y0 + 1, b->x1 - b->x0 - 2,
		    b->y1 - b->y0 - 2);
		cairo_stroke(cr);
	}
	if (st->rules == &bt_kingdom && u->engaged.n > 0) {
		double cx = b->x1 - 7, cy = b->y0 + 7;

		color(cr, white);
		cairo_new_sub_path(cr);
		cairo_arc(cr, cx, cy, 6, 0, 6.3);
		cairo_fill_preserve(cr);
		color(cr, black);
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		cairo_set_line_width(cr, 1.5);
		cairo_move_to(cr, cx - 3, cy - 3);
		cairo_line_to(cr, cx + 3, cy + 3);
		cairo_move_to(cr, cx + 3, cy - 3);
		cairo_line_to(cr, cx - 3, cy + 3);
		cairo_stroke(cr);
	}
}

/* The unit whose turn it is: an orange frame over the edges of its
 * squares, w x h of them at (x, y). */
static void
draw_turn(cairo_t *cr, int x, int y, int w, int h)
{
	color(cr, turn_rgb);
	cairo_set_line_width(cr, 3);
	cairo_rectangle(cr, px(x) + 1.5, py(y) + 1.5, SQ * w - 3.0,
	    SQ * h - 3.0);
	cairo_stroke(cr);
}

/* cc's marks of play along the body's top: a readied attack (CC-25) a
 * white dot on the left, the Support it holds (CC-26) a black dot on the
 * right, a used reaction (CC-21) a grey square in the middle. */
static void
draw_play(cairo_t *cr, const struct bt_unit *u, const struct body *b)
{
	double mid = (b->x0 + b->x1) / 2;

	cairo_set_line_width(cr, 1);
	if (u->ready.present) {
		cairo_new_sub_path(cr);
		cairo_arc(cr, b->x0 + 6, b->y0 + 6, 4, 0, 6.3);
		color(cr, white);
		cairo_fill_preserve(cr);
		color(cr, black);
		cairo_stroke(cr);
	}
	if (u->supported_by != NULL) {
		cairo_new_sub_path(cr);
		cairo_arc(cr, b->x1 - 6, b->y0 + 6, 4, 0, 6.3);
		color(cr, black);
		cairo_fill_preserve(cr);
		color(cr, white);
		cairo_stroke(cr);
	}
	if (u->reacted) {
		cairo_rectangle(cr, mid - 3, b->y0 + 3, 6, 6);
		color(cr, used_rgb);
		cairo_fill_preserve(cr);
		color(cr, black);
		cairo_stroke(cr);
	}
}

/* clash: each stand a square of its own, numbered as on the text map;
 * a solo's a disc; a casualty (0 HP, CL-4) faded and crossed out. */
static void
draw_stands(struct draw *d, const struct bt_unit *u, char tag)
{
	cairo_t *cr = d->cr;
	struct rgb c = unit_rgb(d, u);

	for (size_t k = 0; k < u->nstands; k++) {
		const struct bt_stand *s = &u->stands[k];
		struct body b = body_of(s->x, s->y, 1, 1);
		bool down = s->hp <= 0;
		struct rgb sc = down ? fade(c, 0.6) : c;
		char label[4] = { tag, (char)(down ? '_' : k < 9 ? '1' + k :
		    '+'), '\0' };

		if (!s->placed || !bt_on_map(&d->st->map, s->x, s->y))
			continue;
		color(cr, sc);
		cairo_new_path(cr);	/* an arc joins any current point */
		if (d->st->rules == &bt_clash && u->solo)
			cairo_arc(cr, px(s->x) + SQ / 2.0, py(s->y) + SQ / 2.0,
			    SQ / 2.0 - 2, 0, 6.3);
		else
			cairo_rectangle(cr, b.x0, b.y0, b.x1 - b.x0,
			    b.y1 - b.y0);
		cairo_fill_preserve(cr);
		color(cr, shade(c, 0.5));
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		if (down) {
			color(cr, black);
			cairo_set_line_width(cr, 2);
			cairo_move_to(cr, b.x0 + 4, b.y0 + 4);
			cairo_line_to(cr, b.x1 - 4, b.y1 - 4);
			cairo_move_to(cr, b.x1 - 4, b.y0 + 4);
			cairo_line_to(cr, b.x0 + 4, b.y1 - 4);
			cairo_stroke(cr);
			continue;
		}
		b.iy0 += 2;
		draw_label(cr, &b, label, sc);
		draw_hp(cr, &b, s->hp, u->max_hp);
		draw_marks(cr, d->st, u, &b);
		if (is_active(d->st, u))
			draw_turn(cr, s->x, s->y, 1, 1);
	}
}

/* cc units and kingdom armies: one rectangle over their footprint. */
static void
draw_unit(struct draw *d, const struct bt_unit *u, char tag)
{
	cairo_t *cr = d->cr;
	struct rgb c = unit_rgb(d, u);
	struct body b = body_of(u->x, u->y, u->w, u->h);
	char label[2] = { tag, '\0' };

	color(cr, c);
	cairo_rectangle(cr, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
	cairo_fill_preserve(cr);
	color(cr, shade(c, 0.5));
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	if (d->st->rules == &bt_cc)	/* kingdom armies face no way */
		draw_bands(cr, u, &b, c);
	draw_label(cr, &b, label, c);
	draw_hp(cr, &b, u->hp, u->max_hp);
	draw_marks(cr, d->st, u, &b);
	if (d->st->rules == &bt_cc)
		draw_play(cr, u, &b);
	if (is_active(d->st, u))
		draw_turn(cr, u->x, u->y, u->w, u->h);
}

static void
draw_units(struct draw *d)
{
	const struct bt_state *st = d->st;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];

		/* routed, destroyed and fled units are only in the legend */
		if (u->status & BT_ST_GONE)
			continue;
		if (u->nstands > 0)
			draw_stands(d, u, d->tags[i]);
		else if (u->placed)
			draw_unit(d, u, d->tags[i]);
	}
}

static void
swatch(cairo_t *cr, double x, double y, struct rgb c, char tag)
{
	char label[2] = { tag, '\0' };

	color(cr, c);
	cairo_rectangle(cr, x, y - 11, 14, 14);
	cairo_fill(cr);
	if (tag != '\0') {
		color(cr, text_on(c));
		font(cr, 10, true);
		text(cr, x + 7, y, 1, label);
	}
}

/* The sides with their colours, the key to the marks, then a line a
 * unit: its tag on its colour, id, side, HP and status. */
static void
draw_legend(struct draw *d)
{
	const struct bt_state *st = d->st;
	cairo_t *cr = d->cr;
	double x = LEFT, y = d->legend + 12;

	for (size_t s = 0; s < st->nsides; s++) {
		int i = bt_side_color(st, st->sides[s].id);

		swatch(cr, x, y, i < 0 ? no_side : side_rgb[i], '\0');
		color(cr, ink);
		font(cr, 11, true);
		text(cr, x + 18, y, 0, st->sides[s].id);
		x += 18 + text_width(cr, st->sides[s].id) + 16;
	}
	/* The terrain key: a swatch and its word every KEYSLOT pixels. */
	y += LINE;
	{
		char t[sizeof(".fhrsbwx")];
		size_t n = terrains(&st->map, t);

		for (size_t k = 0; k < n; k++) {
			x = LEFT + KEYSLOT * (double)k;
			color(cr, terrain_rgb(t[k]));
			cairo_rectangle(cr, x, y - 11, 14, 14);
			cairo_fill(cr);
			color(cr, shade(terrain_rgb(t[k]), 0.6));
			cairo_set_line_width(cr, 1);
			cairo_rectangle(cr, x - 0.5, y - 11.5, 15, 15);
			cairo_stroke(cr);
			color(cr, ink);
			font(cr, 11, false);
			text(cr, x + 18, y, 0, bt_terrain_word(t[k]));
		}
	}
	y += LINE;
	color(cr, ink);
	font(cr, 11, false);
	text(cr, LEFT, y, 0, marks_key(st));
	y += LINE;
	text(cr, LEFT, y, 0, d->order);
	for (size_t i = 0; i < d->listed; i++) {
		char *line = legend_line(d, i);

		y += LINE;
		swatch(cr, LEFT, y, unit_rgb(d, &st->units[i]), d->tags[i]);
		color(cr, ink);
		font(cr, 11, false);
		text(cr, LEFT + 22, y, 0, line);
		free(line);
	}
	if (d->listed < st->nunits) {
		char *more = bt_xasprintf("and %zu more units (bt-render "
		    "--format text lists them all)", st->nunits - d->listed);

		text(cr, LEFT, y + LINE, 0, more);
		free(more);
	}
}

static void
draw(struct draw *d)
{
	color(d->cr, paper_rgb);
	cairo_paint(d->cr);
	draw_title(d);
	draw_map(d);
	draw_units(d);
	draw_legend(d);
}

static cairo_status_t
write_fp(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

/* Draws on a surface of the format and writes it out; a cairo status. */
static cairo_status_t
render(struct draw *d, int format, int paper, FILE *fp)
{
	cairo_surface_t *s;
	cairo_status_t cs;
	double pw = d->width, ph = d->height, scale = 1;

	switch (format) {
	case BT_FMT_PNG:
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, d->width,
		    d->height);
		break;
	case BT_FMT_SVG:
		s = cairo_svg_surface_create_for_stream(write_fp, fp,
		    d->width, d->height);
		/* In pixels, as the PNG, rather than cairo's points: a
		 * viewer then shows the same size at 96 dpi. */
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
		break;
	default:
		/* On paper: turned to landscape for a picture wider than
		 * high, scaled to fit inside the margins, centred. */
		if (paper != BT_PAPER_NONE) {
			bool wide = d->width > d->height;
			double sx, sy;

			pw = paper_size[paper][wide];
			ph = paper_size[paper][!wide];
			sx = (pw - 2 * MARGIN) / d->width;
			sy = (ph - 2 * MARGIN) / d->height;
			scale = sx < sy ? sx : sy;
		}
		s = cairo_pdf_surface_create_for_stream(write_fp, fp, pw, ph);
		/* No date: the same state gives the same bytes. */
		cairo_pdf_surface_set_metadata(s,
		    CAIRO_PDF_METADATA_CREATE_DATE, "");
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE,
		    d->st->name);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
		    "bt-render");
	}
	d->cr = cairo_create(s);
	if (scale != 1) {
		cairo_translate(d->cr, (pw - scale * d->width) / 2,
		    (ph - scale * d->height) / 2);
		cairo_scale(d->cr, scale, scale);
	}
	draw(d);
	cs = bt_picture_finish(s, d->cr, format, fp);
	d->cr = NULL;
	return cs;
}

int
bt_render_picture(const struct bt_state *st, int format, int paper,
    FILE *fp, struct bt_error *err)
{
	struct draw d = { .st = st };
	size_t len = 0;
	FILE *mem;
	int rc;

	if (st->map.width > MAXSQ || st->map.height > MAXSQ)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "the map is %dx%d "
		    "squares: a %s picture is drawn of a map of up to %d on a "
		    "side", st->map.width, st->map.height,
		    bt_format_words[format], MAXSQ);
	/* The title is the text map's heading, line for line. */
	if ((mem = open_memstream(&d.heading, &len)) == NULL)
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "out of memory");
	bt_render_heading(st, mem);
	if (fclose(mem) != 0) {
		free(d.heading);
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "out of memory");
	}
	d.tags = bt_render_tags(st);
	if ((mem = open_memstream(&d.order, &len)) == NULL) {
		free(d.tags);
		free(d.heading);
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "out of memory");
	}
	bt_render_order(st, d.tags, mem);
	if (fclose(mem) != 0) {
		free(d.tags);
		free(d.heading);
		free(d.order);
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "out of memory");
	}
	if (len > 0 && d.order[len - 1] == '\n')
		d.order[len - 1] = '\0';
	layout(&d);
	rc = bt_picture_error(render(&d, format, paper, fp), format, fp, err);
	free(d.tags);
	free(d.heading);
	free(d.order);
	/*
	 * bt-render draws one picture and exits: Pango's font map is handed
	 * back. cairo's and fontconfig's caches are kept: cairo still holds
	 * fonts of fontconfig's, and FcFini or cairo_debug_reset_static_data
	 * then aborted the PDF of a clash state 30 times in 30 (4 in 20
	 * with FcFini alone). What fontconfig keeps unreachable, 288 bytes,
	 * is named in tests/lsan.supp.
	 */
	pango_cairo_font_map_set_default(NULL);
	return rc;
}

/*
 * What sim-picture.c shares of this file's setup (picture.h): the font,
 * the text and the side colours, so that bt-sim's charts read as the
 * map does. Thin wrappers: the drawing above keeps its short names.
 */
void
bt_picture_font(cairo_t *cr, double size, bool bold)
{
	font(cr, size, bold);
}

void
bt_picture_text(cairo_t *cr, double x, double y, int align, const char *s)
{
	text(cr, x, y, align, s);
}

void
bt_picture_side_rgb(cairo_t *cr, int i)
{
	color(cr, i >= 0 && (size_t)i < BT_NELEM(side_rgb) ? side_rgb[i] :
	    no_side);
}

cairo_status_t
bt_picture_finish(cairo_surface_t *s, cairo_t *cr, int format, FILE *fp)
{
	cairo_status_t cs = cairo_status(cr);

	cairo_destroy(cr);
	if (cs == CAIRO_STATUS_SUCCESS && format == BT_FMT_PNG)
		cs = cairo_surface_write_to_png_stream(s, write_fp, fp);
	cairo_surface_finish(s);
	if (cs == CAIRO_STATUS_SUCCESS)
		cs = cairo_surface_status(s);
	cairo_surface_destroy(s);
	return cs;
}

int
bt_picture_error(cairo_status_t cs, int format, FILE *fp,
    struct bt_error *err)
{
	/* A failed write is left in fp's error flag for the final check of
	 * standard output, which reports it once, with its errno. */
	if (cs != CAIRO_STATUS_SUCCESS &&
	    !(cs == CAIRO_STATUS_WRITE_ERROR && ferror(fp)))
		return bt_errorf(err, BT_EXIT_IO, 0, 0, "can't draw the %s "
		    "picture: %s", bt_format_words[format],
		    cairo_status_to_string(cs));
	return 0;
}

cairo_status_t
bt_picture_write(void *fp, const unsigned char *data, unsigned int len)
{
	return write_fp(fp, data, len);
}

#else /* !HAVE_CAIRO */

int
bt_render_picture(const struct bt_state *st, int format, int paper,
    FILE *fp, struct bt_error *err)
{
	(void)st;
	(void)paper;
	(void)fp;
	return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "this bt-render was built "
	    "without cairo: it draws no %s pictures", bt_format_words[format]);
}

#endif /* HAVE_CAIRO */
