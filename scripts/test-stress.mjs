// `npm run test:stress`: the whole `npm test` with a CPU load of 2 beside it (two busy processes, what
// `stress-ng --cpu 2` does, with nothing to install), to show that the suite waits for what it checks
// and not for time. STRESS_CPUS changes the load; a command after `--` replaces `npm test`, e.g.
// `npm run test:stress -- npx jest e2e/clashes.e2e.test.ts`.
import { spawn } from 'node:child_process';
import os from 'node:os';

const cpus = Number(process.env.STRESS_CPUS ?? 2);
const command = process.argv.slice(2);
const [cmd, ...args] = command.length > 0 ? command : ['npm', 'test'];

const burners = Array.from({ length: cpus }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

console.log(`test:stress: ${cpus} processi occupano la CPU; eseguo: ${[cmd, ...args].join(' ')}`);
const started = Date.now();
const test = spawn(cmd, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    test.kill(signal);
    stopBurners();
  });
}
test.on('exit', (code, signal) => {
  stopBurners();
  console.log(`test:stress: fine in ${Math.round((Date.now() - started) / 1000)} s, carico medio (1, 5, 15 min): ${load()}`);
  process.exit(code ?? (signal ? 1 : 0));
});
