// The scheduling widget: pick a service, a day and a time, enter contact details, book. It runs
// in the booking page (hosted, or in the iframe the embed script makes) and calls only this
// origin's widget routes, with the session's token in x-widget-token.
(() => {
  const root = document.getElementById('widget');
  const steps = document.getElementById('steps');
  const announce = document.getElementById('announce');
  if (!root || !steps || !announce) return;
  const api = new URL(`${root.dataset.api}/`, location.href).href;
  const schedulerPath = `${root.dataset.team}/${root.dataset.scheduler}`;
  const params = new URLSearchParams(location.search);
  const state = {
    token: null,
    scheduler: null,
    service: null,
    slot: null,
    days: [],
    dayIndex: 0,
    booking: false,
    customer: null,
    kept: '',
  };

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

  async function call(method, path, body) {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (state.token) headers['x-widget-token'] = state.token;
    const response = await fetch(new URL(path, api), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await response.json().catch(() => ({}));
    return { status: response.status, data };
  }

  /** Tells the embedding page how tall the widget is, so its iframe shows it whole. */
  function reportHeight() {
    if (window.parent !== window)
      window.parent.postMessage({ type: 'lcs-widget-height', height: document.documentElement.scrollHeight }, '*');
  }
  new ResizeObserver(reportHeight).observe(document.body);

  function show(...sections) {
    steps.replaceChildren(...sections);
    reportHeight();
  }

  function problem(message) {
    show(
      el('p', { class: 'error', role: 'alert', text: message }),
      el('button', { type: 'button', text: 'Try again', onclick: () => start() }),
    );
  }

  function step(event_type, extra = {}) {
    // Steps are for the funnel: the journey goes on whatever their answer.
    call('POST', 'session/events', { event_type, ...extra }).catch(() => undefined);
  }

  /** A resume link (from the text sent after a booking was left): the same session, where it was left, details filled. */
  async function resume(resumeToken) {
    show(el('p', { class: 'loading', text: 'Loading…' }));
    const { status, data } = await call('POST', 'sessions/resume', { resume_token: resumeToken }).catch(() => ({ status: 0, data: {} }));
    if (status === 404) {
      return show(
        el('p', { class: 'error', role: 'alert', text: 'This link has expired or is not valid any more. You can start a new booking.' }),
        el('button', { type: 'button', text: 'Start a new booking', onclick: () => start() }),
      );
    }
    if (status !== 200) return problem('The booking form could not be loaded. Please try again in a moment.');
    state.token = data.token;
    state.scheduler = data.scheduler;
    const session = data.session;
    state.customer = session.customer_info;
    if (session.status === 'booked') {
      return show(el('section', { class: 'confirmed' }, el('h2', { text: 'Booked' }), el('p', { text: 'This visit is already booked.' })));
    }
    if (!session.issue_type || !state.scheduler.services.includes(session.issue_type)) return showServices();
    state.service = session.issue_type;
    // The slot picked before is still open: back on the details, as they were left.
    if (data.slot) {
      state.slot = { date: data.slot.date, time: data.slot.time, label: data.slot.label };
      announce.textContent = `Welcome back. Your ${session.issue_type} visit on ${dayLabel(data.slot.date)} at ${data.slot.label} is ready to book; your details are kept.`;
      return showForm();
    }
    if (session.selected_date && session.selected_time) {
      const taken = `The time you picked (${dayLabel(session.selected_date)} at ${session.selected_time}) has been taken meanwhile. Please pick another time; your details are kept.`;
      announce.textContent = taken;
      return loadSlots(undefined, taken);
    }
    announce.textContent = `Welcome back. Pick a time to finish booking your ${session.issue_type} visit; your details are kept.`;
    loadSlots();
  }

  async function start() {
    show(el('p', { class: 'loading', text: 'Loading…' }));
    const pageUrl = params.get('page') || location.href;
    const referrer = params.has('page') ? params.get('ref') || '' : document.referrer;
    const body = { page_url: /^https?:/.test(pageUrl) ? pageUrl : '', referrer: /^https?:/.test(referrer) ? referrer : '' };
    const { status, data } = await call('POST', `${schedulerPath}/sessions`, body).catch(() => ({ status: 0, data: {} }));
    if (status !== 201) return problem('The booking form could not be loaded. Please try again in a moment.');
    state.token = data.token;
    state.scheduler = data.scheduler;
    showServices();
  }

  function zoneName() {
    const zone = state.scheduler.time_zone;
    try {
      const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName');
      return part ? `${part.value} (${zone})` : zone;
    } catch {
      return zone;
    }
  }

  function showServices() {
    const list = el('ul', { class: 'choices' });
    for (const service of state.scheduler.services) {
      list.append(el('li', {}, el('button', { type: 'button', class: 'choice', text: service, onclick: () => pickService(service) })));
    }
    show(el('section', { 'aria-labelledby': 'service-heading' }, el('h2', { id: 'service-heading', text: 'What do you need?' }), list));
  }

  function pickService(service) {
    state.service = service;
    step('issue_selected', { issue_type: service });
    loadSlots();
  }

  async function loadSlots(from, notice) {
    show(el('p', { class: 'loading', text: 'Finding open times…' }));
    const query = new URLSearchParams({ days: '7' });
    if (from) query.set('from', from);
    const { status, data } = await call('GET', `${schedulerPath}/availability?${query}`).catch(() => ({ status: 0, data: {} }));
    if (status !== 200) return problem('Open times could not be loaded. Please try again in a moment.');
    showSlots(data, notice);
  }

  function dayLabel(date) {
    const [y, m, d] = date.split('-').map(Number);
    return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(y, m - 1, d),
    );
  }

  function nextDate(date, days) {
    const [y, m, d] = date.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  }

  function showSlots(availability, notice) {
    state.availability = availability;
    const days = availability.days;
    const sections = [];
    if (notice) sections.push(el('p', { class: 'error', role: 'alert', text: notice }));
    sections.push(el('h2', { text: `When should we come? (${state.service})` }));
    sections.push(el('p', { class: 'zone', id: 'zone-note', text: `Times are in ${zoneName()}.` }));
    let any = false;
    for (const day of days) {
      const group = el('div', { role: 'group', 'aria-label': dayLabel(day.date), class: 'day' }, el('h3', { text: dayLabel(day.date) }));
      if (day.slots.length === 0) group.append(el('p', { class: 'full', text: 'No open times' }));
      const list = el('ul', { class: 'slots' });
      for (const slot of day.slots) {
        any = true;
        const places = slot.remaining === 1 ? '1 place left' : `${slot.remaining} places left`;
        list.append(
          el(
            'li',
            {},
            el('button', {
              type: 'button',
              class: 'slot',
              text: slot.label,
              title: `${dayLabel(day.date)}, ${slot.label} (${places})`,
              'aria-describedby': 'zone-note',
              onclick: () => pickSlot(day.date, slot),
            }),
          ),
        );
      }
      if (day.slots.length > 0) group.append(list);
      sections.push(group);
    }
    if (!any) sections.push(el('p', { text: 'No open times this week.' }));
    const nav = el('div', { class: 'nav' });
    const first = days[0]?.date;
    const last = days.at(-1)?.date;
    if (first && first > availability.first_date) {
      nav.append(
        el('button', {
          type: 'button',
          text: 'Earlier days',
          onclick: () => loadSlots([nextDate(first, -7), availability.first_date].sort()[1]),
        }),
      );
    }
    if (last && last < availability.last_date)
      nav.append(el('button', { type: 'button', text: 'Later days', onclick: () => loadSlots(nextDate(last, 1)) }));
    nav.append(el('button', { type: 'button', text: 'Change service', onclick: () => showServices() }));
    sections.push(nav);
    show(...sections);
  }

  function pickSlot(date, slot) {
    state.slot = { date, time: slot.time, label: slot.label };
    // Kept on the session, so a resume link reopens on this slot.
    step('booking_started', { date, time: slot.time });
    showForm();
  }

  /** What the business may do with the number, said where it is given (docs/widget-recovery.md). */
  const CONSENT =
    'By giving your number you agree that this business may call or text you about this request, also if you do not finish booking. Reply STOP to any text to opt out.';

  const FIELDS = [
    { name: 'name', label: 'Name', type: 'text', autocomplete: 'name' },
    { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
    { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
    { name: 'address', label: 'Address', type: 'text', autocomplete: 'street-address' },
  ];

  function showForm() {
    const form = el('form', { novalidate: true, onsubmit: (event) => submit(event, form) });
    for (const field of FIELDS) {
      const id = `field-${field.name}`;
      form.append(
        el(
          'div',
          { class: 'field' },
          el('label', { for: id, text: field.label }),
          el('input', {
            id,
            name: field.name,
            type: field.type,
            autocomplete: field.autocomplete,
            required: true,
            value: state.customer?.[field.name] ?? undefined,
            'aria-describedby': field.name === 'phone' ? `${id}-consent ${id}-error` : `${id}-error`,
            onchange: () => keepDetails(form),
          }),
          field.name === 'phone' ? el('p', { id: `${id}-consent`, class: 'hint', text: CONSENT }) : null,
          el('p', { id: `${id}-error`, class: 'field-error' }),
        ),
      );
    }
    // The honeypot: hidden from people and from assistive technology; bots fill every field.
    form.append(
      el(
        'div',
        { class: 'hp', 'aria-hidden': 'true' },
        el('label', { for: 'field-website', text: 'Website' }),
        el('input', { id: 'field-website', name: 'website', type: 'text', tabindex: '-1', autocomplete: 'off' }),
      ),
    );
    const local = `${dayLabel(state.slot.date)} at ${state.slot.label}`;
    form.append(el('p', { class: 'summary', text: `${state.service}, ${local} (${state.scheduler.time_zone})` }));
    form.append(el('button', { type: 'submit', class: 'primary', text: `Book ${state.slot.label} visit` }));
    form.append(
      el('button', {
        type: 'button',
        text: 'Pick another time',
        onclick: () => (state.availability ? showSlots(state.availability) : loadSlots(state.slot.date)),
      }),
    );
    show(el('section', { 'aria-labelledby': 'form-heading' }, el('h2', { id: 'form-heading', text: 'Your details' }), form));
    form.querySelector('input')?.focus();
  }

  /** The details, when every field is filled and looks valid (the service reads them as the booking does). */
  function completeDetails(form) {
    const values = Object.fromEntries(new FormData(form).entries());
    const details = Object.fromEntries(FIELDS.map((f) => [f.name, String(values[f.name] ?? '').trim()]));
    if (FIELDS.some((f) => details[f.name] === '')) return null;
    if (details.phone.replace(/[^0-9]/g, '').length < 10 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(details.email)) return null;
    return details;
  }

  /** Keeps the details on the session as soon as they are complete, before Book (once per change). */
  function keepDetails(form) {
    const details = completeDetails(form);
    const key = details ? JSON.stringify(details) : '';
    if (!details || key === state.kept) return Promise.resolve();
    state.kept = key;
    return call('POST', 'session/events', { event_type: 'customer_info_completed', customer_info: details }).catch(() => undefined);
  }

  function fieldError(form, name, message) {
    const input = form.querySelector(`[name="${name}"]`);
    const note = form.querySelector(`#field-${name}-error`);
    if (!input || !note) return false;
    input.setAttribute('aria-invalid', 'true');
    note.textContent = message;
    input.focus();
    return true;
  }

  async function submit(event, form) {
    event.preventDefault();
    if (state.booking) return;
    for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    for (const note of form.querySelectorAll('.field-error')) note.textContent = '';
    const values = Object.fromEntries(new FormData(form).entries());
    for (const field of FIELDS) {
      if (!String(values[field.name] ?? '').trim()) return fieldError(form, field.name, `${field.label} is required.`);
    }
    state.booking = true;
    // Kept before the booking is asked for, so the session's events stay in the order they happened.
    await keepDetails(form);
    const { status, data } = await call('POST', 'session/booking', {
      issue_type: state.service,
      date: state.slot.date,
      time: state.slot.time,
      name: values.name,
      phone: values.phone,
      email: values.email,
      address: values.address,
      website: values.website ?? '',
    }).catch(() => ({ status: 0, data: {} }));
    state.booking = false;
    if (status === 200) return confirm(data);
    if (status === 409 && data.availability) return showSlots(data.availability, 'That time was just taken. Please pick another time.');
    const message =
      typeof data.message === 'string' ? data.message.replace(/^[a-z_]+: /, '') : 'The booking could not be made. Please try again.';
    const field = typeof data.field === 'string' ? data.field : /^([a-z_]+):/.exec(data.message ?? '')?.[1];
    if (field && fieldError(form, field, `${message[0]?.toUpperCase() ?? ''}${message.slice(1)}`)) return;
    announce.textContent = message;
  }

  function confirm(data) {
    const local = `${dayLabel(state.slot.date)} at ${state.slot.label}`;
    announce.textContent = `Your visit is booked: ${state.service} on ${local} (${state.scheduler.time_zone}).`;
    show(
      el(
        'section',
        { class: 'confirmed' },
        el('h2', { text: 'Booked' }),
        el('p', { text: `We will see you on ${local}. A confirmation is on its way to ${data.session?.customer_info?.email ?? 'you'}.` }),
      ),
    );
  }

  if (params.get('resume')) resume(params.get('resume'));
  else start();
})();
