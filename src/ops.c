/* ops: loads one version of the op-support data and classifies names. */
#include "ops.h"

#include <stdlib.h>

#include "error.h"
#include "json.h"

static const char *const versions[] = {"2.1.0", "2.6.0", "2.7.1", "2.8.0", NULL};

const char *const *tp_ops_versions(void) { return versions; }

static char *keep(tp_ops *ops, const char *s)
{
	char *c = tp_xstrdup(s);
	tp_array_push(&ops->strings, c);
	return c;
}

int tp_ops_load(tp_ops **out, const char *version)
{
	*out = NULL;
	if (!version)
		version = versions[3];
	int known = 0;
	for (const char *const *v = versions; *v; v++)
		known |= strcmp(*v, version) == 0;
	if (!known)
		return tp_error_set(TP_EUSAGE, "-v %s: unknown PyTorch version (known: 2.1.0, 2.6.0, 2.7.1, 2.8.0)", version);
	int line, col;
	const char *why;
	tp_json *doc = tp_json_parse(tp_op_support_json, tp_op_support_json_len, &line, &col, &why);
	if (!doc)
		abort(); /* the embedded data is checked at build time by the tests */
	tp_json *v = tp_json_get(tp_json_get(doc, "versions"), version);
	tp_ops *ops = tp_xcalloc(1, sizeof *ops);
	ops->version = keep(ops, version);
	for (tp_json *e = tp_json_child(tp_json_get(v, "unsupported")); e; e = tp_json_next(e)) {
		char *k = keep(ops, tp_json_key(e));
		tp_map_put(&ops->unsupported, k, strlen(k), keep(ops, tp_json_string(e) ? tp_json_string(e) : ""));
	}
	for (tp_json *e = tp_json_child(tp_json_get(v, "supported")); e; e = tp_json_next(e)) {
		char *k = keep(ops, tp_json_string(e));
		tp_map_put(&ops->supported, k, strlen(k), ops);
	}
	tp_json_free(doc);
	*out = ops;
	return 0;
}

void tp_ops_free(tp_ops *ops)
{
	if (!ops)
		return;
	tp_map_dispose(&ops->unsupported);
	tp_map_dispose(&ops->supported);
	for (size_t i = 0; i < ops->strings.len; i++)
		free(ops->strings.items[i]);
	tp_array_free(&ops->strings);
	free(ops);
}

void tp_ops_extend_members(tp_ops *ops, tp_rules *rules)
{
	for (size_t i = 0; i < rules->all.len; i++) {
		tp_rule *r = rules->all.items[i];
		if (r->kind != TP_RULE_MODULE || r->members.count == 0)
			continue;
		size_t klen = strlen(r->key);
		for (size_t s = 0; s < ops->supported.cap; s++) {
			const char *name = ops->supported.slots[s].key;
			if (!name || strncmp(name, r->key, klen) != 0 || name[klen] != '.')
				continue;
			const char *member = name + klen + 1;
			size_t mlen = strcspn(member, ".");
			if (!tp_map_get(&r->members, member, mlen))
				tp_map_put(&r->members, member, mlen, r);
		}
	}
}

enum tp_support tp_ops_classify(const tp_ops *ops, const char *qname, const char **tip)
{
	size_t n = strlen(qname);
	const char *t = tp_map_get(&ops->unsupported, qname, n);
	if (t) {
		*tip = t;
		return TP_UNSUPPORTED;
	}
	if (tp_map_get(&ops->supported, qname, n) || strncmp(qname, "torch.", 6) != 0)
		return TP_SUPPORTED;
	return TP_UNKNOWN;
}
