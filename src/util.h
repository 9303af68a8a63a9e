/* util: memory wrappers, growable arrays, string buffers and the per-file arena
 * shared by every pipeline stage. Out of memory is decided here, once: abort. */
#ifndef TP_UTIL_H
#define TP_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *tp_xmalloc(size_t n);
void *tp_xcalloc(size_t n, size_t size);
void *tp_xrealloc(void *p, size_t n);
char *tp_xstrdup(const char *s);
char *tp_xstrndup(const char *s, size_t n);
char *tp_xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable array of T: `tp_array(int) a = {0};`. items is owned; free with
 * tp_array_free. Elements move on growth, so keep indices, not pointers. */
#define tp_array(T) struct { T *items; size_t len, cap; }
#define tp_array_grow(a, n)                                                     \
	do {                                                                        \
		if ((a)->len + (n) > (a)->cap) {                                        \
			size_t c_ = (a)->cap ? (a)->cap * 2 : 8;                            \
			while (c_ < (a)->len + (n)) c_ *= 2;                                \
			(a)->items = tp_xrealloc((a)->items, c_ * sizeof(*(a)->items));     \
			(a)->cap = c_;                                                      \
		}                                                                       \
	} while (0)
#define tp_array_push(a, v)                                                     \
	do {                                                                        \
		tp_array_grow(a, 1);                                                    \
		(a)->items[(a)->len++] = (v);                                           \
	} while (0)
#define tp_array_free(a)                                                        \
	do {                                                                        \
		free((a)->items);                                                       \
		(a)->items = NULL;                                                      \
		(a)->len = (a)->cap = 0;                                                \
	} while (0)

/* A list of owned strings. */
typedef tp_array(char *) tp_strings;

/* A growable byte string, always NUL-terminated once anything was added. */
typedef struct {
	char *ptr;
	size_t len, cap;
} tp_buf;

void tp_buf_add(tp_buf *b, const void *data, size_t n);
void tp_buf_puts(tp_buf *b, const char *s);
void tp_buf_putc(tp_buf *b, char c);
void tp_buf_printf(tp_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* v in decimal: into d (room for 21 bytes, NUL-terminated), returning the
 * length; appended to b. Report rows use these instead of printf. */
size_t tp_utoa(char *d, uint64_t v);
void tp_buf_putu(tp_buf *b, uint64_t v);
void tp_buf_dispose(tp_buf *b);

/* An arena: bump allocation in chunks, freed all at once. One per converted
 * file. With TRANSPLT_DEBUG_POOL set in the environment every allocation is a
 * separate malloc, so ASan and valgrind see each one. */
typedef struct tp_arena tp_arena;
tp_arena *tp_arena_new(void);
void tp_arena_free(tp_arena *a);
/* tp_arena_free keeps the thread's freed chunks for its next arenas; this
 * releases them. A thread that used arenas calls it before it ends. */
void tp_arena_release_spare(void);
void *tp_arena_alloc(tp_arena *a, size_t n);
char *tp_arena_strndup(tp_arena *a, const char *s, size_t n);
char *tp_arena_printf(tp_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *tp_arena_vprintf(tp_arena *a, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* A string slice into a buffer owned elsewhere (borrowed). */
typedef struct {
	const char *ptr;
	size_t len;
} tp_str;

static inline int tp_str_eq(tp_str s, const char *z)
{
	size_t n = strlen(z);
	return s.len == n && memcmp(s.ptr, z, n) == 0;
}

static inline int tp_str_same(tp_str a, tp_str b) { return a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0; }

uint64_t tp_hash(const void *data, size_t n);

/* Whether s[0..n) is one of Python 3's reserved words (async and await too). */
int tp_python_keyword(const char *s, size_t n);

#endif
