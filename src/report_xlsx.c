/* report_xlsx: the unsupported_op.xlsx workbook, filled from the same rows
 * as the CSV reports, as they come. The only module that includes
 * xlsxwriter.h. */
#include "report_xlsx.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xlsxwriter.h>

#include "error.h"
#include "map.h"

#define XL_CELL_MAX 32767   /* characters Excel holds in one cell */
#define XL_WIDTH_MAX 80     /* widest column, in characters */
#define XL_CHART_BARS 10    /* APIs in the chart */
#define XL_COLS 5           /* columns of the widest table */
/* 2000-01-01T00:00:00Z. libxlsxwriter stamps the current time when created
 * is 0, which would make every run's bytes differ. */
#define XL_CREATED ((time_t)946684800)

/* The workbook being written: the first libxlsxwriter error wins; later calls
 * still run (they cannot fail worse) so the workbook is always closed. */
typedef struct {
	lxw_workbook *wb;
	lxw_format *bold, *title;
	lxw_error err;
} xl_book;

/* One worksheet and the widest cell seen per column (characters), from which
 * the column widths are set once the sheet is filled. */
typedef struct {
	lxw_worksheet *ws;
	size_t width[XL_COLS];
	lxw_row_t row;   /* the next row to write */
	size_t left_out; /* rows past the sheet's last */
} xl_sheet;

/* An unsupported API and how many rows name it (name owned). */
typedef struct {
	char *name;
	size_t count;
} xl_api;

enum xl_kind { XL_UNSUPPORTED, XL_UNKNOWN, XL_CHANGES, XL_ADVICE, XL__KINDS };

struct tp_xlsx {
	xl_book b;
	char *path, *tmp, *dir, *version;
	xl_sheet summary, files, sheet[XL__KINDS];
	size_t n[TP_OP__COUNT];
	size_t with_rows; /* files with rows */
	tp_map api_index; /* name -> index in apis + 1 */
	tp_array(xl_api) apis;
};

static void xl__check(xl_book *b, lxw_error e)
{
	if (e != LXW_NO_ERROR && b->err == LXW_NO_ERROR)
		b->err = e;
}

/* The next code point of s (strict UTF-8), or -1 for an invalid sequence;
 * *n gets the bytes consumed: for an invalid one, its maximal subpart, so one
 * U+FFFD stands for it as in Python's and most decoders' "replace". */
static long xl__utf8(const unsigned char *s, size_t *n)
{
	unsigned c = s[0], lo = 0x80, hi = 0xBF;
	size_t len;
	*n = 1;
	if (c < 0x80)
		return c;
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		lo = c == 0xE0 ? 0xA0 : lo; /* no overlongs */
		hi = c == 0xED ? 0x9F : hi; /* no surrogates */
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		lo = c == 0xF0 ? 0x90 : lo;
		hi = c == 0xF4 ? 0x8F : hi; /* nothing past U+10FFFF */
	} else {
		return -1;
	}
	long cp = c & (0x3Fu >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if (s[i] < lo || s[i] > hi) {
			*n = i;
			return -1;
		}
		cp = cp << 6 | (s[i] & 0x3F);
		lo = 0x80;
		hi = 0xBF;
	}
	*n = len;
	return cp;
}

/* Whether p starts with what Excel reads as an escaped character, _xHHHH_.
 * libxlsxwriter writes control characters that way but leaves such text
 * alone, so Excel would show "_x0041_" as "A". */
static int xl__escape_like(const unsigned char *p)
{
	if (p[0] != '_' || p[1] != 'x')
		return 0;
	for (int i = 2; i < 6; i++)
		if (!isxdigit(p[i]))
			return 0;
	return p[6] == '_';
}

/* Whether s can go into a cell as it is (most text can): ASCII, nothing
 * that reads as an escape, within Excel's limit. *chars as for xl__text. */
static int xl__plain(const char *s, size_t *chars)
{
	size_t line = 0, longest = 0;
	for (size_t i = 0; s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 || (c == '_' && s[i + 1] == 'x') || i >= XL_CELL_MAX)
			return 0;
		line = c == '\n' ? 0 : line + 1;
		if (line > longest)
			longest = line;
	}
	*chars = longest;
	return 1;
}

/* s as a cell holds it (owned): each invalid UTF-8 sequence becomes U+FFFD,
 * so the XML stays well-formed whatever a path's bytes are; text that reads
 * as an escape is escaped; the text is cut at Excel's limit. *chars gets the
 * length in characters of its longest line. */
static char *xl__text(const char *s, size_t *chars)
{
	tp_buf b = {0};
	size_t total = 0, line = 0, longest = 0;
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	while (*p && total < XL_CELL_MAX) {
		size_t n;
		long cp = xl__utf8(p, &n);
		if (cp < 0)
			tp_buf_puts(&b, "\xEF\xBF\xBD");
		else if (xl__escape_like(p))
			tp_buf_puts(&b, "_x005F_"); /* an escaped '_' */
		else
			tp_buf_add(&b, p, n);
		p += n;
		total++;
		line = cp == '\n' ? 0 : line + 1;
		if (line > longest)
			longest = line;
	}
	tp_buf_putc(&b, '\0');
	*chars = longest;
	return b.ptr;
}

static void xl__width(xl_sheet *s, lxw_col_t col, size_t chars)
{
	if (col < XL_COLS && chars > s->width[col])
		s->width[col] = chars;
}

/* Writes s as a string (never a formula, whatever its first character). An
 * empty string leaves the cell blank, as libxlsxwriter does. */
static void xl__str(xl_book *b, xl_sheet *s, lxw_row_t row, lxw_col_t col, const char *text, lxw_format *fmt)
{
	size_t chars;
	text = text ? text : "";
	char *t = xl__plain(text, &chars) ? NULL : xl__text(text, &chars);
	xl__check(b, worksheet_write_string(s->ws, row, col, t ? t : text, fmt));
	xl__width(s, col, chars);
	free(t);
}

/* A count or line number. */
static void xl__num(xl_book *b, xl_sheet *s, lxw_row_t row, lxw_col_t col, uint64_t v)
{
	char digits[21];
	xl__check(b, worksheet_write_number(s->ws, row, col, (double)v, NULL));
	xl__width(s, col, tp_utoa(digits, v));
}

/* Sets each column to its widest cell plus room for the filter button. */
static void xl__columns(xl_book *b, xl_sheet *s, lxw_col_t ncols)
{
	for (lxw_col_t c = 0; c < ncols && c < XL_COLS; c++) {
		size_t w = s->width[c] + 3;
		xl__check(b, worksheet_set_column(s->ws, c, c, (double)(w > XL_WIDTH_MAX ? XL_WIDTH_MAX : w), NULL));
	}
}

static void xl__header(xl_book *b, xl_sheet *s, lxw_row_t row, const char *const *names, lxw_col_t n)
{
	for (lxw_col_t c = 0; c < n; c++)
		xl__str(b, s, row, c, names[c], b->bold);
}

static int xl__wants(enum xl_kind k, enum tp_op op)
{
	switch (k) {
	case XL_UNSUPPORTED:
		return op == TP_OP_UNSUPPORTED;
	case XL_UNKNOWN:
		return op == TP_OP_UNKNOWN;
	case XL_ADVICE:
		return op >= TP_OP_PRECISION && op <= TP_OP_AFFINITY;
	default:
		return op <= TP_OP_WARNING && op != TP_OP_UNSUPPORTED && op != TP_OP_UNKNOWN;
	}
}

static const char *const xl__sheet_name[] = {"Unsupported", "Unknown", "Changes", "Advice"};

/* Adds a rows sheet: its header now, its rows as files come. */
static void xl__rows_open(xl_book *b, xl_sheet *s, enum xl_kind k)
{
	static const char *const op_hdr[] = {"File", "Start Line", "End Line", "OP", "Tips"};
	static const char *const change_hdr[] = {"File", "Start Line", "End Line", "Operation Type", "Message"};
	static const char *const advice_hdr[] = {"File", "Start Line", "End Line", "Kind", "API", "Advice"};
	s->ws = workbook_add_worksheet(b->wb, xl__sheet_name[k]);
	if (!s->ws) {
		xl__check(b, LXW_ERROR_MEMORY_MALLOC_FAILED);
		return;
	}
	xl__header(b, s, 0, k == XL_CHANGES ? change_hdr : k == XL_ADVICE ? advice_hdr : op_hdr, k == XL_ADVICE ? 6 : 5);
	s->row = 1;
}

/* One row per report row of kind k, with the cells of the matching CSV
 * (unsupported_api.csv, unknown_api.csv, change_list.csv). The sheet's last
 * row is kept for a note pointing at the CSV, should rows be left out. */
static void xl__rows_add(xl_book *b, xl_sheet *s, enum xl_kind k, const char *path, const tp_result *res)
{
	for (size_t i = 0; i < res->rows.len && s->ws; i++) {
		const tp_row *r = &res->rows.items[i];
		if (!xl__wants(k, r->op))
			continue;
		if (s->row >= LXW_ROW_MAX - 1) {
			s->left_out++;
			continue;
		}
		lxw_row_t row = s->row++;
		xl__str(b, s, row, 0, path, NULL);
		xl__num(b, s, row, 1, r->line1);
		xl__num(b, s, row, 2, r->line2);
		if (k == XL_ADVICE) {
			const char *kind = r->op == TP_OP_PRECISION ? "precision" : r->op == TP_OP_PERFORMANCE ? "performance" : "NPU-affine";
			char *what = r->op == TP_OP_AFFINITY ? tp_xprintf("%s (%s)", kind, r->text) : tp_xstrdup(kind);
			xl__str(b, s, row, 3, what, NULL);
			xl__str(b, s, row, 4, r->api, NULL);
			xl__str(b, s, row, 5, r->message, NULL);
			free(what);
		} else {
			xl__str(b, s, row, 3, k == XL_CHANGES ? tp_op_name(r->op) : r->api, NULL);
			xl__str(b, s, row, 4, r->message, NULL);
		}
	}
}

static void xl__rows_close(xl_book *b, xl_sheet *s, enum xl_kind k)
{
	static const char *const csv[] = {"unsupported_api.csv", "unknown_api.csv", "change_list.csv",
					  "api_precision_advice.csv, api_performance_advice.csv and affinity_api_call.csv"};
	lxw_col_t ncols = k == XL_ADVICE ? 6 : 5;
	if (!s->ws)
		return;
	if (s->left_out) {
		char *note = tp_xprintf("%zu more rows: see %s", s->left_out, csv[k]);
		xl__str(b, s, s->row++, 0, note, NULL);
		free(note);
	}
	worksheet_freeze_panes(s->ws, 1, 0);
	xl__check(b, worksheet_autofilter(s->ws, 0, 0, s->row - 1, ncols - 1));
	xl__columns(b, s, ncols);
}

static int xl__api_by_count(const void *a, const void *b)
{
	const xl_api *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* An Excel table (own filter buttons, bold header) over rows first..last;
 * at least one data row, as Excel requires. */
static void xl__table(xl_book *b, xl_sheet *s, const char *name, lxw_row_t first, lxw_row_t last,
		      const char *const *headers, lxw_col_t n)
{
	lxw_table_column cols[XL_COLS] = {{0}};
	lxw_table_column *ptrs[XL_COLS + 1] = {0};
	for (lxw_col_t c = 0; c < n; c++) {
		cols[c].header = (char *)headers[c];
		cols[c].header_format = b->bold;
		ptrs[c] = &cols[c];
		xl__width(s, c, strlen(headers[c]));
	}
	lxw_table_options opt = {.name = (char *)name, .columns = ptrs};
	xl__check(b, worksheet_add_table(s->ws, first, 0, last > first ? last : first + 1, n - 1, &opt));
}

/* A bar chart of the first (most frequent) of the napis APIs whose table
 * header is on row top. Bars run top-down from the most frequent: a bar chart
 * draws its first category at the bottom, so the category axis (y) is
 * reversed and the value axis moved to cross it at its far end. */
static void xl__chart(xl_book *b, xl_sheet *s, lxw_row_t top, size_t napis)
{
	size_t bars = napis < XL_CHART_BARS ? napis : XL_CHART_BARS;
	lxw_chart *chart = workbook_add_chart(b->wb, LXW_CHART_BAR);
	lxw_chart_series *series = chart ? chart_add_series(chart, NULL, NULL) : NULL;
	if (!series) {
		xl__check(b, LXW_ERROR_MEMORY_MALLOC_FAILED);
		return;
	}
	chart_series_set_categories(series, "Summary", top + 1, 0, (lxw_row_t)(top + bars), 0);
	chart_series_set_values(series, "Summary", top + 1, 1, (lxw_row_t)(top + bars), 1);
	chart_title_set_name(chart, bars < napis ? "Most frequent unsupported APIs (top 10)" : "Unsupported APIs");
	chart_legend_set_position(chart, LXW_CHART_LEGEND_NONE);
	chart_axis_set_reverse(chart->y_axis);
	chart_axis_set_crossing_max(chart->y_axis);
	lxw_chart_options place = {.x_scale = 1.5, .y_scale = 1.0 + (double)bars / 10};
	xl__check(b, worksheet_insert_chart_opt(s->ws, 3, 6, chart, &place));
}

/* The Summary sheet, written last (it is the first sheet) from the counts
 * gathered as rows came. It is the one sheet held in memory (its Excel
 * table needs that): a row per unsupported API, none per file or row. */
static void xl__summary(tp_xlsx *x)
{
	static const char *const api_hdr[] = {"API", "Count"};
	xl_book *b = &x->b;
	xl_sheet s = x->summary;
	if (!s.ws)
		return;
	if (x->apis.len)
		qsort(x->apis.items, x->apis.len, sizeof *x->apis.items, xl__api_by_count);

	/* The title may run over the columns to its right: not measured. */
	xl__check(b, worksheet_write_string(s.ws, 0, 0, "transplt: CUDA to Ascend NPU migration report", b->title));
	xl__str(b, &s, 1, 0, "torch_npu op support for PyTorch", NULL);
	xl__str(b, &s, 1, 1, x->version ? x->version : "newest", NULL);
	xl__str(b, &s, 3, 0, "Totals", b->bold);
	const size_t *n = x->n;
	struct { const char *label; size_t v; } totals[] = {
		{"Files with rows", x->with_rows},
		{"Changes", n[TP_OP_INSERT] + n[TP_OP_MODIFY] + n[TP_OP_DELETE]},
		{"Unsupported", n[TP_OP_UNSUPPORTED]},
		{"Unknown", n[TP_OP_UNKNOWN]},
		{"Warnings", n[TP_OP_WARNING]},
	};
	for (size_t i = 0; i < sizeof totals / sizeof *totals; i++) {
		xl__str(b, &s, (lxw_row_t)(4 + i), 0, totals[i].label, NULL);
		xl__num(b, &s, (lxw_row_t)(4 + i), 1, totals[i].v);
	}

	/* The APIs, beside the chart: their list is short and the reason to
	 * open this sheet. */
	lxw_row_t top = 10, row;
	if (x->apis.len) {
		row = top + 1;
		for (size_t i = 0; i < x->apis.len; i++, row++) {
			xl__str(b, &s, row, 0, x->apis.items[i].name, NULL);
			xl__num(b, &s, row, 1, x->apis.items[i].count);
		}
		xl__table(b, &s, "UnsupportedAPIs", top, row - 1, api_hdr, 2);
		xl__chart(b, &s, top, x->apis.len);
	} else {
		xl__str(b, &s, top, 0, "No unsupported APIs.", NULL);
	}

	xl__columns(b, &s, 2);
}

int tp_xlsx_open(tp_xlsx **out, const char *path, const char *version)
{
	tp_xlsx *x = *out = tp_xcalloc(1, sizeof *x);
	x->path = tp_xstrdup(path);
	x->version = version ? tp_xstrdup(version) : NULL;
	x->tmp = tp_xprintf("%s.tp-tmp", path);
	tp_map_init(&x->api_index);
	/* libxlsxwriter's scratch files go next to the result, not to a /tmp
	 * that may be missing or small. */
	x->dir = tp_xstrdup(path);
	char *slash = strrchr(x->dir, '/');
	if (slash)
		*(slash == x->dir ? slash + 1 : slash) = '\0';
	else
		strcpy(x->dir, ".");

	/* Created here first, so a folder that refuses it gets our message and
	 * not also libxlsxwriter's own on stderr. */
	int fd = open(x->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return tp_error_set(TP_EIO, "%s: cannot create: %s", path, strerror(errno));
	int perm = fchmod(fd, 0644);
	close(fd);
	if (perm != 0)
		return tp_error_set(TP_EIO, "%s: cannot set permissions: %s", path, strerror(errno));

	/* constant_memory: each rows sheet streams to a scratch file, row
	 * after row, so the workbook's memory does not grow with the rows. */
	lxw_workbook_options opt = {.tmpdir = x->dir, .constant_memory = LXW_TRUE};
	x->b.wb = workbook_new_opt(x->tmp, &opt);
	if (!x->b.wb)
		return tp_error_set(TP_EIO, "%s: cannot create the workbook", path);
	lxw_doc_properties props = {.title = "transplt migration report", .created = XL_CREATED};
	xl__check(&x->b, workbook_set_properties(x->b.wb, &props));
	x->b.bold = workbook_add_format(x->b.wb);
	x->b.title = workbook_add_format(x->b.wb);
	if (!x->b.bold || !x->b.title) {
		xl__check(&x->b, LXW_ERROR_MEMORY_MALLOC_FAILED);
		return 0;
	}
	format_set_bold(x->b.bold);
	format_set_bold(x->b.title);
	format_set_font_size(x->b.title, 14);
	/* The Summary is written last and has tables, which a streamed sheet
	 * cannot hold: it alone is added as an in-memory sheet (each new sheet
	 * takes the workbook's constant_memory setting as it is then). */
	x->b.wb->optimize = x->b.wb->options.constant_memory = LXW_FALSE;
	x->summary.ws = workbook_add_worksheet(x->b.wb, "Summary");
	x->b.wb->optimize = x->b.wb->options.constant_memory = LXW_TRUE;
	if (!x->summary.ws)
		xl__check(&x->b, LXW_ERROR_MEMORY_MALLOC_FAILED);
	static const char *const file_hdr[] = {"File", "Changes", "Unsupported", "Unknown", "Warnings"};
	x->files.ws = workbook_add_worksheet(x->b.wb, "Files");
	if (!x->files.ws)
		xl__check(&x->b, LXW_ERROR_MEMORY_MALLOC_FAILED);
	else
		xl__header(&x->b, &x->files, 0, file_hdr, 5);
	x->files.row = 1;
	for (int k = 0; k < XL__KINDS; k++)
		xl__rows_open(&x->b, &x->sheet[k], (enum xl_kind)k);
	return 0;
}

void tp_xlsx_add(tp_xlsx *x, const char *path, const tp_result *res)
{
	if (!x->b.wb || !res->rows.len)
		return;
	size_t c[TP_OP__COUNT] = {0};
	for (size_t i = 0; i < res->rows.len; i++) {
		const tp_row *r = &res->rows.items[i];
		c[r->op]++;
		x->n[r->op]++;
		if (r->op != TP_OP_UNSUPPORTED)
			continue;
		const char *name = r->api ? r->api : "";
		size_t at = (size_t)(uintptr_t)tp_map_get(&x->api_index, name, strlen(name));
		if (at) {
			x->apis.items[at - 1].count++;
			continue;
		}
		tp_array_push(&x->apis, ((xl_api){tp_xstrdup(name), 1}));
		const char *key = x->apis.items[x->apis.len - 1].name;
		tp_map_put(&x->api_index, key, strlen(key), (void *)(uintptr_t)x->apis.len);
	}
	x->with_rows++;
	xl_sheet *fs = &x->files;
	if (fs->ws && fs->row >= LXW_ROW_MAX - 1) {
		fs->left_out++;
	} else if (fs->ws) {
		lxw_row_t row = fs->row++;
		xl__str(&x->b, fs, row, 0, path, NULL);
		xl__num(&x->b, fs, row, 1, c[TP_OP_INSERT] + c[TP_OP_MODIFY] + c[TP_OP_DELETE]);
		xl__num(&x->b, fs, row, 2, c[TP_OP_UNSUPPORTED]);
		xl__num(&x->b, fs, row, 3, c[TP_OP_UNKNOWN]);
		xl__num(&x->b, fs, row, 4, c[TP_OP_WARNING]);
	}
	for (int k = 0; k < XL__KINDS; k++)
		xl__rows_add(&x->b, &x->sheet[k], (enum xl_kind)k, path, res);
}

int tp_xlsx_close(tp_xlsx *x, int rc)
{
	if (x->b.wb) {
		if (rc == 0) {
			xl__summary(x);
			if (x->files.ws) {
				if (x->files.left_out) {
					char *note = tp_xprintf("%zu more files: see change_list.csv", x->files.left_out);
					xl__str(&x->b, &x->files, x->files.row++, 0, note, NULL);
					free(note);
				}
				worksheet_freeze_panes(x->files.ws, 1, 0);
				xl__check(&x->b, worksheet_autofilter(x->files.ws, 0, 0, x->files.row - 1, 4));
				xl__columns(&x->b, &x->files, 5);
			}
			for (int k = 0; k < XL__KINDS; k++)
				xl__rows_close(&x->b, &x->sheet[k], (enum xl_kind)k);
		}
		/* Closing writes the file and frees the workbook, even after an error. */
		errno = 0;
		lxw_error closed = workbook_close(x->b.wb);
		int close_errno = errno;
		xl__check(&x->b, closed);
		if (rc < 0)
			; /* abandoned: the file goes */
		else if (x->b.err != LXW_NO_ERROR)
			rc = closed != LXW_NO_ERROR && close_errno
				     ? tp_error_set(TP_EIO, "%s: cannot write: %s (%s)", x->path, lxw_strerror(x->b.err), strerror(close_errno))
				     : tp_error_set(TP_EIO, "%s: cannot write: %s", x->path, lxw_strerror(x->b.err));
		else if (rename(x->tmp, x->path) != 0)
			rc = tp_error_set(TP_EIO, "%s: cannot rename into place: %s", x->path, strerror(errno));
	} else if (rc == 0) {
		rc = TP_EIO; /* tp_xlsx_open said why */
	}
	if (rc < 0)
		unlink(x->tmp);
	for (size_t i = 0; i < x->apis.len; i++)
		free(x->apis.items[i].name);
	tp_array_free(&x->apis);
	tp_map_dispose(&x->api_index);
	free(x->path);
	free(x->tmp);
	free(x->dir);
	free(x->version);
	free(x);
	return rc;
}
