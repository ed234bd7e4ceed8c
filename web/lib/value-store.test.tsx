// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { valueStore } from './value-store.ts';

describe('a value held outside React', () => {
  test('a component follows it, drawn again only when it changes; the server sees the initial value', () => {
    const store = valueStore(0);
    let draws = 0;
    function Shown() {
      draws += 1;
      return <p>value {store.use()}</p>;
    }
    store.set(5);
    // The server (and a page's hydration) draws the initial value, whatever it is now.
    expect(renderToString(<Shown />)).toContain('value <!-- -->0');
    draws = 0;
    render(<Shown />);
    expect(screen.getByText('value 5')).toBeTruthy();
    act(() => store.set(7));
    expect(screen.getByText('value 7')).toBeTruthy();
    const before = draws;
    act(() => store.set(7));
    expect(draws).toBe(before);
    expect(store.get()).toBe(7);
  });
});
