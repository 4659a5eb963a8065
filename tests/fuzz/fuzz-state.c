/*
 * fuzz-state.c: the libFuzzer harness of the loader and of the programs
 * that read one text and write or draw one state. The input is any text.
 *
 * Read as a whole state (bt-check, bt-render): when the loader takes it,
 * the check must pass again on the state in memory, the state must round
 * trip canonically (fuzz_round_trip) and its text forms must draw.
 * Read as a scenario (bt-init): when the loader takes it and the setup
 * rolls succeed (seed 1 unless the scenario has one), the first state
 * must round trip canonically too; and again with forced dice (--rolls),
 * 1 to 20 made of the input's first bytes, as many as they are or 32.
 * Any refusal is fine; a crash, a
 * sanitizer's report or a broken promise (abort) is a bug.
 */
#include <stdlib.h>

#include "fuzz.h"

static void
as_state(const char *text, size_t len)
{
	struct bt_state st, again;
	struct bt_error err;

	bt_error_init(&err, "<fuzz>");
	if (bt_state_read(&st, text, len, BT_LOAD_STATE, &err) == 0) {
		if (bt_state_check(&st, &err) < 0) {
			bt_error_print(&err, stderr);
			fuzz_fail("bt-check: a state read fine fails the check");
		}
		fuzz_round_trip(&st, &again, "bt-check");
		fuzz_render(&st);
		bt_state_free(&again);
	}
	/* Every message must format, places and all. */
	bt_error_print(&err, fuzz_null());
	bt_error_free(&err);
	bt_state_free(&st);
}

static void
as_scenario(const char *text, size_t len, const int *forced, size_t nforced)
{
	struct bt_state st, again;
	struct bt_error err;
	struct bt_dice dice;

	bt_error_init(&err, "<fuzz>");
	if (bt_state_read(&st, text, len, BT_LOAD_SCENARIO, &err) == 0) {
		bt_dice_init(&dice, &st.rng, forced, nforced, forced != NULL);
		if (bt_setup(&st, st.has_seed ? (uint64_t)st.seed : 1, &dice,
		    &err) == 0 && bt_dice_done(&dice) == 0) {
			fuzz_round_trip(&st, &again, "bt-init");
			bt_state_free(&again);
		}
		bt_dice_free(&dice);
	}
	bt_error_print(&err, fuzz_null());
	bt_error_free(&err);
	bt_state_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	int forced[32];
	size_t nforced = size < 32 ? size : 32;

	for (size_t i = 0; i < nforced; i++)
		forced[i] = data[i] % 20 + 1;
	as_state(text, size);
	as_scenario(text, size, NULL, 0);
	as_scenario(text, size, forced, nforced);
	free(text);
	return 0;
}
