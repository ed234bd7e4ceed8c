import { describe, expect, test } from 'vitest';
import { queueGate } from './queue-gate.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('queueGate', () => {
  test('admits `limit` at once; the others wait and enter in arrival order as places free up', async () => {
    const gate = queueGate(2);
    const entered: number[] = [];
    const enter = (n: number) => gate.enter().then(() => entered.push(n));
    for (const n of [1, 2, 3, 4, 5]) void enter(n);
    await tick();
    expect(entered).toEqual([1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 3 });

    gate.leave();
    await tick();
    expect(entered).toEqual([1, 2, 3]);
    gate.leave();
    gate.leave();
    await tick();
    expect(entered).toEqual([1, 2, 3, 4, 5]);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });

    gate.leave();
    gate.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    await gate.enter();
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
  });
});
