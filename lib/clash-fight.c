/*
 * clash-fight.c: attacks in clash (CL-1, CL-3, CL-4), morale and rally
 * (CL-8, CL-10, CL-11) and a dying solo's death saves (CL-7): bt-attack,
 * bt-morale, and the rolls bt-resolve makes.
 */
#include <stdlib.h>
#include <string.h>

#include "clash.h"

/* The stand that takes damage beyond its target's HP (CL-3): the one
 * named, else the first of the unit next to the target with HP left. */
static int
spill_stand(const struct bt_unit *t, size_t k, const struct clash_who *named,
    struct bt_error *err)
{
	const struct bt_stand *s = &t->stands[k];

	if (named->u != NULL) {
		const struct bt_stand *n = &t->stands[named->k];

		if (named->u != t || named->k == k)
			return bt_refuse(err, "CL-3", "--spill-to '%s' is not "
			    "another stand of '%s'", clash_name(named->u,
			    named->k), t->id);
		if (!n->placed || n->hp == 0 ||
		    !clash_next_to(s->x, s->y, n->x, n->y))
			return bt_refuse(err, "CL-3", "--spill-to '%s' is not "
			    "next to '%s' with HP left", clash_name(t,
			    named->k), clash_name(t, k));
		return (int)named->k;
	}
	for (size_t j = 0; j < t->nstands; j++)
		if (j != k && t->stands[j].placed && t->stands[j].hp > 0 &&
		    clash_next_to(s->x, s->y, t->stands[j].x, t->stands[j].y))
			return (int)j;
	return -2;	/* none: the excess is lost */
}

/* Refuses (-1, err says why) an attack of stand k of a on stand j of t;
 * 0 when the rules allow it. */
int
clash_can_attack(const struct bt_state *st, const struct bt_unit *a, size_t k,
    const struct bt_unit *t, size_t j, struct bt_error *err)
{
	const struct bt_stand *s = &a->stands[k], *ts = &t->stands[j];
	char *me = bt_xstrdup(clash_name(a, k));
	int rc = 0;

	if (clash_check_turn(st, a, err) < 0)
		rc = -1;
	else if (!s->placed)
		rc = bt_refuse(err, "CL-6", "'%s' is no longer on the map",
		    me);
	else if (clash_down(a))
		rc = bt_refuse(err, "CL-7", "'%s' is down at 0 HP: it can't "
		    "attack", me);
	else if (a->status & BT_ST_BROKEN)
		rc = bt_refuse(err, "CL-9", "'%s' is broken: it can only "
		    "take the Retreat action", a->id);
	else if (a->retreat)
		rc = bt_refuse(err, "CL-2", "'%s' took the Retreat action "
		    "this turn: its stands don't attack", a->id);
	else if (s->attacked)
		rc = bt_refuse(err, "CL-1", "'%s' has made its attack this "
		    "turn", me);
	else if (!clash_enemies(a, t))
		rc = bt_refuse(err, "CL-1", "'%s' is not an enemy of '%s'",
		    t->id, a->id);
	else if (!ts->placed)
		rc = bt_refuse(err, "CL-6", "'%s' is no longer on the map",
		    clash_name(t, j));
	else if (clash_down(t) && !t->pc)
		rc = bt_refuse(err, "CL-7", "'%s' has fallen at 0 HP: it is "
		    "eliminated with the casualties at the end of the round",
		    t->id);
	else if (!clash_next_to(s->x, s->y, ts->x, ts->y))
		rc = bt_refuse(err, "CL-1", "'%s' is not next to '%s'", me,
		    clash_name(t, j));
	free(me);
	return rc;
}

/* Damage on stand k of t: returns what goes beyond its HP, a casualty
 * counting as 1 HP (CL-4). */
static int
hurt(struct bt_unit *t, size_t k, int dmg)
{
	struct bt_stand *s = &t->stands[k];
	int has = s->hp > 0 || t->solo ? s->hp : 1;
	int excess = dmg > has ? dmg - has : 0;

	s->hp = s->hp > dmg ? s->hp - dmg : 0;
	return excess;
}

/* What a stand's HP say after damage, for the log. */
static char *
hp_words(const struct bt_unit *t, size_t k)
{
	const struct bt_stand *s = &t->stands[k];

	if (s->hp > 0)
		return bt_xasprintf("%s at %d/%d HP", clash_name(t, k), s->hp,
		    t->max_hp);
	if (t->solo && t->pc)
		return bt_xasprintf("%s drops to 0 HP, dying (CL-7)", t->id);
	if (t->solo)
		return bt_xasprintf("%s drops to 0 HP and falls (CL-7)", t->id);
	return bt_xasprintf("%s is a casualty (CL-4)", clash_name(t, k));
}

/* CL-7: a solo dead at once leaves the battle. */
static void
die(struct bt_unit *t)
{
	t->stands[0].placed = false;
	t->status |= BT_ST_DESTROYED;
	t->death_fails = 0;
}

/*
 * CL-7, 5e's rules for dying: dmg on solo t, and the words for the log.
 * Damage that takes it to 0 HP with its maximum HP or more to spare
 * kills it outright; a hit on it dying (clash_can_attack lets only a
 * player character's through) is a failed death save, two on a critical, kept
 * in death_fails for its saves at the end of the round, and damage of
 * its maximum HP or more then kills it outright too.
 */
static char *
solo_hit(struct bt_unit *t, int dmg, bool crit)
{
	struct bt_stand *s = &t->stands[0];
	int over = dmg - s->hp;

	if (s->hp == 0 && dmg < t->max_hp) {
		t->death_fails += crit ? 2 : 1;
		if (t->death_fails < 3)
			return bt_xasprintf("%s is dying: %s (CL-7), %d of 3",
			    t->id, crit ? "two failed death saves" :
			    "a failed death save", t->death_fails);
		die(t);
		return bt_xasprintf("%s is dying: %s (CL-7), three failures: "
		    "dead", t->id, crit ? "two failed death saves" :
		    "a failed death save");
	}
	if (s->hp == 0) {
		die(t);
		return bt_xasprintf("%s is dying, and %d damage is its maximum "
		    "HP or more: killed outright (CL-7)", t->id, dmg);
	}
	hurt(t, 0, dmg);
	if (s->hp > 0 || over < t->max_hp)
		return hp_words(t, 0);
	die(t);
	return bt_xasprintf("%s drops to 0 HP with %d damage to spare, its "
	    "maximum HP or more: killed outright (CL-7)", t->id, over);
}

/* bt-attack UNIT.N UNIT.M [--spill-to UNIT.K] */
int
clash_attack(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	struct clash_who a, t, sp = { NULL, 0 };
	struct bt_log_entry *e;
	struct bt_dice_expr x;
	char *text, *more, *words;
	int adv = (o->adv ? 1 : 0) - (o->dis ? 1 : 0), d20, total, dmg = 0;
	int spill = -2, excess;
	bool hit, crit;

	if (o->ranged || o->crit_type != NULL)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "%s is for cc; "
		    "clash attacks are melee", o->ranged ? "--ranged" :
		    "--crit-type");
	if (clash_operand(st, o->argv[0], false, &a, err) < 0 ||
	    clash_operand(st, o->argv[1], false, &t, err) < 0 ||
	    (o->spill_to != NULL &&
	    clash_operand(st, o->spill_to, false, &sp, err) < 0))
		return -1;
	if (clash_can_attack(st, a.u, a.k, t.u, t.k, err) < 0)
		return -1;
	if (sp.u != NULL && t.u->solo)
		return bt_refuse(err, "CL-3", "'%s' is a solo: no stand is "
		    "identical to it", t.u->id);
	if (sp.u != NULL && (spill = spill_stand(t.u, t.k, &sp, err)) == -1)
		return -1;

	a.u->stands[a.k].attacked = true;
	e = bt_log_add(st, "attack", a.u->id);
	{
		char *who = bt_xasprintf("%s attacks %s", clash_name(a.u, a.k),
		    clash_name(t.u, t.k));
		char *need = bt_need_words(t.u->ac - a.u->attack, 20, true,
		    true);

		words = bt_dice_expr_format(&a.u->dmg);
		bt_dice_why(dice, who, "%s; %s hits (AC %d); then roll %s "
		    "damage, its dice doubled on a natural 20",
		    adv > 0 ? " (advantage: the DM's call)" : adv < 0 ?
		    " (disadvantage: the DM's call)" : "", need, t.u->ac, words);
		free(who);
		free(need);
		free(words);
	}
	dice->record = &e->rolls;
	d20 = bt_d20(dice, adv);
	total = d20 + a.u->attack;
	/* 5e: a natural 20 hits and doubles the dice, a natural 1 misses */
	crit = d20 == 20;
	hit = crit || (d20 != 1 && total >= t.u->ac);
	text = bt_xasprintf("%s attacks %s: %d%s %+d = %d against AC %d",
	    clash_name(a.u, a.k), clash_name(t.u, t.k), d20,
	    adv > 0 ? " (advantage)" : adv < 0 ? " (disadvantage)" : "",
	    a.u->attack, total, t.u->ac);
	if (!hit) {
		dice->record = NULL;
		bt_log_text(e, "%s, %s", text, d20 == 1 ?
		    "a natural 1 misses" : "miss");
		free(text);
		return 0;
	}
	x = a.u->dmg;
	if (crit)
		x.count *= 2;
	more = bt_xasprintf("%s hits %s", clash_name(a.u, a.k),
	    clash_name(t.u, t.k));
	bt_dice_why(dice, more, " damage%s", crit ? " (a critical hit: its "
	    "dice doubled)" : "");
	free(more);
	dmg = bt_roll_expr(dice, &x);
	dice->record = NULL;
	if (dmg < 0)
		dmg = 0;
	words = bt_dice_expr_format(&x);
	more = bt_xasprintf("%s, %s, %s: %d damage", text, crit ?
	    "a natural 20, a critical hit" : "hit", words, dmg);
	free(text);
	free(words);
	text = more;
	if (t.u->solo) {
		excess = 0;
		words = solo_hit(t.u, dmg, crit);
	} else {
		excess = hurt(t.u, t.k, dmg);
		words = hp_words(t.u, t.k);
	}
	more = bt_xasprintf("%s, %s", text, words);
	free(text);
	free(words);
	text = more;
	if (excess > 0 && !t.u->solo) {
		if (spill == -2)
			spill = spill_stand(t.u, t.k, &sp, err);
		if (spill >= 0) {
			hurt(t.u, (size_t)spill, excess);
			words = hp_words(t.u, (size_t)spill);
			more = bt_xasprintf("%s; %d more spills to %s (CL-3), "
			    "%s", text, excess, clash_name(t.u,
			    (size_t)spill), words);
			free(words);
		} else
			more = bt_xasprintf("%s; %d more is lost, with no "
			    "stand next to it to spill to (CL-3)", text,
			    excess);
		free(text);
		text = more;
	}
	bt_log_text(e, "%s", text);
	free(text);
	return clash_settle(st, dice, err);	/* a solo killed outright */
}

/* CL-8: a DC 10 Wisdom save with the unit's best Wisdom; broken for the
 * rest of the battle when it fails. */
void
clash_morale_check(struct bt_state *st, struct bt_dice *dice,
    struct bt_unit *u)
{
	struct bt_log_entry *e = bt_log_add(st, "morale", u->id);
	const char *from;
	int wis = clash_wis(st, u, &from), d20, total;
	char *who = bt_xasprintf("%s checks morale (CL-8)", u->id);
	char *need = bt_need_words(CLASH_SAVE_DC - wis, 20, false, false);

	bt_dice_why(dice, who, "; %s holds (DC %d), less breaks it", need,
	    CLASH_SAVE_DC);
	free(who);
	free(need);
	d20 = bt_roll_logged(dice, e, 20);
	total = d20 + wis;
	u->morale_round = st->round;
	if (total < CLASH_SAVE_DC)
		u->status |= BT_ST_BROKEN;
	bt_log_text(e, "%s has lost %zu of its %zu stands and checks morale "
	    "(CL-8): %d %+d Wisdom (%s) = %d against DC %d, %s", u->id,
	    clash_lost(u), u->nstands, d20, wis, from, total, CLASH_SAVE_DC,
	    total < CLASH_SAVE_DC ? "failed: broken" : "it holds");
}

/* CL-11: the morale save again, with the commander's Charisma. */
void
clash_rally(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u)
{
	struct bt_log_entry *e = bt_log_add(st, "rally", u->id);
	const char *from;
	int wis = clash_wis(st, u, &from), d20, total;
	char *who = bt_xasprintf("%s tries to rally (CL-11)", u->id);
	char *need = bt_need_words(CLASH_SAVE_DC - wis - u->commander.cha, 20,
	    false, false);

	bt_dice_why(dice, who, "; %s rallies (DC %d)", need, CLASH_SAVE_DC);
	free(who);
	free(need);
	d20 = bt_roll_logged(dice, e, 20);
	total = d20 + wis + u->commander.cha;
	if (total >= CLASH_SAVE_DC)
		u->status &= ~(unsigned)BT_ST_BROKEN;
	bt_log_text(e, "%s tries to rally (CL-11): %d %+d Wisdom (%s) %+d "
	    "Charisma (%s) = %d against DC %d, %s", u->id, d20, wis, from,
	    u->commander.cha, u->commander.name, total, CLASH_SAVE_DC,
	    total >= CLASH_SAVE_DC ? "rallied: no longer broken" :
	    "still broken");
}

/* CL-7: up to ten death saves, one at a time, until it is stable, dead
 * or up again. A stable solo is carried from the field. */
void
clash_death_saves(struct bt_state *st, struct bt_dice *dice,
    struct bt_unit *u)
{
	struct bt_log_entry *e = bt_log_add(st, "death-save", u->id);
	struct bt_stand *s = &u->stands[0];
	char *list = bt_xstrdup(""), *more, *hits;
	int ok = 0, bad = u->death_fails, r = 0;
	const char *fate = NULL;

	dice->record = &e->rolls;
	for (int i = 0; i < CLASH_MAX_SAVES && fate == NULL; i++) {
		more = bt_xasprintf("%s makes death save %d (CL-7)", u->id,
		    i + 1);
		bt_dice_why(dice, more, "; %d or more passes, 3 passes make it "
		    "stable, a 1 counts as 2 failures and 3 failures kill it; a "
		    "natural 20 brings it back with 1 HP", CLASH_SAVE_DC);
		free(more);
		r = bt_roll(dice, 20);
		more = bt_xasprintf("%s%s%d", list, i ? ", " : "", r);
		free(list);
		list = more;
		if (r == 20) {
			s->hp = 1;
			fate = "a natural 20: it regains 1 HP and fights on";
		} else if (r == 1)
			bad += 2;
		else if (r >= CLASH_SAVE_DC)
			ok++;
		else
			bad++;
		if (fate == NULL && bad >= 3) {
			fate = "three failures: dead";
			s->placed = false;
			u->status |= BT_ST_DESTROYED;
		} else if (fate == NULL && ok >= 3) {
			fate = "three successes: stable, and carried from the "
			    "field";
			s->placed = false;
			u->status |= BT_ST_FLED;
		}
	}
	dice->record = NULL;
	hits = u->death_fails == 0 ? bt_xstrdup("") : bt_xasprintf(", with "
	    "%d failure%s from hits", u->death_fails, u->death_fails == 1 ?
	    "" : "s");
	u->death_fails = 0;
	bt_log_text(e, "%s is dying and makes death saves (CL-7)%s: %s; %s",
	    u->id, hits, list, fate);
	free(hits);
	free(list);
}

/* Is u's turn in this round still to come? */
static bool
turn_to_come(const struct bt_state *st, const struct bt_unit *u)
{
	bool seen_active = false;

	for (size_t i = 0; i < st->norder; i++) {
		if (strcmp(st->order[i], u->id) == 0)
			return seen_active;
		if (st->active != NULL && strcmp(st->order[i], st->active) == 0)
			seen_active = true;
	}
	return false;
}

/* CL-11 by hand: refuses (-1) a rally of u, a unit of stands in the
 * battle, that the rules don't allow now; 0 when they do. */
int
clash_rally_refused(const struct bt_state *st, const struct bt_unit *u,
    struct bt_error *err)
{
	if (!(u->status & BT_ST_BROKEN))
		return bt_refuse(err, "CL-11", "'%s' is not broken", u->id);
	if (!u->commander.present)
		return bt_refuse(err, "CL-11", "'%s' has no commander to rally "
		    "it", u->id);
	if (!turn_to_come(st, u) && u->rally_round > st->round)
		return bt_refuse(err, "CL-11", "'%s' has rolled the rally for "
		    "its next turn", u->id);
	if (turn_to_come(st, u) && u->rally_round == st->round)
		return bt_refuse(err, "CL-11", "'%s' has rolled the rally for "
		    "its turn this round", u->id);
	return 0;
}

/* bt-morale UNIT: CL-8 now; bt-morale --rally UNIT: CL-11 by hand. */
int
clash_morale(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o, struct bt_error *err)
{
	struct clash_who w;
	struct bt_unit *u;

	/* bt-morale may name no army in kingdom (all of them): not here. */
	if (o->argc != 1)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "in clash, "
		    "bt-morale takes one unit");
	if (strchr(o->argv[0], '.') != NULL)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "bt-morale takes a "
		    "unit, not a stand: '%s'", o->argv[0]);
	if (o->adv || o->dis)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "--adv and --dis are "
		    "for cc; clash saves are plain d20s");
	if (clash_operand(st, o->argv[0], true, &w, err) < 0)
		return -1;
	u = w.u;
	if (!clash_in_battle(u))
		return bt_refuse(err, "CL-8", "'%s' is out of the battle",
		    u->id);
	if (u->solo)
		return bt_refuse(err, "CL-10", "'%s' is a solo: it is never "
		    "broken", u->id);
	if (o->rally) {
		if (clash_rally_refused(st, u, err) < 0)
			return -1;
		clash_rally(st, dice, u);
		/* for this round's turn, or else for the next round's */
		u->rally_round = st->round + !turn_to_come(st, u);
		return 0;
	}
	if (u->status & BT_ST_BROKEN)
		return bt_refuse(err, "CL-8", "'%s' is broken for the rest "
		    "of the battle; only a commander rallies it (CL-11)",
		    u->id);
	if (clash_lost(u) * 2 <= u->nstands)
		return bt_refuse(err, "CL-8", "'%s' has lost %zu of its %zu "
		    "stands, not more than half: no morale check", u->id,
		    clash_lost(u), u->nstands);
	if (u->morale_round == st->round)
		return bt_refuse(err, "CL-8", "'%s' has checked morale this "
		    "round", u->id);
	clash_morale_check(st, dice, u);
	return 0;
}
