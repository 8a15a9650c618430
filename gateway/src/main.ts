import 'reflect-metadata';
import { runUntilSignal } from '@labeldesk/nest-config';
import { startGateway } from './start-gateway';

/** The gateway as its own process (distributed mode). */
void runUntilSignal('gateway', () => startGateway(process.env));
