/* read: loads a file's bytes in one go (pipeline stage 2). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "io.h"
#include "util.h"

int tp_read_file(char **out, size_t *len, unsigned *mode, const char *path)
{
	/* O_NONBLOCK: a FIFO that replaced a walked file must not hang a worker;
	 * only regular files are read. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return tp_error_set(TP_EIO, "%s: cannot open: %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return tp_error_set(TP_EIO, "%s: cannot read: %s", path, strerror(e));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return tp_error_set(TP_EIO, "%s: cannot read: not a regular file", path);
	}
	size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
	char *buf = tp_xmalloc(cap);
	size_t n = 0;
	/* The size fstat gave, without another read to find the end (a file
	 * that grows meanwhile is read as it was); one that says 0 (in /proc)
	 * is read to its end. */
	for (;;) {
		if (n + 1 >= cap)
			buf = tp_xrealloc(buf, cap *= 2);
		ssize_t r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			close(fd);
			free(buf);
			return tp_error_set(TP_EIO, "%s: cannot read: %s", path, strerror(e));
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (st.st_size > 0 && n == (size_t)st.st_size)
			break;
	}
	close(fd);
	buf[n] = 0;
	*out = buf;
	*len = n;
	if (mode)
		*mode = st.st_mode;
	return 0;
}
