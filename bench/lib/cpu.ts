import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU time spent in one load window, in ms per answer: the server's process and its PostgreSQL backends. */
export type CpuPerAnswer = { server: number; postgres: number; total: number };

type Sample = { server: number; backends: Map<number, number> };

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * utime + stime of a whole process (all its threads: fields 14 and 15 of /proc/<pid>/stat), in ms;
 * undefined once it is gone. The fields are counted after the command's closing parenthesis, since
 * the command itself may hold spaces.
 */
export function processCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime (14) and stime (15) are fields[11] and fields[12].
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * Reads the CPU of a server process and of the PostgreSQL backends connected to its database, before
 * and after a load window. The backends are found in pg_stat_activity by the database's name (this
 * connection's own backend left out), so another engineer's database on the same PostgreSQL is never
 * counted; PostgreSQL runs on this machine, its processes' /proc entries readable. A backend that
 * opened during the window counts from 0 (its start-up included); one that closed during it is lost
 * (the pool keeps its connections under load, so none closes). Each reading waits for the server to
 * settle first, so a window holds the whole work of the requests sent in it, and no other.
 */
export async function cpuMeter(serverPid: number, databaseUrl: string | undefined) {
  const database = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : undefined;
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await client?.connect();
  const backendPids = async (): Promise<number[]> => {
    if (!client) return [];
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    return rows.map((r) => r.pid);
  };
  const sample = async (): Promise<Sample> => {
    const pids = await backendPids();
    const backends = new Map<number, number>();
    for (const pid of pids) {
      const used = processCpuMs(pid);
      if (used !== undefined) backends.set(pid, used);
    }
    const server = processCpuMs(serverPid);
    if (server === undefined) throw new Error(`the server process ${serverPid} is gone`);
    return { server, backends };
  };
  return {
    sample,
    /**
     * Waits (10 s at most) until the server's process has spent under 3 ms of CPU in 100 ms: the requests
     * still in flight, such as those a warm-up gave up on, are done, and none of their work falls in the
     * next window.
     */
    async settle() {
      let last = processCpuMs(serverPid) ?? 0;
      for (const until = Date.now() + 10_000; Date.now() < until;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const now = processCpuMs(serverPid) ?? 0;
        if (now - last < 3) return;
        last = now;
      }
    },
    /** ms per answer between two samples. */
    perAnswer(before: Sample, after: Sample, answers: number): CpuPerAnswer {
      const server = after.server - before.server;
      let postgres = 0;
      for (const [pid, used] of after.backends) postgres += used - (before.backends.get(pid) ?? 0);
      const per = (n: number) => (answers > 0 ? n / answers : Number.NaN);
      return { server: per(server), postgres: per(postgres), total: per(server + postgres) };
    },
    close: async () => void (await client?.end()),
  };
}

export type CpuMeter = Awaited<ReturnType<typeof cpuMeter>>;
