/* io: read a whole file (stage 2) and write one atomically (stage 9). */
#ifndef TP_IO_H
#define TP_IO_H

#include <stddef.h>

/* Reads the regular file path into *out (owned, NUL-terminated) and *len,
 * and its st_mode into *mode unless mode is NULL. Anything else (a FIFO, a
 * device, a directory) is refused without blocking. Returns 0 or TP_EIO with
 * the message naming path. */
int tp_read_file(char **out, size_t *len, unsigned *mode, const char *path);
/* Writes data to path through a fresh temporary file in the same directory
 * (created exclusively: never a symlink followed) and a rename, so no partial
 * file ever carries the final name. The permission bits of mode are applied
 * (not set-user-ID and the like). Returns 0 or TP_EIO with the message naming
 * path. */
int tp_write_file(const char *path, const char *data, size_t len, unsigned mode);
/* A file written in pieces, as tp_write_file writes one: into a fresh
 * temporary file in the same folder, renamed into place by tp_out_close. */
typedef struct {
	int fd;
	int rc; /* the first write error: later writes do nothing */
	char *tmp, *path;
} tp_out;
/* Returns 0 or TP_EIO naming path; o is to be closed either way. */
int tp_out_open(tp_out *o, const char *path);
/* Returns 0 or the first error (TP_EIO naming the path). */
int tp_out_write(tp_out *o, const void *data, size_t len);
/* With rc == 0 and no write error: sets mode and renames the file into
 * place. Otherwise (rc < 0: abandoned) removes it. Returns rc, or the first
 * error. */
int tp_out_close(tp_out *o, int rc, unsigned mode);
/* Writes data to path, a new file in a folder that becomes visible only as
 * a whole (the staging folder): created exclusively, never through a symlink,
 * and removed again when writing fails. Mode as for tp_write_file. Returns 0
 * or TP_EIO with the message naming path. */
int tp_create_file(const char *path, const char *data, size_t len, unsigned mode);
/* Copies the regular file src to the new file dest as tp_create_file writes
 * one, with src's permission bits, streaming, so a file of any size costs
 * 64 KiB of memory. Returns 0 or TP_EIO naming the file at fault;
 * *read_failed tells a failure to read src (to be reported and skipped) from
 * one to write dest (to stop the run). */
int tp_copy_file(int *read_failed, const char *dest, const char *src);
/* The process's umask, read on the first call: which comes before any
 * other thread creates a file (tp_run makes its staging folder first). */
unsigned tp_umask(void);
/* Creates dir and its missing parents; dir itself must end up a real
 * directory (not a symlink). Returns 0 or TP_EIO. */
int tp_mkdirs(const char *dir);
/* Removes a tree. No symlink is followed: one given as dir, or met below it,
 * is removed itself. A missing dir is not an error. Returns 0 or TP_EIO. */
int tp_remove_tree(const char *dir);

#endif
