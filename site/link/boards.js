// The shared parts of link play's boards. Each game's board is its own module,
// site/games/<game>.link.js (found by the game's id; the class is its default export, with
// static words(move, view, names) and, when the engine's params need the game's words,
// static params(p)): the game's own renderer drawing TABLE.view, clicks where the
// renderer hit-tests, and ALWAYS every legal move as a focusable
// <button data-move="...">. The JS holds no rules and parses no notation: moves are
// the table's `moves` (data: kind, card, slot, colour, area, cell...), grouped and
// said in words; the `text` of the chosen one goes back. `moves` may be left out: the
// board then takes the view's own listing of the `legal` moves (`view.moves`).
//
//   const board = await makeBoard(game, hostElement, { onPlay: (move) => ... });
//   board.show(view, { legal, moves, events, names, seat, animate });   // draw, wire the clicks
//   board.buttons(view, legal, names, { busy, moves })            // -> [<button data-move>...]
//   board.destroy();

import { t, has } from "../i18n.js";
import { el } from "../ui/dom.js";
import { listText } from "../ui/hotseat.js";
import { gameStylesheet } from "../ui/sheets.js";

// ------------------------------------------------------------------ words

export const seatName = (names, s) => (names && names[s]) || t("seat.default", { n: s + 1 });

/**
 * The legal moves as data: `moves` when the caller has them (the table's), else the
 * view's own listing of the `legal` moves (Okiya's view lists the cells, in the same order).
 */
export function movesOf(view, legal, moves) {
  if (moves) return moves;
  if (!view || !legal.length) return [];
  if (view.moves) return view.moves.filter((m) => legal.includes(m.text));
  if (!Array.isArray(view.legal) || view.legal.length !== legal.length) return [];
  const side = Math.sqrt(view.layout.length);
  return legal.map((text, i) => ({ text, kind: "take", cell: view.legal[i], row: Math.floor(view.legal[i] / side), col: view.legal[i] % side }));
}

/**
 * Engine message text with seats turned into the players' own names, and the game's own
 * words (cards, colours) by its board's static params(p) (`game`'s board, once loaded).
 */
export function say(message, names, game = null) {
  if (!message) return "";
  const p = { ...(message.params || {}) };
  const nm = (s) => seatName(names, s);
  if (Number.isInteger(p.seat)) p.name = nm(p.seat);
  if (Number.isInteger(p.owner)) p.owner_name = nm(p.owner);
  if (Number.isInteger(p.attacker)) p.attacker_name = nm(p.attacker);
  if (Number.isInteger(p.start)) p.start_name = nm(p.start);
  if (Array.isArray(p.seats)) p.names = listText(p.seats.map(nm));
  if (Array.isArray(p.other_seats)) p.others = listText(p.other_seats.map(nm));
  const Board = game && loaded.get(game);
  if (Board && typeof Board.params === "function") Board.params(p);
  if (!has(message.key) && message.text) return message.text;
  return t(message.key, p);
}

/** A move's button: its words as label, `content` (or the words) inside; a click plays it. */
export function moveButton(move, label, { busy, onPlay, content = null, extraClass = "" }) {
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

// ------------------------------------------------------------------ finding a game's board

/** game id -> its link board class, once its module has loaded (say() reads it). */
const loaded = new Map();
const loading = new Map();

/** The link board class of `game`: the default export of site/games/<game>.link.js. */
export function loadBoard(game) {
  if (!loading.has(game)) {
    loading.set(game, Promise.all([import(`../games/${game}.link.js`), gameStylesheet(game)]).then(([mod]) => {
      loaded.set(game, mod.default);
      return mod.default;
    }));
  }
  return loading.get(game);
}

/** A board for `game` drawn into `host`; handlers {onPlay(move), onChange()}. */
export async function makeBoard(game, host, handlers) {
  const Board = await loadBoard(game);
  return new Board(host, handlers);
}

/**
 * A move in words, for the replay caption and the auto-played toast (any game): the
 * `events` it caused when the caller has them (their log lines), else the move as data
 * (`move` itself, or the view's listing of its notation), else the notation as it is.
 */
export async function moveWords(game, move, view, names, events = null) {
  if (!move) return "";
  const Board = await loadBoard(game);
  if (events && events.length) return events.map((e) => say(e.message, names, game)).filter(Boolean).join(" ");
  const data = typeof move === "object" ? move : view && movesOf(view, [move], null)[0];
  return data ? Board.words(data, view, names) : String(move.text || move);
}
