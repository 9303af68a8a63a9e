/* diff: a unified diff of one file built straight from its edits (for
 * --diff), so no line-matching algorithm is needed: the edits say what changed. */
#ifndef TP_DIFF_H
#define TP_DIFF_H

#include "convert.h"

/* Appends the unified diff of src[0..len) under result's edit rows to out,
 * with a/PATH and b/PATH headers. Nothing is appended when no edit applies. */
void tp_diff(tp_buf *out, const char *path, const char *src, size_t len, const tp_result *result);

#endif
