// The checker from the keyboard. The card pad is one toolbar (one Tab stop): the arrow keys move along it, up and down
// to the same card of the colour above or below (the wilds under the blue row), Home and End to its ends; the hand's
// cards the same way, left and right. (Every other control is a button, radio button or checkbox of its own.)

/** The keydown handler of the checker's controls, for the page's rules knowledge K. */
export function keyboardFor(K) {
  return function onKeydown(event) {
    const row = event.target.closest(".checker-pad, .checker-hand");
    const keys = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End"];
    if (!row || !keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = [...row.querySelectorAll(row.matches(".checker-hand") ? ".checker-card-button" : "button")]
      .filter((b) => !b.disabled);
    const at = buttons.indexOf(event.target);
    if (at < 0) return;
    event.preventDefault();
    let next = at;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else if (row.matches(".checker-pad") && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      const byCode = new Map(buttons.map((b) => [b.dataset.card, b]));
      const found = padNeighbours(K, event.target.dataset.card, event.key === "ArrowDown" ? 1 : -1)
        .map((code) => byCode.get(code)).find(Boolean);
      if (found) next = buttons.indexOf(found);
    } else {
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      next = (at + step + buttons.length) % buttons.length;
    }
    if (row.getAttribute("role") === "toolbar") {
      for (const b of buttons) b.tabIndex = -1;
      buttons[next].tabIndex = 0;
    }
    buttons[next].focus();
  };
}

/** The cards an arrow up (dir -1) or down (dir 1) from `code` may land on, nearest first. */
export function padNeighbours(K, code, dir) {
  const c = K.colors.indexOf(code[0]);
  const rank = code.slice(1);
  if (c < 0 || !K.ranks.includes(rank)) { // a wild: up to the blue row
    return dir < 0 ? [...K.colors].reverse().flatMap((color) => K.ranks.map((r) => color + r)) : [];
  }
  const out = [];
  for (let i = c + dir; i >= 0 && i < K.colors.length; i += dir) out.push(K.colors[i] + rank);
  return dir > 0 ? [...out, ...K.wilds] : out;
}
