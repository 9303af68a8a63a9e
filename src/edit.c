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

static int touches(const tp_item *it, const struct tp_range *errors, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (it->start < errors[i].end && errors[i].start < it->end + (it->start == it->end))
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
