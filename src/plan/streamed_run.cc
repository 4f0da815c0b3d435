#include "plan/streamed_run.h"

#include <algorithm>

#include "core/parallel.h"

namespace orw {

void feed_pieces(ReduceStream& stream, const void* x, size_t begin, size_t count, size_t bytes, size_t piece,
                 bool on_pool) {
  const auto* in = static_cast<const char*>(x);
  if (on_pool && thread_count() > 1) {
    auto task = [&](size_t i) {
      const size_t done = i * piece;
      stream.feed(in + done * bytes, begin + done, std::min(piece, count - done));
    };
    return parallel_for(task_count(count, piece), task);
  }
  for (size_t done = 0; done < count; done += piece) {
    stream.feed(in + done * bytes, begin + done, std::min(piece, count - done));
  }
}

void ReduceStream::feed_all(const void* x, size_t begin, size_t count, size_t bytes) {
  feed_pieces(*this, x, begin, count, bytes, piece_elements());
}

void ReduceStream::run(const void* x, size_t count, size_t bytes) {
  feed_all(x, 0, count, bytes);
  finish();
}

void run_stream(ReduceStream& stream, size_t count, const void* x, size_t bytes, size_t piece) {
  if (piece == 0) return stream.run(x, count, bytes);
  feed_pieces(stream, x, 0, count, bytes, piece);
  stream.finish();
}

}  // namespace orw
