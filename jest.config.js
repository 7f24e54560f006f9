/** Jest runs TypeScript through SWC; middy is ESM-only, so it is transformed too. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] },
  transformIgnorePatterns: ['/node_modules/(?!(@middy)/)'],
  setupFiles: ['<rootDir>/test/setup-env.js'],
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
  testTimeout: 60000,
};
