/* run: drives the pipeline over a tree with a pool of worker threads. Each
 * worker has its own parser; files are claimed through an atomic counter and
 * results land in a slot per file, so the merged reports are identical for
 * any number of workers. */
#include "run.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "convert.h"
#include "cuda_scan.h"
#include "diff.h"
#include "error.h"
#include "io.h"
#include "ops.h"
#include "report.h"
#include "rules.h"
#include "walk.h"

/* Shared state of one run. results[i] belongs to entries[i]; the first
 * failure (code and message) stops every worker. */
typedef struct {
	const tp_entries *entries;
	tp_result *results;
	char **inputs;      /* --diff, stdin: the input bytes of each changed file (owned) */
	size_t *input_lens;
	const char *stage;  /* NULL: a preview (--check, --diff, stdin) writes nothing */
	int reports_only;   /* analyse: the staging folder gets the reports only */
	size_t main_index;  /* distributed mode: the entry of MAIN */
	tp_buf stdin_data;  /* -i -: the source read from standard input */
	tp_convert_opts copts;
	atomic_size_t next;
	atomic_size_t done;
	atomic_int failed;
	pthread_mutex_t lock;
	int code;
	char *message;
	int working;          /* workers still converting (under lock) */
	pthread_cond_t idle;  /* signalled when working drops to 0 */
	/* The merge: entries[0..merged) have gone into the reports and been
	 * freed, in path order, by whichever worker found the next one done. */
	const tp_options *o;
	tp_report *report;
	atomic_uchar *finished;
	atomic_size_t merged;
	pthread_mutex_t merge_lock;
	tp_summary sum;
	size_t would_change;                /* --check, --diff: files that would change */
	tp_buf analysis_csv, analysis_table; /* analyse: a line per file */
	size_t analysed, ready;
} job;

static void fail(job *j, int code)
{
	pthread_mutex_lock(&j->lock);
	if (!j->message) {
		j->code = code;
		j->message = tp_xstrdup(tp_error_last());
	}
	pthread_mutex_unlock(&j->lock);
	atomic_store(&j->failed, 1);
}

static void note_row(tp_result *r, const char *message)
{
	tp_row row = {.op = TP_OP_WARNING, .line1 = 1, .col1 = 1, .line2 = 1, .col2 = 1, .message = tp_xstrdup(message)};
	tp_array_push(&r->rows, row);
}

static void do_file(job *j, tp_parser *parser, size_t i)
{
	const tp_entry *e = &j->entries->items[i];
	tp_result *res = &j->results[i];
	char *data = NULL, *dest = j->stage ? tp_xprintf("%s/%s", j->stage, e->rel) : NULL;
	size_t len = 0;
	unsigned mode = 0644;
	if (e->abs && !e->python) {
		/* Nothing to convert: streamed, whatever its size (a checkpoint of
		 * gigabytes), and not even read by a preview or an analysis. */
		int read_failed = 0;
		if (dest && !j->reports_only && tp_copy_file(&read_failed, dest, e->abs) < 0) {
			if (read_failed)
				note_row(res, tp_error_last()); /* reported and skipped, as below */
			else
				fail(j, TP_EIO);
		}
		goto cleanup;
	}
	if (!e->abs) {
		data = tp_xstrndup(j->stdin_data.ptr ? j->stdin_data.ptr : "", j->stdin_data.len);
		len = j->stdin_data.len;
	} else if (tp_read_file(&data, &len, &mode, e->abs) < 0) {
		/* An unreadable file is reported and skipped; the run goes on. */
		note_row(res, tp_error_last());
		goto cleanup;
	}
	if (e->python) {
		tp_convert_opts co = j->copts;
		co.dist_model = j->copts.dist_model && i == j->main_index ? j->copts.dist_model : NULL;
		co.dist_other = j->copts.dist_model && i != j->main_index;
		tp_convert(res, &co, parser, data, len);
	}
	if (!j->stage || j->reports_only) {
		if (j->inputs) {
			j->inputs[i] = data;
			j->input_lens[i] = len;
			data = NULL;
		}
		if (!e->abs)
			goto cleanup; /* stdin: the converted text is printed at the end */
	} else {
		int rc = res->output ? tp_create_file(dest, res->output, res->output_len, mode) : tp_create_file(dest, data, len, mode);
		if (rc < 0)
			fail(j, rc);
	}
	free(res->output);
	res->output = NULL;
cleanup:
	free(data);
	free(dest);
}

static int is_cuda_source(const char *rel)
{
	static const char *const exts[] = {".cu", ".cuh", ".cpp", ".cc", ".cxx", NULL};
	size_t n = strlen(rel);
	for (const char *const *e = exts; *e; e++)
		if (n > strlen(*e) && strcmp(rel + n - strlen(*e), *e) == 0)
			return 1;
	return 0;
}

/* Whether a source names CUDA anywhere (cuda.h, CHECK_CUDA, a *_cuda
 * function, TORCH_LIBRARY_IMPL(ns, CUDA, m)), in any case. */
static int mentions_cuda(const char *data, size_t len)
{
	for (size_t k = 0; k + 4 <= len; k++)
		if ((data[k] | 0x20) == 'c' && (data[k + 1] | 0x20) == 'u' && (data[k + 2] | 0x20) == 'd' && (data[k + 3] | 0x20) == 'a')
			return 1;
	return 0;
}

/* analyse: per file its size, automatic changes, findings and whether it is
 * ready to run on the NPU after conversion (no unsupported API, no custom
 * CUDA, no syntax error), for the table printed and analysis.csv. */
static void analysis_row(job *j, const tp_entry *e, const tp_result *r, const size_t *n)
{
	if (e->kind != TP_ENTRY_FILE || (!e->python && !is_cuda_source(e->rel)))
		return;
	size_t changes = n[TP_OP_INSERT] + n[TP_OP_MODIFY] + n[TP_OP_DELETE];
	size_t advice = n[TP_OP_PRECISION] + n[TP_OP_PERFORMANCE] + n[TP_OP_AFFINITY];
	int ok = n[TP_OP_UNSUPPORTED] == 0 && n[TP_OP_CUDA] == 0 && !r->syntax_errors && (r->status == TP_FILE_CONVERTED || !e->python);
	j->analysed++;
	j->ready += ok;
	tp_buf_printf(&j->analysis_table, "%-48s %7u %7zu %11zu %7zu %6zu %4zu  %s\n", e->rel, r->lines, changes,
		      n[TP_OP_UNSUPPORTED], n[TP_OP_UNKNOWN], advice, n[TP_OP_CUDA], ok ? "ready" : "not ready");
	tp_csv_cell(&j->analysis_csv, e->rel);
	tp_buf_printf(&j->analysis_csv, ",%u,%zu,%zu,%zu,%zu,%zu,%s\n", r->lines, changes, n[TP_OP_UNSUPPORTED],
		      n[TP_OP_UNKNOWN], advice, n[TP_OP_CUDA], ok ? "yes" : "no");
}

/* Entry i, done, and every entry before it merged: its totals, its rows into
 * the reports, its preview (--diff, --check); then its rows are freed. */
static void merge(job *j, size_t i)
{
	const tp_entry *e = &j->entries->items[i];
	tp_result *r = &j->results[i];
	const tp_options *o = j->o;
	size_t n[TP_OP__COUNT] = {0};
	for (size_t k = 0; k < r->rows.len; k++)
		n[r->rows.items[k].op]++;
	size_t edits = n[TP_OP_INSERT] + n[TP_OP_MODIFY] + n[TP_OP_DELETE];
	int changed = edits && r->status == TP_FILE_CONVERTED;
	tp_summary *s = &j->sum;
	s->python += e->python;
	s->edits += edits;
	s->changed += changed;
	s->unsupported += n[TP_OP_UNSUPPORTED];
	s->unknown += n[TP_OP_UNKNOWN];
	s->warnings += n[TP_OP_WARNING];
	s->precision += n[TP_OP_PRECISION];
	s->performance += n[TP_OP_PERFORMANCE];
	s->affinity += n[TP_OP_AFFINITY];
	s->custom_cuda += n[TP_OP_CUDA];
	if (tp_report_add(j->report, e->rel, r) < 0)
		fail(j, TP_EIO);
	if (o->analyse)
		analysis_row(j, e, r, n);
	if ((o->check || o->diff) && !o->json)
		for (size_t k = 0; k < r->rows.len; k++) /* a file left as it was must not look clean */
			if (r->rows.items[k].op == TP_OP_WARNING)
				fprintf(stderr, "%s:%u:%u: warning: %s\n", e->rel, r->rows.items[k].line1, r->rows.items[k].col1,
					r->rows.items[k].message);
	if (changed && (o->check || o->diff)) {
		j->would_change++;
		if (o->json) {
			/* the JSON carries the edits */
		} else if (o->diff && j->inputs[i]) {
			tp_buf b = {0};
			tp_diff(&b, e->rel, j->inputs[i], j->input_lens[i], r);
			fwrite(b.ptr, 1, b.len, stdout);
			tp_buf_dispose(&b);
		} else if (o->check) {
			printf("would change: %s\n", e->rel);
		}
	}
	if (!e->abs)
		return; /* stdin: the converted text is printed at the end */
	if (j->inputs) {
		free(j->inputs[i]);
		j->inputs[i] = NULL;
	}
	tp_result_dispose(r);
}

/* A folder of the result, empty ones included. A file in it that was
 * written first made it already: the careful way then finds it there. */
static void make_dir(job *j, size_t i)
{
	if (!j->stage || j->reports_only)
		return;
	char *d = tp_xprintf("%s/%s", j->stage, j->entries->items[i].rel);
	if (mkdir(d, 0777) != 0 && tp_mkdirs(d) < 0)
		fail(j, TP_EIO);
	free(d);
}

/* Merges what is ready. One worker merges at a time; one that finds the
 * merge taken goes back to converting, and the merger looks again for
 * entries finished meanwhile before it lets go. */
static void drain(job *j)
{
	size_t total = j->entries->len;
	for (;;) {
		if (pthread_mutex_trylock(&j->merge_lock) != 0)
			return;
		size_t i = atomic_load(&j->merged);
		while (i < total && atomic_load(&j->finished[i]) && !atomic_load(&j->failed))
			merge(j, i++);
		atomic_store(&j->merged, i);
		pthread_mutex_unlock(&j->merge_lock);
		if (i >= total || !atomic_load(&j->finished[i]) || atomic_load(&j->failed))
			return;
	}
}

static void *worker(void *arg)
{
	job *j = arg;
	tp_parser *parser = tp_parser_new();
	for (;;) {
		size_t i = atomic_fetch_add(&j->next, 1);
		if (i >= j->entries->len || atomic_load(&j->failed))
			break;
		if (j->entries->items[i].kind == TP_ENTRY_FILE)
			do_file(j, parser, i);
		else if (j->entries->items[i].kind == TP_ENTRY_DIR)
			make_dir(j, i);
		atomic_store(&j->finished[i], 1);
		drain(j);
		atomic_fetch_add(&j->done, 1);
	}
	/* Every file is merged once all have left the loop: the reports can
	 * close while this memory goes back. */
	pthread_mutex_lock(&j->lock);
	if (--j->working == 0)
		pthread_cond_signal(&j->idle);
	pthread_mutex_unlock(&j->lock);
	tp_parser_free(parser);
	tp_arena_release_spare();
	return NULL;
}

/* A C++/CUDA row's position in the file, at one row's start or last byte. */
typedef struct {
	uint32_t off;
	uint32_t *col;
} spot;

static int by_off(const void *a, const void *b)
{
	const spot *x = a, *y = b;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* The columns (in characters, as every report counts them) of the rows of
 * a C++/CUDA source from their bytes, in one pass over the file: col2 is one
 * past the last byte's, as for the Python rows. */
static void columns(tp_result *r, const char *data, size_t len)
{
	spot *s = tp_xmalloc((2 * r->rows.len + 1) * sizeof *s);
	size_t n = 0;
	for (size_t k = 0; k < r->rows.len; k++) {
		tp_row *row = &r->rows.items[k];
		s[n++] = (spot){row->start, &row->col1};
		s[n++] = (spot){row->end > row->start ? row->end - 1 : row->end, &row->col2};
	}
	qsort(s, n, sizeof *s, by_off);
	uint32_t col = 1;
	size_t pos = 0;
	for (size_t k = 0; k < n; k++) {
		for (; pos < s[k].off && pos < len; pos++)
			col = data[pos] == '\n' ? 1 : col + (((unsigned char)data[pos] & 0xC0) != 0x80);
		*s[k].col = col;
	}
	for (size_t k = 0; k < r->rows.len; k++)
		r->rows.items[k].col2 += r->rows.items[k].end > r->rows.items[k].start;
	free(s);
}

/* The names one prescan of a Python file finds, into the map (the strings
 * are kept in owned); the parser is made on first use. */
static void gather(void (*find)(tp_strings *, tp_parser *, const char *, size_t, const char *), tp_map *into, tp_strings *owned,
		   tp_parser **parser, const char *data, size_t len, const char *rel)
{
	if (!*parser)
		*parser = tp_parser_new();
	size_t before = owned->len;
	find(owned, *parser, data, len, rel);
	for (size_t k = before; k < owned->len; k++)
		tp_map_put(into, owned->items[k], strlen(owned->items[k]), owned->items[k]);
}

/* Before the workers start: what the C++/CUDA sources register (their rows
 * go straight into the results) and which extension modules the Python
 * files build, so every Python file can spot calls into them; in
 * distributed mode (and with -s), the functions of other files that set up
 * the process group, which MAIN may call; in distributed mode, their
 * IterableDataset classes, DataLoader imports and the functions that run a
 * parameter more than once (a model given to them) too. */
static void prescan(job *j, const tp_entries *entries, tp_map *ext_modules, tp_map *library_ops, tp_map *dist_setups,
		    tp_map *dist_iterables, tp_map *dist_loaders, tp_map *dist_repeats, tp_strings *owned)
{
	tp_parser *parser = NULL;
	/* With no .cu/.cuh in the tree, a C++ file that never names CUDA holds
	 * CPU operators (a CppExtension's): nothing to port to an NPU kernel. */
	int tree_has_cu = 0, tree_has_sources = 0;
	for (size_t i = 0; i < entries->len && !tree_has_cu; i++) {
		const char *dot = strrchr(entries->items[i].rel, '.');
		tree_has_cu = entries->items[i].kind == TP_ENTRY_FILE && dot && (strcmp(dot, ".cu") == 0 || strcmp(dot, ".cuh") == 0);
		tree_has_sources |= entries->items[i].kind == TP_ENTRY_FILE && is_cuda_source(entries->items[i].rel);
	}
	for (size_t i = 0; i < entries->len; i++) {
		const tp_entry *e = &entries->items[i];
		int cuda = e->kind == TP_ENTRY_FILE && is_cuda_source(e->rel);
		/* Extension modules are named in setup.py, or by a load() in any
		 * file (which other files may import) of a tree that holds the
		 * C++/CUDA sources it compiles: then every Python file is looked at,
		 * and parsed only when it names cpp_extension. A tree of Python
		 * alone is read once, by the conversion, except in distributed
		 * mode and with -s: the files other than MAIN, parsed when they name
		 * init_process_group or DistributedDataParallel (in distributed
		 * mode also IterableDataset, DataLoader, or define a function). */
		const char *base = strrchr(e->rel, '/');
		int setup = e->python && e->abs && strcmp(base ? base + 1 : e->rel, "setup.py") == 0;
		int ext = setup || (tree_has_sources && e->python && e->abs);
		int dist = e->python && e->abs && (j->o->specify_device || (j->o->dist_main && i != j->main_index));
		if (!cuda && !ext && !dist)
			continue;
		char *data = NULL;
		size_t len = 0;
		if (tp_read_file(&data, &len, NULL, e->abs) < 0)
			continue; /* reported when the file is processed */
		if (cuda) {
			tp_cuda_ops ops = {0};
			if (tree_has_cu || mentions_cuda(data, len))
				tp_cuda_scan(&ops, data, len);
			tp_result *r = &j->results[i];
			for (size_t k = 0; k < len; k++)
				r->lines += data[k] == '\n';
			for (size_t k = 0; k < ops.len; k++) {
				const tp_cuda_op *op = &ops.items[k];
				tp_row row = {.op = TP_OP_UNSUPPORTED, .start = op->start, .end = op->end, .line1 = op->line1, .line2 = op->line2,
					      .api = tp_xstrdup(op->name),
					      .message = tp_xstrdup(op->cpu ? "user-defined C++ operator: rebuild the extension against torch_npu (no NPU kernel needed)"
									     : "user-defined CUDA operator: needs an NPU kernel")};
				tp_array_push(&r->rows, row);
				row = (tp_row){.op = TP_OP_CUDA, .start = op->start, .end = op->end, .line1 = op->line1, .line2 = op->line2,
					       .text = tp_xstrdup(tp_cuda_kind_name(op->kind)), .api = tp_xstrdup(op->name),
					       .message = tp_xstrdup(op->module)};
				tp_array_push(&r->rows, row);
				char *sep = strstr(op->name, "::");
				if ((op->kind == TP_CUDA_LIBRARY_DEF || op->kind == TP_CUDA_REGISTER_OP) && sep) {
					char *key = tp_xprintf("%.*s.%s", (int)(sep - op->name), op->name, sep + 2);
					tp_array_push(owned, key);
					tp_map_put(library_ops, key, strlen(key), key);
				}
			}
			tp_cuda_ops_dispose(&ops);
			columns(r, data, len);
		} else if (ext && memmem(data, len, "cpp_extension", 13)) {
			gather(tp_extension_names, ext_modules, owned, &parser, data, len, e->rel);
		}
		if (dist && (memmem(data, len, "init_process_group", 18) || memmem(data, len, "DistributedDataParallel", 23) ||
			     memmem(data, len, "spawn", 5) || memmem(data, len, "start_processes", 15)))
			gather(tp_distributed_setters, dist_setups, owned, &parser, data, len, e->rel);
		if (dist && j->o->dist_main && (memmem(data, len, "IterableDataset", 15) || memmem(data, len, "IterDataPipe", 12)))
			gather(tp_iterable_datasets, dist_iterables, owned, &parser, data, len, e->rel);
		if (dist && j->o->dist_main && memmem(data, len, "DataLoader", 10))
			gather(tp_loader_exports, dist_loaders, owned, &parser, data, len, e->rel);
		if (dist && j->o->dist_main && memmem(data, len, "def ", 4))
			gather(tp_repeated_forwards, dist_repeats, owned, &parser, data, len, e->rel);
		free(data);
	}
	tp_parser_free(parser);
	tp_arena_release_spare();
}

static const char *skip_dot_slash(const char *p)
{
	while (strncmp(p, "./", 2) == 0)
		p += 2;
	return p;
}

/* MAIN, given relative to the input folder or as a path under it: `-i
 * pygcn -m pygcn/train.py` is the input's pygcn/train.py when it has one,
 * else its train.py. */
static int find_main(size_t *out, const tp_entries *entries, const tp_options *o)
{
	const char *tries[2] = {skip_dot_slash(o->dist_main), NULL};
	const char *input = skip_dot_slash(o->input);
	size_t n = strlen(input);
	while (n > 1 && input[n - 1] == '/')
		n--;
	if (strncmp(tries[0], input, n) == 0 && tries[0][n] == '/')
		tries[1] = skip_dot_slash(tries[0] + n + 1);
	for (int t = 0; t < 2 && tries[t]; t++)
		for (size_t i = 0; i < entries->len; i++)
			if (entries->items[i].python && (strcmp(entries->items[i].rel, tries[t]) == 0 || entries->len == 1)) {
				*out = i;
				return 0;
			}
	return tp_error_set(TP_EUSAGE, "distributed -m %s: no such Python file in %s (give MAIN relative to the input folder)", o->dist_main, o->input);
}

/* s in single quotes for the shell, each ' in it as '\'' (malloc'd). */
static char *shell_quoted(const char *s)
{
	tp_buf b = {0};
	tp_buf_printf(&b, "'");
	for (const char *q; (q = strchr(s, '\'')); s = q + 1)
		tp_buf_printf(&b, "%.*s'\\''", (int)(q - s), s);
	tp_buf_printf(&b, "%s'", s);
	return b.ptr;
}

/* run_distributed_npu.sh: a launcher that works as it is, also for a MAIN
 * whose path holds spaces ("09 - Image Captioning/main-gpu.py"). */
static int write_launcher(const char *stage, const char *main)
{
	char *path = tp_xprintf("%s/run_distributed_npu.sh", stage), *quoted = shell_quoted(main);
	char *script = tp_xprintf(
		"#!/usr/bin/env bash\n"
		"# Launches %s on NPUS cards (generated by transplt). Arguments are passed to the script.\n"
		"#   NPUS=8 MASTER_ADDR=127.0.0.1 MASTER_PORT=29500 bash run_distributed_npu.sh [ARGS...]\n"
		"# Each rank logs to output_npu_${RANK}.log. Uses torchrun when present, else one process per card.\n"
		"set -euo pipefail\n"
		"cd \"$(dirname \"$0\")\"\n"
		"NPUS=${NPUS:-8}\n"
		"PYTHON=${PYTHON:-python3}\n"
		"export MASTER_ADDR=${MASTER_ADDR:-127.0.0.1}\n"
		"export MASTER_PORT=${MASTER_PORT:-29500}\n"
		"MAIN=%s\n"
		"if command -v torchrun >/dev/null 2>&1; then\n"
		"  exec torchrun --nnodes=1 --nproc_per_node=\"$NPUS\" --master_addr=\"$MASTER_ADDR\" --master_port=\"$MASTER_PORT\" \\\n"
		"    --no_python bash -c 'exec \"$0\" \"$@\" > \"output_npu_${RANK}.log\" 2>&1' \"$PYTHON\" \"$MAIN\" \"$@\"\n"
		"fi\n"
		"pids=()\n"
		"for ((rank = 0; rank < NPUS; rank++)); do\n"
		"  RANK=$rank LOCAL_RANK=$rank WORLD_SIZE=$NPUS RANK_ID=$rank RANK_SIZE=$NPUS DEVICE_ID=$rank \\\n"
		"    \"$PYTHON\" \"$MAIN\" \"$@\" > \"output_npu_${rank}.log\" 2>&1 &\n"
		"  pids+=($!)\n"
		"done\n"
		"status=0\n"
		"for pid in \"${pids[@]}\"; do wait \"$pid\" || status=$?; done\n"
		"exit $status\n",
		quoted, quoted);
	int rc = tp_write_file(path, script, strlen(script), 0755);
	free(quoted);
	free(script);
	free(path);
	return rc;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One self-rewriting line on a terminal: files done of total and the rate. */
static void show_progress(job *j)
{
	size_t total = j->entries->len;
	double start = now();
	for (;;) {
		size_t done = atomic_load(&j->done);
		double dt = now() - start;
		fprintf(stderr, "\rtransplt: %zu/%zu files, %.0f files/s ", done, total, dt > 0 ? (double)done / dt : 0.0);
		if (done >= total || atomic_load(&j->failed))
			break;
		struct timespec tick = {0, 100 * 1000 * 1000};
		nanosleep(&tick, NULL);
	}
	fputs("\r\033[K", stderr);
}

/* The rules and the op-support lists, loaded while the main thread walks
 * the input; on failure, rc and the message. */
typedef struct {
	const tp_options *o;
	tp_rules *rules;
	tp_ops *ops;
	int rc;
	char *message;
} loader;

static void *load(void *arg)
{
	loader *l = arg;
	const tp_options *o = l->o;
	int rc = tp_ops_load(&l->ops, o->version);
	if (rc == 0)
		rc = tp_rules_load_builtin(&l->rules);
	if (rc == 0 && (rc = tp_rules_load_similar(l->rules)) == 0)
		l->rules->replace_similar = o->similar;
	if (rc == 0 && o->rules_file)
		rc = tp_rules_load_file(l->rules, o->rules_file);
	if (rc == 0)
		tp_ops_extend_members(l->ops, l->rules);
	if (rc < 0)
		l->message = tp_xstrdup(tp_error_last());
	l->rc = rc;
	return NULL;
}

/* <name><suffix>: the input's last path component, without .py (the
 * folder name msFmkTransplt uses). For `.` or `..` it is the name of the
 * folder they stand for. */
static char *output_name(const char *input, const char *suffix)
{
	char real[PATH_MAX];
	char *s = tp_xstrdup(input);
	size_t n = strlen(s);
	while (n > 1 && s[n - 1] == '/')
		s[--n] = 0;
	const char *base = strrchr(s, '/');
	base = base ? base + 1 : s;
	if ((strcmp(base, ".") == 0 || strcmp(base, "..") == 0) && realpath(s, real) && strcmp(real, "/") != 0)
		base = strrchr(real, '/') + 1;
	size_t bl = strlen(base);
	if (bl > 3 && strcmp(base + bl - 3, ".py") == 0)
		bl -= 3;
	char *name = tp_xprintf("%.*s%s", (int)bl, base, suffix);
	free(s);
	return name;
}

static int check_paths(const tp_options *o, const char *final)
{
	struct stat st;
	if (stat(o->input, &st) != 0)
		return tp_error_set(TP_EIO, "%s: the input does not exist or cannot be read: %s", o->input, strerror(errno));
	if (o->check || o->diff)
		return 0; /* a preview writes nothing, so the output folder does not matter */
	struct stat ost;
	if (!o->output || stat(o->output, &ost) != 0 || !S_ISDIR(ost.st_mode))
		return tp_error_set(TP_EUSAGE, "%s: the output folder does not exist: create it first", o->output);
	char rin[PATH_MAX], rout[PATH_MAX];
	if (S_ISDIR(st.st_mode) && realpath(o->input, rin) && realpath(o->output, rout)) {
		size_t n = strlen(rin);
		if (strncmp(rout, rin, n) == 0 && (rout[n] == '/' || rout[n] == 0))
			return tp_error_set(TP_EUSAGE, "%s: the output folder is inside the input %s: choose a folder outside it", o->output, o->input);
	}
	if (!o->force && lstat(final, &st) == 0)
		return tp_error_set(TP_EUSAGE, "%s already exists: remove it, or pass --force to replace it", final);
	return 0;
}

int tp_run(const tp_options *o)
{
	tp_rules *rules = NULL;
	tp_ops *ops = NULL;
	tp_entries entries = {0};
	job j = {0};
	tp_map ext_modules, library_ops, dist_setups, dist_iterables, dist_loaders, dist_repeats;
	tp_strings owned = {0}; /* keys of the maps */
	tp_map_init(&ext_modules);
	tp_map_init(&library_ops);
	tp_map_init(&dist_setups);
	tp_map_init(&dist_iterables);
	tp_map_init(&dist_loaders);
	tp_map_init(&dist_repeats);
	char *name = output_name(o->input, o->analyse ? "_analysis" : o->dist_main ? "_msft_multi" : "_msft");
	int from_stdin = strcmp(o->input, "-") == 0;
	int preview = o->check || o->diff || from_stdin;
	const char *outdir = o->output ? o->output : ".";
	char *final = tp_xprintf("%s/%s", outdir, name);
	char *stage = tp_xprintf("%s/.%s.tmp-XXXXXX", outdir, name), *rdir = NULL;
	int staged = 0, rc = 0;
	loader l = {.o = o};
	pthread_t loading;
	if (pthread_create(&loading, NULL, load, &l) != 0)
		abort();
	if (from_stdin) {
		/* Editor mode: one source on stdin, nothing written. */
		tp_entry e = {TP_ENTRY_FILE, tp_xstrdup("-"), NULL, NULL, 1};
		tp_array_push(&entries, e);
		char chunk[65536];
		size_t n;
		while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
			tp_buf_add(&j.stdin_data, chunk, n);
		if (ferror(stdin))
			rc = tp_error_set(TP_EIO, "-: cannot read standard input");
	} else if ((rc = check_paths(o, final)) == 0) {
		rc = tp_walk(&entries, o->input, o->excludes, o->nexcludes);
	}
	pthread_join(loading, NULL);
	rules = l.rules;
	ops = l.ops;
	if (l.rc < 0) /* the rules' error first, as they would be loaded first */
		rc = tp_error_set(l.rc, "%s", l.message);
	free(l.message);
	if (rc < 0)
		goto cleanup;

	/* Everything is written under a staging folder that becomes <name>_msft
	 * by one rename at the end: no half-written result ever has that name. */
	/* mkdtemp: a fresh folder, never one a killed run left behind (PIDs
	 * repeat in containers) nor a symlink planted in its place. */
	if (!preview && !mkdtemp(stage)) {
		rc = tp_error_set(TP_EIO, "%s: cannot create the staging folder: %s", stage, strerror(errno));
		goto cleanup;
	}
	if (!preview) {
		chmod(stage, 0777 & ~tp_umask()); /* mkdtemp's 0700 would become the result's mode */
	}
	staged = !preview;

	j.entries = &entries;
	j.o = o;
	j.results = tp_xcalloc(entries.len ? entries.len : 1, sizeof *j.results);
	j.finished = tp_xcalloc(entries.len ? entries.len : 1, sizeof *j.finished);
	j.stage = preview ? NULL : stage;
	j.reports_only = o->analyse;
	if (o->diff || from_stdin) {
		j.inputs = tp_xcalloc(entries.len ? entries.len : 1, sizeof *j.inputs);
		j.input_lens = tp_xcalloc(entries.len ? entries.len : 1, sizeof *j.input_lens);
	}
	if (o->dist_main && (rc = find_main(&j.main_index, &entries, o)) < 0)
		goto cleanup;
	j.copts.dist_model = o->dist_main ? (o->dist_model ? o->dist_model : "") : NULL;
	prescan(&j, &entries, &ext_modules, &library_ops, &dist_setups, &dist_iterables, &dist_loaders, &dist_repeats, &owned);
	j.copts.ext_modules = &ext_modules;
	j.copts.library_ops = &library_ops;
	j.copts.dist_setups = &dist_setups;
	j.copts.dist_iterables = &dist_iterables;
	j.copts.dist_loaders = &dist_loaders;
	j.copts.dist_repeats = &dist_repeats;
	j.copts.specify_device = o->specify_device;
	j.copts.rules = rules;
	j.copts.ops = ops;
	for (size_t i = 0; i < entries.len; i++)
		if (entries.items[i].kind == TP_ENTRY_SKIPPED)
			note_row(&j.results[i], entries.items[i].note);

	/* The reports are written as files finish (see merge). */
	rdir = preview ? NULL : tp_xprintf("%s/transplant_result_file", stage);
	if (rdir && (rc = tp_mkdirs(rdir)) < 0)
		goto cleanup;
	tp_report_opts ro = {.dir = rdir, .sarif = o->sarif, .json = o->json, .ops_version = ops->version};
	rc = tp_report_open(&j.report, &ro);
	j.sum = (tp_summary){.ops_version = ops->version};
	for (size_t i = 0; i < entries.len; i++)
		j.sum.files += entries.items[i].kind == TP_ENTRY_FILE;
	if (o->analyse) {
		tp_buf_puts(&j.analysis_csv, "File,Lines,Changes,Unsupported,Unknown,Advice,Custom CUDA,Ready\n");
		tp_buf_printf(&j.analysis_table, "%-48s %7s %7s %11s %7s %6s %4s  %s\n", "file", "lines", "changes", "unsupported",
			      "unknown", "advice", "cuda", "verdict");
	}
	pthread_mutex_init(&j.lock, NULL);
	pthread_mutex_init(&j.merge_lock, NULL);
	pthread_cond_init(&j.idle, NULL);
	int nthreads = rc == 0 ? (o->jobs < 1 ? 1 : o->jobs) : 0;
	pthread_t *threads = tp_xcalloc((size_t)nthreads + 1, sizeof *threads);
	j.working = nthreads;
	for (int t = 0; t < nthreads; t++)
		if (pthread_create(&threads[t], NULL, worker, &j) != 0)
			abort();
	if (rc == 0 && !o->quiet && isatty(STDERR_FILENO))
		show_progress(&j);
	pthread_mutex_lock(&j.lock);
	while (j.working)
		pthread_cond_wait(&j.idle, &j.lock);
	pthread_mutex_unlock(&j.lock);
	if (rc == 0 && j.message)
		rc = tp_error_set(j.code, "%s", j.message);
	int gate = rc == 0 && j.would_change;
	rc = tp_report_close(j.report, &j.sum, rc, o->json ? stdout : NULL);
	j.report = NULL;
	for (int t = 0; t < nthreads; t++)
		pthread_join(threads[t], NULL);
	free(threads);
	pthread_cond_destroy(&j.idle);
	pthread_mutex_destroy(&j.lock);
	pthread_mutex_destroy(&j.merge_lock);
	if (rc < 0)
		goto cleanup;
	tp_summary sum = j.sum;

	if (from_stdin && !o->json && !o->diff && !o->check) {
		/* -i - alone: print the converted source. */
		const tp_result *r = &j.results[0];
		if (r->output)
			fwrite(r->output, 1, r->output_len, stdout);
		else if (j.inputs[0])
			fwrite(j.inputs[0], 1, j.input_lens[0], stdout);
	}
	if (!preview) {
		if (o->analyse) {
			tp_buf_printf(&j.analysis_table, "ready to run on NPU after conversion: %zu of %zu files (%.1f%%)\n", j.ready,
				      j.analysed, j.analysed ? 100.0 * (double)j.ready / (double)j.analysed : 100.0);
			char *path = tp_xprintf("%s/analysis.csv", rdir);
			rc = tp_write_file(path, j.analysis_csv.ptr, j.analysis_csv.len, 0644);
			free(path);
			if (rc == 0 && !o->quiet)
				fwrite(j.analysis_table.ptr, 1, j.analysis_table.len, stdout);
		}
		/* not for a MAIN that distributes itself (mp.spawn, DeepSpeed): the
		 * launcher would start each of its process trees NPUS times */
		if (rc == 0 && o->dist_main && j.results[j.main_index].dist_setup)
			rc = write_launcher(stage, entries.items[j.main_index].rel);
		if (rc == 0 && o->force && access(final, F_OK) == 0)
			rc = tp_remove_tree(final);
		if (rc == 0 && rename(stage, final) != 0)
			rc = tp_error_set(TP_EIO, "%s: cannot move the result into place: %s", final, strerror(errno));
		if (rc == 0)
			staged = 0;
		if (rc == 0 && !o->quiet)
			fprintf(o->json ? stderr : stdout,
				"transplt: %zu Python files of %zu files, %zu changed: %zu edits, %zu unsupported, %zu unknown, %zu warnings, "
				"%zu precision and %zu performance advice, %zu NPU-affine -> %s\n",
				sum.python, sum.files, sum.changed, sum.edits, sum.unsupported, sum.unknown, sum.warnings, sum.precision,
				sum.performance, sum.affinity, final);
	}
	if (rc == 0 && gate)
		rc = tp_error_set(TP_EGATE, "%zu file%s would change", j.would_change, j.would_change == 1 ? "" : "s");
	if ((rc == 0 || rc == TP_EGATE) && ((o->fail_on >= 1 && sum.unsupported) || (o->fail_on >= 2 && sum.unknown)))
		rc = tp_error_set(TP_EGATE, "--fail-on: %zu unsupported and %zu unknown APIs found", sum.unsupported, sum.unknown);
cleanup:
	if (j.report)
		tp_report_close(j.report, &j.sum, rc < 0 ? rc : TP_EIO, NULL);
	if (staged) {
		int keep = rc;
		tp_remove_tree(stage);
		rc = keep;
	}
	if (j.results)
		for (size_t i = 0; i < entries.len; i++)
			tp_result_dispose(&j.results[i]);
	free(j.results);
	for (size_t i = 0; j.inputs && i < entries.len; i++)
		free(j.inputs[i]);
	free(j.inputs);
	free(j.input_lens);
	free(j.message);
	free(j.finished);
	free(rdir);
	tp_buf_dispose(&j.analysis_csv);
	tp_buf_dispose(&j.analysis_table);
	tp_buf_dispose(&j.stdin_data);
	tp_entries_dispose(&entries);
	tp_map_dispose(&ext_modules);
	tp_map_dispose(&library_ops);
	tp_map_dispose(&dist_setups);
	tp_map_dispose(&dist_iterables);
	tp_map_dispose(&dist_loaders);
	tp_map_dispose(&dist_repeats);
	for (size_t i = 0; i < owned.len; i++)
		free(owned.items[i]);
	tp_array_free(&owned);
	tp_rules_free(rules);
	tp_ops_free(ops);
	free(name);
	free(final);
	free(stage);
	return rc;
}
