/* cli.c: what every program's main shares: input, output, dice, colour. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bt.h"

/* Names the program for messages: getopt_long's name it by argv[0]. */
void
bt_cli_start(char **argv)
{
	char *slash = strrchr(argv[0], '/');

	if (slash != NULL)
		argv[0] = slash + 1;
	bt_progname = argv[0];
	/* A closed pipe is then a write error we report, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
}

void
bt_cli_version(void)
{
	printf("%s (bt) %s\n", bt_progname, BT_VERSION);
	exit(bt_cli_finish(BT_EXIT_OK));
}

int
bt_cli_rolls(struct bt_cli *c, const char *arg)
{
	const char *why;

	free(c->rolls);
	if (bt_rolls_parse(arg, &c->rolls, &c->nrolls, &why) < 0) {
		bt_warnx("bad --rolls '%s': %s", arg, why);
		return -1;
	}
	c->forcing = true;
	return 0;
}

int
bt_cli_color(struct bt_cli *c, const char *arg)
{
	if (arg == NULL || strcmp(arg, "auto") == 0)
		c->color = -1;
	else if (strcmp(arg, "always") == 0)
		c->color = 1;
	else if (strcmp(arg, "never") == 0)
		c->color = 0;
	else {
		bt_warnx("bad --color '%s': auto, always or never", arg);
		return -1;
	}
	return 0;
}

/* Colour only for a terminal, and never with NO_COLOR set or TERM=dumb. */
bool
bt_cli_use_color(const struct bt_cli *c, FILE *fp)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	if (c->color >= 0)
		return c->color == 1;
	if (no != NULL && *no != '\0')
		return false;
	if (term != NULL && strcmp(term, "dumb") == 0)
		return false;
	return isatty(fileno(fp));
}

int
bt_cli_load(struct bt_cli *c, struct bt_state *st, struct bt_input *in,
    enum bt_load_mode mode)
{
	struct bt_error err;
	int status = BT_EXIT_OK;

	bt_error_init(&err, NULL);
	if (c->in_place && (c->file == NULL || strcmp(c->file, "-") == 0)) {
		bt_warnx("--in-place needs a file, not standard input");
		return BT_EXIT_USAGE;
	}
	if (bt_read_input(in, c->file, &err) < 0 ||
	    bt_state_read(st, in->buf, in->len, mode, &err) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	}
	bt_error_free(&err);
	return status;
}

int
bt_cli_save(struct bt_cli *c, const struct bt_state *st,
    const struct bt_input *in)
{
	struct bt_error err;
	size_t len;
	char *buf = bt_state_emit(st, in->len, &len);
	int status = BT_EXIT_OK;

	bt_error_init(&err, NULL);
	if (buf == NULL) {
		bt_warnx("can't emit the state: libyaml failed");
		return BT_EXIT_IO;
	}
	if (bt_write_output(c->in_place ? in->path : NULL, buf, len, &err) < 0) {
		bt_error_print(&err, stderr);
		status = err.status;
	}
	free(buf);
	bt_error_free(&err);
	return status;
}

/* The last thing main does: a failed write to standard output is exit 4. */
int
bt_cli_finish(int status)
{
	struct bt_error err;

	bt_error_init(&err, NULL);
	if (bt_close_stdout(&err) < 0) {
		bt_error_print(&err, stderr);
		if (status == BT_EXIT_OK)
			status = err.status;
	}
	bt_error_free(&err);
	return status;
}

int
bt_cli_refuse_ended(const struct bt_state *st)
{
	if (!st->result.present)
		return BT_EXIT_OK;
	bt_warnx("refused (%s): the battle is over (%s%s: %s)",
	    st->rules->end_rule, st->result.winner,
	    strcmp(st->result.winner, "draw") ? " won" : "",
	    st->result.reason);
	return BT_EXIT_REFUSED;
}
