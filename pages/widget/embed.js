// The embed code's script: runs on a business's own page and shows the scheduler's booking page
// in an iframe where its script tag is. The iframe keeps the widget's code, styles and the
// customer's data out of the host page; the host page's address goes to the widget for
// attribution (utm_*, gclid, wbraid, gbraid) with its referrer.
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const team = script.dataset.team;
  const scheduler = script.dataset.scheduler;
  if (!/^[1-9][0-9]*$/.test(team || '') || !/^[1-9][0-9]*$/.test(scheduler || '')) return;
  const base = script.src.replace(/\/widget\/assets\/embed\.js(\?.*)?$/, '');
  const origin = new URL(base).origin;
  const src = new URL(`${base}/widget/${team}/${scheduler}`);
  src.searchParams.set('page', location.href);
  if (document.referrer) src.searchParams.set('ref', document.referrer);
  const frame = document.createElement('iframe');
  frame.src = src.href;
  frame.title = 'Book a visit';
  frame.loading = 'eager';
  frame.referrerPolicy = 'no-referrer';
  frame.style.cssText = 'display:block;width:100%;max-width:40rem;min-height:420px;border:0;';
  script.after(frame);
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const height = event.data && event.data.type === 'lcs-widget-height' ? Number(event.data.height) : NaN;
    if (Number.isFinite(height) && height > 0 && height < 10000) frame.style.height = `${Math.ceil(height)}px`;
  });
})();
