#include "glue_state.h"

namespace orw::bindings {

GlueState& glue() {
  static GlueState s;
  return s;
}

}  // namespace orw::bindings
