#include "shape/context.h"

#include <stdexcept>

#include "core/errors.h"
#include "schema/op_schema.h"

namespace orw {

void ShapesContext::set_opset(const std::string& domain, int64_t version) {
  opsets_[canonical_domain(domain)] = version;
}

int64_t ShapesContext::opset(const std::string& domain) const {
  const auto it = opsets_.find(canonical_domain(domain));
  return it == opsets_.end() ? 0 : it->second;
}

void ShapesContext::set(const std::string& name, TensorInfo info) {
  reserve_symbols(info.shape);
  reserve_symbols(info.values);
  values_[name] = std::move(info);
}

const TensorInfo* ShapesContext::find(const std::string& name) const {
  const auto it = values_.find(name);
  return it == values_.end() ? nullptr : &it->second;
}

const TensorInfo& ShapesContext::at(const std::string& name) const {
  if (const TensorInfo* info = find(name)) return *info;
  fail<LookupError>(ErrorMessage() << "shapes context: no value named '" << Printable{name} << '\'');
}

std::string ShapesContext::fresh_symbol(const std::string& base) {
  std::string candidate = base;
  for (int64_t k = 2; symbols_.count(candidate) != 0; ++k) candidate = base + "_" + std::to_string(k);
  symbols_.insert(candidate);
  return candidate;
}

void ShapesContext::reserve_symbols(const std::optional<Dims>& dims) {
  if (!dims) return;
  for (const Dim& d : *dims) {
    if (d.is_symbol()) symbols_.insert(d.name());
  }
}

}  // namespace orw
