/* fuzz.h: what the fuzz harnesses share with each other and their replay. */
#ifndef BT_FUZZ_H
#define BT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "bt.h"

/* Each harness's one entry: libFuzzer's, or the replay main's (replay.c). */
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* common.c */
/* Reports a broken promise of the library and aborts, so that libFuzzer
 * (or the replay) stops on the input that broke it. */
void	 fuzz_fail(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2), noreturn));
/* data as the programs hold an input: a copy ended by a NUL; caller frees. */
char	*fuzz_text(const uint8_t *data, size_t size);
/*
 * What every program that writes a state promises (who: "bt-move"): the
 * state it emits is read back whole, checks included, and emitting that
 * gives the same bytes. Fills again with the state read back, as the next
 * program of a pipeline would have it; the caller frees it.
 */
void	 fuzz_round_trip(const struct bt_state *, struct bt_state *again,
	    const char *who);
/* bt-render's text forms (not its pictures), written to /dev/null. */
void	 fuzz_render(const struct bt_state *);
void	 fuzz_json(const struct bt_state *);
/* Where messages that only burn time go: /dev/null, opened once. */
FILE	*fuzz_null(void);

#endif /* BT_FUZZ_H */
