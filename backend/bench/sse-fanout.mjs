// `make bench` — SSE fan-out: N clients on one backend; time from an admin status change to the
// last client's new snapshot (median, p95), and the backend's resident memory. The same
// measurement with 1 client in the same run is the baseline.
import { Agent, get } from 'node:http';
import { readSnapshots, rssMiB, sized, sleep, startBackend, withDatabase } from './support.mjs';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? sized(2000, 20));
const CHANGES = Number(process.env.BENCH_SSE_CHANGES ?? sized(20, 2));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Opens `count` stream clients; resolves once each has its first snapshot. */
async function connectClients(url, count) {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const clients = [];
  const opened = [];
  for (let i = 0; i < count; i++) {
    const client = { snapshots: 0, lastAt: 0, waiters: [] };
    opened.push(
      new Promise((ready, fail) => {
        const request = get(`${url}/api/qr/available/stream`, { agent }, (response) => {
          client.response = response;
          readSnapshots(response, () => {
            client.snapshots += 1;
            client.lastAt = performance.now();
            if (client.snapshots === 1) ready();
          });
        });
        request.on('error', fail);
      }),
    );
    clients.push(client);
    if (i % 200 === 199) await sleep(20); // do not flood the accept queue
  }
  await Promise.all(opened);
  return { clients, close: () => clients.forEach((c) => c.response.destroy()) };
}

async function measure(url, token, codes, count, pid) {
  const { clients, close } = await connectClients(url, count);
  const latencies = [];
  for (let i = 0; i < CHANGES; i++) {
    const code = codes[i % codes.length];
    const expected = clients.map((c) => c.snapshots + 1);
    const status = i % 2 === 0 ? 'disabled' : 'unused';
    const started = performance.now();
    const response = await fetch(`${url}/api/admin/qr/${code.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    if (!response.ok) throw new Error(`PATCH ${status}: ${response.status}`);
    while (clients.some((c, j) => c.snapshots < expected[j])) await sleep(1);
    latencies.push(Math.max(...clients.map((c) => c.lastAt)) - started);
    if (i % 2 === 0) codes.push(codes.shift()); // next change re-enables the same code
  }
  const rss = rssMiB(pid);
  close();
  return { median: percentile(latencies, 50), p95: percentile(latencies, 95), rss };
}

async function main() {
  await withDatabase('bench_sse', async (databaseUrl) => {
    // The fan-out itself is measured: the stream caps and lifetime, which would refuse or end these
    // clients (all from one address, none reconnecting), are lifted.
    const { child, url, token, stop } = await startBackend(databaseUrl, {
      STREAM_MAX_CLIENTS: String(CLIENTS + 1),
      STREAM_MAX_PER_ADDRESS: String(CLIENTS + 1),
      STREAM_LIFETIME_SECONDS: '86400',
    });
    try {
      const generated = await fetch(`${url}/api/admin/qr`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ count: 600 }),
      });
      const codes = (await generated.json()).items.filter((c) => Number(c.serialNumber) >= 500).slice(0, 4);

      const rssIdle = rssMiB(child.pid);
      const baseline = await measure(url, token, [...codes], 1, child.pid);
      const fanout = await measure(url, token, [...codes], CLIENTS, child.pid);
      const fmt = (ms) => `${ms.toFixed(1)} ms`;
      console.log(`SSE fan-out (${CHANGES} admin changes each, 100 codes per snapshot)`);
      console.log(`  1 client (baseline):  median ${fmt(baseline.median)}, p95 ${fmt(baseline.p95)}`);
      console.log(`  ${CLIENTS} clients:         median ${fmt(fanout.median)}, p95 ${fmt(fanout.p95)}`);
      console.log(
        `  ratio ${CLIENTS}/1:         median x${(fanout.median / baseline.median).toFixed(1)}, p95 x${(fanout.p95 / baseline.p95).toFixed(1)}`,
      );
      console.log(
        `  backend RSS: ${rssIdle.toFixed(0)} MiB idle, ${fanout.rss.toFixed(0)} MiB with ${CLIENTS} clients connected`,
      );
    } finally {
      await stop();
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
