/* parse: tree-sitter-python into a flat preorder node array (pipeline stage 3).
 * This file is the only one that includes tree-sitter. */
#include "parse.h"

#include <stdlib.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);

/* A frame of tp_parse's walk: a kept node, its last kept child so far, and
 * whether its children can have fields. */
struct tp_frame {
	uint32_t node, last;
	int fields;
};

/* The grammar's node types that have no fields (generated from its
 * node-types.json by cmake/fieldless.cmake), NULL-terminated. */
extern const char *const tp_fieldless_types[];

/* ts makes fresh parses only (see tp_reparse_errors). last_tree and
 * last_depth: the tree tp_parse made last and its depth (in all nodes, named
 * or not), which bounds what an incremental reparse costs. */
struct tp_parser {
	TSParser *ts;
	uint16_t *kind_of;  /* TSSymbol -> tp_kind */
	uint16_t *field_of; /* TSFieldId -> tp_field */
	uint8_t *has_fields; /* TSSymbol -> whether the children of such a node can have fields */
	const TSTree *last_tree;
	uint32_t last_depth;
	/* tp_parse's scratch, kept for the next file. */
	tp_array(tp_node) nodes;
	tp_array(struct tp_range) errors;
	tp_array(struct tp_frame) stack;
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

static TSParser *new_ts_parser(void)
{
	TSParser *ts = ts_parser_new();
	if (!ts_parser_set_language(ts, tree_sitter_python()))
		abort(); /* ABI mismatch between the pinned grammar and the runtime: a build bug */
	return ts;
}

/* Parses src on ts (incrementally from old when given). A tree with syntax
 * errors comes from a new parser: tree-sitter 0.20.7 recovers from errors
 * differently on a parser that parsed other text before (the same file
 * parsed twice on one parser gives 14 error nodes, then 13), so a file's
 * rows would depend on the file converted before it on that thread. */
static TSTree *parse_as_new(TSParser *ts, TSTree *old, const char *src, uint32_t len)
{
	TSTree *tree = ts_parser_parse_string(ts, old, src, len);
	if (tree && ts_node_has_error(ts_tree_root_node(tree))) {
		ts_tree_delete(tree);
		TSParser *fresh = new_ts_parser();
		tree = ts_parser_parse_string(fresh, NULL, src, len);
		ts_parser_delete(fresh);
	}
	return tree;
}

tp_parser *tp_parser_new(void)
{
	const TSLanguage *lang = tree_sitter_python();
	tp_parser *p = tp_xcalloc(1, sizeof *p);
	p->ts = new_ts_parser();
	uint32_t nsym = ts_language_symbol_count(lang);
	p->kind_of = tp_xcalloc(nsym, sizeof *p->kind_of);
	p->has_fields = tp_xcalloc(nsym, sizeof *p->has_fields);
	for (uint32_t s = 0; s < nsym; s++) {
		p->has_fields[s] = 1;
		if (ts_language_symbol_type(lang, (TSSymbol)s) != TSSymbolTypeRegular)
			continue;
		const char *name = ts_language_symbol_name(lang, (TSSymbol)s);
		for (const char *const *t = tp_fieldless_types; *t; t++)
			if (strcmp(name, *t) == 0)
				p->has_fields[s] = 0;
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
	tp_array_free(&p->nodes);
	tp_array_free(&p->errors);
	tp_array_free(&p->stack);
	free(p->kind_of);
	free(p->field_of);
	free(p->has_fields);
	free(p);
}

/* Walks the whole tree with a cursor (iterative, any depth) and keeps the
 * named nodes. The cursor only descends into named nodes (anonymous ones are
 * tokens), so every frame below the top is a kept node: frame d holds its
 * index and its last kept child so far, to link the next one. The arrays are
 * the parser's, reused from file to file, and the result points into them:
 * copying a big file's nodes would touch as many fresh pages again. */
int tp_parse(tp_tree *out, tp_parser *p, const char *src, uint32_t len)
{
	TSTree *tree = parse_as_new(p->ts, NULL, src, len);
	if (!tree)
		return -1;
	p->nodes.len = p->errors.len = p->stack.len = 0;
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
			if (is_error || is_missing) {
				struct tp_range r = {ts_node_start_byte(n), ts_node_end_byte(n)};
				tp_array_push(&p->errors, r);
			}
		}
		if (!ts_node_is_named(n)) {
			if (!ts_tree_cursor_goto_next_sibling(&cur))
				goto up;
			continue;
		}
		uint32_t self = (uint32_t)p->nodes.len, parent = TP_NONE;
		int fields = 0; /* the root has no field */
		if (p->stack.len) {
			struct tp_frame *top = &p->stack.items[p->stack.len - 1];
			parent = top->node;
			fields = top->fields;
			if (top->last == TP_NONE)
				p->nodes.items[parent].first = self;
			else
				p->nodes.items[top->last].next = self;
			top->last = self;
		}
		TSSymbol sym = is_error ? 0 : ts_node_symbol(n);
		tp_node nd = {
			.start = ts_node_start_byte(n),
			.end = ts_node_end_byte(n),
			.parent = parent,
			.first = TP_NONE,
			.next = TP_NONE,
			.kind = is_error ? K_ERROR : (is_missing ? K_OTHER : p->kind_of[sym]),
			.field = fields ? p->field_of[ts_tree_cursor_current_field_id(&cur)] : F_NONE,
		};
		tp_array_push(&p->nodes, nd);
		if (ts_tree_cursor_goto_first_child(&cur)) {
			struct tp_frame f = {self, TP_NONE, is_error || p->has_fields[sym]};
			tp_array_push(&p->stack, f);
			if (p->stack.len > depth)
				depth = (uint32_t)p->stack.len;
			continue;
		}
		p->nodes.items[self].end_index = self + 1;
		if (ts_tree_cursor_goto_next_sibling(&cur))
			continue;
	up:
		/* Close finished nodes until one has a next sibling. */
		for (;;) {
			if (!p->stack.len || !ts_tree_cursor_goto_parent(&cur))
				goto done;
			p->nodes.items[p->stack.items[--p->stack.len].node].end_index = (uint32_t)p->nodes.len;
			if (ts_tree_cursor_goto_next_sibling(&cur))
				break;
		}
	}
done:
	ts_tree_cursor_delete(&cur);
	out->syntax = tree;
	p->last_tree = tree;
	p->last_depth = depth + 1;
	out->count = (uint32_t)p->nodes.len;
	out->nodes = p->nodes.items;
	out->error_count = (uint32_t)p->errors.len;
	out->errors = p->errors.items;
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
	/* An input with syntax errors is parsed afresh: an incremental parse can
	 * recover from them differently, and a fresh parse is what a reader of
	 * the output gets. */
	if ((uint64_t)count * depth > REPARSE_BUDGET || t->error_count)
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
	TSParser *inc = old ? new_ts_parser() : NULL;
	TSTree *tree = parse_as_new(inc ? inc : p->ts, old, src, len);
	ts_parser_delete(inc);
	if (!tree)
		return -1;
	*errors = count_errors(ts_tree_root_node(tree));
	ts_tree_delete(tree);
	return 0;
}
