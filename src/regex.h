/* regex: the one place PCRE2 is used. Patterns come from rule data and filter
 * the source text of arguments and string literals. */
#ifndef TP_REGEX_H
#define TP_REGEX_H

#include <stddef.h>

typedef struct tp_regex tp_regex;

/* Compiles pattern. On error returns NULL and writes a message and the
 * 1-based offset of the error in the pattern to *err (owned by the caller,
 * free it) and *offset. */
tp_regex *tp_regex_new(const char *pattern, char **err, size_t *offset);
void tp_regex_free(tp_regex *re);
/* 1 when subject[0..len) matches, 0 when not. Thread-safe. */
int tp_regex_match(const tp_regex *re, const char *subject, size_t len);

#endif
