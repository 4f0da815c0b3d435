#include "core/buffer.h"

#include <cstring>

namespace orw {

ByteBuffer byte_buffer(size_t bytes) {
  return ByteBuffer(new std::max_align_t[(bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t)]);
}

void fill_copies(void* dst, const void* value, size_t size, size_t n) noexcept {
  if (n == 0) return;
  auto* d = static_cast<char*>(dst);
  const size_t total = n * size;
  std::memcpy(d, value, size);
  for (size_t done = size; done < total;) {  // the copies so far, copied after themselves
    const size_t m = done < total - done ? done : total - done;
    std::memcpy(d + done, d, m);
    done += m;
  }
}

}  // namespace orw
