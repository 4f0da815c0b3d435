// Turns the wasm side's (kind, message) status into a JS error: the class of each kind comes
// from the module's table (errorClasses of layout(), bindings/interface.cc).
const JS_CLASSES = { TypeError, RangeError, Error };

export function lastError(mod) {
  const name = JSON.parse(mod.layout()).errorClasses[mod.lastErrorKind()];
  const Ctor = JS_CLASSES[name] ?? Error;
  return new Ctor(mod.lastError());
}
