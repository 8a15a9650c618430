import 'reflect-metadata';
import { runAsProcess } from '@labeldesk/nest-service';
import { pricingService } from './service';

void runAsProcess(pricingService);
