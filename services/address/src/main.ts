import 'reflect-metadata';
import { runAsProcess } from '@labeldesk/nest-service';
import { addressService } from './service';

void runAsProcess(addressService);
