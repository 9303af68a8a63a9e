/* regex: PCRE2 (8-bit, UTF) patterns from the rule data, JIT-compiled once. */
#include "regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "util.h"

struct tp_regex { pcre2_code *code; };

tp_regex *tp_regex_new(const char *pattern, char **err, size_t *offset)
{
	int code = 0;
	PCRE2_SIZE off = 0;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code, &off, NULL);
	if (!re) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(code, msg, sizeof msg);
		*err = tp_xstrdup((const char *)msg);
		*offset = (size_t)off + 1;
		return NULL;
	}
	pcre2_jit_compile(re, PCRE2_JIT_COMPLETE); /* best effort: falls back to the interpreter */
	tp_regex *r = tp_xmalloc(sizeof *r);
	r->code = re;
	return r;
}

void tp_regex_free(tp_regex *re)
{
	if (!re)
		return;
	pcre2_code_free(re->code);
	free(re);
}

int tp_regex_match(const tp_regex *re, const char *subject, size_t len)
{
	/* Match data is per call, so one compiled pattern serves every thread. */
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!md)
		abort();
	int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0, 0, md, NULL);
	pcre2_match_data_free(md);
	return rc >= 0;
}
