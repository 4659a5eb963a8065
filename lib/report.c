/*
 * report.c: the battle in words, for an e-mail or a terminal: the log as
 * sentences round by round (bt-render --format log), and the state or
 * outcome of the battle side by side (--format report).
 */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

const char *const bt_format_words[] = {
	"text", "log", "report", "json", "csv", "png", "svg", "pdf", NULL
};

/* "d20=14, d20=3" */
static void
print_rolls(const struct bt_rolls *r, FILE *fp)
{
	for (size_t i = 0; i < r->n; i++)
		fprintf(fp, "%sd%d=%d", i ? ", " : "", r->v[i].sides,
		    r->v[i].value);
}

int
bt_render_log(const struct bt_state *st, FILE *fp)
{
	int round = 0;

	fprintf(fp, "%s (%s)\n", st->name, st->rules->name);
	for (size_t i = 0; i < st->nlog; i++) {
		const struct bt_log_entry *e = &st->log[i];

		if (e->round != round) {
			round = e->round;
			fprintf(fp, "\nRound %d\n", round);
		}
		if (e->text != NULL)
			fprintf(fp, "  %s\n", e->text);
		else {
			/* a hand-written entry: what the state has of it */
			fprintf(fp, "  %s%s%s", e->event, e->who ? " " : "",
			    e->who ? e->who : "");
			if (e->rolls.n > 0) {
				fputs(": ", fp);
				print_rolls(&e->rolls, fp);
			}
			fputc('\n', fp);
		}
	}
	if (st->result.present)
		fprintf(fp, "\nResult: %s%s (%s)\n", st->result.winner,
		    strcmp(st->result.winner, "draw") ? " wins" : "",
		    st->result.reason);
	return 0;
}

/* What is left of a unit, and what it started with: HP, or stands. */
static void
strength(const struct bt_unit *u, long *now, long *full)
{
	if (u->nstands == 0) {
		*now = u->status & (BT_ST_GONE) ? 0 : u->hp;
		*full = u->max_hp;
		return;
	}
	*now = 0;
	*full = (long)u->nstands * u->max_hp;
	for (size_t k = 0; k < u->nstands; k++)
		if (u->stands[k].placed)
			*now += u->stands[k].hp;
}

static bool
lost(const struct bt_unit *u)
{
	return (u->status & BT_ST_GONE) || (u->nstands > 0 &&
	    !bt_unit_on_map(u));
}

int
bt_render_report(const struct bt_state *st, FILE *fp)
{
	bt_render_heading(st, fp);
	for (size_t s = 0; s < st->nsides; s++) {
		const char *side = st->sides[s].id;
		long now = 0, full = 0;
		size_t n = 0, in = 0;
		bool any = false;

		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *u = &st->units[i];
			long a, b;

			if (strcmp(u->side, side) != 0)
				continue;
			strength(u, &a, &b);
			now += a;
			full += b;
			n++;
			in += !lost(u) && !u->reserve;
		}
		fprintf(fp, "%s: %zu of %zu unit%s in the battle, %ld of %ld HP",
		    side, in, n, n == 1 ? "" : "s", now, full);
		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *u = &st->units[i];
			char status[128];

			if (strcmp(u->side, side) != 0 || !lost(u))
				continue;
			bt_status_text(u, status, sizeof(status));
			fprintf(fp, "%s %s (%s)", any ? "," : "; lost:", u->id,
			    *status ? status : "eliminated");
			any = true;
		}
		fputc('\n', fp);
	}
	if (st->rules->report != NULL)
		st->rules->report(st, fp);
	return 0;
}
