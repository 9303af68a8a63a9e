/* io: read a whole file (stage 2) and write one atomically (stage 9). */
#ifndef TP_IO_H
#define TP_IO_H

#include <stddef.h>

/* Reads path into *out (owned, NUL-terminated) and *len. Returns 0 or TP_EIO. */
int tp_read_file(char **out, size_t *len, const char *path);
/* Writes data to path through a temporary file in the same directory and a
 * rename, so no partial file ever carries the final name. mode is applied.
 * Returns 0 or TP_EIO with the message naming path. */
int tp_write_file(const char *path, const char *data, size_t len, unsigned mode);
/* Creates dir and its missing parents. Returns 0 or TP_EIO. */
int tp_mkdirs(const char *dir);
/* Removes a tree (no symlinks followed). Returns 0 or TP_EIO. */
int tp_remove_tree(const char *dir);

#endif
