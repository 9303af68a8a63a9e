/* edit: plan and apply (pipeline stages 6 and 7). Orders a file's edits,
 * reports overlapping ones, and splices the survivors into the source. */
#ifndef TP_EDIT_H
#define TP_EDIT_H

#include "convert.h"

/* Sorts items by position and resolves overlaps among the edits: the edit of
 * higher precedence (user rule, then the earlier found) stays, and the other
 * becomes a WARNING row naming both. Identical edits are merged. Edits that
 * touch an error region of the parse become WARNING rows too. */
void tp_plan(tp_item *items, size_t *count, const struct tp_range *errors, uint32_t nerrors, tp_arena *arena);

/* Splices the edits among items (sorted by tp_plan) into src[0..len). */
void tp_apply(tp_buf *out, const char *src, size_t len, const tp_item *items, size_t count);

/* Whether the edits among items (sorted by tp_plan) leave src[0..len), parsed
 * as t with no syntax error, a file that parses with none too, so that no
 * reparse need check it. Each edit must put plain names for a name or a
 * dotted name, plain text for text within a string, a string literal or an
 * f-string around an argument's value, add a keyword argument after the last
 * one, or insert an import or `name = name` line between two statements of
 * one block, at their indentation. */
int tp_edits_keep_syntax(const tp_tree *t, const char *src, uint32_t len, const tp_item *items, size_t count);

#endif
