/* clash.h: what the files of the clash ruleset share (clash*.c); not public. */
#ifndef BT_CLASH_H
#define BT_CLASH_H

#include "bt.h"

#define CLASH_SAVE_DC	10	/* CL-7, CL-8, CL-11 */
#define CLASH_WIN_VP	10	/* CL-12 */
#define CLASH_MAX_SAVES	10	/* CL-7 */
#define CLASH_MAX_STEPS	256

enum clash_kind { CLASH_HOLD, CLASH_DESTROY, CLASH_PROTECT, CLASH_ESCAPE };
extern const char *const clash_kind_words[];

/* A stand or solo named on the command line: the unit, and the stand's
 * index, or SIZE_MAX for every stand of the unit. */
struct clash_who {
	struct bt_unit	*u;
	size_t		 k;
};

/* clash.c: who is where, and whose turn it is */
/* UNIT.N, or UNIT alone when whole (every stand) or a solo: exit 2 for a
 * name the state doesn't have. */
int	 clash_operand(const struct bt_state *, const char *name, bool whole,
	    struct clash_who *, struct bt_error *);
/* "UNIT.N" of u's stand k (a solo's id), in a static buffer good for
 * the next three calls too. */
const char *clash_name(const struct bt_unit *, size_t k);
bool	 clash_in_battle(const struct bt_unit *);
bool	 clash_enemies(const struct bt_unit *, const struct bt_unit *);
bool	 clash_next_to(int x0, int y0, int x1, int y1);
/* The stand on (x, y), or NULL; *k its index. */
struct bt_unit *clash_at(const struct bt_state *, int x, int y, size_t *k);
/* Is (x, y) next to a stand of an enemy of u? */
bool	 clash_contact(const struct bt_state *, const struct bt_unit *, int x,
	    int y);
/* Squares from (x, y) to the nearest stand of an enemy of u (G-1). */
int	 clash_enemy_distance(const struct bt_state *, const struct bt_unit *,
	    int x, int y);
/* A solo at 0 HP is down: it acts no more (CL-7). */
bool	 clash_down(const struct bt_unit *);
size_t	 clash_placed(const struct bt_unit *);
size_t	 clash_lost(const struct bt_unit *);
/* CL-8: the highest Wisdom modifier of the unit and its joined solos. */
int	 clash_wis(const struct bt_state *, const struct bt_unit *,
	    const char **from);
int	 clash_check_turn(const struct bt_state *, const struct bt_unit *,
	    struct bt_error *);
int	 clash_side_vp(struct bt_state *, const char *side, int add);
/* Takes units with no stand left out of 'order'; passes the turn when
 * the active unit is gone. */
int	 clash_settle(struct bt_state *, struct bt_dice *, struct bt_error *);

/* clash-move.c: bt-move and bt-act */
bt_play_fn	 clash_move, clash_act;
/* bt-act's actions, in the order of its words */
enum clash_act { CLASH_ACT_RETREAT, CLASH_ACT_JOIN, CLASH_ACT_LEAVE };
int	 clash_act_refused(const struct bt_state *, const struct bt_unit *,
	    enum clash_act, const struct bt_unit *join, struct bt_error *);
/* Every end a bt-move of stand k of u (SIZE_MAX: the unit as a block)
 * reaches now, for the list of legal orders: its compass steps, their
 * feet, the shift of the stands, and whether it leaves the map. */
typedef void clash_reach_fn(void *arg, const int *steps, int nsteps,
    int feet, int tx, int ty, bool off);
void	 clash_reach(const struct bt_state *, const struct bt_unit *,
	    size_t k, clash_reach_fn *, void *arg);
/* CL-12: escape objectives met by u leaving over edge (enum bt_facing) */
void	 clash_escaped(struct bt_state *, const struct bt_unit *, int edge);
/* CL-9: the rules retreat broken u as its turn starts; returns whether
 * it left the battle. */
bool	 clash_retreat(struct bt_state *, struct bt_unit *);

/* clash-fight.c: bt-attack and bt-morale, and the saves of the end of a
 * round and the start of a turn */
bt_play_fn	 clash_attack, clash_morale;
int	 clash_can_attack(const struct bt_state *, const struct bt_unit *,
	    size_t k, const struct bt_unit *, size_t j, struct bt_error *);
int	 clash_rally_refused(const struct bt_state *, const struct bt_unit *,
	    struct bt_error *);
void	 clash_morale_check(struct bt_state *, struct bt_dice *,
	    struct bt_unit *);
void	 clash_rally(struct bt_state *, struct bt_dice *, struct bt_unit *);
void	 clash_death_saves(struct bt_state *, struct bt_dice *,
	    struct bt_unit *);

/* clash-turn.c: bt-resolve, the end of a round, victory points */
bt_play_fn	 clash_resolve;
/* Is the active unit the last to act in the round (its bt-resolve
 * ends it, and takes --fill)? */
bool	 clash_round_last(const struct bt_state *);
/* Is stand k of u eliminated at the end of the round (CL-5, CL-7)? */
bool	 clash_eliminated(const struct bt_unit *, size_t k);
/* Units out of the battle leave 'order'. */
void	 clash_prune_order(struct bt_state *);
int	 clash_end_turn(struct bt_state *, struct bt_dice *,
	    const struct bt_order *, struct bt_error *);
/* bt-init: the first unit's turn starts as every later one does. */
int	 clash_first_turn(struct bt_state *, struct bt_dice *,
	    struct bt_error *);

/* clash-options.c: the ruleset table's waiting and options (bt-auto(1)) */
void	 clash_options(const struct bt_state *, const char *side,
	    struct bt_options *);
/* clash-auto.c: its commanders, for the ruleset table */
extern const struct bt_policy *const clash_policies[];

/* clash-sim.c: bt-sim's counts of a clash battle (sim_tally). */
void	 clash_sim_tally(const struct bt_state *start,
	    const struct bt_state *end, struct bt_sim *);

#endif /* BT_CLASH_H */
