// The checker widget. (Foundation: asks the engine one real question and shows its verdict.)
const DEMO = {
  position: {
    players: [{ name: "Ania", hand: ["B+2", "R7", "G3"] }, { name: "Bartek", hand: 5 }, { name: "Cyril", hand: 4 }],
    turn: 0, direction: 1, discard: ["R5", "Y+2"], color: "Y", draw_pile: 40,
  },
  action: { type: "play", card: "B+2" },
};

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

export function mount(root, { engine, strings, lang, siteRoot }) {
  const status = el("div", { role: "status", "aria-live": "polite", class: "checker-verdict" }, strings.engine_loading);
  root.replaceChildren(el("p", {}, strings.demo_intro), status);
  engine.ready().then(
    async () => {
      const answer = await engine.call("check", { ...DEMO, lang });
      if (!answer.ok) {
        status.textContent = answer.error.message;
        return;
      }
      const verdict = answer.result;
      const ruleUrl = new URL(verdict.rule_url, siteRoot).href;
      status.replaceChildren(
        el("strong", {}, verdict.legal ? strings.legal : strings.illegal),
        " ",
        verdict.reason,
        " ",
        el("a", { href: ruleUrl }, strings.rule_link),
      );
      status.dataset.legal = String(verdict.legal);
    },
    () => {
      status.textContent = strings.engine_failed;
      status.dataset.error = "boot";
    },
  );
}
