import { buildServer } from './processes.ts';

/**
 * The processes project's global setup: the server compiled once, so that every app these tests
 * start is the build operators run, and none spends seconds compiling TypeScript on its start.
 */
export default function setup() {
  buildServer();
}
