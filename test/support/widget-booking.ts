/**
 * Books the latest open slot of a scheduler's next two days through the widget routes, as a customer
 * would (a session, its availability, a booking a few seconds later); answers the session id.
 * `which: 'first'` books the second soonest open slot of the first open day instead (see below); a
 * date and time books that slot.
 */
export async function bookLatestOpenSlot(
  baseUrl: string,
  teamId: number,
  schedulerId: number,
  service: string,
  which: 'latest' | 'first' | { readonly date: string; readonly time: string } = 'latest',
): Promise<string> {
  const widget = async (route: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${baseUrl}/widget/api/${route}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.token ? { 'x-widget-token': init.token } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const started = (await widget(`${teamId}/${schedulerId}/sessions`, { method: 'POST', body: {} })) as {
    token: string;
    session: { session_id: string };
  };
  const availability = (await widget(`${teamId}/${schedulerId}/availability?days=2`)) as {
    days: { date: string; slots: { time: string }[] }[];
  };
  // The last open day (tomorrow): its latest slot lies well beyond any change cut-off, whatever the hour now.
  const open = availability.days.filter((d) => d.slots.length > 0);
  const day = typeof which === 'object' ? { date: which.date } : which === 'latest' ? open.at(-1) : open[0];
  // 'first' takes the soonest slot but one: the soonest can cross the notice cut-off during the
  // booking's wait below (offered at 120 minutes and 1 second, refused 3 seconds later).
  const slot = typeof which === 'object' ? { time: which.time } : which === 'latest' ? open.at(-1)?.slots.at(-1) : open[0]?.slots[1];
  if (!day || !slot) throw new Error('no open slot');
  // A booking faster than a person could make one is refused.
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  const booked = await widget('session/booking', {
    method: 'POST',
    token: started.token,
    body: {
      issue_type: service,
      date: day.date,
      time: slot.time,
      name: 'Dana Reyes',
      phone: '(312) 555-0142',
      email: 'dana@example.com',
      address: '1 Main St',
      website: '',
    },
  });
  if ((booked.session as { status?: string } | undefined)?.status !== 'booked') throw new Error(`not booked: ${JSON.stringify(booked)}`);
  return started.session.session_id;
}
