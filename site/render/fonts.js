// The canvases' font stacks: system fonts only (nothing is fetched), each stack ending in
// families that carry Japanese and Cyrillic, so players' names and texts draw in any script.

const CJK_SANS = '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", "Yu Gothic", Meiryo, "Noto Sans CJK JP", "Noto Sans JP"';
const CJK_SERIF = '"Hiragino Mincho ProN", "Yu Mincho", "Noto Serif CJK JP", "Noto Serif JP"';

export const SANS = `system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", ${CJK_SANS}, sans-serif`;
export const SERIF = `"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", "Noto Serif", Georgia, ${CJK_SERIF}, serif`;
