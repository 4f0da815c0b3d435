# Compile flags shared by every target of a build. The wasm flags live in wasm-flags.txt so
# scripts/setup.sh builds protobuf-lite with exactly the same ones (exceptions and SIMD
# settings must match across everything linked together).
add_library(orw_flags INTERFACE)
if(EMSCRIPTEN)
  file(READ "${CMAKE_CURRENT_LIST_DIR}/wasm-flags.txt" _wasm_flags)
  string(STRIP "${_wasm_flags}" _wasm_flags)
  separate_arguments(_wasm_flags UNIX_COMMAND "${_wasm_flags}")
  target_compile_options(orw_flags INTERFACE ${_wasm_flags})
  target_link_options(orw_flags INTERFACE -fwasm-exceptions -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1)
else()
  # Same results as the wasm build: no FMA contraction.
  target_compile_options(orw_flags INTERFACE -O3 -ffp-contract=off)
  if(ORW_SANITIZE)
    target_compile_options(orw_flags INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -O1)
    target_link_options(orw_flags INTERFACE -fsanitize=address,undefined)
  endif()
endif()
