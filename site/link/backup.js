// Keeping this device's seats of link games safe: a seat's secret key lives only in this
// browser's storage, so
// - without working storage, creating or joining a game first asks (#link-nostore), and the
//   seat's export link is offered at once (the key can then be kept elsewhere);
// - the first game created asks the browser to keep the site's storage (storage.persist());
// - My games offers one file holding every seat of the device ("Back up my seats") and
//   "Restore" from it: each game of the file goes through the bridge (link_id, link_open)
//   like any link, so a restored file is never a state the page trusts.
// Test hooks: #link-nostore (Continue: #link-nostore-go), #link-backup, #link-backup-file.

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";
import { storageWorks } from "../ui/storage.js";
import { playedGames, restorePlayed } from "../ui/played.js";
import * as store from "./store.js";

const FILE_KIND = "pygames-seats";

/** Resolves true at once when storage works; else after the player read the warning and chose to go on. */
export function goOnWithoutStorage() {
  if (storageWorks()) return Promise.resolve(true);
  const go = el("button", { type: "submit", value: "go", class: "btn primary", id: "link-nostore-go", text: t("ui.link.nostore.go") });
  const cancel = el("button", { type: "submit", value: "cancel", class: "btn", text: t("ui.seats.cancel") });
  const dlg = el(
    "dialog",
    { class: "sheet link-nostore", id: "link-nostore" },
    el(
      "form",
      { method: "dialog" },
      el("h2", { text: t("ui.link.nostore.title") }),
      el("p", { text: t("ui.link.nostore.text") }),
      el("div", { class: "sheet-actions" }, cancel, go),
    ),
  );
  document.body.append(dlg);
  dlg.showModal();
  return new Promise((resolve) =>
    dlg.addEventListener("close", () => {
      dlg.remove();
      resolve(dlg.returnValue === "go");
    }),
  );
}

/** After a seat was taken: without working storage, unfold its export link at once. */
export function offerExportWithoutStorage(seatExport, seat) {
  if (storageWorks()) return;
  seatExport.el.hidden = false;
  seatExport.el.open = true;
  seatExport.show(seat);
}

/** Ask the browser to keep the site's storage (once a device holds a seat key worth keeping). */
export function askPersistence() {
  const storage = navigator.storage;
  if (!storage || typeof storage.persist !== "function") return;
  storage
    .persisted()
    .then((kept) => kept || storage.persist())
    .catch(() => {});
}

/** Every seat this device holds, as the backup file's object. */
export function seatsBackup() {
  const games = [];
  for (const [id, entry] of Object.entries(store.allGames())) {
    const keys = store.keysFor(id);
    if (Object.keys(keys).length) games.push({ link: entry.link, keys });
  }
  // the games played here away from links ride along (the record of play stays with the device)
  return { kind: FILE_KIND, version: 1, saved: new Date().toISOString(), games, played: playedGames() };
}

/** "Back up my seats" and "Restore" on My games. */
export class SeatBackup {
  /** @param {{py: object, toast: (text: string) => void, onRestored: () => void}} opts */
  constructor({ py, toast, onRestored }) {
    this.py = py;
    this.toast = toast;
    this.onRestored = onRestored;
    const save = el("button", { type: "button", class: "btn", id: "link-backup-save", text: t("ui.link.backup.save") });
    save.addEventListener("click", () => this.save());
    this.file = el("input", { type: "file", id: "link-backup-file", accept: ".json,application/json", hidden: true });
    this.file.addEventListener("change", () => this.file.files[0] && this.restore(this.file.files[0]));
    const restore = el("button", { type: "button", class: "btn", id: "link-backup-restore", text: t("ui.link.backup.restore") });
    restore.addEventListener("click", () => this.file.click());
    this.el = el(
      "section",
      { class: "link-backup", id: "link-backup" },
      el("h2", { text: t("ui.link.backup.title") }),
      el("p", { text: t("ui.link.backup.intro") }),
      el("p", { class: "link-game-actions" }, save, restore, this.file),
    );
  }

  save() {
    const backup = seatsBackup();
    if (!backup.games.length && !backup.played.length) return this.toast(t("ui.link.backup.none"));
    const blob = new Blob([JSON.stringify(backup, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `pygames-seats-${backup.saved.slice(0, 10)}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  }

  /** Every game of a backup file, checked by the bridge, saved with its keys in canonical form
   *  (a newer saved link is kept). A game whose file keys would take away a seat this device
   *  holds is left out, and the toast says so. */
  async restore(file) {
    let games = null;
    let played = [];
    try {
      const data = JSON.parse(await file.text());
      if (data && data.kind === FILE_KIND && Array.isArray(data.games)) games = data.games;
      if (games && Array.isArray(data.played)) played = data.played;
    } catch (_) {
      games = null;
    }
    this.file.value = "";
    if (!games) return this.toast(t("ui.link.backup.bad_file"));
    restorePlayed(played); // checked by the bridge when resumed, like any saved game
    let restored = 0;
    let keptSeats = 0;
    await this.py.ready;
    for (const g of games) {
      if (!g || typeof g.link !== "string" || !g.keys || typeof g.keys !== "object") continue;
      try {
        const { id } = await this.py.call("link_id", { link: g.link });
        const entry = store.getGame(id);
        const held = store.keysFor(id);
        const keys = { ...held, ...store.canonicalKeys(g.keys) };
        const table = await this.py.call("link_open", { link: g.link, keys, saved: entry ? entry.link : null });
        const mine = table.mine || [];
        if (Object.keys(held).some((seat) => !mine.includes(Number(seat)))) {
          keptSeats++; // the file's key for a seat this device plays is another: the seat stays as it is
          continue;
        }
        store.saveTable(table, Object.fromEntries(Object.entries(keys).filter(([seat]) => mine.includes(Number(seat)))));
        restored++;
      } catch (_) {
        /* a link the bridge refuses is left out; the count says so */
      }
    }
    const done = t("ui.link.backup.restored", { n: restored, total: games.length });
    this.toast(keptSeats ? `${done} ${t("ui.link.backup.kept_seats", { count: keptSeats })}` : done);
    this.onRestored();
  }
}
