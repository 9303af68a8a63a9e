/* write: atomic file writes and directory handling in the output mirror
 * (pipeline stage 9). Nothing here follows a symlink it did not expect, so
 * nothing is ever written or removed outside the given path. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "io.h"
#include "util.h"

/* Writes all of data to fd, retrying on EINTR and short writes. */
static int write_all(int fd, const char *data, size_t len, const char *path)
{
	for (size_t done = 0; done < len;) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return tp_error_set(TP_EIO, "%s: cannot write: %s", path, strerror(errno));
		if (w == 0)
			return tp_error_set(TP_EIO, "%s: cannot write: no progress", path);
		done += (size_t)w;
	}
	return 0;
}

/* Opens a fresh temporary file in path's folder. mkostemp creates it with
 * O_EXCL: a planted symlink or a leftover is never written through, and two
 * writers never share one. The name does not grow with path's: a file name
 * of NAME_MAX bytes still gets a temporary one. */
static int open_temp(char **tmp, const char *path)
{
	const char *slash = strrchr(path, '/');
	*tmp = tp_xprintf("%.*s.tp-XXXXXX", slash ? (int)(slash - path + 1) : 0, path);
	int fd = mkostemp(*tmp, O_CLOEXEC);
	if (fd < 0)
		return tp_error_set(TP_EIO, "%s: cannot create: %s", path, strerror(errno));
	return fd;
}

/* Sets mode, closes fd and renames tmp over path; on any failure (rc < 0
 * on entry included) the temporary file is removed. */
static int finish_temp(int rc, int fd, const char *tmp, const char *path, unsigned mode)
{
	/* Permission bits only: a set-user-ID input must not yield a set-user-ID copy. */
	if (rc == 0 && fchmod(fd, mode & 0777) != 0)
		rc = tp_error_set(TP_EIO, "%s: cannot set permissions: %s", path, strerror(errno));
	if (close(fd) != 0 && rc == 0)
		rc = tp_error_set(TP_EIO, "%s: cannot write: %s", path, strerror(errno));
	if (rc == 0 && rename(tmp, path) != 0)
		rc = tp_error_set(TP_EIO, "%s: cannot rename into place: %s", path, strerror(errno));
	if (rc < 0)
		unlink(tmp);
	return rc;
}

int tp_out_open(tp_out *o, const char *path)
{
	o->path = tp_xstrdup(path);
	o->tmp = NULL;
	o->fd = open_temp(&o->tmp, path);
	o->rc = o->fd < 0 ? o->fd : 0;
	return o->rc;
}

int tp_out_write(tp_out *o, const void *data, size_t len)
{
	if (o->rc == 0 && len)
		o->rc = write_all(o->fd, data, len, o->path);
	return o->rc;
}

int tp_out_close(tp_out *o, int rc, unsigned mode)
{
	if (o->fd >= 0)
		rc = finish_temp(rc < 0 ? rc : o->rc, o->fd, o->tmp, o->path, mode);
	else if (rc == 0)
		rc = o->rc;
	free(o->tmp);
	free(o->path);
	*o = (tp_out){.fd = -1};
	return rc;
}

int tp_write_file(const char *path, const char *data, size_t len, unsigned mode)
{
	char *tmp = NULL;
	int fd = open_temp(&tmp, path);
	int rc = fd < 0 ? fd : finish_temp(write_all(fd, data, len, path), fd, tmp, path, mode);
	free(tmp);
	return rc;
}

static mode_t mask;
static void read_mask(void)
{
	mask = umask(0);
	umask(mask);
}

unsigned tp_umask(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, read_mask);
	return mask;
}

/* Creates path, which must not exist: O_EXCL and O_NOFOLLOW, so nothing
 * planted in its place is written through. Its folder is made when missing
 * (the worker that took the folder's entry may not have made it yet). */
static int create_new(const char *path, unsigned mode)
{
	int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	int fd = open(path, flags, mode & 0777);
	const char *slash = strrchr(path, '/');
	if (fd < 0 && errno == ENOENT && slash && slash > path) {
		char *dir = tp_xstrndup(path, (size_t)(slash - path));
		int rc = tp_mkdirs(dir);
		free(dir);
		if (rc < 0)
			return rc;
		fd = open(path, flags, mode & 0777);
	}
	if (fd < 0)
		return tp_error_set(TP_EIO, "%s: cannot create: %s", path, strerror(errno));
	return fd;
}

/* Sets mode where the umask took bits from it and closes fd; on any failure
 * (rc < 0 on entry included) the file is removed. */
static int finish_new(int rc, int fd, const char *path, unsigned mode)
{
	if (rc == 0 && (mode & 0777 & tp_umask()) && fchmod(fd, mode & 0777) != 0)
		rc = tp_error_set(TP_EIO, "%s: cannot set permissions: %s", path, strerror(errno));
	if (close(fd) != 0 && rc == 0)
		rc = tp_error_set(TP_EIO, "%s: cannot write: %s", path, strerror(errno));
	if (rc < 0)
		unlink(path);
	return rc;
}

int tp_create_file(const char *path, const char *data, size_t len, unsigned mode)
{
	int fd = create_new(path, mode);
	return fd < 0 ? fd : finish_new(write_all(fd, data, len, path), fd, path, mode);
}

int tp_copy_file(int *read_failed, const char *dest, const char *src)
{
	int rc = 0, out = -1;
	*read_failed = 0;
	/* O_NONBLOCK: a FIFO put in place of the file must not hang the run. */
	int in = open(src, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	struct stat st;
	if (in < 0) {
		*read_failed = 1;
		rc = tp_error_set(TP_EIO, "%s: cannot open: %s", src, strerror(errno));
		goto cleanup;
	}
	if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
		*read_failed = 1;
		rc = tp_error_set(TP_EIO, "%s: cannot read: not a regular file", src);
		goto cleanup;
	}
	if ((out = create_new(dest, st.st_mode)) < 0) {
		rc = out;
		goto cleanup;
	}
	char chunk[65536];
	for (;;) {
		ssize_t r = read(in, chunk, sizeof chunk);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			*read_failed = 1;
			rc = tp_error_set(TP_EIO, "%s: cannot read: %s", src, strerror(errno));
			break;
		}
		if (r == 0 || (rc = write_all(out, chunk, (size_t)r, dest)) < 0)
			break;
	}
	rc = finish_new(rc, out, dest, st.st_mode);
cleanup:
	if (in >= 0)
		close(in);
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
	/* The leaf is where files go: it must be a real directory, never a
	 * symlink that someone put in its place. */
	struct stat st;
	if (rc == 0 && lstat(dir, &st) != 0)
		rc = tp_error_set(TP_EIO, "%s: cannot create the directory: %s", dir, strerror(errno));
	else if (rc == 0 && !S_ISDIR(st.st_mode))
		rc = tp_error_set(TP_EIO, "%s: cannot create the directory: a symlink or file is in its place", dir);
	free(p);
	return rc;
}

/* Opens a directory without following a symlink in its last component. */
static DIR *open_dir_nofollow(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	DIR *d = fdopendir(fd);
	if (!d) {
		int e = errno;
		close(fd);
		errno = e;
	}
	return d;
}

/* Iterative post-order removal: a stack of directories, each revisited once
 * its entries are gone. A symlink, at the top or below, is removed itself and
 * never followed: removing a result that is a link to the input must not
 * touch the input. */
int tp_remove_tree(const char *dir)
{
	struct stat st;
	if (lstat(dir, &st) != 0)
		return errno == ENOENT ? 0 : tp_error_set(TP_EIO, "%s: cannot remove: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return unlink(dir) == 0 ? 0 : tp_error_set(TP_EIO, "%s: cannot remove: %s", dir, strerror(errno));
	tp_array(char *) stack = {0};
	tp_array_push(&stack, tp_xstrdup(dir));
	int rc = 0;
	while (stack.len && rc == 0) {
		char *d = stack.items[stack.len - 1];
		DIR *h = open_dir_nofollow(d);
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
