// The replay of a finished game, one component for every game and every mode: a hot-seat or bot
// game (its end screen's "Replay", and My games; the bridge's `replay`) and a link game (its end
// screen; `link_replay`, every hand open once the audit verified the keys).
//
// A full-screen dialog: the headline says the position shown ("Move 12 of 40 · Ann: …"), the
// board (the game's link board, site/games/<game>.link.js, drawing the engine's view) stays in
// view, with Previous / the slider / Next under it (or beside it on a wide screen), then every
// hand the view opens and the list of moves (a click jumps there); only that list scrolls.
// A board may add notes (Okiya: the perfect player's verdict on each move, and its rings).
// "Why this move?" (when the caller gives `weigh`: a hot-seat or bot game, the bridge's `weigh`;
// a link game once its audit verified every key, `link_weigh`) lists what the strongest bot
// weighed for the move shown, from its mover's seat: its best few candidates with their chance
// to win, the move played among them.
//
// A match of several games (Okiya's best of three) replays each: "Game 1", "Game 2"… over the
// board pick which (the last one first).
//
// Keys: Left / Right step, Home / End jump to the start / the end, Escape closes.
// Test hook: window.__pygames.replay = {open(), shown(), marks()}.

import { t } from "../i18n.js";
import { el } from "./dom.js";
import { loadBoard, makeBoard, say, seatName } from "../link/boards.js";

let current = null; // the open Replay (one at a time)

/**
 * Open the replay of a finished game.
 * @param {{game: string, names: string[], load: (step: number, game?: number) => Promise<object>, weigh?: (step: number, game?: number) => Promise<object>, step?: number}} opts
 *   load(step, game): the bridge's answer for `step` of the match's game `game` (undefined: the
 *   last) ({steps, step, view, move, seat, moves, game?, games?, review?})
 */
export function openReplay(opts) {
  if (current) current.close();
  current = new Replay(opts);
  return current.open(opts.step === undefined ? null : opts.step);
}

/** The open replay's dialog, or null (a page closing itself, e.g. on leaving its route). */
export function closeReplay() {
  if (current) current.close();
}

class Replay {
  constructor({ game, names, load, weigh = null }) {
    this.game = game;
    this.names = names || [];
    this.load = load;
    this.weigh = weigh;
    this.shown = null; // the last answer drawn
    this.matchGame = undefined; // the match's game shown (undefined: the last)
    this.asked = 0; // the newest step asked (older answers are dropped)
    this.opener = document.activeElement;
    this.made = null;
    this.title = el("h2", { id: "replay-title", text: t("ui.replay.title", { game: t(`game.${game}`) }) });
    this.closeBtn = el("button", { type: "button", class: "btn", id: "replay-close", text: t("ui.replay.close"), onclick: () => this.close() });
    this.picker = el("div", { class: "replay-games", id: "replay-games", role: "group", "aria-label": t("ui.replay.games"), hidden: true });
    this.headline = el("p", { class: "replay-headline", id: "replay-headline", "aria-live": "polite" });
    this.outcome = el("p", { class: "replay-outcome", id: "replay-outcome", hidden: true });
    this.note = el("p", { class: "replay-note", id: "replay-note", hidden: true });
    this.boardHost = el("div", { class: "replay-board", id: "replay-board" });
    this.prev = el("button", { type: "button", class: "btn", id: "replay-prev", text: t("ui.replay.prev"), onclick: () => this.go(this.at() - 1) });
    this.next = el("button", { type: "button", class: "btn", id: "replay-next", text: t("ui.replay.next"), onclick: () => this.go(this.at() + 1) });
    this.slider = el("input", { type: "range", id: "replay-slider", min: "0", max: "0", step: "1", value: "0", "aria-label": t("ui.replay.slider") });
    this.slider.addEventListener("change", () => this.go(Number(this.slider.value)));
    this.whyBtn = el("button", { type: "button", class: "btn replay-why-open", id: "replay-why-open", text: t("ui.replay.why.open"), hidden: true, onclick: () => this.explain() });
    this.why = el("div", { class: "replay-why", id: "replay-why", "aria-live": "polite", hidden: true });
    this.hands = el("ul", { class: "replay-hands", id: "replay-hands", "aria-label": t("ui.replay.hands") });
    this.summary = el("p", { class: "replay-summary", id: "replay-summary", hidden: true });
    this.list = el("ol", { class: "replay-moves", id: "replay-moves", "aria-label": t("ui.replay.moves") });
    this.dialog = el(
      "dialog",
      { class: "replay", id: "replay", "aria-labelledby": "replay-title", "aria-describedby": "replay-headline", data: { game } },
      el("div", { class: "replay-head" }, this.title, this.closeBtn),
      el("div", { class: "replay-line" }, this.picker, this.headline, this.outcome, this.note),
      this.boardHost,
      el("div", { class: "replay-controls" }, this.prev, this.slider, this.next),
      el("div", { class: "replay-side" }, this.whyBtn, this.why, this.hands, this.summary, this.list),
    );
    this.dialog.addEventListener("keydown", (e) => this.onKey(e));
    this.dialog.addEventListener("close", () => this.closed());
    document.body.append(this.dialog);
    exposeHooks();
  }

  /** The step shown (or asked for last). */
  at() {
    return this.shown ? this.shown.step : 0;
  }

  async open(step) {
    this.dialog.showModal();
    this.made = makeBoard(this.game, this.boardHost, { onPlay: () => {}, onChange: () => {} });
    await this.go(step === null ? Number.MAX_SAFE_INTEGER : step);
  }

  close() {
    if (this.dialog.open) this.dialog.close();
    else this.closed();
  }

  closed() {
    if (current === this) current = null;
    const made = this.made;
    this.made = null;
    if (made) made.then((board) => board.destroy()).catch(() => {});
    this.dialog.remove();
    if (this.opener && this.opener.isConnected && typeof this.opener.focus === "function") this.opener.focus({ preventScroll: true });
  }

  onKey(e) {
    if (e.target === this.slider || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: this.at() - 1, ArrowRight: this.at() + 1, Home: 0, End: Number.MAX_SAFE_INTEGER }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }

  /** Show the position after `step` moves (clamped by the engine). */
  async go(step) {
    const asked = ++this.asked;
    const steps = this.shown ? this.shown.steps : null;
    const want = Math.max(0, steps === null ? step : Math.min(step, steps));
    if (this.shown && want === this.shown.step && steps !== null) return;
    this.dialog.setAttribute("aria-busy", "true");
    try {
      const answer = await this.load(Math.min(want, 1e9), this.matchGame);
      if (asked !== this.asked || !this.made) return;
      await this.draw(answer);
    } catch (err) {
      if (asked !== this.asked) return;
      this.headline.textContent = (err && err.key && t(err.key, err.params || {})) || (err && err.text) || String(err);
    } finally {
      if (asked === this.asked) this.dialog.removeAttribute("aria-busy");
    }
  }

  async draw(r) {
    const made = this.made;
    const [Board, board] = await Promise.all([loadBoard(this.game), made]);
    if (this.made !== made) return;
    this.board = board;
    const first = !this.shown; // the moves are the same at every step
    this.shown = r;
    const names = this.names;
    board.show(r.view, { legal: [], moves: [], events: [], names, seat: null, animate: true });
    requestAnimationFrame(() => this.made === made && board.resize());
    const notes = typeof Board.replayNotes === "function" ? Board.replayNotes(r, names) : null;
    if (typeof board.mark === "function") board.mark(notes ? notes.marks : {});
    // the headline: the position shown
    const words = (i) => this.moveWords(Board, r, i);
    this.headline.textContent = r.step
      ? t("ui.replay.step", { step: r.step, steps: r.steps, name: seatName(names, r.seat), move: words(r.step - 1) })
      : t("ui.replay.start", { steps: r.steps });
    const outcome = r.view && r.view.outcome;
    this.outcome.hidden = !outcome || r.step !== r.steps;
    this.outcome.textContent = outcome ? say(outcome.message, names, this.game) : "";
    this.note.hidden = !(notes && notes.note);
    this.note.textContent = (notes && notes.note) || "";
    this.summary.hidden = !(notes && notes.summary);
    this.summary.textContent = (notes && notes.summary) || "";
    // the controls
    this.slider.max = String(r.steps);
    this.slider.value = String(r.step);
    this.slider.setAttribute("aria-valuetext", this.headline.textContent);
    this.prev.disabled = r.step <= 0;
    this.next.disabled = r.step >= r.steps;
    // what the strongest bot weighed: asked for the move shown
    this.whyBtn.hidden = !this.weigh || !r.step;
    this.why.hidden = true;
    this.why.replaceChildren();
    // every hand the view opens
    const hands = typeof Board.openHands === "function" ? Board.openHands(r.view, names) : [];
    this.hands.replaceChildren(...hands.map((h) => el("li", { data: { seat: String(h.seat) }, text: h.text })));
    this.hands.hidden = !hands.length;
    // the moves (built once per game), the one shown marked
    if (first) this.fillList(r, words, notes);
    this.fillPicker(r);
    for (const b of this.list.querySelectorAll("button[data-step]")) {
      const on = Number(b.dataset.step) === r.step;
      if (on) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    const on = this.list.querySelector("[aria-current]");
    if (on) on.scrollIntoView({ block: "nearest" });
    this.dialog.dataset.step = String(r.step);
  }

  /** "Why this move?": what the strongest bot weighed for the move shown, in words. */
  async explain() {
    const r = this.shown;
    if (!r || !r.step || !this.weigh) return;
    const Board = await loadBoard(this.game);
    let w;
    try {
      w = await this.weigh(r.step, this.matchGame);
    } catch (err) {
      w = { error: (err && err.key && t(err.key, err.params || {})) || (err && err.text) || String(err) };
    }
    if (this.shown !== r) return; // another position since
    const name = seatName(this.names, r.seat);
    const lines = [];
    if (w.error) lines.push(el("p", { text: w.error }));
    else if (w.forced) lines.push(el("p", { text: t("ui.replay.why.forced", { name }) }));
    else {
      const words = (c) => {
        try {
          return Board.words(c.data, r.view, this.names);
        } catch (_) {
          return c.move;
        }
      };
      const item = (c) => {
        const text = c.share === null ? t("ui.replay.why.untried", { move: words(c) }) : t("ui.replay.why.item", { move: words(c), percent: Math.round(100 * c.share) });
        return el("li", { class: c.played ? "played" : "", data: { move: c.move, played: String(!!c.played) } }, el("span", { text }), c.played ? el("span", { class: "replay-label", text: t("ui.replay.why.played") }) : null);
      };
      lines.push(el("p", { text: t("ui.replay.why.title", { name }) }), el("ol", { class: "replay-why-list" }, ...w.candidates.map(item)));
    }
    this.why.replaceChildren(...lines);
    this.why.hidden = false;
  }

  /** The match's games to pick from (none for a single game), the one shown pressed. */
  fillPicker(r) {
    const games = Number.isInteger(r.games) ? r.games : 1;
    this.picker.hidden = games < 2;
    if (games < 2) return;
    this.picker.replaceChildren(
      ...[...Array(games).keys()].map((i) =>
        el("button", { type: "button", class: "btn replay-game", data: { game: String(i) }, "aria-pressed": String(i === r.game), text: t("ui.replay.game", { n: i + 1 }), onclick: () => this.pickGame(i) }),
      ),
    );
  }

  /** Show game `i` of the match, at its end. */
  pickGame(i) {
    if (this.shown && this.shown.game === i) return;
    this.matchGame = i;
    this.shown = null; // another game: its own moves and length
    this.go(Number.MAX_SAFE_INTEGER);
  }

  fillList(r, words, notes) {
    const item = (step, text, extra = null) => {
      const b = el("button", { type: "button", class: "replay-move", data: { step: String(step) }, onclick: () => this.go(step) }, el("span", { text }));
      if (extra) {
        b.append(el("span", { class: `replay-label ${extra.cls || ""}`.trim(), text: extra.text }));
        b.dataset.label = extra.cls || "";
      }
      return el("li", {}, b);
    };
    const labels = (notes && notes.labels) || [];
    this.list.replaceChildren(
      item(0, t("ui.replay.start_item")),
      ...r.moves.map((m, i) => item(i + 1, t("ui.replay.item", { n: i + 1, name: seatName(this.names, m.seat), move: words(i) }), labels[i] || null)),
    );
  }

  /** Move `i` in words: what it did (the engine's spectator lines), else the move itself. */
  moveWords(Board, r, i) {
    const m = r.moves[i];
    if (!m) return "";
    const said = (m.said || []).map((msg) => say(msg, this.names, this.game)).filter(Boolean);
    if (said.length) return said.join(" ");
    try {
      return Board.words(m.data, r.view, this.names);
    } catch (_) {
      return m.move;
    }
  }
}

function exposeHooks() {
  window.__pygames = window.__pygames || {};
  window.__pygames.replay = {
    open: () => !!(current && current.dialog.open),
    shown: () => (current && current.shown ? JSON.parse(JSON.stringify({ ...current.shown, moves: undefined })) : null),
    // the rings a board draws over the position (Okiya: the tile taken, the best ones)
    marks: () => {
      const marks = current && current.board && current.board.board && current.board.board.marks;
      return marks ? JSON.parse(JSON.stringify(marks)) : null;
    },
  };
}
