import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline: a bare node:http server that answers each benchmarked route with the bytes the
 * real endpoint gave (status, headers and body captured by run.ts), so that the ratio measures
 * what the app does per request and nothing else. Run as its own process, like the app.
 */
export interface CapturedAnswer {
  status: number;
  headers: [string, string][];
  body: string; // base64
}

const [file, portArg] = process.argv.slice(2);
const captured = JSON.parse(fs.readFileSync(file!, 'utf8')) as Record<string, CapturedAnswer>;
const answers = new Map(
  Object.entries(captured).map(([route, a]) => [route, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') }]),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url!.split('?')[0]}`);
  // Read the request body to its end, as the app does, before answering.
  req.resume();
  req.on('end', () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.statusCode = answer.status;
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.setHeader('content-length', answer.body.length);
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`listening ${port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
