// Building DOM nodes without innerHTML: text always goes in as textContent.

/** `el("button", {class: "x", text: "Go", data: {move: "r0c1"}}, child...)`; null/undefined props are skipped. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else if (k === "data") Object.assign(node.dataset, v);
    else if (k in node) node[k] = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

/** Light `what` on `board` while `node` has the focus (and, with `hover`, while the pointer is on it). */
export function focusLights(node, board, what, { hover = false } = {}) {
  const on = () => board.setFocus(what);
  const off = () => board.setFocus(null);
  node.addEventListener("focus", on);
  node.addEventListener("blur", off);
  if (hover) {
    node.addEventListener("pointerenter", on);
    node.addEventListener("pointerleave", off);
  }
  return node;
}
