/*
 * sim-picture.c: bt-sim's answer drawn with cairo (bt-sim -F png|svg):
 * a bar for each side's win rate and one for the draws, with the 95%
 * interval across it; a histogram of the rounds the battles lasted; each
 * unit's fate as a stacked bar. Text and side colours are picture.c's.
 *
 * The geometry is fixed, as bt-sim(1) says, so that a reader (and the
 * tests) can find a bar: the win bar of side i (the draws after the last
 * side) covers the rows TOP + ROW * i + 2 to TOP + ROW * i + ROW - 3 and
 * starts at column LEFT; a rate r fills BAR * r pixels of it.
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"
#include "picture.h"

#ifdef HAVE_CAIRO
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#define WIDTH	640
#define LEFT	160	/* the bars' left end: labels before it */
#define BAR	400	/* a rate of 1 */
#define TOP	56	/* the first win bar's row */
#define ROW	24	/* a bar and the gap under it */
#define HIST	120	/* the histogram's height */
#define MAXUNITS 200	/* units drawn, beyond which the answer has them */

struct fate_rgb {
	double		 r, g, b;
};
/* In enum bt_fate's order: broken, destroyed, fled, standing. */
static const struct fate_rgb fate_rgb[BT_NFATES] = {
	{ 0.95, 0.65, 0.20 }, { 0.20, 0.20, 0.20 }, { 0.62, 0.62, 0.62 },
	{ 0.55, 0.78, 0.55 }
};

/* The colour bt-render gives side s: its index among the answer's. */
static int
side_color(const struct bt_sim *sim, size_t s)
{
	struct bt_side *sides = bt_xcalloc(sim->nsides, sizeof(*sides));
	struct bt_state st = { .sides = sides, .nsides = sim->nsides };
	int c;

	for (size_t i = 0; i < sim->nsides; i++)
		sides[i].id = sim->side[i];
	c = bt_side_color(&st, sim->side[s]);
	free(sides);
	return c;
}

/* A rate's bar in row i, with its interval as a line across it. */
static void
rate_bar(cairo_t *cr, int i, const char *label, long k, long n)
{
	double y = TOP + ROW * i, p = n > 0 ? (double)k / (double)n : 0;
	double lo, hi;
	char buf[64];

	cairo_rectangle(cr, LEFT, y + 2, BAR * p, ROW - 4);
	cairo_fill(cr);
	/* The same interval as the answer's wilson-95. */
	bt_sim_wilson(k, n, &lo, &hi);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 2);
	cairo_move_to(cr, LEFT + BAR * lo, y + ROW / 2.0);
	cairo_line_to(cr, LEFT + BAR * hi, y + ROW / 2.0);
	cairo_move_to(cr, LEFT + BAR * lo, y + 6);
	cairo_line_to(cr, LEFT + BAR * lo, y + ROW - 6);
	cairo_move_to(cr, LEFT + BAR * hi, y + 6);
	cairo_line_to(cr, LEFT + BAR * hi, y + ROW - 6);
	cairo_stroke(cr);
	bt_picture_text(cr, LEFT - 8, y + ROW - 7, 2, label);
	snprintf(buf, sizeof(buf), "%.1f%%", 100 * p);
	bt_picture_text(cr, LEFT + BAR + 8, y + ROW - 7, 0, buf);
}

static void
draw(cairo_t *cr, const struct bt_sim *sim, int height)
{
	long n = sim->battles, most = 1;
	size_t nunits = sim->nunits < MAXUNITS ? sim->nunits : MAXUNITS;
	double y, w;
	char buf[256];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, 0, 0, WIDTH, height);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	bt_picture_font(cr, 16, true);
	bt_picture_text(cr, 16, 24, 0, sim->battle);
	bt_picture_font(cr, 12, false);
	snprintf(buf, sizeof(buf), "%ld battles (%ld unfinished), %s rules",
	    n, sim->unfinished, sim->rules);
	bt_picture_text(cr, 16, 44, 0, buf);
	for (size_t s = 0; s < sim->nsides; s++) {
		snprintf(buf, sizeof(buf), "%s (%s)", sim->side[s],
		    sim->policy[s]);
		bt_picture_side_rgb(cr, side_color(sim, s));
		rate_bar(cr, (int)s, buf, sim->wins[s], n);
	}
	cairo_set_source_rgb(cr, 0.62, 0.62, 0.62);
	rate_bar(cr, (int)sim->nsides, "draws", sim->draws, n);

	/* The rounds: a bar for each, as high as its share of the most. */
	y = TOP + ROW * (double)(sim->nsides + 1) + 24 + HIST;
	for (size_t r = 0; r < sim->nrounds; r++)
		if (sim->rounds[r] > most)
			most = sim->rounds[r];
	w = sim->nrounds > 0 ? (double)BAR / (double)sim->nrounds : BAR;
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	bt_picture_text(cr, LEFT - 8, y, 2, "rounds");
	for (size_t r = 0; r < sim->nrounds; r++) {
		double hgt = HIST * (double)sim->rounds[r] / (double)most;

		cairo_set_source_rgb(cr, 0.35, 0.45, 0.60);
		cairo_rectangle(cr, LEFT + w * (double)r, y - hgt, w > 2 ?
		    w - 1 : w, hgt);
		cairo_fill(cr);
		if (sim->rounds[r] > 0 && (w >= 16 || r % 5 == 0)) {
			snprintf(buf, sizeof(buf), "%zu", r);
			cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
			bt_picture_text(cr, LEFT + w * ((double)r + 0.5),
			    y + 14, 1, buf);
		}
	}

	/* Each unit's fate: standing, broken, fled, destroyed, left to right. */
	y += 32;
	for (size_t i = 0; i < nunits; i++, y += ROW) {
		static const int order[] = { BT_FATE_STANDING, BT_FATE_BROKEN,
		    BT_FATE_FLED, BT_FATE_DESTROYED };
		double x = LEFT;

		for (int f = 0; f < BT_NFATES; f++) {
			const struct fate_rgb *c = &fate_rgb[order[f]];
			double part = n > 0 ? BAR *
			    (double)sim->fate[i][order[f]] / (double)n : 0;

			cairo_set_source_rgb(cr, c->r, c->g, c->b);
			cairo_rectangle(cr, x, y + 2, part, ROW - 4);
			cairo_fill(cr);
			x += part;
		}
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		bt_picture_text(cr, LEFT - 8, y + ROW - 7, 2, sim->unit[i]);
	}
	y += 8;
	for (int f = 0; f < BT_NFATES; f++) {
		cairo_set_source_rgb(cr, fate_rgb[f].r, fate_rgb[f].g,
		    fate_rgb[f].b);
		cairo_rectangle(cr, LEFT + 100 * f, y, 12, 12);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		bt_picture_text(cr, LEFT + 100 * f + 16, y + 11, 0,
		    bt_fate_words[f]);
	}
}

int
bt_sim_picture(const struct bt_sim *sim, int format, FILE *fp,
    struct bt_error *err)
{
	size_t nunits = sim->nunits < MAXUNITS ? sim->nunits : MAXUNITS;
	int height = TOP + ROW * (int)(sim->nsides + 1) + 24 + HIST + 32 +
	    ROW * (int)nunits + 32;
	cairo_surface_t *s;
	cairo_status_t cs;
	cairo_t *cr;

	if (format == BT_FMT_PNG)
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, WIDTH,
		    height);
	else {
		s = cairo_svg_surface_create_for_stream(bt_picture_write, fp,
		    WIDTH, height);
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	}
	cr = cairo_create(s);
	draw(cr, sim, height);
	cs = bt_picture_finish(s, cr, format, fp);
	/* One picture and the program ends: as bt_render_picture does. */
	pango_cairo_font_map_set_default(NULL);
	return bt_picture_error(cs, format, fp, err);
}

#else /* !HAVE_CAIRO */

int
bt_sim_picture(const struct bt_sim *sim, int format, FILE *fp,
    struct bt_error *err)
{
	(void)sim;
	(void)fp;
	return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "this bt-sim was built "
	    "without cairo: it draws no %s pictures", bt_format_words[format]);
}

#endif /* HAVE_CAIRO */
