/* error: the last error message of the calling thread. A failing function
 * sets it once, where the failure happens, and returns a negative code that
 * its callers pass up unchanged. */
#ifndef TP_ERROR_H
#define TP_ERROR_H

/* Error codes double as the process exit status (negated). */
enum {
	TP_OK = 0,
	TP_EGATE = -1,  /* --check / --fail-on triggered */
	TP_EUSAGE = -2, /* bad command line */
	TP_ERULES = -3, /* bad rule file */
	TP_EIO = -4,    /* read or write failure */
};

int tp_error_set(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *tp_error_last(void);

#endif
