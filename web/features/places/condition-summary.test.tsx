// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { ConditionSummaryLine } from './condition-summary.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

stubAdminApi({ fallback: { status: 200, body: {} } });

test('a card without a current report says so', async () => {
  renderAt('/', <ConditionSummaryLine summary={null} />);
  expect((await screen.findByTestId('condition-summary')).textContent).toBe('No recent report');
});

test("a card's latest report: its age, then each answer in its kind's order, translated", async () => {
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
  renderAt('/', <ConditionSummaryLine summary={{ kind: 'sky', values: { thermals: 'strong', wind: 'light' }, createdAt: twoHoursAgo }} />);
  expect((await screen.findByTestId('condition-summary')).textContent).toBe('Conditions 2 hours ago: Wind: Light · Thermals: Strong');
});
