/* json: cJSON behind the project's own names, and a JSON string writer. */
#include "json.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>

struct tp_json { cJSON c; };

/* The 1-based line and column (in characters, a BOM not counted) of text[off]. */
static void line_col(const char *text, size_t off, int *line, int *col)
{
	size_t start = off >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	int l = 1, c = 1;
	for (size_t i = start; i < off; i++) {
		if (text[i] == '\n') {
			l++;
			c = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

/* The offset just past the JSON string that starts at t[i]. */
static size_t skip_string(const char *t, size_t len, size_t i)
{
	for (i++; i < len && t[i] != '"'; i++)
		if (t[i] == '\\')
			i++;
	return i < len ? i + 1 : len;
}

/* Finds the first syntax error of text exactly (cJSON only says roughly
 * where it stopped): a small JSON scanner with an explicit stack. */
static size_t locate_error(const char *t, size_t len, const char **why)
{
	enum { VALUE, KEY_OR_CLOSE, KEY, COLON, COMMA_OR_CLOSE, VALUE_OR_CLOSE, END } st = VALUE;
	char stack[CJSON_NESTING_LIMIT + 1];
	size_t depth = 0, i = 0;
	*why = "unexpected character";
	for (;;) {
		while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
			i++;
		if (i >= len) {
			*why = "unexpected end of file";
			return st == END ? len : len;
		}
		char c = t[i];
		if (st == END)
			return i;
		if (st == COLON) {
			if (c != ':')
				return i;
			i++;
			st = VALUE;
			continue;
		}
		if (st == COMMA_OR_CLOSE) {
			if (c == ',') {
				i++;
				st = stack[depth - 1] == '{' ? KEY : VALUE;
				continue;
			}
			if (c != (stack[depth - 1] == '{' ? '}' : ']'))
				return i;
			i++;
			st = --depth ? COMMA_OR_CLOSE : END;
			continue;
		}
		if ((st == KEY_OR_CLOSE && c == '}') || (st == VALUE_OR_CLOSE && c == ']')) {
			i++;
			st = --depth ? COMMA_OR_CLOSE : END;
			continue;
		}
		if ((st == KEY || st == KEY_OR_CLOSE) && c != '"')
			return i;
		if (c == '{' || c == '[') {
			if (depth >= CJSON_NESTING_LIMIT) {
				*why = "nested deeper than the JSON parser's limit";
				return i;
			}
			stack[depth++] = c;
			i++;
			st = c == '{' ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
			continue;
		}
		int key = st == KEY || st == KEY_OR_CLOSE;
		if (c == '"') {
			for (i++; i < len && t[i] != '"'; i++) {
				if ((unsigned char)t[i] < 0x20)
					return i;
				if (t[i] == '\\')
					i++;
			}
			if (i >= len) {
				*why = "unexpected end of file";
				return len;
			}
			i++;
		} else if (c == '-' || (c >= '0' && c <= '9')) {
			while (i < len && strchr("+-.eE0123456789", t[i]))
				i++;
		} else {
			const char *words[] = {"true", "false", "null"};
			size_t k = 0;
			while (k < 3 && strncmp(t + i, words[k], strlen(words[k])) != 0)
				k++;
			if (k == 3 || i + strlen(words[k]) > len)
				return i;
			i += strlen(words[k]);
		}
		st = key ? COLON : (depth ? COMMA_OR_CLOSE : END);
	}
}

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
	}
	line_col(text, locate_error(text, len, why), line, col);
	return NULL;
}

static size_t skip_space(const char *t, size_t len, size_t i)
{
	while (i < len && (unsigned char)t[i] <= ' ')
		i++;
	return i;
}

/* Advances *i over the value v of a document cJSON accepted, stopping where
 * target starts (a member's key, for a member). Returns whether it did. */
static int find_node(const char *t, size_t len, size_t *i, const cJSON *v, const cJSON *target)
{
	*i = skip_space(t, len, *i);
	if (v == target)
		return 1;
	if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
		(*i)++;
		for (const cJSON *c = v->child; c; c = c->next) {
			*i = skip_space(t, len, *i);
			if (cJSON_IsObject(v)) {
				if (c == target)
					return 1;
				*i = skip_space(t, len, skip_string(t, len, *i)) + 1; /* the key and ':' */
			}
			if (find_node(t, len, i, c, target))
				return 1;
			*i = skip_space(t, len, *i) + 1; /* ',' or the closing bracket */
		}
		if (!v->child)
			*i = skip_space(t, len, *i) + 1;
	} else if (cJSON_IsString(v)) {
		*i = skip_string(t, len, *i);
	} else {
		while (*i < len && !strchr(",]} \t\r\n", t[*i]))
			(*i)++;
	}
	return 0;
}

void tp_json_where(const tp_json *doc, const tp_json *node, const char *text, size_t len, int *line, int *col)
{
	size_t i = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	line_col(text, find_node(text, len, &i, (const cJSON *)doc, (const cJSON *)node) ? i : 0, line, col);
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

/* The length of the well-formed UTF-8 sequence at s[0..n), 0 when there is
 * none (a stray byte, an overlong form, a surrogate, past U+10FFFF). */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	size_t k;
	uint32_t cp, min;
	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xE0) == 0xC0)
		k = 2, cp = s[0] & 0x1F, min = 0x80;
	else if ((s[0] & 0xF0) == 0xE0)
		k = 3, cp = s[0] & 0x0F, min = 0x800;
	else if ((s[0] & 0xF8) == 0xF0)
		k = 4, cp = s[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (k > n)
		return 0;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	return cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ? 0 : k;
}

/* JSON text is UTF-8: a byte that is not (a file name in Latin-1, say)
 * becomes U+FFFD, so the document stays valid. */
void tp_json_quote_n(tp_buf *b, const char *s, size_t n)
{
	tp_buf_putc(b, '"');
	for (size_t i = 0; i < n; i++) {
		size_t plain = i;
		while (plain < n && (unsigned char)s[plain] >= 0x20 && (unsigned char)s[plain] < 0x80 && s[plain] != '"' &&
		       s[plain] != '\\')
			plain++;
		if (plain > i) {
			tp_buf_add(b, s + i, plain - i);
			i = plain - 1;
			continue;
		}
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80) {
			size_t k = utf8_seq((const unsigned char *)s + i, n - i);
			if (k)
				tp_buf_add(b, s + i, k);
			else
				tp_buf_puts(b, "\\ufffd");
			i += k ? k - 1 : 0;
			continue;
		}
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
