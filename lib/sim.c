/*
 * sim.c: the odds of a battle (bt-sim(1)). Ruleset-blind: each battle is
 * a copy of the template, set up as bt-init sets up a scenario, played by
 * bt_auto_play with a commander for every side, and its end added to
 * integer counts. The answer's rates, means and percentiles are computed
 * from those counts when it is written, never kept, so that answers of
 * disjoint seed ranges add up to the answer of their union. What a
 * ruleset counts beyond that comes through its sim_tally.
 */
#define _DEFAULT_SOURCE		/* MAP_ANONYMOUS */
#include <sys/mman.h>
#include <sys/wait.h>

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bt.h"

const char *const bt_fate_words[] = {
	"broken", "destroyed", "fled", "standing", NULL
};

/*
 * SplitMix64's finaliser (Steele, Lea and Flood 2014) over seed * 2^32 +
 * k, its high 32 bits: battles k and k + 1 get unrelated seeds, and the
 * seed is one bt-init --seed takes (0 to 4294967295).
 */
uint64_t
bt_sim_seed(long seed, long k)
{
	uint64_t z = ((uint64_t)seed << 32) + (uint64_t)k;

	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return z >> 32;
}

/* An array of n strings, each NULL until set. */
static char **
null_strs(size_t n)
{
	return bt_xcalloc(n > 0 ? n : 1, sizeof(char *));
}

/* The counts' arrays, zero, for n sides and m units. */
static void
alloc_counts(struct bt_sim *sim, size_t n, size_t m)
{
	sim->nsides = n;
	sim->nunits = m;
	sim->side = null_strs(n);
	sim->policy = null_strs(n);
	sim->unit = null_strs(m);
	sim->unit_side = null_strs(m);
	sim->wins = bt_xcalloc(n + 1, sizeof(long));
	sim->hp_lost = bt_xcalloc(n + 1, sizeof(long));
	sim->units_lost = bt_xcalloc(n + 1, sizeof(long));
	sim->fate = bt_xcalloc(m + 1, sizeof(*sim->fate));
}

/* FNV-1a 64 of the template's canonical text: merged answers must be of
 * the same battle, wherever its file was. */
static void
fingerprint(const struct bt_state *st, char out[17])
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t len;
	char *text = bt_state_emit(st, 0, &len);

	for (size_t i = 0; text != NULL && i < len; i++)
		h = (h ^ (unsigned char)text[i]) * 0x100000001b3ULL;
	free(text);
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

void
bt_sim_init(struct bt_sim *sim, const struct bt_sim_run *run)
{
	const struct bt_state *st = run->template;

	memset(sim, 0, sizeof(*sim));
	sim->rules = bt_xstrdup(st->rules->name);
	sim->battle = bt_xstrdup(st->name != NULL ? st->name : "");
	fingerprint(st, sim->template);
	sim->max_orders = run->max_orders;
	alloc_counts(sim, st->nsides, st->nunits);
	for (size_t i = 0; i < st->nsides; i++) {
		sim->side[i] = bt_xstrdup(st->sides[i].id);
		sim->policy[i] = bt_xstrdup(run->policy[i]->name);
	}
	for (size_t i = 0; i < st->nunits; i++) {
		sim->unit[i] = bt_xstrdup(st->units[i].id);
		sim->unit_side[i] = bt_xstrdup(st->units[i].side);
	}
}

void
bt_sim_free(struct bt_sim *sim)
{
	for (size_t i = 0; i < sim->nsides; i++) {
		free(sim->side[i]);
		free(sim->policy[i]);
	}
	for (size_t i = 0; i < sim->nunits; i++) {
		free(sim->unit[i]);
		free(sim->unit_side[i]);
	}
	for (size_t i = 0; i < sim->nextra; i++) {
		free(sim->extra[i].section);
		free(sim->extra[i].row);
		free(sim->extra[i].col);
	}
	free(sim->side);
	free(sim->policy);
	free(sim->unit);
	free(sim->unit_side);
	free(sim->wins);
	free(sim->hp_lost);
	free(sim->units_lost);
	free(sim->fate);
	free(sim->rounds);
	free(sim->extra);
	free(sim->seeds);
	free(sim->rules);
	free(sim->battle);
	memset(sim, 0, sizeof(*sim));
}

void
bt_sim_add(struct bt_sim *sim, const char *section, const char *row,
    const char *col, long v)
{
	struct bt_sim_extra *e;

	/* A handful of entries, a few adds a battle: a search is enough. */
	for (size_t i = 0; i < sim->nextra; i++) {
		e = &sim->extra[i];
		if (strcmp(e->section, section) == 0 &&
		    strcmp(e->row, row) == 0 && strcmp(e->col, col) == 0) {
			e->total += v;
			return;
		}
	}
	sim->extra = bt_xreallocarray(sim->extra, sim->nextra + 1,
	    sizeof(*sim->extra));
	e = &sim->extra[sim->nextra++];
	e->section = bt_xstrdup(section);
	e->row = bt_xstrdup(row);
	e->col = bt_xstrdup(col);
	e->total = v;
}

/* Seeds first..last into the sorted list; -1 when they overlap it. */
static int
add_range(struct bt_sim *sim, long first, long last)
{
	size_t i;

	for (i = 0; i < sim->nseeds && sim->seeds[i].last < first; i++)
		;
	if (i < sim->nseeds && sim->seeds[i].first <= last)
		return -1;
	sim->seeds = bt_xreallocarray(sim->seeds, sim->nseeds + 1,
	    sizeof(*sim->seeds));
	memmove(&sim->seeds[i + 1], &sim->seeds[i],
	    (sim->nseeds - i) * sizeof(*sim->seeds));
	sim->seeds[i].first = first;
	sim->seeds[i].last = last;
	sim->nseeds++;
	/* Adjacent ranges are one: 1-50 and 51-100 are 1-100. */
	for (i = 0; i + 1 < sim->nseeds;) {
		if (sim->seeds[i].last + 1 == sim->seeds[i + 1].first) {
			sim->seeds[i].last = sim->seeds[i + 1].last;
			memmove(&sim->seeds[i + 1], &sim->seeds[i + 2],
			    (sim->nseeds - i - 2) * sizeof(*sim->seeds));
			sim->nseeds--;
		} else
			i++;
	}
	return 0;
}

static void
add_rounds(struct bt_sim *sim, size_t r, long n)
{
	if (r >= sim->nrounds) {
		size_t cap = r + 1 > 2 * sim->nrounds ? r + 1 : 2 * sim->nrounds;

		sim->rounds = bt_xreallocarray(sim->rounds, cap, sizeof(long));
		memset(sim->rounds + sim->nrounds, 0,
		    (cap - sim->nrounds) * sizeof(long));
		sim->nrounds = cap;
	}
	sim->rounds[r] += n;
}

/* A unit's hit points now: its stands' in clash, never below 0. */
static long
unit_hp(const struct bt_unit *u)
{
	long hp = 0;

	if (u->nstands == 0)
		return u->hp > 0 ? u->hp : 0;
	for (size_t i = 0; i < u->nstands; i++)
		hp += u->stands[i].hp > 0 ? u->stands[i].hp : 0;
	return hp;
}

static enum bt_fate
unit_fate(const struct bt_unit *u)
{
	if (u->status & BT_ST_DESTROYED)
		return BT_FATE_DESTROYED;
	if (u->status & (BT_ST_FLED | BT_ST_ROUTED))
		return BT_FATE_FLED;	/* kingdom's routed armies: gone too */
	if (u->status & BT_ST_BROKEN)
		return BT_FATE_BROKEN;
	return BT_FATE_STANDING;
}

/* The end of one battle, st, whose start was the template t. */
static void
tally(struct bt_sim *sim, const struct bt_state *t, const struct bt_state *st)
{
	sim->battles++;
	if (!st->result.present)
		sim->unfinished++;
	else if (strcmp(st->result.winner, "draw") == 0)
		sim->draws++;
	else
		for (size_t s = 0; s < st->nsides; s++)
			if (strcmp(st->sides[s].id, st->result.winner) == 0)
				sim->wins[s]++;
	add_rounds(sim, (size_t)st->round, 1);
	for (size_t i = 0; i < st->nunits; i++) {
		const struct bt_unit *u = &st->units[i], *was = &t->units[i];
		long lost = unit_hp(was) - unit_hp(u);
		size_t s;

		for (s = 0; s < st->nsides; s++)
			if (strcmp(st->sides[s].id, u->side) == 0)
				break;
		if (s < st->nsides) {
			sim->hp_lost[s] += lost > 0 ? lost : 0;
			if ((u->status & BT_ST_GONE) && !(was->status & BT_ST_GONE))
				sim->units_lost[s]++;
		}
		sim->fate[i][unit_fate(u)]++;
	}
	if (st->rules->sim_tally != NULL)
		st->rules->sim_tally(t, st, sim);
}

/* bt_sim_battle, its listings' memory keep's and the rules' memory's
 * (kept from one battle to the next by play_here), or bt_auto_play's own
 * (keep and memory NULL); log_room: the entries its log has room for
 * from the start (bt_log_reserve). */
static int
sim_battle(const struct bt_sim_run *run, long k, struct bt_state *st,
    bool quiet, bool start_only, struct bt_options *keep,
    struct bt_play_memory *memory, size_t log_room)
{
	const struct bt_state *t = run->template;
	uint64_t seed = bt_sim_seed(t->has_seed ? t->seed : 0, k);
	struct bt_auto au = {
		.policy = run->policy, .max_orders = run->max_orders,
		.keep = keep
	};
	long played;

	bt_state_copy(st, t);
	st->log_quiet = quiet;
	st->memory = memory;
	bt_log_reserve(st, log_room);
	if (run->scenario) {
		struct bt_dice dice;
		struct bt_error err;
		int status = BT_EXIT_OK;

		/* bt-init --seed SEED: its rolls, its checks. */
		bt_dice_init(&dice, &st->rng, NULL, 0, false);
		bt_error_init(&err, NULL);
		if (bt_setup(st, seed, &dice, &err) < 0) {
			bt_error_print(&err, stderr);
			status = err.status;
		}
		bt_dice_free(&dice);
		bt_error_free(&err);
		if (status != BT_EXIT_OK)
			return status;
	} else
		bt_rng_seed(&st->rng, seed);
	if (start_only)
		return BT_EXIT_OK;
	return bt_auto_play(st, &au, &played);
}

int
bt_sim_battle(const struct bt_sim_run *run, long k, struct bt_state *st,
    bool quiet, bool start_only)
{
	return sim_battle(run, k, st, quiet, start_only, NULL, NULL, 0);
}

/* Battles first..last in this process; progress every 64. One
 * listing's memory for them all (the options, the search's) and one of
 * the rules', so that a battle after the first allocates none of it. */
static int
play_here(const struct bt_sim_run *run, long first, long last,
    struct bt_sim *sim, void (*progress)(void *, long), void *arg)
{
	struct bt_state st;
	struct bt_options keep = { 0 };
	struct bt_play_memory memory = { 0 };
	int status = BT_EXIT_OK;
	/* each battle's log has room from its start for the longest so far
	 * and an eighth more: its turns grow it seldom, once battles are
	 * warm */
	size_t log_room = 0;

	for (long k = first; k <= last; k++) {
		status = sim_battle(run, k, &st, true, false, &keep, &memory,
		    log_room);
		if (status == BT_EXIT_OK)
			tally(sim, run->template, &st);
		if (st.nlog + st.nlog / 8 > log_room)
			log_room = st.nlog + st.nlog / 8;
		bt_state_free(&st);
		if (status != BT_EXIT_OK) {
			bt_warnx("battle %ld: stopped, exit %d", k, status);
			bt_options_free(&keep);
			bt_play_memory_free(&memory);
			return status;
		}
		if (progress != NULL && ((k - first + 1) % 64 == 0 ||
		    k == last))
			progress(arg, k - first + 1);
	}
	bt_options_free(&keep);
	bt_play_memory_free(&memory);
	add_range(sim, first, last);
	return status;
}

/* --- the jobs: processes, each a share of the seeds --- */

struct job {
	pid_t		 pid;
	int		 fd;		/* its answer, read to EOF */
	char		*buf;
	size_t		 len, cap;
};

/* A job's progress, in the counters the processes share. */
static long *shared_done;
static size_t shared_job;

static void
job_progress(void *arg, long done)
{
	(void)arg;
	shared_done[shared_job] = done;
}

/* In the child: plays its share and writes its answer to fd. */
static void
job_run(const struct bt_sim_run *run, long first, long last, int fd)
{
	struct bt_sim sim;
	char *text;
	size_t len, off = 0;
	int status;

	bt_sim_init(&sim, run);
	status = play_here(run, first, last, &sim, job_progress, NULL);
	if (status == BT_EXIT_OK && (text = bt_sim_emit(&sim, &len)) != NULL) {
		while (off < len) {
			ssize_t w = write(fd, text + off, len - off);

			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0)
				_exit(BT_EXIT_IO);
			off += (size_t)w;
		}
		free(text);
	}
	_exit(status);
}

/* Reads what is there of a job's answer; 1 at its end. */
static int
job_read(struct job *j)
{
	ssize_t r;

	if (j->cap - j->len < 4096) {
		j->cap = j->cap ? 2 * j->cap : 65536;
		j->buf = bt_xrealloc(j->buf, j->cap);
	}
	r = read(j->fd, j->buf + j->len, j->cap - j->len);
	if (r < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : 1;
	j->len += (size_t)r;
	return r == 0;
}

/*
 * Processes, not threads: an order is played through bt-order's own
 * parser, getopt_long, whose state is global. Each job plays a run of
 * seeds and sends its answer back as text, merged as --merge merges.
 */
static int
play_jobs(const struct bt_sim_run *run, long first, long last, int jobs,
    struct bt_sim *sim, void (*progress)(void *, long), void *arg)
{
	struct job *job = bt_xcalloc((size_t)jobs, sizeof(*job));
	struct pollfd *pfd = bt_xcalloc((size_t)jobs, sizeof(*pfd));
	long n = last - first + 1;
	int status = BT_EXIT_OK, open = 0;

	shared_done = mmap(NULL, (size_t)jobs * sizeof(long),
	    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared_done == MAP_FAILED)
		bt_oom();
	fflush(NULL);
	for (int i = 0; i < jobs; i++) {
		long a = first + n * i / jobs, b = first + n * (i + 1) / jobs - 1;
		int p[2];

		shared_done[i] = 0;
		if (pipe(p) < 0 || (job[i].pid = fork()) < 0) {
			bt_warnx("can't start job %d: %s", i + 1,
			    strerror(errno));
			status = BT_EXIT_IO;
			break;
		}
		if (job[i].pid == 0) {
			close(p[0]);
			for (int o = 0; o < i; o++)
				close(job[o].fd);
			shared_job = (size_t)i;
			job_run(run, a, b, p[1]);
		}
		close(p[1]);
		job[i].fd = p[0];
		open++;
	}
	while (open > 0) {
		int m = 0;
		long done = 0;

		for (int i = 0; i < jobs; i++)
			if (job[i].pid > 0 && job[i].fd >= 0) {
				pfd[m].fd = job[i].fd;
				pfd[m].events = POLLIN;
				m++;
			}
		if (poll(pfd, (nfds_t)m, 250) < 0 && errno != EINTR)
			break;
		for (int i = 0; i < jobs; i++)
			if (job[i].pid > 0 && job[i].fd >= 0 &&
			    job_read(&job[i])) {
				close(job[i].fd);
				job[i].fd = -1;
				open--;
			}
		for (int i = 0; i < jobs; i++)
			done += shared_done[i];
		if (progress != NULL)
			progress(arg, done);
	}
	for (int i = 0; i < jobs; i++) {
		int ws;
		struct bt_sim part;
		struct bt_error err;

		if (job[i].pid <= 0)
			continue;
		while (waitpid(job[i].pid, &ws, 0) < 0 && errno == EINTR)
			;
		if (status == BT_EXIT_OK && (!WIFEXITED(ws) ||
		    WEXITSTATUS(ws) != 0))
			status = WIFEXITED(ws) ? WEXITSTATUS(ws) : BT_EXIT_IO;
		if (status != BT_EXIT_OK)
			continue;
		bt_error_init(&err, "<job>");
		if (bt_sim_read(&part, job[i].buf, job[i].len, &err) < 0 ||
		    bt_sim_merge(sim, &part, &err) < 0) {
			bt_error_print(&err, stderr);
			status = BT_EXIT_IO;
		}
		bt_sim_free(&part);
		bt_error_free(&err);
	}
	for (int i = 0; i < jobs; i++)
		free(job[i].buf);
	munmap(shared_done, (size_t)jobs * sizeof(long));
	shared_done = NULL;
	free(job);
	free(pfd);
	return status;
}

int
bt_sim_play(const struct bt_sim_run *run, long first, long last, int jobs,
    struct bt_sim *sim, void (*progress)(void *, long), void *arg)
{
	if (jobs > last - first + 1)
		jobs = (int)(last - first + 1);
	if (jobs <= 1)
		return play_here(run, first, last, sim, progress, arg);
	return play_jobs(run, first, last, jobs, sim, progress, arg);
}

/* --- the answer in YAML --- */

static void
emit_key(struct bt_emitter *em, const char *key)
{
	bt_emit_str(em, key);
}

static void
emit_kv(struct bt_emitter *em, const char *key, long v)
{
	bt_emit_str(em, key);
	bt_emit_int(em, v);
}

/* A figure computed from counts, always with its digits: the same
 * counts print the same bytes on every machine. */
static void
emit_fixed(struct bt_emitter *em, const char *key, double v, int digits)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", digits, v);
	bt_emit_str(em, key);
	bt_emit_str(em, buf);
}

/* The 95% Wilson score interval of k in n (Wilson 1927). */
void
bt_sim_wilson(long k, long n, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double p, d, c, h;

	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	p = (double)k / (double)n;
	d = 1 + z * z / (double)n;
	c = (p + z * z / (2.0 * (double)n)) / d;
	h = z * sqrt(p * (1 - p) / (double)n + z * z / (4.0 * (double)n *
	    (double)n)) / d;
	*lo = c - h < 0 ? 0 : c - h;
	*hi = c + h > 1 ? 1 : c + h;
}

/* count, rate and its interval */
static void
emit_rate(struct bt_emitter *em, const char *count_key, long k, long n)
{
	double lo, hi;

	bt_sim_wilson(k, n, &lo, &hi);
	emit_kv(em, count_key, k);
	emit_fixed(em, "rate", n > 0 ? (double)k / (double)n : 0, 4);
	emit_key(em, "wilson-95");
	bt_emit_seq(em, true);
	{
		char buf[32];

		snprintf(buf, sizeof(buf), "%.4f", lo);
		bt_emit_str(em, buf);
		snprintf(buf, sizeof(buf), "%.4f", hi);
		bt_emit_str(em, buf);
	}
	bt_emit_end_seq(em);
}

/* The round by which a share q of the battles had ended (nearest rank:
 * the q * n-th battle, rounded up; q and n are not negative). */
static long
percentile(const struct bt_sim *sim, long n, double q)
{
	double at = q * (double)n;
	long need = (long)at, seen = 0;

	if ((double)need < at)
		need++;

	if (need < 1)
		need = 1;
	for (size_t r = 0; r < sim->nrounds; r++)
		if ((seen += sim->rounds[r]) >= need)
			return (long)r;
	return 0;
}

static void
emit_rounds(struct bt_emitter *em, const struct bt_sim *sim)
{
	long n = 0, sum = 0;

	for (size_t r = 0; r < sim->nrounds; r++) {
		n += sim->rounds[r];
		sum += (long)r * sim->rounds[r];
	}
	emit_key(em, "rounds");
	bt_emit_map(em, false);
	emit_fixed(em, "mean", n > 0 ? (double)sum / (double)n : 0, 2);
	emit_kv(em, "median", percentile(sim, n, 0.5));
	emit_kv(em, "p10", percentile(sim, n, 0.1));
	emit_kv(em, "p90", percentile(sim, n, 0.9));
	emit_key(em, "battles");
	bt_emit_map(em, true);
	for (size_t r = 0; r < sim->nrounds; r++)
		if (sim->rounds[r] > 0) {
			bt_emit_int(em, (long)r);
			bt_emit_int(em, sim->rounds[r]);
		}
	bt_emit_end_map(em);
	bt_emit_end_map(em);
}

static int
cmp_extra(const void *a, const void *b)
{
	const struct bt_sim_extra *x = *(struct bt_sim_extra *const *)a;
	const struct bt_sim_extra *y = *(struct bt_sim_extra *const *)b;
	int c;

	if ((c = strcmp(x->section, y->section)) != 0)
		return c;
	if ((c = strcmp(x->row, y->row)) != 0)
		return c;
	return strcmp(x->col, y->col);
}

/* The ruleset's counts, sorted: the same whatever order they came in. */
static void
emit_extra(struct bt_emitter *em, const struct bt_sim *sim)
{
	struct bt_sim_extra **v;
	size_t i, j;

	if (sim->nextra == 0)
		return;
	v = bt_xcalloc(sim->nextra, sizeof(*v));
	for (i = 0; i < sim->nextra; i++)
		v[i] = &sim->extra[i];
	qsort(v, sim->nextra, sizeof(*v), cmp_extra);
	emit_key(em, sim->rules);
	bt_emit_map(em, false);
	for (i = 0; i < sim->nextra; i = j) {
		emit_key(em, v[i]->section);
		bt_emit_map(em, false);
		for (j = i; j < sim->nextra &&
		    strcmp(v[j]->section, v[i]->section) == 0;) {
			size_t r = j;

			emit_key(em, v[r]->row);
			bt_emit_map(em, false);
			for (; j < sim->nextra &&
			    strcmp(v[j]->section, v[r]->section) == 0 &&
			    strcmp(v[j]->row, v[r]->row) == 0; j++) {
				emit_key(em, v[j]->col);
				bt_emit_map(em, true);
				emit_kv(em, "total", v[j]->total);
				emit_fixed(em, "mean", sim->battles > 0 ?
				    (double)v[j]->total / (double)sim->battles :
				    0, 3);
				bt_emit_end_map(em);
			}
			bt_emit_end_map(em);
		}
		bt_emit_end_map(em);
	}
	bt_emit_end_map(em);
	free(v);
}

char *
bt_sim_emit(const struct bt_sim *sim, size_t *len)
{
	struct bt_emitter *em = bt_emit_new(4096);
	long n = sim->battles;
	char *text;

	bt_emit_map(em, false);
	emit_kv(em, "bt-sim", 1);
	emit_key(em, "rules");
	bt_emit_str(em, sim->rules);
	emit_key(em, "battle");
	bt_emit_str(em, sim->battle);
	emit_key(em, "template");
	bt_emit_quoted(em, sim->template);
	emit_kv(em, "max-orders", sim->max_orders);
	emit_key(em, "seeds");
	bt_emit_seq(em, false);
	for (size_t i = 0; i < sim->nseeds; i++) {
		bt_emit_seq(em, true);
		bt_emit_int(em, sim->seeds[i].first);
		bt_emit_int(em, sim->seeds[i].last);
		bt_emit_end_seq(em);
	}
	bt_emit_end_seq(em);
	emit_kv(em, "battles", n);
	emit_kv(em, "unfinished", sim->unfinished);
	emit_key(em, "draws");
	bt_emit_map(em, true);
	emit_rate(em, "count", sim->draws, n);
	bt_emit_end_map(em);
	emit_key(em, "sides");
	bt_emit_map(em, false);
	for (size_t s = 0; s < sim->nsides; s++) {
		emit_key(em, sim->side[s]);
		bt_emit_map(em, false);
		emit_key(em, "policy");
		bt_emit_str(em, sim->policy[s]);
		emit_rate(em, "wins", sim->wins[s], n);
		emit_kv(em, "hp-lost", sim->hp_lost[s]);
		emit_fixed(em, "hp-lost-mean", n > 0 ?
		    (double)sim->hp_lost[s] / (double)n : 0, 2);
		emit_kv(em, "units-lost", sim->units_lost[s]);
		emit_fixed(em, "units-lost-mean", n > 0 ?
		    (double)sim->units_lost[s] / (double)n : 0, 2);
		bt_emit_end_map(em);
	}
	bt_emit_end_map(em);
	emit_rounds(em, sim);
	emit_key(em, "units");
	bt_emit_map(em, false);
	for (size_t i = 0; i < sim->nunits; i++) {
		emit_key(em, sim->unit[i]);
		bt_emit_map(em, false);
		emit_key(em, "side");
		bt_emit_str(em, sim->unit_side[i]);
		for (int f = 0; f < BT_NFATES; f++)
			emit_kv(em, bt_fate_words[f], sim->fate[i][f]);
		emit_key(em, "rates");
		bt_emit_map(em, true);
		for (int f = 0; f < BT_NFATES; f++)
			emit_fixed(em, bt_fate_words[f], n > 0 ?
			    (double)sim->fate[i][f] / (double)n : 0, 4);
		bt_emit_end_map(em);
		bt_emit_end_map(em);
	}
	bt_emit_end_map(em);
	emit_extra(em, sim);
	bt_emit_end_map(em);
	text = bt_emit_finish(em, len);
	bt_emit_free(em);
	return text;
}

/* --- reading an answer back, and adding answers up --- */

static int
bad(struct bt_error *err, const struct bt_node *n, const char *what)
{
	return bt_errorf(err, BT_EXIT_DATA, n != NULL ? n->line : 0,
	    n != NULL ? n->col : 0, "not a bt-sim answer: %s", what);
}

/* The count at key of map: a whole number from 0. */
static int
get_count(const struct bt_node *map, const char *key, long *v,
    struct bt_error *err)
{
	const struct bt_node *n = bt_map_get(map, key);
	char *end;

	if (n == NULL || n->kind != BT_NODE_SCALAR)
		return bt_errorf(err, BT_EXIT_DATA, map != NULL ? map->line :
		    0, map != NULL ? map->col : 0, "not a bt-sim answer: "
		    "no count '%s'", key);
	errno = 0;
	*v = strtol(n->str, &end, 10);
	if (*n->str == '\0' || *end != '\0' || *v < 0 || errno != 0)
		return bt_errorf(err, BT_EXIT_DATA, n->line, n->col,
		    "not a bt-sim answer: '%s' is not a count", key);
	return 0;
}

static const char *
get_str(const struct bt_node *map, const char *key, struct bt_error *err)
{
	const struct bt_node *n = bt_map_get(map, key);

	if (n == NULL || n->kind != BT_NODE_SCALAR) {
		bt_errorf(err, BT_EXIT_DATA, map != NULL ? map->line : 0,
		    map != NULL ? map->col : 0, "not a bt-sim answer: no "
		    "'%s'", key);
		return NULL;
	}
	return n->str;
}

/* The mapping at key of map, or NULL (a problem added to err). */
static const struct bt_node *
get_map(const struct bt_node *map, const char *key, struct bt_error *err)
{
	const struct bt_node *n = bt_map_get(map, key);

	if (n == NULL || n->kind != BT_NODE_MAP) {
		bad(err, n != NULL ? n : map, key);
		return NULL;
	}
	return n;
}

static int
read_seeds(struct bt_sim *sim, const struct bt_node *root,
    struct bt_error *err)
{
	const struct bt_node *seeds = bt_map_get(root, "seeds");

	if (seeds == NULL || seeds->kind != BT_NODE_SEQ)
		return bad(err, root, "no 'seeds'");
	for (size_t i = 0; i < seeds->n; i++) {
		const struct bt_node *r = seeds->kids[i];
		long v[2];
		char *end;

		if (r->kind != BT_NODE_SEQ || r->n != 2)
			return bad(err, r, "a seed range is [first, last]");
		for (int j = 0; j < 2; j++) {
			errno = 0;
			v[j] = strtol(r->kids[j]->str != NULL ?
			    r->kids[j]->str : "", &end, 10);
			if (r->kids[j]->kind != BT_NODE_SCALAR || *end != '\0' ||
			    errno != 0 || v[j] < 0)
				return bad(err, r, "a seed is a number");
		}
		if (v[0] > v[1] || add_range(sim, v[0], v[1]) < 0)
			return bad(err, r, "seed ranges overlap");
	}
	return 0;
}

static int
read_rounds(struct bt_sim *sim, const struct bt_node *root,
    struct bt_error *err)
{
	const struct bt_node *r = get_map(root, "rounds", err), *b;

	if (r == NULL || (b = get_map(r, "battles", err)) == NULL)
		return -1;
	for (size_t i = 0; i < b->n; i += 2) {
		long round, n;
		char *end;

		errno = 0;
		round = strtol(b->kids[i]->str, &end, 10);
		if (*end != '\0' || errno != 0 || round < 0 ||
		    round > BT_MAX_INT)
			return bad(err, b->kids[i], "a round is a number");
		if (get_count(b, b->kids[i]->str, &n, err) < 0)
			return -1;
		add_rounds(sim, (size_t)round, n);
	}
	return 0;
}

static int
read_extra(struct bt_sim *sim, const struct bt_node *root,
    struct bt_error *err)
{
	const struct bt_node *x = bt_map_get(root, sim->rules);

	if (x == NULL)
		return 0;
	if (x->kind != BT_NODE_MAP)
		return bad(err, x, sim->rules);
	for (size_t i = 0; i < x->n; i += 2) {
		const struct bt_node *sec = x->kids[i + 1];

		if (sec->kind != BT_NODE_MAP)
			return bad(err, sec, x->kids[i]->str);
		for (size_t j = 0; j < sec->n; j += 2) {
			const struct bt_node *row = sec->kids[j + 1];

			if (row->kind != BT_NODE_MAP)
				return bad(err, row, sec->kids[j]->str);
			for (size_t c = 0; c < row->n; c += 2) {
				long v;

				if (get_count(row->kids[c + 1], "total", &v,
				    err) < 0)
					return -1;
				bt_sim_add(sim, x->kids[i]->str,
				    sec->kids[j]->str, row->kids[c]->str, v);
			}
		}
	}
	return 0;
}

static int
read_answer(struct bt_sim *sim, const struct bt_node *root,
    struct bt_error *err)
{
	const struct bt_node *sides, *units, *draws;
	const char *s;

	if (root == NULL || root->kind != BT_NODE_MAP ||
	    bt_map_get(root, "bt-sim") == NULL)
		return bad(err, root, "no 'bt-sim: 1'");
	if ((s = get_str(root, "rules", err)) == NULL)
		return -1;
	sim->rules = bt_xstrdup(s);
	if ((s = get_str(root, "battle", err)) == NULL)
		return -1;
	sim->battle = bt_xstrdup(s);
	if ((s = get_str(root, "template", err)) == NULL)
		return -1;
	snprintf(sim->template, sizeof(sim->template), "%s", s);
	if (get_count(root, "max-orders", &sim->max_orders, err) < 0 ||
	    get_count(root, "battles", &sim->battles, err) < 0 ||
	    get_count(root, "unfinished", &sim->unfinished, err) < 0 ||
	    (draws = get_map(root, "draws", err)) == NULL ||
	    get_count(draws, "count", &sim->draws, err) < 0 ||
	    (sides = get_map(root, "sides", err)) == NULL ||
	    (units = get_map(root, "units", err)) == NULL)
		return -1;
	alloc_counts(sim, sides->n / 2, units->n / 2);
	for (size_t i = 0; i < sim->nsides; i++) {
		const struct bt_node *m = sides->kids[2 * i + 1];

		sim->side[i] = bt_xstrdup(sides->kids[2 * i]->str);
		if ((s = get_str(m, "policy", err)) == NULL)
			return -1;
		sim->policy[i] = bt_xstrdup(s);
		if (get_count(m, "wins", &sim->wins[i], err) < 0 ||
		    get_count(m, "hp-lost", &sim->hp_lost[i], err) < 0 ||
		    get_count(m, "units-lost", &sim->units_lost[i], err) < 0)
			return -1;
	}
	for (size_t i = 0; i < sim->nunits; i++) {
		const struct bt_node *m = units->kids[2 * i + 1];

		sim->unit[i] = bt_xstrdup(units->kids[2 * i]->str);
		if ((s = get_str(m, "side", err)) == NULL)
			return -1;
		sim->unit_side[i] = bt_xstrdup(s);
		for (int f = 0; f < BT_NFATES; f++)
			if (get_count(m, bt_fate_words[f], &sim->fate[i][f],
			    err) < 0)
				return -1;
	}
	if (read_seeds(sim, root, err) < 0 || read_rounds(sim, root, err) < 0)
		return -1;
	return read_extra(sim, root, err);
}

int
bt_sim_read(struct bt_sim *sim, const char *buf, size_t len,
    struct bt_error *err)
{
	struct bt_tree tree = { 0 };
	int rc;

	memset(sim, 0, sizeof(*sim));
	rc = bt_tree_parse(&tree, buf, len, err);
	if (rc == 0)
		rc = read_answer(sim, tree.root, err);
	bt_tree_free(&tree);
	return rc;
}

/* Two strings alike, or a problem: what differs between the answers. */
static int
same(const char *a, const char *b, const char *what, struct bt_error *err)
{
	if (strcmp(a, b) == 0)
		return 0;
	return bt_errorf(err, BT_EXIT_DATA, 0, 0, "not the same battle: %s "
	    "'%s' here, '%s' before", what, b, a);
}

int
bt_sim_merge(struct bt_sim *into, const struct bt_sim *from,
    struct bt_error *err)
{
	if (into->rules == NULL) {		/* the first: taken as it is */
		into->rules = bt_xstrdup(from->rules);
		into->battle = bt_xstrdup(from->battle);
		memcpy(into->template, from->template, sizeof(into->template));
		into->max_orders = from->max_orders;
		alloc_counts(into, from->nsides, from->nunits);
		for (size_t i = 0; i < from->nsides; i++) {
			into->side[i] = bt_xstrdup(from->side[i]);
			into->policy[i] = bt_xstrdup(from->policy[i]);
		}
		for (size_t i = 0; i < from->nunits; i++) {
			into->unit[i] = bt_xstrdup(from->unit[i]);
			into->unit_side[i] = bt_xstrdup(from->unit_side[i]);
		}
	}
	if (same(into->rules, from->rules, "rules", err) < 0 ||
	    same(into->battle, from->battle, "battle", err) < 0 ||
	    same(into->template, from->template, "template", err) < 0)
		return -1;
	if (into->max_orders != from->max_orders)
		return bt_errorf(err, BT_EXIT_DATA, 0, 0, "not the same "
		    "battle: max-orders %ld here, %ld before",
		    from->max_orders, into->max_orders);
	if (into->nsides != from->nsides || into->nunits != from->nunits)
		return bt_errorf(err, BT_EXIT_DATA, 0, 0, "not the same "
		    "battle: other sides or units");
	for (size_t i = 0; i < into->nsides; i++)
		if (same(into->side[i], from->side[i], "side", err) < 0 ||
		    same(into->policy[i], from->policy[i], "policy", err) < 0)
			return -1;
	for (size_t i = 0; i < into->nunits; i++)
		if (same(into->unit[i], from->unit[i], "unit", err) < 0 ||
		    same(into->unit_side[i], from->unit_side[i], "unit's side",
		    err) < 0)
			return -1;
	for (size_t i = 0; i < from->nseeds; i++)
		if (add_range(into, from->seeds[i].first,
		    from->seeds[i].last) < 0)
			return bt_errorf(err, BT_EXIT_DATA, 0, 0, "seeds %ld "
			    "to %ld overlap seeds counted already: each battle "
			    "once", from->seeds[i].first, from->seeds[i].last);
	into->battles += from->battles;
	into->unfinished += from->unfinished;
	into->draws += from->draws;
	for (size_t i = 0; i < into->nsides; i++) {
		into->wins[i] += from->wins[i];
		into->hp_lost[i] += from->hp_lost[i];
		into->units_lost[i] += from->units_lost[i];
	}
	for (size_t i = 0; i < into->nunits; i++)
		for (int f = 0; f < BT_NFATES; f++)
			into->fate[i][f] += from->fate[i][f];
	for (size_t r = 0; r < from->nrounds; r++)
		if (from->rounds[r] > 0)
			add_rounds(into, r, from->rounds[r]);
	for (size_t i = 0; i < from->nextra; i++)
		bt_sim_add(into, from->extra[i].section, from->extra[i].row,
		    from->extra[i].col, from->extra[i].total);
	return 0;
}
