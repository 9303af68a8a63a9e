/* report_xlsx: the unsupported_op.xlsx workbook of transplant_result_file/,
 * written from the same merged rows as the CSV reports (see report.h). */
#ifndef TP_REPORT_XLSX_H
#define TP_REPORT_XLSX_H

#include "report.h"

/* Writes the workbook to path (through a temporary file and a rename):
 * sheet "Summary" (totals, counts per unsupported API with a bar chart of the
 * most frequent ones, counts per file), then "Unsupported", "Unknown" and
 * "Changes" (INSERT/MODIFY/DELETE/WARNING rows), one row per report row in
 * input order. files and version are borrowed; version is the PyTorch version
 * of the op-support lists used (NULL: shown as "newest"). The bytes depend
 * only on the arguments. Returns 0 or TP_EIO with the message naming path. */
int tp_report_xlsx(const char *path, const tp_report_file *files, size_t count, const char *version);

#endif
