/* edit: ordering, conflict detection and byte-exact splicing of edits. */
#include "edit.h"

#include <stdlib.h>

static int is_edit(const tp_item *it) { return it->op <= TP_OP_DELETE; }

/* An item with its discovery order: the tie-break for precedence. */
typedef struct {
	tp_item it;
	size_t seq;
	int drop;
} slot;

/* An insertion of whole lines: at one point, it goes before text inserted
 * into the line that follows (`if rank == 0: ` before a statement). */
static int inserts_lines(const tp_item *it)
{
	size_t n = it->start == it->end && it->text ? strlen(it->text) : 0;
	return n && it->text[n - 1] == '\n';
}

static int by_position(const void *a, const void *b)
{
	const slot *x = a, *y = b;
	if (x->it.start != y->it.start)
		return x->it.start < y->it.start ? -1 : 1;
	if (x->it.end != y->it.end)
		return x->it.end < y->it.end ? -1 : 1;
	if (inserts_lines(&x->it) != inserts_lines(&y->it))
		return inserts_lines(&x->it) ? -1 : 1;
	return x->seq < y->seq ? -1 : 1;
}

/* Whether an edit is inside an error region; an insertion of whole lines
 * may go right before one (the import after `import torch` before a merge
 * conflict's `<<<<<<<`), other text not. */
static int touches(const tp_item *it, const struct tp_range *errors, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (it->start < errors[i].end && errors[i].start < it->end + (it->start == it->end && !inserts_lines(it)))
			return 1;
	return 0;
}

void tp_plan(tp_item *items, size_t *count, const struct tp_range *errors, uint32_t nerrors, tp_arena *arena)
{
	size_t n = *count;
	slot *s = tp_arena_alloc(arena, (n ? n : 1) * sizeof *s);
	for (size_t i = 0; i < n; i++) {
		s[i] = (slot){items[i], i, 0};
		tp_item *it = &s[i].it;
		if (is_edit(it) && nerrors && touches(it, errors, nerrors)) {
			it->message = tp_arena_printf(arena, "not applied inside a syntax error region: %s", it->message);
			it->op = TP_OP_WARNING;
		}
	}
	if (n)
		qsort(s, n, sizeof *s, by_position);
	/* Once sorted, only neighbours up to the first non-overlap can conflict. */
	for (size_t i = 0; i < n; i++) {
		tp_item *a = &s[i].it;
		if (!is_edit(a) || s[i].drop)
			continue;
		for (size_t j = i + 1; j < n && s[j].it.start <= a->end; j++) {
			tp_item *b = &s[j].it;
			if (!is_edit(b) || s[j].drop)
				continue;
			int same = a->start == b->start && a->end == b->end;
			if (!same && b->start >= a->end)
				continue; /* adjacent, or an insertion right after a */
			if (a->start == a->end && same && strcmp(a->text, b->text) != 0)
				continue; /* two insertions at one point: both, in the order found */
			if (same && strcmp(a->text, b->text) == 0) {
				s[j].drop = 1; /* two rules agree: one edit */
				continue;
			}
			int a_loses = b->user && !a->user;
			tp_item *lose = a_loses ? a : b, *win = a_loses ? b : a;
			if (!a->user && !b->user && win->rule_id && lose->rule_id && strcmp(win->rule_id, lose->rule_id) == 0 &&
			    win->start <= lose->start && lose->end <= win->end) {
				s[a_loses ? i : j].drop = 1; /* one rule rewrote the whole (-s: `torch.device('cuda', ids[0])`) */
				if (a_loses)
					break;
				continue;
			}
			lose->message = tp_arena_printf(arena, "overlapping edits: kept %s (%s), not applied %s (%s)",
							win->rule_id ? win->rule_id : "built-in", win->message,
							lose->rule_id ? lose->rule_id : "built-in", lose->message);
			lose->op = TP_OP_WARNING;
			if (a_loses)
				break;
		}
	}
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!s[i].drop)
			items[k++] = s[i].it;
	*count = k;
}

void tp_apply(tp_buf *out, const char *src, size_t len, const tp_item *items, size_t count)
{
	size_t at = 0;
	for (size_t i = 0; i < count; i++) {
		const tp_item *it = &items[i];
		if (!is_edit(it))
			continue;
		tp_buf_add(out, src + at, it->start - at);
		tp_buf_puts(out, it->text);
		at = it->end;
	}
	tp_buf_add(out, src + at, len - at);
}

/* ---- edits that cannot change how a file parses ---------------------------- */

static int name_char(char c) { return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

/* Past a plain name, or plain names joined by dots where dots is set. */
static int skip_name(const char **s, const char *end, int dots)
{
	for (;;) {
		const char *w = *s;
		while (*s < end && name_char(**s))
			(*s)++;
		if (!tp_is_plain_name(w, (size_t)(*s - w)))
			return 0;
		if (!dots || *s == end || **s != '.')
			return 1;
		(*s)++;
	}
}

static int dotted(const char *s, size_t n)
{
	const char *p = s;
	return skip_name(&p, s + n, 1) && p == s + n;
}

/* Past word at *s, if it is there. */
static int skip(const char **s, const char *end, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(end - *s) < n || memcmp(*s, word, n) != 0)
		return 0;
	*s += n;
	return 1;
}

/* The first node that starts at or after off (starts never decrease in
 * preorder). */
static uint32_t first_from(const tp_tree *t, uint32_t off)
{
	uint32_t lo = 0, hi = t->count;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (t->nodes[mid].start < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether a token that begins and ends with a name character or a quote, in
 * place of src[start, end), lexes on its own: no name or number ends right
 * before it (`1.e5`), and no name or quote follows it (`f"…"`). */
static int stands_alone(const char *src, uint32_t len, uint32_t start, uint32_t end)
{
	if (start && name_char(src[start - 1]))
		return 0;
	if (start && src[start - 1] == '.') {
		uint32_t k = start - 1;
		while (k > 0 && name_char(src[k - 1]))
			k--;
		if (k < start - 1 && src[k] >= '0' && src[k] <= '9')
			return 0;
	}
	return end >= len || (!name_char(src[end]) && src[end] != '"' && src[end] != '\'');
}

/* Names for names: [start, end) runs from the start of a name to the end of
 * one with only names and dots between (`cuda`, `torch.cuda.amp`), and the
 * text is plain names joined by dots, a single name for a single name. */
static int renames(const tp_tree *t, const char *src, uint32_t len, const tp_item *it)
{
	const char *old = src + it->start;
	size_t n = it->end - it->start;
	for (size_t i = 0; i < n; i++)
		if (!name_char(old[i]) && !(old[i] == '.' && i && i + 1 < n && old[i - 1] != '.'))
			return 0;
	int one = !memchr(old, '.', n);
	if (!n || !(one ? tp_is_plain_name(it->text, strlen(it->text)) : dotted(it->text, strlen(it->text))) ||
	    !stands_alone(src, len, it->start, it->end))
		return 0;
	uint32_t first = first_from(t, it->start), last = first_from(t, it->end) - 1;
	int starts = 0;
	for (uint32_t i = first; i < t->count && t->nodes[i].start == it->start && !starts; i++)
		starts = t->nodes[i].kind == K_IDENTIFIER && (!one || t->nodes[i].end == it->end);
	return starts && last < t->count && t->nodes[last].kind == K_IDENTIFIER && t->nodes[last].end == it->end;
}

/* Text inside a string that no quote, escape, f-string field or line end
 * can come of, and not empty: deleting all of it could join quotes
 * (`"""a"` + `"""`). */
static int plain_text(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f || strchr("\"'\\{}", s[i]))
			return 0;
	return n > 0;
}

/* Plain text in place of text within one string_content that holds no escape
 * sequence overlapping it and follows no backslash. */
static int retexts(const tp_tree *t, const char *src, const tp_item *it)
{
	if (it->start == it->end || !plain_text(it->text, strlen(it->text)) || (it->start && src[it->start - 1] == '\\'))
		return 0;
	/* the last node that starts at or before the edit: the nodes that hold
	 * the edit are it and its ancestors */
	uint32_t n = first_from(t, it->start + 1);
	for (n = n ? n - 1 : TP_NONE; n != TP_NONE && !(t->nodes[n].start <= it->start && it->end <= t->nodes[n].end); n = t->nodes[n].parent)
		;
	if (n == TP_NONE || t->nodes[n].kind != K_STRING_CONTENT)
		return 0;
	for (uint32_t c = t->nodes[n].first; c != TP_NONE; c = t->nodes[c].next)
		if (t->nodes[c].start < it->end && it->start < t->nodes[c].end)
			return 0;
	return 1;
}

/* An expression that reads the same inside an f-string field: one line, no
 * quote, brace, comment, `:`, `!` or `=` (a format spec, a conversion, a
 * self-documenting field). */
static int field_text(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!name_char(s[i]) && !(s[i] && strchr(" .,()[]+-*/%<>&|^~@", s[i])))
			return 0;
	return n > 0;
}

/* A string literal on one line: perhaps an f, a quote, plain text and, in an
 * f-string, fields {e} where e is plain names joined by dots or is expr, and
 * the same quote. */
static int string_literal(const char *s, size_t n, const char *expr, size_t expr_len)
{
	const char *end = s + n;
	int f = s < end && (*s == 'f' || *s == 'F');
	s += f;
	if (s == end || (*s != '"' && *s != '\''))
		return 0;
	char q = *s++;
	while (s < end && *s != q) {
		const char *run = s;
		while (s < end && *s != q && *s != '{')
			s++;
		if (s > run && !plain_text(run, (size_t)(s - run)))
			return 0;
		if (s < end && *s == '{') {
			const char *e = ++s;
			while (s < end && *s != '}')
				s++;
			size_t en = (size_t)(s - e);
			if (!f || s == end || !(dotted(e, en) || (expr_len && en == expr_len && memcmp(e, expr, en) == 0)))
				return 0;
			s++;
		}
	}
	return s + 1 == end && *s == q;
}

/* The node that stands for an argument's value (a positional argument or a
 * keyword argument's value) and starts at start, or TP_NONE. */
static uint32_t argument_from(const tp_tree *t, uint32_t start)
{
	for (uint32_t i = first_from(t, start); i < t->count && t->nodes[i].start == start; i++) {
		const tp_node *n = &t->nodes[i];
		uint32_t p = n->parent;
		if (p == TP_NONE || n->kind == K_KEYWORD_ARG || n->kind == K_LIST_SPLAT || n->kind == K_DICT_SPLAT || n->kind == K_COMMENT)
			continue;
		if (t->nodes[p].kind == K_ARG_LIST || (t->nodes[p].kind == K_KEYWORD_ARG && n->field == F_VALUE))
			return i;
	}
	return TP_NONE;
}

/* A string literal for an argument's value (`0` -> `'npu:0'`, `rank` ->
 * `f'npu:{rank}'`). */
static int quotes(const tp_tree *t, const char *src, uint32_t len, const tp_item *it)
{
	uint32_t a = argument_from(t, it->start);
	const char *old = src + it->start;
	uint32_t n = it->end - it->start;
	return a != TP_NONE && t->nodes[a].end == it->end && stands_alone(src, len, it->start, it->end) &&
	       string_literal(it->text, strlen(it->text), old, field_text(old, n) ? n : 0);
}

/* An argument's value made the field of an f-string by an insertion before
 * it (items[i], `f'npu:{`) and one after it (`}'`), with only names renamed
 * between: the index of the one after, or 0. */
static size_t wraps(const tp_tree *t, const char *src, uint32_t len, const tp_item *items, size_t count, size_t i)
{
	uint32_t a = argument_from(t, items[i].start);
	if (a == TP_NONE)
		return 0;
	const tp_node *n = &t->nodes[a];
	if (!field_text(src + n->start, n->end - n->start) || !stands_alone(src, len, n->start, n->end))
		return 0;
	for (size_t k = i + 1; k < count; k++) {
		const tp_item *it = &items[k];
		if (!is_edit(it))
			continue;
		if (it->start == it->end && it->start == n->end) {
			size_t open = strlen(items[i].text), close = strlen(it->text);
			char *lit = malloc(open + close + 1);
			if (!lit)
				return 0;
			memcpy(lit, items[i].text, open);
			lit[open] = 'x';
			memcpy(lit + open + 1, it->text, close);
			int ok = open && close && items[i].text[open - 1] == '{' && it->text[0] == '}' && string_literal(lit, open + close + 1, NULL, 0);
			free(lit);
			return ok ? k : 0;
		}
		if (it->start <= n->start || it->end > n->end || !renames(t, src, len, it))
			return 0;
	}
	return 0;
}

/* `, name=value` after the last argument of a call, or `name=value` in an
 * empty argument list; the value a string literal or plain names joined by
 * dots. */
static int adds_argument(const tp_tree *t, const char *src, const tp_item *it)
{
	const char *s = it->text, *end = s + strlen(s);
	int after = skip(&s, end, ", ");
	if (!skip_name(&s, end, 0) || !skip(&s, end, "=") || !(string_literal(s, (size_t)(end - s), NULL, 0) || dotted(s, (size_t)(end - s))))
		return 0;
	uint32_t list = TP_NONE, last = TP_NONE;
	if (after) {
		/* the argument that ends here: the last node that starts before it,
		 * or one of its ancestors */
		uint32_t i = first_from(t, it->start);
		for (i = i ? i - 1 : TP_NONE; i != TP_NONE && t->nodes[i].end <= it->start; i = t->nodes[i].parent) {
			uint32_t p = t->nodes[i].parent;
			if (t->nodes[i].end == it->start && p != TP_NONE && t->nodes[p].kind == K_ARG_LIST && t->nodes[i].kind != K_COMMENT) {
				list = p, last = i;
				break;
			}
		}
	} else if (it->start) {
		uint32_t i = first_from(t, it->start - 1);
		if (i < t->count && t->nodes[i].start == it->start - 1 && t->nodes[i].kind == K_ARG_LIST && src[it->start - 1] == '(')
			list = i;
	}
	if (list == TP_NONE)
		return 0;
	for (uint32_t c = last == TP_NONE ? t->nodes[list].first : t->nodes[last].next; c != TP_NONE; c = t->nodes[c].next)
		if (t->nodes[c].kind != K_COMMENT)
			return 0; /* not the last argument, or the list is not empty */
	return 1;
}

/* `import a.b [as c]`, `from a.b import c [as d]` or `a.b = c.d`, with
 * plain names and single spaces, perhaps blanks at the end. */
static int statement_line(const char *s, size_t n)
{
	const char *end = s + n;
	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	int from = skip(&s, end, "from ");
	if (from && !(skip_name(&s, end, 1) && skip(&s, end, " import ")))
		return 0;
	if (from || skip(&s, end, "import "))
		return skip_name(&s, end, !from) && (!skip(&s, end, " as ") || skip_name(&s, end, 0)) && s == end;
	return skip_name(&s, end, 1) && skip(&s, end, " = ") && skip_name(&s, end, 1) && s == end;
}

/* A statement: a child of the module or of a block, but for the case
 * clauses that a match statement's block holds. */
static int is_statement(const tp_tree *t, uint32_t n)
{
	uint32_t p = t->nodes[n].parent;
	uint16_t k = t->nodes[n].kind;
	return p != TP_NONE && (t->nodes[p].kind == K_MODULE || t->nodes[p].kind == K_BLOCK) && k != K_COMMENT && k != K_CASE_CLAUSE;
}

/* Node n is a statement that begins its logical line, after exactly ind. */
static int starts_line_after(const tp_tree *t, const char *src, uint32_t n, const char *ind, size_t ni)
{
	uint32_t at = t->nodes[n].start;
	if (!is_statement(t, n) || at < ni || memcmp(src + at - ni, ind, ni) != 0)
		return 0;
	uint32_t ls = at - (uint32_t)ni;
	/* a backslash before the line puts it on the one before (taken so even
	 * where a comment holds it) */
	return (ls == 0 || src[ls - 1] == '\n') && tp_line_continuation(src, ls) == TP_NONE;
}

/* Only blanks, perhaps a comment, and one line end in src[from, to). */
static int ends_line(const char *src, uint32_t from, uint32_t to)
{
	while (from < to && (src[from] == ' ' || src[from] == '\t'))
		from++;
	if (from < to && src[from] == '#')
		while (from < to && src[from] != '\r' && src[from] != '\n')
			from++;
	from += from + 1 < to && src[from] == '\r';
	return from + 1 == to && src[from] == '\n';
}

/* A whole statement line (statement_line) at the start of a line, indented
 * as the statement that begins the line it goes before, or as one whose last
 * line ends just before it: a new statement of the same block. */
static int inserts_line(const tp_tree *t, const char *src, uint32_t len, const tp_item *it)
{
	const char *ind = it->text;
	size_t ni = strspn(ind, " \t"), n = strlen(it->text);
	size_t eol = n >= 2 && it->text[n - 2] == '\r' ? 2 : 1;
	uint32_t at = it->start;
	if ((at && src[at - 1] != '\n') || n <= ni + eol || it->text[n - 1] != '\n' || !statement_line(it->text + ni, n - ni - eol))
		return 0;
	if (at < len)
		for (uint32_t i = first_from(t, at + (uint32_t)ni); i < t->count && t->nodes[i].start == at + ni; i++)
			if (starts_line_after(t, src, i, ind, ni))
				return 1;
	/* the last node that starts before the line, past a trailing comment,
	 * and the nodes that end with it */
	uint32_t i = first_from(t, at);
	while (i > 0 && t->nodes[i - 1].kind == K_COMMENT)
		i = first_from(t, t->nodes[i - 1].start);
	for (i = i ? i - 1 : TP_NONE; i != TP_NONE && t->nodes[i].end <= at; i = t->nodes[i].parent)
		if (ends_line(src, t->nodes[i].end, at) && starts_line_after(t, src, i, ind, ni))
			return 1;
	return 0;
}

int tp_edits_keep_syntax(const tp_tree *t, const char *src, uint32_t len, const tp_item *items, size_t count)
{
	if (t->error_count)
		return 0;
	const tp_item *line = NULL; /* the last line inserted */
	for (size_t i = 0; i < count; i++) {
		const tp_item *it = &items[i];
		if (!is_edit(it))
			continue;
		if (it->start != it->end) {
			if (!renames(t, src, len, it) && !retexts(t, src, it) && !quotes(t, src, len, it))
				return 0;
		} else if (inserts_line(t, src, len, it)) {
			/* lines inserted at one point share their indentation */
			size_t ni = strspn(it->text, " \t");
			if (line && line->start == it->start && (strspn(line->text, " \t") != ni || memcmp(line->text, it->text, ni) != 0))
				return 0;
			line = it;
		} else if (!adds_argument(t, src, it)) {
			size_t close = wraps(t, src, len, items, count, i);
			if (!close)
				return 0;
			i = close;
		}
	}
	return 1;
}
