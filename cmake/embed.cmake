# Embeds a file as a C byte array: cmake -DIN=file -DOUT=file.c -DNAME=sym -P embed.cmake
file(READ ${IN} _hex HEX)
string(LENGTH "${_hex}" _n)
math(EXPR _len "${_n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" _bytes "${_bytes}")
file(WRITE ${OUT} "/* Generated from ${IN} by cmake/embed.cmake. Do not edit. */\n"
  "const char ${NAME}[] = {\n${_bytes}0x00};\n"
  "const unsigned long ${NAME}_len = ${_len};\n")
