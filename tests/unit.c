/* Unit tests of the core library's stages: map, resolve, rules, plan/apply.
 * Each check prints what failed; the exit status is the number of failures. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <tree_sitter/api.h>
#include <unistd.h>

#include "convert.h"
#include "edit.h"
#include "error.h"
#include "io.h"
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

/* src parsed and resolved (kept until the next call), or NULL. A NULL src
 * only frees what the last call kept. */
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
	a = NULL;
	if (!src) {
		tp_parser_free(p);
		p = NULL;
		return NULL;
	}
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
	resolved(NULL, NULL);
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

/* ---- edits that keep the syntax ------------------------------------------
 * Every edit that tp_edits_keep_syntax lets skip the reparse must leave a
 * file that parses with no error. Each input file gets edits of each shape at
 * every place one could go, with texts that fit and texts that must not; the
 * kept ones are applied one at a time and parsed. */
enum { SHAPE_NAME, SHAPE_CHAIN, SHAPE_TEXT, SHAPE_QUOTE, SHAPE_WRAP, SHAPE_ARG, SHAPE_LINE, SHAPE__COUNT };
static const char *const shape_names[SHAPE__COUNT] = {"name", "dotted name", "string text", "string for an argument",
						      "f-string around an argument", "added argument", "inserted line"};
static size_t shape_kept[SHAPE__COUNT];
static tp_strings kept_outputs, kept_edits;

static void try_edits(const tp_tree *t, const char *src, uint32_t len, int shape, const tp_item *items, size_t n)
{
	if (!tp_edits_keep_syntax(t, src, len, items, n))
		return;
	shape_kept[shape]++;
	tp_buf out = {0}, what = {0};
	tp_apply(&out, src, len, items, n);
	tp_array_push(&kept_outputs, out.ptr);
	tp_buf_printf(&what, "%s: [%u, %u) -> \"%s\"", shape_names[shape], items[0].start, items[0].end, items[0].text);
	for (size_t i = 1; i < n; i++)
		tp_buf_printf(&what, ", [%u, %u) -> \"%s\"", items[i].start, items[i].end, items[i].text);
	tp_array_push(&kept_edits, what.ptr);
}

static void try_edit(const tp_tree *t, const char *src, uint32_t len, int shape, uint32_t start, uint32_t end, const char *text)
{
	tp_item it = {start == end ? TP_OP_INSERT : TP_OP_MODIFY, start, end, text, NULL, "test", NULL, 0};
	try_edits(t, src, len, shape, &it, 1);
}

/* The flattened tree holds tree-sitter's named nodes in preorder, with
 * their parents and subtrees, as a plain walk over named children finds them
 * (tp_parse skips the tokens after a node's last named child). */
static void check_flattened(const char *path, const tp_tree *t)
{
	struct entry {
		TSNode node;
		uint32_t parent;
	};
	tp_array(struct entry) stack = {0};
	struct entry root = {ts_tree_root_node(t->syntax), TP_NONE};
	tp_array_push(&stack, root);
	uint32_t k = 0;
	int same = 1;
	while (stack.len && same) {
		struct entry e = stack.items[--stack.len];
		const tp_node *x = k < t->count ? &t->nodes[k] : NULL;
		same = x && x->start == ts_node_start_byte(e.node) && x->end == ts_node_end_byte(e.node) && x->parent == e.parent &&
		       (x->parent == TP_NONE || t->nodes[x->parent].end_index >= x->end_index) &&
		       (x->kind == K_OTHER || strcmp(tp_kind_name(x->kind), ts_node_type(e.node)) == 0);
		for (uint32_t i = ts_node_named_child_count(e.node); i-- > 0;) {
			struct entry c = {ts_node_named_child(e.node, i), k};
			tp_array_push(&stack, c);
		}
		k += same;
	}
	if (!same || k != t->count) {
		fprintf(stderr, "%s: the flattened tree differs from tree-sitter's named nodes at node %u\n", path, k);
		failures++;
	}
	tp_array_free(&stack);
}

static void edit_everywhere(tp_parser *p, const char *path)
{
	static const char *const names[] = {"npu", "f", "if", "None", "print", "__future__", "e5", "a.b", "x-y", ""};
	static const char *const chains[] = {"torch.npu.amp", "y", "if.x", "a..b", "a.", "a.None"};
	static const char *const texts[] = {"npu", "npu:0 x", "a'b", "x\"", "x{y}", "x}", "x\\n", "x\ny", ""};
	static const char *const strings[] = {"'npu:0'", "f'npu:{x}'", "F\"{a.b}:{c}\"", "'a'b'", "f'{x:y}'", "f'{'", "'x", "b'a'c'"};
	static const char *const lines[] = {"import torch_npu", "x = y.z", "from a.b import c as d", "import if", "x = (", "import a; b"};
	static const char *const indents[] = {"", "    ", "\t", "        "};
	char *src;
	size_t size;
	unsigned mode;
	tp_tree t;
	if (tp_read_file(&src, &size, &mode, path) != 0) {
		fprintf(stderr, "%s: cannot read it\n", path);
		failures++;
		return;
	}
	uint32_t len = (uint32_t)size;
	if (tp_parse(&t, p, src, len) != 0) {
		free(src);
		return;
	}
	check_flattened(path, &t);
	tp_buf buf = {0};
	for (uint32_t i = 0; i < t.count && !t.error_count; i++) {
		const tp_node *n = &t.nodes[i];
		const tp_node *parent = n->parent != TP_NONE ? &t.nodes[n->parent] : NULL;
		for (size_t k = 0; n->kind == K_IDENTIFIER && k < sizeof names / sizeof *names; k++)
			try_edit(&t, src, len, SHAPE_NAME, n->start, n->end, names[k]);
		/* a whole attribute, and from its last name's object on (`b.c` of `a.b.c`) */
		for (size_t k = 0; n->kind == K_ATTRIBUTE && k < sizeof chains / sizeof *chains; k++) {
			try_edit(&t, src, len, SHAPE_CHAIN, n->start, n->end, chains[k]);
			uint32_t obj = tp_child(&t, i, F_OBJECT), inner = obj != TP_NONE ? tp_child(&t, obj, F_ATTRIBUTE) : TP_NONE;
			if (inner != TP_NONE)
				try_edit(&t, src, len, SHAPE_CHAIN, t.nodes[inner].start, n->end, chains[k]);
		}
		for (size_t k = 0; n->kind == K_STRING_CONTENT && k < sizeof texts / sizeof *texts; k++) {
			try_edit(&t, src, len, SHAPE_TEXT, n->start, n->end, texts[k]);
			if (n->end - n->start > 2)
				try_edit(&t, src, len, SHAPE_TEXT, n->start + 1, n->end - 1, texts[k]);
		}
		if (parent && parent->kind == K_ARG_LIST && n->kind != K_COMMENT) {
			for (size_t k = 0; k < sizeof strings / sizeof *strings; k++)
				try_edit(&t, src, len, SHAPE_QUOTE, n->start, n->end, strings[k]);
			buf.len = 0;
			tp_buf_printf(&buf, "f'npu:{%.*s}'", (int)(n->end - n->start), src + n->start);
			try_edit(&t, src, len, SHAPE_QUOTE, n->start, n->end, buf.ptr);
			static const char *const opens[] = {"f'npu:{", "f\"{", "'npu:{", "f'{"}, *const closes[] = {"}'", "}\"", "}'", "'"};
			for (size_t k = 0; k < sizeof opens / sizeof *opens; k++) {
				tp_item pair[] = {{TP_OP_INSERT, n->start, n->start, opens[k], NULL, "test", NULL, 0},
						  {TP_OP_INSERT, n->end, n->end, closes[k], NULL, "test", NULL, 0}};
				try_edits(&t, src, len, SHAPE_WRAP, pair, 2);
			}
		}
		if (n->kind == K_ARG_LIST) {
			int any = 0;
			for (uint32_t c = n->first; c != TP_NONE; c = t.nodes[c].next) {
				any |= t.nodes[c].kind != K_COMMENT;
				try_edit(&t, src, len, SHAPE_ARG, t.nodes[c].end, t.nodes[c].end, ", device_type=\"npu\"");
				try_edit(&t, src, len, SHAPE_ARG, t.nodes[c].end, t.nodes[c].end, ", device_type=");
			}
			if (!any)
				try_edit(&t, src, len, SHAPE_ARG, n->start + 1, n->start + 1, "device=torch.npu");
		}
	}
	/* at every line start, each line with each indentation, and with those of
	 * the line there and the line before */
	for (uint32_t at = 0, prev = 0; at <= len && !t.error_count; prev = at, at = (uint32_t)(strchr(src + at, '\n') ? strchr(src + at, '\n') - src + 1 : len + 1)) {
		const char *own[] = {src + at, src + prev};
		for (size_t k = 0; k < sizeof lines / sizeof *lines; k++)
			for (size_t d = 0; d < 6; d++) {
				buf.len = 0;
				if (d < 4)
					tp_buf_printf(&buf, "%s%s\n", indents[d], lines[k]);
				else
					tp_buf_printf(&buf, "%.*s%s\n", (int)strspn(own[d - 4], " \t"), own[d - 4], lines[k]);
				try_edit(&t, src, len, SHAPE_LINE, at, at, buf.ptr);
			}
	}
	tp_buf_dispose(&buf);
	tp_tree_dispose(&t);
	for (size_t k = 0; k < kept_outputs.len; k++) {
		tp_tree u;
		int bad = tp_parse(&u, p, kept_outputs.items[k], (uint32_t)strlen(kept_outputs.items[k])) != 0;
		if (!bad) {
			bad = u.error_count > 0;
			tp_tree_dispose(&u);
		}
		if (bad) {
			fprintf(stderr, "%s: the reparse was skipped for %s, but the result does not parse\n", path, kept_edits.items[k]);
			failures++;
		}
		free(kept_outputs.items[k]);
		free(kept_edits.items[k]);
	}
	kept_outputs.len = kept_edits.len = 0;
	free(src);
}

/* Every keyword of the grammar (a string in grammar.json spelled like a
 * name) is one to tp_is_keyword, so no rename can write one. */
static void walk_grammar(const cJSON *j, int *found)
{
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(j, "type"), *value = cJSON_GetObjectItemCaseSensitive(j, "value");
	if (cJSON_IsString(type) && strcmp(type->valuestring, "STRING") == 0 && cJSON_IsString(value)) {
		const char *v = value->valuestring;
		size_t n = strspn(v, "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
		if (n && !v[n] && !(v[0] >= '0' && v[0] <= '9')) {
			(*found)++;
			if (!tp_is_keyword(v, n)) {
				fprintf(stderr, "grammar.json: keyword '%s' is not one to tp_is_keyword\n", v);
				failures++;
			}
		}
	}
	for (const cJSON *c = j->child; c; c = c->next)
		walk_grammar(c, found);
}

static void test_keywords(const char *grammar)
{
	char *text;
	size_t len;
	unsigned mode;
	CHECK(tp_read_file(&text, &len, &mode, grammar) == 0);
	cJSON *j = text ? cJSON_ParseWithLength(text, len) : NULL;
	CHECK(j != NULL);
	int found = 0;
	if (j)
		walk_grammar(j, &found);
	CHECK(found > 30);
	CHECK(tp_is_keyword("print", 5) && tp_is_keyword("None", 4) && !tp_is_keyword("npu", 3) && !tp_is_keyword("printf", 6));
	cJSON_Delete(j);
	free(text);
}

/* Hazards the golden inputs may not hold: one edit of src that replaces old
 * (an insertion where old is "") at the first `at` (just past it where past
 * is set), and whether it lets the reparse be skipped. */
static const struct {
	const char *src, *at;
	int past;
	const char *old, *text;
	int keeps;
} hazards[] = {
	{"x = torch.cuda.y\n", "cuda", 0, "cuda", "npu", 1},
	{"x = torch.cuda.y\n", "cuda", 0, "cuda", "match", 0}, /* a soft keyword is no plain name */
	{"x = a1.cuda\n", "cuda", 0, "cuda", "npu", 1},
	{"x = 1 .cuda\n", "cuda", 0, "cuda", "npu", 1},
	{"import torch\n", "import torch\n", 1, "", "import torch_npu\n", 1},
	{"if a:\n    import torch\nelse:\n    pass\n", "else", 0, "", "import torch_npu\n", 0},
	{"if a:\n    import torch\nelse:\n    pass\n", "else", 0, "", "    import torch_npu\n", 1},
	/* a statement that a backslash put on a line of its own */
	{"def f():\n    x = 1; \\\n        import torch\n    y = 2\n", "    y", 0, "", "        import torch_npu\n", 0},
	{"@dec\ndef f():\n    pass\n", "def", 0, "", "import torch_npu\n", 0},
	{"x = 1  # note\ny = 2\n", "y", 0, "", "import torch_npu\n", 1},
	{"x = 1  # note\ny = 2\n", "y", 0, "", "import torch_npu  # a comment\n", 0},
	{"f(x)\n", "x", 0, "x", "f'npu:{x}'", 1},
	{"f(x)\n", "x", 0, "x", "f'npu:{x!r}'", 0},
	{"f(x)\n", "x)", 0, "", "y", 0},
	{"s = 'cuda:0'\n", "cuda", 0, "cuda", "npu", 1},
	{"s = '\\x0cuda'\n", "cuda", 0, "cuda", "npu", 0}, /* inside an escape */
	{"s = f'{x}cuda'\n", "cuda", 0, "cuda", "npu}", 0},
};

static void test_keep_syntax(int argc, char **argv)
{
	tp_parser *p = tp_parser_new();
	for (size_t i = 0; i < sizeof hazards / sizeof *hazards; i++) {
		tp_tree t;
		const char *src = hazards[i].src;
		uint32_t at = (uint32_t)(strstr(src, hazards[i].at) - src) + (hazards[i].past ? (uint32_t)strlen(hazards[i].at) : 0);
		tp_item it = {*hazards[i].old ? TP_OP_MODIFY : TP_OP_INSERT, at, at + (uint32_t)strlen(hazards[i].old), hazards[i].text, NULL, "test", NULL, 0};
		CHECK(tp_parse(&t, p, src, (uint32_t)strlen(src)) == 0);
		if (tp_edits_keep_syntax(&t, src, (uint32_t)strlen(src), &it, 1) != hazards[i].keeps) {
			fprintf(stderr, "hazard %zu: \"%s\" for \"%s\" in %s: expected %s\n", i, hazards[i].text, hazards[i].old, src,
				hazards[i].keeps ? "no reparse" : "a reparse");
			failures++;
		}
		tp_tree_dispose(&t);
	}
	for (int i = 0; i < argc; i++)
		edit_everywhere(p, argv[i]);
	for (int s = 0; s < SHAPE__COUNT && argc; s++)
		printf("edits that skip the reparse, %s: %zu kept, all parsed\n", shape_names[s], shape_kept[s]);
	for (int s = 0; s < SHAPE__COUNT; s++)
		if (argc && !shape_kept[s]) {
			fprintf(stderr, "no edit of shape '%s' was ever kept: the check of that shape is not exercised\n", shape_names[s]);
			failures++;
		}
	tp_array_free(&kept_outputs);
	tp_array_free(&kept_edits);
	tp_parser_free(p);
}

int main(int argc, char **argv)
{
	test_map();
	test_parse_repeatable();
	test_resolve();
	test_rules();
	test_plan();
	if (argc > 1) {
		test_keywords(argv[1]);
		test_keep_syntax(argc - 2, argv + 2);
	}
	printf("%s: %d failures\n", failures ? "FAIL" : "ok", failures);
	return failures != 0;
}
