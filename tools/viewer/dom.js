// Building the page's elements.

export const $ = (id) => document.getElementById(id);

// An element; children are nodes or strings (set as text, never parsed as HTML).
export function h(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'style') e.style.cssText = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

export function svgEl(tag, attrs) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  return e;
}

// The line above the board: a replay's warnings, or why files could not be loaded.
export function showMessage(text, isError) {
  const e = $('message');
  e.textContent = text;
  e.className = isError ? 'error' : '';
  e.hidden = !text;
}
