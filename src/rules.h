/* rules: loads the built-in rule set (embedded JSON) and user rule files (-r)
 * into hash tables keyed by the name the match stage sees, so matching costs
 * one lookup per node whatever the number of rules. */
#ifndef TP_RULES_H
#define TP_RULES_H

#include "map.h"
#include "regex.h"
#include "util.h"

enum tp_rule_kind {
	TP_RULE_IMPORT_INSERT, /* ImportInsertRule */
	TP_RULE_MODULE,        /* ModuleNameModifyRule */
	TP_RULE_FUNC,          /* FuncNameModifyRule */
	TP_RULE_ATTR,          /* AttrNameModifyRule */
	TP_RULE_ARGS,          /* ArgsModifyRule */
	TP_RULE_STRING,        /* StringModifyRule */
	TP_RULE_DEVICE_INDEX,  /* DeviceIndexRule */
	TP_RULE_SIMILAR,       /* SimilarApiRule (-sim) */
	TP_RULE_NO_NPU_MODULE, /* UnsupportedModuleRule */
	TP_RULE_ACCELERATOR,   /* AcceleratorRule */
	TP_RULE__COUNT
};

/* One rule. Strings are owned by the rule set; which ones are set depends on
 * kind (see rules/README.md). `next` chains rules sharing a lookup key, user
 * rules first, so the first match wins. */
typedef struct tp_rule {
	enum tp_rule_kind kind;
	int user;
	char *id;  /* "FuncNameModifyRule[2]" (user rules: "user:" prefix) */
	char *key; /* the lookup key this rule is indexed by */
	char *old_name, *new_name, *parent_module;
	char *new_qname; /* module rule: the full new module name, "torch.npu" */
	int tips_only;   /* module rule that keeps the name and lists no members: it only
			  * puts member_tips on uses (torch.backends.cuda.is_built) */
	char *func_name, *arg_keyword, *arg_new, *new_keyword;
	char *arg_add; /* args rule: the value of arg_keyword for a call that lacks the argument */
	int arg_idx; /* -1 when unset */
	tp_regex *pattern;
	char *old, *replacement, *device;
	char *insert, *after_module, *unless_module, *message;
	char *unsupported_tip;
	tp_map members; /* module rule: member names it covers (empty = all);
			 * similar rule: the keywords a call may use */
	char **member_names;
	tp_map submodules;     /* module rule: submodules that hold members (torch.cuda.random) */
	char **submodule_names;
	tp_map renamed;        /* module rule: member -> its name in the new module */
	char **renamed_names;  /* its keys and values, in pairs */
	tp_map member_tips;    /* module rule: member -> a WARNING for code that uses it */
	char **tip_names;      /* its keys and values, in pairs */
	tp_map kept;           /* module rule: member that stays as it is -> the WARNING for its uses */
	char **kept_names;     /* its keys and values, in pairs */
	char **required_names; /* similar rule: keywords a call must use */
	char *warning;
	/* accelerator rule: name sets, their names in set_names */
	tp_map packages, calls, gpu_keywords, gpu_classes, module_classes;
	tp_strings set_names;
	struct tp_rule *next;
} tp_rule;

/* The loaded rule set. all owns the rules; each map's values are borrowed
 * chains. qualified maps are keyed by dotted names after alias resolution;
 * method maps by the bare attribute name. */
typedef struct {
	tp_array(tp_rule *) all;
	tp_map module;          /* "torch.cuda" -> module rename */
	tp_map func_qualified;  /* "apex.normalization.FusedLayerNorm" */
	tp_map func_method;     /* "cuda" -> x.cuda() */
	tp_map attr_method;     /* "is_cuda" */
	tp_map args_qualified;  /* "torch.autograd.profiler.profile" */
	tp_map args_method;
	tp_map string_prefix;   /* leading word of a string literal: "cuda" */
	tp_map device_index;    /* "to" */
	tp_map device_index_qualified; /* "torch.device", "torch.*" (any function of torch) */
	tp_map similar;         /* "apex.optimizers.FusedSGD": replaced with -sim, else reported */
	tp_map no_npu_module;   /* "flash_attn": a package with no NPU build, its imports reported */
	tp_map accelerator;     /* "lightning": each package of an accelerator rule */
	int replace_similar;    /* -sim */
	tp_map written;         /* what the rules write: "torch.npu" (module rule),
				 * "torch.distributed.is_hccl_available" (function rule),
				 * "npu" (method rule: x.npu()) */
	tp_rule *import_insert;
} tp_rules;

/* Loads the embedded built-in rules. Returns 0 or TP_ERULES. */
int tp_rules_load_builtin(tp_rules **out);
/* Adds the embedded similar-API rules: replacements with -sim, reports without. */
int tp_rules_load_similar(tp_rules *rules);
/* Loads a user rule file on top of rules; on error nothing is added. */
int tp_rules_load_file(tp_rules *rules, const char *path);
void tp_rules_free(tp_rules *rules);

/* The built-in data embedded at build time (generated source). */
extern const char tp_builtin_rules_json[];
extern const unsigned long tp_builtin_rules_json_len;
extern const char tp_similar_rules_json[];
extern const unsigned long tp_similar_rules_json_len;

#endif
