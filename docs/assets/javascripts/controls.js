// Form controls shared by the widgets (the checker, the steppers' "What if?"): one radio group, one checkbox.
import { h } from "./dom.js";

/**
 * A group of radio buttons in a fieldset with its legend: options [[value, label, {disabled, class}]...].
 * classes: {group, row, item} (each widget keeps its own look); focus: a prefix for data-focus keys (the checker
 * gives focus back to the same control after it redraws); onpick(value) on a change.
 */
export function radioGroup({ name, legend, options, checked, onpick = null, classes = {}, focus = null }) {
  return h("fieldset", { class: classes.group || null },
    h("legend", {}, legend),
    h("div", { class: classes.row || null }, options.map(([value, label, opts = {}]) => h("label", {
      class: [classes.item, opts.class].filter(Boolean).join(" ") || null,
    }, h("input", {
      type: "radio", name, value: String(value), checked: value === checked, disabled: opts.disabled,
      "data-focus": focus ? `${focus}:${value}` : null, onchange: onpick ? () => onpick(value) : null,
    }), " ", h("span", {}, label)))));
}

/** A checkbox with its label; onset(checked) on a change. */
export function checkbox({ label, checked, onset, disabled = false, focus = null, className = null }) {
  return h("label", { class: className },
    h("input", {
      type: "checkbox", checked, disabled, "data-focus": focus, onchange: (e) => onset(e.target.checked),
    }), " ", h("span", {}, label));
}
