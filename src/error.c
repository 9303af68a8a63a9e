/* error: per-thread last error message. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char last[4096];

int tp_error_set(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last, sizeof last, fmt, ap);
	va_end(ap);
	return code;
}

const char *tp_error_last(void) { return last; }
