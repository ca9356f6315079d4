/**
 * The page where CONTINUE WITH GOOGLE ends: better-auth redirects here after its callback
 * (`/api/auth/google/done?mode=popup|redirect&id=…&to=…`, with `error=…` when it failed).
 *
 * - mode=popup: it tells the window that opened it (BroadcastChannel, and postMessage to the
 *   opener on this origin) and closes itself; the opener reads the session and says so.
 * - mode=redirect (the popup was blocked): it leaves the outcome in sessionStorage and goes back
 *   to the remembered page (or to /login when it failed), where the app says so.
 *
 * With `code_needed=1` (two-factor.ts) there is no session yet: the account has two-factor sign-in
 * on and the pending sign-in's cookie is set. The outcome says `codeNeeded`, and a redirect goes to
 * the login page (remembering the page), which asks for the code as after a password.
 *
 * No token travels: the session is the HttpOnly cookie the callback set. The script is a separate
 * file so that the page works under the product's Content-Security-Policy (script-src 'self').
 */
export const GOOGLE_DONE_CHANNEL = 'second-gear:google-sign-in';

/** The query parameter (`=1`) of a sign-in that waits for the account's two-factor code (two-factor.ts). */
export const CODE_NEEDED = 'code_needed';

export const googleDonePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Signing in · Second Gear</title>
<script src="/api/auth/google/done.js" defer></script>
</head>
<body>
<p>Finishing sign-in…</p>
</body>
</html>`;

export const googleDoneScript = `(function () {
  var CHANNEL = ${JSON.stringify(GOOGLE_DONE_CHANNEL)};
  var query = new URLSearchParams(window.location.search);
  var error = query.get('error');
  var codeNeeded = !error && query.get(${JSON.stringify(CODE_NEEDED)}) === '1';
  var result = { type: CHANNEL, id: query.get('id') || '', ok: !error, error: error || undefined, codeNeeded: codeNeeded };
  var to = sameOriginTarget(query.get('to'));
  var opener = null;
  try { opener = window.opener && window.opener !== window ? window.opener : null; } catch (e) { opener = null; }
  var mode = query.get('mode') || (opener ? 'popup' : 'redirect');

  if (mode === 'popup') {
    try {
      if (typeof BroadcastChannel === 'function') {
        var channel = new BroadcastChannel(CHANNEL);
        channel.postMessage(result);
        channel.close();
      }
    } catch (e) {}
    try { if (opener) opener.postMessage(result, window.location.origin); } catch (e) {}
    window.close();
    // A window that cannot close itself goes on as a redirect would.
    setTimeout(function () { finish(); }, 1000);
  } else {
    finish();
  }

  // Only a page of this site. The target is read as the browser will read it (new URL drops tabs
  // and newlines and reads a backslash as a slash, so "/%09/evil.example" is "//evil.example"), then
  // checked by origin; the absolute address is used, so that a path such as "//evil.example" (from
  // "/.//evil.example") is never read again as protocol-relative.
  function sameOriginTarget(value) {
    try {
      var target = new URL(value || '/', window.location.origin);
      if (target.origin === window.location.origin) return target.href;
    } catch (e) {}
    return '/';
  }

  function finish() {
    try { window.sessionStorage.setItem(CHANNEL, JSON.stringify(result)); } catch (e) {}
    window.location.replace(!result.ok ? '/login' : codeNeeded ? loginThen(to) : to);
  }

  // The login page, to come back to the target (a page of this site) once the code is given.
  function loginThen(target) {
    var url = new URL(target);
    return '/login?' + new URLSearchParams({ next: url.pathname + url.search + url.hash }).toString();
  }
})();
`;
