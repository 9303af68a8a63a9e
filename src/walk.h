/* walk: lists the input tree in sorted order (pipeline stage 1). Symlinks
 * that leave the input, symlinked directories and excluded paths are skipped
 * with a note; nothing is followed out of the tree. */
#ifndef TP_WALK_H
#define TP_WALK_H

#include "util.h"

enum tp_entry_kind { TP_ENTRY_DIR, TP_ENTRY_FILE, TP_ENTRY_SKIPPED };

/* rel is the path below the input root ("" for the root of a file input's
 * parent: then the single entry is the file name). note says why an entry
 * was skipped. Strings are owned by the list. */
typedef struct {
	enum tp_entry_kind kind;
	char *rel;
	char *abs;
	char *note;
	int python;
} tp_entry;

typedef tp_array(tp_entry) tp_entries;

/* Walks root (a file or a directory). excludes are fnmatch globs matched
 * against rel paths and base names. Returns 0 or TP_EIO (unreadable root). */
int tp_walk(tp_entries *out, const char *root, char *const *excludes, size_t nexcludes);
void tp_entries_dispose(tp_entries *e);

#endif
