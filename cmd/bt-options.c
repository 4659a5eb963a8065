/* bt-options: the legal orders of the moment, for players (bt-options(1)). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-options [-F text|yaml|json] [--unit unit] "
	    "[-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "List every order the rules allow now: the active "
		    "unit's (the phase's in\nkingdom), or a named unit's. The "
		    "text is itself a bt-order file.\n\n"
		    "  -F, --format=FMT   text (the default), yaml or json\n"
		    "      --unit=UNIT    only UNIT's orders\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "f");
	exit(bt_cli_finish(status));
}

static const char *const formats[] = { "text", "yaml", "json", NULL };

/* The listing in format f on standard output; the exit status. */
static int
list(const struct bt_state *st, const char *unit, int f)
{
	struct bt_options o = { 0 };
	struct bt_emitter *em;
	const char *side;
	char *text;
	size_t len;
	int status = BT_EXIT_OK;

	if ((status = bt_cli_refuse_ended(st)) != BT_EXIT_OK)
		return status;
	if (unit != NULL && bt_unit_find(st, unit) == NULL) {
		bt_warnx("bad --unit '%s': the state has no such unit", unit);
		return BT_EXIT_USAGE;
	}
	if ((side = bt_waiting(st)) == NULL ||
	    bt_options_of(st, side, &o) < 0) {
		bt_warnx("the %s ruleset lists no orders yet", st->rules->name);
		return BT_EXIT_USAGE;
	}
	if (f == 0)
		bt_options_print(st, side, unit, &o, stdout);
	else {
		em = f == 1 ? bt_emit_new(4096) : bt_json_emitter();
		bt_options_emit(st, side, unit, &o, em);
		if ((text = bt_emit_finish(em, &len)) == NULL) {
			bt_warnx("can't write the listing: the emitter failed");
			status = BT_EXIT_IO;
		} else
			fwrite(text, 1, len, stdout);
		free(text);
		bt_emit_free(em);
	}
	bt_options_free(&o);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "format", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "unit", required_argument, NULL, 'U' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_state st = { 0 };
	struct bt_input in = { 0 };
	const char *unit = NULL;
	int ch, status, f = 0;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "f:F:hV", opts)) != -1) {
		switch (ch) {
		case 'F':
			if ((f = bt_word_index(formats, optarg)) < 0) {
				bt_warnx("bad --format '%s': text, yaml or "
				    "json", optarg);
				usage(BT_EXIT_USAGE);
			}
			break;
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'U':
			if (bt_cli_text("--unit", optarg) < 0)
				usage(BT_EXIT_USAGE);
			unit = optarg;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_one_file(&cli, argc - optind, argv + optind, "state") < 0)
		usage(BT_EXIT_USAGE);
	if ((status = bt_cli_load(&cli, &st, &in, BT_LOAD_STATE)) ==
	    BT_EXIT_OK)
		status = list(&st, unit, f);
	bt_state_free(&st);
	bt_input_free(&in);
	return bt_cli_finish(status);
}
