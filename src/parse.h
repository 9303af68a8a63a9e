/* parse: the only module that talks to tree-sitter. It parses a buffer and
 * flattens the tree into a preorder array of the named nodes the later stages
 * need, so every later walk is a plain loop with no recursion on depth. */
#ifndef TP_PARSE_H
#define TP_PARSE_H

#include <stdint.h>

#include "util.h"

/* Grammar node kinds the converter looks at; anything else is K_OTHER. */
#define TP_KINDS(X)                                                                \
	X(MODULE, "module") X(IMPORT, "import_statement")                              \
	X(IMPORT_FROM, "import_from_statement") X(FUTURE_IMPORT, "future_import_statement") \
	X(DOTTED_NAME, "dotted_name") X(ALIASED_IMPORT, "aliased_import")              \
	X(RELATIVE_IMPORT, "relative_import") X(WILDCARD_IMPORT, "wildcard_import")    \
	X(CALL, "call") X(ATTRIBUTE, "attribute") X(IDENTIFIER, "identifier")          \
	X(STRING, "string") X(STRING_START, "string_start")                            \
	X(STRING_CONTENT, "string_content") X(STRING_END, "string_end")                \
	X(INTERPOLATION, "interpolation") X(ESCAPE_SEQUENCE, "escape_sequence")        \
	X(CONCAT_STRING, "concatenated_string") X(EXPR_STMT, "expression_statement")   \
	X(ARG_LIST, "argument_list") X(KEYWORD_ARG, "keyword_argument")                \
	X(FUNCTION_DEF, "function_definition") X(LAMBDA, "lambda")                     \
	X(CLASS_DEF, "class_definition") X(ASSIGNMENT, "assignment")                   \
	X(AUG_ASSIGN, "augmented_assignment") X(PARAMETERS, "parameters")              \
	X(LAMBDA_PARAMS, "lambda_parameters") X(DEFAULT_PARAM, "default_parameter")    \
	X(TYPED_PARAM, "typed_parameter") X(TYPED_DEFAULT_PARAM, "typed_default_parameter") \
	X(LIST_SPLAT_PATTERN, "list_splat_pattern")                                    \
	X(DICT_SPLAT_PATTERN, "dictionary_splat_pattern") X(INTEGER, "integer")        \
	X(GLOBAL, "global_statement") X(NONLOCAL, "nonlocal_statement")                \
	X(BLOCK, "block") X(DECORATOR, "decorator") X(FOR, "for_statement")            \
	X(AS_PATTERN, "as_pattern") X(AS_PATTERN_TARGET, "as_pattern_target")          \
	X(PATTERN_LIST, "pattern_list") X(TUPLE_PATTERN, "tuple_pattern")              \
	X(LIST_PATTERN, "list_pattern") X(EXCEPT, "except_clause")                     \
	X(NAMED_EXPR, "named_expression") X(COMMENT, "comment") X(ERROR, "ERROR")      \
	X(SUBSCRIPT, "subscript") X(PARENTHESIZED, "parenthesized_expression")         \
	X(LIST_SPLAT, "list_splat") X(DICT_SPLAT, "dictionary_splat")                 \
	X(DECORATED_DEF, "decorated_definition") X(IF, "if_statement")                \
	X(CONDITIONAL, "conditional_expression") X(BINARY_OP, "binary_operator")      \
	X(DICT, "dictionary") X(PAIR, "pair") X(WHILE, "while_statement")            \
	X(TRY, "try_statement") X(LIST_COMP, "list_comprehension")                    \
	X(SET_COMP, "set_comprehension") X(DICT_COMP, "dictionary_comprehension")      \
	X(GENERATOR, "generator_expression") X(WITH, "with_statement")                \
	X(LIST, "list") X(TUPLE, "tuple") X(SET, "set") X(BREAK, "break_statement")    \
	X(EXPR_LIST, "expression_list")                                                \
	X(COMPARISON, "comparison_operator") X(CASE_PATTERN, "case_pattern")        \
	X(CASE_CLAUSE, "case_clause")                                                  \
	X(NOT_OPERATOR, "not_operator") X(TYPE, "type") X(TYPE_PARAMETER, "type_parameter")

enum tp_kind {
	K_OTHER = 0,
#define TP_KIND_ENUM(name, str) K_##name,
	TP_KINDS(TP_KIND_ENUM)
#undef TP_KIND_ENUM
	K__COUNT
};

#define TP_FIELDS(X)                                                             \
	X(FUNCTION, "function") X(ARGUMENTS, "arguments") X(OBJECT, "object")        \
	X(ATTRIBUTE, "attribute") X(NAME, "name") X(ALIAS, "alias")                  \
	X(MODULE_NAME, "module_name") X(LEFT, "left") X(RIGHT, "right")              \
	X(VALUE, "value") X(BODY, "body") X(PARAMETERS, "parameters")                \
	X(SUPERCLASSES, "superclasses") X(DEFINITION, "definition")                  \
	X(EXPRESSION, "expression") X(KEY, "key")

enum tp_field {
	F_NONE = 0,
#define TP_FIELD_ENUM(name, str) F_##name,
	TP_FIELDS(TP_FIELD_ENUM)
#undef TP_FIELD_ENUM
	F__COUNT
};

#define TP_NONE UINT32_MAX

/* One named node. Nodes are stored in preorder: a node's descendants follow
 * it and end before index `end_index`. parent/first/next are indices into the
 * same array, TP_NONE when absent. Byte offsets index the parsed buffer. */
typedef struct {
	uint32_t start, end;
	uint32_t parent, first, next;
	uint32_t end_index;
	uint16_t kind, field;
} tp_node;

/* The flattened tree of one buffer. nodes and errors are the parser's
 * arrays, valid until its next tp_parse; errors lists the byte ranges of
 * ERROR and MISSING nodes, in source order, and from the first character in
 * code that the grammar takes for a space but Python rejects (U+FEFF, U+200B,
 * U+2060, a vertical tab) or the first line indented as Python does not
 * allow (see bad_indent in parse.c) to the end, with why it is an error. syntax
 * is the parser's own tree, kept for an incremental reparse (owned: release
 * it with tp_tree_dispose). */
typedef struct {
	tp_node *nodes;
	uint32_t count;
	struct tp_range { uint32_t start, end; const char *why; } *errors;
	uint32_t error_count;
	void *syntax;
} tp_tree;

/* One replacement of old[start, old_end) by new text ending at new_end,
 * with 0-based row/column (in bytes) positions, for an incremental reparse. */
typedef struct {
	uint32_t start, old_end, new_end;
	uint32_t start_row, start_col, old_end_row, old_end_col, new_end_row, new_end_col;
} tp_span_edit;

typedef struct tp_parser tp_parser;

tp_parser *tp_parser_new(void);
void tp_parser_free(tp_parser *p);
/* Parses src[0..len) into out. Returns 0, or a negative code when the
 * grammar cannot run at all (the message is in tp_parse_error). */
int tp_parse(tp_tree *out, tp_parser *p, const char *src, uint32_t len);

void tp_tree_dispose(tp_tree *t);
/* verify: reparses src (the old tree's source with edits applied, given back
 * to front) incrementally from t's syntax tree (afresh when t has syntax
 * errors, or when the edits would cost more) and sets *errors to the number
 * of ERROR and MISSING nodes. Returns 0 or a negative code. */
int tp_reparse_errors(uint32_t *errors, tp_parser *p, tp_tree *t, const tp_span_edit *edits, size_t count, const char *src, uint32_t len);

const char *tp_kind_name(enum tp_kind k);
/* Whether s[0..n) is a word the grammar lexes as a keyword (`import`, `print`,
 * `None`), so a name spelled so would not parse as one. */
int tp_is_keyword(const char *s, size_t n);
/* Whether s[0..n) is an ASCII name that the grammar does not take for a
 * keyword. */
int tp_is_plain_name(const char *s, size_t n);

/* The offset of the backslash that continues the line before the one that
 * starts at ls into it (`\` + `\n` or `\r\n`), or TP_NONE. */
static inline uint32_t tp_line_continuation(const char *src, uint32_t ls)
{
	uint32_t k = ls >= 2 && src[ls - 2] == '\r' ? ls - 3 : ls - 2;
	return ls >= 2 && k < ls && src[k] == '\\' ? k : TP_NONE;
}

static inline uint32_t tp_child(const tp_tree *t, uint32_t n, enum tp_field f)
{
	for (uint32_t c = t->nodes[n].first; c != TP_NONE; c = t->nodes[c].next)
		if (t->nodes[c].field == f)
			return c;
	return TP_NONE;
}

/* Nodes that only group assignment targets: `a, (b, *c) = ...`. */
static inline int tp_is_pattern(uint16_t kind)
{
	return kind == K_PATTERN_LIST || kind == K_TUPLE_PATTERN || kind == K_LIST_PATTERN || kind == K_LIST_SPLAT_PATTERN ||
	       kind == K_PARENTHESIZED;
}

#endif
