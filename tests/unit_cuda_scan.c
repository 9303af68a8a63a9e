/* Unit tests of cuda_scan: each construct, what must be ignored (comments,
 * literals, #if 0), templates, module variables, nesting, truncated and
 * hostile input, and the fixture extension against its expected list
 * (argv[1]: fixtures/cuda_ext). Each failure is printed; exit 1 on any. */
#include <stdio.h>
#include <stdlib.h>

#include "cuda_scan.h"
#include "walk.h"

static int failures;

#define CHECK(cond)                                                              \
	do {                                                                         \
		if (!(cond)) {                                                           \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			failures++;                                                          \
		}                                                                        \
	} while (0)

/* "L1-L2 KIND NAME [MODULE]" lines, " cpu" after CPU code, for every op
 * found in src[0..len). */
static char *render(const char *src, size_t len)
{
	tp_cuda_ops ops = {0};
	tp_cuda_scan(&ops, src, len);
	tp_buf b = {0};
	tp_buf_puts(&b, "");
	for (size_t i = 0; i < ops.len; i++) {
		const tp_cuda_op *o = &ops.items[i];
		tp_buf_printf(&b, "%u-%u %s %s [%s]%s\n", o->line1, o->line2, tp_cuda_kind_name(o->kind), o->name, o->module,
			      o->cpu ? " cpu" : "");
	}
	tp_cuda_ops_dispose(&ops);
	return b.ptr;
}

static void expect_at(int line, const char *src, size_t len, const char *want)
{
	char *got = render(src, len);
	if (strcmp(got, want) != 0) {
		fprintf(stderr, "%s:%d: scan mismatch\n--- source\n%.*s\n--- want\n%s--- got\n%s---\n", __FILE__, line,
		        (int)len, src, want, got);
		failures++;
	}
	free(got);
}
#define EXPECT(src, want) expect_at(__LINE__, src, strlen(src), want)

static void test_pybind(void)
{
	EXPECT("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
	       "  m.def(\"forward\", &forward, \"doc\");\n"
	       "  m.def(\"backward\",\n"
	       "        &backward,\n"
	       "        \"doc\");\n"
	       "}\n",
	       "2-2 pybind11 def forward [TORCH_EXTENSION_NAME]\n"
	       "3-5 pybind11 def backward [TORCH_EXTENSION_NAME]\n");
	/* The module variable is the second argument; other objects' def is not
	 * a module function; nested braces do not end the body. */
	EXPECT("PYBIND11_MODULE(my_ext, mod) {\n"
	       "  m.def(\"not_mod\", &f);\n"
	       "  if (true) { mod.def(\"inner\", [](int x) { return x; }); }\n"
	       "  py::class_<Foo>(mod, \"Foo\").def(\"method\", &Foo::method);\n"
	       "  other.mod.def(\"member\", &f);\n"
	       "  mod.def(\"after\", &g);\n"
	       "}\n"
	       "mod.def(\"outside\", &h);\n",
	       "3-3 pybind11 def inner [my_ext]\n"
	       "6-6 pybind11 def after [my_ext]\n");
	/* Chained defs, submodules, the optional third macro argument. */
	EXPECT("PYBIND11_MODULE(ext, m, py::mod_gil_not_used()) {\n"
	       "  m.def(\"a\", &a)\n"
	       "   .def(\"b\", &b);\n"
	       "  auto sub = m.def_submodule(\"ops\", \"the ops\");\n"
	       "  sub.def(\"c\", &c).def(\"d\", &d);\n"
	       "  m.def(std::string(\"e\").c_str(), &e);\n"
	       "}\n",
	       "2-2 pybind11 def a [ext]\n"
	       "3-3 pybind11 def b [ext]\n"
	       "5-5 pybind11 def c [ext.ops]\n"
	       "5-5 pybind11 def d [ext.ops]\n"
	       "6-6 pybind11 def e [ext]\n");
	/* A non-literal name gives nothing; a macro definition opens no block. */
	EXPECT("#define PYBIND11_MODULE(name, variable) int x(variable) {\n"
	       "PYBIND11_MODULE(e, m) { m.def(NAME, &f); m.def(\"\", &g); }\n",
	       "");
	/* Without a body it is not a block. */
	EXPECT("PYBIND11_MODULE(e, m);\nm.def(\"x\", &f);\n", "");
}

static void test_library(void)
{
	EXPECT("TORCH_LIBRARY(myns, m) {\n"
	       "  m.def(\"myop(Tensor x) -> Tensor\");\n"
	       "  m.def(\"myop.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)\");\n"
	       "  m.def(\"  spaced (Tensor x) -> Tensor\");\n"
	       "  m.def(\"plain\", &plain);\n"
	       "  m.def(\"other::q(Tensor x) -> Tensor\");\n"
	       "  m.def(TORCH_SELECTIVE_SCHEMA(\"myns::sel(Tensor x) -> Tensor\"));\n"
	       "  m.def(R\"(raw(Tensor a,\n"
	       "               Tensor b) -> Tensor)\");\n"
	       "  m.def(\"lam(Tensor x) -> Tensor\", [](const at::Tensor& x) {\n"
	       "    return x;\n"
	       "  });\n"
	       "  m.impl(\"plain\", torch::dispatch(c10::DispatchKey::CUDA, &plain_cuda));\n"
	       "}\n",
	       "2-2 TORCH_LIBRARY def myns::myop [myns]\n"
	       "3-3 TORCH_LIBRARY def myns::myop [myns]\n"
	       "4-4 TORCH_LIBRARY def myns::spaced [myns]\n"
	       "5-5 TORCH_LIBRARY def myns::plain [myns]\n"
	       "6-6 TORCH_LIBRARY def other::q [myns]\n"
	       "7-7 TORCH_LIBRARY def myns::sel [myns]\n"
	       "8-9 TORCH_LIBRARY def myns::raw [myns]\n"
	       "10-12 TORCH_LIBRARY def myns::lam [myns]\n"
	       "13-13 TORCH_LIBRARY_IMPL impl myns::plain []\n");
	EXPECT("TORCH_LIBRARY_IMPL(myns, CUDA, impls) {\n"
	       "  impls.impl(\"myop\", &myop_cuda);\n"
	       "  impls.impl(\"myop.out\", TORCH_FN(myop_out_cuda));\n"
	       "  impls.def(\"ignored(Tensor x) -> Tensor\");\n"
	       "  m.impl(\"wrong_var\", &f);\n"
	       "}\n"
	       "TORCH_LIBRARY_IMPL(myns, AutogradCUDA, m) { m.impl(\"myop\", &myop_autograd); }\n"
	       "TORCH_LIBRARY_FRAGMENT(frag, lib) { lib.def(\"f2(Tensor x) -> Tensor\"); }\n",
	       "2-2 TORCH_LIBRARY_IMPL impl myns::myop [CUDA]\n"
	       "3-3 TORCH_LIBRARY_IMPL impl myns::myop [CUDA]\n"
	       "7-7 TORCH_LIBRARY_IMPL impl myns::myop [AutogradCUDA]\n"
	       "8-8 TORCH_LIBRARY def frag::f2 [frag]\n");
	/* Wrong argument counts open nothing. */
	EXPECT("TORCH_LIBRARY(a, b, m) { m.def(\"x(Tensor a) -> Tensor\"); }\n"
	       "TORCH_LIBRARY_IMPL(a, m) { m.impl(\"y\", &y); }\n",
	       "");
	/* The legacy registration: RegisterOperators' own argument and each
	 * chained .op(); a name without its namespace, or a later statement's
	 * .op(), is none. */
	EXPECT("static auto r = torch::RegisterOperators(\"ns::a\", &a)\n"
	       "  .op(\"ns::b(Tensor x) -> Tensor\", &b)\n"
	       "  .op(\"c\", &c)\n"
	       "  .op(torch::RegisterOperators::options().schema(\"ns::d(Tensor x) -> Tensor\").kernel<D>(at::kCUDA));\n"
	       "r.op(\"ns::e\", &e);\n"
	       "static auto q = c10::RegisterOperators().op(\"q::f\",\n"
	       "    &f);\n",
	       "1-1 RegisterOperators op ns::a [ns]\n"
	       "2-2 RegisterOperators op ns::b [ns]\n"
	       "4-4 RegisterOperators op ns::d [ns]\n"
	       "6-7 RegisterOperators op q::f [q]\n");
}

/* CPU code: an impl for a dispatch key that is not a CUDA one, a def or
 * impl of a function named *_cpu. It needs a rebuild, not an NPU kernel. */
static void test_cpu(void)
{
	EXPECT("TORCH_LIBRARY_IMPL(myops, CPU, m) { m.impl(\"my_relu\", &my_relu); }\n"
	       "TORCH_LIBRARY_IMPL(myops, AutogradCUDA, m) { m.impl(\"my_relu\", &my_relu_autograd); }\n"
	       "TORCH_LIBRARY_IMPL(myops, CUDA, m) { m.impl(\"my_relu\", my_relu_cuda); }\n"
	       "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
	       "  m.def(\"boxes_iou_bev_cpu\", &boxes_iou_bev_cpu, \"doc\");\n"
	       "  m.def(\"nms_gpu\", &nms_gpu, \"doc\");\n"
	       "  m.def(\"cpu\", &cpu);\n"
	       "}\n",
	       "1-1 TORCH_LIBRARY_IMPL impl myops::my_relu [CPU] cpu\n"
	       "2-2 TORCH_LIBRARY_IMPL impl myops::my_relu [AutogradCUDA]\n"
	       "3-3 TORCH_LIBRARY_IMPL impl myops::my_relu [CUDA]\n"
	       "5-5 pybind11 def boxes_iou_bev_cpu [TORCH_EXTENSION_NAME] cpu\n"
	       "6-6 pybind11 def nms_gpu [TORCH_EXTENSION_NAME]\n"
	       "7-7 pybind11 def cpu [TORCH_EXTENSION_NAME]\n");
}

static void test_launch(void)
{
	EXPECT("void f() {\n"
	       "  add_kernel<<<grid, block, 0, stream>>>(a, b, n);\n"
	       "  scale<float><<<(n + 255) / 256, 256>>>(x,\n"
	       "      n);\n"
	       "  reduce<Pair<int, float>, 128><<<g, b, smem>>>(p);\n"
	       "  deep<std::vector<std::vector<int>>><<<1, 1>>>();\n"
	       "  detail::cuda::qualified<<<dim3{1, 2, 1}, 32>>>(y);\n"
	       "  shifty<<<(n >> 1), 32, 0>>>(z);\n"
	       "  k2<(N > 3)><<<1, 1>>>();\n"
	       "  split_kernel<T>\n"
	       "      <<<blocks,\n"
	       "         threads>>>(\n"
	       "          a);\n"
	       "  std::cout << x << std::endl;\n"
	       "  bool lt = a < b && c > d;\n"
	       "}\n",
	       "2-2 kernel launch add_kernel []\n"
	       "3-4 kernel launch scale []\n"
	       "5-5 kernel launch reduce []\n"
	       "6-6 kernel launch deep []\n"
	       "7-7 kernel launch detail::cuda::qualified []\n"
	       "8-8 kernel launch shifty []\n"
	       "9-9 kernel launch k2 []\n"
	       "10-13 kernel launch split_kernel []\n");
	/* No name, no closing >>> before the statement ends: not a launch. */
	EXPECT("(*fp)<<<1, 1>>>(x);\nk<<<1, 1; j>>>();\n<<<1,1>>>();\n", "");
	EXPECT("<<<1,1>>>();\nos << operator<<<T>(os, v) >>> x;\n", "");
	/* clang-format's spelling, and the runtime API's launch calls. */
	EXPECT("void f() {\n"
	       "  preprocess<C> << <(P + 255) / 256, 256 >> > (P, means);\n"
	       "  render << <\n"
	       "    grid, block >> > (ranges);\n"
	       "  cudaLaunchKernel((const void *)FresnelFwd, grid, block, args, 0, stream);\n"
	       "  cudaLaunchCooperativeKernel(reinterpret_cast<void *>(&reduce<T>), g, b, a);\n"
	       "  std::vector<std::vector<int>> > bad;\n"
	       "  int s = a << b;\n"
	       "}\n",
	       "2-2 kernel launch preprocess []\n"
	       "3-4 kernel launch render []\n"
	       "5-5 kernel launch FresnelFwd []\n"
	       "6-6 kernel launch reduce []\n");
	/* A launch in a macro definition is still a launch. */
	EXPECT("#define LAUNCH(n) my_kernel<<<n, 256>>>(ptr)\n", "1-1 kernel launch my_kernel []\n");
	/* Launches inside a registration lambda keep source order. */
	EXPECT("TORCH_LIBRARY(ns, m) {\n"
	       "  m.def(\"op(Tensor x) -> Tensor\", [](at::Tensor x) {\n"
	       "    k<<<1, 1>>>(x.data_ptr());\n"
	       "    return x; });\n"
	       "}\n"
	       "k3<<<1, 1>>>();\n",
	       "2-4 TORCH_LIBRARY def ns::op [ns]\n"
	       "3-3 kernel launch k []\n"
	       "6-6 kernel launch k3 []\n");
}

/* A __global__ definition is a kernel even where nothing here launches it
 * (another file, a macro); a declaration is not listed. */
static void test_kernel_def(void)
{
	EXPECT("template <typename T>\n"
	       "__global__ void __launch_bounds__(256) scale(T* x,\n"
	       "    int n) {\n"
	       "  x[threadIdx.x] *= 2;\n"
	       "}\n"
	       "extern \"C\" __global__ void plain(float* x) { x[0] = 0; }\n"
	       "__global__ void declared(float* x);\n"
	       "__global__ void ns::inner::qualified(int n)\n"
	       "{\n"
	       "}\n"
	       "#define GLOBAL __global__\n"
	       "int f(int a) { return a; }\n",
	       "2-3 kernel definition scale []\n"
	       "6-6 kernel definition plain []\n"
	       "8-8 kernel definition ns::inner::qualified []\n");
}

/* Each op's bytes run from its first token to its last. */
static void test_bytes(void)
{
	static const char src[] = "PYBIND11_MODULE(e, m) {\n  m.def(\"f\", &f);\n}\n"
				  "__global__ void k(int n) {}\nvoid g() { k<<<1, 2>>>(3); }\n";
	static const char *const want[] = {"m.def(\"f\", &f)", "k(int n)", "k<<<1, 2>>>(3)"};
	tp_cuda_ops ops = {0};
	tp_cuda_scan(&ops, src, sizeof src - 1);
	CHECK(ops.len == 3);
	for (size_t i = 0; i < ops.len && i < 3; i++)
		CHECK(ops.items[i].end - ops.items[i].start == strlen(want[i]) &&
		      memcmp(src + ops.items[i].start, want[i], strlen(want[i])) == 0);
	tp_cuda_ops_dispose(&ops);
}

static void test_ignored(void)
{
	EXPECT("// m.def(\"c1\", &f); k<<<1,1>>>();\n"
	       "/* PYBIND11_MODULE(x, m) { m.def(\"c2\", &f); }\n"
	       "   k<<<1, 1>>>(); */\n"
	       "// a continued comment \\\n"
	       "   k_cont<<<1, 1>>>();\n"
	       "const char *s = \"k<<<1,1>>>(); PYBIND11_MODULE(x, m) {\";\n"
	       "const char *e = \"esc \\\" k<<<1,1>>>() \\\\\";\n"
	       "char q = '\"'; char bs = '\\''; int big = 1'000'000;\n"
	       "auto r = R\"xy(k<<<1,1>>>() )\" still raw )xy\";\n"
	       "auto u = u8\"k<<<1,1>>>()\"; auto w = LR\"(k<<<1,1>>>())\";\n"
	       "#if 0\n"
	       "k_if0<<<1, 1>>>();\n"
	       "#  if FOO\n"
	       "#  else\n"
	       "#  endif\n"
	       "#else\n"
	       "k_else<<<1, 1>>>();\n"
	       "#endif\n"
	       "#if 0 // off\n"
	       "k_off<<<1,1>>>();\n"
	       "#endif\n"
	       "#if 01\n"
	       "k_on<<<1,1>>>();\n"
	       "#endif\n"
	       "k_last<<<1, 1>>>();\n",
	       "17-17 kernel launch k_else []\n"
	       "23-23 kernel launch k_on []\n"
	       "25-25 kernel launch k_last []\n");
	/* The names come from the literal's contents, never its delimiters. */
	EXPECT("PYBIND11_MODULE(x, m) { m.def(u8\"u8name\", &f); m.def(R\"d(raw\"name)d\", &g); }\n",
	       "1-1 pybind11 def u8name [x]\n"
	       "1-1 pybind11 def raw\"name [x]\n");
}

static void test_lines_and_order(void)
{
	/* CRLF counts one line; order is by start, across kinds. */
	EXPECT("PYBIND11_MODULE(x, m) {\r\n"
	       "  m.def(\"a\", [](at::Tensor t) {\r\n"
	       "    k<<<1, 1>>>(t);\r\n"
	       "    return t;\r\n"
	       "  });\r\n"
	       "}\r\n",
	       "2-5 pybind11 def a [x]\n"
	       "3-3 kernel launch k []\n");
	/* Appends to what out already holds. */
	tp_cuda_ops ops = {0};
	const char *a = "k<<<1,1>>>();", *b = "\nk2<<<1,1>>>();";
	tp_cuda_scan(&ops, a, strlen(a));
	tp_cuda_scan(&ops, b, strlen(b));
	CHECK(ops.len == 2);
	CHECK(ops.len == 2 && strcmp(ops.items[0].name, "k") == 0 && strcmp(ops.items[1].name, "k2") == 0);
	CHECK(ops.len == 2 && ops.items[1].line1 == 2 && ops.items[1].line2 == 2);
	tp_cuda_ops_dispose(&ops);
	tp_cuda_ops_dispose(NULL);
	CHECK(strcmp(tp_cuda_kind_name(TP_CUDA_PYBIND_DEF), "pybind11 def") == 0);
	CHECK(strcmp(tp_cuda_kind_name(TP_CUDA_LIBRARY_DEF), "TORCH_LIBRARY def") == 0);
	CHECK(strcmp(tp_cuda_kind_name(TP_CUDA_LIBRARY_IMPL), "TORCH_LIBRARY_IMPL impl") == 0);
	CHECK(strcmp(tp_cuda_kind_name(TP_CUDA_KERNEL_LAUNCH), "kernel launch") == 0);
	CHECK(strcmp(tp_cuda_kind_name(TP_CUDA_REGISTER_OP), "RegisterOperators op") == 0);
}

static void test_broken(void)
{
	/* Truncated inside a call: reported up to the last token. */
	EXPECT("PYBIND11_MODULE(ext, m) {\n  m.def(\"a\", &a);\n  m.def(\"b\",\n   &b",
	       "2-2 pybind11 def a [ext]\n3-4 pybind11 def b [ext]\n");
	EXPECT("void f() {\n  k<<<grid,\n  block", "2-3 kernel launch k []\n");
	EXPECT("k<<<1, 1>>>", "1-1 kernel launch k []\n");
	/* Truncated inside the name literal, a comment, or the macro's arguments. */
	EXPECT("PYBIND11_MODULE(ext, m) {\n  m.def(\"trunc", "2-2 pybind11 def trunc [ext]\n");
	EXPECT("k<<<1,1>>>(); /* open comment k2<<<1,1>>>();", "1-1 kernel launch k []\n");
	EXPECT("TORCH_LIBRARY(ns, m", "");
	EXPECT("auto s = R\"x(unterminated k<<<1,1>>>();", "");
	/* An unclosed body runs to the end; a stray '}' changes nothing; a
	 * second block macro replaces an unclosed first one. */
	EXPECT("}}\nTORCH_LIBRARY(a, m) {\n  m.def(\"x(Tensor t) -> Tensor\");\n"
	       "TORCH_LIBRARY_IMPL(a, CUDA, m) {\n  m.def(\"no\"); m.impl(\"x\", &x);\n",
	       "3-3 TORCH_LIBRARY def a::x [a]\n5-5 TORCH_LIBRARY_IMPL impl a::x [CUDA]\n");
	/* NUL bytes and high bytes are just bytes. */
	const char nul[] = "k\0<<<1>>>();\nPYBIND11_MODULE(x, m) { m.def(\"a\0b\", &f); }\nk2<<<1,1>>>();\xff\xfe";
	expect_at(__LINE__, nul, sizeof nul - 1, "2-2 pybind11 def a [x]\n3-3 kernel launch k2 []\n");
	expect_at(__LINE__, "", 0, "");
	expect_at(__LINE__, NULL, 0, "");
}

/* No crash, bounds respected (ASan), line numbers sane on every prefix of a
 * realistic source and on random and mutated bytes. */
static void test_hostile(void)
{
	static const char base[] =
		"// header\n#include <torch/extension.h>\n#if 0\nx\n#endif\n"
		"template <typename T> __global__ void k(T* p) { p[threadIdx.x] = T('\\''); }\n"
		"void f(at::Tensor t) { k<float><<<dim3{1}, 32, 0, s>>>(t.data_ptr<float>()); auto r = R\"q(a)q\"; }\n"
		"PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def(\"f\", &f, \"doc \\\" q\").def(\"g\", &g); }\n"
		"TORCH_LIBRARY(ns, m) { m.def(\"op(Tensor x) -> Tensor\"); }\n"
		"TORCH_LIBRARY_IMPL(ns, CUDA, m) { m.impl(\"op\", &f); /* c */ }\n";
	size_t n = sizeof base - 1;
	for (size_t len = 0; len <= n; len++) {
		char *copy = tp_xmalloc(len ? len : 1); /* exact size: ASan sees any overread */
		memcpy(copy, base, len);
		tp_cuda_ops ops = {0};
		tp_cuda_scan(&ops, copy, len);
		for (size_t i = 0; i < ops.len; i++)
			CHECK(ops.items[i].line1 >= 1 && ops.items[i].line1 <= ops.items[i].line2 && ops.items[i].line2 <= 11);
		tp_cuda_ops_dispose(&ops);
		free(copy);
	}
	tp_cuda_ops full = {0};
	tp_cuda_scan(&full, base, n);
	CHECK(full.len == 6);
	tp_cuda_ops_dispose(&full);

	static const char alphabet[] = "<>(){}[];,.:\"'\\/*#\nR m def impl PYBIND11_MODULE TORCH_LIBRARY k 0";
	uint32_t seed = 12345;
	for (int round = 0; round < 3000; round++) {
		size_t len = (size_t)(round % 400);
		char *buf = tp_xmalloc(len ? len : 1);
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			uint32_t r = seed >> 8;
			if (round % 3 == 0)
				buf[i] = (char)(r & 0xff);
			else if (round % 3 == 1)
				buf[i] = alphabet[r % (sizeof alphabet - 1)];
			else
				buf[i] = (r % 8) ? base[(i + r) % n] : alphabet[r % (sizeof alphabet - 1)];
		}
		tp_cuda_ops ops = {0};
		tp_cuda_scan(&ops, buf, len);
		for (size_t i = 0; i < ops.len; i++)
			CHECK(ops.items[i].name && ops.items[i].module && ops.items[i].line1 <= ops.items[i].line2);
		tp_cuda_ops_dispose(&ops);
		free(buf);
	}

	/* Deep nesting and long runs stay fast (no recursion, linear walks). */
	size_t big = 1u << 20;
	char *deep = tp_xmalloc(big);
	for (size_t i = 0; i < big; i++)
		deep[i] = "(<{m.def(k<<<"[i % 13];
	tp_cuda_ops ops = {0};
	tp_cuda_scan(&ops, deep, big);
	tp_cuda_ops_dispose(&ops);
	static const char *const units[] = {"TORCH_LIBRARY(", "m.def(", "k<<<(", "k<A<<<", ">>>(", "PYBIND11_MODULE(x, m) {m.def("};
	for (size_t u = 0; u < sizeof units / sizeof *units; u++) {
		size_t ul = strlen(units[u]);
		for (size_t i = 0; i < big; i++)
			deep[i] = units[u][i % ul];
		tp_cuda_scan(&ops, deep, big);
		tp_cuda_ops_dispose(&ops);
	}
	memset(deep, '(', big / 2);
	memset(deep + big / 2, '<', big / 2);
	tp_cuda_scan(&ops, deep, big);
	tp_cuda_ops_dispose(&ops);
	free(deep);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	tp_buf b = {0};
	char chunk[4096];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		tp_buf_add(&b, chunk, got);
	fclose(f);
	*len = b.len;
	if (!b.ptr)
		b.ptr = tp_xstrdup("");
	return b.ptr;
}

static int c_source(const char *rel)
{
	const char *dot = strrchr(rel, '.');
	return dot && (strcmp(dot, ".cu") == 0 || strcmp(dot, ".cuh") == 0 || strcmp(dot, ".cpp") == 0);
}

/* Every .cu/.cuh/.cpp file of the fixture, rendered as expected_cuda_ops.txt
 * lines (FILE:LINE1-LINE2 KIND NAME), must equal that file. */
static void test_fixture(const char *dir)
{
	tp_entries files = {0};
	if (tp_walk(&files, dir, NULL, 0) < 0) {
		fprintf(stderr, "cannot list %s\n", dir);
		failures++;
		return;
	}
	tp_buf got = {0};
	tp_buf_puts(&got, "");
	int sources = 0;
	for (size_t i = 0; i < files.len; i++) {
		const tp_entry *e = &files.items[i];
		if (e->kind != TP_ENTRY_FILE || !c_source(e->rel))
			continue;
		sources++;
		size_t len;
		char *src = slurp(e->abs, &len);
		CHECK(src != NULL);
		if (!src)
			continue;
		tp_cuda_ops ops = {0};
		tp_cuda_scan(&ops, src, len);
		for (size_t k = 0; k < ops.len; k++)
			tp_buf_printf(&got, "%s:%u-%u %s %s\n", e->rel, ops.items[k].line1, ops.items[k].line2,
			              tp_cuda_kind_name(ops.items[k].kind), ops.items[k].name);
		tp_cuda_ops_dispose(&ops);
		free(src);
	}
	CHECK(sources == 2);
	char *path = tp_xprintf("%s/expected_cuda_ops.txt", dir);
	size_t wlen;
	char *want = slurp(path, &wlen);
	if (!want || strcmp(want, got.ptr) != 0) {
		fprintf(stderr, "%s: fixture mismatch\n--- want (%s)\n%s--- got\n%s---\n", __FILE__, path,
		        want ? want : "(unreadable)\n", got.ptr);
		failures++;
	}
	free(want);
	free(path);
	tp_buf_dispose(&got);
	tp_entries_dispose(&files);
}

int main(int argc, char **argv)
{
	test_pybind();
	test_library();
	test_cpu();
	test_launch();
	test_bytes();
	test_kernel_def();
	test_ignored();
	test_lines_and_order();
	test_broken();
	test_hostile();
	if (argc > 1)
		test_fixture(argv[1]);
	printf("%s: %d failures\n", failures ? "FAIL" : "ok", failures);
	return failures != 0;
}
