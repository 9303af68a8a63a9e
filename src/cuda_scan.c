/* cuda_scan: lexes a C++/CUDA source into tokens, matches its brackets, then
 * walks the tokens once to find pybind11/TORCH_LIBRARY registrations and
 * kernel definitions and launches (the custom-extension analysis reads the
 * result). */
#include "cuda_scan.h"

#include <stdlib.h>

#define NONE UINT32_MAX
/* A bound, in tokens, on the look-around of one construct (macro arguments,
 * a call's first argument, a kernel's template arguments), so that hostile
 * input stays linear: real ones are a few tokens long. */
#define MAX_LOOK 256

enum { T_IDENT, T_STRING, T_CHAR, T_NUMBER, T_PUNCT };

/* One token. start/end: its bytes. cstart/cend: a string literal's contents
 * (between the quotes, or the raw string's parentheses). line/line_end: the
 * 1-based lines of its first and last byte. match: the index of the matching
 * bracket for ( ) [ ] { }, NONE when unbalanced or not a bracket. reg_var: on a
 * ')' that closes a registration call, 1 + the index of its module variable,
 * so that a `.def(` right after it chains onto the same module; else 0. */
typedef struct {
	uint32_t start, end;
	uint32_t cstart, cend;
	uint32_t line, line_end;
	uint32_t match;
	uint32_t reg_var;
	uint8_t type;
} tok;

typedef tp_array(tok) toks;

typedef struct {
	const char *s;
	uint32_t len;
	uint32_t i;
	uint32_t line;
	int bol; /* only whitespace or comments since the last newline */
	toks t;
} lexer;

static int digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int ident_start(unsigned char c)
{
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}
static int ident_char(unsigned char c) { return ident_start(c) || digit(c); }
static int hspace(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static void emit(lexer *lx, uint8_t type, uint32_t start, uint32_t line)
{
	tok t = {start, lx->i, 0, 0, line, lx->line, NONE, 0, type};
	tp_array_push(&lx->t, t);
	lx->bol = 0;
}

/* Skips a `//` comment up to (not including) its newline; a backslash before
 * the newline continues it, as in the preprocessor. */
static void skip_line_comment(lexer *lx)
{
	const char *s = lx->s;
	while (lx->i < lx->len && s[lx->i] != '\n')
		lx->i++;
	while (lx->i < lx->len) {
		uint32_t k = lx->i;
		if (k > 0 && s[k - 1] == '\r')
			k--;
		if (k == 0 || s[k - 1] != '\\')
			return;
		lx->i++; /* the continued newline */
		lx->line++;
		while (lx->i < lx->len && s[lx->i] != '\n')
			lx->i++;
	}
}

static void skip_block_comment(lexer *lx)
{
	const char *s = lx->s;
	lx->i += 2;
	while (lx->i < lx->len) {
		if (s[lx->i] == '*' && lx->i + 1 < lx->len && s[lx->i + 1] == '/') {
			lx->i += 2;
			return;
		}
		if (s[lx->i] == '\n')
			lx->line++;
		lx->i++;
	}
}

/* A quoted literal from its opening quote at lx->i. An unterminated one ends
 * before the newline (or at the end of input). */
static void quoted(lexer *lx, uint32_t start, uint32_t line)
{
	const char *s = lx->s;
	char q = s[lx->i++];
	uint32_t cstart = lx->i, cend;
	for (;;) {
		if (lx->i >= lx->len) {
			cend = lx->len;
			break;
		}
		char c = s[lx->i];
		if (c == '\\') {
			lx->i++;
			if (lx->i < lx->len && s[lx->i] == '\r' && lx->i + 1 < lx->len && s[lx->i + 1] == '\n')
				lx->i++;
			if (lx->i < lx->len) {
				if (s[lx->i] == '\n')
					lx->line++;
				lx->i++;
			}
			continue;
		}
		if (c == '\n') {
			cend = lx->i;
			break;
		}
		if (c == q) {
			cend = lx->i++;
			break;
		}
		lx->i++;
	}
	emit(lx, q == '"' ? T_STRING : T_CHAR, start, line);
	lx->t.items[lx->t.len - 1].cstart = cstart;
	lx->t.items[lx->t.len - 1].cend = cend;
}

/* R"delim( ... )delim" with lx->i on the quote. Returns 0 when the delimiter
 * is malformed, to be lexed as an ordinary string. */
static int raw_string(lexer *lx, uint32_t start, uint32_t line)
{
	const char *s = lx->s;
	uint32_t d = lx->i + 1, k = d;
	while (k < lx->len && k - d <= 16 && s[k] != '(') {
		char c = s[k];
		if (c == ')' || c == '\\' || c == '"' || c == ' ' || c == '\n' || hspace((unsigned char)c))
			return 0;
		k++;
	}
	if (k >= lx->len || s[k] != '(' || k - d > 16)
		return 0;
	uint32_t dl = k - d, cstart = k + 1, cend = lx->len, end = lx->len;
	for (uint32_t j = cstart; j < lx->len; j++) {
		if (s[j] == ')' && lx->len - j - 1 >= dl + 1 && memcmp(s + j + 1, s + d, dl) == 0 && s[j + 1 + dl] == '"') {
			cend = j;
			end = j + dl + 2;
			break;
		}
	}
	for (uint32_t j = lx->i; j < end; j++)
		if (s[j] == '\n')
			lx->line++;
	lx->i = end;
	emit(lx, T_STRING, start, line);
	lx->t.items[lx->t.len - 1].cstart = cstart;
	lx->t.items[lx->t.len - 1].cend = cend;
	return 1;
}

/* Reads the directive name after a '#' at p; returns its length, *at its start. */
static uint32_t directive(const lexer *lx, uint32_t p, uint32_t *at)
{
	p++;
	while (p < lx->len && hspace((unsigned char)lx->s[p]))
		p++;
	uint32_t q = p;
	while (q < lx->len && ident_char((unsigned char)lx->s[q]))
		q++;
	*at = p;
	return q - p;
}

static int word_is(const lexer *lx, uint32_t at, uint32_t n, const char *w)
{
	return strlen(w) == n && memcmp(lx->s + at, w, n) == 0;
}

/* With lx->i on a line-initial '#': when it opens `#if 0`, skips to the end
 * of the line of its `#else`, `#elif` or `#endif` and returns 1. */
static int skip_if0(lexer *lx)
{
	const char *s = lx->s;
	uint32_t at, n = directive(lx, lx->i, &at);
	if (!word_is(lx, at, n, "if"))
		return 0;
	uint32_t p = at + n;
	while (p < lx->len && hspace((unsigned char)s[p]))
		p++;
	if (p >= lx->len || s[p] != '0')
		return 0;
	p++;
	while (p < lx->len && hspace((unsigned char)s[p]))
		p++;
	if (p < lx->len && s[p] != '\n' && s[p] != '/')
		return 0;
	int depth = 0;
	for (;;) { /* p is within the directive's line: go to the next line */
		while (p < lx->len && s[p] != '\n')
			p++;
		if (p >= lx->len) {
			lx->i = lx->len;
			return 1;
		}
		lx->line++;
		p++;
		while (p < lx->len && hspace((unsigned char)s[p]))
			p++;
		if (p >= lx->len || s[p] != '#')
			continue;
		n = directive(lx, p, &at);
		if (word_is(lx, at, n, "if") || word_is(lx, at, n, "ifdef") || word_is(lx, at, n, "ifndef"))
			depth++;
		else if (word_is(lx, at, n, "endif") && depth > 0)
			depth--;
		else if (depth == 0 && (word_is(lx, at, n, "endif") || word_is(lx, at, n, "else") || word_is(lx, at, n, "elif"))) {
			while (p < lx->len && s[p] != '\n')
				p++;
			lx->i = p; /* the main loop counts this newline */
			return 1;
		}
	}
}

static int is_prefix(const char *s, uint32_t n, int raw)
{
	static const char *const plain[] = {"L", "u", "U", "u8"};
	static const char *const rawp[] = {"R", "LR", "uR", "UR", "u8R"};
	const char *const *set = raw ? rawp : plain;
	size_t count = raw ? 5 : 4;
	for (size_t k = 0; k < count; k++)
		if (strlen(set[k]) == n && memcmp(set[k], s, n) == 0)
			return 1;
	return 0;
}

static void lex(lexer *lx)
{
	const char *s = lx->s;
	while (lx->i < lx->len) {
		unsigned char c = (unsigned char)s[lx->i];
		uint32_t start = lx->i, line = lx->line;
		unsigned char c1 = lx->i + 1 < lx->len ? (unsigned char)s[lx->i + 1] : 0;
		if (c == '\n') {
			lx->line++;
			lx->i++;
			lx->bol = 1;
		} else if (hspace(c) || c == '\\') { /* a backslash is a line continuation here */
			lx->i++;
		} else if (c == '/' && c1 == '/') {
			skip_line_comment(lx);
		} else if (c == '/' && c1 == '*') {
			skip_block_comment(lx);
		} else if (c == '#' && lx->bol && skip_if0(lx)) {
			continue;
		} else if (ident_start(c)) {
			while (lx->i < lx->len && ident_char((unsigned char)s[lx->i]))
				lx->i++;
			uint32_t n = lx->i - start;
			char q = lx->i < lx->len ? s[lx->i] : 0;
			if (q == '"' && is_prefix(s + start, n, 1) && raw_string(lx, start, line))
				continue;
			if ((q == '"' || q == '\'') && (is_prefix(s + start, n, 0) || is_prefix(s + start, n, 1))) {
				quoted(lx, start, line);
				continue;
			}
			emit(lx, T_IDENT, start, line);
		} else if (digit(c) || (c == '.' && digit(c1))) {
			lx->i++;
			while (lx->i < lx->len) {
				unsigned char d = (unsigned char)s[lx->i];
				unsigned char e = lx->i + 1 < lx->len ? (unsigned char)s[lx->i + 1] : 0;
				if (d == 'e' || d == 'E' || d == 'p' || d == 'P') {
					lx->i += (e == '+' || e == '-') ? 2 : 1;
				} else if (ident_char(d) || d == '.') {
					lx->i++;
				} else if (d == '\'' && ident_char(e)) { /* digit separator */
					lx->i += 2;
				} else {
					break;
				}
			}
			if (lx->i > lx->len)
				lx->i = lx->len;
			emit(lx, T_NUMBER, start, line);
		} else if (c == '"' || c == '\'') {
			quoted(lx, start, line);
		} else {
			uint32_t j = lx->i + 2;
			while ((c == '<' || c == '>') && c1 == c && j < lx->len && (hspace((unsigned char)s[j]) || s[j] == '\n'))
				j++;
			if ((c == '<' || c == '>') && c1 == c && j < lx->len && s[j] == c) {
				/* `<<<`, also clang-format's `<< <` and `>> >` (a shift
				 * cannot be followed by `<`; a `>> >` closing templates
				 * counts three levels as `>>>` does) */
				for (uint32_t k = lx->i + 2; k < j; k++)
					lx->line += s[k] == '\n';
				lx->i = j + 1;
			} else if ((c == ':' && c1 == ':') || (c == '-' && c1 == '>'))
				lx->i += 2;
			else
				lx->i++;
			emit(lx, T_PUNCT, start, line);
		}
	}
}

/* Matches ( ) [ ] { } with one stack per kind, so that one stray bracket of a
 * kind does not shift the others. Unmatched ones keep NONE. */
static void match_brackets(toks *t, const char *s)
{
	static const char open[] = "([{", close[] = ")]}";
	tp_array(uint32_t) st[3] = {{0}, {0}, {0}};
	for (uint32_t i = 0; i < t->len; i++) {
		tok *k = &t->items[i];
		if (k->type != T_PUNCT || k->end - k->start != 1)
			continue;
		const char *o = strchr(open, s[k->start]), *c = strchr(close, s[k->start]);
		if (o && *o) {
			tp_array_push(&st[o - open], i);
		} else if (c && *c) {
			size_t w = (size_t)(c - close);
			if (st[w].len) {
				uint32_t j = st[w].items[--st[w].len];
				t->items[j].match = i;
				k->match = j;
			}
		}
	}
	for (int w = 0; w < 3; w++)
		tp_array_free(&st[w]);
}

/* ---- the walk over tokens ---- */

enum block_kind { B_PYBIND, B_LIBRARY, B_IMPL };

/* A module variable of the current block: its name (borrowed from the
 * source) and the module it stands for (owned). */
typedef struct {
	const char *p;
	uint32_t n;
	char *module;
} modvar;

/* The registration block being walked: PYBIND11_MODULE / TORCH_LIBRARY* body
 * tokens (body, end) exclusive; end is the token count when the body is not
 * closed. ns and key are owned. */
typedef struct {
	int active;
	enum block_kind kind;
	char *ns, *key;
	uint32_t body, end;
	tp_array(modvar) vars;
} block;

/* An op and where it starts, for the final ordering. */
typedef struct {
	uint32_t start, seq;
	tp_cuda_op op;
} found;

typedef struct {
	const char *s;
	toks t;
	block b;
	tp_array(found) out;
} walker;

static int is_p(const walker *w, uint32_t i, const char *p)
{
	if (i >= w->t.len)
		return 0;
	const tok *k = &w->t.items[i];
	size_t n = strlen(p);
	if (n == 3 && k->type == T_PUNCT && k->end - k->start > 3) /* `<< <`: only these are longer */
		return w->s[k->start] == p[0] && w->s[k->end - 1] == p[2];
	return k->type == T_PUNCT && k->end - k->start == n && memcmp(w->s + k->start, p, n) == 0;
}

static int is_id(const walker *w, uint32_t i, const char *name)
{
	if (i >= w->t.len || w->t.items[i].type != T_IDENT)
		return 0;
	const tok *k = &w->t.items[i];
	return !name || (strlen(name) == k->end - k->start && memcmp(w->s + k->start, name, k->end - k->start) == 0);
}

static void block_reset(block *b)
{
	for (size_t i = 0; i < b->vars.len; i++)
		free(b->vars.items[i].module);
	tp_array_free(&b->vars);
	free(b->ns);
	free(b->key);
	memset(b, 0, sizeof *b);
}

/* An op from token start_tok to token end_tok, both included. */
static void add(walker *w, enum tp_cuda_kind kind, char *name, char *module, uint32_t start_tok, uint32_t end_tok)
{
	const tok *a = &w->t.items[start_tok], *z = &w->t.items[end_tok];
	found f = {a->start, (uint32_t)w->out.len, {kind, name, module, a->line, z->line_end, a->start, z->end, 0}};
	if (f.op.line2 < f.op.line1 || f.op.end < f.op.start) {
		f.op.line2 = f.op.line1;
		f.op.end = a->end;
	}
	tp_array_push(&w->out, f);
}

/* The ')' matching the '(' at p, or the last token. */
static uint32_t close_tok(const walker *w, uint32_t p)
{
	uint32_t c = p < w->t.len ? w->t.items[p].match : NONE;
	return c != NONE ? c : (uint32_t)w->t.len - 1;
}

/* The first string literal of the first argument of the call whose '(' is
 * at p (nested ones included: TORCH_SELECTIVE_SCHEMA("...")), or NONE. */
static uint32_t first_string(const walker *w, uint32_t p)
{
	int depth = 0;
	for (uint32_t i = p + 1; i < w->t.len && i - p < MAX_LOOK; i++) {
		const tok *k = &w->t.items[i];
		if (k->type == T_STRING)
			return i;
		if (is_p(w, i, "(") || is_p(w, i, "[") || is_p(w, i, "{"))
			depth++;
		else if (is_p(w, i, ")") || is_p(w, i, "]") || is_p(w, i, "}")) {
			if (--depth < 0)
				return NONE;
		} else if (depth == 0 && is_p(w, i, ";"))
			return NONE;
		else if (depth == 0 && is_p(w, i, ","))
			return NONE;
	}
	return NONE;
}

/* The concatenated token texts of tokens [a, b): whitespace and comments go. */
static char *tokens_text(const walker *w, uint32_t a, uint32_t b)
{
	tp_buf buf = {0};
	for (uint32_t i = a; i < b; i++)
		tp_buf_add(&buf, w->s + w->t.items[i].start, w->t.items[i].end - w->t.items[i].start);
	tp_buf_add(&buf, "", 0);
	if (!buf.ptr)
		return tp_xstrdup("");
	return buf.ptr;
}

/* "ns::op" from a schema or op name: leading blanks go, the name ends at
 * '(', '.', or a blank. NULL when empty. */
static char *op_name(const char *ns, const char *p, size_t n)
{
	size_t a = 0;
	while (a < n && (hspace((unsigned char)p[a]) || p[a] == '\n'))
		a++;
	size_t b = a;
	while (b < n && p[b] != '(' && p[b] != '.' && !hspace((unsigned char)p[b]) && p[b] != '\n')
		b++;
	if (b == a)
		return NULL;
	for (size_t i = a; i + 1 < b; i++)
		if (p[i] == ':' && p[i + 1] == ':')
			return tp_xstrndup(p + a, b - a);
	return tp_xprintf("%s::%.*s", ns, (int)(b - a), p + a);
}

/* Splits the macro arguments between the '(' at p and its match; fills up to
 * 4 [from, to) ranges and returns the argument count, or -1 if unclosed. */
static int macro_args(const walker *w, uint32_t p, uint32_t from[4], uint32_t to[4])
{
	uint32_t c = w->t.items[p].match;
	if (c == NONE || c - p > MAX_LOOK)
		return -1;
	int n = 0, depth = 0;
	uint32_t a = p + 1;
	for (uint32_t i = p + 1; i <= c; i++) {
		if (i < c && (is_p(w, i, "(") || is_p(w, i, "[") || is_p(w, i, "{")))
			depth++;
		else if (i < c && (is_p(w, i, ")") || is_p(w, i, "]") || is_p(w, i, "}")))
			depth--;
		else if (i == c || (depth == 0 && is_p(w, i, ","))) {
			if (n < 4) {
				from[n] = a;
				to[n] = i;
			}
			n++;
			a = i + 1;
		}
	}
	if (n == 1 && from[0] == to[0])
		n = 0;
	return n;
}

static int single_ident(const walker *w, uint32_t a, uint32_t b) { return b == a + 1 && is_id(w, a, NULL); }

static void push_var(block *b, const walker *w, uint32_t i, char *module)
{
	modvar v = {w->s + w->t.items[i].start, w->t.items[i].end - w->t.items[i].start, module};
	tp_array_push(&b->vars, v);
}

/* With token i a block macro's name: opens its block (replacing any open
 * one, whose body then was not closed). */
static void open_block(walker *w, uint32_t i)
{
	static const struct {
		const char *macro;
		enum block_kind kind;
		int nargs;
	} macros[] = {
		{"PYBIND11_MODULE", B_PYBIND, 2},
		{"TORCH_LIBRARY", B_LIBRARY, 2},
		{"TORCH_LIBRARY_FRAGMENT", B_LIBRARY, 2},
		{"TORCH_LIBRARY_EXPAND", B_LIBRARY, 2},
		{"TORCH_LIBRARY_IMPL", B_IMPL, 3},
		{"TORCH_LIBRARY_IMPL_EXPAND", B_IMPL, 3},
	};
	size_t m = 0;
	while (m < sizeof macros / sizeof *macros && !is_id(w, i, macros[m].macro))
		m++;
	if (m == sizeof macros / sizeof *macros || !is_p(w, i + 1, "("))
		return;
	if (i >= 2 && is_id(w, i - 1, "define") && is_p(w, i - 2, "#"))
		return;
	uint32_t from[4], to[4];
	int n = macro_args(w, i + 1, from, to);
	enum block_kind kind = macros[m].kind;
	/* PYBIND11_MODULE takes an optional third argument (mod_gil_not_used()). */
	if (n < macros[m].nargs || (kind != B_PYBIND && n != macros[m].nargs))
		return;
	int v = kind == B_IMPL ? 2 : 1;
	if (!single_ident(w, from[v], to[v]))
		return;
	uint32_t body = w->t.items[i + 1].match + 1;
	if (!is_p(w, body, "{"))
		return;
	block_reset(&w->b);
	w->b.active = 1;
	w->b.kind = kind;
	w->b.ns = tokens_text(w, from[0], to[0]);
	w->b.key = kind == B_IMPL ? tokens_text(w, from[1], to[1]) : tp_xstrdup("");
	w->b.body = body;
	w->b.end = w->t.items[body].match != NONE ? w->t.items[body].match : (uint32_t)w->t.len;
	push_var(&w->b, w, from[v], tp_xstrdup(kind == B_IMPL ? w->b.key : w->b.ns));
}

/* The index of the module variable that token i names, latest first, or NONE. */
static uint32_t find_var(const walker *w, uint32_t i)
{
	if (!is_id(w, i, NULL))
		return NONE;
	const tok *k = &w->t.items[i];
	for (size_t v = w->b.vars.len; v-- > 0;) {
		const modvar *mv = &w->b.vars.items[v];
		if (mv->n == k->end - k->start && memcmp(mv->p, w->s + k->start, mv->n) == 0)
			return (uint32_t)v;
	}
	return NONE;
}

/* Whether the function a def or impl call (its '(' at p) binds, its second
 * argument, is named *_cpu (`m.def("nms_cpu", &nms_cpu)`): by the common
 * convention, the CPU version of an op that may also have a CUDA one. */
static int cpu_function(const walker *w, uint32_t p)
{
	uint32_t from[4], to[4];
	if (macro_args(w, p, from, to) < 2 || to[1] == from[1])
		return 0;
	const tok *k = &w->t.items[to[1] - 1];
	return k->type == T_IDENT && k->end - k->start > 4 && memcmp(w->s + k->end - 4, "_cpu", 4) == 0;
}

/* The call `.METHOD(` whose '.' is at dot and whose construct starts at
 * start, on the module variable var of the current block. */
static void registration(walker *w, uint32_t start, uint32_t dot, uint32_t var)
{
	uint32_t p = dot + 2;
	int def = is_id(w, dot + 1, "def"), impl = is_id(w, dot + 1, "impl");
	block *b = &w->b;
	if (!(def && b->kind != B_IMPL) && !(impl && b->kind != B_PYBIND))
		return;
	if (w->t.items[p].match != NONE)
		w->t.items[w->t.items[p].match].reg_var = var + 1;
	const char *module = b->vars.items[var].module;
	uint32_t si = first_string(w, p);
	if (si == NONE)
		return;
	const tok *st = &w->t.items[si];
	const char *text = w->s + st->cstart;
	size_t n = st->cend - st->cstart;
	char *name;
	enum tp_cuda_kind kind;
	if (b->kind == B_PYBIND) {
		if (n == 0)
			return;
		name = tp_xstrndup(text, n);
		kind = TP_CUDA_PYBIND_DEF;
	} else {
		if (!(name = op_name(b->ns, text, n)))
			return;
		kind = def ? TP_CUDA_LIBRARY_DEF : TP_CUDA_LIBRARY_IMPL;
		if (impl && b->kind == B_LIBRARY)
			module = "";
	}
	add(w, kind, name, tp_xstrdup(module), start, close_tok(w, p));
	w->out.items[w->out.len - 1].op.cpu = (b->kind == B_IMPL && !strstr(b->key, "CUDA")) || cpu_function(w, p);
}

/* `A = VAR.def_submodule("sub", ...)`: A stands for MODULE.sub from here on. */
static void submodule(walker *w, uint32_t i)
{
	uint32_t v = find_var(w, i + 2);
	if (v == NONE || !is_id(w, i, NULL) || !is_p(w, i + 1, "=") || !is_p(w, i + 3, ".") ||
	    !is_id(w, i + 4, "def_submodule") || !is_p(w, i + 5, "("))
		return;
	uint32_t si = first_string(w, i + 5);
	if (si == NONE)
		return;
	const tok *st = &w->t.items[si];
	char *module = tp_xprintf("%s.%.*s", w->b.vars.items[v].module, (int)(st->cend - st->cstart), w->s + st->cstart);
	push_var(&w->b, w, i, module);
}

/* `torch::RegisterOperators("ns::op", &f).op("ns::op2(Tensor a) -> Tensor", &g)`
 * with RegisterOperators at i: the legacy registration of torch.ops.ns ops.
 * Only names that carry their namespace count. */
static void register_operators(walker *w, uint32_t i)
{
	for (uint32_t start = i, p = i + 1;;) {
		uint32_t si = first_string(w, p);
		const tok *st = si == NONE ? NULL : &w->t.items[si];
		const char *text = st ? w->s + st->cstart : NULL;
		char *name = st ? op_name("", text, st->cend - st->cstart) : NULL;
		char *sep = name ? strstr(name, "::") : NULL;
		if (sep && sep > name)
			add(w, TP_CUDA_REGISTER_OP, name, tp_xstrndup(name, (size_t)(sep - name)), start, close_tok(w, p));
		else
			free(name);
		uint32_t c = w->t.items[p].match;
		if (c == NONE || !is_p(w, c + 1, ".") || !is_id(w, c + 2, "op") || !is_p(w, c + 3, "("))
			return;
		start = c + 1;
		p = c + 3;
	}
}

/* The kernel name ending before the '<<<' at g: back over one template
 * argument list, then `a::b::` qualifiers. Returns NONE when there is none;
 * *first is the first name token. */
static uint32_t kernel_name(const walker *w, uint32_t g, uint32_t *first)
{
	if (g == 0)
		return NONE;
	uint32_t k = g - 1;
	if (is_p(w, k, ">") || is_p(w, k, ">>>")) {
		long depth = 0;
		for (uint32_t steps = 0;; steps++) {
			if (steps > MAX_LOOK)
				return NONE;
			const tok *t = &w->t.items[k];
			if (is_p(w, k, ">"))
				depth++;
			else if (is_p(w, k, ">>>"))
				depth += 3;
			else if (is_p(w, k, "<") && --depth == 0)
				break;
			else if ((is_p(w, k, ")") || is_p(w, k, "]")) && t->match != NONE)
				k = t->match;
			else if (is_p(w, k, ";") || is_p(w, k, "{") || is_p(w, k, "}") || is_p(w, k, "(") ||
			         is_p(w, k, "[") || is_p(w, k, ")") || is_p(w, k, "]") || is_p(w, k, "<<<"))
				return NONE;
			if (k == 0)
				return NONE;
			k--;
		}
		if (k == 0)
			return NONE;
		k--;
	}
	if (!is_id(w, k, NULL) || is_id(w, k, "operator")) /* operator<<<T>(...) is C++ */
		return NONE;
	*first = k;
	while (*first >= 2 && is_p(w, *first - 1, "::") && is_id(w, *first - 2, NULL))
		*first -= 2;
	return k;
}

/* A launch at the '<<<' at g, reported when its `>>>` follows (or the input
 * ends first). */
static void launch(walker *w, uint32_t g)
{
	uint32_t first, last = kernel_name(w, g, &first);
	if (last == NONE)
		return;
	uint32_t k = g + 1, end;
	for (;;) {
		if (k >= w->t.len) {
			end = (uint32_t)w->t.len - 1;
			break;
		}
		const tok *t = &w->t.items[k];
		if (is_p(w, k, ">>>")) {
			end = is_p(w, k + 1, "(") ? close_tok(w, k + 1) : k;
			break;
		}
		if (is_p(w, k, "(") || is_p(w, k, "[") || is_p(w, k, "{")) {
			if (t->match == NONE)
				return;
			k = t->match + 1;
			continue;
		}
		if (is_p(w, k, ";") || is_p(w, k, "}") || is_p(w, k, ")") || is_p(w, k, "]") || is_p(w, k, "<<<"))
			return;
		k++;
	}
	tp_buf name = {0};
	for (uint32_t i = first; i <= last; i += 2) {
		if (i > first)
			tp_buf_puts(&name, "::");
		tp_buf_add(&name, w->s + w->t.items[i].start, w->t.items[i].end - w->t.items[i].start);
	}
	add(w, TP_CUDA_KERNEL_LAUNCH, name.ptr, tp_xstrdup(""), first, end);
}

/* A `__global__` kernel's definition, the qualifier at i: the name before the
 * first '(' that is not an attribute's, when a body follows its parameters
 * (a declaration is not listed; a kernel launched elsewhere or through a
 * macro still is). */
static void kernel_def(walker *w, uint32_t i)
{
	/* `#define GLOBAL __global__`: the directive ends with its line */
	uint32_t line = w->t.items[i].line, b = i;
	while (b > 0 && i - b < MAX_LOOK && w->t.items[b - 1].line == line)
		b--;
	int directive = is_p(w, b, "#");
	for (uint32_t k = i + 1; k < w->t.len && k - i < MAX_LOOK; k++) {
		if (is_p(w, k, ";") || is_p(w, k, "{") || is_p(w, k, "}") || (directive && w->t.items[k].line != line))
			return;
		if (!is_p(w, k, "("))
			continue;
		uint32_t c = w->t.items[k].match;
		if (c == NONE)
			return;
		if (!is_id(w, k - 1, NULL) || is_id(w, k - 1, "__launch_bounds__") || is_id(w, k - 1, "__attribute__") ||
		    is_id(w, k - 1, "__declspec") || is_id(w, k - 1, "alignas")) {
			k = c;
			continue;
		}
		if (!is_p(w, c + 1, "{"))
			return;
		uint32_t first = k - 1;
		while (first >= 2 && is_p(w, first - 1, "::") && is_id(w, first - 2, NULL))
			first -= 2;
		add(w, TP_CUDA_KERNEL_DEF, tokens_text(w, first, k), tp_xstrdup(""), first, c);
		return;
	}
}

/* cudaLaunchKernel((const void *)k, grid, block, args, smem, stream) at i:
 * the kernel is the last name of the first argument outside template
 * arguments (`reinterpret_cast<void *>(&k<T>)` names k). */
static void launch_call(walker *w, uint32_t i)
{
	uint32_t p = i + 1, close = w->t.items[p].match, name = NONE;
	long angle = 0;
	for (uint32_t k = p + 1; k < w->t.len && k != close && k - p < MAX_LOOK; k++) {
		const tok *t = &w->t.items[k];
		if (is_p(w, k, ","))
			break;
		if (is_p(w, k, "<"))
			angle++;
		else if (is_p(w, k, ">") && angle > 0)
			angle--;
		else if (t->type == T_IDENT && angle == 0 && !is_id(w, k, "const") && !is_id(w, k, "void"))
			name = k;
	}
	if (name == NONE)
		return;
	add(w, TP_CUDA_KERNEL_LAUNCH, tp_xstrndup(w->s + w->t.items[name].start, w->t.items[name].end - w->t.items[name].start),
	    tp_xstrdup(""), i, close_tok(w, p));
}

static int by_start(const void *a, const void *b)
{
	const found *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void tp_cuda_scan(tp_cuda_ops *out, const char *src, size_t len)
{
	lexer lx = {src, len > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)len, 0, 1, 1, {0}};
	if (!src)
		lx.len = 0;
	lex(&lx);
	match_brackets(&lx.t, src);
	walker w = {src, lx.t, {0}, {0}};
	uint32_t n = (uint32_t)w.t.len;
	for (uint32_t i = 0; i < n; i++) {
		if (w.b.active && i >= w.b.end)
			block_reset(&w.b);
		const tok *t = &w.t.items[i];
		if (t->type == T_IDENT && t->end - t->start >= 13 && (src[t->start] == 'P' || src[t->start] == 'T')) {
			open_block(&w, i);
			if (w.b.active && w.b.body > i)
				continue;
		}
		if (t->type == T_IDENT && t->end - t->start == 10 && is_id(&w, i, "__global__")) {
			kernel_def(&w, i);
			continue;
		}
		if (is_p(&w, i, "<<<")) {
			launch(&w, i);
			continue;
		}
		if (t->type == T_IDENT && t->end - t->start == 17 && is_id(&w, i, "RegisterOperators") && is_p(&w, i + 1, "(")) {
			register_operators(&w, i);
			continue;
		}
		if ((is_id(&w, i, "cudaLaunchKernel") || is_id(&w, i, "cudaLaunchCooperativeKernel")) && is_p(&w, i + 1, "(")) {
			launch_call(&w, i);
			continue;
		}
		if (!w.b.active || i <= w.b.body)
			continue;
		if (w.b.kind == B_PYBIND)
			submodule(&w, i);
		uint32_t v = find_var(&w, i), chained = i > 0 ? w.t.items[i - 1].reg_var : 0;
		if (v != NONE && is_p(&w, i + 1, ".") && is_p(&w, i + 3, "(") &&
		    !(i > 0 && (is_p(&w, i - 1, ".") || is_p(&w, i - 1, "->") || is_p(&w, i - 1, "::"))))
			registration(&w, i, i + 1, v);
		else if (chained && chained <= w.b.vars.len && is_p(&w, i, ".") && is_p(&w, i + 2, "("))
			registration(&w, i, i, chained - 1);
	}
	block_reset(&w.b);
	if (w.out.len > 1)
		qsort(w.out.items, w.out.len, sizeof *w.out.items, by_start);
	for (size_t i = 0; i < w.out.len; i++)
		tp_array_push(out, w.out.items[i].op);
	tp_array_free(&w.out);
	tp_array_free(&w.t);
}

void tp_cuda_ops_dispose(tp_cuda_ops *ops)
{
	if (!ops)
		return;
	for (size_t i = 0; i < ops->len; i++) {
		free(ops->items[i].name);
		free(ops->items[i].module);
	}
	tp_array_free(ops);
}

const char *tp_cuda_kind_name(enum tp_cuda_kind k)
{
	switch (k) {
	case TP_CUDA_PYBIND_DEF: return "pybind11 def";
	case TP_CUDA_LIBRARY_DEF: return "TORCH_LIBRARY def";
	case TP_CUDA_LIBRARY_IMPL: return "TORCH_LIBRARY_IMPL impl";
	case TP_CUDA_KERNEL_DEF: return "kernel definition";
	case TP_CUDA_KERNEL_LAUNCH: return "kernel launch";
	case TP_CUDA_REGISTER_OP: return "RegisterOperators op";
	}
	return "?";
}
