/* write: atomic file writes and directory handling in the output mirror
 * (pipeline stage 9). Nothing here ever writes outside the given path. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "io.h"
#include "util.h"

int tp_write_file(const char *path, const char *data, size_t len, unsigned mode)
{
	char *tmp = tp_xprintf("%s.tp-tmp", path);
	int rc = 0;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		rc = tp_error_set(TP_EIO, "%s: cannot create: %s", path, strerror(errno));
		goto cleanup;
	}
	for (size_t done = 0; done < len;) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			rc = tp_error_set(TP_EIO, "%s: cannot write: %s", path, w < 0 ? strerror(errno) : "no progress");
			break;
		}
		done += (size_t)w;
	}
	if (fchmod(fd, mode & 07777) != 0 && rc == 0)
		rc = tp_error_set(TP_EIO, "%s: cannot set permissions: %s", path, strerror(errno));
	if (close(fd) != 0 && rc == 0)
		rc = tp_error_set(TP_EIO, "%s: cannot write: %s", path, strerror(errno));
	if (rc == 0 && rename(tmp, path) != 0)
		rc = tp_error_set(TP_EIO, "%s: cannot rename into place: %s", path, strerror(errno));
	if (rc < 0)
		unlink(tmp);
cleanup:
	free(tmp);
	return rc;
}

int tp_mkdirs(const char *dir)
{
	char *p = tp_xstrdup(dir);
	int rc = 0;
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s)
			continue;
		char c = *s;
		*s = 0;
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			rc = tp_error_set(TP_EIO, "%s: cannot create the directory: %s", p, strerror(errno));
			break;
		}
		*s = c;
		if (!c)
			break;
	}
	free(p);
	return rc;
}

/* Iterative post-order removal: a stack of directories, each revisited once
 * its entries are gone. */
int tp_remove_tree(const char *dir)
{
	tp_array(char *) stack = {0};
	tp_array_push(&stack, tp_xstrdup(dir));
	int rc = 0;
	while (stack.len && rc == 0) {
		char *d = stack.items[stack.len - 1];
		DIR *h = opendir(d);
		if (!h) {
			rc = tp_error_set(TP_EIO, "%s: cannot open: %s", d, strerror(errno));
			break;
		}
		int pushed = 0;
		struct dirent *e;
		while ((e = readdir(h)) && rc == 0) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *p = tp_xprintf("%s/%s", d, e->d_name);
			struct stat st;
			if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
				tp_array_push(&stack, p);
				pushed = 1;
				continue;
			}
			if (unlink(p) != 0)
				rc = tp_error_set(TP_EIO, "%s: cannot remove: %s", p, strerror(errno));
			free(p);
		}
		closedir(h);
		if (!pushed && rc == 0) {
			if (rmdir(d) != 0)
				rc = tp_error_set(TP_EIO, "%s: cannot remove: %s", d, strerror(errno));
			free(d);
			stack.len--;
		}
	}
	for (size_t i = 0; i < stack.len; i++)
		free(stack.items[i]);
	tp_array_free(&stack);
	return rc;
}
