// The entry of an op the package infers but does not run: its row's ShapeRule's shape
// function (src/inferred/), and a run function that says the op is not run.
#pragma once

#include "registry/families.h"

namespace orw {

// The entry of a Family::kInferred row.
const OpEntry& inferred_entry(const OpSchema& schema);

}  // namespace orw
