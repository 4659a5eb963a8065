/* kingdom.h: what the files of the kingdom ruleset share (kingdom*.c). */
#ifndef BT_KINGDOM_H
#define BT_KINGDOM_H

#include "bt.h"

enum km_phase { KM_MANEUVER, KM_RANGED, KM_MELEE, KM_RESOLUTION };
enum km_outcome { KM_VICTORY, KM_CEASEFIRE, KM_DEFEAT };
enum km_fate { KM_KILLED, KM_CAPTURED, KM_ESCAPED };
enum km_track_mod { KM_AC, KM_ATTACK, KM_DAMAGE };
/* Why an army moves no more this turn (KM-2): its turn's 'halted'. */
enum km_halt { KM_MOVING, KM_HALT_CONTACT, KM_HALT_STAND };
#define KM_STANDARD	2	/* the track's middle step (KM-3) */
#define KM_TACTIC_DC	15	/* KM-3 */
#define KM_HALF_DC	10	/* KM-10 */
#define KM_LOW_DC	15	/* KM-10 */
#define KM_ROUT_MORALE	(-4)	/* KM-11: below it, rout */

extern const char *const km_phase_words[];
extern const char *const km_track_words[];
/* bt-state(5)'s words of a side's outcome and a commander's fate. */
extern const char *const km_outcome_words[];
extern const char *const km_fate_words[];

/* kingdom.c: armies and their circumstances */
struct bt_rect	 km_rect(const struct bt_unit *);
struct bt_rect	 km_rect_at(const struct bt_unit *, int x, int y);
bool	 km_on_field(const struct bt_unit *);
bool	 km_hostile(const struct bt_unit *, const struct bt_unit *);
/* G-1: any of the 8 neighbours of one of a's squares is one of b's. */
bool	 km_adjacent(const struct bt_unit *, const struct bt_unit *);
const struct bt_km_tactic *km_tactic(const struct bt_state *,
	    const struct bt_unit *);
/* The army's AC, attack and damage with its Strategy and Tactic (KM-3). */
int	 km_ac(const struct bt_state *, const struct bt_unit *);
int	 km_attack_mod(const struct bt_state *, const struct bt_unit *,
	    bool ranged);
int	 km_damage_mod(const struct bt_state *, const struct bt_unit *);
int	 km_maneuver_mod(const struct bt_state *, const struct bt_unit *);
struct bt_km_turn *km_turn(struct bt_unit *);
void	 km_turn_clear(struct bt_unit *);
/* Ends the relation both ways. */
void	 km_disengage(struct bt_state *, struct bt_unit *, struct bt_unit *);
/* Takes an army off the field: destroyed or routed. */
void	 km_leave(struct bt_state *, struct bt_unit *, unsigned why);
/* KM-2: the sides' Profession (soldier) checks; sets who moves first. */
void	 km_maneuver_check(struct bt_state *, struct bt_dice *);

/* kingdom-move.c: the maneuver phase and the commanders' choices */
bt_play_fn	 km_move, km_act;
/* KM-2: is the army's move over for this turn? */
bool	 km_move_over(const struct bt_unit *);
/* KM-2: every square bt-move --to reaches with left Maneuver, into s
 * (squares relative to the army; bt_search_free it). */
void	 km_reach(const struct bt_state *, const struct bt_unit *, int left,
	    struct bt_search *);

/* kingdom-phase.c: the phases' resolution, morale, the battle's end */
bt_play_fn	 km_attack, km_morale, km_resolve;
/* KM-13: ends the battle when it is over; returns whether it did. */
bool	 km_battle_over(struct bt_state *, struct bt_dice *);
/*
 * KM-15: both sides agreed; the turn's resolution phase is made, then
 * the battle ends (by KM-13 if a side has no army left).
 */
void	 km_ceasefire(struct bt_state *, struct bt_dice *,
	    const struct bt_order *);
/* bt-render's last lines: who is engaged; after the battle, the aftermath. */
void	 km_report(const struct bt_state *, FILE *);
/* KM-14 to KM-17, once the result is written. */
void	 km_aftermath(struct bt_state *, struct bt_dice *);

/* kingdom-options.c: whose order the battle waits for; its legal orders */
const char *km_waiting(const struct bt_state *);
void	 km_options(const struct bt_state *, const char *side,
	    struct bt_options *);
/* kingdom-auto.c: the commanders */
extern const struct bt_policy km_simple, km_general;

/* kingdom-sim.c: bt-sim's counts of a kingdom battle (sim_tally). */
void	 km_sim_tally(const struct bt_state *start,
	    const struct bt_state *end, struct bt_sim *);

#endif /* BT_KINGDOM_H */
