// ShapesContext: the state of shape inference over a graph. Maps value names to what is known
// about them (TensorInfo), holds the opset imported for each domain, and hands out fresh
// symbols for dims that inference cannot pin down, unique within the context.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "shape/tensor_info.h"

namespace orw {

class ShapesContext {
 public:
  ShapesContext() = default;
  // A context importing `onnx_opset` for the default domain ("" / "ai.onnx").
  explicit ShapesContext(int64_t onnx_opset) { set_opset("", onnx_opset); }

  // Imports `version` of `domain`; "" and "ai.onnx" name the same domain.
  void set_opset(const std::string& domain, int64_t version);
  // The version imported for `domain`, or 0 when it is not imported.
  int64_t opset(const std::string& domain) const;

  // Stores (or replaces) what is known about value `name`. Its symbols are reserved, so
  // fresh_symbol() never returns them.
  void set(const std::string& name, TensorInfo info);
  // The info of `name`, or nullptr.
  const TensorInfo* find(const std::string& name) const;
  // The info of `name`; throws LookupError naming the value when it is not held.
  const TensorInfo& at(const std::string& name) const;
  bool contains(const std::string& name) const { return find(name) != nullptr; }
  // Every value, by name.
  const std::map<std::string, TensorInfo>& values() const { return values_; }

  // A symbol no dim or value of this context uses yet, and reserves it: `base`, or
  // `base_2`, `base_3`, ... when taken. Shape functions pass "<output name>_d<position>".
  std::string fresh_symbol(const std::string& base);

 private:
  void reserve_symbols(const std::optional<Dims>& dims);

  std::map<std::string, int64_t> opsets_;
  std::map<std::string, TensorInfo> values_;
  std::set<std::string> symbols_;
};

}  // namespace orw
