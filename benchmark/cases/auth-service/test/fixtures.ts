// Fixtures for the integration tests; the database is a throw-away container.
export const TEST_DATABASE_URL = 'postgres://auth:auth-test-password@127.0.0.1:55432/auth_test';
export const TEST_SESSION_SECRET = 'test-only-secret-do-not-use';

export function testEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: TEST_DATABASE_URL, SESSION_SECRET: TEST_SESSION_SECRET };
}
