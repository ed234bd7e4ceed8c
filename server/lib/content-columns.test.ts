import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { articleInputSchema } from '../../common/articles.ts';
import type { ContentType } from '../../common/content-basics.ts';
import { eventInputSchema } from '../../common/events.ts';
import { placeInputSchema } from '../../common/places.ts';
import { reviewInputSchema } from '../../common/reviews.ts';
import { shopInputSchema } from '../../common/shops.ts';
import { trickInputSchema } from '../../common/tricks.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { CONTENT_TABLES, contributionColumns } from './content.ts';

/**
 * contributionColumns finds a field's column by its name, with no list of columns to keep: every field
 * of every section's shared input must name a column of its table, or contributing would fail.
 */

const t = useTestApp();

const INPUTS: Record<ContentType, { shape: Record<string, unknown> }> = {
  article: articleInputSchema,
  event: eventInputSchema,
  place: placeInputSchema,
  review: reviewInputSchema,
  shop: shopInputSchema,
  trick: trickInputSchema,
};

/** Fields a section takes out of its input before storing it: an event's `repeat` makes a series of it (events.db.ts). */
const NOT_STORED: Partial<Record<ContentType, string[]>> = { event: ['repeat'] };

test.each(Object.keys(INPUTS) as ContentType[])('%s: every field of the shared input names a column of its table', async (type) => {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${CONTENT_TABLES[type]}`.execute(t.app.db);
  const columns = new Set(rows.map((r) => r.column_name));
  const stored = Object.keys(INPUTS[type].shape).filter((field) => !NOT_STORED[type]?.includes(field));
  const sent = Object.fromEntries(stored.map((field) => [field, null]));
  expect(Object.keys(contributionColumns(sent)).filter((column) => !columns.has(column))).toEqual([]);
  expect(Object.keys(sent).length).toBeGreaterThan(1);
});

test('a list goes to its jsonb column as JSON text; null clears; a field not sent is left out', () => {
  expect(contributionColumns({ productName: 'Twin fin', pros: ['fast', 'loose'], overallScore: null, imageUrl: undefined })).toEqual({
    product_name: 'Twin fin',
    pros: '["fast","loose"]',
    overall_score: null,
  });
});
