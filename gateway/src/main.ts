import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { startGateway } from './start-gateway';

/** The gateway as its own process (distributed mode). */
const run = async () => {
  try {
    const gateway = await startGateway(process.env);
    const stop = async (signal: string) => {
      new Logger('gateway').log(`${signal} received, shutting down`);
      await gateway.close();
      process.exit(0);
    };
    process.once('SIGTERM', (s) => void stop(s));
    process.once('SIGINT', (s) => void stop(s));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
};

void run();
