# Lists the named node types of the grammar that have no fields (from its
# node-types.json) as a C array, so that the parser skips the cursor's field
# lookup, tree-sitter's costly one, for the children of such nodes. Included
# from CMakeLists.txt at configure time, after grammars/fetch.cmake.
file(READ ${TS_PYTHON_SRC}/node-types.json _types)
string(JSON _n LENGTH "${_types}")
math(EXPR _last "${_n} - 1")
set(_names "")
foreach(_i RANGE ${_last})
  string(JSON _named GET "${_types}" ${_i} named)
  string(JSON _type GET "${_types}" ${_i} type)
  string(JSON _fields ERROR_VARIABLE _no_fields GET "${_types}" ${_i} fields)
  string(JSON _subtypes ERROR_VARIABLE _no_subtypes GET "${_types}" ${_i} subtypes)
  # a supertype (subtypes) is hidden: never a parent in the tree
  if(_named AND _no_subtypes AND (_no_fields OR _fields STREQUAL "{}"))
    string(APPEND _names "\t\"${_type}\",\n")
  endif()
endforeach()
set(_out ${CMAKE_BINARY_DIR}/tp_fieldless_types.c)
set(_text "/* Generated from tree-sitter-python ${TS_PYTHON_VERSION}'s node-types.json by cmake/fieldless.cmake. Do not edit. */\n#include <stddef.h>\nconst char *const tp_fieldless_types[] = {\n${_names}\tNULL,\n};\n")
if(EXISTS ${_out})
  file(READ ${_out} _old)
endif()
if(NOT _old STREQUAL _text)
  file(WRITE ${_out} "${_text}")
endif()
