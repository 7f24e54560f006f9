import { presentBody, presentPage, presentPlatformBody, presentTeamPage, presentTeamsPage } from '#shared/presenters/responses';

const PAGE = { data: [{ id: 1 }], pagination: { cursor: null, has_more: false, limit: 10 } };

describe('the answer envelope', () => {
  it('answers one object as data, with meta only when the answer has one', () => {
    expect(presentBody({ id: 1 })).toEqual({ data: { id: 1 } });
    expect(Object.keys(presentBody({ id: 1 }))).toEqual(['data']);
    expect(presentBody({ id: 1 }, { team_id: 2 })).toEqual({ data: { id: 1 }, meta: { team_id: 2 } });
  });

  it("answers a platform route with the request's id and the time of the answer", () => {
    const now = new Date('2026-11-24T16:00:00.000Z');
    expect(presentPlatformBody({ id: 1 }, 'req-1', now)).toEqual({
      data: { id: 1 },
      meta: { request_id: 'req-1', timestamp: '2026-11-24T16:00:00.000Z' },
    });
  });

  it('keeps a page as read, pagination included, and adds its meta', () => {
    expect(presentPage(PAGE, { x: 1 })).toEqual({ ...PAGE, meta: { x: 1 } });
    expect(presentTeamPage(PAGE, 7)).toEqual({ ...PAGE, meta: { team_id: 7 } });
    expect(presentTeamsPage(PAGE, [7, 8])).toEqual({ ...PAGE, meta: { team_ids: [7, 8] } });
  });
});
