/*
 * csv.c: the units as CSV, a row each under a header line, for a
 * spreadsheet (bt-render(1) -F csv). The same columns for every ruleset,
 * so that sheets of different battles line up; a column a ruleset has no
 * value for is empty. Quoting and line ends are RFC 4180's.
 */
#include <stdio.h>
#include <string.h>

#include "bt.h"

/* A field is quoted when it holds a comma, a quote or a line break; a
 * quote inside is doubled. An empty field is written as nothing. */
static void
field(FILE *fp, const char *s, bool last)
{
	if (s != NULL && s[strcspn(s, ",\"\r\n")] != '\0') {
		putc('"', fp);
		for (; *s != '\0'; s++) {
			if (*s == '"')
				putc('"', fp);
			putc(*s, fp);
		}
		putc('"', fp);
	} else if (s != NULL)
		fputs(s, fp);
	fputs(last ? "\r\n" : ",", fp);
}

static void
number(FILE *fp, long v)
{
	fprintf(fp, "%ld,", v);
}

static const char *const columns[] = {
	"unit", "side", "name", "type", "x", "y", "facing", "hp", "max-hp",
	"stands", "status", "notes"
};

int
bt_render_csv(const struct bt_state *st, FILE *fp)
{
	char status[128];

	for (size_t c = 0; c < BT_NELEM(columns); c++)
		field(fp, columns[c], c + 1 == BT_NELEM(columns));
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];
		const struct bt_stand *first = NULL;
		long hp = u->hp, max_hp = u->max_hp, alive = 0;

		field(fp, u->id, false);
		field(fp, u->side, false);
		field(fp, u->name, false);
		field(fp, u->type, false);
		/* clash: the first stand on the map stands for the unit, and
		 * its strength is its stands' (max-hp is a stand's). */
		if (u->nstands > 0) {
			hp = 0;
			for (size_t k = 0; k < u->nstands; k++)
				if (u->stands[k].placed) {
					if (first == NULL)
						first = &u->stands[k];
					hp += u->stands[k].hp;
					alive++;
				}
			max_hp = u->max_hp * (long)u->nstands;
		}
		if (first != NULL) {
			number(fp, first->x);
			number(fp, first->y);
		} else if (u->nstands == 0 && u->placed) {
			number(fp, u->x);
			number(fp, u->y);
		} else
			fputs(",,", fp);
		/* Only cc units face a side (kingdom armies and stands don't),
		 * as in the text table. */
		field(fp, st->rules != &bt_cc ? NULL : u->fronts == 4 ? "all" :
		    bt_facing_words[u->facing], false);
		number(fp, hp);
		number(fp, max_hp);
		if (u->nstands > 0)
			number(fp, alive);
		else
			fputs(",", fp);
		bt_status_text(u, status, sizeof(status));
		field(fp, status, false);
		field(fp, u->notes, true);
	}
	return 0;
}
