#include "shape/declared.h"

#include "core/errors.h"

namespace orw {
namespace {

std::string conflict(const TensorInfo& inferred, const TensorInfo& declared, ErrorMessage& detail) {
  ErrorMessage m;
  m << "declared " << declared << " but inferred " << inferred << ": " << detail.text();
  return m.text();
}

}  // namespace

std::string merge_declared(TensorInfo& inferred, const TensorInfo& declared) {
  TensorInfo merged = inferred;
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
