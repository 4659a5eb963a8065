/*
 * picture.c: the battlefield drawn with cairo, as PNG, SVG or PDF
 * (bt-render --format). Without cairo, bt is built with this file's
 * refusal only, and the text formats still work.
 */
#include "bt.h"

int
bt_render_picture(const struct bt_state *st, int format, FILE *fp,
    struct bt_error *err)
{
	(void)st;
	(void)fp;
	return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "this bt-render was built "
	    "without cairo: it draws no %s pictures", bt_format_words[format]);
}
