// A typed player name, cleaned: the same rule as the engine's (pygames/link/names.py
// clean_name), so what a sheet sends is what a link carries. Every kind of whitespace becomes
// one plain space; what nobody can see goes (controls, format characters such as zero-width
// spaces and joiners or direction marks, the other default-ignorable code points such as
// variation selectors, the Hangul fillers, the braille blank); the result is trimmed and cut
// to MAX_NAME characters (code points, as Python counts them). "" means the seat's default
// name: callers put "Player 2" in its place. No imports: the engine's tests load this file
// under Node to check that both rules agree.

export const MAX_NAME = 24;

// the same lists as names.py: SPACES and INVISIBLE_RANGES, then the categories dropped whole
const SPACES = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/gu;
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\u{e0100}-\u{e01ef}]/gu;

/** `text` cleaned for a seat name ("" when nothing visible is left). */
export function cleanName(text) {
  const words = String(text ?? "")
    .replace(SPACES, " ")
    .replace(HIDDEN, "")
    .split(" ")
    .filter(Boolean);
  return Array.from(words.join(" ")).slice(0, MAX_NAME).join("").replace(/ +$/, "");
}
