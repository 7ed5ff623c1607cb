// The canvases' font stacks: the page's own (style.css --sans and --serif), system fonts only
// (nothing is fetched). Short on purpose: each family a device lacks costs a font lookup the
// first time a canvas sets a font, on a game page's first paint (the browser's own fallback
// still finds a font for Japanese or Cyrillic names; one CJK family picks Japanese glyphs on
// devices that have it).

export const SANS = 'system-ui, "Noto Sans CJK JP", sans-serif';
export const SERIF = '"Iowan Old Style", "Palatino Linotype", Georgia, "Noto Serif CJK JP", serif';
