import 'reflect-metadata';
import { runAsProcess } from '@labeldesk/nest-service';
import { paymentsService } from './service';

void runAsProcess(paymentsService);
