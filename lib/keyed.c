/*
 * keyed.c: keyed dice (bt(7) KEYED DICE). A keyed battle's dice come from
 * HMAC-SHA-256 of a referee's key (a file that never enters the state) over
 * the battle's id, the number of the roll and the orders' nonce; the state
 * holds the SHA-256 of the key (the commitment) and the count. Without the
 * key nobody can know a die before it is rolled; without the nonce of the
 * player's orders the referee can't either. libsodium does the hashing.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "bt.h"

/* sodium_init is safe to call again; it fails only without a source of
 * randomness, which only bt_battle_id needs. */
static void
start(void)
{
	if (sodium_init() < 0)
		bt_oom();	/* no entropy: nothing bt can do about it */
}

const char *
bt_key_path(const char *option)
{
	const char *env = getenv("BT_KEY_FILE");

	if (option != NULL)
		return option;
	return env != NULL && *env != '\0' ? env : NULL;
}

int
bt_key_read(struct bt_key *k, const char *path, struct bt_error *err)
{
	struct bt_input in = { 0 };
	unsigned char sum[crypto_hash_sha256_BYTES];

	memset(k, 0, sizeof(*k));
	start();
	if (bt_read_input(&in, path, err) < 0)
		return -1;
	if (in.len == 0) {
		bt_input_free(&in);
		return bt_errorf(err, BT_EXIT_USAGE, 0, 0, "the key file is "
		    "empty");
	}
	k->bytes = (unsigned char *)in.buf;
	k->len = in.len;
	in.buf = NULL;
	bt_input_free(&in);
	crypto_hash_sha256(sum, k->bytes, k->len);
	sodium_bin2hex(k->hex, sizeof(k->hex), sum, sizeof(sum));
	return 0;
}

void
bt_key_free(struct bt_key *k)
{
	/* a battle not keyed reads none (bt_cli_dice), for every order:
	 * the key is as zeroed already */
	if (k->bytes == NULL && k->len == 0 && k->hex[0] == '\0')
		return;
	if (k->bytes != NULL)
		sodium_memzero(k->bytes, k->len);
	free(k->bytes);
	memset(k, 0, sizeof(*k));
}

int
bt_key_for(const struct bt_state *st, const char *path, struct bt_key *k,
    struct bt_error *err)
{
	memset(k, 0, sizeof(*k));
	if (st->keyed == NULL || path == NULL)
		return 0;
	if (bt_key_read(k, path, err) < 0)
		return -1;
	/* The commitment is compared in the open: it is public. */
	if (strcmp(k->hex, st->keyed) != 0) {
		bt_errorf(err, BT_EXIT_USAGE, 0, 0, "not this battle's key: "
		    "its SHA-256 is %s, the state's 'keyed' is %s", k->hex,
		    st->keyed);
		bt_key_free(k);
		return -1;
	}
	return 0;
}

void
bt_dice_key(struct bt_dice *d, struct bt_state *st, const struct bt_key *k,
    const char *nonce)
{
	if (st->keyed == NULL)
		return;
	d->keyed = true;
	d->key = k != NULL && k->bytes != NULL ? k : NULL;
	d->battle = st->battle;
	d->counter = &st->key_rolls;
	d->nonce = nonce != NULL ? nonce : "";
}

char *
bt_battle_id(void)
{
	unsigned char id[16];
	char hex[2 * sizeof(id) + 1];

	start();
	randombytes_buf(id, sizeof(id));
	sodium_bin2hex(hex, sizeof(hex), id, sizeof(id));
	return bt_xstrdup(hex);
}

/*
 * The MAC's message: "bt-dice", the battle id, the roll's number, a try
 * and the nonce, each ended by a NUL (none of them holds one), so that no
 * two different inputs give the same message. The first 8 bytes of the
 * MAC are a number below 2^64; the few values that would favour low faces
 * (below 2^64 mod sides) are tried again with the next try, as rng_die
 * does in dice.c, so every face is exactly as likely.
 */
/* One part of the MAC's message, with its NUL when end is false. */
static void
part(crypto_auth_hmacsha256_state *mac, const char *s, bool last)
{
	crypto_auth_hmacsha256_update(mac, (const unsigned char *)s,
	    strlen(s) + !last);
}

int
bt_keyed_die(const struct bt_key *k, const char *battle, long count,
    const char *nonce, int sides)
{
	uint64_t bound = (uint64_t)sides, threshold = -bound % bound, v;
	char num[3 * sizeof(long) + 2];

	start();
	for (unsigned try = 0;; try++) {
		crypto_auth_hmacsha256_state mac;
		unsigned char out[crypto_auth_hmacsha256_BYTES];

		crypto_auth_hmacsha256_init(&mac, k->bytes, k->len);
		part(&mac, "bt-dice", false);
		part(&mac, battle, false);
		snprintf(num, sizeof(num), "%ld", count);
		part(&mac, num, false);
		snprintf(num, sizeof(num), "%u", try);
		part(&mac, num, false);
		part(&mac, nonce, true);
		crypto_auth_hmacsha256_final(&mac, out);
		v = 0;
		for (int i = 0; i < 8; i++)
			v = v << 8 | out[i];
		if (v >= threshold)
			return (int)(v % bound) + 1;
	}
}
