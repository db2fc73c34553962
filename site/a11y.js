// The reference page's repairs of what Scalar renders, for readers with a keyboard or a screen
// reader (WCAG 2.1 A/AA as axe-core measures it): run again on the next frame whenever Scalar
// changes the page or the window's width changes. What Scalar's own markup gets wrong is patched
// in its bundle instead (scripts/lib/site/scalar-adapter.ts); this is what depends on the page as laid out.
(function () {
  'use strict';

  /**
   * A code block that scrolls can be focused, so that the keyboard scrolls it too (WCAG 2.1.1;
   * Scalar's code blocks, the guides' and Test Request's read-only answer body have no tabindex). Checked again whenever the page changes
   * or its width does; a block that no longer scrolls gets back the tabindex it had.
   */
  const SCROLLERS = 'pre, pre > code, table, .custom-scroll, ul.endpoints, .cm-scroller';
  function focusScrollers() {
    for (const element of document.querySelectorAll(SCROLLERS)) {
      const style = getComputedStyle(element);
      const scrolls =
        (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth) ||
        (/auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight);
      // CodeMirror gives its scroller tabindex=-1; a read-only editor has nothing else to focus.
      const free = !element.hasAttribute('tabindex') || element.matches('.cm-scroller[tabindex="-1"]');
      const focusable = element.querySelector('a[href], button, input, select, textarea, [contenteditable="true"], [tabindex]:not([tabindex="-1"])');
      if (scrolls && free && !focusable && !('platformScroller' in element.dataset)) {
        element.dataset.platformScroller = element.getAttribute('tabindex') ?? '';
        element.tabIndex = 0;
      } else if (!scrolls && 'platformScroller' in element.dataset) {
        const before = element.dataset.platformScroller;
        if (before) element.setAttribute('tabindex', before);
        else element.removeAttribute('tabindex');
        delete element.dataset.platformScroller;
      }
    }
  }
  /**
   * Scalar shows a response's description inside the button that expands the response, links and
   * all (an assumption's note links to its source): a link inside a button becomes its text (a
   * control inside a control reaches no keyboard or screen reader as itself; WCAG 4.1.2, axe's
   * nested-interactive). The response's expanded description keeps the link.
   */
  function unnestLinks() {
    for (const link of document.querySelectorAll('button a[href]')) {
      link.dataset.platformHref = link.getAttribute('href');
      link.removeAttribute('href');
    }
  }
  /**
   * While Test Request's dialog is open, the page behind it is inert: Scalar marks the dialog
   * aria-modal but leaves the reference behind it (dimmed, under the dialog's backdrop) in the tab
   * order and the accessibility tree. Whatever this made inert is given back when it closes.
   */
  const inerted = new Set();
  function inertBehindDialog() {
    const dialog = document.querySelector('.scalar-client--open [role="dialog"][aria-modal="true"]');
    if (dialog && inerted.size === 0) {
      for (let element = dialog; element.parentElement && element !== document.body; element = element.parentElement)
        for (const sibling of element.parentElement.children)
          if (sibling !== element && !sibling.inert && !['SCRIPT', 'STYLE', 'LINK'].includes(sibling.tagName)) {
            sibling.inert = true;
            inerted.add(sibling);
          }
    } else if (!dialog && inerted.size > 0) {
      for (const element of inerted) element.inert = false;
      inerted.clear();
    }
  }
  let repairsQueued = false;
  const queueRepairs = () => {
    if (repairsQueued) return;
    repairsQueued = true;
    requestAnimationFrame(() => {
      repairsQueued = false;
      focusScrollers();
      unnestLinks();
      inertBehindDialog();
    });
  };
  // Scalar opens and closes Test Request by a class (scalar-client--open), without adding nodes.
  new MutationObserver(queueRepairs).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  window.addEventListener('resize', queueRepairs);
})();
