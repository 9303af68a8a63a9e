/* report: the report files of transplant_result_file/, the --json document
 * and SARIF, written while the run goes on: each file's rows are added in
 * path order as soon as that file and all before it are done, then dropped,
 * so memory does not grow with the number of files. */
#ifndef TP_REPORT_H
#define TP_REPORT_H

#include <stdio.h>

#include "convert.h"

/* Totals of a run, for the summaries of the JSON reports. */
typedef struct {
	const char *ops_version;
	size_t files, python, changed, edits, unsupported, unknown, warnings;
	size_t precision, performance, affinity, custom_cuda;
} tp_summary;

typedef struct {
	const char *dir;         /* transplant_result_file/ (existing): the log, CSVs, report.json and the
				  * workbook go there. NULL: a preview, nothing is written there */
	const char *sarif;       /* --sarif FILE, or NULL */
	int json;                /* the JSON document is wanted at the end (--json) */
	const char *ops_version; /* of the op-support lists, for the workbook (NULL: newest) */
} tp_report_opts;

typedef struct tp_report tp_report;

/* Opens every report file. Returns 0 or TP_EIO; *out is to be closed either way. */
int tp_report_open(tp_report **out, const tp_report_opts *o);
/* Adds one file's rows (files in path order). Returns 0 or TP_EIO. */
int tp_report_add(tp_report *r, const char *path, const tp_result *res);
/* With rc == 0: writes the summaries, puts every file in place and, when
 * json_out is given, prints the JSON document to it. With rc < 0, removes
 * what was written. Frees r; returns rc or the first error. */
int tp_report_close(tp_report *r, const tp_summary *s, int rc, FILE *json_out);

/* The JSON document (reports/report.schema.json) in three parts, so it is
 * written as the run goes: the head, each file's records, then the tail
 * with the summary. *first is 1 until a record has been written. */
void tp_json_head(tp_buf *b, const char *ops_version);
void tp_json_records(tp_buf *b, int *first, const char *path, const tp_result *res);
void tp_json_tail(tp_buf *b, int first, const tp_summary *s);
/* The same findings and edits as SARIF 2.1.0, for code-scanning UIs. */
void tp_sarif_head(tp_buf *b);
void tp_sarif_results(tp_buf *b, int *first, const char *path, const tp_result *res);
void tp_sarif_tail(tp_buf *b, int first);

/* Appends one CSV cell: quoted when needed, and defused when a spreadsheet
 * would read it as a formula. */
void tp_csv_cell(tp_buf *b, const char *s);

#endif
