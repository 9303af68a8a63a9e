/* ops: loads one version of the op-support data and classifies names. */
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "json.h"

static void *own(tp_ops *ops, void *p)
{
	tp_array_push(&ops->owned, p);
	return p;
}

static char *keep(tp_ops *ops, const char *s) { return own(ops, tp_xstrdup(s ? s : "")); }

static const char **names(tp_ops *ops, const tp_json *array)
{
	const char **out = own(ops, tp_xcalloc(tp_json_size(array) + 1, sizeof *out));
	size_t i = 0;
	for (tp_json *e = tp_json_child(array); e; e = tp_json_next(e))
		out[i++] = keep(ops, tp_json_string(e));
	return out;
}

static void load_map(tp_ops *ops, tp_map *m, const tp_json *obj)
{
	for (tp_json *e = tp_json_child(obj); e; e = tp_json_next(e)) {
		char *k = keep(ops, tp_json_key(e));
		tp_map_put(m, k, strlen(k), keep(ops, tp_json_string(e)));
	}
}

static void load_affinity(tp_ops *ops, tp_map *m, const tp_json *obj)
{
	for (tp_json *e = tp_json_child(obj); e; e = tp_json_next(e)) {
		tp_affinity *a = own(ops, tp_xcalloc(1, sizeof *a));
		a->api = keep(ops, tp_json_string(tp_json_get(e, "api")));
		if (tp_json_get(e, "parent"))
			a->parent = keep(ops, tp_json_string(tp_json_get(e, "parent")));
		if (tp_json_get(e, "parameters"))
			a->params = names(ops, tp_json_get(e, "parameters"));
		if (tp_json_get(e, "init"))
			a->init = names(ops, tp_json_get(e, "init"));
		if (tp_json_get(e, "forward"))
			a->forward = names(ops, tp_json_get(e, "forward"));
		char *k = keep(ops, tp_json_key(e));
		tp_map_put(m, k, strlen(k), a);
	}
}

static int listed(const tp_ops *ops, const char *name, size_t n)
{
	return tp_map_get(&ops->unsupported, name, n) || tp_map_get(&ops->supported, name, n);
}

/* Parses embedded JSON data (checked at build time by the tests). */
static tp_json *embedded(const char *text, unsigned long len)
{
	int line, col;
	const char *why;
	tp_json *doc = tp_json_parse(text, len, &line, &col, &why);
	if (!doc)
		abort();
	return doc;
}

int tp_ops_load(tp_ops **out, const char *version)
{
	*out = NULL;
	tp_json *doc = embedded(tp_op_support_json, tp_op_support_json_len);
	if (!version)
		version = tp_json_string(tp_json_get(doc, "default"));
	size_t i = 0;
	while (tp_op_support_json_part_names[i] && strcmp(tp_op_support_json_part_names[i], version) != 0)
		i++;
	if (!tp_op_support_json_part_names[i]) {
		char known[256] = "";
		for (size_t k = 0; tp_op_support_json_part_names[k]; k++)
			snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", k ? ", " : "", tp_op_support_json_part_names[k]);
		tp_json_free(doc);
		return tp_error_set(TP_EUSAGE, "-v %s: unknown PyTorch version (known: %s)", version, known);
	}
	/* Only this version's lists are parsed: a quarter of the data. */
	tp_json *v = embedded(tp_op_support_json_parts[i], tp_op_support_json_part_lens[i]);
	tp_ops *ops = tp_xcalloc(1, sizeof *ops);
	ops->version = keep(ops, version);
	load_map(ops, &ops->unsupported, tp_json_get(v, "unsupported"));
	load_map(ops, &ops->aliases, tp_json_get(doc, "aliases"));
	load_map(ops, &ops->foreign, tp_json_get(doc, "foreign"));
	tp_json *advice = tp_json_get(doc, "advice"), *aff = tp_json_get(doc, "affinity");
	load_map(ops, &ops->precision, tp_json_get(advice, "precision"));
	load_map(ops, &ops->performance, tp_json_get(advice, "performance"));
	load_map(ops, &ops->affinity_call, tp_json_get(aff, "torch"));
	load_affinity(ops, &ops->affinity_function, tp_json_get(aff, "function"));
	load_affinity(ops, &ops->affinity_class, tp_json_get(aff, "class"));
	for (tp_json *e = tp_json_child(tp_json_get(v, "supported")); e; e = tp_json_next(e)) {
		char *k = keep(ops, tp_json_string(e));
		tp_map_put(&ops->supported, k, strlen(k), ops);
	}
	tp_json_free(v);
	tp_json_free(doc);
	*out = ops;
	return 0;
}

void tp_ops_free(tp_ops *ops)
{
	if (!ops)
		return;
	tp_map *maps[] = {&ops->unsupported, &ops->supported, &ops->aliases, &ops->foreign, &ops->precision, &ops->performance,
			  &ops->affinity_function, &ops->affinity_class, &ops->affinity_call};
	for (size_t i = 0; i < sizeof maps / sizeof *maps; i++)
		tp_map_dispose(maps[i]);
	for (size_t i = 0; i < ops->owned.len; i++)
		free(ops->owned.items[i]);
	tp_array_free(&ops->owned);
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

/* The listed name that qname is, or NULL: itself; the listed name that it,
 * or its longest dotted prefix, re-exports (torch.utils.data.DistributedSampler.
 * set_epoch is torch.utils.data.distributed.DistributedSampler.set_epoch); or
 * for a class the same name in an enclosing module below torch (torch.nn.parallel.DataParallel is
 * the listed torch.nn.DataParallel), the nearest first. Not across a module
 * that holds other implementations of the same names (torch.nn.quantized.Linear
 * is no torch.nn.Linear), and not for functions, which such modules redefine
 * most (torch.distributed.nn.functional.all_reduce). */
static const char *listed_as(const tp_ops *ops, const char *qname, char *buf, size_t size)
{
	static const char *const variants[] = {"quantized", "qat", "dynamic", "intrinsic", "reference", "functional",
					       "nn", "sparse", "_functional_collectives", NULL};
	size_t qlen = strlen(qname);
	if (listed(ops, qname, qlen))
		return qname;
	for (size_t n = qlen; n > 0; n--) {
		if (n < qlen && qname[n] != '.')
			continue;
		const char *target = tp_map_get(&ops->aliases, qname, n);
		if (!target)
			continue;
		int k = snprintf(buf, size, "%s%s", target, qname + n);
		if (k > 0 && (size_t)k < size && listed(ops, buf, (size_t)k))
			return buf;
		break;
	}
	const char *leaf = strrchr(qname, '.'), *first = strchr(qname, '.');
	if (!leaf || leaf[1] < 'A' || leaf[1] > 'Z')
		return NULL;
	for (const char *dot = leaf; dot > first;) {
		const char *end = dot; /* the module name between the previous dot and this one is dropped */
		while (--dot > first && *dot != '.')
			;
		for (const char *const *v = variants; *v; v++)
			if ((size_t)(end - dot - 1) == strlen(*v) && memcmp(dot + 1, *v, strlen(*v)) == 0)
				return NULL;
		int k = snprintf(buf, size, "%.*s%s", (int)(dot - qname), qname, leaf);
		if (dot > first && k > 0 && (size_t)k < size && listed(ops, buf, (size_t)k))
			return buf;
	}
	return NULL;
}

enum tp_support tp_ops_classify(const tp_ops *ops, const char *qname, const char **tip)
{
	/* A special method the lists do not name (`nn.Module.__init__(self)`,
	 * the old spelling of super().__init__()) runs the class's own code: it
	 * is as supported as its class. */
	const char *last = strrchr(qname, '.');
	size_t ll = last ? strlen(last) : 0;
	if (ll > 5 && strncmp(last, ".__", 3) == 0 && strcmp(last + ll - 2, "__") == 0 && !listed(ops, qname, strlen(qname))) {
		char cls[512];
		int k = snprintf(cls, sizeof cls, "%.*s", (int)(last - qname), qname);
		if (k > 0 && (size_t)k < sizeof cls)
			return tp_ops_classify(ops, cls, tip);
	}
	const char *t = tp_map_get(&ops->unsupported, qname, strlen(qname));
	if (!t && strncmp(qname, "torch.", 6) != 0)
		return TP_SUPPORTED;
	char buf[512];
	const char *name = t ? qname : listed_as(ops, qname, buf, sizeof buf);
	for (size_t n = strlen(qname); !name && n > 0; n--)
		if ((qname[n] == '.' || !qname[n]) && tp_map_get(&ops->foreign, qname, n))
			return TP_SUPPORTED;
	if (!name)
		return TP_UNKNOWN;
	if (!t && !(t = tp_map_get(&ops->unsupported, name, strlen(name))))
		return TP_SUPPORTED;
	*tip = t;
	return TP_UNSUPPORTED;
}
