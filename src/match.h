/* match: ONE walk over a file's nodes. Each import, call, attribute and
 * string node is looked up in the rule tables, and what matches becomes an
 * edit or a finding (pipeline stage 5). */
#ifndef TP_MATCH_H
#define TP_MATCH_H

#include "convert.h"
#include "ops.h"
#include "resolve.h"

/* Inputs are borrowed; items are appended (arena strings). eol is the file's
 * line ending, used by inserted lines. */
typedef struct {
	const tp_rules *rules;
	const tp_tree *tree;
	const char *src;
	uint32_t len;
	const char *eol;
	const tp_ops *ops; /* NULL: no op-support classification */
	tp_resolver *res;
	tp_arena *arena;
	const char *dist_model; /* distributed mode, in MAIN: -t's names separated by commas, "" to find the trained models */
	const char *device_var; /* the variable device choices use (-s or distributed), or NULL */
	/* distributed mode, a file other than MAIN: it runs in every rank, after
	 * the setup picked the rank's device, so a fixed device number (`"cuda:0"`,
	 * `.to(0)`) becomes the current device, as -s makes it DEVICE_ID's */
	int dist_other;
	const tp_map *ext_modules, *library_ops; /* custom CUDA extensions of the tree (may be NULL), as tp_convert_opts's */
	const tp_map *dist_setups; /* distributed mode and -s: functions of other files that call init_process_group or build DDP (may be NULL) */
	const tp_map *dist_iterables; /* distributed mode: IterableDataset classes of other files (may be NULL) */
	const tp_map *dist_loaders;   /* distributed mode: torch's DataLoader as other files import it (may be NULL) */
	const tp_map *dist_repeats;   /* distributed mode: functions of other files that run a parameter more than once (may be NULL) */
	uint8_t *claimed;       /* per node: rewritten by distributed mode already */
	/* per function or class definition, made on first use: 1 + whether it
	 * loads a custom CUDA extension; the first call of extension code it
	 * makes (0 not known yet, TP_NONE none) */
	uint8_t *loads;
	uint32_t *ext_use;
	int plain_device;       /* -s: a device choice is a plain "cuda", which needs set_device too */
	uint32_t rank_device;   /* -s: the first device choice that comes from a rank, 0 if none */
	long device_number;     /* -s: 1 + the first device number a choice names, 0 if none */
	uint32_t model_parallel; /* -s: where a second device number is named (its numbers stay), 0 if none */
	int device_argument;    /* a call gets a device string or .npu() the rules wrote: both need torch_npu loaded */
	int torch_file;         /* the file imports torch (set by tp_match) */
	int extensions;         /* the tree builds custom extensions, or the file loads one (set by tp_match) */
	int builds_cuda;        /* 0 not known yet, 1 no, 2 some node of the file names a CUDA build (nvcc flags, .cu sources) */
	int dist_setup;         /* distributed mode wrote MAIN's process group setup */
	tp_array(tp_item) late; /* items that must follow the torch_npu import at one point */
	/* the names the file binds into a torch module (`nn.MaskedLinear = MaskedLinear`), made on first use */
	tp_array(const char *) stored;
	int stored_ready;
	/* a file that imports no torch: the bindings of the names it passes as a device (`device_map=dm`), sorted */
	tp_array(const void *) device_names;
	tp_array(tp_item) items;
	/* argument deletions of the call being matched, emitted together */
	tp_array(struct tp_deletion { uint32_t arg; const tp_rule *rule; const char *message; }) deletions;
} tp_matcher;

void tp_match(tp_matcher *m);

/* Semi-private: shared with distributed.c. */
void tp_match__edit(tp_matcher *m, const tp_rule *r, enum tp_op op, uint32_t start, uint32_t end, const char *replacement,
		    const char *message);
void tp_match__finding(tp_matcher *m, const tp_rule *r, enum tp_op op, uint32_t node, const char *api, const char *tip);
/* The indentation of the line holding off (its ptr is the line's start). */
tp_str tp_match__indent(const tp_matcher *m, uint32_t off);
/* Inserts line (no line break) on a line of its own after the line where
 * stmt ends, indented like stmt's first line. */
void tp_match__insert_line_after(tp_matcher *m, const tp_rule *r, uint32_t stmt, const char *line, const char *message);
/* Whether statement stmt starts with keyword word (`return x`). */
int tp_match__keyword_statement(const tp_matcher *m, uint32_t stmt, const char *word);
/* The positional argument idx, or the keyword argument kw, of an argument list. */
uint32_t tp_match__find_arg(const tp_matcher *m, uint32_t args, int idx, const char *kw, int *is_kw);
/* Whether node id is an identifier that stands for a name of the file's
 * scopes: not an attribute's name, an import's path or alias, or a keyword
 * argument's name (`f(cuda=...)`). */
int tp_match__names(const tp_matcher *m, uint32_t id);
/* The name of parameter c of a function definition (`model`, `model:
 * Net`, `model=None`), else TP_NONE (`*args`, `/`). */
uint32_t tp_match__param_name(const tp_matcher *m, uint32_t c);
/* Adds the keyword argument kw ("name=value") after the last argument of
 * an argument list; not to one with *args or **kwargs, which may hold it. */
void tp_match__add_keyword(tp_matcher *m, const tp_rule *r, uint32_t args, const char *kw, const char *message);
/* The device= argument of call (by keyword, or by position where its
 * device-index rule says: `load_file(path, 0)`) when a device-index rule
 * covers it (`torch.zeros`, `x.new_zeros`, safetensors' `load_file`), else
 * TP_NONE. qn: the call's qualified name, NULL for a method. */
uint32_t tp_match__device_keyword(const tp_matcher *m, uint32_t call, const char *qn);
/* Whether expression v is an integer device index by r's filter. */
int tp_match__int_index(const tp_matcher *m, const tp_rule *r, uint32_t v);
/* The name that call, a torch.cuda.current_device(), is assigned to where
 * that name also holds devices (`self.device = "cpu"`), else TP_NONE. */
uint32_t tp_match__index_into_device_name(const tp_matcher *m, uint32_t call);
/* Whether a name around string str says it is a device (`device = "cuda"`,
 * `x.to("cuda")`, `def f(device="cuda")`). */
int tp_match__named_device(const tp_matcher *m, uint32_t str);
/* Whether qualified name qn (may be NULL) is one of names (NULL-ended). */
int tp_match__qname_in(const char *qn, const char *const *names);
/* Whether node runs in the body of a try whose except clause catches one of
 * caught (a NULL-ended list of names; a bare except catches all). */
int tp_match__caught(const tp_matcher *m, uint32_t node, const char *const *caught);
/* distributed.c: DistributedDataParallel's qualified names, and the DataLoaders' (NULL-ended). */
extern const char *const tp_ddp_names[];
extern const char *const tp_dataloader_names[];
/* distributed.c: whether the function or method def calls self(...) or a
 * layer of self (`self.fc(x)`, not nn.Module's own `self.to(d)`). */
int tp_runs_layers(const tp_tree *t, const char *src, uint32_t def);
/* distributed.c: the DDP edits of MAIN, before the walk. */
void tp_distributed(tp_matcher *m);
/* distributed.c: -s, device choices follow DEVICE_ID. */
void tp_specify_device(tp_matcher *m);

#endif
