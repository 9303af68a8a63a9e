/* fuzz_convert: libFuzzer harness for the per-file pipeline (tp_convert) with
 * the built-in rules and the newest op-support lists, loaded once. Each input
 * is one source file. Invariants, beyond "no crash, no sanitizer report":
 * every row lies inside the input with sane lines; an output that is produced
 * reparses no worse than the input (tp_convert verifies; rechecked here); and
 * when the input parsed without errors, converting the output again changes
 * nothing (idempotence, as golden.sh requires of every case). Built by
 * tests/fuzz/run.sh. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "convert.h"
#include "ops.h"
#include "parse.h"
#include "rules.h"

static tp_rules *rules;
static tp_ops *ops;
static tp_parser *parser;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	if (tp_rules_load_builtin(&rules) < 0 || tp_ops_load(&ops, NULL) < 0)
		abort();
	tp_ops_extend_members(ops, rules);
	parser = tp_parser_new();
	return 0;
}

static void check_rows(const tp_result *r, size_t len)
{
	for (size_t i = 0; i < r->rows.len; i++) {
		const tp_row *row = &r->rows.items[i];
		if (row->end < row->start || row->end > len || row->line1 < 1 || row->line2 < row->line1 ||
		    row->col1 < 1 || row->col2 < 1) {
			fprintf(stderr, "row %zu out of range: [%u, %u) lines %u-%u in %zu bytes\n", i, row->start, row->end,
				row->line1, row->line2, len);
			abort();
		}
	}
}

static int edits(const tp_result *r)
{
	int n = 0;
	for (size_t i = 0; i < r->rows.len; i++)
		n += r->rows.items[i].op <= TP_OP_DELETE;
	return n;
}

/* Syntax errors of a buffer (after a BOM, as tp_convert parses it). */
static uint32_t errors_of(const char *s, size_t len)
{
	size_t base = len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	tp_tree t;
	uint32_t n = UINT32_MAX;
	if (tp_parse(&t, parser, s + base, (uint32_t)(len - base)) == 0) {
		n = t.error_count;
		tp_tree_dispose(&t);
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The exact bytes, not NUL-terminated: tp_convert reads src[0..len). */
	const char *src = (const char *)data;
	tp_convert_opts opts = {.rules = rules, .ops = ops};
	tp_result first;
	tp_convert(&first, &opts, parser, src, size);
	check_rows(&first, size);
	if (first.output) {
		if (errors_of(first.output, first.output_len) > errors_of(src, size)) {
			fprintf(stderr, "the output parses worse than the input\n");
			abort();
		}
		if (first.status == TP_FILE_CONVERTED && first.syntax_errors == 0) {
			tp_result again;
			tp_convert(&again, &opts, parser, first.output, first.output_len);
			check_rows(&again, first.output_len);
			if (edits(&again) != 0) {
				fprintf(stderr, "not idempotent: %d edits on the second pass:\n", edits(&again));
				for (size_t i = 0; i < again.rows.len; i++)
					if (again.rows.items[i].op <= TP_OP_DELETE)
						fprintf(stderr, "  %u:%u %s\n", again.rows.items[i].line1, again.rows.items[i].col1,
							again.rows.items[i].message ? again.rows.items[i].message : "");
				abort();
			}
			tp_result_dispose(&again);
		}
	}
	tp_result_dispose(&first);
	return 0;
}
