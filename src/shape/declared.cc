#include "shape/declared.h"

#include "core/errors.h"

namespace orw {
namespace {

std::string conflict(const TensorInfo& inferred, const TensorInfo& declared, ErrorMessage& detail) {
  ErrorMessage m;
  m << "declared " << declared << " but inferred " << inferred << ": " << detail.text();
  return m.text();
}

const char* kind_text(const TensorInfo& info) {
  if (info.is_tensor()) return "tensor";
  return info.is(ValueKind::kSequence) ? "sequence" : "optional";
}

// Nothing known: no containers, element type or rank (any value may be one).
bool is_unknown(const TensorInfo& info) {
  return info.is_tensor() && info.type == DataType::kUndefined && !info.has_rank();
}

}  // namespace

std::optional<TensorInfo> union_of(const TensorInfo& a, const TensorInfo& b) {
  if (is_unknown(a) || is_unknown(b)) {  // the other's containers and type; no rank
    TensorInfo out = TensorInfo::of_unknown_rank(is_unknown(a) ? b.type : a.type);
    out.containers = is_unknown(a) ? b.containers : a.containers;
    return out;
  }
  if (a.containers != b.containers) return std::nullopt;
  if (a.type != DataType::kUndefined && b.type != DataType::kUndefined && a.type != b.type) return std::nullopt;
  TensorInfo out = TensorInfo::of_unknown_rank(a.type != DataType::kUndefined ? a.type : b.type);
  out.containers = a.containers;
  if (a.has_rank() && b.has_rank() && a.rank() == b.rank()) {
    Dims dims = *a.shape;
    for (size_t i = 0; i < dims.size(); ++i) {
      if (dims[i] != (*b.shape)[i]) dims[i] = Dim();
    }
    out.shape = dims;
  }
  return out;
}

std::string merge_declared(TensorInfo& inferred, const TensorInfo& declared) {
  if (is_unknown(declared)) return {};  // a declaration without type or shape says nothing
  TensorInfo merged = inferred;
  // A declared sequence or optional says nothing of a value inferred as unknown (?[*]) but
  // its containers; any other value must have the declared containers.
  if (is_unknown(inferred)) merged.containers = declared.containers;
  if (merged.containers != declared.containers) {
    ErrorMessage d;
    d << "a " << kind_text(merged) << ", declared a " << kind_text(declared);
    return conflict(inferred, declared, d);
  }
  if (declared.type != DataType::kUndefined) {
    if (merged.type == DataType::kUndefined) {
      merged.type = declared.type;
    } else if (merged.type != declared.type) {
      ErrorMessage d;
      d << "element type " << type_name(merged.type) << ", declared " << type_name(declared.type);
      return conflict(inferred, declared, d);
    }
  }
  if (declared.shape) {
    if (!merged.shape) {
      merged.shape = declared.shape;
    } else if (merged.shape->size() != declared.shape->size()) {
      ErrorMessage d;
      d << "rank " << merged.shape->size() << ", declared " << declared.shape->size();
      return conflict(inferred, declared, d);
    } else {
      for (size_t i = 0; i < merged.shape->size(); ++i) {
        Dim& have = (*merged.shape)[i];
        const Dim& said = (*declared.shape)[i];
        if (have.is_value()) {
          if (said.is_value() && said.value() != have.value()) {
            ErrorMessage d;
            d << "dim " << i << " is " << have.value() << ", declared " << said.value();
            return conflict(inferred, declared, d);
          }
        } else if (!said.is_unknown()) {
          have = said;  // a known dim, or a declared name where inference has an unknown or its own name
        }
      }
    }
  }
  inferred = std::move(merged);
  return {};
}

}  // namespace orw
