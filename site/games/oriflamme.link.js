// Oriflamme's board for link play (boards.js finds it by the game's id): the hot-seat
// page's queue and hand, a hand card picked up then dropped at a glowing end (or on a
// card), targets clicked on the queue, and every legal move as a button. The canvas plays by
// keyboard too (arrows move a ring, Enter chooses) and is described in words (oriflamme.words.js).

import { t, has, listText } from "../i18n.js";
import { el } from "../ui/dom.js";
import { OriflammeBoard } from "../render/oriflamme.js";
import { KeepHiddenControl } from "../link/controls.js";
import { movesOf, moveButton, seatName } from "../link/boards.js";
import { describeBoard, ringWords } from "./oriflamme.words.js";
import { oriflammeEnd, oriflammeSwatch } from "./oriflamme.js";

const cardName = (id) => (id && has(`oriflamme.card.${id}`) ? t(`oriflamme.card.${id}`) : t("oriflamme.card.unknown"));

/** What a card in the queue is, in words ("Ann's Heir", "Bo's face-down card"). */
function slotText(view, slot, names) {
  const entry = view && view.queue && view.queue[slot];
  if (!entry) return t("ui.link.of.slot", { slot: slot + 1 });
  const top = entry.cards[entry.cards.length - 1] || {};
  return t("ui.link.of.slot_card", { slot: slot + 1, name: seatName(names, entry.owner), card: top.card ? cardName(top.card) : t("oriflamme.card.unknown") });
}

/** An Oriflamme move (data) in words. */
function oriflammeLabel(m, view, names) {
  const card = cardName(m.card);
  switch (m.kind) {
    case "place":
      if (m.where === "on") return t("ui.link.of.place_on", { card, slot: m.slot + 1 });
      return t(m.where === "right" ? "ui.link.of.place_right" : "ui.link.of.place_left", { card });
    case "reveal":
      return t("ui.link.of.reveal");
    case "keep":
      return t("ui.link.of.keep");
    case "target":
      return t("ui.link.of.target", { what: slotText(view, m.slot, names) });
    case "on":
      return t("ui.link.of.onto", { what: slotText(view, m.slot, names) });
    case "steal":
      return t("ui.link.of.steal", { name: seatName(names, m.seat) });
    case "copy":
      return t("ui.link.of.copy", { card });
    case "gap": {
      const n = view && view.queue ? view.queue.length : 0;
      if (m.gap === 0) return t("ui.link.of.gap_left");
      if (m.gap >= n) return t("ui.link.of.gap_right");
      return t("ui.link.of.gap", { left: m.gap, right: m.gap + 1 });
    }
    case "show":
      return t("ui.link.of.show", { card });
    default:
      return m.text;
  }
}

/** Oriflamme's move buttons: placements grouped by card (one row per card), the rest one each. */
function oriflammeButtons(view, moves, names, { busy, onPlay }) {
  const out = [];
  const rows = new Map();
  for (const m of moves) {
    if (m.kind !== "place") {
      out.push(moveButton(m.text, oriflammeLabel(m, view, names), { busy, onPlay }));
      continue;
    }
    const key = m.card || "?";
    if (!rows.has(key)) {
      const row = el("div", { class: "of-place-row", role: "group", "aria-label": cardName(m.card) }, el("span", { class: "of-place-card", text: cardName(m.card) }));
      rows.set(key, row);
      out.push(row);
    }
    const short = m.where === "on" ? t("ui.link.of.short_on", { slot: m.slot + 1 }) : t(m.where === "right" ? "ui.link.of.short_right" : "ui.link.of.short_left");
    rows.get(key).append(moveButton(m.text, oriflammeLabel(m, view, names), { busy, onPlay, content: [el("span", { text: short })] }));
  }
  return out;
}

/** Oriflamme on the hot-seat page's canvas (render/oriflamme.js), with its move buttons. */
export default class OriflammeLink {
  /** A line's colour in the picture after the game, as on the hot-seat page (link/end.js). */
  static chartSwatch(series) {
    return oriflammeSwatch(series);
  }

  /** The end screen's account under its title, as on the hot-seat page (link/end.js). */
  static endDetails(view, outcome, words) {
    return oriflammeEnd(view, outcome, words);
  }

  constructor(host, { onPlay, onChange = () => {} }) {
    this.onPlay = onPlay;
    this.onChange = onChange;
    this.moves = [];
    this.selected = null; // the hand card picked up for placement
    this.canvas = el("canvas", { class: "link-canvas link-oriflamme", role: "application", "aria-label": t("ui.link.of.queue"), "aria-describedby": "link-of-board-text" });
    this.boardText = el("p", { class: "sr-only", id: "link-of-board-text" });
    this.wrap = el("div", { class: "link-canvas-wrap oriflamme" }, this.canvas, this.boardText);
    host.append(this.wrap);
    this.board = new OriflammeBoard(this.canvas, {
      onMove: (move) => this.moves.some((m) => m.text === move) && this.onPlay(move),
      onHand: (card) => {
        this.selected = this.selected === card ? null : card;
        this.draw(false);
      },
    });
    this.board.enableKeys({ onKeyFocus: () => this.renderWords() });
  }

  /** The page's words for the table's description and the keyboard's ring. */
  words() {
    const names = this.names || [];
    return {
      name: (seat) => seatName(names, seat),
      cardName,
      moveWords: (text) => {
        const m = this.moves.find((x) => x.text === text);
        return m ? oriflammeLabel(m, this.view, names) : text;
      },
    };
  }

  /** The canvas's name says what the keyboard's ring is on, its description the whole table. */
  renderWords() {
    const said = ringWords(this.view, this.board.ringHit(), this.board, this.words());
    this.canvas.setAttribute("aria-label", said || t("ui.link.of.queue"));
    this.boardText.textContent = describeBoard(this.view, this.words());
  }

  show(view, { legal = [], moves = null, events = [], names = [], seat = null, animate = true } = {}) {
    const now = movesOf(view, legal, moves);
    this.events = events;
    if (view !== this.view || now.map((m) => m.text).join("|") !== this.moves.map((m) => m.text).join("|")) this.selected = null;
    this.view = view;
    this.moves = now;
    this.names = names;
    this.seat = seat;
    this.draw(animate);
  }

  select() {
    const view = this.view;
    const sel = { hand: new Set(), selected: null, drops: new Map(), dropsHint: false, slots: new Map(), slotKind: "pick", seats: new Map(), gaps: new Map(), picked: null };
    if (!view) return sel;
    const pending = view.pending || {};
    for (const m of this.moves) {
      if (m.kind === "place") {
        if (!m.card) continue;
        sel.hand.add(m.card);
        if (m.card !== this.selected) continue;
        if (m.where === "on") sel.slots.set(m.slot, m.text);
        else sel.drops.set(m.where, m.text);
      } else if (m.kind === "target" || m.kind === "on") {
        sel.slots.set(m.slot, m.text);
        if (m.kind === "target" && pending.kind === "target") sel.slotKind = "attack";
      } else if (m.kind === "gap") {
        sel.gaps.set(m.gap, m.text);
      } else if (m.kind === "steal") {
        sel.seats.set(m.seat, m.text);
      } else if (m.kind === "copy" && Number.isInteger(view.cursor)) {
        for (const j of [view.cursor - 1, view.cursor + 1]) {
          const slot = view.queue[j];
          const top = slot && slot.cards[slot.cards.length - 1];
          if (top && top.up && top.card === m.card) sel.slots.set(j, m.text);
        }
      }
    }
    sel.selected = this.selected;
    sel.dropsHint = sel.hand.size > 0 && !this.selected;
    if (Number.isInteger(pending.picked)) sel.picked = pending.picked;
    return sel;
  }

  draw(animate) {
    const view = this.view;
    const cards = {};
    for (const id of Object.keys((view && view.cards) || {})) cards[id] = cardName(id);
    const names = this.names || [];
    const tags = names.map((_, s) => (s === this.seat ? t("ui.link.seat.you") : ""));
    this.board.setView(view, {
      select: this.select(),
      animate,
      events: this.events || [],
      names: names.map((_, s) => seatName(names, s)),
      tags,
      viewer: this.seat,
      labels: {
        cards,
        hand: t("ui.link.of.your_hand"),
        handHidden: t("ui.link.of.hand_hidden"),
        leftEnd: t("ui.link.of.left_end"),
        rightEnd: t("ui.link.of.right_end"),
        start: t("ui.link.of.start"),
        round: view ? t("ui.link.of.round", { round: view.round, rounds: view.rounds }) : "",
        order: t("ui.link.of.order"),
      },
    });
    this.renderWords();
  }

  /** "Keep my face-down cards hidden this round", offered while placing (link/play.js shows it). */
  extraControls(table, { playing, busy }) {
    this.keep = this.keep || new KeepHiddenControl();
    this.keep.sync(playing && !!table.view && table.view.phase === "place", busy);
    return this.keep.el;
  }

  /** What the keep-hidden control adds to the move sent. */
  playArgs() {
    return this.keep ? this.keep.args() : {};
  }

  /** Oriflamme's words in engine message params: its seats by name (`name(seat)`), card ids as card names. */
  static params(p, name) {
    if (Number.isInteger(p.owner)) p.owner_name = name(p.owner);
    if (Number.isInteger(p.attacker)) p.attacker_name = name(p.attacker);
    if (Array.isArray(p.other_seats)) p.others = listText(p.other_seats.map(name));
    if (typeof p.card_id === "string" && has(`oriflamme.card.${p.card_id}`)) p.card = t(`oriflamme.card.${p.card_id}`);
    if (typeof p.target_id === "string" && has(`oriflamme.card.${p.target_id}`)) p.target = t(`oriflamme.card.${p.target_id}`);
    return p;
  }

  /** A move (data) in words. */
  static words(move, view, names) {
    return oriflammeLabel(move, view, names);
  }

  /** Every hand an open view shows (a finished game's replay), in words: [{seat, text}]. */
  static openHands(view, names) {
    if (!view || !view.open || !Array.isArray(view.hands)) return [];
    return view.hands.map((hand, seat) => ({
      seat,
      text: t("ui.replay.hand", { name: seatName(names, seat), items: hand && hand.length ? listText(hand.map(cardName)) : t("ui.oriflamme.none") }),
    }));
  }

  buttons(view, legal, names, { busy = false, moves = null } = {}) {
    return oriflammeButtons(view, movesOf(view, legal, moves), names, { busy, onPlay: this.onPlay });
  }

  resize() {
    this.board.resize();
  }

  destroy() {
    this.board.destroy();
    this.wrap.remove();
  }
}
