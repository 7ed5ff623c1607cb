// Matching two queues slot by slot, so the board can slide, flip and fade the cards that
// changed between two views (render/oriflamme.js animates from it).

// ------------------------------------------------------------------ matching two queues (for motion)

export const sameCard = (a, b) => a.card === b.card && a.up === b.up && a.tokens === b.tokens;
const looseCard = (a, b) => (a.card === null || b.card === null || a.card === b.card) && (!a.up || b.up);

function slotScore(a, b) {
  if (a.owner !== b.owner) return -1;
  const la = a.cards.length, lb = b.cards.length;
  if (Math.abs(la - lb) > 1) return -1;
  const low = Math.min(la, lb) - 1;
  for (let i = 0; i < low; i++) if (!sameCard(a.cards[i], b.cards[i])) return -1;
  if (la === lb) {
    if (a.cards.every((c, i) => sameCard(c, b.cards[i]))) return 4;
    return looseCard(a.cards[la - 1], b.cards[lb - 1]) ? 3 : -1;
  }
  // one card more or less on top: the common card must be unchanged
  return sameCard(a.cards[low], b.cards[low]) ? 2 : 1;
}

/** Pairs [i, j] of slots of `prev` and `next` that are the same stack (in order). */
export function matchQueues(prev, next) {
  const n = prev.length, m = next.length;
  const best = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      let v = Math.max(best[i + 1][j], best[i][j + 1]);
      const s = slotScore(prev[i], next[j]);
      if (s > 0) v = Math.max(v, s + best[i + 1][j + 1]);
      best[i][j] = v;
    }
  }
  const pairs = [];
  let i = 0, j = 0;
  while (i < n && j < m) {
    const s = slotScore(prev[i], next[j]);
    if (s > 0 && best[i][j] === s + best[i + 1][j + 1]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (best[i][j] === best[i + 1][j]) i++;
    else j++;
  }
  return pairs;
}
