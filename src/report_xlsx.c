/* report_xlsx: the unsupported_op.xlsx workbook, filled from the same rows
 * as the CSV reports, as they come. An xlsx file is a zip of XML parts; this
 * module writes both, and is the only one that includes zlib.h.
 *
 * The rows sheets are nearly all of the workbook (7 MB of XML for a tree of
 * 1,300 files), so each is deflated as its rows come, by the thread that
 * merges them, into a scratch file of its own: closing only adds the small
 * parts and copies. A sheet's head (its size, its column widths) is known
 * once its rows are in, so it is deflated last, as a run of blocks of its
 * own: runs ended by a sync flush join into one deflate stream, as pigz
 * joins its threads' runs. */
#include "report_xlsx.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "error.h"
#include "map.h"

#define XL_CELL_MAX 32767   /* characters Excel holds in one cell */
#define XL_ROW_MAX 1048576  /* rows in a sheet */
#define XL_WIDTH_MAX 80     /* widest column, in characters */
#define XL_CHART_BARS 10    /* APIs in the chart */
#define XL_COLS 6           /* columns of the widest sheet */
#define XL_CHUNK 65536      /* rows' XML gathered before it is deflated */
/* zlib's fastest level: 4 times the speed of its default for 1.3 times the
 * bytes, on this XML. */
#define XL_LEVEL 1
/* Every member's time stamp: 1980-01-01 00:00, the first a zip can hold, so
 * the bytes depend only on the rows. */
#define XL_DOS_DATE 0x21

#define XL_DECL "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
#define XL_NS_MAIN "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
#define XL_NS_PKG "http://schemas.openxmlformats.org/package/2006/relationships"
#define XL_NS_DOC "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#define XL_CT "application/vnd.openxmlformats-officedocument."

/* Cell styles, as styles.xml lists them. */
enum { XL_PLAIN, XL_BOLD, XL_TITLE };

/* Cells being written: their XML and the widest text per column
 * (characters), from which the column widths are set. */
typedef struct {
	tp_buf xml;
	size_t width[XL_COLS];
} xl_grid;

/* A rows sheet: its grid, whose XML is deflated each XL_CHUNK bytes into
 * body (a scratch file, already unlinked). */
typedef struct {
	xl_grid g;
	uint32_t rows;   /* written, the header's included */
	size_t left_out; /* rows past the sheet's last */
	z_stream z;
	int z_live;
	FILE *body;
	uLong crc;          /* of the XML deflated so far */
	uint64_t raw, packed; /* its bytes, and theirs deflated */
} xl_sheet;

/* The rows sheets, in the workbook's order after the Summary. */
enum xl_kind { XL_FILES, XL_UNSUPPORTED, XL_UNKNOWN, XL_CHANGES, XL_ADVICE, XL__SHEETS };

static const char *const xl__sheet_name[] = {"Files", "Unsupported", "Unknown", "Changes", "Advice"};
static const unsigned xl__ncols[] = {5, 5, 5, 5, 6};

/* An unsupported API and how many rows name it (name owned). */
typedef struct {
	char *name;
	size_t count;
} xl_api;

struct tp_xlsx {
	char *path, *tmp, *version;
	FILE *out;  /* the zip, written when closing */
	int err;    /* errno of the first failure; later calls still run */
	xl_sheet sheet[XL__SHEETS];
	size_t n[TP_OP__COUNT];
	size_t with_rows; /* files with rows */
	tp_map api_index; /* name -> index in apis + 1 */
	tp_array(xl_api) apis;
};

static void xl__fail(tp_xlsx *x, int e)
{
	if (!x->err)
		x->err = e ? e : EIO;
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

/* Whether p starts with what Excel reads as an escaped character, _xHHHH_. */
static int xl__escape_like(const unsigned char *p)
{
	if (p[0] != '_' || p[1] != 'x')
		return 0;
	for (int i = 2; i < 6; i++)
		if (!isxdigit(p[i]))
			return 0;
	return p[6] == '_';
}

/* Appends s as a cell's text: XML-escaped; each control character but tab
 * and newline as Excel's escape _xHHHH_, and text that reads as one escaped
 * in turn, so Excel shows it as written; each invalid UTF-8 sequence as
 * U+FFFD, so the XML stays well-formed whatever a path's bytes are; cut at
 * Excel's limit. Returns the length in characters of its longest line. */
static size_t xl__text(tp_buf *b, const char *s)
{
	size_t total = 0, line = 0, longest = 0;
	const unsigned char *p = (const unsigned char *)s;
	while (*p && total < XL_CELL_MAX) {
		/* Most text is a run of printable ASCII that stays as it is. */
		size_t run = 0;
		while (p[run] >= 0x20 && p[run] < 0x7F && p[run] != '&' && p[run] != '<' && p[run] != '>' && p[run] != '_' &&
		       total + run < XL_CELL_MAX)
			run++;
		if (run) {
			tp_buf_add(b, p, run);
			p += run;
			total += run;
			line += run;
			longest = line > longest ? line : longest;
			continue;
		}
		size_t n;
		long cp = xl__utf8(p, &n);
		if (cp < 0)
			tp_buf_add(b, "\xEF\xBF\xBD", 3);
		else if (cp == '&')
			tp_buf_add(b, "&amp;", 5);
		else if (cp == '<')
			tp_buf_add(b, "&lt;", 4);
		else if (cp == '>')
			tp_buf_add(b, "&gt;", 4);
		else if (cp < 0x20 && cp != '\t' && cp != '\n')
			tp_buf_printf(b, "_x%04lX_", cp);
		else if (xl__escape_like(p))
			tp_buf_add(b, "_x005F_", 7); /* an escaped '_' */
		else
			tp_buf_add(b, p, n);
		p += n;
		total++;
		line = cp == '\n' ? 0 : line + 1;
		longest = line > longest ? line : longest;
	}
	return longest;
}

static int xl__space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* "B12": column col (from 0), row (from 1). */
static void xl__ref(tp_buf *b, unsigned col, uint32_t row)
{
	tp_buf_putc(b, (char)('A' + col));
	tp_buf_putu(b, row);
}

static void xl__width(xl_grid *g, unsigned col, size_t chars)
{
	if (col < XL_COLS && chars > g->width[col])
		g->width[col] = chars;
}

/* A string cell; an empty string leaves the cell blank. With sst, the text
 * goes to the shared strings (count *nsst) and the cell names it; without,
 * the cell holds it. */
static void xl__str(xl_grid *g, uint32_t row, unsigned col, const char *text, int style, tp_buf *sst, size_t *nsst)
{
	if (!text || !*text)
		return;
	tp_buf *b = sst ? sst : &g->xml;
	const char *open = xl__space(text[0]) || xl__space(text[strlen(text) - 1]) ? "<t xml:space=\"preserve\">" : "<t>";
	tp_buf_add(&g->xml, "<c r=\"", 6);
	xl__ref(&g->xml, col, row);
	if (style)
		tp_buf_printf(&g->xml, "\" s=\"%d", style);
	if (sst) {
		tp_buf_add(&g->xml, "\" t=\"s\"><v>", 11);
		tp_buf_putu(&g->xml, (*nsst)++);
		tp_buf_add(&g->xml, "</v></c>", 8);
		tp_buf_puts(b, "<si>");
	} else {
		tp_buf_add(&g->xml, "\" t=\"inlineStr\"><is>", 20);
	}
	tp_buf_puts(b, open);
	size_t chars = xl__text(b, text);
	tp_buf_puts(b, sst ? "</t></si>" : "</t></is></c>");
	if (style != XL_TITLE) /* the title may run over the columns to its right */
		xl__width(g, col, chars);
}

/* A count or line number. */
static void xl__num(xl_grid *g, uint32_t row, unsigned col, uint64_t v)
{
	char digits[21];
	size_t n = tp_utoa(digits, v);
	tp_buf_add(&g->xml, "<c r=\"", 6);
	xl__ref(&g->xml, col, row);
	tp_buf_add(&g->xml, "\"><v>", 5);
	tp_buf_add(&g->xml, digits, n);
	tp_buf_add(&g->xml, "</v></c>", 8);
	xl__width(g, col, n);
}

static void xl__row_open(tp_buf *b, uint32_t row)
{
	tp_buf_add(b, "<row r=\"", 8);
	tp_buf_putu(b, row);
	tp_buf_add(b, "\">", 2);
}

/* Runs len bytes through z with flush, onto buf or file; adds the bytes
 * out to *packed. */
static void xl__z(tp_xlsx *x, z_stream *z, const void *data, size_t len, int flush, tp_buf *buf, FILE *file, uint64_t *packed)
{
	unsigned char out[XL_CHUNK];
	z->next_in = (unsigned char *)data;
	z->avail_in = (uInt)len;
	do {
		z->next_out = out;
		z->avail_out = sizeof out;
		if (deflate(z, flush) == Z_STREAM_ERROR)
			xl__fail(x, EINVAL);
		size_t have = sizeof out - z->avail_out;
		if (buf)
			tp_buf_add(buf, out, have);
		else if (have && fwrite(out, 1, have, file) != have)
			xl__fail(x, errno);
		*packed += have;
	} while (z->avail_out == 0);
}

static int xl__z_init(z_stream *z)
{
	*z = (z_stream){0};
	return deflateInit2(z, XL_LEVEL, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK;
}

/* Deflates what the sheet's XML holds into its body; Z_SYNC_FLUSH also
 * ends the body's run of blocks, on a byte. */
static void xl__pump(tp_xlsx *x, xl_sheet *s, int flush)
{
	if (!s->z_live)
		return;
	xl__z(x, &s->z, s->g.xml.ptr, s->g.xml.len, flush, NULL, s->body, &s->packed);
	s->crc = crc32(s->crc, (const unsigned char *)s->g.xml.ptr, (uInt)s->g.xml.len);
	s->raw += s->g.xml.len;
	s->g.xml.len = 0;
}

/* len bytes deflated on their own onto out: a run of blocks that Z_FINISH
 * ends the stream with, or that Z_SYNC_FLUSH leaves open for more. */
static void xl__deflate(tp_xlsx *x, tp_buf *out, const void *data, size_t len, int flush)
{
	z_stream z;
	uint64_t packed = 0;
	if (!xl__z_init(&z)) {
		xl__fail(x, ENOMEM);
		return;
	}
	xl__z(x, &z, data, len, flush, out, NULL, &packed);
	deflateEnd(&z);
}

/* The zip being written: members' local headers and data go to f as they
 * come, their central directory entries to dir, written last. */
typedef struct {
	FILE *f;
	uint64_t at; /* bytes written */
	tp_buf dir;
	unsigned count;
} xl_zip;

static void xl__le(tp_buf *b, uint32_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		tp_buf_putc(b, (char)(v >> (8 * i) & 0xFF));
}

/* The member's headers (its data follows, packed bytes deflated from raw).
 * A zip without its 64-bit extension holds 4 GiB: report sheets stay far
 * under it, and one past it fails (EFBIG) instead of being cut. */
static void xl__member(tp_xlsx *x, xl_zip *z, const char *name, uLong crc, uint64_t packed, uint64_t raw)
{
	if (raw > UINT32_MAX || z->at + packed + 1024 > UINT32_MAX) {
		xl__fail(x, EFBIG);
		return;
	}
	uint32_t len = (uint32_t)strlen(name);
	tp_buf local = {0};
	for (int central = 0; central < 2; central++) {
		tp_buf *b = central ? &z->dir : &local;
		xl__le(b, central ? 0x02014b50 : 0x04034b50, 4);
		if (central)
			xl__le(b, 20, 2); /* made by: version 2.0 */
		xl__le(b, 20, 2);         /* needs version 2.0: deflate */
		xl__le(b, 0, 2);          /* no flags */
		xl__le(b, Z_DEFLATED, 2);
		xl__le(b, 0, 2); /* time */
		xl__le(b, XL_DOS_DATE, 2);
		xl__le(b, (uint32_t)crc, 4);
		xl__le(b, (uint32_t)packed, 4);
		xl__le(b, (uint32_t)raw, 4);
		xl__le(b, len, 2);
		xl__le(b, 0, 2); /* extra field */
		if (central) {
			xl__le(b, 0, 2); /* comment */
			xl__le(b, 0, 2); /* disk */
			xl__le(b, 0, 2); /* internal attributes */
			xl__le(b, 0, 4); /* external attributes */
			xl__le(b, (uint32_t)z->at, 4);
		}
		tp_buf_add(b, name, len);
	}
	if (fwrite(local.ptr, 1, local.len, z->f) != local.len)
		xl__fail(x, errno);
	z->at += local.len + packed;
	z->count++;
	tp_buf_dispose(&local);
}

/* A small member: xml, deflated whole. */
static void xl__part(tp_xlsx *x, xl_zip *z, const char *name, const tp_buf *xml)
{
	tp_buf packed = {0};
	xl__deflate(x, &packed, xml->ptr, xml->len, Z_FINISH);
	xl__member(x, z, name, crc32(0, (const unsigned char *)xml->ptr, (uInt)xml->len), packed.len, xml->len);
	if (packed.len && fwrite(packed.ptr, 1, packed.len, z->f) != packed.len)
		xl__fail(x, errno);
	tp_buf_dispose(&packed);
}

/* A rows sheet's member: head, then the body as deflated, then tail. */
static void xl__sheet_part(tp_xlsx *x, xl_zip *z, const char *name, const tp_buf *head, xl_sheet *s, const tp_buf *tail)
{
	tp_buf h = {0}, t = {0};
	xl__pump(x, s, Z_SYNC_FLUSH);
	xl__deflate(x, &h, head->ptr, head->len, Z_SYNC_FLUSH);
	xl__deflate(x, &t, tail->ptr, tail->len, Z_FINISH);
	uLong crc = crc32(0, (const unsigned char *)head->ptr, (uInt)head->len);
	crc = crc32_combine(crc, s->crc, (z_off_t)s->raw);
	crc = crc32_combine(crc, crc32(0, (const unsigned char *)tail->ptr, (uInt)tail->len), (z_off_t)tail->len);
	xl__member(x, z, name, crc, h.len + s->packed + t.len, head->len + s->raw + tail->len);
	if (fwrite(h.ptr, 1, h.len, z->f) != h.len)
		xl__fail(x, errno);
	if (fflush(s->body) != 0 || fseek(s->body, 0, SEEK_SET) != 0)
		xl__fail(x, errno);
	unsigned char chunk[XL_CHUNK];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, s->body)) > 0)
		if (fwrite(chunk, 1, n, z->f) != n)
			xl__fail(x, errno);
	if (ferror(s->body))
		xl__fail(x, errno);
	if (fwrite(t.ptr, 1, t.len, z->f) != t.len)
		xl__fail(x, errno);
	tp_buf_dispose(&h);
	tp_buf_dispose(&t);
}

/* A sheet's XML up to its rows: size, frozen header or first shown, widths. */
static void xl__head(tp_buf *b, const xl_grid *g, unsigned ncols, uint32_t rows, int summary)
{
	tp_buf_puts(b, XL_DECL "<worksheet xmlns=\"" XL_NS_MAIN "\" xmlns:r=\"" XL_NS_DOC "\"><dimension ref=\"A1:");
	xl__ref(b, ncols - 1, rows ? rows : 1);
	tp_buf_puts(b, summary ? "\"/><sheetViews><sheetView tabSelected=\"1\" workbookViewId=\"0\"/>"
			       : "\"/><sheetViews><sheetView workbookViewId=\"0\"><pane ySplit=\"1\" topLeftCell=\"A2\" "
				 "activePane=\"bottomLeft\" state=\"frozen\"/><selection pane=\"bottomLeft\"/></sheetView>");
	tp_buf_puts(b, "</sheetViews><sheetFormatPr defaultRowHeight=\"15\"/><cols>");
	for (unsigned c = 0; c < ncols; c++) {
		/* plus room for the filter button; Excel pads a width of n characters to n + 5/7 */
		size_t w = g->width[c] + 3;
		tp_buf_printf(b, "<col min=\"%u\" max=\"%u\" width=\"%zu.7109375\" customWidth=\"1\"/>", c + 1, c + 1,
			      w > XL_WIDTH_MAX ? XL_WIDTH_MAX : w);
	}
	tp_buf_puts(b, "</cols><sheetData>");
}

#define XL_MARGINS "<pageMargins left=\"0.7\" right=\"0.7\" top=\"0.75\" bottom=\"0.75\" header=\"0.3\" footer=\"0.3\"/>"

/* Opens a rows sheet: its scratch file, its deflate stream, its header row. */
static void xl__sheet_open(tp_xlsx *x, enum xl_kind k)
{
	static const char *const file_hdr[] = {"File", "Changes", "Unsupported", "Unknown", "Warnings"};
	static const char *const op_hdr[] = {"File", "Start Line", "End Line", "OP", "Tips"};
	static const char *const change_hdr[] = {"File", "Start Line", "End Line", "Operation Type", "Message"};
	static const char *const advice_hdr[] = {"File", "Start Line", "End Line", "Kind", "API", "Advice"};
	const char *const *hdr = k == XL_FILES ? file_hdr : k == XL_CHANGES ? change_hdr : k == XL_ADVICE ? advice_hdr : op_hdr;
	xl_sheet *s = &x->sheet[k];
	/* next to the result, not in a /tmp that may be missing or small */
	char *name = tp_xprintf("%s.tp-XXXXXX", x->path);
	int fd = mkstemp(name);
	if (fd < 0) {
		xl__fail(x, errno);
	} else {
		unlink(name);
		s->body = fdopen(fd, "w+b");
		if (!s->body) {
			xl__fail(x, errno);
			close(fd);
		}
	}
	free(name);
	s->z_live = s->body && xl__z_init(&s->z);
	if (s->body && !s->z_live)
		xl__fail(x, ENOMEM);
	xl__row_open(&s->g.xml, 1);
	for (unsigned c = 0; c < xl__ncols[k]; c++)
		xl__str(&s->g, 1, c, hdr[c], XL_BOLD, NULL, NULL);
	tp_buf_puts(&s->g.xml, "</row>");
	s->rows = 1;
}

/* Starts a row of sheet s, or counts it left out past the sheet's last
 * (kept for a note pointing at the CSV). Returns its number, or 0. */
static uint32_t xl__row(xl_sheet *s)
{
	if (s->rows >= XL_ROW_MAX - 1) {
		s->left_out++;
		return 0;
	}
	xl__row_open(&s->g.xml, ++s->rows);
	return s->rows;
}

static void xl__row_end(tp_xlsx *x, xl_sheet *s)
{
	tp_buf_add(&s->g.xml, "</row>", 6);
	if (s->g.xml.len >= XL_CHUNK)
		xl__pump(x, s, Z_NO_FLUSH);
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

/* One row per report row of kind k, with the cells of the matching CSV
 * (unsupported_api.csv, unknown_api.csv, change_list.csv). */
static void xl__rows_add(tp_xlsx *x, enum xl_kind k, const char *path, const tp_result *res)
{
	xl_sheet *s = &x->sheet[k];
	for (size_t i = 0; i < res->rows.len; i++) {
		const tp_row *r = &res->rows.items[i];
		uint32_t row;
		if (!xl__wants(k, r->op) || !(row = xl__row(s)))
			continue;
		xl__str(&s->g, row, 0, path, XL_PLAIN, NULL, NULL);
		xl__num(&s->g, row, 1, r->line1);
		xl__num(&s->g, row, 2, r->line2);
		if (k == XL_ADVICE) {
			const char *kind = r->op == TP_OP_PRECISION ? "precision" : r->op == TP_OP_PERFORMANCE ? "performance" : "NPU-affine";
			char *what = r->op == TP_OP_AFFINITY ? tp_xprintf("%s (%s)", kind, r->text) : NULL;
			xl__str(&s->g, row, 3, what ? what : kind, XL_PLAIN, NULL, NULL);
			xl__str(&s->g, row, 4, r->api, XL_PLAIN, NULL, NULL);
			xl__str(&s->g, row, 5, r->message, XL_PLAIN, NULL, NULL);
			free(what);
		} else {
			xl__str(&s->g, row, 3, k == XL_CHANGES ? tp_op_name(r->op) : r->api, XL_PLAIN, NULL, NULL);
			xl__str(&s->g, row, 4, r->message, XL_PLAIN, NULL, NULL);
		}
		xl__row_end(x, s);
	}
}

/* Closes rows sheet k into the zip (as sheet number) and names its filter
 * range in defined (workbook.xml's). */
static void xl__sheet_close(tp_xlsx *x, xl_zip *z, enum xl_kind k, tp_buf *defined)
{
	static const char *const csv[] = {"change_list.csv", "unsupported_api.csv", "unknown_api.csv", "change_list.csv",
					  "api_precision_advice.csv, api_performance_advice.csv and affinity_api_call.csv"};
	xl_sheet *s = &x->sheet[k];
	unsigned ncols = xl__ncols[k];
	if (s->left_out) {
		char *note = tp_xprintf("%zu more %s: see %s", s->left_out, k == XL_FILES ? "files" : "rows", csv[k]);
		xl__row_open(&s->g.xml, ++s->rows);
		xl__str(&s->g, s->rows, 0, note, XL_PLAIN, NULL, NULL);
		tp_buf_puts(&s->g.xml, "</row>");
		free(note);
	}
	char last = (char)('A' + ncols - 1);
	tp_buf_printf(defined, "<definedName name=\"_xlnm._FilterDatabase\" localSheetId=\"%d\" hidden=\"1\">%s!$A$1:$%c$%u</definedName>",
		      (int)k + 1, xl__sheet_name[k], last, s->rows);
	tp_buf head = {0}, tail = {0};
	xl__head(&head, &s->g, ncols, s->rows, 0);
	tp_buf_printf(&tail, "</sheetData><autoFilter ref=\"A1:%c%u\"/>" XL_MARGINS "</worksheet>", last, s->rows);
	char *name = tp_xprintf("xl/worksheets/sheet%d.xml", (int)k + 2);
	xl__sheet_part(x, z, name, &head, s, &tail);
	free(name);
	tp_buf_dispose(&head);
	tp_buf_dispose(&tail);
}

static int xl__api_by_count(const void *a, const void *b)
{
	const xl_api *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* A bar chart of the first bars (most frequent) APIs, whose table header is
 * on row top (from 1), of napis in all: its chart part, and the drawing that
 * puts it at G4. Bars run top-down from the most frequent: a bar chart draws
 * its first category at the bottom, so the category axis is reversed and
 * the value axis crosses it at its far end. */
static void xl__chart(tp_xlsx *x, xl_zip *z, uint32_t top, size_t napis)
{
	size_t bars = napis < XL_CHART_BARS ? napis : XL_CHART_BARS;
	tp_buf b = {0}, cat = {0}, val = {0};
	uint32_t first = top + 1, last = top + (uint32_t)bars;
	tp_buf_printf(&cat, "Summary!$A$%u", first);
	tp_buf_printf(&val, "Summary!$B$%u", first);
	if (bars > 1) {
		tp_buf_printf(&cat, ":$A$%u", last);
		tp_buf_printf(&val, ":$B$%u", last);
	}
	tp_buf_puts(&b, XL_DECL "<c:chartSpace xmlns:c=\"http://schemas.openxmlformats.org/drawingml/2006/chart\" "
			"xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" xmlns:r=\"" XL_NS_DOC "\">"
			"<c:lang val=\"en-US\"/><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr/>"
			"</a:pPr><a:r><a:rPr lang=\"en-US\"/><a:t>");
	tp_buf_puts(&b, bars < napis ? "Most frequent unsupported APIs (top 10)" : "Unsupported APIs");
	tp_buf_printf(&b, "</a:t></a:r></a:p></c:rich></c:tx><c:layout/></c:title><c:plotArea><c:layout/><c:barChart>"
			  "<c:barDir val=\"bar\"/><c:grouping val=\"clustered\"/><c:ser><c:idx val=\"0\"/><c:order val=\"0\"/>"
			  "<c:cat><c:strRef><c:f>%s</c:f><c:strCache><c:ptCount val=\"%zu\"/>",
		      cat.ptr, bars);
	for (size_t i = 0; i < bars; i++) {
		tp_buf_printf(&b, "<c:pt idx=\"%zu\"><c:v>", i);
		xl__text(&b, x->apis.items[i].name);
		tp_buf_puts(&b, "</c:v></c:pt>");
	}
	tp_buf_printf(&b, "</c:strCache></c:strRef></c:cat><c:val><c:numRef><c:f>%s</c:f><c:numCache>"
			  "<c:formatCode>General</c:formatCode><c:ptCount val=\"%zu\"/>",
		      val.ptr, bars);
	for (size_t i = 0; i < bars; i++)
		tp_buf_printf(&b, "<c:pt idx=\"%zu\"><c:v>%zu</c:v></c:pt>", i, x->apis.items[i].count);
	tp_buf_puts(&b, "</c:numCache></c:numRef></c:val></c:ser><c:axId val=\"50010001\"/><c:axId val=\"50010002\"/>"
			"</c:barChart><c:catAx><c:axId val=\"50010001\"/><c:scaling><c:orientation val=\"maxMin\"/></c:scaling>"
			"<c:axPos val=\"l\"/><c:tickLblPos val=\"nextTo\"/><c:crossAx val=\"50010002\"/><c:crosses val=\"autoZero\"/>"
			"<c:auto val=\"1\"/><c:lblAlgn val=\"ctr\"/><c:lblOffset val=\"100\"/></c:catAx><c:valAx>"
			"<c:axId val=\"50010002\"/><c:scaling><c:orientation val=\"minMax\"/></c:scaling><c:axPos val=\"b\"/>"
			"<c:majorGridlines/><c:numFmt formatCode=\"General\" sourceLinked=\"1\"/><c:tickLblPos val=\"nextTo\"/>"
			"<c:crossAx val=\"50010001\"/><c:crosses val=\"max\"/><c:crossBetween val=\"between\"/></c:valAx>"
			"</c:plotArea><c:plotVisOnly val=\"1\"/></c:chart></c:chartSpace>");
	xl__part(x, z, "xl/charts/chart1.xml", &b);

	/* 1.5 times Excel's default chart (480 x 288 pixels) wide, taller by a
	 * tenth per bar, over columns of 64 pixels and rows of 20 from G4. */
	double w = 480 * 1.5, h = 288 * (1.0 + (double)bars / 10);
	int cols = (int)(w / 64), rows = (int)(h / 20);
	b.len = 0;
	tp_buf_printf(&b, XL_DECL "<xdr:wsDr xmlns:xdr=\"http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing\" "
			  "xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\"><xdr:twoCellAnchor><xdr:from>"
			  "<xdr:col>6</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>3</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>"
			  "<xdr:to><xdr:col>%d</xdr:col><xdr:colOff>%.0f</xdr:colOff><xdr:row>%d</xdr:row><xdr:rowOff>%.0f</xdr:rowOff>"
			  "</xdr:to><xdr:graphicFrame macro=\"\"><xdr:nvGraphicFramePr><xdr:cNvPr id=\"2\" name=\"Chart 1\"/>"
			  "<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"0\" cy=\"0\"/>"
			  "</xdr:xfrm><a:graphic><a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/chart\">"
			  "<c:chart xmlns:c=\"http://schemas.openxmlformats.org/drawingml/2006/chart\" xmlns:r=\"" XL_NS_DOC "\" "
			  "r:id=\"rId1\"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>",
		      6 + cols, (w - cols * 64) * 9525, 3 + rows, (h - rows * 20) * 9525); /* 9525 EMU a pixel */
	xl__part(x, z, "xl/drawings/drawing1.xml", &b);
	b.len = 0;
	tp_buf_puts(&b, XL_DECL "<Relationships xmlns=\"" XL_NS_PKG "\"><Relationship Id=\"rId1\" Type=\"" XL_NS_DOC
			"/chart\" Target=\"../charts/chart1.xml\"/></Relationships>");
	xl__part(x, z, "xl/drawings/_rels/drawing1.xml.rels", &b);
	tp_buf_dispose(&b);
	tp_buf_dispose(&cat);
	tp_buf_dispose(&val);
}

/* The Summary sheet, written last (it is the first sheet) from the counts
 * gathered as rows came, and what goes with it: its strings (shared, as
 * Excel keeps a table's), its table of unsupported APIs and their chart. */
static void xl__summary(tp_xlsx *x, xl_zip *z)
{
	static const char *const api_hdr[] = {"API", "Count"};
	if (x->apis.len)
		qsort(x->apis.items, x->apis.len, sizeof *x->apis.items, xl__api_by_count);
	xl_grid g = {0};
	tp_buf sst = {0};
	size_t nsst = 0;
	xl__row_open(&g.xml, 1);
	xl__str(&g, 1, 0, "transplt: CUDA to Ascend NPU migration report", XL_TITLE, &sst, &nsst);
	tp_buf_puts(&g.xml, "</row>");
	xl__row_open(&g.xml, 2);
	xl__str(&g, 2, 0, "torch_npu op support for PyTorch", XL_PLAIN, &sst, &nsst);
	xl__str(&g, 2, 1, x->version ? x->version : "newest", XL_PLAIN, &sst, &nsst);
	tp_buf_puts(&g.xml, "</row>");
	xl__row_open(&g.xml, 4);
	xl__str(&g, 4, 0, "Totals", XL_BOLD, &sst, &nsst);
	tp_buf_puts(&g.xml, "</row>");
	const size_t *n = x->n;
	struct { const char *label; size_t v; } totals[] = {
		{"Files with rows", x->with_rows},
		{"Changes", n[TP_OP_INSERT] + n[TP_OP_MODIFY] + n[TP_OP_DELETE]},
		{"Unsupported", n[TP_OP_UNSUPPORTED]},
		{"Unknown", n[TP_OP_UNKNOWN]},
		{"Warnings", n[TP_OP_WARNING]},
	};
	uint32_t row = 5;
	for (size_t i = 0; i < sizeof totals / sizeof *totals; i++, row++) {
		xl__row_open(&g.xml, row);
		xl__str(&g, row, 0, totals[i].label, XL_PLAIN, &sst, &nsst);
		xl__num(&g, row, 1, totals[i].v);
		tp_buf_puts(&g.xml, "</row>");
	}

	/* The APIs, as a table beside the chart: their list is short and the
	 * reason to open this sheet. An empty table would need a blank row. */
	uint32_t top = 11;
	xl__row_open(&g.xml, top);
	if (x->apis.len) {
		for (unsigned c = 0; c < 2; c++)
			xl__str(&g, top, c, api_hdr[c], XL_BOLD, &sst, &nsst);
	} else {
		xl__str(&g, top, 0, "No unsupported APIs.", XL_PLAIN, &sst, &nsst);
	}
	tp_buf_puts(&g.xml, "</row>");
	row = top;
	for (size_t i = 0; i < x->apis.len && row < XL_ROW_MAX; i++) {
		xl__row_open(&g.xml, ++row);
		xl__str(&g, row, 0, x->apis.items[i].name, XL_PLAIN, &sst, &nsst);
		xl__num(&g, row, 1, x->apis.items[i].count);
		tp_buf_puts(&g.xml, "</row>");
	}

	tp_buf b = {0};
	xl__head(&b, &g, 2, row, 1);
	tp_buf_add(&b, g.xml.ptr, g.xml.len);
	tp_buf_puts(&b, "</sheetData>" XL_MARGINS);
	if (x->apis.len)
		tp_buf_puts(&b, "<drawing r:id=\"rId1\"/><tableParts count=\"1\"><tablePart r:id=\"rId2\"/></tableParts>");
	tp_buf_puts(&b, "</worksheet>");
	xl__part(x, z, "xl/worksheets/sheet1.xml", &b);
	b.len = 0;
	tp_buf_printf(&b, XL_DECL "<sst xmlns=\"" XL_NS_MAIN "\" count=\"%zu\" uniqueCount=\"%zu\">", nsst, nsst);
	tp_buf_add(&b, sst.ptr, sst.len);
	tp_buf_puts(&b, "</sst>");
	xl__part(x, z, "xl/sharedStrings.xml", &b);
	if (x->apis.len) {
		b.len = 0;
		tp_buf_puts(&b, XL_DECL "<Relationships xmlns=\"" XL_NS_PKG "\"><Relationship Id=\"rId1\" Type=\"" XL_NS_DOC
				"/drawing\" Target=\"../drawings/drawing1.xml\"/><Relationship Id=\"rId2\" Type=\"" XL_NS_DOC
				"/table\" Target=\"../tables/table1.xml\"/></Relationships>");
		xl__part(x, z, "xl/worksheets/_rels/sheet1.xml.rels", &b);
		b.len = 0;
		tp_buf_printf(&b, XL_DECL "<table xmlns=\"" XL_NS_MAIN "\" id=\"1\" name=\"UnsupportedAPIs\" displayName=\"UnsupportedAPIs\" "
				  "ref=\"A%u:B%u\" totalsRowShown=\"0\"><autoFilter ref=\"A%u:B%u\"/><tableColumns count=\"2\">"
				  "<tableColumn id=\"1\" name=\"API\"/><tableColumn id=\"2\" name=\"Count\"/></tableColumns>"
				  "<tableStyleInfo name=\"TableStyleMedium9\" showFirstColumn=\"0\" showLastColumn=\"0\" "
				  "showRowStripes=\"1\" showColumnStripes=\"0\"/></table>",
			      top, row, top, row);
		xl__part(x, z, "xl/tables/table1.xml", &b);
		xl__chart(x, z, top, x->apis.len);
	}
	tp_buf_dispose(&b);
	tp_buf_dispose(&sst);
	tp_buf_dispose(&g.xml);
}

/* The parts that name the others, and the styles. */
static void xl__frame(tp_xlsx *x, xl_zip *z, const tp_buf *defined)
{
	tp_buf b = {0};
	tp_buf_puts(&b, XL_DECL "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
			"<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
			"<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
			"<Override PartName=\"/docProps/core.xml\" ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>"
			"<Override PartName=\"/xl/workbook.xml\" ContentType=\"" XL_CT "spreadsheetml.sheet.main+xml\"/>"
			"<Override PartName=\"/xl/styles.xml\" ContentType=\"" XL_CT "spreadsheetml.styles+xml\"/>"
			"<Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"" XL_CT "spreadsheetml.sharedStrings+xml\"/>");
	for (int i = 1; i <= 1 + XL__SHEETS; i++)
		tp_buf_printf(&b, "<Override PartName=\"/xl/worksheets/sheet%d.xml\" ContentType=\"" XL_CT "spreadsheetml.worksheet+xml\"/>", i);
	if (x->apis.len)
		tp_buf_puts(&b, "<Override PartName=\"/xl/tables/table1.xml\" ContentType=\"" XL_CT "spreadsheetml.table+xml\"/>"
				"<Override PartName=\"/xl/drawings/drawing1.xml\" ContentType=\"" XL_CT "drawing+xml\"/>"
				"<Override PartName=\"/xl/charts/chart1.xml\" ContentType=\"" XL_CT "drawingml.chart+xml\"/>");
	tp_buf_puts(&b, "</Types>");
	xl__part(x, z, "[Content_Types].xml", &b);

	b.len = 0;
	tp_buf_puts(&b, XL_DECL "<Relationships xmlns=\"" XL_NS_PKG "\"><Relationship Id=\"rId1\" Type=\"" XL_NS_DOC
			"/officeDocument\" Target=\"xl/workbook.xml\"/><Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org"
			"/package/2006/relationships/metadata/core-properties\" Target=\"docProps/core.xml\"/></Relationships>");
	xl__part(x, z, "_rels/.rels", &b);

	b.len = 0;
	tp_buf_puts(&b, XL_DECL "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\" "
			"xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\" "
			"xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><dc:title>transplt migration report</dc:title>"
			"<dcterms:created xsi:type=\"dcterms:W3CDTF\">2000-01-01T00:00:00Z</dcterms:created>"
			"<dcterms:modified xsi:type=\"dcterms:W3CDTF\">2000-01-01T00:00:00Z</dcterms:modified></cp:coreProperties>");
	xl__part(x, z, "docProps/core.xml", &b);

	b.len = 0;
	tp_buf_puts(&b, XL_DECL "<workbook xmlns=\"" XL_NS_MAIN "\" xmlns:r=\"" XL_NS_DOC "\"><bookViews><workbookView/></bookViews>"
			"<sheets><sheet name=\"Summary\" sheetId=\"1\" r:id=\"rId1\"/>");
	for (int k = 0; k < XL__SHEETS; k++)
		tp_buf_printf(&b, "<sheet name=\"%s\" sheetId=\"%d\" r:id=\"rId%d\"/>", xl__sheet_name[k], k + 2, k + 2);
	tp_buf_printf(&b, "</sheets><definedNames>%s</definedNames></workbook>", defined->ptr);
	xl__part(x, z, "xl/workbook.xml", &b);

	b.len = 0;
	tp_buf_puts(&b, XL_DECL "<Relationships xmlns=\"" XL_NS_PKG "\">");
	for (int i = 1; i <= 1 + XL__SHEETS; i++)
		tp_buf_printf(&b, "<Relationship Id=\"rId%d\" Type=\"" XL_NS_DOC "/worksheet\" Target=\"worksheets/sheet%d.xml\"/>", i, i);
	tp_buf_printf(&b, "<Relationship Id=\"rId%d\" Type=\"" XL_NS_DOC "/styles\" Target=\"styles.xml\"/>"
			  "<Relationship Id=\"rId%d\" Type=\"" XL_NS_DOC "/sharedStrings\" Target=\"sharedStrings.xml\"/></Relationships>",
		      2 + XL__SHEETS, 3 + XL__SHEETS);
	xl__part(x, z, "xl/_rels/workbook.xml.rels", &b);

	/* XL_PLAIN, XL_BOLD and XL_TITLE, in that order. */
	b.len = 0;
	tp_buf_puts(&b, XL_DECL "<styleSheet xmlns=\"" XL_NS_MAIN "\"><fonts count=\"3\">"
			"<font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>"
			"<font><b/><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>"
			"<font><b/><sz val=\"14\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>"
			"<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill></fills>"
			"<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
			"<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
			"<cellXfs count=\"3\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
			"<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>"
			"<xf numFmtId=\"0\" fontId=\"2\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/></cellXfs>"
			"<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles></styleSheet>");
	xl__part(x, z, "xl/styles.xml", &b);
	tp_buf_dispose(&b);
}

int tp_xlsx_open(tp_xlsx **out, const char *path, const char *version)
{
	tp_xlsx *x = *out = tp_xcalloc(1, sizeof *x);
	x->path = tp_xstrdup(path);
	x->version = version ? tp_xstrdup(version) : NULL;
	x->tmp = tp_xprintf("%s.tp-tmp", path);
	tp_map_init(&x->api_index);
	int fd = open(x->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return tp_error_set(TP_EIO, "%s: cannot create: %s", path, strerror(errno));
	if (fchmod(fd, 0644) != 0 || !(x->out = fdopen(fd, "wb"))) {
		int e = errno;
		close(fd);
		return tp_error_set(TP_EIO, "%s: cannot create: %s", path, strerror(e));
	}
	for (int k = 0; k < XL__SHEETS; k++)
		xl__sheet_open(x, (enum xl_kind)k);
	if (x->err)
		return tp_error_set(TP_EIO, "%s: cannot create a scratch file beside it: %s", path, strerror(x->err));
	return 0;
}

void tp_xlsx_add(tp_xlsx *x, const char *path, const tp_result *res)
{
	if (!x->out || !res->rows.len)
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
	xl_sheet *fs = &x->sheet[XL_FILES];
	uint32_t row = xl__row(fs);
	if (row) {
		xl__str(&fs->g, row, 0, path, XL_PLAIN, NULL, NULL);
		xl__num(&fs->g, row, 1, c[TP_OP_INSERT] + c[TP_OP_MODIFY] + c[TP_OP_DELETE]);
		xl__num(&fs->g, row, 2, c[TP_OP_UNSUPPORTED]);
		xl__num(&fs->g, row, 3, c[TP_OP_UNKNOWN]);
		xl__num(&fs->g, row, 4, c[TP_OP_WARNING]);
		xl__row_end(x, fs);
	}
	for (int k = XL_UNSUPPORTED; k < XL__SHEETS; k++)
		xl__rows_add(x, (enum xl_kind)k, path, res);
}

int tp_xlsx_close(tp_xlsx *x, int rc)
{
	if (x->out && rc == 0) {
		xl_zip z = {.f = x->out};
		tp_buf defined = {0};
		xl__summary(x, &z);
		for (int k = 0; k < XL__SHEETS; k++)
			xl__sheet_close(x, &z, (enum xl_kind)k, &defined);
		xl__frame(x, &z, &defined);
		tp_buf end = {0};
		xl__le(&end, 0x06054b50, 4);
		xl__le(&end, 0, 4); /* this disk, the directory's disk */
		xl__le(&end, z.count, 2);
		xl__le(&end, z.count, 2);
		xl__le(&end, (uint32_t)z.dir.len, 4);
		xl__le(&end, (uint32_t)z.at, 4);
		xl__le(&end, 0, 2); /* comment */
		if (fwrite(z.dir.ptr, 1, z.dir.len, z.f) != z.dir.len || fwrite(end.ptr, 1, end.len, z.f) != end.len)
			xl__fail(x, errno);
		tp_buf_dispose(&end);
		tp_buf_dispose(&z.dir);
		tp_buf_dispose(&defined);
	}
	if (x->out && fclose(x->out) != 0 && rc == 0)
		xl__fail(x, errno);
	if (rc == 0 && !x->out)
		rc = TP_EIO; /* tp_xlsx_open said why */
	else if (rc == 0 && x->err)
		rc = tp_error_set(TP_EIO, "%s: cannot write: %s", x->path, strerror(x->err));
	else if (rc == 0 && rename(x->tmp, x->path) != 0)
		rc = tp_error_set(TP_EIO, "%s: cannot rename into place: %s", x->path, strerror(errno));
	if (rc < 0)
		unlink(x->tmp);
	for (int k = 0; k < XL__SHEETS; k++) {
		xl_sheet *s = &x->sheet[k];
		if (s->z_live)
			deflateEnd(&s->z);
		if (s->body)
			fclose(s->body);
		tp_buf_dispose(&s->g.xml);
	}
	for (size_t i = 0; i < x->apis.len; i++)
		free(x->apis.items[i].name);
	tp_array_free(&x->apis);
	tp_map_dispose(&x->api_index);
	free(x->path);
	free(x->tmp);
	free(x->version);
	free(x);
	return rc;
}
