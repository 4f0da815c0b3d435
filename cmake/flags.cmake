# Compile flags shared by every target of a build. The wasm flags live in wasm-flags.txt
# (single-threaded) and wasm-threads-flags.txt (the threaded build, -DORW_THREADS=ON) so
# scripts/setup.sh builds protobuf-lite with exactly the same ones (exceptions, SIMD and
# -pthread settings must match across everything linked together).
add_library(orw_flags INTERFACE)
if(EMSCRIPTEN)
  if(ORW_THREADS)
    # -fexceptions, not -fwasm-exceptions: with -pthread, Emscripten 3.1.6's wasm exceptions
    # never reach a C++ catch (the bindings' catch is how errors become JS errors).
    set(_flags_file wasm-threads-flags.txt)
    set(_link_flags -pthread -fexceptions)
  else()
    set(_flags_file wasm-flags.txt)
    set(_link_flags -fwasm-exceptions)
  endif()
  file(READ "${CMAKE_CURRENT_LIST_DIR}/${_flags_file}" _wasm_flags)
  string(STRIP "${_wasm_flags}" _wasm_flags)
  separate_arguments(_wasm_flags UNIX_COMMAND "${_wasm_flags}")
  target_compile_options(orw_flags INTERFACE ${_wasm_flags})
  target_link_options(orw_flags INTERFACE ${_link_flags} -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1)
else()
  # Same results as the wasm build: no FMA contraction.
  target_compile_options(orw_flags INTERFACE -O3 -ffp-contract=off)
  if(ORW_SANITIZE)
    target_compile_options(orw_flags INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -O1)
    target_link_options(orw_flags INTERFACE -fsanitize=address,undefined)
  endif()
endif()
