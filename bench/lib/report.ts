import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Table = { title?: string; head: string[]; rows: (string | number)[][] };

export function machine(databaseKind: string): string[] {
  const cpus = os.cpus();
  return [
    `date: ${new Date().toISOString()}`,
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}`,
    `node: ${process.version}`,
    `database: ${databaseKind}`,
  ];
}

export function markdownTable({ head, rows }: Table): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map((r) => line(r.map(String)))].join('\n');
}

/** Prints the report and writes it to bench/results/<name>.md. */
export function writeReport(name: string, command: string, about: string[], tables: Table[], notes: string[] = []): string {
  const text = [
    `# ${name}`,
    '',
    `Produced by \`${command}\`.`,
    '',
    ...about.map((a) => `- ${a}`),
    '',
    ...tables.flatMap((t) => [...(t.title ? [`## ${t.title}`, ''] : []), markdownTable(t), '']),
    ...notes.map((n) => `${n}\n`),
  ].join('\n');
  const file = path.resolve(import.meta.dirname, '../results', `${name}.md`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`\n${text}\nwritten to ${path.relative(process.cwd(), file)}`);
  return file;
}

/** How this run was started, quoted so that it can be pasted again. */
export function commandLine(script: string): string {
  const args = process.argv.slice(2).map((a) => (/^[\w./:=,-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`));
  return `npm run ${script}` + (args.length ? ` -- ${args.join(' ')}` : '');
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : '—');
export const perSecond = (n: number) => Math.round(n).toLocaleString('en-US');
