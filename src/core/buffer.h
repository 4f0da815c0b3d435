// Raw storage the kernels and walks share: aligned byte buffers and filling one with copies
// of a value.
#pragma once
#include <cstddef>
#include <memory>

namespace orw {

// Uninitialized storage of at least `bytes` bytes, aligned for any element or accumulator
// type: wide accumulators, column states and carry rows, one type for all.
using ByteBuffer = std::unique_ptr<std::max_align_t[]>;
ByteBuffer byte_buffer(size_t bytes);

// Copies of one `size`-byte value to dst[0..n) (e.g. an op's identity into its accumulators):
// one function for every element type, by doubling memcpy.
void fill_copies(void* dst, const void* value, size_t size, size_t n) noexcept;

}  // namespace orw
