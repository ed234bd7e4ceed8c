// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import ar from '../../locales/ar.json';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { EventsCalendar } from './events-calendar.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

stubAdminApi({ fallback: { status: 200, body: { items: [], total: 0, page: 1, limit: 200 } } });

afterEach(async () => {
  await i18next.changeLanguage('en');
});

/** The arrow character of a month button, as it is drawn: a `dir` isolate keeps the bidi algorithm from mirroring it. */
function arrowOf(name: string) {
  const arrow = screen.getByRole('link', { name }).querySelector('[aria-hidden="true"]')!;
  return { text: arrow.textContent, isolated: arrow.getAttribute('dir') === 'ltr', rotated: arrow.className.includes('rotate') };
}

const renderCalendar = () => renderAt('/', <EventsCalendar disciplineId="surfing" q="" type="" month="2026-11" monthHref={(month) => `/?month=${month}`} />);

describe('events calendar arrows', () => {
  test('point outward left-to-right: ‹ before the previous month, › after the next', async () => {
    renderCalendar();
    await screen.findByRole('link', { name: 'Previous month' });
    expect(arrowOf('Previous month')).toEqual({ text: '‹', isolated: true, rotated: false });
    expect(arrowOf('Next month')).toEqual({ text: '›', isolated: true, rotated: false });
  });

  test('point outward right-to-left: the previous month, on the right, gets ›; the next, on the left, ‹', async () => {
    i18next.addResourceBundle('ar', 'translation', ar);
    await i18next.changeLanguage('ar');
    renderCalendar();
    const { previous, next } = ar.events.calendar;
    await screen.findByRole('link', { name: previous });
    expect(arrowOf(previous)).toEqual({ text: '›', isolated: true, rotated: false });
    expect(arrowOf(next)).toEqual({ text: '‹', isolated: true, rotated: false });
  });
});
