// Each game's board for link play: the game's own renderer drawing TABLE.view,
// clicks where the renderer hit-tests, and ALWAYS every legal move as a focusable
// <button data-move="...">. The JS holds no rules and parses no notation: moves are
// the table's `moves` (data: kind, card, slot, colour, area, cell...), grouped and
// said in words; the `text` of the chosen one goes back. `moves` may be left out: the
// board then takes the view's own listing of the `legal` moves (`view.moves`).
//
//   const board = await makeBoard("okiya", hostElement, { onPlay: (move) => ... });
//   board.show(view, { legal, moves, events, names, seat, animate });   // draw, wire the clicks
//   board.buttons(view, legal, names, { busy, moves })            // -> [<button data-move>...]
//   board.destroy();

import { KeepHiddenControl } from "./controls.js";
import { t, has } from "../i18n.js";
import { el, focusLights } from "../ui/dom.js";
import { OkiyaBoard } from "../render/okiya.js";
import { plantOf, symbolOf } from "../render/art.js";
import { tileImage } from "../ui/thumbs.js";
import { TurncoatsBoard } from "../render/turncoats.js";
import { OriflammeBoard } from "../render/oriflamme.js";
import { moveLabel, killsText, killedText, boardLabels, stoneChip, areaFocus, colourButton } from "../games/turncoats.js";
import { listText } from "../ui/hotseat.js";

// ------------------------------------------------------------------ words

const seatName = (names, s) => (names && names[s]) || t("seat.default", { n: s + 1 });

/**
 * The legal moves as data: `moves` when the caller has them (the table's), else the
 * view's own listing of the `legal` moves (Okiya's view lists the cells, in the same order).
 */
function movesOf(view, legal, moves) {
  if (moves) return moves;
  if (!view || !legal.length) return [];
  if (view.moves) return view.moves.filter((m) => legal.includes(m.text));
  if (!Array.isArray(view.legal) || view.legal.length !== legal.length) return [];
  const side = Math.sqrt(view.layout.length);
  return legal.map((text, i) => ({ text, kind: "take", cell: view.legal[i], row: Math.floor(view.legal[i] / side), col: view.legal[i] % side }));
}

/** Engine message text with seats turned into the players' own names (and cards, colours into words). */
export function say(message, names) {
  if (!message) return "";
  const p = { ...(message.params || {}) };
  const nm = (s) => seatName(names, s);
  if (Number.isInteger(p.seat)) p.name = nm(p.seat);
  if (Number.isInteger(p.owner)) p.owner_name = nm(p.owner);
  if (Number.isInteger(p.attacker)) p.attacker_name = nm(p.attacker);
  if (Number.isInteger(p.start)) p.start_name = nm(p.start);
  if (Array.isArray(p.seats)) p.names = listText(p.seats.map(nm));
  if (Array.isArray(p.other_seats)) p.others = listText(p.other_seats.map(nm));
  if (typeof p.card_id === "string" && has(`oriflamme.card.${p.card_id}`)) p.card = t(`oriflamme.card.${p.card_id}`);
  if (typeof p.target_id === "string" && has(`oriflamme.card.${p.target_id}`)) p.target = t(`oriflamme.card.${p.target_id}`);
  if (typeof p.colour === "string" && has(`turncoats.colour.${p.colour}`)) p.colour = t(`turncoats.colour.${p.colour}`);
  if (Array.isArray(p.tied_colours)) p.tied = listText(p.tied_colours.map((c) => t(`turncoats.colour.${c}`)));
  if (Array.isArray(p.killed)) p.kills = killedText(p.killed);
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

/** "Maple sun": a tile in words. */
const tileWords = (tile) => t("okiya.tile", { plant: t(`okiya.plant.${plantOf(tile)}`), symbol: t(`okiya.symbol.${symbolOf(tile)}`) });

class OkiyaLink {
  constructor(host, { onPlay }) {
    this.onPlay = onPlay;
    this.moves = [];
    this.canvas = el("canvas", { class: "link-canvas link-okiya", role: "img", "aria-label": t("ui.board.label") });
    this.wrap = el("div", { class: "link-canvas-wrap okiya" }, this.canvas);
    host.append(this.wrap);
    this.board = new OkiyaBoard(this.canvas, {
      onMove: (cell) => {
        const move = this.moves.find((m) => m.cell === cell);
        if (move) this.onPlay(move.text);
      },
    });
  }

  show(view, { legal = [], moves = null, names = [], seat = null, animate = true } = {}) {
    this.moves = movesOf(view, legal, moves);
    const tag = (s) => [s === seat ? t("ui.tag.you") : "", t(`ui.seat.shape.${s}`)].filter(Boolean).join(t("ui.separator"));
    this.board.setView(view, {
      legal: this.moves.map((m) => m.cell),
      interactive: this.moves.length > 0,
      animate,
      labels: { lastTile: t("ui.board.last_tile"), seats: [seatName(names, 0), seatName(names, 1)], tags: [tag(0), tag(1)] },
    });
  }

  /** A move (data) in words: the tile it takes and where. */
  /** The hint line on this device's turn (link/play.js asks the board). */
  hint(view) {
    return view.last === null ? t("ui.hint.opening") : t("ui.hint.follow");
  }

  static words(move, view) {
    const tile = view.layout[move.cell];
    return t("ui.move.label", { tile: tileWords(tile), row: move.row + 1, col: move.col + 1 });
  }

  buttons(view, legal, names, { busy = false, moves = null } = {}) {
    return movesOf(view, legal, moves).map((move) => {
      const tile = view.layout[move.cell];
      const img = el("img", { alt: "", src: tileImage(tile) });
      const btn = moveButton(move.text, OkiyaLink.words(move, view), { busy, onPlay: this.onPlay, content: [img, el("span", { text: tileWords(tile) })] });
      return focusLights(btn, this.board, move.cell, { hover: true });
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
    this.moves = [];
    this.view = null;
    this.sel = { colour: null, area: null };
    this.canvas = el("canvas", { class: "link-canvas link-turncoats", role: "img", "aria-label": t("ui.turncoats.board.label") });
    this.wrap = el("div", { class: "link-canvas-wrap turncoats" }, this.canvas);
    host.append(this.wrap);
    this.board = new TurncoatsBoard(this.canvas, {
      onColour: (c) => this.pick({ colour: this.sel.colour === c ? null : c, area: null }),
      onArea: (a) => {
        if (this.sel.area !== null && a !== this.sel.area) {
          const marches = this.moves.filter((m) => m.kind === "march" && m.colour === this.sel.colour && m.area === this.sel.area && m.dest === a);
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
    const moves = this.moves;
    if (this.sel.area !== null && !moves.some((m) => m.colour === this.sel.colour && m.area === this.sel.area)) this.sel.area = null;
    this.draw(true);
    this.onChange();
  }

  show(view, { legal = [], moves = null, events = [], names = [], seat = null, animate = true } = {}) {
    const changed = this.view !== view;
    const now = movesOf(view, legal, moves);
    this.events = changed ? events : [];
    this.view = view;
    this.names = names;
    this.seat = seat;
    if (changed || now.map((m) => m.text).join("|") !== this.moves.map((m) => m.text).join("|")) this.sel = { colour: null, area: null };
    this.moves = now;
    this.draw(animate);
  }

  draw(animate) {
    const moves = this.moves;
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
      events: this.events || [],
      labels: boardLabels(this.view, this.seat === null ? "" : seatName(this.names, this.seat)),
    });
  }

  /** The question of the moment (colour, then area, then action), or null for the view's own prompt. */
  prompt() {
    if (!this.moves.length) return null;
    if (this.view && this.view.phase === "return") {
      return this.view.drawn ? t("ui.turncoats.prompt.return_drawn", { colour: t(`turncoats.colour.${this.view.drawn}`) }) : t("ui.turncoats.prompt.return");
    }
    const colour = this.sel.colour ? t(`turncoats.colour.${this.sel.colour}`) : "";
    if (this.sel.colour === null) return t("ui.turncoats.prompt.colour");
    if (this.sel.area === null) return t("ui.turncoats.prompt.area", { colour });
    return t("ui.turncoats.prompt.action", { colour, area: this.sel.area });
  }

  /** A move (data) in words. */
  static words(move, view) {
    return moveLabel(move, view.colours);
  }

  buttons(view, legal, names, { busy = false, moves: given = null } = {}) {
    const out = [];
    const moves = movesOf(view, legal, given);
    const button = (m, text = null) => {
      const label = TurncoatsLink.words(m, view);
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
      const hand = (view && view.hand) || [];
      view.colours.forEach((c, i) => {
        if (moves.some((m) => m.colour === c)) out.push(colourButton(c, hand[i] || 0, { busy, board: this.board, onClick: () => this.pick({ colour: c, area: null }) }));
      });
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
        if (m.kind === "battle") text = m.kills.some(Boolean) ? t("ui.turncoats.short.kill", { kills: killsText(m.kills, view.colours) }) : t("ui.turncoats.short.no_kill");
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
class OriflammeLink {
  constructor(host, { onPlay, onChange = () => {} }) {
    this.onPlay = onPlay;
    this.onChange = onChange;
    this.moves = [];
    this.selected = null; // the hand card picked up for placement
    this.canvas = el("canvas", { class: "link-canvas link-oriflamme", role: "img", "aria-label": t("ui.link.of.queue") });
    this.wrap = el("div", { class: "link-canvas-wrap oriflamme" }, this.canvas);
    host.append(this.wrap);
    this.board = new OriflammeBoard(this.canvas, {
      onMove: (move) => this.moves.some((m) => m.text === move) && this.onPlay(move),
      onHand: (card) => {
        this.selected = this.selected === card ? null : card;
        this.draw(false);
      },
    });
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
  }

  /** A move (data) in words. */
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

  static words(move, view, names) {
    return oriflammeLabel(move, view, names);
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

/**
 * A move in words, for the replay caption and the auto-played toast (any game): the
 * `events` it caused when the caller has them (their log lines), else the move as data
 * (`move` itself, or the view's listing of its notation), else the notation as it is.
 */
export function moveWords(game, move, view, names, events = null) {
  if (!move) return "";
  if (events && events.length) return events.map((e) => say(e.message, names)).filter(Boolean).join(" ");
  const Adapter = ADAPTERS[game];
  const data = typeof move === "object" ? move : view && movesOf(view, [move], null)[0];
  return Adapter && data ? Adapter.words(data, view, names) : String(move.text || move);
}
