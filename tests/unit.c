/* Unit tests of the core library's stages: map, resolve, rules, plan/apply.
 * Each check prints what failed; the exit status is the number of failures. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "convert.h"
#include "edit.h"
#include "error.h"
#include "map.h"
#include "parse.h"
#include "resolve.h"
#include "rules.h"

static int failures;

#define CHECK(cond)                                                              \
	do {                                                                         \
		if (!(cond)) {                                                           \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			failures++;                                                          \
		}                                                                        \
	} while (0)

static int streq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static void test_map(void)
{
	tp_map m;
	tp_map_init(&m);
	static char keys[1000][8];
	for (int i = 0; i < 1000; i++) {
		snprintf(keys[i], sizeof keys[i], "k%d", i);
		CHECK(tp_map_put(&m, keys[i], strlen(keys[i]), &keys[i]) == NULL);
	}
	CHECK(m.count == 1000);
	for (int i = 0; i < 1000; i++)
		CHECK(tp_map_get(&m, keys[i], strlen(keys[i])) == &keys[i]);
	CHECK(tp_map_get(&m, "k1000", 5) == NULL);
	CHECK(tp_map_put(&m, "k7", 2, NULL) == &keys[7]); /* replace returns the old value */
	tp_map_dispose(&m);
}

/* src parsed and resolved (kept until the next call), or NULL. */
static tp_resolver *resolved(const char *src, const tp_tree **out)
{
	static tp_parser *p;
	static tp_arena *a;
	static tp_resolver r;
	static int have;
	static tp_tree t;
	if (!p)
		p = tp_parser_new();
	if (have) {
		tp_resolver_dispose(&r);
		tp_tree_dispose(&t);
	}
	have = 0;
	tp_arena_free(a);
	a = tp_arena_new();
	if (tp_parse(&t, p, src, (uint32_t)strlen(src)) < 0)
		return NULL;
	tp_resolver_init(&r, &t, src, a);
	have = 1;
	*out = &t;
	return &r;
}

/* The n-th attribute/identifier whose text is `expr` in the source of r. */
static uint32_t nth_node(const tp_resolver *r, const char *expr, int nth)
{
	size_t n = strlen(expr);
	for (uint32_t i = 0; i < r->tree->count; i++) {
		const tp_node *nd = &r->tree->nodes[i];
		if ((nd->kind == K_ATTRIBUTE || nd->kind == K_IDENTIFIER) && nd->end - nd->start == n &&
		    memcmp(r->src + nd->start, expr, n) == 0 && nth-- == 0)
			return i;
	}
	return TP_NONE;
}

/* Resolves the qualified name of the n-th attribute/identifier whose text is
 * `expr` in src. */
static const char *qname_of(const char *src, const char *expr, int nth)
{
	const tp_tree *t;
	tp_resolver *r = resolved(src, &t);
	uint32_t i = r ? nth_node(r, expr, nth) : TP_NONE;
	return i == TP_NONE ? NULL : tp_resolve_qname(r, i, NULL);
}

/* The text of the value the n-th identifier `name` of src holds once set
 * (tp_resolve_set_value), "def" for a definition it names, or NULL. */
static const char *set_value_of(const char *src, const char *name, int nth)
{
	static char buf[64];
	const tp_tree *t;
	tp_resolver *r = resolved(src, &t);
	uint32_t i = r ? nth_node(r, name, nth) : TP_NONE;
	const tp_binding *b = i == TP_NONE ? NULL : tp_resolve_name(r, i, name, strlen(name));
	if (tp_resolve_definition(r, b) != TP_NONE)
		return "def";
	uint32_t v = tp_resolve_set_value(r, b);
	if (v == TP_NONE)
		return NULL;
	snprintf(buf, sizeof buf, "%.*s", (int)(t->nodes[v].end - t->nodes[v].start), src + t->nodes[v].start);
	return buf;
}

static void test_resolve(void)
{
	CHECK(streq(qname_of("import torch as T\nT.cuda.set_device(0)\n", "T.cuda.set_device", 0), "torch.cuda.set_device"));
	CHECK(streq(qname_of("from torch.cuda.amp import autocast as ac\nac()\n", "ac", 1), "torch.cuda.amp.autocast"));
	CHECK(streq(qname_of("import torch.cuda\ntorch.cuda.synchronize()\n", "torch.cuda.synchronize", 0), "torch.cuda.synchronize"));
	/* A parameter shadows the import inside its function only. */
	const char *shadow = "import torch\ndef f(torch):\n    torch.cuda.x()\ntorch.cuda.y()\n";
	CHECK(qname_of(shadow, "torch.cuda.x", 0) == NULL);
	CHECK(streq(qname_of(shadow, "torch.cuda.y", 0), "torch.cuda.y"));
	/* An import inside a function binds there, not at module level. */
	const char *inner = "def f():\n    import torch as T\n    T.a()\ndef g():\n    T.b()\n";
	CHECK(streq(qname_of(inner, "T.a", 0), "torch.a"));
	CHECK(qname_of(inner, "T.b", 0) == NULL);
	/* Class bodies are not seen from their methods; globals are. */
	const char *cls = "import torch\nclass C:\n    torch = None\n    def m(self):\n        torch.k()\n";
	CHECK(streq(qname_of(cls, "torch.k", 0), "torch.k"));
	/* A global declaration makes the function's assignment not a local one. */
	const char *glob = "import torch as T\ndef f():\n    global T\n    T = T\n    T.z()\ndef g():\n    T = 1\n    T.z()\n";
	CHECK(streq(qname_of(glob, "T.z", 0), "torch.z"));
	CHECK(qname_of(glob, "T.z", 1) == NULL);
	/* A function's assignment to a global is one of the module's variable:
	 * the value it holds once set, the None it starts with aside. */
	const char *lazy = "p = None\ndef init():\n    global p\n    p = load()\ndef use():\n    p.f()\n    q = 1\n    q = 2\n    q\n";
	CHECK(streq(set_value_of(lazy, "p", 3), "load()"));
	CHECK(set_value_of(lazy, "q", 2) == NULL);
	CHECK(streq(set_value_of("def f():\n    g = 1\n    g = 2\n    return g\ndef g():\n    pass\ng\n", "g", 4), "def"));
	CHECK(set_value_of("x = None\nx = None\nx\n", "x", 2) == NULL);
	/* try: import / except: fallback assignment still resolves to the import. */
	CHECK(streq(qname_of("try:\n    import torch\nexcept ImportError:\n    torch = None\ntorch.q()\n", "torch.q", 0), "torch.q"));
	/* Relative imports name the user's package: they keep their dots. */
	CHECK(streq(qname_of("from . import torch\ntorch.w()\n", "torch.w", 0), ".torch.w"));
	CHECK(streq(qname_of("from ..ops import _C\n_C.f()\n", "_C.f", 0), "..ops._C.f"));
}

/* Writes text to path and loads it as a rule file. Returns the load's result. */
static int load_rules_text(tp_rules *rs, const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return 0;
	fputs(text, f);
	fclose(f);
	return tp_rules_load_file(rs, path);
}

/* The rule file text is refused with an error containing want. */
static int refused_with(tp_rules *rs, const char *path, const char *text, const char *want)
{
	return load_rules_text(rs, path, text) == TP_ERULES && strstr(tp_error_last(), want) != NULL;
}

static void test_rules(void)
{
	tp_rules *rs = NULL;
	CHECK(tp_rules_load_builtin(&rs) == 0);
	CHECK(rs && tp_map_get(&rs->module, "torch.cuda", 10));
	CHECK(rs && tp_map_get(&rs->func_method, "cuda", 4));
	char path[] = "/tmp/transplt-unit-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	close(fd);
	size_t before = rs ? rs->all.len : 0;
	CHECK(refused_with(rs, path,
			   "{\"rules\": {\"FuncNameModifyRule\": [{\"old_name\": \"cuda\", \"new_name\": \"mine\"}],\n"
			   "\"ArgsModifyRule\": [{\"func_name\": \"a.b\", \"arg_idx\": \"zero\", \"arg_new\": \"x\"}]}}",
			   ":2:41: ArgsModifyRule[0].arg_idx: expected an integer"));
	CHECK(rs && rs->all.len == before); /* never half-applied */
	CHECK(load_rules_text(rs, path, "{\"rules\": {\"FuncNameModifyRule\": [{\"old_name\": \"cuda\", \"new_name\": \"mine\"}]}}") == 0);
	const tp_rule *r = rs ? tp_map_get(&rs->func_method, "cuda", 4) : NULL;
	CHECK(r && r->user && streq(r->new_name, "mine") && r->next && !r->next->user); /* user rule first */
	CHECK(refused_with(rs, path, "{\"rules\": {\n  \"FuncNameModifyRule\": [,]}}", ":2:26: invalid JSON"));
	/* Errors in content are located too: a list element, a key, a kind. */
	CHECK(refused_with(rs, path,
			   "\xEF\xBB\xBF{\"rules\": {\"ModuleNameModifyRule\": [\n"
			   "  {\"old_name\": \"a\", \"new_name\": \"b\", \"members\": [\"x\",\n    \"1y\"]}]}}",
			   ":3:5: ModuleNameModifyRule[0].members[1]: expected a Python name"));
	CHECK(refused_with(rs, path,
			   "{\"rules\": {\"ArgsModifyRule\": [{\"func_name\": \"a\", \"arg_idx\": 0, \"arg_new\": \"x\"},\n"
			   "\t{\"func_name\": \"a\", \"unknown\": {\"n\": [1, {}]}}]}}",
			   ":2:21: ArgsModifyRule[1]: unknown key \"unknown\""));
	CHECK(refused_with(rs, path, "{\"rules\": {\"ArgsModifyRule\": [], \"x\": []}}", ":1:34: rules.x: unknown rule kind"));
	CHECK(refused_with(rs, path,
			   "{\"rules\": {\"ModuleNameModifyRule\": [{\"old_name\": \"a\", \"new_name\": \"b\",\n"
			   " \"renamed_members\": {\"X\": \"Y\", \"Z\": \"c.W\"}}]}}",
			   ":2:32: ModuleNameModifyRule[0].renamed_members.Z: expected a bare Python name"));
	CHECK(refused_with(rs, path,
			   "{\"rules\": {\"ModuleNameModifyRule\": [{\"old_name\": \"a\", \"new_name\": \"b\",\n"
			   " \"submodules\": [\"random\", \"x.y\"]}]}}",
			   ":2:27: ModuleNameModifyRule[0].submodules[1]: expected a bare Python name"));
	CHECK(refused_with(rs, path,
			   "{\"rules\": {\"ModuleNameModifyRule\": [{\"old_name\": \"a\", \"new_name\": \"b\",\n"
			   " \"member_tips\": {\"f\": \"\"}}]}}",
			   ":2:18: ModuleNameModifyRule[0].member_tips.f: expected a bare Python name (or name().field) to a text"));
	CHECK(refused_with(rs, path,
			   "{\"rules\": {\"ModuleNameModifyRule\": [{\"old_name\": \"a\", \"new_name\": \"b\",\n"
			   " \"member_tips\": {\"f().x.y\": \"tip\"}}]}}",
			   ":2:18: ModuleNameModifyRule[0].member_tips.f().x.y: expected a bare Python name (or name().field) to a text"));
	/* A string rule is looked up by the string's leading word of letters and '_'. */
	CHECK(refused_with(rs, path, "{\"rules\": {\"StringModifyRule\": [\n {\"pattern\": \"^2cuda$\", \"old\": \"2cuda\", \"new\": \"npu\"}]}}",
			   ":2:2: StringModifyRule[0].old: \"2cuda\" must start with a letter or '_'"));
	remove(path);
	tp_rules_free(rs);
}

static void test_plan(void)
{
	const char *src = "abcdefghij";
	tp_arena *a = tp_arena_new();
	tp_item items[] = {
		{TP_OP_MODIFY, 2, 5, "X", "builtin:1", "b1", NULL, 0},
		{TP_OP_MODIFY, 3, 4, "Y", "user:1", "u1", NULL, 1},  /* overlaps: the user edit wins */
		{TP_OP_MODIFY, 7, 8, "Z", "builtin:2", "b2", NULL, 0},
		{TP_OP_MODIFY, 7, 8, "Z", "builtin:3", "b3", NULL, 0}, /* identical: merged */
		{TP_OP_INSERT, 0, 0, "<", "builtin:4", "b4", NULL, 0},
	};
	size_t n = 5;
	tp_plan(items, &n, NULL, 0, a);
	CHECK(n == 4);
	int warned = 0;
	for (size_t i = 0; i < n; i++)
		warned += items[i].op == TP_OP_WARNING && strstr(items[i].message, "kept user:1") != NULL;
	CHECK(warned == 1);
	tp_buf out = {0};
	tp_apply(&out, src, strlen(src), items, n);
	CHECK(streq(out.ptr, "<abcYefgZij"));
	tp_buf_dispose(&out);
	/* At one point, inserted lines go before text inserted into the next line,
	 * whatever order they were found in. */
	tp_item at_line[] = {
		{TP_OP_INSERT, 4, 4, "if r: ", "builtin:1", "guard", NULL, 0},
		{TP_OP_INSERT, 4, 4, "w = 1\n", "builtin:2", "wrap", NULL, 0},
	};
	n = 2;
	tp_plan(at_line, &n, NULL, 0, a);
	tp_apply(&out, "x=0\nsave()\n", 11, at_line, n);
	CHECK(n == 2 && streq(out.ptr, "x=0\nw = 1\nif r: save()\n"));
	tp_buf_dispose(&out);
	tp_arena_free(a);
}

/* A broken file parses the same on a parser that parsed before as on a new
 * one (tree-sitter 0.20.7's error recovery alone would not). */
static void test_parse_repeatable(void)
{
	const char *src = "def f():\n    import torch\n    x = torch.zeros(rmalization def f():\n    im\n\ndef g():def f\n"
			  "    import torch\n\x05    (x = 0de[import FusedLayerNorm\n   re f(\n  ):\n    ):\n    im\n\n"
			  "def g():\n    impor t torch\n    x = 0de[ ff`tsrn torch.cuda3gm\n  ( retsrn to\n  ):\n(0)\n     f`\n";
	tp_parser *p = tp_parser_new();
	uint32_t errors[4];
	for (int i = 0; i < 4; i++) {
		tp_tree t;
		CHECK(tp_parse(&t, p, src, (uint32_t)strlen(src)) == 0);
		errors[i] = t.error_count;
		tp_tree_dispose(&t);
	}
	CHECK(errors[0] > 0 && errors[1] == errors[0] && errors[2] == errors[0] && errors[3] == errors[0]);
	tp_parser_free(p);
}

int main(void)
{
	test_map();
	test_parse_repeatable();
	test_resolve();
	test_rules();
	test_plan();
	printf("%s: %d failures\n", failures ? "FAIL" : "ok", failures);
	return failures != 0;
}
