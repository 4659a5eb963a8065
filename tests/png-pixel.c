/*
 * png-pixel: prints the colour of pixels of a PNG, for the picture tests.
 * usage: png-pixel file.png        prints "width height"
 *        png-pixel file.png x y... prints "r g b" (0 to 255) for each x,y
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cairo.h>

int
main(int argc, char *argv[])
{
	cairo_surface_t *s;
	unsigned char *data;
	int w, h, stride, status = 0;

	if (argc < 2 || argc % 2 != 0) {
		fprintf(stderr, "usage: png-pixel file.png [x y ...]\n");
		return 2;
	}
	s = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "png-pixel: %s: %s\n", argv[1],
		    cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return 1;
	}
	cairo_surface_flush(s);
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	data = cairo_image_surface_get_data(s);
	if (argc == 2)
		printf("%d %d\n", w, h);
	for (int i = 2; i + 1 < argc; i += 2) {
		int x = atoi(argv[i]), y = atoi(argv[i + 1]);
		uint32_t p;

		if (x < 0 || y < 0 || x >= w || y >= h) {
			fprintf(stderr, "png-pixel: %d,%d is outside %dx%d\n",
			    x, y, w, h);
			status = 1;
			break;
		}
		/* RGB24 and ARGB32 alike: one native-endian word a pixel;
		 * bt draws on an opaque background, so no un-premultiplying. */
		p = *(uint32_t *)(void *)(data + (size_t)y * (size_t)stride +
		    (size_t)x * 4);
		printf("%u %u %u\n", (p >> 16) & 0xff, (p >> 8) & 0xff,
		    p & 0xff);
	}
	cairo_surface_destroy(s);
	return status;
}
