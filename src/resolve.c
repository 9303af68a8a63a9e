/* resolve: one linear pass that assigns every node its scope and records the
 * bindings of each scope (imports, assignments, parameters, definitions,
 * global/nonlocal), then name lookups that follow Python's scope rules. */
#include "resolve.h"

#include <stdio.h>

static inline const tp_node *N(const tp_resolver *r, uint32_t i) { return &r->tree->nodes[i]; }

static tp_str node_text(const tp_resolver *r, uint32_t n) { return (tp_str){r->src + N(r, n)->start, N(r, n)->end - N(r, n)->start}; }

static int is_scope(uint16_t kind) { return kind == K_FUNCTION_DEF || kind == K_LAMBDA || kind == K_CLASS_DEF; }

const char *tp_dotted_text(const tp_resolver *r, uint32_t node)
{
	tp_buf b = {0};
	for (uint32_t c = N(r, node)->first; c != TP_NONE; c = N(r, c)->next) {
		if (N(r, c)->kind != K_IDENTIFIER)
			continue;
		if (b.len)
			tp_buf_putc(&b, '.');
		tp_buf_add(&b, r->src + N(r, c)->start, N(r, c)->end - N(r, c)->start);
	}
	const char *s = tp_arena_strndup(r->arena, b.ptr ? b.ptr : "", b.len);
	tp_buf_dispose(&b);
	return s;
}

/* The bindings' key "SCOPE:NAME" written into k (room for 12 + len
 * bytes), without printf: name lookups are the resolver's hot path. */
static size_t key_into(char *k, uint32_t scope, const char *name, size_t len)
{
	char digits[10];
	size_t n = 0, w = 0;
	do
		digits[n++] = (char)('0' + scope % 10);
	while ((scope /= 10));
	while (n)
		k[w++] = digits[--n];
	k[w++] = ':';
	memcpy(k + w, name, len);
	k[w + len] = '\0';
	return w + len;
}

static char *scope_key(const tp_resolver *r, uint32_t scope, const char *name, size_t len, size_t *klen)
{
	char *k = tp_arena_alloc(r->arena, 12 + len);
	*klen = key_into(k, scope, name, len);
	return k;
}

/* An integer literal, or a call of the builtin int(...); for a loop
 * target, range(...). */
static int int_like_value(const tp_resolver *r, uint32_t v)
{
	if (v == TP_NONE)
		return 0;
	if (N(r, v)->kind == K_INTEGER)
		return 1;
	if (N(r, v)->kind == K_CALL) {
		uint32_t f = tp_child(r->tree, v, F_FUNCTION);
		size_t n = f == TP_NONE ? 0 : N(r, f)->end - N(r, f)->start;
		const char *name = f == TP_NONE ? "" : r->src + N(r, f)->start;
		return f != TP_NONE && N(r, f)->kind == K_IDENTIFIER &&
		       ((n == 3 && memcmp(name, "int", 3) == 0) || (n == 5 && memcmp(name, "range", 5) == 0));
	}
	return 0;
}

/* A value that holds no integer index: a string, a device (torch.device(...),
 * t.device), or built from one ("cuda:%d" % i, "cuda:{}".format(i), str(i),
 * d if c else "cpu"). */
static int device_like_value(const tp_resolver *r, uint32_t v, int depth)
{
	for (; depth < 16 && v != TP_NONE; depth++) {
		uint32_t leaf, fn;
		switch (N(r, v)->kind) {
		case K_STRING:
		case K_CONCAT_STRING: return 1;
		case K_PARENTHESIZED:
		case K_BINARY_OP:
		case K_LIST: /* a list of devices, by its first item */
		case K_TUPLE:
		case K_LIST_COMP: v = N(r, v)->first; continue;
		case K_CONDITIONAL: {
			uint32_t part[3], n = 0; /* then, condition, else */
			for (uint32_t c = N(r, v)->first; c != TP_NONE && n < 3; c = N(r, c)->next)
				if (N(r, c)->kind != K_COMMENT)
					part[n++] = c;
			return n == 3 && (device_like_value(r, part[0], depth + 1) || device_like_value(r, part[2], depth + 1));
		}
		case K_IDENTIFIER: { /* `self.gpu = gpu` with gpu="cuda:0" a parameter */
			const tp_binding *b = tp_resolve_name(r, v, r->src + N(r, v)->start, N(r, v)->end - N(r, v)->start);
			return b && b->kind == TP_BIND_LOCAL && b->not_int;
		}
		case K_ATTRIBUTE:
			leaf = tp_child(r->tree, v, F_ATTRIBUTE);
			return leaf != TP_NONE && N(r, leaf)->end - N(r, leaf)->start == 6 && memcmp(r->src + N(r, leaf)->start, "device", 6) == 0;
		case K_CALL:
			fn = tp_child(r->tree, v, F_FUNCTION);
			leaf = fn == TP_NONE ? TP_NONE : N(r, fn)->kind == K_ATTRIBUTE ? tp_child(r->tree, fn, F_ATTRIBUTE) : fn;
			if (leaf == TP_NONE || N(r, leaf)->kind != K_IDENTIFIER)
				return 0;
			size_t len = N(r, leaf)->end - N(r, leaf)->start;
			const char *name = r->src + N(r, leaf)->start;
			if ((len == 6 && memcmp(name, "device", 6) == 0) || (fn == leaf && len == 3 && memcmp(name, "str", 3) == 0))
				return 1;
			if (fn == leaf || len != 6 || memcmp(name, "format", 6) != 0)
				return 0;
			v = tp_child(r->tree, fn, F_OBJECT);
			continue;
		default: return 0;
		}
	}
	return 0;
}

/* A binding's entry in its values list, before next. */
static tp_value *value_of(tp_resolver *r, uint32_t node, tp_value *next)
{
	tp_value *v = tp_arena_alloc(r->arena, sizeof *v);
	*v = (tp_value){node, next};
	return v;
}

/* Records a binding; returns the local binding it adds to, else NULL.
 * Imports win over other bindings of the same scope: `try: import x /
 * except: x = None` still resolves to the import. */
static tp_binding *bind(tp_resolver *r, uint32_t scope, uint32_t ident, enum tp_bind_kind kind, const char *qname, int module,
			uint32_t value)
{
	const char *name = r->src + N(r, ident)->start;
	size_t len = N(r, ident)->end - N(r, ident)->start, klen;
	char *key = scope_key(r, scope, name, len, &klen);
	tp_binding *b = tp_map_get(&r->bindings, key, klen);
	if (b && b->kind == TP_BIND_GLOBAL && kind == TP_BIND_LOCAL && scope != 0)
		return bind(r, 0, ident, kind, qname, module, value);
	int int_like = kind == TP_BIND_LOCAL && int_like_value(r, value);
	int not_int = kind == TP_BIND_LOCAL && device_like_value(r, value, 0);
	if (not_int)
		tp_map_put(&r->devices, name, len, r);
	if (b) {
		if (b->kind == TP_BIND_LOCAL && kind == TP_BIND_LOCAL) {
			b->int_like = b->int_like && int_like;
			b->not_int = b->not_int || not_int;
			b->value = TP_NONE;
			b->values = value_of(r, value, b->values);
			return b;
		}
		if (b->kind == TP_BIND_IMPORT && kind == TP_BIND_LOCAL) {
			b->also_value = b->assigned ? TP_NONE : value;
			b->module = 0, b->assigned = 1; /* `import model; model = model.Net()`: maybe a value */
			uint32_t asg = N(r, ident)->parent, stmt = N(r, asg)->parent, body = N(r, stmt)->parent;
			if (b->rebound_at == TP_NONE && N(r, asg)->kind == K_ASSIGNMENT && N(r, ident)->field == F_LEFT &&
			    N(r, stmt)->kind == K_EXPR_STMT && (body == scope || (N(r, body)->kind == K_BLOCK && N(r, body)->parent == scope)))
				b->rebound_at = N(r, ident)->start; /* not under an if, a try, a loop */
		}
		if (b->kind == TP_BIND_IMPORT || kind <= b->kind)
			return NULL;
	}
	int assigned = b && b->kind == TP_BIND_LOCAL && kind == TP_BIND_IMPORT; /* `model = 0; import model` */
	uint32_t also = assigned ? b->value : TP_NONE;
	if (!b) {
		b = tp_arena_alloc(r->arena, sizeof *b);
		tp_map_put(&r->bindings, key, klen, b);
	}
	b->kind = kind;
	b->assigned = assigned;
	b->qname = qname;
	b->module = module;
	b->int_like = int_like;
	b->not_int = not_int;
	b->value = kind == TP_BIND_LOCAL ? value : TP_NONE;
	b->also_value = also;
	b->values = kind == TP_BIND_LOCAL ? value_of(r, value, NULL) : NULL;
	b->rebound_at = TP_NONE;
	return kind == TP_BIND_LOCAL ? b : NULL;
}

/* stored's value for an attribute assigned a string or a device somewhere. */
static char not_int_tag;

/* Records in declared that the instances of class cls (a class or a
 * namedtuple's name node) have the attribute name: "Cls.name". */
static void declare_member(tp_resolver *r, uint32_t cls, tp_str name)
{
	if (cls == TP_NONE || N(r, cls)->kind != K_IDENTIFIER)
		return;
	tp_str c = node_text(r, cls);
	const char *key = tp_arena_printf(r->arena, "%.*s.%.*s", (int)c.len, c.ptr, (int)name.len, name.ptr);
	tp_map_put(&r->declared, key, strlen(key), r);
}

/* Notes an assigned attribute; `self.x = ...` in a method (self: its first
 * parameter) also declares x for the instances of its class. */
static void store_attr(tp_resolver *r, uint32_t scope, uint32_t attr, uint32_t value)
{
	const char *key = r->src + N(r, attr)->start;
	size_t len = N(r, attr)->end - N(r, attr)->start;
	if (tp_map_get(&r->stored, key, len) != &not_int_tag)
		tp_map_put(&r->stored, key, len, device_like_value(r, value, 0) ? (void *)&not_int_tag : r);
	uint32_t obj = tp_child(r->tree, attr, F_OBJECT), leaf = tp_child(r->tree, attr, F_ATTRIBUTE), cls = r->scope_of[scope];
	uint32_t params = N(r, scope)->kind == K_FUNCTION_DEF ? tp_child(r->tree, scope, F_PARAMETERS) : TP_NONE;
	uint32_t self = params == TP_NONE ? TP_NONE : N(r, params)->first;
	if (self != TP_NONE && N(r, self)->kind == K_IDENTIFIER && obj != TP_NONE && leaf != TP_NONE &&
	    N(r, cls)->kind == K_CLASS_DEF && tp_str_same(node_text(r, obj), node_text(r, self)))
		declare_member(r, tp_child(r->tree, cls, F_NAME), node_text(r, leaf));
}

static const char *imported_name(tp_resolver *r, uint32_t value);

/* Binds every name an assignment target introduces: `a`, `a, (b, *c)`, and
 * notes the attributes it assigns. A name a class body assigns (`is_cuda =
 * True`, a field `is_cuda: bool`) is declared for its instances. */
static void bind_target(tp_resolver *r, uint32_t scope, uint32_t target, uint32_t value)
{
	if (target == TP_NONE)
		return;
	if (N(r, target)->kind == K_ATTRIBUTE) {
		store_attr(r, scope, target, value);
		return;
	}
	const char *module = N(r, target)->kind == K_IDENTIFIER ? imported_name(r, value) : NULL;
	if (module) {
		bind(r, scope, target, TP_BIND_IMPORT, module, 1, TP_NONE);
		return;
	}
	if (N(r, target)->kind == K_IDENTIFIER) {
		bind(r, scope, target, TP_BIND_LOCAL, NULL, 0, value);
		if (N(r, scope)->kind == K_CLASS_DEF)
			declare_member(r, tp_child(r->tree, scope, F_NAME), node_text(r, target));
		return;
	}
	if (!tp_is_pattern(N(r, target)->kind))
		return;
	for (uint32_t j = target + 1; j < N(r, target)->end_index; j++) {
		if (!tp_is_pattern(N(r, N(r, j)->parent)->kind))
			continue;
		if (N(r, j)->kind == K_IDENTIFIER)
			bind(r, scope, j, TP_BIND_LOCAL, NULL, 0, TP_NONE);
		else if (N(r, j)->kind == K_ATTRIBUTE)
			store_attr(r, scope, j, TP_NONE);
	}
}

/* The text of a plain string literal ('x', "x"), or NULL. */
static const char *string_text(const tp_resolver *r, uint32_t str, size_t *len)
{
	if (str == TP_NONE || N(r, str)->kind != K_STRING)
		return NULL;
	uint32_t content = TP_NONE;
	for (uint32_t c = N(r, str)->first; c != TP_NONE; c = N(r, c)->next)
		if (N(r, c)->kind == K_INTERPOLATION || (N(r, c)->kind == K_STRING_CONTENT && content != TP_NONE))
			return NULL;
		else if (N(r, c)->kind == K_STRING_CONTENT)
			content = c;
	if (content == TP_NONE)
		return NULL;
	*len = N(r, content)->end - N(r, content)->start;
	return r->src + N(r, content)->start;
}

static void declare(tp_resolver *r, const char *name, size_t len)
{
	if (len)
		tp_map_put(&r->declared, name, len, r);
}

/* Whether call calls a function or method whose last name is name. */
static int calls(const tp_resolver *r, uint32_t call, const char *name)
{
	uint32_t fn = call == TP_NONE || N(r, call)->kind != K_CALL ? TP_NONE : tp_child(r->tree, call, F_FUNCTION);
	uint32_t leaf = fn != TP_NONE && N(r, fn)->kind == K_ATTRIBUTE ? tp_child(r->tree, fn, F_ATTRIBUTE) : fn;
	return leaf != TP_NONE && N(r, leaf)->kind == K_IDENTIFIER && N(r, leaf)->end - N(r, leaf)->start == strlen(name) &&
	       memcmp(r->src + N(r, leaf)->start, name, strlen(name)) == 0;
}

/* The positional argument idx of a call, or TP_NONE. */
static uint32_t positional(const tp_resolver *r, uint32_t call, int idx)
{
	uint32_t args = tp_child(r->tree, call, F_ARGUMENTS);
	for (uint32_t c = args == TP_NONE ? TP_NONE : N(r, args)->first; c != TP_NONE; c = N(r, c)->next)
		if (N(r, c)->kind != K_COMMENT && N(r, c)->kind != K_KEYWORD_ARG && idx-- == 0)
			return c;
	return TP_NONE;
}

/* The module that `importlib.import_module("name")` (a literal, absolute
 * name) gives, as an import of it would bind it; else NULL. */
static const char *imported_name(tp_resolver *r, uint32_t value)
{
	uint32_t fn = value != TP_NONE && N(r, value)->kind == K_CALL ? tp_child(r->tree, value, F_FUNCTION) : TP_NONE;
	size_t len = fn == TP_NONE ? 0 : N(r, fn)->end - N(r, fn)->start, n = 0;
	const char *f = fn == TP_NONE ? "" : r->src + N(r, fn)->start;
	if (!(len == 23 && memcmp(f, "importlib.import_module", 23) == 0) && !(len == 13 && memcmp(f, "import_module", 13) == 0))
		return NULL;
	uint32_t arg = positional(r, value, 0);
	const char *s = positional(r, value, 1) == TP_NONE ? string_text(r, arg, &n) : NULL;
	return s && n && *s != '.' ? tp_arena_strndup(r->arena, s, n) : NULL;
}

/* `Cfg = namedtuple("Cfg", ["is_cuda", "lr"])` (or "is_cuda lr"), `Cfg =
 * NamedTuple("Cfg", [("is_cuda", bool)])`: the fields are declared for Cfg's
 * instances. */
static void declare_fields(tp_resolver *r, uint32_t left, uint32_t value)
{
	if (left == TP_NONE || N(r, left)->kind != K_IDENTIFIER || (!calls(r, value, "namedtuple") && !calls(r, value, "NamedTuple")))
		return;
	uint32_t fields = positional(r, value, 1);
	size_t len;
	const char *s = string_text(r, fields, &len);
	for (size_t i = 0, n; s && i < len; i += n + (n == 0)) {
		for (n = 0; i + n < len && s[i + n] != ' ' && s[i + n] != ','; n++)
			; /* bounded: the source is not NUL-terminated */
		if (n)
			declare_member(r, left, (tp_str){s + i, n});
	}
	for (uint32_t c = s || fields == TP_NONE ? TP_NONE : N(r, fields)->first; c != TP_NONE; c = N(r, c)->next)
		if ((s = string_text(r, N(r, c)->kind == K_STRING ? c : N(r, c)->first, &len)))
			declare_member(r, left, (tp_str){s, len});
}

/* `setattr(obj, "is_cuda", v)` assigns obj.is_cuda: stored as that text. */
static void store_setattr(tp_resolver *r, uint32_t call)
{
	uint32_t obj = positional(r, call, 0);
	size_t len = 0;
	const char *name = string_text(r, positional(r, call, 1), &len);
	if (!calls(r, call, "setattr") || N(r, tp_child(r->tree, call, F_FUNCTION))->kind != K_IDENTIFIER || !name || obj == TP_NONE)
		return;
	tp_str o = node_text(r, obj);
	const char *key = tp_arena_printf(r->arena, "%.*s.%.*s", (int)o.len, o.ptr, (int)len, name);
	if (!tp_map_get(&r->stored, key, strlen(key)))
		tp_map_put(&r->stored, key, strlen(key), r);
}

/* The attributes an argparse option makes, recorded in declared:
 * add_argument's option strings
 * (`--is-cuda` -> is_cuda) and its dest=. */
static void declare_options(tp_resolver *r, uint32_t call)
{
	uint32_t args = tp_child(r->tree, call, F_ARGUMENTS);
	if (args == TP_NONE || !calls(r, call, "add_argument") || N(r, tp_child(r->tree, call, F_FUNCTION))->kind != K_ATTRIBUTE)
		return;
	for (uint32_t c = N(r, args)->first; c != TP_NONE; c = N(r, c)->next) {
		size_t len;
		const char *s;
		if (N(r, c)->kind == K_KEYWORD_ARG) {
			uint32_t name = tp_child(r->tree, c, F_NAME);
			if (name != TP_NONE && N(r, name)->end - N(r, name)->start == 4 && memcmp(r->src + N(r, name)->start, "dest", 4) == 0 &&
			    (s = string_text(r, tp_child(r->tree, c, F_VALUE), &len)))
				declare(r, s, len);
			continue;
		}
		if (!(s = string_text(r, c, &len)) || len < 2 || s[0] != '-')
			continue;
		while (len && *s == '-')
			s++, len--;
		char *attr = tp_arena_strndup(r->arena, s, len);
		for (char *p = attr; *p; p++)
			*p = *p == '-' ? '_' : *p;
		declare(r, attr, len);
	}
}

static uint32_t first_identifier(const tp_resolver *r, uint32_t n)
{
	for (uint32_t j = n; j < N(r, n)->end_index; j++)
		if (N(r, j)->kind == K_IDENTIFIER)
			return j;
	return TP_NONE;
}

static void bind_imports(tp_resolver *r, uint32_t i, uint32_t scope)
{
	const tp_tree *t = r->tree;
	if (N(r, i)->kind == K_IMPORT) {
		for (uint32_t c = N(r, i)->first; c != TP_NONE; c = N(r, c)->next) {
			if (N(r, c)->field != F_NAME)
				continue;
			if (N(r, c)->kind == K_DOTTED_NAME) {
				uint32_t root = first_identifier(r, c);
				if (root != TP_NONE)
					bind(r, scope, root, TP_BIND_IMPORT,
					     tp_arena_strndup(r->arena, r->src + N(r, root)->start, N(r, root)->end - N(r, root)->start), 1, TP_NONE);
			} else if (N(r, c)->kind == K_ALIASED_IMPORT) {
				uint32_t name = tp_child(t, c, F_NAME), alias = tp_child(t, c, F_ALIAS);
				if (name != TP_NONE && alias != TP_NONE)
					bind(r, scope, alias, TP_BIND_IMPORT, tp_dotted_text(r, name), 1, TP_NONE);
			}
		}
		return;
	}
	uint32_t mod = tp_child(t, i, F_MODULE_NAME);
	if (mod == TP_NONE || (N(r, mod)->kind != K_DOTTED_NAME && N(r, mod)->kind != K_RELATIVE_IMPORT))
		return;
	/* A relative import keeps its leading dots (".ops"), so it never
	 * matches an absolute rule name but can name the user's own modules. */
	const char *module = N(r, mod)->kind == K_DOTTED_NAME
				     ? tp_dotted_text(r, mod)
				     : tp_arena_strndup(r->arena, r->src + N(r, mod)->start, N(r, mod)->end - N(r, mod)->start);
	for (uint32_t c = N(r, i)->first; c != TP_NONE; c = N(r, c)->next) {
		if (N(r, c)->field != F_NAME)
			continue;
		uint32_t name = c, alias = TP_NONE;
		if (N(r, c)->kind == K_ALIASED_IMPORT) {
			name = tp_child(t, c, F_NAME);
			alias = tp_child(t, c, F_ALIAS);
		}
		if (name == TP_NONE || N(r, name)->kind != K_DOTTED_NAME)
			continue;
		uint32_t target = alias != TP_NONE ? alias : first_identifier(r, name);
		if (target != TP_NONE)
			bind(r, scope, target, TP_BIND_IMPORT,
			     tp_arena_printf(r->arena, "%s%s%s", module, module[strlen(module) - 1] == '.' ? "" : ".", tp_dotted_text(r, name)), 0,
			     TP_NONE);
	}
}

/* Whether node's text holds word. */
static int contains(const tp_resolver *r, uint32_t node, const char *word)
{
	size_t n = N(r, node)->end - N(r, node)->start, w = strlen(word);
	for (size_t i = 0; i + w <= n; i++)
		if (memcmp(r->src + N(r, node)->start + i, word, w) == 0)
			return 1;
	return 0;
}

static void bind_parameters(tp_resolver *r, uint32_t params, uint32_t scope)
{
	for (uint32_t c = N(r, params)->first; c != TP_NONE; c = N(r, c)->next) {
		uint32_t id = TP_NONE;
		switch (N(r, c)->kind) {
		case K_IDENTIFIER: id = c; break;
		case K_DEFAULT_PARAM:
		case K_TYPED_DEFAULT_PARAM: id = tp_child(r->tree, c, F_NAME); break;
		case K_TYPED_PARAM:
		case K_LIST_SPLAT_PATTERN:
		case K_DICT_SPLAT_PATTERN: id = first_identifier(r, c); break;
		default: break;
		}
		if (id == TP_NONE || N(r, id)->kind != K_IDENTIFIER)
			continue;
		bind(r, scope, id, TP_BIND_LOCAL, NULL, 0, TP_NONE);
		/* `device_id: str`, `gpu: torch.device`, `gpu=torch.device("cuda")`: no
		 * integer index (`Union[int, torch.device]` may be one) */
		int not_int = 0, is_int = 0; /* `gpu: int`: an index, whatever else the file calls gpu */
		for (uint32_t k = N(r, c)->first; k != TP_NONE && c != id && !not_int; k = N(r, k)->next) {
			if (k == id)
				continue;
			if (N(r, k)->field == F_VALUE) {
				not_int = device_like_value(r, k, 0);
			} else if (N(r, k)->kind == K_TYPE) { /* the annotation */
				int device = contains(r, k, "str") || contains(r, k, "device");
				not_int = device && !contains(r, k, "int");
				is_int = !device && N(r, k)->end - N(r, k)->start == 3 && contains(r, k, "int");
			}
		}
		size_t klen;
		char *key = scope_key(r, scope, r->src + N(r, id)->start, N(r, id)->end - N(r, id)->start, &klen);
		tp_binding *b = tp_map_get(&r->bindings, key, klen);
		if (b && b->kind == TP_BIND_LOCAL) {
			b->not_int = b->not_int || not_int;
			b->int_like = b->int_like || is_int;
		}
	}
}

void tp_resolver_init(tp_resolver *r, const tp_tree *tree, const char *src, tp_arena *arena)
{
	r->tree = tree;
	r->src = src;
	r->arena = arena;
	tp_map_init(&r->bindings);
	tp_map_init(&r->stored);
	tp_map_init(&r->declared);
	tp_map_init(&r->devices);
	r->scope_of = tp_arena_alloc(arena, (tree->count ? tree->count : 1) * sizeof *r->scope_of);
	r->qnames = tp_arena_alloc(arena, (tree->count ? tree->count : 1) * sizeof *r->qnames);
	memset(r->qnames, 0, (tree->count ? tree->count : 1) * sizeof *r->qnames);
	r->qname_module = tp_arena_alloc(arena, tree->count ? tree->count : 1);
	for (uint32_t i = 0; i < tree->count; i++) {
		const tp_node *n = N(r, i);
		uint32_t p = n->parent;
		if (p == TP_NONE)
			r->scope_of[i] = 0;
		else if (is_scope(N(r, p)->kind) && (n->field == F_BODY || n->field == F_PARAMETERS))
			r->scope_of[i] = p;
		else
			r->scope_of[i] = r->scope_of[p];
	}
	int star = 0;
	for (uint32_t i = 0; i < tree->count; i++) {
		const tp_node *n = N(r, i);
		uint32_t s = r->scope_of[i];
		switch (n->kind) {
		case K_IMPORT:
		case K_IMPORT_FROM: bind_imports(r, i, s); break;
		case K_WILDCARD_IMPORT: star |= s == 0; break;
		case K_FUNCTION_DEF:
		case K_CLASS_DEF: {
			uint32_t name = tp_child(tree, i, F_NAME);
			tp_binding *b = name == TP_NONE ? NULL : bind(r, s, name, TP_BIND_LOCAL, NULL, 0, TP_NONE);
			if (b)
				b->values->node = i; /* bound to the definition, which is no value to read */
			break;
		}
		case K_ASSIGNMENT:
			bind_target(r, s, tp_child(tree, i, F_LEFT), tp_child(tree, i, F_RIGHT));
			declare_fields(r, tp_child(tree, i, F_LEFT), tp_child(tree, i, F_RIGHT));
			break;
		case K_AUG_ASSIGN: bind_target(r, s, tp_child(tree, i, F_LEFT), TP_NONE); break;
		case K_FOR: {
			/* `for i in range(n)`: i is an integer (the only iterable whose
			 * items int_like_value judges by the iterable) */
			uint32_t it = tp_child(tree, i, F_RIGHT), f = it == TP_NONE ? TP_NONE : tp_child(tree, it, F_FUNCTION);
			int range = f != TP_NONE && N(r, f)->kind == K_IDENTIFIER && N(r, f)->end - N(r, f)->start == 5 &&
				    memcmp(r->src + N(r, f)->start, "range", 5) == 0;
			bind_target(r, s, tp_child(tree, i, F_LEFT), range ? it : TP_NONE);
			break;
		}
		case K_NAMED_EXPR: bind_target(r, s, tp_child(tree, i, F_NAME), TP_NONE); break;
		case K_AS_PATTERN_TARGET: bind_target(r, s, n->first, TP_NONE); break;
		case K_EXCEPT: bind_target(r, s, tp_child(tree, i, F_ALIAS), TP_NONE); break;
		case K_PARAMETERS:
		case K_LAMBDA_PARAMS: bind_parameters(r, i, s); break;
		case K_CALL:
			declare_options(r, i);
			store_setattr(r, i);
			break;
		case K_GLOBAL:
		case K_NONLOCAL:
			for (uint32_t c = n->first; c != TP_NONE; c = N(r, c)->next)
				if (N(r, c)->kind == K_IDENTIFIER)
					bind(r, s, c, n->kind == K_GLOBAL ? TP_BIND_GLOBAL : TP_BIND_NONLOCAL, NULL, 0, TP_NONE);
			break;
		default: break;
		}
	}
	/* `from helpers import *` where helpers imports torch: a `torch` the
	 * file never binds is that module. */
	if (star && !tp_map_get(&r->bindings, "0:torch", 7)) {
		tp_binding *b = tp_arena_alloc(r->arena, sizeof *b);
		*b = (tp_binding){TP_BIND_IMPORT, "torch", 1, 0, 0, 0, TP_NONE, TP_NONE, NULL, TP_NONE};
		tp_map_put(&r->bindings, "0:torch", 7, b);
	}
}

void tp_resolver_dispose(tp_resolver *r)
{
	if (!r)
		return;
	tp_map_dispose(&r->bindings);
	tp_map_dispose(&r->stored);
	tp_map_dispose(&r->declared);
	tp_map_dispose(&r->devices);
}

int tp_resolve_attr_not_int(const tp_resolver *r, uint32_t attr)
{
	return tp_map_get(&r->stored, r->src + N(r, attr)->start, N(r, attr)->end - N(r, attr)->start) == &not_int_tag;
}

int tp_resolve_declared(const tp_resolver *r, const char *name, size_t len)
{
	return tp_map_get(&r->declared, name, len) != NULL;
}

uint32_t tp_resolve_set_value(const tp_resolver *r, const tp_binding *b)
{
	if (!b || b->kind != TP_BIND_LOCAL)
		return TP_NONE;
	uint32_t set = TP_NONE;
	int count = 0;
	for (const tp_value *v = b->values; v; v = v->next) {
		if (++count > 16)
			return TP_NONE; /* bounded: this is asked for each call through the name */
		const tp_node *n = v->node == TP_NONE ? NULL : N(r, v->node);
		if (n && n->end - n->start == 4 && memcmp(r->src + n->start, "None", 4) == 0)
			continue;
		if (set != TP_NONE || !n || n->kind == K_FUNCTION_DEF || n->kind == K_CLASS_DEF)
			return TP_NONE;
		set = v->node;
	}
	return set;
}

uint32_t tp_resolve_definition(const tp_resolver *r, const tp_binding *b)
{
	uint32_t d = b && b->kind == TP_BIND_LOCAL && b->values && !b->values->next ? b->values->node : TP_NONE;
	return d != TP_NONE && (N(r, d)->kind == K_FUNCTION_DEF || N(r, d)->kind == K_CLASS_DEF) ? d : TP_NONE;
}

int tp_resolve_device_name(const tp_resolver *r, const char *name, size_t len) { return tp_map_get(&r->devices, name, len) != NULL; }

int tp_resolve_attr_stored(const tp_resolver *r, uint32_t attr)
{
	return tp_map_get(&r->stored, r->src + N(r, attr)->start, N(r, attr)->end - N(r, attr)->start) != NULL;
}

/* Python's rule: the innermost scope that binds the name decides; class
 * bodies are not seen from the functions nested in them. */
const tp_binding *tp_resolve_name(const tp_resolver *r, uint32_t node, const char *name, size_t len)
{
	uint32_t s = r->scope_of[node];
	for (;;) {
		size_t klen;
		char key[64];
		const char *k = key;
		if (12 + len <= sizeof key)
			klen = key_into(key, s, name, len);
		else
			k = scope_key(r, s, name, len, &klen);
		const tp_binding *b = tp_map_get(&r->bindings, k, klen);
		if (b && b->kind == TP_BIND_GLOBAL && s != 0) {
			s = 0;
			continue;
		}
		if (b && b->kind != TP_BIND_NONLOCAL && b->kind != TP_BIND_GLOBAL)
			return b;
		if (s == 0)
			return NULL;
		do
			s = r->scope_of[s];
		while (s != 0 && N(r, s)->kind == K_CLASS_DEF);
	}
}

static const char unresolved[] = "";

static const char *qname_of(const tp_resolver *r, uint32_t node, int *module)
{
	uint32_t base = node;
	size_t depth = 0;
	while (N(r, base)->kind == K_ATTRIBUTE) {
		base = tp_child(r->tree, base, F_OBJECT);
		/* No API name has 64 parts; stopping there keeps a chain of n
		 * attributes (a.b.b.b...) linear: each of its n nodes is resolved. */
		if (base == TP_NONE || ++depth > 64)
			return NULL;
	}
	if (N(r, base)->kind != K_IDENTIFIER)
		return NULL;
	const tp_binding *b = tp_resolve_name(r, base, r->src + N(r, base)->start, N(r, base)->end - N(r, base)->start);
	if (!b || b->kind != TP_BIND_IMPORT)
		return NULL;
	if (b->rebound_at != TP_NONE && N(r, base)->start > b->rebound_at)
		return NULL; /* `optim.step()` after `optim = torch.optim.Adam(...)`, also in a function defined there */
	if (module)
		*module = b->module;
	if (depth == 0)
		return b->qname;
	/* Append the attribute names from the base outwards. */
	tp_buf q = {0};
	tp_buf_puts(&q, b->qname);
	uint32_t *chain = tp_arena_alloc(r->arena, depth * sizeof *chain);
	size_t k = depth;
	for (uint32_t a = node; N(r, a)->kind == K_ATTRIBUTE; a = tp_child(r->tree, a, F_OBJECT))
		chain[--k] = tp_child(r->tree, a, F_ATTRIBUTE);
	for (k = 0; k < depth; k++) {
		if (chain[k] == TP_NONE) {
			tp_buf_dispose(&q);
			return NULL;
		}
		tp_buf_putc(&q, '.');
		tp_buf_add(&q, r->src + N(r, chain[k])->start, N(r, chain[k])->end - N(r, chain[k])->start);
	}
	const char *s = tp_arena_strndup(r->arena, q.ptr, q.len);
	tp_buf_dispose(&q);
	return s;
}

/* Asked for the same node by several rules: resolved once. */
const char *tp_resolve_qname(const tp_resolver *r, uint32_t node, int *module)
{
	if (node == TP_NONE) /* a child that broken code lacks */
		return NULL;
	if (!r->qnames[node]) {
		int m = 0;
		const char *q = qname_of(r, node, &m);
		r->qnames[node] = q ? q : unresolved;
		r->qname_module[node] = (uint8_t)m;
	}
	if (r->qnames[node] == unresolved)
		return NULL;
	if (module)
		*module = r->qname_module[node];
	return r->qnames[node];
}
