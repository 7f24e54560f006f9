// The console (GET /console): what an API key sees, drawn from the read API with that key.
//
// - The key is kept in this browser only (sessionStorage, or localStorage when the user asks to
//   remember it) and sent only to this API, as `Authorization: Bearer`.
// - It asks GET /api/v1/me first and calls only the routes the key's permissions open: a browser
//   logs every 4xx answer as a console error, and a view the key may not see is left out, not tried.
// - Every value from the API reaches the page as text (textContent, never innerHTML).
// - Under `npm start` (a loopback host) it offers the demo keys the local gateway serves; a
//   deployed page never asks for them.

const STORAGE_KEY = 'lead-call-console.api-key';

const $ = (id) => document.getElementById(id);

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'className') node.className = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function apiUrl(path) {
  return new URL(path, document.baseURI).href;
}

// ---------------------------------------------------------------------------------------------
// The key: kept in this browser only

function storedKey() {
  return sessionStorage.getItem(STORAGE_KEY) ?? localStorage.getItem(STORAGE_KEY);
}

function keepKey(key, remember) {
  sessionStorage.setItem(STORAGE_KEY, key);
  if (remember) localStorage.setItem(STORAGE_KEY, key);
  else localStorage.removeItem(STORAGE_KEY);
}

function forgetKey() {
  sessionStorage.removeItem(STORAGE_KEY);
  localStorage.removeItem(STORAGE_KEY);
}

function status(message, isError = false) {
  const node = $('status');
  node.textContent = message;
  node.className = isError ? 'error' : '';
}

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(key, path) {
  const response = await fetch(apiUrl(path), { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body?.message ?? `HTTP ${response.status}`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Demo keys (npm start only)

const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(location.hostname);

async function offerDemoKeys() {
  if (!isLoopback) return;
  const response = await fetch(apiUrl('local/demo-keys.json'));
  if (!response.ok) return;
  const { keys } = await response.json();
  if (!Array.isArray(keys) || keys.length === 0) return;
  const box = $('demo-keys');
  box.replaceChildren(
    el('p', {}, 'Demo keys of this local service (npm start only):'),
    el(
      'ul',
      {},
      keys.map((k) =>
        el(
          'li',
          {},
          el(
            'button',
            {
              type: 'button',
              className: 'demo-key',
              'data-type': k.type,
              'data-permissions': k.permissions.join(' '),
              onclick: () => {
                $('key-input').value = k.key;
                useKey(k.key, false);
              },
            },
            `${k.type} · ${k.permissions.length} permission${k.permissions.length === 1 ? '' : 's'} · teams ${k.team_ids.join(', ')}`,
          ),
        ),
      ),
    ),
  );
  box.hidden = false;
}

// ---------------------------------------------------------------------------------------------
// Views

function section(id, title, ...children) {
  return el(
    'section',
    { id, className: 'view', 'aria-labelledby': `${id}-heading` },
    el('h2', { id: `${id}-heading` }, title),
    ...children,
  );
}

function table(columns, rows, className = '') {
  return el(
    'table',
    { className },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        columns.map((c) => el('th', { scope: 'col' }, c.label)),
      ),
    ),
    el(
      'tbody',
      {},
      rows.length === 0
        ? el('tr', {}, el('td', { colspan: columns.length, className: 'empty' }, 'Nothing in this range'))
        : rows.map((row) =>
            el(
              'tr',
              {},
              columns.map((c) => el('td', {}, c.value(row) ?? '')),
            ),
          ),
    ),
  );
}

const dateTime = (iso) => (iso ? new Date(iso).toLocaleString() : '');
const percent = (fraction) => `${(fraction * 100).toFixed(1)} %`;

function chartWidth(container) {
  return Math.max(320, Math.min(900, (container.clientWidth || 640) - 16));
}

/** The funnel: one bar per stage (uPlot bars, the x axis labelled with the stage names). */
function funnelChart(container, funnel) {
  const stages = [
    ['Sessions', funnel.sessions],
    ['Booking started', funnel.booking_started],
    ['Customer info', funnel.customer_info_completed],
    ['Booked', funnel.booking_completed],
  ];
  const xs = stages.map((_, i) => i);
  const ys = stages.map(([, n]) => n);
  const opts = {
    title: 'Funnel',
    width: chartWidth(container),
    height: 260,
    scales: { x: { time: false, range: [-0.5, stages.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
    axes: [{ values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (stages[i]?.[0] ?? '') : '')), splits: () => xs }, {}],
    series: [
      {},
      {
        label: 'Sessions',
        fill: 'rgba(37, 99, 235, 0.55)',
        stroke: '#2563eb',
        paths: uPlot.paths.bars({ size: [0.6] }),
        points: { show: false },
      },
    ],
    legend: { show: false },
  };
  const chart = new uPlot(opts, [xs, ys], container);
  container.dataset.points = String(ys.length);
  container.dataset.total = String(ys.reduce((a, b) => a + b, 0));
  return chart;
}

/** The daily chart: sessions and conversions per day (the scheduler analytics' chartData). */
function dailyChart(container, chartData) {
  const xs = chartData.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
  const opts = {
    title: 'Sessions and conversions per day',
    width: chartWidth(container),
    height: 260,
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
    series: [
      { value: (_u, ts) => (ts === null ? '' : new Date(ts * 1000).toISOString().slice(0, 10)) },
      { label: 'Sessions', stroke: '#2563eb', width: 2 },
      { label: 'Conversions', stroke: '#16a34a', width: 2 },
    ],
  };
  const data = [xs, chartData.map((d) => d.sessions), chartData.map((d) => d.conversions)];
  const chart = new uPlot(opts, data, container);
  container.dataset.points = String(xs.length);
  container.dataset.total = String(chartData.reduce((a, d) => a + d.sessions, 0));
  return chart;
}

function teamsView(me, teams) {
  const byId = new Map(teams.map((t) => [t.id, t]));
  const rows = me.team_ids.map((id) => byId.get(id) ?? { id, name: `Team ${id}`, timezone: '', is_test: me.test_team_ids.includes(id) });
  return section(
    'teams',
    'Teams this key reaches',
    el('p', { className: 'note' }, `${me.name} · ${me.prefix}… · ${me.type} · ${me.permissions.length} permissions`),
    table(
      [
        { label: 'Id', value: (t) => t.id },
        { label: 'Name', value: (t) => t.name },
        { label: 'Time zone', value: (t) => t.timezone },
        { label: 'Test team', value: (t) => (t.is_test ? 'yes' : '') },
      ],
      rows,
      'teams-table',
    ),
  );
}

const TOP_ROWS = 15;
const top = (rows) => [...(rows ?? [])].sort((a, b) => b.sessions - a.sessions || b.conversions - a.conversions).slice(0, TOP_ROWS);

function analyticsView(funnel, analytics) {
  const funnelBox = el('div', { className: 'chart', id: 'funnel-chart' });
  const dailyBox = el('div', { className: 'chart', id: 'daily-chart' });
  const view = section(
    'analytics',
    'Funnel and daily activity (last 7 days)',
    el(
      'p',
      { className: 'note' },
      `${funnel.data.sessions} sessions, ${funnel.data.booking_completed} booked (conversion ${percent(funnel.data.conversion_rate)}), drop-off ${percent(funnel.data.drop_off_rate)}`,
    ),
    el(
      'p',
      { className: 'note', id: 'recovery-figures' },
      `Booking recovery: ${funnel.data.qualified_drop_offs} qualified drop-offs, ${funnel.data.recovery_attempts} recovery attempts, ${funnel.data.recovered_bookings} recovered bookings`,
    ),
    funnelBox,
    dailyBox,
    el('h3', {}, `UTM sources (top ${TOP_ROWS} by sessions)`),
    table(
      [
        { label: 'Source', value: (r) => r.source },
        { label: 'Medium', value: (r) => r.medium },
        { label: 'Campaign', value: (r) => r.campaign },
        { label: 'Term', value: (r) => r.term },
        { label: 'Content', value: (r) => r.content },
        { label: 'Sessions', value: (r) => r.sessions },
        { label: 'Conversions', value: (r) => r.conversions },
      ],
      top(analytics.data.utmData),
      'utm-table',
    ),
    el('h3', {}, `Google Ads clicks (top ${TOP_ROWS} by sessions)`),
    table(
      [
        { label: 'gclid / wbraid / gbraid', value: (r) => r.gclid || r.wbraid || r.gbraid },
        { label: 'Sessions', value: (r) => r.sessions },
        { label: 'Conversions', value: (r) => r.conversions },
      ],
      top(analytics.data.googleAdsData),
      'ads-table',
    ),
  );
  // Drawn once in the document, so the charts know their width.
  queueMicrotask(() => {
    funnelChart(funnelBox, funnel.data);
    dailyChart(dailyBox, analytics.data.chartData ?? []);
  });
  return view;
}

function leadsView(leads) {
  return section(
    'leads',
    'Recent leads',
    table(
      [
        { label: 'Created', value: (l) => dateTime(l.created_at) },
        { label: 'Customer', value: (l) => l.customer?.name ?? '' },
        { label: 'Type', value: (l) => l.type },
        { label: 'Source', value: (l) => l.source },
        { label: 'Status', value: (l) => l.status },
        { label: 'UTM source', value: (l) => l.attribution?.utm_source ?? '' },
      ],
      leads.data,
      'leads-table',
    ),
  );
}

function callsView(calls, evaluations) {
  const scores = new Map((evaluations?.data ?? []).map((e) => [e.call_id, e]));
  const rows = calls.data.map((call) => {
    const evaluation = scores.get(call.call_id);
    return el(
      'details',
      { className: 'call' },
      el(
        'summary',
        {},
        el('span', { className: 'when' }, dateTime(call.started_at)),
        ' · ',
        el('span', {}, call.customer?.name ?? 'Unknown caller'),
        ' · ',
        el('span', {}, `${call.direction}, ${call.duration_seconds ?? 0} s`),
        evaluation ? el('span', { className: `score ${evaluation.passed ? 'pass' : 'fail'}` }, `coach ${evaluation.score}/100`) : null,
      ),
      el('p', {}, call.summary ?? ''),
      typeof call.transcript === 'string' ? el('pre', { className: 'transcript' }, call.transcript) : null,
      evaluation
        ? el(
            'ul',
            { className: 'criteria' },
            evaluation.criteria
              .filter((c) => c.applicable)
              .map((c) => el('li', {}, `${c.title}: ${c.score}${c.passed ? '' : ' (missed)'} · ${c.reason}`)),
          )
        : null,
    );
  });
  return section(
    'calls',
    'Recent calls',
    el(
      'p',
      { className: 'note' },
      calls.data.length === 0
        ? 'No calls in the last 7 days'
        : `${calls.data.length} most recent calls; open one for its summary, transcript and coach scores`,
    ),
    el('div', { className: 'calls-list' }, rows),
  );
}

const DONE_STATUSES = new Set(['sent', 'failed', 'opted_out', 'suppressed', 'unconfirmed']);

function campaignsView(texts) {
  const campaigns = new Map();
  for (const text of texts.data) {
    const entry = campaigns.get(text.campaign_id) ?? { id: text.campaign_id, counts: {}, total: 0, first: text.queued_at };
    entry.counts[text.status] = (entry.counts[text.status] ?? 0) + 1;
    entry.total += 1;
    if (text.queued_at < entry.first) entry.first = text.queued_at;
    campaigns.set(text.campaign_id, entry);
  }
  const items = [...campaigns.values()].map((c) => {
    const done = Object.entries(c.counts).reduce((n, [s, k]) => n + (DONE_STATUSES.has(s) ? k : 0), 0);
    return el(
      'li',
      { className: 'campaign' },
      el('strong', {}, c.id),
      ` · from ${dateTime(c.first)}`,
      el('progress', { max: c.total, value: done, 'aria-label': `${c.id}: ${done} of ${c.total} texts settled` }),
      el('span', { className: 'progress-label' }, `${done} of ${c.total} settled`),
      el(
        'span',
        { className: 'counts' },
        Object.entries(c.counts)
          .map(([s, k]) => `${s} ${k}`)
          .join(' · '),
      ),
    );
  });
  return section(
    'campaigns',
    'SMS campaigns',
    el(
      'p',
      { className: 'note' },
      `From the ${texts.data.length} most recent texts of the outbound feed${texts.pagination.has_more ? ' (older texts not counted)' : ''}`,
    ),
    items.length === 0 ? el('p', {}, 'No campaign texts') : el('ul', { className: 'campaigns' }, items),
  );
}

// ---------------------------------------------------------------------------------------------
// Loading what the key may see

const can = (me, permission) => me.permissions.includes(permission);

async function loadTeam(key, me, teamId) {
  const views = $('team-views');
  views.replaceChildren(el('p', { className: 'note' }, 'Loading…'));
  // Legacy /api routes take the team as team_id only when the key reaches several teams.
  const v0Team = me.team_ids.length > 1 ? `&team_id=${teamId}` : '';
  const tasks = [];
  if (can(me, 'read:scheduler_analytics')) {
    tasks.push(
      Promise.all([api(key, `api/v1/teams/${teamId}/analytics/funnel`), api(key, `api/scheduler-analytics?limit=50${v0Team}`)]).then(
        ([funnel, analytics]) => analyticsView(funnel, analytics),
      ),
    );
  }
  if (can(me, 'read:leads')) tasks.push(api(key, `api/v1/teams/${teamId}/leads?limit=20`).then(leadsView));
  if (can(me, 'read:calls')) {
    tasks.push(
      Promise.all([
        api(key, `api/calls?limit=20${v0Team}`),
        can(me, 'read:coach') ? api(key, `api/coach?limit=100${v0Team}`) : Promise.resolve(null),
      ]).then(([calls, evaluations]) => callsView(calls, evaluations)),
    );
  }
  if (can(me, 'read:outbound')) tasks.push(api(key, `api/v1/teams/${teamId}/outbound/texts?limit=500`).then(campaignsView));
  const settled = await Promise.allSettled(tasks);
  const nodes = settled.map((s) => (s.status === 'fulfilled' ? s.value : el('p', { className: 'error' }, s.reason.message)));
  if (nodes.length === 0) nodes.push(el('p', { className: 'note' }, 'This key holds no read permission the console shows.'));
  views.replaceChildren(...nodes);
  document.body.dataset.loaded = 'true';
}

async function useKey(key, remember) {
  document.body.dataset.loaded = 'false';
  status('Checking the key…');
  let me;
  try {
    me = (await api(key, 'api/v1/me')).data;
  } catch (error) {
    status(error instanceof ApiError && error.status === 401 ? 'This key is not valid (or revoked, or expired).' : error.message, true);
    return;
  }
  keepKey(key, remember);
  status(`Using ${me.name} (${me.prefix}…).`);
  const teams = can(me, 'read:teams') ? (await api(key, 'api/teams')).data : [];
  const selectable = me.team_ids.filter((id) => !me.test_team_ids.includes(id)).concat(me.test_team_ids);
  const names = new Map(teams.map((t) => [t.id, t.name]));
  const picker = el(
    'select',
    { id: 'team-select', onchange: (event) => loadTeam(key, me, Number(event.target.value)) },
    selectable.map((id) => el('option', { value: id }, names.get(id) ? `${names.get(id)} (${id})` : `Team ${id}`)),
  );
  $('views').replaceChildren(
    teamsView(me, teams),
    el('p', { className: 'team-picker' }, el('label', { for: 'team-select' }, 'Team shown below: '), picker),
    el('div', { id: 'team-views' }),
  );
  await loadTeam(key, me, selectable[0] ?? me.anchor_team_id);
}

$('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const key = $('key-input').value.trim();
  if (!/^service_[0-9a-f]{64}$/.test(key)) {
    status('A key is service_ followed by 64 hexadecimal characters.', true);
    return;
  }
  useKey(key, $('key-remember').checked);
});

$('key-forget').addEventListener('click', () => {
  forgetKey();
  $('key-input').value = '';
  $('views').replaceChildren();
  status('Key forgotten: it is no longer kept in this browser.');
});

offerDemoKeys();
const remembered = storedKey();
if (remembered) {
  $('key-remember').checked = localStorage.getItem(STORAGE_KEY) !== null;
  useKey(remembered, $('key-remember').checked);
}
