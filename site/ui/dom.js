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
