/* bt-check: validate a state and write it back in canonical form. */
#include <getopt.h>
#include <stdlib.h>

#include "bt.h"

static void
usage(int status)
{
	FILE *fp = status == BT_EXIT_OK ? stdout : stderr;

	fprintf(fp, "usage: bt-check [-iq] [--scenario] [-f file | file]\n");
	if (status == BT_EXIT_OK)
		fprintf(fp, "Check a battle state and write it in canonical "
		    "form.\n\n"
		    "  -q, --quiet        check only: write nothing\n"
		    "      --scenario     check a scenario as bt-init would "
		    "start it; write nothing\n");
	if (status == BT_EXIT_OK)
		bt_cli_usage_options(fp, "fi");
	exit(bt_cli_finish(status));
}

int
main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "in-place", optional_argument, NULL, 'i' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "scenario", no_argument, NULL, 'S' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct bt_cli cli = { .color = -1 };
	struct bt_state st;
	struct bt_input in = { 0 };
	bool quiet = false, scenario = false;
	int ch, status;

	bt_cli_start(argv);
	while ((ch = bt_getopt(argc, argv, "f:hi::qV", opts)) != -1) {
		switch (ch) {
		case 'h':
			usage(BT_EXIT_OK);
			break;
		case 'q':
			quiet = true;
			break;
		case 'S':
			scenario = true;
			break;
		default:
			if (bt_cli_option(&cli, ch, optarg) <= 0)
				usage(BT_EXIT_USAGE);
		}
	}
	if (bt_cli_one_file(&cli, argc - optind, argv + optind, "state") < 0)
		usage(BT_EXIT_USAGE);
	if (quiet && cli.in_place) {
		bt_warnx("-q writes nothing: it can't be given with -i");
		usage(BT_EXIT_USAGE);
	}
	if (scenario && cli.in_place) {
		bt_warnx("--scenario writes nothing: it can't be given with -i");
		usage(BT_EXIT_USAGE);
	}

	if (scenario)
		return bt_cli_finish(bt_cli_check_scenario(&cli));
	status = bt_cli_load(&cli, &st, &in, BT_LOAD_STATE);
	if (status == BT_EXIT_OK && !quiet)
		status = bt_cli_save(&cli, &st, &in);
	bt_state_free(&st);
	bt_input_free(&in);
	return bt_cli_finish(status);
}
