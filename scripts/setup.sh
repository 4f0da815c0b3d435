#!/usr/bin/env bash
# Installs the toolchain this project builds with, idempotently:
#   Debian packages (emscripten, protoc, libprotobuf-dev, libonnx-dev, catch2, cmake, ...),
#   protobuf 3.21.12 sources from Debian's source package, and protobuf-lite built for
#   WebAssembly (single-threaded and threaded) into a cache outside the source tree.
# Quick when everything is already there. Prints the cache prefixes on its last two lines:
# protobuf-lite for the threaded module, then for the single-threaded one (the last line).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cache=${ORW_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/onnx-reduce-wasm}
pb_version=3.21.12
mkdir -p "$cache"

log() { printf '[setup] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. Debian packages -------------------------------------------------------------
packages=(emscripten protobuf-compiler libprotobuf-dev libonnx-dev catch2 cmake ccache dpkg-dev)
packages+=(clang-14 libclang-rt-14-dev)  # libFuzzer + sanitizers for tests/fuzz
[ "${ORW_WITH_BROWSER:-1}" = 1 ] && packages+=(chromium firefox-esr)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
apt_updated=0
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  # Some third-party apt sources may be unreachable here; Debian's own are what we need.
  as_root apt-get update || log "apt-get update reported errors (continuing)"
  apt_updated=1
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

protoc_version=$(protoc --version | awk '{print $2}')
[ "$protoc_version" = "$pb_version" ] || { log "protoc is $protoc_version, need $pb_version"; exit 1; }

# 2. protobuf sources (Debian source package) ---------------------------------------
pb_src="$cache/protobuf-$pb_version"
if [ ! -f "$pb_src/src/google/protobuf/message_lite.cc" ]; then
  if ! ls "$cache"/protobuf_"$pb_version".orig.tar.* >/dev/null 2>&1; then
    src_list=/etc/apt/sources.list.d/debian-src.sources
    if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
      log "enabling Debian source packages ($src_list)"
      sed -e 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | as_root tee "$src_list" >/dev/null
      apt_updated=0
    fi
    [ $apt_updated = 1 ] || as_root apt-get update || log "apt-get update reported errors (continuing)"
    log "downloading protobuf $pb_version source package"
    (cd "$cache" && apt-get source --download-only "protobuf=$pb_version-3+deb12u1" 2>/dev/null \
       || cd "$cache" && apt-get source --download-only protobuf)
  fi
  log "unpacking protobuf sources"
  rm -rf "$pb_src.tmp" && mkdir -p "$pb_src.tmp"
  tar -xf "$(ls "$cache"/protobuf_"$pb_version".orig.tar.* | head -1)" -C "$pb_src.tmp" --strip-components=1
  rm -rf "$pb_src" && mv "$pb_src.tmp" "$pb_src"
fi

# 3. protobuf-lite for WebAssembly, keyed by emcc version and flags -----------------------
# Two builds: one with the single-threaded module's flags (cmake/wasm-flags.txt), one with the
# threaded module's (cmake/wasm-threads-flags.txt: -pthread objects cannot link with others).
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
emcc_version=$(emcc -dumpversion 2>/dev/null || emcc --version | head -1 | awk '{print $NF}')
build_protobuf_wasm() {  # flags file -> prints the prefix holding lib/libprotobuf-lite.a
  local pb_flags key pb_wasm bdir
  pb_flags=$(cat "$1")
  key=$(printf '%s|%s|%s' "$emcc_version" "$pb_flags" "$pb_version" | sha1sum | cut -c1-12)
  pb_wasm="$cache/protobuf-lite-wasm-$key"
  if [ ! -f "$pb_wasm/lib/libprotobuf-lite.a" ]; then
    log "building protobuf-lite for WebAssembly ($pb_flags) into $pb_wasm"
    bdir="$cache/build-protobuf-wasm-$key"
    rm -rf "$bdir"
    emcmake cmake -S "$pb_src" -B "$bdir" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS="$pb_flags" -DCMAKE_C_FLAGS="$pb_flags" \
      -Dprotobuf_BUILD_TESTS=OFF -Dprotobuf_BUILD_CONFORMANCE=OFF -Dprotobuf_BUILD_EXAMPLES=OFF \
      -Dprotobuf_BUILD_PROTOC_BINARIES=OFF -Dprotobuf_BUILD_LIBPROTOC=OFF -Dprotobuf_WITH_ZLIB=OFF \
      -Dprotobuf_BUILD_SHARED_LIBS=OFF -Dprotobuf_INSTALL=OFF >/dev/null
    cmake --build "$bdir" --target libprotobuf-lite -j"$(nproc)" >/dev/null
    mkdir -p "$pb_wasm/lib" "$pb_wasm/include"
    cp "$bdir"/libprotobuf-lite.a "$pb_wasm/lib/"
    (cd "$pb_src/src" && find google -name '*.h' -o -name '*.inc' | cpio -pdm --quiet "$pb_wasm/include" 2>/dev/null \
       || tar -cf - $(find google -name '*.h' -o -name '*.inc') | tar -xf - -C "$pb_wasm/include")
    rm -rf "$bdir"
  fi
  echo "$pb_wasm"
}
pb_wasm_threads=$(build_protobuf_wasm "$here/cmake/wasm-threads-flags.txt")
log "ready: protobuf-lite (wasm, threaded) at $pb_wasm_threads"
pb_wasm=$(build_protobuf_wasm "$here/cmake/wasm-flags.txt")
log "ready: protobuf-lite (wasm) at $pb_wasm"
# The last two lines: the threaded build's prefix, then the single-threaded build's.
echo "$pb_wasm_threads"
echo "$pb_wasm"
