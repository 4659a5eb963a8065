/* roll.c: rolls written into the battle's log (D-2), and the roll the DM
 * asks for (bt-roll), from the battle's dice like every other (D-1). */
#include <stdlib.h>
#include <string.h>

#include "bt.h"

/* One die, its value recorded in the log entry e (D-2). */
int
bt_roll_logged(struct bt_dice *dice, struct bt_log_entry *e, int sides)
{
	struct bt_rolls *was = dice->record;
	int r;

	dice->record = &e->rolls;
	r = bt_roll(dice, sides);
	dice->record = was;
	return r;
}

/* Rolls x (a d20 with adv > 0 advantage, < 0 disadvantage: D-1), logs it
 * as event 'roll' for who (may be NULL) and returns the entry. */
struct bt_log_entry *
bt_dm_roll(struct bt_state *st, struct bt_dice *dice,
    const struct bt_dice_expr *x, int adv, const char *what)
{
	struct bt_log_entry *e = bt_log_add(st, "roll", NULL);
	char *expr = bt_dice_expr_format(x), *parts = bt_xstrdup("");
	int total;

	dice->record = &e->rolls;
	bt_dice_why(dice, what != NULL ? what : "the DM's roll", NULL);
	if (adv != 0) {
		int kept = bt_d20(dice, adv);

		total = kept + x->bonus;
		free(parts);
		parts = bt_xasprintf("%d and %d, keeping %d (%s)",
		    e->rolls.v[0].value, e->rolls.v[1].value, kept,
		    adv > 0 ? "advantage" : "disadvantage");
	} else {
		total = bt_roll_expr(dice, x);
		for (size_t i = 0; i < e->rolls.n; i++) {
			char *more = bt_xasprintf("%s%s%d", parts, i ? " + " : "",
			    e->rolls.v[i].value);

			free(parts);
			parts = more;
		}
	}
	dice->record = NULL;
	if (x->bonus != 0) {
		char *more = bt_xasprintf("%s %c %d", parts,
		    x->bonus < 0 ? '-' : '+', abs(x->bonus));

		free(parts);
		parts = more;
	}
	bt_log_text(e, "%s%s%s rolled %s = %d", what ? what : "the DM's",
	    what ? ", " : " ", expr, parts, total);
	free(expr);
	free(parts);
	return e;
}
