/* walk: iterative, sorted listing of the input tree. */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "error.h"

static int excluded(const char *rel, char *const *ex, size_t n)
{
	const char *base = strrchr(rel, '/');
	base = base ? base + 1 : rel;
	for (size_t i = 0; i < n; i++)
		if (fnmatch(ex[i], rel, FNM_PATHNAME) == 0 || fnmatch(ex[i], base, 0) == 0 || fnmatch(ex[i], rel, 0) == 0)
			return 1;
	return 0;
}

static int is_py(const char *name)
{
	size_t n = strlen(name);
	return n >= 3 && strcmp(name + n - 3, ".py") == 0;
}

static void push(tp_entries *out, enum tp_entry_kind kind, const char *rel, const char *abs, const char *note)
{
	tp_entry e = {kind, tp_xstrdup(rel), tp_xstrdup(abs), note ? tp_xstrdup(note) : NULL, kind == TP_ENTRY_FILE && is_py(rel)};
	tp_array_push(out, e);
}

/* An entry of a folder: its name and the type readdir gives (DT_UNKNOWN
 * where the file system does not say). */
struct name {
	char *s;
	unsigned char type;
};

static int by_name(const void *a, const void *b) { return strcmp(((const struct name *)a)->s, ((const struct name *)b)->s); }

static int by_rel(const void *a, const void *b) { return strcmp(((const tp_entry *)a)->rel, ((const tp_entry *)b)->rel); }

/* Inside: the resolved path is the root or below it. */
static int inside(const char *real, const char *root)
{
	size_t n = strlen(root);
	return strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == 0 || (n == 1 && root[0] == '/'));
}

int tp_walk(tp_entries *out, const char *root, char *const *excludes, size_t nexcludes)
{
	struct stat st;
	if (stat(root, &st) != 0)
		return tp_error_set(TP_EIO, "%s: cannot read the input: %s", root, strerror(errno));
	if (S_ISREG(st.st_mode)) {
		const char *base = strrchr(root, '/');
		push(out, TP_ENTRY_FILE, base ? base + 1 : root, root, NULL);
		return 0;
	}
	/* A FIFO or a device would block or never end. */
	if (!S_ISDIR(st.st_mode))
		return tp_error_set(TP_EIO, "%s: the input is neither a regular file nor a folder", root);
	char real_root[PATH_MAX];
	if (!realpath(root, real_root))
		return tp_error_set(TP_EIO, "%s: cannot resolve the input path: %s", root, strerror(errno));

	/* A stack of directories still to list (rel paths): no recursion, and
	 * symlinked directories are never entered, so there are no loops. */
	tp_array(char *) todo = {0};
	tp_array_push(&todo, tp_xstrdup(""));
	while (todo.len) {
		char *rel = todo.items[--todo.len];
		char *dir = *rel ? tp_xprintf("%s/%s", root, rel) : tp_xstrdup(root);
		DIR *d = opendir(dir);
		if (!d && !*rel) {
			/* The input itself cannot be listed: nothing to convert. */
			int e = errno;
			tp_error_set(TP_EIO, "%s: cannot read the input folder: %s", root, strerror(e));
			free(dir);
			free(rel);
			tp_array_free(&todo);
			return TP_EIO;
		}
		if (!d) {
			/* A folder below it is reported (a WARNING row) and skipped. */
			char *note = tp_xprintf("cannot read the folder: %s: skipped", strerror(errno));
			push(out, TP_ENTRY_SKIPPED, rel, dir, note);
			free(note);
			free(dir);
			free(rel);
			continue;
		}
		tp_array(struct name) names = {0};
		struct dirent *de;
		for (;;) {
			errno = 0;
			if (!(de = readdir(d)))
				break;
			if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
				struct name nm = {tp_xstrdup(de->d_name), de->d_type};
				tp_array_push(&names, nm);
			}
		}
		if (errno) {
			char *note = tp_xprintf("cannot list the whole folder: %s: the rest is skipped", strerror(errno));
			push(out, TP_ENTRY_SKIPPED, *rel ? rel : ".", dir, note);
			free(note);
		}
		closedir(d);
		if (names.len)
			qsort(names.items, names.len, sizeof *names.items, by_name);
		tp_array(char *) subdirs = {0};
		for (size_t i = 0; i < names.len; i++) {
			char *crel = *rel ? tp_xprintf("%s/%s", rel, names.items[i].s) : tp_xstrdup(names.items[i].s);
			char *cabs = tp_xprintf("%s/%s", dir, names.items[i].s);
			/* The listing's type spares a stat where the file system gives
			 * one; a path too long to open is stat'ed, to be reported. */
			unsigned char type = strlen(cabs) < PATH_MAX ? names.items[i].type : DT_UNKNOWN;
			struct stat ls = {.st_mode = type == DT_REG ? S_IFREG : type == DT_DIR ? S_IFDIR : 0};
			if (excluded(crel, excludes, nexcludes)) {
				/* excluded paths are left out silently, as asked */
			} else if (!ls.st_mode && lstat(cabs, &ls) != 0) {
				char *note = tp_xprintf("cannot read: %s: skipped", strerror(errno));
				push(out, TP_ENTRY_SKIPPED, crel, cabs, note);
				free(note);
			} else if (S_ISLNK(ls.st_mode)) {
				char real[PATH_MAX];
				struct stat ts;
				if (!realpath(cabs, real) || stat(cabs, &ts) != 0) {
					/* dangling, or a loop (ELOOP): nothing to follow */
					char *note = tp_xprintf("broken symlink (%s): skipped", strerror(errno));
					push(out, TP_ENTRY_SKIPPED, crel, cabs, note);
					free(note);
				} else if (!inside(real, real_root)) {
					push(out, TP_ENTRY_SKIPPED, crel, cabs, "symlink that leaves the input tree: skipped");
				} else if (S_ISDIR(ts.st_mode)) {
					push(out, TP_ENTRY_SKIPPED, crel, cabs, "symlink to a directory: skipped (its target is converted where it is)");
				} else if (S_ISREG(ts.st_mode)) {
					push(out, TP_ENTRY_FILE, crel, cabs, NULL);
				} else {
					push(out, TP_ENTRY_SKIPPED, crel, cabs, "not a regular file: skipped");
				}
			} else if (S_ISDIR(ls.st_mode)) {
				push(out, TP_ENTRY_DIR, crel, cabs, NULL);
				tp_array_push(&subdirs, tp_xstrdup(crel));
			} else if (S_ISREG(ls.st_mode)) {
				push(out, TP_ENTRY_FILE, crel, cabs, NULL);
			} else {
				push(out, TP_ENTRY_SKIPPED, crel, cabs, "not a regular file: skipped");
			}
			free(crel);
			free(cabs);
			free(names.items[i].s);
		}
		for (size_t i = subdirs.len; i > 0; i--)
			tp_array_push(&todo, subdirs.items[i - 1]);
		tp_array_free(&subdirs);
		tp_array_free(&names);
		free(dir);
		free(rel);
	}
	tp_array_free(&todo);
	if (out->len)
		qsort(out->items, out->len, sizeof *out->items, by_rel);
	return 0;
}

void tp_entries_dispose(tp_entries *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->len; i++) {
		free(e->items[i].rel);
		free(e->items[i].abs);
		free(e->items[i].note);
	}
	tp_array_free(e);
}
