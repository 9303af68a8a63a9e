/* cuda_scan: finds what C++/CUDA sources register with Python/PyTorch, for the
 * custom-CUDA-extension analysis (issue 9). A hand lexer, no parser: it skips
 * comments, string/char/raw-string literals and `#if 0` blocks, and reports
 * pybind11 functions, TORCH_LIBRARY and RegisterOperators ops, impls,
 * `__global__` kernel definitions and `<<<...>>>` launches. */
#ifndef TP_CUDA_SCAN_H
#define TP_CUDA_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

enum tp_cuda_kind {
	TP_CUDA_PYBIND_DEF,    /* VAR.def("name", ...) in PYBIND11_MODULE(MOD, VAR) */
	TP_CUDA_LIBRARY_DEF,   /* VAR.def("name(schema) -> ...") in TORCH_LIBRARY(NS, VAR) */
	TP_CUDA_LIBRARY_IMPL,  /* VAR.impl("name", ...) in TORCH_LIBRARY_IMPL(NS, KEY, VAR) */
	TP_CUDA_KERNEL_DEF,    /* __global__ void kernel(args) { ... } */
	TP_CUDA_KERNEL_LAUNCH, /* kernel<T><<<grid, block, ...>>>(args) */
	TP_CUDA_REGISTER_OP,   /* torch::RegisterOperators("NS::op", ...).op("NS::op2", ...) */
};

/* One registration or launch. Both strings are owned and never NULL.
 *   name:   pybind def: the Python name ("forward"); a submodule's def keeps
 *           the bare name. Library def/impl: "NS::op" (the schema's name up to
 *           '(' or '.'; a name already holding "::" is kept as it is).
 *           RegisterOperators op: "NS::op", only names that hold their NS.
 *           Kernel definition, launch: the kernel identifier with its `a::b::`
 *           qualifiers and without template arguments.
 *   module: pybind: the macro's first argument as written, often the macro
 *           TORCH_EXTENSION_NAME ("MOD.sub" for def_submodule("sub")).
 *           Library def, RegisterOperators op: NS. Impl: the dispatch key ("CUDA"), "" for an impl
 *           written inside TORCH_LIBRARY itself. Kernel definition, launch: "".
 *   line1:  1-based line where the construct starts (VAR, the chained '.',
 *           the kernel name); line2: line of the call's closing ')' (a
 *           definition's parameters', a launch's `>>>` without arguments), or
 *           of the input's last token when the input ends inside the call.
 *   start, end: the bytes from line1's token to line2's, end exclusive.
 *   cpu:    see below. */
typedef struct {
	enum tp_cuda_kind kind;
	char *name;
	char *module;
	uint32_t line1, line2;
	uint32_t start, end; /* its bytes: [start, end) */
	int cpu; /* certainly CPU code: an impl for a dispatch key that is not a CUDA one
		  * (CPU, Autograd), or a def or impl of a function named *_cpu */
} tp_cuda_op;

typedef tp_array(tp_cuda_op) tp_cuda_ops;

/* Appends the constructs of src[0..len) to out, in source order. Any bytes
 * are accepted (truncated, binary, unbalanced); src need not be
 * NUL-terminated. Inputs over 4 GiB are scanned up to 4 GiB. */
void tp_cuda_scan(tp_cuda_ops *out, const char *src, size_t len);
/* Frees every op's strings and the array; ops may be NULL. */
void tp_cuda_ops_dispose(tp_cuda_ops *ops);
/* "pybind11 def", "TORCH_LIBRARY def", "TORCH_LIBRARY_IMPL impl",
 * "kernel definition", "kernel launch", "RegisterOperators op" (static; "?" for a value outside the enum). */
const char *tp_cuda_kind_name(enum tp_cuda_kind k);

#endif
