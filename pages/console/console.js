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

// The views, from the versioned URL the page preloads (a deployment changes it, so a cached copy is
// never mixed with a newer console.js).
const viewsModule = document.querySelector('link[rel="modulepreload"][href*="console-views.js"]');
const { el, teamsView, analyticsView, leadsView, callsView, campaignsView } = await import(viewsModule.href);

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
