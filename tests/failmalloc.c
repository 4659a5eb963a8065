/*
 * failmalloc.c: a test's allocator that runs out of memory on purpose
 * (tests/13-memory.bats). Preloaded (LD_PRELOAD) into a program, it fails
 * its Nth allocation, counted from the start of the program, whether bt,
 * libyaml or libc asks for it: BT_FAIL_MALLOC=N fails that one alone,
 * N- that one and every one after it, as memory that has run out does.
 * BT_FAIL_MALLOC_COUNT=FILE writes there, at exit, how many allocations
 * the program made, so that a test knows how far to count.
 *
 * The allocations go on to glibc's own __libc_* functions: no dlsym, which
 * allocates itself. Not for a sanitizer build, whose allocator is its own.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void	*__libc_malloc(size_t);
void	*__libc_calloc(size_t, size_t);
void	*__libc_realloc(void *, size_t);
void	*__libc_memalign(size_t, size_t);

void	*malloc(size_t);
void	*calloc(size_t, size_t);
void	*realloc(void *, size_t);
int	 posix_memalign(void **, size_t, size_t);
void	*aligned_alloc(size_t, size_t);

static long calls, fail_at = -1;
static int fail_after;		/* every allocation from fail_at on */
static int ready;

static void
report(void)
{
	const char *path = getenv("BT_FAIL_MALLOC_COUNT");
	char buf[32];
	int fd, n;

	if (path == NULL || (fd = open(path, O_WRONLY | O_CREAT | O_TRUNC,
	    0644)) < 0)
		return;
	n = snprintf(buf, sizeof(buf), "%ld\n", calls);
	if (write(fd, buf, (size_t)n) != n)
		(void)0;
	close(fd);
}

__attribute__((constructor)) static void
setup(void)
{
	const char *s = getenv("BT_FAIL_MALLOC");
	char *end;

	if (s != NULL && *s != '\0') {
		fail_at = strtol(s, &end, 10);
		fail_after = *end == '-';
	}
	atexit(report);
	calls = 0;
	ready = 1;
}

/* Whether this allocation fails. */
static int
fails(void)
{
	if (!ready)
		return 0;
	calls++;
	if (fail_at > 0 && (calls == fail_at ||
	    (fail_after && calls > fail_at))) {
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

void *
malloc(size_t n)
{
	return fails() ? NULL : __libc_malloc(n);
}

void *
calloc(size_t n, size_t size)
{
	return fails() ? NULL : __libc_calloc(n, size);
}

void *
realloc(void *p, size_t n)
{
	return fails() ? NULL : __libc_realloc(p, n);
}

int
posix_memalign(void **p, size_t align, size_t n)
{
	if (fails())
		return ENOMEM;
	*p = __libc_memalign(align, n);
	return *p == NULL ? ENOMEM : 0;
}

void *
aligned_alloc(size_t align, size_t n)
{
	return fails() ? NULL : __libc_memalign(align, n);
}
