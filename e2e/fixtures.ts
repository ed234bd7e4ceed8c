/** A verified admin that e2e/prepare-data.ts creates before the server starts. */
export const E2E_ADMIN = { name: 'Ada Admin', email: 'admin@e2e.stoked.test', password: 'admin e2e password' };
