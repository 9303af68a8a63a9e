/* diff: unified diff hunks from byte-range edits. */
#include "diff.h"

#include <stdlib.h>

#define CONTEXT 3

/* A run of changed old lines [a, b) (a == b for a pure insertion before a)
 * and the new text replacing them. */
typedef struct {
	size_t a, b;
	size_t r0, r1; /* the edit rows inside: [r0, r1] */
	tp_buf text;
} block;

static size_t line_of(const size_t *starts, size_t n, size_t off)
{
	size_t lo = 0, hi = n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static size_t count_lines(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += s[i] == '\n';
	return c + (n && s[n - 1] != '\n');
}

/* Emits lines of s with a prefix; a last line without a newline gets the
 * "\ No newline at end of file" marker, as diff does. */
static void emit(tp_buf *out, char prefix, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - s) + 1 : n;
		tp_buf_putc(out, prefix);
		tp_buf_add(out, s + i, end - i);
		if (!nl)
			tp_buf_puts(out, "\n\\ No newline at end of file\n");
		i = end;
	}
}

void tp_diff(tp_buf *out, const char *path, const char *src, size_t len, const tp_result *res)
{
	tp_array(size_t) starts = {0};
	tp_array_push(&starts, 0);
	for (size_t i = 0; i < len; i++)
		if (src[i] == '\n' && i + 1 < len)
			tp_array_push(&starts, i + 1);
	size_t nlines = len ? starts.len : 0;
	tp_array(block) blocks = {0};
	/* Rows are sorted by position; grow a block while edits touch its lines. */
	for (size_t i = 0; i < res->rows.len; i++) {
		const tp_row *r = &res->rows.items[i];
		if (r->op > TP_OP_DELETE)
			continue;
		size_t a = line_of(starts.items, starts.len, r->start);
		size_t b = r->end > r->start ? line_of(starts.items, starts.len, r->end - 1) + 1 : a;
		if (r->start == r->end && r->start == len && (len == 0 || src[len - 1] == '\n'))
			a = b = nlines; /* insertion after the last line */
		else if (r->start == r->end && a < nlines && starts.items[a] == r->start && r->text && *r->text &&
			 r->text[strlen(r->text) - 1] == '\n')
			b = a; /* whole lines inserted at a line start: before line a */
		else if (r->start == r->end)
			b = a + 1;
		if (blocks.len && a <= blocks.items[blocks.len - 1].b && (a < blocks.items[blocks.len - 1].b || b > a)) {
			block *k = &blocks.items[blocks.len - 1];
			if (b > k->b)
				k->b = b;
			k->r1 = i;
		} else {
			block k = {a, b, i, i, {0}};
			tp_array_push(&blocks, k);
		}
	}
	/* New text of each block: its old lines with the edits inside applied. */
	for (size_t k = 0; k < blocks.len; k++) {
		block *bl = &blocks.items[k];
		size_t from = bl->a < nlines ? starts.items[bl->a] : len, to = bl->b < nlines ? starts.items[bl->b] : len;
		size_t at = from;
		for (size_t i = bl->r0; i <= bl->r1; i++) {
			const tp_row *r = &res->rows.items[i];
			if (r->op > TP_OP_DELETE)
				continue;
			tp_buf_add(&bl->text, src + at, r->start - at);
			tp_buf_puts(&bl->text, r->text);
			at = r->end;
		}
		tp_buf_add(&bl->text, src + at, to - at);
	}
	if (blocks.len)
		tp_buf_printf(out, "--- a/%s\n+++ b/%s\n", path, path);
	long delta = 0;
	for (size_t k = 0; k < blocks.len;) {
		/* A hunk: blocks whose context windows touch. */
		size_t first = k, last = k;
		while (last + 1 < blocks.len && blocks.items[last + 1].a <= blocks.items[last].b + 2 * CONTEXT)
			last++;
		size_t ha = blocks.items[first].a > CONTEXT ? blocks.items[first].a - CONTEXT : 0;
		size_t hb = blocks.items[last].b + CONTEXT < nlines ? blocks.items[last].b + CONTEXT : nlines;
		size_t old_n = hb - ha, new_n = old_n;
		for (size_t q = first; q <= last; q++)
			new_n = new_n - (blocks.items[q].b - blocks.items[q].a) + count_lines(blocks.items[q].text.ptr, blocks.items[q].text.len);
		tp_buf_printf(out, "@@ -%zu,%zu +%ld,%zu @@\n", old_n ? ha + 1 : ha, old_n, (long)(new_n ? (long)ha + 1 + delta : (long)ha + delta), new_n);
		size_t line = ha;
		for (size_t q = first; q <= last; q++) {
			block *bl = &blocks.items[q];
			size_t cf = line < nlines ? starts.items[line] : len, ct = bl->a < nlines ? starts.items[bl->a] : len;
			emit(out, ' ', src + cf, ct - cf);
			size_t of = ct, ot = bl->b < nlines ? starts.items[bl->b] : len;
			emit(out, '-', src + of, ot - of);
			emit(out, '+', bl->text.ptr ? bl->text.ptr : "", bl->text.len);
			line = bl->b;
		}
		size_t cf = line < nlines ? starts.items[line] : len, ct = hb < nlines ? starts.items[hb] : len;
		emit(out, ' ', src + cf, ct - cf);
		delta += (long)new_n - (long)old_n;
		k = last + 1;
	}
	for (size_t k = 0; k < blocks.len; k++)
		tp_buf_dispose(&blocks.items[k].text);
	tp_array_free(&blocks);
	tp_array_free(&starts);
}
