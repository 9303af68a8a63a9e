#!/bin/sh
# CLI behaviour a user sees: the demo fixture converts to exactly
# fixtures/demo_expected, the input is left untouched, exit codes and messages
# of bad invocations, and --force.
# usage: cli.sh TRANSPLT_BIN REPO_ROOT
set -u
bin=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # check NAME CONDITION...
	name=$1
	shift
	if "$@"; then echo "ok $name"; else echo "FAIL $name"; fails=$((fails + 1)); fi
}
expect_exit() { # expect_exit CODE PATTERN ARGS...
	want=$1 pattern=$2
	shift 2
	"$bin" "$@" >"$tmp/o" 2>"$tmp/e"
	got=$?
	[ "$got" = "$want" ] && grep -q -- "$pattern" "$tmp/e" "$tmp/o"
}

before=$(cd "$root/fixtures/demo" && find . -type f -exec sha256sum {} + | sort)
mkdir "$tmp/out"
check "demo converts" "$bin" -q -i "$root/fixtures/demo" -o "$tmp/out"
check "demo output is the expected tree" diff -r "$root/fixtures/demo_expected" "$tmp/out/demo_msft"
after=$(cd "$root/fixtures/demo" && find . -type f -exec sha256sum {} + | sort)
check "input untouched" [ "$before" = "$after" ]
check "nothing beside the output" [ "$(ls -A "$tmp/out")" = "demo_msft" ]

check "existing output refused" expect_exit 2 "already exists" -i "$root/fixtures/demo" -o "$tmp/out"
check "--force replaces" "$bin" -q --force -i "$root/fixtures/demo" -o "$tmp/out"
check "--force result identical" diff -r "$root/fixtures/demo_expected" "$tmp/out/demo_msft"
check "missing input" expect_exit 4 "does not exist" -i "$tmp/nope.py" -o "$tmp/out"
check "missing output folder" expect_exit 2 "output folder does not exist" -i "$root/fixtures/demo" -o "$tmp/nope"
mkdir -p "$tmp/in/sub"
cp "$root/fixtures/demo/train.py" "$tmp/in/"
check "output inside input" expect_exit 2 "inside the input" -i "$tmp/in" -o "$tmp/in/sub"
# `-i .` (and `..`) name the output after the folder they stand for.
mkdir "$tmp/dot"
check "-i . converts" sh -c 'cd "$1/fixtures/demo" && "$2" -q -i . -o "$3"' sh "$root" "$bin" "$tmp/dot"
check "-i . output is named after the folder" diff -r "$root/fixtures/demo_expected" "$tmp/dot/demo_msft"
# The summary counts files, not the folders that hold them.
mkdir -p "$tmp/nest/a/b" "$tmp/nest_out"
echo "import torch" >"$tmp/nest/a/b/x.py"
echo "notes" >"$tmp/nest/a/readme.txt"
check "summary counts files only" expect_exit 0 "1 Python files of 2 files" -i "$tmp/nest" -o "$tmp/nest_out"
check "no arguments" expect_exit 2 "missing -i" -o "$tmp/out"
check "unknown option" expect_exit 2 "unknown option" --bogus
check "bad -j" expect_exit 2 "-j needs a number" -j 0 -i x -o y
check "bad -t" expect_exit 2 "-t takes the model variables' names" -i x -o y distributed -m x.py -t "netG, netD"
# -m names MAIN relative to the input folder, or as a path under it: with
# `-i pg -m pg/main.py` the input's own pg/main.py wins over its main.py.
mkdir -p "$tmp/pg/pg" "$tmp/pg_out"
printf 'import torch\nmodel = torch.nn.Linear(2, 2).cuda()\n' >"$tmp/pg/pg/main.py"
cp "$tmp/pg/pg/main.py" "$tmp/pg/main.py"
(cd "$tmp" && "$bin" -q -i pg -o pg_out distributed -m pg/main.py)
check "-m under a folder named like the input" grep -q npu_rank "$tmp/pg_out/pg_msft_multi/pg/main.py"
check "-m under a folder named like the input: main.py untouched" sh -c '! grep -q npu_rank "$1"' sh "$tmp/pg_out/pg_msft_multi/main.py"
# A MAIN that distributes itself (mp.spawn) gets no launcher: it would start
# each of its process trees NPUS times.
mkdir -p "$tmp/spawn" "$tmp/spawn_out"
printf 'import torch\nimport torch.multiprocessing as mp\nimport torch.distributed as dist\ndef run(rank, n):\n    dist.init_process_group("nccl", rank=rank, world_size=n)\n    torch.cuda.set_device(rank)\nmp.spawn(run, nprocs=2, args=(2,))\n' >"$tmp/spawn/main.py"
"$bin" -q -i "$tmp/spawn" -o "$tmp/spawn_out" distributed -m main.py
check "no launcher for a MAIN that distributes itself" [ ! -e "$tmp/spawn_out/spawn_msft_multi/run_distributed_npu.sh" ]
check "launcher where distributed mode set MAIN up" [ -x "$tmp/pg_out/pg_msft_multi/run_distributed_npu.sh" ]
# A MAIN whose path holds spaces and a quote (yunjey's "09 - Image Captioning"): the launcher
# starts that file, given the arguments it was given (no torchrun on the PATH: one process per card).
mkdir -p "$tmp/sq/09 - it's" "$tmp/sq_out" "$tmp/sq_bin"
printf 'import sys\nimport torch\nmodel = torch.nn.Linear(2, 2).cuda()\n' >"$tmp/sq/09 - it's/main gpu.py"
"$bin" -q -i "$tmp/sq" -o "$tmp/sq_out" distributed -m "09 - it's/main gpu.py"
printf 'import sys\nopen(sys.argv[1]).close()  # MAIN is there\nprint("ARGS", sys.argv[2:])\n' >"$tmp/sq_bin/py.py"
printf '#!/bin/sh\nexec /usr/bin/python3 "%s" "$@"\n' "$tmp/sq_bin/py.py" >"$tmp/sq_bin/python"
chmod +x "$tmp/sq_bin/python"
ln -s "$(command -v dirname)" "$tmp/sq_bin/dirname"
NPUS=2 PYTHON="$tmp/sq_bin/python" PATH="$tmp/sq_bin" "$(command -v bash)" "$tmp/sq_out/sq_msft_multi/run_distributed_npu.sh" a "b c" >/dev/null 2>&1
check "launcher: a MAIN path with spaces and a quote, its arguments kept" grep -q "ARGS \['a', 'b c'\]" "$tmp/sq_out/sq_msft_multi/output_npu_1.log"
check "help" expect_exit 0 "usage: transplt" --help

# The op-support gate, per PyTorch version.
mkdir "$tmp/g1" "$tmp/g2" "$tmp/g3"
op="$root/tests/cases/op_support/torch_2_1/input.py"
check "--fail-on unsupported fails on 2.1" expect_exit 1 "2 unsupported and 1 unknown" -q -v 2.1.0 --fail-on unsupported -i "$op" -o "$tmp/g1"
check "--fail-on never passes" "$bin" -q -v 2.1.0 --fail-on never -i "$op" -o "$tmp/g2"
check "--fail-on unknown fails on 2.8" expect_exit 1 "unknown APIs found" -q -v 2.8.0 --fail-on unknown -i "$op" -o "$tmp/g3"
check "--fail-on bad value" expect_exit 2 "takes never, unsupported or unknown" --fail-on sometimes -i "$op" -o "$tmp/g3"
check "unknown version" expect_exit 2 "unknown PyTorch version" -v 1.5.0 -i "$op" -o "$tmp/g3" --force

# analyse: every report, no converted tree, the readiness summary.
mkdir "$tmp/an"
"$bin" analyse -i "$root/fixtures/demo" -o "$tmp/an" >"$tmp/an.out" 2>&1
check "analyse exits 0" [ $? = 0 ]
check "analyse writes no converted tree" [ "$(ls "$tmp/an/demo_analysis")" = "transplant_result_file" ]
for f in change_list.csv unsupported_api.csv unknown_api.csv api_precision_advice.csv api_performance_advice.csv affinity_api_call.csv report.json analysis.csv; do
	check "analyse writes $f" [ -f "$tmp/an/demo_analysis/transplant_result_file/$f" ]
done
check "analyse verdict per file" grep -q "^train.py  *195  *20  *1  *0  *1  *0  not ready" "$tmp/an.out"
check "analyse total" grep -q "ready to run on NPU after conversion: 3 of 4 files (75.0%)" "$tmp/an.out"
check "analysis.csv rows" grep -q "^utils.py,92,11,0,0,0,0,yes" "$tmp/an/demo_analysis/transplant_result_file/analysis.csv"

# A file with a syntax error (a merge conflict) is not ready, whatever it calls.
mkdir -p "$tmp/se/src" "$tmp/se/out"
printf 'import torch\n<<<<<<< HEAD\nx = torch.zeros(1).cuda()\n=======\nx = torch.ones(1).cuda()\n>>>>>>> b\n' >"$tmp/se/src/conflict.py"
"$bin" analyse -i "$tmp/se/src" -o "$tmp/se/out" >"$tmp/se.out" 2>&1
check "analyse: a syntax error is not ready" grep -q "^conflict.py .* not ready" "$tmp/se.out"

# Custom CUDA: the extension fixture's reports, row by row.
mkdir "$tmp/cu"
"$bin" analyse -i "$root/fixtures/cuda_ext" -o "$tmp/cu" >"$tmp/cu.out" 2>&1
for f in cuda_op_list.csv unsupported_api.csv analysis.csv; do
	check "cuda_ext $f" diff -u "$root/fixtures/cuda_ext_expected/$f" "$tmp/cu/cuda_ext_analysis/transplant_result_file/$f"
done
check "cuda_ext verdict" grep -q "ready to run on NPU after conversion: 1 of 7 files (14.3%)" "$tmp/cu.out"

# A C++ extension (no .cu in the tree, no CUDA named) holds CPU operators: no rows. A
# CppExtension that compiles .cu sources builds CUDA all the same.
mkdir -p "$tmp/cpp/src" "$tmp/cpp/out" "$tmp/cppcu/src" "$tmp/cppcu/out"
printf '#include <torch/extension.h>\ntorch::Tensor forward(torch::Tensor x) { return x + 1; }\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward); }\n' >"$tmp/cpp/src/lltm.cpp"
printf 'from torch.utils.cpp_extension import load\nlltm = load(name="lltm", sources=["lltm.cpp"])\ny = lltm.forward(1)\n' >"$tmp/cpp/src/use.py"
"$bin" -q -i "$tmp/cpp/src" -o "$tmp/cpp/out"
check "C++ extension: no custom CUDA rows" [ "$(wc -l <"$tmp/cpp/out/src_msft/transplant_result_file/cuda_op_list.csv")" = 1 ]
printf 'from torch.utils import cpp_extension\next = cpp_extension.CppExtension("p.k_cuda", sources=["k.cu", "b.cpp"])\n' >"$tmp/cppcu/src/setup.py"
"$bin" -q -i "$tmp/cppcu/src" -o "$tmp/cppcu/out"
check "CppExtension of .cu sources: a build row" grep -q "^setup.py,2,2,extension build,torch.utils.cpp_extension.CppExtension," "$tmp/cppcu/out/src_msft/transplant_result_file/cuda_op_list.csv"

# ext_rows NAME: converts $tmp/NAME/src and prints its cuda_op_list.csv.
ext_rows() {
	mkdir -p "$tmp/$1/out" && "$bin" -q -i "$tmp/$1/src" -o "$tmp/$1/out" &&
		cat "$tmp/$1/out/src_msft/transplant_result_file/cuda_op_list.csv"
}

# A builder through a name: an alias, or a choice that may be CUDAExtension (torch_scatter's
# `CppExtension if suffix == 'cpu' else CUDAExtension`, its sources in a variable).
mkdir -p "$tmp/al/src/p"
printf '__global__ void k() {}\n' >"$tmp/al/src/a.cu"
printf 'from torch.utils.cpp_extension import CUDAExtension, CppExtension\nExt = CUDAExtension\nfor suffix in ["cpu", "cuda"]:\n    Extension = CppExtension if suffix == "cpu" else CUDAExtension\n    srcs = ["b.cpp"]\n    e = Extension("p._b", srcs)\n    c = Extension("p._c", ["c.cpp"])\nsetup(ext_modules=[Ext("p._a", ["a.cu"])])\n' >"$tmp/al/src/setup.py"
printf 'from . import _a, _b, _c\n_a.f1(1)\n_b.f2(2)\n_c.f3(3)\n' >"$tmp/al/src/p/__init__.py"
al="$tmp/al.csv"
ext_rows al >"$al"
check "CUDAExtension alias: a build row" grep -q "^setup.py,8,8,extension build,torch.utils.cpp_extension.CUDAExtension," "$al"
check "CUDAExtension alias: its calls" grep -q "^p/__init__.py,2,2,python call,._a.f1," "$al"
check "a choice of CUDAExtension, sources unknown: a build row" grep -q "^setup.py,6,6,extension build,torch.utils.cpp_extension.CUDAExtension," "$al"
check "a choice of CUDAExtension, sources unknown: its calls" grep -q "^p/__init__.py,3,3,python call,._b.f2," "$al"
check "a choice of CUDAExtension, C++ sources: no rows" [ -z "$(grep -e "^setup.py,7," -e "_c.f3" "$al")" ]

# An extension bound by importlib.import_module("name") (openfold's attention_core.py), as an import of it would.
mkdir -p "$tmp/il/src"
printf '__global__ void k() {}\n' >"$tmp/il/src/k.cu"
printf 'from torch.utils.cpp_extension import CUDAExtension\nsetup(ext_modules=[CUDAExtension("attn_core", ["k.cu"])])\n' >"$tmp/il/src/setup.py"
printf 'import importlib\nattn_core = importlib.import_module("attn_core")\ndef f(x):\n    return attn_core.forward_(x)\n' >"$tmp/il/src/core.py"
il="$tmp/il.csv"
ext_rows il >"$il"
check "importlib.import_module of an extension: its calls" grep -q "^core.py,4,4,python call,attn_core.forward_," "$il"

# A load() module, called from other files: through the variable bound to it, or by its name.
mkdir -p "$tmp/ld/src/pkg"
printf '__global__ void k() {}\n' >"$tmp/ld/src/pkg/rm.cu"
printf 'from torch.utils.cpp_extension import load\n_backend = load(name="_rm", sources=["rm.cu"])\n' >"$tmp/ld/src/pkg/backend.py"
printf 'from .backend import _backend\n_backend.op_b(1)\n' >"$tmp/ld/src/pkg/b_rel.py"
printf 'import _rm as B\nB.op_c(1)\n' >"$tmp/ld/src/pkg/c_name.py"
printf 'from pkg.backend import _backend\n_backend.op_e(1)\n' >"$tmp/ld/src/pkg/e_abs.py"
ld="$tmp/ld.csv"
ext_rows ld >"$ld"
check "load() module: a relative import of its variable" grep -q "^pkg/b_rel.py,2,2,python call,.backend._backend.op_b," "$ld"
check "load() module: an import by its name" grep -q "^pkg/c_name.py,2,2,python call,_rm.op_c," "$ld"
check "load() module: an absolute import of its variable" grep -q "^pkg/e_abs.py,2,2,python call,pkg.backend._backend.op_e," "$ld"

# A setup.py helper that builds CUDAExtension(name='%s.%s' % (module, name)): each call of it
# names a module, whose Python callers are calls into the extension.
mkdir -p "$tmp/hp/src/pkg/ops"
printf 'from torch.utils.cpp_extension import CUDAExtension\ndef make_cuda_ext(name, module, sources):\n    return CUDAExtension(name="%%s.%%s" %% (module, name), sources=sources)\nsetup(ext_modules=[make_cuda_ext(name="nms_cuda", module="pkg.ops", sources=["nms.cu"])])\n' >"$tmp/hp/src/setup.py"
printf 'from . import nms_cuda\nnms_cuda.nms_gpu(1)\n' >"$tmp/hp/src/pkg/ops/nms.py"
hp="$tmp/hp.csv"
ext_rows hp >"$hp"
check "helper-built extension: the build row names it" grep -q '^setup.py,3,3,extension build,torch.utils.cpp_extension.CUDAExtension,pkg.ops.nms_cuda$' "$hp"
check "helper-built extension: its calls" grep -q "^pkg/ops/nms.py,2,2,python call,.nms_cuda.nms_gpu," "$hp"

# A .cu file that only defines kernels (launched elsewhere, or through a macro) holds CUDA kernels.
mkdir -p "$tmp/kd/src/k" "$tmp/kd/out"
printf '__global__ void k(float* x) { x[threadIdx.x] = 0; }\n' >"$tmp/kd/src/k/a.cu"
"$bin" analyse -i "$tmp/kd/src" -o "$tmp/kd/out" >"$tmp/kd.out" 2>&1
check "kernel definition: a row" grep -q "^k/a.cu,1,1,kernel definition,k,$" "$tmp/kd/out/src_analysis/transplant_result_file/cuda_op_list.csv"
check "kernel definition: not ready" grep -q "^k/a.cu .* not ready$" "$tmp/kd.out"

# CPU code of an extension (a CPU impl, a *_cpu function) needs a rebuild against torch_npu, not an NPU kernel.
mkdir -p "$tmp/cpu/src"
printf 'TORCH_LIBRARY_IMPL(myops, CPU, m) {\n  m.impl("my_relu", &my_relu);\n}\nTORCH_LIBRARY_IMPL(myops, CUDA, m) {\n  m.impl("my_relu", &my_relu_cuda);\n}\n' >"$tmp/cpu/src/a.cpp"
printf '__global__ void k() {}\n' >"$tmp/cpu/src/b.cu"
mkdir -p "$tmp/cpu/out" && "$bin" -q -i "$tmp/cpu/src" -o "$tmp/cpu/out"
check "a CPU impl: rebuild" grep -q "^a.cpp,2,2,myops::my_relu,user-defined C++ operator: rebuild the extension against torch_npu" "$tmp/cpu/out/src_msft/transplant_result_file/unsupported_api.csv"
check "a C++ row's bytes and columns in report.json" grep -q '"start": {"byte": 108, "line": 5, "column": 3}, "end": {"byte": 140, "line": 5, "column": 35}' "$tmp/cpu/out/src_msft/transplant_result_file/report.json"
check "a CUDA impl: an NPU kernel" grep -q "^a.cpp,5,5,myops::my_relu,user-defined CUDA operator: needs an NPU kernel" "$tmp/cpu/out/src_msft/transplant_result_file/unsupported_api.csv"

# torch::RegisterOperators().op("ns::op", ...) registers torch.ops.ns.op as TORCH_LIBRARY does.
mkdir -p "$tmp/ro/src"
printf '#include <torch/script.h>\nstatic auto registry = torch::RegisterOperators()\n    .op("torch_scatter::scatter_sum", &scatter_sum);\n' >"$tmp/ro/src/scatter.cpp"
printf '__global__ void k() {}\n' >"$tmp/ro/src/scatter_cuda.cu"
printf 'import torch\ny = torch.ops.torch_scatter.scatter_sum(1)\n' >"$tmp/ro/src/use.py"
ro="$tmp/ro.csv"
ext_rows ro >"$ro"
check "RegisterOperators op: a row" grep -q "^scatter.cpp,3,3,RegisterOperators op,torch_scatter::scatter_sum,torch_scatter" "$ro"
check "RegisterOperators op: its torch.ops call" grep -q "^use.py,2,2,python call,torch.ops.torch_scatter.scatter_sum," "$ro"

# A plugin getter of another file (stylegan3's custom_ops.get_plugin, which calls load()) sets a
# module variable in a function (global): calls through it are calls into the extension, and the
# device test that guards them stays, so that the NPU takes the pure-torch fallback.
mkdir -p "$tmp/pg/src/tu/ops"
printf '__global__ void k() {}\n' >"$tmp/pg/src/tu/ops/ba.cu"
printf 'import importlib\nimport torch.utils.cpp_extension\n\n\ndef get_plugin(module_name, sources, **kw):\n    torch.utils.cpp_extension.load(name=module_name, sources=sources, **kw)\n    return importlib.import_module(module_name)\n' >"$tmp/pg/src/tu/custom_ops.py"
printf 'from .. import custom_ops\n_plugin = None\n\n\ndef _init():\n    global _plugin\n    _plugin = custom_ops.get_plugin("ba_plugin", ["ba.cpp", "ba.cu"])\n    return True\n\n\ndef ba(x, b):\n    if x.device.type == "cuda" and _init():\n        return _plugin.bias_act(x, b)\n    return x + b\n' >"$tmp/pg/src/tu/ops/ba.py"
pg="$tmp/pg.csv"
ext_rows pg >"$pg"
check "plugin getter of another file: the calls through its module" grep -q "^tu/ops/ba.py,13,13,python call,_plugin.bias_act," "$pg"
check "plugin getter of another file: the guarding device test stays" grep -q '^tu/ops/ba.py,12,12,WARNING,"x.device.type == ""cuda"" stays: it guards custom CUDA extension code (_plugin.bias_act)' "$tmp/pg/out/src_msft/transplant_result_file/change_list.csv"
check "plugin getter of another file: the device test unconverted" grep -q 'if x.device.type == "cuda" and _init():' "$tmp/pg/out/src_msft/tu/ops/ba.py"

# A device test that guards a call into an extension module that setup.py builds stays.
mkdir -p "$tmp/kn/src/knn"
printf '__global__ void k() {}\n' >"$tmp/kn/src/knn/knn.cu"
printf 'from torch.utils.cpp_extension import CUDAExtension\nsetup(ext_modules=[CUDAExtension("knn._C", ["knn/knn.cu"])])\n' >"$tmp/kn/src/setup.py"
printf 'import torch\nfrom . import _C\n\n\ndef knn(x):\n    if x.is_cuda:\n        return _C.knn(x)\n    return torch.cdist(x, x)\n' >"$tmp/kn/src/knn/__init__.py"
printf 'try:\n    from . import _C\nexcept ImportError:\n    _C = None\n' >"$tmp/kn/src/knn/guarded.py"
printf 'try:\n    from . import _C\nexcept:\n    # not compiled (RAFT)\n    pass\n' >"$tmp/kn/src/knn/bare.py"
printf 'from . import _C\n\n\ndef knn(x):\n    if x.is_cuda:\n        return _C.knn(x)\n    else:\n        return _C.knn_cpu(x)\n' >"$tmp/kn/src/knn/both.py"
printf 'import torch\nfrom . import _C\n\n\nclass _Knn(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        return _C.knn(x)\n\n\nknn_cuda = _Knn.apply\n\n\ndef knn(x):\n    if x.is_cuda:\n        knn_func = knn_cuda\n    else:\n        knn_func = torch.cdist\n    return knn_func(x, x)\n' >"$tmp/kn/src/knn/alias.py"
printf 'def knn(x):\n    if x.is_cuda:\n        f = _C.knn\n    else:\n        f = _C.knn_cpu\n    return f(x)\n\n\nfrom . import _C\n' >"$tmp/kn/src/knn/pick.py"
printf 'import importlib.util\n\nHAS_C = importlib.util.find_spec("knn._C") is not None\nif HAS_C:\n    from . import _C\n' >"$tmp/kn/src/knn/spec.py"
ext_rows kn >/dev/null
check "is_cuda guarding an extension call: a WARNING" grep -q '^knn/__init__.py,6,6,WARNING,"x.is_cuda stays: it guards custom CUDA extension code (_C.knn)' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv"
check "is_cuda guarding an extension call: unconverted" grep -q "if x.is_cuda:" "$tmp/kn/out/src_msft/knn/__init__.py"
check "import of an extension of the tree: a WARNING" grep -q '^knn/__init__.py,2,2,WARNING,"imports _C, a custom CUDA extension of this tree' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv"
check "a device test whose other branch calls the extension too: said so" grep -q '^knn/both.py,5,5,WARNING,"x.is_cuda stays: .* the other branch calls the extension too' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv"
check "a device test that picks an extension's Function through an alias: a WARNING" grep -q '^knn/alias.py,15,15,WARNING,"x.is_cuda stays: it guards custom CUDA extension code (_C.knn)' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv"
check "a device test that picks an extension function without calling it: a WARNING" grep -q '^knn/pick.py,2,2,WARNING,"x.is_cuda stays: it guards custom CUDA extension code (_C.knn)' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv"
check "import of an extension under a find_spec test: no WARNING" [ -z "$(grep '^knn/spec.py,.*imports _C' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv")" ]
check "import of an extension in a try: no WARNING" [ -z "$(grep '^knn/guarded.py,.*imports _C' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv")" ]
check "import of an extension in a try with a bare except and a comment: no WARNING" [ -z "$(grep '^knn/bare.py,.*imports _C' "$tmp/kn/out/src_msft/transplant_result_file/change_list.csv")" ]

# Distributed mode: a MAIN that sets up the process group through a function of another file
# of the tree (DLRM's ext_dist.init_distributed) gets no second init_process_group.
mkdir -p "$tmp/di/src/utils" "$tmp/di/out"
printf 'import torch.distributed as dist\n\n\ndef init_distributed(backend="nccl"):\n    dist.init_process_group(backend)\n' >"$tmp/di/src/ext_dist.py"
# one helper deeper, defined below its caller (mmcv's and KAIR's init_dist -> _init_dist_pytorch)
printf 'import torch.distributed as dist\n\n\ndef init_distributed(backend="nccl"):\n    _init_pytorch(backend)\n\n\ndef _init_pytorch(backend):\n    dist.init_process_group(backend)\n' >"$tmp/di/src/utils/dist_utils.py"
printf 'import torch\nimport ext_dist\n\next_dist.init_distributed(backend="nccl")\nmodel = torch.nn.Linear(4, 1).cuda()\n' >"$tmp/di/src/main.py"
printf 'import torch\nfrom utils import dist_utils\n\ndist_utils.init_distributed()\nmodel = torch.nn.Linear(4, 1).cuda()\n' >"$tmp/di/src/pkg_main.py"
"$bin" -q -i "$tmp/di/src" -o "$tmp/di/out" distributed -m main.py
check "process group set up in another file: a WARNING" grep -q "^main.py,4,4,WARNING,MAIN sets up distributed training itself (ext_dist.init_distributed starts the ranks or sets up the process group or DDP)" "$tmp/di/out/src_msft_multi/transplant_result_file/change_list.csv"
check "process group set up in another file: no second init" [ -z "$(grep init_process_group "$tmp/di/out/src_msft_multi/main.py")" ]
"$bin" -q -i "$tmp/di/src" -o "$tmp/di/out" --force distributed -m pkg_main.py
check "process group set up in a package's module: a WARNING" grep -q "^pkg_main.py,4,4,WARNING,MAIN sets up distributed training itself (utils.dist_utils.init_distributed starts the ranks or" "$tmp/di/out/src_msft_multi/transplant_result_file/change_list.csv"
check "process group set up in a package's module: no second init" [ -z "$(grep init_process_group "$tmp/di/out/src_msft_multi/pkg_main.py")" ]
# -s: the same file runs once per rank (waveglow's train.py calls the tree's
# init_distributed): its devices are left to the launcher, with the WARNING.
mkdir "$tmp/di/out_s"
"$bin" -q -i "$tmp/di/src" -o "$tmp/di/out_s" -s
check "-s: process group set up in another file makes the file per-rank" grep -q "^main.py,4,4,WARNING,\"per-rank devices left to the launcher, not DEVICE_ID (-s): this file runs once per rank (it calls ext_dist.init_distributed, which sets up the process group)" "$tmp/di/out_s/src_msft/transplant_result_file/change_list.csv"
check "-s: no DEVICE_ID in a per-rank file" [ -z "$(grep DEVICE_ID "$tmp/di/out_s/src_msft/main.py")" ]

# Distributed mode: a method of another file's class that runs the model under
# @torch.no_grad() (PaLM's generate) makes no gradient DDP must average; one
# without it does, and gets the all_reduce.
mkdir -p "$tmp/ng/src" "$tmp/ng/out"
printf 'import torch\nfrom torch import nn\n\n\nclass Wrapper(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.net = nn.Linear(4, 4)\n\n    @torch.no_grad()\n    def generate(self, x):\n        return self.net(x).argmax(-1)\n\n    def score(self, x):\n        return self.net(x).mean()\n\n    def forward(self, x):\n        return self.net(x).sum()\n' >"$tmp/ng/src/wrap.py"
printf 'import torch\nfrom wrap import Wrapper\n\nmodel = Wrapper().cuda()\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\nfor step in range(2):\n    x = torch.randn(4, 4).cuda()\n    loss = model(x) + model.score(x)\n    loss.backward()\n    opt.step()\n    print(model.generate(x))\n' >"$tmp/ng/src/main.py"
"$bin" -q -i "$tmp/ng/src" -o "$tmp/ng/out" distributed -m main.py
check "no-grad method of another file: no gradient averaging" [ -z "$(grep "model.generate runs model around" "$tmp/ng/out/src_msft_multi/transplant_result_file/change_list.csv")" ]
check "method of another file that records: gradients averaged" grep -q "^main.py,10,10,INSERT,\"average model's gradients over the ranks after backward: model.score runs model around DistributedDataParallel" "$tmp/ng/out/src_msft_multi/transplant_result_file/change_list.csv"

# Distributed mode: a DataLoader that MAIN gets from a module of the tree (LTSF-Linear's
# `from data_loader import *`, or `from helpers import DataLoader`) gets its DistributedSampler.
mkdir -p "$tmp/dl/src" "$tmp/dl/out"
printf 'from torch.utils.data import DataLoader, TensorDataset\n' >"$tmp/dl/src/helpers.py"
printf 'import torch\nfrom helpers import *\n\nds = TensorDataset(torch.randn(32, 4))\nloader = DataLoader(ds, batch_size=4, shuffle=True)\nmodel = torch.nn.Linear(4, 1).cuda()\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\nfor epoch in range(2):\n    for (x,) in loader:\n        opt.zero_grad()\n        model(x.cuda()).sum().backward()\n        opt.step()\n' >"$tmp/dl/src/main.py"
"$bin" -q -i "$tmp/dl/src" -o "$tmp/dl/out" distributed -m main.py
check "a DataLoader from a star import of the tree gets a DistributedSampler" grep -q "sampler=torch.utils.data.distributed.DistributedSampler(ds)" "$tmp/dl/out/src_msft_multi/main.py"

# Distributed mode: a MAIN whose model a function of another file wraps in DDP (demucs'
# distrib.wrap) is distributed already: no second wrap, which would all-reduce every gradient twice.
mkdir -p "$tmp/dw/src" "$tmp/dw/out"
printf 'import torch\nfrom torch.nn.parallel import DistributedDataParallel\n\n\ndef wrap(model):\n    if torch.distributed.is_initialized():\n        return DistributedDataParallel(model)\n    return model\n' >"$tmp/dw/src/distrib.py"
printf 'import torch\nimport distrib\n\nmodel = torch.nn.Linear(4, 1).cuda()\noptimizer = torch.optim.Adam(model.parameters())\ndmodel = distrib.wrap(model)\n' >"$tmp/dw/src/main.py"
"$bin" -q -i "$tmp/dw/src" -o "$tmp/dw/out" distributed -m main.py
check "DDP built by a function of another file: a WARNING" grep -q "^main.py,6,6,WARNING,MAIN sets up distributed training itself (distrib.wrap starts the ranks or sets up the process group or DDP)" "$tmp/dw/out/src_msft_multi/transplant_result_file/change_list.csv"
check "DDP built by a function of another file: no second wrap" [ -z "$(grep DistributedDataParallel "$tmp/dw/out/src_msft_multi/main.py")" ]

# Distributed mode: an IterableDataset class of another file gets no DistributedSampler (it has no len()).
mkdir -p "$tmp/it/src/data" "$tmp/it/out"
printf 'import torch\nfrom torch.utils.data import IterableDataset\n\n\nclass Stream(IterableDataset):\n    def __iter__(self):\n        yield torch.zeros(4)\n' >"$tmp/it/src/data/streams.py"
printf 'import torch\nfrom torch.utils.data import DataLoader\nfrom data.streams import Stream\n\nmodel = torch.nn.Linear(4, 1).cuda()\nloader = DataLoader(Stream(), batch_size=4)\n' >"$tmp/it/src/main.py"
"$bin" -q -i "$tmp/it/src" -o "$tmp/it/out" distributed -m main.py
check "IterableDataset of another file: no sampler" [ -z "$(grep DistributedSampler "$tmp/it/out/src_msft_multi/main.py")" ]
check "IterableDataset of another file: a WARNING" grep -q "^main.py,6,6,WARNING,\"this DataLoader reads an IterableDataset" "$tmp/it/out/src_msft_multi/transplant_result_file/change_list.csv"

# Distributed mode: another file's fixed device (Informer's torch.device('cuda:0'), .cuda(0))
# becomes the current device, which each rank sets to its own; a file that picks each rank's
# device itself, and one that names several numbers (model parallel), keep their numbers.
mkdir -p "$tmp/od/src" "$tmp/od/out"
printf 'import torch\n\ndevice = torch.device("cuda:0")\nhead = torch.nn.Linear(4, 1).cuda(0)\n' >"$tmp/od/src/exp.py"
printf 'import os\nimport torch\n\ntorch.cuda.set_device(int(os.environ["LOCAL_RANK"]))\nx = torch.zeros(1, device="cuda:0")\n' >"$tmp/od/src/ranked.py"
printf 'import torch\n\na = torch.nn.Linear(4, 4).to("cuda:0")\nb = torch.nn.Linear(4, 4).to("cuda:1")\n' >"$tmp/od/src/parts.py"
printf 'import torch\nfrom exp import device, head\n\nmodel = torch.nn.Linear(4, 4).cuda()\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\n' >"$tmp/od/src/main.py"
"$bin" -q -i "$tmp/od/src" -o "$tmp/od/out" distributed -m main.py
od="$tmp/od/out/src_msft_multi"
check "another file's fixed device string: the current device" grep -qx "device = torch.device('npu')" "$od/exp.py"
check "another file's fixed device index: the current device" grep -qx "head = torch.nn.Linear(4, 1).npu(torch.npu.current_device())" "$od/exp.py"
check "a file that picks each rank's device: its number stays" grep -qx 'x = torch.zeros(1, device="npu:0")' "$od/ranked.py"
check "model parallel in another file: numbers stay, with a WARNING" grep -q '^parts.py,4,4,WARNING,"model parallel: this file names several device numbers, which stay as they are (npu:0, npu:1, ...), so in distributed mode every rank' "$od/transplant_result_file/change_list.csv"

# -j does not change a single byte of the output or reports.
mkdir "$tmp/j1" "$tmp/j2"
"$bin" -q -j 1 -i "$root/fixtures" -o "$tmp/j1" && "$bin" -q -j 2 -i "$root/fixtures" -o "$tmp/j2"
check "-j 1 and -j 2 identical" diff -r "$tmp/j1/fixtures_msft" "$tmp/j2/fixtures_msft"

# Previews name each file they leave as it was, on stderr.
printf 'import torch\n# caf\351\ntorch.cuda.synchronize()\n' | "$bin" -i - --diff >"$tmp/d.out" 2>"$tmp/d.err"
check "--diff: exit 0 for a file it cannot convert" [ $? = 0 ]
check "--diff: its warning on stderr" grep -qx -- "-:2:6: warning: not UTF-8 (byte 0xe9 at offset 18): copied unchanged; save the file as UTF-8 to convert it" "$tmp/d.err"
printf 'import torch\nx = (\n' | "$bin" -i - --check >"$tmp/c.out" 2>"$tmp/c.err"
check "--check: a syntax error on stderr" grep -q -- "^-:2:1: warning: syntax error" "$tmp/c.err"

[ "$fails" = 0 ] || { echo "$fails CLI checks failed"; exit 1; }
