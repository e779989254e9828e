import { plansAnswer } from '@portico/common';
import { PLANS } from '@portico/core';
import { defineRoutes } from '../http/route';

/** The plan table, for the landing page, signup and billing. */
export const planRoutes = defineRoutes('public', { name: 'Plans', description: 'The plan table.' }, (route) => [
  route({
    method: 'get',
    path: '/public/plans',
    operationId: 'listPlans',
    summary: 'List the plans',
    responses: { 200: { description: 'The one plan table. Yearly prices are per month.', schema: plansAnswer } },
    handle: async () => ({ plans: [...PLANS] }),
  }),
]);
