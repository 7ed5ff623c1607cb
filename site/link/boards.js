// Each game's board for link play: the game's own renderer drawing TABLE.view,
// clicks where the renderer hit-tests, and ALWAYS every legal move as a focusable
// <button data-move="...">. The JS holds no rules: moves are the bridge's `legal`
// strings, read only to group them and to say them in words.
//
//   const board = await makeBoard("okiya", hostElement, { onPlay: (move) => ... });
//   board.show(view, { legal, names, seat, animate });   // draw, wire the clicks
//   board.buttons(view, legal, names, { busy })            // -> [<button data-move>...]
//   board.destroy();

import { t, has } from "../i18n.js";
import { el } from "../ui/dom.js";
import { OkiyaBoard } from "../render/okiya.js";
import { PLANTS, SYMBOLS } from "../render/art.js";
import { tileImage } from "../ui/thumbs.js";
import { TurncoatsBoard, COLOURS, MARKS } from "../render/turncoats.js";
import { parseMove } from "../games/turncoats.js";

// ------------------------------------------------------------------ words

const seatName = (names, s) => (names && names[s]) || t("seat.default", { n: s + 1 });
const listSep = () => t("ui.link.list_sep");

/** Engine message text with seats turned into the players' own names (and cards, colours into words). */
export function say(message, names) {
  if (!message) return "";
  const p = { ...(message.params || {}) };
  const nm = (s) => seatName(names, s);
  if (Number.isInteger(p.seat)) p.name = nm(p.seat);
  if (Number.isInteger(p.owner)) p.owner_name = nm(p.owner);
  if (Number.isInteger(p.attacker)) p.attacker_name = nm(p.attacker);
  if (Number.isInteger(p.start)) p.start_name = nm(p.start);
  if (Array.isArray(p.seats)) p.names = p.seats.map(nm).join(listSep());
  if (Array.isArray(p.other_seats)) p.others = p.other_seats.map(nm).join(listSep());
  if (typeof p.card_id === "string" && has(`oriflamme.card.${p.card_id}`)) p.card = t(`oriflamme.card.${p.card_id}`);
  if (typeof p.target_id === "string" && has(`oriflamme.card.${p.target_id}`)) p.target = t(`oriflamme.card.${p.target_id}`);
  if (typeof p.colour === "string" && has(`turncoats.colour.${p.colour}`)) p.colour = t(`turncoats.colour.${p.colour}`);
  if (typeof p.tied === "string" && p.tied) {
    p.tied = p.tied
      .split(", ")
      .map((c) => (has(`turncoats.colour.${c}`) ? t(`turncoats.colour.${c}`) : c))
      .join(listSep());
  }
  if (Array.isArray(p.kill_counts)) p.kills = killsText(p.kill_counts);
  if (!has(message.key) && message.text) return message.text;
  return t(message.key, p);
}

function killsText(kills) {
  return kills
    .map((n, c) => (n ? t("ui.turncoats.kill_part", { count: n, colour: t(`turncoats.colour.${COLOURS[c]}`) }) : ""))
    .filter(Boolean)
    .join(listSep());
}

function moveButton(move, label, { busy, onPlay, content = null, extraClass = "" }) {
  const btn = el("button", {
    type: "button",
    class: `move link-move ${extraClass}`.trim(),
    data: { move },
    "aria-label": label,
    title: label,
    disabled: !!busy,
  });
  if (content) btn.append(...content);
  else btn.append(el("span", { text: label }));
  btn.addEventListener("click", () => onPlay(move));
  return btn;
}

// ------------------------------------------------------------------ Okiya

/** The cell a move's notation names (r{row}c{col}); -1 when it names none. */
function moveCell(move) {
  const m = /^r(\d)c(\d)$/.exec(move);
  return m ? Number(m[1]) * 4 + Number(m[2]) : -1;
}

class OkiyaLink {
  constructor(host, { onPlay }) {
    this.onPlay = onPlay;
    this.legal = [];
    this.canvas = el("canvas", { class: "link-canvas link-okiya", role: "img", "aria-label": t("ui.board.label") });
    this.wrap = el("div", { class: "link-canvas-wrap okiya" }, this.canvas);
    host.append(this.wrap);
    this.board = new OkiyaBoard(this.canvas, {
      onMove: (cell) => {
        const move = this.legal.find((m) => moveCell(m) === cell);
        if (move) this.onPlay(move);
      },
    });
  }

  show(view, { legal = [], names = [], seat = null, animate = true } = {}) {
    this.legal = legal;
    const tag = (s) => [s === seat ? t("ui.tag.you") : "", t(`ui.seat.shape.${s}`)].filter(Boolean).join(t("ui.separator"));
    this.board.setView(view, {
      legal: legal.map(moveCell),
      interactive: legal.length > 0,
      animate,
      labels: { lastTile: t("ui.board.last_tile"), seats: [seatName(names, 0), seatName(names, 1)], tags: [tag(0), tag(1)] },
    });
  }

  label(move, view) {
    const cell = moveCell(move);
    if (cell < 0 || !view) return move;
    const tile = view.layout[cell];
    const tileText = t("okiya.tile", { plant: t(`okiya.plant.${PLANTS[tile >> 2]}`), symbol: t(`okiya.symbol.${SYMBOLS[tile & 3]}`) });
    return t("ui.move.label", { tile: tileText, row: (cell >> 2) + 1, col: (cell & 3) + 1 });
  }

  buttons(view, legal, names, { busy = false } = {}) {
    return legal.map((move) => {
      const cell = moveCell(move);
      const tile = view.layout[cell];
      const tileText = t("okiya.tile", { plant: t(`okiya.plant.${PLANTS[tile >> 2]}`), symbol: t(`okiya.symbol.${SYMBOLS[tile & 3]}`) });
      const img = el("img", { alt: "", src: tileImage(tile) });
      const btn = moveButton(move, this.label(move, view), { busy, onPlay: this.onPlay, content: [img, el("span", { text: tileText })] });
      btn.addEventListener("focus", () => this.board.setFocus(cell));
      btn.addEventListener("blur", () => this.board.setFocus(null));
      btn.addEventListener("pointerenter", () => this.board.setFocus(cell));
      btn.addEventListener("pointerleave", () => this.board.setFocus(null));
      return btn;
    });
  }

  resize() {
    this.board.resize();
  }

  destroy() {
    this.board.destroy();
    this.wrap.remove();
  }
}

// ------------------------------------------------------------------ Turncoats

class TurncoatsLink {
  constructor(host, { onPlay, onChange = () => {} }) {
    this.onPlay = onPlay;
    this.onChange = onChange; // the move list must be redrawn (a filter changed)
    this.legal = [];
    this.view = null;
    this.sel = { colour: null, area: null };
    this.canvas = el("canvas", { class: "link-canvas link-turncoats", role: "img", "aria-label": t("ui.turncoats.board.label") });
    this.wrap = el("div", { class: "link-canvas-wrap turncoats" }, this.canvas);
    host.append(this.wrap);
    this.board = new TurncoatsBoard(this.canvas, {
      onColour: (c) => this.pick({ colour: this.sel.colour === c ? null : c, area: null }),
      onArea: (a) => {
        if (this.sel.area !== null && a !== this.sel.area) {
          const marches = this.legal.map(parseMove).filter((m) => m.kind === "march" && m.colour === this.sel.colour && m.area === this.sel.area && m.dest === a);
          if (marches.length === 1) return this.onPlay(marches[0].text);
          if (marches.length > 1) return; // the buttons below say how many stones
        }
        this.pick({ area: this.sel.area === a ? null : a });
      },
    });
  }

  pick(patch) {
    this.sel = { ...this.sel, ...patch };
    if (this.sel.colour === null) this.sel.area = null;
    const moves = this.legal.map(parseMove);
    if (this.sel.area !== null && !moves.some((m) => m.colour === this.sel.colour && m.area === this.sel.area)) this.sel.area = null;
    this.draw(true);
    this.onChange();
  }

  show(view, { legal = [], names = [], seat = null, animate = true } = {}) {
    const changed = this.view !== view;
    this.view = view;
    this.names = names;
    this.seat = seat;
    if (changed || legal.join("|") !== this.legal.join("|")) this.sel = { colour: null, area: null };
    this.legal = legal;
    this.draw(animate);
  }

  draw(animate) {
    const moves = this.legal.map(parseMove);
    const returning = !!(this.view && this.view.phase === "return");
    const mine = moves.filter((m) => m.colour && m.colour === this.sel.colour && m.area !== null);
    const select = {
      colours: [...new Set(moves.filter((m) => m.colour).map((m) => m.colour))],
      areas: returning || this.sel.colour === null ? [] : [...new Set(mine.map((m) => m.area))],
      dests: this.sel.area === null ? [] : [...new Set(mine.filter((m) => m.area === this.sel.area && m.kind === "march").map((m) => m.dest))],
      quiet: [],
      colour: this.sel.colour,
      area: this.sel.area,
      dest: null,
    };
    this.board.setView(this.view, {
      select,
      animate,
      labels: {
        axe: t("turncoats.axe"),
        flag: t("turncoats.flag"),
        bag: t("turncoats.bag"),
        hand: t("ui.turncoats.hand.title", { name: this.seat === null ? "" : seatName(this.names, this.seat) }),
        handHidden: this.view && this.view.outcome ? t("ui.turncoats.hand.over") : t("ui.turncoats.hand.hidden"),
        drawn: t("ui.turncoats.hand.drawn"),
      },
    });
  }

  /** The question of the moment (colour, then area, then action), or null for the view's own prompt. */
  prompt() {
    if (!this.legal.length) return null;
    if (this.view && this.view.phase === "return") {
      return this.view.drawn ? t("ui.turncoats.prompt.return_drawn", { colour: t(`turncoats.colour.${this.view.drawn}`) }) : t("ui.turncoats.prompt.return");
    }
    const colour = this.sel.colour ? t(`turncoats.colour.${this.sel.colour}`) : "";
    if (this.sel.colour === null) return t("ui.turncoats.prompt.colour");
    if (this.sel.area === null) return t("ui.turncoats.prompt.area", { colour });
    return t("ui.turncoats.prompt.action", { colour, area: this.sel.area });
  }

  label(move) {
    const m = parseMove(move);
    const colour = m.colour ? t(`turncoats.colour.${m.colour}`) : "";
    switch (m.kind) {
      case "negotiate":
        return t("ui.turncoats.move.negotiate");
      case "return":
        return t("ui.turncoats.move.return", { colour });
      case "recruit":
        return t("ui.turncoats.move.recruit", { colour, area: m.area });
      case "battle":
        return m.kills.some(Boolean)
          ? t("ui.turncoats.move.battle_kill", { colour, area: m.area, kills: killsText(m.kills) })
          : t("ui.turncoats.move.battle_none", { colour, area: m.area });
      case "march":
        return t("ui.turncoats.move.march", { colour, count: m.count, area: m.area, dest: m.dest });
      default:
        return move;
    }
  }

  buttons(view, legal, names, { busy = false } = {}) {
    const out = [];
    const moves = legal.map(parseMove);
    const chip = (colour) => el("span", { class: `stone ${colour} mark-${MARKS[colour]}`, "aria-hidden": "true" });
    const button = (m, text = null) => {
      const label = this.label(m.text);
      const btn = moveButton(m.text, label, { busy, onPlay: this.onPlay, content: [...(m.colour ? [chip(m.colour)] : []), el("span", { text: text || label })], extraClass: "tc-move" });
      const focus = m.dest !== null ? { kind: "area", id: m.dest } : m.area !== null ? { kind: "area", id: m.area } : null;
      if (focus) {
        btn.addEventListener("focus", () => this.board.setFocus(focus));
        btn.addEventListener("blur", () => this.board.setFocus(null));
      }
      return btn;
    };
    const choice = (props, content, onClick, focus = null) => {
      const btn = el("button", { type: "button", class: "move tc-chip", disabled: busy, ...props }, ...content);
      btn.addEventListener("click", onClick);
      if (focus) {
        btn.addEventListener("focus", () => this.board.setFocus(focus));
        btn.addEventListener("blur", () => this.board.setFocus(null));
      }
      return btn;
    };
    const sel = this.sel;
    if (view && view.phase === "return") {
      for (const m of moves) out.push(button(m));
      return out;
    }
    if (sel.colour === null) {
      // step 1: a colour from the hand (or negotiate)
      const hand = (view && view.hand) || [0, 0, 0];
      for (const c of COLOURS) {
        if (!moves.some((m) => m.colour === c)) continue;
        const label = t("ui.turncoats.choose.colour", { colour: t(`turncoats.colour.${c}`), count: hand[COLOURS.indexOf(c)] });
        out.push(choice({ data: { colour: c }, "aria-label": label }, [chip(c), el("span", { text: label })], () => this.pick({ colour: c, area: null }), { kind: "colour", id: c }));
      }
      for (const m of moves.filter((mv) => mv.kind === "negotiate")) out.push(button(m));
    } else if (sel.area === null) {
      // step 2: an area where that colour can act
      const areas = [...new Set(moves.filter((m) => m.colour === sel.colour && m.area !== null).map((m) => m.area))].sort((a, b) => a - b);
      for (const a of areas) {
        const stones = view.map[a].stones;
        const label = t("ui.turncoats.choose.area", { area: a, red: stones[0], blue: stones[1], black: stones[2] });
        out.push(choice({ data: { area: String(a) }, "aria-label": label, title: label }, [el("span", { text: label })], () => this.pick({ area: a }), { kind: "area", id: a }));
      }
    } else {
      // step 3: what that stone does there
      for (const m of moves.filter((mv) => mv.colour === sel.colour && mv.area === sel.area)) {
        let text = null;
        if (m.kind === "battle") text = m.kills.some(Boolean) ? t("ui.turncoats.short.kill", { kills: killsText(m.kills) }) : t("ui.turncoats.short.no_kill");
        if (m.kind === "march") text = t("ui.turncoats.short.march", { dest: m.dest, count: m.count });
        if (m.kind === "recruit") text = t("turncoats.action.recruit");
        out.push(button(m, text));
      }
    }
    if (sel.colour !== null) {
      const back = el("button", { type: "button", class: "btn tc-back", data: { back: "" }, text: t("ui.turncoats.back") });
      back.addEventListener("click", () => this.pick(sel.area !== null ? { area: null } : { colour: null }));
      out.push(back);
    }
    // every legal move stays one button away
    const all = el("details", { class: "link-more-moves", id: "link-all-moves" }, el("summary", { text: t("ui.link.tc.all_moves", { count: moves.length }) }));
    for (const m of moves) all.append(button(m));
    out.push(all);
    return out;
  }

  resize() {
    this.board.resize();
  }

  destroy() {
    this.board.destroy();
    this.wrap.remove();
  }
}

// ------------------------------------------------------------------ Oriflamme

const CARD_WORDS = {
  ambush: "ambush",
  archer: "archer",
  assassination: "assassination",
  conspiracy: "conspiracy",
  heir: "heir",
  lord: "lord",
  decree: "royal_decree",
  "royal decree": "royal_decree",
  shapeshifter: "shapeshifter",
  soldier: "soldier",
  spy: "spy",
};

const cardId = (word) => CARD_WORDS[String(word || "").toLowerCase()] || null;
const cardName = (id) => (id && has(`oriflamme.card.${id}`) ? t(`oriflamme.card.${id}`) : t("oriflamme.card.unknown"));
const FAMILY_MARKS = ["◆", "●", "▲", "■", "★"];

/** What a card in the queue is, in words ("Ann's Heir", "Bo's face-down card"). */
function slotText(view, slot, names) {
  const entry = view && view.queue && view.queue[slot];
  if (!entry) return t("ui.link.of.slot", { slot: slot + 1 });
  const top = entry.cards[entry.cards.length - 1] || {};
  return t("ui.link.of.slot_card", { slot: slot + 1, name: seatName(names, entry.owner), card: top.card ? cardName(top.card) : t("oriflamme.card.unknown") });
}

export function oriflammeLabel(move, view, names) {
  const w = move.split(" ");
  switch (w[0]) {
    case "place": {
      const where = w[w.length - 1];
      const card = cardName(cardId(w.slice(1, w[w.length - 2] === "on" ? -2 : -1).join(" ")));
      if (w[w.length - 2] === "on") return t("ui.link.of.place_on", { card, slot: where });
      return t(where === "right" ? "ui.link.of.place_right" : "ui.link.of.place_left", { card });
    }
    case "reveal":
      return t("ui.link.of.reveal");
    case "keep":
      return t("ui.link.of.keep");
    case "target":
      return t("ui.link.of.target", { what: slotText(view, Number(w[1]) - 1, names) });
    case "on":
      return t("ui.link.of.onto", { what: slotText(view, Number(w[1]) - 1, names) });
    case "steal":
      return t("ui.link.of.steal", { name: seatName(names, Number(String(w[1]).replace(/^p/, "")) - 1) });
    case "copy":
      return t("ui.link.of.copy", { card: cardName(cardId(w.slice(1).join(" "))) });
    case "gap": {
      const gap = Number(w[1]);
      const n = view && view.queue ? view.queue.length : 0;
      if (gap === 0) return t("ui.link.of.gap_left");
      if (gap >= n) return t("ui.link.of.gap_right");
      return t("ui.link.of.gap", { left: gap, right: gap + 1 });
    }
    case "show":
      return t("ui.link.of.show", { card: cardName(cardId(w.slice(1).join(" "))) });
    default:
      return move;
  }
}

/** Oriflamme's move buttons: placements grouped by card (one row per card), the rest one each. */
function oriflammeButtons(view, legal, names, { busy, onPlay }) {
  const out = [];
  const rows = new Map();
  for (const move of legal) {
    const w = move.split(" ");
    if (w[0] !== "place") {
      out.push(moveButton(move, oriflammeLabel(move, view, names), { busy, onPlay }));
      continue;
    }
    const on = w[w.length - 2] === "on";
    const id = cardId(w.slice(1, on ? -2 : -1).join(" "));
    const key = id || "?";
    if (!rows.has(key)) {
      const row = el("div", { class: "of-place-row", role: "group", "aria-label": cardName(id) }, el("span", { class: "of-place-card", text: cardName(id) }));
      rows.set(key, row);
      out.push(row);
    }
    const where = w[w.length - 1];
    const short = on ? t("ui.link.of.short_on", { slot: where }) : t(where === "right" ? "ui.link.of.short_right" : "ui.link.of.short_left");
    rows.get(key).append(moveButton(move, oriflammeLabel(move, view, names), { busy, onPlay, content: [el("span", { text: short })] }));
  }
  return out;
}

/**
 * Oriflamme drawn in the DOM: the influence of each family, the queue (owner's
 * mark and name, face-up card or its back, influence on it, the resolution cursor)
 * and this seat's hand. Queue cards that a legal move targets are buttons too.
 */
class OriflammeLink {
  constructor(host, { onPlay }) {
    this.onPlay = onPlay;
    this.root = el("div", { class: "link-of" });
    this.families = el("ol", { class: "of-families", "aria-label": t("ui.link.of.families") });
    this.queue = el("ol", { class: "of-queue", "aria-label": t("ui.link.of.queue") });
    this.hand = el("div", { class: "of-hand" });
    this.prompt = el("p", { class: "of-prompt" });
    this.root.append(this.families, this.prompt, this.queue, this.hand);
    host.append(this.root);
  }

  show(view, { legal = [], names = [], seat = null } = {}) {
    this.view = view;
    this.families.replaceChildren();
    this.queue.replaceChildren();
    this.hand.replaceChildren();
    if (!view) return;
    const players = view.players || names.length;
    for (let s = 0; s < players; s++) {
      const li = el("li", { class: `of-family fam-${s}${s === seat ? " me" : ""}${view.to_move === s ? " to-move" : ""}`, data: { seat: String(s) } });
      li.append(
        el("span", { class: "of-crest", "aria-hidden": "true", text: FAMILY_MARKS[s % FAMILY_MARKS.length] }),
        el("span", { class: "of-name", text: seatName(names, s) }),
        el("span", { class: "of-pool", text: t("ui.link.of.influence", { n: (view.pools || [])[s] ?? 0 }) }),
        el("span", { class: "of-count", text: t("ui.link.of.hand_count", { n: (view.hand_counts || [])[s] ?? 0 }) }),
      );
      this.families.append(li);
    }
    this.prompt.textContent = view.prompt ? say(view.prompt, names) : t("ui.link.of.round", { round: view.round, rounds: view.rounds });
    const targets = new Map();
    for (const m of legal) {
      const w = m.split(" ");
      if ((w[0] === "target" || w[0] === "on") && w.length === 2) targets.set(Number(w[1]) - 1, m);
    }
    (view.queue || []).forEach((entry, i) => {
      const top = entry.cards[entry.cards.length - 1] || {};
      const text = slotText(view, i, names);
      const move = targets.get(i);
      const tag = move ? "button" : "div";
      const card = el(tag, {
        class: `of-card fam-${entry.owner % 5}${top.up ? " up" : " down"}${view.cursor === i ? " cursor" : ""}${move ? " target" : ""}`,
        "aria-label": move ? oriflammeLabel(move, view, names) : text,
        title: text,
        type: move ? "button" : null,
      });
      card.append(
        el("span", { class: "of-slot", text: String(i + 1) }),
        el("span", { class: "of-crest", "aria-hidden": "true", text: FAMILY_MARKS[entry.owner % FAMILY_MARKS.length] }),
        el("span", { class: "of-card-name", text: top.card ? cardName(top.card) : t("ui.link.of.hidden") }),
        el("span", { class: "of-owner", text: seatName(names, entry.owner) }),
      );
      if (top.tokens) card.append(el("span", { class: "of-tokens", text: t("ui.link.of.tokens", { n: top.tokens }) }));
      if (!top.up && top.card) card.append(el("span", { class: "of-secret", text: t("ui.link.of.only_you") }));
      if (entry.cards.length > 1) card.append(el("span", { class: "of-stack", text: t("ui.link.of.stack", { n: entry.cards.length }) }));
      if (move) card.addEventListener("click", () => this.onPlay(move));
      this.queue.append(el("li", {}, card));
    });
    if (!(view.queue || []).length) this.queue.append(el("li", { class: "of-empty", text: t("ui.link.of.empty") }));
    if (view.hand && view.hand.length) {
      this.hand.append(el("span", { class: "of-hand-title", text: t("ui.link.of.your_hand") }));
      for (const c of view.hand) this.hand.append(el("span", { class: "of-hand-card", text: cardName(c), title: has(`oriflamme.card.${c}.text`) ? t(`oriflamme.card.${c}.text`) : "" }));
    }
  }

  label(move, view, names) {
    return oriflammeLabel(move, view, names);
  }

  buttons(view, legal, names, { busy = false } = {}) {
    return oriflammeButtons(view, legal, names, { busy, onPlay: this.onPlay });
  }

  resize() {}

  destroy() {
    this.root.remove();
  }
}

// The Oriflamme canvas (render/oriflamme.js, drawn by the hot-seat page's renderer)
// when it loads; the DOM board above otherwise.
let OriflammeBoard = null;
export const boardsReady = import("../render/oriflamme.js")
  .then((m) => {
    OriflammeBoard = typeof m.OriflammeBoard === "function" ? m.OriflammeBoard : null;
  })
  .catch(() => {});

class OriflammeCanvasLink {
  constructor(host, { onPlay, onChange = () => {} }) {
    this.onPlay = onPlay;
    this.onChange = onChange;
    this.legal = [];
    this.selected = null; // the hand card picked up for placement
    this.canvas = el("canvas", { class: "link-canvas link-oriflamme", role: "img", "aria-label": t("ui.link.of.queue") });
    this.wrap = el("div", { class: "link-canvas-wrap oriflamme" }, this.canvas);
    host.append(this.wrap);
    this.board = new OriflammeBoard(this.canvas, {
      onMove: (move) => this.legal.includes(move) && this.onPlay(move),
      onHand: (card) => {
        this.selected = this.selected === card ? null : card;
        this.draw(false);
      },
    });
  }

  show(view, { legal = [], names = [], seat = null, animate = true } = {}) {
    if (view !== this.view || legal.join("|") !== this.legal.join("|")) this.selected = null;
    this.view = view;
    this.legal = legal;
    this.names = names;
    this.seat = seat;
    this.draw(animate);
  }

  select() {
    const view = this.view;
    const sel = { hand: new Set(), selected: null, drops: new Map(), dropsHint: false, slots: new Map(), slotKind: "pick", seats: new Map(), gaps: new Map(), picked: null };
    if (!view) return sel;
    const pending = view.pending || {};
    for (const move of this.legal) {
      const w = move.split(" ");
      if (w[0] === "place") {
        const on = w[w.length - 2] === "on";
        const card = cardId(w.slice(1, on ? -2 : -1).join(" "));
        if (!card) continue;
        sel.hand.add(card);
        if (card !== this.selected) continue;
        if (on) sel.slots.set(Number(w[w.length - 1]) - 1, move);
        else sel.drops.set(w[w.length - 1], move);
      } else if (w[0] === "target" || w[0] === "on") {
        sel.slots.set(Number(w[1]) - 1, move);
        if (w[0] === "target" && pending.kind === "target") sel.slotKind = "attack";
      } else if (w[0] === "gap") {
        sel.gaps.set(Number(w[1]), move);
      } else if (w[0] === "steal") {
        sel.seats.set(Number(String(w[1]).replace(/^p/, "")) - 1, move);
      } else if (w[0] === "copy" && Number.isInteger(view.cursor)) {
        const card = cardId(w.slice(1).join(" "));
        for (const j of [view.cursor - 1, view.cursor + 1]) {
          const slot = view.queue[j];
          const top = slot && slot.cards[slot.cards.length - 1];
          if (top && top.up && top.card === card) sel.slots.set(j, move);
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
    for (const id of Object.values(CARD_WORDS)) cards[id] = cardName(id);
    const names = this.names || [];
    const tags = names.map((_, s) => (s === this.seat ? t("ui.link.seat.you") : ""));
    this.board.setView(view, {
      select: this.select(),
      animate,
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
  }

  label(move, view, names) {
    return oriflammeLabel(move, view, names);
  }

  buttons(view, legal, names, { busy = false } = {}) {
    return oriflammeButtons(view, legal, names, { busy, onPlay: this.onPlay });
  }

  resize() {
    this.board.resize();
  }

  destroy() {
    this.board.destroy();
    this.wrap.remove();
  }
}

// ------------------------------------------------------------------ factory

const ADAPTERS = { okiya: OkiyaLink, turncoats: TurncoatsLink, oriflamme: OriflammeLink };

export function canDraw(game) {
  return Object.prototype.hasOwnProperty.call(ADAPTERS, game);
}

/** A board for `game` drawn into `host`; handlers {onPlay(move), onChange()}. */
export function makeBoard(game, host, handlers) {
  if (game === "oriflamme" && OriflammeBoard) {
    try {
      return new OriflammeCanvasLink(host, handlers);
    } catch (_) {
      /* the DOM board below */
    }
  }
  const Adapter = ADAPTERS[game];
  return Adapter ? new Adapter(host, handlers) : null;
}

/** A move in words, for the replay caption and the log (any game). */
export function moveWords(game, move, view, names) {
  if (!move) return "";
  if (game === "oriflamme") return oriflammeLabel(move, view, names);
  if (game === "turncoats") return TurncoatsLink.prototype.label.call(null, move);
  if (game === "okiya") return OkiyaLink.prototype.label.call(null, move, view);
  return move;
}
