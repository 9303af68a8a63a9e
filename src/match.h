/* match: ONE walk over a file's nodes. Each import, call, attribute and
 * string node is looked up in the rule tables, and what matches becomes an
 * edit or a finding (pipeline stage 5). */
#ifndef TP_MATCH_H
#define TP_MATCH_H

#include "convert.h"
#include "ops.h"
#include "resolve.h"

/* Inputs are borrowed; items are appended (arena strings). eol is the file's
 * line ending, used by inserted lines. */
typedef struct {
	const tp_rules *rules;
	const tp_tree *tree;
	const char *src;
	uint32_t len;
	const char *eol;
	const tp_ops *ops; /* NULL: no op-support classification */
	tp_resolver *res;
	tp_arena *arena;
	tp_array(tp_item) items;
	/* argument deletions of the call being matched, emitted together */
	tp_array(struct tp_deletion { uint32_t arg; const tp_rule *rule; const char *message; }) deletions;
} tp_matcher;

void tp_match(tp_matcher *m);

#endif
