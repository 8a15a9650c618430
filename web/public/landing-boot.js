// The prerendered landing page's first script (docs/decisions/021), run before the first paint as the app's main.tsx
// does: the colour mode the visitor chose (kept by the app's ui store) or the system's. It also marks a signed-in
// visitor, for whom landing.js loads the app itself.
(function () {
  var read = function (key) {
    try {
      return JSON.parse(localStorage.getItem(key) || 'null');
    } catch {
      return null;
    }
  };
  var ui = read('labeldesk.ui');
  var mode = ui && ui.state && (ui.state.colorMode === 'dark' || ui.state.colorMode === 'light') ? ui.state.colorMode : null;
  if (!mode) mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  var root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
  var auth = read('labeldesk.auth');
  if (auth && auth.state && auth.state.token && auth.state.user) root.setAttribute('data-signed-in', '');
})();
