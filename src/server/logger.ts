import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * The server's logger: one readable line per event in a terminal, JSON (one object a line, for log
 * collectors) when stdout is a file, a pipe or a container runtime's stream.
 */
export function createLogger(level: string, stdout: NodeJS.WriteStream = process.stdout): Logger {
  if (!stdout.isTTY) return stdout === process.stdout ? pino({ level }) : pino({ level }, stdout);
  return pino(
    { level },
    pretty({ destination: stdout, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }),
  );
}
