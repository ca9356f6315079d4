import http from 'node:http';
import { readCapturedAnswers } from './captured-answers.ts';

/**
 * The baseline: a bare node:http server that answers each benchmarked route with the bytes the
 * real endpoint gave (status, headers and body captured by run.ts), so that the ratio measures
 * what the app does per request and nothing else. Run as its own process, like the app.
 */
const [file, portArg] = process.argv.slice(2);
const answers = readCapturedAnswers(file!);

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
