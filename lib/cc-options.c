/*
 * cc-options.c: the legal orders of the moment in cc, for the commanders
 * (bt-auto, bt-sim) and the players' listing. The battle waits for the
 * active unit's side (CC-5, CC-6); its orders are built from the rules'
 * own functions, those the turn programs refuse by: the turn's
 * bookkeeping (CC-6, CC-13, CC-28), the search of the moves (cc-move.c),
 * cc_cannot_attack, and the odds cc_attack rolls with.
 */
#include <stdlib.h>
#include <string.h>

#include "cc.h"

/*
 * A unit's turn is listed after each of its orders, and often from where
 * the listing before left it: a unit that acts before it moves is listed
 * the same moves again (a fifth of cc-field's searches). The search
 * (cc_reachable) is a function of what the memo's key holds, so that an
 * equal key gives the same ends: those of the last search are kept in
 * the options' memo, and given again. Whatever the search reads is in
 * the key: the mover's turn so far, the weather, and of every unit what
 * says where it stands, whom it fronts, whether it may react and how;
 * a key that differs, one field that does not matter among them, costs
 * only a search.
 */
struct memo_unit {
	const char	*id, *side, *target;
	int		 x, y, w, h, facing, fronts, speed, trigger, range;
	unsigned	 status;
	bool		 placed, reserve, flying, reacted, ready, ranged;
};

struct memo_end {
	int		 x, y, facing, cost;
	bool		 provokes;
	/* its offset in text: its length is up to the next's, or the
	 * text's end, less its NUL (the lines are NUL-ended, one after
	 * another), asked only when the memo holds */
	size_t		 line;
};

struct memo {
	/* the key */
	const struct bt_state *st;
	const struct bt_unit *mover;
	int		 weather, moved;
	bool		 rotated, valid;
	bool		 lazy;		/* its ends' lines are ways */
	/* lazy: its ends are the options' own, o->v[first] on, as the
	 * listing before left them (listed: it listed them) */
	size_t		 first;
	bool		 listed;
	/* lazy: the key's units not made yet, but when the pick is known
	 * (memo_picked), the state still as listed: only for a pick after
	 * which the mover may be listed the same moves again */
	bool		 pending;
	struct memo_unit *units;
	size_t		 nunits, ucap;
	struct cc_scratch sc;		/* the searches' memory */
	/* the ends of its search */
	struct memo_end	*ends;
	size_t		 nends, ecap;
	char		*text;
	size_t		 len, tcap;
	/* the line of a lazy listing's move last asked (memo_line) */
	char		*line;
	size_t		 lcap;
};

static void
memo_free(void *p)
{
	struct memo *mm = p;

	cc_scratch_free(&mm->sc);
	free(mm->units);
	free(mm->ends);
	free(mm->text);
	free(mm->line);
	free(mm);
}

/* A lazy listing's move's line (o->line_of), written from its way in
 * the memo's search, the last made: a lazy line's option holds only till
 * the next listing. */
static const char *
memo_line(void *p, const struct bt_option *op)
{
	struct memo *mm = p;

	return cc_way_line(&mm->sc, op->line, &mm->line, &mm->lcap);
}

/* Another battle's listings next: none of the key's pointers may be
 * taken for this one's. */
static void
memo_forget(void *p)
{
	struct memo *mm = p;

	mm->valid = false;
	mm->listed = false;
	mm->pending = false;
	mm->st = NULL;
	mm->mover = NULL;
}

/* The status bits the search reads: who is in the battle (cc_in_battle),
 * who may react (a broken unit may not), whose move provokes none
 * (CC-23); a Defend (CC-22) changes no move. */
#define MEMO_STATUS	(BT_ST_GONE | BT_ST_BROKEN | BT_ST_DISENGAGING)

/* The key of u into k: a field added here is compared too, in
 * memo_unit_holds. */
static void
memo_unit_of(const struct bt_unit *u, struct memo_unit *k)
{
	k->id = u->id;
	k->side = u->side;
	k->target = u->ready.target;
	k->x = u->x;
	k->y = u->y;
	k->w = u->w;
	k->h = u->h;
	k->facing = u->facing;
	k->fronts = u->fronts;
	k->speed = u->speed;
	k->trigger = u->ready.trigger;
	k->range = u->ranged.range;
	k->status = u->status & MEMO_STATUS;
	k->placed = u->placed;
	k->reserve = u->reserve;
	k->flying = u->flying;
	k->reacted = u->reacted;
	k->ready = u->ready.present;
	k->ranged = u->ranged.present;
}

/* Is k the key of u still? The fields of memo_unit_of, asked of u where
 * it stands, with no key made: asked of every unit at every listing. */
static bool
memo_unit_holds(const struct memo_unit *k, const struct bt_unit *u)
{
	return k->id == u->id && k->side == u->side &&
	    k->target == u->ready.target && k->x == u->x && k->y == u->y &&
	    k->w == u->w && k->h == u->h && k->facing == u->facing &&
	    k->fronts == u->fronts && k->speed == u->speed &&
	    k->trigger == u->ready.trigger && k->range == u->ranged.range &&
	    k->status == (u->status & MEMO_STATUS) &&
	    k->placed == u->placed && k->reserve == u->reserve &&
	    k->flying == u->flying && k->reacted == u->reacted &&
	    k->ready == u->ready.present && k->ranged == u->ranged.present;
}

/* Does the memo hold the search of u in st now? */
static bool
memo_holds(const struct memo *mm, const struct bt_state *st,
    const struct bt_unit *u, bool lazy)
{
	if (!mm->valid || mm->lazy != lazy || mm->st != st || mm->mover != u ||
	    mm->weather != st->weather || mm->moved != st->turn.moved ||
	    mm->rotated != st->turn.rotated || mm->nunits != st->nunits)
		return false;
	for (size_t i = 0; i < st->nunits; i++)
		if (!memo_unit_holds(&mm->units[i], &st->units[i]))
			return false;
	return true;
}

/* The memo's key of every unit of st now; the memo holds from now on. */
static void
memo_units(struct memo *mm, const struct bt_state *st)
{
	if (st->nunits > mm->ucap) {
		mm->ucap = st->nunits;
		mm->units = bt_xreallocarray(mm->units, mm->ucap,
		    sizeof(*mm->units));
	}
	mm->nunits = st->nunits;
	for (size_t i = 0; i < st->nunits; i++)
		memo_unit_of(&st->units[i], &mm->units[i]);
	mm->valid = true;
}

/* The memo's key set to u in st now, its ends emptied; in a lazy
 * listing, its units' key left till the pick is known (pending). */
static void
memo_key(struct memo *mm, const struct bt_state *st, const struct bt_unit *u,
    bool lazy)
{
	mm->lazy = lazy;
	mm->st = st;
	mm->mover = u;
	mm->weather = st->weather;
	mm->moved = st->turn.moved;
	mm->rotated = st->turn.rotated;
	mm->nends = 0;
	mm->len = 0;
	mm->valid = false;
	mm->pending = lazy;
	if (!lazy)
		memo_units(mm, st);
}

/*
 * The pick of a lazy listing (o->memo_picked), st as listed: the key's
 * units are made only if the mover may be listed the same moves again
 * after it, which a move (moved changes) and the turn's end (the next
 * listing is another unit's, or another turn's) make unlikely: most of
 * a battle's searches are followed by one of them. Nor after an action
 * the mover has moved before: its movement stops there (CC-6), and the
 * next turn's key differs in moved. A memo not made costs at most a
 * search, whose ends are the same.
 */
static void
memo_picked(void *p, const struct bt_state *st, const struct bt_option *op)
{
	struct memo *mm = p;

	if (!mm->pending)
		return;
	mm->pending = false;
	if (op->kind != BT_OPT_MOVE && op->kind != BT_OPT_END &&
	    st->turn.moved == 0 && mm->st == st)
		memo_units(mm, st);
}

/* The ends of the search just made, as cc_reachable listed them: o's
 * options from first on, their lines the text from o->text + at, kept
 * whole in one copy. */
static void
memo_keep(struct memo *mm, const struct bt_options *o, size_t first,
    size_t at)
{
	size_t n = o->n - first, len = o->len - at;

	mm->nends = n;
	/* lazy, its ends are left where they are, with no text */
	if (mm->lazy) {
		mm->first = first;
		return;
	}
	if (n > mm->ecap) {
		mm->ecap = n;
		mm->ends = bt_xreallocarray(mm->ends, mm->ecap,
		    sizeof(*mm->ends));
	}
	if (len > mm->tcap) {
		mm->tcap = len;
		mm->text = bt_xrealloc(mm->text, mm->tcap);
	}
	if (len > 0)
		memcpy(mm->text, o->text + at, len);
	mm->len = len;
	for (size_t i = 0; i < n; i++) {
		const struct bt_option *op = &o->v[first + i];
		struct memo_end *me = &mm->ends[i];

		me->x = op->x;
		me->y = op->y;
		me->facing = op->facing;
		me->cost = op->cost;
		me->provokes = op->provokes;
		me->line = op->line - at;
	}
}

/*
 * bt-move, to every end the search finds, or the memo kept. A lazy
 * listing's ends are kept where the search put them, in o's options: a
 * listing starts with its bt-resolve, and its moves come next, at the
 * same index each time, and bt_options_clear keeps their memory. kept:
 * the listing before listed the memo's ends (the search's or given
 * again), so that they are there still, as they were listed; else
 * another listing may have written other options on them, and the
 * search is made again.
 */
static void
add_moves(const struct bt_state *st, const struct bt_unit *u,
    struct bt_options *o, bool kept)
{
	struct memo *mm;
	size_t first = o->n, at = o->len;

	if (o->memo == NULL) {
		o->memo = bt_xcalloc(1, sizeof(*mm));
		o->memo_free = memo_free;
		o->memo_forget = memo_forget;
		o->line_of = memo_line;
		o->memo_picked = memo_picked;
	}
	mm = o->memo;
	if (memo_holds(mm, st, u, o->lazy) && (!mm->lazy || (kept &&
	    mm->first == first))) {
		/* the ways of the memo's search, the last made, where the
		 * listing before left them */
		if (mm->lazy) {
			bt_options_keep(o, mm->nends);
			mm->listed = true;
			return;
		}
		for (size_t i = 0; i < mm->nends; i++) {
			const struct memo_end *me = &mm->ends[i];
			size_t len = (i + 1 < mm->nends ? me[1].line :
			    mm->len) - me->line - 1;
			struct bt_option *op;

			/* its line and the NUL after it */
			memcpy(bt_options_add_room(o, BT_OPT_MOVE, u->id, len,
			    0, &op), mm->text + me->line, len + 1);

			op->x = me->x;
			op->y = me->y;
			op->facing = me->facing;
			op->cost = me->cost;
			op->provokes = me->provokes;
		}
		return;
	}
	memo_key(mm, st, u, o->lazy);
	cc_reachable(st, u, o, &mm->sc);
	memo_keep(mm, o, first, at);
	mm->listed = mm->lazy;
}

/*
 * A listing's fixed orders, a few a turn, thousands a battle, written in
 * place (bt_options_add_room): head, the unit's id (of idlen, measured
 * once a listing), what, and the target if any, a space between each.
 * Inline, so that the compiler knows the length of each word given as
 * it is written, and copies it with no call.
 */
static inline char *
put(char *t, const char *s, size_t n)
{
	memcpy(t, s, n);
	return t + n;
}

static inline struct bt_option *
add_order(struct bt_options *o, enum bt_option_kind kind,
    const struct bt_unit *u, size_t idlen, const char *head,
    const char *what, const char *target)
{
	size_t hlen = strlen(head), wlen = what != NULL ? strlen(what) : 0;
	size_t tlen = target != NULL ? strlen(target) : 0;
	struct bt_option *op;
	char *t = bt_options_add_room(o, kind, u->id, hlen + 1 + idlen +
	    (what != NULL ? 1 + wlen : 0) + (target != NULL ? 1 + tlen : 0),
	    0, &op);

	t = put(t, head, hlen);
	*t++ = ' ';
	t = put(t, u->id, idlen);
	if (what != NULL) {
		*t++ = ' ';
		t = put(t, what, wlen);
	}
	if (target != NULL) {
		*t++ = ' ';
		t = put(t, target, tlen);
	}
	*t = '\0';
	return op;
}

/* The units in the battle whose squares meet the ring round u, which
 * holds its sides' strips (cc_strip), in the units' order: the only ones
 * it may strike in melee (CC-17) or support (CC-26), found once a
 * listing for both. */
static void
near_of(const struct bt_state *st, const struct bt_unit *u,
    struct cc_units *nr)
{
	struct bt_rect ring = { u->x - 1, u->y - 1, u->x + u->w, u->y + u->h };

	cc_units_init(nr);
	for (size_t i = 0; !nr->all && i < st->nunits; i++) {
		const struct bt_unit *t = &st->units[i];
		struct bt_rect rt = cc_rect(t);

		if (t != u && cc_meet(&ring, &rt) && cc_in_battle(t))
			cc_units_add(nr, t);
	}
}

/* bt-attack, melee or --ranged, on every enemy it may strike: in melee,
 * of those near it (nr). */
static void
add_attacks(const struct bt_state *st, const struct bt_unit *u,
    size_t idlen, const struct cc_units *nr, struct bt_options *o)
{
	/* as near_of's ring: a unit that misses it is struck in no melee */
	struct bt_rect ring = { u->x - 1, u->y - 1, u->x + u->w, u->y + u->h };

	for (int ranged = 0; ranged <= 1; ranged++) {
		size_t n;

		if (ranged && !u->ranged.present)
			continue;
		n = ranged ? st->nunits : cc_units_count(st, nr);
		for (size_t i = 0; i < n; i++) {
			const struct bt_unit *t = ranged ? &st->units[i] :
			    cc_units_at(st, nr, i);
			struct bt_rect rt = cc_rect(t);
			struct bt_option *op;
			const char *rule;

			/* what cc_cannot_attack refuses first, asked here of
			 * every unit near it or in range, most of them not
			 * its enemies in the battle (CC-16) or not next to it
			 * (CC-17); it still decides */
			if ((!ranged && !cc_meet(&ring, &rt)) ||
			    !cc_in_battle(t) || !cc_enemies(u, t) ||
			    cc_cannot_attack(st, u, t, ranged, &rule) != NULL)
				continue;
			if (ranged)
				op = add_order(o, BT_OPT_SHOOT, u, idlen,
				    "bt-attack --ranged", NULL, t->id);
			else
				op = add_order(o, BT_OPT_ATTACK, u, idlen,
				    "bt-attack", NULL, t->id);
			op->target = t->id;
			cc_attack_odds(st, u, t, ranged, &op->need, &op->adv);
		}
	}
}

/* bt-act: Defend, Disengage, Ready (CC-22, CC-23, CC-25), Support of
 * each ally next to it (CC-26), of those near it (nr). Ready is listed
 * without a target: one named only narrows what sets it off. */
static void
add_actions(const struct bt_state *st, const struct bt_unit *u,
    size_t idlen, const struct cc_units *nr, struct bt_options *o)
{
	/* as near_of's ring: a unit not in it is next to no side */
	struct bt_rect ring = { u->x - 1, u->y - 1, u->x + u->w, u->y + u->h };

	add_order(o, BT_OPT_ACT, u, idlen, "bt-act", "defend", NULL);
	add_order(o, BT_OPT_ACT, u, idlen, "bt-act", "disengage", NULL);
	add_order(o, BT_OPT_ACT, u, idlen, "bt-act", "ready contact", NULL);
	if (u->ranged.present)
		add_order(o, BT_OPT_ACT, u, idlen, "bt-act", "ready range",
		    NULL);
	for (size_t i = 0; i < cc_units_count(st, nr); i++) {
		const struct bt_unit *a = cc_units_at(st, nr, i);
		struct bt_rect ra = cc_rect(a);

		if (a == u || !cc_meet(&ring, &ra) || !cc_in_battle(a) ||
		    cc_enemies(u, a) || !cc_adjacent(u, a))
			continue;
		add_order(o, BT_OPT_ACT, u, idlen, "bt-act", "support",
		    a->id)->target = a->id;
	}
}

/*
 * The active unit's orders, in this order: the end of its turn (always
 * there), its moves, its attacks, its other actions, its Rally. A broken
 * unit only rallies (its retreat is the rules', CC-28); a Rally is
 * listed for an unbroken unit too when it has lost HP, as bt-morale takes
 * it (CC-24). A move off the map is not listed.
 */
void
cc_options(const struct bt_state *st, const char *side, struct bt_options *o)
{
	const struct bt_unit *u;
	struct bt_option *op;
	struct memo *mm = o->memo;
	struct cc_units nr;
	size_t idlen;
	bool broken;
	/* the memo's ends, in a lazy listing, are where the listing before
	 * left them if it listed them (add_moves), and none later has */
	bool kept = mm != NULL && mm->listed;

	/* a key left for the last listing's pick to make is stale now */
	if (mm != NULL)
		mm->listed = mm->pending = false;
	/* cc_check_turn's refusals: not its turn, not in the battle */
	if (st->active == NULL || (u = bt_unit_find(st, st->active)) == NULL ||
	    !bt_streq(u->side, side) || !cc_in_battle(u))
		return;
	broken = (u->status & BT_ST_BROKEN) != 0;
	memcpy(bt_options_add_room(o, BT_OPT_END, u->id, strlen("bt-resolve"),
	    0, &op), "bt-resolve", sizeof("bt-resolve"));
	/* CC-6: no movement split around the action; CC-13: none after
	 * contact; CC-28: a broken unit moves only in its retreat */
	if (!broken && !st->turn.stopped && !st->turn.contact)
		add_moves(st, u, o, kept);
	if (st->turn.acted)
		return;
	idlen = strlen(u->id);
	if (!broken) {
		near_of(st, u, &nr);
		add_attacks(st, u, idlen, &nr, o);
		add_actions(st, u, idlen, &nr, o);
	}
	if ((broken || u->hp < u->max_hp) && !cc_in_contact(st, u))
		add_order(o, BT_OPT_MORALE, u, idlen, "bt-morale --rally",
		    NULL, NULL);
}
