/* json: cJSON behind the project's own names, and a JSON string writer. */
#include "json.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>

struct tp_json { cJSON c; };

tp_json *tp_json_parse(const char *text, size_t len, int *line, int *col, const char **why)
{
	const char *end = NULL;
	cJSON *doc = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (doc) {
		/* Only whitespace may follow the value. */
		size_t off = (size_t)(end - text);
		while (off < len && (text[off] == ' ' || text[off] == '\t' || text[off] == '\n' || text[off] == '\r'))
			off++;
		if (off == len)
			return (tp_json *)doc;
		cJSON_Delete(doc);
		end = text + off;
	}
	/* cJSON reports where it stopped; turn the offset into line:column. */
	size_t off = end && end >= text ? (size_t)(end - text) : 0;
	if (off > len)
		off = len;
	int l = 1, c = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			l++;
			c = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
	*why = off >= len ? "unexpected end of file" : "unexpected character";
	/* cJSON stops at its nesting limit without saying so: count the depth. */
	int depth = 0, in_str = 0;
	for (size_t i = 0; i < off; i++) {
		char ch = text[i];
		if (in_str) {
			if (ch == '\\')
				i++;
			else if (ch == '"')
				in_str = 0;
		} else if (ch == '"') {
			in_str = 1;
		} else if (ch == '[' || ch == '{') {
			depth++;
		} else if (ch == ']' || ch == '}') {
			depth--;
		}
	}
	if (depth >= CJSON_NESTING_LIMIT)
		*why = "nested deeper than the JSON parser's limit";
	return NULL;
}

void tp_json_free(tp_json *doc) { cJSON_Delete((cJSON *)doc); }

enum tp_json_type tp_json_type(const tp_json *j)
{
	const cJSON *c = (const cJSON *)j;
	if (!c)
		return TP_JSON_INVALID;
	if (cJSON_IsNull(c))
		return TP_JSON_NULL;
	if (cJSON_IsBool(c))
		return TP_JSON_BOOL;
	if (cJSON_IsNumber(c))
		return TP_JSON_NUMBER;
	if (cJSON_IsString(c))
		return TP_JSON_STRING;
	if (cJSON_IsArray(c))
		return TP_JSON_ARRAY;
	if (cJSON_IsObject(c))
		return TP_JSON_OBJECT;
	return TP_JSON_INVALID;
}

const char *tp_json_type_name(enum tp_json_type t)
{
	static const char *names[] = {"null", "boolean", "number", "string", "array", "object", "invalid"};
	return names[t];
}

tp_json *tp_json_get(const tp_json *obj, const char *key)
{
	return (tp_json *)cJSON_GetObjectItemCaseSensitive((const cJSON *)obj, key);
}

tp_json *tp_json_child(const tp_json *j) { return j ? (tp_json *)((const cJSON *)j)->child : NULL; }
tp_json *tp_json_next(const tp_json *j) { return j ? (tp_json *)((const cJSON *)j)->next : NULL; }
const char *tp_json_key(const tp_json *m) { return ((const cJSON *)m)->string; }
const char *tp_json_string(const tp_json *j) { return cJSON_GetStringValue((const cJSON *)j); }
double tp_json_number(const tp_json *j) { return cJSON_GetNumberValue((const cJSON *)j); }
int tp_json_bool(const tp_json *j) { return cJSON_IsTrue((const cJSON *)j); }
size_t tp_json_size(const tp_json *j) { return (size_t)cJSON_GetArraySize((const cJSON *)j); }

void tp_json_quote_n(tp_buf *b, const char *s, size_t n)
{
	tp_buf_putc(b, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '"': tp_buf_puts(b, "\\\""); break;
		case '\\': tp_buf_puts(b, "\\\\"); break;
		case '\n': tp_buf_puts(b, "\\n"); break;
		case '\r': tp_buf_puts(b, "\\r"); break;
		case '\t': tp_buf_puts(b, "\\t"); break;
		default:
			if (c < 0x20)
				tp_buf_printf(b, "\\u%04x", c);
			else
				tp_buf_putc(b, (char)c);
		}
	}
	tp_buf_putc(b, '"');
}

void tp_json_quote(tp_buf *b, const char *s) { tp_json_quote_n(b, s, strlen(s)); }

char *tp_json_print(const tp_json *j)
{
	char *s = cJSON_PrintUnformatted((const cJSON *)j);
	if (!s)
		abort();
	return s;
}
