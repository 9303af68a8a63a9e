/* report_xlsx: the unsupported_op.xlsx workbook of transplant_result_file/,
 * filled from the same rows as the CSV reports (see report.h). */
#ifndef TP_REPORT_XLSX_H
#define TP_REPORT_XLSX_H

#include "convert.h"

/* Sheet "Summary" (totals, counts per unsupported API with a bar chart of
 * the most frequent ones), "Files" (counts per file with rows), then
 * "Unsupported", "Unknown", "Changes" (INSERT/MODIFY/DELETE/WARNING rows) and
 * "Advice", one row per report row in the order added. Every sheet but the
 * Summary is streamed to disk as it is filled. The bytes depend only on what was added. */
typedef struct tp_xlsx tp_xlsx;

/* Starts the workbook for path (written through a temporary file and a
 * rename); version is the PyTorch version of the op-support lists used (NULL:
 * shown as "newest"). Returns 0 or TP_EIO naming path; *out is to be closed
 * either way. */
int tp_xlsx_open(tp_xlsx **out, const char *path, const char *version);
/* Adds one file's rows. */
void tp_xlsx_add(tp_xlsx *x, const char *path, const tp_result *res);
/* With rc == 0, writes the Summary and puts the workbook in place; with rc <
 * 0, removes it. Frees x; returns rc or TP_EIO with the message naming path. */
int tp_xlsx_close(tp_xlsx *x, int rc);

#endif
