/* picture.h: what picture.c shares with sim-picture.c, with cairo. */
#ifndef BT_PICTURE_H
#define BT_PICTURE_H

#ifdef HAVE_CAIRO
#include <stdbool.h>

#include <cairo.h>

/* Pango's sans-serif of size pixels for the text that follows. */
void	 bt_picture_font(cairo_t *, double size, bool bold);
/* s on the baseline y: its left end at x (align 0), middle (1), right (2). */
void	 bt_picture_text(cairo_t *, double x, double y, int align,
	    const char *s);
/* The source colour of side i of a state (bt_side_color's order). */
void	 bt_picture_side_rgb(cairo_t *, int i);
/* A cairo write function onto a FILE *. */
cairo_status_t bt_picture_write(void *fp, const unsigned char *data,
	    unsigned int len);
#endif

#endif /* BT_PICTURE_H */
