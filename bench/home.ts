// The page every parent opens: GET / (the public list rendered into the HTML, compressed, served from
// memory per listing version) against GET /api/partite/public (the same list as cached JSON) on the same
// data, in the same run, at 100 connections. Budget: / at least 50 % of the plain JSON list's requests/s.
// The JSON list twice, with the browser's Accept-Encoding (brotli from the cache entry's copy) and without
// (plain JSON): compressed under 15 KB per answer for 329 matches, at least the plain one's requests/s.
// Usage: npm run bench:home   (BENCH_MATCHES upcoming matches, default 329; BENCH_DURATION seconds per
// run, default 8; DATABASE_URL to use an external PostgreSQL, else an embedded one)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { benchServices, listen, openBench, runBench, seedCategories, teardown } from './harness';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 329);

async function run(name: string, url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, kb: r.throughput.average / r.requests.average / 1024 };
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_home_${process.pid}`);
  await seedCategories(pool);
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, terreno, tipo_gara)
     SELECT current_date + 1 + (i % 90), make_time(9 + i % 10, (i % 2) * 30, 0), make_time(11 + i % 10, 0, 0),
            'Garibaldina ' || (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4], 'Ospiti ' || (i % 41),
            (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4], 'Campo ' || (i % 13), i % 2 = 0, 'erba', 'campionato'
       FROM generate_series(1, $1) AS i`,
    [MATCHES],
  );
  // The page's template: the repository's index.html (the built one only adds script tags).
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-bench-home-'));
  fs.copyFileSync(path.resolve('index.html'), path.join(clientDir, 'index.html'));
  const services = benchServices();
  const app = await buildApp({ ...services, pool, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false, clientDir });
  const base = await listen(app);
  // What Chromium sends.
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const json = await run('GET /api/partite/public (JSON)', `${base}/api/partite/public`, {});
  const jsonBr = await run('GET /api/partite/public (JSON, br)', `${base}/api/partite/public`, browser);
  const home = await run('GET / (pagina con la lista, br)', `${base}/`, browser);

  console.log(`\nPartite in elenco: ${MATCHES}; ${CONNECTIONS} connessioni, ${DURATION_S} s per prova; "br": Accept-Encoding del browser (${browser['accept-encoding']})\n`);
  console.log('prova                                   req/s   p50 ms  p99 ms  errori   KB/risp');
  for (const r of [json, jsonBr, home]) {
    console.log(`${r.name.padEnd(38)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${r.kb.toFixed(1).padStart(9)}`);
  }
  const ratio = home.rps / json.rps;
  const homeOk = ratio >= 0.5 && home.errors === 0 && json.errors === 0;
  console.log(`\nGET / rispetto a GET /api/partite/public senza compressione (baseline): ${(ratio * 100).toFixed(0)} % -> ${homeOk ? 'OK' : 'SOTTO OBIETTIVO'} (>= 50 %)`);
  const smallOk = jsonBr.kb < 15 && jsonBr.errors === 0;
  console.log(`Lista JSON compressa: ${jsonBr.kb.toFixed(1)} KB per risposta (senza: ${json.kb.toFixed(1)} KB) -> ${smallOk ? 'OK' : 'OLTRE'} (< 15 KB)`);
  const fastOk = jsonBr.rps >= json.rps;
  console.log(`Lista JSON compressa: ${jsonBr.rps.toFixed(0)} req/s contro ${json.rps.toFixed(0)} senza (${((jsonBr.rps / json.rps) * 100).toFixed(0)} %) -> ${fastOk ? 'OK' : 'SOTTO OBIETTIVO'} (>= 100 %)`);
  if (!homeOk || !smallOk || !fastOk) process.exitCode = 1;

  fs.rmSync(clientDir, { recursive: true, force: true });
  await teardown({ db, pool, app, mailer: services.mailer });
}

runBench(main);
