import 'reflect-metadata';
import { runAsProcess } from '@labeldesk/nest-service';
import { ordersService } from './service';

void runAsProcess(ordersService);
