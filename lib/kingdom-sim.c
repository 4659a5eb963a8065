/*
 * kingdom-sim.c: what bt-sim counts of a kingdom battle beyond what every
 * ruleset has (the ruleset table's sim_tally): each army's commander's
 * fate (KM-14 to KM-16), and each side's outcome and the War Losses the
 * battle added to its kingdom's sheet (KM-17).
 */
#include "kingdom.h"

void
km_sim_tally(const struct bt_state *start, const struct bt_state *end,
    struct bt_sim *sim)
{
	for (size_t i = 0; i < end->nunits; i++) {
		const struct bt_unit *u = &end->units[i];

		if (u->fate >= 0)
			bt_sim_add(sim, "commanders", u->id,
			    km_fate_words[u->fate], 1);
	}
	for (size_t s = 0; s < end->nsides; s++) {
		const struct bt_side *d = &end->sides[s];
		long war = d->war_losses - start->sides[s].war_losses;

		bt_sim_add(sim, "sides", d->id, "war-losses", war > 0 ? war : 0);
		if (d->outcome >= 0)
			bt_sim_add(sim, "sides", d->id,
			    km_outcome_words[d->outcome], 1);
	}
}
