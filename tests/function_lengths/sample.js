// A sample for tests/test_function_lengths.py: each function whose name holds
// lines_N is N lines long, and no other function is found.
'use strict';

function lines_3_braces_in_strings(a) {
  return a + '}' + "{" + '\'}';
}

function lines_6_template(items) {
  const s = `{ ${items.map((x) => { return `${x}}`; }).join(', ')} \` {`;
  const re = /[}{]\/*/g; // a regular expression holding braces and a slash
  /* a comment { */
  return s + re.source;
}

function lines_5_division(total, n) {
  const ratio = total / n + '/{';
  const half = (ratio) / 2 + "/{";
  return half / 2;
}

function lines_3_regex_after_return(s) {
  return /}/.test(s) || (s.length / 2 > 1);
}

const lines_4_arrow = async (a, b) => {
  const c = a + b;
  return c;
};

function lines_5_outer() {
  function inner() { return 1; }
  const f = () => { return 2; };
  return inner() + f();
}

class Thing extends Object {
  lines_3_method(a) {
    return a;
  }

  static lines_1_static() { return 1; }

  get lines_1_getter() { return 2; }
}

const api = {
  lines_3_object_method(a) {
    return a;
  },
  value: 1, lines_1_after_comma() { return 2; },
};

(function () {
  function lines_2_in_wrapper() {
  }
  if (api.value) {
    const lines_1_arrow_in_wrapper = () => { return Thing; };
    lines_1_arrow_in_wrapper(lines_2_in_wrapper);
  }
})();

setTimeout(function lines_2_callback() {
}, 0);

for (const k of [1, 2]) {
  if (k > 1) {
    lines_4_arrow(k, k);
  } else {
    lines_3_braces_in_strings(k);
  }
}
