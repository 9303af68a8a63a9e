/* report_json: report.json / --json and SARIF 2.1.0, formatted piece by
 * piece in path order, so the output is identical for any -j. */
#include "json.h"
#include "report.h"

#include <stdlib.h>

#define TP_VERSION "0.1.0"

static const char *severity(enum tp_op op)
{
	switch (op) {
	case TP_OP_UNSUPPORTED: return "error";
	case TP_OP_UNKNOWN:
	case TP_OP_WARNING: return "warning";
	case TP_OP_PRECISION:
	case TP_OP_PERFORMANCE:
	case TP_OP_AFFINITY:
	case TP_OP_CUDA: return "note";
	default: return "info";
	}
}

/* Affinity rows name the affine API and the kind of what matched. */
static char *row_text(const tp_row *r)
{
	if (r->op == TP_OP_AFFINITY)
		return tp_xprintf("%s %s has an NPU-affine replacement: %s", r->text, r->api, r->message);
	if (r->op == TP_OP_CUDA)
		return tp_xprintf("custom CUDA (%s)%s%s", r->text, r->message && *r->message ? ": " : "", r->message ? r->message : "");
	return tp_xstrdup(r->message ? r->message : "");
}

static void position(tp_buf *b, const char *key, uint32_t byte, uint32_t line, uint32_t col)
{
	tp_buf_putc(b, '"');
	tp_buf_puts(b, key);
	tp_buf_puts(b, "\": {\"byte\": ");
	tp_buf_putu(b, byte);
	tp_buf_puts(b, ", \"line\": ");
	tp_buf_putu(b, line);
	tp_buf_puts(b, ", \"column\": ");
	tp_buf_putu(b, col);
	tp_buf_putc(b, '}');
}

static void opt_string(tp_buf *b, const char *key, const char *value)
{
	tp_buf_puts(b, ", \"");
	tp_buf_puts(b, key);
	tp_buf_puts(b, "\": ");
	if (value)
		tp_json_quote(b, value);
	else
		tp_buf_puts(b, "null");
}

void tp_json_head(tp_buf *b, const char *ops_version)
{
	tp_buf_printf(b, "{\n  \"tool\": \"transplt\",\n  \"version\": \"%s\",\n  \"op_support_version\": ", TP_VERSION);
	tp_json_quote(b, ops_version);
	tp_buf_puts(b, ",\n  \"records\": [");
}

void tp_json_records(tp_buf *b, int *first, const char *path, const tp_result *res)
{
	for (size_t i = 0; i < res->rows.len; i++) {
		const tp_row *r = &res->rows.items[i];
		tp_buf_puts(b, *first ? "\n    {" : ",\n    {");
		*first = 0;
		tp_buf_puts(b, "\"file\": ");
		tp_json_quote(b, path);
		const char *parts[] = {", \"kind\": \"", r->op <= TP_OP_DELETE ? "edit" : "finding", "\", \"operation\": \"",
				       tp_op_name(r->op), "\", \"severity\": \"", severity(r->op), "\", "};
		for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
			tp_buf_puts(b, parts[k]);
		position(b, "start", r->start, r->line1, r->col1);
		tp_buf_puts(b, ", ");
		position(b, "end", r->end, r->line2, r->col2);
		opt_string(b, "replacement", r->op <= TP_OP_DELETE ? r->text : NULL);
		opt_string(b, "rule", r->rule_id);
		opt_string(b, "api", r->api);
		char *m = row_text(r);
		opt_string(b, "message", m);
		free(m);
		tp_buf_putc(b, '}');
	}
}

void tp_json_tail(tp_buf *b, int first, const tp_summary *s)
{
	tp_buf_printf(b, "%s,\n  \"summary\": {\"files\": %zu, \"python_files\": %zu, \"changed_files\": %zu, \"edits\": %zu, "
			 "\"unsupported\": %zu, \"unknown\": %zu, \"warnings\": %zu, \"precision_advice\": %zu, "
			 "\"performance_advice\": %zu, \"affinity\": %zu, \"custom_cuda\": %zu}\n}\n",
		      first ? "]" : "\n  ]", s->files, s->python, s->changed, s->edits, s->unsupported, s->unknown, s->warnings,
		      s->precision, s->performance, s->affinity, s->custom_cuda);
}

/* SARIF levels: unsupported APIs are errors, unknown ones and warnings are
 * warnings, applied edits are notes carrying their fix. */
static const char *sarif_level(enum tp_op op)
{
	switch (op) {
	case TP_OP_UNSUPPORTED: return "error";
	case TP_OP_UNKNOWN:
	case TP_OP_WARNING: return "warning";
	default: return "note";
	}
}

static const char *sarif_rule(const tp_row *r)
{
	switch (r->op) {
	case TP_OP_UNSUPPORTED: return "unsupported-api";
	case TP_OP_UNKNOWN: return "unknown-api";
	case TP_OP_WARNING: return "conversion-warning";
	case TP_OP_PRECISION: return "precision-advice";
	case TP_OP_PERFORMANCE: return "performance-advice";
	case TP_OP_AFFINITY: return "npu-affinity";
	case TP_OP_CUDA: return "custom-cuda";
	default: return "npu-migration";
	}
}

static void region(tp_buf *b, const tp_row *r)
{
	tp_buf_printf(b, "\"region\": {\"startLine\": %u, \"startColumn\": %u, \"endLine\": %u, \"endColumn\": %u, "
			 "\"byteOffset\": %u, \"byteLength\": %u}",
		      r->line1, r->col1, r->line2, r->col2, r->start, r->end - r->start);
}

void tp_sarif_head(tp_buf *b)
{
	tp_buf_puts(b, "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
		       "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"transplt\", \"version\": \"" TP_VERSION "\", "
		       "\"informationUri\": \"https://github.com/transplt/transplt\", \"rules\": [\n"
		       "      {\"id\": \"unsupported-api\", \"shortDescription\": {\"text\": \"API not supported by torch_npu\"}},\n"
		       "      {\"id\": \"unknown-api\", \"shortDescription\": {\"text\": \"API in neither torch_npu support list\"}},\n"
		       "      {\"id\": \"conversion-warning\", \"shortDescription\": {\"text\": \"Conversion warning\"}},\n"
		       "      {\"id\": \"precision-advice\", \"shortDescription\": {\"text\": \"May compute differently on the NPU\"}},\n"
		       "      {\"id\": \"performance-advice\", \"shortDescription\": {\"text\": \"A faster NPU variant exists\"}},\n"
		       "      {\"id\": \"custom-cuda\", \"shortDescription\": {\"text\": \"User-defined CUDA code: needs an NPU port\"}},\n"
		       "      {\"id\": \"npu-affinity\", \"shortDescription\": {\"text\": \"An NPU-affine torch_npu.contrib API can replace this\"}},\n"
		       "      {\"id\": \"npu-migration\", \"shortDescription\": {\"text\": \"CUDA code converted for NPU\"}}]}},\n"
		       "    \"results\": [");
}

void tp_sarif_results(tp_buf *b, int *first, const char *path, const tp_result *res)
{
	for (size_t i = 0; i < res->rows.len; i++) {
		const tp_row *r = &res->rows.items[i];
		tp_buf_puts(b, *first ? "\n      {" : ",\n      {");
		*first = 0;
		tp_buf_printf(b, "\"ruleId\": \"%s\", \"level\": \"%s\", \"message\": {\"text\": ", sarif_rule(r), sarif_level(r->op));
		char *m = row_text(r);
		char *t = r->api && r->op != TP_OP_AFFINITY ? tp_xprintf("%s%s%s", r->api, *m ? ": " : "", m) : tp_xstrdup(m);
		tp_json_quote(b, t);
		free(t);
		free(m);
		tp_buf_puts(b, "}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ");
		tp_json_quote(b, path);
		tp_buf_puts(b, "}, ");
		region(b, r);
		tp_buf_puts(b, "}}]");
		if (r->op <= TP_OP_DELETE) {
			tp_buf_puts(b, ", \"fixes\": [{\"artifactChanges\": [{\"artifactLocation\": {\"uri\": ");
			tp_json_quote(b, path);
			tp_buf_puts(b, "}, \"replacements\": [{\"deletedRegion\": {");
			tp_buf_printf(b, "\"byteOffset\": %u, \"byteLength\": %u}, \"insertedContent\": {\"text\": ", r->start, r->end - r->start);
			tp_json_quote(b, r->text ? r->text : "");
			tp_buf_puts(b, "}}]}]}]");
		}
		tp_buf_putc(b, '}');
	}
}

void tp_sarif_tail(tp_buf *b, int first)
{
	tp_buf_puts(b, first ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n");
}
