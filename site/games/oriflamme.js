// Oriflamme on the page: the decisions (place, reveal or keep, each ability's
// target), hot-seat privacy, forced moves, the log, the card rules and the end
// screen. The hot-seat skeleton (route, seat setup, saving, bots, status) is
// ui/hotseat.js. The canvas plays by keyboard too, and says the table in words
// (oriflamme.words.js) for screen readers.
//
// The JS holds no rules and parses no notation. Every move sent is the `text` of one
// of the `moves` the bridge listed (as data) for the seat to move; the page groups
// them and says them in words. Python runs in the worker, so bots never freeze the page.
//
// URL form (documented in README; parsed by ui/hotseat.js):
//   #play/oriflamme?seed=42&players=3&bots=1,2&level=heuristic&names=Ann,,Cy
//   player counts, levels and their defaults: the game's entry in games.json

import { t, has } from "../i18n.js";
import { OriflammeBoard, FAMILIES, cardImage, crestImage } from "../render/oriflamme.js";
import { HotSeatGame, listText } from "../ui/hotseat.js";
import { el, focusLights } from "../ui/dom.js";
import { describeBoard, ringWords } from "./oriflamme.words.js";

export const GAME = "oriflamme";
const RECAP_LINES = 8;

const cardName = (id) => (id ? t(`oriflamme.card.${id}`) : t("oriflamme.card.unknown"));

// ------------------------------------------------------------------ the controller

export class Oriflamme extends HotSeatGame {
  static config = {
    game: GAME,
    firstSetup: { players: 3, seats: [{ bot: false }, { bot: true }, { bot: true }, { bot: true }, { bot: true }] },
    saveKey: "pygames.oriflamme.save",
    prefsKey: "pygames.oriflamme.prefs",
    botPauseMs: 700,
    forcedPauseMs: 650,
    idPrefix: "of",
  };

  constructor(opts) {
    super(opts);
    this.holder = null; // the human who has the device (hot-seat)
  }

  noChoice() {
    return { card: null };
  }

  onNewGame() {
    this.holder = null;
  }

  onOwnMove() {
    this._freshDeltas = true; // the influence badges count from a player's own choice on
  }

  onEscape() {
    if (!this.infoEl.hidden) this.closeInfo();
    else if (this.sel.card) {
      this.sel = this.noChoice();
      this.render({ animate: false });
    }
  }

  testHooks() {
    return {
      holder: () => this.holder,
      forced: () => (this.forced ? { ...this.forced } : null),
      route: () => (this.active ? this.hash : null),
      slotCenter: (i) => (this.board ? this.board.slotCenter(i) : null),
      handCenter: (c) => (this.board ? this.board.handCenter(c) : null),
      cutNames: () => (this.board && this.board.cutNames ? [...this.board.cutNames] : []),
      // the tags drawn under the names in the last paint: {seat, text, lines, whole, view}
      tags: () => (this.board && this.board.drawnTags ? this.board.drawnTags.map((d) => ({ ...d, lines: [...d.lines] })) : []),
      handInfoCenter: (c) => (this.board ? this.board.handInfoCenter(c) : null),
      seatCenter: (s) => (this.board ? this.board.seatCenter(s) : null),
      dropCenter: (w) => (this.board ? this.board.dropCenter(w) : null),
      gapCenter: (k) => (this.board ? this.board.gapCenter(k) : null),
      // the keyboard's ring: where it may go (canvas boxes, the move each stands for) and where it is
      keyTargets: () => (this.board ? this.board.keyTargets().map(({ hit, x, y, w, h }) => ({ kind: hit.kind, id: hit.id, x, y, w, h, move: this.board.moveAt(hit) })) : []),
      ring: () => {
        const hit = this.board ? this.board.ringHit() : null;
        return hit ? { kind: hit.kind, id: hit.id } : null;
      },
      // the board's animations (started from the last move's events), as data
      motion: () => (this.board ? this.board.anims.map(({ kind, slot, fade, arc, card, reason }) => ({ kind, slot, fade: !!fade, arc: !!arc, card, reason })) : []),
    };
  }

  // ---------------------------------------------------------------- the flow

  /**
   * Show a new position. `used` is the seat the result was computed for. A human with
   * a real choice gets the screen (after the privacy screen when the device changes
   * hands); a lone legal move is played by itself after a short pause; bots play on
   * the screen of whoever holds the device.
   */
  async present(res, used, { animate = true } = {}) {
    const gen = this.gen;
    const humans = this.humans();
    const over = res.to_move === null || res.to_move === undefined;
    const call = async (seat) => {
      if (seat === used) return res;
      const got = await this.py.call("state", { record: res.record, seat });
      if (gen !== this.gen) throw new Error("stale");
      return got;
    };
    // saved at once: reloading while the device changes hands must not take the move back
    this.save(res, over);
    try {
      if (humans.length === 1) this.holder = humans[0];
      let shown, want, forced = null;
      if (over) {
        want = humans.length === 1 ? humans[0] : null;
        shown = await call(want);
      } else {
        const mover = res.to_move;
        let mine = null;
        if (!this.isBot(mover)) {
          mine = await call(mover);
          forced = this.forcedOf(mine);
        }
        if (mine && !forced) {
          want = mover;
          if (humans.length >= 2 && this.holder !== mover) {
            // a different human decides next: hide everything until they take the device
            this.viewer = null;
            this.forced = null;
            this.sel = this.noChoice();
            this.closeInfo();
            this.waitingFor = mover;
            const spectator = await call(null);
            this.renderStatus();
            const ok = await this.privacy.show({ name: this.name(mover), lines: this.recap(spectator, mover), hide: [this.root] });
            this.waitingFor = null;
            if (!ok || gen !== this.gen) return;
            this.holder = mover;
            animate = false;
          }
          shown = mine;
        } else {
          want = this.holder;
          shown = want === mover && mine ? mine : await call(want);
        }
      }
      if (gen !== this.gen) return;
      if (want !== this.viewer) animate = false;
      this.viewer = want;
      this.result = shown;
      this.forced = forced;
      this.sel = this.noChoice();
      this.render({ animate });
      this.proceed();
    } catch (err) {
      if (gen !== this.gen || (err && err.message === "stale")) return;
      this.render();
      this.toast(this.errorText(err));
    }
  }

  /** Public events since `seat` last acted (from a spectator's view: no secrets). */
  recap(res, seat) {
    const log = res.view.log || [];
    let from = log.length;
    while (from > 0 && !(log[from - 1].params && log[from - 1].params.seat === seat)) from--;
    if (from === 0) from = Math.max(0, log.length - RECAP_LINES);
    return log.slice(from).slice(-RECAP_LINES).map((e) => this.say(e));
  }

  pendingKind(r = this.result) {
    return r && r.view.pending ? r.view.pending.kind : null;
  }

  onHand(card) {
    if (!this.myTurn() || this.busy) return;
    const ok = this.moves().some((m) => m.kind === "place" && m.card === card);
    if (!ok) return;
    this.sel = { card: this.sel.card === card ? null : card };
    this.render({ animate: false });
  }

  /** What the canvas may offer to click now, from the legal moves. */
  selection() {
    const out = {
      hand: new Set(), selected: null, drops: new Map(), dropsHint: false, slots: new Map(), slotKind: "pick",
      seats: new Map(), gaps: new Map(), picked: null,
    };
    const r = this.result;
    if (r && r.view.pending && r.view.pending.kind === "decree_destination") out.picked = r.view.pending.picked;
    // a lone move about to be played by itself is shown like a choice
    const moves = this.forced && r ? [this.forced.data] : this.moves();
    if (!moves.length) return out;
    const kind = this.pendingKind();
    const view = r.view;
    if (kind === "place") {
      for (const m of moves) out.hand.add(m.card);
      out.selected = this.sel.card;
      out.dropsHint = true;
      if (this.sel.card) {
        for (const m of moves.filter((x) => x.card === this.sel.card)) {
          if (m.where === "on") out.slots.set(m.slot, m.text);
          else out.drops.set(view.queue.length ? m.where : "left", m.text);
        }
      }
      return out;
    }
    for (const m of moves) {
      if (m.kind === "target" || m.kind === "on") out.slots.set(m.slot, m.text);
      else if (m.kind === "gap") out.gaps.set(m.gap, m.text);
      else if (m.kind === "steal") {
        out.seats.set(m.seat, m.text);
        // the neighbour cards stand for their owners too
        const c = view.cursor;
        for (const j of [c - 1, c + 1]) if (view.queue[j] && view.queue[j].owner === m.seat) out.slots.set(j, m.text);
      } else if (m.kind === "copy") {
        const c = view.cursor;
        for (const j of [c - 1, c + 1]) {
          const slot = view.queue[j];
          const top = slot && slot.cards[slot.cards.length - 1];
          if (top && top.up && top.card === m.card) out.slots.set(j, m.text);
        }
      }
    }
    if (kind === "target") out.slotKind = "attack";
    return out;
  }

  // ---------------------------------------------------------------- words

  say(message) {
    if (!message) return "";
    const p = { ...(message.params || {}) };
    if (Number.isInteger(p.seat)) p.name = this.name(p.seat);
    if (Number.isInteger(p.owner)) p.owner_name = this.name(p.owner);
    if (Number.isInteger(p.attacker)) p.attacker_name = this.name(p.attacker);
    if (p.card_id) p.card = cardName(p.card_id);
    if (p.target_id) p.target = cardName(p.target_id);
    if (Array.isArray(p.other_seats)) p.others = listText(p.other_seats.map((s) => this.name(s)));
    if (Array.isArray(p.seats)) p.names = listText(p.seats.map((s) => this.name(s)));
    return t(message.key, p);
  }

  /** "Ann's Lord" / "Ann's face-down card" for the top card of slot j in the shown view. */
  slotText(j) {
    const slot = this.result && this.result.view.queue[j];
    if (!slot) return t("ui.oriflamme.slot_n", { slot: j + 1 });
    const top = slot.cards[slot.cards.length - 1];
    return t("ui.oriflamme.slot", { slot: j + 1, name: this.name(slot.owner), card: top.up ? cardName(top.card) : t("oriflamme.card.unknown") });
  }

  moveLabel(m) {
    const view = this.result ? this.result.view : null;
    const card = cardName(m.card);
    switch (m.kind) {
      case "place":
        if (view && !view.queue.length) return t("ui.oriflamme.move.place_start", { card });
        if (m.where === "on") return t("ui.oriflamme.move.place_on", { card, slot: m.slot + 1 });
        return t(`ui.oriflamme.move.place_${m.where}`, { card });
      case "reveal": {
        // the gain and the tokens come from the view (the owner's: the engine's own preview)
        const slot = view && view.queue[view.cursor];
        const top = slot && slot.cards[slot.cards.length - 1];
        const id = m.card || (top && top.card);
        const tokens = top ? top.tokens : 0;
        const gain = view && view.pending ? view.pending.reveal_gain : undefined;
        if (id === "ambush") return t("ui.oriflamme.move.reveal_ambush", { card: cardName(id), tokens });
        if (id === "conspiracy" && gain !== undefined) return t("ui.oriflamme.move.reveal_conspiracy", { card: cardName(id), tokens, gain });
        return t(tokens ? "ui.oriflamme.move.reveal" : "ui.oriflamme.move.reveal_plain", { card: cardName(id), tokens });
      }
      case "keep": {
        const kept = view && view.pending ? view.pending.keep_tokens : undefined;
        return kept === undefined ? t("ui.oriflamme.float.keep") : t("ui.oriflamme.move.keep", { tokens: kept });
      }
      case "target":
        return this.pendingKind() === "decree"
          ? t("ui.oriflamme.move.pick", { what: this.slotText(m.slot) })
          : t("ui.oriflamme.move.target", { what: this.slotText(m.slot) });
      case "on":
        return t("ui.oriflamme.move.on", { slot: m.slot + 1 });
      case "steal":
        return t("ui.oriflamme.move.steal", { name: this.name(m.seat), pool: view ? view.pools[m.seat] : 0 });
      case "copy":
        return t("ui.oriflamme.move.copy", { card });
      case "gap": {
        const n = view ? view.queue.length : 0;
        if (m.gap === 0) return t("ui.oriflamme.move.gap_left");
        if (m.gap >= n) return t("ui.oriflamme.move.gap_right");
        return t("ui.oriflamme.move.gap", { a: m.gap, b: m.gap + 1 });
      }
      case "show":
        return t("ui.oriflamme.move.show", { card });
      default:
        return m.text;
    }
  }

  // ---------------------------------------------------------------- card rules

  /** The rules panel for a card (from the hand, the queue or a button). */
  openInfo(info) {
    if (!info || !this.built) return;
    const view = this.result ? this.result.view : null;
    const card = info.card || null;
    const family = Number.isInteger(info.family) ? info.family : null;
    this.infoImg.src = cardImage(card, family ?? 3, 64);
    this.infoImg.alt = "";
    this.infoTitle.textContent = card ? cardName(card) : t("ui.oriflamme.info.facedown");
    this.infoKind.textContent = card
      ? t(`oriflamme.category.${view && view.cards[card] === "intrigue" ? "intrigue" : "character"}`)
      : "";
    this.infoKind.hidden = !card;
    this.infoText.textContent = card ? t(`oriflamme.card.${card}.text`) : t("oriflamme.rules.reveal");
    const extra = [];
    if (info.where === "queue" && view && family !== null) {
      const up = !!info.up;
      extra.push(t(up ? "ui.oriflamme.info.owner_up" : "ui.oriflamme.info.owner_down", {
        name: this.name(family), slot: info.slot + 1, tokens: info.tokens || 0,
      }));
      const under = (info.stack || []).slice(0, -1);
      if (under.length) {
        const known = under.filter((c) => c.card).map((c) => cardName(c.card));
        extra.push(known.length === under.length
          ? t("ui.oriflamme.info.under_known", { count: under.length, cards: listText([...known].reverse()) })
          : t("ui.oriflamme.info.under", { count: under.length }));
      }
    } else if (info.where === "hand") {
      extra.push(t("ui.oriflamme.info.in_hand", { name: family === null ? "" : this.name(family) }));
    }
    this.infoExtra.textContent = extra.join(" ");
    this.infoExtra.hidden = !extra.length;
    this.infoEl.hidden = false;
    this.infoEl.dataset.card = card || "";
    // closing gives the focus back where it was (the canvas's ring, a card's "i" button)
    if (!this.infoEl.contains(document.activeElement)) this._infoFrom = document.activeElement;
    this.infoClose.focus({ preventScroll: true });
  }

  closeInfo() {
    if (!this.infoEl || this.infoEl.hidden) return;
    const back = this.infoEl.contains(document.activeElement) && this._infoFrom;
    this.infoEl.hidden = true;
    this._infoFrom = null;
    if (back && back.isConnected) back.focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- DOM

  buildDom(root) {
    // the board and the overlay for reveal/keep near the visited card
    // played by keyboard too (arrows move a ring, Enter chooses): an application, described in words
    this.canvas = el("canvas", { id: "of-board", role: "application", "aria-label": t("ui.oriflamme.board.label"), "aria-describedby": "of-board-text" });
    this.boardText = el("p", { class: "sr-only", id: "of-board-text" });
    this.floatEl = el("div", { class: "ofl-float", id: "of-float", hidden: true });
    this.wrap = el("div", { class: "hs-canvas-wrap ofl-canvas-wrap" }, this.canvas, this.floatEl, this.boardText);
    const boardArea = el("div", { class: "board-area hs-area ofl-area" }, this.wrap);
    // the decision panel
    this.prompt = el("p", { class: "hs-prompt ofl-prompt", id: "of-prompt", "aria-live": "polite" });
    this.choices = el("div", { class: "hs-choices ofl-choices", id: "of-choices", role: "group", "aria-label": t("ui.oriflamme.choices.label") });
    this.handText = el("p", { class: "hs-hand-text ofl-hand-text", id: "of-hand-text" });
    this.decide = el("section", { class: "hs-decide ofl-decide", id: "of-decide" }, this.prompt, this.choices, this.handText);
    // the end screen
    this.endEl = el("section", { class: "hs-end ofl-end", id: "of-end", hidden: true, "aria-labelledby": "of-end-title" });
    // the log
    // it scrolls: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable)
    this.logList = el("ul", { class: "ofl-log-list", id: "of-log", tabindex: "0", "aria-label": t("ui.oriflamme.log.title") });
    const log = el("details", { class: "hs-log ofl-log", open: true }, el("summary", { text: t("ui.oriflamme.log.title") }), this.logList);
    // out of play
    this.outList = el("ul", { class: "ofl-out-list", id: "of-out" });
    const out = el("details", { class: "hs-log ofl-out" }, el("summary", { text: t("ui.oriflamme.out.title") }), this.outList);
    // how to play and every card's rules
    const rules = this.rulesPanel("ofl-rules");
    rules.append(el("h3", { text: t("ui.oriflamme.rules.cards") }));
    this.cardRef = el("ul", { class: "ofl-card-ref", id: "of-card-ref" }); // filled from the first view (renderCardRef)
    rules.append(this.cardRef);
    rules.addEventListener("toggle", () => {
      if (rules.open) for (const img of rules.querySelectorAll("img.ofl-ref-img")) img.src = cardImage(img.dataset.card, 3, 30);
    });
    const below = el("div", { class: "below hs-below ofl-below" }, this.decide, this.endEl, log, out, rules, this.controls("ofl-controls"));
    // the card rules panel
    this.infoImg = el("img", { class: "ofl-info-img", alt: "" });
    this.infoTitle = el("h3", { id: "of-info-title" });
    this.infoKind = el("p", { class: "ofl-info-kind" });
    this.infoText = el("p", { class: "ofl-info-text", id: "of-info-text" });
    this.infoExtra = el("p", { class: "ofl-info-extra", id: "of-info-extra" });
    this.infoClose = el("button", { type: "button", class: "btn", id: "of-info-close", text: t("ui.oriflamme.info.close"), onclick: () => this.closeInfo() });
    this.infoEl = el("section", { class: "ofl-info", id: "of-info", role: "dialog", "aria-labelledby": "of-info-title", hidden: true },
      el("div", { class: "ofl-info-body" }, this.infoImg,
        el("div", { class: "ofl-info-words" }, this.infoTitle, this.infoKind, this.infoText, this.infoExtra)),
      el("div", { class: "ofl-info-actions" }, this.infoClose));
    root.append(boardArea, below, this.infoEl);
    this.nodes = [boardArea, below];
    this.board = new OriflammeBoard(this.canvas, {
      onMove: (move) => this.play(move),
      onHand: (card) => this.onHand(card),
      onInfo: (info) => this.openInfo(info),
      onLayout: () => {
        this.fitWrap(); // a turned phone: the board's new width asks for another height
        this.placeFloat();
      },
    });
    this.board.enableKeys({ onKeyFocus: () => this.renderBoardWords() });
  }

  /** The extra keys of "How to play" (the arrows, Enter and Escape are every game's). */
  keyHelp() {
    return ["ui.oriflamme.keys.info", "ui.oriflamme.keys.escape"];
  }

  /** The page's words for the table's description and the keyboard's ring. */
  words() {
    return {
      name: (seat) => this.name(seat),
      cardName,
      moveWords: (text) => {
        const m = (this.forced ? [this.forced.data] : this.moves()).find((x) => x.text === text);
        return m ? this.moveLabel(m) : text;
      },
    };
  }

  /** The canvas in words: its name says what the keyboard's ring is on, its description the whole table. */
  renderBoardWords() {
    const view = this.result ? this.result.view : null;
    const said = ringWords(view, this.board.ringHit(), this.board, this.words());
    this.canvas.setAttribute("aria-label", said || t("ui.oriflamme.board.label"));
    this.boardText.textContent = describeBoard(view, this.words());
  }

  // ---------------------------------------------------------------- drawing

  renderParts(animate) {
    this.renderBoard(animate);
    this.renderCardRef();
    this.renderDecision();
    this.renderEnd();
    this.renderLog();
    this.renderOut();
  }

  /** Every card's rules in the "how to play" panel: the cards of a family, as the view lists them. */
  renderCardRef() {
    const r = this.result;
    if (!r || this.cardRef.childElementCount) return;
    for (const card of Object.keys(r.view.cards)) {
      this.cardRef.append(el("li", { data: { card } },
        el("img", { alt: "", class: "ofl-ref-img", data: { card } }),
        el("div", {}, el("strong", { text: cardName(card) }), el("span", { text: " " + t(`oriflamme.card.${card}.text`) }))));
    }
  }

  statusOf(r) {
    if (this.privacy && this.privacy.shown && this.waitingFor !== null) {
      return [t("ui.oriflamme.status.waiting_for", { player: this.name(this.waitingFor) }), "waiting"];
    }
    if (r && !r.view.outcome && this.forced) {
      return [t("ui.oriflamme.status.auto", { player: this.name(this.forced.seat), move: this.moveLabel(this.forced.data) }), "auto"];
    }
    return super.statusOf(r);
  }

  turnKey(r) {
    const kind = this.pendingKind(r) || "place";
    return has(`ui.oriflamme.status.${kind}`) ? `ui.oriflamme.status.${kind}` : "ui.oriflamme.status.turn";
  }

  renderBoard(animate) {
    const r = this.result;
    if (!r) {
      const seats = [...Array(this.route ? this.route.players : 0).keys()]; // the frame's banners (render/oriflamme.js)
      this.board.setView(null, { animate: false, players: seats.length || 3, names: seats.map((s) => this.name(s)), tags: seats.map((s) => this.tag(s)) });
      this.renderBoardWords();
      this.placeFloat();
      return;
    }
    const view = r.view;
    const n = view.players;
    const names = Array.from({ length: n }, (_, s) => this.name(s));
    const tags = Array.from({ length: n }, (_, s) => this.tag(s));
    const cards = Object.fromEntries(Object.keys(view.cards).map((c) => [c, cardName(c)]));
    const phase = t(`oriflamme.phase.${view.phase}`);
    const freshDeltas = animate && this._freshDeltas;
    if (view !== this.board.view) this._freshDeltas = false;
    this.board.setView(view, {
      animate,
      events: r.events,
      freshDeltas,
      names,
      tags,
      select: this.selection(),
      labels: {
        cards,
        round: view.outcome ? phase : t("ui.oriflamme.board.round", { round: view.round, rounds: view.rounds, phase }),
        order: t("ui.oriflamme.board.order"),
        leftEnd: t("ui.oriflamme.board.left_end"),
        rightEnd: t("ui.oriflamme.board.right_end"),
        start: t("ui.oriflamme.board.start"),
        hand: this.viewer === null ? "" : t("ui.oriflamme.hand.title", { name: this.name(this.viewer) }),
        handHidden: t("ui.oriflamme.hand.hidden"),
      },
    });
    this.renderBoardWords();
    this.fitWrap();
    this.placeFloat();
  }

  /** Phones: the board only as tall as its queue needs, so the choices stay near the fold. */
  fitWrap() {
    if (!this.board || !this.wrap) return;
    const side = matchMedia("(min-width: 900px) and (min-aspect-ratio: 1/1)").matches;
    const h = side ? null : this.board.heightFor(this.wrap.clientWidth);
    this.wrap.style.height = h ? `${Math.ceil(h)}px` : "";
  }

  /** The reveal/keep buttons beside the visited card. */
  placeFloat() {
    const box = this.floatEl;
    if (!box) return;
    const r = this.result;
    const show = !!r && this.myTurn(r) && !this.busy && this.pendingKind(r) === "reveal";
    if (!show) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const slot = this.board.slotBox(r.view.cursor);
    if (!slot) {
      box.hidden = true;
      return;
    }
    if (this._floatFor !== r || !box.childElementCount) {
      this._floatFor = r;
      box.replaceChildren();
      for (const m of r.moves) {
        const b = el("button", {
          type: "button",
          class: `btn ofl-float-btn ${m.kind === "reveal" ? "primary" : ""}`,
          data: { float: m.kind },
          text: t(m.kind === "reveal" ? "ui.oriflamme.float.reveal" : "ui.oriflamme.float.keep"),
          // the words shown are the button's name (a voice user says what they see); the full
          // move ("Keep it hidden (1 influence on it then)") is its description
          title: this.moveLabel(m),
        });
        b.addEventListener("click", () => this.play(m.text));
        box.append(b);
      }
    }
    box.hidden = false;
    const W = this.wrap.clientWidth, H = this.wrap.clientHeight;
    const bw = box.offsetWidth || 180, bh = box.offsetHeight || 48;
    let x = slot.x + slot.w / 2 - bw / 2;
    x = Math.max(4, Math.min(W - bw - 4, x));
    let y = slot.y + slot.h + 24;
    if (y + bh > H - 4) y = Math.max(4, slot.y - bh - 14);
    box.style.left = `${Math.round(x)}px`;
    box.style.top = `${Math.round(y)}px`;
  }

  moveButton(m, { text = null, primary = false, focus = null, cls = "" } = {}) {
    const btn = this.moveEl(m, `move ofl-move${primary ? " primary" : ""} ${cls}`.trim());
    btn.append(el("span", { text: text || btn.title }));
    btn.addEventListener("click", () => {
      if (this.forced && this.forced.move === m.text) this.autoPlay(true);
      else this.play(m.text);
    });
    if (focus) focusLights(btn, this.board, focus, { hover: true });
    return btn;
  }

  focusOf(m) {
    if (m.kind === "place") return m.where === "on" ? { kind: "slot", id: m.slot } : { kind: "drop", id: this.result.view.queue.length ? m.where : "left" };
    if (m.kind === "target" || m.kind === "on") return { kind: "slot", id: m.slot };
    if (m.kind === "gap") return { kind: "gap", id: m.gap };
    if (m.kind === "steal") return { kind: "seat", id: m.seat };
    return null;
  }

  renderDecision() {
    const r = this.result;
    const box = this.choices;
    const keepFocus = this.emptyChoices();
    delete box.dataset.kind;
    this.decide.classList.toggle("mine", false);
    this.renderHandText();
    if (this.decisionClosed(r)) return;
    if (this.forced) {
      const m = this.forced.data;
      this.prompt.textContent = t("ui.oriflamme.prompt.auto", { player: this.name(this.forced.seat) });
      box.append(this.moveButton(m, { primary: true, focus: this.focusOf(m) }));
      return;
    }
    if (!this.myTurn(r)) return this.waitPrompt(r);
    this.decide.classList.toggle("mine", true);
    const moves = r.moves;
    const kind = this.pendingKind(r);
    box.dataset.kind = kind || "";
    this.prompt.textContent = this.say(r.view.prompt);
    if (kind === "place") {
      const byCard = new Map();
      for (const m of moves) {
        if (!byCard.has(m.card)) byCard.set(m.card, []);
        byCard.get(m.card).push(m);
      }
      const hand = r.view.hand || [];
      const order = [...byCard.keys()].sort((a, b) => hand.indexOf(a) - hand.indexOf(b));
      for (const card of order) {
        const list = byCard.get(card).sort((a, b) => rank(a) - rank(b));
        const chosen = this.sel.card === card;
        const chip = el("button", {
          type: "button",
          class: `ofl-chip${chosen ? " chosen" : ""}`,
          data: { card },
          "aria-pressed": chosen ? "true" : "false",
          title: t("ui.oriflamme.choose.card", { card: cardName(card) }),
        }, el("img", { src: cardImage(card, r.view.seat ?? 0, 22), alt: "" }), el("span", { text: cardName(card) }));
        chip.addEventListener("click", () => this.onHand(card));
        const info = el("button", {
          type: "button",
          class: "ofl-info-btn",
          data: { info: card },
          "aria-label": t("ui.oriflamme.info.open", { card: cardName(card) }),
          title: t("ui.oriflamme.info.open", { card: cardName(card) }),
          text: "i",
        });
        info.addEventListener("click", () => this.openInfo({ card, family: r.view.seat, where: "hand" }));
        const places = el("div", { class: "ofl-places" }, ...list.map((m) => this.moveButton(m, { text: this.shortPlace(m), focus: this.focusOf(m) })));
        const row = el("div", { class: `ofl-row${chosen ? " chosen" : ""}`, data: { card } }, chip, info, places);
        box.append(row);
      }
    } else {
      for (const m of moves) box.append(this.moveButton(m, { primary: m.kind === "reveal", focus: this.focusOf(m) }));
    }
    this.keepFocus(box, keepFocus);
  }

  shortPlace(m) {
    const view = this.result.view;
    if (!view.queue.length) return t("ui.oriflamme.short.start");
    if (m.where === "on") return t("ui.oriflamme.short.on", { slot: m.slot + 1 });
    return t(`ui.oriflamme.short.${m.where}`);
  }

  renderHandText() {
    const r = this.result;
    const view = r && r.view;
    if (!view || view.outcome || this.viewer === null || !view.hand) {
      this.handText.textContent = "";
      this.handText.hidden = true;
      return;
    }
    const removed = view.removed && view.removed[this.viewer];
    this.handText.textContent = t("ui.oriflamme.hand.text", {
      name: this.name(this.viewer),
      cards: view.hand.length ? listText(view.hand.map(cardName)) : t("ui.oriflamme.none"),
      removed: removed && removed.length ? listText(removed.map(cardName)) : t("ui.oriflamme.none"),
    });
    this.handText.hidden = false;
  }

  chip(card, family, extra = "") {
    return cardChip(card, family, extra);
  }

  crest(seat) {
    return crestImg(seat);
  }

  chartSwatch(series) {
    return oriflammeSwatch(series);
  }

  fillEnd(box, view, outcome) {
    const winners = outcome.winners;
    const title = winners.length > 1
      ? t("ui.oriflamme.end.shared", { names: listText(winners.map((s) => this.name(s))) })
      : this.winTitle(winners[0], "ui.oriflamme.end.wins");
    box.append(el("h2", { class: "end-title", id: "of-end-title", text: title }));
    box.append(...oriflammeEnd(view, outcome, { name: (s) => this.name(s), say: (m) => this.say(m), idPrefix: "of" }));
  }

  logClass(entry) {
    return entry.key === "oriflamme.log.round" ? "round" : "";
  }

  renderOut() {
    const r = this.result;
    const list = this.outList;
    list.replaceChildren();
    if (!r) return;
    r.view.out.forEach((pile, s) => {
      const li = el("li", { data: { seat: String(s) } }, el("span", { class: "ofl-end-who" }, this.crest(s), el("strong", { text: this.name(s) })));
      if (!pile.length) li.append(el("span", { class: "ofl-none", text: t("ui.oriflamme.none") }));
      for (const e of pile) {
        const chip = this.chip(e.card, s, e.reason);
        chip.title = t(`oriflamme.reason.${e.reason}`);
        li.append(chip);
      }
      list.append(li);
    });
  }
}

function rank(m) {
  return m.where === "left" ? 0 : m.where === "right" ? 1000 : 1 + m.slot;
}

/** A card's chip: its picture in the family's colours and its name. */
function cardChip(card, family, extra = "") {
  return el("span", { class: `ofl-card-chip ${extra}`.trim(), data: { card: card || "" } },
    el("img", { src: cardImage(card, family, 20), alt: "" }),
    el("span", { text: cardName(card) }));
}

/** A seat's crest, named by its family. */
function crestImg(seat) {
  return el("img", { class: "ofl-crest", src: crestImage(seat, 22), alt: t(`ui.oriflamme.family.${FAMILIES[seat].id}`) });
}

/**
 * The end screen's account under its title, on the hot-seat page and in link play
 * (oriflamme.link.js): why (the engine's words and the tie-break rule), the scores with the
 * tie-break column (cards in the queue), and everybody's cards once every hand is known (in
 * link play, when the keys are in). `name(seat)`, `say(message)`: the page's words; `idPrefix`:
 * ids for the hot-seat page's parts (none in link play).
 */
/** A seat's line in the picture after the game (ui/chart.js): its family's colour. */
export function oriflammeSwatch(series) {
  return FAMILIES[series.seat].fill;
}

export function oriflammeEnd(view, outcome, { name, say, idPrefix = null }) {
  const id = (part) => (idPrefix ? `${idPrefix}-${part}` : undefined);
  const nodes = [];
  const winners = outcome.winners;
  // why: the engine's account of the result and the tie-break rule
  nodes.push(el("p", { class: "ofl-end-why", id: id("end-why"), text: say(outcome.message) }));
  nodes.push(el("p", { class: "ofl-end-rule", id: id("end-rule"),
    text: t(outcome.tiebreak_counts_covered ? "ui.oriflamme.end.rule_covered" : "ui.oriflamme.end.rule_top") }));
  // the scores
  const n = view.players;
  const order = [...Array(n).keys()].sort((a, b) =>
    outcome.scores[b] - outcome.scores[a] || outcome.queue_cards[b] - outcome.queue_cards[a] || a - b);
  const table = el("table", { class: "score-table ofl-scores", id: id("scores") });
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col", text: t("ui.oriflamme.end.player") }),
    el("th", { scope: "col", text: t("ui.oriflamme.end.influence") }),
    el("th", { scope: "col", text: t("ui.oriflamme.end.queue_cards") }))));
  const tbody = el("tbody");
  for (const s of order) {
    const won = winners.includes(s);
    tbody.append(el("tr", { class: won ? "won" : "", data: { seat: String(s) } },
      el("th", { scope: "row" }, el("span", { class: "ofl-cell" }, crestImg(s), el("span", { class: "ofl-name", text: name(s) }),
        won ? el("span", { class: "pill ofl-won", text: t("ui.oriflamme.end.won") }) : "")),
      el("td", { class: "ofl-score", text: String(outcome.scores[s]) }),
      el("td", { text: String(outcome.queue_cards[s]) })));
  }
  table.append(tbody);
  nodes.push(table);
  // everybody's cards, once every hand is known
  if (!(view.hands && view.hands.every(Array.isArray))) return nodes;
  nodes.push(el("h3", { text: t("ui.oriflamme.end.cards") }));
  const list = el("ul", { class: "ofl-end-cards", id: id("end-cards") });
  for (const s of order) {
    const inQueue = [];
    for (const slot of view.queue) if (slot.owner === s) for (const c of slot.cards) inQueue.push(c.card);
    const line = (key, cards) => el("div", { class: "ofl-end-line" },
      el("span", { class: "ofl-end-label", text: t(key) }),
      ...(cards.length ? cards.map((c) => cardChip(c, s)) : [el("span", { class: "ofl-none", text: t("ui.oriflamme.none") })]));
    list.append(el("li", { data: { seat: String(s) } },
      el("div", { class: "ofl-end-who" }, crestImg(s), el("strong", { text: name(s) })),
      line("ui.oriflamme.end.hand", (view.hands && view.hands[s]) || []),
      line("ui.oriflamme.end.queue", inQueue),
      line("ui.oriflamme.end.removed", (view.removed && view.removed[s]) || [])));
  }
  nodes.push(list);
  return nodes;
}
