import { Logger, type LogLevel } from 'graphile-worker';

/** What graphile-worker says: into a line-writer of ours (the app's log), or nowhere. */
export function jobLogger(write?: (level: LogLevel, message: string) => void): Logger {
  return new Logger(() => (level, message) => write?.(level, message));
}

export const quietJobLogger = jobLogger();
