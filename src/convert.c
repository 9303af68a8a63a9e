/* convert: the per-file pipeline, read checks -> parse -> resolve -> match ->
 * plan -> apply -> verify, with all scratch memory in one arena. */
#include "convert.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "edit.h"
#include "parse.h"
#include "match.h"
#include "resolve.h"

const char *tp_op_name(enum tp_op op)
{
	static const char *names[] = {"INSERT", "MODIFY", "DELETE", "UNSUPPORTED", "UNKNOWN", "WARNING",
				      "PRECISION", "PERFORMANCE", "AFFINITY", "CUDA_OP"};
	return names[op];
}

/* Strict UTF-8: no overlongs, surrogates or code points past U+10FFFF. */
static size_t invalid_utf8_at(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		uint64_t w;
		if (i + 8 <= len && (memcpy(&w, s + i, 8), (w & 0x8080808080808080ull) == 0)) {
			i += 8; /* eight ASCII bytes */
			continue;
		}
		unsigned c = s[i];
		size_t n;
		uint32_t cp, min;
		if (c < 0x80) {
			i++;
			continue;
		} else if ((c & 0xE0) == 0xC0) {
			n = 1, cp = c & 0x1F, min = 0x80;
		} else if ((c & 0xF0) == 0xE0) {
			n = 2, cp = c & 0x0F, min = 0x800;
		} else if ((c & 0xF8) == 0xF0) {
			n = 3, cp = c & 0x07, min = 0x10000;
		} else {
			return i;
		}
		for (size_t k = 1; k <= n; k++) {
			if (i + k >= len || (s[i + k] & 0xC0) != 0x80)
				return i;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return i;
		i += n + 1;
	}
	return len;
}

/* Line starts of the buffer, for byte offset -> line:column. Columns count
 * characters; cont[k] counts the UTF-8 continuation bytes before byte
 * k * COL_BLOCK, so a column costs at most one block's scan even on a line of
 * megabytes with thousands of rows on it. */
enum { COL_BLOCK = 256 };

typedef struct {
	const char *src;
	uint32_t *starts;
	uint32_t count;
	uint32_t *cont;
} lines;

static uint32_t count_newlines(const char *src, size_t len)
{
	uint32_t n = 0;
	for (const char *p = src, *end = src + len; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		n++;
	return n;
}

/* UTF-8 continuation bytes (10xxxxxx) in the 8 bytes at s. */
static uint32_t cont_in8(const char *s)
{
	uint64_t w;
	memcpy(&w, s, 8);
	/* a 0 or 1 in each byte's low bit; the multiply sums them into the top byte */
	return (uint32_t)((((w >> 7) & ~(w >> 6) & 0x0101010101010101ull) * 0x0101010101010101ull) >> 56);
}

static void lines_init(lines *l, const char *src, uint32_t len, tp_arena *a)
{
	uint32_t n = 1 + count_newlines(src, len);
	l->src = src;
	l->count = n;
	l->starts = tp_arena_alloc(a, n * sizeof *l->starts);
	l->starts[0] = 0;
	uint32_t k = 1;
	for (const char *p = src, *end = src + len; (p = memchr(p, '\n', (size_t)(end - p))) != NULL;)
		l->starts[k++] = (uint32_t)(++p - src);
	l->cont = tp_arena_alloc(a, (len / COL_BLOCK + 1) * sizeof *l->cont);
	uint32_t c = 0;
	for (uint32_t b = 0; b <= len / COL_BLOCK; b++) {
		l->cont[b] = c;
		uint32_t i = b * COL_BLOCK, e = i + COL_BLOCK < len ? i + COL_BLOCK : len;
		for (; i + 8 <= e; i += 8)
			c += cont_in8(src + i);
		for (; i < e; i++)
			c += ((unsigned char)src[i] & 0xC0) == 0x80;
	}
}

/* UTF-8 continuation bytes in src[0, off). */
static uint32_t cont_before(const lines *l, uint32_t off)
{
	uint32_t c = l->cont[off / COL_BLOCK], i = off - off % COL_BLOCK;
	for (; i + 8 <= off; i += 8)
		c += cont_in8(l->src + i);
	for (; i < off; i++)
		c += ((unsigned char)l->src[i] & 0xC0) == 0x80;
	return c;
}

static void position(const lines *l, uint32_t off, uint32_t *line, uint32_t *col)
{
	uint32_t lo = 0, hi = l->count;
	while (hi - lo > 1) {
		uint32_t mid = (lo + hi) / 2;
		if (l->starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	uint32_t start = l->starts[lo];
	*line = lo + 1;
	*col = 1 + (off - start) - (cont_before(l, off) - cont_before(l, start));
}

/* Row and byte column of an offset, as tree-sitter counts them. */
static void span_point(const lines *l, uint32_t off, uint32_t *row, uint32_t *col)
{
	uint32_t line, ignored;
	position(l, off, &line, &ignored);
	*row = line - 1;
	*col = off - l->starts[line - 1];
}

static char *hdup(const char *s) { return s ? tp_xstrdup(s) : NULL; }

static int str_same(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

/* Whether the last row of out is a finding that an earlier row of its line
 * says already (`torch.version.cuda` read twice on one line). */
static int repeated(const tp_result *out)
{
	const tp_row *last = &out->rows.items[out->rows.len - 1];
	for (size_t k = out->rows.len - 1; k-- > 0 && out->rows.items[k].line1 == last->line1;) {
		const tp_row *r = &out->rows.items[k];
		if (r->op == last->op && str_same(r->message, last->message) && str_same(r->api, last->api))
			return 1;
	}
	return 0;
}

static void row_free(tp_row *row)
{
	free(row->text);
	free(row->rule_id);
	free(row->message);
	free(row->api);
}

static void add_row(tp_result *out, const lines *l, const tp_item *it, uint32_t base)
{
	tp_row row = {.op = it->op, .start = it->start + base, .end = it->end + base};
	position(l, it->start, &row.line1, &row.col1);
	/* An edit's end line is where its last byte is, as editors show ranges. */
	position(l, it->end > it->start ? it->end - 1 : it->end, &row.line2, &row.col2);
	row.col2 += it->end > it->start;
	row.text = hdup(it->text);
	row.rule_id = hdup(it->rule_id);
	row.message = hdup(it->message);
	row.api = hdup(it->api);
	tp_array_push(&out->rows, row);
}

/* A WARNING row for the whole file, at the line and column (in bytes) of
 * offset at in src. */
static void warn_row(tp_result *out, const char *src, size_t at, const char *message)
{
	uint32_t line = 1, col = 1;
	for (size_t i = 0; i < at; i++, col++)
		if (src[i] == '\n' || (src[i] == '\r' && src[i + 1] != '\n')) /* \n, \r\n or a lone \r ends a line */
			line++, col = 0;
	tp_row row = {.op = TP_OP_WARNING, .line1 = line, .col1 = col, .line2 = line, .col2 = col, .message = tp_xstrdup(message)};
	tp_array_push(&out->rows, row);
}

/* Whether the output (the items applied) parses worse than the input did,
 * or not at all: an incremental reparse from the input's tree, edits back to
 * front. */
static int parses_worse(tp_parser *parser, tp_tree *tree, const lines *l, const tp_item *items, size_t n, const char *output,
			uint32_t output_len, tp_arena *arena)
{
	tp_span_edit *spans = tp_arena_alloc(arena, n * sizeof *spans);
	size_t ns = 0;
	for (size_t i = n; i-- > 0;) {
		const tp_item *it = &items[i];
		if (it->op > TP_OP_DELETE)
			continue;
		tp_span_edit *e = &spans[ns++];
		e->start = it->start;
		e->old_end = it->end;
		e->new_end = it->start + (uint32_t)strlen(it->text);
		span_point(l, it->start, &e->start_row, &e->start_col);
		span_point(l, it->end, &e->old_end_row, &e->old_end_col);
		e->new_end_row = e->start_row;
		e->new_end_col = e->start_col;
		for (const char *c = it->text; *c; c++) {
			if (*c == '\n') {
				e->new_end_row++;
				e->new_end_col = 0;
			} else {
				e->new_end_col++;
			}
		}
	}
	uint32_t after = 0;
	uint32_t before = 0; /* the grammar's own: it finds no stray space */
	for (uint32_t i = 0; i < tree->error_count; i++)
		before += !tree->errors[i].why;
	return tp_reparse_errors(&after, parser, tree, spans, ns, output, output_len) < 0 || after > before;
}

void tp_convert(tp_result *out, const tp_convert_opts *opts, tp_parser *parser, const char *src, size_t len)
{
	memset(out, 0, sizeof *out);
	out->lines = count_newlines(src, len) + (len && src[len - 1] != '\n');
	const char *nul = memchr(src, 0, len);
	if (nul) {
		out->status = TP_FILE_BINARY;
		warn_row(out, src, (size_t)(nul - src), "binary content (NUL bytes) in a .py file: copied unchanged");
		return;
	}
	size_t bad = invalid_utf8_at((const unsigned char *)src, len);
	if (bad < len) {
		out->status = TP_FILE_NOT_UTF8;
		char m[160];
		snprintf(m, sizeof m, "not UTF-8 (byte 0x%02x at offset %zu): copied unchanged; save the file as UTF-8 to convert it",
			 (unsigned char)src[bad], bad);
		warn_row(out, src, bad, m);
		return;
	}
	if (len > UINT32_MAX / 2) {
		out->status = TP_FILE_BINARY;
		warn_row(out, src, 0, "file too large to convert (over 2 GiB): copied unchanged");
		return;
	}
	/* The BOM is kept but not parsed; offsets below are past it. */
	uint32_t base = len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	const char *body = src + base;
	uint32_t blen = (uint32_t)(len - base);

	tp_arena *arena = tp_arena_new();
	tp_tree tree;
	tp_resolver res;
	tp_matcher m = {0};
	tp_buf conv = {0};
	if (tp_parse(&tree, parser, body, blen) < 0) {
		warn_row(out, src, 0, "the parser gave up on this file: copied unchanged");
		goto cleanup;
	}
	out->syntax_errors = (int)tree.error_count;
	tp_resolver_init(&res, &tree, body, arena);
	const char *nl = memchr(body, '\n', blen);
	m = (tp_matcher){.rules = opts->rules, .tree = &tree, .src = body, .len = blen,
			 .eol = nl && nl > body && nl[-1] == '\r' ? "\r\n" : "\n", .ops = opts->ops, .res = &res, .arena = arena,
			 .dist_model = opts->dist_model, .ext_modules = opts->ext_modules, .library_ops = opts->library_ops,
			 .dist_setups = opts->dist_setups, .dist_iterables = opts->dist_iterables, .dist_loaders = opts->dist_loaders, .dist_repeats = opts->dist_repeats,
			 .dist_other = opts->dist_other,
			 .device_var = opts->dist_model		? "npu_local_rank"
				       : opts->dist_other	? "torch.npu.current_device()"
				       : opts->specify_device ? "npu_device_id"
							      : NULL};
	tp_match(&m);
	out->dist_setup = m.dist_setup;
	size_t n = m.items.len;
	tp_plan(m.items.items, &n, tree.errors, tree.error_count, arena);

	lines l;
	lines_init(&l, body, blen, arena);
	int changed = 0;
	uint32_t err = 0; /* the syntax errors go among the rows in the order of the file */
	for (size_t i = 0; i <= n; i++) {
		for (; err < tree.error_count && (i == n || tree.errors[err].start <= m.items.items[i].start); err++) {
			tp_item it = {.op = TP_OP_WARNING, .start = tree.errors[err].start, .end = tree.errors[err].end,
				      .message = tree.errors[err].why ? tree.errors[err].why : "syntax error: this region was not converted"};
			add_row(out, &l, &it, base);
		}
		if (i == n)
			break;
		add_row(out, &l, &m.items.items[i], base);
		changed |= m.items.items[i].op <= TP_OP_DELETE;
		if (m.items.items[i].op > TP_OP_DELETE && repeated(out))
			row_free(&out->rows.items[--out->rows.len]);
	}
	if (changed) {
		tp_buf_add(&conv, src, base);
		tp_apply(&conv, body, blen, m.items.items, n);
		/* verify: the output must parse no worse than the input did; edits
		 * that cannot change the syntax need no reparse to show it */
		if (!tp_edits_keep_syntax(&tree, body, blen, m.items.items, n) &&
		    parses_worse(parser, &tree, &l, m.items.items, n, conv.ptr + base, (uint32_t)(conv.len - base), arena)) {
			out->status = TP_FILE_VERIFY_FAILED;
			for (size_t i = 0; i < out->rows.len; i++) {
				tp_row *row = &out->rows.items[i];
				if (row->op > TP_OP_DELETE)
					continue;
				char *msg = tp_xprintf("not applied: %s", row->message ? row->message : "");
				free(row->message);
				row->message = msg;
				row->op = TP_OP_WARNING;
			}
			warn_row(out, src, 0, "the converted file did not parse as well as the input: the original was kept");
		} else {
			out->output = conv.ptr;
			out->output_len = conv.len;
			conv.ptr = NULL;
		}
	}
	tp_resolver_dispose(&res);
	tp_tree_dispose(&tree);
cleanup:
	tp_array_free(&m.items);
	tp_array_free(&m.deletions);
	tp_array_free(&m.late);
	tp_array_free(&m.stored);
	tp_array_free(&m.device_names);
	tp_buf_dispose(&conv);
	tp_arena_free(arena);
}

void tp_result_dispose(tp_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->rows.len; i++)
		row_free(&r->rows.items[i]);
	tp_array_free(&r->rows);
	free(r->output);
	r->output = NULL;
}

const char *const tp_extension_builders[] = {"torch.utils.cpp_extension.CUDAExtension", "torch.utils.cpp_extension.CppExtension",
					     "torch.utils.cpp_extension.load", "torch.utils.cpp_extension.load_inline", NULL};

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);
	return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

static const char *builder_named(const char *qn)
{
	for (const char *const *b = tp_extension_builders; qn && *b; b++)
		if (strcmp(qn, *b) == 0)
			return *b;
	return NULL;
}

/* The builder a choice between a and b (either of them a choice already
 * when ea, eb) may be: CUDAExtension when one may be, else the one named. */
static const char *either_builder(const char *a, int ea, const char *b, int eb, int *either)
{
	*either = a != b || ea || eb;
	if (!a || !b || a == b)
		return a ? a : b;
	return a == tp_extension_builders[0] || b == tp_extension_builders[0] ? tp_extension_builders[0] : NULL;
}

/* The builder that value v names, or NULL; see tp_extension_builder. */
static const char *builder_of(const tp_resolver *res, uint32_t v, const char *qn, int *either, int depth)
{
	const tp_tree *t = res->tree;
	if (qn || v == TP_NONE || depth > 8)
		return builder_named(qn);
	if (t->nodes[v].kind == K_CONDITIONAL) {
		uint32_t part[3], n = 0; /* then, condition, else */
		for (uint32_t c = t->nodes[v].first; c != TP_NONE && n < 3; c = t->nodes[c].next)
			if (t->nodes[c].kind != K_COMMENT)
				part[n++] = c;
		int e0 = 0, e2 = 0;
		const char *a = n == 3 ? builder_of(res, part[0], tp_resolve_qname(res, part[0], NULL), &e0, depth + 1) : NULL;
		const char *b = n == 3 ? builder_of(res, part[2], tp_resolve_qname(res, part[2], NULL), &e2, depth + 1) : NULL;
		return either_builder(a, e0, b, e2, either);
	}
	if (t->nodes[v].kind != K_IDENTIFIER)
		return NULL;
	const tp_binding *bd = tp_resolve_name(res, v, res->src + t->nodes[v].start, t->nodes[v].end - t->nodes[v].start);
	if (!bd || bd->kind != TP_BIND_LOCAL)
		return NULL;
	if (bd->value != TP_NONE)
		return builder_of(res, bd->value, tp_resolve_qname(res, bd->value, NULL), either, depth + 1);
	/* Assigned more than once (`extension = CppExtension`, then `if cuda:
	 * extension = CUDAExtension`): a choice between the builders it is
	 * given by name (no further, which could take exponential time). */
	const char *b = NULL;
	int n = 0;
	for (const tp_value *a = bd->values; a && n < 16; a = a->next, n++) {
		const char *x = a->node == TP_NONE ? NULL : builder_named(tp_resolve_qname(res, a->node, NULL));
		b = n ? either_builder(b, *either, x, 0, either) : x;
	}
	return b;
}

const char *tp_extension_builder(const tp_resolver *res, uint32_t fn, const char *qn, int *either)
{
	*either = 0;
	const char *b = builder_of(res, fn, qn, either, 0);
	*either &= b == tp_extension_builders[0];
	return b;
}

int tp_extension_cpu_only(const tp_tree *t, const char *src, uint32_t call, const char *qn, int either)
{
	const char *const *b = tp_extension_builders;
	uint32_t args = tp_child(t, call, F_ARGUMENTS);
	int cpp_ext = strcmp(qn, b[1]) == 0; /* C++ unless it names CUDA sources (fairseq builds .cu so) */
	if ((strcmp(qn, b[0]) == 0 && !either) || args == TP_NONE || t->nodes[args].kind != K_ARG_LIST)
		return cpp_ext;
	int inline_ = strcmp(qn, b[3]) == 0, pos = 0, cpp = inline_ || cpp_ext;
	for (uint32_t c = t->nodes[args].first; c != TP_NONE; c = t->nodes[c].next) {
		uint32_t v = c;
		if (t->nodes[c].kind == K_KEYWORD_ARG) {
			uint32_t k = tp_child(t, c, F_NAME);
			v = tp_child(t, c, F_VALUE);
			if (k == TP_NONE || v == TP_NONE)
				return 0; /* a syntax error: anything */
			tp_str key = {src + t->nodes[k].start, t->nodes[k].end - t->nodes[k].start};
			tp_str val = {src + t->nodes[v].start, t->nodes[v].end - t->nodes[v].start};
			if (tp_str_eq(key, "cuda_sources") || tp_str_eq(key, "extra_cuda_cflags") ||
			    (tp_str_eq(key, "with_cuda") && !tp_str_eq(val, "False") && !tp_str_eq(val, "None")))
				return 0;
			if (!tp_str_eq(key, "sources"))
				continue;
		} else if (t->nodes[c].kind == K_LIST_SPLAT || t->nodes[c].kind == K_DICT_SPLAT) {
			if (cpp_ext)
				continue;
			return 0; /* *args, **kwargs: anything */
		} else if (pos++ != 1 + inline_) {
			continue; /* load(name, sources, ...); load_inline(name, cpp_sources, cuda_sources, ...) */
		} else if (inline_) {
			return 0;
		}
		/* The sources: their file names, as the string literals in them end. */
		for (uint32_t i = v; i < t->nodes[v].end_index; i++) {
			if (t->nodes[i].kind != K_STRING_CONTENT)
				continue;
			const char *s = src + t->nodes[i].start;
			size_t n = t->nodes[i].end - t->nodes[i].start;
			if (ends_with(s, n, ".cu") || ends_with(s, n, ".cuh"))
				return 0;
			cpp |= ends_with(s, n, ".cpp") || ends_with(s, n, ".cc") || ends_with(s, n, ".cxx") || ends_with(s, n, ".c");
		}
	}
	return cpp;
}

/* A name var at the top of rel (`var = load(...)`, `def var():`): the
 * names other files import var by,
 * with the leading dots of relative imports dropped, as qualified names are
 * matched: pkg/backend.py gives pkg.backend.var and backend.var; pkg/__init__.py
 * gives pkg.var and var. */
static void module_var_names(tp_strings *out, const char *rel, tp_str var)
{
	size_t n = strlen(rel);
	if (n < 3 || strcmp(rel + n - 3, ".py") != 0)
		return;
	n -= 3;
	int init = n >= 8 && memcmp(rel + n - 8, "__init__", 8) == 0 && (n == 8 || rel[n - 9] == '/');
	if (init)
		n = n > 8 ? n - 9 : 0;
	char *full = tp_xprintf("%.*s%s%.*s", (int)n, rel, n ? "." : "", (int)var.len, var.ptr);
	tp_array_push(out, full);
	for (size_t k = 0; k < n; k++)
		if (full[k] == '/')
			full[k] = '.';
	for (size_t k = 0; k < n + (init && n); k++)
		if (full[k] == '.')
			tp_array_push(out, tp_xstrdup(full + k + 1));
}

/* Another Python file of the tree, parsed and resolved for a prescan. */
typedef struct {
	tp_arena *arena;
	tp_tree tree;
	tp_resolver res;
} scanned;

static int scan_open(scanned *f, tp_parser *parser, const char *src, size_t len)
{
	if (len > UINT32_MAX / 2 || memchr(src, 0, len))
		return -1;
	f->arena = tp_arena_new();
	if (tp_parse(&f->tree, parser, src, (uint32_t)len) < 0) {
		tp_arena_free(f->arena);
		return -1;
	}
	tp_resolver_init(&f->res, &f->tree, src, f->arena);
	return 0;
}

static void scan_close(scanned *f)
{
	tp_resolver_dispose(&f->res);
	tp_tree_dispose(&f->tree);
	tp_arena_free(f->arena);
}

/* The module-level function that holds node, or 0. */
static uint32_t top_def(const tp_resolver *res, uint32_t node)
{
	uint32_t def = res->scope_of[node];
	while (def != 0 && res->scope_of[def] != 0)
		def = res->scope_of[def];
	return res->tree->nodes[def].kind == K_FUNCTION_DEF ? def : 0;
}

void tp_distributed_setters(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel)
{
	static const char *const setup[] = {"torch.distributed.init_process_group", "torch.multiprocessing.spawn",
					    "torch.multiprocessing.start_processes", NULL};
	scanned f;
	if (scan_open(&f, parser, src, len) < 0)
		return;
	const tp_tree *t = &f.tree;
	tp_resolver *res = &f.res;
	/* the functions that do it, then those that call one of them (fairseq's
	 * call_main spawns distributed_main, which calls distributed_init) */
	unsigned char *sets = tp_arena_alloc(f.arena, t->count);
	memset(sets, 0, t->count);
	for (int more = 1, round = 0; more && round < 8; round++) {
		more = 0;
		for (uint32_t i = 0; i < t->count; i++) {
			uint32_t fn = t->nodes[i].kind == K_CALL ? tp_child(t, i, F_FUNCTION) : TP_NONE;
			uint32_t def = fn == TP_NONE ? 0 : top_def(res, i);
			if (!def || sets[def])
				continue;
			const char *qn = tp_resolve_qname(res, fn, NULL);
			const tp_binding *b = t->nodes[fn].kind == K_IDENTIFIER
						      ? tp_resolve_name(res, fn, src + t->nodes[fn].start, t->nodes[fn].end - t->nodes[fn].start)
						      : NULL;
			uint32_t callee_def = b && b->kind == TP_BIND_LOCAL ? tp_resolve_definition(res, b) : TP_NONE;
			int callee = callee_def != TP_NONE && sets[callee_def];
			if (callee || (qn && (tp_match__qname_in(qn, setup) || tp_match__qname_in(qn, tp_ddp_names))))
				sets[def] = more = 1;
		}
	}
	for (uint32_t def = 1; def < t->count; def++) {
		uint32_t name = sets[def] ? tp_child(t, def, F_NAME) : TP_NONE;
		if (name != TP_NONE)
			module_var_names(out, rel, (tp_str){src + t->nodes[name].start, t->nodes[name].end - t->nodes[name].start});
	}
	scan_close(&f);
}

/* While a helper's body is evaluated: its definition, whose parameters
 * stand for the arguments of one call of it. */
typedef struct {
	uint32_t def, call;
} str_env;

static int str_value(tp_buf *out, const tp_resolver *res, uint32_t v, const str_env *env, int depth);

static int node_is(const tp_resolver *res, uint32_t n, tp_str text)
{
	const tp_node *k = &res->tree->nodes[n];
	return k->end - k->start == text.len && memcmp(res->src + k->start, text.ptr, text.len) == 0;
}

void tp_iterable_datasets(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel)
{
	static const char *const bases[] = {"IterableDataset", "IterDataPipe", NULL};
	scanned f;
	if (scan_open(&f, parser, src, len) < 0)
		return;
	const tp_tree *t = &f.tree;
	for (uint32_t s = t->nodes[0].first; s != TP_NONE; s = t->nodes[s].next) {
		uint32_t def = t->nodes[s].kind == K_DECORATED_DEF ? tp_child(t, s, F_DEFINITION) : s;
		uint32_t name = def != TP_NONE && t->nodes[def].kind == K_CLASS_DEF ? tp_child(t, def, F_NAME) : TP_NONE;
		uint32_t sup = name == TP_NONE ? TP_NONE : tp_child(t, def, F_SUPERCLASSES);
		int iterable = 0;
		for (uint32_t j = sup; j != TP_NONE && j < t->nodes[sup].end_index && !iterable; j++)
			for (const char *const *b = bases; t->nodes[j].kind == K_IDENTIFIER && *b && !iterable; b++)
				iterable = node_is(&f.res, j, (tp_str){*b, strlen(*b)});
		if (iterable)
			module_var_names(out, rel, (tp_str){src + t->nodes[name].start, t->nodes[name].end - t->nodes[name].start});
	}
	scan_close(&f);
}

void tp_loader_exports(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel)
{
	scanned f;
	if (scan_open(&f, parser, src, len) < 0)
		return;
	const tp_tree *t = &f.tree;
	for (uint32_t s = t->nodes[0].first; s != TP_NONE; s = t->nodes[s].next) {
		for (uint32_t c = t->nodes[s].kind == K_IMPORT_FROM ? t->nodes[s].first : TP_NONE; c != TP_NONE; c = t->nodes[c].next) {
			uint32_t id = t->nodes[c].kind == K_ALIASED_IMPORT ? tp_child(t, c, F_ALIAS)
				      : t->nodes[c].kind == K_DOTTED_NAME && t->nodes[c].field == F_NAME ? t->nodes[c].first : TP_NONE;
			if (id == TP_NONE || t->nodes[id].kind != K_IDENTIFIER)
				continue;
			tp_str name = {src + t->nodes[id].start, t->nodes[id].end - t->nodes[id].start};
			const tp_binding *b = tp_resolve_name(&f.res, 0, name.ptr, name.len);
			if (b && b->kind == TP_BIND_IMPORT && tp_match__qname_in(b->qname, tp_dataloader_names))
				module_var_names(out, rel, name);
		}
	}
	scan_close(&f);
}

/* Whether the head of node n before node body (a with statement's items, a
 * definition's decorators) names no_grad or inference_mode. */
static int names_grad_off(const tp_tree *t, const char *src, uint32_t n, uint32_t body)
{
	if (body == TP_NONE)
		return 0;
	const char *head = src + t->nodes[n].start;
	size_t len = t->nodes[body].start - t->nodes[n].start;
	return memmem(head, len, "no_grad", 7) || memmem(head, len, "inference_mode", 14);
}

/* Whether def's body calls torch.cuda.set_device (pix2pixHD's options parser). */
static int sets_device(const scanned *f, uint32_t def)
{
	const tp_tree *t = &f->tree;
	for (uint32_t j = def; j < t->nodes[def].end_index; j++) {
		const char *qn = t->nodes[j].kind == K_CALL ? tp_resolve_qname(&f->res, tp_child(t, j, F_FUNCTION), NULL) : NULL;
		if (qn && strcmp(qn, "torch.cuda.set_device") == 0)
			return 1;
	}
	return 0;
}

void tp_repeated_forwards(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel)
{
	scanned f;
	if (scan_open(&f, parser, src, len) < 0)
		return;
	const tp_tree *t = &f.tree;
	for (uint32_t s = t->nodes[0].first; s != TP_NONE; s = t->nodes[s].next) {
		uint32_t def = t->nodes[s].kind == K_DECORATED_DEF ? tp_child(t, s, F_DEFINITION) : s;
		uint32_t cls = def != TP_NONE && t->nodes[def].kind == K_CLASS_DEF ? tp_child(t, def, F_BODY) : TP_NONE;
		for (uint32_t c = cls == TP_NONE ? TP_NONE : t->nodes[cls].first; c != TP_NONE; c = t->nodes[c].next) {
			uint32_t method = t->nodes[c].kind == K_DECORATED_DEF ? tp_child(t, c, F_DEFINITION) : c;
			uint32_t mname = method != TP_NONE && t->nodes[method].kind == K_FUNCTION_DEF ? tp_child(t, method, F_NAME) : TP_NONE;
			if (mname == TP_NONE)
				continue;
			int off = method != c && names_grad_off(t, src, c, method);
			tp_str mn = {src + t->nodes[mname].start, t->nodes[mname].end - t->nodes[mname].start};
			tp_array_push(out, tp_xprintf("%s method %.*s", off ? "no-grad" : "grad", (int)mn.len, mn.ptr));
			if (!off && tp_runs_layers(t, src, method))
				tp_array_push(out, tp_xprintf("computing method %.*s", (int)mn.len, mn.ptr));
			if (sets_device(&f, method))
				tp_array_push(out, tp_xprintf("set_device method %.*s", (int)mn.len, mn.ptr));
		}
		uint32_t name = def != TP_NONE && t->nodes[def].kind == K_FUNCTION_DEF ? tp_child(t, def, F_NAME) : TP_NONE;
		if (name != TP_NONE && sets_device(&f, def)) {
			char *key = tp_xprintf("%.*s@set_device", (int)(t->nodes[name].end - t->nodes[name].start), src + t->nodes[name].start);
			module_var_names(out, rel, (tp_str){key, strlen(key)});
			free(key);
		}
		uint32_t params = name == TP_NONE ? TP_NONE : tp_child(t, def, F_PARAMETERS), body = tp_child(t, def, F_BODY);
		uint32_t pos = 0;
		int grad_off = def != s && names_grad_off(t, src, s, def); /* @torch.no_grad() over the whole function */
		for (uint32_t c = params == TP_NONE || body == TP_NONE ? TP_NONE : t->nodes[params].first; c != TP_NONE; c = t->nodes[c].next) {
			uint16_t k = t->nodes[c].kind;
			if (k == K_COMMENT)
				continue;
			if (k != K_IDENTIFIER && k != K_TYPED_PARAM && k != K_DEFAULT_PARAM && k != K_TYPED_DEFAULT_PARAM)
				break; /* *args, a bare `*`: the positions after it are the caller's keywords */
			uint32_t id = k == K_IDENTIFIER ? c : k == K_TYPED_PARAM ? t->nodes[c].first : tp_child(t, c, F_NAME);
			if (id == TP_NONE || t->nodes[id].kind != K_IDENTIFIER) {
				pos++;
				continue;
			}
			tp_str p = {src + t->nodes[id].start, t->nodes[id].end - t->nodes[id].start};
			const tp_binding *b = tp_resolve_name(&f.res, id, p.ptr, p.len);
			int runs = 0; /* its calls where autograd records */
			for (uint32_t j = body; j < t->nodes[body].end_index && runs < 2 && !grad_off; j++) {
				uint32_t fn = t->nodes[j].kind == K_CALL ? tp_child(t, j, F_FUNCTION) : TP_NONE;
				if (fn == TP_NONE || !node_is(&f.res, fn, p) || tp_resolve_name(&f.res, fn, p.ptr, p.len) != b)
					continue;
				int off = 0;
				for (uint32_t a = t->nodes[j].parent; a != def && a != TP_NONE && !off; a = t->nodes[a].parent)
					off = t->nodes[a].kind == K_WITH && names_grad_off(t, src, a, tp_child(t, a, F_BODY));
				runs += !off;
			}
			if (runs >= 2) {
				tp_str fname = {src + t->nodes[name].start, t->nodes[name].end - t->nodes[name].start};
				char *by_pos = tp_xprintf("%.*s#%u", (int)fname.len, fname.ptr, pos);
				char *by_name = tp_xprintf("%.*s:%.*s", (int)fname.len, fname.ptr, (int)p.len, p.ptr);
				module_var_names(out, rel, (tp_str){by_pos, strlen(by_pos)});
				module_var_names(out, rel, (tp_str){by_name, strlen(by_name)});
				free(by_pos);
				free(by_name);
			}
			pos++;
		}
	}
	scan_close(&f);
}

/* Parameter `name` of env's function: the call's argument given for it (by
 * keyword, or by position), else its default. Returns TP_NONE when unknown. */
static uint32_t param_value(const tp_resolver *res, const str_env *env, tp_str name)
{
	const tp_tree *t = res->tree;
	uint32_t params = tp_child(t, env->def, F_PARAMETERS), args = tp_child(t, env->call, F_ARGUMENTS), index = 0, dflt = TP_NONE;
	int found = 0;
	for (uint32_t c = params == TP_NONE ? TP_NONE : t->nodes[params].first; c != TP_NONE && !found; c = t->nodes[c].next) {
		uint32_t id = c;
		if (t->nodes[c].kind == K_DEFAULT_PARAM || t->nodes[c].kind == K_TYPED_DEFAULT_PARAM)
			id = tp_child(t, c, F_NAME), dflt = tp_child(t, c, F_VALUE);
		else if (t->nodes[c].kind == K_TYPED_PARAM)
			id = t->nodes[c].first, dflt = TP_NONE;
		else if (t->nodes[c].kind == K_IDENTIFIER)
			dflt = TP_NONE;
		else if (t->nodes[c].kind != K_COMMENT)
			return TP_NONE; /* *args, a bare `*`: the positions are lost */
		else
			continue;
		found = id != TP_NONE && t->nodes[id].kind == K_IDENTIFIER && node_is(res, id, name);
		index += !found;
	}
	if (!found || args == TP_NONE || t->nodes[args].kind != K_ARG_LIST)
		return TP_NONE;
	uint32_t pos = 0;
	for (uint32_t c = t->nodes[args].first; c != TP_NONE; c = t->nodes[c].next) {
		if (t->nodes[c].kind == K_KEYWORD_ARG) {
			uint32_t k = tp_child(t, c, F_NAME);
			if (k != TP_NONE && node_is(res, k, name))
				return tp_child(t, c, F_VALUE);
		} else if (t->nodes[c].kind == K_LIST_SPLAT || t->nodes[c].kind == K_DICT_SPLAT) {
			return TP_NONE;
		} else if (t->nodes[c].kind != K_COMMENT && pos++ == index) {
			return c;
		}
	}
	return dflt;
}

/* `FMT % (a, b)` with FMT's value in out from fmt_at: each %s, %r or %d
 * becomes the next value. Returns 0 when one is not known. */
static int str_format(tp_buf *out, size_t fmt_at, const tp_resolver *res, uint32_t right, const str_env *env, int depth)
{
	const tp_tree *t = res->tree;
	char *fmt = tp_xstrndup(out->ptr + fmt_at, out->len - fmt_at);
	out->len = fmt_at;
	uint32_t arg = right;
	if (t->nodes[right].kind == K_TUPLE)
		arg = t->nodes[right].first;
	int ok = 1;
	for (const char *f = fmt; *f && ok; f++) {
		if (*f != '%') {
			tp_buf_putc(out, *f);
		} else if (f[1] == '%') {
			tp_buf_putc(out, *++f);
		} else if ((f[1] == 's' || f[1] == 'r' || f[1] == 'd') && arg != TP_NONE) {
			while (arg != TP_NONE && t->nodes[arg].kind == K_COMMENT)
				arg = t->nodes[arg].next;
			ok = arg != TP_NONE && str_value(out, res, arg, env, depth + 1);
			arg = t->nodes[right].kind == K_TUPLE && arg != TP_NONE ? t->nodes[arg].next : TP_NONE;
			f++;
		} else {
			ok = 0;
		}
	}
	free(fmt);
	return ok;
}

/* `FMT.format(a, b)` (fmt: the literal FMT; args: the call's arguments):
 * each `{}`, `{0}` or `{name}` becomes that argument's value. Returns 0 when
 * one is not known, or has a conversion or format spec. */
static int str_dot_format(tp_buf *out, uint32_t fmt, const tp_resolver *res, uint32_t args, const str_env *env, int depth)
{
	const tp_tree *t = res->tree;
	tp_buf f = {0};
	int ok = t->nodes[args].kind == K_ARG_LIST && str_value(&f, res, fmt, env, depth + 1);
	uint32_t next = 0; /* the next automatic field's position */
	for (size_t i = 0; ok && i < f.len; i++) {
		char c = f.ptr[i];
		if ((c == '{' || c == '}') && i + 1 < f.len && f.ptr[i + 1] == c) {
			tp_buf_putc(out, f.ptr[i++]);
			continue;
		}
		if (c == '}') {
			ok = 0;
			break;
		}
		if (c != '{') {
			tp_buf_putc(out, c);
			continue;
		}
		const char *close = memchr(f.ptr + i, '}', f.len - i);
		size_t n = close ? (size_t)(close - (f.ptr + i)) - 1 : 0;
		const char *field = f.ptr + i + 1;
		if (!close || memchr(field, ':', n) || memchr(field, '!', n) || memchr(field, '.', n) || memchr(field, '[', n)) {
			ok = 0;
			break;
		}
		int positional = n == 0 || isdigit((unsigned char)field[0]);
		uint32_t want = n == 0 ? next++ : positional ? (uint32_t)strtoul(field, NULL, 10) : 0, pos = 0, arg = TP_NONE;
		for (uint32_t c2 = t->nodes[args].first; c2 != TP_NONE && arg == TP_NONE && ok; c2 = t->nodes[c2].next) {
			uint16_t k = t->nodes[c2].kind;
			if (k == K_LIST_SPLAT || k == K_DICT_SPLAT) {
				ok = 0;
			} else if (k == K_KEYWORD_ARG) {
				uint32_t kn = tp_child(t, c2, F_NAME);
				if (!positional && kn != TP_NONE && t->nodes[kn].end - t->nodes[kn].start == n &&
				    memcmp(res->src + t->nodes[kn].start, field, n) == 0)
					arg = tp_child(t, c2, F_VALUE);
			} else if (k != K_COMMENT && positional && pos++ == want) {
				arg = c2;
			}
		}
		ok = ok && arg != TP_NONE && str_value(out, res, arg, env, depth + 1);
		i += n + 1;
	}
	tp_buf_dispose(&f);
	return ok;
}

/* Appends the value of the string expression v to out; returns 0 when it is
 * not known. A literal without interpolations, a local assigned once, a
 * parameter of env's function, `a + b`, `FMT % (a, b)`, `FMT.format(a, b)`. */
static int str_value(tp_buf *out, const tp_resolver *res, uint32_t v, const str_env *env, int depth)
{
	const tp_tree *t = res->tree;
	if (v == TP_NONE || depth > 8)
		return 0;
	const tp_node *n = &t->nodes[v];
	if (n->kind == K_PARENTHESIZED)
		return str_value(out, res, n->first, env, depth + 1);
	if (n->kind == K_STRING) {
		for (uint32_t c = n->first; c != TP_NONE; c = t->nodes[c].next) {
			if (t->nodes[c].kind == K_INTERPOLATION || t->nodes[c].kind == K_ESCAPE_SEQUENCE)
				return 0;
			if (t->nodes[c].kind == K_STRING_CONTENT)
				tp_buf_add(out, res->src + t->nodes[c].start, t->nodes[c].end - t->nodes[c].start);
		}
		return 1;
	}
	if (n->kind == K_IDENTIFIER) {
		tp_str name = {res->src + n->start, n->end - n->start};
		if (env && v > env->def && v < t->nodes[env->def].end_index) {
			uint32_t a = param_value(res, env, name);
			if (a != TP_NONE)
				return str_value(out, res, a, NULL, depth + 1);
		}
		const tp_binding *b = tp_resolve_name(res, v, name.ptr, name.len);
		return b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE && str_value(out, res, b->value, env, depth + 1);
	}
	if (n->kind == K_CALL) {
		uint32_t fn = tp_child(t, v, F_FUNCTION), attr = t->nodes[fn].kind == K_ATTRIBUTE ? tp_child(t, fn, F_ATTRIBUTE) : TP_NONE;
		return attr != TP_NONE && t->nodes[attr].end - t->nodes[attr].start == 6 && memcmp(res->src + t->nodes[attr].start, "format", 6) == 0 &&
		       str_dot_format(out, tp_child(t, fn, F_OBJECT), res, tp_child(t, v, F_ARGUMENTS), env, depth);
	}
	if (n->kind != K_BINARY_OP)
		return 0;
	uint32_t l = tp_child(t, v, F_LEFT), r = tp_child(t, v, F_RIGHT);
	if (l == TP_NONE || r == TP_NONE)
		return 0;
	uint32_t o = t->nodes[l].end;
	while (o < t->nodes[r].start && strchr(" \t\r\n\\", res->src[o]))
		o++;
	char op = o < t->nodes[r].start ? res->src[o] : 0;
	size_t at = out->len;
	if ((op != '+' && op != '%') || !str_value(out, res, l, env, depth + 1))
		return 0;
	if (op == '+')
		return str_value(out, res, r, env, depth + 1);
	return str_format(out, at, res, r, env, depth);
}

/* The name argument of builder call `call` (name= or the first positional). */
static uint32_t name_arg(const tp_tree *t, const char *src, uint32_t call)
{
	uint32_t args = tp_child(t, call, F_ARGUMENTS);
	if (args == TP_NONE || t->nodes[args].kind != K_ARG_LIST)
		return TP_NONE;
	for (uint32_t c = t->nodes[args].first, pos = 0; c != TP_NONE; c = t->nodes[c].next) {
		if (t->nodes[c].kind == K_KEYWORD_ARG) {
			uint32_t k = tp_child(t, c, F_NAME);
			if (k != TP_NONE && t->nodes[k].end - t->nodes[k].start == 4 && memcmp(src + t->nodes[k].start, "name", 4) == 0)
				return tp_child(t, c, F_VALUE);
		} else if (t->nodes[c].kind != K_COMMENT && pos++ == 0 && t->nodes[c].kind != K_LIST_SPLAT &&
			   t->nodes[c].kind != K_DICT_SPLAT) {
			return c;
		}
	}
	return TP_NONE;
}

void tp_extension_build_names(tp_strings *out, const tp_resolver *res, uint32_t call)
{
	const tp_tree *t = res->tree;
	uint32_t name = name_arg(t, res->src, call);
	tp_buf b = {0};
	if (name != TP_NONE && str_value(&b, res, name, NULL, 0) && b.len) {
		tp_array_push(out, tp_xstrndup(b.ptr, b.len));
		tp_buf_dispose(&b);
		return;
	}
	/* A helper that builds it from its parameters (OpenPCDet's
	 * `make_cuda_ext(name=..., module=...)`): a name per call of it. */
	uint32_t def = call;
	while (def != TP_NONE && t->nodes[def].kind != K_FUNCTION_DEF)
		def = t->nodes[def].parent;
	uint32_t fname = def == TP_NONE ? TP_NONE : tp_child(t, def, F_NAME);
	if (name == TP_NONE || fname == TP_NONE) {
		tp_buf_dispose(&b);
		return;
	}
	tp_str f = {res->src + t->nodes[fname].start, t->nodes[fname].end - t->nodes[fname].start};
	for (uint32_t i = 0; i < t->count; i++) {
		uint32_t fn = t->nodes[i].kind == K_CALL ? tp_child(t, i, F_FUNCTION) : TP_NONE;
		if (fn == TP_NONE || t->nodes[fn].kind != K_IDENTIFIER || !node_is(res, fn, f))
			continue;
		const tp_binding *bd = tp_resolve_name(res, fn, f.ptr, f.len);
		str_env env = {def, i};
		b.len = 0;
		if (bd && bd->kind == TP_BIND_LOCAL && str_value(&b, res, name, &env, 0) && b.len)
			tp_array_push(out, tp_xstrndup(b.ptr, b.len));
	}
	tp_buf_dispose(&b);
}

void tp_extension_names(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel)
{
	scanned f;
	if (scan_open(&f, parser, src, len) < 0)
		return;
	const tp_tree *t = &f.tree;
	tp_resolver *res = &f.res;
	for (uint32_t i = 0; i < t->count; i++) {
		if (t->nodes[i].kind != K_CALL)
			continue;
		uint32_t fn = tp_child(t, i, F_FUNCTION), args = tp_child(t, i, F_ARGUMENTS);
		int either = 0;
		const char *qn = fn == TP_NONE ? NULL : tp_extension_builder(res, fn, tp_resolve_qname(res, fn, NULL), &either);
		if (!qn || args == TP_NONE || tp_extension_cpu_only(t, src, i, qn, either))
			continue;
		uint32_t p = t->nodes[i].parent, left = TP_NONE, def = res->scope_of[i];
		if (p != TP_NONE && t->nodes[p].kind == K_ASSIGNMENT && t->nodes[i].field == F_RIGHT)
			left = tp_child(t, p, F_LEFT);
		int loads = qn == tp_extension_builders[2] || qn == tp_extension_builders[3];
		tp_str var = left == TP_NONE ? (tp_str){"", 0} : (tp_str){src + t->nodes[left].start, t->nodes[left].end - t->nodes[left].start};
		/* the module's variable: assigned at the top, or in a function that declares it global */
		if (rel && loads && left != TP_NONE && t->nodes[left].kind == K_IDENTIFIER && tp_resolve_name(res, left, var.ptr, var.len) &&
		    tp_resolve_name(res, left, var.ptr, var.len) == tp_resolve_name(res, 0, var.ptr, var.len))
			module_var_names(out, rel, var);
		/* a function of the module that loads it (a plugin getter): what its calls give */
		if (rel && loads && def != 0 && res->scope_of[def] == 0 && t->nodes[def].kind == K_FUNCTION_DEF) {
			uint32_t name = tp_child(t, def, F_NAME);
			size_t before = out->len;
			if (name != TP_NONE)
				module_var_names(out, rel, (tp_str){src + t->nodes[name].start, t->nodes[name].end - t->nodes[name].start});
			for (size_t k = before; k < out->len; k++) {
				char *call = tp_xprintf("%s()", out->items[k]);
				free(out->items[k]);
				out->items[k] = call;
			}
		}
		size_t before = out->len;
		tp_extension_build_names(out, res, i);
		for (size_t k = before, n = out->len; k < n; k++) {
			const char *dot = strrchr(out->items[k], '.');
			if (dot) /* `from . import _C` binds the last name only */
				tp_array_push(out, tp_xstrdup(dot + 1));
		}
	}
	scan_close(&f);
}
