/*
 * clash-sim.c: what bt-sim counts of a clash battle beyond what every
 * ruleset has (the ruleset table's sim_tally): each side's victory
 * points at the end, and how often each one-time objective (destroy,
 * protect, escape) was scored (CL-12).
 */
#include <stdio.h>

#include "clash.h"

void
clash_sim_tally(const struct bt_state *start, const struct bt_state *end,
    struct bt_sim *sim)
{
	(void)start;
	for (size_t i = 0; i < end->nvp; i++)
		bt_sim_add(sim, "sides", end->vp[i].side, "vp", end->vp[i].vp);
	for (size_t i = 0; i < end->nobjectives; i++) {
		const struct bt_objective *o = &end->objectives[i];
		char name[BT_MAX_NAME + 64];

		/* A hold scores each round into the VP, never once. */
		if (o->kind == CLASH_HOLD)
			continue;
		/* Both sides may have an objective of one name: the side
		 * tells them apart; one with no name is its place. */
		if (o->name != NULL)
			snprintf(name, sizeof(name), "%s (%s)", o->name, o->side);
		else
			snprintf(name, sizeof(name), "objective %zu (%s)", i + 1,
			    o->side);
		bt_sim_add(sim, "objectives", name, "scored", o->scored > 0);
	}
}
