import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The cluster bench's share-nothing baseline: an HTTP server with no database, no cache and
 * nothing shared with any other process, answering every request with the same body after the
 * same amount of JavaScript work per answer as the server it stands beside. Two of these behind
 * nginx, against one, is what this machine gives a server that scales perfectly.
 *
 * `tsx bench/share-nothing-server.ts <port> <body file>`; `POST /__work?us=N` sets the work per
 * answer (serializing the answer again and again for about N µs of CPU).
 */
const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const answer = JSON.parse(body.toString()) as unknown;

/** How many serializations of the answer take a microsecond of CPU, measured at start. */
function serializationsPerMicrosecond(): number {
  const started = process.cpuUsage();
  let n = 0;
  do {
    JSON.stringify(answer);
    n++;
  } while (n < 50 || process.cpuUsage(started).user < 200_000);
  const used = process.cpuUsage(started);
  return n / (used.user + used.system);
}

const rate = serializationsPerMicrosecond();
/** Serializations per answer; a fraction carries over to the next answer. */
let serializations = 0;
let owed = 0;

createServer((req, res) => {
  if (req.method === 'POST' && req.url?.startsWith('/__work')) {
    const us = Number(new URL(req.url, 'http://x').searchParams.get('us'));
    serializations = Math.max(0, us * rate);
    res.end('ok');
    return;
  }
  for (owed += serializations; owed >= 1; owed--) JSON.stringify(answer);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.byteLength });
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
