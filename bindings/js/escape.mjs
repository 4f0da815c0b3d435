// Names from models printed as text that cannot act on a terminal or hide in a message:
// shared by the error messages (guards.mjs: printable) and the command line's output. No
// imports, so the command line can load it beside the bundled entry.

// One character (a code point) as printable text: control characters (C0, DEL, C1) and the
// bidirectional controls that reorder what a terminal shows as \xNN / \u{NNNN}, a backslash
// doubled, `quotes` escaped with a backslash; any other character as it is.
export function escapeChar(c, quotes = '') {
  const code = c.codePointAt(0);
  if (c === '\n') return '\\n';
  if (c === '\t') return '\\t';
  if (c === '\\' || quotes.includes(c)) return `\\${c}`;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, '0')}`;
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f) {
    return `\\u{${code.toString(16)}}`;
  }
  return c;
}

// A name as the command line prints it: every character through escapeChar, none cut.
export function terminalSafe(name) {
  let out = '';
  for (const c of String(name)) out += escapeChar(c);
  return out;
}

// Text made elsewhere (an error message) as the command line prints it: its line breaks and
// tabs kept, every other control character through escapeChar; backslashes left as they are
// (the messages' own escapes).
export function controlsEscaped(text) {
  let out = '';
  for (const c of String(text)) out += c === '\n' || c === '\t' || c === '\\' ? c : escapeChar(c);
  return out;
}
