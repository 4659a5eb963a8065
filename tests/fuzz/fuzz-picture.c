/*
 * fuzz-picture.c: the libFuzzer harness of bt-render's pictures (cairo,
 * lib/picture.c). The input is any text, read as a whole state; when the
 * loader takes it, it is drawn as png, svg and pdf, to /dev/null. A
 * refusal (a map too big to draw, or no cairo in the build) is fine; a
 * crash or a sanitizer's report is a bug.
 */
#include <stdlib.h>

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct bt_state st;
	struct bt_error err;

	bt_error_init(&err, "<fuzz>");
	if (bt_state_read(&st, text, size, BT_LOAD_STATE, &err) == 0)
		for (int f = BT_FMT_PNG; f <= BT_FMT_PDF; f++)
			bt_render_picture(&st, f, f == BT_FMT_PDF ?
			    BT_PAPER_A4 : BT_PAPER_NONE, fuzz_null(), &err);
	bt_error_print(&err, fuzz_null());
	bt_error_free(&err);
	bt_state_free(&st);
	free(text);
	return 0;
}
