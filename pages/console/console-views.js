// The console's views: every block a key may see, built as DOM nodes from API answers (values
// reach the page as text only: textContent, never innerHTML). console.js loads this module from
// the versioned URL the page names, and decides which views a key gets.

/** An element with attributes and children (strings become text nodes). */
export function el(tag, attributes = {}, ...children) {
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

export function teamsView(me, teams) {
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

export function analyticsView(funnel, analytics) {
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

export function leadsView(leads) {
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

export function callsView(calls, evaluations) {
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

export function campaignsView(texts) {
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
