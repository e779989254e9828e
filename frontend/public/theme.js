/* global window, document */
// Sets the theme before the first paint, so a dark page never flashes light. A file rather than an
// inline script: the web app's Content-Security-Policy runs only its own scripts. The key and the
// rules are lib/theme/theme.ts's; from then on useDocumentTheme keeps the attribute up to date.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('portico.theme');
  } catch {
    // Storage refused (a private mode): the system's setting decides.
  }
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
