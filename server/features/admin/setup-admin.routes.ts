import type { FastifyInstance } from 'fastify';

// Placeholder: replaced by the owner of these routes.
export async function setupAdminRoutes(_app: FastifyInstance): Promise<void> {}
