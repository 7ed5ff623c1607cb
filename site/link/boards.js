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
import { el, focusLights } from "../ui/dom.js";
import { OkiyaBoard } from "../render/okiya.js";
import { PLANTS, SYMBOLS } from "../render/art.js";
import { tileImage } from "../ui/thumbs.js";
import { TurncoatsBoard, COLOURS } from "../render/turncoats.js";
import { OriflammeBoard } from "../render/oriflamme.js";
import { parseMove, moveLabel, killsText, boardLabels, stoneChip, areaFocus, colourButton } from "../games/turncoats.js";

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
  if (Array.isArray(p.kill_counts)) p.kills = killsText(p.kill_counts, listSep());
  if (!has(message.key) && message.text) return message.text;
  return t(message.key, p);
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
      return focusLights(btn, this.board, cell, { hover: true });
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
      labels: boardLabels(this.view, this.seat === null ? "" : seatName(this.names, this.seat)),
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
    return moveLabel(parseMove(move), listSep());
  }

  buttons(view, legal, names, { busy = false } = {}) {
    const out = [];
    const moves = legal.map(parseMove);
    const button = (m, text = null) => {
      const label = this.label(m.text);
      const btn = moveButton(m.text, label, { busy, onPlay: this.onPlay, content: [...(m.colour ? [stoneChip(m.colour)] : []), el("span", { text: text || label })], extraClass: "tc-move" });
      const focus = areaFocus(m);
      return focus ? focusLights(btn, this.board, focus) : btn;
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
        if (moves.some((m) => m.colour === c)) out.push(colourButton(c, hand, { busy, board: this.board, onClick: () => this.pick({ colour: c, area: null }) }));
      }
      for (const m of moves.filter((mv) => mv.kind === "negotiate")) out.push(button(m));
    } else if (sel.area === null) {
      // step 2: an area where that colour can act
      const areas = [...new Set(moves.filter((m) => m.colour === sel.colour && m.area !== null).map((m) => m.area))].sort((a, b) => a - b);
      for (const a of areas) {
        const stones = view.map[a].stones;
        const label = t("ui.turncoats.choose.area", { area: a, red: stones[0], blue: stones[1], black: stones[2] });
        const btn = el("button", { type: "button", class: "move tc-chip", disabled: busy, data: { area: String(a) }, "aria-label": label, title: label }, el("span", { text: label }));
        btn.addEventListener("click", () => this.pick({ area: a }));
        out.push(focusLights(btn, this.board, { kind: "area", id: a }));
      }
    } else {
      // step 3: what that stone does there
      for (const m of moves.filter((mv) => mv.colour === sel.colour && mv.area === sel.area)) {
        let text = null;
        if (m.kind === "battle") text = m.kills.some(Boolean) ? t("ui.turncoats.short.kill", { kills: killsText(m.kills, listSep()) }) : t("ui.turncoats.short.no_kill");
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

/** Oriflamme on the hot-seat page's canvas (render/oriflamme.js), with its move buttons. */
class OriflammeLink {
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
