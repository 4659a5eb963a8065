/* bt.h: the library every bt program links: state, YAML, dice, grid, rules. */
#ifndef BT_H
#define BT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define BT_VERSION	PACKAGE_VERSION

/* One exit-status table for the whole suite (bt(7)). */
enum bt_exit {
	BT_EXIT_OK = 0,		/* done */
	BT_EXIT_REFUSED = 1,	/* the rules refuse the order */
	BT_EXIT_USAGE = 2,	/* bad option, operand or --rolls */
	BT_EXIT_DATA = 3,	/* not YAML, not a valid state or scenario */
	BT_EXIT_IO = 4		/* can't read or write, out of memory */
};

/* Bounds the loader puts on what YAML allows (bt-state(5)). */
#define BT_MAX_INPUT	(64L * 1024 * 1024)	/* bytes */
#define BT_MAX_DEPTH	32			/* nested collections */
#define BT_MAX_MAP	4096			/* squares a side */
#define BT_MAX_INT	1000000000L		/* any integer field */
#ifndef BT_MAX_ORDERS		/* make fuzz sets a small one, to reach it */
#define BT_MAX_ORDERS	10000			/* in one file of orders */
#endif
#define BT_MAX_TEXT	4096	/* bytes of any value: notes, a log's text */
#define BT_MAX_NAME	256	/* bytes of a key, a name, any other string */
/* bytes of a label in a message: "'key' of unit 'id'", keys and ids
 * being names */
#define BT_MAX_LABEL	(3 * BT_MAX_NAME)

#define BT_NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* diag.c */
struct bt_pos {			/* where a value was read, for messages */
	int		 line, col;	/* 1-based; 0 when there is no place */
};
struct bt_msg {
	int		 line, col;	/* 1-based; 0 when there is no place */
	char		*text;
};
/* Problems found by a library call; the caller prints them and exits. */
struct bt_error {
	const char	*file;		/* input name: a path or "<stdin>" */
	int		 status;	/* exit status the first problem calls for */
	struct bt_msg	*msgs;
	size_t		 n, cap;
	/* The caller asks only whether (a listing trying each order): the
	 * problems are counted in n, the first one's status kept, and no
	 * text is built (msgs stays NULL). */
	bool		 quiet;
};
extern const char *bt_progname;
/* Printed after the program's name in every message when its file is
 * set: bt-order names the line of orders it is playing ("orders:3:
 * bt-move"). In parts, put together only when a message is printed: a
 * battle of bt-sim plays thousands of lines with nothing to say. */
struct bt_context {
	const char	*file;		/* NULL: no context */
	long		 line;
	int		 col;		/* 0: none */
	const char	*word;		/* the order's program, or NULL */
};
extern struct bt_context bt_context;
void	 bt_error_init(struct bt_error *, const char *file);
/* Adds a problem; returns -1 so callers can `return bt_errorf(...)`. */
int	 bt_errorf(struct bt_error *, int status, int line, int col,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* A state that is not valid (exit 3), at a place or none ({0, 0}). */
int	 bt_data_error(struct bt_error *, struct bt_pos, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
void	 bt_error_print(const struct bt_error *, FILE *);
void	 bt_error_free(struct bt_error *);
void	 bt_warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * Text from outside (CLI.md): the offset of the first character of s (len
 * bytes) that is no text, len when there is none; *n is its length. No
 * text: a control character (C0 but tab, and newline when lines is set;
 * DEL; C1), or a byte that is not UTF-8 (*n 1). Messages print such
 * characters escaped, \x1b. bt_text_why says what the one found at s is,
 * in what ("a value"), for a message; caller frees.
 */
size_t	 bt_text_bad(const char *s, size_t len, bool lines, size_t *n);
char	*bt_text_why(const char *s, size_t n, const char *in);
/* Allocation wrappers: on failure they report, clean up and exit 4. */
void	*bt_xmalloc(size_t);
/* For buffers of BT_HUGE bytes or more: offered to the kernel as huge
 * pages. Freed with free(). */
#define BT_HUGE	(2 * 1024 * 1024)
void	*bt_xmalloc_big(size_t);
void	*bt_xcalloc(size_t, size_t);
void	*bt_xrealloc(void *, size_t);
void	*bt_xreallocarray(void *, size_t, size_t);
char	*bt_xstrdup(const char *);
char	*bt_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char	*bt_xvasprintf(const char *fmt, va_list);
/* fmt's text with ap, in the bytes alloc(where, size) gives: the heap's
 * (bt_xvasprintf), a state's strings' (bt_set_result). */
char	*bt_vformat(void *(*alloc)(void *, size_t), void *where,
	    const char *fmt, va_list);
void	 bt_atfatal(void (*)(void));
/* What the wrappers do on failure, for memory that libyaml found short:
 * "out of memory", the cleanup, exit 4. */
void	 bt_oom(void) __attribute__((noreturn));

/* tree.c: blocks of memory freed all at once, never a piece alone. */
struct bt_arena;
void	*bt_arena_alloc(struct bt_arena **, size_t);
char	*bt_arena_strdup(struct bt_arena **, const char *);
void	 bt_arena_free(struct bt_arena **);

/* tree.c: a YAML document as a small tree of nodes with their places. */
enum bt_node_kind {
	BT_NODE_SCALAR,
	BT_NODE_SEQ,
	BT_NODE_MAP
};
struct bt_node {			/* 32 bytes: a big state has millions */
	uint8_t			 kind;		/* enum bt_node_kind */
	bool			 plain;		/* scalar written unquoted */
	uint32_t		 n;		/* kids */
	int			 line, col;	/* 1-based */
	char			*str;		/* scalar text */
	struct bt_node		**kids;		/* a map's are key, value, ... */
};
/*
 * Optional: told of each entry of the root mapping as it is read (depth 1),
 * and of each entry of the mapping under the root key 'stream' (depth 2).
 * For those, returning 1 drops the entry from the tree and reuses its
 * memory: a big state's units are read one at a time, not all held at
 * once. 0 keeps the entry; -1 stops the parse (the hook said why).
 */
struct bt_tree_hook {
	const char	*stream;
	int		(*entry)(void *arg, int depth, const struct bt_node *key,
			    const struct bt_node *value);
	void		*arg;
};
struct bt_tree {
	struct bt_node		*root;
	struct bt_arena		*arena;		/* owns every node and string */
	const struct bt_tree_hook *hook;	/* or NULL */
	/* The text that the parser is past may be given back to the
	 * kernel, 64 KiB at a time (MADV_DONTNEED: it reads as zeros
	 * after): the caller can read it again. Set by parse when it gave
	 * any back. */
	bool			 give_back;
	bool			 given_back;
};
/* A byte-order mark at the start of a text: 3 for UTF-8's, which says
 * nothing and is skipped; 0 for none; -1 for UTF-16's or UTF-32's (exit
 * 3, reported in err at 1:1): bt reads UTF-8 only. */
int	 bt_text_bom(const char *buf, size_t len, struct bt_error *);
/* Parses one YAML document; free with bt_tree_free, even on failure.
 * t->hook is read: set it, or leave it NULL, before the call. */
int	 bt_tree_parse(struct bt_tree *, const char *buf, size_t len,
	    struct bt_error *);
void	 bt_tree_free(struct bt_tree *);
const struct bt_node *bt_map_get(const struct bt_node *, const char *key);
bool	 bt_node_null(const struct bt_node *);

/* emit.c: canonical YAML, into memory or handed on in pieces as it is
 * made (bt_emit_doc_to); a file is replaced only on success (io.c). */
struct bt_emitter;
/* size: a guess of the text's length, so the buffer grows seldom. Out
 * of memory, in bt or in libyaml, exits 4 (bt_oom). */
struct bt_emitter *bt_emit_new(size_t size);
/* Ends the stream; returns the text (caller frees), or NULL when libyaml
 * refused an event. */
char	*bt_emit_finish(struct bt_emitter *, size_t *len);
void	 bt_emit_free(struct bt_emitter *);
void	 bt_emit_map(struct bt_emitter *, bool flow);
void	 bt_emit_seq(struct bt_emitter *, bool flow);
void	 bt_emit_end_map(struct bt_emitter *);
void	 bt_emit_end_seq(struct bt_emitter *);
void	 bt_emit_str(struct bt_emitter *, const char *);
void	 bt_emit_quoted(struct bt_emitter *, const char *);
void	 bt_emit_int(struct bt_emitter *, long);
void	 bt_emit_bool(struct bt_emitter *, bool);
void	 bt_emit_null(struct bt_emitter *);
/* One document written by body: by bt's own writer, the same bytes as
 * libyaml's and faster, or by libyaml when bt's can't be sure of them. */
char	*bt_emit_doc(void (*body)(const void *, struct bt_emitter *),
	    const void *arg, size_t size, size_t *len);
/* The same, the text handed to sink in pieces of some 64 KiB as it is
 * made, never held whole; 0, or -1 when libyaml refused an event (sink
 * may have had a part of the text). */
int	 bt_emit_doc_to(void (*body)(const void *, struct bt_emitter *),
	    const void *arg, void (*sink)(void *, const char *, size_t),
	    void *sink_arg);
/* Another syntax behind the same calls (json.c): a scalar is a string
 * (s), an integer or a boolean (v), or null; the first scalar in a
 * mapping and every other after it is a key. finish returns the text
 * (caller frees) or NULL; free releases arg. */
enum bt_scalar { BT_SCALAR_STR, BT_SCALAR_INT, BT_SCALAR_BOOL, BT_SCALAR_NULL };
struct bt_emit_backend {
	void	 (*open)(void *arg, bool seq);	/* a mapping or a sequence */
	void	 (*close)(void *arg);
	void	 (*scalar)(void *arg, enum bt_scalar, const char *s, long v);
	char	*(*finish)(void *arg, size_t *len);
	void	 (*free)(void *arg);
};
struct bt_emitter *bt_emit_new_backend(const struct bt_emit_backend *,
	    void *arg);
/* Text of one line: valid UTF-8, no control characters but tab. */
bool	 bt_text_valid(const char *);

/* dice.c: PCG32 (O'Neill 2014), whose whole state is two 64-bit words. */
struct bt_rng {
	uint64_t	 state, inc;
};
struct bt_roll {
	int		 sides, value;
};
struct bt_rolls {
	struct bt_roll	*v;
	size_t		 n;
	/* of a quiet log's entry (bt_log_add): the dice are rolled but not
	 * kept, as its text is not, and a battle nobody reads allocates
	 * nothing for them */
	bool		 unkept;
};
struct bt_dice_expr {			/* NdM+K */
	int		 count, sides, bonus;
};
struct bt_dice {
	struct bt_rng	*rng;		/* advanced by every unforced roll */
	const int	*forced;	/* --rolls values, used before rng */
	size_t		 nforced, used;
	bool		 forcing;	/* --rolls given: every roll must be forced */
	char		*problem;	/* first bad or missing forced value */
	struct bt_rolls	*record;	/* where each roll is logged, or NULL */
	/* keyed.c: a keyed battle's dice come from its key, not from rng */
	bool		 keyed;
	const struct bt_key *key;	/* NULL: no key given, no die rolls */
	const char	*battle;	/* the state's battle id */
	long		*counter;	/* the state's rolls: count */
	const char	*nonce;		/* the orders' # nonce:, or "" */
	/*
	 * What the next roll request (bt_roll, bt_d20, bt_roll_expr) is for
	 * and what it needs, set by the rules with bt_dice_why just before
	 * it and used up by it: the sentence --dry-run prints.
	 */
	char		*who, *needs;
	int		 inner;		/* inside one request: no own sentence */
	bool		 collect;	/* --dry-run: keep each request's sentence */
	char		**said;		/* the sentences kept, in order */
	size_t		 nsaid;
	/* --rolls ask: each die past the forced ones read from the
	 * terminal, after its request's sentence; NULL when not asking. */
	FILE		*ask_in, *ask_out;
	int		 ask_n, ask_of;	/* the die of its request, and of how many */
};
void	 bt_rng_seed(struct bt_rng *, uint64_t seed);
uint32_t bt_rng_next(struct bt_rng *);
/* Uniform in 0..bound-1 (bound > 0). */
uint32_t bt_rng_below(struct bt_rng *, uint32_t bound);
int	 bt_rng_parse(struct bt_rng *, const char *);
char	*bt_rng_format(const struct bt_rng *);
/* Parses a --rolls list; on failure returns -1 with *why set (static). */
int	 bt_rolls_parse(const char *, int **values, size_t *n, const char **why);
void	 bt_dice_init(struct bt_dice *, struct bt_rng *, const int *forced,
	    size_t nforced, bool forcing);
void	 bt_dice_free(struct bt_dice *);
/*
 * Describes the next roll request: who is rolling for what ("a attacks
 * b"), then what the result needs, written to follow the dice as they
 * are ("; 11 or more hits", " (advantage: flank, CC-18); ..."); fmt may be
 * NULL. The sentence reads "WHO: roll DICE NEEDS".
 */
void	 bt_dice_why(struct bt_dice *, const char *who, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Will anyone read bt_dice_why's sentences (--dry-run, --rolls ask)?
 * When not, it keeps none, and a caller may skip building them. */
bool	 bt_dice_telling(const struct bt_dice *);
/* What a die must show to reach need ("11 or more"), worded for the
 * results that always fail or succeed; caller frees. */
char	*bt_need_words(int need, int sides, bool nat1_fails,
	    bool nat_max_wins);
int	 bt_roll(struct bt_dice *, int sides);
/* adv > 0 advantage, < 0 disadvantage: two d20s, keep one (D-1). */
int	 bt_d20(struct bt_dice *, int adv);
int	 bt_roll_expr(struct bt_dice *, const struct bt_dice_expr *);
int	 bt_dice_expr_parse(struct bt_dice_expr *, const char *);
char	*bt_dice_expr_format(const struct bt_dice_expr *);
/* Warns about forced values left unused; returns -1 after a problem. */
int	 bt_dice_done(struct bt_dice *);

/* keyed.c: keyed dice (bt(7) KEYED DICE), by libsodium. */
struct bt_state;
struct bt_key {
	unsigned char	*bytes;		/* the key file's bytes */
	size_t		 len;
	char		 hex[65];	/* their SHA-256: the commitment */
};
/* The key file named by --key-file, else by BT_KEY_FILE; NULL: none. */
const char *bt_key_path(const char *option);
/* Reads a key file (exit 4 unread, 2 empty). */
int	 bt_key_read(struct bt_key *, const char *path, struct bt_error *);
void	 bt_key_free(struct bt_key *);
/* The key of a keyed state from path (bt_key_path): read and checked
 * against the state's commitment (exit 2 when not its key). Nothing is
 * read for a battle that is not keyed, or with no path: 0 and an empty
 * key, and such a battle then can't roll. */
int	 bt_key_for(const struct bt_state *, const char *path, struct bt_key *,
	    struct bt_error *);
/* Makes d roll a keyed battle's dice with key (NULL or empty: none) and
 * the orders' nonce (NULL: none); nothing for a battle not keyed. */
void	 bt_dice_key(struct bt_dice *, struct bt_state *,
	    const struct bt_key *, const char *nonce);
/* A fresh battle id: 32 hexadecimal digits; caller frees. */
char	*bt_battle_id(void);
/* One die of a keyed battle: number count of battle, with nonce. */
int	 bt_keyed_die(const struct bt_key *, const char *battle, long count,
	    const char *nonce, int sides);

/* state.c: the battle state (bt-state(5)). */
enum bt_facing { BT_N, BT_E, BT_S, BT_W };

/*
 * Where each key of a struct read from YAML was read (its value's place),
 * for the checks' messages: a struct whose table sets 'marks' keeps a
 * struct bt_marks, which says which of its table's keys were read (bit i
 * for key i) and where their places start in the state's one array of
 * them (struct bt_places), in the table's order, most in one word.
 * Eight bytes a struct, where an array of a place for every key of the
 * table took up to 256 (issue 19: most units give 16 of 32 keys). A key
 * left out, or a struct a program made (all zero), has no place: {0, 0}.
 */
#define BT_MAX_KEYS	32
struct bt_marks {
	uint32_t	 set;		/* bit i: the table's key i has a place */
	uint32_t	 at;		/* index of the first in bt_places */
};
struct bt_places {		/* in words of schema.c's own (add_place) */
	uint32_t	*v;
	size_t		 n, cap;
};
/* A table's keys fit in the bits of struct bt_marks. */
#define BT_MARKS_FIT(type, fields) \
	_Static_assert(BT_NELEM(fields) <= BT_MAX_KEYS, \
	    #fields " has more keys than " #type " keeps marks for")
struct bt_rect {
	int		 x0, y0, x1, y1;	/* corners included */
};
struct bt_zone {
	char		*side;
	struct bt_pos	 at;
	struct bt_rect	*r;
	size_t		 n;
};
struct bt_map {
	int		 width, height;
	int		 square;	/* feet a square (50 in cc) */
	char		**rows;		/* height strings of width letters */
	/* the rows' name: each read gets its own, and a copy keeps it (the
	 * rows are never changed once read), so that an equal name is of
	 * the same letters; 0 for rows not read */
	unsigned long	 letters;
	struct bt_pos	*row_at;
	struct bt_zone	*zones;
	size_t		 nzones;
	struct bt_marks	 marks;
};
struct bt_log_entry {
	int		 round;
	char		*event;		/* one word: culture, weather, ... */
	char		*who;		/* the side or unit it concerns */
	struct bt_rolls	 rolls;		/* each die rolled, in order */
	char		*text;		/* what happened, in a sentence */
	struct bt_marks	 marks;
	bool		 quiet;		/* of a quiet log: no text kept */
};
struct bt_result {
	bool		 present;
	/* the state's strings' (BT_KEPT, bt_set_result) */
	char		*winner;	/* a side id, or "draw" */
	char		*reason;
	struct bt_marks	 marks;
};
struct bt_ranged {			/* cc: a ranged attack */
	bool		 present;
	int		 attack, damage, range;
};
struct bt_stand {			/* clash: one square of a unit */
	bool		 placed;
	int		 x, y;
	int		 hp;
	int		 moved;		/* feet spent this turn (CL-1) */
	bool		 attacked;	/* its one attack this turn (CL-1) */
	struct bt_pos	 pos;		/* where it was read, for messages */
};
struct bt_commander {			/* clash: a unit's commander */
	char		*name;
	int		 cha;
	bool		 present;
};
struct bt_objective {			/* clash: victory points to win (CL-12) */
	struct bt_pos	 pos;
	char		*name;
	char		*side;		/* who scores it */
	int		 kind;		/* hold, destroy, protect, escape */
	bool		 has_at;	/* hold: the square */
	int		 x, y;
	char		*unit;		/* destroy, protect, escape */
	char		*edge;		/* escape: n, e, s or w */
	int		 round;		/* protect: scored at this round's end */
	int		 vp;
	int		 scored;	/* round a one-time objective scored, or 0 */
};
struct bt_vp {				/* clash: a side's victory points */
	char		*side;
	int		 vp;
	struct bt_pos	 pos;
};
struct bt_ready {			/* cc: a readied attack (CC-25) */
	bool		 present;
	int		 trigger;	/* 0 contact (melee), 1 range (ranged) */
	char		*target;	/* only this enemy sets it off, or NULL;
					 * the state's strings' (BT_KEPT) */
	struct bt_marks	 marks;
};
struct bt_turn {			/* cc: the active unit's turn so far */
	bool		 present;
	int		 moved;		/* feet spent (CC-6) */
	bool		 rotated;	/* its one rotation (CC-11) */
	bool		 contact;	/* in contact: no facing change (CC-13) */
	bool		 acted;		/* its one action */
	bool		 stopped;	/* acted after moving: no more movement */
	struct bt_marks	 marks;
};

/* A list of names: a kingdom army's known tactics, whom it is engaged with. */
struct bt_names {
	char		**v;
	size_t		 n;
};
bool	 bt_names_has(const struct bt_names *, const char *);
void	 bt_names_add(struct bt_names *, const char *);
void	 bt_names_del(struct bt_names *, const char *);

/* kingdom: an army's turn so far; cleared when the next turn begins. */
/* Its members by size, the bools last: no room lost between them. */
struct bt_km_turn {
	char		*shoot;		/* the target it is ordered to shoot */
	/* who damaged it in melee, the most damage first, ties by id (KM-11) */
	struct bt_names	 melee_by;
	int		 moved;		/* squares of Maneuver spent (KM-2) */
	int		 disengage;	/* 0 not tried, 1 passed, 2 failed (KM-4) */
	int		 halted;	/* 0, or it moves no more: 1 contact, 2 stand */
	int		 strategy_from;	/* track step at the turn's start, or -1 */
	int		 tactic_check;	/* 0 none, 1 passed, 2 failed (KM-3) */
	int		 damage;	/* taken this turn (KM-9, KM-10) */
	int		 parting;	/* damage of the parting attack it took */
	struct bt_marks	 marks;
	bool		 present;
	bool		 avoid;		/* tries to avoid melee (KM-6) */
	bool		 resolved;	/* its resolution is done (KM-9 to KM-12) */
};
/* kingdom: a Tactical Action, a named set of modifiers (KM-3). */
struct bt_km_mods {
	int		 ac, melee, ranged, damage, maneuver;
};
struct bt_km_tactic {
	char		*name;
	struct bt_km_mods mods;
	char		*notes;
};
/* kingdom: what one lost army costs its kingdom (KM-17). */
struct bt_km_loss {
	bool		 present;
	int		 loyalty, unrest, bp, population;
};
#define BT_KM_TRACK	5	/* defensive ... reckless (KM-3) */

/* Unit status words, one bit each (bt-state(5) lists them). */
enum bt_status {
	BT_ST_BROKEN = 1 << 0,
	BT_ST_DESTROYED = 1 << 1,
	BT_ST_FLED = 1 << 2,		/* left the map */
	BT_ST_DEFENDING = 1 << 3,
	BT_ST_DISENGAGING = 1 << 4,
	BT_ST_ROUTED = 1 << 5		/* kingdom: left the battle */
};
#define BT_ST_GONE	(BT_ST_DESTROYED | BT_ST_FLED | BT_ST_ROUTED)
extern const char *const bt_status_words[];

struct bt_side {
	char		*id;
	int		 line, col;
	char		*commander;
	int		 rating;	/* cc: commander's rating */
	int		 culture;	/* cc: realm's Culture modifier */
	int		 deploy;	/* cc: 0 first, 1 last: what it chooses */
	int		 profession;	/* kingdom: commander's Profession (soldier) */
	/* kingdom: its kingdom's sheet and the battle's outcome for it */
	int		 moves;		/* 0 first, 1 last: its KM-2 choice */
	int		 loyalty, control_dc, unrest, bp, population, war_losses;
	bool		 ceasefire;	/* asked for this turn (KM-13) */
	int		 outcome;	/* -1, or victory, ceasefire, defeat */
	int		 reform_bp;	/* to reform its routed armies (KM-17) */
	char		*notes;
	struct bt_marks	 marks;
};

/*
 * A unit. Its structs are most of a big state's memory (issue 19). What
 * every ruleset's unit has (its ids, its place, the stats two rulesets
 * share) comes first; then each ruleset's own members, in a union: a
 * unit is only ever of its state's ruleset, so a unit's bytes are one
 * ruleset's or another's, and nothing may read or write a member of
 * another ruleset's part (ask st->rules first). The union starts zeroed
 * with the unit (state.c), and a ruleset's defaults are set only in its
 * own part, by its schema. In each part the members go by size, the
 * bools together at the end, so that no room is lost between them.
 */
struct bt_unit {
	char		*id;
	char		*side;
	char		*name;
	char		*type;
	char		*notes;
	int		 line, col;	/* where its key was read */
	/* cc and kingdom: one rectangle; clash: stands. Every program
	 * tells a clash unit by its stands (nstands > 0). */
	int		 x, y, w, h;
	struct bt_stand	*stands;
	size_t		 nstands;
	/* stats; each ruleset's schema says which it uses */
	int		 speed;		/* feet: cc, clash */
	int		 ac, hp, max_hp;
	int		 attack;
	struct bt_ranged ranged;	/* cc; kingdom: its attack alone */
	int		 morale;
	int		 initiative;	/* cc, clash */
	unsigned	 status;	/* enum bt_status bits */
	struct bt_marks	 marks;
	bool		 placed;	/* cc and kingdom: it has a rectangle */
	bool		 reserve;	/* cc: off the map; false elsewhere */
	union {
		struct {	/* cc */
			struct bt_ready	 ready;	/* reactions (CC-25) */
			/* ally whose Support it holds (CC-26), or NULL;
			 * the state's strings' (BT_KEPT) */
			char	*supported_by;
			int	 facing;	/* enum bt_facing */
			int	 fronts;	/* 1 or 4 */
			int	 damage;
			int	 weight;
			bool	 flying;
			bool	 reacted;	/* reaction used since its turn began */
		};
		struct {	/* kingdom armies */
			char	*commander_name;
			char	*tactic;
			struct bt_names tactics;	/* those it knows */
			struct bt_names engaged;	/* KM-6: a relation, kept both ways */
			struct bt_km_turn km;
			int	 acr, shots, max_shots, range, maneuver;
			int	 maneuver_dc, rout, consumption, creatures;
			int	 strategy;	/* step of the track (KM-3) */
			int	 fate;		/* -1, or its commander's (KM-14 to KM-16) */
			bool	 learns;	/* may learn a Tactical Action (KM-14) */
		};
		struct {	/* clash */
			char	*joined;
			struct bt_commander commander;
			struct bt_dice_expr dmg;	/* damage dice */
			int	 wis, cha;
			int	 morale_round;	/* round of its last CL-8 check */
			int	 rally_round;	/* round of its last CL-11 rally */
			int	 death_fails;	/* failed death saves from hits (CL-7) */
			bool	 solo, pc;
			bool	 retreat;	/* took the Retreat action this turn */
		};
	};
};

/*
 * Memory the rules may use while playing (cc: a retreat's grid), the
 * caller's, kept from one order and one battle to the next so that a
 * warm battle's turns allocate none of it. The ruleset makes its part at
 * its first use and says how it is freed; zero it to start,
 * bt_play_memory_free at the end.
 */
struct bt_play_memory {
	void	*rules;
	void	(*rules_free)(void *);
};
void	 bt_play_memory_free(struct bt_play_memory *);

struct bt_state {
	int		 version;	/* bt: 1 */
	const struct bt_ruleset *rules;
	char		*name;
	char		*notes;
	long		 seed;
	bool		 has_seed;
	struct bt_rng	 rng;
	bool		 has_rng;
	char		*keyed;		/* SHA-256 of the key, hex; NULL: not keyed */
	char		*battle;	/* keyed: the battle's id */
	long		 key_rolls;	/* keyed: dice rolled so far */
	int		 round;
	char		*active;	/* unit whose turn it is */
	size_t		 active_size;	/* active's buffer (bt_set_active) */
	/* where in units active's unit was when it was set: the first
	 * place bt_unit_find looks, checked, so a stale one is harmless */
	size_t		 active_unit;
	/* active_unit is active's unit for sure: set with it by one that
	 * knew the unit (bt_set_active_unit, bt_set_active of a unit's
	 * id), and units are not reordered once read, so bt_unit_find of
	 * the buffer active itself needs no comparison */
	bool		 active_sure;
	struct bt_pos	 active_at;
	int		 weather;	/* cc: enum in cc.c; -1 to roll */
	int		 climate;
	char		*deploy_first;	/* cc: side that deployed first */
	int		 phase;		/* kingdom: maneuver ... resolution */
	char		*first;		/* kingdom: the side that moves first */
	int		 track[BT_KM_TRACK][3];	/* kingdom: AC, attack, damage */
	struct bt_km_tactic *tactics;	/* kingdom: the scenario's catalogue */
	size_t		 ntactics;
	struct bt_km_loss social[2];	/* kingdom: a destroyed, a routed army */
	struct bt_map	 map;
	struct bt_side	*sides;
	size_t		 nsides;
	struct bt_unit	*units;
	size_t		 nunits;
	/* unit ids, borrowed: a unit's own id, or one read into strings;
	 * never freed one by one */
	const char	**order;
	struct bt_pos	*order_at;
	size_t		 norder;
	struct bt_turn	 turn;		/* cc */
	int		 round_limit;	/* cc: 0 for none (CC-1) */
	struct bt_result result;
	struct bt_log_entry *log;
	size_t		 nlog;
	size_t		 log_cap;	/* room for entries; 0: nlog's */
	/*
	 * A quiet log (bt-sim's battles, which nobody reads): each entry
	 * keeps its round, event, who and rolls, which a rule may read
	 * back, and bt_log_text builds no sentence. A quiet state is not
	 * to be written: its entries have no text.
	 */
	bool		 log_quiet;
	/* clash */
	struct bt_objective *objectives;
	size_t		 nobjectives;
	struct bt_vp	*vp;
	size_t		 nvp;
	struct bt_marks	 marks;	/* of every top-level key */
	struct bt_places places;	/* of every struct's keys read */
	/* The strings no program replaces (the units' ids, BT_KEPT
	 * fields): one arena, not a malloc each (issue 19). */
	struct bt_arena	*strings;
	/* the caller's (bt_auto_play's, bt-sim's for all its battles), or
	 * NULL: each use makes and frees its own; neither copied
	 * (bt_state_copy) nor freed with the state */
	struct bt_play_memory *memory;
};

enum bt_load_mode {
	BT_LOAD_STATE,		/* a whole state: derived keys required */
	BT_LOAD_SCENARIO	/* bt-init's input: derived keys refused */
};
/* Reads text (from bt_read_input) all the way to a checked state; on
 * failure the state is partly filled and must still be freed with
 * bt_state_free. */
int	 bt_state_read(struct bt_state *, const char *buf, size_t len,
	    enum bt_load_mode, struct bt_error *);
struct bt_input;
/* The same for a program's input: the pages of in->buf the parser is
 * past are given back to the kernel as it reads when the text can be
 * read again (in->again), so that a big state and its text are not held
 * whole at once; after a failure in->buf holds the text again, for the
 * caller to look at. */
int	 bt_state_read_input(struct bt_state *, struct bt_input *,
	    enum bt_load_mode, struct bt_error *);
void	 bt_state_free(struct bt_state *);
/* A deep copy of src into dst (whatever dst held is not freed): every
 * string and list its own, so either is freed or played alone; the log
 * copied as it is, and loud; no memory (st->memory NULL). */
void	 bt_state_copy(struct bt_state *dst, const struct bt_state *src);
/* Canonical YAML of the state; caller frees. NULL only if libyaml fails.
 * size_hint: the length it is likely to have (the input's), or 0. */
char	*bt_state_emit(const struct bt_state *, size_t size_hint, size_t *len);
/* The state's canonical YAML written to path as bt_write_output writes,
 * in pieces as it is made: the text is never held whole. 0, or -1 with
 * err set (exit 4). */
int	 bt_state_write(const struct bt_state *, const char *path,
	    const char *suffix, struct bt_error *);
/* The state's root mapping into any emitter (json.c's too). */
void	 bt_state_emit_to(const struct bt_state *, struct bt_emitter *);
/* Checks every rule a valid state keeps (bt-check); all problems. */
int	 bt_state_check(const struct bt_state *, struct bt_error *);
/* The unit of that id, or NULL; the active unit's is found with one
 * comparison, most lookups are of it. */
struct bt_unit *bt_unit_find(const struct bt_state *, const char *id);
/* Makes id (or NULL: none) the active unit's, in the state's own buffer,
 * which grows only for a longer id than it has held: a battle's turns
 * allocate nothing once its ids have each been active. */
void	 bt_set_active(struct bt_state *, const char *id);
/* bt_set_active of u's id, u one of the state's units: a turn's
 * beginning, which knows its unit and needs no search for it. */
void	 bt_set_active_unit(struct bt_state *, const struct bt_unit *u);
/* The battle's end: its winner (a side's id, or "draw") and the reason,
 * printf'd, kept in the state's strings (BT_KEPT: no allocation of their
 * own, nothing to free), and the log's entry that tells it. */
void	 bt_set_result(struct bt_state *, const char *winner,
	    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A unit named on the command line; when the state has none, NULL with a
 * usage error (exit 2) naming it as what ("unit", "army"). */
struct bt_unit *bt_unit_operand(const struct bt_state *, const char *id,
	    const char *what, struct bt_error *);
struct bt_side *bt_side_find(const struct bt_state *, const char *id);
/* Are a and b the same text? The ids, sides and words a battle's turns
 * compare are most often the one string (a unit's own id or side), or
 * differ in their first letter: both are told without a call of strcmp.
 * Inline: every order a commander plays asks it several times. */
static inline bool
bt_streq(const char *a, const char *b)
{
	return a == b || (a[0] == b[0] && strcmp(a, b) == 0);
}
/* Where a key of the state, of a unit or of a side was read, for a
 * check's message; a key of a nested mapping as 'KEY.SUBKEY'. A key with
 * no place falls back to the mapping's: the unit's or side's id, the
 * nested mapping's key; for the state, no place. */
struct bt_pos bt_state_mark(const struct bt_state *, const char *key);
struct bt_pos bt_unit_mark(const struct bt_state *, const struct bt_unit *,
	    const char *key);
struct bt_pos bt_side_mark(const struct bt_state *, const struct bt_side *,
	    const char *key);
bool	 bt_unit_acts(const struct bt_unit *);
bool	 bt_unit_on_map(const struct bt_unit *);
/* A new entry of the log: event is a word of static storage (a literal),
 * which the entry borrows; who is copied unless it is a unit's own id. */
struct bt_log_entry *bt_log_add(struct bt_state *, const char *event,
	    const char *who);
/* Room for n entries in all, made at once, so that a log of no more adds
 * them with no allocation (bt-sim: as long as its longest battle). */
void	 bt_log_reserve(struct bt_state *, size_t n);
void	 bt_log_text(struct bt_log_entry *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* schema.c: tables that say how a struct is read from and written to YAML. */
enum bt_ftype {
	BT_F_INT,	/* int, min..max */
	BT_F_LONG,	/* long, min..max */
	BT_F_BOOL,
	BT_F_STR,	/* char *, owned */
	BT_F_WORD,	/* int index into words */
	BT_F_WORDS,	/* unsigned bit set of words, a flow list */
	BT_F_XY,	/* [x, y] into two ints at off and off + sizeof(int) */
	BT_F_DICE,	/* struct bt_dice_expr, written NdM+K */
	BT_F_SUB,	/* a nested mapping, described by sub */
	BT_F_NAMES,	/* struct bt_names, a flow list of words */
	BT_F_CUSTOM	/* load and emit given */
};
enum {
	BT_REQ = 1 << 0,	/* must be given */
	BT_DERIVED = 1 << 1,	/* written by the programs: not in a scenario */
	BT_FLOW = 1 << 2,	/* BT_F_SUB written on one line */
	BT_ALWAYS = 1 << 3,	/* written even when it has its default */
	BT_SETUP = 1 << 4,	/* BT_REQ in a state, optional in a scenario */
	/* BT_F_STR that no program frees (a unit's side, name, type): kept
	 * in the state's strings, never freed alone; one a program sets
	 * points at another of them (cc's supported-by and ready target: a
	 * unit's id) */
	BT_KEPT = 1 << 5
};
struct bt_load {
	struct bt_error		*err;
	struct bt_state		*st;
	enum bt_load_mode	 mode;
	size_t			 unitcap;	/* room in st->units */
	size_t			 textlen;	/* of the input, to size it */
	const struct bt_node	*templates;	/* a scenario's, as read */
	size_t			 expanded;	/* text its units took from them */
};
struct bt_field;
struct bt_schema {
	const char		*what;		/* "unit", "side": for messages */
	const struct bt_field	*fields;
	size_t			 nfields;
	size_t			 present;	/* offset of a bool, or SIZE_MAX */
	/* Offset of the struct's struct bt_marks, or 0 for none: the
	 * marks are never a struct's first member. */
	size_t			 marks;
};
struct bt_field {
	const char		*key;
	enum bt_ftype		 type;
	size_t			 off;
	unsigned		 flags;
	long			 min, max, def;
	const char *const	*words;		/* NULL-terminated */
	const struct bt_schema	*sub;
	int	(*load)(void *, const struct bt_node *, struct bt_load *);
	void	(*emit)(const void *, struct bt_emitter *);
	bool	(*given)(const void *);		/* custom: worth writing */
	void	(*free)(void *);		/* custom: frees what it owns */
};
/* Reads map into obj; label names obj in messages ("unit 'a1'"). */
int	 bt_schema_load(const struct bt_schema *, void *obj,
	    const struct bt_node *map, const char *label, struct bt_load *);
void	 bt_schema_emit(const struct bt_schema *, const void *obj,
	    struct bt_emitter *);
void	 bt_schema_free(const struct bt_schema *, void *obj);
/* Where key ('KEY' or 'KEY.SUBKEY') of obj, a struct of the state whose
 * places are given, was read, or {0, 0}. */
struct bt_pos bt_schema_mark(const struct bt_places *,
	    const struct bt_schema *, const void *obj, const char *key);
/* Helpers for custom loaders; each reports its own error. */
int	 bt_node_int(const struct bt_node *, long min, long max, long *out,
	    const char *key, struct bt_load *);
int	 bt_node_str(const struct bt_node *, char **out, const char *key,
	    struct bt_load *);
int	 bt_node_word(const struct bt_node *, const char *const *words,
	    int *out, const char *key, struct bt_load *);
int	 bt_node_xy(const struct bt_node *, int *xy, const char *key,
	    struct bt_load *);
int	 bt_word_index(const char *const *words, const char *);
const char *bt_closest(const char *, const char *const *words);

/* grid.c: squares, distances and terrain (G-1, G-2). */
enum bt_terrain {
	BT_OPEN = '.', BT_FOREST = 'f', BT_HILL = 'h', BT_ROCKS = 'r',
	BT_SWAMP = 's', BT_BUILDING = 'b', BT_WATER = 'w', BT_BLOCKED = 'x'
};
extern const char bt_terrain_letters[];
extern const char *const bt_facing_words[];
/* The eight steps of a unit without facing (kingdom armies, clash stands),
 * north first, clockwise (G-1). */
struct bt_compass {
	const char	*word;
	int		 dx, dy;
};
#define BT_NCOMPASS	8
extern const struct bt_compass bt_compass[BT_NCOMPASS];
int	 bt_compass_index(const char *);
bool	 bt_on_map(const struct bt_map *, int x, int y);
int	 bt_terrain_at(const struct bt_map *, int x, int y);
bool	 bt_difficult(int terrain);
int	 bt_elevation(int terrain);
bool	 bt_in_rects(const struct bt_rect *, size_t, int x, int y);
int	 bt_rect_distance(const struct bt_rect *, const struct bt_rect *);
/* Calls fn for each square a placed unit covers, stand by stand. */
void	 bt_unit_squares(const struct bt_unit *,
	    void (*fn)(void *, const struct bt_unit *, int x, int y), void *);

/* search.c: the cheapest moves to a square (Dijkstra), the moves being a
 * ruleset's. Squares are relative to home, the unit's own. The window is
 * the squares within r, all of them when r <= 256; a larger one starts
 * 513 squares wide and doubles as the search reaches further (the map
 * ends before any speed does), renumbering the squares then: a move
 * function keeps coordinates, not bt_search_at's indices. */
struct bt_search {
	int		 r, side;	/* the window now: (2r+1)^2 squares */
	int		*dist;		/* least cost to a square; -1: not reached */
	int		*prev;		/* the square it was reached from */
	signed char	*how;		/* by which move */
	bool		 own;		/* its arrays are its own: not the room */
	/* set by a move function (its ctx reaching the search): the
	 * search's answer is known, so it ends after this move */
	bool		 done;
};
/* Move k from (x, y), reached at cost so_far: its cost, and where it
 * leads in *nx, *ny; or -1 when it can't be taken. Setting *stop ends
 * the search's way there (a move into contact). */
typedef int bt_move_fn(void *ctx, int x, int y, int so_far, int k, int *nx,
    int *ny, bool *stop);
void	 bt_search(struct bt_search *, int r, int budget, int nmoves,
	    bt_move_fn *, void *ctx, int goal_x, int goal_y);
/* bt_search with its arrays in the caller's room (size bytes, aligned as
 * an int) when BT_SEARCH_ROOM(r) fit it, else allocated as bt_search's;
 * bt_search_free it all the same. */
#define BT_SEARCH_ROOM(r)	((size_t)(2 * (r) + 1) * (2 * (r) + 1) * \
				    (2 * sizeof(int) + 2))
void	 bt_search_in(struct bt_search *, void *room, size_t size, int r,
	    int budget, int nmoves, bt_move_fn *, void *ctx, int goal_x,
	    int goal_y);
/* Window square (x, y), relative to home, as an index; -1 outside.
 * Inline: the retreat's search asks it of every step it tries. */
static inline int
bt_search_at(const struct bt_search *s, int x, int y)
{
	if (x < -s->r || y < -s->r || x > s->r || y > s->r)
		return -1;
	return (y + s->r) * s->side + x + s->r;
}
int	 bt_search_path(const struct bt_search *, int at, int *moves, int max);
void	 bt_search_free(struct bt_search *);

/* io.c: the state in and out, never a partial state. */
struct bt_input {
	const char	*path;		/* NULL for standard input */
	const char	*name;		/* for messages */
	char		*buf;
	size_t		 len;
	bool		 locked;	/* lock_fd holds the -i lock */
	int		 lock_fd;
	/* A regular file's text can be read again: its descriptor is
	 * kept, and where the text starts in it. */
	bool		 again;
	int		 again_fd;
	long long	 again_at;
};
/* First thing a program does: descriptors 0, 1 and 2 that are closed are
 * opened on /dev/null, and reading or writing them still fails. */
void	 bt_io_start(void);
/* Reads path ("-" or NULL: standard input) whole into in->buf, which
 * bt_input_free frees. */
int	 bt_read_input(struct bt_input *, const char *path, struct bt_error *);
/* The same for -i: refuses (exit 2) what a rename can't replace (a FIFO,
 * a device, /dev/stdin), and holds an exclusive flock(2) on the file,
 * waiting for another -i run's, until bt_input_free. */
int	 bt_read_to_rewrite(struct bt_input *, const char *path,
	    struct bt_error *);
void	 bt_input_free(struct bt_input *);
/* The text read again into in->buf from a regular file (in->again),
 * after bt_state_read_input gave its pages back; 0, or -1 when it can't
 * be had whole (the file is shorter now, or unreadable). */
int	 bt_input_again(struct bt_input *);
/* Writes to path atomically, or to standard output when path is NULL.
 * Into path, it closes standard output (bt_close_stdout) before the
 * rename: a failure there leaves the file unchanged. A signal (HUP, INT,
 * TERM) before the rename removes the temporary file and ends the run;
 * after it, fatal signals stay blocked: the run ends as a success. With
 * suffix, the file replaced is kept as path + suffix (-i SUFFIX), just
 * before the rename. */
int	 bt_write_output(const char *path, const char *suffix,
	    const char *buf, size_t len, struct bt_error *);
/* The same in pieces (bt_state_write): open makes the temporary file
 * (NULL, err set, when it can't); write is a sink for bt_emit_doc_to,
 * whose failure close reports; close with commit renames, as
 * bt_write_output, and without it removes the temporary file. */
struct bt_output;
struct bt_output *bt_output_open(const char *path, const char *suffix,
	    struct bt_error *);
void	 bt_output_write(void *out, const char *buf, size_t len);
int	 bt_output_close(struct bt_output *, bool commit, struct bt_error *);
/* Where -i SUFFIX keeps path's backup: beside the file itself, a
 * symbolic link followed (as the rewrite follows it); NULL, errno set. */
char	*bt_backup_path(const char *path, const char *suffix);
/* bt-undo: path and path + suffix change places (the caller holds the
 * lock and has checked the backup); after it, fatal signals stay blocked. */
int	 bt_swap_backup(const char *path, const char *suffix,
	    struct bt_error *);
/* Flushes and closes standard output; a failure is -1 with err set,
 * except one bt_write_output has reported already. Later calls: 0. */
int	 bt_close_stdout(struct bt_error *);

/* What a turn program asks of the ruleset: its operands and options. */
struct bt_order {
	int		 argc;		/* operands after the options */
	char		**argv;
	bool		 to;		/* bt-move --to X,Y */
	int		 to_x, to_y;
	bool		 disengage;	/* bt-move --disengage */
	bool		 ranged;	/* bt-attack --ranged */
	bool		 adv, dis;	/* the DM's --adv and --dis (D-1) */
	const char	*crit_type;	/* bt-attack --crit-type */
	const char	*hold;		/* --hold=UNIT[,UNIT]: no reactions */
	bool		 rally;		/* bt-morale --rally */
	/* clash */
	const char	*spill_to;	/* bt-attack --spill-to UNIT.N (CL-3) */
	char		**fills;	/* bt-resolve --fill UNIT.N=X,Y (CL-6) */
	size_t		 nfills;
};
/* A turn program's work: 0 done, or -1 with err saying why (its status:
 * 1 refused by the rules, 2 bad operand). */
typedef int bt_play_fn(struct bt_state *, struct bt_dice *,
    const struct bt_order *, struct bt_error *);
bool	 bt_order_holds(const struct bt_order *, const char *unit);
/* An order the rules refuse: exit 1, the message naming the rule. */
int	 bt_refuse(struct bt_error *, const char *rule, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/*
 * A move refused for its cost (CC-8, KM-2, CL-1) is told whole: "the
 * order needs 250 and goes over at step 3 (f to [5, 2]): 100 for f to
 * [5, 4] (difficult), 50 for ...", so that a player sees what to take off.
 * steps[over] is the first past what is left; refused, when not -1, a
 * later step the rules refuse, where the count stops (steps[refused]
 * needs only its word). Caller frees.
 */
struct bt_step_cost {
	const char	*word;		/* as ordered */
	int		 cost;
	int		 x, y;		/* where it leads */
	bool		 hard;		/* dearer for the ground it enters */
};
char	*bt_cost_text(const struct bt_step_cost *, int n, int over,
	    int refused);
/* Every unit --hold names is in the state; else exit 2. */
int	 bt_check_hold(const struct bt_state *, const struct bt_order *,
	    struct bt_error *);

/*
 * options.c: the legal orders of the moment, one enumeration per ruleset
 * next to its rules (cc-options.c, kingdom-options.c, clash-options.c),
 * read alike by the commanders (bt-auto, bt-sim) and by the players'
 * listing. An option is a bt-order line the programs accept as it is,
 * with what a commander or a player weighs it by.
 */
enum bt_option_kind {
	BT_OPT_MOVE,		/* bt-move: ends at x, y, facing */
	BT_OPT_ATTACK,		/* bt-attack in melee */
	BT_OPT_SHOOT,		/* bt-attack --ranged */
	BT_OPT_ACT,		/* bt-act: an action (defend, ready, ...) */
	BT_OPT_MORALE,		/* bt-morale: a rally, a check */
	BT_OPT_END		/* bt-resolve: the turn or the phase ends */
};
struct bt_option {
	enum bt_option_kind kind;
	size_t		 line;		/* its bt-order line: bt_option_line;
					 * BT_OPTION_WAY | n: a move's way,
					 * node n of the ruleset's last search,
					 * its line written when asked (lazy) */
#define BT_OPTION_WAY	((size_t)1 << (sizeof(size_t) * 8 - 1))
	size_t		 note;		/* what the listing adds, or NO_NOTE */
#define BT_OPTION_NO_NOTE	((size_t)-1)
	const char	*unit;		/* whose order: an id of the state */
	const char	*target;	/* the unit attacked, supported; or NULL */
	int		 x, y, facing;	/* a move's end (facing -1: none) */
	int		 cost;		/* a move's cost, in the ruleset's unit */
	int		 need;		/* an attack: the d20 it needs; 0: none */
	int		 adv;		/* 1 advantage, -1 disadvantage, 0 */
	bool		 provokes;	/* sets off an enemy's reaction */
};
/* A list of options, kept and reused from one order to the next so
 * that a battle played in memory allocates nothing once it is warm. */
struct bt_options {
	struct bt_option *v;
	size_t		 n, cap;
	char		*text;		/* the lines and notes, NUL-ended */
	size_t		 len, tcap;
	/* the ruleset's, kept from one listing to the next (cc-options.c),
	 * freed by bt_options_free with memo_free; memo_forget makes it
	 * hold nothing, its memory kept (bt_options_forget) */
	void		*memo;
	void		(*memo_free)(void *);
	void		(*memo_forget)(void *);
	/* set by the caller: a move's line written only when asked
	 * (bt_option_line), from its way (BT_OPTION_WAY), by line_of into
	 * the memo's memory: bt-auto and bt-sim read one line a listing
	 * of hundreds (the ruleset's which keep ways; cc's) */
	bool		 lazy;
	const char	*(*line_of)(void *memo, const struct bt_option *);
	/* told the option chosen (bt_options_picked), or NULL */
	void		(*memo_picked)(void *memo, const struct bt_state *,
			    const struct bt_option *);
};
/* Empties the list, keeping its memory. */
void	 bt_options_clear(struct bt_options *);
/* Empties the list and its memo, keeping their memory: a new battle's
 * listings, whose state and units may have the addresses of the last
 * battle's that the memo compares. */
void	 bt_options_forget(struct bt_options *);
void	 bt_options_free(struct bt_options *);
/* Appends an option of unit with its line printf'd, every other field
 * zero (facing -1, no note); the pointer holds until the next add. */
struct bt_option *bt_options_add(struct bt_options *, enum bt_option_kind,
	    const char *unit, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));
/* bt_options_add with its line written in place by the caller, no
 * copy: its len bytes and NUL at the pointer returned, which holds till
 * the next add, with room for slack bytes more past them, which the
 * caller may write on (the next line is written over them); *op the
 * option. */
char	*bt_options_add_room(struct bt_options *, enum bt_option_kind,
	    const char *unit, size_t len, size_t slack, struct bt_option **);
/* n options whose lines are the ruleset's to write when asked (its
 * line_of), the first of them returned: each to be written whole by the
 * caller, in one store of all its fields (nothing of it is set here),
 * its line BT_OPTION_WAY | the way, its note BT_OPTION_NO_NOTE; no text
 * of their own. One call for all the ways of a search. */
struct bt_option *bt_options_add_ways(struct bt_options *, size_t n);
/* Tells the ruleset's memo which of a lazy listing's options was
 * chosen, st still as it was listed: it may keep what only some picks
 * need (cc: its key, for a unit listed the same moves again). */
void	 bt_options_picked(struct bt_options *, const struct bt_state *,
	    const struct bt_option *);
/* The n options past the list's end, which bt_options_clear leaves as
 * they were, taken back as they are: a lazy listing's moves, given
 * again where its listing before put them (their lines ways, no text). */
void	 bt_options_keep(struct bt_options *, size_t n);
/* Sets the note of the option last added. */
void	 bt_options_note(struct bt_options *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* An option's line; of a lazy listing's move (BT_OPTION_WAY), written
 * when asked, holding until the next such line asked or the next
 * listing. */
const char *bt_option_line(const struct bt_options *,
	    const struct bt_option *);
const char *bt_option_note(const struct bt_options *,
	    const struct bt_option *);
/* The listing of bt-options(1): as text, a bt-order file of the options,
 * each a line and what it does in a comment; or into an emitter (YAML,
 * JSON), every field. unit: only that unit's, or NULL. */
void	 bt_options_print(const struct bt_state *, const char *side,
	    const char *unit, const struct bt_options *, FILE *);
void	 bt_options_emit(const struct bt_state *, const char *side,
	    const char *unit, const struct bt_options *,
	    struct bt_emitter *);

/*
 * auto.c: a commander plays a side. A policy only scores the options it
 * is given, never re-deciding what is legal, and decides from the state
 * alone (no memory between orders), so that bt-auto one order at a time
 * and bt-sim in memory give the same battle.
 */
struct bt_policy {
	const char	*name;		/* random, simple, general */
	const char	*summary;	/* one line, for --help */
	/* The index of the option chosen among opts (n > 0). rng is the
	 * policy's own generator (bt_policy_rng), never the battle's dice. */
	size_t	(*choose)(const struct bt_state *, const char *side,
		    const struct bt_options *, struct bt_rng *);
};
/* random: a uniformly random legal order, the baseline of every ruleset. */
extern const struct bt_policy bt_policy_random;
/* A ruleset's policy by name, or NULL. */
const struct bt_policy *bt_policy_find(const struct bt_ruleset *,
	    const char *name);
/* The commander of each side from --policy's args: NAME for every side,
 * SIDE=NAME for one, whatever their order; general by default. played
 * (by side index; NULL: all) says which sides get one. 0, or -1 after
 * saying what is wrong. */
int	 bt_auto_commanders(const struct bt_state *, char *const *args,
	    size_t n, const bool *played, const struct bt_policy **policy);
/* The generator a policy draws from: seeded from the battle's dice as
 * they stand, which it leaves as they are. */
void	 bt_policy_rng(const struct bt_state *, struct bt_rng *);
/* The side whose order the battle waits for, or NULL when it is over. */
const char *bt_waiting(const struct bt_state *);
/* The ruleset table's waiting where the active unit gives the orders
 * (cc, clash): that unit's side. */
const char *bt_waiting_active(const struct bt_state *);
/* Every legal order of side now; 0, or -1 when the ruleset has none. */
int	 bt_options_of(const struct bt_state *, const char *side,
	    struct bt_options *);
struct bt_auto {
	const struct bt_policy **policy; /* by side index; NULL: not played */
	FILE		*orders;	/* each order's line as played, or NULL */
	long		 max_orders;	/* at most so many; 0: no bound */
	const struct bt_key *key;	/* a keyed battle's key, or NULL */
	/* the listings' memory, kept by the caller from one battle to the
	 * next (bt-sim), forgotten at the start (bt_options_forget), freed
	 * by the caller; NULL: bt_auto_play's own, freed at its end */
	struct bt_options *keep;
};
/*
 * Plays st with the commanders of a until the battle waits for a side
 * they don't play, the battle ends or max_orders are played; *played
 * counts them. Each order goes through bt-order's own line (a refusal
 * is a bug in bt: exit 3). The rules' memory is st->memory, or with it
 * NULL its own for these orders, freed at its end. Returns the exit
 * status.
 */
int	 bt_auto_play(struct bt_state *, const struct bt_auto *,
	    long *played);

/*
 * sim.c: the odds of a battle (bt-sim(1)), ruleset-blind: a copy of the
 * template per battle, played to its end by the commanders, its outcome
 * added to integer counts; every figure of the answer is computed from
 * them, so that answers of disjoint seed ranges add up (--merge) to the
 * answer of one run over their union, byte for byte.
 */
#define BT_SIM_MAX_ORDERS	BT_MAX_ORDERS	/* a battle past them: unfinished */
enum bt_fate { BT_FATE_BROKEN, BT_FATE_DESTROYED, BT_FATE_FLED,
	BT_FATE_STANDING, BT_NFATES };
extern const char *const bt_fate_words[];
struct bt_sim_range {
	long		 first, last;	/* seeds, both included */
};
/* A count the ruleset adds (its sim_tally): SECTION: ROW: COL. */
struct bt_sim_extra {
	char		*section, *row, *col;
	long		 total;
};
struct bt_sim {
	/* what battle it is: answers merge only when all of it is equal */
	char		*rules, *battle;
	char		 template[17];	/* FNV-1a 64 of the template's text */
	long		 max_orders;
	size_t		 nsides, nunits;
	char		**side, **policy;	/* by side */
	char		**unit, **unit_side;	/* by unit */
	/* the counts */
	struct bt_sim_range *seeds;	/* sorted, disjoint, not adjacent */
	size_t		 nseeds;
	long		 battles, unfinished, draws;
	long		*wins, *hp_lost, *units_lost;	/* by side */
	long		(*fate)[BT_NFATES];		/* by unit */
	long		*rounds;	/* [r]: battles that ended in round r */
	size_t		 nrounds;
	struct bt_sim_extra *extra;
	size_t		 nextra;
};
/* How bt-sim plays: the template and the commanders. */
struct bt_sim_run {
	const struct bt_state *template;
	bool		 scenario;	/* bt-init's input: set up per battle */
	const struct bt_policy **policy;	/* by side */
	long		 max_orders;
};
/* The seed of battle k of a state whose seed is seed (bt-sim(1)). */
uint64_t bt_sim_seed(long seed, long k);
/* The 95% Wilson score interval of k in n: [0, 1] when n is 0. */
void	 bt_sim_wilson(long k, long n, double *lo, double *hi);
/* Empty counts for run's battle. */
void	 bt_sim_init(struct bt_sim *, const struct bt_sim_run *);
void	 bt_sim_free(struct bt_sim *);
/*
 * Battle k into st (caller frees it, whatever the status): the template
 * copied, set up when a scenario, then played to its end unless
 * start_only; quiet: no log kept. The exit status, said on failure.
 */
int	 bt_sim_battle(const struct bt_sim_run *, long k, struct bt_state *st,
	    bool quiet, bool start_only);
/* Battles first to last added to sim; progress(arg, done) now and then
 * (progress may be NULL); jobs > 1 plays them in so many processes.
 * The exit status. */
int	 bt_sim_play(const struct bt_sim_run *, long first, long last, int jobs,
	    struct bt_sim *, void (*progress)(void *, long), void *arg);
/* A ruleset's own count (its sim_tally): v added to SECTION: ROW: COL. */
void	 bt_sim_add(struct bt_sim *, const char *section, const char *row,
	    const char *col, long v);
/* The answer as canonical YAML; caller frees. */
char	*bt_sim_emit(const struct bt_sim *, size_t *len);
/* An answer read back (bt-sim --merge); -1 with err set (exit 3). */
int	 bt_sim_read(struct bt_sim *, const char *buf, size_t len,
	    struct bt_error *);
/* from's counts added to into's: the same battle, seeds disjoint; else
 * -1 with err saying why (exit 3). */
int	 bt_sim_merge(struct bt_sim *into, const struct bt_sim *from,
	    struct bt_error *);
/* sim-picture.c: the answer drawn with cairo (png, svg); as
 * bt_render_picture. */
int	 bt_sim_picture(const struct bt_sim *, int format, FILE *,
	    struct bt_error *);

/* rules.c: what each ruleset provides. */
struct bt_ruleset {
	const char		*name;
	const char		*end_rule;	/* the rule that ends a battle */
	unsigned		 statuses;	/* enum bt_status bits it uses */
	const struct bt_schema	*state;		/* its own top-level keys */
	const struct bt_schema	*side;
	const struct bt_schema	*unit;
	/* Rules a state of this ruleset keeps; adds every problem found. */
	void	(*check)(const struct bt_state *, struct bt_error *);
	/* bt-init: deployment rules of a scenario (exit 3 when broken). */
	void	(*check_scenario)(const struct bt_state *, struct bt_error *);
	/* bt-init: the rolls and derived fields that start a battle. */
	int	(*setup)(struct bt_state *, struct bt_dice *, struct bt_error *);
	/* The turn programs; NULL where the ruleset has none yet. */
	bt_play_fn	*move, *attack, *act, *morale, *resolve;
	/* bt-render: what the text map ends with, or NULL. */
	void	(*report)(const struct bt_state *, FILE *);
	/* options.c: the side whose order the battle waits for (the active
	 * unit's, the phase's), or NULL when it is over; and every legal
	 * order of that side now, added to the list (never none). NULL
	 * where the ruleset has no enumeration yet. */
	const char *(*waiting)(const struct bt_state *);
	void	(*options)(const struct bt_state *, const char *side,
		    struct bt_options *);
	/* Its commanders, &bt_policy_random first, ended by NULL. */
	const struct bt_policy *const *policies;
	/* bt-sim: what the ruleset counts of a battle (bt_sim_add) from
	 * its start and its end, beside what every ruleset has; NULL for
	 * nothing more. */
	void	(*sim_tally)(const struct bt_state *start,
		    const struct bt_state *end, struct bt_sim *);
};
extern const struct bt_ruleset bt_cc, bt_kingdom, bt_clash;
const struct bt_ruleset *bt_ruleset_find(const char *);
extern const char *const bt_ruleset_names[];
/* bt-init's work: checks, seeding, the ruleset's setup rolls. */
int	 bt_setup(struct bt_state *, uint64_t seed, struct bt_dice *,
	    struct bt_error *);
/* Shared by rulesets: deployment zones, whose turn, initiative order */
void	 bt_check_zones(const struct bt_state *, struct bt_error *);
void	 bt_check_active(const struct bt_state *, struct bt_error *);
/* Shared by rulesets: initiative order with die-roll tie-breaks (CC-5). */
int	 bt_initiative(struct bt_state *, struct bt_dice *,
	    int (*cmp)(const struct bt_state *, const struct bt_unit *,
	    const struct bt_unit *));
/* The same, but tied units for which chosen() holds are ordered as the
 * scenario lists them, rolling one die for them all (CC-5). */
int	 bt_initiative_chosen(struct bt_state *, struct bt_dice *,
	    int (*cmp)(const struct bt_state *, const struct bt_unit *,
	    const struct bt_unit *),
	    bool (*chosen)(const struct bt_unit *, const struct bt_unit *));

/* Fields every ruleset's unit tables share (state.c). */
int	 bt_load_at(void *, const struct bt_node *, struct bt_load *);
void	 bt_emit_at(const void *, struct bt_emitter *);
bool	 bt_given_at(const void *);
int	 bt_load_size(void *, const struct bt_node *, struct bt_load *);
void	 bt_emit_size(const void *, struct bt_emitter *);

/* roll.c: rolls written into a log entry; a DM's roll. */
int	 bt_roll_logged(struct bt_dice *, struct bt_log_entry *, int sides);
struct bt_log_entry *bt_dm_roll(struct bt_state *, struct bt_dice *,
	    const struct bt_dice_expr *, int adv, const char *what);

/* render.c: the state as a picture in text. */
enum bt_format {
	BT_FMT_TEXT, BT_FMT_LOG, BT_FMT_REPORT,	/* words */
	BT_FMT_JSON, BT_FMT_CSV,		/* data for other tools */
	BT_FMT_PNG, BT_FMT_SVG, BT_FMT_PDF	/* pictures (cairo) */
};
extern const char *const bt_format_words[];
struct bt_render_opts {
	bool		 color;
	int		 format;	/* enum bt_format */
};
int	 bt_render_text(const struct bt_state *, const struct bt_render_opts *,
	    FILE *);
/* The first lines of every text form: name, round, whose turn, result. */
void	 bt_render_heading(const struct bt_state *, FILE *);
/* A unit's status words, comma-separated, into buf. */
void	 bt_status_text(const struct bt_unit *, char *buf, size_t size);
/* What matters during play: a readied attack, the Support it holds, a
 * reaction used (cc), comma-separated into buf; empty when none, and in
 * the other rulesets, whose units have no such fields. */
void	 bt_play_text(const struct bt_state *, const struct bt_unit *,
	    char *buf, size_t size);
/* The round's turn order with who has acted, "Order: A a (acted), ...",
 * one line, in cc and clash; returns 0, writing nothing, elsewhere. */
int	 bt_render_order(const struct bt_state *, const char *tags, FILE *);
/* A terrain letter's word: "forest". */
const char *bt_terrain_word(int terrain);
/* Each unit's one-letter tag on the map, in state order; caller frees. */
char	*bt_render_tags(const struct bt_state *);
/* A side's colour: 0 to 5 for red, blue, green, magenta, yellow, cyan, or
 * -1 (bold) when they have run out. */
int	 bt_side_color(const struct bt_state *, const char *side);

/* report.c: the battle in words. */
/* --format log: the log as sentences, round by round. */
int	 bt_render_log(const struct bt_state *, FILE *);
/* --format report: each side's strength and losses; the outcome. */
int	 bt_render_report(const struct bt_state *, FILE *);

/* json.c: the state as JSON (jansson), key for key the YAML; caller
 * frees. Out of memory exits 4 (bt_oom); NULL only when the emit calls
 * do not make a JSON tree (a key that is not a string). */
char	*bt_state_json(const struct bt_state *, size_t *len);
/* An emitter whose calls build JSON instead of YAML (bt-options, bt-sim). */
struct bt_emitter *bt_json_emitter(void);

/* csv.c: a row per unit under a header line, RFC 4180 quoting. */
int	 bt_render_csv(const struct bt_state *, FILE *);

/* picture.c: the battlefield drawn with cairo (png, svg, pdf). Returns
 * -1 with err set when bt was built without cairo, the map is too big or
 * cairo fails; a failed write returns 0 with fp's error flag set. */
enum bt_paper {
	BT_PAPER_NONE,		/* the page is the picture's size */
	BT_PAPER_A4, BT_PAPER_LETTER
};
extern const char *const bt_paper_words[];	/* "", "a4", "letter" */
int	 bt_render_picture(const struct bt_state *, int format, int paper,
	    FILE *, struct bt_error *);

/* cli.c: what every program's main shares. */
struct bt_cli {
	const char	*file;		/* -f or operand; NULL: standard input */
	bool		 in_place;
	const char	*backup;	/* -iSUFFIX: keep the old state there */
	int		*rolls;
	size_t		 nrolls;
	bool		 forcing;
	bool		 ask;		/* --rolls ask */
	bool		 dry_run;	/* -n: say the dice, write nothing */
	int		 color;		/* -1 auto, 0 never, 1 always */
	const char	*key_file;	/* --key-file */
	const struct bt_key *key;	/* a key read already, or NULL */
	const char	*nonce;		/* the orders' # nonce:, or NULL */
};
void	 bt_cli_start(char **argv);
/* getopt_long, with bt's own message for a bad option (its bytes shown
 * escaped, never raw): returns '?' after printing it. */
struct option;
int	 bt_getopt(int argc, char **argv, const char *shortopts,
	    const struct option *longopts);
/* A command's dice (bt_dice_init, bt_dice_key): forced values, else the
 * generator or a keyed battle's key: c->key, else the file --key-file or
 * BT_KEY_FILE names, read into own (bt_key_free it). Returns the exit
 * status: a key not the battle's is 2, reported. */
int	 bt_cli_dice(const struct bt_cli *, struct bt_state *, struct bt_dice *,
	    struct bt_key *own);
/* The options every program spells alike: -f, -i, -r, -V. Returns 1 when
 * ch was one (and its argument good), 0 when it is the program's own, -1
 * for a bad argument (already reported: a usage error). */
int	 bt_cli_option(struct bt_cli *, int ch, const char *arg);
/* --help's lines for those of -f, -i, -r a program has (letters in opts),
 * then -h and -V: worded alike in every program. */
void	 bt_cli_usage_options(FILE *, const char *opts);
/* The state's file as the one operand, for the programs with no other
 * (CLI.md); -1 when there are more, or one besides -f. */
int	 bt_cli_file_operand(struct bt_cli *, int argc, char **argv);
/* The same, saying what is wrong when it fails ("one state file at most"):
 * what names the file ("state", "scenario"). */
int	 bt_cli_one_file(struct bt_cli *, int argc, char **argv,
	    const char *what);
/* Between min and max operands, or -1 after "2 operands: give " give. */
int	 bt_cli_count(int argc, int min, int max, const char *give);
void	 bt_cli_version(void);
int	 bt_cli_rolls(struct bt_cli *, const char *arg);
int	 bt_cli_color(struct bt_cli *, const char *arg);
bool	 bt_cli_use_color(const struct bt_cli *, FILE *);
/* Reads and checks the state; on failure prints why, returns exit status. */
/* bt-check --scenario: read as bt-init reads it and set up with its seed
 * (or 0) and the generator, writing nothing; an exit status. */
int	 bt_cli_check_scenario(struct bt_cli *);
/* bt-undo: c->file and c->file + c->backup change places, under the
 * state's lock, once the backup is a valid state; an exit status. */
int	 bt_cli_undo(struct bt_cli *);
/* bt_cli_load: once the state is read, in->buf is freed (NULL); in's
 * length, name, path and lock stay for bt_cli_save. */
int	 bt_cli_load(struct bt_cli *, struct bt_state *, struct bt_input *,
	    enum bt_load_mode);
/* Emits and writes the state (stdout or in place); returns exit status. */
int	 bt_cli_save(struct bt_cli *, const struct bt_state *,
	    const struct bt_input *);
int	 bt_cli_finish(int status);
/* Refuses (exit 1) to change a state whose battle is over. */
int	 bt_cli_refuse_ended(const struct bt_state *);
/* A turn program's whole run after its options: read the state, call the
 * ruleset's function for it (what: "move", "attack", ...), write the new
 * state. Returns the exit status. */
int	 bt_cli_play(struct bt_cli *, const struct bt_order *, const char *what);
/* Its middle: one order applied to a state in memory, no reading or
 * writing. Prints why not and returns the exit status; after a failure
 * the state may be half changed: free it and write nothing. */
int	 bt_cli_apply(struct bt_state *, const struct bt_cli *,
	    const struct bt_order *, const char *what);
/* --rolls ask or BT_ROLLS=ask: the terminal opened for d's dice past the
 * forced ones (bt(7)); 0, or the exit status after saying why. Closed
 * with bt_cli_ask_close, which is harmless when nothing was opened. */
int	 bt_cli_ask(const struct bt_cli *, struct bt_dice *);
void	 bt_cli_ask_close(struct bt_dice *);
int	 bt_cli_hold(struct bt_order *, const char *arg);
/* --seed N and "X,Y": numbers spelled as in a state, digits only; -1
 * after saying what is wrong. */
/* An option's text that goes into the log (--crit-type, --what): UTF-8
 * on one line, a name's length at most (the log's text must read back);
 * -1 after saying what is wrong. */
int	 bt_cli_text(const char *option, const char *arg);
int	 bt_cli_seed(const char *arg, uint64_t *seed);
/* A count of the command line (--count, bt-sim's -N): 1 to 10^9. */
int	 bt_cli_count_arg(const char *option, const char *arg, long *n);
int	 bt_cli_xy(const char *arg, int *x, int *y);

/* order.c: a turn program's command line, parsed alike by the program and
 * by bt-order; bt-order's file of orders. */
enum bt_parse {
	BT_PARSE_OK,
	BT_PARSE_HELP,		/* -h: the program prints its usage */
	BT_PARSE_VERSION,	/* -V */
	BT_PARSE_BAD = -1	/* a usage error, already reported */
};
/* The ruleset function a turn program's name calls ("bt-move": "move"),
 * or NULL when the name is not one of theirs. */
const char *bt_order_what(const char *program);
/*
 * Parses the options and operands of a turn program, named by program,
 * from argv (argv[0] is skipped, and may be reordered) into o and c,
 * with getopt_long: one option table per program. in_file: a line of
 * bt-order, where -f, -i, -h, -V and a file operand are refused (the state
 * is bt-order's) and the messages are bt's own, not getopt's. o->argv
 * points into argv; o and c->rolls are freed with bt_order_free and free.
 */
enum bt_parse bt_order_parse(const char *program, int argc, char **argv,
	    struct bt_order *o, struct bt_cli *c, bool in_file);
void	 bt_order_free(struct bt_order *);
/* A turn program's whole run after bt_cli_start: its options, then
 * bt_cli_play. usage(status) prints the usage and exits. Returns the exit
 * status for bt_cli_finish. */
int	 bt_order_main(const char *program, int argc, char **argv,
	    void (*usage)(int));
/*
 * Plays a file of orders (text, len bytes; name for messages) on st in
 * memory, one line at a time, each on the state the one before it left:
 * bt-order(1). Returns the exit status; on failure it has printed why,
 * naming the line, and st is to be freed without being written.
 */
int	 bt_orders_play(struct bt_state *st, const char *name,
	    const char *text, size_t len);
/* bt-order's options for a play-by-email table (bt-order(1), bt(7)). */
struct bt_orders_opts {
	const char	*side;		/* --side: its units, in its turn */
	bool		 allow_rolls;	/* --allow-rolls: -r in a keyed battle */
	const struct bt_key *key;	/* a keyed battle's key, or NULL */
};
/* bt_orders_play with them; opts NULL: none. */
int	 bt_orders_play_as(struct bt_state *st, const char *name,
	    const char *text, size_t len, const struct bt_orders_opts *);
/* bt-verify's run after bt_cli_start (bt-verify(1)): usage(status)
 * prints the usage and exits. Returns the exit status. */
int	 bt_verify_main(int argc, char **argv, void (*usage)(int));
/* One line of orders played on st in memory, as bt-order plays line n
 * of name: what bt-auto and bt-sim give. Returns the exit status, having
 * said why on failure. */
int	 bt_orders_play_line(struct bt_state *st, const char *name, long n,
	    const char *line, const struct bt_orders_opts *);
/* The text of the first '# nonce:' line of orders, blanks trimmed;
 * caller frees; NULL when there is none. */
char	*bt_orders_nonce(const char *text, size_t len);

#endif /* BT_H */
