/* report: writes the merged per-file rows into the report files of
 * transplant_result_file/ (after all files are done, in path order). */
#ifndef TP_REPORT_H
#define TP_REPORT_H

#include "convert.h"

/* One converted file's rows for the reports (borrowed). */
typedef struct {
	const char *path;
	const tp_result *result;
} tp_report_file;

/* Totals of a run, for the summaries of the JSON reports. */
typedef struct {
	const char *ops_version;
	size_t files, python, changed, edits, unsupported, unknown, warnings;
	size_t precision, performance, affinity, custom_cuda;
} tp_summary;

/* The machine-readable result (report.json and --json; reports/report.schema.json). */
void tp_report_json(tp_buf *out, const tp_summary *summary, const tp_report_file *files, size_t count);
/* The same findings and edits as SARIF 2.1.0, for code-scanning UIs. */
void tp_report_sarif(tp_buf *out, const tp_report_file *files, size_t count);

/* Writes msFmkTranspltlog.txt, change_list.csv and the per-kind CSVs
 * (unsupported, unknown, precision and performance advice, affinity) into
 * dir. Returns 0 or TP_EIO. */
int tp_report_write(const char *dir, const tp_report_file *files, size_t count);

/* Appends one CSV cell: quoted when needed, and defused when a spreadsheet
 * would read it as a formula. */
void tp_csv_cell(tp_buf *b, const char *s);

#endif
