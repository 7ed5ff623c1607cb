// The guided first game of a game page (`#learn/<game>`): the game's lesson (its entry in
// games.json, `lesson`: the seed, the player count, the learner's seat, the bots' level, the
// options, declared once by the game) played as a hot-seat game against bots, with a coach.
//
// The coach's words all come from the bridge's `coach` call (pygames.core.coach): at each of
// the learner's decisions the rules that first matter there (`topics`) and what the position
// asks for (`ask`); a move the learner picks is judged before it is played (`judgement`): a
// good one is played with the reason it is good, a mistake is held with the reason and the
// better move, and the learner takes it back (chooses again) or keeps it. The page keeps no
// rules and no list of what was said: the bridge finds it from the record. Nothing of a lesson
// is saved (the player's own saved game stays as it was). At the end, "Play a real game"
// opens the game's setup sheet.

import { t } from "../i18n.js";
import { el } from "./dom.js";

const LEARN = /^#\/?learn\/([a-z]+)\/?$/;

/** The game id a `#learn/<game>` hash names, or null. */
export function learnedId(hash) {
  const m = LEARN.exec(String(hash || ""));
  return m ? m[1] : null;
}

/** The route of `hash` when it is the game's `#learn/<game>` (its lesson as a hot-seat route), else null. */
export function lessonRoute(hash, cfg) {
  if (learnedId(hash) !== cfg.game || !cfg.lesson) return null;
  const { seed, players, seat, level, options } = cfg.lesson;
  const bots = [...Array(players).keys()].filter((s) => s !== seat);
  const levels = Object.fromEntries(bots.map((s) => [s, level]));
  const names = Array.from({ length: players }, () => "");
  return { game: cfg.game, seed, players, bots, levels, names, options: { ...options }, format: "single", ignored: [], lesson: true, hash: `#learn/${cfg.game}` };
}

/** The coach's panel and its calls, for one game page (a HotSeatGame). */
export class Coach {
  constructor(game) {
    this.game = game;
    const id = `${game.cfg.idPrefix}-coach`;
    this.topicsEl = el("ul", { class: "coach-topics", id: `${id}-topics` });
    this.askEl = el("p", { class: "coach-ask", id: `${id}-ask` });
    this.judgedEl = el("p", { class: "coach-judged", id: `${id}-judged` });
    this.actions = el("div", { class: "coach-actions" });
    // the coach's words are a polite live region: each new line is read once
    // (what to do now first, then the rules; on a phone the words scroll in a box of their own,
    // which the keyboard reaches too, so the board below keeps its place)
    this.said = el("div", { class: "coach-said", "aria-live": "polite", tabindex: "0" }, this.judgedEl, this.askEl, this.topicsEl);
    this.el = el("section", { class: "coach", id, "aria-labelledby": `${id}-title`, hidden: true },
      el("h2", { class: "coach-title", id: `${id}-title`, text: t("ui.learn.coach") }), this.said, this.actions);
    this.reset();
  }

  /** Whether the page shows a lesson. */
  get on() {
    return !!(this.game.route && this.game.route.lesson && this.game.active);
  }

  reset() {
    this.asked = null; // the position the coach was last asked about
    this.spoke = null; // the position its words on screen are about
    this.topics = [];
    this.ask = null;
    this.judged = null; // {move, judgement}: the word on the learner's last move
    this.pending = null; // {r, move, judgement}: a mistake held until taken back or kept
  }

  /** A mistake waits for the learner's answer: no other move meanwhile. */
  holds() {
    return this.on && !!this.pending;
  }

  /** After a position is shown: the coach speaks at the learner's decisions and at the end. */
  async update(r) {
    const game = this.game;
    if (!this.on || !r || r === this.asked || !(game.myTurn(r) || r.view.outcome)) return;
    if (!r.record.games[0].length) this.reset();
    this.asked = r;
    this.render(); // its words are now about an earlier position: marked busy until it answers
    try {
      const said = await game.py.call("coach", { record: r.record });
      if (game.result !== r || !this.on) return;
      this.topics = said.topics;
      this.ask = said.ask;
      this.spoke = r;
      this.render();
    } catch (err) {
      game.toast(game.errorText(err));
    }
  }

  /** The learner picked `move` in `r`: true to play it now, false while a mistake is held (or the position changed). */
  async judge(r, move) {
    const game = this.game;
    const gen = game.gen;
    game.busy = true;
    game.renderDecision();
    let said = null;
    try {
      said = await game.py.call("coach", { record: r.record, move });
    } catch (err) {
      said = null;
      game.toast(game.errorText(err));
    }
    if (gen !== game.gen || game.result !== r) return false;
    game.busy = false;
    const judgement = said && said.judgement;
    if (!judgement) return true; // the coach is silent: the move is the learner's
    if (judgement.verdict !== "mistake") {
      this.judged = { r, move, judgement };
      this.pending = null;
      this.render();
      return true;
    }
    this.pending = { r, move, judgement };
    this.judged = null;
    game.render({ animate: false });
    this.takeBackBtn.focus({ preventScroll: true });
    return false;
  }

  /** Take the mistake back: the learner chooses again. */
  takeBack() {
    if (!this.pending) return;
    this.pending = null;
    this.game.sel = this.game.noChoice(); // a move picked in steps (Turncoats' colour, area...) starts again
    this.game.render({ animate: false });
    this.game.landFocus();
  }

  /** Keep the mistake: it is played. */
  async keep() {
    const game = this.game;
    const held = this.pending;
    if (!held || game.result !== held.r || game.busy) return;
    this.pending = null;
    this.judged = { ...held };
    game.onOwnMove();
    await game._send(held.r, held.move);
  }

  /** A coach's message in the page's words (the game's own say()); a param `<name>_key` is a
   * catalog key whose text fills `{<name>}` (a card's rule: the game's catalog says it once). */
  say(message) {
    const params = { ...(message.params || {}) };
    for (const [name, key] of Object.entries(message.params || {})) if (name.endsWith("_key") && typeof key === "string") params[name.slice(0, -4)] = t(key);
    return this.game.say({ key: message.key, params });
  }

  /** A move of `r` in words (the game's own label of the move's data). */
  moveWords(r, text) {
    const m = r.moves[r.legal.indexOf(text)];
    return m ? this.game.moveLabel(m) : text;
  }

  render() {
    const game = this.game;
    this.el.hidden = !this.on;
    if (!this.on) {
      // the same page showing a real game now ("Play a real game"): its own layout again
      if (game.root.dataset.lesson === game.cfg.game) delete game.root.dataset.lesson;
      return;
    }
    game.root.dataset.lesson = game.cfg.game;
    const r = game.result;
    if (!r) this.reset(); // a lesson (re)starts: nothing said yet
    const over = !!(r && r.view.outcome);
    this.topicsEl.replaceChildren(...this.topics.map((m) => el("li", { text: this.say(m) })));
    const words = this.pending || this.judged;
    const lines = [];
    if (words) {
      const { judgement } = words;
      lines.push(t("ui.learn.you_chose", { move: this.moveWords(words.r, words.move) }), this.say(judgement.why));
      if (judgement.better && judgement.verdict !== "good") lines.push(t("ui.learn.better", { move: this.moveWords(words.r, judgement.better) }));
    }
    this.judgedEl.textContent = lines.join(" ");
    this.judgedEl.hidden = !lines.length;
    this.judgedEl.dataset.verdict = words ? words.judgement.verdict : "";
    this.judgedEl.dataset.better = (words && words.judgement.better) || ""; // the better move's notation, as data-move holds it
    this.askEl.textContent = over ? t("ui.learn.end") : this.pending ? "" : this.ask ? this.say(this.ask) : "";
    this.askEl.hidden = !this.askEl.textContent;
    // which position the words are about (its number of moves), and busy while the coach thinks
    this.el.dataset.at = this.spoke ? String(this.spoke.record.games.reduce((n, g) => n + g.length, 0)) : "";
    this.said.setAttribute("aria-busy", String(!!this.asked && this.asked !== this.spoke));
    this.actions.replaceChildren();
    if (this.pending) {
      const prefix = game.cfg.idPrefix;
      this.takeBackBtn = el("button", { type: "button", class: "btn primary", id: `${prefix}-take-back`, text: t("ui.learn.take_back"), onclick: () => this.takeBack() });
      this.actions.append(this.takeBackBtn, el("button", { type: "button", class: "btn", id: `${prefix}-keep`, text: t("ui.learn.keep"), onclick: () => this.keep() }));
    }
    this.actions.hidden = !this.pending;
  }

  /** The end screen's buttons of a lesson: "Play a real game" (the setup sheet), the replay, home. */
  endActions() {
    const game = this.game;
    const prefix = game.cfg.idPrefix;
    return el("div", { class: "end-actions" },
      el("button", { type: "button", class: "btn primary", id: `${prefix}-real`, text: t("ui.learn.real"), onclick: () => game.openSetup() }),
      el("button", { type: "button", class: "btn", id: `${prefix}-replay`, text: t("ui.replay.open"), onclick: () => game.openReplay() }),
      el("a", { class: "btn", href: "#", text: t("ui.end.home") }));
  }
}
