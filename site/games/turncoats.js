// Turncoats on the page: the decision flow (colour → area → action), hot-seat
// privacy, the live standing and the end screen. The hot-seat skeleton (route,
// seat setup, saving, bots, status) is ui/hotseat.js.
//
// The JS holds no rules and parses no notation. Every move sent is the `text` of
// one of the `moves` the bridge listed (as data) for the seat to move; the page
// groups them (by colour, by area) and says them in words. Python runs in the
// worker, so bots never freeze the page.
//
// URL form (documented in README; parsed by ui/hotseat.js):
//   #play/turncoats?seed=42&players=3&bots=1,2&level=heuristic,random&names=Ann,,Cy
//   player counts, levels and their defaults: the game's entry in games.json

import { t } from "../i18n.js";
import { TurncoatsBoard, MARKS, stonePalette } from "../render/turncoats.js";
import { HotSeatGame, listText } from "../ui/hotseat.js";
import { el, focusLights } from "../ui/dom.js";

export const GAME = "turncoats";
const RECAP_LINES = 8;

// ------------------------------------------------------------------ words (shared with link play)

export const colourName = (c) => t(`turncoats.colour.${c}`);

/** An area as players see it on the board: numbered from 1 (the notation counts from 0). */
export const areaNo = (a) => (Number.isInteger(a) ? a + 1 : a);

/** Engine message params with their areas as the board numbers them. */
export function areaParams(p) {
  for (const k of ["area", "source", "dest"]) if (Number.isInteger(p[k])) p[k] = areaNo(p[k]);
  return p;
}

/** "1 red and 2 black" for a battle's kills per colour (`colours`: the view's colour order). */
export function killsText(kills, colours) {
  return killedText(kills.map((count, c) => ({ colour: colours[c], count })).filter((k) => k.count));
}

/** "1 red and 2 black" for a log line's `killed` list ({colour, count} each). */
export function killedText(killed) {
  return listText(killed.map(({ colour, count }) => t("ui.turncoats.kill_part", { count, colour: colourName(colour) })));
}

/** A move (the bridge's move data) in words; `colours`: the view's colour order. */
export function moveLabel(m, colours) {
  const colour = m.colour ? colourName(m.colour) : "";
  switch (m.kind) {
    case "negotiate":
      return t("ui.turncoats.move.negotiate");
    case "return":
      return t("ui.turncoats.move.return", { colour });
    case "recruit":
      return t("ui.turncoats.move.recruit", { colour, area: areaNo(m.area) });
    case "battle":
      return m.kills.some(Boolean)
        ? t("ui.turncoats.move.battle_kill", { colour, area: areaNo(m.area), kills: killsText(m.kills, colours) })
        : t("ui.turncoats.move.battle_none", { colour, area: areaNo(m.area) });
    case "march":
      return t("ui.turncoats.move.march", { colour, count: m.count, area: areaNo(m.area), dest: areaNo(m.dest) });
    default:
      return m.text;
  }
}

/** The words the board draws (trays, bag, the hand of `handName`). */
export function boardLabels(view, handName) {
  return {
    axe: t("turncoats.axe"),
    flag: t("turncoats.flag"),
    bag: t("turncoats.bag"),
    hand: t("ui.turncoats.hand.title", { name: handName }),
    handHidden: view && view.outcome ? t("ui.turncoats.hand.over") : t("ui.turncoats.hand.hidden"),
    drawn: t("ui.turncoats.hand.drawn"),
  };
}

/** A stone of `colour` with its mark, for buttons and tables. */
export function stoneChip(colour, extra = "") {
  return el("span", { class: `stone ${colour} mark-${MARKS[colour]} ${extra}`.trim(), "aria-hidden": "true" });
}

/** The board's area a move is about (its destination for a march), to light while its button has the focus. */
export function areaFocus(m) {
  return m.dest !== null ? { kind: "area", id: m.dest } : m.area !== null ? { kind: "area", id: m.area } : null;
}

/** "3 Red, 0 Blue and 2 Black": counts in the view's colour order. */
export function stonesText(counts, colours) {
  return listText(colours.map((c, i) => t("ui.turncoats.kill_part", { count: counts[i], colour: colourName(c) })));
}

/** An area in words: its number, its stones by colour and who rules it. */
export function areaWords(a) {
  const [red, blue, black] = a.stones;
  return t("ui.turncoats.board.area", { area: areaNo(a.area), red, blue, black, ruler: a.controller ? colourName(a.controller) : t("ui.turncoats.nobody") });
}

/** Each colour's count of the stones shown on returning them to the bag, from the view's log. */
function shownCounts(view) {
  const counts = view.colours.map(() => 0);
  for (const e of view.log) if (e.key === "turncoats.log.return") counts[view.colours.indexOf(e.params.colour)]++;
  return counts;
}

/**
 * The position in words, as the view's seat may know it (the canvas's description): each
 * area, AXE and FLAG, the bag, every hand's size, the stones shown so far (in the turns the
 * view's log still holds), the seat's own hand and the stone it just drew; every hand once
 * the game is over. `nameOf(seat)`: a seat's name. Other hands are never in a view.
 */
export function describeBoard(view, nameOf) {
  if (!view) return "";
  const stones = (counts) => stonesText(counts, view.colours);
  const hand = (s, counts) => t("ui.turncoats.hand.text", { name: nameOf(s), stones: stones(counts) });
  const out = view.map.map(areaWords);
  out.push(t("ui.turncoats.describe.tray", { tray: t("turncoats.axe"), stones: stones(view.axe) }));
  out.push(t("ui.turncoats.describe.tray", { tray: t("turncoats.flag"), stones: stones(view.flag) }));
  out.push(t("ui.turncoats.describe.bag", { count: view.bag }));
  view.hand_sizes.forEach((count, s) => out.push(t("ui.turncoats.describe.hand_size", { name: nameOf(s), count })));
  // the log holds every turn taken when it lists as many (a Negotiate's return belongs to its turn)
  const turns = view.log.filter((e) => e.key !== "turncoats.log.return").length - (view.phase === "return" ? 1 : 0);
  const shown = stones(shownCounts(view));
  out.push(turns >= view.turn ? t("ui.turncoats.describe.shown", { stones: shown }) : t("ui.turncoats.describe.shown_recent", { count: turns, stones: shown }));
  if (view.outcome) (view.hands || view.outcome.hands || []).forEach((counts, s) => out.push(hand(s, counts)));
  else if (view.hand) out.push(hand(view.seat, view.hand));
  if (view.drawn) out.push(t("ui.turncoats.describe.drawn", { colour: colourName(view.drawn) }));
  return out.join(" ");
}

/**
 * What the keyboard's ring is on, and what Enter does there, in words ("" when it is on nothing).
 * `sel`: the choice so far ({colour, area, dest}); `moves`: the legal moves (data) of the seat.
 */
export function ringWords(hit, view, sel, moves) {
  if (!hit || !view) return "";
  const chosen = t("ui.turncoats.ring.chosen");
  if (hit.kind === "colour") {
    const ret = moves.find((m) => m.kind === "return" && m.colour === hit.id);
    if (ret) return moveLabel(ret, view.colours);
    const count = view.hand ? view.hand[view.colours.indexOf(hit.id)] : 0;
    const words = t("ui.turncoats.ring.colour", { colour: colourName(hit.id), count });
    return sel.colour === hit.id ? `${words} ${chosen}` : words;
  }
  const here = areaWords(view.map[hit.id]);
  if (sel.area === hit.id || sel.dest === hit.id) return `${here} ${chosen}`;
  const colour = sel.colour ? colourName(sel.colour) : "";
  const marches = sel.area === null ? [] : moves.filter((m) => m.kind === "march" && m.colour === sel.colour && m.area === sel.area && m.dest === hit.id);
  if (marches.length === 1) return `${here} ${moveLabel(marches[0], view.colours)}`;
  if (marches.length > 1) return `${here} ${t("ui.turncoats.ring.march", { colour, source: areaNo(sel.area) })}`;
  return `${here} ${t("ui.turncoats.ring.act", { colour })}`;
}

/** The canvas's name: the map, and what the keyboard's ring is on while it has the focus. */
export function canvasLabel(ring) {
  return ring ? `${t("ui.turncoats.board.label")} ${ring}` : t("ui.turncoats.board.label");
}

/** The button that picks `colour` from the hand (`count`: its stones of that colour). */
export function colourButton(colour, count, { busy, board, onClick }) {
  const label = t("ui.turncoats.choose.colour", { colour: colourName(colour), count });
  const btn = el("button", { type: "button", class: "move tc-chip", data: { colour }, "aria-label": label, disabled: busy },
    stoneChip(colour), el("span", { text: label }));
  btn.addEventListener("click", onClick);
  return focusLights(btn, board, { kind: "colour", id: colour });
}

// ------------------------------------------------------------------ the controller

export class Turncoats extends HotSeatGame {
  static config = {
    game: GAME,
    firstSetup: { players: 3, seats: [{ bot: false }, { bot: true }, { bot: true }] },
    saveKey: "pygames.turncoats.save",
    prefsKey: "pygames.turncoats.prefs",
    botPauseMs: 450,
    forcedPauseMs: 650,
    idPrefix: "tc",
  };

  noChoice() {
    return { colour: null, area: null, dest: null };
  }

  onEscape() {
    this.back();
  }

  testHooks() {
    return {
      areaCenter: (a) => (this.board ? this.board.areaCenter(a) : null),
      handCenter: (c) => (this.board ? this.board.handCenter(c) : null),
      handTitleLines: () => (this.board ? this.board.handTitleLines || 0 : 0),
      // the texts the last paint drew where they may not spill (the trays' names, the hand's
      // counts): {what, text, left, right, room: [left, right]} in canvas pixels
      texts: () => (this.board && this.board.texts ? this.board.texts.map((x) => ({ ...x })) : []),
      keyFocus: () => (this.board ? this.board.keyFocus : null),
      keyTargets: () => (this.board ? this.board.keyTargets().map((k) => ({ hit: k.hit, ...this.board.toClient(k.x + k.w / 2, k.y + k.h / 2) })) : []),
    };
  }

  /** The game's own lines for the list of shortcut keys ("How to play"). */
  keyHelp() {
    return ["ui.turncoats.keys.back"];
  }

  // ---------------------------------------------------------------- seats

  /** Whose secrets the screen may show for position `res`. */
  desiredViewer(res) {
    const humans = this.humans();
    if (humans.length === 1) return humans[0];
    if (humans.length === 0) return null;
    if (res.to_move === null || res.to_move === undefined) return null; // over: every hand is shown anyway
    return humans.includes(res.to_move) ? res.to_move : null;
  }

  // ---------------------------------------------------------------- the flow

  /**
   * Show a new position. `used` is the seat the result was computed for; when
   * the screen should show another seat's secrets, ask for that view, and put
   * up the privacy screen first when the device changes hands.
   */
  async present(res, used, { animate = true } = {}) {
    const gen = this.gen;
    const want = this.desiredViewer(res);
    if (want !== used) {
      res = await this.py.call("state", { record: res.record, seat: want });
      if (gen !== this.gen) return;
    }
    const over = res.to_move === null || res.to_move === undefined;
    if (!over && want !== null && want !== this.viewer && this.humans().length >= 2) {
      // a different human decides next: hide everything until they take the device
      this.viewer = null;
      this.forced = null;
      this.sel = this.noChoice();
      this.waitingFor = want;
      const ok = await this.privacy.show({ name: this.name(want), lines: this.recap(res, want), hide: [this.root] });
      this.waitingFor = null;
      if (!ok || gen !== this.gen) return;
      animate = false;
    }
    this.viewer = want;
    this.result = res;
    this.forced = this.forcedOf(res);
    this.sel = this.noChoice();
    this.save(res, over);
    this.render({ animate });
    this.proceed();
  }

  /** Public moves since `seat`'s last turn (its own draws are told as secret draws). */
  recap(res, seat) {
    const log = res.view.log || [];
    let from = log.length;
    while (from > 0 && log[from - 1].seat !== seat) from--;
    return log
      .slice(from)
      .slice(-RECAP_LINES)
      .map((e) => this.say(e.key === "turncoats.log.draw_own" ? { ...e, key: "turncoats.log.draw" } : e));
  }

  /** Legal moves (not negotiate) that fit the current choice. */
  candidates(moves = this.moves(), sel = this.sel) {
    return moves.filter(
      (m) =>
        m.kind !== "negotiate" &&
        m.kind !== "return" &&
        (sel.colour === null || m.colour === sel.colour) &&
        (sel.area === null || m.area === sel.area) &&
        (sel.dest === null || m.dest === sel.dest),
    );
  }

  choose(patch) {
    const onBoard = this.board.keyActive;
    const depth = (x) => [x.colour, x.area, x.dest].filter((v) => v !== null).length;
    const deeper = depth({ ...this.sel, ...patch }) > depth(this.sel);
    this.sel = { ...this.sel, ...patch };
    this.render({ animate: false });
    if (onBoard) {
      // picked on the map: the board rings the next pick there; when the move is finished
      // with a button (an action, a count), the focus goes to the first of them
      const s = this.selection();
      const next = this.sel.area === null ? s.areas : this.sel.dest === null ? s.dests : [];
      const first = this.choices.querySelector("button[data-move]");
      if (deeper && !next.length && first) first.focus({ preventScroll: true });
      return;
    }
    // keep keyboard players in the decision list
    const first = this.choices && this.choices.querySelector("button:not([data-back])");
    if (this._keyboard && first) first.focus({ preventScroll: true });
  }

  back() {
    const s = this.sel;
    if (s.dest !== null) this.choose({ dest: null });
    else if (s.area !== null) this.choose({ area: null });
    else if (s.colour !== null) this.choose({ colour: null });
  }

  onColour(colour) {
    const r = this.result;
    if (!this.myTurn() || this.busy) return;
    if (r.view.phase === "return") {
      const move = r.moves.find((m) => m.kind === "return" && m.colour === colour);
      if (move) this.play(move.text);
      return;
    }
    if (this.sel.colour === colour) this.choose({ colour: null, dest: null });
    else this.choose({ colour, dest: null, area: this.sel.area !== null && this.candidates(undefined, { colour, area: this.sel.area, dest: null }).length ? this.sel.area : null });
  }

  onArea(area) {
    if (!this.myTurn() || this.busy) return;
    const s = this.sel;
    if (s.colour === null) return;
    if (s.area === null) return this.choose({ area, dest: null });
    if (area === s.area) return this.choose({ area: null, dest: null });
    const marches = this.candidates(undefined, { ...s, dest: area }).filter((m) => m.kind === "march");
    if (marches.length === 1) return this.play(marches[0].text);
    if (marches.length > 1) return this.choose({ dest: area });
    if (this.candidates(undefined, { colour: s.colour, area, dest: null }).length) this.choose({ area, dest: null });
  }

  // ---------------------------------------------------------------- words

  say(message) {
    if (!message) return "";
    const p = { ...(message.params || {}) };
    if (Number.isInteger(p.seat)) p.name = this.name(p.seat);
    if (Number.isInteger(p.start)) p.start_name = this.name(p.start);
    if (Array.isArray(p.seats)) p.names = listText(p.seats.map((s) => this.name(s)));
    if (typeof p.colour === "string" && p.colour) p.colour = colourName(p.colour);
    if (Array.isArray(p.tied_colours)) p.tied = listText(p.tied_colours.map(colourName));
    if (Array.isArray(p.killed)) p.kills = killedText(p.killed);
    return t(message.key, areaParams(p));
  }

  moveLabel(m) {
    return moveLabel(m, this.colours());
  }

  /** The colours in the order of the view's counts (the view says it). */
  colours() {
    return this.result ? this.result.view.colours : [];
  }

  // ---------------------------------------------------------------- DOM

  buildDom(root) {
    // the board: the seats strip above the canvas
    this.seatsEl = el("ol", { class: "tc-seats", id: "tc-seats", "aria-label": t("ui.turncoats.seats.label") });
    this.canvas = el("canvas", { id: "tc-board", role: "img", "aria-label": canvasLabel(""), "aria-describedby": "tc-board-text" });
    this.boardText = el("p", { class: "sr-only", id: "tc-board-text" });
    const boardArea = el("div", { class: "board-area hs-area tc-area" }, this.seatsEl, el("div", { class: "hs-canvas-wrap tc-canvas-wrap" }, this.canvas), this.boardText);
    // the decision panel
    this.prompt = el("p", { class: "hs-prompt tc-prompt", id: "tc-prompt", "aria-live": "polite" });
    this.choices = el("div", { class: "hs-choices tc-choices", id: "tc-choices", role: "group", "aria-label": t("ui.turncoats.choices.label") });
    this.handText = el("p", { class: "hs-hand-text tc-hand-text", id: "tc-hand-text" });
    this.decide = el("section", { class: "hs-decide tc-decide", id: "tc-decide" }, this.prompt, this.choices, this.handText);
    // the end screen
    this.endEl = el("section", { class: "hs-end tc-end", id: "tc-end", hidden: true, "aria-labelledby": "tc-end-title" });
    // the live standing
    this.standingEl = el("section", { class: "tc-standing", id: "tc-standing", "aria-labelledby": "tc-standing-title" });
    // the log and the rules
    this.logList = el("ol", { class: "tc-log-list", id: "tc-log" });
    const log = el("details", { class: "hs-log tc-log" }, el("summary", { text: t("ui.turncoats.log.title") }), this.logList);
    const below = el("div", { class: "below hs-below tc-below" }, this.decide, this.endEl, this.standingEl, log, this.rulesPanel("tc-rules"), this.controls("tc-controls"));
    root.append(boardArea, below);
    this.nodes = [boardArea, below];
    this.board = new TurncoatsBoard(this.canvas, {
      onArea: (a) => this.onArea(a),
      onColour: (c) => this.onColour(c),
    });
    this.board.enableKeys({ onKeyFocus: (hit) => this.canvas.setAttribute("aria-label", canvasLabel(this.ringWords(hit))) });
  }

  /** What the keyboard's ring is on, in words. */
  ringWords(hit) {
    return this.result ? ringWords(hit, this.result.view, this.sel, this.moves()) : "";
  }

  // ---------------------------------------------------------------- drawing

  renderParts(animate) {
    this.renderSeats();
    this.renderBoard(animate);
    this.renderDecision();
    this.renderStanding();
    this.renderEnd();
    this.renderLog();
  }

  statusOf(r) {
    if (r && !r.view.outcome && this.forced) {
      return [t("ui.turncoats.status.auto", { player: this.name(this.forced.seat), move: this.moveLabel(this.forced.data) }), "auto"];
    }
    return super.statusOf(r);
  }

  turnKey(r) {
    if (r.view.phase === "return") return "ui.turncoats.status.return";
    return this.humans().length === 1 ? "ui.turncoats.status.your_turn" : "ui.turncoats.status.turn";
  }

  renderSeats() {
    const r = this.result;
    const list = this.seatsEl;
    const n = this.route ? this.route.players : 0;
    list.replaceChildren();
    for (let s = 0; s < n; s++) {
      const size = r ? r.view.hand_sizes[s] : null; // unknown until Python has dealt
      const toMove = r && r.to_move === s;
      const won = r && r.view.outcome && r.view.outcome.winners.includes(s);
      const li = el(
        "li",
        {
          class: `tc-seat${toMove ? " to-move" : ""}${won ? " won" : ""}${s === this.viewer ? " viewer" : ""}`,
          data: { seat: String(s) },
          "aria-current": toMove ? "true" : null,
        },
        el(
          "span",
          { class: "tc-seat-top" },
          el("span", { class: "tc-seat-no", text: String(s + 1), "aria-hidden": "true" }),
          size === null ? "" : el("span", {
            class: "tc-seat-hand",
            text: String(size),
            title: t("ui.turncoats.seat.hand", { count: size }),
            "aria-label": t("ui.turncoats.seat.hand", { count: size }),
          }),
        ),
        el("span", { class: "tc-seat-name", text: this.name(s) }),
        el("span", { class: "tc-seat-tag", text: this.tag(s) }),
      );
      list.append(li);
    }
    // the viewer's own hand, in words (the canvas draws it too)
    const hand = r && r.view.hand;
    this.handText.textContent = hand && !r.view.outcome ? t("ui.turncoats.hand.text", { name: this.name(this.viewer), stones: stonesText(hand, r.view.colours) }) : "";
    this.handText.hidden = !this.handText.textContent;
  }

  /** What may be clicked on the canvas now, from the legal moves. */
  selection() {
    const r = this.result;
    const sel = this.sel;
    const out = { colours: [], areas: [], dests: [], quiet: [], colour: sel.colour, area: sel.area, dest: sel.dest };
    const moves = this.moves();
    if (!moves.length) return out;
    if (r.view.phase === "return") {
      out.colours = moves.filter((m) => m.kind === "return").map((m) => m.colour);
      return out;
    }
    const all = this.candidates(moves, { colour: null, area: null, dest: null });
    out.colours = [...new Set(all.map((m) => m.colour))];
    if (sel.colour === null) return out;
    const mine = this.candidates(moves, { colour: sel.colour, area: null, dest: null });
    if (sel.area === null) {
      out.areas = [...new Set(mine.map((m) => m.area))];
      return out;
    }
    out.dests = [...new Set(this.candidates(moves, { ...sel, dest: null }).filter((m) => m.kind === "march").map((m) => m.dest))];
    out.quiet = [...new Set(mine.map((m) => m.area))];
    return out;
  }

  renderBoard(animate) {
    const r = this.result;
    if (!r) {
      this.board.setView(null, { labels: boardLabels(null, "") }); // the empty map's trays are named
      this.boardText.textContent = "";
      return;
    }
    const s = this.selection();
    this.board.setView(r.view, {
      select: { colours: s.colours, areas: s.areas, dests: s.dests, quiet: s.quiet, colour: s.colour, area: s.area, dest: s.dest },
      animate,
      events: r.events,
      labels: boardLabels(r.view, this.viewer === null ? "" : this.name(this.viewer)),
    });
    this.canvas.setAttribute("aria-label", canvasLabel(this.board.keyActive ? this.ringWords(this.board.keyFocus) : ""));
    this.boardText.textContent = describeBoard(r.view, (seat) => this.name(seat));
  }

  moveButton(m, { text = null, primary = false } = {}) {
    const btn = this.moveEl(m, `move tc-move${primary ? " primary" : ""}`);
    if (m.colour) btn.append(stoneChip(m.colour));
    btn.append(el("span", { text: text || btn.title }));
    btn.addEventListener("click", () => this.play(m.text));
    const focus = areaFocus(m);
    if (focus) focusLights(btn, this.board, focus);
    return btn;
  }

  renderDecision() {
    const r = this.result;
    const box = this.choices;
    const keepFocus = this.emptyChoices();
    if (this.decisionClosed(r)) return;
    if (this.forced) {
      // the lone legal move, shown before it plays itself (a click plays it at once)
      this.prompt.textContent = t("ui.turncoats.prompt.auto", { player: this.name(this.forced.seat) });
      const btn = this.moveButton(this.forced.data, { primary: true });
      btn.addEventListener("click", () => this.autoPlay(true));
      box.append(btn);
      return;
    }
    if (!this.myTurn(r)) return this.waitPrompt(r);
    const moves = r.moves;
    const sel = this.sel;
    const add = (...nodes) => box.append(...nodes);
    const group = (title, buttons) => {
      if (!buttons.length) return;
      add(el("div", { class: "tc-group" }, el("span", { class: "tc-group-title", text: title }), ...buttons));
    };
    if (r.view.phase === "return") {
      const drawn = r.view.drawn;
      this.prompt.textContent = drawn
        ? t("ui.turncoats.prompt.return_drawn", { colour: colourName(drawn) })
        : t("ui.turncoats.prompt.return");
      add(...moves.filter((m) => m.kind === "return").map((m) => this.moveButton(m)));
    } else if (sel.colour === null) {
      this.prompt.textContent = t("ui.turncoats.prompt.colour");
      const colours = [...new Set(this.candidates(moves, sel).map((m) => m.colour))];
      const hand = r.view.hand || [];
      for (const c of colours) add(colourButton(c, hand[r.view.colours.indexOf(c)] || 0, { busy: this.busy, board: this.board, onClick: () => this.onColour(c) }));
      const negotiate = moves.find((m) => m.kind === "negotiate");
      if (negotiate) add(this.moveButton(negotiate, { primary: false }));
    } else if (sel.area === null) {
      this.prompt.textContent = t("ui.turncoats.prompt.area", { colour: colourName(sel.colour) });
      const mine = this.candidates(moves, sel);
      const areas = [...new Set(mine.map((m) => m.area))].sort((a, b) => a - b);
      for (const a of areas) {
        const stones = r.view.map[a].stones;
        const label = t("ui.turncoats.choose.area", { area: areaNo(a), red: stones[0], blue: stones[1], black: stones[2] });
        const btn = el("button", { type: "button", class: "move tc-chip tc-area-chip", data: { area: String(a) }, "aria-label": label, title: label, disabled: this.busy });
        const counts = el("span", { class: "tc-area-counts", "aria-hidden": "true" });
        r.view.colours.forEach((c, i) => counts.append(el("span", { class: "tc-count" }, stoneChip(c), el("span", { text: String(stones[i]) }))));
        btn.append(el("span", { class: "tc-area-no", text: String(areaNo(a)) }), counts);
        btn.addEventListener("click", () => this.onArea(a));
        add(focusLights(btn, this.board, { kind: "area", id: a }));
      }
    } else {
      const list = this.candidates(moves, sel);
      const colour = colourName(sel.colour);
      this.prompt.textContent = sel.dest !== null
        ? t("ui.turncoats.prompt.count", { colour, area: areaNo(sel.area), dest: areaNo(sel.dest) })
        : t("ui.turncoats.prompt.action", { colour, area: areaNo(sel.area) });
      group(t("turncoats.action.recruit"), list.filter((m) => m.kind === "recruit").map((m) => this.moveButton(m)));
      group(t("turncoats.action.battle"), list.filter((m) => m.kind === "battle").map((m) =>
        this.moveButton(m, { text: m.kills.some(Boolean) ? t("ui.turncoats.short.kill", { kills: killsText(m.kills, r.view.colours) }) : t("ui.turncoats.short.no_kill") })));
      const marches = list.filter((m) => m.kind === "march").sort((a, b) => a.dest - b.dest || a.count - b.count);
      group(
        sel.dest !== null ? t("ui.turncoats.group.march_to", { dest: areaNo(sel.dest) }) : t("turncoats.action.march"),
        marches.map((m) => this.moveButton(m, {
          text: sel.dest !== null ? t("ui.turncoats.short.count", { count: m.count }) : t("ui.turncoats.short.march", { dest: areaNo(m.dest), count: m.count }),
        })),
      );
    }
    if (sel.colour !== null || sel.area !== null) {
      const back = el("button", { type: "button", class: "btn tc-back", data: { back: "" }, text: t("ui.turncoats.back") });
      back.addEventListener("click", () => this.back());
      add(back);
    }
    this.keepFocus(box, keepFocus);
  }

  renderStanding() {
    const r = this.result;
    const box = this.standingEl;
    box.replaceChildren();
    if (!r) return;
    const st = r.view.standing;
    const over = !!r.view.outcome;
    box.append(el("h2", { id: "tc-standing-title", text: over ? t("ui.turncoats.standing.final") : t("turncoats.standing.title") }));
    const table = el("table", { class: "score-table tc-score" });
    const head = el("tr", {},
      el("th", { scope: "col", text: t("ui.turncoats.standing.colour") }),
      el("th", { scope: "col", text: t("ui.turncoats.standing.areas") }),
      el("th", { scope: "col", text: t("turncoats.axe") }),
      el("th", { scope: "col", text: t("turncoats.flag") }));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    r.view.colours.forEach((c, i) => {
      const lead = st.colour === c;
      const tied = !st.colour && st.tied.includes(c);
      const cell = el("span", { class: "tc-cell" }, stoneChip(c), el("span", { text: colourName(c) }));
      if (lead) cell.append(el("span", { class: "pill tc-lead", text: over ? t("ui.turncoats.standing.won") : t("ui.turncoats.standing.leads") }));
      const name = el("th", { scope: "row" }, cell);
      body.append(el("tr", { class: `${lead ? "lead" : ""}${tied ? " tied" : ""}`.trim(), data: { colour: c } },
        name,
        el("td", { text: String(st.areas[i]) }),
        el("td", { text: String(st.axe[i]) }),
        el("td", { text: String(st.flag[i]) })));
    });
    table.append(body);
    box.append(table, el("p", { class: "tc-standing-why", id: "tc-standing-why", text: this.say(st.message) }));
    if (!over) {
      const k = r.view.negotiations, n = r.view.negotiations_to_end;
      box.append(el("p", { class: "tc-standing-end", id: "tc-standing-end", text: t("ui.turncoats.standing.negotiations", { count: k, total: n, left: n - k }) }));
    }
  }

  chartSwatch(series) {
    return turncoatsSwatch(series);
  }

  fillEnd(box, view, outcome) {
    box.append(el("h2", { class: "end-title", id: "tc-end-title", text: this.winTitle(outcome.winners[0], "ui.turncoats.end.bot_wins") }));
    box.append(...turncoatsEnd(view, outcome, { name: (s) => this.name(s), say: (m) => this.say(m), idPrefix: "tc" }));
  }
}

/** The reasons an area's control came from a tie on stones (render/turncoats.js draws their icons). */
const TIE_REASONS = new Set(["axe", "flag", "tied"]);

/**
 * The end screen's account under its title, on the hot-seat page and in link play
 * (turncoats.link.js): why the game ended, the winning colour and why, who rules each area (a
 * tie on stones said in words under it), every hand (revealed), and the tie-break in words. `name(seat)`, `say(message)`: the page's words; `idPrefix`: ids for
 * the hot-seat page's parts (none in link play).
 */
/** A colour's line in the picture after the game (ui/chart.js): its stone, lighter on a dark page. */
export function turncoatsSwatch(series) {
  const pal = stonePalette(matchMedia("(prefers-color-scheme: dark)").matches);
  return (pal.dark ? pal.stoneHi : pal.stone)[series.colour];
}

export function turncoatsEnd(view, outcome, { name, say, idPrefix = null }) {
  const id = (part) => (idPrefix ? `${idPrefix}-${part}` : undefined);
  const nodes = [];
  const winner = outcome.winners[0];
  // why the game ended (every player negotiated in a row)
  if (outcome.ended) nodes.push(el("p", { class: "tc-end-ended", id: id("end-ended"), text: say(outcome.ended) }));
  // the winning colour and why
  const colourLine = el("p", { class: "tc-end-colour", id: id("end-colour") });
  if (outcome.colour) colourLine.append(stoneChip(outcome.colour, "big"));
  colourLine.append(el("span", { text: say(outcome.colour_message) }));
  nodes.push(colourLine);
  // control of every area
  nodes.push(el("h3", { text: t("ui.turncoats.end.areas") }));
  const areas = el("ol", { class: "tc-end-areas", start: 0 });
  for (const a of view.map) {
    const li = el("li", { data: { area: String(a.area), controller: a.controller || "" } });
    li.append(el("span", { class: "tc-area-no", text: String(areaNo(a.area)) }));
    if (a.controller) li.append(stoneChip(a.controller));
    li.append(el("span", { text: a.controller ? colourName(a.controller) : t("ui.turncoats.nobody") }));
    const why = say({ key: `turncoats.control.${a.reason}`, params: { colour: a.controller || "" } });
    li.title = why;
    // a tie on stones (broken by AXE or FLAG, or not at all) said in words under the area, not only in a tooltip
    if (TIE_REASONS.has(a.reason)) {
      li.classList.add("tc-area-tie");
      li.append(el("span", { class: "tc-area-why", text: why }));
    }
    areas.append(li);
  }
  nodes.push(areas);
  // every hand, revealed, in the final ranking
  nodes.push(el("h3", { text: t("ui.turncoats.end.hands") }));
  const table = el("table", { class: "score-table tc-hands" });
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col", text: t("ui.turncoats.end.player") }),
    ...view.colours.map((c) => el("th", { scope: "col" }, stoneChip(c), el("span", { class: "sr-only", text: colourName(c) }))),
    el("th", { scope: "col", text: t("ui.turncoats.end.total") }))));
  const tbody = el("tbody");
  const hands = outcome.hands || view.hands || [];
  for (const s of outcome.ranking || [...hands.keys()]) {
    const h = hands[s] || view.colours.map(() => 0);
    tbody.append(el("tr", { class: s === winner ? "won" : "", data: { seat: String(s) } },
      el("th", { scope: "row", text: name(s) }),
      ...h.map((k, i) => el("td", { class: outcome.colour === view.colours[i] ? "win-col" : "", text: String(k) })),
      el("td", { text: String(h.reduce((a, b) => a + b, 0)) })));
  }
  table.append(tbody);
  nodes.push(table);
  // the tie-break in words
  nodes.push(el("h3", { text: t("ui.turncoats.end.why") }));
  const steps = el("ol", { class: "tc-steps", id: id("steps") });
  for (const step of outcome.steps || []) steps.append(el("li", { text: say(step) }));
  steps.append(el("li", { class: "final", text: say(outcome.message) }));
  nodes.push(steps);
  return nodes;
}
