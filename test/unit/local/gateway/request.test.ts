import { collectHeaders, parseQuery } from '../../../../local/gateway/request';

describe('the local gateway reading names the client chose', () => {
  it.each(['constructor', '__proto__', 'toString'])('keeps a header named %s as its own member, once per value', (name) => {
    const { headers, multiValueHeaders } = collectHeaders([name, 'a', name, 'b', 'Accept', '*/*']);

    expect(Object.entries(headers)).toEqual([
      [name, 'b'],
      ['Accept', '*/*'],
    ]);
    expect(Object.entries(multiValueHeaders)).toEqual([
      [name, ['a', 'b']],
      ['Accept', ['*/*']],
    ]);
  });

  it.each(['constructor', '__proto__', 'toString'])('keeps a query parameter named %s as its own member, once per value', (name) => {
    const parsed = parseQuery(`${name}=1&${name}=2&limit=5`);

    expect(Object.entries(parsed?.single ?? {})).toEqual([
      [name, '2'],
      ['limit', '5'],
    ]);
    expect(Object.entries(parsed?.multi ?? {})).toEqual([
      [name, ['1', '2']],
      ['limit', ['5']],
    ]);
  });
});
