/* measure: the reference clock of bench/run. Runs a command K times, its
 * standard output thrown away, and prints the wall-clock seconds the K
 * runs took together, the largest peak resident size of any of them in
 * KiB (getrusage's ru_maxrss of each child, by wait4), and the CPU
 * seconds (user and system) of the K runs, steadier than the wall clock
 * on a loaded machine:
 *
 *	measure K COMMAND [ARG...]	->	"0.123456 12345 0.120000"
 *
 * A C wrapper rather than /usr/bin/time: time's %e has 10 ms steps, more
 * than a small state's whole run, and it is one more package. Exit 0, or
 * 1 when a run fails (its status is printed), 2 on bad usage. */
#define _DEFAULT_SOURCE		/* wait4 */
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct timespec t0, t1;
	long k, peak = 0;
	double cpu = 0;
	char *end;

	if (argc < 3 || (k = strtol(argv[1], &end, 10)) < 1 || *end != '\0') {
		fprintf(stderr, "usage: measure K command [arg...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < k; i++) {
		struct rusage ru;
		int status, fd;
		pid_t pid = fork();

		if (pid < 0) {
			perror("measure: fork");
			return 1;
		}
		if (pid == 0) {
			if ((fd = open("/dev/null", O_WRONLY)) >= 0)
				dup2(fd, STDOUT_FILENO);
			execvp(argv[2], argv + 2);
			perror(argv[2]);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) < 0) {
			perror("measure: wait4");
			return 1;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "measure: %s failed (status %d)\n",
			    argv[2], status);
			return 1;
		}
		if (ru.ru_maxrss > peak)
			peak = ru.ru_maxrss;
		cpu += (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%.6f %ld %.6f\n", (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, peak, cpu);
	return 0;
}
