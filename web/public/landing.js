// The prerendered landing page's behaviour (docs/decisions/021), over the markup the app's own components rendered at
// build time: what the React landing page does, without loading React. A signed-in visitor gets the app itself.
(function () {
  'use strict';
  var root = document.documentElement;
  var reducedMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  // A signed-in visitor: the app renders the landing page over this one (with "Go to dashboard"), as before.
  if (root.hasAttribute('data-signed-in')) {
    var app = document.querySelector('meta[name="ld-app"]');
    if (app) {
      // What web/public/zod-config.js sets for the app's index.html: zod must not probe for eval under the CSP.
      globalThis.__zod_globalConfig = { jitless: true };
      var module = document.createElement('script');
      module.type = 'module';
      module.src = app.getAttribute('content');
      document.head.appendChild(module);
      return;
    }
  }

  // Hero (spec 9): the spinner until the background image loads, then the fade-in.
  var hero = document.querySelector('[data-hero]');
  if (hero) {
    var image = new Image();
    var shown = false;
    var show = function () {
      if (shown) return;
      shown = true;
      var spinner = hero.querySelector('[data-hero-spinner]');
      if (spinner) spinner.remove();
      hero.setAttribute('aria-busy', 'false');
      hero.setAttribute('data-loaded', '');
    };
    image.addEventListener('load', show);
    image.addEventListener('error', show);
    image.src = '/hero-bg.svg';
    if (image.complete) show();
  }

  // Sections animate in once 10% of them is visible (spec 9).
  var reveals = Array.prototype.slice.call(document.querySelectorAll('[data-reveal]:not([data-visible])'));
  if (reducedMotion || typeof IntersectionObserver === 'undefined') {
    reveals.forEach(function (element) {
      element.setAttribute('data-visible', '');
    });
  } else {
    reveals.forEach(function (element) {
      var observer = new IntersectionObserver(
        function (entries) {
          if (entries.some(function (entry) { return entry.isIntersecting; })) {
            element.setAttribute('data-visible', '');
            observer.disconnect();
          }
        },
        { threshold: 0.1 },
      );
      observer.observe(element);
    });
  }

  // The top bar's section links scroll to the section and focus it.
  var scrollToSection = function (id) {
    var target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    history.replaceState(null, '', '#' + id);
  };
  document.querySelectorAll('nav[aria-label="Page sections"] a[href^="#"]').forEach(function (link) {
    link.addEventListener('click', function (event) {
      event.preventDefault();
      scrollToSection(link.getAttribute('href').slice(1));
    });
  });

  // The colour-mode toggle, kept where the app keeps it (its ui store in localStorage).
  var toggle = document.querySelector('header button[aria-label^="Switch to"]');
  var iconOf = function (id) {
    var template = document.getElementById(id);
    return template ? template.innerHTML : '';
  };
  var showMode = function (mode) {
    if (!toggle) return;
    var label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
    toggle.setAttribute('aria-label', label);
    toggle.setAttribute('title', label);
    toggle.innerHTML = iconOf(mode === 'dark' ? 'ld-icon-sun' : 'ld-icon-moon');
  };
  var currentMode = function () {
    return root.classList.contains('dark') ? 'dark' : 'light';
  };
  if (toggle) {
    if (currentMode() === 'dark') showMode('dark');
    toggle.addEventListener('click', function () {
      var mode = currentMode() === 'dark' ? 'light' : 'dark';
      root.classList.toggle('dark', mode === 'dark');
      root.classList.toggle('light', mode === 'light');
      root.style.colorScheme = mode;
      showMode(mode);
      var saved = null;
      try {
        saved = JSON.parse(localStorage.getItem('labeldesk.ui') || 'null');
      } catch {
        saved = null;
      }
      var state = (saved && saved.state) || { sidebarCollapsed: false };
      state.colorMode = mode;
      try {
        localStorage.setItem('labeldesk.ui', JSON.stringify({ state: state, version: (saved && saved.version) || 0 }));
      } catch {
        // Private browsing without storage: the mode holds for this page.
      }
    });
  }

  // The FAQ accordion: one answer open at a time; clicking the open question closes it.
  var setState = function (elements, state) {
    elements.forEach(function (element) {
      if (element) element.setAttribute('data-state', state);
    });
  };
  var accordionItems = Array.prototype.slice.call(document.querySelectorAll('[data-scope="accordion"][data-part="item"]'));
  var partsOf = function (item) {
    var trigger = item.querySelector('[data-part="item-trigger"]');
    return {
      trigger: trigger,
      indicator: item.querySelector('[data-part="item-indicator"]'),
      content: item.querySelector('[data-part="item-content"]'),
    };
  };
  var closeItem = function (item) {
    var parts = partsOf(item);
    if (item.getAttribute('data-state') !== 'open') return;
    setState([item, parts.trigger, parts.indicator, parts.content], 'closed');
    parts.trigger.setAttribute('aria-expanded', 'false');
    var hide = function () {
      if (item.getAttribute('data-state') === 'closed') parts.content.hidden = true;
    };
    if (reducedMotion) hide();
    else parts.content.addEventListener('animationend', hide, { once: true });
    window.setTimeout(hide, 400);
  };
  var openItem = function (item) {
    var parts = partsOf(item);
    parts.content.hidden = false;
    parts.content.style.setProperty('--height', parts.content.scrollHeight + 'px');
    parts.content.style.setProperty('--width', parts.content.scrollWidth + 'px');
    setState([item, parts.trigger, parts.indicator, parts.content], 'open');
    parts.trigger.setAttribute('aria-expanded', 'true');
  };
  accordionItems.forEach(function (item) {
    var trigger = partsOf(item).trigger;
    if (!trigger) return;
    trigger.addEventListener('click', function () {
      var open = item.getAttribute('data-state') === 'open';
      accordionItems.forEach(closeItem);
      if (!open) openItem(item);
    });
  });

  // The phone's section menu, from the app's own menu rendered open at build time.
  var menuTrigger = document.querySelector('header [data-scope="menu"][data-part="trigger"]');
  var menuTemplate = document.getElementById('ld-menu');
  var menu = null;
  var closeMenu = function (refocus) {
    if (!menu) return;
    menu.remove();
    menu = null;
    menuTrigger.setAttribute('aria-expanded', 'false');
    menuTrigger.setAttribute('data-state', 'closed');
    document.removeEventListener('pointerdown', onOutside, true);
    if (refocus) menuTrigger.focus();
  };
  var onOutside = function (event) {
    if (menu && !menu.contains(event.target) && !menuTrigger.contains(event.target)) closeMenu(false);
  };
  var openMenu = function () {
    menu = menuTemplate.content.firstElementChild.cloneNode(true);
    var content = menu.querySelector('[data-part="content"]');
    var items = Array.prototype.slice.call(menu.querySelectorAll('[data-part="item"]'));
    var triggerId = menuTrigger.id;
    var contentId = triggerId.replace(/:trigger$/, ':content');
    content.id = contentId;
    content.setAttribute('aria-labelledby', triggerId);
    menuTrigger.setAttribute('aria-controls', contentId);
    // Above the sticky top bar, as the app's menu layer is.
    menu.style.zIndex = '1500';
    menu.style.transform = 'none';
    menu.style.pointerEvents = 'auto';
    document.body.appendChild(menu);
    var box = menuTrigger.getBoundingClientRect();
    var width = content.getBoundingClientRect().width;
    var left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    menu.style.top = Math.round(box.bottom + 8 + window.scrollY) + 'px';
    menu.style.left = Math.round(left + window.scrollX) + 'px';
    content.setAttribute('data-placement', 'bottom-start');
    content.setAttribute('data-side', 'bottom');
    menuTrigger.setAttribute('aria-expanded', 'true');
    menuTrigger.setAttribute('data-state', 'open');
    var highlight = function (index) {
      items.forEach(function (item, at) {
        if (at === index) item.setAttribute('data-highlighted', '');
        else item.removeAttribute('data-highlighted');
      });
      if (items[index]) content.setAttribute('aria-activedescendant', items[index].id);
    };
    var highlighted = function () {
      return items.findIndex(function (item) { return item.hasAttribute('data-highlighted'); });
    };
    var select = function (item) {
      closeMenu(false);
      scrollToSection(item.getAttribute('data-value'));
    };
    items.forEach(function (item, index) {
      item.addEventListener('click', function () { select(item); });
      item.addEventListener('pointermove', function () { highlight(index); });
    });
    content.addEventListener('pointerleave', function () { highlight(-1); });
    content.addEventListener('keydown', function (event) {
      var at = highlighted();
      if (event.key === 'ArrowDown') highlight((at + 1) % items.length);
      else if (event.key === 'ArrowUp') highlight((at - 1 + items.length) % items.length);
      else if (event.key === 'Home') highlight(0);
      else if (event.key === 'End') highlight(items.length - 1);
      else if ((event.key === 'Enter' || event.key === ' ') && at >= 0) select(items[at]);
      else if (event.key === 'Escape' || event.key === 'Tab') closeMenu(event.key === 'Escape');
      else return;
      event.preventDefault();
    });
    document.addEventListener('pointerdown', onOutside, true);
    content.focus({ preventScroll: true });
    return highlight;
  };
  if (menuTrigger && menuTemplate) {
    menuTrigger.addEventListener('click', function () {
      if (menu) closeMenu(false);
      else openMenu();
    });
    menuTrigger.addEventListener('keydown', function (event) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      var highlight = menu ? null : openMenu();
      if (highlight) highlight(event.key === 'ArrowDown' ? 0 : 2);
    });
  }

  // The operator's chat widget (spec 1), added once the page is idle so it never delays it.
  var chat = document.querySelector('meta[name="ld-chat-widget"]');
  if (chat) {
    var loadChat = function () {
      var script = document.createElement('script');
      script.src = chat.getAttribute('content');
      script.async = true;
      script.dataset.chatWidget = 'true';
      document.body.appendChild(script);
    };
    if (window.requestIdleCallback) window.requestIdleCallback(loadChat, { timeout: 4000 });
    else window.setTimeout(loadChat, 2000);
  }
})();
