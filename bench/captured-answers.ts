import fs from 'node:fs';

/** One benchmarked route's answer as run.ts captured it from the real endpoint, for the baselines to send. */
export interface CapturedAnswer {
  status: number;
  headers: [string, string][];
  body: string; // base64
}

/** The captured answers in `file`, by `METHOD /path`, their bodies decoded once. */
export function readCapturedAnswers(file: string): Map<string, { status: number; headers: [string, string][]; body: Buffer }> {
  const captured = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, CapturedAnswer>;
  return new Map(Object.entries(captured).map(([route, a]) => [route, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') }]));
}
