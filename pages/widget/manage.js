// A visit's manage page: see the visit, move it with the widget's slot picker, cancel it (asked
// once to confirm), add it to a calendar. The token is the last part of the page's own address;
// the page calls only this origin's manage and availability routes.
(() => {
  const root = document.getElementById('manage');
  const steps = document.getElementById('steps');
  const announce = document.getElementById('announce');
  if (!root || !steps || !announce) return;
  const token = decodeURIComponent(location.pathname.split('/').pop() || '');
  const visitUrl = new URL(`${root.dataset.api}/${encodeURIComponent(token)}`, location.href).href;
  const at = (action) => `${visitUrl}/${action}`;
  const widgetApi = new URL(`${root.dataset.widgetApi}/`, location.href).href;
  const state = { visit: null };

  const el = (tag, props = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (name === 'text') node.textContent = value;
      else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children) if (child) node.append(child);
    return node;
  };

  async function call(method, url, body) {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await response.json().catch(() => ({}));
    return { status: response.status, data };
  }

  const show = (...sections) => steps.replaceChildren(...sections);
  const say = (message) => {
    announce.textContent = message;
  };

  /** The visit's local start in its zone, with the zone's abbreviation. */
  function when(visit) {
    const format = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: visit.time_zone,
      timeZoneName: 'short',
    });
    return format.format(new Date(visit.starts_at));
  }

  function dayLabel(date) {
    const [y, m, d] = date.split('-').map(Number);
    return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
  }

  const STATUS = {
    scheduled: 'Booked',
    confirmed: 'Confirmed',
    cancelled: 'Cancelled',
    completed: 'Completed',
    no_show: 'Missed',
  };

  function summary(visit) {
    return el(
      'dl',
      { class: 'summary' },
      el('dt', { text: 'With' }),
      el('dd', { text: visit.business_name }),
      el('dt', { text: 'Service' }),
      el('dd', { text: visit.service || 'Visit' }),
      el('dt', { text: 'When' }),
      el('dd', { text: when(visit) }),
      el('dt', { text: 'Status' }),
      el('dd', { text: STATUS[visit.status] || visit.status }),
    );
  }

  function render(visit) {
    state.visit = visit;
    const actions = el('div', { class: 'nav' });
    if (visit.can_change) {
      actions.append(
        el('button', { type: 'button', class: 'primary', text: 'Reschedule', onclick: () => pickSlot() }),
        el('button', { type: 'button', text: 'Cancel visit', onclick: () => confirmCancel() }),
      );
    }
    if (visit.status !== 'cancelled') {
      actions.append(el('a', { href: at('calendar.ics'), download: 'visit.ics', class: 'button-link', text: 'Add to calendar' }));
    }
    let note = null;
    if (visit.read_only) note = el('p', { class: 'summary', text: 'This visit can no longer be changed here.' });
    else if (!visit.can_change) {
      const hours = visit.change_cutoff_minutes / 60;
      note = el('p', {
        class: 'summary',
        text: `Changes within ${hours} hours of the visit are not taken online: please call ${visit.business_name}.`,
      });
    }
    show(el('h2', { text: visit.customer.name ? `Hello ${visit.customer.name}` : 'Your visit' }), summary(visit), note, actions);
  }

  function problem(message) {
    show(el('p', { class: 'error', role: 'alert', text: message }));
  }

  async function load() {
    const { status, data } = await call('GET', visitUrl);
    if (status === 404) return problem('This link is not valid. Please check the message it came in, or call the business.');
    if (status !== 200) return problem('We could not load your visit. Please try again in a moment.');
    render(data);
  }

  async function pickSlot(availability) {
    const visit = state.visit;
    let answer = availability;
    if (!answer) {
      show(el('p', { class: 'loading', text: 'Loading open times…' }));
      const { status, data } = await call('GET', new URL(`${visit.team_id}/${visit.scheduler_id}/availability?days=7`, widgetApi).href);
      if (status !== 200) return problem('We could not load the open times. Please try again in a moment.');
      answer = data;
    }
    const section = el('section', { 'aria-labelledby': 'pick-heading' }, el('h2', { id: 'pick-heading', text: 'Pick a new time' }));
    section.append(el('p', { class: 'zone', text: `Times are in ${answer.time_zone}.` }));
    for (const day of answer.days) {
      const group = el('div', { role: 'group', 'aria-label': dayLabel(day.date), class: 'day' }, el('h3', { text: dayLabel(day.date) }));
      if (day.slots.length === 0) group.append(el('p', { class: 'full', text: 'No open times' }));
      const list = el('ul', { class: 'slots' });
      for (const slot of day.slots) {
        list.append(
          el('li', {}, el('button', { type: 'button', class: 'slot', text: slot.label, onclick: () => reschedule(day.date, slot) })),
        );
      }
      if (day.slots.length > 0) group.append(list);
      section.append(group);
    }
    section.append(el('div', { class: 'nav' }, el('button', { type: 'button', text: 'Keep my time', onclick: () => render(visit) })));
    show(section);
  }

  async function reschedule(date, slot) {
    const { status, data } = await call('POST', at('reschedule'), { date, time: slot.time });
    if (status === 200) {
      render(data);
      return say(`Your visit is moved to ${dayLabel(date)} at ${slot.label}.`);
    }
    if (status === 409 && data.error === 'slot_taken') {
      say('That time was just taken. Please pick another.');
      return pickSlot(data.availability);
    }
    problem(data.message ? data.message.replace(/^[a-z_]+: /, '') : 'We could not move your visit. Please call the business.');
  }

  function confirmCancel() {
    const visit = state.visit;
    show(
      el('h2', { text: 'Cancel this visit?' }),
      summary(visit),
      el(
        'div',
        { class: 'nav' },
        el('button', { type: 'button', class: 'primary', text: 'Yes, cancel it', onclick: () => cancel() }),
        el('button', { type: 'button', text: 'Keep it', onclick: () => render(visit) }),
      ),
    );
  }

  async function cancel() {
    const { status, data } = await call('POST', at('cancel'), {});
    if (status === 200) {
      render(data);
      return say('Your visit is cancelled.');
    }
    problem(data.message ? data.message.replace(/^[a-z_]+: /, '') : 'We could not cancel your visit. Please call the business.');
  }

  load().catch(() => problem('We could not load your visit. Please try again in a moment.'));
})();
