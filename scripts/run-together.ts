import { spawn } from 'node:child_process';

/**
 * `tsx scripts/run-together.ts a b`: runs the npm scripts a and b at the same time, each one's output
 * shown whole once it ends (so they do not interleave), and fails when any of them fails. The type
 * check and the lint each keep one core busy for most of a minute: side by side they take the longer.
 */
const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise<number>((resolve) => {
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(`> npm run ${name} (exit ${code})\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
