# Provides `orw_protobuf_lite` (protobuf-lite for this build's target) and ORW_PROTOC (the
# host protoc, whose version must match the runtime: 3.21.12).
if(EMSCRIPTEN)
  set(ORW_PROTOBUF_WASM "" CACHE PATH "protobuf-lite built for wasm (printed by scripts/setup.sh)")
  if(NOT EXISTS "${ORW_PROTOBUF_WASM}/lib/libprotobuf-lite.a")
    message(FATAL_ERROR "ORW_PROTOBUF_WASM='${ORW_PROTOBUF_WASM}' holds no lib/libprotobuf-lite.a: run scripts/setup.sh and pass the prefix it prints")
  endif()
  add_library(orw_protobuf_lite STATIC IMPORTED GLOBAL)
  set_target_properties(orw_protobuf_lite PROPERTIES
    IMPORTED_LOCATION "${ORW_PROTOBUF_WASM}/lib/libprotobuf-lite.a"
    INTERFACE_INCLUDE_DIRECTORIES "${ORW_PROTOBUF_WASM}/include")
  find_program(ORW_PROTOC protoc NO_CMAKE_FIND_ROOT_PATH REQUIRED)
else()
  find_package(Protobuf 3.21 REQUIRED)
  add_library(orw_protobuf_lite INTERFACE)
  target_link_libraries(orw_protobuf_lite INTERFACE protobuf::libprotobuf-lite)
  set(ORW_PROTOC "${Protobuf_PROTOC_EXECUTABLE}")
endif()
execute_process(COMMAND "${ORW_PROTOC}" --version OUTPUT_VARIABLE _protoc_version OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT _protoc_version MATCHES "3\\.21\\.12")
  message(FATAL_ERROR "protoc at ${ORW_PROTOC} is '${_protoc_version}'; the protobuf runtime needs 3.21.12")
endif()
