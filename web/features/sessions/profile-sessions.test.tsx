// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Session } from '../../../common/sessions.ts';
import type { ProfileSessionPage, SessionStats } from '../../../common/session-stats.ts';
import en from '../../locales/en.json';
import { renderAt } from '../../test/test-kit.tsx';
import { ProfileSessions } from './profile-sessions.tsx';

const ANA = { id: 'u-ana', name: 'Ana Rider', avatarUrl: null };
const STATS: SessionStats = {
  streakDays: 3,
  totals: { sessions: 12, hours: 14.5, spots: 2, tricksLanded: 4 },
  byDiscipline: [{ disciplineId: 'surfing', sessions: 12, hours: 14.5 }],
  bySpot: [{ place: { id: 'p1', name: 'La Gravière', disciplineId: 'surfing' }, sessions: 9, hours: 10 }],
  lastWeeks: Array.from({ length: 12 }, (_, i) => ({
    week: `2026-${String(9 + Math.floor(i / 4)).padStart(2, '0')}-0${1 + (i % 4)}`,
    sessions: i === 11 ? 3 : 0,
  })),
};
const SESSION: Session = {
  id: 's1',
  place: { id: 'p1', name: 'La Gravière' },
  disciplineId: 'surfing',
  startedAt: '2026-11-20T08:00:00.000Z',
  durationMinutes: 45,
  note: 'Glassy',
  visibility: 'followers',
  author: ANA,
  tricks: [{ id: 't1', name: 'Cutback' }],
  companions: [{ id: 'u-nina', name: 'Nina', avatarUrl: null }],
  photos: [{ id: 'ph1', alt: '', width: 800, height: 600, variants: [{ width: 400, url: '/uploads/photos/ph1-400.webp' }] }],
  canDelete: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function stub(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = answers[url];
      return new Response(JSON.stringify(body ?? { code: 'NOT_FOUND', message: '…' }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const renderLog = (path: string) => renderAt(path, <ProfileSessions userId="u-ana" />);

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a profile’s sessions part', () => {
  test('figures, the weeks chart summarised for screen readers, spots and the log with its page links', async () => {
    const page: ProfileSessionPage = { items: [SESSION], total: 12, totalCapped: false, page: 2, pageSize: 10 };
    stub({ '/api/profiles/u-ana/session-stats': STATS, '/api/profiles/u-ana/sessions?page=2&limit=10': page });
    renderLog('/profile/u-ana?tab=x&sessions=2');
    const part = await screen.findByTestId('profile-sessions');
    expect(within(part).getByRole('heading', { name: 'Sessions' })).toBeTruthy();
    expect((await within(part).findByTestId('sessions-streak')).textContent).toBe('3');
    expect(within(part).getByTestId('sessions-hours').textContent).toBe('14.5');
    const chart = within(part).getByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/^week of .+: 0, .*week of .+: 3$/);
    expect(within(within(part).getByTestId('sessions-by-spot')).getByRole('link', { name: 'La Gravière' }).getAttribute('href')).toBe(
      '/discipline/surfing/places/p1',
    );

    const entry = await within(part).findByTestId('session-entry');
    expect(entry.textContent).toMatch(/surfing · .+ · 45 min · Followers only/);
    expect(within(entry).getByText('Landed: Cutback')).toBeTruthy();
    expect(within(entry).getByRole('link', { name: /Nina/ }).getAttribute('href')).toBe('/profile/u-nina');
    // Its photo as a thumbnail named after the session; only its author may add more.
    expect(within(entry).getByRole('img', { name: 'Ana Rider’s session at La Gravière' }).getAttribute('src')).toBe('/uploads/photos/ph1-400.webp');
    expect(within(entry).getByRole('link', { name: 'Open photo 1 of 1' })).toBeTruthy();
    expect(within(entry).queryByTestId('session-add-photos')).toBeNull();
    // Page 2 of 2: back to the first (its address without the parameter), none further.
    expect(within(part).getByRole('link', { name: 'Newer sessions' }).getAttribute('href')).toBe('/profile/u-ana?tab=x');
    expect(within(part).queryByRole('link', { name: 'Older sessions' })).toBeNull();
  });

  test('no sessions yet: a line says so', async () => {
    stub({ '/api/profiles/u-ana/session-stats': { ...STATS, totals: { sessions: 0, hours: 0, spots: 0, tricksLanded: 0 }, byDiscipline: [], bySpot: [] } });
    renderLog('/profile/u-ana');
    expect(await screen.findByText('No sessions yet.')).toBeTruthy();
  });
});
