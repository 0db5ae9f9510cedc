import type { Config } from 'jest';

// TypeScript is compiled to CommonJS for Jest; the few ESM-only packages are compiled too.
// Projects: common (node), server (node, real PostgreSQL and SMTP), spa (jsdom), e2e (Chromium).
// See docs/testing.md.
const esmOnly = ['jose', 'content-disposition', 'cookie'];
const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }],
};
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
const common = { transform, transformIgnorePatterns, moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'] };

const config: Config = {
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
  // In CI a handle some test leaves open must not hang the run for ever; locally Jest's
  // "did not exit" warning still points at the leak.
  forceExit: !!process.env.CI,
  projects: [
    { ...common, displayName: 'common', testEnvironment: 'node', roots: ['<rootDir>/common'] },
    { ...common, displayName: 'server', testEnvironment: 'node', roots: ['<rootDir>/server', '<rootDir>/test'] },
    {
      ...common,
      displayName: 'spa',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
      setupFilesAfterEnv: ['<rootDir>/test/spa-setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/test/file-stub.ts' },
    },
    { ...common, displayName: 'e2e', testEnvironment: 'node', roots: ['<rootDir>/e2e'] },
  ],
};
export default config;
