/* faultinject: an LD_PRELOAD library that makes one libc call fail, so the
 * error paths of transplt run in ctest (tests/hostile/faults.sh).
 *
 *   FAULT_FUNC   the call to break: write, read, open, close, rename, mkdir,
 *                opendir, fchmod or unlink
 *   FAULT_N      the first call that fails, counting from 1 (default 1)
 *   FAULT_TIMES  how many calls fail from there; 0 = every later one, as a
 *                full disk does (default 1)
 *   FAULT_ERRNO  the errno they fail with: a number or a name such as ENOSPC,
 *                EACCES, EIO, EXDEV, EROFS, EMFILE (default EIO)
 *   FAULT_PATH   count only calls whose path (for write, read, close and
 *                fchmod: the path the descriptor is open on) contains this
 *
 * Only calls the program makes through the dynamic symbol are seen; glibc's
 * own internal calls (stdio's writes, mkostemp's open) are not, which is what
 * the tests want: the program's error handling, not libc's. Not for sanitizer
 * builds, whose runtimes intercept the same symbols. */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *func_name;
static const char *path_part;
static long first = 1, times = 1;
static int err = EIO;
static atomic_long calls;

static int errno_by_name(const char *s)
{
	static const struct { const char *name; int value; } names[] = {
		{"ENOSPC", ENOSPC}, {"EACCES", EACCES}, {"EIO", EIO}, {"EXDEV", EXDEV}, {"EROFS", EROFS},
		{"EMFILE", EMFILE}, {"ENOENT", ENOENT}, {"EPERM", EPERM}, {"EDQUOT", EDQUOT}, {"EFBIG", EFBIG},
		{"ENAMETOOLONG", ENAMETOOLONG}, {"EINTR", EINTR}, {"ENOMEM", ENOMEM}, {"EBUSY", EBUSY}};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].value;
	return atoi(s) > 0 ? atoi(s) : EIO;
}

__attribute__((constructor)) static void setup(void)
{
	func_name = getenv("FAULT_FUNC");
	path_part = getenv("FAULT_PATH");
	if (getenv("FAULT_N"))
		first = atol(getenv("FAULT_N"));
	if (getenv("FAULT_TIMES"))
		times = atol(getenv("FAULT_TIMES"));
	if (getenv("FAULT_ERRNO"))
		err = errno_by_name(getenv("FAULT_ERRNO"));
}

static void *next(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);
	if (!f)
		abort();
	return f;
}

/* Decides whether this call fails; path may be NULL (not filtered then). */
static int should_fail(const char *func, const char *path)
{
	if (!func_name || strcmp(func_name, func) != 0)
		return 0;
	if (path_part && (!path || !strstr(path, path_part)))
		return 0;
	long n = atomic_fetch_add(&calls, 1) + 1;
	if (n < first || (times > 0 && n >= first + times))
		return 0;
	errno = err;
	return 1;
}

/* The path fd is open on, for FAULT_PATH; "" when unknown. */
static const char *fd_path(int fd, char *buf, size_t size)
{
	if (!path_part)
		return NULL;
	char link[64];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, buf, size - 1);
	buf[n > 0 ? n : 0] = 0;
	return buf;
}

ssize_t write(int fd, const void *buf, size_t count)
{
	static ssize_t (*real)(int, const void *, size_t);
	if (!real)
		real = next("write");
	char p[4096];
	if (fd > 2 && should_fail("write", fd_path(fd, p, sizeof p)))
		return -1;
	return real(fd, buf, count);
}

ssize_t read(int fd, void *buf, size_t count)
{
	static ssize_t (*real)(int, void *, size_t);
	if (!real)
		real = next("read");
	char p[4096];
	if (fd > 2 && should_fail("read", fd_path(fd, p, sizeof p)))
		return -1;
	return real(fd, buf, count);
}

int close(int fd)
{
	static int (*real)(int);
	if (!real)
		real = next("close");
	char p[4096];
	if (fd > 2 && should_fail("close", fd_path(fd, p, sizeof p))) {
		real(fd); /* the descriptor is gone either way, as with a real EIO */
		errno = err;
		return -1;
	}
	return real(fd);
}

int fchmod(int fd, mode_t mode)
{
	static int (*real)(int, mode_t);
	if (!real)
		real = next("fchmod");
	char p[4096];
	if (should_fail("fchmod", fd_path(fd, p, sizeof p)))
		return -1;
	return real(fd, mode);
}

/* open and open64 (the same call under large-file names on some builds):
 * the mode argument is there only with O_CREAT or O_TMPFILE. */
typedef int (*open_fn)(const char *, int, ...);

static int fault_open(open_fn *real, const char *name, const char *path, int flags, mode_t mode)
{
	if (!*real)
		*real = (open_fn)next(name);
	if (should_fail("open", path))
		return -1;
	return (*real)(path, flags, mode);
}

int open(const char *path, int flags, ...)
{
	static open_fn real;
	va_list ap;
	va_start(ap, flags);
	mode_t mode = flags & (O_CREAT | O_TMPFILE) ? va_arg(ap, mode_t) : 0;
	va_end(ap);
	return fault_open(&real, "open", path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	static open_fn real;
	va_list ap;
	va_start(ap, flags);
	mode_t mode = flags & (O_CREAT | O_TMPFILE) ? va_arg(ap, mode_t) : 0;
	va_end(ap);
	return fault_open(&real, "open64", path, flags, mode);
}

int rename(const char *from, const char *to)
{
	static int (*real)(const char *, const char *);
	if (!real)
		real = next("rename");
	if (should_fail("rename", to))
		return -1;
	return real(from, to);
}

int mkdir(const char *path, mode_t mode)
{
	static int (*real)(const char *, mode_t);
	if (!real)
		real = next("mkdir");
	if (should_fail("mkdir", path))
		return -1;
	return real(path, mode);
}

int unlink(const char *path)
{
	static int (*real)(const char *);
	if (!real)
		real = next("unlink");
	if (should_fail("unlink", path))
		return -1;
	return real(path);
}

DIR *opendir(const char *path)
{
	static DIR *(*real)(const char *);
	if (!real)
		real = next("opendir");
	if (should_fail("opendir", path))
		return NULL;
	return real(path);
}
