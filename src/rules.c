/* rules: validates rule JSON (built-in and -r files) and indexes it into the
 * lookup tables the match stage uses. A file is checked whole before any of
 * its rules is added, so a bad file is never half-applied. */
#include "rules.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "json.h"

enum key_type { KEY_NAME, KEY_TEXT, KEY_INDEX, KEY_REGEX, KEY_NAMES, KEY_REQUIRED, KEY_SUBMODULES, KEY_RENAMES, KEY_TIPS, KEY_KEPT, KEY_SET };

/* One allowed key of a rule kind: where it is stored in tp_rule and whether
 * it must be present. KEY_NAME values must be (dotted) Python identifiers;
 * KEY_SET is an array of bare names, stored in the tp_map at offset. */
struct key_spec {
	const char *key;
	enum key_type type;
	int required;
	size_t offset;
};

#define S(field) offsetof(tp_rule, field)
static const struct key_spec import_keys[] = {
	{"after_module", KEY_NAME, 1, S(after_module)}, {"insert", KEY_TEXT, 1, S(insert)},
	{"unless_module", KEY_NAME, 1, S(unless_module)}, {"message", KEY_TEXT, 0, S(message)}, {0}};
static const struct key_spec module_keys[] = {
	{"old_name", KEY_NAME, 1, S(old_name)}, {"new_name", KEY_NAME, 1, S(new_name)},
	{"parent_module", KEY_NAME, 0, S(parent_module)}, {"members", KEY_NAMES, 0, 0},
	{"renamed_members", KEY_RENAMES, 0, 0}, {"submodules", KEY_SUBMODULES, 0, 0}, {"member_tips", KEY_TIPS, 0, 0}, {"kept_members", KEY_KEPT, 0, 0},
	{"unsupported_tip", KEY_TEXT, 0, S(unsupported_tip)}, {0}};
static const struct key_spec func_keys[] = {
	{"old_name", KEY_NAME, 1, S(old_name)}, {"new_name", KEY_NAME, 1, S(new_name)},
	{"max_args", KEY_INDEX, 0, S(arg_idx)}, {0}};
static const struct key_spec attr_keys[] = {
	{"old_name", KEY_NAME, 1, S(old_name)}, {"new_name", KEY_NAME, 1, S(new_name)}, {0}};
static const struct key_spec args_keys[] = {
	{"func_name", KEY_NAME, 1, S(func_name)}, {"arg_idx", KEY_INDEX, 0, S(arg_idx)},
	{"arg_keyword", KEY_NAME, 0, S(arg_keyword)}, {"arg_new", KEY_TEXT, 0, S(arg_new)},
	{"new_keyword", KEY_NAME, 0, S(new_keyword)}, {"arg_add", KEY_TEXT, 0, S(arg_add)}, {0}};
static const struct key_spec string_keys[] = {
	{"pattern", KEY_REGEX, 1, S(pattern)}, {"old", KEY_TEXT, 1, S(old)},
	{"new", KEY_TEXT, 1, S(replacement)}, {"warning", KEY_TEXT, 0, S(warning)}, {0}};
static const struct key_spec device_keys[] = {
	{"func_name", KEY_TEXT, 1, S(func_name)}, {"arg_idx", KEY_INDEX, 0, S(arg_idx)},
	{"arg_keyword", KEY_NAME, 0, S(arg_keyword)}, {"device", KEY_NAME, 1, S(device)},
	{"name_pattern", KEY_REGEX, 1, S(pattern)}, {0}};
static const struct key_spec similar_keys[] = {
	{"old_name", KEY_NAME, 1, S(old_name)}, {"new_name", KEY_NAME, 1, S(new_name)},
	{"max_positional", KEY_INDEX, 0, S(arg_idx)}, {"allowed_keywords", KEY_NAMES, 0, 0},
	{"required_keywords", KEY_REQUIRED, 0, 0}, {"warning", KEY_TEXT, 1, S(warning)}, {0}};
static const struct key_spec no_npu_keys[] = {
	{"module", KEY_NAME, 1, S(old_name)}, {"tip", KEY_TEXT, 1, S(unsupported_tip)},
	{"import_succeeds", KEY_TEXT, 0, S(warning)}, {0}};
static const struct key_spec accelerator_keys[] = {
	{"packages", KEY_SET, 1, S(packages)}, {"calls", KEY_SET, 1, S(calls)},
	{"arg_keyword", KEY_NAME, 0, S(arg_keyword)}, {"arg_idx", KEY_INDEX, 0, S(arg_idx)}, {"gpu_pattern", KEY_REGEX, 0, S(pattern)},
	{"gpu_keywords", KEY_SET, 0, S(gpu_keywords)}, {"gpu_classes", KEY_SET, 0, S(gpu_classes)},
	{"module_classes", KEY_SET, 0, S(module_classes)}, {"tip", KEY_TEXT, 0, S(unsupported_tip)},
	{"module_tip", KEY_TEXT, 0, S(warning)}, {"default_tip", KEY_TEXT, 0, S(message)}, {0}};
#undef S

static const struct kind_spec {
	const char *name;
	const struct key_spec *keys;
} kinds[TP_RULE__COUNT] = {
	[TP_RULE_IMPORT_INSERT] = {"ImportInsertRule", import_keys},
	[TP_RULE_MODULE] = {"ModuleNameModifyRule", module_keys},
	[TP_RULE_FUNC] = {"FuncNameModifyRule", func_keys},
	[TP_RULE_ATTR] = {"AttrNameModifyRule", attr_keys},
	[TP_RULE_ARGS] = {"ArgsModifyRule", args_keys},
	[TP_RULE_STRING] = {"StringModifyRule", string_keys},
	[TP_RULE_DEVICE_INDEX] = {"DeviceIndexRule", device_keys},
	[TP_RULE_SIMILAR] = {"SimilarApiRule", similar_keys},
	[TP_RULE_NO_NPU_MODULE] = {"UnsupportedModuleRule", no_npu_keys},
	[TP_RULE_ACCELERATOR] = {"AcceleratorRule", accelerator_keys},
};

/* The first part of the dotted name s that is a keyword (its length in *n),
 * or NULL. A name that a rule writes into the code must not be one
 * (`mylib.lambda(x)` is no call); one it finds may (`x.cuda(async=True)`,
 * from before Python 3.7). */
static const char *keyword_part(const char *s, size_t *n)
{
	for (const char *p = s;; p += *n + 1) {
		*n = strcspn(p, ".");
		if (tp_python_keyword(p, *n))
			return p;
		if (!p[*n])
			return NULL;
	}
}

static int is_dotted_name(const char *s)
{
	if (!*s)
		return 0;
	int start = 1;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '.') {
			if (start)
				return 0;
			start = 1;
		} else if (isalpha(c) || c == '_' || c >= 0x80 || (!start && isdigit(c))) {
			start = 0;
		} else {
			return 0;
		}
	}
	return !start;
}

static void rule_free(tp_rule *r)
{
	if (!r)
		return;
	char **strs[] = {&r->id, &r->key, &r->old_name, &r->new_name, &r->parent_module, &r->new_qname, &r->func_name,
			 &r->arg_keyword, &r->arg_new, &r->new_keyword, &r->arg_add, &r->old, &r->replacement, &r->device,
			 &r->insert, &r->after_module, &r->unless_module, &r->message, &r->unsupported_tip, &r->warning};
	for (size_t i = 0; i < sizeof strs / sizeof *strs; i++)
		free(*strs[i]);
	tp_regex_free(r->pattern);
	tp_map_dispose(&r->members);
	if (r->member_names)
		for (char **m = r->member_names; *m; m++)
			free(*m);
	free(r->member_names);
	if (r->renamed_names)
		for (char **m = r->renamed_names; *m; m++)
			free(*m);
	free(r->renamed_names);
	tp_map_dispose(&r->renamed);
	tp_map_dispose(&r->submodules);
	tp_map_dispose(&r->member_tips);
	tp_map_dispose(&r->kept);
	for (const struct key_spec *k = kinds[r->kind].keys; k->key; k++)
		if (k->type == KEY_SET)
			tp_map_dispose((tp_map *)((char *)r + k->offset));
	for (size_t i = 0; i < r->set_names.len; i++)
		free(r->set_names.items[i]);
	tp_array_free(&r->set_names);
	char **lists[] = {r->required_names, r->submodule_names, r->tip_names, r->kept_names};
	for (size_t i = 0; i < 4; i++) {
		for (char **m = lists[i]; m && *m; m++)
			free(*m);
		free(lists[i]);
	}
	free(r);
}

/* The document being loaded, for locating its errors. */
struct src {
	const char *path, *text;
	size_t len;
	const tp_json *doc;
	char where[96]; /* the entry being read: "Kind[idx]" */
};

/* Sets the error "path:line:col: message", located at node at. Returns TP_ERULES. */
static int fail(const struct src *s, const tp_json *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(const struct src *s, const tp_json *at, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	int line, col;
	tp_json_where(s->doc, at, s->text, s->len, &line, &col);
	return tp_error_set(TP_ERULES, "%s:%d:%d: %s", s->path, line, col, msg);
}

/* Reads one key's value into r. Returns 0 or TP_ERULES with the message set. */
static int read_key(tp_rule *r, const struct key_spec *k, const tp_json *v, const struct src *src)
{
	enum tp_json_type t = tp_json_type(v);
	switch (k->type) {
	case KEY_NAME:
	case KEY_TEXT: {
		if (t != TP_JSON_STRING)
			return fail(src, v, "%s.%s: expected a string, got %s", src->where, k->key, tp_json_type_name(t));
		const char *s = tp_json_string(v);
		size_t n;
		const char *kw = k->type == KEY_NAME && strncmp(k->key, "new_", 4) == 0 ? keyword_part(s, &n) : NULL;
		if (kw)
			return fail(src, v, "%s.%s: \"%s\" is not a Python name (%.*s is a keyword)", src->where, k->key, s, (int)n, kw);
		if (k->type == KEY_NAME && !is_dotted_name(s))
			return fail(src, v, "%s.%s: \"%s\" is not a Python name (expected identifiers joined by dots)", src->where, k->key, s);
		*(char **)((char *)r + k->offset) = tp_xstrdup(s);
		return 0;
	}
	case KEY_INDEX: {
		double d = tp_json_number(v);
		if (t != TP_JSON_NUMBER || d < 0 || d > 255 || d != (double)(int)d)
			return fail(src, v, "%s.%s: expected an integer from 0 to 255, got %s", src->where, k->key,
					    t == TP_JSON_NUMBER ? "another number" : tp_json_type_name(t));
		r->arg_idx = (int)d;
		return 0;
	}
	case KEY_REGEX: {
		if (t != TP_JSON_STRING)
			return fail(src, v, "%s.%s: expected a string, got %s", src->where, k->key, tp_json_type_name(t));
		char *err = NULL;
		size_t off = 0;
		r->pattern = tp_regex_new(tp_json_string(v), &err, &off);
		if (!r->pattern) {
			int rc = fail(src, v, "%s.%s: bad regular expression at offset %zu: %s", src->where, k->key, off, err);
			free(err);
			return rc;
		}
		return 0;
	}
	case KEY_RENAMES:
	case KEY_TIPS:
	case KEY_KEPT: {
		int tips = k->type != KEY_RENAMES;
		if (t != TP_JSON_OBJECT)
			return fail(src, v, "%s.%s: expected an object mapping member names to %s, got %s", src->where, k->key,
				    tips ? "texts" : "new ones", tp_json_type_name(t));
		char **names = *(k->type == KEY_TIPS ? &r->tip_names : k->type == KEY_KEPT ? &r->kept_names : &r->renamed_names) = tp_xcalloc(2 * tp_json_size(v) + 1, sizeof *names);
		for (tp_json *e = tp_json_child(v); e; e = tp_json_next(e)) {
			const char *old = tp_json_key(e), *new = tp_json_string(e);
			/* a tip may be on a field of what the member returns: "get_device_properties().major" */
			const char *call = k->type == KEY_TIPS ? strstr(old, "().") : NULL;
			char *member = call ? tp_xstrndup(old, (size_t)(call - old)) : NULL;
			int named = call ? is_dotted_name(member) && !strchr(member, '.') && is_dotted_name(call + 3) && !strchr(call + 3, '.')
					 : is_dotted_name(old) && !strchr(old, '.');
			free(member);
			size_t n;
			if (!named || tp_json_type(e) != TP_JSON_STRING || (!tips && (!is_dotted_name(new) || strchr(new, '.') || keyword_part(new, &n))) ||
			    (tips && !*new))
				return fail(src, e, "%s.%s.%s: expected a bare Python name%s to %s", src->where, k->key, old,
					    k->type == KEY_TIPS ? " (or name().field)" : "", tips ? "a text" : "a bare Python name");
			*names++ = tp_xstrdup(old);
			*names = tp_xstrdup(new);
			tp_map_put(k->type == KEY_TIPS ? &r->member_tips : k->type == KEY_KEPT ? &r->kept : &r->renamed, names[-1], strlen(old), *names);
			names++;
		}
		return 0;
	}
	case KEY_SET: {
		if (t != TP_JSON_ARRAY)
			return fail(src, v, "%s.%s: expected an array of names, got %s", src->where, k->key, tp_json_type_name(t));
		size_t i = 0;
		for (tp_json *e = tp_json_child(v); e; e = tp_json_next(e), i++) {
			const char *s = tp_json_string(e);
			if (tp_json_type(e) != TP_JSON_STRING || !is_dotted_name(s) || strchr(s, '.'))
				return fail(src, e, "%s.%s[%zu]: expected a bare Python name", src->where, k->key, i);
			tp_array_push(&r->set_names, tp_xstrdup(s));
			tp_map_put((tp_map *)((char *)r + k->offset), r->set_names.items[r->set_names.len - 1], strlen(s), r);
		}
		return 0;
	}
	case KEY_NAMES:
	case KEY_REQUIRED:
	case KEY_SUBMODULES: {
		if (t != TP_JSON_ARRAY)
			return fail(src, v, "%s.%s: expected an array of names, got %s", src->where, k->key, tp_json_type_name(t));
		size_t n = tp_json_size(v), i = 0;
		char **names = tp_xcalloc(n + 1, sizeof *names);
		tp_map *map = k->type == KEY_NAMES ? &r->members : k->type == KEY_SUBMODULES ? &r->submodules : NULL;
		*(k->type == KEY_NAMES ? &r->member_names : k->type == KEY_SUBMODULES ? &r->submodule_names : &r->required_names) = names;
		for (tp_json *e = tp_json_child(v); e; e = tp_json_next(e), i++) {
			const char *s = tp_json_string(e);
			if (tp_json_type(e) != TP_JSON_STRING || !is_dotted_name(s) || (map == &r->submodules && strchr(s, '.')))
				return fail(src, e, "%s.%s[%zu]: expected a %sPython name", src->where, k->key, i,
					    map == &r->submodules ? "bare " : "");
			names[i] = tp_xstrdup(s);
			if (map)
				tp_map_put(map, names[i], strlen(s), r);
		}
		return 0;
	}
	}
	return 0;
}

/* Kind-specific checks beyond the key table, and the lookup key. */
static int finish_rule(tp_rule *r, const tp_json *entry, const struct src *src)
{
	switch (r->kind) {
	case TP_RULE_MODULE:
		r->key = r->parent_module ? tp_xprintf("%s.%s", r->parent_module, r->old_name) : tp_xstrdup(r->old_name);
		r->new_qname = r->parent_module ? tp_xprintf("%s.%s", r->parent_module, r->new_name) : tp_xstrdup(r->new_name);
		r->tips_only = strcmp(r->key, r->new_qname) == 0 && !r->members.count && !r->renamed.count;
		break;
	case TP_RULE_SIMILAR:
		if (!strchr(r->old_name, '.') || !strchr(r->new_name, '.'))
			return fail(src, entry, "%s: old_name and new_name must be qualified names", src->where);
		r->key = tp_xstrdup(r->old_name);
		break;
	case TP_RULE_NO_NPU_MODULE:
		r->key = tp_xstrdup(r->old_name);
		break;
	case TP_RULE_ACCELERATOR:
		if (!r->packages.count)
			return fail(src, entry, "%s: \"packages\" must name at least one package", src->where);
		if (r->pattern && !r->arg_keyword)
			return fail(src, entry, "%s: \"gpu_pattern\" needs \"arg_keyword\", the argument it reads", src->where);
		if ((r->pattern || r->gpu_keywords.count || r->gpu_classes.count) && !r->unsupported_tip)
			return fail(src, entry, "%s: missing key \"tip\", the text of the row on a call that picks a GPU", src->where);
		r->key = tp_xstrdup(r->id); /* indexed by each package instead, see add_rule */
		break;
	case TP_RULE_FUNC:
	case TP_RULE_ATTR:
		if (r->kind != TP_RULE_FUNC && strchr(r->old_name, '.'))
			return fail(src, entry, "%s: \"%s\" must be a bare name", src->where, r->old_name);
		r->key = tp_xstrdup(r->old_name);
		break;
	case TP_RULE_DEVICE_INDEX: {
		/* A method, a qualified function, or every function of a module: "torch.*". */
		size_t n = strlen(r->func_name);
		int every = n > 2 && strcmp(r->func_name + n - 2, ".*") == 0;
		char *name = tp_xstrndup(r->func_name, every ? n - 2 : n);
		int ok = is_dotted_name(name);
		free(name);
		if (!ok)
			return fail(src, entry, "%s.func_name: \"%s\" must be a Python name, or a module name followed by \".*\"",
				    src->where, r->func_name);
		if (r->arg_idx < 0 && !r->arg_keyword)
			return fail(src, entry, "%s: needs \"arg_idx\" or \"arg_keyword\"", src->where);
		r->key = tp_xstrdup(r->func_name);
		break;
	}
	case TP_RULE_ARGS:
		if (r->arg_idx < 0 && !r->arg_keyword)
			return fail(src, entry, "%s: needs \"arg_idx\" or \"arg_keyword\"", src->where);
		if (!r->arg_new && !r->new_keyword && !r->arg_add)
			return fail(src, entry, "%s: needs \"arg_new\" (an empty string deletes the argument)", src->where);
		if (r->arg_add && (!r->arg_keyword || !*r->arg_add))
			return fail(src, entry, "%s: \"arg_add\" needs \"arg_keyword\" and a value", src->where);
		r->key = tp_xstrdup(r->func_name);
		break;
	case TP_RULE_STRING: {
		/* Looked up by the string's leading word: letters and '_' (so
		 * NCCL_P2P_DISABLE's is NCCL_P, as the string's own). */
		size_t w = 0;
		while (r->old[w] == '_' || ((r->old[w] | 0x20) >= 'a' && (r->old[w] | 0x20) <= 'z'))
			w++;
		if (!w)
			return fail(src, entry, "%s.old: \"%s\" must start with a letter or '_'", src->where, r->old);
		r->key = tp_xstrndup(r->old, w);
		break;
	}
	case TP_RULE_IMPORT_INSERT:
		r->key = tp_xstrdup(r->after_module);
		break;
	default:
		break;
	}
	return 0;
}

static int parse_rule(tp_rule **out, enum tp_rule_kind kind, const tp_json *entry, const struct src *src, int user, size_t idx)
{
	tp_rule *r = tp_xcalloc(1, sizeof *r);
	r->kind = kind;
	r->user = user;
	r->arg_idx = -1;
	tp_map_init(&r->members);
	tp_map_init(&r->submodules);
	tp_map_init(&r->member_tips);
	tp_map_init(&r->kept);
	tp_map_init(&r->renamed);
	for (const struct key_spec *k = kinds[kind].keys; k->key; k++)
		if (k->type == KEY_SET)
			tp_map_init((tp_map *)((char *)r + k->offset));
	r->id = tp_xprintf("%s%s[%zu]", user ? "user:" : "", kinds[kind].name, idx);
	int rc = 0;
	if (tp_json_type(entry) != TP_JSON_OBJECT) {
		rc = fail(src, entry, "%s: expected an object, got %s", src->where, tp_json_type_name(tp_json_type(entry)));
		goto cleanup;
	}
	for (tp_json *m = tp_json_child(entry); m; m = tp_json_next(m)) {
		const struct key_spec *k = kinds[kind].keys;
		while (k->key && strcmp(k->key, tp_json_key(m)) != 0)
			k++;
		if (!k->key) {
			rc = fail(src, m, "%s: unknown key \"%s\"", src->where, tp_json_key(m));
			goto cleanup;
		}
		for (tp_json *e = tp_json_child(entry); e != m; e = tp_json_next(e))
			if (strcmp(tp_json_key(e), tp_json_key(m)) == 0) {
				rc = fail(src, m, "%s: key \"%s\" given twice", src->where, tp_json_key(m));
				goto cleanup;
			}
		if ((rc = read_key(r, k, m, src)) < 0)
			goto cleanup;
	}
	for (const struct key_spec *k = kinds[kind].keys; k->key; k++)
		if (k->required && !tp_json_get(entry, k->key)) {
			rc = fail(src, entry, "%s: missing key \"%s\"", src->where, k->key);
			goto cleanup;
		}
	rc = finish_rule(r, entry, src);
cleanup:
	if (rc < 0) {
		rule_free(r);
		r = NULL;
	}
	*out = r;
	return rc;
}

static tp_map *table_for(tp_rules *rs, const tp_rule *r)
{
	int qualified = strchr(r->key, '.') != NULL;
	switch (r->kind) {
	case TP_RULE_MODULE: return &rs->module;
	case TP_RULE_FUNC: return qualified ? &rs->func_qualified : &rs->func_method;
	case TP_RULE_ATTR: return &rs->attr_method;
	case TP_RULE_ARGS: return qualified ? &rs->args_qualified : &rs->args_method;
	case TP_RULE_STRING: return &rs->string_prefix;
	case TP_RULE_DEVICE_INDEX: return qualified ? &rs->device_index_qualified : &rs->device_index;
	case TP_RULE_SIMILAR: return &rs->similar;
	case TP_RULE_NO_NPU_MODULE: return &rs->no_npu_module;
	default: return NULL;
	}
}

/* User rules go before built-in ones in each chain: they take precedence. */
static void add_rule(tp_rules *rs, tp_rule *r)
{
	tp_array_push(&rs->all, r);
	if (r->kind == TP_RULE_ACCELERATOR) { /* one rule for each package; a later one for the same package wins */
		for (size_t i = 0; i < r->packages.cap; i++)
			if (r->packages.slots[i].key)
				tp_map_put(&rs->accelerator, r->packages.slots[i].key, r->packages.slots[i].len, r);
		return;
	}
	tp_map *t = table_for(rs, r);
	tp_rule *first = t ? tp_map_get(t, r->key, strlen(r->key)) : rs->import_insert;
	if (r->user || !first) {
		r->next = first;
		first = r;
	} else {
		tp_rule *last = first;
		while (last->next)
			last = last->next;
		last->next = r;
	}
	if (t)
		tp_map_put(t, r->key, strlen(r->key), first);
	else
		rs->import_insert = first;
	const char *written = r->tips_only ? NULL : r->kind == TP_RULE_MODULE ? r->new_qname : r->kind == TP_RULE_FUNC || r->kind == TP_RULE_ATTR ? r->new_name : NULL;
	if (written && !tp_map_get(&rs->written, written, strlen(written)))
		tp_map_put(&rs->written, written, strlen(written), r);
}

/* The entry as "kind key=value ..." with keys sorted, so entries that differ
 * only in key order count as duplicates. */
static int by_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static char *canonical(int kind, const tp_json *entry)
{
	tp_array(char *) parts = {0};
	for (tp_json *m = tp_json_child(entry); m; m = tp_json_next(m)) {
		char *v = tp_json_print(m);
		tp_array_push(&parts, tp_xprintf("%s=%s", tp_json_key(m), v));
		free(v);
	}
	if (parts.len)
		qsort(parts.items, parts.len, sizeof *parts.items, by_str);
	tp_buf b = {0};
	tp_buf_printf(&b, "%d", kind);
	for (size_t i = 0; i < parts.len; i++) {
		tp_buf_printf(&b, " %s", parts.items[i]);
		free(parts.items[i]);
	}
	tp_array_free(&parts);
	return b.ptr;
}

/* Validates a whole document, then adds its rules. */
static int load_doc(tp_rules *rs, const char *text, size_t len, const char *path, int user)
{
	int line = 0, col = 0, rc = 0;
	const char *why = NULL;
	tp_array(tp_rule *) fresh = {0};
	tp_array(char *) texts = {0}; /* canonical text of each entry, to find duplicates */
	tp_map seen;
	tp_map_init(&seen);
	tp_json *doc = NULL;
	if (len == 0) {
		rc = tp_error_set(TP_ERULES, "%s:1:1: the rule file is empty; expected {\"rules\": {...}}", path);
		goto cleanup;
	}
	doc = tp_json_parse(text, len, &line, &col, &why);
	if (!doc) {
		rc = tp_error_set(TP_ERULES, "%s:%d:%d: invalid JSON: %s", path, line, col, why);
		goto cleanup;
	}
	struct src src = {path, text, len, doc, ""};
	if (tp_json_type(doc) != TP_JSON_OBJECT) {
		rc = fail(&src, doc, "the top level must be an object {\"rules\": {...}}");
		goto cleanup;
	}
	for (tp_json *m = tp_json_child(doc); m; m = tp_json_next(m))
		if (strcmp(tp_json_key(m), "rules") != 0) {
			rc = fail(&src, m, "unknown top-level key \"%s\" (expected \"rules\")", tp_json_key(m));
			goto cleanup;
		}
	tp_json *body = tp_json_get(doc, "rules");
	if (tp_json_type(body) != TP_JSON_OBJECT) {
		rc = fail(&src, body ? body : doc, "\"rules\" must be an object mapping rule kinds to lists");
		goto cleanup;
	}
	for (tp_json *kv = tp_json_child(body); kv; kv = tp_json_next(kv)) {
		int kind = 0;
		while (kind < TP_RULE__COUNT && strcmp(kinds[kind].name, tp_json_key(kv)) != 0)
			kind++;
		if (kind == TP_RULE__COUNT) {
			rc = fail(&src, kv, "rules.%s: unknown rule kind (expected ArgsModifyRule, FuncNameModifyRule, ModuleNameModifyRule, ...)", tp_json_key(kv));
			goto cleanup;
		}
		if (tp_json_type(kv) != TP_JSON_ARRAY) {
			rc = fail(&src, kv, "rules.%s: expected an array, got %s", tp_json_key(kv), tp_json_type_name(tp_json_type(kv)));
			goto cleanup;
		}
		size_t idx = 0;
		for (tp_json *e = tp_json_child(kv); e; e = tp_json_next(e), idx++) {
			snprintf(src.where, sizeof src.where, "%s[%zu]", kinds[kind].name, idx);
			tp_rule *r = NULL;
			if ((rc = parse_rule(&r, (enum tp_rule_kind)kind, e, &src, user, idx)) < 0)
				goto cleanup;
			char *canon = canonical(kind, e);
			tp_array_push(&texts, canon);
			tp_rule *dup = tp_map_get(&seen, canon, strlen(canon));
			if (dup) {
				/* Exact duplicates are applied once. */
				tp_json_where(doc, e, text, len, &line, &col);
				fprintf(stderr, "transplt: warning: %s:%d:%d: %s duplicates %s; it is applied once\n", path, line, col,
					src.where, dup->id);
				rule_free(r);
				continue;
			}
			tp_map_put(&seen, canon, strlen(canon), r);
			tp_array_push(&fresh, r);
		}
	}
	for (size_t i = 0; i < fresh.len; i++)
		add_rule(rs, fresh.items[i]);
	fresh.len = 0;
cleanup:
	for (size_t i = 0; i < fresh.len; i++)
		rule_free(fresh.items[i]);
	tp_array_free(&fresh);
	for (size_t i = 0; i < texts.len; i++)
		free(texts.items[i]);
	tp_array_free(&texts);
	tp_map_dispose(&seen);
	tp_json_free(doc);
	return rc;
}

int tp_rules_load_builtin(tp_rules **out)
{
	tp_rules *rs = tp_xcalloc(1, sizeof *rs);
	int rc = load_doc(rs, tp_builtin_rules_json, tp_builtin_rules_json_len, "<built-in rules>", 0);
	if (rc < 0) {
		tp_rules_free(rs);
		rs = NULL;
	}
	*out = rs;
	return rc;
}

int tp_rules_load_similar(tp_rules *rules)
{
	return load_doc(rules, tp_similar_rules_json, tp_similar_rules_json_len, "<built-in similar-API rules>", 0);
}

/* Rule files are kilobytes. Past this size one is refused before it is read
 * to the end: a device such as /dev/zero never ends. */
#define RULES_MAX_BYTES (64u << 20)

int tp_rules_load_file(tp_rules *rules, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return tp_error_set(TP_ERULES, "%s: cannot open the rule file: %s", path, strerror(errno));
	tp_buf b = {0};
	char chunk[65536];
	size_t n;
	while (b.len <= RULES_MAX_BYTES && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
		tp_buf_add(&b, chunk, n);
	int err = ferror(f);
	fclose(f);
	int rc = err ? tp_error_set(TP_ERULES, "%s: cannot read the rule file", path)
		 : b.len > RULES_MAX_BYTES ? tp_error_set(TP_ERULES, "%s: the rule file is larger than %u MiB", path, RULES_MAX_BYTES >> 20)
		 : load_doc(rules, b.ptr ? b.ptr : "", b.len, path, 1);
	tp_buf_dispose(&b);
	return rc;
}

void tp_rules_free(tp_rules *rs)
{
	if (!rs)
		return;
	for (size_t i = 0; i < rs->all.len; i++)
		rule_free(rs->all.items[i]);
	tp_array_free(&rs->all);
	tp_map *maps[] = {&rs->module, &rs->func_qualified, &rs->func_method, &rs->attr_method,
			  &rs->args_qualified, &rs->args_method, &rs->string_prefix, &rs->device_index, &rs->device_index_qualified, &rs->similar, &rs->no_npu_module,
			  &rs->accelerator, &rs->written};
	for (size_t i = 0; i < sizeof maps / sizeof *maps; i++)
		tp_map_dispose(maps[i]);
	free(rs);
}
