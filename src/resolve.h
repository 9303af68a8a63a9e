/* resolve: the scopes and import table of one file (pipeline stage 4). Maps a
 * name at a given node to what it is bound to there: an import (with its
 * qualified name), a local variable, or nothing. */
#ifndef TP_RESOLVE_H
#define TP_RESOLVE_H

#include "map.h"
#include "parse.h"

enum tp_bind_kind { TP_BIND_LOCAL, TP_BIND_NONLOCAL, TP_BIND_GLOBAL, TP_BIND_IMPORT };

/* One binding of a local name: the value assigned, the function or class
 * definition, or TP_NONE when not known (a parameter, a loop target, +=). */
typedef struct tp_value {
	uint32_t node;
	struct tp_value *next;
} tp_value;

/* What a name is bound to in one scope. qname is set for imports; module is 1
 * when the import binds a module (`import a.b`, `import a.b as c`) that the
 * scope does not also assign, 0 for a from-import, which may be any object. int_like is 1 when every assignment of
 * a local name in that scope is an integer literal or int(...). */
typedef struct {
	enum tp_bind_kind kind;
	const char *qname;
	int module;
	int int_like;
	int not_int; /* some assignment gives it a string or a device, or it is a str or device parameter */
	int assigned; /* an import that the scope also assigns (`import model; model = model.Net()`) */
	uint32_t value; /* the assigned value when a local is assigned exactly once, else TP_NONE */
	uint32_t also_value; /* an import the scope also assigns exactly once (`try: from . import ext /
			      * except: ext = load(...)`): that value, else TP_NONE */
	tp_value *values; /* a local's bindings in its scope, the last first; a function's
			   * `global x; x = ...` binds the module's x */
	uint32_t rebound_at; /* an import that a plain statement of its scope later assigns
			      * (`import torch.optim as optim`, then `optim = torch.optim.Adam(...)`):
			      * the offset of that first assignment, from which on the scope's reads
			      * are the value; else TP_NONE */
} tp_binding;

/* The resolver of one file. All memory comes from the file's arena except the
 * map's slot table, released by tp_resolver_dispose. src and tree are borrowed. */
typedef struct {
	const tp_tree *tree;
	const char *src;
	tp_arena *arena;
	uint32_t *scope_of; /* node -> index of its scope node (0 = module) */
	tp_map bindings;    /* "<scope>:<name>" -> tp_binding */
	tp_map stored;      /* source text of assigned attributes: "self.x" */
	tp_map declared;    /* attribute names the file gives its own objects: "attr", "Cls.attr" */
	tp_map devices;     /* names that some scope assigns a string or a device */
	/* tp_resolve_qname's answer per node, found on the first question:
	 * qnames[i] is NULL until then, and unresolved when there is none. */
	const char **qnames;
	uint8_t *qname_module;
} tp_resolver;

void tp_resolver_init(tp_resolver *r, const tp_tree *tree, const char *src, tp_arena *arena);
void tp_resolver_dispose(tp_resolver *r);

/* The binding of the identifier text name as seen from node, or NULL. */
const tp_binding *tp_resolve_name(const tp_resolver *r, uint32_t node, const char *name, size_t len);
/* The qualified name of an identifier or attribute chain rooted in an import
 * (`T.cuda.set_device` -> "torch.cuda.set_device"), or NULL (also for node
 * TP_NONE: a child that broken code lacks). *module is set to whether the
 * root import binds a module. */
const char *tp_resolve_qname(const tp_resolver *r, uint32_t node, int *module);
/* The value a local holds once it is set: its only one, or the only one
 * other than None (`_plugin = None`, then `_plugin = load(...)` in a
 * function that declares it global). TP_NONE when there is none such. */
uint32_t tp_resolve_set_value(const tp_resolver *r, const tp_binding *b);
/* The function or class definition a local name is bound to (`def f`,
 * `class C`), when that is its only binding in its scope; else TP_NONE. */
uint32_t tp_resolve_definition(const tp_resolver *r, const tp_binding *b);
/* Whether the file assigns this very attribute (`self.is_cuda = ...` makes
 * every `self.is_cuda` a user attribute rather than a library one). */
int tp_resolve_attr_stored(const tp_resolver *r, uint32_t attr);
/* Whether some scope of the file assigns a name so spelled a string or a
 * device (`gpu = torch.device(...)`), which a parameter so named is then
 * given too. */
int tp_resolve_device_name(const tp_resolver *r, const char *name, size_t len);
/* Whether the file assigns this very attribute (`self.gpu`) a string or a
 * device somewhere, so it holds no integer index. */
int tp_resolve_attr_not_int(const tp_resolver *r, uint32_t attr);
/* Whether an argparse option of the file makes an attribute of this name
 * (`add_argument('--is-cuda')`, `dest='is_cuda'`); for a name "Cls.attr",
 * whether the file gives the instances of its class or namedtuple Cls that
 * attribute (`self.attr = ...` in a method, `attr = ...` or a field `attr:
 * bool` in the class body, a namedtuple field). */
int tp_resolve_declared(const tp_resolver *r, const char *name, size_t len);
/* Dotted text of a dotted_name node without whitespace or comments. */
const char *tp_dotted_text(const tp_resolver *r, uint32_t node);

#endif
