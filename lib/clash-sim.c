/*
 * clash-sim.c: what bt-sim counts of a clash battle beyond what every
 * ruleset has (the ruleset table's sim_tally): each side's victory
 * points at the end, and how often each objective was scored (CL-12).
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
		char name[32];

		/* An objective with no name is named by its place in the list. */
		snprintf(name, sizeof(name), "objective-%zu", i + 1);
		bt_sim_add(sim, "objectives", o->name != NULL ? o->name : name,
		    "scored", o->scored > 0);
	}
}
