/* run: the whole conversion of an input tree: walk, a pool of workers that
 * convert and write files, then the reports, merged in path order. */
#ifndef TP_RUN_H
#define TP_RUN_H

#include <stddef.h>

/* Options of a conversion run. Strings are borrowed from argv. */
typedef struct {
	const char *input;      /* "-": one source on stdin (editor mode) */
	const char *output;
	const char *rules_file; /* NULL: built-in rules only */
	int jobs;               /* worker threads, >= 1 */
	int force;              /* replace an existing <name>_msft */
	int quiet;
	const char *version;    /* PyTorch version of the op-support lists; NULL: newest */
	int fail_on;            /* 0 never, 1 unsupported, 2 unsupported or unknown */
	int check;              /* write nothing; the gate fails when a file would change */
	int diff;               /* write nothing; print a unified diff */
	int analyse;            /* reports only, into <name>_analysis, with a readiness summary */
	const char *dist_main;  /* distributed mode: MAIN (relative to the input folder) */
	const char *dist_model; /* distributed mode: -t, the model variables separated by commas (NULL: none given) */
	int specify_device;     /* -s: the device comes from DEVICE_ID */
	int similar;            /* -sim: replace unsupported APIs with similar ones */
	int json;               /* print report.json's document on stdout */
	const char *sarif;      /* write SARIF 2.1.0 here */
	char **excludes;
	size_t nexcludes;
} tp_options;

/* Returns 0, or a negative error code with the message set. */
int tp_run(const tp_options *o);

#endif
