// The shared parts of link play's boards. Each game's board is its own module,
// site/games/<game>.link.js (found by the game's id; the class is its default export): the
// game's own renderer drawing TABLE.view, clicks where the renderer hit-tests, and ALWAYS
// every legal move as a focusable <button data-move="...">. The JS holds no rules and parses
// no notation: moves are the table's `moves` (data: kind, card, slot, colour, area, cell...),
// grouped and said in words; the `text` of the chosen one goes back.
//
// What a board class must have (BOARD_METHODS, BOARD_STATICS: checked when its module loads):
//   new Board(host, { onPlay: (move) => ... })
//   board.show(view, { legal, moves, events, names, seat, animate });   // draw, wire the clicks
//   board.buttons(view, legal, names, { busy, moves })            // -> [<button data-move>...]
//   board.resize(); board.destroy();
//   Board.words(move, view, names)                                // a move (data) in words
// and what it may have:
//   Board.params(p, name)      the game's own words in engine message params (card names,
//                              colours, seats under the game's own param names: name(seat))
//   Board.movesOf(view, legal) the legal moves as data when nobody gave `moves` and the view
//                              does not list them (`view.moves`)
//   Board.endDetails(view, outcome, { name, say })  the end screen's account under its title,
//                              as the hot-seat page shows it (link/end.js): [nodes]
// plus the optional methods link/play.js reads (prompt, hint, extraControls, playArgs).

import { t, has } from "../i18n.js";
import { el } from "../ui/dom.js";
import { listText } from "../ui/hotseat.js";
import { gameStylesheet } from "../ui/sheets.js";
import { requireMethods } from "../ui/contract.js";

// ------------------------------------------------------------------ words

export const seatName = (names, s) => (names && names[s]) || t("seat.default", { n: s + 1 });

/**
 * The legal moves as data: `moves` when the caller has them (the table's), else the view's
 * own listing of the `legal` moves (`view.moves`), else none.
 */
export function movesOf(view, legal, moves) {
  if (moves) return moves;
  if (!view || !legal.length || !view.moves) return [];
  return view.moves.filter((m) => legal.includes(m.text));
}

/**
 * Engine message text with seats turned into the players' own names (`seat`, `seats`: the
 * names every game uses), and the game's own words (cards, colours, its other seats) by its
 * board's static params(p, name) (`game`'s board, once loaded).
 */
export function say(message, names, game = null) {
  if (!message) return "";
  const p = { ...(message.params || {}) };
  const nm = (s) => seatName(names, s);
  if (Number.isInteger(p.seat)) p.name = nm(p.seat);
  if (Array.isArray(p.seats)) p.names = listText(p.seats.map(nm));
  const Board = game && loaded.get(game);
  if (Board && typeof Board.params === "function") Board.params(p, nm);
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

/** The link board class of `game` once its module has loaded (its statics: endDetails...), else null. */
export const boardClass = (game) => loaded.get(game) || null;
const loading = new Map();

/** What every link board has (the top of this file). */
export const BOARD_METHODS = ["show", "buttons", "resize", "destroy"];
export const BOARD_STATICS = ["words"];

/** The link board class of `game`: the default export of site/games/<game>.link.js, checked for BOARD_METHODS. */
export function loadBoard(game) {
  if (!loading.has(game)) {
    const where = `games/${game}.link.js`;
    loading.set(game, Promise.all([import(`../${where}`), gameStylesheet(game)]).then(([mod]) => {
      const Board = requireMethods(mod.default, BOARD_METHODS, where, BOARD_STATICS);
      loaded.set(game, Board);
      return Board;
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
  const listed = (v, legal) => (typeof Board.movesOf === "function" ? Board.movesOf(v, legal) : movesOf(v, legal, null));
  const data = typeof move === "object" ? move : view && listed(view, [move])[0];
  return data ? Board.words(data, view, names) : String(move.text || move);
}
