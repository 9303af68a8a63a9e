/* util: the allocation wrappers, string buffers and arenas used by every stage. */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

static void *check(void *p)
{
	if (!p) {
		fputs("transplt: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *tp_xmalloc(size_t n) { return check(malloc(n ? n : 1)); }
void *tp_xcalloc(size_t n, size_t size) { return check(calloc(n ? n : 1, size ? size : 1)); }
void *tp_xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1)); }
char *tp_xstrdup(const char *s) { return check(strdup(s)); }

char *tp_xstrndup(const char *s, size_t n)
{
	char *r = tp_xmalloc(n + 1);
	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

char *tp_xprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *r = NULL;
	if (vasprintf(&r, fmt, ap) < 0)
		r = NULL;
	va_end(ap);
	return check(r);
}

/* Makes room for n more bytes and the NUL after them. */
static void buf_reserve(tp_buf *b, size_t n)
{
	if (b->len + n + 1 <= b->cap)
		return;
	size_t c = b->cap ? b->cap * 2 : 256;
	while (c < b->len + n + 1)
		c *= 2;
	b->ptr = tp_xrealloc(b->ptr, c);
	b->cap = c;
}

void tp_buf_add(tp_buf *b, const void *data, size_t n)
{
	buf_reserve(b, n);
	if (n)
		memcpy(b->ptr + b->len, data, n);
	b->len += n;
	b->ptr[b->len] = 0;
}

void tp_buf_puts(tp_buf *b, const char *s) { tp_buf_add(b, s, strlen(s)); }
void tp_buf_putc(tp_buf *b, char c) { tp_buf_add(b, &c, 1); }

size_t tp_utoa(char *d, uint64_t v)
{
	char t[20];
	size_t n = 0;
	do
		t[n++] = (char)('0' + v % 10);
	while (v /= 10);
	for (size_t i = 0; i < n; i++)
		d[i] = t[n - 1 - i];
	d[n] = 0;
	return n;
}

void tp_buf_putu(tp_buf *b, uint64_t v)
{
	char d[21];
	tp_buf_add(b, d, tp_utoa(d, v));
}

void tp_buf_printf(tp_buf *b, const char *fmt, ...)
{
	/* Formatted in place: into the spare room, and again once it is made
	 * big enough when the text did not fit. */
	for (int pass = 0; pass < 2; pass++) {
		va_list ap;
		va_start(ap, fmt);
		size_t room = b->cap > b->len ? b->cap - b->len : 0;
		int n = vsnprintf(room ? b->ptr + b->len : NULL, room, fmt, ap);
		va_end(ap);
		check(n < 0 ? NULL : b);
		if ((size_t)n < room) {
			b->len += (size_t)n;
			return;
		}
		buf_reserve(b, (size_t)n);
	}
}

void tp_buf_dispose(tp_buf *b)
{
	if (!b)
		return;
	free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
}

/* Chunks form a singly linked list; `used` bytes of `size` are handed out.
 * In debug mode each allocation is its own chunk. */
typedef struct chunk {
	struct chunk *next;
	size_t size, used;
	max_align_t data[];
} chunk;

struct tp_arena {
	chunk *head;
	int debug;
};

tp_arena *tp_arena_new(void)
{
	tp_arena *a = tp_xcalloc(1, sizeof *a);
	a->debug = getenv("TRANSPLT_DEBUG_POOL") != NULL;
	return a;
}

/* Standard chunks of the thread's freed arenas, for its next ones. */
#define CHUNK_SIZE 65536
#define SPARE_MAX 256
static _Thread_local chunk *spare;
static _Thread_local unsigned nspare;

void tp_arena_free(tp_arena *a)
{
	if (!a)
		return;
	for (chunk *c = a->head, *n; c; c = n) {
		n = c->next;
		if (!a->debug && c->size == CHUNK_SIZE && nspare < SPARE_MAX) {
			c->next = spare;
			spare = c;
			nspare++;
		} else {
			free(c);
		}
	}
	free(a);
}

void tp_arena_release_spare(void)
{
	for (chunk *c = spare, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	spare = NULL;
	nspare = 0;
}

void *tp_arena_alloc(tp_arena *a, size_t n)
{
	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	if (a->debug || !a->head || a->head->size - a->head->used < n) {
		size_t size = a->debug ? n : (n > CHUNK_SIZE ? n : CHUNK_SIZE);
		chunk *c = spare && size == CHUNK_SIZE ? spare : NULL;
		if (c) {
			spare = c->next;
			nspare--;
		} else {
			c = tp_xmalloc(sizeof *c + size);
		}
		c->size = size;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)a->head->data + a->head->used;
	a->head->used += n;
	return p;
}

char *tp_arena_strndup(tp_arena *a, const char *s, size_t n)
{
	char *r = tp_arena_alloc(a, n + 1);
	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

char *tp_arena_vprintf(tp_arena *a, const char *fmt, va_list ap)
{
	char small[256];
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	check(n < 0 ? NULL : small);
	char *r;
	if ((size_t)n < sizeof small) {
		r = tp_arena_strndup(a, small, (size_t)n);
	} else {
		r = tp_arena_alloc(a, (size_t)n + 1);
		vsnprintf(r, (size_t)n + 1, fmt, again);
	}
	va_end(again);
	return r;
}

char *tp_arena_printf(tp_arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *r = tp_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return r;
}

/* Eight bytes a step, each mixed in by a multiply and a shift, then the
 * rest and a final avalanche (murmur3's): keys are identifiers and dotted
 * names, mostly 8 to 40 bytes. */
uint64_t tp_hash(const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n, w;
	for (; n >= 8; p += 8, n -= 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, p, n);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	return h ^ (h >> 33);
}

int tp_python_keyword(const char *s, size_t n)
{
	static const char *const reserved[] = {
		"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
		"del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
		"lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", NULL,
	};
	if (n < 2 || n > 8) /* as, nonlocal: most names are not tried at all */
		return 0;
	for (const char *const *k = reserved; *k; k++)
		if (**k == *s && strlen(*k) == n && memcmp(*k, s, n) == 0)
			return 1;
	return 0;
}
