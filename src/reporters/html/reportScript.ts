/**
 * The report's scripts, as text placed inline in the page. The project compiles without DOM types, so
 * they are plain browser JavaScript (String.raw: backslashes reach the page as written);
 * test/browser/html-report.test.ts runs them in Chromium.
 */
import { LazyBodies } from './lazyBodies.js';

const THEME_KEY = 'runner-report-theme';

/** Runs in <head> before the first paint, so a stored theme never flashes the other one. */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem('${THEME_KEY}');if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`;

export const REPORT_SCRIPT = String.raw`(() => {
  'use strict';
  const doc = document;
  const root = doc.documentElement;
  const THEME_KEY = '${THEME_KEY}';
  const HIGHLIGHT_LIMIT = 200000;
  let bodies = null;
  let expandGeneration = 0;

  // Closed steps keep their body in one text element (lazyBodies.ts); it enters the DOM when the step opens.
  function bodyHtml(id) {
    if (bodies === null) {
      const source = doc.getElementById('${LazyBodies.ELEMENT_ID}');
      bodies = source ? (source.textContent || '').split('${LazyBodies.SEPARATOR}') : [];
    }
    return bodies[id] || '';
  }

  const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  const escape = (text) => text.replace(/[&<>"]/g, (char) => ESCAPES[char]);
  const JSON_TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(?:true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

  // JSON bodies are coloured here, only once shown: as markup they would triple the file's size.
  function highlight(pre) {
    pre.classList.add('lit');
    const text = pre.textContent || '';
    if (text.length > HIGHLIGHT_LIMIT) return;
    let html = '';
    let last = 0;
    for (const match of text.matchAll(JSON_TOKEN)) {
      html += escape(text.slice(last, match.index));
      const [token, string, colon] = match;
      let kind = 'j-num';
      if (string !== undefined) kind = colon !== undefined ? 'j-key' : string.includes('[MASKED]') ? 'j-str masked' : 'j-str';
      else if (token === 'true' || token === 'false') kind = 'j-bool';
      else if (token === 'null') kind = 'j-null';
      html += '<span class="' + kind + '">' + escape(string === undefined ? token : string) + '</span>' + (colon || '');
      last = match.index + token.length;
    }
    pre.innerHTML = html + escape(text.slice(last));
  }
  const highlightWithin = (element) => {
    for (const pre of element.querySelectorAll('pre.json:not(.lit)')) highlight(pre);
  };

  function fill(step) {
    const id = step.getAttribute('data-body');
    if (id === null) return;
    step.removeAttribute('data-body');
    const body = doc.createElement('div');
    body.className = 'step-body';
    body.innerHTML = bodyHtml(Number(id));
    // Before the nested steps' rows, which are in the page already.
    step.insertBefore(body, step.querySelector(':scope > .children'));
    highlightWithin(body);
  }

  function announce(text) {
    const region = doc.getElementById('announcer');
    if (region) region.textContent = text;
  }

  // Thousands of bodies are built in slices of about 40 ms so the page keeps painting and scrolling;
  // each pass also picks up the nested steps that the previous slice brought in.
  function expandAll() {
    const generation = ++expandGeneration;
    for (const scenario of doc.querySelectorAll('details.scenario')) scenario.open = true;
    root.setAttribute('aria-busy', 'true');
    const slice = () => {
      if (generation !== expandGeneration) return;
      const closed = doc.querySelectorAll('details.step:not([open])');
      if (closed.length === 0) {
        root.removeAttribute('aria-busy');
        announce('All steps expanded');
        return;
      }
      const deadline = performance.now() + 40;
      for (const step of closed) {
        fill(step);
        step.open = true;
        if (performance.now() > deadline) break;
      }
      setTimeout(slice, 0);
    };
    slice();
  }

  function collapseAll() {
    expandGeneration++;
    root.removeAttribute('aria-busy');
    for (const step of doc.querySelectorAll('details.step[open]')) step.open = false;
    announce('All steps collapsed');
  }

  function toggleFailures(button) {
    const on = root.classList.toggle('failures-only');
    button.setAttribute('aria-pressed', String(on));
    announce(on ? 'Showing failed steps only' : 'Showing all steps');
  }

  const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
  function currentTheme() {
    const chosen = root.getAttribute('data-theme');
    if (chosen === 'light' || chosen === 'dark') return chosen;
    return systemDark.matches ? 'dark' : 'light';
  }
  function showTheme() {
    const button = doc.querySelector('[data-action="theme"]');
    if (!button) return;
    const dark = currentTheme() === 'dark';
    // Escapes, not the characters: the bundled program stays ASCII (scripts/build.mjs, asciiOnly).
    button.textContent = dark ? '\u2600 Light' : '\u263E Dark';
    button.setAttribute('title', dark ? 'Switch to the light theme' : 'Switch to the dark theme');
  }
  function toggleTheme() {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    root.setAttribute('data-theme', next);
    try { localStorage.setItem(THEME_KEY, next); } catch (error) { /* storage may be off for files */ }
    showTheme();
  }

  function legacyCopy(text) {
    const area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    doc.body.appendChild(area);
    area.select();
    let copied = false;
    try { copied = doc.execCommand('copy'); } catch (error) { copied = false; }
    area.remove();
    return copied;
  }

  function writeClipboard(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(() => true, () => legacyCopy(text));
    }
    return Promise.resolve(legacyCopy(text));
  }

  const flashTimers = new WeakMap();
  function copyFrom(button) {
    let text = button.getAttribute('data-copy');
    if (text === null) {
      const holder = button.closest('.copyable');
      const pre = holder ? holder.querySelector('pre') : null;
      text = pre ? pre.textContent || '' : '';
    }
    writeClipboard(text).then((copied) => {
      button.classList.remove('copied', 'copy-failed');
      button.classList.add(copied ? 'copied' : 'copy-failed');
      announce(copied ? 'Copied' : 'Could not copy: select the text and copy it by hand');
      clearTimeout(flashTimers.get(button));
      flashTimers.set(button, setTimeout(() => button.classList.remove('copied', 'copy-failed'), 1600));
    });
  }

  const actions = { expand: expandAll, collapse: collapseAll, failures: toggleFailures, theme: toggleTheme };

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target === null) return;
    const copy = target.closest('[data-copy], [data-copy-pre]');
    if (copy) {
      // The request-id badge sits in a step's summary: copying must not also open or close the step.
      event.preventDefault();
      copyFrom(copy);
      return;
    }
    const action = target.closest('[data-action]');
    if (action) {
      const run = actions[action.getAttribute('data-action')];
      if (run) run(action);
      return;
    }
    // Build the body before the browser opens the step, so it never shows empty for a frame.
    const summary = target.closest('summary');
    const step = summary ? summary.parentElement : null;
    if (step && step.matches('details.step') && !step.open) fill(step);
  });

  // Steps opened any other way (keyboard, find in page) get their body too.
  doc.addEventListener('toggle', (event) => {
    const step = event.target;
    if (step instanceof HTMLDetailsElement && step.open && step.matches('details.step')) fill(step);
  }, true);

  systemDark.addEventListener('change', showTheme);
  showTheme();
  highlightWithin(doc);
})();
`;
