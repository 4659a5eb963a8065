/* picture.h: what picture.c shares with sim-picture.c, with cairo. */
#ifndef BT_PICTURE_H
#define BT_PICTURE_H

#ifdef HAVE_CAIRO
#include <stdbool.h>
#include <stdio.h>

#include <cairo.h>

/* Pango's sans-serif of size pixels for the text that follows. */
void	 bt_picture_font(cairo_t *, double size, bool bold);
/* s on the baseline y: its left end at x (align 0), middle (1), right (2). */
void	 bt_picture_text(cairo_t *, double x, double y, int align,
	    const char *s);
/* The source colour of side i of a state (bt_side_color's order). */
void	 bt_picture_side_rgb(cairo_t *, int i);
struct bt_error;

/* Ends a picture drawn with cr on s (both destroyed): a PNG is written
 * to fp now, the other formats wrote as they were drawn. */
cairo_status_t bt_picture_finish(cairo_surface_t *, cairo_t *, int format,
	    FILE *fp);
/* 0, or the error of a picture that ended with that status; a failed
 * write is left in fp's error flag, for the final check of the output. */
int	 bt_picture_error(cairo_status_t, int format, FILE *fp,
	    struct bt_error *);
/* A cairo write function onto a FILE *. */
cairo_status_t bt_picture_write(void *fp, const unsigned char *data,
	    unsigned int len);
#endif

#endif /* BT_PICTURE_H */
