/* parse: tree-sitter-python into a flat preorder node array (pipeline stage 3).
 * This file is the only one that includes tree-sitter. */
#include "parse.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

const TSLanguage *tree_sitter_python(void);

/* A frame of tp_parse's walk: a kept node, its last kept child so far, and
 * whether its children can have fields. */
struct tp_frame {
	uint32_t node, last;
	uint32_t named_left; /* its named children not yet kept */
	int fields;
};

/* The grammar's node types that have no fields (generated from its
 * node-types.json by cmake/fieldless.cmake), NULL-terminated. */
extern const char *const tp_fieldless_types[];

/* tree-sitter's memory. Everything it allocates for one file (the parser,
 * the tree, an incremental reparse, cursors) comes from the parser's arena:
 * malloc is a bump, free does nothing, and the file's trees are dropped with
 * the arena by tp_tree_dispose instead of freed node by node. A parse
 * allocates about as much as its tree keeps (27 MB for an 875 KB file), and
 * glibc's malloc and free cost tree-sitter a tenth of its parse time.
 * Allocations outside a file (none today) go to libc; a header says which
 * is which. */
typedef struct ts_chunk {
	struct ts_chunk *next;
	size_t cap; /* bytes after the header */
} ts_chunk;

/* Small blocks that tree-sitter frees go on a list by size and are given
 * out again: the grammar's scanner frees and allocates its indent stack
 * for every token it scans. */
#define FREE_CLASSES 16

typedef struct ts_free {
	struct ts_free *next;
} ts_free;

typedef struct {
	ts_chunk *first, *cur; /* chunks are kept from file to file */
	size_t used;           /* in cur */
	ts_free *freed[FREE_CLASSES]; /* [k]: blocks of (k + 1) * ALIGN bytes */
} ts_arena;

/* Before each allocation: its size (rounded up to ALIGN in an arena) and
 * where it came from. */
typedef struct {
	size_t size;
	size_t from_arena;
} ts_header;

#define ALIGN 16
#define HEADER ((sizeof(ts_header) + ALIGN - 1) & ~(size_t)(ALIGN - 1))
#define CHUNK_DATA ((sizeof(ts_chunk) + ALIGN - 1) & ~(size_t)(ALIGN - 1))
#define CHUNK_MIN ((size_t)1 << 20)

/* The arena of the file this thread is parsing, from tp_parse to
 * tp_tree_dispose. */
static _Thread_local ts_arena *scope;

static char *chunk_at(ts_chunk *c, size_t used) { return (char *)c + CHUNK_DATA + used; }

static void *arena_alloc(ts_arena *a, size_t n)
{
	size_t k = n ? (n - 1) / ALIGN : 0;
	if (k < FREE_CLASSES && a->freed[k]) {
		ts_free *f = a->freed[k];
		UNPOISON(f, (k + 1) * ALIGN);
		a->freed[k] = f->next;
		return f;
	}
	size_t need = HEADER + ((n + ALIGN - 1) & ~(size_t)(ALIGN - 1));
	while (!a->cur || a->used + need > a->cur->cap) {
		ts_chunk *next = a->cur ? a->cur->next : a->first;
		if (!next || next->cap < need) {
			size_t cap = need > CHUNK_MIN ? need : CHUNK_MIN;
			ts_chunk *c = tp_xmalloc(CHUNK_DATA + cap);
			c->cap = cap;
			c->next = next;
			POISON(chunk_at(c, 0), cap);
			if (a->cur)
				a->cur->next = c;
			else
				a->first = c;
			next = c;
		}
		a->cur = next;
		a->used = 0;
	}
	char *p = chunk_at(a->cur, a->used);
	a->used += need;
	UNPOISON(p, need);
	*(ts_header *)p = (ts_header){need - HEADER, 1};
	return p + HEADER;
}

/* Ready for the next file: every chunk is reused from the first. */
static void arena_reset(ts_arena *a)
{
	for (ts_chunk *c = a->first; c && a->cur; c = c == a->cur ? NULL : c->next)
		POISON(chunk_at(c, 0), c == a->cur ? a->used : c->cap);
	a->cur = NULL;
	a->used = 0;
	memset(a->freed, 0, sizeof a->freed);
}

static void arena_free(ts_arena *a)
{
	for (ts_chunk *c = a->first, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	*a = (ts_arena){0};
}

static void *ts_alloc(size_t n)
{
	if (scope)
		return arena_alloc(scope, n);
	ts_header *h = tp_xmalloc(HEADER + n);
	*h = (ts_header){n, 0};
	return (char *)h + HEADER;
}

static void *ts_zalloc(size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		abort(); /* as out of memory */
	void *p = ts_alloc(count * size);
	memset(p, 0, count * size);
	return p;
}

static void *ts_grow(void *p, size_t n)
{
	if (!p)
		return ts_alloc(n);
	ts_header *h = (ts_header *)((char *)p - HEADER);
	if (!h->from_arena) {
		h = tp_xrealloc(h, HEADER + n);
		h->size = n;
		return (char *)h + HEADER;
	}
	if (n <= h->size)
		return p;
	ts_arena *a = scope;
	size_t more = ((n + ALIGN - 1) & ~(size_t)(ALIGN - 1)) - h->size;
	if (a && a->cur && (char *)p + h->size == chunk_at(a->cur, a->used) && a->used + more <= a->cur->cap) {
		/* the last allocation grows in place (tree-sitter's arrays double) */
		UNPOISON(chunk_at(a->cur, a->used), more);
		a->used += more;
		h->size += more;
		return p;
	}
	void *q = ts_alloc(n);
	memcpy(q, p, h->size);
	return q;
}

static void ts_release(void *p)
{
	if (!p)
		return;
	ts_header *h = (ts_header *)((char *)p - HEADER);
	if (!h->from_arena) {
		free(h);
		return;
	}
	size_t k = h->size / ALIGN - 1; /* h->size: a multiple of ALIGN; 0 wraps past every class */
	if (scope && k < FREE_CLASSES) {
		ts_free *f = p;
		f->next = scope->freed[k];
		scope->freed[k] = f;
		POISON((char *)p + sizeof *f, h->size - sizeof *f);
	}
}

static void set_allocator(void) { ts_set_allocator(ts_alloc, ts_zalloc, ts_grow, ts_release); }

/* last_tree and last_depth: the tree tp_parse made last and its depth (in
 * all nodes, named or not), which bounds what an incremental reparse costs. */
struct tp_parser {
	ts_arena arena;
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

/* Parses src (incrementally from old when given) on a parser made for it,
 * in the arena: tree-sitter 0.20.7 leaves state in a parser that alters how
 * its next parse recovers from syntax errors (the same file parsed twice on
 * one parser gives 14 error nodes, then 13), so a file's rows would depend
 * on the file converted before it on that thread. */
static TSTree *parse_fresh(TSTree *old, const char *src, uint32_t len)
{
	TSParser *ts = ts_parser_new();
	if (!ts_parser_set_language(ts, tree_sitter_python()))
		abort(); /* ABI mismatch between the pinned grammar and the runtime: a build bug */
	TSTree *tree = ts_parser_parse_string(ts, old, src, len);
	ts_parser_delete(ts);
	return tree;
}

/* The grammar's keywords: its anonymous tokens spelled like names (`import`,
 * `print`, `match`, `__future__`), and the three constants that it lexes
 * as tokens of their own. */
static const char **keywords;
static size_t keyword_count;

static int ascii_name(const char *s, size_t n)
{
	if (!n || (s[0] >= '0' && s[0] <= '9'))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(s[i] == '_' || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9')))
			return 0;
	return 1;
}

static void find_keywords(void)
{
	static const char *const constants[] = {"True", "False", "None"};
	const TSLanguage *lang = tree_sitter_python();
	uint32_t nsym = ts_language_symbol_count(lang);
	keywords = tp_xcalloc(nsym + 3, sizeof *keywords);
	for (size_t i = 0; i < 3; i++)
		keywords[keyword_count++] = constants[i];
	for (uint32_t s = 0; s < nsym; s++) {
		const char *name = ts_language_symbol_name(lang, (TSSymbol)s);
		if (ts_language_symbol_type(lang, (TSSymbol)s) == TSSymbolTypeAnonymous && ascii_name(name, strlen(name)))
			keywords[keyword_count++] = name;
	}
}

int tp_is_keyword(const char *s, size_t n)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, find_keywords);
	for (size_t i = 0; i < keyword_count; i++)
		if (strlen(keywords[i]) == n && memcmp(keywords[i], s, n) == 0)
			return 1;
	return 0;
}

int tp_is_plain_name(const char *s, size_t n) { return ascii_name(s, n) && !tp_is_keyword(s, n); }

tp_parser *tp_parser_new(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, set_allocator);
	const TSLanguage *lang = tree_sitter_python();
	tp_parser *p = tp_xcalloc(1, sizeof *p);
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
	arena_free(&p->arena);
	tp_array_free(&p->nodes);
	tp_array_free(&p->errors);
	tp_array_free(&p->stack);
	free(p->kind_of);
	free(p->field_of);
	free(p->has_fields);
	free(p);
}

/* Whether the node on top of the walk may have a named sibling still to
 * keep: in a tree with errors, any token may be a MISSING one. */
static int siblings_left(const tp_parser *p, int has_errors)
{
	return has_errors || !p->stack.len || p->stack.items[p->stack.len - 1].named_left;
}

/* Whether src[off] is code: not in a string's text or a comment. */
static int in_code(const tp_parser *p, uint32_t off)
{
	uint32_t i = 0;
	for (uint32_t c = p->nodes.items[0].first; c != TP_NONE;) {
		const tp_node *n = &p->nodes.items[c];
		if (n->start <= off && off < n->end) {
			i = c;
			c = n->first;
		} else {
			c = n->next;
		}
	}
	uint16_t k = p->nodes.items[i].kind;
	return k != K_STRING_CONTENT && k != K_STRING && k != K_COMMENT;
}

/* Adds an error region that runs to the end, in source order. */
static void add_error_to_end(tp_parser *p, struct tp_range r)
{
	size_t i = p->errors.len;
	tp_array_push(&p->errors, r);
	for (; i && p->errors.items[i - 1].start > r.start; i--)
		p->errors.items[i] = p->errors.items[i - 1];
	p->errors.items[i] = r;
}

/* The grammar takes these for spaces, as Python does not: in code, they are
 * a syntax error that can move the indentation the grammar sees (a U+FEFF
 * after "def f():" ends its body there). Python compiles none of the file,
 * so the region goes from the first one in code to the end. */
static void stray_space(tp_parser *p, const char *src, uint32_t len)
{
	static const struct {
		const char *bytes, *why;
	} stray[] = {
		{"\xEF\xBB\xBF", "syntax error: invalid character U+FEFF (a byte order mark) in code; delete it: this and the rest of the file were not converted"},
		{"\xE2\x80\x8B", "syntax error: invalid character U+200B (zero width space) in code; delete it: this and the rest of the file were not converted"},
		{"\xE2\x81\xA0", "syntax error: invalid character U+2060 (word joiner) in code; delete it: this and the rest of the file were not converted"},
		{"\v", "syntax error: invalid character U+000B (vertical tab) in code; delete it: this and the rest of the file were not converted"},
	};
	if (!p->nodes.len)
		return;
	struct tp_range first = {len, len, NULL};
	for (size_t s = 0; s < sizeof stray / sizeof *stray; s++) {
		size_t n = strlen(stray[s].bytes);
		/* memchr, for memmem costs 2% of a run (only one byte is rare) */
		for (const char *at = src; (at = memchr(at, stray[s].bytes[0], (size_t)(src + first.start - at))); at++)
			if ((size_t)(src + len - at) >= n && memcmp(at, stray[s].bytes, n) == 0 && in_code(p, (uint32_t)(at - src))) {
				first = (struct tp_range){(uint32_t)(at - src), len, stray[s].why};
				break;
			}
	}
	if (first.why)
		add_error_to_end(p, first);
}

/* Whether block b holds a statement: the grammar makes an empty block of a
 * header followed by a line no more indented than it. */
static int statements(const tp_node *nodes, uint32_t b)
{
	for (uint32_t c = nodes[b].first; c != TP_NONE; c = nodes[c].next)
		if (nodes[c].kind != K_COMMENT)
			return 1;
	return 0;
}

static uint32_t line_start(const char *src, uint32_t at)
{
	while (at && src[at - 1] != '\n' && src[at - 1] != '\r')
		at--;
	return at;
}

/* The indentation of the line that node n starts, as Python measures it:
 * col with tabs to the next multiple of 8, alt with tabs as 1 (a line they
 * order differently is a TabError). Returns 0 where n does not start a
 * logical line: code before it, or a backslash ending the line above. */
struct indent {
	uint32_t col, alt, line;
};
static int indent_of(struct indent *in, const char *src, const tp_node *n)
{
	uint32_t b = line_start(src, n->start);
	for (uint32_t i = b; i < n->start; i++)
		if (src[i] != ' ' && src[i] != '\t' && src[i] != '\f')
			return 0;
	uint32_t e = b;
	if (e && src[e - 1] == '\n')
		e--;
	if (e && src[e - 1] == '\r')
		e--;
	if (e && src[e - 1] == '\\')
		return 0;
	*in = (struct indent){0, 0, b};
	for (uint32_t i = b; i < n->start; i++) {
		if (src[i] == '\f') {
			in->col = in->alt = 0;
			continue;
		}
		in->col = src[i] == '\t' ? (in->col / 8 + 1) * 8 : in->col + 1;
		in->alt++;
	}
	return 1;
}

/* Whether a name the grammar read is one of Python's keywords, which it
 * may take for a name with no error where a clause stands apart from its
 * statement: it reads
 *     if a:
 *         x = 1
 *     y = 2
 *     else:
 *         z = 3
 * as an annotated assignment to a name `else`. async and await stay names:
 * PyTorch 0.3's .cuda(async=True) has a rule of its own. */
static int keyword_name(const char *s, size_t n)
{
	return tp_python_keyword(s, n) && !(n == 5 && memcmp(s, "async", 5) == 0) && !(n == 5 && memcmp(s, "await", 5) == 0);
}

/* The first line of a block's or statement's children (of the module, at
 * column 0) that does not stand where the first one does, or 0 if none. */
static int misaligned(const char *src, const tp_node *nodes, uint32_t i, struct tp_range *at, uint32_t len)
{
	uint16_t k = nodes[i].kind;
	struct indent want = {0, 0, 0}, in;
	int have = k == K_MODULE;
	if (k != K_MODULE && k != K_BLOCK && !(have = indent_of(&want, src, &nodes[i])))
		return 0; /* a statement after a ';' or a backslash */
	for (uint32_t c = nodes[i].first; c != TP_NONE; c = nodes[c].next) {
		if (nodes[c].kind == K_COMMENT || (k != K_MODULE && k != K_BLOCK && nodes[c].kind == K_BLOCK) ||
		    !indent_of(&in, src, &nodes[c]))
			continue;
		struct indent head;
		int tabs;
		if (!have) { /* the first statement of a block goes deeper than its header in both counts */
			want = in;
			have = 1;
			if (k != K_BLOCK || !indent_of(&head, src, &nodes[nodes[i].parent]) || in.alt > head.alt)
				continue;
			tabs = 1;
		} else if (in.col == want.col && in.alt == want.alt) {
			continue;
		} else {
			tabs = in.col == want.col;
		}
		*at = (struct tp_range){in.line, len,
					tabs ? "syntax error: inconsistent use of tabs and spaces in indentation (a TabError); indent this line with the characters of the lines around it: it and the rest of the file were not converted"
					     : "syntax error: this line is indented as no block around it (an IndentationError); indent it as the lines of its block: it and the rest of the file were not converted"};
		return 1;
	}
	return 0;
}

/* The grammar's scanner takes any dedent for one level, so it reads
 *     def f():
 *             x = 1
 *         y = 2
 * with y at module level, and an else clause may stand at any column after
 * its body. Python rejects both (IndentationError, TabError); the region goes
 * from the first such line to the end, as Python compiles none of the file.
 * Checked where the grammar found no error: the statements of a block (or
 * of the module, at column 0) that start a line stand where the first one
 * does, and so do the clauses and the definition of a statement; no block is
 * empty; no keyword is a name. */
static void bad_indent(tp_parser *p, const char *src, uint32_t len)
{
	const tp_node *nodes = p->nodes.items;
	struct tp_range first = {len, len, NULL}, r;
	for (uint32_t i = 0; i < p->nodes.len; i++) {
		uint16_t k = nodes[i].kind;
		if (k == K_IDENTIFIER) {
			if (keyword_name(src + nodes[i].start, nodes[i].end - nodes[i].start) && nodes[i].start < first.start)
				first = (struct tp_range){line_start(src, nodes[i].start), len, "syntax error: a keyword where a name should be (so reads an else: or finally: clause indented apart from its if, for, while or try); put the clause under its statement, at its indentation: it and the rest of the file were not converted"};
			continue;
		}
		if (k != K_MODULE && k != K_BLOCK && k != K_IF && k != K_FOR && k != K_WHILE && k != K_TRY && k != K_DECORATED_DEF)
			continue;
		if (k == K_BLOCK && !statements(nodes, i)) {
			uint32_t next = nodes[i].end_index; /* the line Python stops at: the next statement's */
			while (next < p->nodes.len && nodes[next].kind == K_COMMENT)
				next++;
			r = (struct tp_range){line_start(src, next < p->nodes.len ? nodes[next].start : len), len, "syntax error: a block with no statement (an IndentationError: expected an indented block); indent its body, or write pass: it and the rest of the file were not converted"};
		} else if (!misaligned(src, nodes, i, &r, len)) {
			continue;
		}
		if (r.start < first.start)
			first = r;
	}
	if (first.why)
		add_error_to_end(p, first);
}

/* Walks the tree with a cursor (iterative, any depth) and keeps the named
 * nodes. The cursor only descends into named nodes (anonymous ones are
 * tokens), so every frame below the top is a kept node: frame d holds its
 * index, its last kept child so far, to link the next one, and how many named
 * children are left to keep. The arrays are the parser's, reused from file to
 * file, and the result points into them: copying a big file's nodes would
 * touch as many fresh pages again. */
int tp_parse(tp_tree *out, tp_parser *p, const char *src, uint32_t len)
{
	if (scope)
		abort(); /* a tree of this thread is not disposed yet: its arena is in use */
	scope = &p->arena;
	TSTree *tree = parse_fresh(NULL, src, len);
	if (!tree) {
		arena_reset(scope);
		scope = NULL;
		return -1;
	}
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
				struct tp_range r = {ts_node_start_byte(n), ts_node_end_byte(n), NULL};
				struct tp_range *last = p->errors.len ? &p->errors.items[p->errors.len - 1] : NULL;
				if (!last || last->start != r.start || last->end != r.end) /* an ERROR's UNEXPECTED token */
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
			top->named_left--;
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
		/* Only a tree with errors is walked through every token: a MISSING
		 * one is anonymous. Otherwise a node with no named child is a leaf
		 * here, and the tokens after a node's last named child are skipped
		 * (each step of the cursor climbs through hidden nodes). */
		uint32_t named = ts_node_named_child_count(n);
		if ((named || has_errors) && ts_tree_cursor_goto_first_child(&cur)) {
			struct tp_frame f = {self, TP_NONE, named, is_error || p->has_fields[sym]};
			tp_array_push(&p->stack, f);
			if (p->stack.len > depth)
				depth = (uint32_t)p->stack.len;
			continue;
		}
		p->nodes.items[self].end_index = self + 1;
		if (siblings_left(p, has_errors) && ts_tree_cursor_goto_next_sibling(&cur))
			continue;
	up:
		/* Close finished nodes until one has a next sibling to walk. */
		for (;;) {
			if (!p->stack.len || !ts_tree_cursor_goto_parent(&cur))
				goto done;
			p->nodes.items[p->stack.items[--p->stack.len].node].end_index = (uint32_t)p->nodes.len;
			if (siblings_left(p, has_errors) && ts_tree_cursor_goto_next_sibling(&cur))
				break;
		}
	}
done:
	ts_tree_cursor_delete(&cur);
	stray_space(p, src, len);
	if (!p->errors.len)
		bad_indent(p, src, len);
	out->syntax = tree;
	p->last_tree = tree;
	p->last_depth = depth + 1;
	out->count = (uint32_t)p->nodes.len;
	out->nodes = p->nodes.items;
	out->error_count = (uint32_t)p->errors.len;
	out->errors = p->errors.items;
	return 0;
}

/* The tree, the parser that made it and any reparse go with the arena. */
void tp_tree_dispose(tp_tree *t)
{
	if (!t || !t->syntax)
		return;
	t->syntax = NULL;
	arena_reset(scope);
	scope = NULL;
}

/* Counts ERROR and MISSING nodes; only trees that have any are walked. */
static uint32_t count_errors(TSNode root)
{
	if (!ts_node_has_error(root))
		return 0;
	uint32_t n = 0, start = UINT32_MAX, end = 0;
	TSTreeCursor cur = ts_tree_cursor_new(root);
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&cur);
		if ((ts_node_symbol(node) == (TSSymbol)-1 || ts_node_is_missing(node)) &&
		    (ts_node_start_byte(node) != start || ts_node_end_byte(node) != end)) {
			n++; /* counted as tp_parse keeps them */
			start = ts_node_start_byte(node);
			end = ts_node_end_byte(node);
		}
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
	/* The reparse's memory is the file's arena too. Errors are counted in a
	 * fresh parse, as a reader of the output gets it: an incremental one can
	 * recover from them differently. */
	TSTree *tree = parse_fresh(old, src, len);
	if (tree && old && ts_node_has_error(ts_tree_root_node(tree)))
		tree = parse_fresh(NULL, src, len);
	if (!tree)
		return -1;
	*errors = count_errors(ts_tree_root_node(tree));
	return 0;
}
