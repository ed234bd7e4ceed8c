import type { CpuPerAnswer } from './cpu.ts';
import type { Measurement } from './measure.ts';

export const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Counts of several runs added up, key by key (nested counts too); undefined when a run has none. */
export const addUp = <T>(items: (T | undefined)[]): T | undefined => {
  if (items.some((item) => item === undefined)) return undefined;
  if (typeof items[0] === 'number') return items.reduce<number>((sum, item) => sum + (item as number), 0) as T;
  const keys = [...new Set(items.flatMap((item) => Object.keys(item as object)))];
  return Object.fromEntries(keys.map((key) => [key, addUp(items.map((item) => (item as Record<string, unknown>)[key] ?? 0))])) as T;
};

export type OverRounds = Measurement & { helloShare: number; each: Measurement[] };

/**
 * One route over the rounds: the median of each figure (CPU per answer too; its share of hello-world
 * within each round when the round's hello-world is given), the counts added up, every round kept.
 */
export function overRounds(all: Measurement[], hellos: Measurement[] = []): OverRounds {
  const first = all[0]!;
  const renders = addUp(all.map((m) => m.renders));
  const samples = addUp(all.map((m) => m.samples));
  const cpus = all.map((m) => m.cpu);
  const cpu: CpuPerAnswer | undefined = cpus.every((c) => c !== undefined)
    ? { server: median(cpus.map((c) => c.server)), postgres: median(cpus.map((c) => c.postgres)), total: median(cpus.map((c) => c.total)) }
    : undefined;
  return {
    ...first,
    requestsPerSecond: median(all.map((m) => m.requestsPerSecond)),
    mean: median(all.map((m) => m.mean)),
    p50: median(all.map((m) => m.p50)),
    p99: median(all.map((m) => m.p99)),
    total: all.reduce((n, m) => n + m.total, 0),
    non2xx: all.reduce((n, m) => n + m.non2xx, 0),
    errors: all.reduce((n, m) => n + m.errors, 0),
    timeouts: all.reduce((n, m) => n + m.timeouts, 0),
    ...(renders ? { renders } : {}),
    ...(samples ? { samples } : {}),
    ...(cpu ? { cpu } : {}),
    helloShare: median(hellos.map((h, i) => all[i]!.requestsPerSecond / h.requestsPerSecond)),
    each: all,
  };
}

/** ms of CPU per answer: server + PostgreSQL = total. */
export const cpuText = (cpu: CpuPerAnswer | undefined) => (cpu ? `${cpuMs(cpu.server)} + ${cpuMs(cpu.postgres)} = ${cpuMs(cpu.total)}` : '—');
export const cpuMs = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 1 ? 3 : 2) : '—');
export const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)}×` : '—');
