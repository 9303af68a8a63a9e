/* ops: torch_npu's op-support lists for one PyTorch version (rules/op_support.json,
 * embedded at build time), as hash sets the match stage classifies calls with. */
#ifndef TP_OPS_H
#define TP_OPS_H

#include "map.h"
#include "rules.h"

/* An NPU-affine replacement for a user function or class, matched by name
 * and parameter lists (NULL-terminated arrays; init/forward for classes). */
typedef struct {
	const char *api;
	const char *parent;
	const char **params, **init, **forward;
} tp_affinity;

/* The lists of one version, and the version-independent advice. Keys, tips
 * and affinity entries are owned by the struct. */
typedef struct tp_ops {
	char *version;
	tp_map unsupported; /* qualified name -> tip ("" when the data has none) */
	tp_map supported;   /* qualified name -> non-NULL */
	tp_map aliases;     /* re-exported name -> the listed name where it is defined */
	tp_map foreign;     /* no torch API: another package's object, or a plain value -> its home */
	tp_map precision;   /* qualified name -> precision advice */
	tp_map performance; /* qualified name -> performance advice */
	tp_map affinity_function, affinity_class; /* bare name -> tp_affinity */
	tp_map affinity_call; /* qualified name -> affine API name */
	tp_array(void *) owned;
} tp_ops;

/* Loads version (NULL: the data's default). Returns 0 or TP_EUSAGE for an unknown
 * version, with the known ones in the message. */
int tp_ops_load(tp_ops **out, const char *version);
void tp_ops_free(tp_ops *ops);

/* Adds to every member-restricted module rule the members the support list
 * names (`torch.cuda.graph` supported -> `graph` is renamed too). */
void tp_ops_extend_members(tp_ops *ops, tp_rules *rules);

enum tp_support { TP_SUPPORTED, TP_UNSUPPORTED, TP_UNKNOWN };
/* Classifies a resolved qualified name; *tip is set for unsupported ones.
 * A name the lists do not hold is judged as the listed name it re-exports
 * (torch.nn.Parameter is torch.nn.parameter.Parameter); a class, else, as the
 * same name in the nearest enclosing module that they hold: torch documents a
 * class where its package re-exports it, and code often names it where it is
 * defined (torch.nn.parallel.DataParallel is torch.nn.DataParallel). A name
 * that is no torch API, or a member of one (torch.multiprocessing.Process,
 * torch.__version__.split), is TP_SUPPORTED: there is nothing to port. */
enum tp_support tp_ops_classify(const tp_ops *ops, const char *qname, const char **tip);

/* rules/op_support.json, embedded by cmake/embed.cmake: the document without
 * its versions, and each version's lists on their own. */
extern const char tp_op_support_json[];
extern const unsigned long tp_op_support_json_len;
extern const char *const tp_op_support_json_part_names[];
extern const char *const tp_op_support_json_parts[];
extern const unsigned long tp_op_support_json_part_lens[];

#endif
