# Embeds a file as a C byte array: cmake -DIN=file -DOUT=file.c -DNAME=sym [-DSPLIT=key] -P embed.cmake
#
# With SPLIT, IN is a JSON object whose member SPLIT is an object, and each of
# that object's members is embedded as a document of its own, so that a run
# parses only the one it uses: NAME is IN without SPLIT, NAME_part_names the
# members' names (NULL-terminated), NAME_parts and NAME_part_lens their texts and lengths.
file(READ ${IN} _text)

# Sets var to text as the initializer of a NUL-terminated C char array.
function(c_bytes var text)
  string(HEX "${text}" _hex)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" _bytes "${_bytes}")
  set(${var} "{\n${_bytes}0x00}" PARENT_SCOPE)
endfunction()

set(_out "/* Generated from ${IN} by cmake/embed.cmake. Do not edit. */\n")
if(SPLIT)
  string(JSON _count LENGTH "${_text}" ${SPLIT})
  math(EXPR _last "${_count} - 1")
  set(_names "")
  set(_parts "")
  set(_lens "")
  foreach(_i RANGE ${_last})
    string(JSON _member MEMBER "${_text}" ${SPLIT} ${_i})
    string(JSON _part GET "${_text}" ${SPLIT} ${_member})
    c_bytes(_bytes "${_part}")
    string(APPEND _out "static const char ${NAME}_part_${_i}[] = ${_bytes};\n")
    string(APPEND _names "\"${_member}\", ")
    string(APPEND _parts "${NAME}_part_${_i}, ")
    string(APPEND _lens "sizeof ${NAME}_part_${_i} - 1, ")
  endforeach()
  string(APPEND _out
    "const char *const ${NAME}_part_names[] = {${_names}0};\n"
    "const char *const ${NAME}_parts[] = {${_parts}0};\n"
    "const unsigned long ${NAME}_part_lens[] = {${_lens}0};\n")
  string(JSON _text REMOVE "${_text}" ${SPLIT})
endif()
c_bytes(_bytes "${_text}")
string(APPEND _out "const char ${NAME}[] = ${_bytes};\nconst unsigned long ${NAME}_len = sizeof ${NAME} - 1;\n")
file(WRITE ${OUT} "${_out}")
