/* report: the msFmkTransplt text log, the CSVs, report.json, SARIF and
 * the workbook, each file's rows added as they come. */
#include "report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "error.h"
#include "io.h"
#include "report_xlsx.h"

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
	while (*s) {
		size_t plain = strcspn(s, "\"");
		tp_buf_add(b, s, plain);
		s += plain;
		if (*s) {
			tp_buf_add(b, "\"\"", 2);
			s++;
		}
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

/* The report files, in the order of sink[]. */
enum { R_LOG, R_CHANGES, R_UNSUPPORTED, R_UNKNOWN, R_PRECISION, R_PERFORMANCE, R_AFFINITY, R_CUDA, R_RECORDS, R_SARIF, R_COUNT };

static const char *const sink_name[R_COUNT] = {
	"msFmkTranspltlog.txt", "change_list.csv", "unsupported_api.csv", "unknown_api.csv", "api_precision_advice.csv",
	"api_performance_advice.csv", "affinity_api_call.csv", "cuda_op_list.csv", "report.json", NULL};

static const char *const sink_header[R_COUNT] = {
	"", "File,Start Line,End Line,Operation Type,Message\n", "File,Start Line,End Line,OP,Tips\n",
	"File,Start Line,End Line,OP,Tips\n", "File,Start Line,End Line,OP,Tips\n", "File,Start Line,End Line,OP,Tips\n",
	"File,Start Line,End Line,Api Type,Api Call Name,Affinity Api Name\n", "File,Start Line,End Line,Kind,Name,Detail\n",
	"", ""};

/* Text on its way to a file: gathered in buf, written out past FLUSH_AT.
 * Without a file (a preview's JSON records) it stays in buf. */
typedef struct {
	tp_buf buf;
	tp_out out;
	int open;
} sink;

#define FLUSH_AT (256u << 10)

struct tp_report {
	tp_report_opts o;
	sink sink[R_COUNT];
	int json_first, sarif_first;
	tp_xlsx *xlsx;
};

static int sink_flush(sink *k, size_t at)
{
	if (!k->open || k->buf.len < at)
		return 0;
	int rc = tp_out_write(&k->out, k->buf.ptr, k->buf.len);
	k->buf.len = 0;
	return rc;
}

int tp_report_open(tp_report **out, const tp_report_opts *o)
{
	tp_report *r = *out = tp_xcalloc(1, sizeof *r);
	r->o = *o;
	r->json_first = r->sarif_first = 1;
	int rc = 0;
	for (int i = 0; i < R_COUNT && rc == 0; i++) {
		sink *k = &r->sink[i];
		tp_buf_puts(&k->buf, sink_header[i]);
		char *path = i == R_SARIF ? (o->sarif ? tp_xstrdup(o->sarif) : NULL)
			     : o->dir   ? tp_xprintf("%s/%s", o->dir, sink_name[i])
					: NULL;
		if (path) {
			k->open = 1;
			rc = tp_out_open(&k->out, path);
		}
		free(path);
	}
	if (rc == 0 && o->dir) {
		char *x = tp_xprintf("%s/unsupported_op.xlsx", o->dir);
		rc = tp_xlsx_open(&r->xlsx, x, o->ops_version);
		free(x);
	}
	tp_json_head(&r->sink[R_RECORDS].buf, o->ops_version);
	if (rc == 0 && r->sink[R_SARIF].open)
		tp_sarif_head(&r->sink[R_SARIF].buf);
	return rc;
}

int tp_report_add(tp_report *r, const char *path, const tp_result *res)
{
	if (!res->rows.len)
		return 0;
	tp_buf *b[R_COUNT];
	for (int i = 0; i < R_COUNT; i++)
		b[i] = &r->sink[i].buf;
	for (size_t i = 0; i < res->rows.len; i++) {
		const tp_row *row = &res->rows.items[i];
		char l1[21], l2[21];
		tp_utoa(l1, row->line1);
		tp_utoa(l2, row->line2);
		if (row->op == TP_OP_PRECISION || row->op == TP_OP_PERFORMANCE) {
			const char *cells[] = {path, l1, l2, row->api, row->message};
			csv_row(b[row->op == TP_OP_PRECISION ? R_PRECISION : R_PERFORMANCE], cells, 5);
			continue;
		}
		if (row->op == TP_OP_CUDA || row->op == TP_OP_AFFINITY) {
			const char *cells[] = {path, l1, l2, row->text, row->api, row->message};
			csv_row(b[row->op == TP_OP_CUDA ? R_CUDA : R_AFFINITY], cells, 6);
			continue;
		}
		const char *m = row_message(row);
		int api_row = row->op == TP_OP_UNSUPPORTED || row->op == TP_OP_UNKNOWN;
		char *full = api_row && row->api && m != row->api ? tp_xprintf("%s: %s", row->api, m) : tp_xstrdup(m ? m : "");
		const char *log[] = {path, ": line: ", l1, " ~ ", l2, "  Operation Type: ", tp_op_name(row->op), "  Message: ", full, "\n"};
		for (size_t k = 0; k < sizeof log / sizeof *log; k++)
			tp_buf_puts(b[R_LOG], log[k]);
		const char *cells[] = {path, l1, l2, tp_op_name(row->op), full};
		csv_row(b[R_CHANGES], cells, 5);
		if (api_row) {
			const char *op_cells[] = {path, l1, l2, row->api, row->message};
			csv_row(b[row->op == TP_OP_UNSUPPORTED ? R_UNSUPPORTED : R_UNKNOWN], op_cells, 5);
		}
		free(full);
	}
	if (r->o.dir || r->o.json)
		tp_json_records(b[R_RECORDS], &r->json_first, path, res);
	if (r->sink[R_SARIF].open)
		tp_sarif_results(b[R_SARIF], &r->sarif_first, path, res);
	if (r->xlsx)
		tp_xlsx_add(r->xlsx, path, res);
	int rc = 0;
	for (int i = 0; i < R_COUNT; i++) {
		int e = sink_flush(&r->sink[i], FLUSH_AT);
		rc = rc ? rc : e;
	}
	return rc;
}

/* Prints the file at path (report.json, complete) to to. */
static int print_back(const char *path, FILE *to)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return tp_error_set(TP_EIO, "%s: cannot read back: %s", path, strerror(errno));
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		fwrite(chunk, 1, n, to);
	int rc = ferror(f) ? tp_error_set(TP_EIO, "%s: cannot read back", path) : 0;
	fclose(f);
	return rc;
}

int tp_report_close(tp_report *r, const tp_summary *s, int rc, FILE *json_out)
{
	tp_json_tail(&r->sink[R_RECORDS].buf, r->json_first, s);
	if (r->sink[R_SARIF].open)
		tp_sarif_tail(&r->sink[R_SARIF].buf, r->sarif_first);
	sink *json = &r->sink[R_RECORDS];
	char *json_path = json->open ? tp_xstrdup(json->out.path) : NULL;
	for (int i = 0; i < R_COUNT; i++) {
		if (r->sink[i].open) {
			int e = tp_out_close(&r->sink[i].out, rc < 0 ? rc : sink_flush(&r->sink[i], 0), 0644);
			rc = rc < 0 ? rc : e;
		}
	}
	/* --json: the document as written, or as gathered by a preview. */
	if (json_out && rc == 0 && json_path)
		rc = print_back(json_path, json_out);
	else if (json_out && rc == 0)
		fwrite(json->buf.ptr, 1, json->buf.len, json_out);
	free(json_path);
	for (int i = 0; i < R_COUNT; i++)
		tp_buf_dispose(&r->sink[i].buf);
	if (r->xlsx)
		rc = tp_xlsx_close(r->xlsx, rc);
	free(r);
	return rc;
}
