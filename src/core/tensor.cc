#include "core/tensor.h"

#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/errors.h"

namespace orw {

int64_t checked_element_count(const Shape& dims, std::string_view what) {
  bool has_zero = false;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0) {
      fail<SizeError>(ErrorMessage() << what << ": dim " << i << " is negative (" << dims[i] << ") in shape "
                                     << ShapeText{dims});
    }
    if (dims[i] > kMaxDim) {
      fail<SizeError>(ErrorMessage() << what << ": dim " << i << " is " << dims[i]
                                     << ", beyond 2^53 - 1 (the largest integer a JS number holds exactly)");
    }
    has_zero |= dims[i] == 0;
  }
  if (has_zero) return 0;  // empty, however large the other dims
  int64_t count = 1;
  for (int64_t d : dims) {
    if (count > std::numeric_limits<int64_t>::max() / d) {
      fail<SizeError>(ErrorMessage() << what << ": element count of shape " << ShapeText{dims} << " overflows int64");
    }
    count *= d;
  }
  return count;
}

size_t checked_byte_size(DataType type, int64_t count, std::string_view what) {
  const size_t elem = element_size(type);
  if (elem == 0) fail<TypeError>(ErrorMessage() << what << ": element type " << type_name(type) << " is not supported"
                                                 << runtime_support_note(type));
  const uint64_t limit = static_cast<uint64_t>(std::numeric_limits<std::ptrdiff_t>::max());
  if (count < 0 || static_cast<uint64_t>(count) > limit / elem) {
    // An allocation that cannot succeed: its kind, so that runs name the op that asked for it.
    fail<AllocationError>(ErrorMessage() << what << ": " << count << " elements of " << type_name(type)
                                         << " exceed the addressable memory (" << limit << " bytes)");
  }
  return static_cast<size_t>(count) * elem;
}

std::string shape_to_string(const Shape& dims) { return text_of(ShapeText{dims}); }

ErrorMessage& operator<<(ErrorMessage& m, ShapeText shape) {
  m << '[';
  for (size_t i = 0; i < shape.dims.size(); ++i) {
    if (i) m << ',';
    m << shape.dims[i];
  }
  return m << ']';
}

Tensor::Tensor(DataType type, Shape dims) : Tensor(type, std::move(dims), true) {}

Tensor Tensor::uninitialized(DataType type, Shape dims) { return Tensor(type, std::move(dims), false); }

Tensor::Tensor(DataType type, Shape dims, bool zero) : type_(type), dims_(std::move(dims)) {
  count_ = checked_element_count(dims_, "tensor");
  const size_t bytes = checked_byte_size(type_, count_, "tensor");
  void* p = zero ? std::calloc(bytes ? bytes : 1, 1) : std::malloc(bytes ? bytes : 1);
  if (!p) {
    fail<AllocationError>(ErrorMessage() << "cannot allocate " << bytes << " bytes for a tensor of shape "
                                         << ShapeText{dims_} << " (out of memory)");
  }
  owner_ = std::shared_ptr<void>(p, std::free);
  data_ = p;
}

Tensor Tensor::view(DataType type, Shape dims, const void* data) {
  Tensor t;
  t.type_ = type;
  t.dims_ = std::move(dims);
  t.count_ = checked_element_count(t.dims_, "tensor");
  checked_byte_size(type, t.count_, "tensor");
  t.data_ = const_cast<void*>(data);
  return t;
}

Tensor Tensor::reshaped(Shape dims) const {
  Tensor t = *this;
  t.dims_ = std::move(dims);
  if (checked_element_count(t.dims_, "tensor") != count_) {
    fail<InternalError>(ErrorMessage() << "tensor: shape " << ShapeText{t.dims_} << " does not hold the "
                                       << count_ << " elements of shape " << ShapeText{dims_});
  }
  return t;
}

Tensor Tensor::copy() const {
  Tensor t = uninitialized(type_, dims_);
  if (byte_size()) std::memcpy(t.data_, data_, byte_size());
  return t;
}

}  // namespace orw
