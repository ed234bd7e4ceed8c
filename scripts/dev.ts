import { spawn, type ChildProcess } from 'node:child_process';

// vite.config.ts serves on this port; the API trusts writes from it only when started from here.
const VITE_ORIGIN = 'http://localhost:5173';

// The API reloads on change (tsx watch); Vite serves the web app with hot reload and proxies /api.
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', DEV_WEB_ORIGIN: VITE_ORIGIN },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
