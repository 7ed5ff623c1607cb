// Hot-seat privacy: a "pass the device to NAME" screen that hides the game (and
// every secret on it) until that player taps. Reusable by any game with secrets.
//
//   const privacy = new PrivacyScreen({ t });
//   await privacy.show({ name: "Ann", lines: ["Bob recruited…"], hide: [gameEl] });
//
// While shown, the elements in `hide` carry the `hidden` attribute (so nothing of
// them is rendered, read out or focusable); `#privacy-continue` ends it. Player
// names and lines are set with textContent only.

let shared = null; // one screen (one #privacy) for every game page of the document

export class PrivacyScreen {
  /** @param {{t: (key:string, params?:object)=>string, parent?: HTMLElement}} opts */
  constructor({ t, parent = document.body }) {
    if (shared) return shared; // pages built later reuse the screen (ids stay unique)
    shared = this;
    this.t = t;
    this.el = document.createElement("section");
    this.el.className = "privacy";
    this.el.id = "privacy";
    this.el.hidden = true;
    this.el.setAttribute("role", "dialog");
    this.el.setAttribute("aria-modal", "true");
    this.el.setAttribute("aria-labelledby", "privacy-title");
    const card = document.createElement("div");
    card.className = "privacy-card";
    this.icon = document.createElement("div");
    this.icon.className = "privacy-icon";
    this.icon.setAttribute("aria-hidden", "true");
    this.title = document.createElement("h2");
    this.title.id = "privacy-title";
    this.body = document.createElement("p");
    this.body.className = "privacy-body";
    this.recapTitle = document.createElement("h3");
    this.recapTitle.className = "privacy-recap-title";
    this.recap = document.createElement("ol");
    this.recap.className = "privacy-recap";
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.id = "privacy-continue";
    this.button.className = "btn primary";
    this.button.addEventListener("click", () => this._done(true));
    card.append(this.icon, this.title, this.body, this.button, this.recapTitle, this.recap);
    this.el.append(card);
    parent.append(this.el);
    this._resolve = null;
    this._hidden = [];
  }

  get shown() {
    return !this.el.hidden;
  }

  /**
   * Hide `hide` and ask for `name`. Resolves true when that player taps, false if
   * the screen was dismissed by `cancel()` (e.g. the player left the game).
   * @param {{name: string, lines?: string[], hide?: Element[], seatLabel?: string}} opts
   */
  show({ name, lines = [], hide = [] }) {
    if (this._resolve) this._done(false);
    const t = this.t;
    this.title.textContent = t("ui.privacy.title", { name });
    this.body.textContent = t("ui.privacy.body", { name });
    this.button.textContent = t("ui.privacy.continue", { name });
    this.recapTitle.textContent = t("ui.privacy.recap");
    this.recap.replaceChildren(
      ...lines.map((text) => {
        const li = document.createElement("li");
        li.textContent = text;
        return li;
      }),
    );
    this.recapTitle.hidden = this.recap.hidden = lines.length === 0;
    this._hidden = hide.filter((el) => el && !el.hidden);
    for (const el of this._hidden) el.hidden = true;
    this.el.hidden = false;
    document.documentElement.dataset.privacy = "shown";
    this.button.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
    return new Promise((resolve) => {
      this._resolve = resolve;
    });
  }

  /** Take the screen away without a tap (the game was left or restarted). */
  cancel() {
    if (this.shown || this._resolve) this._done(false);
  }

  /** Whether the screen was just dismissed from its own button: asked once, by the game that takes the focus back. */
  takeHandBack() {
    const back = !!this._handBack;
    this._handBack = false;
    return back;
  }

  _done(ok) {
    this._handBack = ok && this.el.contains(document.activeElement);
    this.el.hidden = true;
    for (const el of this._hidden) el.hidden = false;
    this._hidden = [];
    delete document.documentElement.dataset.privacy;
    const resolve = this._resolve;
    this._resolve = null;
    if (resolve) resolve(ok);
  }
}
