/**
 * Three projects: `unit` (no database) once, and the tests that start a server twice,
 * on embedded SQLite and on MariaDB. `TEST_DB=sqlite` or `TEST_DB=mariadb` runs one database only.
 * jose ships ES modules only, so it is transformed too.
 */
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
  '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' } }],
};
const SERVER_TESTS = '<rootDir>/test/(rest|graphql|storage|auth|console|remote-copy|seed)/';
/** Process-level suites: the service as a child process, killed and restarted (short form here, `npm run test:crash` for many cycles). */
const PROCESS_TESTS = '<rootDir>/test/crash/';
/** Three service processes on a three-node Galera cluster the suite starts itself (root only; skipped otherwise). */
const CLUSTER_TESTS = '<rootDir>/test/galera/';

const base = {
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  setupFiles: ['reflect-metadata'],
};

const databases = (process.env.TEST_DB ?? 'sqlite,mariadb').split(',');

module.exports = {
  testTimeout: 120000,
  // One line, once, when GOBL's golden examples are absent (the tests that need them are skipped).
  globalSetup: '<rootDir>/test/setup/gobl-notice.ts',
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: [SERVER_TESTS, PROCESS_TESTS, CLUSTER_TESTS],
    },
    ...databases.map((db) => ({
      ...base,
      displayName: db,
      testMatch: [`${SERVER_TESTS}**/*.test.ts`],
      setupFiles: ['reflect-metadata', `<rootDir>/test/setup/${db}.ts`],
      // Every REST answer received through fetch is checked against the OpenAPI description.
      setupFilesAfterEnv: ['<rootDir>/test/setup/openapi-answers.ts'],
    })),
    { ...base, displayName: 'crash', testMatch: [`${PROCESS_TESTS}**/*.test.ts`] },
    { ...base, displayName: 'galera', testMatch: [`${CLUSTER_TESTS}**/*.test.ts`] },
  ],
};
