/*
 * clash-options.c: the legal orders of the moment in clash (bt-auto(1),
 * "The orders listed"), for the commanders and the players' listing. The
 * battle waits for the side of the active unit (CL-1). Its orders are
 * asked of the rules' own checks: clash_reach (clash-move.c) for the moves,
 * clash_can_attack and clash_rally_refused (clash-fight.c) for attacks and
 * rallies, clash_act_refused for bt-act, clash_round_last and
 * clash_eliminated (clash-turn.c) for the end of the round's --fill.
 */
#include <string.h>

#include "clash.h"

/* A refusal of a check asked for the list: nothing is kept of it (and
 * with a quiet err, nothing was written). */
static bool
allowed(int rc, struct bt_error *err)
{
	bool quiet = err->quiet;

	bt_error_free(err);
	bt_error_init(err, NULL);
	err->quiet = quiet;
	return rc == 0;
}

/* What clash_reach tells each move to: the list, and who moves. */
struct moves {
	struct bt_options	*o;
	const struct bt_unit	*u;
	size_t			 k;	/* SIZE_MAX: the whole unit */
	const char		*name;
};

static void
add_move(void *arg, const int *steps, int n, int feet, int tx, int ty,
    bool off)
{
	struct moves *m = arg;
	const struct bt_stand *first;
	struct bt_option *op;
	char words[CLASH_MAX_STEPS * 3 + 1], *w = words;

	for (int i = 0; i < n; i++) {
		const char *s = bt_compass[steps[i]].word;
		size_t l = strlen(s);

		*w++ = ' ';
		memcpy(w, s, l);
		w += l;
	}
	*w = '\0';
	op = bt_options_add(m->o, BT_OPT_MOVE, m->u->id, "bt-move %s%s",
	    m->name, words);
	first = &m->u->stands[m->k != SIZE_MAX ? m->k : 0];
	if (m->k == SIZE_MAX)	/* the block's first stand on the map */
		for (size_t j = 0; j < m->u->nstands && !first->placed; j++)
			first = &m->u->stands[j];
	op->x = first->x + tx;
	op->y = first->y + ty;
	op->cost = feet;
	if (off)
		bt_options_note(m->o, "leaves the battle (CL-12)");
}

/*
 * The moves of u: the unit as a block to every end it can reach, and
 * each of its stands alone to every end it can reach in formation; a
 * solo, or a unit with one stand left on the map, has only the moves of
 * that stand.
 */
static void
moves(const struct bt_unit *u, const struct bt_state *st,
    struct bt_options *o)
{
	struct moves m = { o, u, SIZE_MAX, u->id };

	if (clash_down(u))
		return;
	if (clash_placed(u) > 1)
		clash_reach(st, u, SIZE_MAX, add_move, &m);
	for (size_t k = 0; k < u->nstands; k++) {
		if (!u->stands[k].placed)
			continue;
		m.k = k;
		m.name = clash_name(u, k);
		clash_reach(st, u, k, add_move, &m);
	}
}

/* The d20 an attack of a on t needs: a natural 20 always hits, a
 * natural 1 always misses. */
static int
need_of(const struct bt_unit *a, const struct bt_unit *t)
{
	int need = t->ac - a->attack;

	return need < 2 ? 2 : need > 20 ? 20 : need;
}

/* Each stand's attacks on the enemy stands next to it. The damage beyond
 * a stand's HP spills where the rules send it (CL-3): --spill-to is not
 * listed. */
static void
attacks(const struct bt_unit *u, const struct bt_state *st,
    struct bt_options *o, struct bt_error *err)
{
	for (size_t k = 0; k < u->nstands; k++) {
		const struct bt_stand *s = &u->stands[k];

		if (!s->placed || s->attacked)
			continue;
		for (size_t i = 0; i < st->nunits; i++) {
			const struct bt_unit *t = &st->units[i];

			if (!clash_enemies(u, t))
				continue;
			for (size_t j = 0; j < t->nstands; j++) {
				const struct bt_stand *ts = &t->stands[j];
				struct bt_option *op;
				char a[96];

				if (!ts->placed || !clash_next_to(s->x, s->y,
				    ts->x, ts->y) || !allowed(clash_can_attack(
				    st, u, k, t, j, err), err))
					continue;
				/* clash_name's buffers turn over: copy one */
				snprintf(a, sizeof(a), "%s", clash_name(u, k));
				op = bt_options_add(o, BT_OPT_ATTACK, u->id,
				    "bt-attack %s %s", a, clash_name(t, j));
				op->target = t->id;
				op->x = ts->x;
				op->y = ts->y;
				op->need = need_of(u, t);
			}
		}
	}
}

/* Has solo u left its unit in this turn? The log says since the turn
 * began (the end of the one before, or the round's start). */
static bool
left_this_turn(const struct bt_state *st, const struct bt_unit *u)
{
	for (size_t i = st->nlog; i > 0; i--) {
		const struct bt_log_entry *e = &st->log[i - 1];

		if (strcmp(e->event, "end") == 0 ||
		    strcmp(e->event, "round") == 0)
			return false;
		if (strcmp(e->event, "leave") == 0 && e->who != NULL &&
		    strcmp(e->who, u->id) == 0)
			return true;
	}
	return false;
}

/*
 * bt-act: the Retreat, a solo's join and leave. A solo that left its
 * unit in this turn is not offered to join one again in it: a join and
 * a leave roll no dice, and a commander would go round between them.
 */
static void
actions(const struct bt_unit *u, const struct bt_state *st,
    struct bt_options *o, struct bt_error *err)
{
	if (allowed(clash_act_refused(st, u, CLASH_ACT_RETREAT, NULL, err),
	    err))
		bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s retreat",
		    u->id);
	if (!u->solo)
		return;
	if (allowed(clash_act_refused(st, u, CLASH_ACT_LEAVE, NULL, err),
	    err))
		bt_options_add(o, BT_OPT_ACT, u->id, "bt-act %s leave", u->id);
	for (size_t i = 0; i < st->nunits && u->joined == NULL &&
	    !left_this_turn(st, u); i++) {
		const struct bt_unit *t = &st->units[i];

		if (t != u && allowed(clash_act_refused(st, u, CLASH_ACT_JOIN,
		    t, err), err))
			bt_options_add(o, BT_OPT_ACT, u->id,
			    "bt-act %s join %s", u->id, t->id)->target = t->id;
	}
}

/* CL-11 by hand: a rally of a broken unit of the side, when the rules
 * let it be rolled now. */
static void
rallies(const struct bt_state *st, const char *side, struct bt_options *o,
    struct bt_error *err)
{
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i];
		const char *from;
		int need;

		if (strcmp(u->side, side) != 0 || u->solo ||
		    !clash_in_battle(u) ||
		    !allowed(clash_rally_refused(st, u, err), err))
			continue;
		need = CLASH_SAVE_DC - clash_wis(st, u, &from) -
		    u->commander.cha;
		bt_options_add(o, BT_OPT_MORALE, u->id, "bt-morale --rally %s",
		    u->id)->need = need < 1 ? 1 : need > 20 ? 20 : need;
	}
}

/*
 * CL-6 at the end of the round: can stand k of f fill the square stand j
 * of c leaves? A stand of the same side, next to it, that is not
 * eliminated itself (fill() in clash-turn.c, asked before the
 * elimination instead of after it).
 */
static bool
can_fill(const struct bt_unit *f, size_t k, const struct bt_unit *c,
    size_t j)
{
	const struct bt_stand *s = &f->stands[k], *gap = &c->stands[j];

	return s->placed && !clash_eliminated(f, k) && !clash_down(f) &&
	    strcmp(f->side, c->side) == 0 &&
	    clash_next_to(s->x, s->y, gap->x, gap->y);
}

/* A stand that fills a gap in the set of all fills. */
struct filler {
	const struct bt_unit	*u;
	size_t			 k;
};

static bool
fills_one(const struct filler *v, size_t n, const struct bt_unit *u,
    size_t k)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].u == u && v[i].k == k)
			return true;
	return false;
}

/*
 * The end of the turn: bt-resolve. When it ends the round, also each
 * --fill the side may make alone (a stand of its own into a gap its own
 * casualty leaves, CL-6), and, when it can make more than one, them all
 * at once: each gap in the state's order filled by the first stand that
 * can and fills no other. Other sets of fills are not listed.
 */
static void
ends(const struct bt_state *st, const char *side, struct bt_options *o)
{
	struct filler used[64];
	char all[64 * (BT_MAX_NAME + 32)];
	size_t nused = 0, len = 0;

	bt_options_add(o, BT_OPT_END, NULL, "bt-resolve");
	if (!clash_round_last(st))
		return;
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *c = &st->units[i];

		for (size_t j = 0; j < c->nstands; j++) {
			const struct bt_stand *gap = &c->stands[j];
			bool filled = false;

			if (strcmp(c->side, side) != 0 ||
			    !clash_eliminated(c, j))
				continue;
			for (size_t fi = 0; fi < st->nunits; fi++) {
				const struct bt_unit *f = &st->units[fi];

				for (size_t k = 0; k < f->nstands; k++) {
					struct bt_option *op;
					int n;

					if (!can_fill(f, k, c, j))
						continue;
					op = bt_options_add(o, BT_OPT_END, NULL,
					    "bt-resolve --fill %s=%d,%d",
					    clash_name(f, k), gap->x, gap->y);
					op->x = gap->x;
					op->y = gap->y;
					if (filled || nused == BT_NELEM(used) ||
					    fills_one(used, nused, f, k))
						continue;
					n = snprintf(all + len, sizeof(all) -
					    len, " --fill %s=%d,%d",
					    clash_name(f, k), gap->x, gap->y);
					used[nused].u = f;
					used[nused++].k = k;
					len += (size_t)n;
					filled = true;
				}
			}
		}
	}
	if (nused > 1)
		bt_options_add(o, BT_OPT_END, NULL, "bt-resolve%s", all);
}

void
clash_options(const struct bt_state *st, const char *side,
    struct bt_options *o)
{
	const struct bt_unit *u;
	struct bt_error err;

	if (st->active == NULL || (u = bt_unit_find(st, st->active)) == NULL ||
	    strcmp(u->side, side) != 0)
		return;
	bt_error_init(&err, NULL);
	err.quiet = true;	/* whether, not why */
	moves(u, st, o);
	attacks(u, st, o, &err);
	actions(u, st, o, &err);
	rallies(st, side, o, &err);
	ends(st, side, o);
	bt_error_free(&err);
}
