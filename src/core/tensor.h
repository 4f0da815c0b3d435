// Tensor: an element type, a shape of int64 dims and contiguous row-major data.
// A tensor either owns its buffer or views memory owned by someone else (e.g. a JS caller's
// buffer in wasm memory); copies share the buffer.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/dtype.h"
#include "core/errors.h"

namespace orw {

using Shape = std::vector<int64_t>;

// The largest dim: 2^53 - 1, the largest integer a JS number holds exactly, so that every
// shape can be given back to JS as it is (an empty tensor could otherwise carry any dim).
constexpr int64_t kMaxDim = (int64_t{1} << 53) - 1;

// Number of elements of `dims`. Throws SizeError if a dim is negative or above kMaxDim, or
// the product overflows int64; `what` prefixes the message (e.g. "ReduceProd: input 'data'").
int64_t checked_element_count(const Shape& dims, std::string_view what);

// Bytes needed for `count` elements of `type`. Throws SizeError if that exceeds what this
// platform can address (PTRDIFF_MAX: 2 GiB - 1 on wasm32), or TypeError for types without
// fixed-size storage.
size_t checked_byte_size(DataType type, int64_t count, std::string_view what);

// "[2,3,4]"
std::string shape_to_string(const Shape& dims);

// `ErrorMessage() << ShapeText{dims}` appends what shape_to_string(dims) returns.
struct ShapeText {
  const Shape& dims;
};
ErrorMessage& operator<<(ErrorMessage& message, ShapeText shape);
inline ErrorMessage& operator<<(ErrorMessage&& message, ShapeText shape) { return message << shape; }

class Tensor {
 public:
  Tensor() = default;

  // Allocates an owned, zero-filled tensor. Throws SizeError / TypeError as above.
  Tensor(DataType type, Shape dims);

  // Allocates an owned tensor whose contents are unspecified (for outputs a kernel fills).
  static Tensor uninitialized(DataType type, Shape dims);

  // A tensor viewing `data` (not owned; must outlive every copy of the tensor).
  // Throws SizeError / TypeError as above.
  static Tensor view(DataType type, Shape dims, const void* data);

  DataType type() const { return type_; }
  const Shape& dims() const { return dims_; }
  int64_t rank() const { return static_cast<int64_t>(dims_.size()); }
  int64_t size() const { return count_; }
  size_t byte_size() const { return count_ * element_size(type_); }

  const void* raw() const { return data_; }
  // Writable data; only for tensors created with the owning constructor.
  void* mutable_raw() { return data_; }

  // True for an owning tensor no other copy shares the buffer with (so it may be overwritten).
  bool sole_owner() const { return owner_ && owner_.use_count() == 1; }
  // True when this tensor (with its copies) owns its bytes; false for a view of someone else's.
  bool owns_data() const { return owner_ != nullptr; }

  // The same bytes seen with other dims of the same element count (Reshape, Squeeze, ...):
  // a co-owner of the buffer when this tensor owns it, else a view of the same memory. Throws
  // InternalError when the counts differ (callers check them first), SizeError as above.
  Tensor reshaped(Shape dims) const;
  // A new owning tensor holding a copy of these bytes.
  Tensor copy() const;

  // Makes this a view as view() does, reusing the dims' storage (no allocation once it has
  // held as many dims). `dims` are `rank` values convertible to int64.
  template <class D> void assign_view(DataType type, const D* dims, size_t rank, const void* data) {
    dims_.assign(dims, dims + rank);
    type_ = type;
    count_ = checked_element_count(dims_, "tensor");
    checked_byte_size(type, count_, "tensor");
    owner_.reset();
    data_ = const_cast<void*>(data);
  }

  template <class T> const T* data() const { return static_cast<const T*>(data_); }
  template <class T> T* mutable_data() { return static_cast<T*>(data_); }

 private:
  Tensor(DataType type, Shape dims, bool zero);

  DataType type_ = DataType::kUndefined;
  Shape dims_;
  int64_t count_ = 0;
  std::shared_ptr<void> owner_;
  void* data_ = nullptr;
};

}  // namespace orw
