/*
 * pty-answer: runs a program with a pseudo-terminal as its controlling
 * terminal (/dev/tty), as a player at the table would, and answers its
 * prompts: each time what it wrote on the terminal ends in "? ", the next
 * answer is typed, then an end of input (^D) when none is left. The
 * program's standard input, output and error stay the caller's. Prints
 * the terminal's transcript, each answer after its prompt as a player
 * sees it, with the terminal's echo off and no \r, so that a test can
 * compare it exactly; exits with the program's status.
 *
 * usage: pty-answer [answer ...] -- program [argument ...]
 */
#include <sys/ioctl.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static void
child(const char *slave, char **argv)
{
	struct termios t;
	int fd;

	if (setsid() < 0 || (fd = open(slave, O_RDWR)) < 0) {
		perror("pty-answer: the terminal");
		_exit(127);
	}
	(void)ioctl(fd, TIOCSCTTY, 0);
	/* No echo and no \r: the transcript is the program's own text. */
	if (tcgetattr(fd, &t) == 0) {
		t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
		t.c_oflag &= ~(tcflag_t)OPOST;
		(void)tcsetattr(fd, TCSANOW, &t);
	}
	close(fd);
	execvp(argv[0], argv);
	perror(argv[0]);
	_exit(127);
}

int
main(int argc, char *argv[])
{
	char buf[4096], last[2] = { 0, 0 };
	int m, i, status, next = 1, sep;
	pid_t pid;
	int done = 0;

	for (sep = 1; sep < argc && strcmp(argv[sep], "--") != 0; sep++)
		continue;
	if (sep + 1 >= argc) {
		fputs("usage: pty-answer [answer ...] -- program [arg ...]\n",
		    stderr);
		return 2;
	}
	if ((m = posix_openpt(O_RDWR | O_NOCTTY)) < 0 || grantpt(m) < 0 ||
	    unlockpt(m) < 0) {
		perror("pty-answer: posix_openpt");
		return 2;
	}
	if ((pid = fork()) < 0) {
		perror("pty-answer: fork");
		return 2;
	}
	if (pid == 0)
		child(ptsname(m), argv + sep + 1);
	while (!done) {
		ssize_t n = read(m, buf, sizeof(buf));

		if (n <= 0) {
			/* EIO: no end of the terminal open; is it over? */
			if (waitpid(pid, &status, WNOHANG) == pid)
				done = 1;
			else
				nanosleep(&(struct timespec){ 0, 10000000 },
				    NULL);
			continue;
		}
		fwrite(buf, 1, (size_t)n, stdout);
		for (i = 0; i < n; i++)
			last[0] = last[1], last[1] = buf[i];
		if (last[0] != '?' || last[1] != ' ')
			continue;
		last[0] = last[1] = 0;
		if (next < sep) {
			int len = snprintf(buf, sizeof(buf), "%s\n",
			    argv[next++]);

			fputs(buf, stdout);
			(void)!write(m, buf, (size_t)len);
		} else {
			printf("^D\n");
			(void)!write(m, "\004", 1);
		}
		fflush(stdout);
	}
	/* What the program wrote just before it ended. */
	for (;;) {
		ssize_t n = read(m, buf, sizeof(buf));

		if (n <= 0)
			break;
		fwrite(buf, 1, (size_t)n, stdout);
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}
