import { missingVariables, OPT_OUT_LINE, renderTemplate, templateVariables, withOptOut } from '#shared/domain/sms-campaigns/template';

describe('merge variables', () => {
  it('finds {name} and custom field variables', () => {
    expect(templateVariables('Hi {name}, your {service_type} is due {due_date}.')).toEqual(['name', 'service_type', 'due_date']);
  });

  it('leaves braces that name no variable alone', () => {
    const text = 'Save { 50% } now {} or {1st}!';
    expect(templateVariables(text)).toEqual([]);
    expect(renderTemplate(text, {})).toBe(text);
  });

  it('writes literal braces for {{ and }}', () => {
    expect(templateVariables('Use code {{name}}')).toEqual([]);
    expect(renderTemplate('Use code {{name}} {name}', { name: 'Ana' })).toBe('Use code {name} Ana');
  });

  it('reports variables that are missing or blank', () => {
    expect(missingVariables('Hi {name} {city}', { name: '  ', city: 'Austin' })).toEqual(['name']);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'treats {%s} as missing unless the recipient has it as an own value',
    (name) => {
      expect(missingVariables(`Hi {${name}}`, { name: 'Ana' })).toEqual([name]);
      expect(renderTemplate(`Hi {${name}}`, { name: 'Ana' })).toBe(`Hi {${name}}`);
      const own = Object.fromEntries([[name, 'furnace']]);
      expect(missingVariables(`Hi {${name}}`, own)).toEqual([]);
      expect(renderTemplate(`Hi {${name}}`, own)).toBe('Hi furnace');
    },
  );

  it('renders every variable', () => {
    expect(renderTemplate('Hi {name}, see you {day}', { name: 'Ana', day: 'Monday' })).toBe('Hi Ana, see you Monday');
  });
});

describe('opt-out line', () => {
  it('appends the opt-out line', () => {
    expect(withOptOut('Hello')).toBe(`Hello\n${OPT_OUT_LINE}`);
  });

  it.each(['Reply STOP to opt out', 'Text STOP to end', 'stop to unsubscribe'])('does not add a second one to %p', (text) => {
    expect(withOptOut(text)).toBe(text);
  });
});
