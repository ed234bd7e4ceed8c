// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { CommentPage } from '../../../common/content.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { CommentsSection } from './comments-section.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const PAGE: CommentPage = {
  items: [{ id: 'c1', body: 'موجة رائعة اليوم!', author: { id: 'u2', name: 'ليلى', avatarUrl: null }, createdAt: new Date().toISOString(), canDelete: false }],
  total: 1,
  totalCapped: false,
  page: 1,
  pageSize: 20,
};

stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({ [`GET /api/content/place/p1/comments?page=1&limit=20`]: { status: 200, body: PAGE } }),
});

describe('comments', () => {
  test('an Arabic comment on an English page is laid out by its own direction: body and author name carry dir="auto"', async () => {
    renderAt('/', <CommentsSection type="place" id="p1" />);
    const body = await screen.findByText('موجة رائعة اليوم!');
    expect(body.getAttribute('dir')).toBe('auto');
    expect(screen.getByText('ليلى').closest('[dir="auto"]')).not.toBeNull();
  });
});
