# Fetches the pinned grammar tarball into the build tree, verifies its hash
# and unpacks it. Included from CMakeLists.txt at configure time. Set
# TS_PYTHON_TARBALL to a local copy of the tarball to build offline.
include(${CMAKE_CURRENT_LIST_DIR}/tree-sitter-python.cmake)
set(_dir ${CMAKE_BINARY_DIR}/grammars/tree-sitter-python-${TS_PYTHON_VERSION})
set(_tgz ${CMAKE_BINARY_DIR}/grammars/tree-sitter-python-${TS_PYTHON_VERSION}.tgz)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/grammars)
if(NOT EXISTS ${_dir}/package/src/parser.c)
  if(TS_PYTHON_TARBALL)
    file(COPY_FILE ${TS_PYTHON_TARBALL} ${_tgz})
  elseif(NOT EXISTS ${_tgz})
    message(STATUS "Fetching tree-sitter-python ${TS_PYTHON_VERSION} from the npm registry")
    file(DOWNLOAD ${TS_PYTHON_URL} ${_tgz}.part STATUS _st TLS_VERIFY ON)
    list(GET _st 0 _code)
    if(NOT _code EQUAL 0)
      file(REMOVE ${_tgz}.part)
      message(FATAL_ERROR "Could not download ${TS_PYTHON_URL}: ${_st}. "
        "Check the network, or pass -DTS_PYTHON_TARBALL=/path/to/tree-sitter-python-${TS_PYTHON_VERSION}.tgz")
    endif()
    file(RENAME ${_tgz}.part ${_tgz})
  endif()
  file(SHA512 ${_tgz} _got)
  if(NOT _got STREQUAL TS_PYTHON_SHA512)
    file(REMOVE ${_tgz})
    message(FATAL_ERROR "tree-sitter-python ${TS_PYTHON_VERSION}: integrity check failed.\n"
      "  expected sha512 ${TS_PYTHON_SHA512}\n  got      sha512 ${_got}\n"
      "The tarball is not the pinned one (grammars/tree-sitter-python.cmake); the build stops.")
  endif()
  file(MAKE_DIRECTORY ${_dir})
  file(ARCHIVE_EXTRACT INPUT ${_tgz} DESTINATION ${_dir} PATTERNS package/src/*)
endif()
set(TS_PYTHON_SRC ${_dir}/package/src)
