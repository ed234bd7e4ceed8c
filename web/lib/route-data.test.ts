import type { DataRouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { matchedBranch } from './route-data.ts';

const route = (id: string, children?: DataRouteObject[]): DataRouteObject => ({ id, path: id, ...(children ? { children } : {}) }) as DataRouteObject;

describe("the render's router gets the matched branch", () => {
  const routes = [route('frame', [route('pages', [route('home'), route('profile'), route('events', [route('event')])]), route('other')]), route('admin')];

  test('only the routes the handler matched, at every level, as they are', () => {
    const branch = matchedBranch(routes, [{ route: { id: 'frame' } }, { route: { id: 'pages' } }, { route: { id: 'events' } }]);
    expect(JSON.parse(JSON.stringify(branch))).toEqual([
      { id: 'frame', path: 'frame', children: [{ id: 'pages', path: 'pages', children: [{ id: 'events', path: 'events', children: [] }] }] },
    ]);
    expect(branch[0]!.children![0]!.children![0]).not.toBe(routes[0]!.children![0]!.children![2]);
  });

  test('a leaf is the route itself; the full list is left alone', () => {
    const branch = matchedBranch(routes, [{ route: { id: 'admin' } }]);
    expect(branch).toEqual([routes[1]]);
    expect(branch[0]).toBe(routes[1]);
    expect(routes[0]!.children![0]!.children).toHaveLength(3);
  });
});
