/* common.c: the promises every fuzz harness checks after the library. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void
fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

char *
fuzz_text(const uint8_t *data, size_t size)
{
	char *s = bt_xmalloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

FILE *
fuzz_null(void)
{
	static FILE *null;

	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL)
		fuzz_fail("can't open /dev/null");
	return null;
}

void
fuzz_round_trip(const struct bt_state *st, struct bt_state *again,
    const char *who)
{
	struct bt_error err;
	size_t len, len2;
	char *text, *text2;

	memset(again, 0, sizeof(*again));
	if ((text = bt_state_emit(st, 0, &len)) == NULL)
		fuzz_fail("%s: libyaml can't emit the state", who);
	bt_error_init(&err, "<written>");
	if (bt_state_read(again, text, len, BT_LOAD_STATE, &err) < 0) {
		bt_error_print(&err, stderr);
		fprintf(stderr, "%.*s", (int)len, text);
		fuzz_fail("%s wrote a state it refuses to read back", who);
	}
	bt_error_free(&err);
	if ((text2 = bt_state_emit(again, len, &len2)) == NULL)
		fuzz_fail("%s: libyaml can't emit the state read back", who);
	if (len != len2 || memcmp(text, text2, len) != 0) {
		fprintf(stderr, "--- written\n%.*s--- read back and written\n"
		    "%.*s", (int)len, text, (int)len2, text2);
		fuzz_fail("%s: the state written is not canonical: read back, "
		    "it is written otherwise", who);
	}
	free(text);
	free(text2);
}

void
fuzz_render(const struct bt_state *st)
{
	struct bt_render_opts plain = { false, BT_FMT_TEXT };
	struct bt_render_opts color = { true, BT_FMT_TEXT };
	FILE *fp = fuzz_null();

	bt_render_text(st, &plain, fp);
	bt_render_text(st, &color, fp);
	bt_render_log(st, fp);
	bt_render_report(st, fp);
	bt_render_csv(st, fp);
	fuzz_json(st);
}

/* bt-render -F json: read back, the JSON is the same state, written as
 * YAML byte for byte as the state itself is (bt-state(5)). */
void
fuzz_json(const struct bt_state *st)
{
	struct bt_state again;
	struct bt_error err;
	size_t len, ylen, ylen2;
	char *json, *yaml, *yaml2;

	memset(&again, 0, sizeof(again));
	json = bt_state_json(st, &len);
	if (json == NULL)
		fuzz_fail("bt_state_json failed on a valid state");
	bt_error_init(&err, "<json>");
	if (bt_state_read(&again, json, len, BT_LOAD_STATE, &err) < 0) {
		bt_error_print(&err, stderr);
		fprintf(stderr, "%.*s", (int)len, json);
		fuzz_fail("bt-render -F json wrote a state it refuses to read");
	}
	bt_error_free(&err);
	if ((yaml = bt_state_emit(st, 0, &ylen)) == NULL ||
	    (yaml2 = bt_state_emit(&again, 0, &ylen2)) == NULL)
		fuzz_fail("libyaml can't emit the state");
	if (ylen != ylen2 || memcmp(yaml, yaml2, ylen) != 0) {
		fprintf(stderr, "--- the state\n%.*s--- its JSON read back\n"
		    "%.*s--- the JSON\n%.*s", (int)ylen, yaml, (int)ylen2,
		    yaml2, (int)len, json);
		fuzz_fail("the JSON read back is not the same state");
	}
	free(json);
	free(yaml);
	free(yaml2);
	bt_state_free(&again);
}
