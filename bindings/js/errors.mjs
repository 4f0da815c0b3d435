// Turns the wasm side's (kind, message) status into a JS error. Kinds mirror ErrorKind in
// bindings/embind.cc.
const ERROR_KINDS = { 1: TypeError, 2: RangeError, 3: Error };

export function lastError(mod) {
  const Ctor = ERROR_KINDS[mod.lastErrorKind()] ?? Error;
  return new Ctor(mod.lastError());
}
