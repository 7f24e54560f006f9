import os, json, sys
root='/work/wt-structure/test/unit/functions'
def render(name, s):
    uses=[]
    body_all = s['happy_deps']+s['fail_deps']+s.get('extra_tests','')+s.get('bad_deps',s['fail_deps'])+s.get('prelude','')
    h=['answerOf','functionEnvironment','routeEvent']
    if 'failingPort' in body_all: h.insert(1,'failingPort')
    if 'fakePort' in body_all: h.insert(2 if 'failingPort' in body_all else 1,'fakePort')
    imports=[] if s.get('decl') else [f"import type {{ {s['deptype']} }} from '#shared/adapters/runtime/{s['module']}';"]
    imports+= s.get('imports',[])
    imports.append(f"import {{ {', '.join(sorted(h))} }} from '../../../support/handler-harness';")
    imports+= s.get('support_imports',[])
    mock = f"""const mockDependencies: {{ current?: {s['deptype']} }} = {{}};
jest.mock('#shared/adapters/runtime/{s['module']}', () => ({{
  ...jest.requireActual('#shared/adapters/runtime/{s['module']}'),
  {s['accessor']}: () => () => mockDependencies.current,
}}));
""" if s.get('mock', True) else ''
    status=s.get('status',200)
    bad_deps=s.get('bad_deps', s['fail_deps'])
    fail_status=s.get('fail_status',500)
    out=f"""{chr(10).join(imports)}

{s.get('decl','')}{s.get('doc','')}{mock}{s.get('prelude','')}
let handler: typeof import('../../../../functions/{name}/handler').handler;
beforeAll(async () => {{
  functionEnvironment('{name}');
  ({{ handler }} = await import('../../../../functions/{name}/handler'));
}});

describe('{name}', () => {{
  it('{s['happy_title']}', async () => {{
    mockDependencies.current = {s['happy_deps']};
    const answer = await answerOf(handler, routeEvent('{s['route']}', {s['happy_req']}));
    expect(answer.status).toBe({status});
    {s['happy_expect']}
  }});

  it('refuses {s['bad_title']}, naming {s['bad_field']}', async () => {{
    mockDependencies.current = {bad_deps};
    const answer = await answerOf(handler, routeEvent('{s['route']}', {s['bad_req']}));
    expect(answer.status).toBe({s.get('bad_status',400)});
    expect(answer.body).toMatchObject({{ field: '{s['bad_field']}' }});
  }});

  it('answers {fail_status}, revealing nothing, when {s.get('fail_title','the store fails')}', async () => {{
    mockDependencies.current = {s['fail_deps']};
    const answer = await answerOf(handler, routeEvent('{s['route']}', {s.get('fail_req', s['happy_req'])}));
    expect(answer.status).toBe({fail_status});
    expect(answer.text).not.toContain('store unavailable');
  }});
{s.get('extra_tests','')}}});
"""
    os.makedirs(f'{root}/{name}',exist_ok=True)
    open(f'{root}/{name}/handler.test.ts','w').write(out)

if __name__=='__main__':
    specs={}
    exec(open(sys.argv[1]).read())
    for n,s in specs.items(): render(n,s)
