/* json: the one place cJSON is used. Reading (rule files, op-support data)
 * goes through a small borrowed-node API; writing is a tp_buf string escaper. */
#ifndef TP_JSON_H
#define TP_JSON_H

#include <stddef.h>

#include "util.h"

typedef struct tp_json tp_json; /* an opaque node, owned by its document */

enum tp_json_type { TP_JSON_NULL, TP_JSON_BOOL, TP_JSON_NUMBER, TP_JSON_STRING, TP_JSON_ARRAY, TP_JSON_OBJECT, TP_JSON_INVALID };

/* Parses text[0..len). On a syntax error returns NULL and sets *line and *col
 * (1-based) of the offending character and *why (static text). The result is
 * owned: tp_json_free. */
tp_json *tp_json_parse(const char *text, size_t len, int *line, int *col, const char **why);
void tp_json_free(tp_json *doc);
/* The 1-based line and column in text (the document doc was parsed from) where
 * node starts: for an object member, its key. 1:1 when node is not in doc. */
void tp_json_where(const tp_json *doc, const tp_json *node, const char *text, size_t len, int *line, int *col);

enum tp_json_type tp_json_type(const tp_json *j);
const char *tp_json_type_name(enum tp_json_type t);
tp_json *tp_json_get(const tp_json *obj, const char *key); /* borrowed */
tp_json *tp_json_child(const tp_json *j);                  /* first element or member */
tp_json *tp_json_next(const tp_json *j);
const char *tp_json_key(const tp_json *member);
const char *tp_json_string(const tp_json *j);
double tp_json_number(const tp_json *j);
int tp_json_bool(const tp_json *j);
size_t tp_json_size(const tp_json *j);
/* The compact JSON text of j, owned by the caller. */
char *tp_json_print(const tp_json *j);

/* Appends s as a quoted JSON string. */
void tp_json_quote(tp_buf *b, const char *s);
void tp_json_quote_n(tp_buf *b, const char *s, size_t n);

#endif
