/* cli: parses the command line into tp_options and maps error codes to the
 * documented exit statuses (0 done, 1 gate, 2 usage, 3 rules, 4 I/O). */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "error.h"
#include "run.h"
#include "runtime.h"
#include "util.h"

static const char usage[] =
	"usage: transplt -i INPUT -o OUTPUT [-r RULES.json] [-s] [-sim] [-v VERSION] [-j N] [--exclude GLOB]...\n"
	"                [--fail-on never|unsupported|unknown] [--check] [--diff] [--json]\n"
	"                [--sarif FILE] [--force] [-q]\n"
	"       transplt -i - [--json|--diff]   (editor mode: source on stdin)\n"
	"\n"
	"Converts CUDA PyTorch code to Ascend NPU (torch_npu) code. The result goes to\n"
	"OUTPUT/<name>_msft/, with reports in its transplant_result_file/ folder.\n"
	"\n"
	"  -i, --input PATH      a .py file or a folder to convert (never modified); '-'\n"
	"                        reads one source from stdin, writes nothing, and prints\n"
	"                        the converted source (or with --json, its edits)\n"
	"  -o, --output DIR      an existing folder outside the input\n"
	"  -r, --rule FILE       user rules in msFmkTransplt's JSON format, applied on\n"
	"                        top of the built-in ones (see rules/README.md)\n"
	"  -s, --specify-device  every device choice follows the DEVICE_ID environment\n"
	"                        variable (default 0), except in a file that runs once\n"
	"                        per rank (init_process_group, spawn, LOCAL_RANK)\n"
	"  -sim, --similar       replace unsupported APIs with similar supported ones where\n"
	"                        the call's arguments mean the same (rules/similar.json);\n"
	"                        each replacement is a change row with its warning\n"
	"  -v, --version V       PyTorch version whose torch_npu op-support lists are used:\n"
	"                        2.1.0, 2.6.0, 2.7.1 or 2.8.0 (default: 2.8.0)\n"
	"  -j, --jobs N          worker threads (default: the number of cores)\n"
	"      --exclude GLOB    skip paths matching GLOB (repeatable)\n"
	"      --fail-on WHAT    exit 1 when unsupported (or also unknown) APIs are found\n"
	"      --check           write nothing; exit 1 when any file would change\n"
	"      --diff            write nothing; print a unified diff (exit 1 when any)\n"
	"      --json            print the results (edits and findings) as JSON on stdout\n"
	"      --sarif FILE      write the findings and edits as SARIF 2.1.0 to FILE\n"
	"      --force           replace an existing OUTPUT/<name>_msft\n"
	"  -q, --quiet           print nothing on success\n"
	"  -h, --help            show this help\n"
	"\n"
	"       transplt -i DIR -o OUTPUT [options] distributed -m MAIN.py [-t MODEL[,MODEL...]]\n"
	"       transplt analyse -i INPUT -o OUTPUT [-v VERSION] [-r RULES.json]\n"
	"       transplt validate [--max-steps N] [--rtol X] ORIGINAL.py CONVERTED.py [-- ARGS...]\n"
	"       transplt run [--nproc N] [--max-steps N] [--hang-after S] CONVERTED.py [-- ARGS...]\n"
	"\n"
	"distributed converts into a multi-card DDP script (OUTPUT/<name>_msft_multi/):\n"
	"process group from the launcher's environment, each MODEL wrapped in\n"
	"DistributedDataParallel (default: the models MAIN builds an optimizer for, or\n"
	"else model), a DistributedSampler for each DataLoader, and a\n"
	"run_distributed_npu.sh launcher (not for a MAIN that distributes itself).\n"
	"analyse writes every report and no converted tree (OUTPUT/<name>_analysis/),\n"
	"and prints per file its lines, changes, findings and whether it is ready to\n"
	"run on the NPU after conversion.\n"
	"validate runs the original on a CUDA-on-CPU shim and the converted script on an\n"
	"NPU-on-CPU shim with the same seeds, and compares losses, optimizer steps and\n"
	"parameters (exit 0 equal, 1 different). run runs a converted script on the NPU\n"
	"shim, on N processes with --nproc. See 'transplt validate --help'.\n"
	"\n"
	"Exit status: 0 done, 1 gate failed, 2 usage error, 3 rule-file error, 4 I/O error.\n";

/* Python names separated by commas: `model`, `netG,netD`. */
static int model_names(const char *v)
{
	for (int start = 1;; v++) {
		if (*v == ',' || !*v) {
			if (start)
				return 0;
			if (!*v)
				return 1;
			start = 1;
		} else if (*v == '_' || isalpha((unsigned char)*v) || (!start && isdigit((unsigned char)*v)) || (unsigned char)*v >= 0x80) {
			start = 0;
		} else {
			return 0;
		}
	}
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "transplt: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'transplt --help'.\n");
	return 2;
}

int tp_cli_main(int argc, char **argv)
{
	tp_options o = {0};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o.jobs = cores > 0 ? (int)cores : 1;
	tp_array(char *) excludes = {0};
	int status = 0;
	/* Subcommands of the reference runtime take their own arguments. */
	if (argc > 1 && (strcmp(argv[1], "validate") == 0 || strcmp(argv[1], "run") == 0))
		return tp_runtime_main(argv[1], argc - 2, argv + 2);
	int first = 1, in_dist = 0;
	if (argc > 1 && strcmp(argv[1], "analyse") == 0) {
		o.analyse = 1;
		first = 2;
	}
	for (int i = first; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(s, l) (strcmp(a, s) == 0 || strcmp(a, l) == 0)
#define NEED_VALUE()                                                            \
	do {                                                                        \
		if (!v) {                                                               \
			status = usage_error("%s needs a value", a);                        \
			goto done;                                                          \
		}                                                                       \
		i++;                                                                    \
	} while (0)
		if (OPT("-h", "--help")) {
			fputs(usage, stdout);
			goto done;
		} else if (OPT("-i", "--input")) {
			NEED_VALUE();
			o.input = v;
		} else if (OPT("-o", "--output")) {
			NEED_VALUE();
			o.output = v;
		} else if (OPT("-r", "--rule")) {
			NEED_VALUE();
			o.rules_file = v;
		} else if (OPT("-j", "--jobs")) {
			NEED_VALUE();
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < 1 || n > 1024) {
				status = usage_error("-j needs a number from 1 to 1024, got '%s'", v);
				goto done;
			}
			o.jobs = (int)n;
		} else if (strcmp(a, "--exclude") == 0) {
			NEED_VALUE();
			tp_array_push(&excludes, (char *)v);
		} else if (OPT("-v", "--version")) {
			NEED_VALUE();
			o.version = v;
		} else if (strcmp(a, "--fail-on") == 0) {
			NEED_VALUE();
			if (strcmp(v, "never") == 0)
				o.fail_on = 0;
			else if (strcmp(v, "unsupported") == 0)
				o.fail_on = 1;
			else if (strcmp(v, "unknown") == 0)
				o.fail_on = 2;
			else {
				status = usage_error("--fail-on takes never, unsupported or unknown, not '%s'", v);
				goto done;
			}
		} else if (strcmp(a, "distributed") == 0) {
			in_dist = 1;
		} else if (in_dist && OPT("-m", "--main")) {
			NEED_VALUE();
			o.dist_main = v;
		} else if (in_dist && OPT("-t", "--target_model")) {
			NEED_VALUE();
			if (!model_names(v)) {
				status = usage_error("-t takes the model variables' names, separated by commas (-t netG,netD), not '%s'", v);
				goto done;
			}
			o.dist_model = v;
		} else if (OPT("-s", "--specify-device")) {
			o.specify_device = 1;
		} else if (OPT("-sim", "--similar")) {
			o.similar = 1;
		} else if (strcmp(a, "--check") == 0) {
			o.check = 1;
		} else if (strcmp(a, "--diff") == 0) {
			o.diff = 1;
		} else if (strcmp(a, "--json") == 0) {
			o.json = 1;
		} else if (strcmp(a, "--sarif") == 0) {
			NEED_VALUE();
			o.sarif = v;
		} else if (strcmp(a, "--force") == 0) {
			o.force = 1;
		} else if (OPT("-q", "--quiet")) {
			o.quiet = 1;
		} else {
			status = usage_error("unknown option '%s'", a);
			goto done;
		}
#undef OPT
#undef NEED_VALUE
	}
	if (!o.input || (!o.output && !o.check && !o.diff && strcmp(o.input, "-") != 0)) {
		status = usage_error("%s", !o.input ? "missing -i INPUT" : "missing -o OUTPUT");
		goto done;
	}
	if (in_dist && !o.dist_main) {
		status = usage_error("%s", "distributed needs -m MAIN.py");
		goto done;
	}
	o.excludes = excludes.items;
	o.nexcludes = excludes.len;
	int rc = tp_run(&o);
	if (rc < 0) {
		fprintf(stderr, rc == TP_EGATE ? "transplt: %s\n" : "transplt: error: %s\n", tp_error_last());
		status = -rc;
	}
done:
	tp_array_free(&excludes);
	return status;
}
