// What a game's module must provide, checked when it is loaded: a missing method is a clear
// error naming the file at once, not a surprise in the middle of a game.

/**
 * Throw unless class `cls` (or its prototype chain) has every method of `methods` and every
 * static method of `statics`. `where`: the file a player's bug report should name.
 */
export function requireMethods(cls, methods, where, statics = []) {
  const missing = [
    ...methods.filter((name) => typeof (cls && cls.prototype && cls.prototype[name]) !== "function").map((name) => `${name}()`),
    ...statics.filter((name) => typeof (cls && cls[name]) !== "function").map((name) => `static ${name}()`),
  ];
  if (missing.length) throw new Error(`${where} lacks ${missing.join(", ")}`);
  return cls;
}
