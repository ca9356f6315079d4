import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { readCapturedAnswers } from './captured-answers.ts';

/**
 * The framework's own floor: Fastify with one log line a request, written asynchronously to standard
 * output as the app writes its own, answering each benchmarked route with the bytes the real endpoint
 * gave (the captured answers bench/bare-server.ts sends too). Its ratio to bare node:http, printed
 * beside the app's, is the most any server built on Fastify that logs each request can reach on this
 * machine in that run. Nothing else: no hook, validation, cache or plugin.
 *
 * Run as its own process, like the app: `tsx bench/bare-fastify-server.ts <captured.json> [port]`.
 */

const [file, portArg] = process.argv.slice(2);

const app = Fastify({
  logger: { level: 'info', stream: pino.destination({ dest: 1, sync: false }) },
  // Fastify's own two lines a request off, as the app has them: the hook below writes the one line.
  logController: new LogController({ disableRequestLogging: true }),
});
app.addHook('onResponse', (req, reply, done) => {
  req.log.info({ method: req.method, route: req.routeOptions.url, status: reply.statusCode, ms: reply.elapsedTime }, 'request');
  done();
});
for (const [route, answer] of readCapturedAnswers(file!)) {
  const [method, url] = route.split(' ') as [string, string];
  const headers = Object.fromEntries(answer.headers);
  app.route({
    method,
    url,
    handler: (_req, reply) => {
      void reply.status(answer.status).headers(headers).send(answer.body);
    },
  });
}

const address = await app.listen({ port: Number(portArg ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
