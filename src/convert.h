/* convert: one file through read checks, parse, resolve, match, plan, apply
 * and verify, into the converted bytes and its report rows. Thread-safe: each
 * worker owns its parser and the file's arena. */
#ifndef TP_CONVERT_H
#define TP_CONVERT_H

#include <stdint.h>

#include "parse.h"
#include "resolve.h"
#include "rules.h"
#include "map.h"
#include "util.h"

/* Row kinds. Edits are INSERT/MODIFY/DELETE; the rest are findings that
 * change nothing. The advice kinds (after WARNING) have their own reports
 * and are not change-list rows. For AFFINITY rows, api is the user's
 * function or class (or the torch API), message the affine API, text the
 * kind ("function", "class", "torch"). */
enum tp_op {
	TP_OP_INSERT, TP_OP_MODIFY, TP_OP_DELETE, TP_OP_UNSUPPORTED, TP_OP_UNKNOWN, TP_OP_WARNING,
	TP_OP_PRECISION, TP_OP_PERFORMANCE, TP_OP_AFFINITY,
	TP_OP_CUDA, /* custom CUDA (cuda_op_list.csv): text the kind, api the name, message the detail */
	TP_OP__COUNT
};

const char *tp_op_name(enum tp_op op);

/* An edit or finding while a file is converted (arena strings). For edits,
 * [start, end) is replaced by text; start == end inserts. */
typedef struct {
	enum tp_op op;
	uint32_t start, end;
	const char *text;
	const char *rule_id;
	const char *message;
	const char *api;
	int user;
} tp_item;

/* A report row that outlives the conversion (heap strings, owned). Lines and
 * columns are 1-based and refer to the input file; columns count characters. */
typedef struct {
	enum tp_op op;
	uint32_t start, end;
	uint32_t line1, col1, line2, col2;
	char *text, *rule_id, *message, *api;
} tp_row;

enum tp_file_status {
	TP_FILE_CONVERTED,   /* parsed and converted (possibly with no change) */
	TP_FILE_NOT_UTF8,    /* copied unchanged */
	TP_FILE_BINARY,      /* NUL bytes: copied unchanged */
	TP_FILE_VERIFY_FAILED /* the output reparsed worse: original kept */
};

/* The result of one file. rows are owned; output is owned and NULL when the
 * file is to be copied unchanged. */
typedef struct {
	enum tp_file_status status;
	tp_array(tp_row) rows;
	char *output;
	size_t output_len;
	int syntax_errors;
	uint32_t lines; /* lines of the input (Python files) */
	int dist_setup; /* distributed mode set up the process group here (MAIN) */
} tp_result;

typedef struct {
	const tp_rules *rules;
	const struct tp_ops *ops; /* op-support data of the chosen version */
	const char *dist_model;   /* distributed mode, for MAIN: as tp_matcher's */
	int specify_device;       /* -s: device choices follow DEVICE_ID */
	int dist_other;           /* distributed mode, a file other than MAIN: as tp_matcher's */
	const tp_map *ext_modules; /* custom extension module names (setup.py, load()); "NAME()" for a
				    * function that loads one (tp_extension_names) */
	const tp_map *library_ops; /* "ns.op" of TORCH_LIBRARY ops in the tree */
	const tp_map *dist_setups; /* distributed mode and -s: functions of other files that call init_process_group or build DDP */
	const tp_map *dist_iterables; /* distributed mode: IterableDataset classes of other files */
	const tp_map *dist_loaders;   /* distributed mode: torch's DataLoader as other files import it (`helpers.DataLoader`) */
	const tp_map *dist_repeats;   /* distributed mode: functions of other files that run a parameter more than once */
} tp_convert_opts;

/* Converts src[0..len). Never fails: problems become WARNING rows. */
void tp_convert(tp_result *out, const tp_convert_opts *opts, tp_parser *parser, const char *src, size_t len);
void tp_result_dispose(tp_result *r);

/* torch.utils.cpp_extension's builders: CUDAExtension, CppExtension, then
 * load and load_inline (which return the module), NULL-terminated. */
extern const char *const tp_extension_builders[];

/* The builder (an entry of tp_extension_builders, compared by address) that
 * a call's function fn names, or NULL: its qualified name qn (NULL when it has
 * none), or that of the value of a local bound once (`Ext = CUDAExtension`). A choice that may be
 * CUDAExtension (`CppExtension if cpu else CUDAExtension`) is CUDAExtension
 * with *either set. res is borrowed. */
const char *tp_extension_builder(const tp_resolver *res, uint32_t fn, const char *qn, int *either);

/* Whether the builder call (qn, one of tp_extension_builders) certainly
 * builds no CUDA code: a CppExtension; a load() (or an either CUDAExtension)
 * whose sources name C++ files and no .cu/.cuh; a load_inline() without
 * cuda_sources; neither with with_cuda=True nor extra_cuda_cflags. Its
 * operators run where they ran. */
int tp_extension_cpu_only(const tp_tree *t, const char *src, uint32_t call, const char *qn, int either);

/* The names of the extension module that builder call `call` builds,
 * appended to out (owned): its name= or first argument, when its value is
 * known (a literal, a local assigned once, `'%s.%s' % (a, b)`, `a + b`); or,
 * when that is made of the parameters of the function the call is in, the
 * name each call of that function in the file gives. res is borrowed. */
void tp_extension_build_names(tp_strings *out, const tp_resolver *res, uint32_t call);

/* The extension module names a Python source builds: the name of each
 * torch.utils.cpp_extension CUDAExtension/CppExtension/load/load_inline call
 * that may build CUDA code (and its last component, for `from . import _C`),
 * and, when rel (the file's path in the tree) is given, the names other files
 * import the module variable a load() is assigned to by (at the top, or in a
 * function that declares it global), and those of a module-level function
 * that calls load() followed by "()" (`custom_ops.get_plugin()`: its calls
 * give the module). Appended to out (owned). */
void tp_extension_names(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel);

/* The module-level functions of rel (a Python source, src) that call
 * torch.distributed.init_process_group, start the ranks (mp.spawn) or build a
 * DistributedDataParallel (which wraps the model for its caller), or call a
 * function of rel that does, by the names other files call them
 * by, as tp_extension_names gives a load() variable's (pkg/dist.py gives
 * pkg.dist.setup and dist.setup). Appended to out (owned). */
void tp_distributed_setters(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel);

/* The top-level classes of rel derived from an IterableDataset (or
 * IterDataPipe), by the names other files import them by. Appended to out
 * (owned). */
void tp_iterable_datasets(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel);
/* The names under which a file imports torch's DataLoader at module level
 * (`from torch.utils.data import DataLoader` in helpers.py: helpers.DataLoader),
 * which MAIN may import from it, also by `from helpers import *`. */
void tp_loader_exports(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel);
/* The top-level functions of rel that call a parameter more than once where
 * autograd records (TRADES' `trades_loss(model, ...)` runs model on clean and
 * perturbed inputs), as "NAME#POSITION" and "NAME:PARAMETER" by the names
 * other files import them by; and the methods of its classes, as "no-grad
 * method NAME" when a @torch.no_grad() (or the like) wraps it, else as
 * "grad method NAME" and, where it calls self(...) or a layer of self
 * (`self.fc(x)`), also as "computing method NAME"; the functions and methods
 * that call torch.cuda.set_device, as "NAME@set_device" (by the names other
 * files import them by) and "set_device method NAME". */
void tp_repeated_forwards(tp_strings *out, tp_parser *parser, const char *src, size_t len, const char *rel);

#endif
