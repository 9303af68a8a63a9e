/* fuzz_rules: libFuzzer harness for the rule loader. Each input is written to
 * a temporary file and loaded as a user rule file (-r), first alone, then,
 * when it loads, on top of the built-in rules and used to convert a fixed
 * script, so the rules a fuzzer invents are also applied. Invariants: a load
 * returns 0 or TP_ERULES with a message naming the file; a conversion with
 * loaded rules keeps its rows inside the input. Built by tests/fuzz/run.sh. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "convert.h"
#include "error.h"
#include "ops.h"
#include "rules.h"

static char path[] = "/tmp/transplt-fuzz-rules-XXXXXX";
static int fd = -1;
static tp_ops *ops;
static tp_parser *parser;

static const char script[] =
	"import torch\nimport torch.cuda as tc\nfrom torch.cuda.amp import autocast\nimport apex\n"
	"x = torch.randn(2).cuda(0)\ny = x.to(1)\ntorch.cuda.set_device('cuda:0')\n"
	"torch.distributed.init_process_group('nccl')\nz = torch.nn.Linear(2, 2).cuda()\n"
	"with autocast():\n    tc.synchronize()\nf(a, b=1, *c, **d)\nm.foo.bar(1, 2, key=3)\n";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fd = mkstemp(path);
	if (fd < 0 || tp_ops_load(&ops, NULL) < 0)
		abort();
	parser = tp_parser_new();
	return 0;
}

static void check_load(int rc)
{
	if (rc != 0 && (rc != TP_ERULES || strncmp(tp_error_last(), path, strlen(path)) != 0)) {
		fprintf(stderr, "bad load result %d: %s\n", rc, tp_error_last());
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	tp_rules *alone = tp_xcalloc(1, sizeof *alone);
	int rc = tp_rules_load_file(alone, path);
	check_load(rc);
	tp_rules_free(alone);
	if (rc < 0)
		return 0;

	tp_rules *rules = NULL;
	if (tp_rules_load_builtin(&rules) < 0)
		abort();
	check_load(tp_rules_load_file(rules, path));
	tp_convert_opts opts = {.rules = rules, .ops = ops};
	tp_result res;
	tp_convert(&res, &opts, parser, script, sizeof script - 1);
	for (size_t i = 0; i < res.rows.len; i++) {
		const tp_row *r = &res.rows.items[i];
		if (r->end < r->start || r->end > sizeof script - 1 || r->line1 < 1 || r->line2 < r->line1)
			abort();
	}
	tp_result_dispose(&res);
	tp_rules_free(rules);
	return 0;
}
