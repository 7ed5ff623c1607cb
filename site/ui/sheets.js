// A game's stylesheet (games/<id>.css), added at the game's first use (its page, or its board in
// play by link): the start page's first frame never lays out the styles of pages it does not show.

const sheets = new Map(); // game id -> a promise that its stylesheet loaded

/** Resolves once games/<id>.css has loaded (or failed: the page then shows unstyled, never hangs). */
export function gameStylesheet(id) {
  if (!sheets.has(id)) {
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = new URL(`../games/${id}.css`, import.meta.url).href;
    sheets.set(id, new Promise((done) => {
      sheet.addEventListener("load", done);
      sheet.addEventListener("error", done);
    }));
    document.head.append(sheet);
  }
  return sheets.get(id);
}
