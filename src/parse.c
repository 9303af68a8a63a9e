/* parse: tree-sitter-python into a flat preorder node array (pipeline stage 3).
 * This file is the only one that includes tree-sitter. */
#include "parse.h"

#include <stdlib.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);

/* ts makes fresh parses only (see tp_reparse_errors). last_tree and
 * last_depth: the tree tp_parse made last and its depth (in all nodes, named
 * or not), which bounds what an incremental reparse costs. */
struct tp_parser {
	TSParser *ts;
	uint16_t *kind_of;  /* TSSymbol -> tp_kind */
	uint16_t *field_of; /* TSFieldId -> tp_field */
	const TSTree *last_tree;
	uint32_t last_depth;
};

static const char *kind_names[] = {
	"other",
#define TP_KIND_NAME(name, str) str,
	TP_KINDS(TP_KIND_NAME)
#undef TP_KIND_NAME
};

static const char *field_names[] = {
	"",
#define TP_FIELD_NAME(name, str) str,
	TP_FIELDS(TP_FIELD_NAME)
#undef TP_FIELD_NAME
};

const char *tp_kind_name(enum tp_kind k) { return kind_names[k]; }

tp_parser *tp_parser_new(void)
{
	const TSLanguage *lang = tree_sitter_python();
	tp_parser *p = tp_xcalloc(1, sizeof *p);
	p->ts = ts_parser_new();
	if (!ts_parser_set_language(p->ts, lang)) {
		/* ABI mismatch between the pinned grammar and the runtime: a build bug. */
		abort();
	}
	uint32_t nsym = ts_language_symbol_count(lang);
	p->kind_of = tp_xcalloc(nsym, sizeof *p->kind_of);
	for (uint32_t s = 0; s < nsym; s++) {
		if (ts_language_symbol_type(lang, (TSSymbol)s) != TSSymbolTypeRegular)
			continue;
		const char *name = ts_language_symbol_name(lang, (TSSymbol)s);
		for (int k = 1; k < K__COUNT; k++)
			if (strcmp(name, kind_names[k]) == 0)
				p->kind_of[s] = (uint16_t)k;
	}
	uint32_t nfield = ts_language_field_count(lang);
	p->field_of = tp_xcalloc(nfield + 1, sizeof *p->field_of);
	for (int f = 1; f < F__COUNT; f++) {
		TSFieldId id = ts_language_field_id_for_name(lang, field_names[f], (uint32_t)strlen(field_names[f]));
		if (id)
			p->field_of[id] = (uint16_t)f;
	}
	return p;
}

void tp_parser_free(tp_parser *p)
{
	if (!p)
		return;
	ts_parser_delete(p->ts);
	free(p->kind_of);
	free(p->field_of);
	free(p);
}

/* Walks the whole tree with a cursor (iterative, any depth) and keeps the
 * named nodes. stack[d] is the frame of the cursor node at depth d: its kept
 * index (TP_NONE for an anonymous token) and the nearest kept ancestor-or-self,
 * which is the parent of any node kept below it. */
int tp_parse(tp_tree *out, tp_parser *p, tp_arena *arena, const char *src, uint32_t len)
{
	TSTree *tree = ts_parser_parse_string(p->ts, NULL, src, len);
	if (!tree)
		return -1;
	tp_array(tp_node) nodes = {0};
	tp_array(uint32_t) last = {0}; /* per kept node: its last kept child */
	tp_array(struct tp_range) errors = {0};
	struct frame { uint32_t node, owner; };
	tp_array(struct frame) stack = {0};
	uint32_t depth = 0;

	TSNode root = ts_tree_root_node(tree);
	int has_errors = ts_node_has_error(root);
	TSTreeCursor cur = ts_tree_cursor_new(root);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		int is_error = 0, is_missing = 0;
		if (has_errors) {
			is_error = ts_node_symbol(n) == (TSSymbol)-1; /* ts_builtin_sym_error */
			is_missing = ts_node_is_missing(n);
		}
		if (is_error || is_missing) {
			struct tp_range r = {ts_node_start_byte(n), ts_node_end_byte(n)};
			tp_array_push(&errors, r);
		}
		uint32_t owner = stack.len ? stack.items[stack.len - 1].owner : TP_NONE;
		struct frame f = {TP_NONE, owner};
		if (ts_node_is_named(n)) {
			tp_node nd = {
				.start = ts_node_start_byte(n),
				.end = ts_node_end_byte(n),
				.parent = owner,
				.first = TP_NONE,
				.next = TP_NONE,
				.kind = is_error ? K_ERROR : (is_missing ? K_OTHER : p->kind_of[ts_node_symbol(n)]),
				.field = p->field_of[ts_tree_cursor_current_field_id(&cur)],
			};
			f.node = f.owner = (uint32_t)nodes.len;
			tp_array_push(&nodes, nd);
			tp_array_push(&last, TP_NONE);
			if (owner != TP_NONE) {
				if (last.items[owner] == TP_NONE)
					nodes.items[owner].first = f.node;
				else
					nodes.items[last.items[owner]].next = f.node;
				last.items[owner] = f.node;
			}
		}
		tp_array_push(&stack, f);
		if (stack.len > depth)
			depth = (uint32_t)stack.len;
		/* Anonymous nodes are tokens, without children to visit. */
		if (f.node != TP_NONE && ts_tree_cursor_goto_first_child(&cur))
			continue;
		/* Close finished frames until a next sibling exists. */
		for (;;) {
			struct frame done = stack.items[--stack.len];
			if (done.node != TP_NONE)
				nodes.items[done.node].end_index = (uint32_t)nodes.len;
			if (ts_tree_cursor_goto_next_sibling(&cur))
				break;
			if (!ts_tree_cursor_goto_parent(&cur))
				goto done;
		}
	}
done:
	ts_tree_cursor_delete(&cur);
	out->syntax = tree;
	p->last_tree = tree;
	p->last_depth = depth;
	out->count = (uint32_t)nodes.len;
	out->nodes = tp_arena_alloc(arena, nodes.len * sizeof *nodes.items);
	if (nodes.len)
		memcpy(out->nodes, nodes.items, nodes.len * sizeof *nodes.items);
	out->error_count = (uint32_t)errors.len;
	out->errors = tp_arena_alloc(arena, errors.len * sizeof *errors.items);
	if (errors.len)
		memcpy(out->errors, errors.items, errors.len * sizeof *errors.items);
	tp_array_free(&nodes);
	tp_array_free(&last);
	tp_array_free(&errors);
	tp_array_free(&stack);
	return 0;
}

void tp_tree_dispose(tp_tree *t)
{
	if (!t)
		return;
	ts_tree_delete(t->syntax);
	t->syntax = NULL;
}

/* Counts ERROR and MISSING nodes; only trees that have any are walked. */
static uint32_t count_errors(TSNode root)
{
	if (!ts_node_has_error(root))
		return 0;
	uint32_t n = 0;
	TSTreeCursor cur = ts_tree_cursor_new(root);
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&cur);
		n += ts_node_symbol(node) == (TSSymbol)-1 || ts_node_is_missing(node);
		if (ts_node_has_error(node) && ts_tree_cursor_goto_first_child(&cur))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&cur))
			if (!ts_tree_cursor_goto_parent(&cur))
				goto done;
	}
done:
	ts_tree_cursor_delete(&cur);
	return n;
}

/* ts_tree_edit walks from the root to each edit, so count edits cost up to
 * count * depth node visits: fine for real code, quadratic for an 80,000-term
 * sum on one line (130 s). Past this budget a fresh parse, linear in the
 * input, is the cheaper one. */
#define REPARSE_BUDGET (1u << 22)

int tp_reparse_errors(uint32_t *errors, tp_parser *p, tp_tree *t, const tp_span_edit *edits, size_t count, const char *src, uint32_t len)
{
	TSTree *old = t->syntax;
	uint64_t depth = old && old == p->last_tree ? p->last_depth : UINT32_MAX;
	if ((uint64_t)count * depth > REPARSE_BUDGET)
		old = NULL;
	for (size_t i = 0; old && i < count; i++) {
		const tp_span_edit *e = &edits[i];
		TSInputEdit in = {e->start, e->old_end, e->new_end,
				  {e->start_row, e->start_col}, {e->old_end_row, e->old_end_col}, {e->new_end_row, e->new_end_col}};
		ts_tree_edit(old, &in);
	}
	/* An incremental parse runs on a parser of its own, made for it: in
	 * tree-sitter 0.20.7 one leaves state behind (the changed ranges) that
	 * alters how the next parse on that parser recovers from syntax errors,
	 * so a file's rows would depend on the file converted before it. */
	TSParser *inc = old ? ts_parser_new() : NULL;
	if (inc && !ts_parser_set_language(inc, tree_sitter_python()))
		abort();
	TSTree *tree = ts_parser_parse_string(inc ? inc : p->ts, old, src, len);
	ts_parser_delete(inc);
	if (!tree)
		return -1;
	*errors = count_errors(ts_tree_root_node(tree));
	ts_tree_delete(tree);
	return 0;
}
