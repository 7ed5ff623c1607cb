// Turncoats' board for link play (boards.js finds it by the game's id): the hot-seat
// page's map, the move chosen in three steps (a colour from the hand, an area, what the
// stone does there) on the canvas (by pointer or keyboard) or with buttons, and every legal
// move one button away. The canvas is described in words (the position as this seat knows it).

import { t, has } from "../i18n.js";
import { el, focusLights } from "../ui/dom.js";
import { TurncoatsBoard } from "../render/turncoats.js";
import { moveLabel, killsText, killedText, boardLabels, stoneChip, areaFocus, colourButton, areaNo, areaParams, describeBoard, ringWords, canvasLabel, stonesText, turncoatsEnd, turncoatsSwatch } from "./turncoats.js";
import { listText } from "../ui/hotseat.js";
import { movesOf, moveButton, seatName } from "../link/boards.js";

export default class TurncoatsLink {
  /** A line's colour in the picture after the game, as on the hot-seat page (link/end.js). */
  static chartSwatch(series) {
    return turncoatsSwatch(series);
  }

  /** The end screen's account under its title, as on the hot-seat page (link/end.js). */
  static endDetails(view, outcome, words) {
    return turncoatsEnd(view, outcome, words);
  }

  constructor(host, { onPlay, onChange = () => {} }) {
    this.onPlay = onPlay;
    this.onChange = onChange; // the move list must be redrawn (a filter changed)
    this.moves = [];
    this.view = null;
    this.sel = { colour: null, area: null };
    this.canvas = el("canvas", { class: "link-canvas link-turncoats", role: "img", "aria-label": canvasLabel(""), "aria-describedby": "link-tc-board-text" });
    this.text = el("p", { class: "sr-only", id: "link-tc-board-text" });
    this.wrap = el("div", { class: "link-canvas-wrap turncoats" }, this.canvas, this.text);
    host.append(this.wrap);
    this.board = new TurncoatsBoard(this.canvas, {
      onColour: (c) => this.pick({ colour: this.sel.colour === c ? null : c, area: null }),
      onArea: (a) => {
        if (this.sel.area !== null && a !== this.sel.area) {
          const marches = this.moves.filter((m) => m.kind === "march" && m.colour === this.sel.colour && m.area === this.sel.area && m.dest === a);
          if (marches.length === 1) return this.onPlay(marches[0].text);
          if (marches.length > 1) {
            // the buttons below say how many stones
            if (this.board.keyActive) this.focusMove(marches[0].text);
            return;
          }
        }
        this.pick({ area: this.sel.area === a ? null : a });
      },
    });
    this.board.enableKeys({ onKeyFocus: (hit) => this.canvas.setAttribute("aria-label", canvasLabel(ringWords(hit, this.view, this.sel, this.moves))) });
    // Escape on the map steps back from the area, then the colour picked there
    this.canvas.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.sel.colour !== null) this.pick(this.sel.area !== null ? { area: null } : { colour: null });
    });
  }

  pick(patch) {
    const onBoard = this.board.keyActive;
    const before = this.sel;
    this.sel = { ...this.sel, ...patch };
    if (this.sel.colour === null) this.sel.area = null;
    const moves = this.moves;
    if (this.sel.area !== null && !moves.some((m) => m.colour === this.sel.colour && m.area === this.sel.area)) this.sel.area = null;
    this.draw(true);
    this.onChange();
    // picked on the map: the board rings the next pick; an area without marches is finished with a button
    const deeper = this.sel.area !== null && before.area === null;
    if (onBoard && deeper && !this.board.sel.dests.size) this.focusMove(null);
  }

  /** Put the focus on the move button of `text` (null: the first move button) below the board (link/play.js's #link-moves). */
  focusMove(text) {
    const btn = document.querySelector(text === null ? "#link-moves button[data-move]" : `#link-moves button[data-move="${CSS.escape(text)}"]`);
    if (btn) btn.focus({ preventScroll: true });
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
    this.canvas.setAttribute("aria-label", canvasLabel(this.board.keyActive ? ringWords(this.board.keyFocus, this.view, this.sel, moves) : ""));
    this.text.textContent = describeBoard(this.view, (s) => seatName(this.names, s));
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
    return t("ui.turncoats.prompt.action", { colour, area: areaNo(this.sel.area) });
  }

  /** Turncoats' words in engine message params: the seat the count starts at by name (`name(seat)`), colours (and tied colours, kills) as words. */
  static params(p, name) {
    if (Number.isInteger(p.start)) p.start_name = name(p.start);
    if (typeof p.colour === "string" && has(`turncoats.colour.${p.colour}`)) p.colour = t(`turncoats.colour.${p.colour}`);
    if (Array.isArray(p.tied_colours)) p.tied = listText(p.tied_colours.map((c) => t(`turncoats.colour.${c}`)));
    if (Array.isArray(p.killed)) p.kills = killedText(p.killed);
    return areaParams(p);
  }

  /** A move (data) in words. */
  static words(move, view) {
    return moveLabel(move, view.colours);
  }

  /** Every hand an open view shows (a finished game's replay), in words: [{seat, text}]. */
  static openHands(view, names) {
    if (!view || !view.open || !Array.isArray(view.hands)) return [];
    return view.hands.map((hand, seat) => ({ seat, text: t("ui.turncoats.hand.text", { name: seatName(names, seat), stones: stonesText(hand, view.colours) }) }));
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
        const label = t("ui.turncoats.choose.area", { area: areaNo(a), red: stones[0], blue: stones[1], black: stones[2] });
        const btn = el("button", { type: "button", class: "move tc-chip", disabled: busy, data: { area: String(a) }, "aria-label": label, title: label }, el("span", { text: label }));
        btn.addEventListener("click", () => this.pick({ area: a }));
        out.push(focusLights(btn, this.board, { kind: "area", id: a }));
      }
    } else {
      // step 3: what that stone does there, under its action's name (a battle that kills nothing still says "Battle")
      const here = moves.filter((mv) => mv.colour === sel.colour && mv.area === sel.area);
      for (const kind of ["recruit", "battle", "march"]) {
        const group = here.filter((m) => m.kind === kind);
        if (!group.length) continue;
        const buttons = group.map((m) => {
          let text = t("turncoats.action.recruit");
          if (m.kind === "battle") text = m.kills.some(Boolean) ? t("ui.turncoats.short.kill", { kills: killsText(m.kills, view.colours) }) : t("ui.turncoats.short.no_kill");
          if (m.kind === "march") text = t("ui.turncoats.short.march", { dest: areaNo(m.dest), count: m.count });
          return button(m, text);
        });
        if (kind === "recruit") out.push(...buttons);
        else out.push(el("div", { class: "tc-group", data: { group: kind } }, el("span", { class: "tc-group-title", text: t(`turncoats.action.${kind}`) }), ...buttons));
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
