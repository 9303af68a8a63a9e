/* distributed: turns the single-card MAIN file into a DDP script (distributed
 * mode, part of the match stage), and points every device choice at the
 * DEVICE_ID environment variable (-s). It runs before the match walk and marks the
 * nodes it rewrites, so the built-in rules leave them alone. Where it cannot
 * tell which variable is the model or the dataset, it says so and edits
 * nothing there. */
#include <ctype.h>
#include <stdio.h>

#include "match.h"

static tp_rule dist_rule = {.kind = TP_RULE_FUNC, .id = "distributed", .arg_idx = -1};

static inline const tp_node *N(const tp_matcher *m, uint32_t i) { return &m->tree->nodes[i]; }
static inline uint16_t kind(const tp_matcher *m, uint32_t i) { return i == TP_NONE ? K_OTHER : m->tree->nodes[i].kind; }
static inline tp_str text(const tp_matcher *m, uint32_t n) { return (tp_str){m->src + N(m, n)->start, N(m, n)->end - N(m, n)->start}; }

static void add(tp_matcher *m, enum tp_op op, uint32_t start, uint32_t end, const char *rep, const char *message)
{
	tp_match__edit(m, &dist_rule, op, start, end, rep, message);
}

static void note(tp_matcher *m, uint32_t node, const char *message)
{
	tp_match__finding(m, &dist_rule, TP_OP_WARNING, node, NULL, message);
}

/* A note on MAIN as a whole: at its first statement, not over every line. */
static void note_file(tp_matcher *m, const char *message)
{
	note(m, N(m, 0)->first != TP_NONE ? N(m, 0)->first : 0, message);
}

static uint32_t line_start(const tp_matcher *m, uint32_t off)
{
	while (off > 0 && m->src[off - 1] != '\n')
		off--;
	return off;
}

/* The offset just past the line holding off (past its newline). */
static uint32_t after_line(const tp_matcher *m, uint32_t off)
{
	while (off < m->len && m->src[off] != '\n')
		off++;
	return off < m->len ? off + 1 : off;
}

/* Inserts whole lines after the line holding off (a newline first at EOF). */
static void insert_lines(tp_matcher *m, uint32_t off, const char *lines, const char *message)
{
	uint32_t at = after_line(m, off);
	int eof = at == m->len && (m->len == 0 || m->src[m->len - 1] != '\n');
	add(m, TP_OP_INSERT, at, at, eof ? tp_arena_printf(m->arena, "%s%s", m->eol, lines) : lines, message);
}

static const char *qname(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	return fn == TP_NONE ? NULL : tp_resolve_qname(m->res, fn, NULL);
}

static const char *const dataparallel[] = {"torch.nn.DataParallel", "torch.nn.parallel.DataParallel",
					   "torch.nn.parallel.data_parallel.DataParallel", "torch_geometric.nn.DataParallel",
					   "torch_geometric.nn.data_parallel.DataParallel", NULL};
/* torch's DataLoader, and PyG's subclasses, which take a sampler= too */
const char *const tp_dataloader_names[] = {"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader",
					   "torch_geometric.loader.DataLoader", "torch_geometric.loader.DataListLoader",
					   "torch_geometric.data.DataLoader", "torch_geometric.data.DataListLoader", NULL};
const char *const tp_ddp_names[] = {"torch.nn.parallel.DistributedDataParallel", "torch.nn.DistributedDataParallel",
				    "torch.nn.parallel.distributed.DistributedDataParallel", NULL};

/* Whether call builds torch's DataLoader: by its name in torch, or as a
 * module of the tree imports it (`from helpers import DataLoader`, or a
 * `DataLoader` that only `from helpers import *` provides). */
static int dataloader_call(const tp_matcher *m, uint32_t call, const char *qn)
{
	if (tp_match__qname_in(qn, tp_dataloader_names))
		return 1;
	if (!m->dist_loaders || !m->dist_loaders->count)
		return 0;
	if (qn)
		return tp_map_get(m->dist_loaders, qn, strlen(qn)) != NULL;
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	tp_str name = kind(m, fn) == K_IDENTIFIER ? text(m, fn) : (tp_str){"", 0};
	if (!name.len || tp_resolve_name(m->res, fn, name.ptr, name.len))
		return 0;
	for (uint32_t s = N(m, 0)->first; s != TP_NONE; s = N(m, s)->next) { /* the star imports */
		uint32_t mod = kind(m, s) == K_IMPORT_FROM ? tp_child(m->tree, s, F_MODULE_NAME) : TP_NONE, c = N(m, s)->first;
		while (c != TP_NONE && kind(m, c) != K_WILDCARD_IMPORT)
			c = N(m, c)->next;
		if (mod == TP_NONE || c == TP_NONE)
			continue;
		const char *key = tp_arena_printf(m->arena, "%.*s.%.*s", (int)text(m, mod).len, text(m, mod).ptr, (int)name.len, name.ptr);
		if (tp_map_get(m->dist_loaders, key, strlen(key)))
			return 1;
	}
	return 0;
}

/* Whether call builds a DataParallel: torch's, or a subclass of it that the
 * file defines (StyleTTS2's `class MyDataParallel(torch.nn.DataParallel)`,
 * which only adds a __getattr__ that falls back to .module). */
static int dataparallel_call(const tp_matcher *m, uint32_t call, const char *qn)
{
	if (tp_match__qname_in(qn, dataparallel))
		return 1;
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	const tp_binding *b = kind(m, fn) == K_IDENTIFIER ? tp_resolve_name(m->res, fn, text(m, fn).ptr, text(m, fn).len) : NULL;
	uint32_t def = tp_resolve_definition(m->res, b);
	uint32_t bases = kind(m, def) == K_CLASS_DEF ? tp_child(m->tree, def, F_SUPERCLASSES) : TP_NONE;
	for (uint32_t c = bases == TP_NONE ? TP_NONE : N(m, bases)->first; c != TP_NONE; c = N(m, c)->next)
		if (tp_match__qname_in(tp_resolve_qname(m->res, c, NULL), dataparallel))
			return 1;
	return 0;
}

static const char *const random_split[] = {"torch.utils.data.random_split", "torch.utils.data.dataset.random_split", NULL};

/* Whether MAIN seeds torch: torch.manual_seed(...), or a helper named for
 * it (set_seed, seed_everything), which seeds every rank alike. */
static int seeds(const tp_matcher *m)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t f = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : f;
		tp_str name = kind(m, leaf) == K_IDENTIFIER ? text(m, leaf) : (tp_str){"", 0};
		for (size_t k = 0; k + 4 <= name.len; k++)
			if (memcmp(name.ptr + k, "seed", 4) == 0)
				return 1;
	}
	return 0;
}

/* Training frameworks that set up the process group, wrap the model and
 * shard the data themselves when a launcher starts the script. */
static const char *const frameworks[] = {
	"deepspeed.initialize", "deepspeed.init_distributed", "accelerate.Accelerator", "lightning.Trainer",
	"lightning.pytorch.Trainer", "pytorch_lightning.Trainer", "lightning.Fabric", "lightning.fabric.Fabric",
	"transformers.Trainer", "transformers.Seq2SeqTrainer", "trl.SFTTrainer", "trl.DPOTrainer",
	/* OpenMMLab: init_dist sets up the process group, train_* wraps the model */
	"mmcv.runner.init_dist", "mmcv.runner.dist_utils.init_dist", "mmengine.dist.init_dist", "mmengine.runner.Runner",
	/* Horovod (horovodrun), Ray Train (its workers), Ignite's idist */
	"horovod.torch.init", "horovod.torch.DistributedOptimizer", "ray.train.torch.prepare_model", "ray.train.torch.TorchTrainer",
	"ignite.distributed.auto_model", "ignite.distributed.Parallel", "ignite.distributed.initialize",
	/* MPI (mpirun: spinningup's mpi_avg_grads), detectron2's trainer, BasicSR's pipeline (its init_dist) */
	"mpi4py.MPI.COMM_WORLD", "detectron2.engine.DefaultTrainer", "detectron2.engine.defaults.DefaultTrainer",
	"basicsr.train.train_pipeline",
	/* ColossalAI's launch and Booster, audiocraft's flashy (dora underneath), Megatron's pretrain */
	"colossalai.launch", "colossalai.launch_from_torch", "colossalai.launch_from_slurm", "colossalai.launch_from_openmpi",
	"colossalai.booster.Booster", "flashy.distrib.init", "dora.distrib.init", "megatron.training.pretrain",
	"megatron.training.initialize.initialize_megatron", "megatron.initialize.initialize_megatron", NULL};

/* Whether qualified name qn is framework f, or a method of it when call: as
 * f spells it, or through the submodule that defines it, which the
 * package re-exports (pytorch_lightning.trainer.Trainer and
 * pytorch_lightning.trainer.trainer.Trainer are pytorch_lightning.Trainer). */
static int names_framework(const char *qn, const char *f, int call)
{
	size_t root = strcspn(f, "."), n = strlen(f);
	const char *leaf = strrchr(f, '.') + 1;
	if (strncmp(qn, f, root + 1) != 0)
		return 0;
	for (const char *at = qn + root + 1; *at;) {
		size_t len = strcspn(at, ".");
		if (len == strlen(leaf) && memcmp(at, leaf, len) == 0 && (!at[len] || call))
			return 1;
		if (!islower((unsigned char)*at)) /* a class or constant, not a submodule */
			break;
		at += len + (at[len] == '.');
	}
	return strncmp(qn, f, n) == 0 && (!qn[n] || (qn[n] == '.' && call));
}

/* The framework of that list that node i uses: a call of it or of its
 * class's method (`Trainer.from_argparse_args(args)`), an annotation that
 * names it (`trainer: Trainer = hydra.utils.instantiate(cfg.trainer)`, where
 * a config builds it), or a dotted name of it (`comm = MPI.COMM_WORLD`);
 * qn: i's qualified name when it is a call. */
static const char *framework(const tp_matcher *m, uint32_t i, const char *qn)
{
	if (kind(m, i) == K_TYPE && N(m, i)->first != TP_NONE)
		qn = tp_resolve_qname(m->res, N(m, i)->first, NULL);
	else if (kind(m, i) == K_ATTRIBUTE && N(m, i)->field != F_FUNCTION && kind(m, N(m, i)->parent) != K_ATTRIBUTE)
		qn = tp_resolve_qname(m->res, i, NULL);
	else if (kind(m, i) != K_CALL)
		return NULL;
	for (const char *const *f = frameworks; qn && *f; f++)
		if (names_framework(qn, *f, kind(m, i) == K_CALL))
			return *f;
	return NULL;
}

/* `model = DataParallel(model, ...)` (`self.model = ...(self.model)`) on
 * lines of its own would become `model = model`: its lines go instead (with a comment after it), or it
 * becomes `pass` when it is the only statement of its block (message says
 * why). Returns whether it did. */
static int drop_statement(tp_matcher *m, uint32_t stmt, const char *message);

static int drop_self_assignment(tp_matcher *m, uint32_t call, uint32_t arg, const char *message)
{
	uint32_t asg = N(m, call)->parent;
	if (kind(m, asg) != K_ASSIGNMENT || tp_child(m->tree, asg, F_RIGHT) != call || (kind(m, arg) != K_IDENTIFIER && kind(m, arg) != K_ATTRIBUTE))
		return 0;
	uint32_t left = tp_child(m->tree, asg, F_LEFT), stmt = N(m, asg)->parent;
	if (kind(m, left) != kind(m, arg) || kind(m, stmt) != K_EXPR_STMT)
		return 0;
	tp_str l = text(m, left), a = text(m, arg);
	if (l.len != a.len || memcmp(l.ptr, a.ptr, a.len) != 0)
		return 0;
	return drop_statement(m, stmt, message);
}

/* Removes statement stmt when it has its lines to itself (a comment after
 * it stays), or makes it `pass` when it is the only statement of its block;
 * returns whether it did. */
static int drop_statement(tp_matcher *m, uint32_t stmt, const char *message)
{
	uint32_t from = line_start(m, N(m, stmt)->start), to = N(m, stmt)->end;
	for (uint32_t k = from; k < N(m, stmt)->start; k++)
		if (m->src[k] != ' ' && m->src[k] != '\t')
			return 0;
	while (to < m->len && (m->src[to] == ' ' || m->src[to] == '\t' || m->src[to] == '\r'))
		to++;
	if (to < m->len && m->src[to] != '\n' && m->src[to] != '#')
		return 0; /* more code on the line: `; next` */
	int alone = kind(m, N(m, stmt)->parent) == K_BLOCK;
	for (uint32_t c = N(m, N(m, stmt)->parent)->first; alone && c != TP_NONE; c = N(m, c)->next)
		alone = c == stmt || kind(m, c) == K_COMMENT;
	if (alone) /* a trailing comment stays */
		add(m, TP_OP_MODIFY, N(m, stmt)->start, N(m, stmt)->end, "pass", message);
	else
		add(m, TP_OP_DELETE, from, after_line(m, N(m, stmt)->end), "", message);
	return 1;
}

/* The innermost block (the module, or the body of a def, if, with, for, try
 * ...) that holds both nodes. */
static uint32_t common_block(const tp_matcher *m, uint32_t a, uint32_t b)
{
	uint32_t blk = N(m, a)->parent;
	while (blk != 0 && (kind(m, blk) != K_BLOCK || b < blk || b >= N(m, blk)->end_index))
		blk = N(m, blk)->parent;
	return blk;
}

/* The statement of block blk that holds node. */
static uint32_t statement_in(const tp_matcher *m, uint32_t blk, uint32_t node)
{
	uint32_t n = node;
	while (n != TP_NONE && N(m, n)->parent != blk)
		n = N(m, n)->parent;
	return n;
}

/* Whether a method named name gives a model's parameters: parameters(),
 * named_parameters(), or one the model's class defines for its optimizer
 * (get_trainable_parameters(), trainable_parameters(), get_parameters()). */
static int parameters_method(tp_str name)
{
	return name.len >= 10 && memcmp(name.ptr + name.len - 10, "parameters", 10) == 0;
}

/* Whether call is `MODEL.parameters()` (or another parameters_method). */
static int model_parameters(const tp_matcher *m, uint32_t call, tp_str model)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	uint32_t obj = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
	uint32_t attr = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
	return kind(m, obj) == K_IDENTIFIER && attr != TP_NONE && tp_str_same(text(m, obj), model) && parameters_method(text(m, attr));
}

/* Whether an identifier under root is name. */
static int mentions(const tp_matcher *m, uint32_t root, tp_str name)
{
	for (uint32_t j = root; j < N(m, root)->end_index; j++)
		if (kind(m, j) == K_IDENTIFIER && text(m, j).len == name.len && memcmp(text(m, j).ptr, name.ptr, name.len) == 0)
			return 1;
	return 0;
}

/* A statement that prepares the model or the process before training: a
 * method call on the model (`model.cuda(args.gpu)`, `model.apply(init)`,
 * `model.load_state_dict(sd)`) or `torch.cuda.set_device(i)`. The DDP wrap
 * goes after the ones that follow the model's assignment: DDP copies rank
 * 0's weights when it is built, so initialisation must come first. */
/* Whether assignment i binds the model: `model = ...`, or a name of a
 * target list (`model, optimizer = amp.initialize(model, optimizer)`). */
static int assigns_model(const tp_matcher *m, uint32_t i, tp_str model)
{
	uint32_t left = kind(m, i) == K_ASSIGNMENT ? tp_child(m->tree, i, F_LEFT) : TP_NONE;
	if (kind(m, left) == K_IDENTIFIER)
		return tp_str_same(text(m, left), model);
	for (uint32_t c = tp_is_pattern(kind(m, left)) ? N(m, left)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next)
		if (kind(m, c) == K_IDENTIFIER && tp_str_same(text(m, c), model))
			return 1;
	return 0;
}

/* The name that statement stmt makes an alias or a copy of the model:
 * `raw_model = model`, `ema = copy.deepcopy(model)`, also with methods
 * called on the copy (`copy.deepcopy(model).to(device).eval()`); an empty
 * name if none. With copy set, copies only. */
static tp_str model_alias(const tp_matcher *m, uint32_t stmt, tp_str model, int copy)
{
	uint32_t a = kind(m, stmt) == K_EXPR_STMT ? N(m, stmt)->first : TP_NONE;
	uint32_t left = kind(m, a) == K_ASSIGNMENT ? tp_child(m->tree, a, F_LEFT) : TP_NONE;
	uint32_t right = left == TP_NONE ? TP_NONE : tp_child(m->tree, a, F_RIGHT);
	int copied = 0;
	while (kind(m, right) == K_CALL && !copied) {
		uint32_t f = tp_child(m->tree, right, F_FUNCTION), args = tp_child(m->tree, right, F_ARGUMENTS);
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : f;
		uint32_t obj = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_OBJECT) : TP_NONE;
		uint32_t only = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
		copied = tp_str_eq(text(m, leaf), "deepcopy");
		if (copied)
			right = only != TP_NONE && N(m, only)->next == TP_NONE ? only : TP_NONE;
		else /* a method of the copy: `.to(device)`, `.eval()` */
			right = kind(m, obj) == K_CALL ? obj : TP_NONE;
	}
	if (kind(m, left) != K_IDENTIFIER || kind(m, right) != K_IDENTIFIER || !tp_str_same(text(m, right), model) ||
	    (copy && !copied))
		return (tp_str){"", 0};
	return text(m, left);
}

/* Whether MAIN calls name: `name(x)`. */
static int calls_name(const tp_matcher *m, tp_str name)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t f = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		if (kind(m, f) == K_IDENTIFIER && tp_str_same(text(m, f), name))
			return 1;
	}
	return 0;
}

/* Whether statement stmt is one forward of the model on its own, `model(x)`
 * or `_ = model(x)`: before the optimizer, it creates lazy parameters
 * (LazyLinear, Pyro's AutoNormal guide), which DDP must see. */
static int initializing_forward(const tp_matcher *m, uint32_t stmt, tp_str model)
{
	uint32_t e = kind(m, stmt) == K_EXPR_STMT ? N(m, stmt)->first : TP_NONE;
	if (kind(m, e) == K_ASSIGNMENT)
		e = tp_child(m->tree, e, F_RIGHT);
	uint32_t f = kind(m, e) == K_CALL ? tp_child(m->tree, e, F_FUNCTION) : TP_NONE;
	return f != TP_NONE && tp_str_same(text(m, f), model);
}

/* Whether statement stmt only asks the model something, `skip =
 * model.no_weight_decay()`: a method called with no arguments, assigned. */
static int queries_model(const tp_matcher *m, uint32_t stmt, tp_str model)
{
	uint32_t a = kind(m, stmt) == K_EXPR_STMT ? N(m, stmt)->first : TP_NONE;
	uint32_t call = kind(m, a) == K_ASSIGNMENT ? tp_child(m->tree, a, F_RIGHT) : TP_NONE;
	uint32_t f = kind(m, call) == K_CALL ? tp_child(m->tree, call, F_FUNCTION) : TP_NONE;
	uint32_t obj = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_OBJECT) : TP_NONE;
	uint32_t args = obj == TP_NONE ? TP_NONE : tp_child(m->tree, call, F_ARGUMENTS);
	return kind(m, obj) == K_IDENTIFIER && tp_str_same(text(m, obj), model) && kind(m, args) == K_ARG_LIST && N(m, args)->first == TP_NONE &&
	       !mentions(m, tp_child(m->tree, a, F_LEFT), model);
}

/* Whether statement stmt reads the model's parameters or modules by name
 * (`[p for n, p in model.named_parameters() if n.startswith("backbone")]`):
 * after the wrap each name would start with "module.". */
static int reads_names(const tp_matcher *m, uint32_t stmt, tp_str model)
{
	for (uint32_t j = stmt; j < N(m, stmt)->end_index; j++) {
		uint32_t p = N(m, j)->parent;
		tp_str attr = kind(m, p) == K_ATTRIBUTE && N(m, j)->field == F_OBJECT ? text(m, tp_child(m->tree, p, F_ATTRIBUTE)) : (tp_str){"", 0};
		if (kind(m, j) == K_IDENTIFIER && tp_str_same(text(m, j), model) && attr.len > 6 && memcmp(attr.ptr, "named_", 6) == 0 &&
		    N(m, p)->field == F_FUNCTION)
			return 1;
	}
	return 0;
}

/* Whether expression e is an attribute, subscript or call chain on the
 * model: `model.fc`, `model.classifier[6]`, `model.body.parameters()`. */
static int on_model(const tp_matcher *m, uint32_t e, tp_str model)
{
	int chained = 0;
	for (;;) {
		if (kind(m, e) == K_ATTRIBUTE || kind(m, e) == K_SUBSCRIPT)
			e = tp_child(m->tree, e, kind(m, e) == K_ATTRIBUTE ? F_OBJECT : F_VALUE);
		else if (kind(m, e) == K_CALL)
			e = tp_child(m->tree, e, F_FUNCTION);
		else
			return chained && kind(m, e) == K_IDENTIFIER && tp_str_same(text(m, e), model);
		if (kind(m, e) == K_IDENTIFIER && kind(m, N(m, e)->parent) == K_CALL && N(m, e)->field == F_FUNCTION)
			return 0; /* the model's forward, `model(x).sum().backward()`: no part of it */
		chained = 1;
	}
}

/* A loop over the model's own parts (`for p in model.body.parameters():
 * p.requires_grad = False`): it prepares the model, it does not train it. */
static int setup_loop(const tp_matcher *m, uint32_t stmt, tp_str model)
{
	return kind(m, stmt) == K_FOR && on_model(m, tp_child(m->tree, stmt, F_RIGHT), model);
}

static int passes_model(const tp_matcher *m, uint32_t call, tp_str model);

/* A name in lower case into buf (for matching words in it); 0 when it is
 * empty or does not fit. */
static int lower_name(char *buf, size_t size, tp_str name)
{
	if (!name.len || name.len >= size)
		return 0;
	for (size_t i = 0; i < name.len; i++)
		buf[i] = (char)(name.ptr[i] | (name.ptr[i] >= 'A' && name.ptr[i] <= 'Z' ? 0x20 : 0));
	buf[name.len] = 0;
	return 1;
}

static int calls_backward(const tp_matcher *m, uint32_t root);

/* Whether call runs a module-level function of MAIN that trains: it (or a
 * function of MAIN that it calls) calls backward. Whatever its name, it is
 * no preparation: `trainIters(encoder, n)` that calls `train(...)`. */
static int trains_when_called(const tp_matcher *m, uint32_t call, int depth)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	if (kind(m, fn) != K_IDENTIFIER || depth > 4)
		return 0;
	for (uint32_t s = N(m, 0)->first; s != TP_NONE; s = N(m, s)->next) {
		uint32_t def = kind(m, s) == K_DECORATED_DEF ? tp_child(m->tree, s, F_DEFINITION) : s;
		uint32_t name = kind(m, def) == K_FUNCTION_DEF ? tp_child(m->tree, def, F_NAME) : TP_NONE;
		if (name == TP_NONE || !tp_str_same(text(m, name), text(m, fn)))
			continue;
		if (calls_backward(m, def))
			return 1;
		for (uint32_t j = def; j < N(m, def)->end_index; j++)
			if (kind(m, j) == K_CALL && trains_when_called(m, j, depth + 1))
				return 1;
	}
	return 0;
}

/* Whether call's function is named for one of words: one starts or ends a
 * word of the name (split at '_', digits and capitals), so trainIters holds
 * no "init", which spans two. Not one of MAIN's functions that trains. */
static int named_for(const tp_matcher *m, uint32_t call, const char *const *words)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : fn;
	tp_str name = kind(m, leaf) == K_IDENTIFIER ? text(m, leaf) : (tp_str){"", 0};
	char low[64];
	if (!lower_name(low, sizeof low, name) || trains_when_called(m, call, 0))
		return 0;
	for (size_t s = 0, e; s < name.len; s = e) {
		e = s + 1; /* the word at s: a capital, then lower case letters */
		while (e < name.len && name.ptr[e] >= 'a' && name.ptr[e] <= 'z')
			e++;
		if (!(name.ptr[s] >= 'a' && name.ptr[s] <= 'z') && !(name.ptr[s] >= 'A' && name.ptr[s] <= 'Z'))
			continue;
		tp_str word = {low + s, e - s};
		for (const char *const *w = words; *w; w++) {
			size_t n = strlen(*w);
			if (word.len >= n && (memcmp(word.ptr, *w, n) == 0 || memcmp(word.ptr + word.len - n, *w, n) == 0) &&
			    !memmem(word.ptr, word.len, "loader", 6))
				return 1;
		}
	}
	return 0;
}

/* Whether call goes to an early-stopping object (`stopper.step(acc,
 * model)`, `early_stopping(val_loss, model)` of an EarlyStopping(...)): it
 * saves the best model's state_dict for MAIN to load back. 2 when its class
 * comes from another file, whose saves are not rank 0's alone. */
static int early_stopper(const tp_matcher *m, uint32_t call)
{
	uint32_t obj = tp_child(m->tree, call, F_FUNCTION);
	obj = kind(m, obj) == K_ATTRIBUTE ? tp_child(m->tree, obj, F_OBJECT) : obj;
	const tp_binding *b = kind(m, obj) == K_IDENTIFIER ? tp_resolve_name(m->res, obj, text(m, obj).ptr, text(m, obj).len) : NULL;
	uint32_t fn = b && b->kind == TP_BIND_LOCAL && kind(m, b->value) == K_CALL ? tp_child(m->tree, b->value, F_FUNCTION) : TP_NONE;
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : fn;
	char low[64], word[64];
	size_t n = 0;
	if (kind(m, leaf) != K_IDENTIFIER || !lower_name(low, sizeof low, text(m, leaf)))
		return 0;
	for (const char *c = low; *c; c++) /* EarlyStopping, Early_Stopper */
		if (*c != '_')
			word[n++] = *c;
	word[n] = 0;
	if (!strstr(word, "earlystop"))
		return 0;
	uint32_t root = fn;
	while (kind(m, root) == K_ATTRIBUTE)
		root = tp_child(m->tree, root, F_OBJECT);
	const tp_binding *cls = kind(m, root) == K_IDENTIFIER ? tp_resolve_name(m->res, root, text(m, root).ptr, text(m, root).len) : NULL;
	return cls && cls->kind == TP_BIND_IMPORT ? 2 : 1;
}

/* Whether call's function is named for initialising or loading a model:
 * initialize_weights(net), load_checkpoint(path, net, opt), resume(model),
 * weights_init(m), loadPretrained(net). */
static int prepares_by_name(const tp_matcher *m, uint32_t call)
{
	static const char *const words[] = {"init", "load", "restore", "resume", "pretrain", NULL};
	return named_for(m, call, words);
}

/* Whether call's function is named for loading a checkpoint:
 * load_checkpoint(path, net), resume(model), restore(net, path). */
static int loads_by_name(const tp_matcher *m, uint32_t call)
{
	static const char *const words[] = {"load", "restore", "resume", NULL};
	return named_for(m, call, words);
}

static int placement_statement(const tp_matcher *m, uint32_t stmt, tp_str model)
{
	static const char *const set_device[] = {"torch.cuda.set_device", "torch.npu.set_device", NULL};
	if (setup_loop(m, stmt, model))
		return 1;
	uint32_t e = kind(m, stmt) == K_EXPR_STMT ? N(m, stmt)->first : TP_NONE;
	if (e == TP_NONE || N(m, e)->next != TP_NONE)
		return 0;
	if (kind(m, e) == K_ASSIGNMENT) {
		/* `model.fc = nn.Linear(...)` (a new head), `model = model.cuda()` */
		uint32_t left = tp_child(m->tree, e, F_LEFT), right = tp_child(m->tree, e, F_RIGHT);
		return on_model(m, left, model) ||
		       (assigns_model(m, e, model) && kind(m, right) == K_CALL && on_model(m, right, model));
	}
	/* set_device(i), model.apply(init), initialize_weights(model), load_checkpoint(path, model, opt) */
	return kind(m, e) == K_CALL && (tp_match__qname_in(qname(m, e), set_device) || on_model(m, e, model) ||
					(passes_model(m, e, model) && prepares_by_name(m, e)));
}

/* A placement statement, or an `if` or `try` whose statements that name the
 * model all are (`if cuda: model.cuda()`; EasyOCR's `try: if opt.freeze: for
 * p in model.FeatureExtraction.parameters(): ...` with `except: pass`). */
static int places_model(const tp_matcher *m, uint32_t stmt, tp_str model, int depth)
{
	if (placement_statement(m, stmt, model))
		return 1;
	if ((kind(m, stmt) != K_IF && kind(m, stmt) != K_TRY) || depth > 8 || !mentions(m, stmt, model) ||
	    (kind(m, stmt) == K_IF && mentions(m, N(m, stmt)->first, model)))
		return 0;
	for (uint32_t j = stmt + 1; j < N(m, stmt)->end_index; j++) {
		uint32_t p = N(m, j)->parent;
		if (kind(m, p) != K_BLOCK || kind(m, j) == K_COMMENT || !mentions(m, j, model))
			continue;
		if (!(kind(m, j) == K_IF || kind(m, j) == K_TRY ? places_model(m, j, model, depth + 1) : placement_statement(m, j, model)))
			return 0;
		j = N(m, j)->end_index - 1;
	}
	return 1;
}

/* What DistributedDataParallel answers itself, as any nn.Module does: the
 * model's own layers, attributes and methods are reached through .module. */
static int is_module_api(tp_str name)
{
	static const char *const api[] = {
		"forward", "train", "eval", "training", "parameters", "named_parameters", "buffers", "named_buffers",
		"modules", "named_modules", "zero_grad", "to", "cuda", "npu", "cpu", "half", "float", "double",
		"bfloat16", "type", "apply", "requires_grad_", "register_forward_hook", "register_forward_pre_hook",
		"register_full_backward_hook", "register_backward_hook", "register_buffer", "register_parameter", "add_module",
		"get_submodule", "get_parameter", "get_buffer", "share_memory", "extra_repr", "module", "no_sync", "join",
		"register_comm_hook", "to_empty", NULL};
	for (const char *const *p = api; *p; p++)
		if (tp_str_eq(name, *p))
			return 1;
	return 0;
}

int tp_runs_layers(const tp_tree *t, const char *src, uint32_t def)
{
	for (uint32_t j = def; j < t->nodes[def].end_index; j++) {
		uint32_t f = t->nodes[j].kind == K_CALL ? tp_child(t, j, F_FUNCTION) : TP_NONE;
		uint32_t obj = f != TP_NONE && t->nodes[f].kind == K_ATTRIBUTE ? tp_child(t, f, F_OBJECT) : f;
		uint32_t leaf = obj != f ? tp_child(t, f, F_ATTRIBUTE) : TP_NONE;
		tp_str l = leaf == TP_NONE ? (tp_str){"", 0} : (tp_str){src + t->nodes[leaf].start, t->nodes[leaf].end - t->nodes[leaf].start};
		if (obj != TP_NONE && t->nodes[obj].kind == K_IDENTIFIER && t->nodes[obj].end - t->nodes[obj].start == 4 &&
		    memcmp(src + t->nodes[obj].start, "self", 4) == 0 && !is_module_api(l) && !parameters_method(l))
			return 1;
	}
	return 0;
}


/* The model's own attribute that a call of hasattr, getattr or setattr
 * (the builtins) names in a plain string (`hasattr(model, "obs_filter")`),
 * its object in *obj; else TP_NONE. */
static uint32_t reflected_attr(const tp_matcher *m, uint32_t call, uint32_t *obj)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION), args = tp_child(m->tree, call, F_ARGUMENTS);
	tp_str f = kind(m, fn) == K_IDENTIFIER ? text(m, fn) : (tp_str){"", 0};
	if ((!tp_str_eq(f, "hasattr") && !tp_str_eq(f, "getattr") && !tp_str_eq(f, "setattr")) || kind(m, args) != K_ARG_LIST ||
	    tp_resolve_name(m->res, fn, f.ptr, f.len))
		return TP_NONE;
	uint32_t o = N(m, args)->first;
	while (kind(m, o) == K_COMMENT)
		o = N(m, o)->next;
	uint32_t str = o == TP_NONE ? TP_NONE : N(m, o)->next;
	while (kind(m, str) == K_COMMENT)
		str = N(m, str)->next;
	uint32_t open = kind(m, str) == K_STRING ? N(m, str)->first : TP_NONE, content = open == TP_NONE ? TP_NONE : N(m, open)->next;
	if (kind(m, o) != K_IDENTIFIER || kind(m, content) != K_STRING_CONTENT || kind(m, N(m, content)->next) != K_STRING_END ||
	    is_module_api(text(m, content)))
		return TP_NONE;
	*obj = o;
	return content;
}

/* Whether call passes the model itself: `model = train_model(model, ...)`
 * gets back the model it trained, wrapped still. */
static int passes_model(const tp_matcher *m, uint32_t call, tp_str model)
{
	uint32_t args = kind(m, call) == K_CALL ? tp_child(m->tree, call, F_ARGUMENTS) : TP_NONE;
	for (uint32_t a = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; a != TP_NONE; a = N(m, a)->next) {
		uint32_t v = kind(m, a) == K_KEYWORD_ARG ? tp_child(m->tree, a, F_VALUE) : a;
		if (kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model))
			return 1;
	}
	return 0;
}

/* Whether call passes both the model and one of its optimizers (a name
 * assigned from a call on model.parameters()): `train(model, optimizer, ...)`
 * trains it, as a loop does. */
static int trains_model(const tp_matcher *m, uint32_t call, tp_str model)
{
	if (!passes_model(m, call, model))
		return 0;
	for (uint32_t a = N(m, tp_child(m->tree, call, F_ARGUMENTS))->first; a != TP_NONE; a = N(m, a)->next) {
		uint32_t v = kind(m, a) == K_KEYWORD_ARG ? tp_child(m->tree, a, F_VALUE) : a;
		tp_str name = kind(m, v) == K_IDENTIFIER ? text(m, v) : (tp_str){"", 0};
		const tp_binding *b = name.len ? tp_resolve_name(m->res, v, name.ptr, name.len) : NULL;
		uint32_t value = b && b->kind == TP_BIND_LOCAL ? b->value : TP_NONE;
		const char *qn = kind(m, value) == K_CALL ? qname(m, value) : NULL;
		if (qn && strncmp(qn, "torch.optim.", 12) == 0 && !strchr(qn + 12, '.'))
			return 1; /* an optimizer, over a list of the model's parameters */
		for (uint32_t j = value; j != TP_NONE && j < N(m, value)->end_index; j++)
			if (kind(m, j) == K_CALL && model_parameters(m, j, model))
				return 1;
	}
	return 0;
}

/* Whether the module-level function that holds node is called before
 * offset at, by its name: then the model it uses is not wrapped yet. */
static int called_before(const tp_matcher *m, uint32_t node, uint32_t at)
{
	uint32_t fn = m->res->scope_of[node];
	while (fn != 0 && m->res->scope_of[fn] != 0)
		fn = m->res->scope_of[fn];
	uint32_t name = kind(m, fn) == K_FUNCTION_DEF ? tp_child(m->tree, fn, F_NAME) : TP_NONE;
	if (name == TP_NONE)
		return 1; /* a class: its methods run whenever */
	for (uint32_t j = 0; j < m->tree->count && N(m, j)->start < at; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		if (kind(m, f) == K_IDENTIFIER && tp_str_same(text(m, f), text(m, name)) && (j < fn || j >= N(m, fn)->end_index))
			return 1;
	}
	return 0;
}

/* Whether loop i may train: not a loop over the model's own parts (see
 * setup_loop), nor over an optimizer's param_groups (`g["lr"] = lr` after a
 * restore), nor one that calls nothing. */
static int training_loop(const tp_matcher *m, uint32_t i, tp_str model)
{
	if (kind(m, i) != K_FOR && kind(m, i) != K_WHILE)
		return 0;
	uint32_t over = kind(m, i) == K_FOR ? tp_child(m->tree, i, F_RIGHT) : TP_NONE;
	if (setup_loop(m, i, model) ||
	    (kind(m, over) == K_ATTRIBUTE && tp_str_eq(text(m, tp_child(m->tree, over, F_ATTRIBUTE)), "param_groups")))
		return 0;
	for (uint32_t j = i + 1; j < N(m, i)->end_index; j++)
		if (kind(m, j) == K_CALL)
			return 1;
	return 0;
}

/* Whether a statement of block blk after the one that holds node trains
 * the model: a loop, or a call given the model and its optimizer. */
static int trains_after(const tp_matcher *m, uint32_t blk, uint32_t node, tp_str model)
{
	uint32_t from = statement_in(m, blk, node);
	for (uint32_t t = from == TP_NONE ? TP_NONE : N(m, from)->next; t != TP_NONE; t = N(m, t)->next)
		for (uint32_t i = t; i < N(m, t)->end_index; i++)
			if (kind(m, i) == K_FUNCTION_DEF || kind(m, i) == K_CLASS_DEF)
				i = N(m, i)->end_index - 1;
			else if (training_loop(m, i, model) || trains_model(m, i, model))
				return 1;
	return 0;
}

/* The assignment of the model to wrap, given the first and last in the
 * scope that creates it: the last before the first loop (or call that
 * trains it: see trains_model, or a function of MAIN given it that trains,
 * `trainIters(encoder, n)`) after the first one, or else the last. An
 * assignment after training (reloading the best checkpoint for a final
 * test, `model = train_model(model, optimizer, ...)`) must not leave
 * training unwrapped. */
static uint32_t wrap_target(const tp_matcher *m, tp_str model, uint32_t first, uint32_t last)
{
	uint32_t s = m->res->scope_of[first], loop = TP_NONE;
	uint32_t from = statement_in(m, common_block(m, first, last), first);
	for (uint32_t t = from == TP_NONE ? TP_NONE : N(m, from)->next; t != TP_NONE && t < last && loop == TP_NONE; t = N(m, t)->next) {
		if (kind(m, t) == K_FUNCTION_DEF || kind(m, t) == K_CLASS_DEF || kind(m, t) == K_DECORATED_DEF)
			continue;
		for (uint32_t i = t; i < N(m, t)->end_index && loop == TP_NONE; i++)
			if (kind(m, i) == K_FUNCTION_DEF || kind(m, i) == K_CLASS_DEF) /* defined here, run later (`def freeze(m): for p in ...`) */
				i = N(m, i)->end_index - 1;
			else if (training_loop(m, i, model) || trains_model(m, i, model) ||
			    (kind(m, i) == K_CALL && passes_model(m, i, model) && trains_when_called(m, i, 0)))
				loop = t;
	}
	if (loop == TP_NONE)
		return last;
	uint32_t chosen = first;
	for (uint32_t i = first; i < loop; i++)
		if (m->res->scope_of[i] == s && assigns_model(m, i, model))
			chosen = i;
	return chosen;
}

/* A name bound at module level to an import of exactly qn. */
static int module_import(const tp_matcher *m, const char *name, const char *qn)
{
	const tp_binding *b = tp_resolve_name(m->res, 0, name, strlen(name));
	return b && b->kind == TP_BIND_IMPORT && strcmp(b->qname, qn) == 0;
}

/* module_import, by an `import name` up to top-level statement anchor: the
 * preamble there can use it. */
/* Whether an import of MAIN binds name (`import model`, `from . import model`). */
static int imports_name(const tp_matcher *m, tp_str name)
{
	for (uint32_t j = 0; j < m->tree->count; j++) {
		const tp_binding *b = kind(m, j) == K_IMPORT || kind(m, j) == K_IMPORT_FROM ? tp_resolve_name(m->res, j, name.ptr, name.len) : NULL;
		if (b && b->kind == TP_BIND_IMPORT)
			return 1;
	}
	return 0;
}

static int imported_by(const tp_matcher *m, const char *name, uint32_t anchor)
{
	if (!module_import(m, name, name) || anchor == TP_NONE)
		return 0;
	for (uint32_t j = 0; j < N(m, anchor)->end_index; j++) {
		if (kind(m, j) != K_IMPORT || m->res->scope_of[j] != 0)
			continue;
		for (uint32_t c = N(m, j)->first; c != TP_NONE; c = N(m, c)->next)
			if (kind(m, c) == K_DOTTED_NAME && N(m, c)->first != TP_NONE && tp_str_eq(text(m, N(m, c)->first), name))
				return 1;
	}
	return 0;
}


static int constant_value(const tp_matcher *m, uint32_t e, int depth);
static uint32_t function_of(const tp_matcher *m, uint32_t node);

/* Whether parameter id of function fn gets what holds(m, value, depth)
 * accepts from every caller: fn is only called by its name (never handed on:
 * mp.spawn(fn, ...) gives it a rank), at least once, and each call passes
 * such a value there or leaves it to such a default. */
static int every_caller_gives(const tp_matcher *m, uint32_t fn, uint32_t id, int depth, int (*holds)(const tp_matcher *, uint32_t, int))
{
	uint32_t name = tp_child(m->tree, fn, F_NAME), params = tp_child(m->tree, fn, F_PARAMETERS);
	if (name == TP_NONE || params == TP_NONE || kind(m, m->res->scope_of[fn]) == K_CLASS_DEF)
		return 0; /* a method: self shifts the arguments */
	int idx = 0;
	uint32_t param = TP_NONE;
	for (uint32_t c = N(m, params)->first; c != TP_NONE && param == TP_NONE; c = N(m, c)->next) {
		if (tp_match__param_name(m, c) == id)
			param = c;
		else
			idx += kind(m, c) != K_COMMENT;
	}
	if (param == TP_NONE)
		return 0;
	char *key = tp_arena_strndup(m->arena, text(m, id).ptr, text(m, id).len);
	int calls = 0;
	for (uint32_t j = 0; j < m->tree->count; j++) {
		if (j == name || !tp_match__names(m, j) || !tp_str_same(text(m, j), text(m, name)))
			continue;
		uint32_t call = N(m, j)->parent, args = tp_child(m->tree, call, F_ARGUMENTS);
		if (kind(m, call) != K_CALL || N(m, j)->field != F_FUNCTION || kind(m, args) != K_ARG_LIST)
			return 0;
		int kw = 0;
		uint32_t a = tp_match__find_arg(m, args, idx, key, &kw);
		uint32_t v = a == TP_NONE ? tp_child(m->tree, param, F_VALUE) : kw ? tp_child(m->tree, a, F_VALUE) : a;
		if (v == TP_NONE || !holds(m, v, depth + 1))
			return 0;
		calls++;
	}
	return calls > 0;
}

/* Whether expression e is an integer the script fixes: a literal, a local
 * its scope sets once to one, or a parameter every caller gives one
 * (`rank = 0` in a single-card script, handed to train(rank, ...)). */
static int constant_value(const tp_matcher *m, uint32_t e, int depth)
{
	if (kind(m, e) == K_INTEGER)
		return 1;
	if (kind(m, e) != K_IDENTIFIER || N(m, e)->field == F_ATTRIBUTE || depth > 2)
		return 0;
	tp_str t = text(m, e);
	const tp_binding *b = tp_resolve_name(m->res, e, t.ptr, t.len);
	if (!b || b->kind != TP_BIND_LOCAL)
		return 0;
	if (b->value != TP_NONE)
		return constant_value(m, b->value, depth + 1);
	uint32_t fn = function_of(m, e);
	uint32_t params = fn ? tp_child(m->tree, fn, F_PARAMETERS) : TP_NONE;
	for (uint32_t c = params == TP_NONE ? TP_NONE : N(m, params)->first; c != TP_NONE; c = N(m, c)->next) {
		uint32_t id = tp_match__param_name(m, c);
		if (id != TP_NONE && tp_str_same(text(m, id), t))
			return every_caller_gives(m, fn, id, depth, constant_value);
	}
	return 0;
}

/* Whether identifier j names a rank or the main process (`rank`,
 * `is_main_process`) and is no constant of the script; or string j is
 * such a key of a subscript (KAIR's `opt['rank'] == 0`). */
static int names_rank(const tp_matcher *m, uint32_t j)
{
	tp_str c = text(m, j);
	int key = kind(m, j) == K_STRING && kind(m, N(m, j)->parent) == K_SUBSCRIPT && N(m, j)->field != F_VALUE, named = 0;
	for (size_t i = 0; (kind(m, j) == K_IDENTIFIER || key) && !named && i + 4 <= c.len; i++)
		named = memcmp(c.ptr + i, "rank", 4) == 0 || memcmp(c.ptr + i, "main", 4) == 0;
	return named && (key || !constant_value(m, j, 0));
}

/* Guarded already: inside an `if` whose condition names a rank or the main
 * process (`args.rank == 0`, `is_main_process()`), in a name: the string of
 * `if __name__ == "__main__":` is no guard, nor a constant named rank. */
static int rank_guarded(const tp_matcher *m, uint32_t n)
{
	for (uint32_t p = N(m, n)->parent; p != TP_NONE; p = N(m, p)->parent) {
		uint32_t cond = kind(m, p) == K_IF ? N(m, p)->first : TP_NONE;
		for (uint32_t j = cond; j != TP_NONE && j < N(m, cond)->end_index; j++)
			if (names_rank(m, j))
				return 1;
	}
	return 0;
}

/* Puts statement w (on lines of its own) under `if npu_rank == 0:`, each
 * of its lines indented one step more (not those inside a string that spans
 * lines). Returns 0 when w shares a line with other code. */
static int guard_block(tp_matcher *m, uint32_t w)
{
	tp_str ind = tp_match__indent(m, N(m, w)->start);
	if (ind.ptr + ind.len != m->src + N(m, w)->start)
		return 0;
	/* The step: what the body adds to w's indentation, or four spaces. */
	uint32_t body = tp_child(m->tree, w, F_BODY);
	uint32_t first = body == TP_NONE ? TP_NONE : N(m, body)->first;
	tp_str bind = first == TP_NONE ? ind : tp_match__indent(m, N(m, first)->start);
	int own_line = first != TP_NONE && bind.ptr + bind.len == m->src + N(m, first)->start && bind.len > ind.len;
	const char *step = own_line ? tp_arena_strndup(m->arena, bind.ptr + ind.len, bind.len - ind.len) : "    ";
	add(m, TP_OP_INSERT, N(m, w)->start, N(m, w)->start, tp_arena_printf(m->arena, "if npu_rank == 0:%s%.*s%s", m->eol, (int)ind.len, ind.ptr, step),
	    "save checkpoints on rank 0 only: the with block that opens the file runs there too");
	for (uint32_t k = N(m, w)->start; k < N(m, w)->end; k++) {
		if (m->src[k] != '\n')
			continue;
		uint32_t l = k + 1, e = l;
		while (e < N(m, w)->end && (m->src[e] == ' ' || m->src[e] == '\t' || m->src[e] == '\r'))
			e++;
		if (l >= N(m, w)->end || m->src[e] == '\n')
			continue; /* a blank line */
		int in_string = 0;
		for (uint32_t j = w; j < N(m, w)->end_index && !in_string; j++)
			in_string = kind(m, j) == K_STRING && N(m, j)->start < l && l < N(m, j)->end;
		if (!in_string)
			add(m, TP_OP_INSERT, l, l, step, "indented under the rank-0 guard");
	}
	return 1;
}

/* Whether the with statement w opens only what it is given by calls
 * named `name` (`with open(path, "wb") as f`, `gzip.open`): the calls of
 * its header outside other calls. */
static int with_of(const tp_matcher *m, uint32_t w, const char *name)
{
	uint32_t body = tp_child(m->tree, w, F_BODY);
	int found = 0;
	for (uint32_t j = w + 1; j < body && j < N(m, w)->end_index; j++) {
		if (kind(m, j) != K_CALL)
			continue;
		uint32_t f = tp_child(m->tree, j, F_FUNCTION);
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : f;
		if (leaf == TP_NONE || !tp_str_eq(text(m, leaf), name))
			return 0;
		found = 1;
		j = N(m, j)->end_index - 1;
	}
	return found;
}

/* Whether a loop is under root. */
static int has_loop(const tp_matcher *m, uint32_t root)
{
	for (uint32_t j = root; j < N(m, root)->end_index; j++)
		if (kind(m, j) == K_FOR || kind(m, j) == K_WHILE)
			return 1;
	return 0;
}

/* Whether v names the directory of the `with tempfile.TemporaryDirectory()
 * as d:` block it is in, or is a `tempfile.mkdtemp()`: each rank's own. */
static int temp_dir(const tp_matcher *m, uint32_t v, int depth)
{
	static const char *const mkdtemp[] = {"tempfile.mkdtemp", NULL};
	(void)depth;
	if (kind(m, v) == K_CALL)
		return tp_match__qname_in(qname(m, v), mkdtemp);
	for (uint32_t p = kind(m, v) == K_IDENTIFIER ? N(m, v)->parent : TP_NONE; p != TP_NONE; p = N(m, p)->parent) {
		uint32_t body = kind(m, p) == K_WITH && with_of(m, p, "TemporaryDirectory") ? tp_child(m->tree, p, F_BODY) : TP_NONE;
		for (uint32_t j = p + 1; body != TP_NONE && j < body; j++)
			if (kind(m, j) == K_IDENTIFIER && tp_str_same(text(m, j), text(m, v)) && kind(m, N(m, j)->parent) != K_ATTRIBUTE)
				return 1;
	}
	return 0;
}

/* Whether save call `call` writes what each rank has for itself: in a
 * `with tempfile.TemporaryDirectory() as d:` block (or a TemporaryFile's), or
 * into an io.BytesIO, so each rank saves its own file and reads it back. */
static int own_file(const tp_matcher *m, uint32_t call)
{
	static const char *const temp[] = {"TemporaryDirectory", "TemporaryFile", "NamedTemporaryFile", "SpooledTemporaryFile", NULL};
	static const char *const bytes_io[] = {"io.BytesIO", NULL};
	for (uint32_t p = N(m, call)->parent; p != TP_NONE; p = N(m, p)->parent)
		for (const char *const *t = temp; kind(m, p) == K_WITH && *t; t++)
			if (with_of(m, p, *t))
				return 1;
	int kw = 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS), fn = function_of(m, call);
	uint32_t params = fn ? tp_child(m->tree, fn, F_PARAMETERS) : TP_NONE;
	for (uint32_t j = kind(m, args) == K_ARG_LIST ? args : TP_NONE; j != TP_NONE && params != TP_NONE && j < N(m, args)->end_index; j++)
		for (uint32_t c = kind(m, j) == K_IDENTIFIER ? N(m, params)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next) {
			uint32_t id = tp_match__param_name(m, c);
			if (id != TP_NONE && tp_str_same(text(m, id), text(m, j)) && every_caller_gives(m, fn, id, 0, temp_dir))
				return 1; /* MONAI's `with tempfile.TemporaryDirectory() as d: main(d)` */
		}
	uint32_t f = kind(m, args) == K_ARG_LIST ? tp_match__find_arg(m, args, 1, "f", &kw) : TP_NONE;
	f = f != TP_NONE && kw ? tp_child(m->tree, f, F_VALUE) : f;
	const tp_binding *b = kind(m, f) == K_IDENTIFIER ? tp_resolve_name(m->res, f, text(m, f).ptr, text(m, f).len) : NULL;
	f = b && b->kind == TP_BIND_LOCAL ? b->value : f; /* buf = io.BytesIO() */
	return kind(m, f) == K_CALL && tp_match__qname_in(qname(m, f), bytes_io);
}

/* Whether a function name says it saves a checkpoint: save_checkpoint,
 * save_model, saveCkpt, save_state_dict, save_pretrained. */
static int saver_name(tp_str name)
{
	static const char *const what[] = {"checkpoint", "ckpt", "model", "state", "weights", "pretrained", NULL};
	char low[64];
	if (!lower_name(low, sizeof low, name) || !strstr(low, "save"))
		return 0;
	for (const char *const *w = what; *w; w++)
		if (strstr(low, *w))
			return 1;
	return 0;
}

/* Whether a function name says only "save" (DARTS' utils.save(model,
 * path), save_network): a saver where the repository defines it. */
static int plain_saver_name(tp_str name)
{
	static const char *const plain[] = {"save", "save_network", "save_networks", "save_net", "snapshot", NULL};
	for (const char *const *p = plain; *p; p++)
		if (tp_str_eq(name, *p))
			return 1;
	return 0;
}

/* A call of a checkpoint saver that is not torch's or numpy's own
 * (`save_checkpoint(state, is_best)`, `utils.save_model(model, path)`): it
 * runs on rank 0 as a whole, with the file work around its torch.save (the
 * copy of the best checkpoint). */
static int saver_call(const tp_matcher *m, uint32_t call, const char *qn)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : fn;
	if (kind(m, leaf) != K_IDENTIFIER || (qn && (strncmp(qn, "torch.", 6) == 0 || strncmp(qn, "numpy.", 6) == 0)))
		return 0;
	if (saver_name(text(m, leaf)))
		return 1;
	/* a plain saver name: a function of the repository's modules or of
	 * MAIN, not a method of an object (`image.save(path)`) nor a library's */
	static const char *const libraries[] = {"PIL", "cv2", "imageio", "scipy", "matplotlib", "pandas", "joblib", "h5py", "mlflow",
						"wandb", "safetensors", "tensorflow", "keras", "jax", "paddle", "skimage", "nibabel",
						"SimpleITK", "torchaudio", "soundfile", "tifffile", "open3d", "trimesh", NULL};
	if (!plain_saver_name(text(m, leaf)))
		return 0;
	if (!qn) {
		const tp_binding *b = kind(m, fn) == K_IDENTIFIER ? tp_resolve_name(m->res, fn, text(m, fn).ptr, text(m, fn).len) : NULL;
		return b && tp_resolve_definition(m->res, b) != TP_NONE;
	}
	size_t top = strcspn(qn, ".");
	for (const char *const *l = libraries; *l; l++)
		if (strlen(*l) == top && strncmp(qn, *l, top) == 0)
			return 0;
	return 1;
}

/* Whether node is in a module-level saver function of MAIN that MAIN calls:
 * the guard goes on the calls. */
static int in_saver(const tp_matcher *m, uint32_t node)
{
	uint32_t fn = m->res->scope_of[node];
	while (fn != 0 && m->res->scope_of[fn] != 0)
		fn = m->res->scope_of[fn];
	uint32_t name = kind(m, fn) == K_FUNCTION_DEF ? tp_child(m->tree, fn, F_NAME) : TP_NONE;
	if (name == TP_NONE || (!saver_name(text(m, name)) && !plain_saver_name(text(m, name))))
		return 0;
	for (uint32_t j = 0; j < m->tree->count; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		if (kind(m, f) == K_IDENTIFIER && tp_str_same(text(m, f), text(m, name)))
			return 1;
	}
	return 0;
}

/* Whether dataset expression ds (or the value of the name it is) builds an
 * IterableDataset: a class of MAIN or of another file derived from one, or
 * one by its name. */
static int iterable_dataset(const tp_matcher *m, uint32_t ds)
{
	const tp_binding *b = kind(m, ds) == K_IDENTIFIER ? tp_resolve_name(m->res, ds, text(m, ds).ptr, text(m, ds).len) : NULL;
	if (b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE)
		ds = b->value;
	uint32_t fn = kind(m, ds) == K_CALL ? tp_child(m->tree, ds, F_FUNCTION) : TP_NONE;
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : fn;
	if (kind(m, leaf) != K_IDENTIFIER)
		return 0;
	const char *qn = m->dist_iterables ? tp_resolve_qname(m->res, fn, NULL) : NULL;
	if (qn && tp_map_get(m->dist_iterables, qn, strlen(qn)))
		return 1;
	tp_str cls = text(m, leaf);
	static const char *const iterable[] = {"IterableDataset", "IterDataPipe", "WebDataset", NULL};
	for (const char *const *c = iterable; *c; c++)
		if (tp_str_eq(cls, *c))
			return 1;
	for (uint32_t s = N(m, 0)->first; s != TP_NONE; s = N(m, s)->next) {
		uint32_t def = kind(m, s) == K_DECORATED_DEF ? tp_child(m->tree, s, F_DEFINITION) : s;
		uint32_t name = kind(m, def) == K_CLASS_DEF ? tp_child(m->tree, def, F_NAME) : TP_NONE;
		uint32_t bases = name != TP_NONE && tp_str_same(text(m, name), cls) ? tp_child(m->tree, def, F_SUPERCLASSES) : TP_NONE;
		for (uint32_t j = bases; j != TP_NONE && j < N(m, bases)->end_index; j++)
			for (const char *const *c = iterable; kind(m, j) == K_IDENTIFIER && *c; c++)
				if (tp_str_eq(text(m, j), *c))
					return 1;
	}
	return 0;
}

/* `total / len(loader.dataset)` of a loader that now has a sampler: the
 * rank summed its share only (the VAE example's average loss came out
 * halved on two ranks). */
static void dataset_averages(tp_matcher *m, tp_str loader)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t fn = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE, args = tp_child(m->tree, i, F_ARGUMENTS);
		uint32_t a = kind(m, fn) == K_IDENTIFIER && tp_str_eq(text(m, fn), "len") && kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
		if (kind(m, a) != K_ATTRIBUTE)
			continue;
		uint32_t obj = tp_child(m->tree, a, F_OBJECT), attr = tp_child(m->tree, a, F_ATTRIBUTE), p = N(m, i)->parent;
		if (kind(m, obj) != K_IDENTIFIER || !tp_str_same(text(m, obj), loader) || attr == TP_NONE ||
		    !tp_str_eq(text(m, attr), "dataset") || N(m, i)->field != F_RIGHT || (kind(m, p) != K_BINARY_OP && kind(m, p) != K_AUG_ASSIGN))
			continue;
		uint32_t left = tp_child(m->tree, p, F_LEFT);
		if (left == TP_NONE || !memchr(m->src + N(m, left)->end, '/', N(m, i)->start - N(m, left)->end))
			continue;
		note(m, i, tp_arena_printf(m->arena, "each rank sums over its share of %.*s (len(%.*s.sampler) samples), and "
						     "len(%.*s.dataset) counts them all: divide by len(%.*s.sampler), or all_reduce the sum first",
					   (int)loader.len, loader.ptr, (int)loader.len, loader.ptr, (int)loader.len, loader.ptr,
					   (int)loader.len, loader.ptr));
	}
}

/* `if torch.cuda.device_count() > 1:` around code other than a
 * DataParallel (which distributed mode removes): WaveRNN's
 * data_parallel_workaround, replicate/scatter/gather by hand. Each rank
 * runs it on a machine of several cards, over all of them. */
static void many_cards_branch(tp_matcher *m, uint32_t stmt)
{
	static const char *const count[] = {"torch.cuda.device_count", "torch.npu.device_count", NULL};
	uint32_t cond = N(m, stmt)->first, body = cond == TP_NONE ? TP_NONE : N(m, cond)->next;
	while (body != TP_NONE && kind(m, body) != K_BLOCK)
		body = N(m, body)->next; /* past a comment */
	int counted = 0;
	for (uint32_t j = cond; j != TP_NONE && j < N(m, cond)->end_index && !counted; j++) {
		uint32_t p = N(m, j)->parent;
		counted = kind(m, j) == K_CALL && tp_match__qname_in(qname(m, j), count) && kind(m, p) == K_COMPARISON &&
			  memchr(m->src + N(m, p)->start, '>', N(m, p)->end - N(m, p)->start);
	}
	uint32_t spread = TP_NONE; /* a call that spreads over the cards */
	for (uint32_t j = body; counted && j != TP_NONE && j < N(m, body)->end_index; j++) {
		const char *qn = kind(m, j) == K_CALL ? qname(m, j) : NULL;
		if (kind(m, j) != K_CALL || dataparallel_call(m, j, qn) || tp_match__qname_in(qn, tp_ddp_names))
			continue;
		tp_str f = text(m, tp_child(m->tree, j, F_FUNCTION));
		for (size_t k = 0; k + 8 <= f.len && spread == TP_NONE; k++)
			if (strncasecmp(f.ptr + k, "parallel", 8) == 0) /* nn.parallel.replicate, data_parallel_workaround */
				spread = j;
	}
	if (spread != TP_NONE)
		note(m, cond, "this branch runs in every rank on a machine of several cards: under DistributedDataParallel each rank "
			      "uses one card, so code here that spreads over all the cards (a DataParallel by hand: replicate, "
			      "scatter, parallel_apply) must go");
}

/* Whether call passes argument kw at idx as anything but False or None
 * (create_graph=True). */
static int passes_true(const tp_matcher *m, uint32_t call, int idx, const char *name)
{
	int kw = 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	uint32_t a = kind(m, args) == K_ARG_LIST ? tp_match__find_arg(m, args, idx, name, &kw) : TP_NONE;
	if (a != TP_NONE && kw)
		a = tp_child(m->tree, a, F_VALUE);
	return a != TP_NONE && !tp_str_eq(text(m, a), "False") && !tp_str_eq(text(m, a), "None");
}

/* Whether call is a tensor's `.backward(...)` that keeps its graph
 * (`loss1.backward(retain_graph=True)`) for another backward of the same
 * forward. */
static int retains_graph(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION);
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
	return leaf != TP_NONE && tp_str_eq(text(m, leaf), "backward") && passes_true(m, call, 1, "retain_graph");
}

/* DataParallel's convention, a batch scaled by the card count
 * (`batch_size *= torch.cuda.device_count()`, dlwpt's training.py): under
 * DDP each rank is one card that loads a batch of its own, so the factor
 * makes every rank's batch that many times larger. */
static void batch_times_cards(tp_matcher *m, uint32_t operand);

static void card_scaled_batch(tp_matcher *m, uint32_t call, const char *qn)
{
	static const char *const lists[] = {"device_ids", "gpu_ids", "gpus", NULL};
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION), args = tp_child(m->tree, call, F_ARGUMENTS);
	uint32_t arg = !qn && tp_str_eq(text(m, fn), "len") && kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
	uint32_t leaf = kind(m, arg) == K_ATTRIBUTE ? tp_child(m->tree, arg, F_ATTRIBUTE) : arg;
	char low[16];
	if (kind(m, leaf) == K_IDENTIFIER && lower_name(low, sizeof low, text(m, leaf)) && tp_match__qname_in(low, lists)) {
		batch_times_cards(m, call); /* HRNet's BATCH_SIZE_PER_GPU * len(cfg.GPUS) */
		return;
	}
	if (!qn || (strcmp(qn, "torch.cuda.device_count") != 0 && strcmp(qn, "torch.npu.device_count") != 0))
		return;
	batch_times_cards(m, call);
	/* through a name: `num_gpu = torch.cuda.device_count()`, then
	 * `batch_size=cfg.BATCH_SIZE * num_gpu` (AlphaPose) */
	uint32_t asg = N(m, call)->parent, left = kind(m, asg) == K_ASSIGNMENT ? tp_child(m->tree, asg, F_LEFT) : TP_NONE;
	if (kind(m, left) != K_IDENTIFIER)
		return;
	tp_str name = text(m, left);
	const tp_binding *b = tp_resolve_name(m->res, left, name.ptr, name.len);
	for (uint32_t i = 0; b && i < m->tree->count; i++)
		if (i != left && kind(m, i) == K_IDENTIFIER && tp_str_same(text(m, i), name) && tp_resolve_name(m->res, i, name.ptr, name.len) == b)
			batch_times_cards(m, i);
}

/* The WARNING of card_scaled_batch where operand (the count, or a name that
 * holds it) multiplies a batch size. */
static void batch_times_cards(tp_matcher *m, uint32_t operand)
{
	uint32_t p = N(m, operand)->parent, target = TP_NONE;
	while (kind(m, p) == K_PARENTHESIZED)
		p = N(m, p)->parent;
	uint32_t l = tp_child(m->tree, p, F_LEFT), r = tp_child(m->tree, p, F_RIGHT);
	if ((kind(m, p) != K_BINARY_OP && kind(m, p) != K_AUG_ASSIGN) || l == TP_NONE || r == TP_NONE ||
	    !memchr(m->src + N(m, l)->end, '*', N(m, r)->start - N(m, l)->end) || memmem(m->src + N(m, l)->end, N(m, r)->start - N(m, l)->end, "**", 2))
		return;
	if (kind(m, p) == K_AUG_ASSIGN)
		target = l;
	else {
		uint32_t u = N(m, p)->parent;
		while (kind(m, u) == K_PARENTHESIZED)
			u = N(m, u)->parent;
		target = kind(m, u) == K_ASSIGNMENT ? tp_child(m->tree, u, F_LEFT) : kind(m, u) == K_KEYWORD_ARG ? tp_child(m->tree, u, F_NAME) : TP_NONE;
	}
	tp_str t = target == TP_NONE ? (tp_str){"", 0} : text(m, target);
	int batch = 0;
	for (size_t k = 0; k + 5 <= t.len && !batch; k++)
		batch = strncasecmp(t.ptr + k, "batch", 5) == 0;
	if (batch)
		note(m, operand, tp_arena_printf(m->arena, "%.*s is scaled by the card count, as for DataParallel, which splits one batch over "
							"the cards: under DDP each rank is one card that loads a batch of its own, so every rank's "
							"batch would be that many times larger; drop the factor (each rank then gets what each "
							"card got)", (int)t.len, t.ptr));
}

/* An experiment tracker that MAIN starts outside a rank test
 * (`SummaryWriter(log_dir)`, `wandb.init(...)`): every rank would log a run
 * of its own. Its uses cannot go under a rank test without it, so this is
 * a WARNING, not an edit. */
static void every_rank_tracker(tp_matcher *m, uint32_t call, const char *qn)
{
	static const char *const trackers[] = {"torch.utils.tensorboard.SummaryWriter", "torch.utils.tensorboard.writer.SummaryWriter",
					       "tensorboardX.SummaryWriter", "wandb.init", "mlflow.start_run", "neptune.init_run",
					       "comet_ml.Experiment", "swanlab.init", NULL};
	if (!tp_match__qname_in(qn, trackers) || rank_guarded(m, call))
		return;
	note(m, call, tp_arena_printf(m->arena, "%s runs on every rank, so each rank logs a run of its own (an event file or a "
						"run per rank, with the same steps): create it under `if npu_rank == 0:` (None on the other "
						"ranks) and log only where it is not None", qn));
}

/* Whether node runs with autograd off: in the body of `with
 * torch.no_grad():` (or inference_mode), or of a function decorated with
 * it. */
static int grad_off(const tp_matcher *m, uint32_t node)
{
	static const char *const off[] = {"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad",
					  "torch.autograd.grad_mode.no_grad", "torch.autograd.grad_mode.inference_mode", NULL};
	static const char *const set_grad[] = {"torch.set_grad_enabled", "torch.autograd.set_grad_enabled",
					       "torch.autograd.grad_mode.set_grad_enabled", NULL};
	for (uint32_t c = node, p = N(m, node)->parent; p != TP_NONE; c = p, p = N(m, p)->parent) {
		uint32_t body = kind(m, p) == K_WITH ? tp_child(m->tree, p, F_BODY)
			      : kind(m, p) == K_DECORATED_DEF ? tp_child(m->tree, p, F_DEFINITION) : TP_NONE;
		for (uint32_t j = p + 1; c == body && j < body; j++) { /* the header, the decorators */
			if ((kind(m, j) == K_ATTRIBUTE || kind(m, j) == K_IDENTIFIER) && tp_match__qname_in(tp_resolve_qname(m->res, j, NULL), off))
				return 1;
			uint32_t args = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_ARGUMENTS) : TP_NONE;
			uint32_t a0 = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
			if (a0 != TP_NONE && tp_str_eq(text(m, a0), "False") &&
			    tp_match__qname_in(tp_resolve_qname(m->res, tp_child(m->tree, j, F_FUNCTION), NULL), set_grad))
				return 1; /* torch.set_grad_enabled(False) */
		}
	}
	return 0;
}

/* Whether a DataLoader call reads evaluation data: 1 by its names (the
 * dataset's or the loader's has a word that starts with test, val or eval:
 * `test_loader`, `DataLoader(val_set)`; not `interval`, `latest`, nor the
 * builtin `eval(...)`), 2 where it is built with autograd off (in makemore's
 * `@torch.inference_mode() def evaluate(...)`); else 0. */
static int evaluation_loader(const tp_matcher *m, uint32_t call)
{
	if (grad_off(m, call))
		return 2;
	int kw = 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS), p = N(m, call)->parent;
	uint32_t ds = kind(m, args) == K_ARG_LIST ? tp_match__find_arg(m, args, 0, "dataset", &kw) : TP_NONE;
	if (ds != TP_NONE && kw)
		ds = tp_child(m->tree, ds, F_VALUE);
	tp_str names[] = {ds == TP_NONE ? (tp_str){"", 0} : text(m, ds),
			  kind(m, p) == K_ASSIGNMENT ? text(m, tp_child(m->tree, p, F_LEFT)) : (tp_str){"", 0}};
	for (size_t n = 0; n < 2; n++)
		for (size_t i = 0; i + 3 <= names[n].len; i++) {
			const char *w = names[n].ptr + i;
			size_t rest = names[n].len - i;
			if ((i == 0 || !isalpha((unsigned char)w[-1])) &&
			    (strncasecmp(w, "test", 4) == 0 || strncasecmp(w, "val", 3) == 0 ||
			     (strncasecmp(w, "eval", 4) == 0 && !(rest > 4 && w[4] == '('))))
				return 1;
		}
	return 0;
}

/* The `None` that a DataLoader's sampler name holds (`train_sampler = None`,
 * then `DataLoader(train_dataset, shuffle=(train_sampler is None),
 * sampler=train_sampler)`), when that is its only value, it is assigned in
 * the call's scope after the dataset, and shuffle is left out or tests the
 * name; else TP_NONE. */
static uint32_t none_sampler(const tp_matcher *m, uint32_t call, uint32_t v)
{
	const tp_binding *b = kind(m, v) == K_IDENTIFIER ? tp_resolve_name(m->res, v, text(m, v).ptr, text(m, v).len) : NULL;
	uint32_t none = b && b->kind == TP_BIND_LOCAL ? b->value : TP_NONE;
	if (none == TP_NONE || !tp_str_eq(text(m, none), "None") || m->res->scope_of[none] != m->res->scope_of[call] || none > call)
		return TP_NONE;
	int kw = 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	uint32_t ds = tp_match__find_arg(m, args, 0, "dataset", &kw);
	ds = ds != TP_NONE && kw ? tp_child(m->tree, ds, F_VALUE) : ds;
	const tp_binding *db = kind(m, ds) == K_IDENTIFIER ? tp_resolve_name(m->res, ds, text(m, ds).ptr, text(m, ds).len) : NULL;
	if (!db || db->kind != TP_BIND_LOCAL || db->value == TP_NONE || db->value > none)
		return TP_NONE; /* the dataset must be there when the sampler is made */
	uint32_t sh = tp_match__find_arg(m, args, 2, "shuffle", &kw);
	return sh == TP_NONE || (kw && mentions(m, sh, text(m, v))) ? none : TP_NONE;
}

/* The RandomSampler or SequentialSampler of torch that sampler value v
 * makes (`sampler=RandomSampler(train_dataset)`, also through a name
 * assigned it once: BERT's fine-tuning scripts), given its dataset alone;
 * else TP_NONE. in_order says it is the SequentialSampler. */
static uint32_t plain_sampler(const tp_matcher *m, uint32_t v, int *in_order)
{
	static const char *const shuffled[] = {"torch.utils.data.RandomSampler", "torch.utils.data.sampler.RandomSampler", NULL};
	static const char *const ordered[] = {"torch.utils.data.SequentialSampler", "torch.utils.data.sampler.SequentialSampler", NULL};
	const tp_binding *b = kind(m, v) == K_IDENTIFIER ? tp_resolve_name(m->res, v, text(m, v).ptr, text(m, v).len) : NULL;
	if (b)
		v = b->kind == TP_BIND_LOCAL ? b->value : TP_NONE;
	const char *qn = kind(m, v) == K_CALL ? qname(m, v) : NULL;
	uint32_t args = qn ? tp_child(m->tree, v, F_ARGUMENTS) : TP_NONE, one = TP_NONE;
	for (uint32_t c = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next) {
		if (kind(m, c) == K_COMMENT)
			continue;
		if (one != TP_NONE || kind(m, c) == K_KEYWORD_ARG || kind(m, c) == K_LIST_SPLAT || kind(m, c) == K_DICT_SPLAT)
			return TP_NONE; /* num_samples, replacement, a generator: no DistributedSampler says the same */
		one = c;
	}
	*in_order = tp_match__qname_in(qn, ordered);
	return one != TP_NONE && (*in_order || tp_match__qname_in(qn, shuffled)) ? v : TP_NONE;
}

/* Whether the loader that call builds is a name read only under a rank
 * guard (KAIR's `if opt['rank'] == 0:` over its test_loader): rank 0 alone
 * evaluates, on all of the data. */
static int read_on_one_rank(const tp_matcher *m, uint32_t call)
{
	uint32_t p = N(m, call)->parent, left = kind(m, p) == K_ASSIGNMENT ? tp_child(m->tree, p, F_LEFT) : TP_NONE;
	if (kind(m, left) != K_IDENTIFIER)
		return 0;
	tp_str name = text(m, left);
	const tp_binding *b = tp_resolve_name(m->res, left, name.ptr, name.len);
	int reads = 0;
	for (uint32_t i = 0; b && i < m->tree->count; i++) {
		if (i == left || kind(m, i) != K_IDENTIFIER || !tp_str_same(text(m, i), name) || !tp_match__names(m, i) ||
		    tp_resolve_name(m->res, i, name.ptr, name.len) != b)
			continue;
		if (!rank_guarded(m, i))
			return 0;
		reads++;
	}
	return reads > 0;
}

/* Adds a DistributedSampler to one DataLoader call and returns the loader's
 * variable node when the call is assigned to a plain name. */
static uint32_t sample_loader(tp_matcher *m, uint32_t call)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	if (args == TP_NONE || kind(m, args) != K_ARG_LIST || read_on_one_rank(m, call))
		return TP_NONE;
	int kw = 0;
	uint32_t given = tp_match__find_arg(m, args, -1, "sampler", &kw);
	if (given != TP_NONE && (given = none_sampler(m, call, tp_child(m->tree, given, F_VALUE))) != TP_NONE) {
		/* `train_sampler = None` (SupContrast): the name gets the DistributedSampler */
		uint32_t p = N(m, call)->parent, ds = tp_match__find_arg(m, args, 0, "dataset", &kw);
		ds = ds != TP_NONE && kw ? tp_child(m->tree, ds, F_VALUE) : ds;
		add(m, TP_OP_MODIFY, N(m, given)->start, N(m, given)->end,
		    tp_arena_printf(m->arena, "torch.utils.data.distributed.DistributedSampler(%.*s)", (int)text(m, ds).len, text(m, ds).ptr),
		    "the DataLoader's sampler is a DistributedSampler: each rank reads its share");
		return kind(m, p) == K_ASSIGNMENT && kind(m, tp_child(m->tree, p, F_LEFT)) == K_IDENTIFIER ? tp_child(m->tree, p, F_LEFT) : TP_NONE;
	}
	int sequential = 0;
	given = tp_match__find_arg(m, args, -1, "sampler", &kw);
	uint32_t plain = given == TP_NONE ? TP_NONE : plain_sampler(m, tp_child(m->tree, given, F_VALUE), &sequential);
	if (plain != TP_NONE && !m->claimed[plain]) { /* a sampler of another loader may be this one's too */
		uint32_t ds = N(m, tp_child(m->tree, plain, F_ARGUMENTS))->first, p = N(m, call)->parent;
		while (kind(m, ds) == K_COMMENT)
			ds = N(m, ds)->next;
		memset(m->claimed + plain, 1, N(m, plain)->end_index - plain);
		add(m, TP_OP_MODIFY, N(m, plain)->start, N(m, plain)->end,
		    tp_arena_printf(m->arena, "torch.utils.data.distributed.DistributedSampler(%.*s%s)", (int)text(m, ds).len, text(m, ds).ptr,
				    sequential ? ", shuffle=False" : ""),
		    sequential ? "the SequentialSampler is a DistributedSampler that reads in order: each rank reads its share"
			     : "the RandomSampler is a DistributedSampler: each rank reads its share");
		if (sequential || evaluation_loader(m, call))
			note(m, call, "this DataLoader reads in order or reads evaluation data: each rank now sees its share, so all_reduce "
				      "what it measures before a decision every rank must make alike (early stopping, ReduceLROnPlateau, "
				      "the best checkpoint), and before dividing by len(dataset)");
		if (sequential)
			return TP_NONE; /* no shuffle: no set_epoch */
		return kind(m, p) == K_ASSIGNMENT && kind(m, tp_child(m->tree, p, F_LEFT)) == K_IDENTIFIER ? tp_child(m->tree, p, F_LEFT) : TP_NONE;
	}
	if (tp_match__find_arg(m, args, -1, "sampler", &kw) != TP_NONE || tp_match__find_arg(m, args, -1, "batch_sampler", &kw) != TP_NONE) {
		note(m, call, "this DataLoader has a sampler already: left alone; make sure it is a DistributedSampler");
		return TP_NONE;
	}
	/* shuffle may hide in *args or **kwargs, unless it is given by name. */
	int named_shuffle = tp_match__find_arg(m, args, -1, "shuffle", &kw) != TP_NONE;
	for (uint32_t c = N(m, args)->first; c != TP_NONE; c = N(m, c)->next)
		if (kind(m, c) == K_LIST_SPLAT || (kind(m, c) == K_DICT_SPLAT && !named_shuffle)) {
			note(m, call, "this DataLoader takes *args or **kwargs, which may hold shuffle: add a DistributedSampler by hand "
				      "(and drop shuffle)");
			return TP_NONE;
		}
	uint32_t ds = tp_match__find_arg(m, args, 0, "dataset", &kw);
	if (ds != TP_NONE && kw)
		ds = tp_child(m->tree, ds, F_VALUE);
	int comprehension = 0;
	for (uint32_t a = N(m, call)->parent; a != TP_NONE && !comprehension; a = N(m, a)->parent)
		comprehension = kind(m, a) == K_LIST_COMP || kind(m, a) == K_SET_COMP || kind(m, a) == K_DICT_COMP || kind(m, a) == K_GENERATOR;
	if (iterable_dataset(m, ds)) {
		note(m, call, "this DataLoader reads an IterableDataset, which no sampler can split: give each rank its share in the "
			      "dataset's __iter__ by hand (npu_rank of npu_world_size)");
		return TP_NONE;
	}
	int named = kind(m, ds) == K_IDENTIFIER || kind(m, ds) == K_ATTRIBUTE;
	if (ds == TP_NONE || kind(m, ds) == K_LIST_SPLAT || kind(m, ds) == K_DICT_SPLAT || (!named && comprehension)) {
		note(m, call, "cannot tell which dataset this DataLoader reads (not a plain name): add a DistributedSampler by hand");
		return TP_NONE;
	}
	/* DataLoader(datasets.MNIST(...), ...): the sampler needs the same
	 * object, so the dataset gets a name where it is built (arguments run
	 * left to right). Not in a comprehension, whose iterable may not bind. */
	tp_str d = named ? text(m, ds) : (tp_str){"npu_dataset", 11};
	const char *extra = "";
	uint32_t last = TP_NONE, prev = TP_NONE;
	for (uint32_t c = N(m, args)->first; c != TP_NONE; c = N(m, c)->next)
		if (kind(m, c) != K_COMMENT)
			last = c;
	/* shuffle by name or in its place: DataLoader(dataset, batch_size, shuffle) */
	uint32_t sh = tp_match__find_arg(m, args, 2, "shuffle", &kw), shv = kw ? tp_child(m->tree, sh, F_VALUE) : sh;
	if (sh != TP_NONE && !kw && tp_match__find_arg(m, args, 3, NULL, &kw) != TP_NONE) {
		note(m, call, "this DataLoader gives shuffle and later arguments by position: add a DistributedSampler by hand "
			      "(and drop shuffle)");
		return TP_NONE;
	}
	/* a shuffled loader of test data (`test_loader`, `DataLoader(val_set,
	 * shuffle=True)`) measures as one read in order does */
	int eval_data = evaluation_loader(m, call);
	uint32_t p = N(m, call)->parent;
	int in_order = sh == TP_NONE || tp_str_eq(text(m, shv), "False");
	if (in_order || eval_data)
		note(m, call, tp_arena_printf(m->arena, "this DataLoader %s: each rank now sees its share%s, so all_reduce what it "
							"measures before a decision every rank must make alike (early stopping, "
							"ReduceLROnPlateau, the best checkpoint), and before dividing by len(dataset)",
					      eval_data == 2   ? "reads evaluation data (it is built where autograd is off)"
					      : eval_data == 1 ? "reads evaluation data, by its name"
							       : "reads in order (evaluation?)",
					      in_order ? " (the sampler deals the rows out in turn, rank r reading rows r, r + npu_world_size, "
							 "...: a batch no longer holds consecutive rows, such as one user's candidates)" : ""));
	if (sh == TP_NONE)
		extra = ", shuffle=False"; /* the DataLoader read in order: so does its sampler */
	if (sh != TP_NONE) {
		tp_str v = text(m, shv);
		if (!(v.len == 4 && memcmp(v.ptr, "True", 4) == 0))
			extra = tp_arena_printf(m->arena, ", shuffle=%.*s", (int)v.len, v.ptr);
		uint32_t next = N(m, sh)->next;
		while (next != TP_NONE && kind(m, next) == K_COMMENT)
			next = N(m, next)->next;
		for (uint32_t c = N(m, args)->first; c != sh; c = N(m, c)->next)
			if (kind(m, c) != K_COMMENT)
				prev = c;
		uint32_t start = next != TP_NONE ? N(m, sh)->start : (prev != TP_NONE ? N(m, prev)->end : N(m, sh)->start);
		uint32_t end = next != TP_NONE ? N(m, next)->start : N(m, sh)->end;
		if (next != TP_NONE && memchr(m->src + N(m, sh)->end, '\n', N(m, next)->start - N(m, sh)->end)) {
			/* The next argument is on a later line: the line breaks stay. */
			uint32_t ls = line_start(m, N(m, sh)->start), e = N(m, sh)->end;
			while (ls < N(m, sh)->start && (m->src[ls] == ' ' || m->src[ls] == '\t'))
				ls++;
			while (e < m->len && (m->src[e] == ' ' || m->src[e] == '\t' || m->src[e] == ',' || m->src[e] == '\r'))
				e++;
			if (ls == N(m, sh)->start && e < m->len && m->src[e] == '\n') /* alone on its line */
				start = line_start(m, N(m, sh)->start), end = e + 1;
			else if (ls == N(m, sh)->start && e < m->len && m->src[e] == '#') /* its comment keeps the line */
				start = N(m, sh)->start, end = e;
			else if (prev != TP_NONE)
				start = N(m, prev)->end, end = N(m, sh)->end;
		}
		add(m, TP_OP_DELETE, start, end, "",
		    *extra ? tp_arena_printf(m->arena, "drop shuffle=: the DistributedSampler gets it (%s)", extra + 2)
			   : "drop shuffle=: the DistributedSampler shuffles");
	}
	if (!named) {
		add(m, TP_OP_INSERT, N(m, ds)->start, N(m, ds)->start, "(npu_dataset := ", "the dataset gets a name (npu_dataset) for its DistributedSampler");
		add(m, TP_OP_INSERT, N(m, ds)->end, N(m, ds)->end, ")", "closes (npu_dataset := ...)");
	}
	const char *sampler = tp_arena_printf(m->arena, ", sampler=torch.utils.data.distributed.DistributedSampler(%.*s%s)",
					      (int)d.len, d.ptr, extra);
	add(m, TP_OP_INSERT, N(m, last)->end, N(m, last)->end, sampler, "DataLoader gets a DistributedSampler: each rank reads its share");
	if (sh == TP_NONE || tp_str_eq(text(m, shv), "False") || eval_data == 2)
		return TP_NONE; /* in order, or built for one evaluation: set_epoch would change nothing */
	if (p != TP_NONE && kind(m, p) == K_ASSIGNMENT && N(m, call)->field == F_RIGHT) {
		uint32_t left = tp_child(m->tree, p, F_LEFT);
		if (left != TP_NONE && kind(m, left) == K_IDENTIFIER)
			return left;
	}
	note(m, call, "this DataLoader is not assigned to a plain name: call its sampler's set_epoch(epoch) in the epoch loop by hand");
	return TP_NONE;
}

/* One insertion of set_epoch calls at the top of an epoch loop. */
struct epoch_insert {
	uint32_t at;
	tp_buf lines, what;
};

/* The module-level functions of MAIN that code under root calls by name,
 * one per call: `for epoch in range(n): train()` gives train's def, from
 * *at (TP_NONE to start); TP_NONE when there is no more. */
static uint32_t next_user_call(const tp_matcher *m, uint32_t root, uint32_t *at)
{
	for (uint32_t j = *at == TP_NONE ? root : *at + 1; j < N(m, root)->end_index; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		if (kind(m, f) != K_IDENTIFIER)
			continue;
		for (uint32_t s = N(m, 0)->first; s != TP_NONE; s = N(m, s)->next) {
			uint32_t def = kind(m, s) == K_DECORATED_DEF ? tp_child(m->tree, s, F_DEFINITION) : s;
			uint32_t name = kind(m, def) == K_FUNCTION_DEF ? tp_child(m->tree, def, F_NAME) : TP_NONE;
			if (name != TP_NONE && tp_str_same(text(m, name), text(m, f))) {
				*at = j;
				return def;
			}
		}
	}
	return TP_NONE;
}

/* Whether code under root calls a module-level function of MAIN that names
 * the loader: `for epoch in range(n): train()`. */
static int calls_user(const tp_matcher *m, uint32_t root, tp_str loader)
{
	uint32_t at = TP_NONE, def;
	while ((def = next_user_call(m, root, &at)) != TP_NONE)
		if (mentions(m, def, loader))
			return 1;
	return 0;
}

/* Whether a loop's iterable counts: range(...), trange(...),
 * itertools.count(), or a call wrapping one (tqdm(range(n))). A loop over
 * learning rates or epsilons is no epoch loop: set_epoch takes an int. */
static int counts(const tp_matcher *m, uint32_t it, int depth)
{
	if (kind(m, it) == K_IDENTIFIER && depth < 4) { /* pbar = tqdm(range(n)); for epoch in pbar */
		const tp_binding *b = tp_resolve_name(m->res, it, text(m, it).ptr, text(m, it).len);
		return b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE && counts(m, b->value, depth + 1);
	}
	uint32_t fn = kind(m, it) == K_CALL ? tp_child(m->tree, it, F_FUNCTION) : TP_NONE;
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : fn;
	if (kind(m, leaf) != K_IDENTIFIER)
		return 0;
	tp_str f = text(m, leaf);
	if (tp_str_eq(f, "range") || tp_str_eq(f, "trange") || tp_str_eq(f, "count"))
		return 1;
	uint32_t args = tp_child(m->tree, it, F_ARGUMENTS);
	for (uint32_t a = depth < 4 && kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; a != TP_NONE; a = N(m, a)->next)
		if (counts(m, a, depth + 1))
			return 1;
	return 0;
}

/* The name that a caller of loader's module-level function assigns the
 * loader it returns to (ProGAN's `loader, dataset = get_loader(...)` for
 * `return loader, dataset`), else TP_NONE. */
static uint32_t returned_as(const tp_matcher *m, uint32_t loader)
{
	uint32_t fn = function_of(m, loader), fname = fn ? tp_child(m->tree, fn, F_NAME) : TP_NONE;
	if (fname == TP_NONE || m->res->scope_of[fn] != 0)
		return TP_NONE;
	uint32_t pos = TP_NONE, n = 0;
	for (uint32_t j = fn; j < N(m, fn)->end_index && pos == TP_NONE; j++) {
		if (kind(m, N(m, j)->parent) != K_BLOCK || m->res->scope_of[j] != fn || !tp_match__keyword_statement(m, j, "return"))
			continue;
		for (uint32_t e = N(m, j)->first; e != TP_NONE && pos == TP_NONE; e = N(m, e)->next) {
			if (kind(m, e) == K_IDENTIFIER && tp_str_same(text(m, e), text(m, loader)))
				pos = 0, n = 1; /* return loader */
			if (kind(m, e) != K_EXPR_LIST)
				continue;
			n = 0; /* return loader, dataset */
			for (uint32_t item = N(m, e)->first; item != TP_NONE; item = N(m, item)->next)
				if (kind(m, item) != K_COMMENT) {
					pos = tp_str_same(text(m, item), text(m, loader)) ? n : pos;
					n++;
				}
		}
	}
	for (uint32_t j = 0; pos != TP_NONE && j < m->tree->count; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE, a = N(m, j)->parent;
		const tp_binding *b = kind(m, f) == K_IDENTIFIER && tp_str_same(text(m, f), text(m, fname)) && kind(m, a) == K_ASSIGNMENT
					      ? tp_resolve_name(m->res, f, text(m, f).ptr, text(m, f).len)
					      : NULL;
		if (!b || tp_resolve_definition(m->res, b) != fn)
			continue;
		uint32_t left = tp_child(m->tree, a, F_LEFT), k = 0;
		if (kind(m, left) == K_IDENTIFIER && n == 1)
			return left;
		for (uint32_t c = kind(m, left) == K_PATTERN_LIST || kind(m, left) == K_TUPLE_PATTERN ? N(m, left)->first : TP_NONE; c != TP_NONE;
		     c = N(m, c)->next)
			if (kind(m, c) != K_COMMENT && k++ == pos)
				return kind(m, c) == K_IDENTIFIER ? c : TP_NONE;
	}
	return TP_NONE;
}

/* `loader.sampler.set_epoch(epoch)` at the top of the outermost counting loop whose
 * body uses the loader and whose iterable does not; the calls for several
 * loaders of one loop go into one insertion. */
static void set_epoch(tp_matcher *m, uint32_t loader, struct epoch_insert *ins, size_t *nins, size_t max)
{
	tp_str name = text(m, loader);
	uint32_t found = TP_NONE;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (kind(m, i) != K_FOR || (i <= loader && N(m, i)->end_index <= loader))
			continue; /* a loop after the loader, or one that builds it anew (AlphaPose's milestones) */
		uint32_t left = tp_child(m->tree, i, F_LEFT), right = tp_child(m->tree, i, F_RIGHT), body = tp_child(m->tree, i, F_BODY);
		if (left == TP_NONE || kind(m, left) != K_IDENTIFIER || right == TP_NONE || body == TP_NONE)
			continue;
		if (mentions(m, right, name) || !(mentions(m, body, name) || calls_user(m, body, name)) || !counts(m, right, 0))
			continue;
		/* the loader must be seen from the loop: not one local to a function it calls */
		if (tp_resolve_name(m->res, i, name.ptr, name.len) != tp_resolve_name(m->res, loader, name.ptr, name.len))
			continue;
		found = i;
		tp_str b = text(m, body);
		for (size_t k = 0; k + 9 <= b.len; k++)
			if (memcmp(b.ptr + k, "set_epoch", 9) == 0)
				return; /* set already */
		uint32_t first = N(m, body)->first;
		if (first == TP_NONE || line_start(m, N(m, first)->start) <= N(m, i)->start) {
			note(m, i, tp_arena_printf(m->arena, "the epoch loop's body is on its line: call %.*s.sampler.set_epoch() by hand", (int)name.len, name.ptr));
			return;
		}
		tp_str e = text(m, left);
		uint32_t at = line_start(m, N(m, first)->start);
		size_t k = 0;
		while (k < *nins && ins[k].at != at)
			k++;
		const char *call = tp_arena_printf(m->arena, "%.*s.sampler.set_epoch(%.*s)", (int)name.len, name.ptr, (int)e.len, e.ptr);
		if (k < *nins && ins[k].what.len && memmem(ins[k].what.ptr, ins[k].what.len, call, strlen(call)))
			return; /* the same loader, built again in the loop */
		if (i < loader) { /* built in the loop only: no loader yet at its top */
			found = TP_NONE;
			continue;
		}
		if (k == *nins) {
			if (k == max)
				return;
			ins[k] = (struct epoch_insert){at, {0}, {0}};
			(*nins)++;
		}
		tp_str ind = tp_match__indent(m, N(m, first)->start);
		tp_buf_printf(&ins[k].lines, "%.*s%s%s", (int)ind.len, ind.ptr, call, m->eol);
		tp_buf_printf(&ins[k].what, "%s%s", ins[k].what.len ? ", " : "", call);
		return;
	}
	uint32_t alias = found == TP_NONE ? returned_as(m, loader) : TP_NONE;
	if (alias != TP_NONE) { /* the loop is the caller's */
		set_epoch(m, alias, ins, nins, max);
		return;
	}
	if (found == TP_NONE)
		note(m, loader, tp_arena_printf(m->arena, "no epoch loop (over range(...)) uses %.*s: call %.*s.sampler.set_epoch(epoch) at the start of each epoch by hand",
						(int)name.len, name.ptr, (int)name.len, name.ptr));
}

/* What follows "cuda:" or "npu:" in a device string: "" (none), or the index
 * part, which must be digits, or a placeholder when template is set. */
static int device_suffix(tp_str rest, int template)
{
	if (rest.len == 0)
		return 0;
	if (template && rest.ptr[0] == '{') /* one field: {}, {0}, {:d}, {rank:d} */
		return rest.len >= 2 && rest.ptr[rest.len - 1] == '}' && !memchr(rest.ptr + 1, '{', rest.len - 2) &&
		       !memchr(rest.ptr + 1, '}', rest.len - 2);
	if (template)
		return tp_str_eq(rest, "%d") || tp_str_eq(rest, "%s") || tp_str_eq(rest, "%i");
	for (size_t k = 0; k < rest.len; k++)
		if (rest.ptr[k] < '0' || rest.ptr[k] > '9')
			return 0;
	return 1;
}

/* Whether string node str names a device by index: "cuda:0", "npu:1";
 * with template set, one to fill in: "cuda:{}", "cuda:%d". An f-string
 * f"cuda:{i}" counts as a filled template. */
static int device_string(const tp_matcher *m, uint32_t str, int template)
{
	uint32_t open = N(m, str)->first, content = open == TP_NONE ? TP_NONE : N(m, open)->next;
	if (content == TP_NONE || kind(m, content) != K_STRING_CONTENT)
		return 0;
	uint32_t after = N(m, content)->next;
	tp_str c = text(m, content);
	size_t k = c.len >= 5 && memcmp(c.ptr, "cuda:", 5) == 0 ? 5 : c.len >= 4 && memcmp(c.ptr, "npu:", 4) == 0 ? 4 : 0;
	tp_str rest = {c.ptr + k, c.len - k};
	if (after != TP_NONE && kind(m, after) == K_INTERPOLATION) /* f"cuda:{i}" */
		return k && !rest.len && N(m, after)->next != TP_NONE && kind(m, N(m, after)->next) == K_STRING_END;
	if (after == TP_NONE || kind(m, after) != K_STRING_END)
		return 0;
	/* A bare "cuda" stays "npu": the current device, which the preamble's
	 * set_device chose, and still equal to "npu" where the script compares. */
	return k && device_suffix(rest, template);
}

/* Whether string node str is exactly "cuda". */
static int plain_cuda(const tp_matcher *m, uint32_t str)
{
	uint32_t open = N(m, str)->first, content = open == TP_NONE ? TP_NONE : N(m, open)->next;
	uint32_t after = content == TP_NONE ? TP_NONE : N(m, content)->next;
	return kind(m, content) == K_STRING_CONTENT && tp_str_eq(text(m, content), "cuda") && kind(m, after) == K_STRING_END;
}

/* Whether expression e comes from a rank: a name that says so (local_rank,
 * args.rank, dist.get_rank(), accelerator.local_process_index) and is no
 * constant, an environment variable's (os.environ["LOCAL_RANK"]), or a
 * local name assigned one. */
static int rank_derived(const tp_matcher *m, uint32_t e, int depth)
{
	for (uint32_t j = e; j != TP_NONE && j < N(m, e)->end_index; j++) {
		tp_str t = text(m, j);
		char low[64];
		if (kind(m, j) == K_IDENTIFIER && lower_name(low, sizeof low, t) && (strstr(low, "rank") || strstr(low, "process_index")) &&
		    !constant_value(m, j, 0))
			return 1;
		if (kind(m, j) == K_STRING_CONTENT && lower_name(low, sizeof low, t) && strstr(low, "rank"))
			return 1; /* os.environ["LOCAL_RANK"], config['local_rank'] */
		const tp_binding *b = kind(m, j) == K_IDENTIFIER && N(m, j)->field != F_ATTRIBUTE && depth < 2
					      ? tp_resolve_name(m->res, j, t.ptr, t.len) : NULL;
		if (b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE && rank_derived(m, b->value, depth + 1))
			return 1;
		for (uint32_t a = 0; kind(m, j) == K_ATTRIBUTE && depth < 2 && a < m->tree->count; a++) { /* self.gpu = config['local_rank'] */
			uint32_t left = kind(m, a) == K_ASSIGNMENT ? tp_child(m->tree, a, F_LEFT) : TP_NONE;
			if (kind(m, left) == K_ATTRIBUTE && tp_str_same(text(m, left), t) && rank_derived(m, tp_child(m->tree, a, F_RIGHT), depth + 1))
				return 1;
		}
	}
	return 0;
}

/* Where the device variable comes from, for the messages. */
static const char *origin(const tp_matcher *m)
{
	return m->dist_model   ? "the device comes from the launcher"
	       : m->dist_other ? "the current device, which each rank sets to its own in distributed mode"
			       : "the device comes from DEVICE_ID (-s)";
}

static long literal_index(const tp_matcher *m, uint32_t e);

/* Device choice v becomes rep, all of it: no rule edits its parts after
 * (torch.cuda.current_device() in it would overlap). A file that names two
 * device numbers (`.to("cuda:0")`, `.cuda(1)`) is model parallel: one
 * DEVICE_ID would fold its parts onto one card, so its numbers stay. */
static void choose(tp_matcher *m, uint32_t v, const char *rep, const char *message)
{
	char digits[24] = "";
	if (kind(m, v) == K_INTEGER && text(m, v).len < sizeof digits)
		memcpy(digits, text(m, v).ptr, text(m, v).len);
	long n = kind(m, v) == K_INTEGER ? (*digits ? strtol(digits, NULL, 10) : -1) : literal_index(m, v);
	if (!m->dist_model && n >= 0 && m->device_number && m->device_number != n + 1 && !m->model_parallel)
		m->model_parallel = v;
	if (!m->dist_model && n >= 0 && m->model_parallel)
		return;
	if (n >= 0 && !m->device_number)
		m->device_number = n + 1;
	memset(m->claimed + v, 1, N(m, v)->end_index - v);
	if (!m->dist_model && !m->rank_device && rank_derived(m, v, 0))
		m->rank_device = v;
	add(m, TP_OP_MODIFY, N(m, v)->start, N(m, v)->end, rep, message);
}

/* Whether device choice v is torch.cuda.current_device(), also as the
 * index of a device string or as a local's one value (`device =
 * torch.cuda.current_device()`): it follows set_device already (the file's
 * own, where it picks a device per rank, or -s's). */
static int follows_set_device(const tp_matcher *m, uint32_t v)
{
	static const char *const current[] = {"torch.cuda.current_device", "torch.npu.current_device", NULL};
	for (int k = 0; k < 2; k++) { /* the string's index may be such a local too: f'npu:{dev}' */
		const tp_binding *b = kind(m, v) == K_IDENTIFIER ? tp_resolve_name(m->res, v, text(m, v).ptr, text(m, v).len) : NULL;
		if (b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE)
			v = b->value;
		uint32_t part = kind(m, v) == K_STRING && N(m, v)->first != TP_NONE ? N(m, N(m, v)->first)->next : TP_NONE;
		part = part != TP_NONE ? N(m, part)->next : TP_NONE;
		if (kind(m, part) != K_INTERPOLATION)
			break;
		v = N(m, part)->first;
	}
	return kind(m, v) == K_CALL && tp_match__qname_in(qname(m, v), current);
}

/* The device variable's NPU as a string: f'npu:{npu_device_id}'; for
 * another file in distributed mode, 'npu', the current device. */
static const char *local_string(tp_matcher *m)
{
	return m->dist_other ? "'npu'" : tp_arena_printf(m->arena, "f'npu:{%s}'", m->device_var);
}

/* Device choice v becomes the device variable, or its NPU as a string;
 * not torch.cuda.current_device(), which follows set_device. */
static void choose_var(tp_matcher *m, uint32_t v, int string)
{
	if (follows_set_device(m, v)) {
		m->plain_device = 1; /* -s's set_device makes it DEVICE_ID's */
		return;
	}
	const char *rep = string ? local_string(m) : m->device_var;
	choose(m, v, rep, tp_arena_printf(m->arena, "%.*s -> %s: %s", (int)text(m, v).len, text(m, v).ptr, rep, origin(m)));
}

static void to_local_device(tp_matcher *m, uint32_t e)
{
	tp_str t = text(m, e);
	choose(m, e, local_string(m),
	       m->dist_other ? tp_arena_printf(m->arena, "%.*s -> 'npu': %s", (int)t.len, t.ptr, origin(m))
			     : tp_arena_printf(m->arena, "%.*s -> the NPU of %s", (int)t.len, t.ptr, m->device_var));
}

/* Whether e calls device_count(), or is a name assigned such a value
 * (`n = torch.cuda.device_count()`, then `range(n)`), or names a list of
 * devices (`zip(inputs, device_ids)`, `self.gpus`). */
static int counts_devices(const tp_matcher *m, uint32_t e, int depth)
{
	static const char *const lists[] = {"device_ids", "devices", "gpu_ids", "gpus", NULL};
	for (uint32_t j = e; j != TP_NONE && j < N(m, e)->end_index; j++) {
		for (const char *const *l = lists; kind(m, j) == K_IDENTIFIER && *l; l++)
			if (tp_str_eq(text(m, j), *l))
				return 1;
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : f;
		if (leaf != TP_NONE && tp_str_eq(text(m, leaf), "device_count"))
			return 1;
		const tp_binding *b = kind(m, j) == K_IDENTIFIER && depth < 2 ? tp_resolve_name(m->res, j, text(m, j).ptr, text(m, j).len) : NULL;
		if (b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE && counts_devices(m, b->value, depth + 1))
			return 1;
	}
	return 0;
}

/* Whether node is in a loop or comprehension over the devices
 * (`[torch.device(f"cuda:{i}") for i in range(torch.cuda.device_count())]`):
 * it names each device, it does not choose one. */
static int enumerates_devices(const tp_matcher *m, uint32_t node)
{
	for (uint32_t p = N(m, node)->parent; p != TP_NONE; p = N(m, p)->parent) {
		uint16_t k = kind(m, p);
		uint32_t scan = k == K_FOR ? tp_child(m->tree, p, F_RIGHT)
			      : k == K_LIST_COMP || k == K_SET_COMP || k == K_DICT_COMP || k == K_GENERATOR ? p : TP_NONE;
		if (scan != TP_NONE && counts_devices(m, scan, 0))
			return 1;
		if (k == K_FUNCTION_DEF || k == K_CLASS_DEF)
			break;
	}
	return 0;
}

/* A device choice (torch.device's argument, torch.load's map_location)
 * becomes the local rank's NPU: a device string, one built from an index
 * ("cuda:{}".format(i), "cuda:%d" % i, f"cuda:{i}"), either side of a
 * conditional, the values of a dict, or the one value a local name is
 * assigned. Other expressions are left as they are. */
static void local_device_expr(tp_matcher *m, uint32_t e, int depth)
{
	if (e == TP_NONE || depth > 8 || m->claimed[e] || enumerates_devices(m, e))
		return;
	uint32_t first = N(m, e)->first;
	switch (kind(m, e)) {
	case K_STRING:
		if (device_string(m, e, 0) && follows_set_device(m, e))
			m->plain_device = 1; /* f"cuda:{torch.cuda.current_device()}" */
		else if (device_string(m, e, 0))
			to_local_device(m, e);
		else
			m->plain_device |= plain_cuda(m, e);
		break;
	case K_CALL: { /* "cuda:{}".format(i) */
		uint32_t fn = tp_child(m->tree, e, F_FUNCTION);
		uint32_t obj = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
		uint32_t meth = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
		if (meth != TP_NONE && tp_str_eq(text(m, meth), "format") && kind(m, obj) == K_STRING && device_string(m, obj, 1))
			to_local_device(m, e);
		break;
	}
	case K_BINARY_OP: { /* "cuda:%d" % i, "cuda:" + str(i) */
		uint32_t l = tp_child(m->tree, e, F_LEFT), r = tp_child(m->tree, e, F_RIGHT);
		const char *op = l == TP_NONE || r == TP_NONE ? NULL : memchr(m->src + N(m, l)->end, '%', N(m, r)->start - N(m, l)->end);
		const char *plus = l == TP_NONE || r == TP_NONE ? NULL : memchr(m->src + N(m, l)->end, '+', N(m, r)->start - N(m, l)->end);
		uint32_t content = kind(m, l) == K_STRING && N(m, l)->first != TP_NONE ? N(m, N(m, l)->first)->next : TP_NONE;
		int prefix = kind(m, content) == K_STRING_CONTENT && (tp_str_eq(text(m, content), "cuda:") || tp_str_eq(text(m, content), "npu:")) &&
			     kind(m, N(m, content)->next) == K_STRING_END;
		if ((op && kind(m, l) == K_STRING && device_string(m, l, 1)) || (plus && prefix))
			to_local_device(m, e);
		break;
	}
	case K_PARENTHESIZED:
		local_device_expr(m, first, depth + 1);
		break;
	case K_CONDITIONAL: /* a if cond else b */
		if (first != TP_NONE && N(m, first)->next != TP_NONE) {
			local_device_expr(m, first, depth + 1);
			local_device_expr(m, N(m, N(m, first)->next)->next, depth + 1);
		}
		break;
	case K_DICT:
		for (uint32_t c = first; c != TP_NONE; c = N(m, c)->next)
			if (kind(m, c) == K_PAIR)
				local_device_expr(m, tp_child(m->tree, c, F_VALUE), depth + 1);
		break;
	case K_IDENTIFIER: {
		const tp_binding *b = tp_resolve_name(m->res, e, text(m, e).ptr, text(m, e).len);
		if (b && b->kind == TP_BIND_LOCAL && b->value != TP_NONE)
			local_device_expr(m, b->value, depth + 1);
		break;
	}
	default:
		break;
	}
}

/* A device index (`.cuda(args.gpu)`, `.to(0)`, `torch.cuda.set_device(gpu)`)
 * becomes the local rank's device. */
/* A device index v (each branch of `rank if c else "cpu"`) becomes the
 * launcher's: the device variable, as a string for .to(). */
static void local_index(tp_matcher *m, uint32_t v, int to, int query, const tp_rule *index, int depth)
{
	if (kind(m, v) == K_CONDITIONAL && depth < 8) {
		uint32_t then = N(m, v)->first, cond = then == TP_NONE ? TP_NONE : N(m, then)->next;
		local_index(m, then, to, query, index, depth + 1);
		local_index(m, cond == TP_NONE ? TP_NONE : N(m, cond)->next, to, query, index, depth + 1);
		return;
	}
	if (v == TP_NONE)
		return;
	/* What .cuda(), set_device() and the like get is a device whatever its
	 * name (config.LOCAL_RANK, i); what .to() gets, only when it is an index.
	 * A query (synchronize(device), get_device_capability(x.device)) reads a
	 * device the code holds: only an index is a choice there. */
	int device = !to && !query && kind(m, v) != K_STRING && kind(m, v) != K_CONCAT_STRING && !tp_str_eq(text(m, v), "None");
	if (m->claimed[v] || !(device || tp_match__int_index(m, index, v)) || tp_str_eq(text(m, v), m->device_var) ||
	    enumerates_devices(m, v))
		return;
	choose_var(m, v, to);
}

static void local_device(tp_matcher *m, uint32_t call, const tp_rule *index)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION), args = tp_child(m->tree, call, F_ARGUMENTS);
	if (fn == TP_NONE || args == TP_NONE || kind(m, args) != K_ARG_LIST || !index)
		return;
	const char *qn = tp_resolve_qname(m->res, fn, NULL);
	int kw = 0, to = 0, query = 0;
	uint32_t a = TP_NONE;
	/* The device API's functions that take a device first (or second:
	 * set_rng_state(state, device)). */
	static const char *const device_api[] = {
		"set_device", "device", "synchronize", "current_stream", "default_stream", "memory_allocated",
		"max_memory_allocated", "memory_reserved", "max_memory_reserved", "memory_stats", "memory_summary",
		"reset_peak_memory_stats", "reset_max_memory_allocated", "get_device_name", "get_device_properties",
		"get_device_capability", "mem_get_info", "get_rng_state", "set_rng_state", "can_device_access_peer", NULL};
	const char *member = qn && (strncmp(qn, "torch.cuda.", 11) == 0 || strncmp(qn, "torch.npu.", 10) == 0) ? strchr(qn + 6, '.') + 1 : NULL;
	if (member && tp_match__qname_in(member, device_api)) {
		a = tp_match__find_arg(m, args, strcmp(member, "set_rng_state") == 0 ? 1 : 0, "device", &kw);
		query = strcmp(member, "set_device") != 0 && strcmp(member, "device") != 0;
	} else if (qn && strcmp(qn, "torch.distributed.barrier") == 0) {
		/* barrier(device_ids=[gpu]); a file that builds DDP runs once per
		 * rank, which -s leaves alone (per_rank) */
		uint32_t ids = tp_match__find_arg(m, args, -1, "device_ids", &kw);
		uint32_t list = ids == TP_NONE ? TP_NONE : tp_child(m->tree, ids, F_VALUE);
		uint32_t v = list != TP_NONE && N(m, list)->first != TP_NONE && N(m, N(m, list)->first)->next == TP_NONE ? N(m, list)->first : TP_NONE;
		if (v != TP_NONE && !m->claimed[v] && kind(m, v) != K_STRING && !tp_str_eq(text(m, v), "None") &&
		    !tp_str_eq(text(m, v), m->device_var))
			choose_var(m, v, 0);
		return;
	} else if (!qn && kind(m, fn) == K_ATTRIBUTE) {
		tp_str meth = text(m, tp_child(m->tree, fn, F_ATTRIBUTE));
		to = tp_str_eq(meth, "to");
		if (to || tp_str_eq(meth, "cuda") || tp_str_eq(meth, "npu"))
			a = tp_match__find_arg(m, args, 0, "device", &kw);
	}
	uint32_t v = a != TP_NONE && kw ? tp_child(m->tree, a, F_VALUE) : a;
	if (v != TP_NONE && to && !tp_match__int_index(m, index, v))
		local_device_expr(m, v, 0); /* .to("cuda:0") */
	local_index(m, v, to, query, index, 0);
}

/* The device choices of one call: torch.device(...), torch.load's
 * map_location, and integer device indices. */
static void choose_device(tp_matcher *m, uint32_t call, const char *qn, const tp_rule *index)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	int kw = 0;
	if (qn && strcmp(qn, "torch.device") == 0 && kind(m, args) == K_ARG_LIST) {
		uint32_t type = tp_match__find_arg(m, args, 0, "type", &kw);
		type = type != TP_NONE && kw ? tp_child(m->tree, type, F_VALUE) : type;
		uint32_t at = tp_match__find_arg(m, args, 1, "index", &kw);
		at = at != TP_NONE && kw ? tp_child(m->tree, at, F_VALUE) : at;
		if (at == TP_NONE && type != TP_NONE && index && kind(m, type) != K_STRING && tp_match__int_index(m, index, type) &&
		    !enumerates_devices(m, type)) {
			to_local_device(m, type); /* torch.device(dist.get_rank()) */
		} else if (at == TP_NONE) {
			local_device_expr(m, type, 0);
		} else if (!tp_str_eq(text(m, at), m->device_var) && !enumerates_devices(m, at)) { /* torch.device("cuda", i): the type stays a bare name */
			choose_var(m, at, 0);
		}
	} else if (qn && strcmp(qn, "torch.load") == 0 && kind(m, args) == K_ARG_LIST) {
		uint32_t ml = tp_match__find_arg(m, args, 1, "map_location", &kw);
		local_device_expr(m, ml != TP_NONE && kw ? tp_child(m->tree, ml, F_VALUE) : ml, 0);
	} else {
		local_device(m, call, index);
		uint32_t dev = kind(m, args) == K_ARG_LIST ? tp_match__find_arg(m, args, -1, "device", &kw) : TP_NONE;
		uint32_t v = dev == TP_NONE ? TP_NONE : tp_child(m->tree, dev, F_VALUE), at = tp_match__device_keyword(m, call, qn);
		if (at == TP_NONE && qn && strncmp(qn, "torch.", 6) == 0)
			at = v; /* torch.cuda.Stream(device=rank): no device-index rule under torch.cuda */
		if (at != TP_NONE && index && tp_match__int_index(m, index, at) && !m->claimed[at] && !tp_str_eq(text(m, at), m->device_var) &&
		    !enumerates_devices(m, at)) { /* torch.zeros(n, device=rank), load_file(path, device=0) */
			choose_var(m, at, 1);
		} else if (v != TP_NONE) { /* torch.zeros(n, device="cuda:0") */
			local_device_expr(m, v, 0);
		}
	}
}

/* pathlib's `Path(d).mkdir(...)`, `out_dir.mkdir(parents=True)`: a mkdir
 * method of a Path(...) call, or one given pathlib's parents=. */
static int path_mkdir(const tp_matcher *m, uint32_t call)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION), args = tp_child(m->tree, call, F_ARGUMENTS);
	uint32_t obj = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
	if (obj == TP_NONE || !tp_str_eq(text(m, tp_child(m->tree, fn, F_ATTRIBUTE)), "mkdir") || kind(m, args) != K_ARG_LIST)
		return 0;
	int kw = 0;
	const char *qn = kind(m, obj) == K_CALL ? qname(m, obj) : NULL;
	return (qn && (strcmp(qn, "pathlib.Path") == 0 || strcmp(qn, "pathlib.PosixPath") == 0)) ||
	       tp_match__find_arg(m, args, -1, "parents", &kw) != TP_NONE;
}

/* `os.makedirs(d)`, `os.mkdir(d)` and `Path(d).mkdir()` run on every rank,
 * so all but the first fail with FileExistsError, even behind `if not
 * os.path.exists(d)`: they get exist_ok=True (os.mkdir becomes os.makedirs,
 * which has it). */
/* What a FileExistsError is caught as. */
static const char *const os_errors[] = {"FileExistsError", "OSError", "IOError", "EnvironmentError", "Exception", NULL};

static void make_dirs_together(tp_matcher *m, uint32_t call, const char *qn)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS), fn = tp_child(m->tree, call, F_FUNCTION);
	int kw = 0, positional = 0;
	if (kind(m, args) != K_ARG_LIST || tp_match__find_arg(m, args, 2, "exist_ok", &kw) != TP_NONE)
		return;
	for (uint32_t c = N(m, args)->first; c != TP_NONE; c = N(m, c)->next)
		if (kind(m, c) == K_KEYWORD_ARG ? strcmp(qn, "os.mkdir") == 0 : kind(m, c) != K_COMMENT && ++positional > 2)
			return; /* os.mkdir(d, dir_fd=...) has no makedirs form */
	const char *why = "every rank runs this, and a rank that comes second fails with FileExistsError";
	if (strcmp(qn, "os.mkdir") == 0)
		add(m, TP_OP_MODIFY, N(m, fn)->start, N(m, fn)->end, "os.makedirs", tp_arena_printf(m->arena, "os.mkdir -> os.makedirs(..., exist_ok=True): %s", why));
	tp_match__add_keyword(m, &dist_rule, args, "exist_ok=True", tp_arena_printf(m->arena, "add exist_ok=True: %s", why));
}

/* Whether node runs only when a function is called: in a function's or a
 * lambda's body (not its parameters' defaults, which run at the def). */
static int runs_in_call(const tp_matcher *m, uint32_t node)
{
	for (uint32_t c = node, p = N(m, node)->parent; p != TP_NONE; c = p, p = N(m, p)->parent)
		if ((kind(m, p) == K_FUNCTION_DEF || kind(m, p) == K_LAMBDA) && N(m, c)->field == F_BODY)
			return 1;
	return 0;
}

/* The index that template device string e fills in: `"cuda:%d" % i`,
 * `"cuda:" + str(i)`, `"cuda:{}".format(i)`, `f"cuda:{i}"`; TP_NONE for a
 * literal or anything else. */
static uint32_t template_index(const tp_matcher *m, uint32_t e)
{
	uint32_t v = TP_NONE;
	if (kind(m, e) == K_BINARY_OP) {
		v = tp_child(m->tree, e, F_RIGHT);
		uint32_t f = kind(m, v) == K_CALL ? tp_child(m->tree, v, F_FUNCTION) : TP_NONE;
		if (kind(m, f) == K_IDENTIFIER && tp_str_eq(text(m, f), "str"))
			v = N(m, tp_child(m->tree, v, F_ARGUMENTS))->first;
	} else if (kind(m, e) == K_CALL) {
		uint32_t args = tp_child(m->tree, e, F_ARGUMENTS);
		v = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
	} else if (kind(m, e) == K_STRING) {
		for (uint32_t c = N(m, e)->first; c != TP_NONE; c = N(m, c)->next)
			if (kind(m, c) == K_INTERPOLATION)
				v = tp_child(m->tree, c, F_EXPRESSION);
	}
	return v;
}

/* The index of literal device string e ("cuda:1" -> 1), or -1. */
static long literal_index(const tp_matcher *m, uint32_t e)
{
	if (kind(m, e) != K_STRING || !device_string(m, e, 0) || template_index(m, e) != TP_NONE)
		return -1;
	tp_str t = text(m, e);
	const char *colon = memchr(t.ptr, ':', t.len);
	return colon ? strtol(colon + 1, NULL, 10) : -1;
}

/* The device strings no call chose: an argparse default, a dataclass field,
 * a dict's value, a name's value used through an attribute (`args.device`,
 * `cfg["device"]`) become the local device too, as `.to("cuda:0")` did: on
 * one card they all named the same device. Not: a file that names two
 * devices by number (model parallel; an option's choices do not count), a
 * list of several (choices), a dict
 * key (a saved location), a template whose index is no device index
 * (`"cuda:" + str(t.device.index)`), or code that runs before the setup at
 * `ready`, which cannot use its variable. */
/* Whether node is in the choices of an option (`choices=["cuda:0", "cuda:1"]`),
 * which lists what a user may pick, not the devices the script uses. */
static int in_choices(const tp_matcher *m, uint32_t node)
{
	for (uint32_t p = N(m, node)->parent; p != TP_NONE && kind(m, p) != K_CALL; p = N(m, p)->parent)
		if (kind(m, p) == K_KEYWORD_ARG && tp_str_eq(text(m, tp_child(m->tree, p, F_NAME)), "choices"))
			return 1;
	return 0;
}

/* Whether template e's string starts with "cuda:" (f"cuda:{i}",
 * "cuda:%d" % i, "cuda:" + str(i), "cuda:{}".format(i)). */
static int names_cuda(const tp_matcher *m, uint32_t e)
{
	uint32_t fn = kind(m, e) == K_CALL ? tp_child(m->tree, e, F_FUNCTION) : TP_NONE;
	uint32_t str = kind(m, e) == K_STRING ? e : kind(m, e) == K_BINARY_OP ? tp_child(m->tree, e, F_LEFT)
		     : kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
	uint32_t content = kind(m, str) == K_STRING && N(m, str)->first != TP_NONE ? N(m, N(m, str)->first)->next : TP_NONE;
	return kind(m, content) == K_STRING_CONTENT && text(m, content).len >= 5 && memcmp(text(m, content).ptr, "cuda:", 5) == 0;
}

static int one_device_value(const tp_matcher *m, uint32_t i)
{
	uint32_t p = N(m, i)->parent;
	uint16_t pk = kind(m, p);
	return !(pk == K_PAIR && N(m, i)->field == F_KEY) && pk != K_CONCAT_STRING &&
	       !((pk == K_LIST || pk == K_TUPLE || pk == K_SET) && (N(m, i)->next != TP_NONE || N(m, p)->first != i));
}

/* Whether string node str is a plain "cuda" that picks the current device,
 * which set_device makes DEVICE_ID's, wherever it is, as a name around it
 * says (`self.device = 'cuda'`, `def load(device="cuda")`, `.to("cuda")`).
 * Not a comparison's side, a key, a list of devices, a test of a string
 * (`s.startswith("cuda")`) nor a device type (`autocast("cuda")`,
 * device_type=): they choose nothing. */
static int current_device_choice(const tp_matcher *m, uint32_t str)
{
	static const char *const tests[] = {"startswith", "endswith", "find", "index", "count", "replace", "split", NULL};
	/* in a file that imports no torch, where the string rules converted it: a name around it says device */
	if ((!m->torch_file && !tp_match__named_device(m, str)) || !plain_cuda(m, str) || !one_device_value(m, str) || in_choices(m, str))
		return 0;
	uint32_t p = N(m, str)->parent;
	while (kind(m, p) == K_PARENTHESIZED || kind(m, p) == K_CONDITIONAL)
		p = N(m, p)->parent;
	uint16_t k = kind(m, p);
	if (k == K_COMPARISON || k == K_SUBSCRIPT || k == K_LIST || k == K_TUPLE || k == K_SET || k == K_CASE_PATTERN ||
	    k == K_INTERPOLATION)
		return 0;
	tp_str key = k == K_KEYWORD_ARG ? text(m, tp_child(m->tree, p, F_NAME)) : (tp_str){"", 0};
	if (tp_str_eq(key, "map_location"))
		return 1;
	uint32_t fn = k == K_ARG_LIST ? tp_child(m->tree, N(m, p)->parent, F_FUNCTION) : TP_NONE;
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
	char name[16];
	const char *qn = fn != TP_NONE ? tp_resolve_qname(m->res, fn, NULL) : NULL;
	if (tp_str_eq(key, "device_type") || (qn && (strcmp(qn, "torch.autocast") == 0 || strncmp(qn, "torch.amp.", 10) == 0)) ||
	    (leaf != TP_NONE && lower_name(name, sizeof name, text(m, leaf)) && tp_match__qname_in(name, tests)))
		return 0;
	return tp_match__named_device(m, str);
}

/* The second of two device numbers that device strings name (model
 * parallel), or 0. */
static uint32_t numbered_devices(const tp_matcher *m)
{
	long seen = -1;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		long n = !in_choices(m, i) && !(kind(m, N(m, i)->parent) == K_PAIR && N(m, i)->field == F_KEY) ? literal_index(m, i) : -1;
		if (n >= 0 && seen >= 0 && n != seen)
			return i;
		if (n >= 0)
			seen = n;
	}
	return 0;
}

static void local_device_values(tp_matcher *m, const tp_rule *index, uint32_t ready)
{
	if (m->model_parallel || numbered_devices(m))
		return;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint16_t k = kind(m, i);
		if (m->claimed[i] || (k != K_STRING && k != K_BINARY_OP && k != K_CALL))
			continue;
		uint32_t p = N(m, i)->parent, v = template_index(m, i);
		if (v != TP_NONE && !m->rank_device && names_cuda(m, i) && rank_derived(m, v, 0))
			m->rank_device = i; /* f"cuda:{accelerator.local_process_index}", whatever the index rule says */
		if (!one_device_value(m, i) || (N(m, i)->start < ready && !runs_in_call(m, i)) ||
		    (v != TP_NONE && !(index && tp_match__int_index(m, index, v))) || (v == TP_NONE && literal_index(m, i) < 0))
			continue;
		int interpolated = 0; /* nor in a case pattern, which takes literals only */
		for (uint32_t q = p; q != TP_NONE && !interpolated; q = N(m, q)->parent)
			interpolated = kind(m, q) == K_INTERPOLATION || kind(m, q) == K_CASE_PATTERN;
		if (!interpolated)
			local_device_expr(m, i, 0);
	}
}

/* Whether the value of name is assigned under root (`best = val_loss`,
 * `patience += 1`): a measure that each rank computes for itself. */
static int assigned_under(const tp_matcher *m, uint32_t root, tp_str name)
{
	for (uint32_t j = root; j < N(m, root)->end_index; j++) {
		uint32_t left = kind(m, j) == K_ASSIGNMENT || kind(m, j) == K_AUG_ASSIGN ? tp_child(m->tree, j, F_LEFT) : TP_NONE;
		if (left == TP_NONE || !mentions(m, left, name))
			continue;
		/* `iter_num += 1` on every pass counts steps alike on every rank;
		 * `bad += 1` under an if on a measure does not */
		int counter = kind(m, j) == K_AUG_ASSIGN && kind(m, tp_child(m->tree, j, F_RIGHT)) == K_INTEGER;
		for (uint32_t p = N(m, j)->parent; counter && p != root && p != TP_NONE; p = N(m, p)->parent)
			counter = kind(m, p) != K_IF;
		if (!counter)
			return 1;
	}
	return 0;
}

/* A `break` out of an epoch loop (one that holds another loop, over the
 * batches) on a condition that the loop computes (`if patience > 5:
 * break`): each rank measures its own share of the data, so the ranks can
 * decide apart, and the ones that go on hang in their next all-reduce. */
static void check_break(tp_matcher *m, uint32_t brk)
{
	uint32_t cond = TP_NONE, loop = TP_NONE;
	for (uint32_t p = N(m, brk)->parent; p != TP_NONE && loop == TP_NONE; p = N(m, p)->parent) {
		if (kind(m, p) == K_IF && cond == TP_NONE)
			cond = N(m, p)->first;
		if (kind(m, p) == K_FOR || kind(m, p) == K_WHILE)
			loop = p;
		if (kind(m, p) == K_FUNCTION_DEF || kind(m, p) == K_CLASS_DEF)
			return;
	}
	if (cond == TP_NONE || loop == TP_NONE)
		return;
	/* over the batches and training, itself or through a function of MAIN:
	 * `train(epoch)`; not an actor's loop that stops on a queue's None */
	uint32_t body = tp_child(m->tree, loop, F_BODY), at = TP_NONE, def;
	int batches = body != TP_NONE && has_loop(m, body), trains = body != TP_NONE && calls_backward(m, body);
	while (body != TP_NONE && !(batches && trains) && (def = next_user_call(m, body, &at)) != TP_NONE) {
		batches |= has_loop(m, def);
		trains |= calls_backward(m, def);
	}
	if (!batches || !trains)
		return;
	for (uint32_t j = cond; j < N(m, cond)->end_index; j++)
		if (kind(m, j) == K_IDENTIFIER && N(m, j)->field != F_ATTRIBUTE && assigned_under(m, body, text(m, j))) {
			note(m, brk, "this break ends the epoch loop on what this rank measured: ranks that see different data may "
				     "decide apart and hang in the next all-reduce; all_reduce the measure first (or decide on rank 0 "
				     "and broadcast)");
			return;
		}
}

/* A `continue` in a loop that trains (`if torch.isnan(loss): continue`
 * before the backward) on a condition that the loop computes: a rank that
 * skips leaves the others waiting in the backward's all-reduce. */
static void check_continue(tp_matcher *m, uint32_t stmt)
{
	uint32_t cond = TP_NONE, loop = TP_NONE;
	for (uint32_t p = N(m, stmt)->parent; p != TP_NONE && loop == TP_NONE; p = N(m, p)->parent) {
		if (kind(m, p) == K_IF && cond == TP_NONE)
			cond = N(m, p)->first;
		if (kind(m, p) == K_FOR || kind(m, p) == K_WHILE)
			loop = p;
		if (kind(m, p) == K_FUNCTION_DEF || kind(m, p) == K_CLASS_DEF)
			return;
	}
	uint32_t body = loop == TP_NONE ? TP_NONE : tp_child(m->tree, loop, F_BODY);
	if (cond == TP_NONE || body == TP_NONE || !calls_backward(m, body))
		return;
	for (uint32_t j = cond; j < N(m, cond)->end_index; j++)
		if (kind(m, j) == K_IDENTIFIER && N(m, j)->field != F_ATTRIBUTE && assigned_under(m, body, text(m, j))) {
			note(m, stmt, "this continue skips a step on what this rank computed (a NaN loss, a bad batch): the other ranks "
				      "then wait for it in the backward's all-reduce (a hang); decide on every rank alike (all_reduce a "
				      "flag first) or skip on all of them");
			return;
		}
}

/* `scheduler.step(val_loss)` of a ReduceLROnPlateau: the metric is what
 * this rank measured on its share of the data, so the ranks may cut their
 * learning rates apart. A WARNING on each step call of a name (or
 * attribute, `self.scheduler`) that MAIN assigns one to. */
static void check_plateau(tp_matcher *m)
{
	static const char *const plateau[] = {"torch.optim.lr_scheduler.ReduceLROnPlateau", NULL};
	tp_array(uint32_t) scheds = {0};
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t right = kind(m, i) == K_ASSIGNMENT ? tp_child(m->tree, i, F_RIGHT) : TP_NONE;
		if (kind(m, right) == K_CALL && tp_match__qname_in(qname(m, right), plateau))
			tp_array_push(&scheds, tp_child(m->tree, i, F_LEFT));
	}
	for (uint32_t i = 0; scheds.len && i < m->tree->count; i++) {
		uint32_t fn = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		uint32_t obj = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
		uint32_t args = obj == TP_NONE ? TP_NONE : tp_child(m->tree, i, F_ARGUMENTS);
		if (kind(m, args) != K_ARG_LIST || N(m, args)->first == TP_NONE || !tp_str_eq(text(m, tp_child(m->tree, fn, F_ATTRIBUTE)), "step"))
			continue;
		for (size_t k = 0; k < scheds.len; k++)
			if (scheds.items[k] != TP_NONE && tp_str_same(text(m, scheds.items[k]), text(m, obj))) {
				note(m, i, "ReduceLROnPlateau steps on a metric this rank measured on its share of the data: the ranks may "
					   "cut their learning rates apart; all_reduce the metric first (as a tensor t: "
					   "torch.distributed.all_reduce(t), then t / npu_world_size) so every rank steps the scheduler alike");
				break;
			}
	}
	tp_array_free(&scheds);
}

/* Whether a top-level statement sets the environment:
 * `os.environ["ASCEND_RT_VISIBLE_DEVICES"] = "1"`, os.environ.setdefault/update, os.putenv. */
static int sets_environ(const tp_matcher *m, uint32_t stmt)
{
	static const char *const setters[] = {"os.environ.setdefault", "os.environ.update", "os.putenv", NULL};
	uint32_t e = kind(m, stmt) == K_EXPR_STMT ? N(m, stmt)->first : TP_NONE;
	if (kind(m, e) == K_CALL)
		return tp_match__qname_in(qname(m, e), setters);
	uint32_t left = kind(m, e) == K_ASSIGNMENT ? tp_child(m->tree, e, F_LEFT) : TP_NONE;
	uint32_t env = kind(m, left) == K_SUBSCRIPT ? tp_child(m->tree, left, F_VALUE) : TP_NONE;
	const char *qn = env == TP_NONE ? NULL : tp_resolve_qname(m->res, env, NULL);
	return qn && strcmp(qn, "os.environ") == 0;
}

/* Whether a top-level statement imports for the module: an import, or a
 * try or if block holding one (`try: import torch`), but not the
 * `if __name__ == "__main__":` block, which runs last. */
static int imports_for_module(const tp_matcher *m, uint32_t stmt)
{
	uint16_t k = kind(m, stmt);
	if (k == K_IMPORT || k == K_IMPORT_FROM)
		return 1;
	if (k != K_TRY && k != K_IF)
		return 0;
	if (k == K_IF && N(m, stmt)->first != TP_NONE) {
		tp_str cond = text(m, N(m, stmt)->first);
		for (size_t i = 0; i + 8 <= cond.len; i++)
			if (memcmp(cond.ptr + i, "__main__", 8) == 0)
				return 0;
	}
	for (uint32_t i = stmt; i < N(m, stmt)->end_index; i++)
		if ((kind(m, i) == K_IMPORT || kind(m, i) == K_IMPORT_FROM) && m->res->scope_of[i] == 0)
			return 1;
	return 0;
}

/* The first import statement under s, in scope (the module's: maybe
 * inside an if or try; TP_NONE: any), that imports torch or torch_npu, in
 * any form; TP_NONE if none. */
static uint32_t torch_import(const tp_matcher *m, uint32_t s, uint32_t scope)
{
	for (uint32_t j = s; j < N(m, s)->end_index; j++) {
		if ((kind(m, j) != K_IMPORT && kind(m, j) != K_IMPORT_FROM) || (scope != TP_NONE && m->res->scope_of[j] != scope))
			continue;
		for (uint32_t d = j + 1; d < N(m, j)->end_index; d++) {
			int module = kind(m, j) == K_IMPORT ? N(m, d)->field == F_NAME || kind(m, N(m, d)->parent) == K_ALIASED_IMPORT
							     : N(m, d)->field == F_MODULE_NAME; /* not `from pkg import torch` */
			uint32_t root = kind(m, d) == K_DOTTED_NAME && module ? N(m, d)->first : TP_NONE;
			if (root != TP_NONE && (tp_str_eq(text(m, root), "torch") || tp_str_eq(text(m, root), "torch_npu")))
				return j;
		}
	}
	return TP_NONE;
}

/* Whether compound statement c only imports (a `try: import x / except
 * ImportError: x = None` guard): nothing in it uses what it imports. */
static int import_only(const tp_matcher *m, uint32_t c)
{
	for (uint32_t j = c + 1; j < N(m, c)->end_index; j++) {
		if (kind(m, N(m, j)->parent) != K_BLOCK || kind(m, j) == K_COMMENT)
			continue;
		uint16_t k = kind(m, j);
		uint32_t e = k == K_EXPR_STMT ? N(m, j)->first : TP_NONE;
		uint32_t right = kind(m, e) == K_ASSIGNMENT ? tp_child(m->tree, e, F_RIGHT) : TP_NONE;
		tp_str r = right == TP_NONE ? (tp_str){"", 0} : text(m, right);
		int constant = kind(m, right) == K_INTEGER || kind(m, right) == K_STRING || tp_str_eq(r, "None") ||
			       tp_str_eq(r, "True") || tp_str_eq(r, "False"); /* `torch = None`, `HAS_APEX = False` */
		if (k == K_IMPORT || k == K_IMPORT_FROM || k == K_IF || k == K_TRY || constant || tp_str_eq(text(m, j), "pass"))
			continue;
		return 0;
	}
	return 1;
}

static int imports_torch(const tp_matcher *m, uint32_t s)
{
	return torch_import(m, s, 0) != TP_NONE;
}

/* The statement the preamble goes after: the last of the imports (and
 * environment settings) at the top, before any other statement, as code
 * below them may use the device; or the first torch import, when that comes
 * later: inside the block that holds it (`if __name__ == "__main__":
 * import torch`), unless that block only imports and lets the module
 * import without torch (`try: import torch / except ImportError: pass`
 * keeps the setup in the try). TP_NONE: no import. */
static uint32_t preamble_anchor(const tp_matcher *m)
{
	/* not Exception, which would hide a failing set_device */
	static const char *const missing[] = {"ImportError", "ModuleNotFoundError", NULL};
	uint32_t anchor = TP_NONE, torch = TP_NONE;
	int leading = 1;
	for (uint32_t s = N(m, 0)->first; s != TP_NONE; s = N(m, s)->next) {
		if (kind(m, s) == K_COMMENT || (s == N(m, 0)->first && kind(m, s) == K_EXPR_STMT && kind(m, N(m, s)->first) == K_STRING))
			continue; /* comments, the docstring */
		int plain = kind(m, s) == K_IMPORT || kind(m, s) == K_IMPORT_FROM || import_only(m, s);
		if (leading && kind(m, s) == K_FUTURE_IMPORT)
			continue; /* `from __future__ import annotations`: the imports after it lead still */
		if (leading && ((imports_for_module(m, s) && plain) || sets_environ(m, s)))
			anchor = s;
		else
			leading = 0;
		uint32_t t = torch == TP_NONE ? torch_import(m, s, 0) : TP_NONE;
		if (t != TP_NONE) /* not after a guard that lets the module import without torch */
			torch = t == s || (import_only(m, s) && !tp_match__caught(m, t, missing)) ? s : t;
	}
	if (torch != TP_NONE && N(m, torch)->parent != 0)
		return torch; /* in a block that uses it: right after it */
	return torch != TP_NONE && (anchor == TP_NONE || torch > anchor) ? torch : anchor;
}

/* Whether call c is of the standard library's setup modules (`argparse`,
 * `os`, `logging`), or a method of a local made by one (`parser.add_argument`). */
static int setup_call(const tp_matcher *m, uint32_t c)
{
	static const char *const modules[] = {"argparse.", "os.", "sys.", "logging.", "warnings.", NULL};
	for (int depth = 0; depth < 2 && kind(m, c) == K_CALL; depth++) {
		const char *qn = qname(m, c);
		for (const char *const *p = modules; qn && *p; p++)
			if (strncmp(qn, *p, strlen(*p)) == 0)
				return 1;
		uint32_t fn = tp_child(m->tree, c, F_FUNCTION), obj = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
		const tp_binding *b = kind(m, obj) == K_IDENTIFIER ? tp_resolve_name(m->res, obj, text(m, obj).ptr, text(m, obj).len) : NULL;
		c = b && b->kind == TP_BIND_LOCAL ? b->value : TP_NONE;
	}
	return 0;
}

/* Whether statement s only defines, running nothing at import that needs
 * the process group or a device: an import, a function or class (whose
 * defaults and class body pick no device), a constant, the argument parser. */
static int defines_only(const tp_matcher *m, uint32_t s)
{
	uint16_t k = kind(m, s);
	if (k == K_IMPORT || k == K_IMPORT_FROM || k == K_FUTURE_IMPORT || k == K_COMMENT || ((k == K_TRY || k == K_IF) && import_only(m, s)))
		return 1;
	if (k == K_DECORATED_DEF)
		return defines_only(m, tp_child(m->tree, s, F_DEFINITION));
	if (k == K_CLASS_DEF) {
		uint32_t body = tp_child(m->tree, s, F_BODY);
		for (uint32_t c = body == TP_NONE ? TP_NONE : N(m, body)->first; c != TP_NONE; c = N(m, c)->next)
			if (!defines_only(m, c))
				return 0;
		return 1;
	}
	uint32_t part = k == K_FUNCTION_DEF ? tp_child(m->tree, s, F_PARAMETERS) : k == K_EXPR_STMT ? s : TP_NONE;
	if (part == TP_NONE)
		return k == K_FUNCTION_DEF;
	for (uint32_t j = part; j < N(m, part)->end_index; j++)
		if ((kind(m, j) == K_CALL && !setup_call(m, j)) || (kind(m, j) == K_STRING && memmem(text(m, j).ptr, text(m, j).len, "cuda", 4)))
			return 0;
	return 1;
}

/* MAIN's `if __name__ == "__main__":` block, when everything else at the top
 * level only defines (imports, functions, classes, constants, the argument
 * parser): the process group goes at the top of that block, so that another
 * script can still import MAIN's names (`from train import Net`) without a
 * launcher. TP_NONE otherwise. */
static uint32_t main_guard(const tp_matcher *m)
{
	uint32_t guard = TP_NONE;
	for (uint32_t s = N(m, 0)->first; s != TP_NONE; s = N(m, s)->next) {
		uint16_t k = kind(m, s);
		tp_str cond = k == K_IF ? text(m, N(m, s)->first) : (tp_str){"", 0};
		if (k == K_IF && memmem(cond.ptr, cond.len, "__name__", 8) && memmem(cond.ptr, cond.len, "__main__", 8)) {
			guard = s;
			continue;
		}
		if (!defines_only(m, s))
			return TP_NONE;
	}
	uint32_t block = guard == TP_NONE ? TP_NONE : N(m, guard)->first;
	while (block != TP_NONE && kind(m, block) != K_BLOCK)
		block = N(m, block)->next;
	uint32_t first = block == TP_NONE ? TP_NONE : N(m, block)->first;
	while (first != TP_NONE && kind(m, first) == K_COMMENT)
		first = N(m, first)->next;
	/* its statements on lines of their own (not `if ...: main()`) */
	return first != TP_NONE && tp_match__indent(m, N(m, first)->start).len &&
			       line_start(m, N(m, first)->start) + tp_match__indent(m, N(m, first)->start).len == N(m, first)->start
		       ? first
		       : TP_NONE;
}

/* Queues whole lines after the module's last import (with none, before its
 * first statement but after its docstring), behind the torch_npu import
 * that may land at the same point. */
static void preamble(tp_matcher *m, uint32_t anchor, int ahead, const char *lines, const char *message)
{
	size_t before = m->items.len;
	uint32_t s = N(m, 0)->first, doc = TP_NONE;
	while (s != TP_NONE && (kind(m, s) == K_COMMENT || kind(m, s) == K_FUTURE_IMPORT ||
				(doc == TP_NONE && kind(m, s) == K_EXPR_STMT && kind(m, N(m, s)->first) == K_STRING))) {
		if (kind(m, s) != K_COMMENT)
			doc = s; /* the docstring, or the last __future__ import */
		s = N(m, s)->next;
	}
	tp_str ind = anchor != TP_NONE ? tp_match__indent(m, N(m, anchor)->start) : (tp_str){"", 0};
	tp_buf b = {0};
	for (const char *l = lines; *l;) {
		/* inside a block: each line at the anchor's indentation */
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) + 1 : strlen(l);
		if (*l != '\n' && *l != '\r')
			tp_buf_add(&b, ind.ptr, ind.len);
		tp_buf_add(&b, l, n);
		l += n;
	}
	const char *text = tp_arena_strndup(m->arena, b.ptr, b.len);
	tp_buf_dispose(&b);
	if (anchor != TP_NONE && ahead) { /* before the first statement of a block (main_guard), and its comment lines */
		uint32_t at = line_start(m, N(m, anchor)->start);
		for (int moved = 1; moved && at > 0;) {
			uint32_t prev = line_start(m, at - 1);
			tp_str pind = tp_match__indent(m, prev);
			moved = 0;
			for (uint32_t j = 0; j < m->tree->count && !moved && pind.ptr < m->src + at - 1 && *(pind.ptr + pind.len) == '#'; j++)
				moved = kind(m, j) == K_COMMENT && m->src + N(m, j)->start == pind.ptr + pind.len;
			if (moved)
				at = prev;
		}
		if (at < line_start(m, N(m, anchor)->start)) /* a blank line before the comment */
			text = tp_arena_printf(m->arena, "%s%s", text, m->eol);
		add(m, TP_OP_INSERT, at, at, text, message);
	}
	else if (anchor != TP_NONE)
		insert_lines(m, N(m, anchor)->end, text, message);
	else if (doc != TP_NONE)
		insert_lines(m, N(m, doc)->end, lines, message);
	else if (s != TP_NONE)
		add(m, TP_OP_INSERT, line_start(m, N(m, s)->start), line_start(m, N(m, s)->start), lines, message);
	while (m->items.len > before)
		tp_array_push(&m->late, m->items.items[--m->items.len]);
}

/* A call that starts a worker process per device, or TP_NONE: a process
 * pool or Process (also of a get_context(...)) in a file whose device
 * choices count the devices (`torch.device(i % torch.cuda.device_count())`,
 * f"cuda:{i}" in a loop over them). */
static uint32_t device_workers(const tp_matcher *m)
{
	static const char *const starters[] = {"torch.multiprocessing.Pool", "torch.multiprocessing.Process",
					       "torch.multiprocessing.get_context", "multiprocessing.Pool", "multiprocessing.Process",
					       "multiprocessing.get_context", "concurrent.futures.ProcessPoolExecutor", NULL};
	uint32_t start = TP_NONE;
	int per_device = 0;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		const char *qn = kind(m, i) == K_CALL ? qname(m, i) : NULL;
		if (start == TP_NONE && tp_match__qname_in(qn, starters))
			start = i;
		if (!per_device && ((qn && strcmp(qn, "torch.device") == 0) || (kind(m, i) != K_CALL && names_cuda(m, i))))
			per_device = counts_devices(m, i, 0) || enumerates_devices(m, i);
	}
	return per_device ? start : TP_NONE;
}

/* `init_process_group(..., world_size=1, rank=0)`: a group of this one
 * process (for FSDP's CPU offload, say), not one process of many. */
static int one_process_group(const tp_matcher *m, uint32_t call, const char *qn)
{
	int kw = 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	uint32_t size = strstr(qn, "init_process_group") && kind(m, args) == K_ARG_LIST ? tp_match__find_arg(m, args, 3, "world_size", &kw) : TP_NONE;
	if (kw)
		size = tp_child(m->tree, size, F_VALUE);
	return size != TP_NONE && tp_str_eq(text(m, size), "1");
}

/* Why the file runs once per rank, its node, or TP_NONE: it sets up the
 * process group or spawns the ranks itself (`mp.spawn(run, ...)`, a worker
 * per device), builds a DDP or FSDP wrapper (which needs the process group:
 * a helper, `utils.init_distributed_mode(args)`, may set it up), or reads
 * LOCAL_RANK, which launchers such as torchrun set. */
static uint32_t per_rank(const tp_matcher *m, const char **why)
{
	uint32_t workers = device_workers(m);
	if (workers != TP_NONE) {
		*why = tp_arena_printf(m->arena, "it starts a worker per device: %s", qname(m, workers));
		return tp_child(m->tree, workers, F_FUNCTION);
	}
	static const char *const setup[] = {"torch.distributed.init_process_group", "torch.distributed.distributed_c10d.init_process_group",
					    "torch.multiprocessing.spawn", "torch.multiprocessing.start_processes",
					    "deepspeed.init_distributed", "deepspeed.comm.init_distributed",
					    "deepspeed.utils.distributed.init_distributed", NULL};
	static const char *const fsdp[] = {"torch.distributed.fsdp.FullyShardedDataParallel",
					   "torch.distributed.fsdp.fully_sharded_data_parallel.FullyShardedDataParallel",
					   "apex.parallel.DistributedDataParallel", NULL}; /* and apex's DDP (BYOL-PyTorch) */
	int one = 0; /* a group of one process: its DDP or FSDP runs in this one process too */
	for (uint32_t i = 0; i < m->tree->count && !one; i++) {
		const char *qn = kind(m, i) == K_CALL ? qname(m, i) : NULL;
		one = qn && strstr(qn, "init_process_group") && one_process_group(m, i, qn);
	}
	for (uint32_t i = 0; i < m->tree->count; i++) {
		const char *qn = kind(m, i) == K_CALL ? qname(m, i) : NULL;
		int wrapper = tp_match__qname_in(qn, tp_ddp_names) || tp_match__qname_in(qn, fsdp);
		if ((tp_match__qname_in(qn, setup) && !one_process_group(m, i, qn)) || (wrapper && !one)) {
			*why = tp_arena_printf(m->arena, "it calls %s", qn);
			return tp_child(m->tree, i, F_FUNCTION); /* its first line */
		}
		if (qn && m->dist_setups && tp_map_get(m->dist_setups, qn, strlen(qn))) { /* waveglow's init_distributed(rank, ...) */
			*why = tp_arena_printf(m->arena, "it calls %s, which sets up the process group", qn);
			return tp_child(m->tree, i, F_FUNCTION);
		}
		uint32_t str = kind(m, i) == K_STRING_CONTENT ? N(m, i)->parent : TP_NONE, use = str == TP_NONE ? TP_NONE : N(m, str)->parent;
		int written = kind(m, use) == K_SUBSCRIPT && N(m, use)->field == F_LEFT && kind(m, N(m, use)->parent) == K_ASSIGNMENT;
		if (str != TP_NONE && tp_str_eq(text(m, i), "LOCAL_RANK") && kind(m, use) != K_EXPR_STMT && !written) { /* not `os.environ["LOCAL_RANK"] = ...` */
			*why = "it reads LOCAL_RANK";
			return i;
		}
	}
	return TP_NONE;
}

/* The first statement of function def that binds the name torch: `import
 * torch` or `import torch.nn`, not `import torch.nn as nn`. */
static uint32_t binds_torch(const tp_matcher *m, uint32_t def)
{
	for (uint32_t j = def; j < N(m, def)->end_index; j++) {
		if (kind(m, j) != K_IMPORT || m->res->scope_of[j] != def)
			continue;
		for (uint32_t c = N(m, j)->first; c != TP_NONE; c = N(m, c)->next)
			if (kind(m, c) == K_DOTTED_NAME && N(m, c)->field == F_NAME && N(m, c)->first != TP_NONE &&
			    tp_str_eq(text(m, N(m, c)->first), "torch"))
				return j;
	}
	return TP_NONE;
}

/* Torch imported in functions only, lazily, so that the module imports
 * on hosts without it: set_device goes after the torch import of each
 * function that uses the device (a choice -s rewrote, a bare .cuda(), a
 * plain "cuda"), not at the top. */
static void set_device_where_imported(tp_matcher *m, const uint8_t *was_claimed)
{
	tp_array(uint32_t) done = {0};
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t fn = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
		if (!(m->claimed[i] && !was_claimed[i]) && !(kind(m, i) == K_STRING && current_device_choice(m, i)) &&
		    !(leaf != TP_NONE && tp_str_eq(text(m, leaf), "cuda")))
			continue;
		uint32_t imp = TP_NONE, def = TP_NONE;
		for (uint32_t s = m->res->scope_of[i]; s != 0 && imp == TP_NONE; s = m->res->scope_of[s])
			if (kind(m, s) == K_FUNCTION_DEF && (imp = torch_import(m, s, s)) != TP_NONE)
				def = s;
		int seen = imp == TP_NONE;
		for (size_t k = 0; k < done.len && !seen; k++)
			seen = done.items[k] == imp;
		if (seen)
			continue;
		tp_array_push(&done, imp);
		/* after the import that binds the name torch (not `import torch.nn
		 * as nn`, `from torch import zeros`); with none, one of its own */
		uint32_t binds = binds_torch(m, def);
		const char *lines = tp_arena_printf(m->arena, "%storch.npu.set_device(%s)", binds == TP_NONE ? "import torch; " : "",
						    m->device_var);
		const char *message = "the device comes from DEVICE_ID (-s), set where this function imports torch";
		uint32_t at = binds == TP_NONE ? imp : binds, after = N(m, at)->end;
		while (after < m->len && (m->src[after] == ' ' || m->src[after] == '\t'))
			after++;
		if (after < m->len && m->src[after] == ';') { /* `import torch; x = t.cuda()`: before the code after it */
			size_t before = m->items.len;
			add(m, TP_OP_INSERT, N(m, at)->end, N(m, at)->end, tp_arena_printf(m->arena, "; %s", lines), message);
			while (m->items.len > before)
				tp_array_push(&m->late, m->items.items[--m->items.len]);
		} else {
			preamble(m, at, 0, tp_arena_printf(m->arena, "%s%s", lines, m->eol), message);
		}
	}
	tp_array_free(&done);
}

/* Makes each device choice follow DEVICE_ID; whether the file sets the
 * device variable itself goes to defined. Returns whether a bare .cuda()
 * uses the current device. */
static int choose_devices(tp_matcher *m, const tp_rule *index, const uint8_t *was_claimed, int *defined)
{
	int bare = 0;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint16_t k = kind(m, i);
		if (k == K_ASSIGNMENT) {
			uint32_t left = tp_child(m->tree, i, F_LEFT);
			*defined |= left != TP_NONE && tp_str_eq(text(m, left), m->device_var);
		}
		if (k == K_STRING && !was_claimed[i])
			m->plain_device |= current_device_choice(m, i);
		if (k != K_CALL)
			continue;
		/* `self.device = torch.cuda.current_device()`, made a device string
		 * of the current device, which set_device chooses */
		m->plain_device |= !was_claimed[i] && tp_match__index_into_device_name(m, i) != TP_NONE;
		choose_device(m, i, qname(m, i), index);
		/* `x.cuda()`: the current device, which set_device chooses */
		uint32_t fn = tp_child(m->tree, i, F_FUNCTION), args = tp_child(m->tree, i, F_ARGUMENTS);
		uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
		int kw = 0;
		bare |= leaf != TP_NONE && tp_str_eq(text(m, leaf), "cuda") && kind(m, args) == K_ARG_LIST &&
			tp_match__find_arg(m, args, 0, "device", &kw) == TP_NONE;
	}
	return bare;
}

/* Whether string str names CUDA_VISIBLE_DEVICES where the file sets it:
 * `os.environ["CUDA_VISIBLE_DEVICES"] = opt.gpus` (CenterNet's main.py),
 * `os.environ.setdefault(...)`, `os.putenv(...)`. */
static int sets_visible_devices(const tp_matcher *m, uint32_t str)
{
	if (kind(m, str) != K_STRING || text(m, str).len != 22 || memcmp(text(m, str).ptr + 1, "CUDA_VISIBLE_DEVICES", 20) != 0)
		return 0;
	uint32_t p = N(m, str)->parent;
	if (kind(m, p) == K_SUBSCRIPT)
		return kind(m, N(m, p)->parent) == K_ASSIGNMENT && N(m, p)->field == F_LEFT;
	uint32_t call = kind(m, p) == K_ARG_LIST && N(m, p)->first == str ? N(m, p)->parent : TP_NONE;
	uint32_t fn = call == TP_NONE ? TP_NONE : tp_child(m->tree, call, F_FUNCTION);
	uint32_t leaf = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
	return leaf != TP_NONE && (tp_str_eq(text(m, leaf), "setdefault") || tp_str_eq(text(m, leaf), "putenv"));
}

static void specify_device(tp_matcher *m)
{
	const tp_rule *index = tp_map_get(&m->rules->device_index, "to", 2);
	uint32_t anchor = preamble_anchor(m), known;
	int defined, bare;
	size_t before = m->items.len;
	uint8_t *was_claimed = tp_arena_alloc(m->arena, m->tree->count + 1);
	memcpy(was_claimed, m->claimed, m->tree->count + 1);
	m->model_parallel = numbered_devices(m);
	do { /* again when a second number comes late (`.cuda(1)` after `.cuda(0)`), leaving the numbers */
		known = m->model_parallel;
		memcpy(m->claimed, was_claimed, m->tree->count + 1);
		m->items.len = before;
		m->plain_device = defined = 0;
		m->rank_device = 0;
		bare = choose_devices(m, index, was_claimed, &defined);
	} while (m->model_parallel != known);
	local_device_values(m, index, anchor == TP_NONE ? 0 : N(m, anchor)->end);
	if ((m->items.len == before && !m->plain_device && !bare) || defined)
		return; /* nothing for -s to do */
	/* A file that runs once per rank picks each rank's device itself:
	 * DEVICE_ID, the same in every rank under torchrun, would put them all
	 * on one card, and so would a set_device before the file's own. Its
	 * devices stay as the rules convert them. */
	const char *why = NULL;
	uint32_t at = per_rank(m, &why);
	if (at == TP_NONE && m->rank_device) {
		at = m->rank_device;
		why = tp_arena_printf(m->arena, "its device comes from a rank: %.*s", (int)text(m, at).len, text(m, at).ptr);
	}
	if (at != TP_NONE && m->dist_other) { /* it picks each rank's device itself (a helper's init_distributed_mode) */
		memcpy(m->claimed, was_claimed, m->tree->count + 1);
		m->items.len = before;
		return;
	}
	if (m->dist_other)
		return; /* each rank set its device before this file runs: no DEVICE_ID */
	if (at != TP_NONE) {
		memcpy(m->claimed, was_claimed, m->tree->count + 1);
		m->items.len = before;
		note(m, at, tp_arena_printf(m->arena, "per-rank devices left to the launcher, not DEVICE_ID (-s): this file runs once per "
						      "rank (%s), and one DEVICE_ID would put every rank on one card, so its devices are "
						      "converted as without -s. Start it with torchrun, or as it spawns its ranks; under a "
						      "launcher that sets DEVICE_ID per rank, pick the device from DEVICE_ID by hand", why));
		return;
	}
	/* torch imported in functions only; a file that imports none at all
	 * (`AutoModel.from_pretrained(...).cuda()`) gets the imports, torch_npu's
	 * too, as set_device needs it */
	int none = torch_import(m, 0, TP_NONE) == TP_NONE, lazy = !imports_torch(m, 0) && !none;
	tp_buf b = {0};
	if (!imported_by(m, "os", anchor))
		tp_buf_printf(&b, "import os%s", m->eol);
	if (!lazy && !imported_by(m, "torch", anchor))
		tp_buf_printf(&b, "import torch%s", m->eol); /* imported later, or by `from torch import` only */
	if (none && m->rules->import_insert)
		tp_buf_printf(&b, "%s%s", m->rules->import_insert->insert, m->eol);
	tp_buf_printf(&b, "%s = int(os.environ.get(\"DEVICE_ID\", \"0\"))%s", m->device_var, m->eol);
	if (!lazy)
		tp_buf_printf(&b, "torch.npu.set_device(%s)%s", m->device_var, m->eol);
	preamble(m, anchor, 0, tp_arena_strndup(m->arena, b.ptr, b.len), "the device comes from DEVICE_ID (-s)");
	tp_buf_dispose(&b);
	if (lazy)
		set_device_where_imported(m, was_claimed);
	for (uint32_t i = anchor == TP_NONE ? 0 : N(m, anchor)->end_index; !lazy && i < m->tree->count; i++)
		if (sets_visible_devices(m, i)) /* after the preamble: in a function, or below it */
			note(m, i, "a visible-device list set here comes after -s's torch.npu.set_device(DEVICE_ID), so it no longer "
				   "picks the card (the runtime reads it when it starts): pick the card with DEVICE_ID, or set "
				   "ASCEND_RT_VISIBLE_DEVICES before the script starts");
}

void tp_specify_device(tp_matcher *m)
{
	specify_device(m);
	if (m->model_parallel && m->dist_other)
		note(m, m->model_parallel, "model parallel: this file names several device numbers, which stay as they are "
					   "(npu:0, npu:1, ...), so in distributed mode every rank puts its parts on the same cards; "
					   "give each rank cards of its own by hand (local_rank * parts + part)");
	else if (m->model_parallel)
		note(m, m->model_parallel, "model parallel: this file names several device numbers, which -s leaves as they are "
					   "(npu:0, npu:1, ...) rather than fold its parts onto DEVICE_ID's one card; to start at "
					   "DEVICE_ID, add int(os.environ[\"DEVICE_ID\"]) to each number by hand");
}

/* The models MAIN trains: each name whose parameters() an optimizer is
 * built from (`optim.Adam(netD.parameters(), ...)`, `SGD(list(enc.parameters())
 * + list(dec.parameters()))`) and that MAIN assigns; a GAN's two models, an
 * encoder and its decoder. A frozen model (a teacher, a loss network) has no
 * optimizer: DDP refuses a module with nothing to train. */
typedef tp_array(tp_str) tp_names;

/* The list or tuple of plain names that the loop around node walks with
 * variable name (`for net in [model, head]:`), else TP_NONE. */
static uint32_t loop_over_names(const tp_matcher *m, uint32_t node, tp_str name)
{
	for (uint32_t p = N(m, node)->parent; p != TP_NONE; p = N(m, p)->parent) {
		uint32_t left = kind(m, p) == K_FOR ? tp_child(m->tree, p, F_LEFT) : TP_NONE, right = TP_NONE;
		if (kind(m, left) == K_IDENTIFIER && tp_str_same(text(m, left), name)) {
			right = tp_child(m->tree, p, F_RIGHT);
			return kind(m, right) == K_LIST || kind(m, right) == K_TUPLE ? right : TP_NONE;
		}
		if (kind(m, p) == K_FUNCTION_DEF || kind(m, p) == K_LAMBDA || kind(m, p) == K_CLASS_DEF)
			break;
	}
	return TP_NONE;
}

/* Adds name, a model whose parameters() an optimizer gets, when MAIN assigns
 * it; returns whether it is such a model (added now or before). */
static int add_model(const tp_matcher *m, tp_str name, tp_names *out)
{
	/* `model_without_ddp = model`: the model is the one MAIN calls */
	for (uint32_t a = 0; a < m->tree->count; a++) {
		uint32_t right = kind(m, a) == K_ASSIGNMENT ? tp_child(m->tree, a, F_RIGHT) : TP_NONE;
		tp_str of = kind(m, right) == K_IDENTIFIER ? text(m, right) : (tp_str){"", 0};
		if (of.len && tp_str_same(model_alias(m, N(m, a)->parent, of, 0), name) && calls_name(m, of)) {
			name = of;
			break;
		}
	}
	int known = 0, assigned = 0;
	for (size_t k = 0; k < out->len && !known; k++)
		known = tp_str_same(out->items[k], name);
	for (uint32_t a = 0; a < m->tree->count && !known && !assigned; a++)
		assigned = assigns_model(m, a, name);
	if (assigned)
		tp_array_push(out, name);
	return known || assigned;
}

/* Adds each name X of an `X.parameters()` (or another parameters_method)
 * under root that MAIN assigns. Returns how many of those calls are of no
 * such name (`self.model.parameters()`). */
static int add_models(const tp_matcher *m, uint32_t root, tp_names *out)
{
	int unnamed = 0;
	for (uint32_t j = root; j < N(m, root)->end_index; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		uint32_t obj = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_OBJECT) : TP_NONE;
		if (obj == TP_NONE || !parameters_method(text(m, tp_child(m->tree, f, F_ATTRIBUTE))))
			continue;
		while (kind(m, obj) == K_ATTRIBUTE) /* a part of it trains: `model.fc.parameters()` */
			obj = tp_child(m->tree, obj, F_OBJECT);
		if (kind(m, obj) != K_IDENTIFIER) {
			unnamed++;
			continue;
		}
		/* a loop over models: `for net in [model, head]: ... net.parameters()` */
		uint32_t walked = loop_over_names(m, j, text(m, obj));
		int named = walked != TP_NONE;
		for (uint32_t e = walked == TP_NONE ? TP_NONE : N(m, walked)->first; e != TP_NONE; e = N(m, e)->next)
			named &= kind(m, e) == K_IDENTIFIER && add_model(m, text(m, e), out);
		if (walked == TP_NONE)
			named = add_model(m, text(m, obj), out);
		unnamed += !named;
	}
	return unnamed;
}

/* Whether MAIN's optimizers get the parameters of parts of model only
 * (`model.fc.parameters()`), never `model.parameters()`. */
static int trains_part_only(const tp_matcher *m, tp_str model)
{
	int part = 0;
	for (uint32_t j = 0; j < m->tree->count; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		uint32_t obj = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_OBJECT) : TP_NONE;
		if (obj == TP_NONE || !parameters_method(text(m, tp_child(m->tree, f, F_ATTRIBUTE))))
			continue;
		if (kind(m, obj) == K_IDENTIFIER && tp_str_same(text(m, obj), model))
			return 0;
		part |= on_model(m, obj, model);
	}
	return part;
}

static uint32_t class_of(const tp_matcher *m, uint32_t node);

/* Whether identifier f names an instance of a class of the file (`model =
 * RNNModel().cuda()`) whose forward returns what one call gives, `return
 * self.rnn(x, h)`: its outputs (an RNN's output and hidden state) come from
 * the same parameters, not from heads of their own. */
static int returns_one_call(const tp_matcher *m, uint32_t f)
{
	const tp_binding *b = kind(m, f) == K_IDENTIFIER ? tp_resolve_name(m->res, f, text(m, f).ptr, text(m, f).len) : NULL;
	uint32_t def = TP_NONE, forward = TP_NONE;
	for (const tp_value *val = b && b->kind == TP_BIND_LOCAL ? b->values : NULL; val; val = val->next) { /* each the same class */
		uint32_t v = val->node;
		while (kind(m, v) == K_CALL && kind(m, tp_child(m->tree, v, F_FUNCTION)) == K_ATTRIBUTE) /* .cuda(), .to(device) */
			v = tp_child(m->tree, tp_child(m->tree, v, F_FUNCTION), F_OBJECT);
		uint32_t cls = kind(m, v) == K_CALL ? tp_child(m->tree, v, F_FUNCTION) : TP_NONE;
		const tp_binding *cb = kind(m, cls) == K_IDENTIFIER ? tp_resolve_name(m->res, cls, text(m, cls).ptr, text(m, cls).len) : NULL;
		uint32_t d = cb ? tp_resolve_definition(m->res, cb) : TP_NONE;
		if (d == TP_NONE || (def != TP_NONE && d != def))
			return 0;
		def = d;
	}
	for (uint32_t j = def; kind(m, def) == K_CLASS_DEF && j < N(m, def)->end_index && forward == TP_NONE; j++)
		if (kind(m, j) == K_FUNCTION_DEF && class_of(m, j) == def && tp_str_eq(text(m, tp_child(m->tree, j, F_NAME)), "forward"))
			forward = j;
	int calls = 0;
	for (uint32_t j = forward; forward != TP_NONE && j < N(m, forward)->end_index; j++) {
		if (kind(m, N(m, j)->parent) != K_BLOCK || !tp_match__keyword_statement(m, j, "return") || m->res->scope_of[j] != forward)
			continue;
		uint32_t e = N(m, j)->first;
		while (e != TP_NONE && (kind(m, e) == K_COMMENT || N(m, e)->first == TP_NONE)) /* the keyword */
			e = N(m, e)->next;
		if (kind(m, e) != K_CALL)
			return 0;
		calls++;
	}
	return calls > 0;
}

/* Whether a forward of the model drops some of its outputs, `validity, _,
 * _ = discriminator(x)` (InfoGAN's heads): the parameters behind them get no
 * gradient in that step, which DDP raises on unless it looks for them. */
static int drops_outputs(const tp_matcher *m, tp_str model)
{
	for (uint32_t j = 0; j < m->tree->count; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE, a = N(m, j)->parent;
		if (f == TP_NONE || !tp_str_same(text(m, f), model) || kind(m, a) != K_ASSIGNMENT || N(m, j)->field != F_RIGHT ||
		    returns_one_call(m, f))
			continue;
		uint32_t left = tp_child(m->tree, a, F_LEFT);
		if (kind(m, left) != K_PATTERN_LIST && kind(m, left) != K_TUPLE_PATTERN)
			continue;
		for (uint32_t c = N(m, left)->first; c != TP_NONE; c = N(m, c)->next)
			if (kind(m, c) == K_IDENTIFIER && text(m, c).ptr[0] == '_')
				return 1;
	}
	return 0;
}

/* Whether code under root calls a parameters_method. */
static int calls_parameters(const tp_matcher *m, uint32_t root)
{
	for (uint32_t j = root; root != TP_NONE && j < N(m, root)->end_index; j++)
		if (kind(m, j) == K_ATTRIBUTE && parameters_method(text(m, tp_child(m->tree, j, F_ATTRIBUTE))))
			return 1;
	return 0;
}

/* What statement or call j puts into the list called name: the value of
 * `name = ...` or `name += ...`, the argument of `name.append(...)` or
 * `name.extend(...)`, and for a loop variable appended, what the loop walks
 * (`for p in filter(f, model.parameters()): name.append(p)`); TP_NONE when
 * j does not fill it. */
static uint32_t filled_with(const tp_matcher *m, uint32_t j, tp_str name)
{
	uint16_t k = kind(m, j);
	if (k == K_ASSIGNMENT || k == K_AUG_ASSIGN) {
		uint32_t left = tp_child(m->tree, j, F_LEFT);
		return kind(m, left) == K_IDENTIFIER && tp_str_same(text(m, left), name) ? tp_child(m->tree, j, F_RIGHT) : TP_NONE;
	}
	uint32_t fn = k == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
	uint32_t obj = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_OBJECT) : TP_NONE;
	uint32_t attr = obj != TP_NONE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
	uint32_t args = tp_child(m->tree, j, F_ARGUMENTS), arg = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
	if (kind(m, obj) != K_IDENTIFIER || !tp_str_same(text(m, obj), name) || attr == TP_NONE || arg == TP_NONE ||
	    !(tp_str_eq(text(m, attr), "append") || tp_str_eq(text(m, attr), "extend")))
		return TP_NONE;
	for (uint32_t p = N(m, j)->parent; kind(m, arg) == K_IDENTIFIER && p != TP_NONE; p = N(m, p)->parent) {
		uint32_t left = kind(m, p) == K_FOR ? tp_child(m->tree, p, F_LEFT) : TP_NONE;
		if (kind(m, left) == K_IDENTIFIER && tp_str_same(text(m, left), text(m, arg)))
			return tp_child(m->tree, p, F_RIGHT);
		for (uint32_t c = kind(m, left) == K_PATTERN_LIST || kind(m, left) == K_TUPLE_PATTERN ? N(m, left)->first : TP_NONE; c != TP_NONE;
		     c = N(m, c)->next) /* `for name, p in model.named_parameters()` */
			if (kind(m, c) == K_IDENTIFIER && tp_str_same(text(m, c), text(m, arg)))
				return tp_child(m->tree, p, F_RIGHT);
	}
	return arg;
}

/* Returns the number of optimizers MAIN builds that get no parameters()
 * (`LBFGS([input_img.requires_grad_()])`): they train no network.
 * *unnamed: the parameters() calls they get of no model MAIN assigns to a
 * plain name (`self.model.parameters()`, a loop's variable). */
static int trained_models(tp_matcher *m, tp_names *out, int *unnamed)
{
	int count = 0;
	static const char *const optimizers[] = {"SGD", "Adam", "AdamW", "Adamax", "Adagrad", "Adadelta", "RMSprop", "Rprop",
						 "ASGD", "LBFGS", "NAdam", "RAdam", "SparseAdam", "FusedAdam", "FusedLAMB",
						 "FusedSGD", "Lion", "LAMB", "Lamb", "Adafactor", NULL};
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (kind(m, i) != K_CALL)
			continue;
		uint32_t fn = tp_child(m->tree, i, F_FUNCTION), args = tp_child(m->tree, i, F_ARGUMENTS);
		uint32_t last = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : fn;
		const char *qn = qname(m, i);
		int optimizer = (qn && strncmp(qn, "torch.optim.", 12) == 0 && !strchr(qn + 12, '.')) ||
				(kind(m, last) == K_IDENTIFIER && tp_match__qname_in(tp_arena_strndup(m->arena, text(m, last).ptr, text(m, last).len), optimizers));
		if (!optimizer || kind(m, args) != K_ARG_LIST)
			continue;
		/* The arguments, and the value of a name given as one:
		 * `params = list(enc.parameters()) + list(dec.parameters())`. */
		int params = 0;
		for (uint32_t a = N(m, args)->first; a != TP_NONE; a = N(m, a)->next) {
			uint32_t v = kind(m, a) == K_KEYWORD_ARG ? tp_child(m->tree, a, F_VALUE) : a;
			*unnamed += add_models(m, v, out);
			params |= calls_parameters(m, v);
			/* each value of a name in it: `params = model.parameters()`, then maybe
			 * a list; `[{"params": backbone}, {"params": head}]` */
			for (uint32_t id = v; id < N(m, v)->end_index; id++) {
				if (kind(m, id) != K_IDENTIFIER || N(m, id)->field == F_ATTRIBUTE)
					continue;
				for (uint32_t j = 0; j < m->tree->count; j++) {
					uint32_t value = m->res->scope_of[j] == m->res->scope_of[id] ? filled_with(m, j, text(m, id)) : TP_NONE;
					if (value != TP_NONE) {
						*unnamed += add_models(m, value, out);
						params |= calls_parameters(m, value);
					}
				}
			}
		}
		count += !params;
	}
	return count;
}

/* The innermost loop that holds node, in its function; TP_NONE when none. */
static uint32_t loop_of(const tp_matcher *m, uint32_t node)
{
	for (uint32_t p = N(m, node)->parent; p != TP_NONE; p = N(m, p)->parent) {
		if (kind(m, p) == K_FOR || kind(m, p) == K_WHILE)
			return p;
		if (kind(m, p) == K_FUNCTION_DEF || kind(m, p) == K_LAMBDA || kind(m, p) == K_CLASS_DEF)
			break;
	}
	return TP_NONE;
}

/* Whether the body of one loop calls the model in more than one place
 * where autograd records: `netD(real)` and `netD(fake)` before one
 * backward. A forward under no_grad (a sample after the step) builds no
 * graph that a buffer broadcast could break. */
/* Whether nodes a and b (a first) are in different branches of one if
 * statement or conditional expression, so that one pass runs one of them:
 * `if half: out = model(x.half()) else: out = model(x)`. */
static int exclusive(const tp_matcher *m, uint32_t a, uint32_t b)
{
	/* the nearest ancestor of b that holds a, and its children toward each */
	uint32_t cb = b, lca = N(m, b)->parent;
	while (lca != TP_NONE && !(a >= lca && a < N(m, lca)->end_index))
		cb = lca, lca = N(m, lca)->parent;
	if (lca == TP_NONE || (kind(m, lca) != K_IF && kind(m, lca) != K_CONDITIONAL))
		return 0;
	uint32_t ca = a;
	while (N(m, ca)->parent != lca)
		ca = N(m, ca)->parent;
	/* not the condition: an if statement's first child, an expression's second */
	uint32_t cond = N(m, lca)->first;
	if (kind(m, lca) == K_CONDITIONAL && cond != TP_NONE)
		cond = N(m, cond)->next;
	return ca != cb && ca != cond && cb != cond;
}

/* After the setup's set_device(npu_local_rank): a call of a function of
 * another file, or of a method of another file's class on an object MAIN
 * builds from an import (pix2pixHD's and CycleGAN's
 * `TrainOptions().parse()`), that calls torch.cuda.set_device puts every
 * rank back on that card. */
static void later_set_device(tp_matcher *m)
{
	for (uint32_t i = 0; m->dist_repeats && i < m->tree->count; i++) {
		uint32_t f = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		const char *qn = f == TP_NONE ? NULL : qname(m, i);
		const char *key = qn ? tp_arena_printf(m->arena, "%s@set_device", qn) : NULL;
		int hit = key && tp_map_get(m->dist_repeats, key, strlen(key));
		if (!hit && kind(m, f) == K_ATTRIBUTE) {
			tp_str a = text(m, tp_child(m->tree, f, F_ATTRIBUTE));
			uint32_t root = tp_child(m->tree, f, F_OBJECT);
			while (kind(m, root) == K_ATTRIBUTE || kind(m, root) == K_CALL)
				root = tp_child(m->tree, root, kind(m, root) == K_ATTRIBUTE ? F_OBJECT : F_FUNCTION);
			const char *rq = kind(m, root) == K_IDENTIFIER ? tp_resolve_qname(m->res, root, NULL) : NULL;
			key = rq && strncmp(rq, "torch", 5) != 0 ? tp_arena_printf(m->arena, "set_device method %.*s", (int)a.len, a.ptr) : NULL;
			hit = key && tp_map_get(m->dist_repeats, key, strlen(key));
		}
		if (hit)
			note(m, i, tp_arena_printf(m->arena, "%.*s runs torch.cuda.set_device in a file of the tree, after the setup's "
							     "torch.npu.set_device(npu_local_rank): every rank then uses that card; make it "
							     "set npu_local_rank, or drop it", (int)text(m, f).len, text(m, f).ptr));
	}
}

/* Whether call i gives the model to a function of another file that runs
 * that parameter more than once (TRADES' trades_loss(model=model, ...)),
 * where autograd records. */
static int given_to_repeater(const tp_matcher *m, uint32_t i, tp_str model)
{
	uint32_t args = kind(m, i) == K_CALL && m->dist_repeats ? tp_child(m->tree, i, F_ARGUMENTS) : TP_NONE;
	const char *qn = kind(m, args) == K_ARG_LIST ? qname(m, i) : NULL;
	if (!qn || grad_off(m, i))
		return 0;
	uint32_t pos = 0;
	for (uint32_t a = N(m, args)->first; a != TP_NONE; a = N(m, a)->next) {
		if (kind(m, a) == K_COMMENT)
			continue;
		if (kind(m, a) == K_LIST_SPLAT || kind(m, a) == K_DICT_SPLAT)
			return 0;
		uint32_t v = kind(m, a) == K_KEYWORD_ARG ? tp_child(m->tree, a, F_VALUE) : a;
		if (kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model)) {
			tp_str kw = kind(m, a) == K_KEYWORD_ARG ? text(m, tp_child(m->tree, a, F_NAME)) : (tp_str){"", 0};
			const char *key = kind(m, a) == K_KEYWORD_ARG ? tp_arena_printf(m->arena, "%s:%.*s", qn, (int)kw.len, kw.ptr)
								      : tp_arena_printf(m->arena, "%s#%u", qn, pos);
			if (tp_map_get(m->dist_repeats, key, strlen(key)))
				return 1;
		}
		pos += kind(m, a) != K_KEYWORD_ARG;
	}
	return 0;
}

/* Whether a backward() call follows node a in its loop: a forward with
 * none after it (an evaluation after the step, 502_GPU's `test_output =
 * cnn(test_x)`) is no second forward before a backward. */
static int backward_after(const tp_matcher *m, uint32_t a, uint32_t loop)
{
	for (uint32_t j = N(m, a)->end_index; j < N(m, loop)->end_index; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : TP_NONE;
		if (leaf != TP_NONE && tp_str_eq(text(m, leaf), "backward"))
			return 1;
	}
	return 0;
}

static int runs_twice(const tp_matcher *m, tp_str model)
{
	uint32_t seen = TP_NONE, last = TP_NONE;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (given_to_repeater(m, i, model))
			return 1;
		uint32_t f = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		if (kind(m, f) != K_IDENTIFIER || !tp_str_same(text(m, f), model) || grad_off(m, i))
			continue;
		uint32_t loop = loop_of(m, i);
		if (loop != TP_NONE && !backward_after(m, i, loop))
			continue;
		if (loop != TP_NONE && loop == seen && !exclusive(m, last, i))
			return 1;
		seen = loop;
		last = i;
	}
	return 0;
}

/* The quote for a string written at node: inside an f-string's braces, the
 * one that f-string does not use (before Python 3.12 they may not hold it). */
static char free_quote(const tp_matcher *m, uint32_t node)
{
	for (uint32_t p = N(m, node)->parent; p != TP_NONE; p = N(m, p)->parent) {
		if (kind(m, p) != K_INTERPOLATION)
			continue;
		uint32_t str = N(m, p)->parent;
		while (str != TP_NONE && kind(m, str) != K_STRING)
			str = N(m, str)->parent;
		const char *c = str == TP_NONE ? "'" : m->src + N(m, str)->start;
		while (*c != '\'' && *c != '"')
			c++; /* past the prefix: f, rf, ... */
		return *c == '\'' ? '"' : '\'';
	}
	return '\'';
}

/* Whether identifier obj names a parameter of a function that holds it:
 * `def train(model, loader)`. */
static int model_parameter(const tp_matcher *m, uint32_t obj, tp_str model)
{
	for (uint32_t s = m->res->scope_of[obj]; s != 0; s = m->res->scope_of[s]) {
		uint32_t params = kind(m, s) == K_FUNCTION_DEF ? tp_child(m->tree, s, F_PARAMETERS) : TP_NONE;
		for (uint32_t c = params == TP_NONE ? TP_NONE : N(m, params)->first; c != TP_NONE; c = N(m, c)->next) {
			uint32_t id = tp_match__param_name(m, c);
			if (id != TP_NONE && tp_str_same(text(m, id), model))
				return 1;
		}
	}
	return 0;
}

/* The calls of MAIN that pass the model to a plain name (`train(model)`),
 * gathered once: receives_model looks at these only. */
typedef tp_array(uint32_t) tp_calls;

static void model_givers(const tp_matcher *m, tp_str model, tp_calls *out)
{
	for (uint32_t i = 0; i < m->tree->count; i++)
		if (kind(m, i) == K_CALL && kind(m, tp_child(m->tree, i, F_FUNCTION)) == K_IDENTIFIER && passes_model(m, i, model))
			tp_array_push(out, i);
}

/* Whether identifier obj is a parameter of a function of MAIN that one of
 * the givers calls with the model for it: `train(model, loader)` into `def
 * train(net, data)` makes net the model there, by another name. */
static int receives_model(const tp_matcher *m, uint32_t obj, tp_str model, const tp_calls *givers)
{
	if (!givers->len)
		return 0;
	uint32_t def = m->res->scope_of[obj];
	while (def != 0 && kind(m, def) != K_FUNCTION_DEF)
		def = m->res->scope_of[def];
	uint32_t params = def == 0 ? TP_NONE : tp_child(m->tree, def, F_PARAMETERS), fname = def == 0 ? TP_NONE : tp_child(m->tree, def, F_NAME);
	int index = -1, k = 0;
	for (uint32_t c = params == TP_NONE ? TP_NONE : N(m, params)->first; c != TP_NONE && index < 0; c = N(m, c)->next, k++) {
		uint32_t id = tp_match__param_name(m, c);
		if (id != TP_NONE && tp_str_same(text(m, id), text(m, obj)))
			index = k;
	}
	if (index < 0 || fname == TP_NONE)
		return 0;
	for (size_t g = 0; g < givers->len; g++) {
		uint32_t i = givers->items[g], fn = tp_child(m->tree, i, F_FUNCTION), args = tp_child(m->tree, i, F_ARGUMENTS);
		if (!tp_str_same(text(m, fn), text(m, fname)) || kind(m, args) != K_ARG_LIST)
			continue;
		int kw = 0;
		uint32_t a = tp_match__find_arg(m, args, index, tp_arena_strndup(m->arena, text(m, obj).ptr, text(m, obj).len), &kw);
		a = a != TP_NONE && kw ? tp_child(m->tree, a, F_VALUE) : a;
		if (kind(m, a) == K_IDENTIFIER && tp_str_same(text(m, a), model))
			return 1;
	}
	return 0;
}

/* Whether call i, before the wrap, is in a function of MAIN that a call
 * after the wrap gives the model to (`def train_net(net): eval_net(net)`
 * above `train_net(net)`). */
static int runs_wrapped(const tp_matcher *m, uint32_t i, tp_str model, uint32_t wrap_at, const tp_calls *givers)
{
	int late = 0;
	for (size_t g = 0; g < givers->len && !late; g++)
		late = N(m, givers->items[g])->start >= wrap_at;
	uint32_t args = tp_child(m->tree, i, F_ARGUMENTS);
	for (uint32_t c = late && kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next) {
		uint32_t v = kind(m, c) == K_KEYWORD_ARG ? tp_child(m->tree, c, F_VALUE) : c;
		if (kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model) && receives_model(m, v, model, givers))
			return 1;
	}
	return 0;
}

/* Whether call gives the model: as an argument, or in a dict literal it
 * spreads (`Trainer(**kwargs)` with `kwargs = {"actor": actor, ...}`). */
static int gives_model(const tp_matcher *m, uint32_t call, tp_str model)
{
	if (passes_model(m, call, model))
		return 1;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	for (uint32_t a = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; a != TP_NONE; a = N(m, a)->next) {
		uint32_t d = kind(m, a) == K_DICT_SPLAT ? N(m, a)->first : TP_NONE;
		if (kind(m, d) == K_IDENTIFIER) {
			const tp_binding *b = tp_resolve_name(m->res, d, text(m, d).ptr, text(m, d).len);
			d = b && b->kind == TP_BIND_LOCAL ? b->value : TP_NONE;
		}
		for (uint32_t p = kind(m, d) == K_DICT ? N(m, d)->first : TP_NONE; p != TP_NONE; p = N(m, p)->next) {
			uint32_t v = kind(m, p) == K_PAIR ? tp_child(m->tree, p, F_VALUE) : TP_NONE;
			if (kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model))
				return 1;
		}
	}
	return 0;
}

/* Whether e is identifier model, or a move of it that returns the module
 * itself (`model.to(0)`, `model.cuda().train()`). */
static int moved_model(const tp_matcher *m, uint32_t e, tp_str model)
{
	static const char *const moves[] = {"to", "cuda", "npu", "cpu", "train", "eval", "float", "half", "double", "bfloat16", NULL};
	for (int depth = 0; kind(m, e) == K_CALL && depth < 8; depth++) {
		uint32_t fn = tp_child(m->tree, e, F_FUNCTION), attr = kind(m, fn) == K_ATTRIBUTE ? tp_child(m->tree, fn, F_ATTRIBUTE) : TP_NONE;
		int move = 0;
		for (const char *const *v = moves; attr != TP_NONE && *v && !move; v++)
			move = tp_str_eq(text(m, attr), *v);
		if (!move)
			return 0;
		e = tp_child(m->tree, fn, F_OBJECT);
	}
	return kind(m, e) == K_IDENTIFIER && tp_str_same(text(m, e), model);
}

/* Where a class of MAIN that call builds with the model (`Learner(q_network,
 * opt)`) uses the model's own methods or attributes through the attribute
 * it keeps it in (`self.qf = q_network`, then `self.qf.both(x)`), which the
 * DDP wrapper does not have; TP_NONE if nowhere. *saves: where it takes or
 * loads the state dict through it (`self.model.state_dict()`), whose keys
 * the wrapper prefixes with module., else TP_NONE. */
static uint32_t class_uses_own(const tp_matcher *m, uint32_t cls, uint32_t call, tp_str model, uint32_t *saves)
{
	uint32_t body = tp_child(m->tree, cls, F_BODY), init = TP_NONE;
	for (uint32_t c = body == TP_NONE ? TP_NONE : N(m, body)->first; c != TP_NONE && init == TP_NONE; c = N(m, c)->next) {
		uint32_t d = kind(m, c) == K_DECORATED_DEF ? tp_child(m->tree, c, F_DEFINITION) : c;
		if (kind(m, d) == K_FUNCTION_DEF && tp_str_eq(text(m, tp_child(m->tree, d, F_NAME)), "__init__"))
			init = d;
	}
	uint32_t params = init == TP_NONE ? TP_NONE : tp_child(m->tree, init, F_PARAMETERS), args = tp_child(m->tree, call, F_ARGUMENTS);
	tp_array(tp_str) names = {0}; /* the parameters of __init__ that get the model */
	int k = 1;		      /* past self */
	for (uint32_t a = params == TP_NONE ? TP_NONE : N(m, args)->first; a != TP_NONE; a = N(m, a)->next) {
		uint32_t v = kind(m, a) == K_KEYWORD_ARG ? tp_child(m->tree, a, F_VALUE) : a;
		uint32_t d = kind(m, a) == K_DICT_SPLAT ? N(m, a)->first : TP_NONE;
		if (kind(m, d) == K_IDENTIFIER) { /* `Trainer(**kwargs)` with `kwargs = {...}` */
			const tp_binding *b = tp_resolve_name(m->res, d, text(m, d).ptr, text(m, d).len);
			d = b && b->kind == TP_BIND_LOCAL ? b->value : TP_NONE;
		}
		for (uint32_t p = kind(m, d) == K_DICT ? N(m, d)->first : TP_NONE; p != TP_NONE; p = N(m, p)->next) {
			uint32_t key = kind(m, p) == K_PAIR ? tp_child(m->tree, p, F_KEY) : TP_NONE, pv = tp_child(m->tree, p, F_VALUE);
			uint32_t content = kind(m, key) == K_STRING && N(m, key)->first != TP_NONE ? N(m, N(m, key)->first)->next : TP_NONE;
			if (kind(m, content) == K_STRING_CONTENT && kind(m, pv) == K_IDENTIFIER && tp_str_same(text(m, pv), model))
				tp_array_push(&names, text(m, content));
		}
		if (kind(m, a) == K_KEYWORD_ARG && kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model))
			tp_array_push(&names, text(m, tp_child(m->tree, a, F_NAME)));
		if (kind(m, a) == K_KEYWORD_ARG || kind(m, a) == K_DICT_SPLAT || kind(m, a) == K_LIST_SPLAT || kind(m, a) == K_COMMENT)
			continue;
		uint32_t p = N(m, params)->first;
		for (int j = 0; p != TP_NONE && j < k; p = N(m, p)->next)
			j += kind(m, p) != K_COMMENT;
		k++;
		uint32_t id = p == TP_NONE ? TP_NONE : tp_match__param_name(m, p);
		if (id != TP_NONE && kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model))
			tp_array_push(&names, text(m, id));
	}
	tp_array(tp_str) kept = {0}; /* the attributes of self that keep it */
	for (uint32_t i = init == TP_NONE ? TP_NONE : init; i != TP_NONE && i < N(m, init)->end_index; i++) {
		uint32_t left = kind(m, i) == K_ASSIGNMENT ? tp_child(m->tree, i, F_LEFT) : TP_NONE, right = tp_child(m->tree, i, F_RIGHT);
		if (kind(m, left) != K_ATTRIBUTE || right == TP_NONE || !tp_str_eq(text(m, tp_child(m->tree, left, F_OBJECT)), "self"))
			continue;
		for (size_t n = 0; n < names.len; n++)
			if (moved_model(m, right, names.items[n]))
				tp_array_push(&kept, text(m, tp_child(m->tree, left, F_ATTRIBUTE)));
	}
	uint32_t use = TP_NONE;
	*saves = TP_NONE;
	for (uint32_t i = cls; kept.len && i < N(m, cls)->end_index && (use == TP_NONE || *saves == TP_NONE); i++) {
		uint32_t obj = kind(m, i) == K_ATTRIBUTE ? tp_child(m->tree, i, F_OBJECT) : TP_NONE, attr = tp_child(m->tree, i, F_ATTRIBUTE);
		if (kind(m, obj) != K_ATTRIBUTE || attr == TP_NONE || is_module_api(text(m, attr)) ||
		    !tp_str_eq(text(m, tp_child(m->tree, obj, F_OBJECT)), "self"))
			continue; /* DDP has these */
		int sd = tp_str_eq(text(m, attr), "state_dict") || tp_str_eq(text(m, attr), "load_state_dict");
		for (size_t n = 0; n < kept.len; n++)
			if (tp_str_same(kept.items[n], text(m, tp_child(m->tree, obj, F_ATTRIBUTE)))) {
				if (sd && *saves == TP_NONE)
					*saves = i;
				else if (!sd && use == TP_NONE)
					use = i;
			}
	}
	tp_array_free(&names);
	tp_array_free(&kept);
	return use;
}

/* After the wrap, code of other files that MAIN gives the model to
 * (`Trainer(config, model, data)`, also from a function of MAIN that gets
 * it) gets the DDP wrapper, where the model's own methods need .module: a
 * WARNING per callee, as that code is not MAIN's. */
static void elsewhere(tp_matcher *m, tp_str model, uint32_t wrap_at, const tp_calls *givers, const tp_calls *given_module)
{
	tp_array(const char *) seen = {0};
	for (uint32_t i = 0, g = 0; i < m->tree->count; i++) {
		while (g < given_module->len && given_module->items[g] < i)
			g++;
		if (kind(m, i) != K_CALL || !gives_model(m, i, model) || (N(m, i)->start < wrap_at && !runs_wrapped(m, i, model, wrap_at, givers)) ||
		    (g < given_module->len && given_module->items[g] == i)) /* a saver given MODEL.module */
			continue;
		uint32_t fn = tp_child(m->tree, i, F_FUNCTION), root = fn;
		while (kind(m, root) == K_ATTRIBUTE)
			root = tp_child(m->tree, root, F_OBJECT);
		const tp_binding *b = kind(m, root) == K_IDENTIFIER ? tp_resolve_name(m->res, root, text(m, root).ptr, text(m, root).len) : NULL;
		const char *qn = tp_resolve_qname(m->res, fn, NULL);
		/* a class of MAIN that keeps the model (`Learner(q_network, ...)`, whose
		 * methods call self.qf.both(x)) */
		uint32_t cls = fn == root ? tp_resolve_definition(m->res, b) : TP_NONE, use = TP_NONE, saves = TP_NONE;
		int own = kind(m, cls) == K_CLASS_DEF;
		if (own)
			use = class_uses_own(m, cls, i, model, &saves);
		if (saves != TP_NONE) {
			tp_str kept = text(m, tp_child(m->tree, saves, F_OBJECT));
			note(m, saves, tp_arena_printf(m->arena, "%.*s holds the DistributedDataParallel wrapper of %.*s (%.*s gets it), whose "
								 "state dict's keys start with module.: reach it through %.*s.module, so that "
								 "checkpoints fit the plain model",
							 (int)kept.len, kept.ptr, (int)model.len, model.ptr, (int)text(m, fn).len,
							 text(m, fn).ptr, (int)kept.len, kept.ptr));
		}
		if (own && use == TP_NONE)
			continue;
		if (own)
			qn = tp_arena_printf(m->arena, "%.*s (%.*s)", (int)text(m, fn).len, text(m, fn).ptr, (int)text(m, use).len, text(m, use).ptr);
		else if (!b || b->kind != TP_BIND_IMPORT || !qn || (strncmp(qn, "torch", 5) == 0 && (qn[5] == '.' || !qn[5])) ||
			 strcmp(qn, "copy.deepcopy") == 0)
			continue; /* torch's own functions, and MAIN's copies, made of the plain module (torchrl's are not torch's) */
		int known = 0;
		for (size_t k = 0; k < seen.len && !known; k++)
			known = strcmp(seen.items[k], qn) == 0;
		if (known)
			continue;
		tp_array_push(&seen, qn);
		note(m, i, tp_arena_printf(m->arena, "%s gets the DistributedDataParallel wrapper of %.*s: where that code (%s) uses the "
						   "model's own methods or attributes, reach them through .module",
					   qn, (int)model.len, model.ptr, own ? "a class of MAIN, which keeps it" : "another file's"));
	}
	tp_array_free(&seen);
}

/* Whether statement stmt uses the model only for its parameters
 * (`optimizer = SGD(model.parameters())`, `n = sum(p.numel() for p in
 * model.parameters())`) or prints it: the wrap may come after it, as DDP
 * keeps the same parameter objects. */
static int reads_parameters(const tp_matcher *m, uint32_t stmt, tp_str model)
{
	if (kind(m, stmt) != K_EXPR_STMT)
		return 0;
	for (uint32_t j = stmt; j < N(m, stmt)->end_index; j++) {
		if (kind(m, j) != K_IDENTIFIER || !tp_str_same(text(m, j), model))
			continue;
		uint32_t p = N(m, j)->parent, call = p == TP_NONE ? TP_NONE : N(m, p)->parent;
		uint32_t attr = kind(m, p) == K_ATTRIBUTE && N(m, j)->field == F_OBJECT ? tp_child(m->tree, p, F_ATTRIBUTE) : TP_NONE;
		int params = attr != TP_NONE && parameters_method(text(m, attr)) && kind(m, call) == K_CALL && N(m, p)->field == F_FUNCTION;
		uint32_t pf = kind(m, p) == K_ARG_LIST ? tp_child(m->tree, N(m, p)->parent, F_FUNCTION) : TP_NONE;
		int printed = kind(m, pf) == K_IDENTIFIER && tp_str_eq(text(m, pf), "print");
		if (!params && !printed)
			return 0;
	}
	return 1;
}

/* Whether code under root calls backward (`loss.backward()`,
 * `scaler.scale(loss).backward()`, `accelerator.backward(loss)`). */
static int calls_backward(const tp_matcher *m, uint32_t root)
{
	for (uint32_t j = root; j < N(m, root)->end_index; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : TP_NONE;
		if (leaf != TP_NONE && tp_str_eq(text(m, leaf), "backward"))
			return 1;
	}
	return 0;
}

/* Whether MAIN calls the model (`model(x)`) or gives it to other code
 * (`Trainer(model, data)`, `train(model, loader)`): a network, rather than
 * an object that trains its networks in its own methods. */
static int uses_as_network(const tp_matcher *m, tp_str model)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (kind(m, i) != K_CALL)
			continue;
		uint32_t f = tp_child(m->tree, i, F_FUNCTION);
		if ((kind(m, f) == K_IDENTIFIER && tp_str_same(text(m, f), model)) || passes_model(m, i, model))
			return 1;
	}
	return 0;
}

/* Whether MAIN only runs model for inference: it calls no backward, gives
 * model to no other code, calls it, and each call runs with autograd off
 * (`with torch.no_grad():`) or after MAIN froze it (`requires_grad_(False)`,
 * or `p.requires_grad = False` in a loop over its parameters: ESRGAN's
 * test.py). DDP refuses a model with no parameter to train. */
static int infers_only(const tp_matcher *m, tp_str model)
{
	int calls = 0, all_off = 1, frozen = 0;
	if (calls_backward(m, 0))
		return 0;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t f = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		if (kind(m, f) == K_IDENTIFIER && tp_str_same(text(m, f), model)) {
			calls++;
			all_off &= grad_off(m, i);
		} else if (f != TP_NONE && !tp_str_eq(text(m, f), "print") && passes_model(m, i, model)) {
			return 0;
		}
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : TP_NONE;
		uint32_t args = leaf != TP_NONE ? tp_child(m->tree, i, F_ARGUMENTS) : TP_NONE;
		frozen |= leaf != TP_NONE && tp_str_eq(text(m, leaf), "requires_grad_") && on_model(m, f, model) &&
			  tp_str_eq(text(m, args), "(False)");
		uint32_t left = kind(m, i) == K_ASSIGNMENT ? tp_child(m->tree, i, F_LEFT) : TP_NONE;
		uint32_t attr = kind(m, left) == K_ATTRIBUTE ? tp_child(m->tree, left, F_ATTRIBUTE) : TP_NONE;
		if (attr == TP_NONE || !tp_str_eq(text(m, attr), "requires_grad") || !tp_str_eq(text(m, tp_child(m->tree, i, F_RIGHT)), "False"))
			continue;
		for (uint32_t p = N(m, i)->parent; p != TP_NONE; p = N(m, p)->parent)
			frozen |= setup_loop(m, p, model);
	}
	return calls && (all_off || frozen);
}

/* Whether a class of MAIN has a method named name that calls backward: a
 * training step inside the model (`model.train_step(x, opt)`), which runs
 * around DDP's forward, so no gradient is synchronised. */
static int trains_inside(const tp_matcher *m, tp_str name)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t body = kind(m, i) == K_CLASS_DEF ? tp_child(m->tree, i, F_BODY) : TP_NONE;
		for (uint32_t s = body == TP_NONE ? TP_NONE : N(m, body)->first; s != TP_NONE; s = N(m, s)->next) {
			uint32_t def = kind(m, s) == K_DECORATED_DEF ? tp_child(m->tree, s, F_DEFINITION) : s;
			uint32_t n = kind(m, def) == K_FUNCTION_DEF ? tp_child(m->tree, def, F_NAME) : TP_NONE;
			if (n != TP_NONE && tp_str_same(text(m, n), name) && calls_backward(m, def))
				return 1;
		}
	}
	return 0;
}

/* Whether call is given an optimizer: a name assigned a torch.optim one
 * (`model.train_loop(epoch, loader, optimizer)` of another file's class,
 * CloserLookFewShot's, which trains inside). */
static int gets_optimizer(const tp_matcher *m, uint32_t call)
{
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	for (uint32_t a = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE; a != TP_NONE; a = N(m, a)->next) {
		uint32_t v = kind(m, a) == K_KEYWORD_ARG ? tp_child(m->tree, a, F_VALUE) : a;
		const tp_binding *b = kind(m, v) == K_IDENTIFIER ? tp_resolve_name(m->res, v, text(m, v).ptr, text(m, v).len) : NULL;
		uint32_t value = b && b->kind == TP_BIND_LOCAL ? b->value : TP_NONE;
		const char *qn = kind(m, value) == K_CALL ? qname(m, value) : NULL;
		if (qn && strncmp(qn, "torch.optim.", 12) == 0 && !strchr(qn + 12, '.'))
			return 1;
	}
	return 0;
}

/* Whether a method named name of a class of MAIN runs a layer of the
 * model: it calls self(...) or self.part(...) beyond nn.Module's own API
 * (`return self.critic(x)`, not `init_hidden` that makes zeros, nor one
 * decorated with @torch.no_grad(), which records no graph); -1 when MAIN
 * defines no such method. */
static int method_computes(const tp_matcher *m, tp_str name)
{
	int defined = -1;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t body = kind(m, i) == K_CLASS_DEF ? tp_child(m->tree, i, F_BODY) : TP_NONE;
		for (uint32_t s = body == TP_NONE ? TP_NONE : N(m, body)->first; s != TP_NONE; s = N(m, s)->next) {
			uint32_t def = kind(m, s) == K_DECORATED_DEF ? tp_child(m->tree, s, F_DEFINITION) : s;
			uint32_t n = kind(m, def) == K_FUNCTION_DEF ? tp_child(m->tree, def, F_NAME) : TP_NONE;
			if (n == TP_NONE || !tp_str_same(text(m, n), name))
				continue;
			defined = 0;
			if (!grad_off(m, def) && tp_runs_layers(m->tree, m->src, def))
				return 1;
		}
	}
	return defined;
}

/* Whether attribute i of the model is called where autograd records and
 * runs its layers (`agent.get_value(x)`, `model.fc(x)`): a computation
 * around DistributedDataParallel's forward, whose gradients DDP never
 * averages. A method MAIN does not define counts when it is given inputs. */
static int bypasses_forward(const tp_matcher *m, uint32_t i)
{
	uint32_t call = N(m, i)->parent, args = kind(m, call) == K_CALL ? tp_child(m->tree, call, F_ARGUMENTS) : TP_NONE;
	tp_str a = text(m, tp_child(m->tree, i, F_ATTRIBUTE));
	static const char *const own[] = {"state_dict", "load_state_dict", "children", "named_children", NULL};
	if (kind(m, call) != K_CALL || N(m, i)->field != F_FUNCTION || is_module_api(a) || parameters_method(a) || grad_off(m, call) ||
	    kind(m, N(m, call)->parent) == K_EXPR_STMT) /* its result unused (`model.log(path, msg)`): it reaches no loss */
		return 0;
	for (const char *const *o = own; *o; o++)
		if (tp_str_eq(a, *o))
			return 0;
	int computes = method_computes(m, a);
	if (computes < 0 && m->dist_repeats &&
	    tp_map_get(m->dist_repeats, tp_arena_printf(m->arena, "computing method %.*s", (int)a.len, a.ptr), a.len + 17))
		return 1; /* another file's class runs its layers there (a2c-ppo's evaluate_actions) */
	if (computes < 0 && m->dist_repeats &&
	    tp_map_get(m->dist_repeats, tp_arena_printf(m->arena, "no-grad method %.*s", (int)a.len, a.ptr), a.len + 15) &&
	    !tp_map_get(m->dist_repeats, tp_arena_printf(m->arena, "grad method %.*s", (int)a.len, a.ptr), a.len + 12))
		return 0; /* another file's classes have it only under @torch.no_grad() (PaLM's generate) */
	/* of another file's class: given inputs, and not named for making
	 * state (`init_hidden(batch)`, `initHidden(1)`, `reset_states(n)`) nor
	 * for evaluation (`test_loop(loader)`, `predict(x)`) */
	static const char *const no_training[] = {"init", "reset", "test", "eval", "valid", "predict", "infer", NULL};
	for (const char *const *w = no_training; computes < 0 && *w; w++) /* `init_hidden(batch)`, `test_loop(loader)` */
		if (a.len >= strlen(*w) && strncasecmp(a.ptr, *w, strlen(*w)) == 0)
			return 0;
	return computes < 0 ? kind(m, args) == K_ARG_LIST && N(m, args)->first != TP_NONE : computes;
}

/* The function that holds node (classes and lambdas are looked through);
 * 0 for the module. */
static uint32_t function_of(const tp_matcher *m, uint32_t node)
{
	uint32_t s = m->res->scope_of[node];
	while (s != 0 && kind(m, s) != K_FUNCTION_DEF)
		s = m->res->scope_of[s];
	return s;
}

/* The end (a node index) of what runs after node in its loop, or else in
 * its function (the module's end at module level). */
static uint32_t step_end(const tp_matcher *m, uint32_t node)
{
	uint32_t fn = function_of(m, node), loop = loop_of(m, node);
	return loop != TP_NONE ? N(m, loop)->end_index : fn ? N(m, fn)->end_index : m->tree->count;
}

/* Whether a backward() follows node in its loop or function. */
static int backward_follows(const tp_matcher *m, uint32_t node)
{
	for (uint32_t j = node, end = step_end(m, node); j < end; j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		if (kind(m, f) == K_ATTRIBUTE && tp_str_eq(text(m, tp_child(m->tree, f, F_ATTRIBUTE)), "backward") &&
		    function_of(m, j) == function_of(m, node))
			return 1;
	}
	return 0;
}

/* Whether subscript i of the model is a layer called on inputs where
 * autograd records, before a backward() (`h = model[0](x)` of an
 * nn.Sequential): a forward around DistributedDataParallel's. */
static int layer_bypasses_forward(const tp_matcher *m, uint32_t i)
{
	uint32_t call = N(m, i)->parent, args = kind(m, call) == K_CALL ? tp_child(m->tree, call, F_ARGUMENTS) : TP_NONE;
	return kind(m, call) == K_CALL && N(m, i)->field == F_FUNCTION && kind(m, args) == K_ARG_LIST && N(m, args)->first != TP_NONE &&
	       !grad_off(m, call) && kind(m, N(m, call)->parent) != K_EXPR_STMT && backward_follows(m, call);
}

/* Whether statement stmt is alone on its lines: only indentation before it,
 * and nothing but a comment after it. */
static int own_lines(const tp_matcher *m, uint32_t stmt)
{
	tp_str ind = tp_match__indent(m, N(m, stmt)->start);
	uint32_t to = N(m, stmt)->end;
	while (to < m->len && (m->src[to] == ' ' || m->src[to] == '\t' || m->src[to] == '\r'))
		to++;
	return ind.ptr + ind.len == m->src + N(m, stmt)->start && (to == m->len || m->src[to] == '\n' || m->src[to] == '#');
}

/* The model's methods (or parts) that training calls past DDP's forward
 * (`agent.module.get_value(x)`): after each backward() that follows such a
 * call in its loop (or function), the gradients of `oname` are averaged over
 * the ranks by hand, as DDP would (cleanrl's multi-GPU scripts do the same).
 * A backward that DDP has averaged already is averaged again to the same
 * values. */
struct bypass {
	uint32_t call; /* the attribute of the model that is called */
	const char *oname; /* the model's name there */
};

static void average_gradients(tp_matcher *m, const struct bypass *b, size_t n)
{
	tp_array(struct bypass) done = {0}; /* the backward calls averaged, per name */
	for (size_t k = 0; k < n; k++) {
		uint32_t fn = function_of(m, b[k].call), end = step_end(m, b[k].call);
		int found = 0, warned = 0;
		for (uint32_t j = b[k].call; j < end; j++) {
			uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
			uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : TP_NONE;
			uint32_t stmt = leaf == TP_NONE ? TP_NONE : N(m, j)->parent;
			if (leaf == TP_NONE || !tp_str_eq(text(m, leaf), "backward") || function_of(m, j) != fn || grad_off(m, j) ||
			    kind(m, stmt) != K_EXPR_STMT || N(m, stmt)->first != j || !own_lines(m, stmt))
				continue; /* one on a line with other code gets the WARNING below */
			int known = 0;
			for (size_t d = 0; d < done.len && !known; d++)
				known = done.items[d].call == j && strcmp(done.items[d].oname, b[k].oname) == 0;
			found = 1;
			if (known)
				continue;
			tp_array_push(&done, ((struct bypass){j, b[k].oname}));
			tp_str ind = tp_match__indent(m, N(m, stmt)->start);
			const char *step = memchr(ind.ptr, '\t', ind.len) ? "\t" : "    ", *e = m->eol;
			tp_match__insert_line_after(m, &dist_rule, stmt,
						    tp_arena_printf(m->arena, "for npu_param in %s.parameters():%s%.*s%sif npu_param.grad is not None:%s"
									      "%.*s%s%storch.distributed.all_reduce(npu_param.grad)%s"
									      "%.*s%s%snpu_param.grad /= npu_world_size",
								    b[k].oname, e, (int)ind.len, ind.ptr, step, e, (int)ind.len, ind.ptr, step, step, e,
								    (int)ind.len, ind.ptr, step, step),
						    tp_arena_printf(m->arena, "average %s's gradients over the ranks after backward: %.*s runs %s "
									      "around DistributedDataParallel's forward, which alone averages them",
								    b[k].oname, (int)text(m, b[k].call).len, text(m, b[k].call).ptr, b[k].oname));
		}
		for (size_t e = 0; e < k && !found && !warned; e++)
			warned = function_of(m, b[e].call) == fn && strcmp(b[e].oname, b[k].oname) == 0;
		if (!found && !warned)
			note(m, b[k].call, tp_arena_printf(m->arena, "%.*s runs %s around DistributedDataParallel's forward, so DDP averages "
								     "no gradient it makes: where its result reaches a backward(), average "
								     "%s's gradients after it (all_reduce each p.grad of %s.parameters(), "
								     "then divide by npu_world_size), or the ranks drift apart",
							   (int)text(m, b[k].call).len, text(m, b[k].call).ptr, b[k].oname, b[k].oname, b[k].oname));
	}
	tp_array_free(&done);
}

/* Wraps one model in DDP where it is trained, and sends what needs the
 * model itself through .module. Returns the statement the wrap follows,
 * TP_NONE when it could not place it. */
/* Whether MAIN reads model.module, of the model that assignment asg sets,
 * while the file puts nothing in a DataParallel (which distributed mode
 * removes) and never tests for the wrapper (`hasattr(model, "module")`):
 * the model is a wrapper that code of another file builds (SimSwap's
 * create_model returns a DataParallel). */
static int wrapped_elsewhere(const tp_matcher *m, tp_str model, uint32_t asg)
{
	uint32_t left = tp_child(m->tree, asg, F_LEFT);
	const tp_binding *b = kind(m, left) == K_IDENTIFIER ? tp_resolve_name(m->res, left, model.ptr, model.len) : NULL;
	int module = 0;
	for (uint32_t i = 0; b && i < m->tree->count; i++) {
		const char *qn = kind(m, i) == K_CALL ? qname(m, i) : NULL;
		if ((kind(m, i) == K_CALL && dataparallel_call(m, i, qn)) || tp_match__qname_in(qn, tp_ddp_names) || (qn && strcmp(qn, "hasattr") == 0) ||
		    (kind(m, i) == K_IDENTIFIER && tp_str_eq(text(m, i), "hasattr")))
			return 0;
		uint32_t obj = kind(m, i) == K_ATTRIBUTE ? tp_child(m->tree, i, F_OBJECT) : TP_NONE;
		module |= kind(m, obj) == K_IDENTIFIER && tp_str_same(text(m, obj), model) &&
			  tp_str_eq(text(m, tp_child(m->tree, i, F_ATTRIBUTE)), "module") &&
			  tp_resolve_name(m->res, obj, model.ptr, model.len) == b;
	}
	return module;
}

/* An object built with the model before the wrap, in the scope that wraps it,
 * and used after it (CORL's `trainer = ImplicitQLearning(**kwargs)`, then
 * `trainer.train(batch)`): it holds the plain module, so what it trains
 * averages no gradient. */
static void holders_before_wrap(tp_matcher *m, tp_str model, uint32_t scope, uint32_t from, uint32_t wrap_at)
{
	for (uint32_t i = from; i < m->tree->count && N(m, i)->start < wrap_at; i++) {
		uint32_t left = kind(m, i) == K_ASSIGNMENT && m->res->scope_of[i] == scope ? tp_child(m->tree, i, F_LEFT) : TP_NONE;
		uint32_t right = left == TP_NONE ? TP_NONE : tp_child(m->tree, i, F_RIGHT);
		const char *qn = kind(m, right) == K_CALL ? qname(m, right) : NULL;
		if (kind(m, left) != K_IDENTIFIER || kind(m, right) != K_CALL || tp_str_same(text(m, left), model) ||
		    (qn && (strncmp(qn, "torch.", 6) == 0 || strcmp(qn, "copy.deepcopy") == 0)) || !gives_model(m, right, model))
			continue;
		tp_str callee = text(m, tp_child(m->tree, right, F_FUNCTION));
		int averages = 0; /* an EMA of the model keeps the plain module, as it should */
		for (size_t k = 0; k + 3 <= callee.len && !averages; k++)
			averages = strncasecmp(callee.ptr + k, "ema", 3) == 0 ||
				   (k + 6 <= callee.len && strncasecmp(callee.ptr + k, "averag", 6) == 0);
		if (averages)
			continue;
		tp_str t = text(m, left);
		for (uint32_t j = i; j < m->tree->count; j++) {
			uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
			uint32_t obj = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_OBJECT) : TP_NONE;
			if (N(m, j)->start >= wrap_at && kind(m, obj) == K_IDENTIFIER && tp_str_same(text(m, obj), t)) {
				note(m, i, tp_arena_printf(m->arena, "%.*s gets %.*s before the DistributedDataParallel wrap, and is used after "
									  "it: if it trains %.*s (a trainer object), it trains the plain module, "
									  "whose gradients are not averaged; wrap %.*s before %.*s is built (and reach "
									  "its own methods there through .module)",
							   (int)t.len, t.ptr, (int)model.len, model.ptr, (int)model.len, model.ptr,
							   (int)model.len, model.ptr, (int)t.len, t.ptr));
				break;
			}
		}
	}
}

/* Whether MAIN places anything on a device: `.cuda()`, `.npu()`, `.to(...)`,
 * a `device=` argument, a "cuda" string. A script that trains on the CPU
 * (x-transformers' train_copy.py) has its batches there. */
static int moves_to_device(const tp_matcher *m)
{
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t f = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		uint32_t leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : TP_NONE;
		tp_str t = leaf != TP_NONE ? text(m, leaf) : kind(m, i) == K_KEYWORD_ARG ? text(m, tp_child(m->tree, i, F_NAME)) : (tp_str){"", 0};
		if (tp_str_eq(t, "cuda") || tp_str_eq(t, "npu") || tp_str_eq(t, "to") || (kind(m, i) == K_KEYWORD_ARG && tp_str_eq(t, "device")))
			return 1;
		if (kind(m, i) == K_STRING_CONTENT && memmem(text(m, i).ptr, text(m, i).len, "cuda", 4))
			return 1; /* "cuda:0", set_default_tensor_type("torch.cuda.FloatTensor") */
	}
	return 0;
}

/* Whether the copy that call (copy.deepcopy of the model) makes is trained
 * and not wrapped itself: an optimizer gets the parameters of the name it is
 * assigned to (`fast = copy.deepcopy(model)`, `SGD(fast.parameters())`),
 * which is none of the models distributed mode wraps. */
static int trained_copy(const tp_matcher *m, uint32_t call, const tp_names *models)
{
	uint32_t p = N(m, call)->parent;
	uint32_t left = kind(m, p) == K_ASSIGNMENT && N(m, call)->field == F_RIGHT ? tp_child(m->tree, p, F_LEFT) : TP_NONE;
	if (kind(m, left) != K_IDENTIFIER)
		return 0;
	for (size_t k = 0; k < models->len; k++)
		if (tp_str_same(models->items[k], text(m, left)))
			return 0;
	for (uint32_t j = 0; j < m->tree->count; j++)
		if (kind(m, j) == K_CALL && model_parameters(m, j, text(m, left)))
			return 1;
	return 0;
}

/* Whether e is a chain of the model's methods that return the module
 * itself (`model.train()`, `model.to(device).eval()`): for the DDP wrapper
 * too, so `model = model.train()` keeps the wrap. */
static int returns_itself(const tp_matcher *m, uint32_t e, tp_str model)
{
	static const char *const own[] = {"train", "eval", "to", "cuda", "npu", "cpu", "float", "half", "double", "bfloat16",
					  "apply", "requires_grad_", "type", "share_memory", "to_empty", NULL};
	int calls = 0;
	while (kind(m, e) == K_CALL) {
		uint32_t f = tp_child(m->tree, e, F_FUNCTION), leaf = kind(m, f) == K_ATTRIBUTE ? tp_child(m->tree, f, F_ATTRIBUTE) : TP_NONE;
		int known = 0;
		for (const char *const *o = own; leaf != TP_NONE && *o && !known; o++)
			known = tp_str_eq(text(m, leaf), *o);
		if (!known)
			return 0;
		e = tp_child(m->tree, f, F_OBJECT);
		calls++;
	}
	return calls && kind(m, e) == K_IDENTIFIER && tp_str_same(text(m, e), model);
}

/* Whether identifier obj names a local that is assigned the wrapped model
 * itself after the wrap (`save_model = model`), maybe among other values. */
static int aliases_model(const tp_matcher *m, uint32_t obj, tp_str model, uint32_t wrap_at)
{
	const tp_binding *b = tp_resolve_name(m->res, obj, text(m, obj).ptr, text(m, obj).len);
	for (const tp_value *v = b && b->kind == TP_BIND_LOCAL ? b->values : NULL; v; v = v->next)
		if (v->node != TP_NONE && kind(m, v->node) == K_IDENTIFIER && tp_str_same(text(m, v->node), model) &&
		    N(m, v->node)->start >= wrap_at)
			return 1;
	return 0;
}

static uint32_t wrap_model(tp_matcher *m, tp_str model, const tp_names *models)
{
	uint32_t first_model = TP_NONE, last_model = TP_NONE, train_scope = TP_NONE;
	for (uint32_t i = 0; i < m->tree->count; i++) {
		if (assigns_model(m, i, model)) {
			if (first_model == TP_NONE)
				first_model = i;
			if (m->res->scope_of[i] == m->res->scope_of[first_model])
				last_model = i;
		}
		if (train_scope == TP_NONE && kind(m, i) == K_CALL && model_parameters(m, i, model))
			train_scope = m->res->scope_of[i];
	}
	/* The model is wrapped where it is trained: in the scope that builds its
	 * optimizer (`model.parameters()`), when that scope assigns it, rather
	 * than in a helper that builds it (`def build(): model = Net()`). */
	if (train_scope != TP_NONE && first_model != TP_NONE && m->res->scope_of[first_model] != train_scope) {
		uint32_t first = TP_NONE, last = TP_NONE;
		for (uint32_t i = 0; i < m->tree->count; i++)
			if (m->res->scope_of[i] == train_scope && assigns_model(m, i, model)) {
				first = first == TP_NONE ? i : first;
				last = i;
			}
		if (first != TP_NONE)
			first_model = first, last_model = last;
	}
	const char *name = tp_arena_strndup(m->arena, model.ptr, model.len);
	/* The model: wrapped after the statement of its assignment in the scope
	 * that creates it (see wrap_target), and after the placement statements
	 * right after it; later checkpoint calls go through .module ... */
	uint32_t wrap_at = TP_NONE;
	if (last_model == TP_NONE) {
		note_file(m, tp_arena_printf(m->arena, "no assignment of '%s' in MAIN: name the model with -t or wrap it in "
						   "DistributedDataParallel by hand", name));
		return TP_NONE;
	}
	if (wrapped_elsewhere(m, model, last_model)) {
		note(m, last_model, tp_arena_printf(m->arena, "MAIN reads %s.module but wraps %s in no DataParallel: code of another "
								"file gives it wrapped (DataParallel?), so it is not wrapped again; "
								"make that code wrap it in DistributedDataParallel (device_ids=[npu_local_rank]) "
								"instead, by hand", name, name));
		return TP_NONE;
	}
	/* After the statement that holds the assignment in the block that
	 * holds the first one too: after a whole if/else that places the
	 * model, and inside an `if __name__ == "__main__":` block. */
	last_model = wrap_target(m, model, first_model, last_model);
	uint32_t own = common_block(m, last_model, last_model);
	if (own != common_block(m, first_model, last_model) && trains_after(m, own, last_model, model))
		first_model = last_model; /* `if resume: model = torch.load(p) else: model = Net(); <train>`: in that branch */
	uint32_t stmt = statement_in(m, common_block(m, first_model, last_model), last_model);
	for (uint32_t n = stmt == TP_NONE ? TP_NONE : N(m, stmt)->next; n != TP_NONE; n = N(m, n)->next) {
		if (kind(m, n) == K_COMMENT)
			continue;
		if (places_model(m, n, model, 0) || initializing_forward(m, n, model))
			stmt = n;
		else if (model_alias(m, n, model, 1).len || (model_alias(m, n, model, 0).len && !calls_name(m, model_alias(m, n, model, 0))))
			stmt = n; /* `raw_model = model`, an EMA or target copy: of the module, not of the wrapper */
		else if (training_loop(m, n, model))
			break;
		else if (reads_names(m, n, model))
			stmt = n;
		else if (mentions(m, n, model) && !reads_parameters(m, n, model) && !queries_model(m, n, model))
			break;
		/* else code that leaves the model alone (the loss, another
		 * model): a placement after it still comes first */
	}
	if (stmt == TP_NONE) {
		note(m, last_model, "cannot place the DistributedDataParallel wrap: do it by hand");
		return TP_NONE;
	}
	wrap_at = N(m, stmt)->end;
	int again = runs_twice(m, model), part = trains_part_only(m, model), dropped = !part && drops_outputs(m, model);
	tp_match__insert_line_after(m, &dist_rule, stmt,
				    tp_arena_printf(m->arena, "%s = torch.nn.parallel.DistributedDataParallel(%s.npu(), device_ids=[npu_local_rank]%s%s)",
						    name, name, again ? ", broadcast_buffers=False" : "",
						    part || dropped ? ", find_unused_parameters=True" : ""),
				    tp_arena_printf(m->arena, "wrap %s in DistributedDataParallel%s%s%s", name,
						    again ? ", with broadcast_buffers=False: it runs more than once before a backward (a GAN's "
							    "discriminator on real and fake data, a loss function of another file that calls it "
							    "twice), and the buffer broadcast of a second forward would change what the first "
							    "one's backward needs" : "",
						    part ? "; with find_unused_parameters=True: the optimizer trains a part of it, and the "
							   "rest may get no gradient (a backbone run under no_grad)" : "",
						    dropped ? "; with find_unused_parameters=True: a forward of it drops outputs (`a, _ = "
							      "model(x)`), and the parameters that only they need get no gradient then" : ""));
	holders_before_wrap(m, model, m->res->scope_of[last_model], first_model, wrap_at);
	if (!moves_to_device(m))
		note(m, stmt, tp_arena_printf(m->arena, "MAIN moves nothing to a device (no .cuda(), .to(...), device=): the wrap puts %s "
							  "on the NPU, so unless code of another file moves the batches, move them and "
							  "the targets with .npu() before the forward",
					      name));
	/* ... until the model is assigned again (a reloaded checkpoint is a plain
	 * module); so do the functions of MAIN that use the wrapped module-level
	 * model (`def test(): torch.save(model.state_dict(), ...)`), unless it is
	 * assigned again. */
	uint32_t stop = TP_NONE;
	uint32_t left = tp_child(m->tree, last_model, F_LEFT);
	/* wrapped: the binding the wrap sets, which functions of MAIN read (and
	 * closures in MAIN's function that holds it: `def save_ckpt(path)` in
	 * main()) */
	const tp_binding *wrapped = tp_resolve_name(m->res, left, model.ptr, model.len);
	const tp_binding *global = m->res->scope_of[last_model] == 0 ? wrapped : NULL;
	for (uint32_t i = 0; i < m->tree->count; i++)
		if (N(m, i)->start >= wrap_at && m->res->scope_of[i] == m->res->scope_of[last_model] && assigns_model(m, i, model) &&
		    !passes_model(m, tp_child(m->tree, i, F_RIGHT), model) && !returns_itself(m, tp_child(m->tree, i, F_RIGHT), model)) {
			note(m, i, tp_arena_printf(m->arena, "%s is assigned again after training: it is not wrapped in DDP; if every rank "
							   "loads rank 0's checkpoint here, call torch.distributed.barrier() first", name));
			stop = N(m, i)->start;
			wrapped = NULL;
			break;
		}
	tp_calls givers = {0};
	model_givers(m, model, &givers);
	tp_calls given_module = {0}; /* saver calls given MODEL.module, in order */
	tp_array(struct bypass) bypasses = {0};
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint32_t obj = TP_NONE, args = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_ARGUMENTS) : TP_NONE;
		const char *qn = kind(m, args) == K_ARG_LIST ? qname(m, i) : NULL;
		int kw = 0;
		if (kind(m, i) == K_ATTRIBUTE)
			obj = tp_child(m->tree, i, F_OBJECT);
		else if (kind(m, i) == K_SUBSCRIPT) /* model[1] of an nn.Sequential */
			obj = N(m, i)->first;
		else if (qn && strcmp(qn, "torch.save") == 0 && (obj = tp_match__find_arg(m, args, 0, "obj", &kw)) != TP_NONE && kw)
			obj = tp_child(m->tree, obj, F_VALUE);
		uint32_t reflected = kind(m, args) == K_ARG_LIST ? reflected_attr(m, i, &obj) : TP_NONE;
		int copied = qn && strcmp(qn, "copy.deepcopy") == 0; /* a copy of the plain module, as one made before the wrap */
		if (copied)
			obj = tp_match__find_arg(m, args, 0, "x", &kw), obj = kw ? TP_NONE : obj;
		if (qn && strcmp(qn, "torch.save") == 0 && kind(m, obj) == K_DICT) /* torch.save({"net": model, ...}, path) */
			for (uint32_t p = N(m, obj)->first, d = obj; p != TP_NONE && obj == d; p = N(m, p)->next) {
				uint32_t v = kind(m, p) == K_PAIR ? tp_child(m->tree, p, F_VALUE) : TP_NONE;
				if (kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model))
					obj = v;
			}
		int helper = 0; /* save_checkpoint(model, opt, path), load_checkpoint(path, model), stopper.step(acc, model) */
		if (kind(m, args) == K_ARG_LIST && (!qn || strcmp(qn, "torch.save") != 0) &&
		    (saver_call(m, i, qn) || prepares_by_name(m, i) || early_stopper(m, i)))
			for (uint32_t a = N(m, args)->first; a != TP_NONE && !helper; a = N(m, a)->next) {
				uint32_t v = kind(m, a) == K_KEYWORD_ARG ? tp_child(m->tree, a, F_VALUE) : a;
				if (kind(m, v) == K_IDENTIFIER && tp_str_same(text(m, v), model))
					obj = v, helper = 1;
			}
		if (kind(m, obj) != K_IDENTIFIER)
			continue;
		int other = !tp_str_same(text(m, obj), model); /* `def train(net)` given the model */
		/* a2c's `save_model = actor_critic`, then torch.save(save_model, path) */
		int alias = other && kind(m, i) == K_CALL && aliases_model(m, obj, model, wrap_at);
		if (other && !alias && !receives_model(m, obj, model, &givers))
			continue;
		const char *oname = other ? tp_arena_strndup(m->arena, text(m, obj).ptr, text(m, obj).len) : name;
		int here = !other && m->res->scope_of[i] == m->res->scope_of[last_model] && N(m, i)->start >= wrap_at && N(m, i)->start < stop;
		int in_function = m->res->scope_of[i] != 0;
		const tp_binding *b = in_function && !other ? tp_resolve_name(m->res, obj, model.ptr, model.len) : NULL;
		/* In a function: the wrapped model when it holds it for sure, or
		 * getattr(model, 'module', model) where it may hold either: a
		 * function called before the wrap or after a reload, or one given
		 * the model as a parameter (`def train(model, ...)`, or under
		 * another oname). */
		int sure = here || (wrapped && b == wrapped && m->res->scope_of[i] != m->res->scope_of[last_model] &&
				    !called_before(m, i, wrap_at));
		int maybe = !sure && (alias || (in_function && (other || (global && b == global) || model_parameter(m, obj, model))));
		if (!sure && !maybe)
			continue;
		if (copied && trained_copy(m, i, models)) { /* Reptile's fast weights: a wrapper's copy averages its gradients */
			note(m, i, tp_arena_printf(m->arena, "copy.deepcopy(%s) copies the DistributedDataParallel wrapper, and the copy trains: "
							     "its gradients are averaged as %s's are, and its state_dict() keys start with module.",
						   oname, oname));
			continue;
		}
		uint32_t attr = kind(m, i) == K_ATTRIBUTE ? tp_child(m->tree, i, F_ATTRIBUTE) : reflected;
		tp_str a = attr == TP_NONE ? (tp_str){"", 0} : text(m, attr);
		if (kind(m, i) == K_ATTRIBUTE && (attr == TP_NONE || (is_module_api(a) && !tp_str_eq(a, "state_dict") && !tp_str_eq(a, "load_state_dict"))))
			continue;
		char q = free_quote(m, obj);
		const char *via = sure ? tp_arena_printf(m->arena, "%s.module", oname)
				       : tp_arena_printf(m->arena, "getattr(%s, %cmodule%c, %s)", oname, q, q, oname);
		uint32_t fn = kind(m, i) == K_CALL ? tp_child(m->tree, i, F_FUNCTION) : TP_NONE;
		const char *why = helper ? tp_arena_printf(m->arena, "%.*s(...) gets %s: checkpoints stay loadable on one card", (int)text(m, fn).len,
							   text(m, fn).ptr, via)
				  : reflected != TP_NONE
				  ? tp_arena_printf(m->arena, "%.*s(%s, \"%.*s\") looks at %s: DistributedDataParallel has only nn.Module's own attributes",
						    (int)text(m, fn).len, text(m, fn).ptr, oname, (int)a.len, a.ptr, via)
				  : copied ? tp_arena_printf(m->arena, "copy.deepcopy(%s) copies %s: a plain module, whose state_dict() and "
								     "load_state_dict() take %s.module's keys", oname, via, oname)
				  : kind(m, i) == K_CALL ? tp_arena_printf(m->arena, "torch.save(%s) saves %s: the checkpoint stays loadable on one card", oname, via)
				  : kind(m, i) == K_SUBSCRIPT ? tp_arena_printf(m->arena, "%s[...] indexes %s: DistributedDataParallel holds no layers of its own", oname, via)
				  : tp_str_eq(a, "state_dict") || tp_str_eq(a, "load_state_dict")
				  ? tp_arena_printf(m->arena, "%s.%.*s() goes through %s: checkpoints stay loadable on one card", oname, (int)a.len, a.ptr,
						    sure ? ".module" : via)
				  : tp_arena_printf(m->arena, "%s.%.*s goes through %s: DistributedDataParallel has only nn.Module's own attributes",
						    oname, (int)a.len, a.ptr, sure ? ".module" : via);
		if (reflected == TP_NONE && attr != TP_NONE && kind(m, N(m, i)->parent) == K_CALL && N(m, i)->field == F_FUNCTION &&
		    (trains_inside(m, a) || (method_computes(m, a) < 0 && gets_optimizer(m, N(m, i)->parent))))
			note(m, i, tp_arena_printf(m->arena, "%.*s trains %s inside a method: its forward runs around DistributedDataParallel, "
							   "so no gradient is synchronised; call the wrapped %s itself for the forward in that step",
						   (int)a.len, a.ptr, oname, oname));
		else if ((reflected == TP_NONE && attr != TP_NONE && bypasses_forward(m, i)) ||
			 (kind(m, i) == K_SUBSCRIPT && layer_bypasses_forward(m, i)))
			tp_array_push(&bypasses, ((struct bypass){i, oname}));
		if (helper && early_stopper(m, i) == 2)
			note(m, i, tp_arena_printf(m->arena, "%.*s saves the model on every rank, into one file (code of another file): put "
							     "that torch.save under `if torch.distributed.get_rank() == 0:` there, and call "
							     "torch.distributed.barrier() before every rank loads the checkpoint",
						   (int)text(m, fn).len, text(m, fn).ptr));
		if (helper)
			tp_array_push(&given_module, i);
		if (sure)
			add(m, TP_OP_INSERT, N(m, obj)->end, N(m, obj)->end, ".module", why);
		else
			add(m, TP_OP_MODIFY, N(m, obj)->start, N(m, obj)->end, via,
			    tp_arena_printf(m->arena, "%s (here %s may be the DDP wrapper or the plain module)", why, oname));
	}
	elsewhere(m, model, wrap_at, &givers, &given_module);
	average_gradients(m, bypasses.items, bypasses.len);
	tp_array_free(&bypasses);
	tp_array_free(&given_module);
	tp_array_free(&givers);
	return stmt;
}

/* A DataParallel call of MAIN that distributed mode removes: the call, its
 * module argument, and the name it is assigned to (`net =
 * DataParallel(net).cuda()`), TP_NONE if none. */
struct dataparallel {
	uint32_t call, module, target;
};

static uint32_t dataparallel_target(const tp_matcher *m, uint32_t call)
{
	uint32_t e = call, p = N(m, call)->parent;
	while (kind(m, p) == K_ATTRIBUTE && N(m, e)->field == F_OBJECT && kind(m, N(m, p)->parent) == K_CALL &&
	       N(m, p)->field == F_FUNCTION) { /* a method of it: `.cuda()`, `.to(device)` */
		e = N(m, p)->parent;
		p = N(m, e)->parent;
	}
	uint32_t left = kind(m, p) == K_ASSIGNMENT && N(m, e)->field == F_RIGHT ? tp_child(m->tree, p, F_LEFT) : TP_NONE;
	uint32_t self = kind(m, left) == K_ATTRIBUTE ? tp_child(m->tree, left, F_OBJECT) : TP_NONE;
	return kind(m, left) == K_IDENTIFIER || (kind(m, self) == K_IDENTIFIER && tp_str_eq(text(m, self), "self")) ? left : TP_NONE;
}

/* The class whose method holds node, or TP_NONE. */
static uint32_t class_of(const tp_matcher *m, uint32_t node)
{
	uint32_t p = N(m, node)->parent;
	while (p != TP_NONE && kind(m, p) != K_CLASS_DEF)
		p = N(m, p)->parent;
	return p;
}

/* Whether expression e names a value without running code (`sd`,
 * `checkpoint['state_dict']`, `ckpt.net`): evaluating it twice is safe. */
static int plain_reference(const tp_matcher *m, uint32_t e, int depth)
{
	uint32_t key = kind(m, e) == K_SUBSCRIPT && N(m, e)->first != TP_NONE ? N(m, N(m, e)->first)->next : TP_NONE;
	if (depth > 8)
		return 0;
	if (kind(m, e) == K_IDENTIFIER)
		return 1;
	if (kind(m, e) == K_ATTRIBUTE)
		return plain_reference(m, tp_child(m->tree, e, F_OBJECT), depth + 1);
	return key != TP_NONE && N(m, key)->next == TP_NONE && plain_reference(m, N(m, e)->first, depth + 1) &&
	       (kind(m, key) == K_STRING || kind(m, key) == K_INTEGER || kind(m, key) == K_IDENTIFIER);
}

/* `X.load_state_dict(sd)` of a model X that was DataParallel: a checkpoint
 * the original saved from it has "module."-prefixed keys, and X is a plain
 * module here (before the wrap, or through .module after it). The prefix is
 * stripped first, in place: on a line before the statement when sd is a
 * plain reference, else by a lambda around sd (`(lambda sd: consume(sd,
 * "module.") or sd)(torch.load(p))`, which keeps no name holding the
 * tensors). Checkpoints saved without it load as before. */
static void strip_module_prefix(tp_matcher *m, uint32_t call, tp_str name)
{
	static const char *const consume = "torch.nn.modules.utils.consume_prefix_in_state_dict_if_present";
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	int kw = 0;
	uint32_t sd = kind(m, args) == K_ARG_LIST ? tp_match__find_arg(m, args, 0, "state_dict", &kw) : TP_NONE;
	sd = sd != TP_NONE && kw ? tp_child(m->tree, sd, F_VALUE) : sd;
	if (sd == TP_NONE || kind(m, sd) == K_LIST_SPLAT || kind(m, sd) == K_DICT_SPLAT)
		return;
	const char *why = tp_arena_printf(m->arena, "strip the \"module.\" prefix that the original's DataParallel gave the keys "
						    "of %.*s's checkpoints: the plain module loads them now", (int)name.len, name.ptr);
	uint32_t stmt = call; /* its statement, unless a lambda or comprehension holds it */
	while (stmt != TP_NONE && kind(m, stmt) != K_EXPR_STMT && kind(m, stmt) != K_LAMBDA && kind(m, stmt) != K_LIST_COMP &&
	       kind(m, stmt) != K_SET_COMP && kind(m, stmt) != K_DICT_COMP && kind(m, stmt) != K_GENERATOR)
		stmt = N(m, stmt)->parent;
	tp_str t = text(m, sd);
	if (kind(m, stmt) == K_EXPR_STMT && plain_reference(m, sd, 0)) {
		tp_str ind = tp_match__indent(m, N(m, stmt)->start);
		int own_line = ind.ptr + ind.len == m->src + N(m, stmt)->start;
		const char *line = tp_arena_printf(m->arena, "%s(%.*s, \"module.\")", consume, (int)t.len, t.ptr);
		if (own_line)
			add(m, TP_OP_INSERT, (uint32_t)(ind.ptr - m->src), (uint32_t)(ind.ptr - m->src),
			    tp_arena_printf(m->arena, "%.*s%s%s", (int)ind.len, ind.ptr, line, m->eol), why);
		else /* `if resume: net.load_state_dict(sd)` */
			add(m, TP_OP_INSERT, N(m, stmt)->start, N(m, stmt)->start, tp_arena_printf(m->arena, "%s; ", line), why);
		return;
	}
	add(m, TP_OP_INSERT, N(m, sd)->start, N(m, sd)->start, tp_arena_printf(m->arena, "(lambda sd: %s(sd, \"module.\") or sd)(", consume), why);
	add(m, TP_OP_INSERT, N(m, sd)->end, N(m, sd)->end, ")", "closes (lambda sd: ...)(");
}

/* Removes the DataParallel call d. wrap: the statement its target's DDP
 * wrap follows (TP_NONE: none); left_out: another model of its scope is
 * wrapped but not the target (a teacher), which the message says. Between
 * the removed call and the wrap, the target is the plain module: `X.module`
 * becomes X; its load_state_dict calls after the call strip the prefix
 * DataParallel put on the keys, and a loader it is given gets a WARNING
 * (its code is not MAIN's). */
static void remove_dataparallel(tp_matcher *m, const struct dataparallel *d, uint32_t wrap, int left_out)
{
	uint32_t scope = m->res->scope_of[d->call];
	tp_str name = d->target == TP_NONE ? (tp_str){"", 0} : text(m, d->target);
	const char *why = kind(m, d->target) == K_ATTRIBUTE
				  ? tp_arena_printf(m->arena, "remove DataParallel: each process drives one card; %.*s is not wrapped in "
							      "DistributedDataParallel (an attribute: wrap it by hand where it is built)",
						    (int)name.len, name.ptr)
			  : !left_out || !name.len
				  ? "remove DataParallel: DistributedDataParallel replaces it"
				  : tp_arena_printf(m->arena, "remove DataParallel: each process drives one card; %.*s is not wrapped in "
							      "DistributedDataParallel (%s)", (int)name.len, name.ptr,
						    *m->dist_model ? "-t does not name it" : "no optimizer of MAIN trains it");
	if (!drop_self_assignment(m, d->call, d->module, why)) {
		add(m, TP_OP_DELETE, N(m, d->call)->start, N(m, d->module)->start, "", why);
		add(m, TP_OP_DELETE, N(m, d->module)->end, N(m, d->call)->end, "", "closes the removed DataParallel(...)");
	}
	/* The same variable: in the call's scope after it, or in a function;
	 * an attribute of self (`self.model`): in every method of its class */
	uint32_t until = wrap != TP_NONE && m->res->scope_of[wrap] == scope ? N(m, wrap)->end : m->len;
	int member = kind(m, d->target) == K_ATTRIBUTE;
	uint32_t cls = member ? class_of(m, d->call) : TP_NONE;
	const tp_binding *b = name.len && !member ? tp_resolve_name(m->res, d->target, name.ptr, name.len) : NULL;
	for (uint32_t i = 0; (b || cls != TP_NONE) && i < m->tree->count; i++) {
		uint32_t obj = kind(m, i) == K_ATTRIBUTE ? tp_child(m->tree, i, F_OBJECT) : TP_NONE;
		uint32_t attr = obj == TP_NONE ? TP_NONE : tp_child(m->tree, i, F_ATTRIBUTE);
		int same = member ? kind(m, obj) == K_ATTRIBUTE && tp_str_same(text(m, obj), name) && class_of(m, i) == cls
				  : kind(m, obj) == K_IDENTIFIER && tp_str_same(text(m, obj), name) &&
					    tp_resolve_name(m->res, obj, name.ptr, name.len) == b;
		if (!same || (m->res->scope_of[i] == scope && N(m, i)->start < N(m, d->call)->end))
			continue;
		uint32_t call = N(m, i)->parent;
		if (tp_str_eq(text(m, attr), "module") && (member || (m->res->scope_of[i] == scope && N(m, i)->start < until)))
			add(m, TP_OP_DELETE, N(m, obj)->end, N(m, i)->end, "",
			    tp_arena_printf(m->arena, "%.*s.module -> %.*s: DataParallel is gone%s", (int)name.len, name.ptr, (int)name.len,
					    name.ptr, until < m->len ? ", and the DistributedDataParallel wrap comes later" : ""));
		else if (tp_str_eq(text(m, attr), "load_state_dict") && kind(m, call) == K_CALL && N(m, i)->field == F_FUNCTION)
			strip_module_prefix(m, call, name);
	}
	for (uint32_t c = 0; name.len && c < m->tree->count; c++) {
		uint32_t callee = kind(m, c) == K_CALL ? tp_child(m->tree, c, F_FUNCTION) : TP_NONE;
		uint32_t last = kind(m, callee) == K_ATTRIBUTE ? tp_child(m->tree, callee, F_ATTRIBUTE) : callee;
		uint32_t args = tp_child(m->tree, c, F_ARGUMENTS), a0 = kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
		if (last != TP_NONE && tp_str_eq(text(m, last), "patch_replication_callback") && a0 != TP_NONE && tp_str_same(text(m, a0), name) &&
		    N(m, c)->start > N(m, d->call)->end) {
			/* Synchronized-BatchNorm-PyTorch's: it asserts a DataParallel */
			const char *drop = tp_arena_printf(m->arena, "drop patch_replication_callback(%.*s): it asserts a DataParallel, which "
								   "is gone; DistributedDataParallel needs no replication callback "
								   "(torch.nn.SyncBatchNorm.convert_sync_batchnorm syncs BatchNorm across ranks)",
							   (int)name.len, name.ptr);
			if (kind(m, N(m, c)->parent) != K_EXPR_STMT || !drop_statement(m, N(m, c)->parent, drop))
				note(m, c, drop);
			continue;
		}
		if (kind(m, c) != K_CALL || N(m, c)->start < N(m, d->call)->end || !passes_model(m, c, name) || !loads_by_name(m, c))
			continue;
		tp_str fn = text(m, tp_child(m->tree, c, F_FUNCTION));
		note(m, c, tp_arena_printf(m->arena, "%.*s was DataParallel: a checkpoint the original saved from it has \"module.\"-"
						     "prefixed keys, and %.*s(...) loads it into the plain module now: strip the prefix "
						     "there (torch.nn.modules.utils.consume_prefix_in_state_dict_if_present(state_dict, "
						     "\"module.\"))", (int)name.len, name.ptr, (int)fn.len, fn.ptr));
	}
}

/* The file that a torch.save (idx 1) or torch.load (idx 0) call writes or
 * reads: its argument f, or the path that `with open(path) as f` opened
 * for it (that with statement in *out, else TP_NONE; out may be NULL). */
static uint32_t file_arg(uint32_t *out, const tp_matcher *m, uint32_t call, int idx)
{
	uint32_t dummy;
	out = out ? out : &dummy;
	*out = TP_NONE;
	int kw = 0;
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS);
	uint32_t f = kind(m, args) == K_ARG_LIST ? tp_match__find_arg(m, args, idx, "f", &kw) : TP_NONE;
	f = f != TP_NONE && kw ? tp_child(m->tree, f, F_VALUE) : f;
	for (uint32_t p = N(m, call)->parent; kind(m, f) == K_IDENTIFIER && p != TP_NONE; p = N(m, p)->parent) {
		uint32_t body = kind(m, p) == K_WITH ? tp_child(m->tree, p, F_BODY) : TP_NONE;
		for (uint32_t j = p + 1; body != TP_NONE && j < body; j++) {
			uint32_t alias = kind(m, j) == K_AS_PATTERN ? tp_child(m->tree, j, F_ALIAS) : TP_NONE;
			uint32_t open = alias == TP_NONE ? TP_NONE : N(m, j)->first;
			uint32_t oargs = kind(m, open) == K_CALL ? tp_child(m->tree, open, F_ARGUMENTS) : TP_NONE;
			if (kind(m, oargs) == K_ARG_LIST && tp_str_same(text(m, alias), text(m, f)) && with_of(m, p, "open")) {
				*out = p;
				return N(m, oargs)->first;
			}
		}
	}
	return f;
}

/* The files that the torch.save calls of MAIN's function write, for a call
 * of it that rank 0 alone makes (`save_checkpoint()`); a file that is a
 * parameter is the call's argument (`save(model, "model.pt")`), or else
 * the parameter's default. */
static void saver_files(const tp_matcher *m, uint32_t call, tp_calls *files)
{
	uint32_t fn = tp_child(m->tree, call, F_FUNCTION), args = tp_child(m->tree, call, F_ARGUMENTS);
	const tp_binding *b = kind(m, fn) == K_IDENTIFIER ? tp_resolve_name(m->res, fn, text(m, fn).ptr, text(m, fn).len) : NULL;
	uint32_t def = b ? tp_resolve_definition(m->res, b) : TP_NONE;
	uint32_t params = kind(m, def) == K_FUNCTION_DEF ? tp_child(m->tree, def, F_PARAMETERS) : TP_NONE;
	for (uint32_t j = def; kind(m, def) == K_FUNCTION_DEF && j < N(m, def)->end_index; j++) {
		const char *qn = kind(m, j) == K_CALL ? qname(m, j) : NULL;
		uint32_t f = qn && strcmp(qn, "torch.save") == 0 ? file_arg(NULL, m, j, 1) : TP_NONE;
		if (f == TP_NONE)
			continue;
		int idx = 0, kw = 0;
		for (uint32_t c = kind(m, f) == K_IDENTIFIER && params != TP_NONE ? N(m, params)->first : TP_NONE; c != TP_NONE; c = N(m, c)->next) {
			uint32_t id = tp_match__param_name(m, c);
			if (id != TP_NONE && tp_str_same(text(m, id), text(m, f)) && kind(m, args) == K_ARG_LIST) {
				char *name = tp_arena_strndup(m->arena, text(m, id).ptr, text(m, id).len);
				uint32_t a = tp_match__find_arg(m, args, idx, name, &kw);
				/* not given: the default, `def save_checkpoint(state, filename="ckpt.pth")` */
				f = a == TP_NONE ? tp_child(m->tree, c, F_VALUE) : kw ? tp_child(m->tree, a, F_VALUE) : a;
				break;
			}
			idx += kind(m, c) != K_COMMENT;
		}
		if (f != TP_NONE)
			tp_array_push(files, f);
	}
}

/* Whether file expressions a and b are written alike ('best.pt' and
 * "best.pt" too). */
static int same_file(const tp_matcher *m, uint32_t a, uint32_t b)
{
	if (a == TP_NONE || b == TP_NONE)
		return 0;
	tp_str x = text(m, a), y = text(m, b);
	if (x.len != y.len)
		return 0;
	for (size_t k = 0; k < x.len; k++)
		if (x.ptr[k] != y.ptr[k] && !(strchr("'\"", x.ptr[k]) && strchr("'\"", y.ptr[k])))
			return 0;
	return 1;
}

/* Whether call copies, moves or deletes a file that rank 0 alone saved
 * (ESRGAN's `shutil.copyfile(f"d_epoch_{epoch}.pth.tar", best)` after the
 * save): it goes to rank 0 too, where the file is. */
static int moves_saved(const tp_matcher *m, uint32_t call, const char *qn, const tp_calls *files)
{
	static const char *const ops[] = {"shutil.copyfile", "shutil.copy", "shutil.copy2", "shutil.move", "os.remove",
					  "os.unlink", "os.rename", "os.replace", NULL};
	uint32_t args = tp_child(m->tree, call, F_ARGUMENTS), stmt = N(m, call)->parent;
	uint32_t first = tp_match__qname_in(qn, ops) && kind(m, args) == K_ARG_LIST ? N(m, args)->first : TP_NONE;
	tp_str ind = tp_match__indent(m, N(m, stmt)->start);
	if (ind.ptr + ind.len != m->src + N(m, stmt)->start)
		return 0; /* after the save on its line (`torch.save(sd, tmp); os.replace(tmp, best)`): under its guard */
	for (size_t k = 0; first != TP_NONE && k < files->len; k++)
		if (same_file(m, first, files->items[k]))
			return 1;
	return 0;
}

/* Whether a condition on identifier id may differ between ranks: a name
 * that a loop of its function assigns (`if val_acc > best:`), a measure of
 * this rank's share of the data. */
static int measured(const tp_matcher *m, uint32_t id)
{
	uint32_t fn = function_of(m, id);
	for (uint32_t j = fn; j < (fn ? N(m, fn)->end_index : m->tree->count); j++)
		if ((kind(m, j) == K_FOR || kind(m, j) == K_WHILE) && function_of(m, j) == fn && assigned_under(m, j, text(m, id)))
			return 1;
	return 0;
}

/* Whether the save at node save may run before the load at node load: in
 * the load's function, above it or in a loop around both; in another
 * function, unless the load's function calls it only below the load
 * (jadore's main() loads the data set, then calls train(), which saves). */
static int may_run_before(const tp_matcher *m, uint32_t save, uint32_t load)
{
	uint32_t fs = function_of(m, save), fl = function_of(m, load);
	if (fs == fl)
		return save < load || (loop_of(m, load) != TP_NONE && loop_of(m, load) == loop_of(m, save));
	uint32_t name = kind(m, fs) == K_FUNCTION_DEF ? tp_child(m->tree, fs, F_NAME) : TP_NONE;
	if (name == TP_NONE)
		return 1;
	int calls = 0, below = 1;
	for (uint32_t j = fl; j < (fl ? N(m, fl)->end_index : m->tree->count); j++) {
		uint32_t f = kind(m, j) == K_CALL ? tp_child(m->tree, j, F_FUNCTION) : TP_NONE;
		if (kind(m, f) == K_IDENTIFIER && tp_str_same(text(m, f), text(m, name)) && function_of(m, j) == fl) {
			calls = 1;
			below &= j > load && (loop_of(m, j) == TP_NONE || loop_of(m, j) != loop_of(m, load));
		}
	}
	return !calls || !below;
}

/* Before a torch.load of a file that rank 0 alone saved above (written as
 * one of the saved files): torch.distributed.barrier(), so that the other
 * ranks do not read it while rank 0 writes it. Only where every rank comes:
 * not in a loop, nor under an `if` on a measure; elsewhere a WARNING. */
static void wait_for_save(tp_matcher *m, uint32_t load, const tp_calls *saved)
{
	uint32_t with, f = file_arg(&with, m, load, 0), stmt = with != TP_NONE ? with : load; /* before the open too */
	int same = 0, every = 1;
	for (size_t k = 0; k < saved->len && !same; k++)
		same = same_file(m, f, saved->items[k]);
	while (N(m, stmt)->parent != TP_NONE && kind(m, N(m, stmt)->parent) != K_BLOCK && kind(m, N(m, stmt)->parent) != K_MODULE)
		stmt = N(m, stmt)->parent;
	for (uint32_t c = stmt, p = N(m, stmt)->parent; every && p != TP_NONE; c = p, p = N(m, p)->parent) {
		if (kind(m, p) == K_FUNCTION_DEF || kind(m, p) == K_CLASS_DEF)
			break;
		every = kind(m, p) != K_FOR && kind(m, p) != K_WHILE;
		/* the condition of the if, and of the elif that holds the load */
		uint32_t cond[2] = {kind(m, p) == K_IF ? N(m, p)->first : TP_NONE,
				    kind(m, p) == K_IF && kind(m, c) != K_BLOCK && kind(m, N(m, c)->first) != K_BLOCK ? N(m, c)->first : TP_NONE};
		for (int k = 0; k < 2; k++)
			for (uint32_t j = cond[k]; every && j != TP_NONE && j < N(m, cond[k])->end_index; j++)
				every = kind(m, j) != K_IDENTIFIER || N(m, j)->field == F_ATTRIBUTE || !measured(m, j);
	}
	if (same && every && own_lines(m, stmt)) {
		tp_str ind = tp_match__indent(m, N(m, stmt)->start);
		add(m, TP_OP_INSERT, N(m, stmt)->start, N(m, stmt)->start,
		    tp_arena_printf(m->arena, "torch.distributed.barrier()%s%.*s", m->eol, (int)ind.len, ind.ptr),
		    tp_arena_printf(m->arena, "wait for rank 0 to save %.*s before every rank loads it", (int)text(m, f).len, text(m, f).ptr));
	} else if (same) {
		note(m, load, "rank 0 alone saves this file above, and the other ranks do not wait for the save: call "
			      "torch.distributed.barrier() before this load where every rank comes (the ranks may not all come "
			      "here: a loop, or an if on what each rank measured)");
	} else {
		int before = 0; /* a save that may run before this load */
		for (size_t k = 0; k < saved->len && !before; k++)
			before = may_run_before(m, saved->items[k], load);
		if (before)
			note(m, load, "if this reads a file that rank 0 alone saves above, call torch.distributed.barrier() before "
				      "it: the other ranks do not wait for the save");
	}
}

void tp_distributed(tp_matcher *m)
{
	/* A MAIN that sets up its own process group or DDP (perhaps through a
	 * helper, or a function of another file of the tree that calls
	 * init_process_group or builds DDP: `ext_dist.init_distributed()`,
	 * `distrib.wrap(model)`) is distributed already: adding ours would
	 * initialise twice, or wrap a DDP in a DDP. So is one that starts its
	 * ranks itself (`mp.spawn(main_worker, nprocs=ngpus)`, a worker per
	 * device): the workers do not run the block under `if __name__ ==
	 * "__main__":` where the setup would go. */
	static const char *const spawners[] = {"torch.multiprocessing.spawn", "torch.multiprocessing.start_processes",
					       "torch.multiprocessing.spawn.spawn", "detectron2.engine.launch",
					       "detectron2.engine.launch.launch", "yolox.core.launch", "yolox.core.launch.launch", NULL};
	uint32_t workers = device_workers(m);
	if (workers != TP_NONE) {
		note(m, workers, tp_arena_printf(m->arena, "MAIN starts a worker per device itself (%s): distributed mode adds nothing "
							   "and writes no launcher; the normal rules still apply", qname(m, workers)));
		return;
	}
	for (uint32_t i = 0; i < m->tree->count; i++) {
		const char *qn = kind(m, i) == K_CALL ? qname(m, i) : NULL;
		const char *fw = framework(m, i, qn);
		if (tp_match__qname_in(qn, spawners)) {
			note(m, i, tp_arena_printf(m->arena, "MAIN starts its ranks itself (%s): distributed mode adds nothing and writes no "
							     "launcher (start it as before, without torchrun); the normal rules still apply", qn));
			return;
		}
		if (qn && strcmp(qn, "torch.distributed.init_process_group") == 0 && one_process_group(m, i, qn)) {
			note(m, i, "MAIN sets up a process group of one process (world_size=1: early YOLOv5's DDP over the cards of "
				   "one process), so it trains in one process: distributed mode adds nothing; to train on a rank "
				   "per card, remove this setup and its DistributedDataParallel, and convert again");
			return;
		}
		if (qn && (strcmp(qn, "torch.distributed.init_process_group") == 0 || tp_match__qname_in(qn, tp_ddp_names))) {
			note(m, i, "MAIN sets up distributed training itself: distributed mode adds nothing and writes no launcher (start "
				   "it as before: torchrun --nproc_per_node=N for one that reads LOCAL_RANK); the normal rules still apply");
			return;
		}
		if (qn && m->dist_setups && tp_map_get(m->dist_setups, qn, strlen(qn))) {
			note(m, i, tp_arena_printf(m->arena, "MAIN sets up distributed training itself (%s starts the ranks or sets up the process group or DDP): "
							     "distributed mode adds nothing and writes no launcher (start it as before: torchrun "
							     "--nproc_per_node=N for one that reads LOCAL_RANK); the normal rules still apply", qn));
			return;
		}
		if (fw) {
			note(m, i, tp_arena_printf(m->arena, "MAIN trains through %s, which distributes the training itself when its "
							     "launcher starts it (torchrun, deepspeed, accelerate launch, horovodrun, mpirun): distributed "
							     "mode adds nothing and writes no launcher; the normal rules still apply", fw));
			return;
		}
	}
	uint32_t anchor = preamble_anchor(m), guarded = main_guard(m);
	if (guarded != TP_NONE && anchor != TP_NONE && N(m, anchor)->start > N(m, guarded)->start)
		guarded = TP_NONE; /* torch is imported in the block: the process group follows that import */
	uint32_t ready = guarded != TP_NONE ? line_start(m, N(m, guarded)->start) : anchor == TP_NONE ? 0 : N(m, anchor)->end;
	const tp_rule *index = tp_map_get(&m->rules->device_index, "to", 2);
	tp_array(uint32_t) loaders = {0};
	tp_array(struct dataparallel) dps = {0};
	int loader_calls = 0, eval_loaders = 0, saved = 0;
	tp_calls saved_files = {0}; /* what the saves on rank 0 write (torch.save's f) */
	for (uint32_t i = 0; i < m->tree->count; i++) {
		uint16_t k = kind(m, i);
		if (k == K_BREAK)
			check_break(m, i);
		if (kind(m, N(m, i)->parent) == K_BLOCK && text(m, i).len == 8 && tp_match__keyword_statement(m, i, "continue"))
			check_continue(m, i);
		if (k == K_IF)
			many_cards_branch(m, i);
		if (k == K_STRING && text(m, i).len == 22 && memcmp(text(m, i).ptr + 1, "CUDA_VISIBLE_DEVICES", 20) == 0)
			note(m, i, "every rank sets its device from LOCAL_RANK: a visible-device list set here must hold all the cards "
				   "the launcher uses, or leave it to the launcher");
		if (k != K_CALL)
			continue;
		const char *qn = qname(m, i);
		card_scaled_batch(m, i, qn);
		every_rank_tracker(m, i, qn);
		if (qn && strncmp(qn, "torch.optim.", 12) == 0 && !strchr(qn + 12, '.') && kind(m, N(m, i)->parent) == K_CONDITIONAL &&
		    calls_parameters(m, i))
			note(m, i, "an optimizer built only when a condition holds (image captioning's encoder optimizer if "
				   "fine_tune_encoder else None): when it does not, the model it trains may have no parameter "
				   "that needs a gradient, and DistributedDataParallel refuses such a model at the wrap; wrap it "
				   "only when it trains");
		if (passes_true(m, i, -1, "download") && !rank_guarded(m, i))
			note(m, i, "every rank downloads and unpacks this dataset into the same folder at once, which can leave it "
				   "corrupt: download it before the launch, or on rank 0 first (then torch.distributed.barrier())");
		if (!qn && retains_graph(m, i))
			note(m, i, "a backward that keeps the graph for another backward of the same forward (SRResNet's content "
				   "loss, then the total): DistributedDataParallel averages the gradients of the first backward "
				   "only, so the ranks drift apart; sum the losses into one backward()");
		if (qn && strcmp(qn, "torch.autograd.grad") == 0 && passes_true(m, i, 4, "create_graph"))
			note(m, i, "a gradient penalty (autograd.grad with create_graph=True: WGAN-GP, R1) through a model that "
				   "DistributedDataParallel wraps: where the penalty has a backward() of its own, it leaves "
				   "parameters without a gradient (the last bias) and DDP's reducer fails (\"Expected to have "
				   "finished reduction in the prior iteration\"); add the penalty to the loss of one backward() "
				   "with the other terms");
		if (dataparallel_call(m, i, qn)) {
			/* torch.nn.DataParallel(model, ...) -> model */
			uint32_t args = tp_child(m->tree, i, F_ARGUMENTS);
			int kw = 0;
			uint32_t a0 = args == TP_NONE ? TP_NONE : tp_match__find_arg(m, args, 0, "module", &kw);
			if (a0 != TP_NONE && kw)
				a0 = tp_child(m->tree, a0, F_VALUE);
			if (a0 == TP_NONE) {
				note(m, i, "DataParallel without a module argument: remove it by hand");
				continue;
			}
			uint32_t asg = N(m, i)->parent;
			if (kind(m, asg) == K_ASSIGNMENT && kind(m, tp_child(m->tree, asg, F_LEFT)) == K_SUBSCRIPT) {
				note(m, i, "a DataParallel of an entry of a dict or list (StyleTTS2's model[key]) stays: distributed "
					   "mode wraps models that have a name of their own; wrap each one in "
					   "DistributedDataParallel(m.npu(), device_ids=[npu_local_rank]) here by hand");
				continue;
			}
			m->claimed[i] = 1; /* gone: not reported as unsupported */
			tp_array_push(&dps, ((struct dataparallel){i, a0, dataparallel_target(m, i)}));
		} else if ((qn && strcmp(qn, "torch.save") == 0 && !in_saver(m, i)) || saver_call(m, i, qn) ||
			   (saved && moves_saved(m, i, qn, &saved_files))) {
			uint32_t p = N(m, i)->parent;
			uint32_t w = kind(m, p) == K_EXPR_STMT && kind(m, N(m, p)->parent) == K_BLOCK ? N(m, N(m, p)->parent)->parent : TP_NONE;
			if (own_file(m, i)) {
				continue; /* each rank saves into its own file and reads it back */
			} else if (kind(m, w) == K_WITH && with_of(m, w, "open") && !has_loop(m, w) && !rank_guarded(m, i) && guard_block(m, w)) {
				saved = 1; /* `with open(path, "wb") as f: torch.save(sd, f)`: the open too */
				if (qn && strcmp(qn, "torch.save") == 0)
					tp_array_push(&saved_files, file_arg(NULL, m, i, 1));
			} else if (p != TP_NONE && kind(m, p) == K_EXPR_STMT && !rank_guarded(m, i)) {
				/* After other code on its line (`if best: torch.save(...)`,
				 * `x = 1; torch.save(...)`) no `if` may start: a condition. */
				tp_str ind = tp_match__indent(m, N(m, p)->start);
				/* The code after it on its line goes under the `if` too
				 * (`torch.save(sd, p); shutil.copyfile(p, best)`), unless
				 * it assigns what every rank needs (`; done = epoch`). */
				int inline_ = ind.ptr + ind.len < m->src + N(m, p)->start;
				for (uint32_t n = N(m, p)->next; n != TP_NONE && !inline_ && !memchr(m->src + N(m, p)->end, '\n', N(m, n)->start - N(m, p)->end);
				     n = N(m, n)->next)
					inline_ = kind(m, N(m, n)->first) == K_ASSIGNMENT || kind(m, N(m, n)->first) == K_AUG_ASSIGN;
				add(m, TP_OP_INSERT, N(m, p)->start, N(m, p)->start, inline_ ? "npu_rank == 0 and " : "if npu_rank == 0: ",
				    "save checkpoints on rank 0 only");
				saved = 1;
				if (qn && strcmp(qn, "torch.save") == 0)
					tp_array_push(&saved_files, file_arg(NULL, m, i, 1));
				else
					saver_files(m, i, &saved_files);
			}
		} else if (saved && qn && strcmp(qn, "torch.load") == 0) {
			wait_for_save(m, i, &saved_files);
			choose_device(m, i, qn, index);
		} else if (tp_match__qname_in(qn, random_split) && !seeds(m)) {
			int kw = 0;
			uint32_t args = tp_child(m->tree, i, F_ARGUMENTS);
			if (kind(m, args) == K_ARG_LIST && tp_match__find_arg(m, args, 2, "generator", &kw) == TP_NONE)
				note(m, i, "each rank draws its own split here, so one rank trains on another's validation data: pass "
					   "generator=torch.Generator().manual_seed(0) (or seed torch alike on every rank)");
		} else if (qn && strcmp(qn, "sklearn.model_selection.train_test_split") == 0 && !seeds(m)) {
			int kw = 0;
			uint32_t args = tp_child(m->tree, i, F_ARGUMENTS);
			if (kind(m, args) == K_ARG_LIST && tp_match__find_arg(m, args, -1, "random_state", &kw) == TP_NONE)
				note(m, i, "each rank draws its own split here, so one rank trains on another's validation data: pass "
					   "random_state=0 (or seed numpy alike on every rank)");
		} else if (((qn && (strcmp(qn, "os.makedirs") == 0 || strcmp(qn, "os.mkdir") == 0)) || path_mkdir(m, i)) && !rank_guarded(m, i) &&
			   !tp_match__caught(m, i, os_errors)) {
			make_dirs_together(m, i, qn ? qn : "Path.mkdir");
		} else if (dataloader_call(m, i, qn)) {
			loader_calls++;
			eval_loaders += evaluation_loader(m, i) != 0;
			uint32_t l = sample_loader(m, i);
			if (l != TP_NONE)
				tp_array_push(&loaders, l);
		} else {
			choose_device(m, i, qn, index);
		}
	}
	tp_array_free(&saved_files);
	local_device_values(m, index, ready);
	check_plateau(m);
	/* The process group, right after the module's imports. */
	{
		const char *e = m->eol;
		tp_buf b = {0};
		if (!imported_by(m, "os", anchor))
			tp_buf_printf(&b, "import os%s", e);
		if (!imported_by(m, "torch", anchor)) {
			/* the import rule adds torch_npu after the module's own torch imports only */
			tp_buf_printf(&b, "import torch%s", e);
			if (!imports_torch(m, 0))
				tp_buf_printf(&b, "import torch_npu%s", e);
		}
		tp_buf_printf(&b,
			      "%s# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;%s"
			      "# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.%s"
			      "npu_local_rank = int(os.environ.get(\"LOCAL_RANK\", os.environ.get(\"DEVICE_ID\", \"0\")))%s"
			      "npu_rank = int(os.environ.get(\"RANK\", os.environ.get(\"RANK_ID\", \"0\")))%s"
			      "npu_world_size = int(os.environ.get(\"WORLD_SIZE\", os.environ.get(\"RANK_SIZE\", \"1\")))%s"
			      "torch.npu.set_device(npu_local_rank)%s"
			      "torch.distributed.init_process_group(backend=\"hccl\", rank=npu_rank, world_size=npu_world_size)%s",
			      e, e, e, e, e, e, e, e);
		preamble(m, guarded != TP_NONE ? guarded : anchor, guarded != TP_NONE, tp_arena_strndup(m->arena, b.ptr, b.len),
			 "process group (hccl) and device from the launcher's environment");
		m->dist_setup = 1;
		later_set_device(m);
		tp_buf_dispose(&b);
	}
	/* The models: -t's names (separated by commas), or else the ones MAIN
	 * trains, or else `model`. */
	tp_names models = {0};
	for (const char *t = m->dist_model; *t;) {
		size_t n = strcspn(t, ",");
		if (n)
			tp_array_push(&models, ((tp_str){t, n}));
		t += n + (t[n] == ',');
	}
	int unnamed = 0, free_optimizers = *m->dist_model ? 0 : trained_models(m, &models, &unnamed);
	/* No optimizer of MAIN names the network, but MAIN put one in
	 * DataParallel: that is the network it trains (BigGAN's GD, which a
	 * function of another file trains). */
	int dp_model = 0; /* a DataParallel of `model`: the chain below names it */
	for (size_t k = 0; k < dps.len; k++)
		dp_model |= dps.items[k].target != TP_NONE && tp_str_eq(text(m, dps.items[k].target), "model");
	for (size_t k = 0; !*m->dist_model && !models.len && !dp_model && k < dps.len; k++) {
		uint32_t t = dps.items[k].target;
		int seen = kind(m, t) != K_IDENTIFIER;
		for (size_t j = 0; j < k && !seen; j++)
			seen = dps.items[j].target != TP_NONE && tp_str_same(text(m, dps.items[j].target), text(m, t));
		if (!seen)
			tp_array_push(&models, text(m, t));
	}
	tp_str fallback = {"model", 5};
	int assigned = 0;
	for (uint32_t i = 0; i < m->tree->count && !assigned; i++)
		assigned = assigns_model(m, i, fallback);
	if (!models.len && free_optimizers)
		note_file(m, "MAIN's optimizers get no parameters() of a model that MAIN assigns (an input image, a tensor, or parameters "
			     "a helper gathers): nothing is wrapped in DistributedDataParallel, which refuses a module with nothing to "
			     "train; if a network trains, name it with -t");
	else if (!models.len && unnamed && !(assigned && uses_as_network(m, fallback)))
		note_file(m, "MAIN's optimizers train the parameters of no model MAIN assigns to a plain name (an attribute, "
			     "self.model.parameters(), or a loop's variable): nothing is wrapped; wrap that network in "
			     "DistributedDataParallel by hand where it is built, or name the models with -t");
	else if (!models.len && !*m->dist_model && assigned && !uses_as_network(m, fallback))
		note_file(m, "MAIN builds no optimizer, and model is neither called nor given to other code there: if it trains "
			     "in its own methods (model.optimize_parameters()), wrap the networks it holds (self.netG) in "
			     "DistributedDataParallel there by hand; else name the network with -t");
	else if (!models.len && !*m->dist_model && assigned && infers_only(m, fallback))
		note_file(m, "MAIN only runs model for inference (with autograd off or its parameters frozen, and no backward): it is "
			     "not wrapped in DistributedDataParallel, which refuses a model with nothing to train and has no gradient "
			     "to average here; each rank runs it on its share of the data");
	else if (!models.len && imports_name(m, fallback))
		note_file(m, "MAIN imports a module named model (EDSR's `import model`, then `model.Model(args)`), and no optimizer of "
			     "MAIN names the network: nothing is wrapped; name the network with -t, or wrap it in "
			     "DistributedDataParallel by hand where it is built");
	else if (!models.len)
		tp_array_push(&models, fallback);
	uint32_t *wraps = tp_arena_alloc(m->arena, (models.len + 1) * sizeof *wraps);
	for (size_t i = 0; i < models.len; i++)
		wraps[i] = wrap_model(m, models.items[i], &models);
	for (size_t k = 0; k < dps.len; k++) {
		tp_str target = dps.items[k].target == TP_NONE ? (tp_str){"", 0} : text(m, dps.items[k].target);
		size_t i = 0;
		int beside = 0; /* a model wrapped in the same scope */
		for (size_t j = 0; j < models.len; j++)
			beside |= wraps[j] != TP_NONE && m->res->scope_of[wraps[j]] == m->res->scope_of[dps.items[k].call];
		while (i < models.len && !tp_str_same(models.items[i], target))
			i++;
		remove_dataparallel(m, &dps.items[k], i < models.len ? wraps[i] : TP_NONE, i == models.len && beside);
	}
	tp_array_free(&dps);
	tp_array_free(&models);
	if (!loader_calls)
		note_file(m, "MAIN builds no DataLoader: every rank reads all the data; give the loaders built in other files a "
			   "DistributedSampler (and set_epoch) by hand");
	else if (eval_loaders == loader_calls)
		note_file(m, "MAIN builds DataLoaders of evaluation data only (by their names, or where autograd is off): the training batches come from "
			     "elsewhere (a loader of another file, a get_batch() method), and every rank reads all of them: give that "
			     "loader a DistributedSampler (and set_epoch) by hand");
	struct epoch_insert ins[16];
	size_t nins = 0;
	for (size_t i = 0; i < loaders.len; i++) {
		set_epoch(m, loaders.items[i], ins, &nins, 16);
		dataset_averages(m, text(m, loaders.items[i]));
	}
	for (size_t k = 0; k < nins; k++) {
		add(m, TP_OP_INSERT, ins[k].at, ins[k].at, tp_arena_strndup(m->arena, ins[k].lines.ptr, ins[k].lines.len),
		    tp_arena_printf(m->arena, "%s at the top of the epoch loop: a new shuffle each epoch", ins[k].what.ptr));
		tp_buf_dispose(&ins[k].lines);
		tp_buf_dispose(&ins[k].what);
	}
	tp_array_free(&loaders);
}
