/* match: the single walk that turns rule hits into edits and findings. */
#include "match.h"

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static inline const tp_node *N(const tp_matcher *m, uint32_t i) { return &m->tree->nodes[i]; }
static inline uint16_t kind(const tp_matcher *m, uint32_t i) { return i == TP_NONE ? K_OTHER : m->tree->nodes[i].kind; }

static inline tp_str text(const tp_matcher *m, uint32_t n)
{
	return (tp_str){m->src + N(m, n)->start, N(m, n)->end - N(m, n)->start};
}

/* Whether node n (TP_NONE: a child that broken code lacks) reads s. */
static int text_is(const tp_matcher *m, uint32_t n, const char *s) { return n != TP_NONE && tp_str_eq(text(m, n), s); }

static const char *dup_text(const tp_matcher *m, uint32_t n)
{
	tp_str s = text(m, n);
	return tp_arena_strndup(m->arena, s.ptr, s.len);
}

static tp_rule *lookup(const tp_map *t, const char *key, size_t len) { return tp_map_get(t, key, len); }
static tp_rule *lookup_z(const tp_map *t, const char *key) { return key ? lookup(t, key, strlen(key)) : NULL; }

static const char *msg(const tp_matcher *m, const tp_rule *r, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static const char *msg(const tp_matcher *m, const tp_rule *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *s = tp_arena_vprintf(m->arena, fmt, ap);
	va_end(ap);
	/* User rules name their kind, so a change row says which rule made it. */
	return r && r->user ? tp_arena_printf(m->arena, "%s: %s", r->id + 5, s) : s;
}

void tp_match__edit(tp_matcher *m, const tp_rule *r, enum tp_op op, uint32_t start, uint32_t end, const char *replacement, const char *message)
{
	/* Replacing bytes with the same bytes is no change (converted code again). */
	if (end - start == strlen(replacement) && memcmp(m->src + start, replacement, end - start) == 0)
		return;
	tp_item it = {op, start, end, replacement, r ? r->id : NULL, message, NULL, r ? r->user : 0};
	tp_array_push(&m->items, it);
}

void tp_match__finding(tp_matcher *m, const tp_rule *r, enum tp_op op, uint32_t node, const char *api, const char *tip)
{
	tp_item it = {op, N(m, node)->start, N(m, node)->end, NULL, r ? r->id : NULL, tip, api, r ? r->user : 0};
	tp_array_push(&m->items, it);
}

static int is_member(const tp_rule *r, const char *name, size_t len)
{
	return r->members.count == 0 || tp_map_get(&r->members, name, len) || tp_map_get(&r->renamed, name, len);
}


/* Whether name is one of a module rule's submodules, whose own members the
 * rule judges: torch.cuda.random.get_rng_state as torch.cuda.get_rng_state. */
static int is_submodule(const tp_rule *r, tp_str name) { return tp_map_get(&r->submodules, name.ptr, name.len) != NULL; }

/* A member whose NPU version behaves differently (get_device_capability
 * returns None): a WARNING on the code that uses it. */
static void member_tip(tp_matcher *m, const tp_rule *r, uint32_t node, tp_str name)
{
	const char *tip = tp_map_get(&r->member_tips, name.ptr, name.len);
	if (tip) {
		tp_match__finding(m, r, TP_OP_WARNING, node, NULL, tip);
		return;
	}
	/* a tip on a field of what the member returns, "get_device_properties().major":
	 * read from the call, or from the name it is assigned to */
	int fields = 0;
	for (char **k = r->tip_names; k && *k && !fields; k += 2)
		fields = strncmp(*k, name.ptr, name.len) == 0 && (*k)[name.len] == '(';
	uint32_t call = N(m, node)->parent, p = N(m, call)->parent, left = TP_NONE;
	if (!fields || kind(m, call) != K_CALL || tp_child(m->tree, call, F_FUNCTION) != node)
		return;
	if (kind(m, p) == K_ASSIGNMENT && N(m, call)->field == F_RIGHT && kind(m, tp_child(m->tree, p, F_LEFT)) == K_IDENTIFIER)
		left = tp_child(m->tree, p, F_LEFT);
	const tp_binding *b = left != TP_NONE ? tp_resolve_name(m->res, left, text(m, left).ptr, text(m, left).len) : NULL;
	for (uint32_t u = call; u < m->tree->count; u++) {
		uint32_t a = N(m, u)->parent;
		int result = u == call || (b && kind(m, u) == K_IDENTIFIER && u != left && tp_str_same(text(m, u), text(m, left)) &&
					   tp_resolve_name(m->res, u, text(m, u).ptr, text(m, u).len) == b);
		if (!result || kind(m, a) != K_ATTRIBUTE || N(m, u)->field != F_OBJECT || (!b && u != call))
			continue;
		tp_str field = text(m, tp_child(m->tree, a, F_ATTRIBUTE));
		const char *key = tp_arena_printf(m->arena, "%.*s().%.*s", (int)name.len, name.ptr, (int)field.len, field.ptr);
		if ((tip = tp_map_get(&r->member_tips, key, strlen(key)))) {
			tp_match__finding(m, r, TP_OP_WARNING, a, NULL, tip);
			return; /* once per call */
		}
		if (!b)
			return;
	}
}

/* The new name of a module rule's member when it changes (CUDAGraph -> NPUGraph), else NULL. */
static const char *renamed_member(const tp_rule *r, tp_str name) { return tp_map_get(&r->renamed, name.ptr, name.len); }

/* ---- imports -------------------------------------------------------------- */

/* The identifier children of a dotted_name, in order (arena array). */
static uint32_t dotted_parts(const tp_matcher *m, uint32_t dotted, uint32_t *out, uint32_t max)
{
	uint32_t n = 0;
	for (uint32_t c = N(m, dotted)->first; c != TP_NONE && n < max; c = N(m, c)->next)
		if (kind(m, c) == K_IDENTIFIER)
			out[n++] = c;
	return n;
}

/* A module rename inside a dotted module path (`import torch.cuda.amp`,
 * `from torch.cuda import x`). members lists the names imported from the
 * module when the path is a from-import's module, for the member check.
 * Returns 1 when the path was renamed. */
static int rename_module_path(tp_matcher *m, uint32_t dotted, int bound_root, uint32_t from_stmt)
{
	uint32_t parts[32];
	uint32_t n = dotted_parts(m, dotted, parts, 32);
	tp_buf key = {0};
	int done = 0;
	for (uint32_t k = 0; k < n && !done; k++) {
		if (k)
			tp_buf_putc(&key, '.');
		tp_str p = text(m, parts[k]);
		tp_buf_add(&key, p.ptr, p.len);
		tp_rule *r = lookup(&m->rules->module, key.ptr, key.len);
		if (!r)
			continue;
		done = 1;
		/* The member check: the next path component (past a submodule:
		 * torch.cuda.random.x), or the imported names. A submodule bound
		 * by an alias (`import torch.cuda.memory as M`) has its members
		 * used unseen: it stays, reported. */
		int ok = 1;
		const char *bad = NULL;
		uint32_t sub = k + 1 < n && is_submodule(r, text(m, parts[k + 1]));
		if (sub) {
			tp_str s = text(m, parts[k + 1]);
			tp_buf_putc(&key, '.');
			tp_buf_add(&key, s.ptr, s.len);
		}
		if (k + 1 + sub < n) {
			tp_str next = text(m, parts[k + 1 + sub]);
			ok = is_member(r, next.ptr, next.len);
			bad = ok ? NULL : tp_arena_printf(m->arena, "%s.%.*s", key.ptr, (int)next.len, next.ptr);
		} else if (sub && from_stmt == TP_NONE && !bound_root) {
			ok = 0;
			bad = tp_arena_strndup(m->arena, key.ptr, key.len);
		} else if (from_stmt != TP_NONE) {
			for (uint32_t c = N(m, from_stmt)->first; c != TP_NONE; c = N(m, c)->next) {
				if (N(m, c)->field != F_NAME)
					continue;
				uint32_t name = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
				if (name == TP_NONE)
					continue;
				tp_str s = text(m, name);
				member_tip(m, r, name, s);
				if (!is_member(r, s.ptr, s.len)) {
					ok = 0;
					bad = tp_arena_printf(m->arena, "%s.%.*s", key.ptr, (int)s.len, s.ptr);
					const char *kept = tp_map_get(&r->kept, s.ptr, s.len);
					if (kept)
						tp_match__finding(m, r, TP_OP_WARNING, name, NULL, kept);
					else
						tp_match__finding(m, r, TP_OP_UNSUPPORTED, name, bad, r->unsupported_tip ? r->unsupported_tip : "");
				}
			}
			/* The names it has stay with the module too: say so. */
			for (uint32_t c = ok ? TP_NONE : N(m, from_stmt)->first; c != TP_NONE; c = N(m, c)->next) {
				uint32_t name = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
				tp_str s = N(m, c)->field == F_NAME && name != TP_NONE ? text(m, name) : (tp_str){"", 0};
				if (s.len && is_member(r, s.ptr, s.len))
					tp_match__finding(m, r, TP_OP_WARNING, name, NULL,
							  tp_arena_printf(m->arena, "%.*s stays %s.%.*s, as this import also names what %s lacks: import "
										    "it from %s in an import of its own",
									  (int)s.len, s.ptr, key.ptr, (int)s.len, s.ptr, r->new_qname,
									  sub ? tp_arena_printf(m->arena, "%s%s", r->new_qname, key.ptr + strlen(r->key))
									      : r->new_qname));
			}
			if (!ok)
				break;
		}
		if (!ok) {
			if (k + 1 < n)
				tp_match__finding(m, r, TP_OP_UNSUPPORTED, dotted, bad,
						  sub && k + 2 == n ? tp_arena_printf(m->arena, "%s%s exists, but the members used through this name "
												"cannot be checked: import the ones you use from it",
											  r->new_qname, key.ptr + strlen(r->key))
						  : r->unsupported_tip ? r->unsupported_tip : "");
			break;
		}
		const char *old = key.ptr;
		const char *renamed = sub ? tp_arena_printf(m->arena, "%s%s", r->new_qname, key.ptr + strlen(r->key)) : r->new_qname;
		if (k == 0 && bound_root) {
			/* `import apex` binds the root name: keep it with an alias. */
			if (n > 1) {
				tp_match__finding(m, r, TP_OP_UNSUPPORTED, dotted, tp_arena_strndup(m->arena, old, strlen(old)),
					"the import binds the renamed top-level package: rewrite it by hand");
				break;
			}
			tp_match__edit(m, r, TP_OP_MODIFY, N(m, dotted)->start, N(m, dotted)->end,
			     tp_arena_printf(m->arena, "%s as %.*s", r->new_name, (int)text(m, parts[0]).len, text(m, parts[0]).ptr),
			     msg(m, r, "import %s -> %s", old, renamed));
		} else {
			tp_match__edit(m, r, TP_OP_MODIFY, N(m, parts[k])->start, N(m, parts[k])->end, r->new_name, msg(m, r, "%s -> %s", old, renamed));
		}
		/* from torch.cuda import CUDAGraph -> from torch.npu import NPUGraph as CUDAGraph */
		for (uint32_t c = from_stmt == TP_NONE || k + 1 + sub < n ? TP_NONE : N(m, from_stmt)->first; c != TP_NONE; c = N(m, c)->next) {
			int aliased = kind(m, c) == K_ALIASED_IMPORT;
			uint32_t name = aliased ? tp_child(m->tree, c, F_NAME) : c;
			const char *to = N(m, c)->field == F_NAME && name != TP_NONE ? renamed_member(r, text(m, name)) : NULL;
			if (!to)
				continue;
			tp_str s = text(m, name);
			tp_match__edit(m, r, TP_OP_MODIFY, N(m, name)->start, N(m, name)->end,
				       aliased ? to : tp_arena_printf(m->arena, "%s as %.*s", to, (int)s.len, s.ptr),
				       msg(m, r, "%s.%.*s -> %s.%s", old, (int)s.len, s.ptr, renamed, to));
		}
	}
	tp_buf_dispose(&key);
	return done;
}

/* Whether dotted name d of a from-import names what a rule turns into a
 * torch import (`from apex.normalization import FusedLayerNorm` -> `from
 * torch.nn import LayerNorm as FusedLayerNorm`): the converted file imports
 * torch, so its device strings convert as in one that does already, and a
 * second conversion changes nothing. */
static int renamed_into_torch(tp_matcher *m, uint32_t d)
{
	uint32_t stmt = N(m, d)->parent, module = kind(m, stmt) == K_ALIASED_IMPORT ? N(m, stmt)->parent : stmt;
	uint32_t from = kind(m, module) == K_IMPORT_FROM ? tp_child(m->tree, module, F_MODULE_NAME) : TP_NONE;
	if (from == TP_NONE || from == d)
		return 0;
	tp_str mod = text(m, from), name = text(m, d);
	const tp_rule *r = lookup_z(&m->rules->func_qualified, tp_arena_printf(m->arena, "%.*s.%.*s", (int)mod.len, mod.ptr, (int)name.len, name.ptr));
	return r && strncmp(r->new_name, "torch.", 6) == 0;
}

/* `from torch import cuda [as x]`: the imported name itself is a renamed
 * module, or a renamed function. The bound name never changes. */
static void rename_from_import_names(tp_matcher *m, uint32_t stmt, const char *module)
{
	for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
		if (N(m, c)->field != F_NAME)
			continue;
		int aliased = kind(m, c) == K_ALIASED_IMPORT;
		uint32_t name = aliased ? tp_child(m->tree, c, F_NAME) : c;
		if (name == TP_NONE)
			continue;
		tp_str s = text(m, name);
		const char *q = tp_arena_printf(m->arena, "%s.%.*s", module, (int)s.len, s.ptr);
		const tp_rule *r = lookup_z(&m->rules->module, q);
		const char *new_leaf = r ? r->new_name : NULL;
		const char *new_q = r ? tp_arena_printf(m->arena, "%s.%s", module, r->new_name) : NULL;
		if (!r && (r = lookup_z(&m->rules->func_qualified, q))) {
			const char *dot = strrchr(r->new_name, '.');
			if (!dot || (size_t)(dot - r->new_name) != strlen(module) || strncmp(r->new_name, module, strlen(module)) != 0)
				continue; /* another module: handled for the whole statement */
			new_leaf = dot + 1;
			new_q = r->new_name;
		}
		if (!r || tp_str_eq(s, new_leaf))
			continue; /* a rule that keeps the name (it judges members only) */
		const char *rep = aliased ? new_leaf : tp_arena_printf(m->arena, "%s as %.*s", new_leaf, (int)s.len, s.ptr);
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, name)->start, N(m, name)->end, rep, msg(m, r, "%s -> %s", q, new_q));
	}
}

/* `from apex.normalization import FusedLayerNorm` where the function moves to
 * another module: rewrite the whole statement when every imported name moves
 * to the same module, else report the names. */
static const char *move_from_import(tp_matcher *m, uint32_t stmt, uint32_t mod, const char *module)
{
	const char *target = NULL;
	int all = 1, any = 0;
	tp_buf names = {0};
	for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
		if (N(m, c)->field != F_NAME)
			continue;
		int aliased = kind(m, c) == K_ALIASED_IMPORT;
		uint32_t name = aliased ? tp_child(m->tree, c, F_NAME) : c;
		uint32_t alias = aliased ? tp_child(m->tree, c, F_ALIAS) : name;
		if (name == TP_NONE || alias == TP_NONE)
			continue;
		tp_str s = text(m, name), a = text(m, alias);
		const char *q = tp_arena_printf(m->arena, "%s.%.*s", module, (int)s.len, s.ptr);
		const tp_rule *r = lookup_z(&m->rules->func_qualified, q);
		const char *dot = r && r->arg_idx < 0 ? strrchr(r->new_name, '.') : NULL; /* max_args: only calls tell */
		if (!dot || ((size_t)(dot - r->new_name) == strlen(module) && strncmp(r->new_name, module, strlen(module)) == 0)) {
			all = 0;
			continue;
		}
		const char *tmod = tp_arena_strndup(m->arena, r->new_name, (size_t)(dot - r->new_name));
		if (target && strcmp(target, tmod) != 0)
			all = 0;
		target = tmod;
		any = 1;
		if (names.len)
			tp_buf_puts(&names, ", ");
		if (strcmp(dot + 1, tp_arena_strndup(m->arena, a.ptr, a.len)) == 0)
			tp_buf_puts(&names, dot + 1);
		else
			tp_buf_printf(&names, "%s as %.*s", dot + 1, (int)a.len, a.ptr);
	}
	if (any && all) {
		/* Replace from the module name to the end of the statement. */
		const tp_rule *r = NULL;
		for (uint32_t c = N(m, stmt)->first; c != TP_NONE && !r; c = N(m, c)->next)
			if (N(m, c)->field == F_NAME) {
				uint32_t name = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
				tp_str s = text(m, name);
				r = lookup_z(&m->rules->func_qualified, tp_arena_printf(m->arena, "%s.%.*s", module, (int)s.len, s.ptr));
			}
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, mod)->start, N(m, stmt)->end, tp_arena_printf(m->arena, "%s import %s", target, names.ptr),
		     msg(m, r, "from %s import ... -> from %s import %s", module, target, names.ptr));
	} else if (any) {
		tp_match__finding(m, NULL, TP_OP_UNSUPPORTED, stmt, module,
			"some imported names move to another module and some do not: split this import by hand");
	}
	tp_buf_dispose(&names);
	return any && all ? target : NULL;
}

typedef tp_array(uint32_t) tp_hits;

/* Whether statement stmt starts with keyword word (`raise`, `return`). */
int tp_match__keyword_statement(const tp_matcher *m, uint32_t stmt, const char *word)
{
	tp_str t = stmt == TP_NONE ? (tp_str){"", 0} : text(m, stmt);
	size_t n = strlen(word);
	return t.len >= n && memcmp(t.ptr, word, n) == 0 && (t.len == n || !(t.ptr[n] == '_' || isalnum((unsigned char)t.ptr[n])));
}

static int is_raise(const tp_matcher *m, uint32_t stmt) { return tp_match__keyword_statement(m, stmt, "raise"); }

/* The first statement of a block, comments skipped. */
static uint32_t first_statement(const tp_matcher *m, uint32_t block)
{
	uint32_t s = block == TP_NONE ? TP_NONE : N(m, block)->first;
	while (s != TP_NONE && kind(m, s) == K_COMMENT)
		s = N(m, s)->next;
	return s;
}

/* The last statement of a block, comments skipped. */
static uint32_t last_statement(const tp_matcher *m, uint32_t block)
{
	uint32_t last = TP_NONE;
	for (uint32_t s = block == TP_NONE ? TP_NONE : N(m, block)->first; s != TP_NONE; s = N(m, s)->next)
		last = kind(m, s) == K_COMMENT ? last : s;
	return last;
}

/* The block that runs when the condition cond of an if statement holds;
 * *orelse gets the body of its else clause (TP_NONE without one). */
static uint32_t if_branches(const tp_matcher *m, uint32_t cond, uint32_t *orelse)
{
	uint32_t then = N(m, cond)->next;
	while (then != TP_NONE && kind(m, then) != K_BLOCK)
		then = N(m, then)->next;
	uint32_t other = then == TP_NONE ? TP_NONE : N(m, then)->next;
	while (other != TP_NONE && kind(m, other) == K_COMMENT)
		other = N(m, other)->next;
	*orelse = other != TP_NONE && text(m, other).len >= 4 && memcmp(text(m, other).ptr, "else", 4) == 0 ? tp_child(m->tree, other, F_BODY)
													      : TP_NONE;
	return then;
}

/* Whether stmt raises whatever happens: a raise, or an if/else whose
 * branches each start with one (Deformable-DETR's setup.py: `if CUDA_HOME
 * is None: raise ... else: raise ...`). */
static int always_raises(const tp_matcher *m, uint32_t stmt, int depth)
{
	if (is_raise(m, stmt))
		return 1;
	if (kind(m, stmt) != K_IF || depth > 8)
		return 0;
	uint32_t orelse, then = if_branches(m, N(m, stmt)->first, &orelse);
	return orelse != TP_NONE && always_raises(m, first_statement(m, then), depth + 1) &&
	       always_raises(m, first_statement(m, orelse), depth + 1);
}

/* Whether stmt sits in the body of an `if TYPE_CHECKING:`, which never runs. */
static int type_checking_only(const tp_matcher *m, uint32_t stmt)
{
	for (uint32_t b = N(m, stmt)->parent; b != TP_NONE; b = N(m, b)->parent) {
		uint32_t p = N(m, b)->parent;
		if (kind(m, b) != K_BLOCK || kind(m, p) != K_IF)
			continue;
		tp_str c = text(m, N(m, p)->first);
		if (N(m, p)->first != b && (tp_str_eq(c, "TYPE_CHECKING") ||
					    (c.len > 14 && memcmp(c.ptr + c.len - 14, ".TYPE_CHECKING", 14) == 0)))
			return 1;
	}
	return 0;
}

int tp_match__qname_in(const char *qn, const char *const *names)
{
	for (; qn && *names; names++)
		if (strcmp(qn, *names) == 0)
			return 1;
	return 0;
}

/* Whether node runs in the body of a try (in its function) whose except
 * clause catches one of the exceptions caught names (a bare except does),
 * without re-raising. */
int tp_match__caught(const tp_matcher *m, uint32_t node, const char *const *caught)
{
	for (uint32_t block = N(m, node)->parent; block != TP_NONE; block = N(m, block)->parent) {
		enum tp_kind k = kind(m, block);
		if (k == K_FUNCTION_DEF || k == K_LAMBDA || k == K_CLASS_DEF)
			return 0;
		uint32_t t = N(m, block)->parent;
		if (k != K_BLOCK || kind(m, t) != K_TRY || N(m, block)->field != F_BODY)
			continue;
		for (uint32_t c = N(m, t)->first; c != TP_NONE; c = N(m, c)->next) {
			uint32_t body = N(m, c)->first;
			while (body != TP_NONE && kind(m, body) != K_BLOCK)
				body = N(m, body)->next;
			if (kind(m, c) != K_EXCEPT || body == TP_NONE)
				continue;
			tp_str head = {m->src + N(m, c)->start, N(m, body)->start - N(m, c)->start};
			if (is_raise(m, first_statement(m, body)))
				continue; /* it re-raises: no fallback runs */
			uint32_t what = N(m, c)->first;
			while (what != TP_NONE && kind(m, what) == K_COMMENT)
				what = N(m, what)->next;
			if (what == body)
				return 1; /* except: (a comment may come before its block) */
			for (const char *const *e = caught; *e; e++)
				if (memmem(head.ptr, head.len, *e, strlen(*e)))
					return 1;
		}
	}
	return 0;
}

/* The name that import part c binds: an alias, a from-import's name, the
 * root of `import a.b`. */
static uint32_t import_binds(const tp_matcher *m, uint32_t stmt, uint32_t c)
{
	if (N(m, c)->field != F_NAME)
		return TP_NONE;
	if (kind(m, c) == K_ALIASED_IMPORT)
		return tp_child(m->tree, c, F_ALIAS);
	if (kind(m, c) != K_DOTTED_NAME || N(m, c)->first == TP_NONE)
		return TP_NONE;
	return kind(m, stmt) == K_IMPORT || N(m, N(m, c)->first)->next == TP_NONE ? N(m, c)->first : TP_NONE;
}

static const char *const import_errors[] = {"ImportError", "ModuleNotFoundError", "Exception", NULL};

/* Whether the name that expression e starts with is bound by an import in
 * a try whose except catches the ImportError (`try: from apex.parallel
 * import DistributedDataParallel` / `except ImportError: from
 * torch.nn.parallel import DistributedDataParallel`): where the import
 * fails, the fallback binds it. */
static int from_caught_import(const tp_matcher *m, uint32_t e)
{
	while (kind(m, e) == K_ATTRIBUTE)
		e = tp_child(m->tree, e, F_OBJECT);
	tp_str t = text(m, e);
	const tp_binding *b = kind(m, e) == K_IDENTIFIER ? tp_resolve_name(m->res, e, t.ptr, t.len) : NULL;
	for (uint32_t j = 0; b && b->kind == TP_BIND_IMPORT && j < m->tree->count; j++) {
		if ((kind(m, j) != K_IMPORT && kind(m, j) != K_IMPORT_FROM) || !tp_match__caught(m, j, import_errors))
			continue;
		for (uint32_t c = N(m, j)->first; c != TP_NONE; c = N(m, c)->next) {
			uint32_t name = import_binds(m, j, c);
			if (name != TP_NONE && tp_str_same(text(m, name), t) && tp_resolve_name(m->res, name, t.ptr, t.len) == b)
				return 1;
		}
	}
	return 0;
}

/* Whether node runs as its module is imported: not in a function or
 * lambda, nor under an if or a try (which may test or catch for it). */
static int runs_on_import(const tp_matcher *m, uint32_t node)
{
	for (uint32_t p = N(m, node)->parent; p != TP_NONE; p = N(m, p)->parent)
		if (kind(m, p) == K_FUNCTION_DEF || kind(m, p) == K_LAMBDA || kind(m, p) == K_IF || kind(m, p) == K_TRY)
			return 0;
	return 1;
}

/* For import stmt in a try: a use, as the module is imported, of a name
 * it binds that no except clause of the try binds too (`try: from
 * nvidia.dali.pipeline import Pipeline / except ImportError: print(...)`,
 * then `class HybridTrainPipe(Pipeline):`), else TP_NONE. */
static uint32_t used_unbound(const tp_matcher *m, uint32_t stmt)
{
	uint32_t t = stmt;
	while (t != TP_NONE && kind(m, t) != K_TRY)
		t = N(m, t)->parent;
	if (t == TP_NONE)
		return TP_NONE;
	for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t name = import_binds(m, stmt, c);
		if (name == TP_NONE)
			continue;
		tp_str s = text(m, name);
		int rebound = 0;
		for (uint32_t e = N(m, t)->first; e != TP_NONE && !rebound; e = N(m, e)->next) {
			for (uint32_t j = e; kind(m, e) == K_EXCEPT && j < N(m, e)->end_index && !rebound; j++) {
				uint32_t up = N(m, j)->parent; /* `X = None`, an import, a def or class */
				rebound = kind(m, j) == K_IDENTIFIER && tp_str_same(text(m, j), s) &&
					  (N(m, j)->field == F_LEFT || kind(m, up) == K_DOTTED_NAME || kind(m, up) == K_ALIASED_IMPORT ||
					   ((kind(m, up) == K_FUNCTION_DEF || kind(m, up) == K_CLASS_DEF) && N(m, j)->field == F_NAME));
			}
		}
		for (uint32_t j = N(m, t)->end_index; !rebound && j < m->tree->count; j++)
			if (tp_match__names(m, j) && tp_str_same(text(m, j), s) && runs_on_import(m, j))
				return j;
	}
	return TP_NONE;
}

/* The rule of the package with no NPU build that holds qualified name qn
 * (the package itself, or a module or member of it), else NULL. */
static const tp_rule *no_npu_rule(const tp_matcher *m, const char *qn)
{
	const tp_rule *r = NULL;
	for (size_t n = 1; qn && !r && n <= strlen(qn); n++)
		if (!qn[n] || qn[n] == '.')
			r = lookup(&m->rules->no_npu_module, qn, n);
	return r;
}

/* Whether import stmt imports such a package, or a name of one. */
static int imports_no_npu(const tp_matcher *m, uint32_t stmt)
{
	uint32_t mod = kind(m, stmt) == K_IMPORT_FROM ? tp_child(m->tree, stmt, F_MODULE_NAME) : TP_NONE;
	const char *from = kind(m, mod) == K_DOTTED_NAME ? tp_dotted_text(m->res, mod) : NULL;
	if (from && no_npu_rule(m, from))
		return 1;
	for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t name = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
		if (N(m, c)->field != F_NAME || kind(m, name) != K_DOTTED_NAME)
			continue;
		const char *dotted = tp_dotted_text(m->res, name);
		if (no_npu_rule(m, from ? tp_arena_printf(m->arena, "%s.%s", from, dotted) : dotted))
			return 1;
	}
	return 0;
}

/* Whether expression e calls importlib.util.find_spec (pkgutil's or
 * importlib's find_loader), or names a value that does when follow. */
static int finds_spec(const tp_matcher *m, uint32_t e, int follow)
{
	static const char *const finders[] = {"importlib.util.find_spec", "importlib.find_loader", "pkgutil.find_loader", NULL};
	for (uint32_t j = e; e != TP_NONE && j < N(m, e)->end_index; j++) {
		if (kind(m, j) == K_CALL && tp_match__qname_in(tp_resolve_qname(m->res, tp_child(m->tree, j, F_FUNCTION), NULL), finders))
			return 1;
		const tp_binding *b = follow && kind(m, j) == K_IDENTIFIER ? tp_resolve_name(m->res, j, text(m, j).ptr, text(m, j).len) : NULL;
		if (b && b->kind == TP_BIND_LOCAL && finds_spec(m, tp_resolve_set_value(m->res, b), 0))
			return 1;
	}
	return 0;
}

/* Whether import stmt runs only where its module is found: under an `if`
 * that tests for it, `HAS_EXT = importlib.util.find_spec("pkg._ext") is
 * not None`, then `if HAS_EXT: from pkg import _ext`. */
static int spec_guarded(const tp_matcher *m, uint32_t stmt)
{
	for (uint32_t b = N(m, stmt)->parent; b != TP_NONE && kind(m, b) != K_FUNCTION_DEF && kind(m, b) != K_CLASS_DEF; b = N(m, b)->parent) {
		uint32_t p = N(m, b)->parent;
		if (kind(m, b) == K_BLOCK && kind(m, p) == K_IF && N(m, p)->first != b && finds_spec(m, N(m, p)->first, 1))
			return 1;
	}
	return 0;
}

/* An import of a package that has no NPU build (flash_attn), the module
 * itself or, in `from nvdiffrast import torch`, a name it imports: the
 * import fails there. A WARNING where an except clause catches that, unless
 * the rule says the import succeeds (pynvml: its use fails). */
static int no_npu_import(tp_matcher *m, uint32_t stmt, const char *module)
{
	const tp_rule *r = no_npu_rule(m, module);
	if (!r)
		return 0;
	uint32_t use = tp_match__caught(m, stmt, import_errors) ? used_unbound(m, stmt) : TP_NONE;
	if (r->warning && tp_match__caught(m, stmt, import_errors)) /* pure Python: the import works, its use fails */
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, stmt, module,
				  tp_arena_printf(m->arena, "%s; the import is in a try, but %s, which no except clause around the "
							    "import catches", r->unsupported_tip, r->warning));
	else if (use != TP_NONE) {
		tp_str name = text(m, use);
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, stmt, module,
				  tp_arena_printf(m->arena, "%s; the import is in a try, but its except clause binds no %.*s, which the "
							    "module uses as it is imported: on the NPU that raises NameError",
						  r->unsupported_tip, (int)name.len, name.ptr));
	} else if (tp_match__caught(m, stmt, import_errors))
		tp_match__finding(m, r, TP_OP_WARNING, stmt, module,
				  tp_arena_printf(m->arena, "%s; on the NPU the import fails and the except clause's fallback runs", r->unsupported_tip));
	else if (!r->warning && spec_guarded(m, stmt))
		tp_match__finding(m, r, TP_OP_WARNING, stmt, module,
				  tp_arena_printf(m->arena, "%s; on the NPU the test before it finds no such module, so the import does not run",
						  r->unsupported_tip));
	else
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, stmt, module, r->unsupported_tip);
	return 1;
}

/* An import of a custom CUDA extension module that the tree builds
 * (`from groundingdino import _C`): with no CUDA to build it there, the NPU
 * machine has no such module unless its setup makes a CPU build, and then
 * the import raises before any `is_available()` test picks a fallback. A
 * WARNING and a custom CUDA row unless an except clause catches that. */
static void extension_import(tp_matcher *m, uint32_t stmt, const char *module)
{
	if (!m->ext_modules || !tp_map_get(m->ext_modules, module, strlen(module)) || tp_match__caught(m, stmt, import_errors) ||
	    spec_guarded(m, stmt))
		return;
	tp_match__finding(m, NULL, TP_OP_WARNING, stmt, module,
			  tp_arena_printf(m->arena, "imports %s, a custom CUDA extension of this tree: without CUDA the NPU machine cannot "
						    "build it, so unless its setup makes a CPU build there, this import raises ImportError "
						    "before any fallback runs: import it in a try (except ImportError) and port its kernels "
						    "or use the fallback",
					  module));
	/* custom CUDA that the file needs as it is imported: it is not ready */
	tp_item it = {TP_OP_CUDA, N(m, stmt)->start, N(m, stmt)->end, "python import", NULL, "", module, 0};
	tp_array_push(&m->items, it);
}

/* Import insertion and module tracking for one import statement. first_hit
 * collects, per insertion rule, the first import of its module in each
 * scope (the module's, or a function's), in source order; unless, the
 * imports of its unless_module that run. */
static int build_test_import(tp_matcher *m, uint32_t stmt);

static void match_import(tp_matcher *m, uint32_t stmt, tp_hits *first_hit, tp_hits *unless)
{
	const tp_rule *ins = m->rules->import_insert;
	uint32_t roots[64];
	const char *moved_root[64] = {0}; /* roots[k] == TP_NONE: the module a rule moved the import to */
	uint32_t nroots = 0;
	tp_str whole = text(m, stmt);
	int keep = memmem(whole.ptr, whole.len, "cuda", 4) && build_test_import(m, stmt);
	if (kind(m, stmt) == K_IMPORT) {
		for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
			if (N(m, c)->field != F_NAME)
				continue;
			uint32_t dotted = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
			if (dotted == TP_NONE || kind(m, dotted) != K_DOTTED_NAME)
				continue;
			uint32_t p[1];
			if (dotted_parts(m, dotted, p, 1) && nroots < 64)
				roots[nroots++] = p[0];
			if (!keep)
				rename_module_path(m, dotted, kind(m, c) != K_ALIASED_IMPORT, TP_NONE);
			no_npu_import(m, stmt, tp_dotted_text(m->res, dotted));
			extension_import(m, stmt, tp_dotted_text(m->res, dotted));
		}
	} else {
		uint32_t mod = tp_child(m->tree, stmt, F_MODULE_NAME);
		/* `from . import _C`: the extensions' last names stand for the
		 * relative ones */
		for (uint32_t c = N(m, stmt)->first; kind(m, mod) == K_RELATIVE_IMPORT && c != TP_NONE; c = N(m, c)->next) {
			uint32_t name = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
			if (N(m, c)->field == F_NAME && kind(m, name) == K_DOTTED_NAME)
				extension_import(m, stmt, tp_dotted_text(m->res, name));
		}
		if (mod == TP_NONE || kind(m, mod) != K_DOTTED_NAME)
			return;
		uint32_t p[1];
		if (dotted_parts(m, mod, p, 1))
			roots[nroots++] = p[0];
		/* Both kinds run; where they overlap, the plan keeps the user's edit. */
		const char *module = tp_dotted_text(m->res, mod);
		if (!keep) {
			rename_module_path(m, mod, 0, stmt);
			rename_from_import_names(m, stmt, module);
		}
		/* the module, else each name it gives (`from mmcv.parallel import
		 * MMDataParallel, MMDistributedDataParallel`: two rows) */
		int reported = no_npu_import(m, stmt, module);
		for (uint32_t c = N(m, stmt)->first; c != TP_NONE && !reported; c = N(m, c)->next) {
			uint32_t name = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
			if (N(m, c)->field == F_NAME && kind(m, name) == K_DOTTED_NAME)
				no_npu_import(m, stmt, tp_arena_printf(m->arena, "%s.%s", module, tp_dotted_text(m->res, name)));
		}
		for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
			uint32_t name = kind(m, c) == K_ALIASED_IMPORT ? tp_child(m->tree, c, F_NAME) : c;
			if (N(m, c)->field == F_NAME && kind(m, name) == K_DOTTED_NAME)
				extension_import(m, stmt, tp_arena_printf(m->arena, "%s.%s", module, tp_dotted_text(m->res, name)));
		}
		/* An import moved into torch counts as a torch import (else the
		 * next conversion would insert torch_npu). */
		const char *moved = move_from_import(m, stmt, mod, module);
		if (moved && nroots < 64)
			moved_root[nroots] = moved, roots[nroots++] = TP_NONE;
	}
	uint32_t i = 0, scope = m->res->scope_of[stmt];
	int runs = !type_checking_only(m, stmt);
	for (const tp_rule *r = ins; r; r = r->next, i++) {
		for (uint32_t k = 0; k < nroots; k++) {
			tp_str root = roots[k] != TP_NONE ? text(m, roots[k])
							  : (tp_str){moved_root[k], strcspn(moved_root[k], ".")};
			if (tp_str_eq(root, r->after_module) && runs) {
				int seen = 0;
				for (size_t h = 0; h < first_hit[i].len && !seen; h++)
					seen = m->res->scope_of[first_hit[i].items[h]] == scope;
				if (!seen)
					tp_array_push(&first_hit[i], stmt);
			}
			if (tp_str_eq(root, r->unless_module) && runs)
				tp_array_push(&unless[i], stmt);
		}
	}
}

/* Whether an edit so far writes an NPU name (`torch.npu.…`, `"npu"`,
 * `.npu()`) in [from, to): code that needs torch_npu imported. */
static int npu_edit_between(const tp_matcher *m, uint32_t from, uint32_t to)
{
	for (size_t k = 0; k < m->items.len; k++) {
		const tp_item *e = &m->items.items[k];
		if (e->op == TP_OP_MODIFY && e->start >= from && e->start < to && e->text && strstr(e->text, "npu"))
			return 1;
	}
	return 0;
}

/* The line that the offset's logical line starts on: back over lines
 * that a backslash continues (one with a '#' may end in a comment, so
 * it is taken as it is). */
static uint32_t logical_line_start(const tp_matcher *m, uint32_t off)
{
	uint32_t ls = off;
	for (;;) {
		while (ls > 0 && m->src[ls - 1] != '\n')
			ls--;
		uint32_t k = tp_line_continuation(m->src, ls);
		if (k == TP_NONE)
			return ls;
		uint32_t prev = k;
		while (prev > 0 && m->src[prev - 1] != '\n')
			prev--;
		if (memchr(m->src + prev, '#', k - prev))
			return ls;
		ls = prev;
	}
}

tp_str tp_match__indent(const tp_matcher *m, uint32_t off)
{
	uint32_t ls = logical_line_start(m, off);
	uint32_t e = ls;
	while (e < m->len && (m->src[e] == ' ' || m->src[e] == '\t'))
		e++;
	return (tp_str){m->src + ls, e - ls};
}

void tp_match__insert_line_after(tp_matcher *m, const tp_rule *r, uint32_t stmt, const char *line, const char *message)
{
	tp_str ind = tp_match__indent(m, N(m, stmt)->start);
	uint32_t at = N(m, stmt)->end;
	while (at < m->len && m->src[at] != '\n')
		at++;
	const char *text = at < m->len ? tp_arena_printf(m->arena, "%.*s%s%s", (int)ind.len, ind.ptr, line, m->eol)
				       : tp_arena_printf(m->arena, "%s%.*s%s", m->eol, (int)ind.len, ind.ptr, line);
	at += at < m->len;
	tp_match__edit(m, r, TP_OP_INSERT, at, at, text, message);
}

/* Inserts the import line after the statement's last line, with the
 * indentation of its first line; before the statement when a rule rewrote
 * the statement itself (`import torch.npu` needs torch_npu loaded first);
 * on the statement's own line when more code shares it, before
 * (`import torch; torch.cuda.synchronize()`) or after it (`if c: import
 * torch`, `try: import torch`, where a line of its own would end the block). */
static void insert_import(tp_matcher *m, const tp_rule *r, uint32_t stmt)
{
	const char *message = r->message ? msg(m, r, "%s", r->message) : msg(m, r, "insert %s", r->insert);
	tp_str ind = tp_match__indent(m, N(m, stmt)->start);
	uint32_t ls = (uint32_t)(ind.ptr - m->src);
	int inline_ = ls + ind.len < N(m, stmt)->start; /* code before it on its line */
	int rewritten = 0;
	for (size_t i = 0; i < m->items.len && !rewritten; i++) {
		const tp_item *it = &m->items.items[i];
		rewritten = it->op <= TP_OP_DELETE && it->start >= N(m, stmt)->start && it->end <= N(m, stmt)->end;
	}
	uint32_t after = N(m, stmt)->end;
	while (after < m->len && (m->src[after] == ' ' || m->src[after] == '\t'))
		after++;
	/* more code after it on its line where a syntax error runs on (`import
	 * torch"""`): the next line may be in a string, so the line before */
	int runs_on = after < m->len && !strchr(";\r\n#", m->src[after]);
	if (rewritten && inline_)
		tp_match__edit(m, r, TP_OP_INSERT, N(m, stmt)->start, N(m, stmt)->start, tp_arena_printf(m->arena, "%s; ", r->insert), message);
	else if (rewritten || (runs_on && !inline_))
		tp_match__edit(m, r, TP_OP_INSERT, ls, ls, tp_arena_printf(m->arena, "%.*s%s%s", (int)ind.len, ind.ptr, r->insert, m->eol),
			       message);
	else if (inline_ || (after < m->len && m->src[after] == ';'))
		tp_match__edit(m, r, TP_OP_INSERT, N(m, stmt)->end, N(m, stmt)->end, tp_arena_printf(m->arena, "; %s", r->insert), message);
	else
		tp_match__insert_line_after(m, r, stmt, r->insert, message);
}

/* A file that imports no torch but gives a library a device string the
 * rules wrote (`pipeline(..., device="npu")`, `model.to("npu:0")` of a
 * transformers model), holds one (`device = "npu"`, for such a call later)
 * or calls a method they wrote (`model.npu()`) needs
 * torch_npu loaded, or torch knows no "npu" and no .npu(): the import goes
 * at the top, after the docstring and __future__ imports. */
static void import_for_devices(tp_matcher *m, const tp_rule *r)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (kind(m, i) != K_IMPORT && kind(m, i) != K_IMPORT_FROM)
			continue;
		for (uint32_t d = i + 1; d < N(m, i)->end_index; d++) {
			uint32_t root = kind(m, d) == K_DOTTED_NAME ? N(m, d)->first : TP_NONE;
			if (root != TP_NONE && (tp_str_eq(text(m, root), r->after_module) || tp_str_eq(text(m, root), r->unless_module)))
				return;
		}
	}
	for (size_t k = 0; k < m->late.len; k++)
		if (m->late.items[k].text && strstr(m->late.items[k].text, r->insert))
			return; /* -s writes its setup with the import */
	/* Comments do not count: a docstring is the first statement. */
	uint32_t s = N(m, 0)->first, at = m->len;
	for (int first = 1; s != TP_NONE; s = N(m, s)->next) {
		if (kind(m, s) == K_COMMENT)
			continue;
		if (kind(m, s) != K_FUTURE_IMPORT && !(first && kind(m, s) == K_EXPR_STMT && kind(m, N(m, s)->first) == K_STRING))
			break;
		first = 0;
	}
	if (s != TP_NONE) {
		at = N(m, s)->start;
		while (at > 0 && m->src[at - 1] != '\n')
			at--;
	}
	int eof = at == m->len && m->len && m->src[m->len - 1] != '\n';
	tp_match__edit(m, r, TP_OP_INSERT, at, at, tp_arena_printf(m->arena, "%s%s%s", eof ? m->eol : "", r->insert, m->eol),
		       "import torch_npu: this file gives npu devices to other code (device strings, .npu()), and torch knows the npu once it is loaded");
}

/* ---- calls and attributes ------------------------------------------------- */

/* An attribute node whose object is not a module, so `x.name` is a method or
 * field of a value. A name imported from outside torch (`from pkg import
 * utils`) counts as a module: `utils.cuda(batch)` is the package's own
 * function, which its own conversion takes care of. */
static int on_value(const tp_matcher *m, uint32_t attr)
{
	uint32_t obj = tp_child(m->tree, attr, F_OBJECT);
	if (obj == TP_NONE)
		return 0;
	int module = 0;
	const char *qn = tp_resolve_qname(m->res, obj, &module);
	if (!qn)
		return 1;
	if (module)
		return 0;
	if (kind(m, obj) != K_IDENTIFIER || (strncmp(qn, "torch", 5) == 0 && (qn[5] == '.' || qn[5] == '\0')))
		return 1;
	tp_str s = text(m, obj);
	const tp_binding *b = tp_resolve_name(m->res, obj, s.ptr, s.len);
	return b && b->assigned;
}

static uint32_t attr_name(const tp_matcher *m, uint32_t attr) { return tp_child(m->tree, attr, F_ATTRIBUTE); }

/* The positional argument idx, or the keyword argument named kw. */
uint32_t tp_match__find_arg(const tp_matcher *m, uint32_t args, int idx, const char *kw, int *is_kw)
{
	int pos = 0;
	*is_kw = 0;
	for (uint32_t c = N(m, args)->first; c != TP_NONE; c = N(m, c)->next) {
		uint16_t k = kind(m, c);
		if (k == K_COMMENT)
			continue;
		if (k == K_KEYWORD_ARG) {
			uint32_t name = tp_child(m->tree, c, F_NAME);
			if (kw && name != TP_NONE && tp_str_eq(text(m, name), kw)) {
				*is_kw = 1;
				return c;
			}
			continue;
		}
		if (k == K_DICT_SPLAT)
			continue;
		if (k == K_LIST_SPLAT)
			return TP_NONE; /* *args: the positions after it are unknowable */
		if (pos++ == idx && idx >= 0)
			return c;
	}
	return TP_NONE;
}

void tp_match__add_keyword(tp_matcher *m, const tp_rule *r, uint32_t args, const char *kw, const char *message)
{
	uint32_t last = TP_NONE;
	for (uint32_t c = N(m, args)->first; c != TP_NONE; c = N(m, c)->next) {
		if (kind(m, c) == K_LIST_SPLAT || kind(m, c) == K_DICT_SPLAT)
			return;
		if (kind(m, c) != K_COMMENT)
			last = c;
	}
	uint32_t at = last == TP_NONE ? N(m, args)->start + 1 : N(m, last)->end;
	tp_match__edit(m, r, TP_OP_INSERT, at, at, last == TP_NONE ? kw : tp_arena_printf(m->arena, ", %s", kw), message);
}

/* A call that lacks r's argument gets `arg_keyword=arg_add`. */
static void add_keyword(tp_matcher *m, const tp_rule *r, uint32_t args, const char *fname)
{
	const char *kw = tp_arena_printf(m->arena, "%s=%s", r->arg_keyword, r->arg_add);
	tp_match__add_keyword(m, r, args, kw, msg(m, r, "%s: add %s", fname, kw));
}

static void apply_args_rule(tp_matcher *m, const tp_rule *r, uint32_t call, const char *fname)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	if (args == TP_NONE || kind(m, args) != K_ARG_LIST)
		return;
	int is_kw = 0;
	uint32_t a = tp_match__find_arg(m, args, r->arg_keyword ? -1 : r->arg_idx, r->arg_keyword, &is_kw);
	if (a == TP_NONE && r->arg_keyword && r->arg_idx >= 0)
		a = tp_match__find_arg(m, args, r->arg_idx, NULL, &is_kw);
	if (a == TP_NONE) {
		if (r->arg_add)
			add_keyword(m, r, args, fname);
		return;
	}
	const char *what = r->arg_keyword && is_kw ? r->arg_keyword : tp_arena_printf(m->arena, "argument %d", r->arg_idx);
	if (is_kw && r->new_keyword) {
		uint32_t name = tp_child(m->tree, a, F_NAME);
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, name)->start, N(m, name)->end, r->new_keyword,
		     msg(m, r, "keyword %s= -> %s= (of %s)", r->arg_keyword, r->new_keyword, fname));
	}
	if (!r->arg_new)
		return;
	if (*r->arg_new) {
		uint32_t v = is_kw ? tp_child(m->tree, a, F_VALUE) : a;
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, v)->start, N(m, v)->end, r->arg_new,
		     msg(m, r, "%s: %s %s -> %s", fname, what, dup_text(m, v), r->arg_new));
		return;
	}
	tp_array_push(&m->deletions, ((struct tp_deletion){a, r, msg(m, r, "%s: delete %s", fname, what)}));
}

/* Emits the argument deletions of one call together: each run of adjacent
 * deleted arguments goes with the comma before it, or after it when it
 * starts the list, so deleting several arguments leaves a clean list. */
static void flush_deletions(tp_matcher *m, uint32_t call)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	size_t n = m->deletions.len;
	m->deletions.len = 0;
	if (!n || args == TP_NONE)
		return;
	uint32_t prev = TP_NONE;
	for (uint32_t c = N(m, args)->first; c != TP_NONE;) {
		if (kind(m, c) == K_COMMENT) {
			c = N(m, c)->next;
			continue;
		}
		size_t d = 0;
		while (d < n && m->deletions.items[d].arg != c)
			d++;
		if (d == n) {
			prev = c;
			c = N(m, c)->next;
			continue;
		}
		/* A run of deleted arguments from c to last (run holds their
		 * deletion indices). */
		size_t run[64], nrun = 0;
		uint32_t last = c, next = TP_NONE;
		for (uint32_t k = c; k != TP_NONE; k = N(m, k)->next) {
			if (kind(m, k) == K_COMMENT)
				continue;
			size_t e = 0;
			while (e < n && m->deletions.items[e].arg != k)
				e++;
			if (e == n || nrun == 64) {
				next = k;
				break;
			}
			run[nrun++] = e;
			last = k;
		}
		uint32_t start = N(m, c)->start, end = N(m, last)->end;
		uint32_t close = N(m, args)->end - 1, after = end;
		while (after < close && (m->src[after] == ' ' || m->src[after] == '\t'))
			after++;
		if (next != TP_NONE) {
			end = N(m, next)->start;
		} else {
			/* The last arguments: with the comma before them; standing on
			 * lines of their own (with a trailing comma), the whole lines. */
			uint32_t ls = start, le = after < close && m->src[after] == ',' ? after + 1 : after;
			while (ls > 0 && (m->src[ls - 1] == ' ' || m->src[ls - 1] == '\t'))
				ls--;
			while (le < close && (m->src[le] == ' ' || m->src[le] == '\t'))
				le++;
			if (le > after && (ls == 0 || m->src[ls - 1] == '\n') && m->src[le] == '\n') {
				start = ls;
				end = le + 1;
			} else if (prev != TP_NONE) {
				start = N(m, prev)->end;
			} else {
				end = le; /* the whole list: a trailing comma goes too */
			}
		}
		/* One edit per deleted argument, adjacent, covering [start, end):
		 * each applied rule keeps its own change row. */
		for (size_t k = 0; k < nrun; k++) {
			const struct tp_deletion *del = &m->deletions.items[run[k]];
			uint32_t from = k == 0 ? start : N(m, del->arg)->start;
			uint32_t to = k + 1 < nrun ? N(m, m->deletions.items[run[k + 1]].arg)->start : end;
			tp_match__edit(m, del->rule, TP_OP_DELETE, from, to, "", del->message);
		}
		if (next == TP_NONE)
			break;
		prev = next;
		c = N(m, next)->next;
	}
}

/* Calls that return a device index or a rank. */
static const char *const index_calls[] = {"torch.cuda.current_device", "torch.npu.current_device", "torch.distributed.get_rank",
					  "torch.distributed.get_local_rank", "torch.distributed.get_node_local_rank", NULL};

static int int_index(const tp_matcher *m, const tp_rule *r, uint32_t v, int depth)
{
	if (kind(m, v) == K_INTEGER)
		return 1;
	if (depth > 8)
		return 0;
	if (kind(m, v) == K_PARENTHESIZED && N(m, v)->first != TP_NONE)
		return int_index(m, r, N(m, v)->first, depth + 1);
	if (kind(m, v) == K_CALL) {
		/* int(os.environ["LOCAL_RANK"]), torch.cuda.current_device(), dist.get_rank() */
		uint32_t f = tp_child(m->tree, v, F_FUNCTION);
		const char *qn = f == TP_NONE ? NULL : tp_resolve_qname(m->res, f, NULL);
		if (kind(m, f) == K_IDENTIFIER && tp_str_eq(text(m, f), "int") && !tp_resolve_name(m->res, f, "int", 3))
			return 1;
		for (const char *const *c = index_calls; qn && *c; c++)
			if (strcmp(qn, *c) == 0)
				return 1;
		return 0;
	}
	if (kind(m, v) == K_BINARY_OP) {
		/* rank % torch.cuda.device_count(), rank * 2 + 1: arithmetic on an
		 * index (a string's % formats it: no index) */
		uint32_t left = tp_child(m->tree, v, F_LEFT), right = tp_child(m->tree, v, F_RIGHT);
		if (left == TP_NONE || right == TP_NONE || !int_index(m, r, left, depth + 1))
			return 0;
		tp_str op = {m->src + N(m, left)->end, N(m, right)->start - N(m, left)->end};
		if (memchr(op.ptr, '%', op.len))
			return 1;
		return (memchr(op.ptr, '+', op.len) || memchr(op.ptr, '-', op.len) || memchr(op.ptr, '*', op.len) ||
			memchr(op.ptr, '/', op.len)) && (kind(m, right) == K_INTEGER || int_index(m, r, right, depth + 1));
	}
	if (kind(m, v) != K_IDENTIFIER && kind(m, v) != K_ATTRIBUTE && kind(m, v) != K_SUBSCRIPT)
		return 0;
	tp_str s = text(m, v);
	/* an item of a list: `gpus[0]` of `gpus = [torch.device(...) for ...]` */
	uint32_t base = kind(m, v) == K_SUBSCRIPT ? tp_child(m->tree, v, F_VALUE) : v;
	tp_str bs = text(m, base);
	const tp_binding *b = kind(m, base) == K_IDENTIFIER ? tp_resolve_name(m->res, base, bs.ptr, bs.len) : NULL;
	if ((b && b->kind == TP_BIND_LOCAL && b->not_int) || (kind(m, v) == K_ATTRIBUTE && tp_resolve_attr_not_int(m->res, v)))
		return 0; /* `gpu = torch.device(...)`, `self.gpu = "cuda:0"`: a device already */
	if (b && b->kind == TP_BIND_LOCAL && b->value == TP_NONE && !b->int_like && tp_resolve_device_name(m->res, bs.ptr, bs.len))
		return 0; /* a parameter gpu in a file that binds gpu = torch.device(...): it is given that */
	if (base != v)
		b = NULL; /* the item, not the list, is the index */
	if (tp_regex_match(r->pattern, s.ptr, s.len)) /* `args.gpu`, `opt.gpu_ids[0]` */
		return 1;
	if (!b || b->kind != TP_BIND_LOCAL)
		return 0;
	/* `lr = args.local_rank`, `dev1 = rank * 2 + 1`, `d = torch.cuda.current_device()` */
	return b->int_like || (b->value != TP_NONE && kind(m, b->value) != K_INTEGER && int_index(m, r, b->value, depth + 1));
}

int tp_match__int_index(const tp_matcher *m, const tp_rule *r, uint32_t v) { return int_index(m, r, v, 0); }

/* The text around index expression s that makes it a device string:
 * f'npu:{s}', or with the other quote when s holds this one; '{}'.format(s)
 * when s holds both or spans lines (an f-string may not, before Python 3.12). */
static void index_affixes(tp_matcher *m, const char *device, tp_str s, const char **pre, const char **post)
{
	int single = memchr(s.ptr, '\'', s.len) != NULL, dbl = memchr(s.ptr, '"', s.len) != NULL;
	if ((single && dbl) || memchr(s.ptr, '\n', s.len) || memchr(s.ptr, '\\', s.len)) {
		*pre = tp_arena_printf(m->arena, "'%s:{}'.format(", device);
		*post = ")";
	} else {
		*pre = tp_arena_printf(m->arena, single ? "f\"%s:{" : "f'%s:{", device);
		*post = single ? "}\"" : "}'";
	}
}

/* The then, condition and else parts of conditional expression v (comments
 * skipped) into part; 0 when it has fewer. */
static int conditional_parts(const tp_matcher *m, uint32_t v, uint32_t part[3])
{
	uint32_t n = 0;
	for (uint32_t c = N(m, v)->first; c != TP_NONE && n < 3; c = N(m, c)->next)
		if (kind(m, c) != K_COMMENT)
			part[n++] = c;
	return n == 3;
}

/* One device argument v of a call: an integer index becomes a device string;
 * in `rank if cond else 'cpu'`, each branch is such an argument. */
static void device_value(tp_matcher *m, const tp_rule *r, uint32_t v, const char *callee, const char *kw, int depth)
{
	if (m->claimed[v])
		return; /* distributed mode chose the device already */
	if (kind(m, v) == K_CONDITIONAL && depth < 32) {
		uint32_t part[3];
		if (conditional_parts(m, v, part)) {
			device_value(m, r, part[0], callee, kw, depth + 1);
			device_value(m, r, part[2], callee, kw, depth + 1);
		}
		return;
	}
	tp_str s = text(m, v);
	const char *rep = NULL;
	if (kind(m, v) == K_INTEGER)
		rep = tp_arena_printf(m->arena, "'%s:%.*s'", r->device, (int)s.len, s.ptr);
	const char *pre = NULL, *post = NULL;
	if (kind(m, v) != K_INTEGER && tp_match__int_index(m, r, v)) {
		index_affixes(m, r->device, s, &pre, &post);
		rep = tp_arena_printf(m->arena, "%s%.*s%s", pre, (int)s.len, s.ptr, post);
	}
	if (!rep)
		return;
	const char *message = msg(m, r, "%s(%s%.*s) -> %s(%s%s): torch_npu needs a device string, not an integer", callee, kw,
				  (int)s.len, s.ptr, callee, kw, rep);
	if (kind(m, v) == K_INTEGER || kind(m, v) == K_IDENTIFIER || kind(m, v) == K_ATTRIBUTE || kind(m, v) == K_SUBSCRIPT) {
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, v)->start, N(m, v)->end, rep, message);
		return;
	}
	/* An expression (`int(...)`, `torch.cuda.current_device()`) may hold
	 * edits of its own: the string goes around it. */
	tp_match__edit(m, r, TP_OP_INSERT, N(m, v)->start, N(m, v)->start, pre, message);
	tp_match__edit(m, r, TP_OP_INSERT, N(m, v)->end, N(m, v)->end, post, "the end of the device string");
}

/* `.to(0)`, `.to(args.gpu)`, `torch.zeros(n, device=rank)`, `.to(d)` with
 * d = int(...): a bare integer device means the GPU on CUDA, but torch_npu
 * rejects it. callee: how the message names the call (".to", "torch.zeros"). */
static void apply_device_index(tp_matcher *m, const tp_rule *r, uint32_t call, const char *callee)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	if (args == TP_NONE || kind(m, args) != K_ARG_LIST)
		return;
	int is_kw = 0;
	uint32_t a = tp_match__find_arg(m, args, r->arg_idx, r->arg_keyword, &is_kw);
	if (a == TP_NONE && r->arg_keyword)
		a = tp_match__find_arg(m, args, -1, r->arg_keyword, &is_kw);
	if (a == TP_NONE)
		return;
	uint32_t v = is_kw ? tp_child(m->tree, a, F_VALUE) : a;
	if (v != TP_NONE)
		device_value(m, r, v, callee, is_kw ? tp_arena_printf(m->arena, "%s=", r->arg_keyword) : "", 0);
}

/* A qualified function rename at a call site written as an attribute chain. */
/* The arguments of a call, comments not counted. */
static uint32_t arg_count(const tp_matcher *m, uint32_t call)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS), n = 0;
	for (uint32_t c = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next)
		n += kind(m, c) != K_COMMENT;
	return n;
}

static void rename_qualified_call(tp_matcher *m, const tp_rule *r, uint32_t fn, const char *qn)
{
	if (kind(m, fn) != K_ATTRIBUTE)
		return; /* a bare name was bound by an import, which is rewritten instead */
	const char *odot = strrchr(r->old_name, '.'), *ndot = strrchr(r->new_name, '.');
	uint32_t leaf = attr_name(m, fn);
	if (leaf == TP_NONE)
		return;
	if (ndot && odot - r->old_name == ndot - r->new_name && strncmp(r->old_name, r->new_name, (size_t)(odot - r->old_name)) == 0) {
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, leaf)->start, N(m, leaf)->end, ndot + 1, msg(m, r, "%s -> %s", qn, r->new_name));
		return;
	}
	/* Another module: spell the new name out when its root is imported here. */
	const char *root_end = strchr(r->new_name, '.');
	size_t rlen = root_end ? (size_t)(root_end - r->new_name) : strlen(r->new_name);
	const tp_binding *b = tp_resolve_name(m->res, fn, r->new_name, rlen);
	if (b && b->kind == TP_BIND_IMPORT && strlen(b->qname) == rlen && strncmp(b->qname, r->new_name, rlen) == 0)
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, fn)->start, N(m, fn)->end, r->new_name, msg(m, r, "%s -> %s", qn, r->new_name));
	else
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, fn, qn, tp_arena_printf(m->arena, "replace with %s (import %.*s first)", r->new_name, (int)rlen, r->new_name));
}

/* ---- op support ------------------------------------------------------------ */

static void affinity(tp_matcher *m, uint32_t node, const char *type, const char *name, const char *api)
{
	tp_item it = {TP_OP_AFFINITY, N(m, node)->start, N(m, node)->end, type, NULL, api, name, 0};
	tp_array_push(&m->items, it);
}

/* Names under a module rule (`torch.cuda.*`) are converted or reported by it.
 * A rule that keeps the module's name and lists no members only puts tips
 * on some of them (torch.backends.cuda.is_built): the support lists judge
 * the others (torch.backends.cuda.sdp_kernel). */
static int under_module_rule(const tp_matcher *m, const char *qn)
{
	for (const char *dot = strchr(qn, '.'); dot; dot = strchr(dot + 1, '.')) {
		const tp_rule *r = tp_map_get(&m->rules->module, qn, (size_t)(dot - qn));
		if (!r)
			continue;
		return !r->tips_only || tp_map_get(&r->member_tips, dot + 1, strcspn(dot + 1, ".")) != NULL;
	}
	return 0;
}

/* A name the rules write: a renamed function's or method's new name, or torch.npu.X for
 * a member X that the torch.cuda rule converts (in code converted before,
 * too). Other torch.npu.X are judged by the support lists. */
static int written_by_rules(const tp_matcher *m, const char *qn)
{
	const tp_rule *r = tp_map_get(&m->rules->written, qn, strlen(qn));
	const char *last = strrchr(qn, '.');
	if (r || (last && (r = tp_map_get(&m->rules->written, last + 1, strlen(last + 1))) && !strchr(r->new_name, '.') &&
		  r->kind != TP_RULE_MODULE))
		return 1; /* torch.Tensor.npu, written for torch.Tensor.cuda */
	for (const char *dot = strchr(qn, '.'); dot; dot = strchr(dot + 1, '.')) {
		if (!(r = tp_map_get(&m->rules->written, qn, (size_t)(dot - qn))) || r->kind != TP_RULE_MODULE)
			continue;
		const char *x = dot + 1;
		size_t n = strcspn(x, ".");
		if (x[n] == '.' && tp_map_get(&r->submodules, x, n)) {
			x += n + 1;
			n = strcspn(x, ".");
		}
		if (r->members.count == 0 || tp_map_get(&r->members, x, n))
			return 1;
		for (char **p = r->renamed_names; p && *p; p += 2)
			if (strlen(p[1]) == n && memcmp(p[1], x, n) == 0)
				return 1;
		return 0;
	}
	return 0;
}

/* Whether the name that expression e starts from is an import that the
 * code rebinds to a value made from it before e: `import torch.optim as
 * optim; optim = optim.Adam(...)` makes `optim.step()` a method of the
 * value, not torch.optim.step. */
static int base_reassigned(const tp_matcher *m, uint32_t e)
{
	while (kind(m, e) == K_ATTRIBUTE || kind(m, e) == K_CALL)
		e = tp_child(m->tree, e, kind(m, e) == K_ATTRIBUTE ? F_OBJECT : F_FUNCTION);
	if (kind(m, e) != K_IDENTIFIER)
		return 0;
	const tp_binding *b = tp_resolve_name(m->res, e, text(m, e).ptr, text(m, e).len);
	if (!b || !b->assigned)
		return 0;
	/* after an assignment of a value made from the module itself (not a
	 * fallback: `except ImportError: _cudart = None`) */
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t left = kind(m, i) == K_ASSIGNMENT ? tp_child(m->tree, i, F_LEFT) : TP_NONE;
		uint32_t v = left == TP_NONE ? TP_NONE : tp_child(m->tree, i, F_RIGHT);
		while (kind(m, v) == K_ATTRIBUTE || kind(m, v) == K_CALL)
			v = tp_child(m->tree, v, kind(m, v) == K_ATTRIBUTE ? F_OBJECT : F_FUNCTION);
		if (kind(m, left) == K_IDENTIFIER && tp_str_same(text(m, left), text(m, e)) && kind(m, v) == K_IDENTIFIER &&
		    tp_str_same(text(m, v), text(m, e)))
			return N(m, e)->start >= N(m, i)->end;
	}
	return 0;
}

/* Whether qn is, or is a member of, a name the file binds into a torch
 * module itself (`nn.MaskedLinear = MaskedLinear`): the file's own. */
static int stored_by_file(tp_matcher *m, const char *qn)
{
	if (!m->stored_ready) {
		m->stored_ready = 1;
		for (uint32_t i = 0; i < m->tree->count; i++) {
			uint32_t left = kind(m, i) == K_ASSIGNMENT ? tp_child(m->tree, i, F_LEFT) : TP_NONE;
			const char *s = kind(m, left) == K_ATTRIBUTE ? tp_resolve_qname(m->res, left, NULL) : NULL;
			if (s && strncmp(s, "torch.", 6) == 0)
				tp_array_push(&m->stored, s);
		}
	}
	for (size_t k = 0; k < m->stored.len; k++) {
		size_t n = strlen(m->stored.items[k]);
		if (strncmp(qn, m->stored.items[k], n) == 0 && (qn[n] == '\0' || qn[n] == '.'))
			return 1;
	}
	return 0;
}

static void classify(tp_matcher *m, uint32_t node, const char *qn)
{
	if (!m->ops || m->claimed[node] || under_module_rule(m, qn) || written_by_rules(m, qn) || base_reassigned(m, node) ||
	    stored_by_file(m, qn))
		return; /* claimed: distributed mode removes it */
	const char *tip = NULL;
	switch (tp_ops_classify(m->ops, qn, &tip)) {
	case TP_UNSUPPORTED:
		tp_match__finding(m, NULL, TP_OP_UNSUPPORTED, node, qn,
			*tip ? tip : tp_arena_printf(m->arena, "not supported by torch_npu for PyTorch %s", m->ops->version));
		break;
	case TP_UNKNOWN:
		tp_match__finding(m, NULL, TP_OP_UNKNOWN, node, qn,
			tp_arena_printf(m->arena, "not in torch_npu's support lists for PyTorch %s: check it on the NPU", m->ops->version));
		break;
	default:
		break;
	}
	size_t n = strlen(qn);
	const char *advice;
	if ((advice = tp_map_get(&m->ops->precision, qn, n)))
		tp_match__finding(m, NULL, TP_OP_PRECISION, node, qn, advice);
	if ((advice = tp_map_get(&m->ops->performance, qn, n)))
		tp_match__finding(m, NULL, TP_OP_PERFORMANCE, node, qn, advice);
	if ((advice = tp_map_get(&m->ops->affinity_call, qn, n)))
		affinity(m, node, "torch", qn, advice);
}

/* The parameter names of a parameters node, in order ("self", "x", ...). */
static int params_match(const tp_matcher *m, uint32_t params, const char **want)
{
	size_t i = 0;
	for (uint32_t c = params == TP_NONE ? TP_NONE : N(m, params)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t id = TP_NONE;
		switch (kind(m, c)) {
		case K_IDENTIFIER: id = c; break;
		case K_DEFAULT_PARAM:
		case K_TYPED_DEFAULT_PARAM: id = tp_child(m->tree, c, F_NAME); break;
		case K_TYPED_PARAM:
		case K_LIST_SPLAT_PATTERN:
		case K_DICT_SPLAT_PATTERN:
			for (uint32_t k = c; k < N(m, c)->end_index && id == TP_NONE; k++)
				if (kind(m, k) == K_IDENTIFIER)
					id = k;
			break;
		default: continue;
		}
		if (id == TP_NONE || !want[i] || !tp_str_eq(text(m, id), want[i]))
			return 0;
		i++;
	}
	return want[i] == NULL;
}

/* A user function or class that an NPU-affine API can replace, by name and
 * parameter lists. Reported, never rewritten: a person checks the semantics. */
static void match_affinity_def(tp_matcher *m, uint32_t def)
{
	uint32_t name = tp_child(m->tree, def, F_NAME);
	if (!m->ops || name == TP_NONE)
		return;
	tp_str s = text(m, name);
	const tp_affinity *a;
	if (kind(m, def) == K_FUNCTION_DEF) {
		if ((a = tp_map_get(&m->ops->affinity_function, s.ptr, s.len)) && params_match(m, tp_child(m->tree, def, F_PARAMETERS), a->params))
			affinity(m, def, "function", tp_arena_strndup(m->arena, s.ptr, s.len), a->api);
		return;
	}
	if (!(a = tp_map_get(&m->ops->affinity_class, s.ptr, s.len)))
		return;
	/* The parent's last name must match (`nn.Module`, `torch.nn.Module`). */
	const char *leaf = a->parent ? strrchr(a->parent, '.') : NULL;
	leaf = leaf ? leaf + 1 : a->parent;
	int parent = !leaf;
	uint32_t bases = tp_child(m->tree, def, F_SUPERCLASSES);
	for (uint32_t c = bases == TP_NONE ? TP_NONE : N(m, bases)->first; c != TP_NONE && !parent; c = N(m, c)->next) {
		uint32_t last = kind(m, c) == K_ATTRIBUTE ? attr_name(m, c) : c;
		parent = last != TP_NONE && kind(m, last) == K_IDENTIFIER && tp_str_eq(text(m, last), leaf);
	}
	int init = !a->init || !a->init[0], forward = !a->forward || !a->forward[0];
	uint32_t body = tp_child(m->tree, def, F_BODY);
	for (uint32_t c = body == TP_NONE ? TP_NONE : N(m, body)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t fn = kind(m, c) == K_DECORATED_DEF ? tp_child(m->tree, c, F_DEFINITION) : c;
		if (fn == TP_NONE || kind(m, fn) != K_FUNCTION_DEF)
			continue;
		uint32_t fname = tp_child(m->tree, fn, F_NAME);
		uint32_t params = tp_child(m->tree, fn, F_PARAMETERS);
		if (fname != TP_NONE && tp_str_eq(text(m, fname), "__init__") && a->init)
			init = params_match(m, params, a->init);
		if (fname != TP_NONE && tp_str_eq(text(m, fname), "forward") && a->forward)
			forward = params_match(m, params, a->forward);
	}
	if (parent && init && forward)
		affinity(m, def, "class", tp_arena_strndup(m->arena, s.ptr, s.len), a->api);
}

/* Functions of the torch namespace whose result is no tensor: a checkpoint
 * (`torch.load(p).items()`), a compiled module, a device, a context manager,
 * a generator, or a tuple of tensors. */
static int not_tensor_fn(const char *name)
{
	static const char *const names[] = {"load", "compile", "device", "dtype", "finfo", "iinfo", "no_grad", "enable_grad",
					    "inference_mode", "set_grad_enabled", "autocast", "manual_seed", "save", "chunk",
					    "split", "tensor_split", "unbind", "meshgrid", "broadcast_tensors", NULL};
	for (const char *const *n = names; *n; n++)
		if (strcmp(name, *n) == 0)
			return 1;
	return 0;
}

/* Tensor methods whose result is no tensor: a number, a numpy array, a list,
 * sizes (`t.numpy().astype(...)` is numpy's). */
static int not_tensor_method(tp_str name)
{
	static const char *const names[] = {"numpy", "tolist", "item", "size", "dim", "ndimension", "numel", "nelement",
					    "stride", "data_ptr", "element_size", "storage", "untyped_storage", "get_device",
					    "is_contiguous", "is_floating_point", "is_complex", "equal", "split", "chunk",
					    "unbind", "tensor_split", NULL};
	for (const char *const *n = names; *n; n++)
		if (tp_str_eq(name, *n))
			return 1;
	return 0;
}

/* Whether expression e certainly evaluates to a tensor: a call of a function
 * of the torch namespace or torch.nn.functional, a tensor method's result,
 * or a local assigned once from one of those. Anything else is uncertain. */
static int is_tensor(const tp_matcher *m, uint32_t e)
{
	for (int depth = 0; depth < 32 && e != TP_NONE; depth++) {
		if (kind(m, e) == K_IDENTIFIER) {
			tp_str s = text(m, e);
			const tp_binding *b = tp_resolve_name(m->res, e, s.ptr, s.len);
			if (!b || b->kind != TP_BIND_LOCAL || b->value == TP_NONE)
				return 0;
			e = b->value;
			continue;
		}
		if (kind(m, e) != K_CALL)
			return 0;
		uint32_t fn = tp_child(m->tree, e, F_FUNCTION);
		const char *qn = fn == TP_NONE ? NULL : tp_resolve_qname(m->res, fn, NULL);
		if (qn) {
			const char *rest = strncmp(qn, "torch.nn.functional.", 20) == 0 ? qn + 20 : strncmp(qn, "torch.", 6) == 0 ? qn + 6 : NULL;
			return rest && *rest >= 'a' && *rest <= 'z' && !strchr(rest, '.') && !not_tensor_fn(rest);
		}
		if (kind(m, fn) != K_ATTRIBUTE || not_tensor_method(text(m, attr_name(m, fn))))
			return 0;
		e = tp_child(m->tree, fn, F_OBJECT); /* t.float().sum(): a method of a tensor */
	}
	return 0;
}

/* -sim: replace an unsupported API with a similar one, but only where the
 * call uses nothing the replacement would treat differently. */
/* Why -sim cannot replace this call with the similar API (NULL: it can). */
static const char *not_similar(tp_matcher *m, const tp_rule *r, uint32_t call)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	const char *why = NULL;
	int positional = 0;
	for (uint32_t c = args == TP_NONE ? TP_NONE : N(m, args)->first; c != TP_NONE && !why; c = N(m, c)->next) {
		uint16_t k = kind(m, c);
		if (k == K_COMMENT)
			continue;
		if (k == K_LIST_SPLAT || k == K_DICT_SPLAT) {
			why = "*args or **kwargs hide what is passed";
		} else if (k == K_KEYWORD_ARG) {
			tp_str name = text(m, tp_child(m->tree, c, F_NAME));
			if (r->members.count && !tp_map_get(&r->members, name.ptr, name.len))
				why = tp_arena_printf(m->arena, "the argument %.*s= has no counterpart", (int)name.len, name.ptr);
		} else if (r->arg_idx >= 0 && ++positional > r->arg_idx) {
			why = "more positional arguments than the replacement takes alike";
		}
	}
	for (char **req = r->required_names; req && *req && !why; req++) {
		int is_kw = 0;
		if (args == TP_NONE || tp_match__find_arg(m, args, -1, *req, &is_kw) == TP_NONE)
			why = tp_arena_printf(m->arena, "%s= must be given explicitly (the defaults differ)", *req);
	}
	return why;
}

static void apply_similar(tp_matcher *m, const tp_rule *r, uint32_t call, uint32_t fn, const char *qn)
{
	const char *why = not_similar(m, r, call);
	if (why) {
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, call, qn, tp_arena_printf(m->arena, "-sim does not replace it with %s: %s", r->new_name, why));
		return;
	}
	size_t rlen = strcspn(r->new_name, ".");
	const tp_binding *b = tp_resolve_name(m->res, fn, r->new_name, rlen);
	if (!b || b->kind != TP_BIND_IMPORT || strlen(b->qname) != rlen || strncmp(b->qname, r->new_name, rlen) != 0) {
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, call, qn,
			tp_arena_printf(m->arena, "similar API: %s (import %.*s to let -sim replace it)", r->new_name, (int)rlen, r->new_name));
		return;
	}
	tp_match__edit(m, r, TP_OP_MODIFY, N(m, fn)->start, N(m, fn)->end, r->new_name,
	     msg(m, r, "similar API (-sim): %s -> %s: %s", qn, r->new_name, r->warning));
}

/* Whether call is a load() or load_inline() that may build CUDA code: its
 * value is the extension module. */
static int load_call(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	int either = 0;
	const char *b = fn == TP_NONE ? NULL : tp_extension_builder(m->res, fn, tp_resolve_qname(m->res, fn, NULL), &either);
	return (b == tp_extension_builders[2] || b == tp_extension_builders[3]) && !tp_extension_cpu_only(m->tree, m->src, call, b, either);
}

/* Whether the file's function definition def loads a custom CUDA extension
 * (a load() call in it), as a plugin getter does. */
static int loader_def(tp_matcher *m, uint32_t def)
{
	if (!m->loads) {
		m->loads = tp_arena_alloc(m->arena, m->tree->count);
		memset(m->loads, 0, m->tree->count);
	}
	if (!m->loads[def]) {
		m->loads[def] = 1;
		for (uint32_t j = def; j < N(m, def)->end_index && m->loads[def] == 1; j++)
			if (kind(m, j) == K_CALL && load_call(m, j))
				m->loads[def] = 2;
	}
	return m->loads[def] == 2;
}

/* Whether value v is a custom CUDA extension module the file loads: a
 * load() call, or a call of a function that loads one, of this file or
 * another one of the tree (`custom_ops.get_plugin(...)`). */
static int loads_extension(tp_matcher *m, uint32_t v)
{
	if (kind(m, v) != K_CALL)
		return 0;
	if (load_call(m, v))
		return 1;
	uint32_t fn = tp_child(m->tree, v, F_FUNCTION);
	const char *qn = fn == TP_NONE ? NULL : tp_resolve_qname(m->res, fn, NULL);
	if (qn && m->ext_modules) {
		while (*qn == '.')
			qn++;
		const char *key = tp_arena_printf(m->arena, "%s()", qn);
		return tp_map_get(m->ext_modules, key, strlen(key)) != NULL;
	}
	if (kind(m, fn) != K_IDENTIFIER)
		return 0;
	uint32_t def = tp_resolve_definition(m->res, tp_resolve_name(m->res, fn, text(m, fn).ptr, text(m, fn).len));
	return kind(m, def) == K_FUNCTION_DEF && loader_def(m, def);
}

/* The name of the custom CUDA extension code that a call (its function fn,
 * qualified name qn) calls, or NULL: a function of a module the file loads
 * (`ext = load(...)`, `ext.forward(x)`; also when an import binds ext too,
 * `try: from . import ext / except: ext = load(...)`; or when a function
 * sets it, `global _plugin; _plugin = get_plugin(...)`), a `torch.ops.NS.OP`
 * of a TORCH_LIBRARY op registered here, or a function of an extension
 * module built in this tree. */
static const char *extension_call(tp_matcher *m, uint32_t fn, const char *qn)
{
	uint32_t obj = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
	const tp_binding *b = kind(m, obj) == K_IDENTIFIER ? tp_resolve_name(m->res, obj, text(m, obj).ptr, text(m, obj).len) : NULL;
	uint32_t v = !b ? TP_NONE : b->kind == TP_BIND_LOCAL ? tp_resolve_set_value(m->res, b) : b->kind == TP_BIND_IMPORT ? b->also_value : TP_NONE;
	if (loads_extension(m, v))
		return dup_text(m, fn);
	if (!qn)
		return NULL;
	if (m->library_ops && strncmp(qn, "torch.ops.", 10) == 0 && tp_map_get(m->library_ops, qn + 10, strlen(qn + 10)))
		return qn;
	const char *name = qn;
	while (*name == '.')
		name++;
	for (const char *dot = strchr(name, '.'); m->ext_modules && dot; dot = strchr(dot + 1, '.'))
		if (tp_map_get(m->ext_modules, name, (size_t)(dot - name)))
			return qn;
	return NULL;
}

/* Custom CUDA: a call into extension code (extension_call), or the build
 * of such an extension. Returns 1 when the call is one. */
static int custom_cuda(tp_matcher *m, uint32_t call, uint32_t fn, const char *qn)
{
	const char *kind_name = "python call", *tip = "user-defined CUDA operator: needs an NPU kernel", *detail = "";
	int either = 0;
	const char *builder = tp_extension_builder(m->res, fn, qn, &either);
	if (builder) {
		if (tp_extension_cpu_only(m->tree, m->src, call, builder, either)) {
			/* C++ alone: where the support lists call the builder
			 * unsupported, what it takes is a rebuild, not an NPU kernel */
			const char *t = NULL;
			if (!qn || !m->ops || tp_ops_classify(m->ops, qn, &t) != TP_UNSUPPORTED)
				return 0;
			tp_match__finding(m, NULL, TP_OP_UNSUPPORTED, call, qn,
					  "builds a C++ extension: rebuild it against torch_npu (no NPU kernel needed)");
			return 1;
		}
		qn = builder;
		kind_name = "extension build";
		tip = "builds a custom CUDA/C++ extension: its operators need NPU kernels";
		tp_strings names = {0};
		tp_extension_build_names(&names, m->res, call);
		tp_buf b = {0};
		for (size_t k = 0; k < names.len; k++) {
			tp_buf_printf(&b, "%s%s", k ? ", " : "", names.items[k]);
			free(names.items[k]);
		}
		tp_array_free(&names);
		detail = tp_arena_strndup(m->arena, b.ptr ? b.ptr : "", b.len);
		tp_buf_dispose(&b);
	} else if (!(qn = extension_call(m, fn, qn))) {
		return 0;
	}
	tp_match__finding(m, NULL, TP_OP_UNSUPPORTED, call, qn, tip);
	tp_item it = {TP_OP_CUDA, N(m, call)->start, N(m, call)->end, kind_name, NULL, detail, qn, 0};
	tp_array_push(&m->items, it);
	return 1;
}

/* The call of custom CUDA extension code that call makes, or TP_NONE: the
 * call itself when it calls into an extension or loads one, else the first
 * such call in the file's own function or class that it calls
 * (`_bias_act_cuda(...)`, `Fn.apply(x)`), a few calls deep. */
static uint32_t ext_use_in(tp_matcher *m, uint32_t node, int depth);
static uint32_t own_definition(const tp_matcher *m, uint32_t e);
static uint32_t def_ext_use(tp_matcher *m, uint32_t def, int depth);

/* Whether the statement that holds node returns (`return
 * FusedLayerNormAffineFunction.apply(x, ...)`): a kernel of a package with
 * no NPU build (apex's, flash_attn) that computes the result, in front of
 * a fallback, as an extension's does; not a wrapper or a copy that the
 * code goes on with (`model = MMDataParallel(model)`). */
static int returned(const tp_matcher *m, uint32_t node)
{
	uint32_t s = node;
	while (N(m, s)->parent != TP_NONE && kind(m, N(m, s)->parent) != K_BLOCK && kind(m, N(m, s)->parent) != K_MODULE)
		s = N(m, s)->parent;
	return tp_match__keyword_statement(m, s, "return");
}

static uint32_t ext_use(tp_matcher *m, uint32_t call, int depth)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	if (fn == TP_NONE)
		return TP_NONE;
	const char *qn = tp_resolve_qname(m->res, fn, NULL);
	if (extension_call(m, fn, qn) || loads_extension(m, call) || (no_npu_rule(m, qn) && returned(m, call)))
		return call;
	uint32_t root = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : fn;
	return depth < 4 ? def_ext_use(m, own_definition(m, root), depth) : TP_NONE;
}

/* The file's own function or class that identifier e names, also through a
 * name assigned it once (`f_cuda = _SigmoidFocalLoss.apply`), else TP_NONE. */
static uint32_t own_definition(const tp_matcher *m, uint32_t e)
{
	for (int hop = 0; hop < 2 && kind(m, e) == K_IDENTIFIER; hop++) {
		const tp_binding *b = tp_resolve_name(m->res, e, text(m, e).ptr, text(m, e).len);
		uint32_t def = tp_resolve_definition(m->res, b);
		if (def != TP_NONE || !b || b->kind != TP_BIND_LOCAL || b->value == TP_NONE)
			return def;
		for (e = b->value; kind(m, e) == K_ATTRIBUTE;)
			e = tp_child(m->tree, e, F_OBJECT);
	}
	return TP_NONE;
}

/* The first call of extension code under definition def, remembered. */
static uint32_t def_ext_use(tp_matcher *m, uint32_t def, int depth)
{
	if (def == TP_NONE)
		return TP_NONE;
	if (!m->ext_use) {
		m->ext_use = tp_arena_alloc(m->arena, m->tree->count * sizeof *m->ext_use);
		memset(m->ext_use, 0, m->tree->count * sizeof *m->ext_use);
	}
	if (!m->ext_use[def]) {
		m->ext_use[def] = TP_NONE; /* while it is looked at: a recursive call finds nothing more */
		m->ext_use[def] = ext_use_in(m, def, depth + 1);
	}
	return m->ext_use[def];
}

/* The first call of custom CUDA extension code under node (ext_use), also
 * through a function of the file that it names without calling it
 * (`loss_func = sigmoid_focal_loss_cuda`, called after the if), or a
 * function of the extension so named (`fn = ext.score_cuda`). */
static uint32_t ext_use_in(tp_matcher *m, uint32_t node, int depth)
{
	for (uint32_t j = node; j < N(m, node)->end_index; j++) {
		uint32_t p = N(m, j)->parent, u = TP_NONE;
		if (kind(m, j) == K_CALL)
			u = ext_use(m, j, depth);
		else if (kind(m, j) == K_ATTRIBUTE && N(m, j)->field != F_FUNCTION && kind(m, p) != K_ATTRIBUTE &&
			 extension_call(m, j, tp_resolve_qname(m->res, j, NULL)))
			u = j; /* `fn = ext.score_cuda`, called after the if */
		else if (kind(m, j) == K_IDENTIFIER && depth < 4 && N(m, j)->field != F_ATTRIBUTE && N(m, j)->field != F_FUNCTION &&
			 kind(m, p) != K_ATTRIBUTE && (kind(m, p) != K_KEYWORD_ARG || N(m, j)->field != F_NAME))
			u = def_ext_use(m, own_definition(m, j), depth);
		if (u != TP_NONE)
			return u;
	}
	return TP_NONE;
}

/* What an ext_use_in answer names: the function its call calls, or the
 * function it picks (`ext.score_cuda`). */
static tp_str ext_use_name(const tp_matcher *m, uint32_t use)
{
	return text(m, kind(m, use) == K_CALL ? tp_child(m->tree, use, F_FUNCTION) : use);
}

/* ---- frameworks that pick their accelerator by name (Lightning) ----------- */

/* The accelerator rule whose packages hold qualified name qn and whose name
 * set at offset `set` (calls, gpu_classes, module_classes) holds its last
 * name (lightning.pytorch.Trainer, pl.Trainer), else NULL. */
static const tp_rule *framework_name(const tp_matcher *m, const char *qn, size_t set)
{
	const tp_rule *r = qn ? lookup(&m->rules->accelerator, qn, strcspn(qn, ".")) : NULL;
	const char *last = qn ? strrchr(qn, '.') : NULL;
	return r && last && tp_map_get((const tp_map *)((const char *)r + set), last + 1, strlen(last + 1)) ? r : NULL;
}

/* The value of a local name assigned once (`cfg = {...}`), else e itself. */
static uint32_t local_value(const tp_matcher *m, uint32_t e)
{
	if (kind(m, e) != K_IDENTIFIER)
		return e;
	const tp_binding *b = tp_resolve_name(m->res, e, text(m, e).ptr, text(m, e).len);
	return b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE ? b->value : e;
}

/* The default of the parameter that identifier e names when its function
 * assigns it nowhere else (`def main(accelerator: str = "auto")`), else e
 * itself: the value unless a caller passes another. */
static uint32_t param_default(const tp_matcher *m, uint32_t e)
{
	if (kind(m, e) != K_IDENTIFIER)
		return e;
	tp_str name = text(m, e);
	const tp_binding *b = tp_resolve_name(m->res, e, name.ptr, name.len);
	if (!b || b->kind != TP_BIND_LOCAL || !b->values || b->values->next)
		return e;
	for (uint32_t s = m->res->scope_of[e]; s != 0; s = m->res->scope_of[s]) {
		uint32_t params = kind(m, s) == K_FUNCTION_DEF ? tp_child(m->tree, s, F_PARAMETERS) : TP_NONE;
		for (uint32_t c = params == TP_NONE ? TP_NONE : N(m, params)->first; c != TP_NONE; c = N(m, c)->next) {
			uint32_t id = kind(m, c) == K_DEFAULT_PARAM || kind(m, c) == K_TYPED_DEFAULT_PARAM ? tp_child(m->tree, c, F_NAME) : TP_NONE;
			uint32_t v = id == TP_NONE ? TP_NONE : tp_child(m->tree, c, F_VALUE);
			if (v != TP_NONE && tp_str_same(text(m, id), name) && tp_resolve_name(m->res, id, name.ptr, name.len) == b)
				return v;
		}
	}
	return e;
}

/* A value the accelerator argument gets: a local's one value, or a
 * parameter's default. */
static uint32_t accelerator_source(const tp_matcher *m, uint32_t e)
{
	uint32_t v = local_value(m, e);
	return v != e ? v : param_default(m, e);
}

static int is_store(const tp_matcher *m, uint32_t n);

/* Whether read u of a framework's accelerator name gives it to no torch
 * code: a comparison with strings (`"float16" if device == "cuda" else
 * ...`), whose strings are then the framework's names too (claimed when
 * claim is set), or a text for people (an f-string, print(...)). */
static int names_only(tp_matcher *m, uint32_t u, int claim)
{
	uint32_t p = N(m, u)->parent;
	if (kind(m, p) == K_COMPARISON) {
		for (uint32_t c = N(m, p)->first; c != TP_NONE; c = N(m, c)->next)
			if (c != u && kind(m, c) != K_STRING)
				return 0;
		for (uint32_t c = N(m, p)->first; claim && c != TP_NONE; c = N(m, c)->next)
			m->claimed[c] = 1;
		return 1;
	}
	uint32_t call = kind(m, p) == K_ARG_LIST ? N(m, p)->parent : TP_NONE, fn = call == TP_NONE ? TP_NONE : tp_child(m->tree, call, F_FUNCTION);
	if (text_is(m, fn, "print") && !tp_resolve_name(m->res, fn, "print", 5))
		return 1;
	for (; p != TP_NONE && kind(m, p) != K_EXPR_STMT && kind(m, p) != K_BLOCK; p = N(m, p)->parent)
		if (kind(m, p) == K_INTERPOLATION)
			return 1;
	return 0;
}

/* Whether the name that identifier e reads is read elsewhere too (`device
 * = "cuda"` given to CTranslate2 and to torch alike): its value is then no
 * framework's name alone. Reads that give it to no torch code (names_only)
 * do not count; with claim, the strings they compare it with are claimed. */
static int read_elsewhere(tp_matcher *m, uint32_t e, int claim)
{
	tp_str name = text(m, e);
	const tp_binding *b = tp_resolve_name(m->res, e, name.ptr, name.len);
	for (int pass = 0; pass < 1 + claim; pass++)
		for (uint32_t u = 0; b && u < m->tree->count; u++) {
			if (u == e || kind(m, u) != K_IDENTIFIER || !tp_str_same(text(m, u), name) || is_store(m, u))
				continue;
			uint16_t pk = kind(m, N(m, u)->parent), f = N(m, u)->field;
			int named = f == F_ATTRIBUTE || (f == F_NAME && (pk == K_KEYWORD_ARG || pk == K_DEFAULT_PARAM || pk == K_TYPED_DEFAULT_PARAM)) ||
				    pk == K_PARAMETERS || pk == K_LAMBDA_PARAMS || pk == K_TYPED_PARAM || pk == K_GLOBAL || pk == K_NONLOCAL;
			if (!named && tp_resolve_name(m->res, u, name.ptr, name.len) == b && !names_only(m, u, pass == 1))
				return 1;
		}
	return 0;
}

/* An accelerator value: its string literals are the framework's names, not
 * torch devices, so they are claimed (left as they are) unless a local
 * that holds them is read elsewhere too; returns whether it
 * may pick a GPU. Through conditional expressions, parentheses, a local
 * assigned once (`acc = "gpu" if ... else "cpu"`) and a parameter's default. */
static int accelerator_value(tp_matcher *m, const tp_rule *r, uint32_t v, int depth, int claim)
{
	if (depth > 8)
		return 0;
	uint32_t c = N(m, v)->first, close = c;
	switch (kind(m, v)) {
	case K_STRING:
		while (close != TP_NONE && N(m, close)->next != TP_NONE)
			close = N(m, close)->next;
		m->claimed[v] |= claim;
		return kind(m, c) == K_STRING_START && kind(m, close) == K_STRING_END &&
		       tp_regex_match(r->pattern, m->src + N(m, c)->end, N(m, close)->start - N(m, c)->end);
	case K_CONDITIONAL: { /* a if cond else b */
		uint32_t cond = c == TP_NONE ? TP_NONE : N(m, c)->next, b = cond == TP_NONE ? TP_NONE : N(m, cond)->next;
		int gpu = accelerator_value(m, r, c, depth + 1, claim) | (b != TP_NONE && accelerator_value(m, r, b, depth + 1, claim));
		const char *qn = gpu && claim && kind(m, cond) == K_CALL ? tp_resolve_qname(m->res, tp_child(m->tree, cond, F_FUNCTION), NULL) : NULL;
		for (uint32_t j = cond; qn && strcmp(qn, "torch.cuda.is_available") == 0 && j < N(m, cond)->end_index; j++)
			m->claimed[j] = 1; /* "cuda" stays the framework's: so does the test that picks it (the CPU on the NPU) */
		return gpu;
	}
	case K_PARENTHESIZED:
		return c != TP_NONE && accelerator_value(m, r, c, depth + 1, claim);
	case K_IDENTIFIER: /* a value read elsewhere too stays the rules' to convert */
		return accelerator_source(m, v) != v &&
		       accelerator_value(m, r, accelerator_source(m, v), depth + 1, claim && !read_elsewhere(m, v, claim));
	case K_CALL: /* CUDAAccelerator() */
		return framework_name(m, tp_resolve_qname(m->res, tp_child(m->tree, v, F_FUNCTION), NULL), offsetof(tp_rule, gpu_classes)) != NULL;
	default:
		return 0;
	}
}

/* Whether v is the string "auto" (the framework picks the accelerator). */
static int is_auto(const tp_matcher *m, uint32_t v)
{
	if (v == TP_NONE)
		return 0;
	tp_str s = text(m, v);
	return s.len == 6 && (s.ptr[0] == '"' || s.ptr[0] == '\'') && memcmp(s.ptr + 1, "auto", 4) == 0 && s.ptr[5] == s.ptr[0];
}

/* One argument of a framework call, named name: returns whether it picks a
 * GPU; sets *chosen when it chooses the accelerator (one other than "auto",
 * or a GPU keyword). */
static int framework_arg(tp_matcher *m, const tp_rule *r, tp_str name, uint32_t v, int *chosen)
{
	if (r->arg_keyword && tp_str_eq(name, r->arg_keyword)) { /* without gpu_pattern, torch's devices: the rules convert them */
		*chosen |= !is_auto(m, accelerator_source(m, v));
		return r->pattern && accelerator_value(m, r, v, 0, 1);
	}
	if (!tp_map_get(&r->gpu_keywords, name.ptr, name.len))
		return 0;
	*chosen = 1;
	return !tp_str_eq(text(m, v), "0") && !tp_str_eq(text(m, v), "None") && !tp_str_eq(text(m, v), "False");
}

/* Whether call is `dict(...)` of the builtins. */
static int dict_call(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = kind(m, call) == K_CALL ? tp_child(m->tree, call, F_FUNCTION) : TP_NONE;
	return text_is(m, fn, "dict") && !tp_resolve_name(m->res, fn, "dict", 4);
}

/* The arguments that a dict holds under string keys: a literal, or
 * `dict(k=v)`. Returns whether they pick a GPU; sets *chosen where they may
 * choose the accelerator: a key that does, or one it does not spell out. */
static int framework_dict(tp_matcher *m, const tp_rule *r, uint32_t dict, int *chosen)
{
	int gpu = 0, call = kind(m, dict) == K_CALL;
	uint32_t items = call ? tp_child(m->tree, dict, F_ARGUMENTS) : dict;
	for (uint32_t p = items == TP_NONE ? TP_NONE : N(m, items)->first; p != TP_NONE; p = N(m, p)->next) {
		uint32_t key = call ? (kind(m, p) == K_KEYWORD_ARG ? tp_child(m->tree, p, F_NAME) : TP_NONE)
				    : kind(m, p) == K_PAIR ? N(m, p)->first : TP_NONE;
		uint32_t open = !call && kind(m, key) == K_STRING ? N(m, key)->first : TP_NONE, close = open == TP_NONE ? TP_NONE : N(m, open)->next;
		if (!call && (kind(m, open) != K_STRING_START || kind(m, close) != K_STRING_CONTENT))
			key = TP_NONE;
		if (kind(m, p) == K_COMMENT)
			continue;
		if (key == TP_NONE) { /* `**more`, a computed key */
			*chosen = 1;
			continue;
		}
		tp_str name = text(m, call ? key : close);
		uint32_t v = tp_child(m->tree, p, F_VALUE);
		gpu |= framework_arg(m, r, name, v, chosen);
	}
	return gpu;
}

/* The keys that the dict name e holds gets after it is made, judged as
 * arguments of the call it goes to: `kw["load_in_8bit"] = True`,
 * `kw.update(dict(...))`, `kw.update(gpus=1)`, `kw |= {...}`. Returns whether
 * they pick a GPU; sets *chosen where they may choose the accelerator (one
 * the file does not spell out counts). */
static int framework_dict_additions(tp_matcher *m, const tp_rule *r, uint32_t e, int *chosen)
{
	tp_str name = text(m, e);
	const tp_binding *b = tp_resolve_name(m->res, e, name.ptr, name.len);
	int gpu = 0;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (kind(m, i) != K_IDENTIFIER || !tp_str_same(text(m, i), name) || tp_resolve_name(m->res, i, name.ptr, name.len) != b)
			continue;
		uint32_t j = N(m, i)->parent, up = N(m, j)->parent; /* what the name is the object or the target of */
		uint16_t k = kind(m, j);
		if (k == K_SUBSCRIPT && N(m, j)->first == i && is_store(m, j)) {
			uint32_t key = N(m, i)->next, open = kind(m, key) == K_STRING ? N(m, key)->first : TP_NONE;
			uint32_t content = open == TP_NONE ? TP_NONE : N(m, open)->next;
			if (kind(m, up) != K_ASSIGNMENT || tp_child(m->tree, up, F_LEFT) != j || kind(m, content) != K_STRING_CONTENT) {
				*chosen = 1;
				continue;
			}
			tp_str arg = text(m, content);
			uint32_t v = tp_child(m->tree, up, F_RIGHT);
			gpu |= framework_arg(m, r, arg, v, chosen);
		} else if (k == K_AUG_ASSIGN && tp_child(m->tree, j, F_LEFT) == i) {
			uint32_t v = tp_child(m->tree, j, F_RIGHT);
			if (kind(m, v) == K_DICT || dict_call(m, v))
				gpu |= framework_dict(m, r, v, chosen);
			else
				*chosen = 1;
		} else if (k == K_ATTRIBUTE && N(m, i)->field == F_OBJECT && N(m, j)->field == F_FUNCTION &&
			   (text_is(m, attr_name(m, j), "update") || text_is(m, attr_name(m, j), "setdefault"))) {
			uint32_t args = tp_child(m->tree, up, F_ARGUMENTS), first = args == TP_NONE ? TP_NONE : N(m, args)->first;
			if (text_is(m, attr_name(m, j), "update") && (kind(m, first) == K_DICT || dict_call(m, first)) && N(m, first)->next == TP_NONE)
				gpu |= framework_dict(m, r, first, chosen);
			else if (text_is(m, attr_name(m, j), "update"))
				gpu |= framework_dict(m, r, up, chosen); /* keywords: kw.update(gpus=1) */
			else
				*chosen = 1;
		}
	}
	return gpu;
}

/* A call of a framework that picks its accelerator by name (Lightning's
 * Trainer and Fabric): the names stay ("cuda" is no torch device there),
 * and a GPU choice (accelerator="gpu", gpus=1, CUDAAccelerator()) is
 * UNSUPPORTED, as the framework has no NPU accelerator of its own. Also
 * through a dict of arguments: `**cfg`, LightningCLI's trainer_defaults.
 * skip: positional arguments before the framework's own; chosen: whether
 * the accelerator may be chosen already (by a subclass's __init__). */
static void framework_call(tp_matcher *m, const tp_rule *r, uint32_t call, const char *qn, int skip, int chosen)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	int gpu = 0; /* chosen (below): an accelerator other than "auto" given, or maybe given */
	int pos = -skip; /* the framework's positional arguments so far */
	for (uint32_t c = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next) {
		uint16_t k = kind(m, c);
		uint32_t v = k == K_KEYWORD_ARG ? tp_child(m->tree, c, F_VALUE) : k == K_DICT_SPLAT ? N(m, c)->first : c;
		int positional = k != K_KEYWORD_ARG && k != K_DICT_SPLAT && k != K_LIST_SPLAT && k != K_COMMENT;
		if (positional && pos < 0) { /* `self` of `Trainer.__init__(self, ...)` */
			pos++;
			continue;
		}
		/* in the accelerator's place (CTranslate2's device comes second) */
		int at = positional && pos++ == r->arg_idx && r->arg_keyword;
		uint32_t d = local_value(m, v);
		if ((kind(m, d) == K_DICT || dict_call(m, d)) && !at) {
			int keys = 0; /* `**kw` of a dict the file spells out: what it holds is known */
			gpu |= framework_dict(m, r, d, &keys);
			if (d != v)
				gpu |= framework_dict_additions(m, r, v, &keys);
			chosen |= k != K_DICT_SPLAT || keys;
		} else if (k == K_KEYWORD_ARG || at) {
			tp_str name = at ? (tp_str){r->arg_keyword, strlen(r->arg_keyword)} : text(m, tp_child(m->tree, c, F_NAME));
			gpu |= framework_arg(m, r, name, v, &chosen);
		} else if (k == K_LIST_SPLAT || k == K_DICT_SPLAT || (r->arg_idx < 0 && k != K_COMMENT)) {
			chosen = 1; /* *args, **kwargs, or a positional argument where the rule names none (Fabric's first) */
			if (k == K_DICT_SPLAT && kind(m, v) == K_IDENTIFIER) /* what a **kwargs parameter gets: kwargs["load_in_8bit"] = True */
				gpu |= framework_dict_additions(m, r, v, &chosen);
		}
	}
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	if (gpu)
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, call, qn, r->unsupported_tip);
	else if (!chosen && r->message && kind(m, fn) == K_ATTRIBUTE && text_is(m, attr_name(m, fn), "from_argparse_args"))
		tp_match__finding(m, r, TP_OP_WARNING, call, NULL,
				  "the accelerator comes from the command line here (--accelerator, --gpus, or what the code puts in "
				  "the namespace): a GPU there (--gpus 1, --accelerator gpu) fails on the NPU, which Lightning has no "
				  "accelerator for built in (use Huawei's Lightning NPU plugin or an own Accelerator), and none given "
				  "trains on the CPU");
	else if (!chosen && r->message)
		tp_match__finding(m, r, TP_OP_WARNING, call, NULL, r->message);
}

/* The framework rule one of whose classes in the name set at offset `set`
 * (calls: Trainer; module_classes: LightningModule) class expression cls is
 * or subclasses through classes of this file, else NULL; *qn (when given) is
 * set to that framework class's qualified name. */
static const tp_rule *framework_class(const tp_matcher *m, uint32_t cls, size_t set, const char **qn, int depth)
{
	const char *q = tp_resolve_qname(m->res, cls, NULL);
	const tp_rule *r = framework_name(m, q, set);
	if (r && qn)
		*qn = q;
	if (r || kind(m, cls) != K_IDENTIFIER || depth > 8)
		return r;
	const tp_binding *b = tp_resolve_name(m->res, cls, text(m, cls).ptr, text(m, cls).len);
	uint32_t def = b ? tp_resolve_definition(m->res, b) : TP_NONE;
	uint32_t bases = kind(m, def) == K_CLASS_DEF ? tp_child(m->tree, def, F_SUPERCLASSES) : TP_NONE;
	for (uint32_t c = bases == TP_NONE ? TP_NONE : N(m, bases)->first; c != TP_NONE && !r; c = N(m, c)->next)
		r = framework_class(m, c, set, qn, depth + 1);
	return r;
}

/* The framework rule whose set (as framework_class) holds a base of the
 * class that node n is in, else NULL. */
static const tp_rule *enclosing_framework_class(const tp_matcher *m, uint32_t n, size_t set, const char **qn)
{
	while (n != TP_NONE && kind(m, n) != K_CLASS_DEF)
		n = N(m, n)->parent;
	uint32_t bases = n == TP_NONE ? TP_NONE : tp_child(m->tree, n, F_SUPERCLASSES);
	const tp_rule *r = NULL;
	for (uint32_t b = bases == TP_NONE ? TP_NONE : N(m, bases)->first; b != TP_NONE && !r; b = N(m, b)->next)
		r = framework_class(m, b, set, qn, 0);
	return r;
}

/* Whether class expression cls names a class of this file that defines
 * __init__, or inherits one from such a class. */
static int own_init(const tp_matcher *m, uint32_t cls, int depth)
{
	const tp_binding *b = kind(m, cls) == K_IDENTIFIER ? tp_resolve_name(m->res, cls, text(m, cls).ptr, text(m, cls).len) : NULL;
	uint32_t def = b ? tp_resolve_definition(m->res, b) : TP_NONE;
	if (kind(m, def) != K_CLASS_DEF || depth > 8)
		return 0;
	uint32_t body = tp_child(m->tree, def, F_BODY);
	for (uint32_t s = body == TP_NONE ? TP_NONE : N(m, body)->first; s != TP_NONE; s = N(m, s)->next) {
		uint32_t f = kind(m, s) == K_DECORATED_DEF ? tp_child(m->tree, s, F_DEFINITION) : s;
		if (kind(m, f) == K_FUNCTION_DEF && text_is(m, tp_child(m->tree, f, F_NAME), "__init__"))
			return 1;
	}
	uint32_t bases = tp_child(m->tree, def, F_SUPERCLASSES);
	for (uint32_t c = bases == TP_NONE ? TP_NONE : N(m, bases)->first; c != TP_NONE; c = N(m, c)->next)
		if (own_init(m, c, depth + 1))
			return 1;
	return 0;
}

/* The framework rule of the accelerator-picking class whose object call
 * makes or initialises: `pl.Trainer(...)`; in a class that subclasses it,
 * `super().__init__(...)` or `pl.Trainer.__init__(self, ...)` (*skip: the
 * one positional argument before its own); and `MyTrainer(...)` of such a
 * class, where subclassed says the file has one (*own: an __init__ of the
 * file's classes may pick the accelerator).
 * *qn is set to the framework class's qualified name. */
static const tp_rule *framework_init(const tp_matcher *m, uint32_t call, int subclassed, const char **qn, int *skip, int *own)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	*skip = *own = 0;
	if (kind(m, fn) == K_ATTRIBUTE && text_is(m, attr_name(m, fn), "__init__")) {
		uint32_t obj = tp_child(m->tree, fn, F_OBJECT), super = kind(m, obj) == K_CALL ? tp_child(m->tree, obj, F_FUNCTION) : TP_NONE;
		if (kind(m, super) == K_IDENTIFIER && tp_str_eq(text(m, super), "super"))
			return enclosing_framework_class(m, call, offsetof(tp_rule, calls), qn);
		*skip = 1;
		return framework_class(m, obj, offsetof(tp_rule, calls), qn, 0);
	}
	if (kind(m, fn) == K_ATTRIBUTE && text_is(m, attr_name(m, fn), "from_argparse_args")) {
		*skip = 1; /* Lightning 1.x: `Trainer.from_argparse_args(args, gpus=1)`, its options in args */
		return framework_class(m, tp_child(m->tree, fn, F_OBJECT), offsetof(tp_rule, calls), qn, 0);
	}
	*qn = tp_resolve_qname(m->res, fn, NULL);
	const tp_rule *r = framework_name(m, *qn, offsetof(tp_rule, calls));
	if (r)
		return r;
	if (!subclassed || kind(m, fn) != K_IDENTIFIER || !(r = framework_class(m, fn, offsetof(tp_rule, calls), qn, 0)))
		return NULL;
	*own = own_init(m, fn, 0);
	return r;
}

/* The framework rule when e is an instance of its module class: `Lit()` or
 * `Lit.load_from_checkpoint(...)` of a class that subclasses LightningModule,
 * directly or through a local assigned once, or `self` in such a class. */
static const tp_rule *framework_module(const tp_matcher *m, uint32_t e)
{
	if (kind(m, e) == K_IDENTIFIER && tp_str_eq(text(m, e), "self")) /* in a method of such a class */
		return enclosing_framework_class(m, e, offsetof(tp_rule, module_classes), NULL);
	e = local_value(m, e);
	uint32_t fn = kind(m, e) == K_CALL ? tp_child(m->tree, e, F_FUNCTION) : TP_NONE;
	if (kind(m, fn) == K_ATTRIBUTE && attr_name(m, fn) != TP_NONE && tp_str_eq(text(m, attr_name(m, fn)), "load_from_checkpoint"))
		fn = tp_child(m->tree, fn, F_OBJECT);
	return fn == TP_NONE ? NULL : framework_class(m, fn, offsetof(tp_rule, module_classes), NULL, 0);
}

/* `model.cuda()` of a LightningModule, which method rule fr renames:
 * `.to("npu")`, which updates the device it tracks (.npu() does not); with
 * an argument, .npu(...) and a WARNING. Returns 1 when it replaced the call. */
static int framework_module_cuda(tp_matcher *m, const tp_rule *fr, uint32_t call, uint32_t leaf)
{
	const tp_rule *r = framework_module(m, tp_child(m->tree, tp_child(m->tree, call, F_FUNCTION), F_OBJECT));
	if (!r)
		return 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	if (kind(m, args) != K_ARG_LIST || N(m, args)->first != TP_NONE) {
		if (r->warning)
			tp_match__finding(m, r, TP_OP_WARNING, call, NULL, r->warning);
		return 0;
	}
	tp_match__edit(m, fr, TP_OP_MODIFY, N(m, leaf)->start, N(m, call)->end, tp_arena_printf(m->arena, "to(\"%s\")", fr->new_name),
		       msg(m, fr, ".cuda() -> .to(\"%s\") (a LightningModule tracks its device in .to(), not in .%s())", fr->new_name, fr->new_name));
	m->device_argument = 1;
	return 1;
}

/* The device-index rule for the function qn: its own ("torch.device"),
 * else its innermost module's ("torch.nn.*" before "torch.*"). None under a
 * module rule's old or new name: torch.npu's device API takes indexes, as
 * torch.cuda's does. */
static const tp_rule *device_index_rule(const tp_matcher *m, uint32_t call, const char *qn)
{
	const tp_rule *r = lookup_z(&m->rules->device_index_qualified, qn);
	int kw = 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	if (!r && (kind(m, args) != K_ARG_LIST || tp_match__find_arg(m, args, -1, "device", &kw) == TP_NONE))
		return NULL; /* a module's rule checks the device= keyword only: most calls have none */
	char key[256];
	for (size_t n = strlen(qn); !r && n > 0; n--)
		if (qn[n - 1] == '.' && n + 1 < sizeof key) {
			memcpy(key, qn, n);
			key[n] = '*';
			r = lookup(&m->rules->device_index_qualified, key, n + 1);
		}
	for (const char *dot = strchr(qn, '.'); r && dot; dot = strchr(dot + 1, '.')) {
		const tp_rule *w = lookup(&m->rules->written, qn, (size_t)(dot - qn));
		if (lookup(&m->rules->module, qn, (size_t)(dot - qn)) || (w && w->kind == TP_RULE_MODULE))
			return NULL;
	}
	return r;
}

static void match_call_rules(tp_matcher *m, uint32_t call)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	if (fn == TP_NONE)
		return;
	const char *qn = tp_resolve_qname(m->res, fn, NULL);
	const tp_rule *r = NULL, *rename = qn ? lookup_z(&m->rules->func_qualified, qn) : NULL;
	if (rename && rename->arg_idx >= 0 && arg_count(m, call) > (uint32_t)rename->arg_idx)
		rename = NULL; /* max_args: not this call */
	if (custom_cuda(m, call, fn, qn))
		; /* reported as custom CUDA */
	else if (qn && !rename) /* a renamed call is judged by its new name */
		classify(m, call, qn);
	else if (kind(m, fn) == K_ATTRIBUTE && attr_name(m, fn) != TP_NONE && is_tensor(m, tp_child(m->tree, fn, F_OBJECT))) {
		tp_str method = text(m, attr_name(m, fn));
		classify(m, call, tp_arena_printf(m->arena, "torch.Tensor.%.*s", (int)method.len, method.ptr));
	}
	if (qn && strcmp(qn, "torch.set_float32_matmul_precision") == 0) /* "high" and "medium" are CUDA's TF32 */
		tp_match__finding(m, NULL, TP_OP_PRECISION, call, qn,
				  "the NPU's matmuls follow torch_npu's own switch, torch.npu.matmul.allow_hf32 (HF32 in matmuls; off by "
				  "default): set it alike to keep the precision this line chooses");
	if (qn && strcmp(qn, "functools.partial") == 0) { /* `partial(torch.backends.cuda.sdp_kernel, ...)` calls it later */
		int kw;
		uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
		uint32_t f = args == TP_NONE ? TP_NONE : tp_match__find_arg(m, args, 0, NULL, &kw);
		const char *fq = f != TP_NONE && (kind(m, f) == K_ATTRIBUTE || kind(m, f) == K_IDENTIFIER) ? tp_resolve_qname(m->res, f, NULL) : NULL;
		if (fq)
			classify(m, f, fq);
	}
	if (qn && (r = lookup_z(&m->rules->similar, qn)) && (m->rules->replace_similar || r->user))
		apply_similar(m, r, call, fn, qn);
	else if (qn && r && !lookup_z(&m->rules->func_qualified, qn) && from_caught_import(m, fn)) /* not where a rule renames it */
		tp_match__finding(m, r, TP_OP_WARNING, call, qn,
				  tp_arena_printf(m->arena, "its CUDA build is not on the NPU, but it is imported in a try: on the NPU the import fails and the "
							    "except clause's fallback runs (-sim replaces it with %s)", r->new_name));
	else if (qn && r && !lookup_z(&m->rules->func_qualified, qn)) {
		const char *why = not_similar(m, r, call);
		tp_match__finding(m, r, TP_OP_UNSUPPORTED, call, qn,
				  why ? tp_arena_printf(m->arena, "its CUDA build is not on the NPU; -sim cannot replace it with %s here: %s", r->new_name, why)
				      : tp_arena_printf(m->arena, "its CUDA build is not on the NPU: -sim replaces it with %s, whose arguments mean the same here",
							r->new_name));
	}
	if (qn) {
		if (rename)
			rename_qualified_call(m, rename, fn, qn);
		for (r = lookup_z(&m->rules->args_qualified, qn); r; r = r->next)
			apply_args_rule(m, r, call, qn);
		if ((r = device_index_rule(m, call, qn)))
			apply_device_index(m, r, call, qn);
	}
	if (kind(m, fn) != K_ATTRIBUTE || !on_value(m, fn))
		return;
	uint32_t leaf = attr_name(m, fn);
	if (leaf == TP_NONE)
		return;
	tp_str name = text(m, leaf);
	if ((r = lookup(&m->rules->func_method, name.ptr, name.len)) && !(tp_str_eq(name, "cuda") && framework_module_cuda(m, r, call, leaf))) {
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, leaf)->start, N(m, leaf)->end, r->new_name,
		     msg(m, r, ".%.*s() -> .%s()", (int)name.len, name.ptr, r->new_name));
		m->device_argument |= strstr(r->new_name, "npu") != NULL; /* torch_npu adds .npu() */
	}
	const char *mname = tp_arena_printf(m->arena, ".%.*s", (int)name.len, name.ptr);
	for (r = lookup(&m->rules->args_method, name.ptr, name.len); r; r = r->next)
		apply_args_rule(m, r, call, mname);
	if ((r = lookup(&m->rules->device_index, name.ptr, name.len)))
		apply_device_index(m, r, call, mname);
}

uint32_t tp_match__device_keyword(const tp_matcher *m, uint32_t call, const char *qn)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION), args = tp_child(m->tree, call, F_ARGUMENTS);
	uint32_t leaf = !qn && kind(m, fn) == K_ATTRIBUTE && on_value(m, fn) ? attr_name(m, fn) : TP_NONE;
	const tp_rule *r = qn ? device_index_rule(m, call, qn)
		: leaf != TP_NONE ? lookup(&m->rules->device_index, text(m, leaf).ptr, text(m, leaf).len) : NULL;
	if (!r || !r->arg_keyword || strcmp(r->arg_keyword, "device") != 0 || kind(m, args) != K_ARG_LIST)
		return TP_NONE;
	int kw = 0;
	uint32_t a = tp_match__find_arg(m, args, r->arg_idx, r->arg_keyword, &kw);
	return a != TP_NONE && kw ? tp_child(m->tree, a, F_VALUE) : a;
}

int tp_match__names(const tp_matcher *m, uint32_t id)
{
	uint32_t up = N(m, id)->parent;
	return kind(m, id) == K_IDENTIFIER && N(m, id)->field != F_ATTRIBUTE && kind(m, up) != K_DOTTED_NAME &&
	       kind(m, up) != K_ALIASED_IMPORT && !(kind(m, up) == K_KEYWORD_ARG && N(m, id)->field == F_NAME);
}

uint32_t tp_match__param_name(const tp_matcher *m, uint32_t c)
{
	uint32_t id = kind(m, c) == K_IDENTIFIER ? c : tp_child(m->tree, c, F_NAME);
	if (id == TP_NONE && kind(m, c) == K_TYPED_PARAM)
		id = N(m, c)->first; /* a typed parameter has no name field */
	return kind(m, id) == K_IDENTIFIER ? id : TP_NONE;
}

/* Whether identifier e reads a parameter of its function that has no
 * default (`def init_distributed(rank, dist_backend)`): a caller's value. */
static int bare_parameter(const tp_matcher *m, uint32_t e)
{
	tp_str name = text(m, e);
	const tp_binding *b = tp_resolve_name(m->res, e, name.ptr, name.len);
	for (uint32_t s = m->res->scope_of[e]; b && s != 0; s = m->res->scope_of[s]) {
		uint32_t params = kind(m, s) == K_FUNCTION_DEF ? tp_child(m->tree, s, F_PARAMETERS) : TP_NONE;
		for (uint32_t c = params == TP_NONE ? TP_NONE : N(m, params)->first; c != TP_NONE; c = N(m, c)->next) {
			uint32_t id = kind(m, c) == K_IDENTIFIER || kind(m, c) == K_TYPED_PARAM ? tp_match__param_name(m, c) : TP_NONE;
			if (id != TP_NONE && tp_str_same(text(m, id), name) && tp_resolve_name(m->res, id, name.ptr, name.len) == b)
				return 1;
		}
	}
	return 0;
}

static int declared_on(const tp_matcher *m, uint32_t obj, tp_str name);
static int class_declares(const tp_matcher *m, uint32_t cls, tp_str name);

/* The argument of function qn that names a process group's backend:
 * init_process_group's backend, and the dist_backend of DeepSpeed's
 * init_distributed, which hands it on; else NULL. */
static const char *backend_keyword(const char *qn)
{
	static const char *const torch_fns[] = {"torch.distributed.init_process_group", "torch.distributed.distributed_c10d.init_process_group",
						NULL};
	static const char *const deepspeed_fns[] = {"deepspeed.init_distributed", "deepspeed.comm.init_distributed",
						    "deepspeed.utils.distributed.init_distributed", NULL}; /* the last: DeepSpeed <= 0.5, gpt-neox */
	return tp_match__qname_in(qn, torch_fns) ? "backend" : tp_match__qname_in(qn, deepspeed_fns) ? "dist_backend" : NULL;
}

/* Whether identifier obj is the first parameter of a method (`self`) whose
 * class declares attribute name (a dataclass field `dist_backend: str =
 * "nccl"`, `self.dist_backend = ...` in a method). */
static int self_declares(const tp_matcher *m, uint32_t obj, tp_str name)
{
	uint32_t fn = m->res->scope_of[obj], params = kind(m, fn) == K_FUNCTION_DEF ? tp_child(m->tree, fn, F_PARAMETERS) : TP_NONE;
	uint32_t first = params == TP_NONE || N(m, params)->first == TP_NONE ? TP_NONE : tp_match__param_name(m, N(m, params)->first);
	if (first == TP_NONE || !tp_str_same(text(m, first), text(m, obj)) ||
	    tp_resolve_name(m->res, obj, text(m, obj).ptr, text(m, obj).len) != tp_resolve_name(m->res, first, text(m, obj).ptr, text(m, obj).len))
		return 0;
	uint32_t up = N(m, fn)->parent;
	if (kind(m, up) == K_DECORATED_DEF)
		up = N(m, up)->parent;
	up = kind(m, up) == K_BLOCK ? N(m, up)->parent : TP_NONE;
	return kind(m, up) == K_CLASS_DEF && class_declares(m, tp_child(m->tree, up, F_NAME), name);
}

/* `init_process_group(backend=cfg["dist_backend"])`: a backend that comes
 * from a config (hifi-gan's JSON) or a caller (waveglow's
 * `init_distributed(..., dist_backend, ...)`, `**dist_config`) may say
 * "nccl", which the NPU's torch does not have; so may DeepSpeed's, which it
 * hands to init_process_group (Megatron's `--distributed-backend`). */
static void match_backend_source(tp_matcher *m, uint32_t call)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	const char *qn = kind(m, args) == K_ARG_LIST ? tp_resolve_qname(m->res, tp_child(m->tree, call, F_FUNCTION), NULL) : NULL;
	const char *keyword = backend_keyword(qn);
	if (!keyword)
		return;
	int kw = 0, hidden = 0;
	uint32_t a = tp_match__find_arg(m, args, 0, keyword, &kw);
	if (a != TP_NONE && kw)
		a = tp_child(m->tree, a, F_VALUE);
	for (uint32_t c = a == TP_NONE ? N(m, args)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next)
		hidden |= kind(m, c) == K_DICT_SPLAT;
	hidden |= kind(m, a) == K_SUBSCRIPT || (kind(m, a) == K_IDENTIFIER && bare_parameter(m, a));
	uint32_t obj = kind(m, a) == K_ATTRIBUTE ? tp_child(m->tree, a, F_OBJECT) : TP_NONE, attr = obj != TP_NONE ? attr_name(m, a) : TP_NONE;
	uint32_t root = obj;
	while (kind(m, root) == K_ATTRIBUTE) /* fairseq's cfg.distributed_training.distributed_backend */
		root = tp_child(m->tree, root, F_OBJECT);
	hidden |= kind(m, root) == K_IDENTIFIER && attr != TP_NONE &&
		  (root != obj ? !tp_resolve_qname(m->res, a, NULL) /* not dist.Backend.NCCL */
			       : !declared_on(m, obj, text(m, attr)) && !self_declares(m, obj, text(m, attr))) &&
		  !tp_resolve_attr_stored(m->res, a); /* args.dist_backend from a YAML; not one the file sets (AdaBins) */
	if (hidden)
		tp_match__finding(m, NULL, TP_OP_WARNING, a == TP_NONE ? call : a, NULL,
				  "the backend comes from a value this file does not hold (a config, a caller's argument): where it "
				  "says \"nccl\", make it \"hccl\" (torch on the NPU has no NCCL: \"Distributed package doesn't have "
				  "NCCL built in\")");
}

/* `importlib.import_module("flash_attn")`, `__import__("xformers.ops")`:
 * importing a package with no NPU build by its name fails as its import
 * statement does (not find_spec, which only looks for it). */
static void match_import_by_name(tp_matcher *m, uint32_t call)
{
	static const char *const importers[] = {"importlib.import_module", NULL};
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS), fn = tp_child(m->tree, call, F_FUNCTION);
	int builtin = text_is(m, fn, "__import__") && !tp_resolve_name(m->res, fn, "__import__", 10);
	if (kind(m, args) != K_ARG_LIST || (!builtin && !tp_match__qname_in(tp_resolve_qname(m->res, fn, NULL), importers)))
		return;
	int kw = 0;
	uint32_t a = tp_match__find_arg(m, args, 0, "name", &kw);
	if (a != TP_NONE && kw)
		a = tp_child(m->tree, a, F_VALUE);
	uint32_t open = kind(m, a) == K_STRING ? N(m, a)->first : TP_NONE, text = open == TP_NONE ? TP_NONE : N(m, open)->next;
	if (kind(m, text) == K_STRING_CONTENT && kind(m, N(m, text)->next) == K_STRING_END) /* a plain name, no f-string part */
		no_npu_import(m, call, tp_arena_strndup(m->arena, m->src + N(m, text)->start, N(m, text)->end - N(m, text)->start));
}

/* `self.device = torch.cuda.current_device()` where the name also holds a
 * device or a string (`self.device = "cpu"` first: minGPT's trainer): its
 * readers (`.to(self.device)`) take it for a device. Returns the name
 * assigned (a branch of `... if c else "cpu"` too), else TP_NONE. */
uint32_t tp_match__index_into_device_name(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = kind(m, call) == K_CALL ? tp_child(m->tree, call, F_FUNCTION) : TP_NONE;
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? attr_name(m, fn) : fn;
	if (kind(m, leaf) != K_IDENTIFIER || !text_is(m, leaf, "current_device")) /* cheap, before the name */
		return TP_NONE;
	const char *qn = tp_resolve_qname(m->res, fn, NULL);
	if (!qn || strcmp(qn, "torch.cuda.current_device") != 0)
		return TP_NONE;
	uint32_t v = call, p = N(m, call)->parent, part[3];
	/* a branch of `... if c else "cpu"`, not its condition */
	while (kind(m, p) == K_PARENTHESIZED || (kind(m, p) == K_CONDITIONAL && conditional_parts(m, p, part) && part[1] != v))
		v = p, p = N(m, p)->parent;
	uint32_t left = kind(m, p) == K_ASSIGNMENT && N(m, v)->field == F_RIGHT ? tp_child(m->tree, p, F_LEFT) : TP_NONE;
	const tp_binding *b = kind(m, left) == K_IDENTIFIER ? tp_resolve_name(m->res, left, text(m, left).ptr, text(m, left).len) : NULL;
	return (b && b->kind == TP_BIND_LOCAL && b->not_int) || (kind(m, left) == K_ATTRIBUTE && tp_resolve_attr_not_int(m->res, left))
		       ? left : TP_NONE;
}

/* There, the index becomes a device string. */
static void index_into_device_name(tp_matcher *m, uint32_t call)
{
	uint32_t left = m->claimed[call] ? TP_NONE : tp_match__index_into_device_name(m, call);
	const tp_rule *r = lookup(&m->rules->device_index, "to", 2);
	if (left == TP_NONE || !r)
		return;
	const char *pre, *post;
	tp_str s = text(m, call), l = text(m, left);
	index_affixes(m, r->device, s, &pre, &post);
	tp_match__edit(m, r, TP_OP_INSERT, N(m, call)->start, N(m, call)->start, pre,
		       msg(m, r, "%.*s = %.*s: a device string, as %.*s holds devices elsewhere (torch_npu needs a device string, not an integer)",
			   (int)l.len, l.ptr, (int)s.len, s.ptr, (int)l.len, l.ptr));
	tp_match__edit(m, r, TP_OP_INSERT, N(m, call)->end, N(m, call)->end, post, "the end of the device string");
}

static void match_call(tp_matcher *m, uint32_t call)
{
	match_call_rules(m, call);
	index_into_device_name(m, call);
	match_backend_source(m, call);
	match_import_by_name(m, call);
	flush_deletions(m, call);
}

/* Whether node is written to: an assignment target, or inside one. */
static int is_store(const tp_matcher *m, uint32_t n)
{
	for (uint32_t c = n, p = N(m, n)->parent; p != TP_NONE; c = p, p = N(m, p)->parent) {
		uint16_t k = kind(m, p);
		if ((k == K_ASSIGNMENT || k == K_AUG_ASSIGN || k == K_FOR) && N(m, c)->field == F_LEFT)
			return 1;
		if (!tp_is_pattern(k))
			return 0;
	}
	return 0;
}

/* Whether the file declares attribute name for the instances of its class
 * (or namedtuple) named by identifier cls. */
static int class_declares(const tp_matcher *m, uint32_t cls, tp_str name)
{
	if (kind(m, cls) != K_IDENTIFIER)
		return 0;
	tp_str c = text(m, cls);
	const char *key = tp_arena_printf(m->arena, "%.*s.%.*s", (int)c.len, c.ptr, (int)name.len, name.ptr);
	return tp_resolve_declared(m->res, key, strlen(key));
}

/* Whether obj is an object of the file's own that declares attribute name:
 * an instance of a class of the file that declares it (`s = State()`,
 * `Cfg(True)`) or that class itself, one built with it as a keyword (`opts
 * = SimpleNamespace(is_cuda=...)`), or the parsed arguments when an argparse
 * option makes it (`args = parser.parse_args()`, or a `def main(args)`
 * parameter so named). */
static int declared_on(const tp_matcher *m, uint32_t obj, tp_str name)
{
	static const char *const arg_names[] = {"args", "opt", "opts", "cfg", "config", "hparams", "flags", "FLAGS", "params", NULL};
	uint32_t v = obj;
	tp_str s = text(m, obj);
	if (kind(m, obj) == K_IDENTIFIER) {
		const tp_binding *b = tp_resolve_name(m->res, obj, s.ptr, s.len);
		if (!b || b->kind != TP_BIND_LOCAL)
			return 0;
		if (class_declares(m, obj, name))
			return 1;
		v = b->value;
	}
	if (kind(m, v) == K_SUBSCRIPT) /* args = parser.parse_known_args()[0] */
		v = N(m, v)->first;
	if (kind(m, v) == K_CALL && class_declares(m, tp_child(m->tree, v, F_FUNCTION), name))
		return 1;
	uint32_t args = kind(m, v) == K_CALL ? tp_child(m->tree, v, F_ARGUMENTS) : TP_NONE;
	int kw = 0;
	if (kind(m, args) == K_ARG_LIST && tp_match__find_arg(m, args, -1, tp_arena_strndup(m->arena, name.ptr, name.len), &kw) != TP_NONE)
		return 1;
	if (!tp_resolve_declared(m->res, name.ptr, name.len))
		return 0;
	uint32_t fn = kind(m, v) == K_CALL ? tp_child(m->tree, v, F_FUNCTION) : TP_NONE;
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? attr_name(m, fn) : TP_NONE;
	if (leaf != TP_NONE)
		return tp_str_eq(text(m, leaf), "parse_args") || tp_str_eq(text(m, leaf), "parse_known_args");
	for (const char *const *a = arg_names; v == TP_NONE && *a; a++)
		if (tp_str_eq(s, *a))
			return 1;
	return 0;
}

static tp_str string_inner(const tp_matcher *m, uint32_t str);
static int is_path_part(const tp_matcher *m, uint32_t str);

/* Whether node j names a CUDA build: CUDAExtension, torch.version.cuda, a
 * .cu or .cuh source, "WITH_CUDA", nvcc or its architecture flags
 * ("-gencode=arch=compute_80,code=sm_80", TORCH_CUDA_ARCH_LIST). */
static int build_word(const tp_matcher *m, uint32_t j)
{
	tp_str t = kind(m, j) == K_STRING ? string_inner(m, j) : text(m, j);
	if (kind(m, j) == K_IDENTIFIER)
		return tp_str_eq(t, "CUDAExtension");
	if (kind(m, j) == K_ATTRIBUTE)
		return tp_str_eq(t, "torch.version.cuda");
	return kind(m, j) == K_STRING &&
	       ((t.len >= 3 && memcmp(t.ptr + t.len - 3, ".cu", 3) == 0) || (t.len >= 4 && memcmp(t.ptr + t.len - 4, ".cuh", 4) == 0) ||
		tp_str_eq(t, "WITH_CUDA") || tp_str_eq(t, "nvcc") || tp_str_eq(t, "TORCH_CUDA_ARCH_LIST") ||
		memmem(t.ptr, t.len, "-gencode", 8) || memmem(t.ptr, t.len, "arch=compute_", 13));
}

/* Whether the torch.cuda query at node serves a CUDA build: the loop, if,
 * with or function around it (at the top, its own statement) names one
 * (build_word) and moves nothing to a device (`.cuda()`, "cuda"), as
 * torchani's setup.py does: `for i in range(torch.cuda.device_count()):`
 * reads get_device_capability(i) for -gencode flags. */
static int feeds_cuda_build(tp_matcher *m, uint32_t node)
{
	if (!m->builds_cuda) { /* once a file: a deep expression holds many queries */
		m->builds_cuda = 1;
		for (uint32_t j = 0; j < m->tree->count && m->builds_cuda == 1; j++)
			if (kind(m, j) != K_ATTRIBUTE && build_word(m, j))
				m->builds_cuda = 2;
	}
	if (m->builds_cuda == 1)
		return 0;
	uint32_t s = node;
	for (uint32_t p = N(m, node)->parent; p != TP_NONE && kind(m, p) != K_MODULE && kind(m, p) != K_CLASS_DEF; p = N(m, p)->parent) {
		s = p;
		if (kind(m, p) == K_FOR || kind(m, p) == K_WHILE || kind(m, p) == K_IF || kind(m, p) == K_WITH || kind(m, p) == K_FUNCTION_DEF)
			break;
	}
	int build = 0;
	for (uint32_t j = s; j < N(m, s)->end_index; j++) {
		build |= kind(m, j) != K_ATTRIBUTE && build_word(m, j); /* torch.version.cuda: a runtime check reads it too */
		uint32_t up = N(m, j)->parent;
		tp_str t = kind(m, j) == K_STRING ? string_inner(m, j) : text(m, j);
		if ((kind(m, j) == K_IDENTIFIER && N(m, j)->field == F_ATTRIBUTE && tp_str_eq(t, "cuda") && N(m, up)->field == F_FUNCTION) ||
		    (kind(m, j) == K_STRING && (tp_str_eq(t, "cuda") || (t.len > 5 && memcmp(t.ptr, "cuda:", 5) == 0))))
			return 0;
	}
	return build;
}

/* What a test chooses when it is True. */
enum guard { GUARDS_NOTHING, GUARDS_BUILD, GUARDS_EXTENSION };

/* What the if (or `a if c else b`) whose condition holds node guards: a
 * CUDA build (CUDAExtension, .cu sources, WITH_CUDA, nvcc,
 * torch.version.cuda in its branch; not for a tensor's device test, tensor
 * 1), or custom CUDA extension code (a call
 * into an extension of the tree, or its load, in the branch or the rest of
 * the condition; *use is that call). On the NPU machine such a test must
 * stay False, as on a machine without a GPU, so that the other branch runs:
 * the CPU build, the pure-torch fallback (`if torch.cuda.is_available():
 * ext = CUDAExtension`, `if x.is_cuda: return _C.knn(x)`). *raises: 1
 * when the other branch is an else that raises, 2 when it calls extension
 * code too (kaolin's CPU kernels). A test of the machine (tensor 0) whose
 * branch also picks the device (`model.cuda()`, "cuda", not a folder so
 * named) guards nothing: kept, it would train on the CPU without a word. */
/* Whether comparison cmp tests for a difference (`!=`, `not in`, `is not`). */
static int negating(const tp_matcher *m, uint32_t cmp)
{
	uint32_t a = kind(m, cmp) == K_COMPARISON ? N(m, cmp)->first : TP_NONE, b = a == TP_NONE ? TP_NONE : N(m, a)->next;
	if (b == TP_NONE)
		return 0;
	const char *s = m->src + N(m, a)->end;
	size_t n = N(m, b)->start - N(m, a)->end;
	return memmem(s, n, "!=", 2) || memmem(s, n, "not", 3);
}

static enum guard guards_cuda(tp_matcher *m, uint32_t node, int tensor, uint32_t *use, int *raises)
{
	uint32_t c = node, p = N(m, node)->parent;
	int negated = 0; /* `if not x.is_cuda: raise ... else: <extension>`: the else branch is the CUDA one */
	while (p != TP_NONE && kind(m, p) != K_IF && kind(m, p) != K_CONDITIONAL && kind(m, p) != K_BLOCK && kind(m, p) != K_EXPR_STMT) {
		negated ^= kind(m, p) == K_NOT_OPERATOR || negating(m, p);
		c = p, p = N(m, p)->parent;
	}
	uint32_t branch = TP_NONE;
	*raises = 0;
	if (kind(m, p) == K_IF && N(m, p)->first == c) {
		uint32_t body;
		branch = if_branches(m, c, &body);
		uint32_t fallback = negated ? branch : body;
		if (negated)
			branch = body;
		if (fallback != TP_NONE) {
			*raises = always_raises(m, first_statement(m, fallback), 0);
			if (!*raises && m->extensions && ext_use_in(m, fallback, 0) != TP_NONE)
				*raises = 2; /* it calls the extension too: no fallback */
		}
		int leaves = *raises == 1 || tp_match__keyword_statement(m, last_statement(m, fallback), "return");
		if (negated && branch == TP_NONE && leaves && m->extensions) {
			/* `if not x.is_cuda: raise ...` (or `return <fallback>`) and the extension after it */
			for (uint32_t s = N(m, p)->next; s != TP_NONE; s = N(m, s)->next)
				if ((*use = ext_use_in(m, s, 0)) != TP_NONE)
					return GUARDS_EXTENSION;
			return GUARDS_NOTHING;
		}
	} else if (kind(m, p) == K_CONDITIONAL && N(m, p)->first != c) {
		branch = N(m, p)->first; /* then if cond else other */
		if (negated) /* then if not cond else other */
			for (branch = N(m, c)->next; branch != TP_NONE && kind(m, branch) == K_COMMENT;)
				branch = N(m, branch)->next;
	}
	if (branch == TP_NONE)
		return GUARDS_NOTHING;
	int build = 0;
	for (uint32_t j = branch; !tensor && j < N(m, branch)->end_index; j++) {
		tp_str t = kind(m, j) == K_STRING ? string_inner(m, j) : text(m, j);
		build |= build_word(m, j);
		if ((kind(m, j) == K_IDENTIFIER && N(m, j)->field == F_ATTRIBUTE && tp_str_eq(t, "cuda")) ||
		    (kind(m, j) == K_STRING && (tp_str_eq(t, "cuda") || (t.len > 5 && memcmp(t.ptr, "cuda:", 5) == 0)) && !is_path_part(m, j)))
			return GUARDS_NOTHING;
	}
	if (build)
		return GUARDS_BUILD;
	if (!m->extensions)
		return GUARDS_NOTHING;
	if ((*use = ext_use_in(m, branch, 0)) == TP_NONE)
		*use = ext_use_in(m, c, 0);
	return *use != TP_NONE ? GUARDS_EXTENSION : GUARDS_NOTHING;
}

/* The WARNING for test (its text), which stays because of what it guards
 * (guards_cuda). */
static const char *guard_note(tp_matcher *m, const tp_rule *r, const char *test, int negated, enum guard g, uint32_t use, int raises)
{
	const char *value = negated ? "True" : "False"; /* what test gives on the NPU: `!= "cuda"` is True */
	const char *other = raises == 1 ? "raises, as on a machine without a GPU: the extension needs NPU kernels"
			    : raises == 2 ? "calls the extension too, as on a machine without a GPU: NPU tensors need its CPU "
					    "kernels (moved to the CPU) or NPU kernels"
			    : g == GUARDS_BUILD ? "builds what it builds on a machine without a GPU (a CPU version, or no extension)"
						       : "runs (the fallback), as on a machine without a GPU";
	if (g == GUARDS_BUILD)
		return msg(m, r, "%s stays: it chooses a CUDA build (CUDAExtension, .cu sources, nvcc), which needs CUDA; on the NPU "
				 "machine it is %s and the other branch %s",
			   test, value, other);
	tp_str fn = ext_use_name(m, use);
	return msg(m, r, "%s stays: it guards custom CUDA extension code (%.*s), which has no NPU kernel; on the NPU machine it is "
			 "%s and the other branch %s",
		   test, (int)fn.len, fn.ptr, value, other);
}

/* The uses of name, bound by import stmt to torch.cuda.is_available
 * (`from torch.cuda import is_available as cuda_ok`) or to the module
 * torch.cuda (`from torch import cuda`, `import torch.cuda as tc`), that
 * test the machine to choose a CUDA build or extension code (`cuda_ok()`,
 * `tc.is_available()`, as guards_cuda). stay says which WARNING each gets:
 * 1 the kept test's (every use of the name is such a test, and the import
 * stays as the direct `torch.cuda.is_available()` does), 0 the converted
 * test's, -1 none (only counted). Returns whether every use is one. */
static int build_tests(tp_matcher *m, uint32_t stmt, uint32_t name, int stay)
{
	tp_str t = text(m, name);
	const tp_binding *b = tp_resolve_name(m->res, stmt, t.ptr, t.len);
	int fn = b && b->kind == TP_BIND_IMPORT && strcmp(b->qname, "torch.cuda.is_available") == 0;
	if (!b || b->kind != TP_BIND_IMPORT || (!fn && strcmp(b->qname, "torch.cuda") != 0))
		return 0;
	int tests = 0, others = 0;
	for (uint32_t j = 0; j < m->tree->count; j++) {
		if (j == stmt) {
			j = N(m, stmt)->end_index - 1;
			continue;
		}
		if (!tp_match__names(m, j) || !tp_str_same(text(m, j), t) || tp_resolve_name(m->res, j, t.ptr, t.len) != b)
			continue;
		uint32_t f = fn ? j : N(m, j)->parent;
		if (!fn && (kind(m, f) != K_ATTRIBUTE || N(m, j)->field != F_OBJECT || !tp_str_eq(text(m, attr_name(m, f)), "is_available")))
			f = TP_NONE;
		uint32_t call = f == TP_NONE ? TP_NONE : N(m, f)->parent, use = TP_NONE;
		int raises = 0;
		enum guard g = kind(m, call) == K_CALL && N(m, f)->field == F_FUNCTION ? guards_cuda(m, f, 0, &use, &raises) : GUARDS_NOTHING;
		if (g == GUARDS_NOTHING) {
			others++;
			continue;
		}
		tests++;
		if (stay == 1)
			tp_match__finding(m, NULL, TP_OP_WARNING, call, NULL, guard_note(m, NULL, dup_text(m, call), 0, g, use, raises));
		else if (stay == 0)
			tp_match__finding(m, NULL, TP_OP_WARNING, call, NULL,
					  tp_arena_printf(m->arena, "%s tests the NPU once its import is converted, and it chooses a CUDA build "
								    "or CUDA extension code, which the NPU machine cannot run: test "
								    "torch.cuda.is_available() here instead (False on the NPU machine)",
							  dup_text(m, call)));
	}
	return tests && !others;
}

/* Whether import stmt binds torch.cuda's is_available or torch.cuda itself
 * only for tests that choose a CUDA build (see build_tests): then it stays,
 * and each test gets its WARNING; else those tests, converted, get one. */
static int build_test_import(tp_matcher *m, uint32_t stmt)
{
	int stays = 0, mixed = 0;
	for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t name = import_binds(m, stmt, c);
		if (name == TP_NONE)
			continue;
		tp_str t = text(m, name);
		const tp_binding *b = tp_resolve_name(m->res, stmt, t.ptr, t.len);
		if (!b || b->kind != TP_BIND_IMPORT || strncmp(b->qname, "torch.cuda", 10) != 0)
			continue;
		if (build_tests(m, stmt, name, -1))
			stays = 1;
		else
			mixed = 1;
	}
	stays = stays && !mixed;
	for (uint32_t c = N(m, stmt)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t name = import_binds(m, stmt, c);
		if (name != TP_NONE)
			build_tests(m, stmt, name, stays);
	}
	return stays;
}

/* A kernel of an extension the tree builds, handed to a call to run
 * (`multi_tensor_applier(fused_lamb_CUDA.multi_tensor_lamb, ...)`): custom
 * CUDA as a call of it is. */
static void extension_reference(tp_matcher *m, uint32_t attr, const char *qn)
{
	uint32_t up = N(m, attr)->parent;
	if (kind(m, up) == K_KEYWORD_ARG && N(m, attr)->field == F_VALUE)
		up = N(m, up)->parent;
	if (kind(m, up) != K_ARG_LIST || !(qn = extension_call(m, attr, qn)))
		return;
	tp_match__finding(m, NULL, TP_OP_UNSUPPORTED, attr, qn, "user-defined CUDA operator, passed to a call to run: needs an NPU kernel");
	tp_item it = {TP_OP_CUDA, N(m, attr)->start, N(m, attr)->end, "python reference", NULL, "", qn, 0};
	tp_array_push(&m->items, it);
}

static void match_attribute(tp_matcher *m, uint32_t attr)
{
	uint32_t leaf = attr_name(m, attr);
	if (leaf == TP_NONE)
		return;
	const char *qn = tp_resolve_qname(m->res, attr, NULL);
	extension_reference(m, attr, qn);
	/* CUDA's TF32 switches: torch_npu reads switches of its own (its docs:
	 * torch_npu.npu.conv.allow_hf32, torch_npu.npu.matmul.allow_hf32) */
	static const char *const tf32[][2] = {
		{"torch.backends.cudnn.allow_tf32", "torch.npu.conv.allow_hf32 (HF32 in convolutions; on by default)"},
		{"torch.backends.cuda.matmul.allow_tf32", "torch.npu.matmul.allow_hf32 (HF32 in matmuls; off by default)"}};
	int store = is_store(m, attr);
	for (size_t k = 0; qn && store && k < sizeof tf32 / sizeof *tf32; k++)
		if (strcmp(qn, tf32[k][0]) == 0)
			tp_match__finding(m, NULL, TP_OP_PRECISION, attr, qn,
					  tp_arena_printf(m->arena, "the NPU ignores this switch; torch_npu's own is %s: set it alike "
								    "to keep the precision this line chooses", tf32[k][1]));
	const tp_rule *no_npu = qn && strchr(qn, '.') ? lookup_z(&m->rules->no_npu_module, qn) : NULL;
	if (no_npu && !store && !lookup_z(&m->rules->func_qualified, qn) && !lookup_z(&m->rules->similar, qn)) {
		/* `mmcv.parallel.MMDataParallel(...)` after `import mmcv`; not where a rule replaces it */
		tp_match__finding(m, no_npu, TP_OP_UNSUPPORTED, attr, qn, no_npu->unsupported_tip);
		return;
	}
	const tp_rule *r = lookup_z(&m->rules->module, qn);
	if (r) {
		/* `torch.cuda.X`: rename the module word when X is a known member. */
		uint32_t p = N(m, attr)->parent;
		uint32_t member = (p != TP_NONE && kind(m, p) == K_ATTRIBUTE && N(m, attr)->field == F_OBJECT) ? attr_name(m, p) : TP_NONE;
		const char *renamed = r->new_qname;
		if (member != TP_NONE && is_submodule(r, text(m, member))) {
			/* torch.cuda.random.get_rng_state: the member after the submodule */
			tp_str sub = text(m, member);
			uint32_t pp = N(m, p)->parent;
			member = pp != TP_NONE && kind(m, pp) == K_ATTRIBUTE && N(m, p)->field == F_OBJECT ? attr_name(m, pp) : TP_NONE;
			qn = tp_arena_printf(m->arena, "%s.%.*s", qn, (int)sub.len, sub.ptr);
			renamed = tp_arena_printf(m->arena, "%s.%.*s", renamed, (int)sub.len, sub.ptr);
			if (member == TP_NONE) {
				tp_match__finding(m, r, TP_OP_UNSUPPORTED, p, qn,
						  tp_arena_printf(m->arena, "%s exists, but what this value is used for cannot be checked: use "
									    "its members directly (%s.X)", renamed, renamed));
				return;
			}
			p = pp;
		}
		if (member != TP_NONE) {
			tp_str ms = text(m, member);
			const char *to = renamed_member(r, ms);
			uint32_t use = TP_NONE;
			int raises = 0;
			enum guard g = tp_str_eq(ms, "is_available") ? guards_cuda(m, p, 0, &use, &raises) : GUARDS_NOTHING;
			if (g != GUARDS_NOTHING) {
				tp_match__finding(m, r, TP_OP_WARNING, p, NULL,
						  guard_note(m, r, tp_arena_printf(m->arena, "%s.is_available()", qn), 0, g, use, raises));
				return;
			}
			if (strcmp(qn, "torch.cuda") == 0 && feeds_cuda_build(m, p)) {
				tp_match__finding(m, r, TP_OP_WARNING, p, NULL,
						  msg(m, r, "%s.%.*s%s stays: it serves a CUDA build (nvcc flags, CUDAExtension, .cu sources), "
							    "which needs CUDA; on the NPU machine it answers as on a machine without a GPU, "
							    "and the build goes as it goes there",
						      qn, (int)ms.len, ms.ptr, N(m, p)->field == F_FUNCTION ? "()" : ""));
				return;
			}
			int known = to || is_member(r, ms.ptr, ms.len);
			const char *kept = tp_map_get(&r->kept, ms.ptr, ms.len);
			if (!known && (is_store(m, p) || kept)) {
				/* A write (`torch.cuda.foo = patched`, a shim's monkey-patching)
				 * calls nothing; a class every build has (`except
				 * torch.cuda.OutOfMemoryError`) runs there, as its tip says. */
				if (!is_store(m, p))
					tp_match__finding(m, r, TP_OP_WARNING, p, NULL, kept);
				return;
			}
			if (to) /* the module word and the member: one edit, the bytes between them kept */
				tp_match__edit(m, r, TP_OP_MODIFY, N(m, leaf)->start, N(m, member)->end,
				     tp_arena_printf(m->arena, "%s%.*s%s", r->new_name, (int)(N(m, member)->start - N(m, leaf)->end),
						     m->src + N(m, leaf)->end, to),
				     msg(m, r, "%s.%.*s -> %s.%s", qn, (int)ms.len, ms.ptr, renamed, to));
			else if (is_member(r, ms.ptr, ms.len))
				tp_match__edit(m, r, TP_OP_MODIFY, N(m, leaf)->start, N(m, leaf)->end, r->new_name,
				     msg(m, r, "%s.%.*s -> %s.%.*s", qn, (int)ms.len, ms.ptr, renamed, (int)ms.len, ms.ptr));
			else
				tp_match__finding(m, r, TP_OP_UNSUPPORTED, p, tp_arena_printf(m->arena, "%s.%.*s", qn, (int)ms.len, ms.ptr),
					r->unsupported_tip ? r->unsupported_tip : "");
			if (known && !is_store(m, p)) /* the tip speaks of the converted call */
				member_tip(m, r, p, ms);
		} else {
			/* the module itself, as a value (`backend = torch.cuda`): what it
			 * is used for then is the new module's; a rule that keeps its
			 * name only judges members */
			tp_match__edit(m, r, TP_OP_MODIFY, N(m, leaf)->start, N(m, leaf)->end, r->new_name, msg(m, r, "%s -> %s", qn, renamed));
		}
		return;
	}
	tp_str name = text(m, leaf);
	uint32_t obj = tp_child(m->tree, attr, F_OBJECT);
	if (kind(m, obj) == K_IDENTIFIER && (r = lookup_z(&m->rules->module, tp_resolve_qname(m->res, obj, NULL)))) {
		/* tc.CUDAGraph, with tc bound to the module (renamed at its import);
		 * tc.graphs.CUDAGraph past a submodule */
		uint32_t p = N(m, attr)->parent;
		const char *old = r->key, *new = r->new_qname;
		if (is_submodule(r, name) && p != TP_NONE && kind(m, p) == K_ATTRIBUTE && N(m, attr)->field == F_OBJECT &&
		    attr_name(m, p) != TP_NONE) {
			old = tp_arena_printf(m->arena, "%s.%.*s", old, (int)name.len, name.ptr);
			new = tp_arena_printf(m->arena, "%s.%.*s", new, (int)name.len, name.ptr);
			leaf = attr_name(m, p);
			name = text(m, leaf);
			attr = p;
		}
		const char *to = renamed_member(r, name);
		member_tip(m, r, attr, name);
		if (to)
			tp_match__edit(m, r, TP_OP_MODIFY, N(m, leaf)->start, N(m, leaf)->end, to,
				       msg(m, r, "%s.%.*s -> %s.%s", old, (int)name.len, name.ptr, new, to));
		else if (!is_member(r, name.ptr, name.len))
			tp_match__finding(m, r, TP_OP_UNSUPPORTED, attr, tp_arena_printf(m->arena, "%s.%.*s", old, (int)name.len, name.ptr),
					  r->unsupported_tip ? r->unsupported_tip : "");
		return;
	}
	if (!on_value(m, attr) || is_store(m, attr))
		return;
	if (!(r = lookup(&m->rules->attr_method, name.ptr, name.len)) || tp_resolve_attr_stored(m->res, attr) ||
	    declared_on(m, tp_child(m->tree, attr, F_OBJECT), name))
		return;
	uint32_t use = TP_NONE;
	int raises = 0;
	enum guard g = guards_cuda(m, attr, 1, &use, &raises); /* `if x.is_cuda: return _C.knn(x)` */
	if (g != GUARDS_NOTHING)
		tp_match__finding(m, r, TP_OP_WARNING, attr, NULL, guard_note(m, r, dup_text(m, attr), 0, g, use, raises));
	else
		tp_match__edit(m, r, TP_OP_MODIFY, N(m, leaf)->start, N(m, leaf)->end, r->new_name,
		     msg(m, r, ".%.*s -> .%s", (int)name.len, name.ptr, r->new_name));
}

/* ---- classes that define a renamed method ---------------------------------- */

/* The name a statement of a class body binds: a method's (decorated or
 * not) or a plain `name = ...`'s; TP_NONE for anything else. */
static uint32_t bound_name(const tp_matcher *m, uint32_t stmt)
{
	uint32_t d = kind(m, stmt) == K_DECORATED_DEF ? tp_child(m->tree, stmt, F_DEFINITION) : stmt;
	if (kind(m, d) == K_FUNCTION_DEF)
		return tp_child(m->tree, d, F_NAME);
	uint32_t a = kind(m, stmt) == K_EXPR_STMT ? N(m, stmt)->first : TP_NONE;
	uint32_t left = kind(m, a) == K_ASSIGNMENT ? tp_child(m->tree, a, F_LEFT) : TP_NONE;
	return kind(m, left) == K_IDENTIFIER ? left : TP_NONE;
}

/* A class that defines a method or property the rules rename where it is
 * used (`def cuda(self)`, `def is_cuda(self)`, `cuda = _to_gpu`, `is_cuda =
 * property(...)`) binds the new name to it too, after its last definition:
 * callers' `x.cuda()` become `x.npu()`, which must still reach the class's
 * own method. node: the function definition or the assignment. */
static void alias_renamed_method(tp_matcher *m, uint32_t node)
{
	uint32_t stmt = kind(m, N(m, node)->parent) == K_DECORATED_DEF || kind(m, N(m, node)->parent) == K_EXPR_STMT ? N(m, node)->parent : node;
	uint32_t body = N(m, stmt)->parent, name = bound_name(m, stmt), value = tp_child(m->tree, node, F_RIGHT);
	if (kind(m, body) != K_BLOCK || kind(m, N(m, body)->parent) != K_CLASS_DEF || name == TP_NONE)
		return;
	/* Assigned, a method is a name or an expression (`cuda = _to_gpu`,
	 * `cuda = property(...)`), not a constant (`cuda = True`, a flag); an
	 * attribute only as a property: a copy of a value would not follow the
	 * instance's own. */
	uint16_t vk = kind(m, value);
	int def = kind(m, node) == K_FUNCTION_DEF;
	int method = def || vk == K_IDENTIFIER || vk == K_ATTRIBUTE || vk == K_LAMBDA || vk == K_CALL;
	int property = vk == K_CALL && tp_str_eq(text(m, tp_child(m->tree, value, F_FUNCTION)), "property");
	tp_str s = text(m, name);
	const tp_rule *r = method ? lookup(&m->rules->func_method, s.ptr, s.len) : NULL;
	if (!r && (def || property))
		r = lookup(&m->rules->attr_method, s.ptr, s.len);
	if (!r || strchr(r->new_name, '.'))
		return;
	for (uint32_t c = N(m, body)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t b = bound_name(m, c);
		if (b == TP_NONE)
			continue;
		if (tp_str_eq(text(m, b), r->new_name) || (c > stmt && tp_str_same(text(m, b), s)))
			return; /* the class has the new name already, or redefines the old one later */
	}
	const char *line = tp_arena_printf(m->arena, "%s = %.*s", r->new_name, (int)s.len, s.ptr);
	tp_match__insert_line_after(m, r, stmt, line,
			  msg(m, r, "%s: callers' .%.*s become .%s, which must reach this class's own %.*s", line, (int)s.len, s.ptr,
			      r->new_name, (int)s.len, s.ptr));
}

/* ---- strings -------------------------------------------------------------- */

/* Whether value is what a torch.load call is given as map_location: the
 * keyword, or load's second argument. */
static int is_map_location(const tp_matcher *m, uint32_t value)
{
	uint32_t p = N(m, value)->parent;
	if (kind(m, p) == K_KEYWORD_ARG) {
		uint32_t name = tp_child(m->tree, p, F_NAME);
		return N(m, value)->field == F_VALUE && name != TP_NONE && tp_str_eq(text(m, name), "map_location");
	}
	if (kind(m, p) != K_ARG_LIST || N(m, p)->first == value || N(m, N(m, p)->first)->next != value)
		return 0;
	uint32_t fn = tp_child(m->tree, N(m, p)->parent, F_FUNCTION);
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? attr_name(m, fn) : fn;
	return leaf != TP_NONE && tp_str_eq(text(m, leaf), "load");
}

/* Whether str is a key of a map_location dict, `{'cuda:0': 'cpu'}` (also
 * `'cuda:%d' % 0` and `'cuda:{}'.format(0)`), given directly or through a
 * name. A key names where a checkpoint's tensors were saved: a GPU, for the
 * checkpoints made before the port, so it stays. */
static int is_saved_location(const tp_matcher *m, uint32_t str)
{
	uint32_t c = str, p = N(m, c)->parent;
	while (p != TP_NONE && ((kind(m, p) == K_BINARY_OP && N(m, c)->field == F_LEFT) ||
				(kind(m, p) == K_ATTRIBUTE && N(m, c)->field == F_OBJECT) ||
				(kind(m, p) == K_CALL && N(m, c)->field == F_FUNCTION))) {
		c = p;
		p = N(m, p)->parent;
	}
	if (kind(m, p) != K_PAIR || N(m, p)->first != c || kind(m, N(m, p)->parent) != K_DICT)
		return 0;
	uint32_t dict = N(m, p)->parent, a = N(m, dict)->parent;
	if (is_map_location(m, dict))
		return 1;
	uint32_t left = kind(m, a) == K_ASSIGNMENT && N(m, dict)->field == F_RIGHT ? tp_child(m->tree, a, F_LEFT) : TP_NONE;
	if (kind(m, left) != K_IDENTIFIER)
		return 0;
	for (uint32_t i = 0; i < m->tree->count; i++)
		if (kind(m, i) == K_IDENTIFIER && i != left && tp_str_same(text(m, i), text(m, left)) && is_map_location(m, i))
			return 1;
	return 0;
}

/* Whether str is an argument of a call that takes file paths
 * (`os.path.join(here, "cuda", "k.cu")`, `glob.glob(...)`, `Path(...)`): a
 * folder named cuda is no device. */
static int is_path_part(const tp_matcher *m, uint32_t str)
{
	static const char *const prefixes[] = {"os.path.", "glob.", "pathlib.", "shutil.", NULL};
	static const char *const names[] = {"os.listdir", "os.makedirs", "os.mkdir", "os.walk", "os.scandir", NULL};
	uint32_t args = N(m, str)->parent;
	uint32_t fn = kind(m, args) == K_ARG_LIST ? tp_child(m->tree, N(m, args)->parent, F_FUNCTION) : TP_NONE;
	const char *qn = fn == TP_NONE ? NULL : tp_resolve_qname(m->res, fn, NULL);
	for (const char *const *p = prefixes; qn && *p; p++)
		if (strncmp(qn, *p, strlen(*p)) == 0)
			return 1;
	for (const char *const *p = names; qn && *p; p++)
		if (strcmp(qn, *p) == 0)
			return 1;
	return 0;
}

/* Whether str is an item of a build argument (`libraries=["cuda", "nccl"]`,
 * `include_dirs=[...]` of a setuptools Extension): a library to link, no
 * device or backend. */
static int is_build_part(const tp_matcher *m, uint32_t str)
{
	static const char *const keywords[] = {"libraries", "library_dirs", "runtime_library_dirs", "include_dirs",
					       "extra_compile_args", "extra_link_args", "extra_objects", "sources", NULL};
	uint32_t p = N(m, str)->parent;
	while (kind(m, p) == K_LIST || kind(m, p) == K_TUPLE)
		p = N(m, p)->parent;
	uint32_t name = kind(m, p) == K_KEYWORD_ARG ? tp_child(m->tree, p, F_NAME) : TP_NONE;
	for (const char *const *k = keywords; name != TP_NONE && *k; k++)
		if (tp_str_eq(text(m, name), *k))
			return 1;
	return 0;
}

/* Whether str names an attribute or a module rather than a device: the name
 * argument of getattr/hasattr/setattr/delattr (`hasattr(torch.backends,
 * "cuda")`; but `getattr(torch, "cuda")` is torch.cuda, which a module rule
 * renames), or the module of an import by name (`find_spec("cuda")`, the
 * cuda-python package). */
static int names_no_device(const tp_matcher *m, uint32_t str)
{
	static const char *const attr_fns[] = {"getattr", "hasattr", "setattr", "delattr", NULL};
	static const char *const import_fns[] = {"importlib.import_module", "importlib.util.find_spec", "__import__", NULL};
	uint32_t args = N(m, str)->parent;
	uint32_t fn = kind(m, args) == K_ARG_LIST ? tp_child(m->tree, N(m, args)->parent, F_FUNCTION) : TP_NONE;
	if (fn == TP_NONE)
		return 0;
	int kw = 0;
	const char *qn = tp_resolve_qname(m->res, fn, NULL);
	for (const char *const *p = import_fns; qn && *p; p++)
		if (strcmp(qn, *p) == 0)
			return tp_match__find_arg(m, args, 0, "name", &kw) == str;
	/* another framework's device names (`jax.devices("cuda")`, `tf.device("cuda:0")`) */
	static const char *const foreign[] = {"jax.", "jaxlib.", "tensorflow.", "keras.", "cupy.", "numba.", "mxnet.", "paddle.",
					      "mindspore.", "tvm.", "oneflow.", NULL};
	for (const char *const *p = foreign; qn && *p; p++)
		if (strncmp(qn, *p, strlen(*p)) == 0)
			return 1;
	int attr_fn = 0;
	for (const char *const *p = attr_fns; kind(m, fn) == K_IDENTIFIER && *p; p++)
		attr_fn |= tp_str_eq(text(m, fn), *p) && !tp_resolve_name(m->res, fn, *p, strlen(*p));
	if (!attr_fn || tp_match__find_arg(m, args, 1, NULL, &kw) != str)
		return 0;
	uint32_t obj = tp_match__find_arg(m, args, 0, NULL, &kw);
	const char *oq = obj == TP_NONE ? NULL : tp_resolve_qname(m->res, obj, NULL);
	tp_str name = {m->src + N(m, str)->start + 1, N(m, str)->end - N(m, str)->start - 2};
	const tp_rule *r = oq ? lookup_z(&m->rules->module, tp_arena_printf(m->arena, "%s.%.*s", oq, (int)name.len, name.ptr)) : NULL;
	return !r || r->tips_only;
}

/* The text between a string literal's quotes (prefix included in neither). */
static tp_str string_inner(const tp_matcher *m, uint32_t str)
{
	uint32_t open = kind(m, str) == K_STRING ? N(m, str)->first : TP_NONE, close = open;
	for (uint32_t c = open; c != TP_NONE; c = N(m, c)->next)
		close = c;
	if (kind(m, open) != K_STRING_START || kind(m, close) != K_STRING_END)
		return (tp_str){"", 0};
	return (tp_str){m->src + N(m, open)->end, N(m, close)->start - N(m, open)->end};
}

/* Whether str is a key of a dict literal that has the key `want` already
 * (`{"npu": torch.bfloat16, "cuda": torch.float16}`): renaming it would
 * override the NPU's own entry; or an item of a list, tuple or set (or a
 * subscript's, `Literal[...]`) that holds `want` already. */
static int dict_has_key(const tp_matcher *m, uint32_t str, const char *want)
{
	uint32_t pair = N(m, str)->parent;
	if (kind(m, pair) == K_TYPE && kind(m, N(m, pair)->parent) == K_TYPE_PARAMETER) { /* an annotation's `Literal[...]` */
		for (uint32_t t = N(m, N(m, pair)->parent)->first; t != TP_NONE; t = N(m, t)->next)
			if (t != pair && kind(m, N(m, t)->first) == K_STRING && tp_str_eq(string_inner(m, N(m, t)->first), want))
				return 1;
		return 0;
	}
	if (kind(m, pair) == K_LIST || kind(m, pair) == K_TUPLE || kind(m, pair) == K_SET || kind(m, pair) == K_EXPR_LIST ||
	    kind(m, pair) == K_SUBSCRIPT) {
		/* `choices=["cpu", "cuda", "npu"]`, `for p in "cuda:", "npu:":`, `Literal["cuda", "npu"]`: the item is there already */
		for (uint32_t c = N(m, pair)->first; c != TP_NONE; c = N(m, c)->next)
			if (c != str && kind(m, c) == K_STRING && tp_str_eq(string_inner(m, c), want))
				return 1;
		return 0;
	}
	if (kind(m, pair) != K_PAIR || N(m, pair)->first != str || kind(m, N(m, pair)->parent) != K_DICT)
		return 0;
	for (uint32_t p = N(m, N(m, pair)->parent)->first; p != TP_NONE; p = N(m, p)->next) {
		uint32_t key = kind(m, p) == K_PAIR ? N(m, p)->first : TP_NONE;
		if (key != str && tp_str_eq(string_inner(m, key), want))
			return 1;
	}
	return 0;
}

/* What string str is tested against: the other side of a comparison
 * (`device == "cuda"`, `d.type in ("cuda", "mps")`) or the string whose
 * start or end a call tests (`device.startswith("cuda")`). Else TP_NONE. */
static uint32_t tested_subject(const tp_matcher *m, uint32_t str)
{
	uint32_t e = str, p = N(m, e)->parent;
	while (kind(m, p) == K_PARENTHESIZED || kind(m, p) == K_TUPLE || kind(m, p) == K_LIST || kind(m, p) == K_SET)
		e = p, p = N(m, p)->parent;
	if (kind(m, p) == K_COMPARISON) {
		for (uint32_t c = N(m, p)->first; c != TP_NONE; c = N(m, c)->next)
			if (c != e && kind(m, c) != K_STRING)
				return c;
		return TP_NONE;
	}
	uint32_t fn = kind(m, p) == K_ARG_LIST && N(m, p)->first == e ? tp_child(m->tree, N(m, p)->parent, F_FUNCTION) : TP_NONE;
	if (kind(m, fn) == K_ATTRIBUTE && (text_is(m, attr_name(m, fn), "startswith") || text_is(m, attr_name(m, fn), "endswith")))
		return tp_child(m->tree, fn, F_OBJECT);
	return TP_NONE;
}

/* Whether the scope of str tests what str is tested against for `want` too
 * (`if device == "cuda": … elif device == "npu": …`): the code has its own
 * NPU branch already, which converting the CUDA test would shadow. */
static int npu_tested(const tp_matcher *m, uint32_t str, const char *want)
{
	uint32_t subject = tested_subject(m, str);
	if (subject == TP_NONE || !memmem(m->src, m->len, want, strlen(want)))
		return 0;
	tp_str s = text(m, subject);
	uint32_t scope = m->res->scope_of[str];
	for (uint32_t j = scope; j < N(m, scope)->end_index; j++) {
		if (j == str || kind(m, j) != K_STRING || m->res->scope_of[j] != scope || !tp_str_eq(string_inner(m, j), want))
			continue;
		uint32_t other = tested_subject(m, j);
		if (other != TP_NONE && text(m, other).len == s.len && memcmp(text(m, other).ptr, s.ptr, s.len) == 0)
			return 1;
	}
	return 0;
}

/* Whether the scope of str, which a test compares with, walks the nodes of a
 * TorchScript graph (`graph.findAllNodes("prim::Constant")`, CLIP's
 * patch_device): the test reads device constants recorded on CUDA, which a
 * loaded archive keeps on the NPU too. */
static int reads_graph_constant(const tp_matcher *m, uint32_t str)
{
	static const char *const graph_api[] = {"findAllNodes", "attributeNames", "copyAttributes", NULL};
	uint32_t scope = m->res->scope_of[str];
	if (tested_subject(m, str) == TP_NONE)
		return 0;
	for (uint32_t j = scope; j < N(m, scope)->end_index; j++)
		if (kind(m, j) == K_ATTRIBUTE && m->res->scope_of[j] == scope)
			for (const char *const *a = graph_api; *a; a++)
				if (text_is(m, attr_name(m, j), *a))
					return 1;
	return 0;
}

/* Whether call is `d.get(...)`, `d.pop(...)` or `d.setdefault(...)`. */
static int is_dict_get(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = kind(m, call) == K_CALL ? tp_child(m->tree, call, F_FUNCTION) : TP_NONE;
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? attr_name(m, fn) : TP_NONE;
	return leaf != TP_NONE && (tp_str_eq(text(m, leaf), "get") || tp_str_eq(text(m, leaf), "pop") || tp_str_eq(text(m, leaf), "setdefault"));
}

/* Whether obj is looked up by a string key somewhere in the file
 * (`d["x"]`, `d.get("x")`), as only a mapping is. */
static int keyed_somewhere(const tp_matcher *m, uint32_t obj)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t o = TP_NONE, key = TP_NONE, args = tp_child(m->tree, i, F_ARGUMENTS);
		if (kind(m, i) == K_SUBSCRIPT && (o = tp_child(m->tree, i, F_VALUE)) != TP_NONE)
			key = N(m, o)->next;
		else if (is_dict_get(m, i) && args != TP_NONE)
			o = tp_child(m->tree, tp_child(m->tree, i, F_FUNCTION), F_OBJECT), key = N(m, args)->first;
		if (kind(m, key) == K_STRING && o != TP_NONE && tp_str_same(text(m, o), text(m, obj)))
			return 1;
	}
	return 0;
}

/* Whether mapping expression e comes from another module
 * (`DistTestCases.backend_feature`, an imported table): its keys are the
 * ones converted there. */
static int imported_mapping(const tp_matcher *m, uint32_t e)
{
	while (kind(m, e) == K_ATTRIBUTE || kind(m, e) == K_SUBSCRIPT)
		e = tp_child(m->tree, e, kind(m, e) == K_ATTRIBUTE ? F_OBJECT : F_VALUE);
	const tp_binding *b = kind(m, e) == K_IDENTIFIER ? tp_resolve_name(m->res, e, text(m, e).ptr, text(m, e).len) : NULL;
	return b && b->kind == TP_BIND_IMPORT;
}

/* Whether str is the key of an assigned subscript, `d["cuda"] = x`: it
 * makes the key, as a dict literal does. */
static int defines_key(const tp_matcher *m, uint32_t str)
{
	uint32_t p = N(m, str)->parent, a = kind(m, p) == K_SUBSCRIPT ? N(m, p)->parent : TP_NONE;
	return N(m, str)->field != F_VALUE && kind(m, a) == K_ASSIGNMENT && tp_child(m->tree, a, F_LEFT) == p;
}

/* Whether str is a key that a mapping is looked up by: `d["cuda"]`,
 * `d.get("cuda")` (`.pop`, `.setdefault`), `"cuda" in d` where d is such a
 * mapping (not `"cuda" in device`, a substring test). */
static int is_key_lookup(const tp_matcher *m, uint32_t str)
{
	uint32_t p = N(m, str)->parent;
	if (kind(m, p) == K_SUBSCRIPT)
		return N(m, str)->field != F_VALUE && !defines_key(m, str) && !imported_mapping(m, tp_child(m->tree, p, F_VALUE));
	if (kind(m, p) == K_ARG_LIST)
		return N(m, p)->first == str && is_dict_get(m, N(m, p)->parent) &&
		       !imported_mapping(m, tp_child(m->tree, tp_child(m->tree, N(m, p)->parent, F_FUNCTION), F_OBJECT));
	if (kind(m, p) != K_COMPARISON || N(m, p)->first != str || N(m, str)->next == TP_NONE)
		return 0;
	char op[8];
	size_t n = 0;
	for (uint32_t k = N(m, str)->end; k < N(m, N(m, str)->next)->start && n < sizeof op - 1; k++)
		if (m->src[k] != ' ' && m->src[k] != '\t')
			op[n++] = m->src[k];
	op[n] = '\0';
	return (strcmp(op, "in") == 0 || strcmp(op, "notin") == 0) && keyed_somewhere(m, N(m, str)->next);
}

/* Whether the file makes a mapping entry keyed key itself: `{"key": ...}`,
 * `dict(key=...)`, `d["key"] = ...`. */
static int makes_key(const tp_matcher *m, tp_str key)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t p = N(m, i)->parent;
		if ((kind(m, i) == K_STRING && ((kind(m, p) == K_PAIR && N(m, p)->first == i) || defines_key(m, i)) &&
		     tp_str_same(string_inner(m, i), key)) ||
		    (kind(m, i) == K_KEYWORD_ARG && tp_str_same(text(m, tp_child(m->tree, i, F_NAME)), key)))
			return 1;
	}
	return 0;
}

/* Whether e is a value that a config lookup gives, `opt['x']`,
 * `cfg.get('x')` or a name assigned one, of a key the file does not make. */
static int config_lookup(const tp_matcher *m, uint32_t e, int depth)
{
	uint32_t key = kind(m, e) == K_SUBSCRIPT && N(m, e)->first != TP_NONE ? N(m, N(m, e)->first)->next : TP_NONE;
	if (is_dict_get(m, e)) {
		uint32_t args = tp_child(m->tree, e, F_ARGUMENTS);
		key = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
	}
	if (kind(m, key) == K_STRING)
		return !makes_key(m, string_inner(m, key));
	const tp_binding *b = kind(m, e) == K_IDENTIFIER && depth < 2 ? tp_resolve_name(m->res, e, text(m, e).ptr, text(m, e).len) : NULL;
	return b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE && config_lookup(m, b->value, depth + 1);
}

/* Whether str is compared (==, !=) with a config's value whose name says no
 * device: BasicSR's `prefetch_mode == 'cuda'` reads YAML options that keep
 * saying 'cuda'. (`device == 'cuda'`, `x.device.type != 'cuda'` convert.) */
static int compared_with_config(const tp_matcher *m, uint32_t str)
{
	uint32_t p = N(m, str)->parent;
	if (kind(m, p) != K_COMPARISON)
		return 0;
	uint32_t a = N(m, p)->first, b = a == TP_NONE ? TP_NONE : N(m, a)->next;
	if (b == TP_NONE || N(m, b)->next != TP_NONE || (a != str && b != str))
		return 0;
	uint32_t other = a == str ? b : a;
	tp_str op = {m->src + N(m, a)->end, N(m, b)->start - N(m, a)->end};
	if (!memmem(op.ptr, op.len, "==", 2) && !memmem(op.ptr, op.len, "!=", 2))
		return 0;
	tp_str name = text(m, other);
	uint32_t leaf = kind(m, other) == K_ATTRIBUTE ? attr_name(m, other) : TP_NONE;
	if (leaf != TP_NONE)
		name = text(m, leaf);
	for (size_t i = 0; i + 3 <= name.len; i++)
		if (strncasecmp(name.ptr + i, "dev", 3) == 0)
			return 0;
	return !tp_str_eq(name, "type") && config_lookup(m, other, 0);
}

/* Whether key, `cuda:N`, is one that template makes: the same word and
 * colon, then a number where the template formats one (`f"cuda:{i}"`,
 * `"cuda:%d" % i`, `"cuda:{}".format(i)`). */
static int numbered_key(tp_str template, tp_str key)
{
	const char *colon = memchr(key.ptr, ':', key.len);
	size_t n = colon ? (size_t)(colon - key.ptr) + 1 : 0;
	if (!n || n == key.len || template.len <= n || memcmp(template.ptr, key.ptr, n) != 0 ||
	    (template.ptr[n] != '{' && template.ptr[n] != '%'))
		return 0;
	for (size_t i = n; i < key.len; i++)
		if (key.ptr[i] < '0' || key.ptr[i] > '9')
			return 0;
	return 1;
}

/* Whether the file converts a dict literal's key that reads as str does
 * (`{"cuda": torch.float16}`, or `d["cuda"] = ...`, or `d[f"cuda:{i}"] =
 * ...` for `d["cuda:0"]`): lookups by it then convert along. */
static int converts_dict_key(const tp_matcher *m, uint32_t str, const char *want)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t p = N(m, i)->parent;
		int literal = kind(m, p) == K_PAIR && N(m, p)->first == i && kind(m, N(m, p)->parent) == K_DICT;
		/* `d["cuda"] = x` makes the key of d alone */
		uint32_t sp = N(m, str)->parent;
		int same = defines_key(m, i) && kind(m, sp) == K_SUBSCRIPT &&
			   tp_str_same(text(m, tp_child(m->tree, p, F_VALUE)), text(m, tp_child(m->tree, sp, F_VALUE)));
		if (i != str && kind(m, i) == K_STRING && (literal || same) &&
		    (tp_str_same(string_inner(m, i), string_inner(m, str)) || numbered_key(string_inner(m, i), string_inner(m, str))) &&
		    !m->claimed[i] && !is_saved_location(m, i) && !dict_has_key(m, i, want))
			return 1;
	}
	return 0;
}

/* A string that names a module rule's module or a member of it, as
 * mock.patch("torch.cuda.device_count") or import_module("torch.cuda") do:
 * renamed as the attribute chain would be. */
static void module_path_string(tp_matcher *m, uint32_t str, uint32_t cs, uint32_t ce)
{
	if (!memchr(m->src + cs, '.', ce - cs))
		return;
	for (uint32_t k = cs; k < ce; k++)
		if (m->src[k] != '.' && m->src[k] != '_' && !((m->src[k] | 0x20) >= 'a' && (m->src[k] | 0x20) <= 'z') &&
		    !(m->src[k] >= '0' && m->src[k] <= '9'))
			return;
	if (is_path_part(m, str))
		return;
	for (uint32_t k = cs; k <= ce; k++) {
		if (k < ce && m->src[k] != '.')
			continue;
		const tp_rule *r = lookup(&m->rules->module, m->src + cs, k - cs);
		if (!r)
			continue;
		uint32_t word = k - (uint32_t)strlen(r->old_name), end = k + 1;
		while (end < ce && m->src[end] != '.')
			end++;
		tp_str member = {m->src + k + 1, k < ce ? end - k - 1 : 0};
		const char *to = k < ce ? renamed_member(r, member) : NULL;
		if (to)
			tp_match__edit(m, r, TP_OP_MODIFY, word, end, tp_arena_printf(m->arena, "%s.%s", r->new_name, to),
				       msg(m, r, "\"%.*s\" -> \"%s.%s\"", (int)(end - cs), m->src + cs, r->new_qname, to));
		else if (k == ce || is_member(r, member.ptr, member.len))
			tp_match__edit(m, r, TP_OP_MODIFY, word, k, r->new_name,
				       msg(m, r, "\"%.*s\" -> \"%s%.*s\"", (int)(ce - cs), m->src + cs, r->new_qname, (int)(ce - k), m->src + k));
		return;
	}
}

/* Whether a name reads as a device choice: `device`, `args.accelerator`,
 * `--gpu-backend`, `map_location`, `.to`. */
static int device_name(tp_str s)
{
	static const char *const words[] = {"dev", "accel", "backend", "gpu", "map_location", NULL};
	if (s.len >= 2 && memcmp(s.ptr + s.len - 2, "to", 2) == 0 && (s.len == 2 || s.ptr[s.len - 3] == '.'))
		return 1;
	for (const char *const *w = words; *w; w++)
		for (size_t i = 0, n = strlen(*w); i + n <= s.len; i++)
			if (strncasecmp(s.ptr + i, *w, n) == 0)
				return 1;
	return 0;
}

/* device_name of node n's text; 0 for TP_NONE (a child broken code lacks). */
static int device_node(const tp_matcher *m, uint32_t n) { return n != TP_NONE && device_name(text(m, n)); }

static int binding_order(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const void *const *)a, y = (uintptr_t)*(const void *const *)b;
	return (x > y) - (x < y);
}

/* The bindings of the names that the file passes as a keyword argument
 * whose name says device (`device_map=dm`), sorted, into m->device_names. */
static void collect_device_names(tp_matcher *m)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t v = kind(m, i) == K_KEYWORD_ARG && device_node(m, tp_child(m->tree, i, F_NAME)) ? tp_child(m->tree, i, F_VALUE) : TP_NONE;
		const tp_binding *b = kind(m, v) == K_IDENTIFIER ? tp_resolve_name(m->res, v, text(m, v).ptr, text(m, v).len) : NULL;
		if (b)
			tp_array_push(&m->device_names, (const void *)b);
	}
	if (m->device_names.len)
		qsort(m->device_names.items, m->device_names.len, sizeof *m->device_names.items, binding_order);
}

/* Whether assignment a binds such a name: `dm = {"": "cuda"}`, then
 * `from_pretrained(path, device_map=dm)`. */
static int passed_as_device(const tp_matcher *m, uint32_t a)
{
	uint32_t left = tp_child(m->tree, a, F_LEFT);
	const void *b = kind(m, left) == K_IDENTIFIER ? tp_resolve_name(m->res, left, text(m, left).ptr, text(m, left).len) : NULL;
	return b && m->device_names.len &&
	       bsearch(&b, m->device_names.items, m->device_names.len, sizeof *m->device_names.items, binding_order) != NULL;
}

/* Whether no name around string str says it is a device (see
 * tp_match__named_device). */
static int unnamed_device(const tp_matcher *m, uint32_t str)
{
	uint32_t e = str, p = N(m, e)->parent;
	while (kind(m, p) == K_PARENTHESIZED || kind(m, p) == K_CONDITIONAL || kind(m, p) == K_LIST || kind(m, p) == K_TUPLE ||
	       kind(m, p) == K_SET)
		e = p, p = N(m, p)->parent;
	switch (kind(m, p)) {
	case K_PAIR: /* a key that says device, or a dict a name says is a device map: `device_map={"": "cuda"}` */
		return !device_name(text(m, N(m, p)->first)) && (N(m, p)->first == e || unnamed_device(m, N(m, p)->parent));
	case K_ASSIGNMENT:
		return !device_name(text(m, N(m, p)->first)) && !passed_as_device(m, p);
	case K_DEFAULT_PARAM:
	case K_TYPED_DEFAULT_PARAM:
		return !device_name(text(m, N(m, p)->first));
	case K_COMPARISON:
		for (uint32_t c = N(m, p)->first; c != TP_NONE; c = N(m, c)->next)
			if (c != e && device_name(text(m, c)))
				return 0;
		return 1;
	case K_KEYWORD_ARG: {
		if (device_node(m, tp_child(m->tree, p, F_NAME)))
			return 0;
		/* `add_argument("--device", default="cuda")`, `device: str = field(default="cuda")` */
		uint32_t args = N(m, p)->parent; /* none when the keyword sits in a syntax error */
		uint32_t call = args == TP_NONE ? TP_NONE : N(m, args)->parent, opt = args == TP_NONE ? TP_NONE : N(m, args)->first;
		uint32_t up = call == TP_NONE ? TP_NONE : N(m, call)->parent;
		return !(kind(m, opt) == K_STRING && device_name(text(m, opt))) &&
		       !(kind(m, up) == K_ASSIGNMENT && device_name(text(m, N(m, up)->first)));
	}
	case K_ARG_LIST:
		/* `x.to("cuda")`, `os.environ.get("DEVICE", "cuda")`; not a class's bases */
		if (device_node(m, tp_child(m->tree, N(m, p)->parent, F_FUNCTION)))
			return 0;
		for (uint32_t c = N(m, p)->first; c != TP_NONE; c = N(m, c)->next)
			if (c != e && kind(m, c) == K_STRING && device_name(text(m, c)))
				return 0;
		return 1;
	default:
		/* `def get_device(): return "cuda"` */
		while (p != TP_NONE && kind(m, p) != K_FUNCTION_DEF && kind(m, p) != K_CLASS_DEF)
			p = N(m, p)->parent;
		return kind(m, p) != K_FUNCTION_DEF || !device_node(m, tp_child(m->tree, p, F_NAME));
	}
}

/* Whether text t (a name, `self.impl`, the key string `"impl"`, `cfg["impl"]`) names an
 * implementation: impl, implementation, or one ending in _impl. */
static int implementation_name(tp_str t)
{
	const char *open = t.len && t.ptr[t.len - 1] == ']' ? memrchr(t.ptr, '[', t.len) : NULL;
	if (open) /* `cfg["impl"]` */
		t = (tp_str){open + 1, (size_t)(t.ptr + t.len - open - 2)};
	if (t.len >= 2 && (t.ptr[t.len - 1] == '"' || t.ptr[t.len - 1] == '\''))
		t = (tp_str){t.ptr + 1, t.len - 2};
	const char *dot = memrchr(t.ptr, '.', t.len);
	if (dot)
		t = (tp_str){dot + 1, (size_t)(t.ptr + t.len - dot - 1)};
	return tp_str_eq(t, "impl") || tp_str_eq(t, "implementation") || (t.len > 5 && memcmp(t.ptr + t.len - 5, "_impl", 5) == 0);
}

/* Whether "cuda" string str picks an implementation, not a device: StyleGAN's
 * `def bias_act(x, impl='cuda')`, `assert impl in ['ref', 'cuda']`, `if impl
 * == 'cuda' and x.device.type == 'cuda'`, a caller's `impl='cuda'`. The
 * CUDA kernels it picks have no NPU build, and a caller in a file this tool
 * does not convert still says 'cuda'. */
static int picks_implementation(const tp_matcher *m, uint32_t str)
{
	uint32_t e = str, p = N(m, e)->parent;
	while (kind(m, p) == K_PARENTHESIZED || kind(m, p) == K_LIST || kind(m, p) == K_TUPLE || kind(m, p) == K_SET)
		e = p, p = N(m, p)->parent;
	switch (kind(m, p)) {
	case K_ASSIGNMENT:
	case K_DEFAULT_PARAM:
	case K_TYPED_DEFAULT_PARAM:
	case K_PAIR:
		return N(m, p)->first != e && implementation_name(text(m, N(m, p)->first));
	case K_KEYWORD_ARG:
		return implementation_name(text(m, tp_child(m->tree, p, F_NAME)));
	case K_COMPARISON:
		for (uint32_t c = N(m, p)->first; c != TP_NONE; c = N(m, c)->next)
			if (c != e && implementation_name(text(m, c)))
				return 1;
		return 0;
	default:
		return 0;
	}
}

/* Whether a name around string str says it is a device, as in a config
 * (`device = "cuda"`, `dict(device="cuda")`, `add_argument("--device",
 * default="cuda")`, `def f(device="cuda")`, `if args.device == "cuda"`,
 * `x.to("cuda")`, `def get_device(): return "cuda"`). */
int tp_match__named_device(const tp_matcher *m, uint32_t str)
{
	return !unnamed_device(m, str);
}

/* Whether a bare "cuda" in a file that imports no torch names something
 * other than a device (pygments' `aliases = ['cuda', 'cu']`, a TVM or
 * numba target): it is a device only where a name around it says so. */
static int foreign_cuda(const tp_matcher *m, uint32_t str)
{
	return !m->torch_file && unnamed_device(m, str);
}

/* Whether assignment a binds a name that a call of the file then gets as
 * an argument: `device = "npu"` and `model.to(device=device)`. */
static int passed_on(const tp_matcher *m, uint32_t a)
{
	uint32_t left = kind(m, a) == K_ASSIGNMENT ? tp_child(m->tree, a, F_LEFT) : TP_NONE;
	if (kind(m, left) != K_IDENTIFIER)
		return 0;
	tp_str name = text(m, left);
	const tp_binding *b = tp_resolve_name(m->res, left, name.ptr, name.len);
	for (uint32_t i = N(m, a)->end_index; b && i < m->tree->count; i++) {
		uint32_t p = N(m, i)->parent;
		if (kind(m, i) == K_IDENTIFIER && tp_str_same(text(m, i), name) &&
		    (kind(m, p) == K_ARG_LIST || (kind(m, p) == K_KEYWORD_ARG && N(m, i)->field == F_VALUE)) &&
		    tp_resolve_name(m->res, i, name.ptr, name.len) == b)
			return 1;
	}
	return 0;
}

/* The comparison that string str is the device type in, when it is a
 * tensor's device test (`x.device.type == "cuda"`, `str(t.device) in ("cuda",
 * "cuda:0")`): compared with something that names a device, or a `.type`.
 * Else TP_NONE. */
static uint32_t device_test(const tp_matcher *m, uint32_t str)
{
	uint32_t e = str, p = N(m, e)->parent;
	while (kind(m, p) == K_PARENTHESIZED || kind(m, p) == K_LIST || kind(m, p) == K_TUPLE || kind(m, p) == K_SET)
		e = p, p = N(m, p)->parent;
	if (kind(m, p) != K_COMPARISON)
		return TP_NONE;
	for (uint32_t c = N(m, p)->first; c != TP_NONE; c = N(m, c)->next) {
		if (c == e)
			continue;
		if (kind(m, c) == K_ATTRIBUTE && attr_name(m, c) != TP_NONE && tp_str_eq(text(m, attr_name(m, c)), "type"))
			return p;
		for (uint32_t j = c; j < N(m, c)->end_index; j++) {
			tp_str t = text(m, j);
			for (size_t i = 0; kind(m, j) == K_IDENTIFIER && i + 6 <= t.len; i++)
				if (strncasecmp(t.ptr + i, "device", 6) == 0)
					return p;
		}
	}
	return TP_NONE;
}

/* The cuDNN operator that the file calls by its name (StyleGAN's
 * conv2d_gradfix: `torch._C._jit_get_operation("aten::cudnn_convolution_
 * backward_weight")`), which no NPU build has, as "aten::cudnn_..."; else
 * NULL. */
static const char *cudnn_op(tp_matcher *m)
{
	const char *at = memmem(m->src, m->len, "aten::cudnn_", 12);
	if (!at)
		at = memmem(m->src, m->len, "aten.cudnn_", 11);
	size_t n = 0;
	while (at && at + n < m->src + m->len && (at[n] == '_' || at[n] == ':' || at[n] == '.' || isalnum((unsigned char)at[n])))
		n++;
	return at ? tp_arena_strndup(m->arena, at, n) : NULL;
}

/* `if x.device.type == "cpu": <torch> else: <extension>` (StyleGAN2's
 * fused_leaky_relu): on the NPU the test is False, so NPU tensors reach the
 * custom CUDA extension, which has no NPU kernel. */
static void match_cpu_test(tp_matcher *m, uint32_t str)
{
	uint32_t test = m->extensions ? device_test(m, str) : TP_NONE, p = test == TP_NONE ? TP_NONE : N(m, test)->parent;
	if (kind(m, p) != K_IF || N(m, p)->first != test || !memmem(text(m, test).ptr, text(m, test).len, "==", 2))
		return;
	uint32_t body, then = if_branches(m, test, &body);
	uint32_t use = body == TP_NONE ? TP_NONE : ext_use_in(m, body, 0);
	int returns = body == TP_NONE && tp_match__keyword_statement(m, last_statement(m, then), "return");
	for (uint32_t c = returns ? N(m, p)->next : TP_NONE; c != TP_NONE && use == TP_NONE; c = N(m, c)->next)
		use = ext_use_in(m, c, 0); /* `if ... == "cpu": return <torch>` and the extension after it */
	if (use == TP_NONE || ext_use_in(m, then, 0) != TP_NONE)
		return;
	tp_str fn = ext_use_name(m, use);
	tp_match__finding(m, NULL, TP_OP_WARNING, test, NULL,
			  tp_arena_printf(m->arena, "%.*s: on the NPU machine it is False, so NPU tensors reach the custom CUDA "
						    "extension code of the other branch (%.*s), which has no NPU kernel; test the "
						    "device type for \"cuda\" instead (!= \"cuda\"), so that the NPU takes this branch",
					  (int)text(m, test).len, text(m, test).ptr, (int)fn.len, fn.ptr));
}

/* The string rules for a text whose leading word (letters and '_') is
 * word[0, w): the word's, else those of its longest prefix that ends in '_'
 * (a rule for every NCCL_ variable has the word NCCL_). */
static const tp_rule *string_rules(const tp_matcher *m, const char *word, size_t w)
{
	const tp_rule *r = lookup(&m->rules->string_prefix, word, w);
	while (!r && --w)
		if (word[w - 1] == '_')
			r = lookup(&m->rules->string_prefix, word, w);
	return r;
}

/* The string rules on the text [cs, ce) of string literal str: returns 0
 * when none matches, 1 when one converted it, 2 when the literal must be
 * left alone (a saved location, a path). */
static int match_string_part(tp_matcher *m, uint32_t str, uint32_t cs, uint32_t ce)
{
	size_t w = 0;
	while (cs + w < ce && (m->src[cs + w] == '_' || ((m->src[cs + w] | 0x20) >= 'a' && (m->src[cs + w] | 0x20) <= 'z')))
		w++;
	if (!w)
		return 0;
	for (const tp_rule *r = string_rules(m, m->src + cs, w); r; r = r->next) {
		/* old is the leading word, or a longer prefix that starts with it. */
		uint32_t n = (uint32_t)strlen(r->old);
		if (n > ce - cs || memcmp(m->src + cs, r->old, n) != 0 || !tp_regex_match(r->pattern, m->src + cs, ce - cs))
			continue;
		const char *want = tp_arena_printf(m->arena, "%s%.*s", r->replacement, (int)(ce - cs - n), m->src + cs + n);
		if ((strcmp(r->old, "cuda") == 0 && ce - cs == n && (foreign_cuda(m, str) || picks_implementation(m, str))) || is_saved_location(m, str) ||
		    is_path_part(m, str) || is_build_part(m, str) || names_no_device(m, str) || dict_has_key(m, str, want) || npu_tested(m, str, want) ||
		    (strncmp(r->replacement, "npu", 3) == 0 && is_key_lookup(m, str) && !converts_dict_key(m, str, want)))
			return 2;
		uint32_t use = TP_NONE, test = strncmp(r->replacement, "npu", 3) == 0 ? device_test(m, str) : TP_NONE;
		int raises = 0;
		enum guard g = test != TP_NONE ? guards_cuda(m, str, 1, &use, &raises) : GUARDS_NOTHING;
		if (g != GUARDS_NOTHING) { /* `if x.device.type == "cuda": return _plugin.op(x)` */
			uint32_t first = test; /* one row for the test, at its first device string */
			while (first < str && (kind(m, first) != K_STRING || string_inner(m, first).len < 4 ||
					       memcmp(string_inner(m, first).ptr, "cuda", 4) != 0))
				first++;
			if (first == str)
				tp_match__finding(m, r, TP_OP_WARNING, str, NULL, guard_note(m, r, dup_text(m, test), negating(m, test), g, use, raises));
			return 2;
		}
		const char *cudnn = test != TP_NONE ? cudnn_op(m) : NULL;
		if (cudnn) { /* `if x.device.type != "cuda": return False` before a cuDNN operator */
			tp_match__finding(m, r, TP_OP_WARNING, str, NULL,
					  msg(m, r, "%s stays: this file calls cuDNN's own operator (%s), which the NPU does not have; "
						    "on the NPU machine the test is False and the code for other devices runs (the fallback)",
					      dup_text(m, test), cudnn));
			return 2;
		}
		if (strncmp(r->replacement, "npu", 3) == 0 && reads_graph_constant(m, str)) {
			tp_match__finding(m, r, TP_OP_WARNING, str, NULL,
					  msg(m, r, "\"%.*s\" stays: it is compared with a device constant of a TorchScript graph, which "
						    "an archive traced on CUDA holds on the NPU too",
					      (int)(ce - cs), m->src + cs));
			return 2;
		}
		if (strncmp(r->replacement, "npu", 3) == 0 && compared_with_config(m, str)) {
			tp_match__finding(m, r, TP_OP_WARNING, str, NULL,
					  msg(m, r, "\"%.*s\" stays: it is compared with a config's value, which may come from a file this "
						    "tool does not convert (YAML, JSON) and still say it; where the config says \"%s%.*s\", "
						    "change this too",
					      (int)(ce - cs), m->src + cs, r->replacement, (int)(ce - cs - n), m->src + cs + n));
			return 2;
		}
		if (r->warning) /* a name that stays or changes with a caveat (ONNX Runtime's providers); which one, for a prefix's rule */
			tp_match__finding(m, r, TP_OP_WARNING, str, NULL,
					  n < ce - cs ? tp_arena_printf(m->arena, "%.*s: %s", (int)(ce - cs), m->src + cs, r->warning) : r->warning);
		if (strcmp(r->old, r->replacement) == 0)
			return 1;
		tp_match__edit(m, r, TP_OP_MODIFY, cs, cs + n, r->replacement,
			       msg(m, r, "\"%.*s\" -> \"%s%.*s\"", (int)(ce - cs), m->src + cs, r->replacement, (int)(ce - cs - n), m->src + cs + n));
		/* also in what an argument spells out: `device_map={"": "npu:0"}`, `"npu" if c else "cpu"`,
		 * or through a name (`device = "npu"`, then `sam.to(device=device)`) */
		uint32_t p = N(m, str)->parent;
		while (kind(m, p) == K_PAIR || kind(m, p) == K_DICT || kind(m, p) == K_LIST || kind(m, p) == K_TUPLE ||
		       kind(m, p) == K_PARENTHESIZED || kind(m, p) == K_CONDITIONAL)
			p = N(m, p)->parent;
		m->device_argument |= strncmp(r->replacement, "npu", 3) == 0 &&
				      (kind(m, p) == K_ARG_LIST || (kind(m, p) == K_KEYWORD_ARG && kind(m, N(m, p)->parent) == K_ARG_LIST) ||
				       (!m->torch_file && passed_on(m, p)));
		return 1;
	}
	return 0;
}

/* An environment variable given by keyword, `dict(os.environ,
 * CUDA_VISIBLE_DEVICES="1")`: an upper-case name that a string rule renames
 * whole, as it would the string "CUDA_VISIBLE_DEVICES". */
static void match_env_keyword(tp_matcher *m, uint32_t kw)
{
	uint32_t name = tp_child(m->tree, kw, F_NAME);
	tp_str s = name == TP_NONE ? (tp_str){"", 0} : text(m, name);
	size_t w = 0, all = 0; /* the leading word (the rules' key), and the whole name: NCCL_P2P_DISABLE */
	while (w < s.len && ((s.ptr[w] >= 'A' && s.ptr[w] <= 'Z') || s.ptr[w] == '_'))
		w++;
	while (all < s.len && ((s.ptr[all] >= 'A' && s.ptr[all] <= 'Z') || s.ptr[all] == '_' || (all && isdigit((unsigned char)s.ptr[all]))))
		all++;
	if (w < 4 || all != s.len)
		return;
	for (const tp_rule *r = string_rules(m, s.ptr, w); r; r = r->next) {
		size_t n = strlen(r->old);
		if (n > s.len || memcmp(s.ptr, r->old, n) != 0 || !tp_regex_match(r->pattern, s.ptr, s.len))
			continue;
		if (r->warning)
			tp_match__finding(m, r, TP_OP_WARNING, name, NULL,
					  n < s.len ? tp_arena_printf(m->arena, "%.*s: %s", (int)s.len, s.ptr, r->warning) : r->warning);
		if (strcmp(r->old, r->replacement) != 0)
			tp_match__edit(m, r, TP_OP_MODIFY, N(m, name)->start, N(m, name)->start + (uint32_t)n, r->replacement,
				       msg(m, r, "%.*s= -> %s%.*s=", (int)s.len, s.ptr, r->replacement, (int)(s.len - n), s.ptr + n));
		return;
	}
}

/* The call that e is an argument of, else TP_NONE; *kwname: the keyword's
 * name, or TP_NONE for a positional argument. */
static uint32_t arg_of(const tp_matcher *m, uint32_t e, uint32_t *kwname)
{
	uint32_t p = N(m, e)->parent;
	*kwname = TP_NONE;
	if (kind(m, p) == K_KEYWORD_ARG) {
		*kwname = tp_child(m->tree, p, F_NAME);
		p = N(m, p)->parent;
	}
	return kind(m, p) == K_ARG_LIST ? N(m, p)->parent : TP_NONE;
}

/* Whether e is the backend argument of init_process_group (or of
 * DeepSpeed's init_distributed, which hands it on). */
static int backend_arg(const tp_matcher *m, uint32_t e)
{
	uint32_t kwname, call = arg_of(m, e, &kwname);
	const char *qn = call == TP_NONE ? NULL : tp_resolve_qname(m->res, tp_child(m->tree, call, F_FUNCTION), NULL);
	const char *keyword = backend_keyword(qn);
	int kw = 0;
	return keyword && (kwname != TP_NONE ? text_is(m, kwname, keyword)
					     : tp_match__find_arg(m, tp_child(m->tree, call, F_ARGUMENTS), 0, NULL, &kw) == e);
}

/* Whether a read of the name that identifier id binds is a backend argument. */
static int read_as_backend(const tp_matcher *m, uint32_t id)
{
	if (kind(m, id) != K_IDENTIFIER)
		return 0;
	tp_str name = text(m, id);
	const tp_binding *b = tp_resolve_name(m->res, id, name.ptr, name.len);
	for (uint32_t u = 0; b && u < m->tree->count; u++)
		if (u != id && kind(m, u) == K_IDENTIFIER && tp_str_same(text(m, u), name) && backend_arg(m, u) &&
		    tp_resolve_name(m->res, u, name.ptr, name.len) == b)
			return 1;
	return 0;
}

/* Whether the option that call `parser.add_argument(...)` declares is read
 * as a backend argument (`args.dist_backend` for "--dist-backend"). */
static int option_as_backend(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION), args = tp_child(m->tree, call, F_ARGUMENTS);
	if (kind(m, fn) != K_ATTRIBUTE || !text_is(m, attr_name(m, fn), "add_argument") || kind(m, args) != K_ARG_LIST)
		return 0;
	for (uint32_t c = N(m, args)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t v = kind(m, c) == K_KEYWORD_ARG && text_is(m, tp_child(m->tree, c, F_NAME), "dest") ? tp_child(m->tree, c, F_VALUE) : c;
		tp_str opt = string_inner(m, v);
		while (opt.len && opt.ptr[0] == '-')
			opt.ptr++, opt.len--;
		for (uint32_t u = 0; opt.len && u < m->tree->count; u++) {
			tp_str attr = kind(m, u) == K_ATTRIBUTE && attr_name(m, u) != TP_NONE ? text(m, attr_name(m, u)) : (tp_str){NULL, 0};
			int same = attr.len == opt.len;
			for (size_t i = 0; same && i < opt.len; i++)
				same = attr.ptr[i] == (opt.ptr[i] == '-' ? '_' : opt.ptr[i]);
			if (same && backend_arg(m, u))
				return 1;
		}
	}
	return 0;
}

/* `init_process_group("gloo")` in CUDA code: gloo took CUDA tensors too,
 * but runs collectives on CPU tensors only on the NPU, so collectives on
 * npu tensors fail there. Also a "gloo" that reaches the backend argument
 * as a parameter's default, a local's value or an argparse option's
 * default. A gloo group of its own (new_group) is for CPU objects, and a
 * file that names nccl as well chose gloo for a case of its own (Windows,
 * CPU tests): they stay without a word. */
/* Whether the file's code (not a comment or a docstring) has word in a
 * name or a string. */
static int code_mentions(const tp_matcher *m, const char *word)
{
	size_t n = strlen(word);
	if (!memmem(m->src, m->len, word, n))
		return 0;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint16_t k = kind(m, i);
		if ((k != K_IDENTIFIER && k != K_STRING) || (k == K_STRING && kind(m, N(m, i)->parent) == K_EXPR_STMT))
			continue;
		tp_str t = text(m, i);
		if (memmem(t.ptr, t.len, word, n))
			return 1;
	}
	return 0;
}

static void match_gloo(tp_matcher *m, uint32_t str)
{
	uint32_t kwname, call = arg_of(m, str, &kwname);
	const char *qn = call == TP_NONE ? NULL : tp_resolve_qname(m->res, tp_child(m->tree, call, F_FUNCTION), NULL);
	/* `backend="gloo"` that a launcher passes on to init_process_group
	 * (dask-pytorch-ddp's dispatch.run), not a gloo group of its own (new_group) */
	int passed = call != TP_NONE && text_is(m, kwname, "backend") && !(qn && strstr(qn, "new_group"));
	uint16_t pk = kind(m, N(m, str)->parent);
	int reaches = backend_arg(m, str) || passed ||
		      ((pk == K_DEFAULT_PARAM || pk == K_TYPED_DEFAULT_PARAM) && read_as_backend(m, tp_child(m->tree, N(m, str)->parent, F_NAME))) ||
		      (pk == K_ASSIGNMENT && N(m, str)->field == F_RIGHT && kind(m, N(m, N(m, str)->parent)->first) == K_IDENTIFIER &&
		       read_as_backend(m, N(m, N(m, str)->parent)->first)) ||
		      (text_is(m, kwname, "default") && call != TP_NONE && option_as_backend(m, call));
	if (!reaches || code_mentions(m, "nccl") || !code_mentions(m, "cuda"))
		return;
	tp_match__finding(m, NULL, TP_OP_WARNING, str, NULL,
			  "backend \"gloo\" stays: it runs collectives on CPU tensors only, so a collective on an npu tensor fails "
			  "(\"No backend type associated with device type npu\"): use \"hccl\" for npu tensors, or "
			  "\"cpu:gloo,npu:hccl\" for both");
}

/* `ctypes.CDLL("libcuda.so")`: NVIDIA's driver, runtime or management
 * library, which an NPU machine does not have, so the load raises OSError;
 * a WARNING where an except clause catches that and a fallback runs. */
static void match_cuda_library(tp_matcher *m, uint32_t str, tp_str name)
{
	static const char *const libs[] = {"cuda", "cudart", "nvrtc", "nvcuda", "nvidia-ml", "nvml", "cublas", "cudnn", "nccl", NULL};
	static const char *const loaders[] = {"ctypes.CDLL", "ctypes.cdll.LoadLibrary", "ctypes.WinDLL", "ctypes.windll.LoadLibrary",
					      "ctypes.PyDLL", "ctypes.cdll", "ctypes.windll", NULL};
	static const char *const os_errors[] = {"OSError", "IOError", "EnvironmentError", "Exception", NULL};
	uint32_t p = N(m, str)->parent;
	uint32_t call = kind(m, p) == K_ARG_LIST && N(m, p)->first == str ? N(m, p)->parent : TP_NONE;
	const char *qn = call == TP_NONE ? NULL : tp_resolve_qname(m->res, tp_child(m->tree, call, F_FUNCTION), NULL);
	/* the name's stem: "libcudart.so.12" and "cudart64_12.dll" give cudart */
	size_t n = name.len > 3 && memcmp(name.ptr, "lib", 3) == 0 ? 3 : 0, stem = 0;
	while (n + stem < name.len && name.ptr[n + stem] != '.' && name.ptr[n + stem] != '6')
		stem++;
	if (!tp_match__qname_in(qn, loaders))
		return;
	for (const char *const *l = libs; *l; l++)
		if (strlen(*l) == stem && memcmp(name.ptr + n, *l, stem) == 0) {
			const char *what = tp_arena_printf(m->arena, "%s(\"%.*s\")", qn, (int)name.len, name.ptr);
			if (tp_match__caught(m, call, os_errors))
				tp_match__finding(m, NULL, TP_OP_WARNING, call, NULL,
						  tp_arena_printf(m->arena, "%s loads an NVIDIA library, which an NPU machine does not have: "
									    "the load raises OSError and the except clause's fallback runs", what));
			else
				tp_match__finding(m, NULL, TP_OP_UNSUPPORTED, call, what,
						  "loads an NVIDIA library, which an NPU machine does not have, so it raises OSError: "
						  "skip it on the NPU (torch_npu and the CANN toolkit's libascendcl.so take its place)");
			return;
		}
}

/* `"CUDA out of memory" in str(e)`, `msg.startswith("CUDA error")`, or one
 * of a list of such messages that the code tests against (rtdl's `any(x in
 * str(err) for x in ['CUDA out of memory', ...])`): a test of an error
 * message for CUDA's wording, which the NPU's errors do not have ("NPU out
 * of memory"). A message the code writes itself stays. */
static void match_cuda_message(tp_matcher *m, uint32_t str, tp_str s)
{
	static const char *const tests[] = {"startswith", "endswith", "find", "rfind", "index", "count", "search", "match", "fullmatch", NULL};
	if (s.len < 10 || memcmp(s.ptr, "CUDA ", 5) != 0 || (!memmem(s.ptr, s.len, "out of memory", 13) && memcmp(s.ptr + 5, "error", 5) != 0))
		return;
	uint32_t p = N(m, str)->parent, test = kind(m, p) == K_COMPARISON ? p : TP_NONE;
	if (kind(m, p) == K_LIST || kind(m, p) == K_TUPLE || kind(m, p) == K_SET)
		test = str;
	uint32_t call = kind(m, p) == K_ARG_LIST ? N(m, p)->parent : TP_NONE, fn = call == TP_NONE ? TP_NONE : tp_child(m->tree, call, F_FUNCTION);
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : fn;
	for (const char *const *t = tests; kind(m, leaf) == K_IDENTIFIER && *t && test == TP_NONE; t++)
		if (tp_str_eq(text(m, leaf), *t))
			test = call;
	if (test != TP_NONE)
		tp_match__finding(m, NULL, TP_OP_WARNING, test, NULL,
				  tp_arena_printf(m->arena, "this tests an error message for CUDA's words (\"%.*s\"), which the NPU's errors "
							    "do not have (\"NPU out of memory\"): test for the part they share (\"out of memory\" in "
							    "the message), or catch torch.OutOfMemoryError where the PyTorch version has it",
						  (int)s.len, s.ptr));
}

static void match_string(tp_matcher *m, uint32_t str)
{
	uint32_t p = N(m, str)->parent;
	if (m->claimed[str])
		return;
	/* Docstrings and other bare string statements are prose, not code;
	 * implicitly concatenated pieces are not one value. */
	if (p != TP_NONE && (kind(m, p) == K_EXPR_STMT || kind(m, p) == K_CONCAT_STRING))
		return;
	uint32_t open = N(m, str)->first, close = TP_NONE;
	for (uint32_t c = open; c != TP_NONE; c = N(m, c)->next)
		close = c;
	if (open == TP_NONE || kind(m, open) != K_STRING_START || kind(m, close) != K_STRING_END)
		return;
	tp_str prefix = text(m, open);
	for (size_t i = 0; i < prefix.len; i++)
		if (prefix.ptr[i] == 'b' || prefix.ptr[i] == 'B')
			return;
	uint32_t cs = N(m, open)->end, ce = N(m, close)->start;
	if (ce - cs == 4 && memcmp(m->src + cs, "gloo", 4) == 0)
		match_gloo(m, str);
	if (ce - cs == 3 && memcmp(m->src + cs, "cpu", 3) == 0)
		match_cpu_test(m, str);
	match_cuda_library(m, str, (tp_str){m->src + cs, ce - cs});
	match_cuda_message(m, str, (tp_str){m->src + cs, ce - cs});
	/* A list of device:backend pairs ("cpu:gloo,cuda:nccl") is matched pair
	 * by pair; any other string as a whole. */
	int pairs = memchr(m->src + cs, ',', ce - cs) != NULL;
	for (uint32_t k = cs; pairs && k < ce;) {
		uint32_t a = k, colons = 0;
		while (k < ce && (m->src[k] == '_' || m->src[k] == ':' || ((m->src[k] | 0x20) >= 'a' && (m->src[k] | 0x20) <= 'z')))
			colons += m->src[k++] == ':';
		pairs = k > a && colons == 1 && (k == ce || m->src[k] == ',');
		k += k < ce;
	}
	if (!pairs) {
		if (match_string_part(m, str, cs, ce) == 0)
			module_path_string(m, str, cs, ce);
		return;
	}
	for (uint32_t s = cs, e; s < ce; s = e + 1) {
		const char *comma = memchr(m->src + s, ',', ce - s);
		e = comma ? (uint32_t)(comma - m->src) : ce;
		if (match_string_part(m, str, s, e) == 2)
			return;
	}
}

/* `device[5:]` takes the index after "cuda:", `device[:4] == "cuda"` the
 * type: with "npu:" (4 characters) they slice in the wrong place. */
static void match_device_slice(tp_matcher *m, uint32_t sub)
{
	uint32_t value = N(m, sub)->first, slice = value == TP_NONE ? TP_NONE : N(m, value)->next;
	if (slice == TP_NONE || N(m, slice)->next != TP_NONE)
		return;
	char s[8];
	size_t n = 0;
	for (uint32_t k = N(m, slice)->start; k < N(m, slice)->end && n < sizeof s - 1; k++)
		if (m->src[k] != ' ')
			s[n++] = m->src[k];
	s[n] = '\0';
	tp_str v = text(m, value);
	if ((strcmp(s, "5:") != 0 && strcmp(s, ":5") != 0 && strcmp(s, ":4") != 0) || !memmem(m->src, m->len, "cuda", 4))
		return;
	for (size_t i = 0; i + 6 <= v.len; i++)
		if (strncasecmp(v.ptr + i, "device", 6) == 0) {
			tp_match__finding(m, NULL, TP_OP_WARNING, sub, NULL,
					  "a device string sliced by the length of \"cuda:\" (5) or \"cuda\" (4): \"npu:\" is one "
					  "character shorter; take the parts with .split(\":\") or torch.device(...).type and .index");
			return;
		}
}

/* Whether import statement stmt is the `import torch` that -s wrote above
 * its DEVICE_ID line into a file that imported no torch: converting the
 * output again treats that file as the input was treated. */
static int device_id_import(const tp_matcher *m, uint32_t stmt)
{
	static const char line[] = "npu_device_id = int(os.environ.get(\"DEVICE_ID\"";
	uint32_t npu = N(m, stmt)->next, set = npu == TP_NONE ? TP_NONE : N(m, npu)->next;
	return set != TP_NONE && tp_str_eq(text(m, stmt), "import torch") && tp_str_eq(text(m, npu), "import torch_npu") &&
	       text(m, set).len >= sizeof line - 1 && memcmp(text(m, set).ptr, line, sizeof line - 1) == 0;
}

void tp_match(tp_matcher *m)
{
	m->claimed = tp_arena_alloc(m->arena, m->tree->count + 1);
	memset(m->claimed, 0, m->tree->count + 1);
	int cuda = memmem(m->src, m->len, "cuda", 4) != NULL;
	m->extensions = (m->ext_modules && m->ext_modules->count) || (m->library_ops && m->library_ops->count) ||
			memmem(m->src, m->len, "cpp_extension", 13);
	for (uint32_t i = 0; cuda && !m->extensions && i < m->tree->count; i++) /* `from flash_attn import ...` */
		m->extensions = (kind(m, i) == K_IMPORT || kind(m, i) == K_IMPORT_FROM) && imports_no_npu(m, i);
	for (uint32_t i = 0; cuda && !m->torch_file && i < m->tree->count; i++)
		if (kind(m, i) == K_DOTTED_NAME && (kind(m, N(m, i)->parent) == K_IMPORT || kind(m, N(m, i)->parent) == K_IMPORT_FROM ||
						     kind(m, N(m, i)->parent) == K_ALIASED_IMPORT))
			m->torch_file = (tp_str_eq(text(m, N(m, i)->first), "torch") && !device_id_import(m, N(m, i)->parent)) ||
					renamed_into_torch(m, i);
	if (cuda && !m->torch_file) /* where only names say what a "cuda" is */
		collect_device_names(m);
	int subclassed = 0; /* a class of the file subclasses Trainer: calls of it are checked too */
	for (uint32_t i = 0; m->rules->accelerator.count && i < m->tree->count && !subclassed; i++)
		subclassed = kind(m, i) == K_CLASS_DEF && enclosing_framework_class(m, i, offsetof(tp_rule, calls), NULL);
	for (uint32_t i = 0; m->rules->accelerator.count && i < m->tree->count; i++) {
		const char *qn = NULL;
		int skip, own;
		const tp_rule *r = kind(m, i) == K_CALL ? framework_init(m, i, subclassed, &qn, &skip, &own) : NULL;
		if (r)
			framework_call(m, r, i, qn, skip, own); /* before the walk: it claims the strings it keeps */
	}
	if (m->dist_model)
		tp_distributed(m);
	else if (m->device_var)
		tp_specify_device(m);
	uint32_t nins = 0;
	for (const tp_rule *r = m->rules->import_insert; r; r = r->next)
		nins++;
	tp_hits *first_hit = tp_arena_alloc(m->arena, (nins + 1) * sizeof *first_hit);
	tp_hits *unless = tp_arena_alloc(m->arena, (nins + 1) * sizeof *unless);
	memset(first_hit, 0, (nins + 1) * sizeof *first_hit);
	memset(unless, 0, (nins + 1) * sizeof *unless);
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (m->claimed[i] && (kind(m, i) == K_CALL || kind(m, i) == K_ATTRIBUTE || kind(m, i) == K_STRING))
			continue; /* distributed mode or -s rewrote it whole */
		switch (kind(m, i)) {
		case K_IMPORT:
		case K_IMPORT_FROM: match_import(m, i, first_hit, unless); break;
		case K_CALL: match_call(m, i); break;
		case K_ATTRIBUTE: match_attribute(m, i); break;
		case K_STRING: match_string(m, i); break;
		case K_KEYWORD_ARG: match_env_keyword(m, i); break;
		case K_SUBSCRIPT: match_device_slice(m, i); break;
		case K_FUNCTION_DEF:
			match_affinity_def(m, i);
			alias_renamed_method(m, i);
			break;
		case K_ASSIGNMENT: alias_renamed_method(m, i); break;
		case K_CLASS_DEF: {
			match_affinity_def(m, i);
			/* Base classes: `class Net(torch.nn.Module)`. */
			uint32_t bases = tp_child(m->tree, i, F_SUPERCLASSES);
			for (uint32_t c = bases == TP_NONE ? TP_NONE : N(m, bases)->first; c != TP_NONE; c = N(m, c)->next) {
				const char *qn = kind(m, c) == K_ATTRIBUTE || kind(m, c) == K_IDENTIFIER ? tp_resolve_qname(m->res, c, NULL) : NULL;
				if (qn)
					classify(m, c, qn);
			}
			break;
		}
		case K_DECORATOR: {
			/* `@torch.jit.script`; a called decorator is a call, seen as one. */
			uint32_t e = N(m, i)->first;
			const char *qn = e != TP_NONE && kind(m, e) != K_CALL ? tp_resolve_qname(m->res, e, NULL) : NULL;
			if (qn)
				classify(m, e, qn);
			break;
		}
		default: break;
		}
	}
	/* After the module's first import of it that runs; without one, after
	 * the first in each function that imports it. Not where that scope
	 * imports unless_module already, before any edit that needs it (an
	 * import inside one function does not serve the module's code, nor one
	 * below `torch.npu.set_device(0)`). */
	uint32_t i = 0;
	for (const tp_rule *r = m->rules->import_insert; r; r = r->next, i++) {
		const tp_hits *h = &first_hit[i];
		size_t top = 0;
		while (top < h->len && m->res->scope_of[h->items[top]] != 0)
			top++;
		for (size_t k = 0; k < h->len; k++) {
			int has = 0;
			for (size_t u = 0; u < unless[i].len && !has; u++)
				has = m->res->scope_of[unless[i].items[u]] == m->res->scope_of[h->items[k]] &&
				      !npu_edit_between(m, N(m, h->items[k])->start, N(m, unless[i].items[u])->start);
			if ((top == h->len || k == top) && !has)
				insert_import(m, r, h->items[k]);
		}
		tp_array_free(&first_hit[i]);
		tp_array_free(&unless[i]);
	}
	if (m->device_argument && m->rules->import_insert)
		import_for_devices(m, m->rules->import_insert);
	for (size_t k = 0; k < m->late.len; k++)
		tp_array_push(&m->items, m->late.items[k]);
	tp_array_free(&m->late);
}
