/*
 * kingdom-phase.c: what bt-resolve does at the end of each phase (KM-1):
 * the ranged attacks ordered with bt-attack (KM-5), melee (KM-6 to KM-8),
 * the resolution phase's morale and routs (KM-9 to KM-12, also bt-morale),
 * the battle's end (KM-13) and its aftermath (KM-14 to KM-17).
 */
#include <stdlib.h>
#include <string.h>

#include "kingdom.h"

static int
by_id(const void *a, const void *b)
{
	return strcmp((*(struct bt_unit *const *)a)->id,
	    (*(struct bt_unit *const *)b)->id);
}

/* The armies in byte order of their ids (CLI.md: the order dice go). */
static struct bt_unit **
sorted(struct bt_state *st)
{
	struct bt_unit **v = bt_xcalloc(st->nunits + 1, sizeof(*v));

	for (size_t i = 0; i < st->nunits; i++)
		v[i] = &st->units[i];
	qsort(v, st->nunits, sizeof(*v), by_id);
	return v;
}

static int
clamp(long v, long lo, long hi)
{
	return (int)(v < lo ? lo : v > hi ? hi : v);
}

static char
sign(int v)
{
	return v < 0 ? '-' : '+';
}

/*
 * KM-5, KM-7: d20 + attack vs AC; a hit deals the difference plus the
 * Strategy's and Tactic's damage; a natural 20 hits and deals at least 1.
 * penalty is KM-8's. Logs the attack; returns the damage.
 */
static int
strike(struct bt_state *st, struct bt_dice *dice, const struct bt_unit *a,
    const struct bt_unit *t, bool ranged, int penalty, const char *event,
    const char *rule)
{
	struct bt_log_entry *e = bt_log_add(st, event, a->id);
	int mod = km_attack_mod(st, a, ranged), ac = km_ac(st, t);
	char *minus = penalty ? bt_xasprintf(" - %d (outnumbered, KM-8)",
	    penalty) : bt_xstrdup("");
	int r, total, dmg = 0;
	bool hit;
	char *who = bt_xasprintf("%s %s %s (%s)", a->id, ranged ? "shoots at" :
	    strcmp(event, "parting") == 0 ? "makes a parting attack on" :
	    "attacks", t->id, rule);
	char *need = bt_need_words(ac - mod + penalty, 20, false, true);

	bt_dice_why(dice, who, "%s; %s hits (AC %d), dealing what it beats "
	    "the AC by%s", penalty ? " (outnumbered, KM-8)" : "", need, ac,
	    km_damage_mod(st, a) != 0 ? " plus its damage modifier" : "");
	free(who);
	free(need);
	r = bt_roll_logged(dice, e, 20);
	total = r + mod - penalty;
	hit = r == 20 || total >= ac;
	if (hit) {
		dmg = total - ac + km_damage_mod(st, a);
		if (dmg < 0)
			dmg = 0;
		if (r == 20 && dmg < 1)
			dmg = 1;
	}
	bt_log_text(e, "%s %s %s (%s): %d %c %d%s = %d against AC %d, %s, "
	    "%d damage%s", a->id, ranged ? "shoots at" :
	    strcmp(event, "parting") == 0 ? "makes a parting attack on" :
	    "attacks", t->id, rule, r, sign(mod), abs(mod),
	    minus, total, ac,
	    hit ? r == 20 && total < ac ? "a natural 20 hits" : "hit" : "miss",
	    dmg, hit && km_damage_mod(st, a) != 0 ? " with its damage "
	    "modifier" : "");
	free(minus);
	return dmg;
}

static void
take(struct bt_unit *t, int dmg)
{
	km_turn(t)->damage += dmg;
	t->hp = t->hp > dmg ? t->hp - dmg : 0;
}

/* KM-5: every ordered shot at once, against the phase's starting state. */
static void
ranged_phase(struct bt_state *st, struct bt_dice *dice)
{
	struct bt_unit **v = sorted(st);
	int *dmg = bt_xcalloc(st->nunits, sizeof(*dmg));

	for (size_t i = 0; i < st->nunits; i++) {
		struct bt_unit *a = v[i], *t;

		if (!a->km.present || a->km.shoot == NULL || !km_on_field(a) ||
		    a->shots == 0 || a->engaged.n > 0 ||
		    (t = bt_unit_find(st, a->km.shoot)) == NULL ||
		    !km_on_field(t))
			continue;
		dmg[t - st->units] += strike(st, dice, a, t, true, 0, "shoot",
		    "KM-5");
		a->shots--;
	}
	for (size_t i = 0; i < st->nunits; i++)
		if (dmg[i] > 0)
			take(&st->units[i], dmg[i]);
	free(dmg);
	free(v);
}

/* KM-6: Maneuver against the DC of every hostile army next to it. */
static bool
avoids(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    struct bt_unit **v)
{
	struct bt_log_entry *e = NULL;
	int mod = km_maneuver_mod(st, u);
	char *text = bt_xasprintf("%s tries to avoid melee (KM-6):", u->id);
	bool ok = true;

	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *o = v[i];
		int r, total;
		char *more;

		if (!km_hostile(u, o) || !km_adjacent(u, o) || o->hp == 0)
			continue;	/* an army without HP engages no one */
		if (e == NULL)
			e = bt_log_add(st, "avoid", u->id);
		more = bt_need_words(o->maneuver_dc - mod, 20, false, false);
		bt_dice_why(dice, NULL, "%s; %s passes (DC %d)", o->id, more,
		    o->maneuver_dc);
		free(more);
		more = bt_xasprintf("%s tries to avoid melee (KM-6) past %s",
		    u->id, dice->needs);
		bt_dice_why(dice, more, NULL);
		free(more);
		r = bt_roll_logged(dice, e, 20);
		total = r + mod;
		more = bt_xasprintf("%s %d %c %d = %d against %s's DC %d, %s;",
		    text, r, sign(mod), abs(mod), total, o->id, o->maneuver_dc,
		    total >= o->maneuver_dc ? "passed" : "failed");
		free(text);
		text = more;
		ok &= total >= o->maneuver_dc;
	}
	if (e != NULL)
		bt_log_text(e, "%s %s", text, ok ? "it stays out of the melee" :
		    "it is caught");
	free(text);
	return ok;
}

/* KM-8: a melee is the armies linked by engagement; mark u's with id. */
static void
mark_melee(struct bt_state *st, struct bt_unit *u, int *melee, int id)
{
	melee[u - st->units] = id;
	for (size_t k = 0; k < u->engaged.n; k++) {
		struct bt_unit *o = bt_unit_find(st, u->engaged.v[k]);

		if (melee[o - st->units] == 0)
			mark_melee(st, o, melee, id);
	}
}

/*
 * KM-8: the penalty of each army: in its melee, count on each side the
 * armies with HP and an ACR at least half the melee's greatest; each army
 * of the side that counts fewer takes -2 for each army of difference.
 * Only the counted armies weigh, as the seed says (the revised decision):
 * three ACR 4 armies on an ACR 10 one count 0 against 1 and take -2.
 */
static void
outnumbered(struct bt_state *st, int *penalty)
{
	int *melee = bt_xcalloc(st->nunits, sizeof(*melee)), nmelee = 0;
	const char *side0 = st->sides[0].id;

	for (size_t i = 0; i < st->nunits; i++)
		if (st->units[i].engaged.n > 0 && melee[i] == 0)
			mark_melee(st, &st->units[i], melee, ++nmelee);
	for (int m = 1; m <= nmelee; m++) {
		int best = 0, count[2] = { 0, 0 };

		for (size_t i = 0; i < st->nunits; i++)
			if (melee[i] == m && st->units[i].hp > 0 &&
			    st->units[i].acr > best)
				best = st->units[i].acr;
		for (size_t i = 0; i < st->nunits; i++) {
			int mine = strcmp(st->units[i].side, side0) != 0;

			if (melee[i] == m && st->units[i].hp > 0 &&
			    2 * st->units[i].acr >= best)
				count[mine]++;
		}
		for (size_t i = 0; i < st->nunits; i++) {
			int mine = strcmp(st->units[i].side, side0) != 0;

			if (melee[i] == m && count[mine] < count[!mine])
				penalty[i] = 2 * (count[!mine] - count[mine]);
		}
	}
	free(melee);
}

/*
 * KM-11: the armies that damaged target ti in melee, written to its
 * melee-by: the one that dealt the most first, equals in id order (v is
 * in id order). dealt[a * n + t] is what army a dealt army t.
 */
static void
melee_by(struct bt_state *st, struct bt_unit **v, const int *dealt,
    size_t ti)
{
	size_t n = st->nunits, m = 0;
	struct bt_unit **by = bt_xcalloc(n, sizeof(*by));
	struct bt_names *l = &st->units[ti].km.melee_by;

	for (size_t i = 0; i < n; i++) {
		int d = dealt[(size_t)(v[i] - st->units) * n + ti];
		size_t k;

		if (d == 0)
			continue;
		for (k = m; k > 0 &&
		    dealt[(size_t)(by[k - 1] - st->units) * n + ti] < d; k--)
			by[k] = by[k - 1];
		by[k] = v[i];
		m++;
	}
	/* not bt_names_add, which sorts by id */
	l->v = bt_xreallocarray(l->v, l->n + m + 1, sizeof(*l->v));
	for (size_t k = 0; k < m; k++)
		l->v[l->n++] = bt_xstrdup(by[k]->id);
	free(by);
}

/*
 * KM-6 to KM-8: armies that try to avoid melee roll first; every other
 * pair of hostile armies next to each other, both with HP, engages; then
 * every engaged army with HP attacks each army engaged with it, all
 * against the phase's starting state.
 */
static void
melee_phase(struct bt_state *st, struct bt_dice *dice)
{
	struct bt_unit **v = sorted(st);
	size_t n = st->nunits;
	bool *out = bt_xcalloc(n, sizeof(*out));
	int *penalty = bt_xcalloc(n, sizeof(*penalty));
	int *dmg = bt_xcalloc(n, sizeof(*dmg));
	int *dealt = bt_xcalloc(n * n + 1, sizeof(*dealt));

	for (size_t i = 0; i < n; i++)
		if (v[i]->km.present && v[i]->km.avoid && km_on_field(v[i]) &&
		    v[i]->hp > 0 && v[i]->engaged.n == 0)
			out[v[i] - st->units] = avoids(st, dice, v[i], v);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			struct bt_unit *a = &st->units[i], *b = &st->units[j];

			if (km_hostile(a, b) && km_adjacent(a, b) &&
			    a->hp > 0 && b->hp > 0 && !out[i] && !out[j]) {
				bt_names_add(&a->engaged, b->id);
				bt_names_add(&b->engaged, a->id);
			}
		}
	outnumbered(st, penalty);
	for (size_t i = 0; i < n; i++) {
		struct bt_unit *a = v[i];
		size_t ai = (size_t)(a - st->units);

		if (a->hp == 0)
			continue;
		for (size_t k = 0; k < a->engaged.n; k++) {
			struct bt_unit *t = bt_unit_find(st, a->engaged.v[k]);
			size_t ti = (size_t)(t - st->units);
			int d = strike(st, dice, a, t, false, penalty[ai],
			    "melee", "KM-7");

			dmg[ti] += d;
			dealt[ai * n + ti] += d;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (dmg[i] == 0)
			continue;
		take(&st->units[i], dmg[i]);
		melee_by(st, v, dealt, i);
	}
	free(dealt);
	free(dmg);
	free(penalty);
	free(out);
	free(v);
}

/* KM-10: the commander's Morale check against dc. */
static bool
morale_check(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    int dc, const char *why)
{
	struct bt_log_entry *e = bt_log_add(st, "morale", u->id);
	int r, total;
	char *who = bt_xasprintf("%s checks Morale (KM-10, %s)", u->id, why);
	char *need = bt_need_words(dc - u->morale, 20, false, false);

	bt_dice_why(dice, who, "; %s passes (DC %d)", need, dc);
	free(who);
	free(need);
	r = bt_roll_logged(dice, e, 20);
	total = r + u->morale;
	bt_log_text(e, "%s checks Morale (KM-10, %s): %d %c %d = %d against "
	    "DC %d, %s", u->id, why, r, sign(u->morale), abs(u->morale), total,
	    dc, total >= dc ? "passed" : "failed");
	return total >= dc;
}

static void
lose_morale(struct bt_state *st, struct bt_unit *u, const char *why)
{
	struct bt_log_entry *e = bt_log_add(st, "morale", u->id);

	u->morale = clamp((long)u->morale - 1, -10, 10);
	bt_log_text(e, "%s loses 1 Morale (%s), now %d", u->id, why, u->morale);
}

/*
 * Can army a make a parting attack in this resolution phase? Its parting
 * attacks are all rolled against the state before any of them lands (KM-1,
 * the revised decision under KM-11), so an army counts with the HP it had
 * then: one destroyed by a parting attack this phase still strikes, as
 * does one that routed earlier in it; one left with no HP by the melee
 * does not. So no outcome depends on the ids, nor on which army bt-morale
 * resolves first.
 */
static bool
can_part(const struct bt_unit *a)
{
	bool had_hp = a->hp > 0 || (a->km.present && a->km.parting > 0);

	return had_hp && (km_on_field(a) || (a->km.present &&
	    a->km.resolved));
}

/*
 * KM-11: the army that dealt the routing army most melee damage strikes
 * as it goes; when that one can't, the next in its melee-by does, and the
 * log says why. Its side may decline (--hold).
 */
static void
parting(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const struct bt_order *o)
{
	const struct bt_names *by = &u->km.melee_by;
	struct bt_unit *a = NULL;
	char *skipped = NULL;
	size_t nskipped = 0;
	int d;

	if (!u->km.present || by->n == 0)
		return;
	for (size_t k = 0; k < by->n; k++) {
		struct bt_unit *c = bt_unit_find(st, by->v[k]);
		char *more;

		if (can_part(c)) {
			a = c;
			break;
		}
		more = bt_xasprintf("%s%s%s", skipped ? skipped : "",
		    skipped ? " and " : "", c->id);
		free(skipped);
		skipped = more;
		nskipped++;
	}
	if (skipped != NULL) {
		struct bt_log_entry *e = bt_log_add(st, "parting", u->id);
		char *then = a != NULL ? bt_xasprintf("%s, the next, makes the "
		    "parting attack", a->id) : bt_xasprintf("no army makes a "
		    "parting attack on %s", u->id);

		bt_log_text(e, "%s, which dealt %s the most melee damage, "
		    "ha%s no HP left: %s (KM-11)", skipped, u->id,
		    nskipped == 1 ? "s" : "ve", then);
		free(then);
		free(skipped);
	}
	if (a == NULL)
		return;
	if (bt_order_holds(o, a->id)) {
		struct bt_log_entry *e = bt_log_add(st, "parting", a->id);

		bt_log_text(e, "%s lets %s go without a parting attack (KM-11)",
		    a->id, u->id);
		return;
	}
	d = strike(st, dice, a, u, false, 0, "parting", "KM-11");
	u->km.parting += d;
	take(u, d);
}

/*
 * KM-9 to KM-12 for one army, in the seed's order; made once a turn,
 * by bt-morale early or by the bt-resolve that ends the phase.
 */
static void
resolve_army(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    const struct bt_order *o)
{
	struct bt_km_turn *t;
	struct bt_log_entry *e;
	int start;
	bool routs = false;

	if (!km_on_field(u) || (u->km.present && u->km.resolved))
		return;
	t = km_turn(u);
	t->resolved = true;
	if (u->hp == 0) {
		e = bt_log_add(st, "destroyed", u->id);
		bt_log_text(e, "%s has no HP left and is destroyed (KM-9)",
		    u->id);
		km_leave(st, u, BT_ST_DESTROYED);
		return;
	}
	if (t->damage > u->rout)
		lose_morale(st, u, "damage this turn over its Rout Threshold, "
		    "KM-9");
	start = u->hp + t->damage;
	if (t->damage > 0 && 2 * start >= u->max_hp && 2 * u->hp < u->max_hp)
		routs = !morale_check(st, dice, u, KM_HALF_DC,
		    "damage took it below half its HP");
	if (!routs && t->damage > 0 && u->hp <= u->rout) {
		routs = !morale_check(st, dice, u, KM_LOW_DC,
		    "HP at or below its Rout Threshold");
		if (!routs)
			lose_morale(st, u, "the check against DC 15, KM-10");
	}
	if (!routs && u->morale < KM_ROUT_MORALE) {
		e = bt_log_add(st, "rout", u->id);
		bt_log_text(e, "%s's Morale %d is below -4: it routs without a "
		    "check (KM-11)", u->id, u->morale);
		routs = true;
	}
	if (!routs)
		return;
	parting(st, dice, u, o);
	e = bt_log_add(st, u->hp == 0 ? "destroyed" : "rout", u->id);
	if (u->hp == 0) {
		bt_log_text(e, "%s is destroyed as it flees (KM-11)", u->id);
		km_leave(st, u, BT_ST_DESTROYED);
	} else {
		bt_log_text(e, "%s routs and leaves the battle (KM-12)", u->id);
		km_leave(st, u, BT_ST_ROUTED);
	}
}

/* --- the battle's end --------------------------------------------------- */

static const char *const outcome_text[] = {
	"victory", "ceasefire", "defeat"
};

/* KM-14 to KM-16: the commander of a destroyed army, by d100. */
static void
commander_fate(struct bt_state *st, struct bt_dice *dice, struct bt_unit *u,
    int outcome)
{
	static const int killed[] = { 10, 10, 25 }, captured[] = { 30, 50, 75 };
	static const char *const fate[] = { "killed", "captured", "escapes" };
	static const char *const rule[] = { "KM-14", "KM-15", "KM-16" };
	struct bt_log_entry *e = bt_log_add(st, "commander", u->id);
	int r;
	char *who = bt_xasprintf("the commander of destroyed %s (%s)", u->id,
	    rule[outcome]);

	bt_dice_why(dice, who, "; up to %d: killed, up to %d: captured, more: "
	    "escapes", killed[outcome], captured[outcome]);
	free(who);
	r = bt_roll_logged(dice, e, 100);
	u->fate = r <= killed[outcome] ? KM_KILLED :
	    r <= captured[outcome] ? KM_CAPTURED : KM_ESCAPED;
	bt_log_text(e, "the commander of destroyed %s%s%s (%s): d100 %d, %s",
	    u->id, u->commander_name ? ", " : "",
	    u->commander_name ? u->commander_name : "", rule[outcome], r,
	    fate[u->fate]);
}

/* KM-14: the Loyalty check of a surviving army of the winner. */
static void
loyalty(struct bt_state *st, struct bt_dice *dice, struct bt_side *s,
    struct bt_unit *u)
{
	struct bt_log_entry *e = bt_log_add(st, "loyalty", u->id);
	int r, total;
	char *who = bt_xasprintf("%s's Loyalty check (KM-14)", u->id);
	char *need = bt_need_words(s->control_dc - s->loyalty, 20, false,
	    false);

	bt_dice_why(dice, who, "; %s passes (Control DC %d): Morale +1 and a "
	    "new Tactical Action", need, s->control_dc);
	free(who);
	free(need);
	r = bt_roll_logged(dice, e, 20);
	total = r + s->loyalty;
	if (total >= s->control_dc) {
		u->morale = clamp((long)u->morale + 1, -10, 10);
		u->learns = true;
	}
	bt_log_text(e, "%s's Loyalty check (KM-14): %d %c %d = %d against "
	    "Control DC %d, %s", u->id, r, sign(s->loyalty), abs(s->loyalty),
	    total, s->control_dc, total >= s->control_dc ? "passed: Morale +1 "
	    "and a new Tactical Action to learn" : "failed");
}

/* KM-17: what each lost army costs the kingdom. */
static void
losses(struct bt_state *st, struct bt_side *s, struct bt_unit **v)
{
	long war = 0, reform = 0;
	int lost = 0;

	for (size_t i = 0; i < st->nunits; i++) {
		struct bt_unit *u = v[i];
		const struct bt_km_loss *l;
		bool destroyed = (u->status & BT_ST_DESTROYED) != 0;

		if (strcmp(u->side, s->id) != 0 ||
		    !(u->status & (BT_ST_DESTROYED | BT_ST_ROUTED)))
			continue;
		lost++;
		l = &st->social[destroyed ? 0 : 1];
		s->loyalty = clamp((long)s->loyalty + l->loyalty, -100, 100);
		s->unrest = clamp((long)s->unrest + l->unrest, 0, BT_MAX_INT);
		s->bp = clamp((long)s->bp + l->bp, -BT_MAX_INT, BT_MAX_INT);
		s->population = clamp((long)s->population + l->population, 0,
		    BT_MAX_INT);
		war += (long)u->creatures * (destroyed ? 8 : 2) / 10;
		if (!destroyed)
			reform += (u->consumption + 1) / 2;
	}
	s->war_losses = clamp(s->war_losses + war, 0, BT_MAX_INT);
	s->reform_bp = clamp(reform, 0, BT_MAX_INT);
	if (lost > 0) {
		struct bt_log_entry *e = bt_log_add(st, "losses", s->id);

		bt_log_text(e, "%s lost %d arm%s (KM-17): War Losses +%ld, now "
		    "%d; reforming its routed armies costs %ld BP; Loyalty %d, "
		    "Unrest %d, BP %d, population %d after the Social Damage",
		    s->id, lost, lost == 1 ? "y" : "ies", war, s->war_losses,
		    reform, s->loyalty, s->unrest, s->bp, s->population);
	}
}

/*
 * KM-14 to KM-17 for every side, in byte order of the sides' ids: Loyalty
 * checks, HP and Shots regained, commanders' fates, Unrest, losses.
 */
void
km_aftermath(struct bt_state *st, struct bt_dice *dice)
{
	struct bt_unit **v = sorted(st);
	size_t first = strcmp(st->sides[0].id, st->sides[1].id) > 0;

	for (size_t k = 0; k < st->nsides; k++) {
		struct bt_side *s = &st->sides[k == 0 ? first : !first];
		int out = s->outcome;
		struct bt_log_entry *e;

		e = bt_log_add(st, "aftermath", s->id);
		bt_log_text(e, "%s: %s", s->id, outcome_text[out]);
		for (size_t i = 0; i < st->nunits; i++) {
			struct bt_unit *u = v[i];

			if (strcmp(u->side, s->id) != 0 || !km_on_field(u))
				continue;
			if (out == KM_VICTORY)
				loyalty(st, dice, s, u);
			if (out == KM_DEFEAT)
				continue;
			u->hp = u->hp + u->acr > u->max_hp ? u->max_hp :
			    u->hp + u->acr;
			u->shots = out == KM_VICTORY || u->shots >=
			    u->max_shots ? u->max_shots : u->shots + 1;
			e = bt_log_add(st, "recover", u->id);
			if (u->max_shots > 0)
				bt_log_text(e, "%s regains HP to %d and Shots "
				    "to %d (%s)", u->id, u->hp, u->shots,
				    out == KM_VICTORY ? "KM-14" : "KM-15");
			else
				bt_log_text(e, "%s regains HP to %d (%s)", u->id,
				    u->hp, out == KM_VICTORY ? "KM-14" :
				    "KM-15");
		}
		for (size_t i = 0; i < st->nunits; i++)
			if (strcmp(v[i]->side, s->id) == 0 &&
			    v[i]->status & BT_ST_DESTROYED)
				commander_fate(st, dice, v[i], out);
		if (out == KM_VICTORY && s->unrest > 0) {
			s->unrest--;
			e = bt_log_add(st, "unrest", s->id);
			bt_log_text(e, "%s's Unrest falls by 1 to %d (KM-14)",
			    s->id, s->unrest);
		} else if (out == KM_DEFEAT) {
			int r;

			e = bt_log_add(st, "unrest", s->id);
			bt_dice_why(dice, s->id, ": its Unrest rises by the "
			    "result (KM-16)");
			r = bt_roll_logged(dice, e, 4);
			s->unrest = clamp((long)s->unrest + r, 0, BT_MAX_INT);
			bt_log_text(e, "%s's Unrest rises by 1d4 = %d to %d "
			    "(KM-16)", s->id, r, s->unrest);
		}
		losses(st, s, v);
	}
	free(v);
}

/* Which of the two sides have armies on the field. */
static void
sides_up(const struct bt_state *st, bool up[2])
{
	up[0] = up[1] = false;
	for (size_t i = 0; i < st->nunits; i++)
		if (km_on_field(&st->units[i]))
			up[strcmp(st->units[i].side, st->sides[0].id) != 0] =
			    true;
}

/* KM-13: the battle goes on while both sides have armies on the field. */
bool
km_battle_over(struct bt_state *st, struct bt_dice *dice)
{
	bool up[2];

	sides_up(st, up);
	if (up[0] && up[1])
		return false;
	st->sides[0].outcome = up[0] ? KM_VICTORY : KM_DEFEAT;
	st->sides[1].outcome = up[1] ? KM_VICTORY : KM_DEFEAT;
	if (up[0] || up[1]) {
		const char *w = st->sides[up[0] ? 0 : 1].id;

		bt_set_result(st, w, "%s alone has armies on the field "
		    "(KM-13)", w);
	} else
		bt_set_result(st, "draw", "no side has an army left on the "
		    "field (KM-13)");
	km_aftermath(st, dice);	/* the sides' outcomes are set */
	return true;
}

/*
 * KM-9 to KM-12 for every army on the field whose checks bt-morale has
 * not made, in id order: what ends the resolution phase.
 */
static void
resolution_phase(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o)
{
	struct bt_unit **v = sorted(st);

	for (size_t i = 0; i < st->nunits; i++)
		resolve_army(st, dice, v[i], o);
	free(v);
}

/*
 * KM-15: both sides agreed. The ceasefire takes effect after the turn's
 * resolution phase (the decision under KM-15), so the turn goes to it at
 * once: the phases not yet fought are not fought, and every check, loss
 * and rout still due is made first. A side left with no army by it has
 * lost (KM-13): the seed's ceasefire is the alternative to fighting on,
 * for two sides both on the field.
 */
void
km_ceasefire(struct bt_state *st, struct bt_dice *dice,
    const struct bt_order *o)
{
	bool up[2];

	st->phase = KM_RESOLUTION;
	resolution_phase(st, dice, o);
	sides_up(st, up);
	if (!up[0] || !up[1]) {
		km_battle_over(st, dice);
		return;
	}
	for (size_t i = 0; i < st->nsides; i++)
		st->sides[i].outcome = KM_CEASEFIRE;
	bt_set_result(st, "draw", "both sides agreed to a ceasefire "
	    "(KM-15)");
	km_aftermath(st, dice);
}

/* The next turn: records cleared, round 2's maneuver order rolled. */
static void
next_turn(struct bt_state *st, struct bt_dice *dice)
{
	st->round++;
	st->phase = KM_MANEUVER;
	for (size_t i = 0; i < st->nunits; i++) {
		km_turn_clear(&st->units[i]);
		st->units[i].km.present = false;
	}
	for (size_t i = 0; i < st->nsides; i++)
		st->sides[i].ceasefire = false;
	km_maneuver_check(st, dice);
}

/* --- the programs ------------------------------------------------------- */

/* bt-attack ARMY TARGET: orders a ranged attack for this phase (KM-5). */
int
km_attack(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	struct bt_unit *a, *t;
	struct bt_rect ra, rt;
	struct bt_log_entry *e;
	int d;

	(void)dice;
	if ((a = bt_unit_operand(st, o->argv[0], "army", err)) == NULL ||
	    (t = bt_unit_operand(st, o->argv[1], "army", err)) == NULL)
		return -1;
	if (!km_on_field(a))
		return bt_refuse(err, a->status & BT_ST_ROUTED ? "KM-12" :
		    "KM-9", "'%s' is no longer on the field", a->id);
	if (st->phase != KM_RANGED)
		return bt_refuse(err, "KM-5", "ranged attacks are ordered in "
		    "the ranged phase; it is the %s phase",
		    km_phase_words[st->phase]);
	if (!km_on_field(t) || !km_hostile(a, t))
		return bt_refuse(err, "KM-5", "'%s' is not a hostile army on "
		    "the field", t->id);
	if (a->max_shots == 0)
		return bt_refuse(err, "KM-5", "'%s' has no ranged weapons",
		    a->id);
	if (a->shots == 0)
		return bt_refuse(err, "KM-5", "'%s' has no Shots left", a->id);
	if (a->engaged.n > 0)
		return bt_refuse(err, "KM-5", "'%s' is engaged with '%s'",
		    a->id, a->engaged.v[0]);
	ra = km_rect(a);
	rt = km_rect(t);
	if ((d = bt_rect_distance(&ra, &rt)) > a->range)
		return bt_refuse(err, "KM-5", "'%s' is %d squares away; the "
		    "range of '%s' is %d", t->id, d, a->id, a->range);
	free(km_turn(a)->shoot);
	a->km.shoot = bt_xstrdup(t->id);
	e = bt_log_add(st, "order", a->id);
	bt_log_text(e, "%s will shoot at %s when the ranged phase resolves",
	    a->id, t->id);
	return 0;
}

static int
check_resolution(const struct bt_state *st, struct bt_error *err)
{
	if (st->phase == KM_RESOLUTION)
		return 0;
	return bt_refuse(err, "KM-9", "morale is checked in the resolution "
	    "phase; it is the %s phase", km_phase_words[st->phase]);
}

/* bt-morale [ARMY...]: the resolution phase's checks, before bt-resolve. */
int
km_morale(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	struct bt_unit **v;

	if (o->rally)
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "--rally is an "
		    "action of cc, not of kingdom");
	for (int i = 0; i < o->argc; i++) {
		struct bt_unit *u = bt_unit_operand(st, o->argv[i], "army", err);

		if (u == NULL)
			return -1;
		if (!km_on_field(u))
			return bt_refuse(err, u->status & BT_ST_ROUTED ?
			    "KM-12" : "KM-9", "'%s' is no longer on the field",
			    u->id);
	}
	if (check_resolution(st, err))
		return -1;
	for (int i = 0; i < o->argc; i++) {
		struct bt_unit *u = bt_unit_find(st, o->argv[i]);

		if (u->km.present && u->km.resolved)
			return bt_refuse(err, "KM-10", "'%s' has made its "
			    "checks this turn", u->id);
	}
	v = sorted(st);
	for (size_t i = 0; i < st->nunits; i++) {
		bool named = o->argc == 0;

		for (int k = 0; k < o->argc && !named; k++)
			named = strcmp(o->argv[k], v[i]->id) == 0;
		if (named)
			resolve_army(st, dice, v[i], o);
	}
	free(v);
	return 0;
}

/* bt-resolve: ends the phase; the next begins (KM-1). */
int
km_resolve(struct bt_state *st, struct bt_dice *dice, const struct bt_order *o,
    struct bt_error *err)
{
	(void)err;
	switch (st->phase) {
	case KM_MANEUVER:
		break;
	case KM_RANGED:
		ranged_phase(st, dice);
		break;
	case KM_MELEE:
		melee_phase(st, dice);
		break;
	case KM_RESOLUTION:
		resolution_phase(st, dice, o);
		if (!km_battle_over(st, dice))
			next_turn(st, dice);
		return 0;
	}
	st->phase++;
	return 0;
}

/* --- bt-render ---------------------------------------------------------- */

static const char *const fate_text[] = { "killed", "captured", "escaped" };

static void
report_army(const struct bt_unit *u, FILE *fp)
{
	fprintf(fp, "    %s: ", u->id);
	if (u->status & BT_ST_DESTROYED)
		fprintf(fp, "destroyed; its commander%s%s %s\n",
		    u->commander_name ? " " : "",
		    u->commander_name ? u->commander_name : "",
		    u->fate >= 0 ? fate_text[u->fate] : "unknown");
	else if (u->status & BT_ST_ROUTED)
		fprintf(fp, "routed; reform it for %d BP before the next "
		    "kingdom turn ends\n", (u->consumption + 1) / 2);
	else {
		fprintf(fp, "HP %d/%d", u->hp, u->max_hp);
		if (u->max_shots > 0)
			fprintf(fp, ", Shots %d/%d", u->shots, u->max_shots);
		fprintf(fp, ", Morale %d%s\n", u->morale, u->learns ?
		    ", learns a new Tactical Action" : "");
	}
}

void
km_report(const struct bt_state *st, FILE *fp)
{
	bool any = false;

	if (!st->result.present) {
		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *u = &st->units[i];

			for (size_t k = 0; k < u->engaged.n; k++) {
				if (strcmp(u->id, u->engaged.v[k]) > 0)
					continue;
				fprintf(fp, "%s%s-%s", any ? ", " :
				    "\nengaged: ", u->id, u->engaged.v[k]);
				any = true;
			}
		}
		if (any)
			fputc('\n', fp);
		return;
	}
	fprintf(fp, "\nAftermath (KM-14 to KM-17)\n");
	for (size_t s = 0; s < st->nsides; s++) {
		const struct bt_side *d = &st->sides[s];

		fprintf(fp, "  %s: %s; Loyalty %d, Unrest %d, BP %d, population "
		    "%d, War Losses %d; reforming its routed armies costs %d "
		    "BP\n", d->id, d->outcome >= 0 ? outcome_text[d->outcome] :
		    "-", d->loyalty, d->unrest, d->bp, d->population,
		    d->war_losses, d->reform_bp);
		for (size_t i = 0; i < st->nunits; i++)
			if (strcmp(st->units[i].side, d->id) == 0)
				report_army(&st->units[i], fp);
	}
}
