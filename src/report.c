/* report: the msFmkTransplt text log and the change list CSV. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "io.h"

void tp_csv_cell(tp_buf *b, const char *s)
{
	if (!s)
		s = "";
	int formula = *s == '=' || *s == '+' || *s == '-' || *s == '@' || *s == '\t' || *s == '\r';
	int quote = formula || strpbrk(s, ",\"\n\r") != NULL;
	if (quote)
		tp_buf_putc(b, '"');
	if (formula)
		tp_buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '"')
			tp_buf_putc(b, '"');
		tp_buf_putc(b, *s);
	}
	if (quote)
		tp_buf_putc(b, '"');
}

static void csv_row(tp_buf *b, const char *const *cells, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			tp_buf_putc(b, ',');
		tp_csv_cell(b, cells[i]);
	}
	tp_buf_puts(b, "\n");
}

static const char *row_message(const tp_row *r)
{
	if (r->op == TP_OP_UNSUPPORTED || r->op == TP_OP_UNKNOWN)
		return r->message && *r->message ? r->message : r->api;
	return r->message;
}

int tp_report_write(const char *dir, const tp_report_file *files, size_t count)
{
	tp_buf log = {0}, csv = {0}, uns = {0}, unk = {0}, prec = {0}, perf = {0}, aff = {0};
	tp_buf_puts(&prec, "File,Start Line,End Line,OP,Tips\n");
	tp_buf_puts(&perf, "File,Start Line,End Line,OP,Tips\n");
	tp_buf_puts(&aff, "File,Start Line,End Line,Api Type,Api Call Name,Affinity Api Name\n");
	tp_buf cuda = {0};
	tp_buf_puts(&cuda, "File,Start Line,End Line,Kind,Name,Detail\n");
	tp_buf_puts(&csv, "File,Start Line,End Line,Operation Type,Message\n");
	tp_buf_puts(&uns, "File,Start Line,End Line,OP,Tips\n");
	tp_buf_puts(&unk, "File,Start Line,End Line,OP,Tips\n");
	for (size_t f = 0; f < count; f++) {
		const tp_result *res = files[f].result;
		for (size_t i = 0; i < res->rows.len; i++) {
			const tp_row *r = &res->rows.items[i];
			char l1[16], l2[16];
			snprintf(l1, sizeof l1, "%u", r->line1);
			snprintf(l2, sizeof l2, "%u", r->line2);
			if (r->op == TP_OP_PRECISION || r->op == TP_OP_PERFORMANCE) {
				const char *cells[] = {files[f].path, l1, l2, r->api, r->message};
				csv_row(r->op == TP_OP_PRECISION ? &prec : &perf, cells, 5);
				continue;
			}
			if (r->op == TP_OP_CUDA) {
				const char *cells[] = {files[f].path, l1, l2, r->text, r->api, r->message};
				csv_row(&cuda, cells, 6);
				continue;
			}
			if (r->op == TP_OP_AFFINITY) {
				const char *cells[] = {files[f].path, l1, l2, r->text, r->api, r->message};
				csv_row(&aff, cells, 6);
				continue;
			}
			const char *m = row_message(r);
			char *full = (r->op == TP_OP_UNSUPPORTED || r->op == TP_OP_UNKNOWN) && r->api && m != r->api
					     ? tp_xprintf("%s: %s", r->api, m)
					     : tp_xstrdup(m ? m : "");
			tp_buf_printf(&log, "%s: line: %u ~ %u  Operation Type: %s  Message: %s\n", files[f].path, r->line1, r->line2,
				      tp_op_name(r->op), full);
			const char *cells[] = {files[f].path, l1, l2, tp_op_name(r->op), full};
			csv_row(&csv, cells, 5);
			if (r->op == TP_OP_UNSUPPORTED || r->op == TP_OP_UNKNOWN) {
				const char *op_cells[] = {files[f].path, l1, l2, r->api, r->message};
				csv_row(r->op == TP_OP_UNSUPPORTED ? &uns : &unk, op_cells, 5);
			}
			free(full);
		}
	}
	struct { const char *name; tp_buf *b; } out[] = {
		{"msFmkTranspltlog.txt", &log}, {"change_list.csv", &csv}, {"unsupported_api.csv", &uns}, {"unknown_api.csv", &unk},
		{"api_precision_advice.csv", &prec}, {"api_performance_advice.csv", &perf}, {"affinity_api_call.csv", &aff},
		{"cuda_op_list.csv", &cuda}};
	int rc = 0;
	for (size_t i = 0; i < sizeof out / sizeof *out; i++) {
		char *p = tp_xprintf("%s/%s", dir, out[i].name);
		if (rc == 0)
			rc = tp_write_file(p, out[i].b->ptr ? out[i].b->ptr : "", out[i].b->len, 0644);
		free(p);
		tp_buf_dispose(out[i].b);
	}
	return rc;
}
