import { DEFAULT_INTAKE_CONFIG } from '#shared/domain/intake/intake-config';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';

describe('DEFAULT_INTAKE_CONFIG', () => {
  it('is what the schema makes of an empty configuration (written out so the intake function never builds the schema)', () => {
    expect(DEFAULT_INTAKE_CONFIG).toEqual(intakeConfigSchema.parse({}));
  });

  it('is a valid stored configuration', () => {
    expect(intakeConfigSchema.parse(DEFAULT_INTAKE_CONFIG)).toEqual(DEFAULT_INTAKE_CONFIG);
  });
});
